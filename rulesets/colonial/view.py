"""What each seat may see: everything on the table (A34), and its own programme only."""

from __future__ import annotations

from typing import Any

from rulesets.colonial.board import data, monopolies, order, track_value
from rulesets.colonial.data import TRACKS
from rulesets.colonial.state import ColonialState


def view_for(state: ColonialState, seat: str | None) -> dict[str, Any]:
    public: dict[str, Any] = {
        "turn": state.turn,
        "phase": state.phase,
        "round": state.round,
        "first": state.first,
        "order": order(state) if state.first else list(state.seats),
        "ignored": list(state.ignored),
        "territories": {
            tid: {
                "prestige": terr.prestige,
                "stacks": [list(stack) for stack in terr.stacks],
                "resources": list(data(state).territory(tid).resources),
                "colony": terr.colony,
                "independent": terr.independent,
                "unrest": terr.unrest,
                "missions": terr.missions,
            }
            for tid, terr in state.territories.items()
        },
        "players": {s: _board(state, s) for s in state.seats},
        "revealed": {s: list(cards) for s, cards in state.revealed.items()},
        "ready": [s for s, p in state.programmes.items() if p.confirmed],
        "commitments": dict(state.commitments),
        "circumnavigation": state.circumnavigation,
        "discovery": state.discovery,
        "america_discovered": state.america_discovered,
        "abolition": state.abolition,
        "boomtown": state.boomtown,
        "boomtown_value": state.boomtown_value,
        "war": state.war.model_dump() if state.war else None,
        "winner": state.winner,
        "finished": state.finished,
    }
    if seat is not None and seat in state.programmes:
        public["you"] = {"seat": seat, "programme": list(state.programmes[seat].cards)}
    return public


def _board(state: ColonialState, seat: str) -> dict[str, Any]:
    p = state.players[seat]
    return {
        "treasury": p.treasury,
        "fleets": p.fleets,
        "squadrons": p.squadrons,
        "unrest": p.unrest,
        "prestige": p.prestige,
        "loans": list(p.loans),
        "goods": p.goods,
        "corsairs": dict(p.corsairs),
        "diplomacy": p.diplomacy,
        "tracks": {track: track_value(state, seat, track) for track in TRACKS},
        "monopolies": monopolies(state, seat),
        "nation": p.nation,
        "in_revolution": p.in_revolution,
    }
