"""Phase 3's rounds and turns, and the passage from one war to the next.

A mechanism, not a phase: the phase modules call it when an action ends, and it moves the
game on by phase name (`ctx.enter`), so it imports no phase module.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import StepContext
from rulesets.struggle.income import income_and_upkeep
from rulesets.struggle.scoring import end_game, score_regions
from rulesets.struggle.setup import place_markers
from rulesets.struggle.state import Step, StruggleState, TurnState, game_data, option

Ctx = StepContext[StruggleState]


def open_step(ctx: Ctx, phase: str, **fields: Any) -> None:
    """Start a decision of the active player's action (a build's destination, a move)."""
    ctx.state.step = Step(**fields)
    ctx.enter(phase)


def current_step(state: StruggleState) -> Step:
    """What the order in progress has chosen so far (only inside an order's phases)."""
    assert state.step is not None
    return state.step


def cancel_order(ctx: Ctx, power: str, action: Any) -> None:
    """The handler of `cancel`: back out of an order that has cost nothing yet."""
    back_to_menu(ctx)


def finish_step(ctx: Ctx, spends_action: bool) -> None:
    """The order in progress is over: back to the action menu, spending an action if due."""
    ctx.state.step = None
    ctx.enter("actions")
    if spends_action:
        action_done(ctx)


def back_to_menu(ctx: Ctx) -> None:
    """A free order (a cancelled one, a tile's free action) is over; no action is spent."""
    finish_step(ctx, spends_action=False)


def start_actions(ctx: Ctx) -> None:
    state = ctx.state
    ctx.enter("actions")
    state.round = 1
    new_round(state)
    ctx.emit("soe.round_started", war=state.war, round=state.round)
    begin_turn(ctx, state.turn_order[0])


def new_round(state: StruggleState) -> None:
    """One-shot tiles may be bought back again; Trained Natives, whose text sets no « par
    Guerre » limit, stand up again each round (once per war under the option)."""
    state.used_one_shot_this_round = {}
    if option(state, "natives_once_per_war"):
        return
    data = game_data(state)
    for holder in state.powers.values():
        for held in holder.tiles:
            if data.tile(held.tile).effect == "trained_natives":
                held.used = False


def begin_turn(ctx: Ctx, power: str) -> None:
    state = ctx.state
    state.active = power
    state.step = None
    state.turn = TurnState(actions_left=game_data(state).rules.actions_per_turn)
    ctx.emit("soe.turn_started", power=power)


def action_done(ctx: Ctx) -> None:
    """One of the active player's actions is over: spend it, and end the turn if none left."""
    state = ctx.state
    state.step = None
    state.turn.actions_left -= 1
    if state.turn.actions_left <= 0:
        end_turn(ctx)


def end_turn(ctx: Ctx) -> None:
    state = ctx.state
    assert state.active is not None
    state.step = None
    index = state.turn_order.index(state.active)
    if index + 1 < len(state.turn_order):
        begin_turn(ctx, state.turn_order[index + 1])
        return
    state.last_actor = state.active
    if state.round < state.rounds_in_war:
        state.round += 1
        new_round(state)
        ctx.emit("soe.round_started", war=state.war, round=state.round)
        begin_turn(ctx, state.turn_order[0])
        return
    end_of_war(ctx)


def end_of_war(ctx: Ctx) -> None:
    """Income, scoring and the reset; then the next war's auction, or the end of the game."""
    state = ctx.state
    state.active = None
    income_and_upkeep(ctx)
    score_regions(ctx)
    reset_for_next_war(ctx)
    if state.war >= game_data(state).rules.wars:
        end_game(ctx)
        ctx.enter("over")
        return
    state.war += 1
    ctx.emit("soe.war_started", war=state.war)
    place_markers(ctx, game_data(state).rules.markers_per_war)
    ctx.enter("auction")


def reset_for_next_war(ctx: Ctx) -> None:
    """Once-per-war tiles stand up again; Alliance tiles and the Blockade go back to stock."""
    state = ctx.state
    data = game_data(state)
    for holder in state.powers.values():
        kept = []
        for held in holder.tiles:
            if data.tile(held.tile).family == "alliance":
                state.stock[held.tile] += 1
                continue
            held.used = False
            kept.append(held)
        holder.tiles = kept
    if state.blockade is not None:
        state.stock[blockade_tile(state)] += 1
        state.blockade = None
    state.group_a, state.group_b = [], []
    state.turn_order = []
    state.round = 1
    ctx.emit("soe.war_ended", war=state.war)


def blockade_tile(state: StruggleState) -> str:
    tile = game_data(state).tile_by_effect("blockade")
    assert tile is not None
    return tile.id
