"""Canals and straits in war (§4.13, A-31): the controller of Egypt (Suez), Anatolia (the
Straits) or the area of a built canal may deny passage, "during a war" with no moment
fixed (the French text: « Durant une guerre (seulement), le joueur qui contrôle l'Egypte
peut interdire l'utilisation du canal »). A belligerent that alone controls the area may
deny it to its enemies whenever it is asked to manoeuvre or attack. A neutral controller,
and every member of a codominion, is asked as the war begins, in seat order, whether it
denies passage to one alliance, both or neither (leaving it open, the default); and again
whenever a belligerent's unit actually tries to step between the two seas there: the step
waits while each controlling seat lets that alliance through (the default) or denies it,
or both alliances. Let through, the unit steps on and the alliance passes freely for the
rest of the cycle (the next cycle's first attempt asks again); denied, the unit stays
where it was, free to do something else. A denial stands for the rest of the war; in a
codominion a side is denied only when every member denies it, and a minor member never
does; a retreat through an open passage asks nobody (it happens at once, §4.11.8). A
denied power's units may not step between the two seas there for the rest of the war
(with both canals built, only when both are denied to it). A neutral whose denial closed
the passage to one alliance only gives that alliance a casus belli usable at once: each
of its major seats, in seat order, may declare war on the neutral (ET +5), which joins
the other alliance; not declaring is the default, and the chance passes. The neutral's
treaties are not called by such a declaration (Courier's simplification)."""

from __future__ import annotations

from typing import Literal

from rulesets.core import Choice, IllegalAction, Msg, Prompt, StepContext
from rulesets.pax_britannica.actions import DeclareWar, DenyPassage, NoWar
from rulesets.pax_britannica.data import PassageRecord
from rulesets.pax_britannica.state import (
    PassageCall,
    PassageMove,
    PassageQuestion,
    PaxState,
    Unit,
    War,
    game_data,
    is_major,
    powers_of,
    seat_of,
    unit_by_id,
)
from rulesets.pax_britannica.war_board import open_passages, passage_closed, side_of
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
    """W1: the controllers of every strait and built canal are asked, passage by passage,
    their seats in seat order (later, only when a unit tries to pass)."""
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


def _mover_side(state: PaxState, war: War) -> int | None:
    """The side of the unit whose step waits on the controllers, if one waits."""
    move = war.passage_move
    unit = unit_by_id(state, move.unit) if move is not None else None
    return side_of(war, unit.power) if unit is not None else None


def _offered(state: PaxState, war: War, seat: str, passage: PassageRecord) -> list[Deny]:
    """What `seat` may answer: as the war begins, any denial open to it; when a unit waits
    to pass, letting it through, denying its alliance, or (a neutral) both alliances."""
    assert passage.area is not None
    options = _options(state, war, seat, passage.id, passage.area)
    mover = _mover_side(state, war)
    if mover is None:
        return options
    wanted = {"none", "first" if mover == 0 else "second", "both"}
    return [d for d in options if d in wanted]


def passage_prompt(state: PaxState, war: War) -> Prompt:
    question = war.passage_questions[0]
    passage = _passage(state, question.passage)
    assert passage.area is not None
    power = _seat_holder(state, question.seat, passage.area)
    neutral = side_of(war, power) is None
    mover = _mover_side(state, war)
    choices = []
    for deny in _offered(state, war, question.seat, passage):
        sides = DENIED_SIDES[deny]
        params = {"power": power, "passage": passage.id}
        if len(sides) == 1:
            key = "deny_passage_neutral" if neutral else "deny_passage_side"
            label = Msg(key=f"pax.label.{key}", params={**params, "powers": war.sides[sides[0]]})
        elif deny == "none" and mover is not None:
            label = Msg(key="pax.label.let_through", params={**params, "powers": war.sides[mover]})
        else:
            label = Msg(key=f"pax.label.deny_passage_{deny}", params=params)
        choices.append(Choice.of(DenyPassage(passage=passage.id, deny=deny), label=label))
    if mover is not None:
        return Prompt(
            seat=question.seat,
            kind="war_passage_request",
            text=_request_text(state, war, power, passage),
            choices=choices,
        )
    text = Msg(
        key="pax.prompt.war_passage",
        params={
            "power": power,
            "passage": passage.id,
            "side": list(war.sides[0]),
            "other": list(war.sides[1]),
        },
    )
    return Prompt(seat=question.seat, kind="war_passage", text=text, choices=choices)


def _request_text(state: PaxState, war: War, power: str, passage: PassageRecord) -> Msg:
    move = war.passage_move
    assert move is not None
    unit = unit_by_id(state, move.unit)
    assert unit is not None
    side = side_of(war, unit.power)
    assert side is not None
    params = {
        "power": power,
        "passage": passage.id,
        "mover": unit.power,
        "kind": f"pax_a_unit_{unit.kind}",
        "strength": unit.strength,
        "area": unit.location,
        "to": move.to,
        "powers": list(war.sides[side]),
    }
    return Msg(key="pax.prompt.war_passage_request", params=params)


def answer_passage(ctx: StepContext[PaxState], war: War, seat: str, action: DenyPassage) -> None:
    state = ctx.state
    question = war.passage_questions[0] if war.passage_questions else None
    if question is None or question.seat != seat or question.passage != action.passage:
        raise IllegalAction("pax.error.not_your_war_step")
    passage = _passage(state, question.passage)
    assert passage.area is not None
    if action.deny not in _offered(state, war, seat, passage):
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


def _may_close(state: PaxState, war: War, passage: PassageRecord, side: int) -> bool:
    """Whether answering now could close `passage` to `side`: a seat's power holds its
    area, no holder is a minor (which never agrees) or on that side, the side was not let
    through this cycle, and the holder is not a lone enemy (which denies in its own
    phase)."""
    assert passage.area is not None
    holders = _holders(state, passage.area)
    if not holders or any(seat_of(state, p) is None for p in holders):
        return False
    if any(side_of(war, p) == side for p in holders):
        return False
    if side in war.passage_grants.get(passage.id, []):
        return False
    return not (len(holders) == 1 and side_of(war, holders[0]) is not None)


def passages_to_ask(state: PaxState, war: War, unit: Unit, to: str) -> list[PassageRecord]:
    """The straits or canals whose controllers are asked before `unit` steps between two
    seas through them; none when one of the ways stays open whoever answers."""
    data = game_data(state)
    side = side_of(war, unit.power)
    if war.kind != "war" or side is None:
        return []
    if not (data.is_sea(unit.location) and data.is_sea(to)):
        return []
    ways = [
        p
        for p in open_passages(state)
        if set(p.seas) == {unit.location, to} and unit.power not in war.denials.get(p.id, [])
    ]
    if not ways or not all(_may_close(state, war, p, side) for p in ways):
        return []
    return ways


def request_passage(
    ctx: StepContext[PaxState], war: War, unit: Unit, to: str, ways: list[PassageRecord]
) -> None:
    """The step waits while each controlling seat of each way, in seat order, answers."""
    state = ctx.state
    war.passage_move = PassageMove(unit=unit.id, to=to, passages=[p.id for p in ways])
    for passage in ways:
        assert passage.area is not None
        war.passage_votes.pop(passage.id, None)
        seats = {seat_of(state, p) for p in _holders(state, passage.area)}
        war.passage_questions.extend(
            PassageQuestion(passage=passage.id, seat=seat) for seat in state.seats if seat in seats
        )
    ctx.emit(
        "pax.event.passage_requested",
        power=unit.power,
        kind=f"pax_a_unit_{unit.kind}",
        strength=unit.strength,
        area=unit.location,
        to=to,
        passages=[p.id for p in ways],
    )


def granted_step(ctx: StepContext[PaxState], war: War) -> tuple[Unit, str] | None:
    """Once every controller answered, the waiting step: the unit and where it goes when
    its alliance was let through (free to pass again this cycle), None when it was
    denied (the unit stays, told) or nothing waits."""
    state = ctx.state
    move = war.passage_move
    if move is None or war.passage_questions:
        return None
    war.passage_move = None
    unit = unit_by_id(state, move.unit)
    side = side_of(war, unit.power) if unit is not None else None
    if unit is None or side is None:
        return None
    if passage_closed(state, war, unit.power, unit.location, move.to):
        ctx.emit(
            "pax.event.passage_refused",
            power=unit.power,
            kind=f"pax_a_unit_{unit.kind}",
            area=unit.location,
            to=move.to,
        )
        return None
    for passage_id in move.passages:
        granted = war.passage_grants.setdefault(passage_id, [])
        if side not in granted and unit.power not in war.denials.get(passage_id, []):
            granted.append(side)
    return unit, move.to


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
