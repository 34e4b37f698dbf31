"""A sensible stand-in for an absent player: simple greedy preferences over legal choices."""

from __future__ import annotations

from typing import Any

from rulesets.core import Choice, IllegalAction, Ruleset
from rulesets.empires.production import UNIT_VALUE_ORDER, crowns
from rulesets.empires.state import EmpiresState


def _score(state: EmpiresState, seat: str, choice: Choice) -> float:
    action = choice.action
    kind = action["type"]
    board = state.board()
    if kind in ("choose_empire", "take_influence", "draft_pick", "take_worker"):
        empire = action["empire"]
        # Back the empires we already own a share of, and the strong ones.
        return state.influence(seat, empire) + state.power.get(empire, 0) / 10
    if kind == "choose_action":
        empire = state.active_empire or ""
        flags = sum(1 for owner in state.flags.values() if owner == empire)
        # Cash in whichever pays more now; otherwise expand, which pays later.
        weights = {
            "empire": flags,
            "palace": crowns(state, empire) + 1,
            "move_fight": 4,
            "attack": 3,
            "build_deploy": 3,
        }
        return weights.get(action["action"], 0)
    if kind == "answer_passage":
        mover = state.unit(state.pending_move.unit).empire if state.pending_move else ""
        blocker = state.pending_move.empire if state.pending_move else ""
        return (
            1
            if action["grant"] == (state.influence(seat, mover) >= state.influence(seat, blocker))
            else 0
        )
    if kind in ("sail_to", "march_to"):
        region = str(action.get("region") or action.get("to"))
        gain = (
            2
            if board.kind[region] != "city" and state.flags.get(region) != state.active_empire
            else 0
        )
        fight = any(u.empire != state.active_empire for u in state.units_in(region))
        return gain - (1.5 if fight else 0) + 0.5
    if kind in ("end_moves", "stay", "skip_compensation"):
        return 0.3
    if kind == "compensate":
        owner = board.owner[action["region"]] or ""
        return state.influence(seat, owner)
    if kind == "remove_unit":
        return -UNIT_VALUE_ORDER.index(action["kind"])
    return 1.0


def choose(
    ruleset: Ruleset[EmpiresState], state: EmpiresState, seat: str, pick: int
) -> dict[str, Any]:
    prompts = [p for p in ruleset.prompts(state) if p.seat == seat and p.choices]
    if not prompts:
        raise IllegalAction("core.error.not_your_turn", seat=seat)
    prompt = prompts[0]
    scored = [(_score(state, seat, c), i, c) for i, c in enumerate(prompt.choices)]
    best = max(score for score, _, _ in scored)
    top = [c for score, _, c in scored if score == best]
    return top[pick % len(top)].instantiate()
