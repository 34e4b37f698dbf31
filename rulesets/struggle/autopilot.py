"""Sensible legal choices for an absent player.

It never borrows when it can help it: it buys a tile only with gold to spare, attacks only a
neutral it clearly outnumbers with the fee in hand, takes free markers, builds with spare
population where it already holds tokens, answers every combat call in its own interest
(fight at sea when stronger, re-roll when behind, withdraw when it can) and otherwise passes.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import Choice, Prompt, Ruleset
from rulesets.struggle.combat import other, totals
from rulesets.struggle.state import Side, StruggleState, game_data, units_in
from rulesets.struggle.tiles import buyable

GOLD_KEPT_FOR_UPKEEP = 6
CLEAR_EDGE = 3


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


def _of_kind(prompt: Prompt, kind: str) -> list[Choice]:
    return [choice for choice in prompt.choices if choice.kind == kind]


def held_regions(state: StruggleState, seat: str) -> list[str]:
    return [r for r, place in state.regions.items() if place.control.get(seat, 0) > 0]


def soft_neutral(state: StruggleState, seat: str) -> tuple[str, str] | None:
    """A (region, marker) whose defence the power's armies there beat by a clear edge."""
    data = game_data(state)
    for region, place in state.regions.items():
        armies = units_in(state, region, "army", seat)
        for marker in place.markers:
            defence = data.marker(marker).defence
            if defence is not None and armies >= defence + CLEAR_EDGE:
                return region, marker
    return None


def _place(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    """Starting units: armies where the power already holds tokens, spread by `pick`."""
    held = held_regions(state, seat)
    armies = [
        c for c in prompt.choices if c.action["unit"] == "army" and c.action["region"] in held
    ]
    pool = armies or prompt.choices
    return pool[pick % len(pool)]


def _bid(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    """Open at 0 with a proposal that places itself; never raise."""
    auction = state.auction
    bids = _of_kind(prompt, "bid")
    if auction is not None and auction.high_bid is None and bids:
        own = [c for c in bids if seat in (c.action.get("a"), c.action.get("b"))]
        return (own or bids)[pick % len(own or bids)]
    return prompt.choices[0]


def _action(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    holder = state.powers[seat]
    if _of_kind(prompt, "enslave"):
        return _of_kind(prompt, "enslave")[0]
    if _of_kind(prompt, "colonise") and holder.population >= 2:
        return _of_kind(prompt, "colonise")[0]
    if _of_kind(prompt, "attack") and holder.gold >= 2 and soft_neutral(state, seat):
        return _of_kind(prompt, "attack")[0]
    builds = [c for c in _of_kind(prompt, "build") if c.action["unit"] != "fort"]
    if builds and holder.population >= 2:
        return builds[pick % len(builds)]
    if _of_kind(prompt, "shop") and worth_buying(state, seat):
        return _of_kind(prompt, "shop")[0]
    return prompt.choices[0]


def worth_buying(state: StruggleState, seat: str) -> list[str]:
    """Tiles on offer it can pay for from cash, keeping gold for upkeep, with no unrest."""
    data = game_data(state)
    gold = state.powers[seat].gold
    return [
        tile
        for tile in buyable(state, seat)
        if data.tile(tile).gold + GOLD_KEPT_FOR_UPKEEP <= gold
        and data.tile(tile).unrest == 0
        and data.tile(tile).effect not in ("pirates", "slave_revolt")
    ]


def _buy_which(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    wanted = worth_buying(state, seat)
    found = [c for c in prompt.choices if c.action.get("tile") in wanted]
    return found[pick % len(found)] if found else prompt.choices[0]


def _attack_region(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    target = soft_neutral(state, seat)
    found = [c for c in prompt.choices if target and c.action.get("region") == target[0]]
    return found[0] if found else prompt.choices[0]


def _attack_target(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    target = soft_neutral(state, seat)
    found = [c for c in prompt.choices if target and c.action.get("target") == target[1]]
    return found[0] if found else prompt.choices[0]


def _build_where(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    """A region where the power holds tokens; else stay at home (listed first)."""
    held = held_regions(state, seat)
    options = [c for c in prompt.choices if c.action.get("region") in held]
    return options[pick % len(options)] if options else prompt.choices[0]


def _naval_fight(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    """Fight at sea only with more ships than the other side."""
    combat = state.combat
    if combat is None or combat.naval_region is None:
        return prompt.choices[0]
    fleets = state.regions[combat.naval_region].fleets
    mine = fleets.get(seat, 0)
    theirs = max((n for p, n in fleets.items() if p != seat), default=0)
    return prompt.choices[1] if mine > theirs else prompt.choices[0]


def _reserve(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    """Re-roll only when behind."""
    combat = state.combat
    if combat is None:
        return prompt.choices[0]
    scores = totals(state, combat)
    side: Side = "attacker" if seat == combat.attacker else "defender"
    return prompt.choices[1] if scores[side] < scores[other(side)] else prompt.choices[0]


def _last(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    return prompt.choices[-1]


def _alliance(state: StruggleState, seat: str, prompt: Prompt, pick: int) -> Choice | None:
    """Always bring the tile in; on land, where every attack ends, if it may go there."""
    land = [c for c in prompt.choices if c.action.get("stage") == "land"]
    return land[0] if land else prompt.choices[-1]


CHOOSERS = {
    "place_unit": _place,
    "bid": _bid,
    "choose_action": _action,
    "buy_which": _buy_which,
    "attack_region": _attack_region,
    "attack_target": _attack_target,
    "build_where": _build_where,
    "naval_fight": _naval_fight,
    "use_reserve": _reserve,
    "fighting_withdrawal": _last,
    "alliance_tile": _alliance,
    "blockade_support": _last,
}
