"""A sensible choice for an absent seat, per prompt kind: pay what is owed, take the new
merchant fleets (to a sea beside its own areas), pay a deficit with what the list offers
first, fight colonial combats, and otherwise close the window."""

from __future__ import annotations

from typing import Any

from rulesets.core import Choice, IllegalAction, Prompt
from rulesets.pax_britannica.state import PaxState, game_data


def _fleet_value(state: PaxState, choice: Choice) -> int:
    """How many of the power's own markers border the sea a new fleet would go to."""
    power = str(choice.action["power"])
    coast = set(game_data(state).coast(str(choice.action["sea"])))
    return sum(1 for m in state.markers if m.power == power and m.area in coast)


def choose(prompts: list[Prompt], state: PaxState, seat: str, pick: int) -> dict[str, Any]:
    mine = [p for p in prompts if p.seat == seat]
    if not mine:
        raise IllegalAction("core.error.not_your_turn", seat=seat)
    prompt = mine[0]
    if prompt.kind == "menu_fleets":
        takes = [c for c in prompt.choices if c.kind == "take_fleet"]
        if takes:
            return max(takes, key=lambda c: _fleet_value(state, c)).instantiate()
        return prompt.choices[0].instantiate()
    if prompt.kind.startswith("menu_"):
        return prompt.choices[0].instantiate()  # back to the top of the window
    if prompt.kind == "movement":
        owed = [c for c in prompt.choices if c.kind in ("buy_unit", "place_marker")]
        if owed:
            return owed[pick % len(owed)].instantiate()
        fleets = [
            c
            for c in prompt.choices
            if c.action.get("menu") == "fleets"
            and state.powers[str(c.action["power"])].fleets_to_take > 0
        ]
        if fleets:
            return fleets[0].instantiate()
        done = [c for c in prompt.choices if c.kind == "done"]
        return (done or prompt.choices)[0].instantiate()
    return prompt.choices[0].instantiate()
