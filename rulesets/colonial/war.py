"""War (the Sovereign): years fought on land, on the Market, in Europe (the Treasuries)
and at sea, each side rolling at most five Success dice per theatre (per Territory on
land), until one side capitulates and hands the other one Prestige."""

from __future__ import annotations

from rulesets.colonial.board import (
    Ctx,
    counters_in,
    data,
    gain_prestige,
    lose_prestige,
    remove_counter,
    success_dice,
)
from rulesets.colonial.flow import action_done
from rulesets.colonial.state import ColonialState, LossOwed, War

THEATRE_DICE = 5


def start_war(ctx: Ctx, attacker: str, defender: str) -> None:
    ctx.state.war = War(attacker=attacker, defender=defender)
    fight_year(ctx)


def fight_year(ctx: Ctx) -> None:
    """One year in the four theatres, then the capitulation step."""
    war = ctx.state.war
    assert war is not None
    war.next_territory, war.losses, war.fought = 0, [], False
    continue_year(ctx)


def continue_year(ctx: Ctx) -> None:
    """The land war Territory by Territory (pausing while a victim chooses its losses, with
    the option), then the Market, Europe, the seas and the capitulation step."""
    state = ctx.state
    war = state.war
    assert war is not None
    a, d = war.attacker, war.defender
    territories = data(state).territory_ids()
    while war.next_territory < len(territories):
        if war.losses:
            ctx.enter("war_losses")
            return
        tid = territories[war.next_territory]
        war.next_territory += 1
        if counters_in(state, tid, a) and counters_in(state, tid, d):
            war.fought = True
            hits_a = success_dice(ctx, min(THEATRE_DICE, counters_in(state, tid, a)))
            hits_d = success_dice(ctx, min(THEATRE_DICE, counters_in(state, tid, d)))
            ctx.emit(
                "col.event.war_land",
                territory=tid,
                attacker=a,
                defender=d,
                hits_a=hits_a,
                hits_d=hits_d,
            )
            _owe_or_take(ctx, tid, d, hits_a)
            _owe_or_take(ctx, tid, a, hits_d)
    if war.losses:
        ctx.enter("war_losses")
        return
    _rest_of_year(ctx)


def _owe_or_take(ctx: Ctx, tid: str, victim: str, hits: int) -> None:
    war = ctx.state.war
    assert war is not None
    if (
        hits
        and ctx.state.options.get("land_losses_by_owner")
        and loss_choices(ctx.state, tid, victim)[1:]
    ):
        war.losses.append(LossOwed(territory=tid, victim=victim, hits=hits))
        return
    _land_losses(ctx, tid, victim, hits)


def loss_choices(state: ColonialState, tid: str, victim: str) -> list[int]:
    """The Resources of `tid` where `victim` has a counter to lose."""
    return [i for i, stack in enumerate(state.territories[tid].stacks) if victim in stack]


def take_loss(ctx: Ctx, index: int) -> None:
    """The victim owing land losses removes one counter from the Resource it chose."""
    war = ctx.state.war
    assert war is not None
    owed = war.losses[0]
    remove_counter(ctx, owed.territory, index, owed.victim)
    owed.hits -= 1
    if not owed.hits or not loss_choices(ctx.state, owed.territory, owed.victim):
        war.losses.pop(0)
    if ctx.state.finished:
        return
    if not war.losses:
        continue_year(ctx)


def _rest_of_year(ctx: Ctx) -> None:
    state = ctx.state
    war = state.war
    assert war is not None
    a, d = war.attacker, war.defender
    fought = war.fought
    for theatre in ("goods", "treasury"):
        mine = getattr(state.players[a], theatre)
        theirs = getattr(state.players[d], theatre)
        if mine and theirs:
            fought = True
        hits_a = success_dice(ctx, min(THEATRE_DICE, mine))
        hits_d = success_dice(ctx, min(THEATRE_DICE, theirs))
        setattr(state.players[d], theatre, max(0, theirs - hits_a))
        setattr(state.players[a], theatre, max(0, mine - hits_d))
        if mine or theirs:
            ctx.emit(
                f"col.event.war_{theatre}", attacker=a, defender=d, hits_a=hits_a, hits_d=hits_d
            )
    fought = _naval_war(ctx, a, d) or fought
    if state.finished:
        return
    _capitulation_step(ctx, fought)


def _land_losses(ctx: Ctx, tid: str, victim: str, hits: int) -> None:
    """The hitter's choice (A13): first the Resources the victim controls, then where the
    victim has the most counters."""
    terr = ctx.state.territories[tid]
    for _ in range(hits):
        candidates = [i for i, stack in enumerate(terr.stacks) if victim in stack]
        if not candidates:
            return
        index = max(
            candidates,
            key=lambda i: (terr.stacks[i][0] == victim, terr.stacks[i].count(victim), -i),
        )
        remove_counter(ctx, tid, index, victim)


def _naval_war(ctx: Ctx, a: str, d: str) -> bool:
    state = ctx.state
    pa, pd = state.players[a], state.players[d]
    if not pa.squadrons and not pd.squadrons:
        return False
    hits_a = success_dice(ctx, min(THEATRE_DICE, pa.squadrons))
    hits_d = success_dice(ctx, min(THEATRE_DICE, pd.squadrons))
    fought = (_sea_targets(state, a, d) and pa.squadrons > 0) or (
        _sea_targets(state, d, a) and pd.squadrons > 0
    )
    _sink(state, d, a, hits_a)
    _sink(state, a, d, hits_d)
    ctx.emit("col.event.war_naval", attacker=a, defender=d, hits_a=hits_a, hits_d=hits_d)
    return fought


def _sea_targets(state: ColonialState, hitter: str, victim: str) -> bool:
    v = state.players[victim]
    return bool(v.squadrons or v.fleets or state.players[hitter].corsairs.get(victim))


def _sink(state: ColonialState, victim: str, hitter: str, hits: int) -> None:
    """Squadrons first, then Merchant Fleets, then the victim's Corsairs in the hitter's box."""
    v = state.players[victim]
    box = state.players[hitter].corsairs
    for _ in range(hits):
        if v.squadrons:
            v.squadrons -= 1
        elif v.fleets:
            v.fleets -= 1
        elif box.get(victim):
            box[victim] -= 1
            if not box[victim]:
                del box[victim]


def can_fight(state: ColonialState, seat: str, enemy: str) -> bool:
    """Whether `seat` could roll a single die next year in some theatre."""
    p = state.players[seat]
    if p.goods or p.treasury or p.squadrons:
        return True
    return any(
        counters_in(state, tid, seat) and counters_in(state, tid, enemy)
        for tid in data(state).territory_ids()
    )


def _capitulation_step(ctx: Ctx, fought: bool) -> None:
    state = ctx.state
    war = state.war
    assert war is not None
    a_can = can_fight(state, war.attacker, war.defender)
    d_can = can_fight(state, war.defender, war.attacker)
    if (not a_can and not d_can) or not fought:
        ctx.emit("col.event.war_drawn", attacker=war.attacker, defender=war.defender)
        end_war(ctx)
        return
    if not d_can:
        capitulate(ctx, war.defender)
        return
    if not a_can:
        capitulate(ctx, war.attacker)
        return
    war.asking = war.defender
    ctx.enter("capitulation")


def capitulate(ctx: Ctx, loser: str) -> None:
    war = ctx.state.war
    assert war is not None
    winner = war.defender if loser == war.attacker else war.attacker
    given = lose_prestige(ctx, loser, 1)
    ctx.emit("col.event.capitulated", seat=loser, winner=winner, prestige=given)
    ctx.state.war = None
    gain_prestige(ctx, winner, given)
    end_war(ctx)


def end_war(ctx: Ctx) -> None:
    ctx.state.war = None
    if not ctx.state.finished:
        action_done(ctx)
