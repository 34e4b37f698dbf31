"""Interception, asked before a move's outcome, letting it pass listed first. On land: an
enemy's tactical move into a zone the defending power holds; its troops within reach move
into the zone and fight there beside any defenders. At sea: a fleet's strategic move into
a sea; each enemy with a fleet within reach is asked in turn, and an interceptor attacks
the moving fleet in a naval battle of 2 dice ('Opérations navales ... interception')."""

from __future__ import annotations

from rulesets.core import Choice, IntRange, Phase, Prompt, StepContext
from rulesets.ultima_ratio_regis import actions as act
from rulesets.ultima_ratio_regis import battle
from rulesets.ultima_ratio_regis.board import leader_types, squadrons, troops, war_between
from rulesets.ultima_ratio_regis.fighting import make_side, new_combat_id, open_combat
from rulesets.ultima_ratio_regis.interception_reach import (
    interception_sources,
    naval_interceptors,
    naval_sources,
)
from rulesets.ultima_ratio_regis.power_actions import carry_out_move
from rulesets.ultima_ratio_regis.sequence import after_action
from rulesets.ultima_ratio_regis.state import Combat, PendingMove, UrrState, game_data, referee
from rulesets.ultima_ratio_regis.text import say

Ctx = StepContext[UrrState]


def _move(state: UrrState) -> PendingMove:
    assert state.pending_move is not None
    return state.pending_move


def _prompts(state: UrrState) -> list[Prompt]:
    move = _move(state)
    where = {"power": move.power, "origin": move.origin, "area": move.area}
    builder = _naval_choices if move.target == "sail" else _land_choices
    choices = [
        Choice.of(act.LetPass(), label=say("urr.label.let_pass", **where)),
        *builder(state, move),
    ]
    record = state.powers[move.defender]
    seat = record.player or referee(state)
    text = say(f"urr.prompt.intercept{'.naval' if move.target == 'sail' else ''}", **where)
    return [Prompt(seat=seat, kind="intercept", text=text, choices=choices, urgency="reaction")]


def _naval_choices(state: UrrState, move: PendingMove) -> list[Choice]:
    where = {"power": move.power, "defender": move.defender, "area": move.area}
    return [
        Choice.of(
            act.Intercept(origin=zone, count=len(squadrons(state, move.defender, zone))),
            label=say("urr.label.intercept.naval", zone=zone, **where),
        )
        for zone in naval_sources(state, move.defender, move.area)
    ]


def _land_choices(state: UrrState, move: PendingMove) -> list[Choice]:
    where = {"power": move.power, "defender": move.defender, "area": move.area}
    choices = []
    for zone, most in interception_sources(state, move.defender, move.area):
        order = act.Intercept(origin=zone, count=1)
        if most == 1:
            label = say("urr.label.intercept.one", zone=zone, **where)
            choices.append(Choice.of(order, label=label))
        else:
            label = say("urr.label.intercept.decisive", zone=zone, most=most, **where)
            choices.append(Choice.of(order, label=label, count=IntRange(low=1, high=most)))
    return choices


def _intercept(ctx: Ctx, seat: str, action: act.Intercept) -> None:
    move = _move(ctx.state)
    if move.target == "sail":
        _intercept_at_sea(ctx, move, action.origin)
        return
    _intercept_on_land(ctx, move, action)
    _go_on(ctx, move)


def _intercept_on_land(ctx: Ctx, move: PendingMove, action: act.Intercept) -> None:
    """The best troops go first; a Decisive leader goes with the stack he brings."""
    state = ctx.state
    stack = sorted(troops(state, move.defender, action.origin), key=lambda u: (-u.q, u.id))
    for troop in stack[: action.count]:
        troop.area, troop.moved_at = move.area, state.impulse
    if "decisive" in leader_types(state, move.defender, action.origin):
        _bring_leaders(state, move.defender, action.origin, move.area)
    move.intercepted = True
    ctx.emit(
        "urr.event.intercepted",
        defender=move.defender,
        origin=action.origin,
        count=action.count,
        power=move.power,
        area=move.area,
    )


def _intercept_at_sea(ctx: Ctx, move: PendingMove, origin: str) -> None:
    """The whole fleet of that sea or port sails out and attacks the moving fleet (2D)."""
    state = ctx.state
    fleet = squadrons(state, move.defender, origin)
    for squadron in fleet:
        squadron.area, squadron.moved_at = move.area, state.impulse
    if game_data(state).zone(origin).kind == "sea":
        _bring_leaders(state, move.defender, origin, move.area)
    ctx.emit(
        "urr.event.intercepted.naval",
        defender=move.defender,
        origin=origin,
        count=len(fleet),
        power=move.power,
        area=move.area,
    )
    moving = [u for u in state.units if u.id in move.movers and u.area == move.area]
    size = battle.NAVAL_SIZES["operations"]
    war = war_between(state, move.defender, move.power)
    combat = Combat(
        id=new_combat_id(state),
        kind="naval",
        area=move.area,
        war=war.id if war else None,
        attacker=make_side(state, "naval", move.defender, fleet, move.area),
        defender=make_side(state, "naval", move.power, moving, move.area),
        band=(size, size),
        size=size,
    )
    state.pending_move = None
    ctx.enter("impulse")
    open_combat(ctx, combat)


def _bring_leaders(state: UrrState, power: str, origin: str, area: str) -> None:
    for leader in state.leaders:
        if leader.power == power and leader.area == origin:
            leader.area = area


def _let_pass(ctx: Ctx, seat: str, action: act.LetPass) -> None:
    """At sea the next enemy within reach is asked; on land the move goes on."""
    state = ctx.state
    move = _move(state)
    if move.target == "sail":
        later = [
            foe for foe in naval_interceptors(state, move.power, move.area) if foe > move.defender
        ]
        if later:
            move.defender = later[0]
            return
        state.pending_move = None
        ctx.enter("impulse")
        after_action(ctx)
        return
    _go_on(ctx, move)


def _go_on(ctx: Ctx, move: PendingMove) -> None:
    ctx.state.pending_move = None
    ctx.enter("impulse")
    carry_out_move(ctx, move)


INTERCEPTION = Phase[UrrState](
    name="interception",
    prompts=_prompts,
    handlers={act.Intercept: _intercept, act.LetPass: _let_pass},
)
