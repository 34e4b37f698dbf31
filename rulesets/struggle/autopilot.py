"""Sensible legal choices for an absent player: never borrow when it can be helped, take
free markers, build with spare population, attack only with a clear edge, else pass."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesets.core import Choice, Prompt
from rulesets.struggle.state import StruggleState

if TYPE_CHECKING:
    from rulesets.core import Ruleset


def _first(prompt: Prompt, kind: str) -> Choice | None:
    return next((choice for choice in prompt.choices if choice.kind == kind), None)


def choose_for(
    ruleset: Ruleset[StruggleState], state: StruggleState, seat: str, pick: int
) -> dict[str, Any]:
    mine = [prompt for prompt in ruleset.prompts(state) if prompt.seat == seat]
    if not mine:
        return ruleset.default_action(state, seat)
    prompt = mine[0]
    chooser = CHOOSERS.get(prompt.kind)
    choice = chooser(state, seat, prompt, pick) if chooser else None
    return (choice or prompt.choices[0]).instantiate()


def _place(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    """Starting units: armies where the power already holds tokens, spread by `pick`."""
    held = [r for r, place in state.regions.items() if place.control.get(seat, 0) > 0]
    armies = [
        c for c in prompt.choices if c.action["unit"] == "army" and c.action["region"] in held
    ]
    pool = armies or prompt.choices
    return pool[pick % len(pool)]


def _bid(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    auction = state.auction
    bids = [c for c in prompt.choices if c.kind == "bid"]
    if auction is not None and auction.high_bid is None and bids:
        own = [c for c in bids if seat in (c.action.get("a"), c.action.get("b"))]
        return (own or bids)[pick % len(own or bids)]
    return prompt.choices[0]


def _action(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    holder = state.powers[seat]
    for kind in ("enslave", "colonise"):
        found = _first(prompt, kind)
        if found and (kind == "enslave" or holder.population >= 2):
            return found
    builds = [c for c in prompt.choices if c.kind == "build" and c.action["unit"] != "fort"]
    if builds and holder.population >= 2:
        return builds[pick % len(builds)]
    return prompt.choices[0]


def _build_where(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    """Prefer a region where the power holds tokens and needs no sea roll; else stay home."""
    held = [r for r, place in state.regions.items() if place.control.get(seat, 0) > 0]
    options = [c for c in prompt.choices if c.action.get("region") in held]
    return options[pick % len(options)] if options else prompt.choices[0]


def _militia(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    return prompt.choices[0]


def _withdraw(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    return prompt.choices[-1]


CHOOSERS = {
    "place_unit": _place,
    "bid": _bid,
    "choose_action": _action,
    "build_where": _build_where,
    "militia": _militia,
    "fighting_withdrawal": _withdraw,
}
