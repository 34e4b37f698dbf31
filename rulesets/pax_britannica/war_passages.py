"""Canals and straits in war (§4.13, A-31): the controller of Egypt (Suez), Anatolia (the
Straits) or the area of a built canal may deny passage. A belligerent that alone controls
the area may deny it to its enemies whenever it is asked to manoeuvre or attack; a neutral
controller, and every member of a codominion, is asked as the war begins and again at the
start of every later cycle (A-31: at any time during a war), in seat order, whether it
denies passage to one alliance, both or neither (leaving it as it is, the default); a
denial stands for the rest of the war; in a codominion a side is denied only when every
member denies it, and a minor member never does. A denied power's units may not step
between the two seas there for the rest of the war (with both canals built, only when both
are denied to it). A neutral whose denial closed the passage to one alliance only gives
that alliance a casus belli usable at once: each of its major seats, in seat order, may
declare war on the neutral (ET +5), which joins the other alliance; not declaring is the
default, and the chance passes. The neutral's treaties are not called by such a
declaration (Courier's simplification)."""

from __future__ import annotations

from typing import Literal

from rulesets.core import Choice, IllegalAction, Msg, Prompt, StepContext
from rulesets.pax_britannica.actions import DeclareWar, DenyPassage, NoWar
from rulesets.pax_britannica.data import PassageRecord
from rulesets.pax_britannica.state import (
    PassageCall,
    PassageQuestion,
    PaxState,
    War,
    game_data,
    is_major,
    powers_of,
    seat_of,
)
from rulesets.pax_britannica.war_board import open_passages, side_of
from rulesets.pax_britannica.wars import declare_war, war_of

Deny = Literal["none", "first", "second", "both"]
DENIED_SIDES: dict[str, tuple[int, ...]] = {
    "none": (),
    "first": (0,),
    "second": (1,),
    "both": (0, 1),
}


def _holders(state: PaxState, area: str) -> list[str]:
    """The powers holding an established control marker in `area`."""
    return sorted(
        {m.power for m in state.markers if m.area == area and m.is_control and m.established}
    )


def _passage(state: PaxState, passage_id: str) -> PassageRecord:
    return next(p for p in game_data(state).passages if p.id == passage_id)


def _closed_to(war: War, passage_id: str, side: int) -> bool:
    return set(war.sides[side]) <= set(war.denials.get(passage_id, []))


def ask_passages(state: PaxState, war: War) -> None:
    """W1, and again at the start of every later cycle (A-31: a denial may come at any
    time during a war): the controllers of every strait and built canal not yet closed to
    both alliances are asked, passage by passage, their seats in seat order."""
    if war.kind != "war":
        return
    for passage in open_passages(state):
        assert passage.area is not None
        holders = _holders(state, passage.area)
        seats = {seat_of(state, p) for p in holders}
        if None in seats or (len(holders) == 1 and side_of(war, holders[0]) is not None):
            continue  # a minor never agrees; a sole belligerent decides in its own prompts
        if _closed_to(war, passage.id, 0) and _closed_to(war, passage.id, 1):
            continue
        war.passage_votes.pop(passage.id, None)  # each asking is a new round of answers
        for seat in state.seats:
            if seat in seats:
                war.passage_questions.append(PassageQuestion(passage=passage.id, seat=seat))


def denial_choices(state: PaxState, war: War, seat: str) -> list[Choice]:
    """The passages `seat`'s belligerent power alone controls and has not yet closed to
    its enemies."""
    if war.kind != "war":
        return []
    found: list[Choice] = []
    for passage in open_passages(state):
        assert passage.area is not None
        holders = _holders(state, passage.area)
        if len(holders) != 1 or seat_of(state, holders[0]) != seat:
            continue
        side = side_of(war, holders[0])
        if side is None or set(war.sides[1 - side]) <= set(war.denials.get(passage.id, [])):
            continue
        deny: Deny = "second" if side == 0 else "first"
        params = {"power": holders[0], "passage": passage.id, "powers": war.sides[1 - side]}
        label = Msg(key="pax.label.deny_passage_side", params=params)
        found.append(Choice.of(DenyPassage(passage=passage.id, deny=deny), label=label))
    return found


def deny_now(ctx: StepContext[PaxState], war: War, seat: str, action: DenyPassage) -> None:
    """A belligerent closes its passage to its enemies (from the next step on)."""
    offered = [c.action for c in denial_choices(ctx.state, war, seat)]
    if action.model_dump() not in offered:
        raise IllegalAction("pax.error.not_your_war_step")
    _deny(ctx, war, _passage(ctx.state, action.passage), DENIED_SIDES[action.deny][0])


def _deny(ctx: StepContext[PaxState], war: War, passage: PassageRecord, side: int) -> None:
    before = set(war.denials.get(passage.id, []))
    war.denials[passage.id] = sorted(before | set(war.sides[side]))
    ctx.emit("pax.event.passage_denied", passage=passage.id, powers=list(war.sides[side]))


def _seat_holder(state: PaxState, seat: str, area: str) -> str:
    return next(p for p in _holders(state, area) if p in powers_of(state, seat))


def _options(state: PaxState, war: War, seat: str, passage_id: str, area: str) -> list[Deny]:
    """A belligerent may deny its enemies passage; a neutral either side, or both; a side
    already denied the passage is not offered again."""
    side = side_of(war, _seat_holder(state, seat, area))
    wanted: list[Deny] = (
        ["none", "first", "second", "both"]
        if side is None
        else ["none", "second" if side == 0 else "first"]
    )
    closed = {s for s in (0, 1) if _closed_to(war, passage_id, s)}
    return [d for d in wanted if d == "none" or not set(DENIED_SIDES[d]) & closed]


def passage_prompt(state: PaxState, war: War) -> Prompt:
    question = war.passage_questions[0]
    passage = _passage(state, question.passage)
    assert passage.area is not None
    power = _seat_holder(state, question.seat, passage.area)
    neutral = side_of(war, power) is None
    choices = []
    later = war.cycle > 0  # asked again after the war began
    for deny in _options(state, war, question.seat, passage.id, passage.area):
        sides = DENIED_SIDES[deny]
        params = {"power": power, "passage": passage.id}
        if len(sides) == 1:
            key = "deny_passage_neutral" if neutral else "deny_passage_side"
            label = Msg(key=f"pax.label.{key}", params={**params, "powers": war.sides[sides[0]]})
        else:
            name = "keep" if later and deny == "none" else deny
            label = Msg(key=f"pax.label.deny_passage_{name}", params=params)
        choices.append(Choice.of(DenyPassage(passage=passage.id, deny=deny), label=label))
    text = Msg(
        key="pax.prompt.war_passage_later" if later else "pax.prompt.war_passage",
        params={
            "power": power,
            "passage": passage.id,
            "side": list(war.sides[0]),
            "other": list(war.sides[1]),
        },
    )
    return Prompt(seat=question.seat, kind="war_passage", text=text, choices=choices)


def answer_passage(ctx: StepContext[PaxState], war: War, seat: str, action: DenyPassage) -> None:
    state = ctx.state
    question = war.passage_questions[0] if war.passage_questions else None
    if question is None or question.seat != seat or question.passage != action.passage:
        raise IllegalAction("pax.error.not_your_war_step")
    passage = _passage(state, question.passage)
    assert passage.area is not None
    if action.deny not in _options(state, war, seat, passage.id, passage.area):
        raise IllegalAction("pax.error.not_your_war_step")
    war.passage_questions.pop(0)
    war.passage_votes.setdefault(passage.id, {})[seat] = action.deny
    if not any(q.passage == passage.id for q in war.passage_questions):
        _settle(ctx, war, passage)


def _settle(ctx: StepContext[PaxState], war: War, passage: PassageRecord) -> None:
    """A side is denied when every controlling seat denied it; a neutral closing the
    passage to one alliance only may be attacked by that alliance at once."""
    state = ctx.state
    assert passage.area is not None
    votes = war.passage_votes[passage.id]
    denied = [s for s in (0, 1) if all(s in DENIED_SIDES[vote] for vote in votes.values())]
    newly = [s for s in denied if not _closed_to(war, passage.id, s)]
    for side in newly:
        _deny(ctx, war, passage, side)
    # A casus belli only for a closure new this round, to one alliance and not the other.
    if len(newly) != 1 or _closed_to(war, passage.id, 1 - newly[0]):
        return
    denied = newly
    neutrals = [
        _seat_holder(state, seat, passage.area)
        for seat in votes
        if side_of(war, _seat_holder(state, seat, passage.area)) is None
    ]
    seats = {seat_of(state, p) for p in war.sides[denied[0]] if is_major(state, p)}
    for target in neutrals:
        for seat in state.seats:
            if seat not in seats:
                continue
            power = next(p for p in war.sides[denied[0]] if p in powers_of(state, seat))
            war.passage_calls.append(
                PassageCall(seat=seat, power=power, target=target, area=passage.area)
            )


def prune_passage_calls(state: PaxState, war: War) -> None:
    """Calls whose neutral has meanwhile gone to war are void."""
    war.passage_calls = [c for c in war.passage_calls if war_of(state, c.neutral) is None]


def call_prompt(state: PaxState, war: War) -> Prompt:
    call = war.passage_calls[0]
    params = {"power": call.power, "target": call.target, "area": call.area}
    tension = game_data(state).tension.declaration
    reason = call.reason
    choices = [
        Choice.of(
            NoWar(power=call.power), label=Msg(key=f"pax.label.{reason}_no_war", params=params)
        ),
        Choice.of(
            DeclareWar(power=call.power, target=call.target, area=call.area),
            label=Msg(key=f"pax.label.{reason}_war", params={**params, "tension": tension}),
        ),
    ]
    text = Msg(key=f"pax.prompt.war_{reason}_war", params=params)
    return Prompt(seat=call.seat, kind=f"war_{reason}_war", text=text, choices=choices)


def answer_call(ctx: StepContext[PaxState], war: War, seat: str, declare: bool) -> None:
    """The seat declares war on the neutral (which joins the other alliance) or lets the
    chance pass; a declaration that starts the Great War ends the game there."""
    state = ctx.state
    call = war.passage_calls[0] if war.passage_calls else None
    if call is None or call.seat != seat:
        raise IllegalAction("pax.error.not_your_war_step")
    war.passage_calls.pop(0)
    if not declare:
        return
    calls = len(state.treaty_calls)
    declare_war(ctx, call.power, call.target, call.area)
    del state.treaty_calls[calls:]
