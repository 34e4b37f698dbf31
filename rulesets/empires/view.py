"""What leaves the engine: the public view, and a seat's view (its own prompts' context).

Influence cards lie face up in the rules, so they are public. The order of the face-down
hourglass tiles (and the tile removed in the nine-decade game) is never shown to anyone:
only the tiles revealed so far and the multiset still to come.
"""

from __future__ import annotations

from typing import Any

from rulesets.empires.flags import flag_count
from rulesets.empires.production import crowns
from rulesets.empires.state import EmpiresState

UNIT_KINDS = ("infantry", "artillery", "two_master", "three_master")


def _regions(state: EmpiresState) -> dict[str, Any]:
    board = state.board()
    regions: dict[str, Any] = {}
    for region in board.region_ids:
        units: dict[str, dict[str, int]] = {}
        for unit in state.units_in(region):
            counts = units.setdefault(unit.empire, dict.fromkeys(UNIT_KINDS, 0))
            counts[unit.kind] += 1
        spec = board.regions[region]
        entry: dict[str, Any] = {
            "kind": spec.kind,
            "owner": spec.owner,
            "units": units,
            "flag": state.flags.get(region),
            "palace": spec.owner if region in state.palaces else None,
            "x": spec.x,
            "y": spec.y,
        }
        if spec.kind == "city":
            upgraded = state.cities.get(region)
            entry["city_tile"] = None if upgraded is None else ("upgraded" if upgraded else "basic")
            entry["palace_crowns"] = state.palaces.get(region, 0)
            entry["occupied_by"] = state.occupier(region)
            entry["port"] = board.is_port(region)
        regions[region] = entry
    return regions


def public_view(state: EmpiresState) -> dict[str, Any]:
    board = state.board()
    active_seat = (
        state.turn_owner() if state.phase not in ("over", "draft") and state.order else None
    )
    if state.tile is not None:
        active_seat = None
    remaining = sorted(state.timetrack + ([state.removed_tile] if state.removed_tile else []))
    scores = dict(state.final_scores) if state.finished else None
    return {
        "decade": state.decade,
        "decades": state.decades,
        "phase": state.phase,
        "active_seat": active_seat,
        "active_empire": state.active_empire,
        "decider": state.decider,
        "option": state.option,
        "action": state.action,
        "start_player": state.start_player,
        "order": list(state.order),
        "monarchs": dict(state.monarchs),
        "empires": {
            e: {
                "power": state.power[e],
                "flags": flag_count(state, e),
                "crowns": crowns(state, e),
                "acted": e in state.acted,
                "markers": dict(state.markers[e]),
                "stack": list(state.stacks[e]),
                "stock": {k: state.stock(e, k) for k in UNIT_KINDS},
                "flags_left": state.flags_left(e),
                "city_tiles_left": state.city_tiles_left(e),
                "palace_tiles_left": state.palace_tiles_left(e),
            }
            for e in board.empire_order
        },
        "regions": _regions(state),
        "players": {
            seat: {
                "score": scores.get(seat) if scores else None,
                "position": state.position_of(seat) if state.order else None,
                "influence_public": {
                    "cards": list(state.hands.get(seat, [])),
                    "totals": {e: state.influence(seat, e) for e in board.empire_order},
                },
            }
            for seat in state.seats
        },
        "workers": list(state.workers),
        "time_track": {
            "revealed": list(state.revealed),
            "unrevealed_count": len(state.timetrack),
            # Which tiles may still come, never in which order (nor which one was removed).
            "unrevealed_tiles": remaining,
        },
        "distribution_card": state.distribution_card,
        "ranking": list(state.ranking) if state.finished else None,
        "winners": list(state.winners) if state.finished else None,
        "scores": scores,
    }


def seat_view(state: EmpiresState, seat: str) -> dict[str, Any]:
    view = public_view(state)
    view["you"] = {
        "seat": seat,
        "position": state.position_of(seat) if state.order else None,
        "monarchs": [e for e, s in state.monarchs.items() if s == seat],
    }
    return view
