"""What each seat may see: the whole board is public (A-51); a hand only to its owner;
the undealt deck to nobody."""

from __future__ import annotations

from typing import Any

from rulesets.ultima_ratio_regis.minor_forces import commander, is_minor
from rulesets.ultima_ratio_regis.state import UrrState, acting_seat, game_data, referee


def view_for(state: UrrState, seat: str | None) -> dict[str, Any]:
    public: dict[str, Any] = {
        "ruleset": state.ruleset,
        "phase": state.phase,
        "turn": state.turn,
        "impulse": state.impulse,
        "step": state.step,
        "eot_step": state.eot_step,
        "referee": referee(state),
        "order": list(state.order),
        "acting": acting_seat(state) if state.order and state.phase == "impulse" else None,
        "actions_left": state.actions_left,
        "powers": {k: v.model_dump(mode="json") for k, v in state.powers.items()},
        "control": dict(state.control),
        "units": [u.model_dump(mode="json") for u in state.units if u.power in state.powers],
        "minor_units": [u.model_dump(mode="json") for u in state.units if is_minor(state, u.power)],
        "minor_commanders": {m: commander(state, m) for m in state.minor_allies},
        "minor_losses": dict(state.minor_losses),
        "leaders": [x.model_dump(mode="json") for x in state.leaders],
        "fortresses": [f.model_dump(mode="json") for f in state.fortresses],
        "merchants": [m.model_dump(mode="json") for m in state.merchants],
        "interrupted": list(state.interrupted),
        "wars": [w.model_dump(mode="json") for w in state.wars],
        "alliances": [list(pair) for pair in state.alliances],
        "minor_allies": dict(state.minor_allies),
        "hand_sizes": {s: len(cards) for s, cards in state.hands.items()},
        "combat": state.combat.model_dump(mode="json") if state.combat else None,
        "suspended": state.suspended.model_dump(mode="json") if state.suspended else None,
        "last_combat": state.last_combat.model_dump(mode="json") if state.last_combat else None,
        "question": state.question.model_dump(mode="json") if state.question else None,
        "pending_move": state.pending_move.model_dump(mode="json") if state.pending_move else None,
        "war_end": state.war_end.model_dump(mode="json") if state.war_end else None,
        "finished": state.finished,
        "final_scores": dict(state.final_scores),
    }
    if state.custom_data is not None:
        public["map_data"] = _map_data(state)
    if seat is not None and seat in state.hands:
        public["hand"] = list(state.hands[seat])
    return public


def _map_data(state: UrrState) -> dict[str, Any]:
    """A group's own board for its map: zones with their coordinates, links, minor powers
    and powers' colours (never its deck)."""
    data = game_data(state)
    zone_fields = {"id", "kind", "terrain", "key", "x", "y"}
    return {
        "zones": [zone.model_dump(mode="json", include=zone_fields) for zone in data.zones],
        "links": [link.model_dump(mode="json", include={"a", "b", "kind"}) for link in data.links],
        "minors": [{"id": minor.id, "zones": list(minor.zones)} for minor in data.minors],
        "powers": [{"id": power.id, "colour": power.colour} for power in data.powers],
    }
