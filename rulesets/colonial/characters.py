"""The twelve Characters: for each, the legal uses a seat has now (each choice naming its
target and its cost) and what the use does. A use that needs further decisions records
them in `state.step` and enters the phase that asks them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulesets.colonial import actions as act
from rulesets.colonial.board import (
    CIRCUMNAVIGATION,
    NONE,
    Ctx,
    add_unrest,
    colony_native_power,
    controller,
    counters_in,
    data,
    explored,
    gain_prestige,
    has_any_counter_in,
    in_play,
    may_place,
    move_diplomacy,
    native_power,
    next_track_cost,
    order,
    success_dice,
    tordesillas_allows,
    track_value,
)
from rulesets.colonial.data import TRACKS
from rulesets.colonial.flow import action_done
from rulesets.colonial.goods import goods_on_market, raided, start_raid, start_shipping
from rulesets.colonial.state import ColonialState, Step
from rulesets.colonial.war import start_war
from rulesets.core import Choice, IntRange, Msg

ChoiceMaker = Callable[[ColonialState, str], list[Choice]]


def _label(key: str, **params: Any) -> Msg:
    return Msg(key=f"col.label.{key}", params=params)


# Explorer -----------------------------------------------------------------------------


def exploration_target(state: ColonialState, seat: str, target: str) -> int:
    """The lowest roll that succeeds: Difficulty less Seafaring, less 1 beside one's own
    counters, plus 2 in America before its discovery (not in the 2-player America game)."""
    seafaring = track_value(state, seat, "seafaring")
    if target == CIRCUMNAVIGATION:
        return data(state).rules.circumnavigation_difficulty - seafaring
    terr = data(state).territory(target)
    needed = terr.difficulty - seafaring
    if any(counters_in(state, near, seat) for near in data(state).neighbours(target)):
        needed -= 1
    if terr.american and not state.america_discovered and discovery_applies(state):
        needed += data(state).rules.american_penalty
    return needed


def discovery_applies(state: ColonialState) -> bool:
    return state.discovery > 0


def explorer_choices(state: ColonialState, seat: str) -> list[Choice]:
    choices = []
    for tid in data(state).territory_ids():
        terr = state.territories[tid]
        if terr.prestige and in_play(state, tid) and tordesillas_allows(state, seat, tid):
            need = exploration_target(state, seat, tid)
            choices.append(
                Choice.of(
                    act.Explorer(target=tid),
                    label=_label(
                        "explorer", territory=tid, roll=max(1, need), prestige=terr.prestige
                    ),
                )
            )
    if state.circumnavigation:
        need = exploration_target(state, seat, CIRCUMNAVIGATION)
        choices.append(
            Choice.of(
                act.Explorer(target=CIRCUMNAVIGATION),
                label=_label("circumnavigate", roll=max(1, need), prestige=state.circumnavigation),
            )
        )
    return choices


def explore(ctx: Ctx, seat: str, action: act.Explorer) -> None:
    state = ctx.state
    state.explorations += 1
    need = exploration_target(state, seat, action.target)
    roll = ctx.roll()
    if roll < need:
        ctx.emit("col.event.explore_failed", seat=seat, target=action.target, roll=roll, need=need)
        explorer_done(ctx, seat)
        return
    if action.target == CIRCUMNAVIGATION:
        won, state.circumnavigation = state.circumnavigation, 0
        ctx.emit("col.event.circumnavigated", seat=seat, roll=roll, prestige=won)
        gain_prestige(ctx, seat, won)
        if not state.finished:
            explorer_done(ctx, seat)
        return
    terr = state.territories[action.target]
    won, terr.prestige = terr.prestige, 0
    ctx.emit("col.event.explored", seat=seat, territory=action.target, roll=roll, prestige=won)
    if data(state).territory(action.target).american and not state.america_discovered:
        state.america_discovered = True
        if state.discovery:
            won += state.discovery
            ctx.emit("col.event.america_discovered", seat=seat, prestige=state.discovery)
            state.discovery = 0
    gain_prestige(ctx, seat, won)
    if state.finished:
        return
    state.step = Step(kind="explore_claim", seat=seat, territory=action.target)
    ctx.enter("explore_claim")


def explorer_done(ctx: Ctx, seat: str) -> None:
    """Portugal, before first reaching 6 Prestige, may explore a second time in the same use
    (Nation variant; the mechanism is reconstructed)."""
    state = ctx.state
    p = state.players[seat]
    again = p.nation == "portugal" and not p.reached_six and state.explorations == 1
    if again and explorer_choices(state, seat):
        state.step = Step(kind="second_explorer", seat=seat)
        ctx.enter("second_explorer")
        return
    action_done(ctx)


# Conqueror ----------------------------------------------------------------------------


def may_found(state: ColonialState, seat: str, tid: str) -> bool:
    terr = state.territories[tid]
    if terr.colony is not None or not terr.stacks or not in_play(state, tid):
        return False
    power = native_power(state, tid)
    stacks = range(len(terr.stacks))
    if power < 1 or not all(controller(state, tid, index) == seat for index in stacks):
        return False
    return counters_in(state, tid, seat) >= power


def conqueror_choices(state: ColonialState, seat: str) -> list[Choice]:
    return [
        Choice.of(act.Conqueror(territory=tid), label=_label("conqueror", territory=tid))
        for tid in data(state).territory_ids()
        if may_found(state, seat, tid)
    ]


def conquer(ctx: Ctx, seat: str, action: act.Conqueror) -> None:
    state = ctx.state
    terr = state.territories[action.territory]
    terr.independent = False
    terr.colony = seat
    ctx.emit("col.event.colony_founded", seat=seat, territory=action.territory)
    nation = state.players[seat].nation
    if nation is None or action.territory in data(state).nation(nation).goals:
        gain_prestige(ctx, seat, 1)
    if state.finished:
        return
    if state.options.get("advanced_colonies"):
        state.step = Step(kind="colony_options", seat=seat, territory=action.territory)
        ctx.enter("colony_options")
        return
    action_done(ctx)


# Viceroy ------------------------------------------------------------------------------


def viceroy_targets(state: ColonialState, seat: str) -> list[str]:
    if state.players[seat].treasury < 1:
        return []
    return [
        tid
        for tid in data(state).territory_ids()
        if explored(state, tid)
        and any(may_place(state, seat, tid, r) for r in range(len(state.territories[tid].stacks)))
    ]


def viceroy_choices(state: ColonialState, seat: str) -> list[Choice]:
    most = min(track_value(state, seat, "logistics"), state.players[seat].treasury)
    return [
        Choice.of(act.Viceroy(territory=tid), label=_label("viceroy", territory=tid, most=most))
        for tid in viceroy_targets(state, seat)
    ]


def viceroy(ctx: Ctx, seat: str, action: act.Viceroy) -> None:
    capacity = track_value(ctx.state, seat, "logistics")
    ctx.state.step = Step(kind="viceroy", seat=seat, territory=action.territory, capacity=capacity)
    ctx.enter("viceroy")


# Simple Characters --------------------------------------------------------------------


def ambassador_choices(state: ColonialState, seat: str) -> list[Choice]:
    """One's own marker moves right (A14); with the option, any player's."""
    unrest = [tid for tid in data(state).territory_ids() if state.territories[tid].unrest]
    movers = order(state) if state.options.get("ambassador_moves_anyone") else [seat]
    movers = [seat] + [other for other in movers if other != seat]
    choices = []
    for who in movers:
        own = "" if who != seat else "_own"
        choices.append(
            Choice.of(
                act.Ambassador(territory=NONE, player=who),
                label=_label(f"ambassador{own}", player=who),
            )
        )
        choices.extend(
            Choice.of(
                act.Ambassador(territory=tid, player=who),
                label=_label(f"ambassador{own}_calm", territory=tid, player=who),
            )
            for tid in unrest
        )
    return choices


def ambassador(ctx: Ctx, seat: str, action: act.Ambassador) -> None:
    move_diplomacy(ctx, action.player, +1)
    if action.territory != NONE:
        ctx.state.territories[action.territory].unrest -= 1
        ctx.emit("col.event.unrest_removed", seat=seat, territory=action.territory)
    action_done(ctx)


def financier_choices(state: ColonialState, seat: str) -> list[Choice]:
    size = data(state).rules.loan_size
    return [Choice.of(act.Financier(), label=_label("financier", amount=size))]


def financier(ctx: Ctx, seat: str, action: act.Financier) -> None:
    size = data(ctx.state).rules.loan_size
    p = ctx.state.players[seat]
    p.loans.append(size)
    p.treasury += size
    ctx.emit("col.event.loan", seat=seat, amount=size, loans=len(p.loans))
    action_done(ctx)


def governor_choices(state: ColonialState, seat: str) -> list[Choice]:
    low = state.boomtown_value + 1
    high = min(track_value(state, seat, "economy"), state.players[seat].treasury)
    if low > high:
        return []
    return [
        Choice.of(
            act.Governor(territory=tid, pay=low),
            label=_label("governor", territory=tid),
            pay=IntRange(low=low, high=high),
        )
        for tid in data(state).territory_ids()
        if state.territories[tid].colony == seat and state.boomtown != tid
    ]


def governor(ctx: Ctx, seat: str, action: act.Governor) -> None:
    state = ctx.state
    state.players[seat].treasury -= action.pay
    if state.boomtown is not None:
        ctx.emit("col.event.boomtown_removed", territory=state.boomtown)
    state.boomtown, state.boomtown_value = action.territory, action.pay
    ctx.emit("col.event.boomtown", seat=seat, territory=action.territory, value=action.pay)
    gain_prestige(ctx, seat, 1)
    action_done(ctx)


def missionary_choices(state: ColonialState, seat: str) -> list[Choice]:
    choices = []
    for tid in data(state).territory_ids():
        terr = state.territories[tid]
        if terr.unrest:
            choices.append(
                Choice.of(
                    act.Missionary(territory=tid, flip=True),
                    label=_label("missionary_flip", territory=tid),
                )
            )
        elif explored(state, tid) and in_play(state, tid):
            choices.append(
                Choice.of(
                    act.Missionary(territory=tid, flip=False),
                    label=_label("missionary_place", territory=tid),
                )
            )
    return choices


def missionary(ctx: Ctx, seat: str, action: act.Missionary) -> None:
    terr = ctx.state.territories[action.territory]
    if action.flip:
        terr.unrest -= 1
    terr.missions += 1
    ctx.emit("col.event.mission", seat=seat, territory=action.territory)
    p = ctx.state.players[seat]
    if p.nation == "spain" and not p.reached_six:
        gain_prestige(ctx, seat, 1)
    if not ctx.state.finished:
        action_done(ctx)


def rebel_choices(state: ColonialState, seat: str) -> list[Choice]:
    choices = []
    for tid in data(state).territory_ids():
        terr = state.territories[tid]
        present = has_any_counter_in(state, tid) or [NONE]
        if terr.unrest and not terr.missions and native_power(state, tid):
            dice = native_power(state, tid) * terr.unrest
            choices.append(
                Choice.of(
                    act.Revolt(territory=tid), label=_label("revolt", territory=tid, dice=dice)
                )
            )
        if explored(state, tid) and in_play(state, tid):
            for who in present:
                choices.append(
                    Choice.of(
                        act.StirUnrest(territory=tid, player=who),
                        label=_label("stir_unrest", territory=tid, player=who),
                    )
                )
        if terr.missions:
            for who in present:
                choices.append(
                    Choice.of(
                        act.Subvert(territory=tid, player=who),
                        label=_label("subvert", territory=tid, player=who),
                    )
                )
    return choices


def revolt(ctx: Ctx, seat: str, action: act.Revolt) -> None:
    state = ctx.state
    terr = state.territories[action.territory]
    dice = native_power(state, action.territory) * terr.unrest
    hits = success_dice(ctx, dice)
    present = sum(len(stack) for stack in terr.stacks)
    ctx.emit("col.event.revolt", seat=seat, territory=action.territory, dice=dice, hits=hits)
    hits = min(hits, present)
    if not hits:
        action_done(ctx)
        return
    state.step = Step(kind="casualties", seat=seat, territory=action.territory, hits=hits)
    ctx.enter("casualties")


def _board_unrest(ctx: Ctx, who: str) -> None:
    if who != NONE:
        ctx.state.players[who].unrest += 1
        ctx.emit("col.event.board_unrest", seat=who, unrest=ctx.state.players[who].unrest)


def stir_unrest(ctx: Ctx, seat: str, action: act.StirUnrest) -> None:
    ctx.emit("col.event.unrest_added", seat=seat, territory=action.territory)
    add_unrest(ctx, action.territory)
    _board_unrest(ctx, action.player)
    action_done(ctx)


def subvert(ctx: Ctx, seat: str, action: act.Subvert) -> None:
    ctx.state.territories[action.territory].missions -= 1
    ctx.emit("col.event.mission_subverted", seat=seat, territory=action.territory)
    add_unrest(ctx, action.territory)
    _board_unrest(ctx, action.player)
    action_done(ctx)


def scientist_choices(state: ColonialState, seat: str) -> list[Choice]:
    choices = []
    for track in TRACKS:
        cost = next_track_cost(state, seat, track)
        if cost is not None and cost <= state.players[seat].treasury:
            choices.append(
                Choice.of(
                    act.Scientist(track=track), label=_label("scientist", track=track, cost=cost)
                )
            )
    return choices


def scientist(ctx: Ctx, seat: str, action: act.Scientist) -> None:
    state = ctx.state
    cost = next_track_cost(state, seat, action.track)
    assert cost is not None
    p = state.players[seat]
    p.treasury -= cost
    p.tracks[action.track] += 1
    value = track_value(state, seat, action.track)
    ctx.emit("col.event.progress", seat=seat, track=action.track, value=value, cost=cost)
    abolishing = action.track == "economy" and value >= data(state).rules.abolition_economy
    if abolishing and not state.abolition:
        state.abolition = True
        ctx.emit("col.event.abolition", seat=seat)
    action_done(ctx)


def sovereign_choices(state: ColonialState, seat: str) -> list[Choice]:
    mine = state.players[seat].diplomacy
    choices = [Choice.of(act.Sovereign(target=NONE), label=_label("sovereign"))]
    for other in order(state):
        if other != seat and state.players[other].diplomacy <= mine:
            choices.append(
                Choice.of(act.Sovereign(target=other), label=_label("sovereign_war", target=other))
            )
    return choices


def sovereign(ctx: Ctx, seat: str, action: act.Sovereign) -> None:
    p = ctx.state.players[seat]
    if p.unrest:
        p.unrest -= 1
        ctx.emit("col.event.repression", seat=seat, unrest=p.unrest)
    if action.target == NONE:
        action_done(ctx)
        return
    move_diplomacy(ctx, seat, -1)
    ctx.emit("col.event.war_declared", seat=seat, target=action.target)
    start_war(ctx, seat, action.target)


def merchant_choices(state: ColonialState, seat: str) -> list[Choice]:
    p = state.players[seat]
    if not p.fleets:
        return []
    return [Choice.of(act.Merchant(), label=_label("merchant", fleets=p.fleets))]


def merchant(ctx: Ctx, seat: str, action: act.Merchant) -> None:
    """Corsairs in the box first (a fight with its own decisions), then the shipment."""
    if raided(ctx.state, seat):
        start_raid(ctx, seat)
    else:
        start_shipping(ctx, seat)


def trader_capacity(state: ColonialState, seat: str) -> int:
    return track_value(state, seat, "economy") + colony_native_power(state, seat)


def trader_choices(state: ColonialState, seat: str) -> list[Choice]:
    if not any(goods_on_market(state).values()):
        return []
    return [Choice.of(act.Trader(), label=_label("trader", most=trader_capacity(state, seat)))]


def trader(ctx: Ctx, seat: str, action: act.Trader) -> None:
    capacity = trader_capacity(ctx.state, seat)
    ctx.state.step = Step(kind="sell", seat=seat, character="trader", capacity=capacity)
    ctx.enter("sell")


CHOICES: dict[str, ChoiceMaker] = {
    "ambassador": ambassador_choices,
    "conqueror": conqueror_choices,
    "explorer": explorer_choices,
    "financier": financier_choices,
    "governor": governor_choices,
    "merchant": merchant_choices,
    "missionary": missionary_choices,
    "rebel": rebel_choices,
    "scientist": scientist_choices,
    "sovereign": sovereign_choices,
    "trader": trader_choices,
    "viceroy": viceroy_choices,
}

HANDLERS: dict[type, Any] = {
    act.Ambassador: ambassador,
    act.Conqueror: conquer,
    act.Explorer: explore,
    act.Financier: financier,
    act.Governor: governor,
    act.Merchant: merchant,
    act.Missionary: missionary,
    act.Revolt: revolt,
    act.StirUnrest: stir_unrest,
    act.Subvert: subvert,
    act.Scientist: scientist,
    act.Sovereign: sovereign,
    act.Trader: trader,
    act.Viceroy: viceroy,
}
