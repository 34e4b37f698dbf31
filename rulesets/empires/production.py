"""What a city region can put on the board now (units with the stock-exhaustion exception,
palaces), and the crowns it shows."""

from __future__ import annotations

from rulesets.empires.state import EmpiresState

# Least valuable first: the unit an absent player gives up, or sends to strike back.
UNIT_VALUE_ORDER = ("infantry", "two_master", "artillery", "three_master")
STANDARD_MAX, CAPITAL_MAX = 2, 3  # crowns a palace may show: three only in the capital
# When a type runs out, the weaker type of the same domain may be deployed instead.
SUBSTITUTE = {"artillery": "infantry", "three_master": "two_master"}


def produced_kind(state: EmpiresState, region: str) -> str | None:
    """The unit the city's tile shows, None without a tile."""
    if state.board().owner[region] is None or region not in state.cities:
        return None
    return state.board().produces(region, state.cities[region])


def substitute_for(state: EmpiresState, region: str) -> str | None:
    """The weaker unit a player may choose to deploy instead, once the city's own unit is
    out of stock (« les joueurs peuvent choisir de déployer de l'infanterie plutôt que de
    l'artillerie »); None when no substitution is possible."""
    kind = produced_kind(state, region)
    owner = state.board().owner[region]
    if kind is None or owner is None or state.stock(owner, kind) > 0:
        return None
    substitute = SUBSTITUTE.get(kind)
    if substitute is None or state.stock(owner, substitute) <= 0:
        return None
    return substitute


def deployable_kind(state: EmpiresState, region: str, substitute: bool = False) -> str | None:
    """The unit the city deploys now: its own while in stock, else its substitute when the
    player chose to substitute; None if nothing can be placed there."""
    kind = produced_kind(state, region)
    owner = state.board().owner[region]
    if kind is None or owner is None:
        return None
    if state.stock(owner, kind) > 0:
        return kind
    return substitute_for(state, region) if substitute else None


def producing_cities(state: EmpiresState, empire: str) -> list[str]:
    """Own city regions with a tile and without a foreign unit: where deployment may go."""
    return [
        region
        for region in state.board().cities_of[empire]
        if region in state.cities and not state.has_foreign_unit(region, empire)
    ]


def city_crowns(state: EmpiresState, region: str) -> int:
    upgraded = state.cities.get(region)
    if upgraded is None:
        return 0
    if state.options.get("city_tile_crowns", "0/1") == "1/1":
        return 1
    return 1 if upgraded else 0


def crowns(state: EmpiresState, empire: str) -> int:
    """Crowns on city and palace tiles in the empire's unoccupied city regions."""
    return sum(
        city_crowns(state, region) + state.palaces.get(region, 0)
        for region in state.board().cities_of[empire]
        if not state.is_occupied(region)
    )


def palace_options(state: EmpiresState) -> list[str]:
    """The active empire's unoccupied cities where a palace may be built or enlarged."""
    empire = state.active_empire
    assert empire is not None
    board = state.board()
    options = []
    for region in board.cities_of[empire]:
        if state.is_occupied(region):
            continue
        current = state.palaces.get(region)
        if current is None:
            if state.palace_tiles_left(empire) > 0:
                options.append(region)
        elif current < (CAPITAL_MAX if region in board.capitals else STANDARD_MAX):
            options.append(region)
    return options
