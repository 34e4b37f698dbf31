"""A sensible choice for an absent seat, per prompt kind: pay what is owed, pay a deficit
with what the list offers first, fight colonial combats, and otherwise close the window."""

from __future__ import annotations

from typing import Any

from rulesets.core import IllegalAction, Prompt
from rulesets.pax_britannica.state import PaxState


def choose(prompts: list[Prompt], state: PaxState, seat: str, pick: int) -> dict[str, Any]:
    mine = [p for p in prompts if p.seat == seat]
    if not mine:
        raise IllegalAction("core.error.not_your_turn", seat=seat)
    prompt = mine[0]
    if prompt.kind.startswith("menu_"):
        return prompt.choices[0].instantiate()  # back to the top of the window
    if prompt.kind == "movement":
        done = [c for c in prompt.choices if c.kind == "done"]
        owed = [c for c in prompt.choices if c.kind in ("buy_unit", "place_marker")]
        if owed:
            return owed[pick % len(owed)].instantiate()
        return (done or prompt.choices)[0].instantiate()
    return prompt.choices[0].instantiate()
