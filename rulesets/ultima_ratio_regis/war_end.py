"""The war-end procedure (§4.3, §4.4): the referee records the morale losses the board
cannot show (M3, M5), names the winner and the budget of peace conditions, the victor
buys reparations within it, and every belligerent converts its lost morale into
instability (+1 per point, or +1 per 2 points for the winner)."""

from __future__ import annotations

from rulesets.core import Choice, IntRange, Phase, Prompt, StepContext
from rulesets.ultima_ratio_regis import actions as act
from rulesets.ultima_ratio_regis.board import change_instability, lose_morale
from rulesets.ultima_ratio_regis.diplomacy import is_border
from rulesets.ultima_ratio_regis.ledgers import (
    Reparation,
    reparation_cost,
    suggested_winner,
    war_end_instability,
)
from rulesets.ultima_ratio_regis.state import UrrState, War, WarEnd, game_data, referee
from rulesets.ultima_ratio_regis.text import say

Ctx = StepContext[UrrState]
MAX_BUDGET = 10


def _end(state: UrrState) -> WarEnd:
    assert state.war_end is not None
    return state.war_end


def _war(state: UrrState) -> War:
    return next(w for w in state.wars if w.id == _end(state).war)


def reparation_targets(state: UrrState, war: War, winner: str, loser: str) -> list[tuple[str, str]]:
    """Every (item, target) the victor can buy now, the target named by id."""
    items: list[tuple[str, str]] = [("vp", loser), ("vp_military", loser), ("instability", loser)]
    for area, owner in sorted(state.control.items()):
        if owner != loser:
            continue
        occupied = any(
            u.power == winner and u.area == area and u.dispersed_at is None for u in state.units
        )
        if occupied:
            items.append(("cede_conquered", area))
        elif is_border(state, war, area):
            items.append(("cede_border", area))
    winner_centres = {m.area for m in state.merchants if m.power == winner}
    for merchant in state.merchants:
        if merchant.power == loser and merchant.area in winner_centres:
            items += [("merchant_remove", merchant.area), ("merchant_swap", merchant.area)]
    for centre in sorted({m.area for m in state.merchants if m.power == loser}):
        if centre not in state.interrupted:
            items.append(("pillage", centre))
    for minor in minors_to_break(state, winner, loser):
        items += [("ally_switch", minor), ("ally_break", minor)]
    return sorted(set(items))


def minors_to_break(state: UrrState, winner: str, loser: str) -> list[str]:
    """R3/R4: the loser's minor allies 'sur un théâtre où le vainqueur a un intérêt'; the
    data gives no interests, so a power has one where it controls a land zone
    (reconstructed)."""
    data = game_data(state)
    interests = {
        data.zone(area).theatre for area, owner in state.control.items() if owner == winner
    }
    return [
        minor.id
        for minor in data.minors
        if state.minor_allies.get(minor.id) == loser
        and any(data.zone(zone).theatre in interests for zone in minor.zones)
    ]


def price(state: UrrState, item: Reparation, target: str) -> int:
    """The item's conditions, 1 more to break the alliance of an independent minor (R5)."""
    minors = {minor.id: minor for minor in game_data(state).minors}
    independent = target in minors and minors[target].independent
    return reparation_cost(item, independent_minor=independent)


# M3 rests on power cards' objectives, which the data file does not hold, and so does M5
# when the data names no minor power: the referee records them when the war ends, before
# the winner is named (A-27: one point each; at most one entry per power and cause a war).
# With minor powers in the data, M5 is seen on the board (board.take_control).
def morale_causes(state: UrrState) -> tuple[str, ...]:
    return ("objective_zone",) if game_data(state).minors else ("objective_zone", "minor_ally")


def _morale_prompt(state: UrrState, war: War) -> Prompt:
    end = _end(state)
    none = act.RecordMorale(power="none", cause="none")
    choices = [Choice.of(none, label=say("urr.label.record_morale.none"))]
    for power in war.powers:
        for cause in morale_causes(state):
            if f"{power}:{cause}" not in end.recorded:
                order = act.RecordMorale(power=power, cause=cause)
                label = say(f"urr.label.record_morale.{cause}", power=power)
                choices.append(Choice.of(order, label=label))
    text = say(
        "urr.prompt.record_morale",
        a=war.powers[0],
        b=war.powers[1],
        lost_a=war.lost.get(war.powers[0], 0),
        lost_b=war.lost.get(war.powers[1], 0),
    )
    return Prompt(seat=referee(state), kind="record_morale", text=text, choices=choices)


def _prompts(state: UrrState) -> list[Prompt]:
    end = _end(state)
    war = _war(state)
    if end.step == "morale":
        return [_morale_prompt(state, war)]
    if end.step == "winner":
        suggestion = suggested_winner(war.gained, {p: war.lost.get(p, 0) for p in war.powers})
        options = [suggestion or "none"] + [
            p for p in [*war.powers, "none"] if p != (suggestion or "none")
        ]
        choices = [
            Choice.of(
                act.DeclareWinner(winner=winner),
                label=say(
                    "urr.label.declare_winner",
                    power=winner if winner != "none" else "urr_nobody",
                ),
            )
            for winner in options
        ]
        text = say(
            "urr.prompt.declare_winner",
            a=war.powers[0],
            b=war.powers[1],
            lost_a=war.lost.get(war.powers[0], 0),
            lost_b=war.lost.get(war.powers[1], 0),
        )
        return [Prompt(seat=referee(state), kind="declare_winner", text=text, choices=choices)]
    if end.step == "budget":
        label = say("urr.label.set_budget", power=end.winner)
        choice = Choice.of(
            act.SetBudget(conditions=0), label=label, conditions=IntRange(low=0, high=MAX_BUDGET)
        )
        text = say("urr.prompt.set_budget", power=end.winner, loser=end.loser)
        return [Prompt(seat=referee(state), kind="set_budget", text=text, choices=[choice])]
    left = end.budget - end.spent
    choices = [
        Choice.of(act.FinishReparations(), label=say("urr.label.finish_reparations", left=left))
    ]
    for item, target in reparation_targets(state, war, end.winner or "", end.loser or ""):
        cost = price(state, item, target)  # type: ignore[arg-type]
        if cost <= left:
            choices.append(
                Choice.of(
                    act.BuyReparation(item=item, target=target),
                    label=say(f"urr.label.reparation.{item}", target=target, cost=cost),
                )
            )
    seat = state.powers[end.winner or ""].player or referee(state)
    text = say("urr.prompt.buy_reparation", power=end.winner, left=left)
    return [Prompt(seat=seat, kind="buy_reparation", text=text, choices=choices)]


def _record(ctx: Ctx, seat: str, action: act.RecordMorale) -> None:
    """M3 (an enemy controls a non-key objective zone, A-26) or M5 (an allied minor power
    without key zones conquered): 1 point, credited to the enemy (A-28)."""
    end = _end(ctx.state)
    if action.power == "none":
        end.step = "winner"
        return
    end.recorded.append(f"{action.power}:{action.cause}")
    lose_morale(ctx, _war(ctx.state), action.power, action.cause)
    if len(end.recorded) == 2 * len(morale_causes(ctx.state)):
        end.step = "winner"


def _declare(ctx: Ctx, seat: str, action: act.DeclareWinner) -> None:
    state = ctx.state
    end, war = _end(state), _war(state)
    ctx.emit(
        "urr.event.war_winner", power=action.winner if action.winner != "none" else "urr_nobody"
    )
    if action.winner == "none":
        _close(ctx, None)
        return
    end.winner = action.winner
    end.loser = next(p for p in war.powers if p != action.winner)
    end.step = "budget"


def _budget(ctx: Ctx, seat: str, action: act.SetBudget) -> None:
    end = _end(ctx.state)
    end.budget, end.step = action.conditions, "buy"
    ctx.emit("urr.event.budget", power=end.winner, conditions=action.conditions)
    if action.conditions == 0:
        _close(ctx, end.winner)


def _buy(ctx: Ctx, seat: str, action: act.BuyReparation) -> None:
    state = ctx.state
    end = _end(state)
    winner, loser = end.winner or "", end.loser or ""
    cost = price(state, action.item, action.target)
    end.spent += cost
    if action.item in ("vp", "vp_military"):
        state.powers[winner].vp += 1
    elif action.item == "instability":
        change_instability(ctx, winner, -1, "reparation")
        change_instability(ctx, loser, 1, "reparation")
    elif action.item in ("cede_conquered", "cede_border"):
        state.control[action.target] = winner
    elif action.item in ("merchant_remove", "merchant_swap"):
        merchant = next(m for m in state.merchants if m.power == loser and m.area == action.target)
        if action.item == "merchant_remove":
            state.merchants.remove(merchant)
        else:
            merchant.power = winner
    elif action.item == "pillage":
        state.interrupted.append(action.target)
    elif action.item in ("ally_switch", "ally_break"):
        state.minor_allies[action.target] = winner if action.item == "ally_switch" else None
    ctx.emit(
        "urr.event.reparation",
        power=winner,
        item=f"urr_reparation_{action.item}",
        target=action.target,
        cost=cost,
    )
    if end.spent >= end.budget:
        _close(ctx, winner)


def _finish(ctx: Ctx, seat: str, action: act.FinishReparations) -> None:
    _close(ctx, _end(ctx.state).winner)


def _close(ctx: Ctx, winner: str | None) -> None:
    """W3: morale lost becomes instability; the war is struck off."""
    state = ctx.state
    end, war = _end(state), _war(state)
    for power in war.powers:
        lost = war.lost.get(power, 0)
        gain = war_end_instability(lost, won=power == winner)
        if gain:
            change_instability(ctx, power, gain, "war_won" if power == winner else "war_not_won")
    state.wars.remove(war)
    for fort in state.fortresses:
        if fort.besieger in war.powers and fort.power in war.powers:
            fort.besieger = None  # peace lifts the sieges between the two powers
    state.war_end = None
    ctx.emit("urr.event.war_over", a=war.powers[0], b=war.powers[1])
    ctx.enter(end.return_to)


WAR_END = Phase[UrrState](
    name="war_end",
    prompts=_prompts,
    handlers={
        act.RecordMorale: _record,
        act.DeclareWinner: _declare,
        act.SetBudget: _budget,
        act.BuyReparation: _buy,
        act.FinishReparations: _finish,
    },
)
