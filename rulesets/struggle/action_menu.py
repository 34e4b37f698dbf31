"""The actions phase's menu: the active player's next action, or a tile's free action.

Each action either happens at once (pass, colonise, a tile's effect) or opens the phase of
its next decision (where to build, what to buy, which unit to move, where to attack).
"""

from __future__ import annotations

from collections.abc import Callable

from rulesets.core import Choice, IllegalAction, IntRange, Phase, Prompt, StepContext
from rulesets.struggle.actions import (
    GIFT_NOTE_LIMIT,
    Attack,
    Build,
    Colonise,
    EndTurn,
    Enslave,
    GiveGold,
    Move,
    PassAction,
    Shop,
    UseTile,
)
from rulesets.struggle.choices import label, make_prompt
from rulesets.struggle.money import give_gold
from rulesets.struggle.movement import has_movable_unit
from rulesets.struggle.orders import (
    colonisable,
    may_build,
    move_allowance,
    spend_population,
    start_build,
)
from rulesets.struggle.state import StruggleState, game_data
from rulesets.struggle.targets import ATTACK_FEE, can_attack
from rulesets.struggle.tiles import (
    buyable,
    collect_commerce,
    discard,
    mark_used,
    paying_regions,
    usable_tiles,
)
from rulesets.struggle.tokens import plant_token
from rulesets.struggle.turn_flow import action_done, end_turn, finish_step, open_step

Ctx = StepContext[StruggleState]


def action_prompts(state: StruggleState) -> list[Prompt]:
    power = state.active
    if power is None:
        return []
    choices = [
        Choice.of(PassAction(), label=label("pass_action")),
        Choice.of(EndTurn(), label=label("end_turn")),
    ]
    holder = state.powers[power]
    if buyable(state, power):
        choices.append(Choice.of(Shop(), label=label("shop")))
    if holder.population >= 1:
        choices += [
            Choice.of(Build(unit=unit), label=label(f"build.{unit}"))
            for unit in ("army", "fleet", "fort")
            if may_build(state, power, unit)
        ]
    if has_movable_unit(state, power, []):
        moves = move_allowance(state, power)
        choices.append(Choice.of(Move(), label=label("move", moves=moves)))
    if can_attack(state, power):
        choices.append(Choice.of(Attack(), label=label("attack", gold=ATTACK_FEE)))
    choices += [
        Choice.of(Colonise(marker=m), label=label("colonise", marker=m))
        for m in colonisable(state, power, "pop")
    ]
    choices += [
        Choice.of(Enslave(marker=m), label=label("enslave", marker=m))
        for m in colonisable(state, power, "slaves")
    ]
    choices += [
        Choice.of(UseTile(tile=tile), label=label("use_tile", tile=tile))
        for tile in usable_tiles(state, power)
    ]
    if holder.gold >= 1:
        purse = IntRange(low=1, high=holder.gold)
        others = [p for p in state.turn_order if p != power]
        choices += [
            Choice.of(
                GiveGold(to=p, amount=1), label=label("give_gold", to=p), amount=purse
            ).with_texts(note=GIFT_NOTE_LIMIT)
            for p in others
        ]
    return [make_prompt(power, "choose_action", choices, actions_left=state.turn.actions_left)]


def pass_action(ctx: Ctx, power: str, action: PassAction) -> None:
    ctx.emit("soe.action_passed", power=power)
    action_done(ctx)


def finish_turn(ctx: Ctx, power: str, action: EndTurn) -> None:
    end_turn(ctx)


def give(ctx: Ctx, power: str, action: GiveGold) -> None:
    give_gold(ctx, power, action.to, action.amount, action.note)


def shop(ctx: Ctx, power: str, action: Shop) -> None:
    open_step(ctx, "buy_which")


def build(ctx: Ctx, power: str, action: Build) -> None:
    start_build(ctx, power, action.unit)


def move(ctx: Ctx, power: str, action: Move) -> None:
    open_step(ctx, "move_pick", moves_left=move_allowance(ctx.state, power))


def attack(ctx: Ctx, power: str, action: Attack) -> None:
    open_step(ctx, "attack_region")


def colonise(ctx: Ctx, power: str, action: Colonise) -> None:
    spend_population(ctx, power, 1)
    take_marker(ctx, power, action.marker, "soe.colonised")


def enslave(ctx: Ctx, power: str, action: Enslave) -> None:
    take_marker(ctx, power, action.marker, "soe.enslaved")


def take_marker(ctx: Ctx, power: str, marker: str, event: str) -> None:
    region = game_data(ctx.state).marker(marker).region
    ctx.state.regions[region].markers.remove(marker)
    plant_token(ctx, region, power)
    ctx.state.turn.colonised = True
    ctx.emit(event, power=power, marker=marker, region=region)
    finish_step(ctx, spends_action=True)


# What each tile's free action does: carried out at once, or a decision phase opened.
TileUse = Callable[[Ctx, str, str], None]


def _war_office(ctx: Ctx, power: str, tile: str) -> None:
    open_step(ctx, "attack_region", free=True, tile=tile)


def _mercenaries(ctx: Ctx, power: str, tile: str) -> None:
    mark_used(ctx.state, power, tile)
    start_build(ctx, power, "army", tile=tile)


def _pressgangs(ctx: Ctx, power: str, tile: str) -> None:
    mark_used(ctx.state, power, tile)
    start_build(ctx, power, "fleet", tile=tile)


def _trained_natives(ctx: Ctx, power: str, tile: str) -> None:
    open_step(ctx, "natives_colony", tile=tile, free=True)


def _diplomatic_service(ctx: Ctx, power: str, tile: str) -> None:
    open_step(ctx, "diplomacy", tile=tile, free=True)


def _improved_agriculture(ctx: Ctx, power: str, tile: str) -> None:
    mark_used(ctx.state, power, tile)
    holder = ctx.state.powers[power]
    holder.population = min(game_data(ctx.state).rules.max_population, holder.population + 1)


def _government_reform(ctx: Ctx, power: str, tile: str) -> None:
    """Unrest is secret, so the tile stays on offer at 0 unrest; using it then only tells
    its owner, privately, that it is kept for later."""
    holder = ctx.state.powers[power]
    if holder.unrest == 0:
        ctx.emit("soe.reform_kept", visible_to=[power], power=power, tile=tile)
        return
    ctx.emit("soe.tile_used", power=power, tile=tile)
    discard(ctx.state, power, tile)
    relief = min(2, holder.unrest)
    holder.unrest -= relief
    ctx.emit("soe.unrest_discarded", visible_to=[power], power=power, amount=relief)


def _blockade(ctx: Ctx, power: str, tile: str) -> None:
    open_step(ctx, "blockade_where", tile=tile, free=True)


def _commerce(ctx: Ctx, power: str, tile: str) -> None:
    regions = paying_regions(ctx.state, power, tile)
    if len(regions) == 1:
        collect_commerce(ctx, power, tile, regions[0])
    else:
        open_step(ctx, "commerce_region", tile=tile, free=True)


TILE_USES: dict[str, TileUse] = {
    "war_office": _war_office,
    "mercenaries": _mercenaries,
    "pressgangs": _pressgangs,
    "trained_natives": _trained_natives,
    "diplomatic_service": _diplomatic_service,
    "improved_agriculture": _improved_agriculture,
    "government_reform": _government_reform,
    "blockade": _blockade,
}
# Those report their use once carried out (a cancelled War Office was never used).
REPORTED_LATER = frozenset(
    {"war_office", "trained_natives", "diplomatic_service", "blockade", "government_reform"}
)


def use_tile(ctx: Ctx, power: str, action: UseTile) -> None:
    tile = game_data(ctx.state).tile(action.tile)
    use = TILE_USES.get(tile.effect, _commerce if tile.family == "commerce" else None)
    if use is None:
        raise IllegalAction("soe.error.tile_not_usable", tile=action.tile)
    if tile.effect not in REPORTED_LATER:
        ctx.emit("soe.tile_used", power=power, tile=action.tile)
    use(ctx, power, action.tile)


ACTIONS: Phase[StruggleState] = Phase(
    name="actions",
    prompts=action_prompts,
    handlers={
        PassAction: pass_action,
        EndTurn: finish_turn,
        GiveGold: give,
        Shop: shop,
        Build: build,
        Move: move,
        Attack: attack,
        Colonise: colonise,
        Enslave: enslave,
        UseTile: use_tile,
    },
)
