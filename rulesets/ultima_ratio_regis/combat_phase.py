"""The combat phase: each pre-roll and post-roll choice of §5.4 as a prompt to the seat
that makes it (the referee for situation facts, each side for its leaders)."""

from __future__ import annotations

from rulesets.core import Choice, IntRange, Phase, Prompt, StepContext
from rulesets.ultima_ratio_regis import actions as act
from rulesets.ultima_ratio_regis import battle
from rulesets.ultima_ratio_regis.fighting import (
    advance,
    buy_control,
    next_step,
    open_support_battle,
    side_of,
    support_seas,
)
from rulesets.ultima_ratio_regis.state import Combat, UrrState, referee
from rulesets.ultima_ratio_regis.text import say

Ctx = StepContext[UrrState]


def _seat_of(state: UrrState, power: str | None) -> str:
    record = state.powers.get(power or "")
    return record.player if record is not None and record.player else referee(state)


def _combat(state: UrrState) -> Combat:
    assert state.combat is not None
    return state.combat


def _prompts(state: UrrState) -> list[Prompt]:
    combat = _combat(state)
    step = combat.step
    where = {"area": combat.area, "kind": f"urr_kind_{combat.kind}"}
    builders = {
        "naval_superiority": _naval_superiority,
        "distance": _distance,
        "strong_opposition": _strong_opposition,
        "opposition_q": _opposition_q,
        "size": _size,
        "naval_size": _naval_size,
        "control": _control,
    }
    if step in builders:
        seat, choices = builders[step](state, combat)
    elif step.startswith("organizer_"):
        seat, choices = _seat_of(state, side_of(combat, step).power), _adjust(combat)
    elif step.startswith("creative_"):
        seat, choices = _seat_of(state, side_of(combat, step).power), _creative(combat, step)
    else:
        seat, choices = _seat_of(state, side_of(combat, step).power), _leader(combat, step)
    kind = step.rsplit("_", 1)[0] if step.endswith(("_attacker", "_defender")) else step
    text = say(f"urr.prompt.{kind}", size=combat.size, **where)
    return [Prompt(seat=seat, kind=kind, text=text, choices=choices, urgency="reaction")]


def _naval_superiority(state: UrrState, combat: Combat) -> tuple[str, list[Choice]]:
    sides = {"none": None, "attacker": combat.attacker.power, "defender": combat.defender.power}
    choices = [
        Choice.of(
            act.SetNavalSuperiority(holder=holder),
            label=say(f"urr.label.naval_superiority.{holder}", power=power or "urr_opposition"),
        )
        for holder, power in sides.items()
    ]
    for sea in support_seas(state, combat):
        label = say(
            "urr.label.support_battle",
            sea=sea,
            attacker=combat.attacker.power or "",
            defender=combat.defender.power or "",
        )
        choices.append(Choice.of(act.SupportBattle(sea=sea), label=label))
    return referee(state), choices


def _distance(state: UrrState, combat: Combat) -> tuple[str, list[Choice]]:
    choices = [
        Choice.of(
            act.Answer(yes=yes),
            label=say(f"urr.label.distance.{str(yes).lower()}", area=combat.area),
        )
        for yes in (False, True)
    ]
    return referee(state), choices


def _strong_opposition(state: UrrState, combat: Combat) -> tuple[str, list[Choice]]:
    choices = [
        Choice.of(
            act.Answer(yes=yes),
            label=say(f"urr.label.strong_opposition.{str(yes).lower()}", area=combat.area),
        )
        for yes in (False, True)
    ]
    return referee(state), choices


def _opposition_q(state: UrrState, combat: Combat) -> tuple[str, list[Choice]]:
    label = say("urr.label.opposition_q", power=combat.target_power or "urr_opposition")
    choice = Choice.of(act.SetOppositionQuality(q=2), label=label, q=IntRange(low=1, high=4))
    return referee(state), [choice]


def _size(state: UrrState, combat: Combat) -> tuple[str, list[Choice]]:
    low, high = combat.band
    choices = [
        Choice.of(
            act.ChooseSize(size=size),
            label=say("urr.label.choose_size", size=size, area=combat.area),
        )
        for size in range(high, low - 1, -1)
    ]
    return _seat_of(state, combat.defender.power), choices


def _adjust(combat: Combat) -> list[Choice]:
    choices = []
    for change in (0, 1, -1):
        result = battle.adjust_size(combat.size, change, combat.kind)
        if change == 0 or result != combat.size:
            label = say("urr.label.adjust_size", change=change, size=result)
            choices.append(Choice.of(act.AdjustSize(change=change), label=label))
    return choices


def _naval_size(state: UrrState, combat: Combat) -> tuple[str, list[Choice]]:
    holder = combat.attacker if combat.naval_holder == "attacker" else combat.defender
    return _seat_of(state, holder.power), _adjust(combat)


def _creative(combat: Combat, step: str) -> list[Choice]:
    side = side_of(combat, step)
    qualities = [d.q for d in side.dice]
    best = battle.creative_die(qualities)
    order = [best] + [i for i in range(len(qualities)) if i != best]
    choices = [
        Choice.of(
            act.CreativeDie(die=index),
            label=say(
                "urr.label.creative_die",
                die=index + 1,
                q=qualities[index],
                raised=qualities[index] + 1,
            ),
        )
        for index in order
        if index is not None and qualities[index] < battle.Q_BOUNDS[1]
    ]
    return [*choices, Choice.of(act.CreativeDie(die=-1), label=say("urr.label.no_leader"))]


def _leader(combat: Combat, step: str) -> list[Choice]:
    side = side_of(combat, step)
    results = [d.result for d in side.dice]
    best = battle.leader_die(results)
    order = [best] + [i for i in range(len(results)) if i != best]
    choices = [
        Choice.of(
            act.LeaderDie(die=index),
            label=say(
                "urr.label.leader_die",
                die=index + 1,
                before=results[index],
                after=results[index] + 1,
            ),
        )
        for index in order
        if index is not None and results[index] < 6
    ]
    return [*choices, Choice.of(act.LeaderDie(die=-1), label=say("urr.label.no_leader"))]


def _control(state: UrrState, combat: Combat) -> tuple[str, list[Choice]]:
    price = 1 if combat.winner == "none" else 2
    choices = [
        Choice.of(
            act.BuyControl(pay=False), label=say("urr.label.buy_control.no", area=combat.area)
        ),
        Choice.of(
            act.BuyControl(pay=True),
            label=say("urr.label.buy_control.yes", area=combat.area, troops=price),
        ),
    ]
    return _seat_of(state, combat.attacker.power), choices


def _then(ctx: Ctx) -> None:
    next_step(_combat(ctx.state))
    advance(ctx)


def _set_naval(ctx: Ctx, seat: str, action: act.SetNavalSuperiority) -> None:
    combat = _combat(ctx.state)
    combat.naval_holder = action.holder
    ctx.emit("urr.event.naval_superiority", holder=f"urr_side_{action.holder}", area=combat.area)
    _then(ctx)


def _support(ctx: Ctx, seat: str, action: act.SupportBattle) -> None:
    open_support_battle(ctx, action.sea)


def _answer(ctx: Ctx, seat: str, action: act.Answer) -> None:
    """The referee's yes or no on a submission: 'Opposition : Q2 (ou Q3 si A3 ou R3)' where
    the data leaves the flag open, or '2 zones de distance' (a handicap)."""
    combat = _combat(ctx.state)
    if combat.step == "strong_opposition":
        combat.opposition_q = 3 if action.yes else 2
        ctx.emit(f"urr.event.strong_opposition.{str(action.yes).lower()}", area=combat.area)
    elif action.yes:
        combat.defender.handicaps += 1  # "2 zones de distance"
    _then(ctx)


def _set_q(ctx: Ctx, seat: str, action: act.SetOppositionQuality) -> None:
    _combat(ctx.state).opposition_q = action.q
    _then(ctx)


def _choose_size(ctx: Ctx, seat: str, action: act.ChooseSize) -> None:
    combat = _combat(ctx.state)
    combat.size = action.size
    ctx.emit("urr.event.size", size=action.size, area=combat.area)
    _then(ctx)


def _adjust_size(ctx: Ctx, seat: str, action: act.AdjustSize) -> None:
    combat = _combat(ctx.state)
    combat.size = battle.adjust_size(combat.size, action.change, combat.kind)
    if action.change:
        ctx.emit("urr.event.size", size=combat.size, area=combat.area)
    _then(ctx)


def _creative_die(ctx: Ctx, seat: str, action: act.CreativeDie) -> None:
    combat = _combat(ctx.state)
    if action.die >= 0:
        die = side_of(combat, combat.step).dice[action.die]
        die.q, die.creative = die.q + 1, True
    _then(ctx)


def _leader_die(ctx: Ctx, seat: str, action: act.LeaderDie) -> None:
    combat = _combat(ctx.state)
    if action.die >= 0:
        die = side_of(combat, combat.step).dice[action.die]
        die.result, die.leader = min(6, die.result + 1), True
    _then(ctx)


def _buy(ctx: Ctx, seat: str, action: act.BuyControl) -> None:
    buy_control(ctx, action.pay)


COMBAT = Phase[UrrState](
    name="combat",
    prompts=_prompts,
    handlers={
        act.SetNavalSuperiority: _set_naval,
        act.SupportBattle: _support,
        act.Answer: _answer,
        act.SetOppositionQuality: _set_q,
        act.ChooseSize: _choose_size,
        act.AdjustSize: _adjust_size,
        act.CreativeDie: _creative_die,
        act.LeaderDie: _leader_die,
        act.BuyControl: _buy,
    },
)
