"""The opening: Prestige on the Territories and in the two boxes, each nation board, the
First Player at random (who discards 1 Treasury), the continents of a 2- or 3-player game,
and the Nation cards when that variant is played."""

from __future__ import annotations

from typing import Any

from rulesets.colonial.board import Ctx, data, order
from rulesets.colonial.data import CONTINENTS, parse_data
from rulesets.colonial.state import ColonialState, PlayerState, TerritoryState
from rulesets.core import IllegalAction

NATION_PLAYERS = 5


def new_state(base: dict[str, Any], raw: dict[str, Any] | None) -> ColonialState:
    custom = parse_data(raw) if raw is not None else None
    return ColonialState(**base, custom_data=custom)


def rolled_continent(ctx: Ctx, chosen: str) -> str:
    """A chosen continent, or the die: 1-2 America, 3-4 Africa, 5-6 Asia-Oceania."""
    if chosen != "roll":
        return chosen
    return CONTINENTS[(ctx.roll() - 1) // 2]


def setup_game(ctx: Ctx) -> None:
    state = ctx.state
    rules = data(state).rules
    if state.options.get("nations") and len(state.seats) > NATION_PLAYERS:
        raise IllegalAction("col.error.nations_players", most=NATION_PLAYERS)
    if len(state.seats) > NATION_PLAYERS and not state.options.get("six_players"):
        # A01: the spec plays 2 to 5; the box's sixth set of cards is the option's.
        raise IllegalAction("col.error.six_players", most=NATION_PLAYERS)
    state.territories = {
        t.id: TerritoryState(prestige=t.prestige, stacks=[[] for _ in t.resources])
        for t in data(state).territories
    }
    spaces = int(state.options.get("diplomacy_spaces", rules.diplomacy_spaces))
    for seat in state.seats:
        state.players[seat] = PlayerState(
            treasury=rules.starting_treasury,
            fleets=rules.starting_fleets,
            squadrons=rules.starting_squadrons,
            diplomacy=min(rules.diplomacy_start, spaces),
        )
    state.circumnavigation = rules.circumnavigation_prestige
    state.discovery = rules.discovery_prestige
    state.first = ctx.dice.choose(list(state.seats))
    state.players[state.first].treasury -= 1
    ctx.emit("col.event.first_player", seat=state.first, monopolies=0)
    _continents(ctx)
    if state.options.get("nations"):
        state.picking = list(reversed(order(state)))
        ctx.enter("nation_pick")
        return
    ctx.enter("programme")


def _continents(ctx: Ctx) -> None:
    state = ctx.state
    if len(state.seats) == 2:
        kept = rolled_continent(ctx, str(state.options.get("two_player_continent", "roll")))
        state.ignored = [c for c in CONTINENTS if c != kept]
        if kept == "america":
            state.discovery = 0  # the Discovery of America rule does not apply
        ctx.emit("col.event.continent_kept", continent=kept)
    elif len(state.seats) == 3:
        out = rolled_continent(ctx, str(state.options.get("three_player_ignored", "roll")))
        state.ignored = [out]
        ctx.emit("col.event.continent_ignored", continent=out)
