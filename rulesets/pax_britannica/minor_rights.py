"""A major power defending a minor's rights (§4.3.4), the automatic Congress of §4.9: where
a major's control marker gave a minor a casus belli, every other player, in seat order, is
asked at the start of the Congress phase whether it defends the minor (no, the default).
One defender or more make the Congress compulsory: the first defender must call it. Should
the Congress rule against the major and the major defy it, the minor goes to war on it
beside each defender, and a defender that does not declare war on the major in the War
phase loses 5 VP and raises ET by 3."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Prompt, StepContext
from rulesets.pax_britannica.actions import DefendMinor
from rulesets.pax_britannica.indices import raise_tension
from rulesets.pax_britannica.state import (
    CasusBelli,
    MinorDefence,
    PaxState,
    game_data,
    majors,
    seat_of,
)
from rulesets.pax_britannica.wars import war_of

SUPPORT_FAILED_TENSION = 3  # §4.12: a supporter that fails to come to the minor's aid (rules)


def cases(state: PaxState) -> list[CasusBelli]:
    """The casus belli a minor holds against a major (the minor cannot contest it itself)."""
    greats = set(majors(state))
    found = [c for c in state.casus_belli if c.holder not in greats and c.target in greats]
    return sorted(found, key=lambda c: (c.area, c.holder, c.target))


def _key(power: str, case: CasusBelli) -> str:
    return f"{power} {case.holder} {case.area}"


def next_question(state: PaxState) -> tuple[str, CasusBelli] | None:
    for case in cases(state):
        for power in state.seats:
            if (
                power != seat_of(state, case.target)
                and _key(power, case) not in state.defence_asked
            ):
                return power, case
    return None


def defenders(state: PaxState) -> list[str]:
    return list(dict.fromkeys(d.defender for d in state.minor_defences))


def prompt(state: PaxState) -> Prompt | None:
    question = next_question(state)
    if question is None:
        return None
    power, case = question
    params = {
        "power": power,
        "minor": case.holder,
        "target": case.target,
        "area": case.area,
        "tension": game_data(state).tension.congress,
    }
    choices = [
        Choice.of(
            DefendMinor(power=power, minor=case.holder, area=case.area, defend=defend),
            label=Msg(key=f"pax.label.defend_minor_{'yes' if defend else 'no'}", params=params),
        )
        for defend in (False, True)
    ]
    text = Msg(key="pax.prompt.defend_minor", params=params)
    return Prompt(seat=power, kind="minor_defence", text=text, choices=choices)


def answer(ctx: StepContext[PaxState], seat: str, action: DefendMinor) -> None:
    state = ctx.state
    question = next_question(state)
    if question is None or question[0] != seat or action.power != seat:
        raise IllegalAction("pax.error.not_your_congress_turn")
    power, case = question
    if (action.minor, action.area) != (case.holder, case.area):
        raise IllegalAction("pax.error.not_your_congress_turn")
    state.defence_asked.append(_key(power, case))
    if action.defend:
        state.minor_defences.append(
            MinorDefence(defender=power, minor=case.holder, target=case.target, area=case.area)
        )
        ctx.emit(
            "pax.event.minor_defended",
            power=power,
            minor=case.holder,
            target=case.target,
            area=case.area,
        )


def after_defiance(ctx: StepContext[PaxState], area: str, refusers: list[str]) -> None:
    """A major that defied the Congress over a defended minor's area: the defenders are now
    bound to war on it (checked at the end of the declarations)."""
    state = ctx.state
    for defence in state.minor_defences:
        if defence.area == area and defence.target in refusers and not defence.bound:
            defence.bound = True
            ctx.emit(
                "pax.event.minor_war_due",
                power=defence.defender,
                minor=defence.minor,
                target=defence.target,
            )


def join_minor(state: PaxState, declarer: str, target: str) -> str | None:
    """A bound defender declared war on the major: the minor joins its side."""
    for defence in state.minor_defences:
        if defence.bound and (defence.defender, defence.target) == (declarer, target):
            war = war_of(state, declarer)
            if war is None or defence.minor in war.powers:
                return None
            war.sides[0 if declarer in war.sides[0] else 1].append(defence.minor)
            return defence.minor
    return None


def judge_defenders(ctx: StepContext[PaxState]) -> bool:
    """End of the declarations: each bound defender not at war with the major loses 5 VP
    and ET rises by 3 (blamed on it). True when the ET starts the Great War."""
    state = ctx.state
    for defence in state.minor_defences:
        if not defence.bound:
            continue
        war = war_of(state, defence.defender)
        if war is not None and defence.target in war.powers:
            continue
        record = state.powers[defence.defender].record
        penalty = game_data(state).victory.congress_defiance
        record["25"] = record.get("25", 0) + penalty
        ctx.emit(
            "pax.event.minor_abandoned",
            power=defence.defender,
            minor=defence.minor,
            vp=-penalty,
            tension=SUPPORT_FAILED_TENSION,
        )
        if raise_tension(ctx, SUPPORT_FAILED_TENSION, "minor_abandoned", defence.defender):
            return True
    state.minor_defences = []
    return False
