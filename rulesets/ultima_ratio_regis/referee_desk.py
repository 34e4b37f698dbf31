"""The referee's desk: what only the rulebook knows, entered as logged orders at the turn's
checkpoints (start of turn, step 6 of the end of turn, and between impulses by option):
units deployed, losses outside a battle, a die roll the table asks for, instability with
one of the aid's causes, a power's pool of leaders, and the alliances of minor powers ('si
permis'). Each input is one order, replayed and undone like any other."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulesets.core import Choice, IntRange, Prompt, StepContext
from rulesets.ultima_ratio_regis import actions as act
from rulesets.ultima_ratio_regis.board import change_instability, disperse, eliminate, to_port
from rulesets.ultima_ratio_regis.data import LeaderType
from rulesets.ultima_ratio_regis.ledgers import INSTABILITY_CAUSES
from rulesets.ultima_ratio_regis.state import Unit, UrrState, game_data, new_id, referee
from rulesets.ultima_ratio_regis.text import say

Ctx = StepContext[UrrState]
MOST_DEPLOYED = 5  # units of one kind placed by one order
MOST_DICE = 6
MOST_INSTABILITY = 5
MOST_LEADERS = 4  # of one type in a pool


def checkpoint_choices(state: UrrState) -> list[Choice]:
    """The desk's entries beside a checkpoint's own choice (listed after it, so that an
    absent referee goes on): the lists to open, and a roll of dice."""
    lists = ["deploy", "losses", "instability", "leader_pool"]
    if game_data(state).minors:
        lists.append("minor_ally")
    choices = [
        Choice.of(act.OpenDesk(input=name), label=say(f"urr.label.open_desk.{name}"))
        for name in lists
    ]
    roll = Choice.of(
        act.RollDice(dice=1), label=say("urr.label.roll_dice"), dice=IntRange(low=1, high=MOST_DICE)
    )
    return [*choices, roll.with_texts(purpose=act.ROLL_PURPOSE_LIMIT)]


def desk_prompt(state: UrrState) -> Prompt:
    """The list the referee opened, with a way back first."""
    assert state.desk is not None
    builders: dict[str, Callable[[UrrState], list[Choice]]] = {
        "deploy": _deploy_choices,
        "losses": _loss_choices,
        "instability": _instability_choices,
        "leader_pool": _pool_choices,
        "minor_ally": _minor_choices,
    }
    back = Choice.of(act.CloseDesk(), label=say("urr.label.close_desk"))
    return Prompt(
        seat=referee(state),
        kind=f"referee_{state.desk}",
        text=say(f"urr.prompt.referee_{state.desk}"),
        choices=[back, *builders[state.desk](state)],
    )


def _deploy_choices(state: UrrState) -> list[Choice]:
    """Troops in a land zone the power controls; squadrons in its ports or at sea; a minor
    power's troops in its zones that no major power has taken."""
    data = game_data(state)
    seas = [zone.id for zone in data.zones if zone.kind == "sea"]
    places: list[tuple[str, str, str]] = []
    for power in sorted(state.powers):
        held = sorted(area for area, owner in state.control.items() if owner == power)
        places += [(power, area, "troop") for area in held]
        places += [(power, area, "squadron") for area in held if data.zone(area).port]
        places += [(power, sea, "squadron") for sea in seas]
    places += [
        (minor.id, area, "troop")
        for minor in data.minors
        for area in minor.zones
        if state.control.get(area) is None
    ]
    choices = []
    for owner, area, kind in places:
        order = act.DeployUnits(power=owner, area=area, kind=kind, count=1, q=2)
        label = say(f"urr.label.deploy_units.{kind}", power=owner, area=area)
        choices.append(
            Choice.of(
                order,
                label=label,
                count=IntRange(low=1, high=MOST_DEPLOYED),
                q=IntRange(low=1, high=4),
            )
        )
    return choices


def _groups(state: UrrState) -> dict[tuple[str, str, str], list[Unit]]:
    """Units on the board (not dispersed), by power, area and kind."""
    found: dict[tuple[str, str, str], list[Unit]] = {}
    for unit in state.units:
        if unit.dispersed_at is None:
            found.setdefault((unit.power, unit.area, unit.kind), []).append(unit)
    return found


def _loss_choices(state: UrrState) -> list[Choice]:
    choices = []
    for (power, area, kind), units in sorted(_groups(state).items()):
        for fate in ("eliminated", "dispersed"):
            order = act.RecordLoss(power=power, area=area, kind=kind, fate=fate, count=1)
            label = say(f"urr.label.record_loss.{kind}.{fate}", power=power, area=area)
            choices.append(Choice.of(order, label=label, count=IntRange(low=1, high=len(units))))
    return choices


def _instability_choices(state: UrrState) -> list[Choice]:
    choices = []
    for power in sorted(state.powers):
        for direction, span, way in (
            (1, IntRange(low=1, high=MOST_INSTABILITY), "up"),
            (-1, IntRange(low=-MOST_INSTABILITY, high=-1), "down"),
        ):
            for cause in (c for c, ways in INSTABILITY_CAUSES.items() if direction in ways):
                order = act.AdjustInstability(power=power, cause=cause, change=span.low)
                label = say(
                    f"urr.label.adjust_instability.{way}",
                    power=power,
                    cause=f"urr_cause_{cause}",
                    level=state.powers[power].instability,
                )
                choices.append(Choice.of(order, label=label, change=span))
    return choices


def _pool_choices(state: UrrState) -> list[Choice]:
    span = IntRange(low=0, high=MOST_LEADERS)
    choices = []
    for power in sorted(state.powers):
        order = act.SetLeaderPool(
            power=power, tactician=0, admiral=0, decisive=0, creative=0, organizer=0
        )
        label = say(
            "urr.label.set_leader_pool", power=power, count=len(state.leader_pools.get(power, []))
        )
        choices.append(
            Choice.of(
                order,
                label=label,
                tactician=span,
                admiral=span,
                decisive=span,
                creative=span,
                organizer=span,
            )
        )
    return choices


def _minor_choices(state: UrrState) -> list[Choice]:
    """A minor power allied to a major power, or to none."""
    choices = []
    majors = sorted(state.powers)
    for minor in game_data(state).minors:
        current = state.minor_allies.get(minor.id) or "none"
        for ally in [*majors, "none"]:
            if ally != current:
                key = "urr.label.set_minor_ally" + (".none" if ally == "none" else "")
                label = say(key, minor=minor.id, power=ally)
                choices.append(Choice.of(act.SetMinorAlly(minor=minor.id, ally=ally), label=label))
    return choices


# Handlers -----------------------------------------------------------------------------


def _open(ctx: Ctx, seat: str, action: act.OpenDesk) -> None:
    ctx.state.desk = action.input


def _close(ctx: Ctx, seat: str, action: act.CloseDesk) -> None:
    ctx.state.desk = None


def _deploy(ctx: Ctx, seat: str, action: act.DeployUnits) -> None:
    state = ctx.state
    for _ in range(action.count):
        state.units.append(
            Unit(
                id=new_id(state, "u"),
                power=action.power,
                kind=action.kind,
                area=action.area,
                q=action.q,
            )
        )
    state.desk = None
    ctx.emit(
        f"urr.event.deployed.{action.kind}",
        power=action.power,
        area=action.area,
        count=action.count,
        q=action.q,
    )


def _loss(ctx: Ctx, seat: str, action: act.RecordLoss) -> None:
    """Lowest quality first, as in a battle; a dispersed squadron is damaged and goes back
    to port (A-22), a dispersed troop waits in the dispersed box for a regroup."""
    state = ctx.state
    group = _groups(state)[(action.power, action.area, action.kind)]
    for victim in sorted(group, key=lambda u: (u.q, u.id))[: action.count]:
        if action.fate == "eliminated":
            eliminate(state, victim)
        elif victim.kind == "squadron":
            victim.repairing = True
            to_port(state, victim)
        else:
            disperse(state, victim)
    state.desk = None
    ctx.emit(
        f"urr.event.loss_recorded.{action.kind}.{action.fate}",
        power=action.power,
        area=action.area,
        count=action.count,
    )


def _roll(ctx: Ctx, seat: str, action: act.RollDice) -> None:
    """The seeded dice of the campaign, shown to the whole table."""
    dice = [ctx.roll() for _ in range(action.dice)]
    shown = ", ".join(str(value) for value in dice)
    if action.purpose:
        ctx.emit(
            "urr.event.referee_roll.purpose", dice=shown, total=sum(dice), purpose=action.purpose
        )
    else:
        ctx.emit("urr.event.referee_roll", dice=shown, total=sum(dice))


def _instability(ctx: Ctx, seat: str, action: act.AdjustInstability) -> None:
    ctx.state.desk = None
    change_instability(ctx, action.power, action.change, action.cause)


def _pool(ctx: Ctx, seat: str, action: act.SetLeaderPool) -> None:
    counts: dict[LeaderType, int] = {
        "tactician": action.tactician,
        "admiral": action.admiral,
        "decisive": action.decisive,
        "creative": action.creative,
        "organizer": action.organizer,
    }
    ctx.state.leader_pools[action.power] = sorted(
        kind for kind, count in counts.items() for _ in range(count)
    )
    ctx.state.desk = None
    ctx.emit("urr.event.leader_pool", power=action.power, **counts)  # type: ignore[arg-type]


def _minor_ally(ctx: Ctx, seat: str, action: act.SetMinorAlly) -> None:
    ally = None if action.ally == "none" else action.ally
    ctx.state.minor_allies[action.minor] = ally
    ctx.state.desk = None
    if ally is None:
        ctx.emit("urr.event.minor_ally.none", minor=action.minor)
    else:
        ctx.emit("urr.event.minor_ally", minor=action.minor, power=ally)


DESK_HANDLERS: dict[type, Callable[[Ctx, str, Any], None]] = {
    act.OpenDesk: _open,
    act.CloseDesk: _close,
    act.DeployUnits: _deploy,
    act.RecordLoss: _loss,
    act.RollDice: _roll,
    act.AdjustInstability: _instability,
    act.SetLeaderPool: _pool,
    act.SetMinorAlly: _minor_ally,
}
