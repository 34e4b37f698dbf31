"""Interception: an enemy's tactical move into a zone the defending power holds, asked of
that power before the combat opens. Its troops within reach move into the zone and fight
there beside any defenders; letting the move pass is listed first."""

from __future__ import annotations

from rulesets.core import Choice, IntRange, Phase, Prompt, StepContext
from rulesets.ultima_ratio_regis import actions as act
from rulesets.ultima_ratio_regis.board import leader_types, troops
from rulesets.ultima_ratio_regis.interception_reach import interception_sources
from rulesets.ultima_ratio_regis.power_actions import carry_out_move
from rulesets.ultima_ratio_regis.state import PendingMove, UrrState, referee
from rulesets.ultima_ratio_regis.text import say

Ctx = StepContext[UrrState]


def _move(state: UrrState) -> PendingMove:
    assert state.pending_move is not None
    return state.pending_move


def _prompts(state: UrrState) -> list[Prompt]:
    move = _move(state)
    where = {"power": move.power, "origin": move.origin, "area": move.area}
    choices = [Choice.of(act.LetPass(), label=say("urr.label.let_pass", **where))]
    for zone, most in interception_sources(state, move.defender, move.area):
        order = act.Intercept(origin=zone, count=1)
        if most == 1:
            label = say("urr.label.intercept.one", defender=move.defender, zone=zone, **where)
            choices.append(Choice.of(order, label=label))
        else:
            label = say(
                "urr.label.intercept.decisive",
                defender=move.defender,
                zone=zone,
                most=most,
                **where,
            )
            choices.append(Choice.of(order, label=label, count=IntRange(low=1, high=most)))
    record = state.powers[move.defender]
    seat = record.player or referee(state)
    text = say("urr.prompt.intercept", **where)
    return [Prompt(seat=seat, kind="intercept", text=text, choices=choices, urgency="reaction")]


def _intercept(ctx: Ctx, seat: str, action: act.Intercept) -> None:
    """The best troops go first; a Decisive leader goes with the stack he brings."""
    state = ctx.state
    move = _move(state)
    stack = sorted(troops(state, move.defender, action.origin), key=lambda u: (-u.q, u.id))
    for troop in stack[: action.count]:
        troop.area, troop.moved_at = move.area, state.impulse
    if "decisive" in leader_types(state, move.defender, action.origin):
        for leader in state.leaders:
            if leader.power == move.defender and leader.area == action.origin:
                leader.area = move.area
    move.intercepted = True
    ctx.emit(
        "urr.event.intercepted",
        defender=move.defender,
        origin=action.origin,
        count=action.count,
        power=move.power,
        area=move.area,
    )
    _go_on(ctx, move)


def _let_pass(ctx: Ctx, seat: str, action: act.LetPass) -> None:
    _go_on(ctx, _move(ctx.state))


def _go_on(ctx: Ctx, move: PendingMove) -> None:
    ctx.state.pending_move = None
    ctx.enter("impulse")
    carry_out_move(ctx, move)


INTERCEPTION = Phase[UrrState](
    name="interception",
    prompts=_prompts,
    handlers={act.Intercept: _intercept, act.LetPass: _let_pass},
)
