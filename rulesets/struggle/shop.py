"""The buy phases: which tile to buy, then, for Pirates or a Slave Revolt, whom they strike."""

from __future__ import annotations

from rulesets.core import Choice, Phase, Prompt, StepContext
from rulesets.struggle.actions import Buy, Cancel, ChooseToken
from rulesets.struggle.choices import label, make_prompt
from rulesets.struggle.combat_flow import advance
from rulesets.struggle.state import OwnedTile, StruggleState, game_data
from rulesets.struggle.targets import raider_strikes
from rulesets.struggle.tiles import buyable, pay_for_tile, raider_victims, tile_label
from rulesets.struggle.turn_flow import (
    cancel_order,
    finish_step,
    open_step,
)

Ctx = StepContext[StruggleState]
RAIDERS = ("pirates", "slave_revolt")


def buy_which_prompts(state: StruggleState) -> list[Prompt]:
    power = state.active
    assert power is not None
    tiles = [
        Choice.of(Buy(tile=tile), label=tile_label("buy", state, tile))
        for tile in buyable(state, power)
    ]
    cancel = Choice.of(Cancel(), label=label("cancel"))
    return [make_prompt(power, "buy_which", [cancel, *tiles])]


def buy_tile(ctx: Ctx, power: str, action: Buy) -> None:
    state = ctx.state
    tile = action.tile
    data = game_data(state).tile(tile)
    pay_for_tile(ctx, power, tile)
    state.turn.bought = True
    ctx.emit("soe.tile_bought", power=power, tile=tile)
    if data.effect in RAIDERS:
        open_step(ctx, "raider_target", tile=tile)
        return
    state.powers[power].tiles.append(OwnedTile(tile=tile, used=data.nature == "immediate"))
    if data.effect == "industry":
        state.powers[power].vp += 3
        ctx.emit("soe.vp_gained", power=power, vp=3)
    finish_step(ctx, spends_action=True)


def raider_target_prompts(state: StruggleState) -> list[Prompt]:
    power, tile = state.active, state.step.tile if state.step else None
    assert power is not None and tile is not None
    victims = [
        Choice.of(ChooseToken(region=r, power=p), label=label("choose_token", region=r, power=p))
        for r, p in raider_victims(state, tile)
    ]
    return [make_prompt(power, "raider_target", victims, tile=tile)]


def strike_with_raider(ctx: Ctx, power: str, action: ChooseToken) -> None:
    step = ctx.state.step
    assert step is not None and step.tile is not None
    ctx.state.step = None
    ctx.enter("combat")
    raider_strikes(ctx, step.tile, action.region, action.power)
    advance(ctx)


BUY_WHICH: Phase[StruggleState] = Phase(
    name="buy_which", prompts=buy_which_prompts, handlers={Cancel: cancel_order, Buy: buy_tile}
)
RAIDER_TARGET: Phase[StruggleState] = Phase(
    name="raider_target", prompts=raider_target_prompts, handlers={ChooseToken: strike_with_raider}
)
