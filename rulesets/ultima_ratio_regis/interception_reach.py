"""Who may intercept a move and from where (TYPES DE CHEF, 'Décidé'): one troop from a
zone next to the one entered; a stack led by a Decisive leader with more than one troop,
from up to 2 zones away (A-14; the option `troops` keeps his range at 1). At sea
('Opérations navales (mouvement, interception) 2D'): a fleet in a sea next to the one
entered, or in a port on it (reconstructed range)."""

from __future__ import annotations

from rulesets.ultima_ratio_regis.board import (
    enemies,
    fortress,
    land_within,
    leader_types,
    squadrons,
    troops,
)
from rulesets.ultima_ratio_regis.options import option
from rulesets.ultima_ratio_regis.state import UrrState, game_data

RANGE = 1
DECISIVE_RANGE = 2


def decisive_range(state: UrrState) -> int:
    return DECISIVE_RANGE if option(state.options, "decisive_interception") == "both" else RANGE


def interception_sources(state: UrrState, defender: str, area: str) -> list[tuple[str, int]]:
    """(zone, most troops that may go) for each stack of `defender` able to intercept a move
    into `area`; a garrison under siege stays in its fortress."""
    near = land_within(state, area, RANGE)
    sources = []
    for zone in sorted(land_within(state, area, decisive_range(state))):
        stack = troops(state, defender, zone)
        fort = fortress(state, zone)
        if not stack or (fort is not None and fort.power == defender and fort.besieger):
            continue
        if "decisive" in leader_types(state, defender, zone):
            sources.append((zone, len(stack)))
        elif zone in near:
            sources.append((zone, 1))
    return sources


def naval_sources(state: UrrState, defender: str, sea: str) -> list[str]:
    """The seas next to `sea`, and the ports on it, where `defender` has active squadrons."""
    return [
        area
        for area, kind in game_data(state).neighbours(sea)
        if kind in ("sea", "coast") and squadrons(state, defender, area)
    ]


def naval_interceptors(state: UrrState, power: str, sea: str) -> list[str]:
    """The enemies of `power` able to intercept its fleet entering `sea`, in order."""
    return [foe for foe in enemies(state, power) if naval_sources(state, foe, sea)]
