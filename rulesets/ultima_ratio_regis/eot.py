"""The end-of-turn procedure in the aid's numbered order (A-33), with step 0 for the
morale counted only at the end of the turn (M6). Courier computes income, the instability
balance and the war-end conversion; the referee enters what the rulebook decides."""

from __future__ import annotations

from rulesets.core import Choice, IntRange, Phase, Prompt, StepContext
from rulesets.ultima_ratio_regis import actions as act
from rulesets.ultima_ratio_regis.board import (
    change_instability,
    eliminate,
    lose_morale,
    war_between,
)
from rulesets.ultima_ratio_regis.diplomacy import end_war
from rulesets.ultima_ratio_regis.expeditions import (
    expeditionary_corps,
    repatriate,
    repatriation_prompt,
)
from rulesets.ultima_ratio_regis.ledgers import end_of_turn_instability
from rulesets.ultima_ratio_regis.options import option
from rulesets.ultima_ratio_regis.referee_desk import DESK_HANDLERS, checkpoint_choices, desk_prompt
from rulesets.ultima_ratio_regis.state import PowerState, UrrState, game_data, players, referee
from rulesets.ultima_ratio_regis.text import say

Ctx = StepContext[UrrState]
# What the referee enters at each step: (power field, action type, number field, maximum).
REFEREE_ENTRIES = {
    2: ("trade", "enter_trade", "amount", 30),
    4: ("expenses", "enter_expenses", "amount", 60),
    5: ("new_rebellions", "place_rebellions", "count", 3),
    7: ("vp_awarded", "award_vp", "vp", 10),
}


def _in_play(state: UrrState) -> list[PowerState]:
    return [p for p in state.powers.values() if p.in_play]


def _waiting(state: UrrState, field: str) -> PowerState | None:
    return next((p for p in _in_play(state) if getattr(p, field) is None), None)


def income_of(state: UrrState, power: str) -> tuple[int, int]:
    """Step 3: (power-card income, income of key zones that are not national)."""
    data = game_data(state)
    keys = sum(
        z.income
        for z in data.zones
        if z.key and state.control.get(z.id) == power and z.national_of != power
    )
    return data.power(power).card_income, keys


def advance(ctx: Ctx) -> None:
    """Carry the automatic steps out until the referee or a player must answer."""
    state = ctx.state
    while not state.finished:
        if state.eot_step == 0:
            _count_lost_zones(ctx)
            state.eot_step = 1
        elif state.eot_step == 1:
            if state.wars:
                end_war(ctx, state.wars[0].id, "eot")
                return
            if expeditionary_corps(state):
                return  # each owner brings its corps home before the alliances end
            state.alliances = []
            ctx.emit("urr.event.alliances_end")
            state.eot_step = 2
        elif state.eot_step == 2 and _waiting(state, "trade") is not None:
            return
        elif state.eot_step == 2:
            state.eot_step = 3
        elif state.eot_step == 3:
            for power in _in_play(state):
                card, keys = income_of(state, power.id)
                power.income = card + keys + (power.trade or 0)
                ctx.emit(
                    "urr.event.income",
                    power=power.id,
                    card=card,
                    keys=keys,
                    trade=power.trade or 0,
                    total=power.income,
                )
            state.eot_step = 4
        elif state.eot_step in (4, 5, 7) and _pending(state) is not None:
            return
        elif state.eot_step in (4, 5):
            state.eot_step += 1
            if state.eot_step == 6:
                _degrade(ctx)
        elif state.eot_step == 6:
            if state.disbanding or not state.dynastic_done:
                return
            state.eot_step = 7
        else:
            _close_turn(ctx)
            return


def _pending(state: UrrState) -> PowerState | None:
    field = {4: "expenses", 5: "new_rebellions", 7: "vp_awarded"}[state.eot_step]
    return _waiting(state, field)


def _count_lost_zones(ctx: Ctx) -> None:
    """M6: 1 morale per 2 non-key zones lost (floor) and per colony, to the taker."""
    state = ctx.state
    for power in state.powers.values():
        for taker in sorted(set(power.round_lost) | set(power.colonies_lost)):
            war = war_between(state, power.id, taker)
            points = power.round_lost.get(taker, 0) // 2 + power.colonies_lost.get(taker, 0)
            for _ in range(points if war is not None else 0):
                lose_morale(ctx, war, power.id, "zones_lost")  # type: ignore[arg-type]
        power.round_lost, power.colonies_lost = {}, {}


def _degrade(ctx: Ctx) -> None:
    """Step 6: veterans degraded, extraordinary leaders back to their ordinary face."""
    state = ctx.state
    for unit in state.units:
        unit.veteran = False
    for leader in state.leaders:
        leader.extraordinary = False
    state.disbanding = [seat for seat in players(state) if _own_units(state, seat)]
    state.dynastic_done = False
    ctx.emit("urr.event.degraded")


def _own_units(state: UrrState, seat: str) -> list[str]:
    mine = {p.id for p in state.powers.values() if p.player == seat}
    return [u.id for u in state.units if u.power in mine]


def _close_turn(ctx: Ctx) -> None:
    state = ctx.state
    ctx.emit("urr.event.turn_over", turn=state.turn)
    for power in state.powers.values():
        power.destroyed = 0
        power.trade = power.expenses = power.new_rebellions = power.vp_awarded = None
    state.hands, state.deck = {}, []
    state.turn += 1
    state.eot_step = 0
    last = int(state.options.get("campaign_turns", 6))
    if state.turn > last:
        totals = dict.fromkeys(state.seats, 0)
        for power in state.powers.values():
            if power.player is not None:
                totals[power.player] += power.vp
        state.final_scores = totals
        state.finished = True
        ctx.emit("urr.event.campaign_over", turns=last)
        return
    ctx.enter("turn_start")


def _prompts(state: UrrState) -> list[Prompt]:
    ref = referee(state)
    if state.eot_step == 1:
        return [repatriation_prompt(state)]
    if state.eot_step == 6:
        if state.disbanding:
            return [_disband_prompt(state, state.disbanding[0])]
        if state.desk is not None:
            return [desk_prompt(state)]  # dynastic changes: units, leaders, instability
        choices = [
            Choice.of(act.ConfirmStep(), label=say("urr.label.confirm_dynastic")),
            *checkpoint_choices(state),
        ]
        return [Prompt(seat=ref, kind="dynastic", text=say("urr.prompt.dynastic"), choices=choices)]
    field, kind, number, high = REFEREE_ENTRIES[state.eot_step]
    power = _waiting(state, field)
    assert power is not None
    text = say(
        f"urr.prompt.{kind}",
        power=power.id,
        income=power.income,
        rebellions=power.rebellions,
        destroyed=power.destroyed,
        instability=power.instability,
    )
    label = say(f"urr.label.{kind}", power=power.id)
    choice = Choice(
        action={"type": kind, "power": power.id},
        ranges={number: IntRange(low=0, high=high)},
        label=label,
    )
    return [Prompt(seat=ref, kind=kind, text=text, choices=[choice])]


def _disband_prompt(state: UrrState, seat: str) -> Prompt:
    choices = [Choice.of(act.KeepUnits(), label=say("urr.label.keep_units"))]
    seen: set[tuple[str, str, str]] = set()
    for unit_id in _own_units(state, seat):
        unit = next(u for u in state.units if u.id == unit_id)
        group = (unit.power, unit.area, unit.kind)
        if group not in seen:
            seen.add(group)
            label = say(f"urr.label.disband.{unit.kind}", power=unit.power, area=unit.area)
            choices.append(Choice.of(act.Disband(unit=unit_id), label=label))
    return Prompt(seat=seat, kind="disband", text=say("urr.prompt.disband"), choices=choices)


def _repatriate(ctx: Ctx, seat: str, action: act.Repatriate) -> None:
    repatriate(ctx, action)
    advance(ctx)


def _trade(ctx: Ctx, seat: str, action: act.EnterTrade) -> None:
    ctx.state.powers[action.power].trade = action.amount
    ctx.emit("urr.event.trade", power=action.power, amount=action.amount)
    advance(ctx)


def _expenses(ctx: Ctx, seat: str, action: act.EnterExpenses) -> None:
    ctx.state.powers[action.power].expenses = action.amount
    ctx.emit("urr.event.expenses", power=action.power, amount=action.amount)
    advance(ctx)


def _rebellions(ctx: Ctx, seat: str, action: act.PlaceRebellions) -> None:
    """Step 5: Δ = rebellions + (expenses − income); rebellions counted before the new
    ones are placed (A-49) unless the option says after."""
    power = ctx.state.powers[action.power]
    before = option(ctx.state.options, "rebellions_counted") == "before"
    counted = power.rebellions if before else power.rebellions + action.count
    change = end_of_turn_instability(counted, power.income, power.expenses or 0)
    power.rebellions += action.count
    power.new_rebellions = action.count
    if action.count:
        ctx.emit("urr.event.rebellions", power=action.power, count=action.count)
    change_instability(ctx, action.power, change, "end_of_turn")
    advance(ctx)


def _disband(ctx: Ctx, seat: str, action: act.Disband) -> None:
    state = ctx.state
    unit = next(u for u in state.units if u.id == action.unit)
    eliminate(state, unit)
    state.powers[unit.power].destroyed -= 1  # a disbanded unit is not a destroyed one
    ctx.emit("urr.event.disbanded", power=unit.power, area=unit.area, kind=f"urr_unit_{unit.kind}")
    if not _own_units(state, seat):
        state.disbanding.remove(seat)
    advance(ctx)


def _keep(ctx: Ctx, seat: str, action: act.KeepUnits) -> None:
    ctx.state.disbanding.remove(seat)
    advance(ctx)


def _dynastic(ctx: Ctx, seat: str, action: act.ConfirmStep) -> None:
    ctx.state.dynastic_done = True
    ctx.emit("urr.event.dynastic")
    advance(ctx)


def _vp(ctx: Ctx, seat: str, action: act.AwardVp) -> None:
    power = ctx.state.powers[action.power]
    power.vp_awarded = action.vp
    power.vp += action.vp
    ctx.emit("urr.event.vp", power=action.power, vp=action.vp, total=power.vp)
    advance(ctx)


EOT = Phase[UrrState](
    name="eot",
    prompts=_prompts,
    handlers={
        act.Repatriate: _repatriate,
        act.EnterTrade: _trade,
        act.EnterExpenses: _expenses,
        act.PlaceRebellions: _rebellions,
        act.Disband: _disband,
        act.KeepUnits: _keep,
        act.ConfirmStep: _dynastic,
        act.AwardVp: _vp,
        **DESK_HANDLERS,
    },
    enter=advance,
)
