"""The combat phase: the decision due in a combat (see combat_decisions), and the answers
that record it. The ruleset's `apply` then runs the combat's automatic steps (combat_flow)
until the next decision or the end of the combat."""

from __future__ import annotations

from collections.abc import Callable

from rulesets.core import Choice, IntRange, Msg, Phase, Prompt, StepContext
from rulesets.struggle.actions import (
    GIFT_NOTE_LIMIT,
    AllianceStage,
    Answer,
    Casualty,
    Done,
    GiveGold,
    Support,
    Withdraw,
)
from rulesets.struggle.choices import shown, yes_no_choices
from rulesets.struggle.combat import casualty_options, naval_support_for, other, side_name
from rulesets.struggle.combat_decisions import (
    Pending,
    alliance_stages,
    capacity,
    next_casualty,
    offer_seats,
    pending,
    support_candidates,
    withdrawal_options,
)
from rulesets.struggle.combat_flow import roll_dice
from rulesets.struggle.combat_results import report_naval_support, return_one_shot
from rulesets.struggle.money import give_gold
from rulesets.struggle.state import (
    CombatState,
    Commitment,
    Side,
    StruggleState,
    option,
    owned,
)

Ctx = StepContext[StruggleState]
# The yes/no combat prompts and the question their Answer carries.
QUESTIONS = {
    "surprise_attack": "surprise",
    "naval_fight": "naval_fight",
    "use_reserve": "reserve",
    "blockade_support": "blockade",
}


def combat_prompts(state: StruggleState) -> list[Prompt]:
    waiting = pending(state)
    if waiting is None:
        return []
    if waiting.kind == "gold_offer":
        return [offer_prompt(state, seat) for seat in offer_seats(state, _combat(state))]
    return [combat_prompt(state, waiting)]


def offer_prompt(state: StruggleState, seat: str) -> Prompt:
    """While allies are asked, each player may give gold to another, once, or nothing."""
    combat = _combat(state)
    purse = IntRange(low=1, high=state.powers[seat].gold)
    others = [p for p in (state.turn_order or state.seats) if p != seat]
    choices = [Choice.of(Done(), label=Msg(key="soe.label.no_offer"))]
    choices += [
        Choice.of(
            GiveGold(to=p, amount=1),
            label=Msg(key="soe.label.give_gold", params={"to": p}),
            amount=purse,
        ).with_texts(note=GIFT_NOTE_LIMIT)
        for p in others
    ]
    params = shown(
        {
            "region": combat.region,
            "attacker": side_name(combat, "attacker"),
            "defender": side_name(combat, "defender"),
        }
    )
    return Prompt(
        seat=seat,
        kind="gold_offer",
        text=Msg(key="soe.prompt.gold_offer", params=params),
        choices=choices,
        urgency="reaction",
        simultaneous=True,
    )


def offer_gold(ctx: Ctx, seat: str, action: GiveGold) -> None:
    _combat(ctx.state).asked.append(f"offer:{seat}")
    give_gold(ctx, seat, action.to, action.amount, action.note)


def offer_nothing(ctx: Ctx, seat: str, action: Done) -> None:
    _combat(ctx.state).asked.append(f"offer:{seat}")


def combat_prompt(state: StruggleState, waiting: Pending) -> Prompt:
    combat = _combat(state)
    seat, kind = waiting.seat, waiting.kind
    params = shown(
        {
            "region": combat.region,
            "attacker": side_name(combat, "attacker"),
            "defender": side_name(combat, "defender"),
        }
    )
    if kind == "support_attack":
        choices = _support_choices(state, combat, seat)
    elif kind == "alliance_tile":
        assert waiting.detail is not None
        choices = _alliance_choices(state, combat, seat, waiting.detail)
        params["tile"] = waiting.detail
    elif kind == "choose_casualty":
        assert waiting.detail is not None
        choices = _casualty_choices(state, combat, int(waiting.detail))
    elif kind == "fighting_withdrawal":
        choices = _withdrawal_choices(state, combat)
    else:
        choices = yes_no_choices(QUESTIONS[kind])
    return Prompt(
        seat=seat,
        kind=kind,
        text=Msg(key=f"soe.prompt.{kind}", params=params),
        choices=choices,
        urgency="reaction",
    )


def _support_choices(state: StruggleState, combat: CombatState, seat: str) -> list[Choice]:
    """No help, or a commitment of up to the ally's ships at sea and armies on land (a kind
    the ally has none of is left out, so the choice offers only what it could send)."""
    naval, land = capacity(state, combat, seat)
    spans = {
        name: IntRange(low=0, high=most)
        for name, most in (("naval", naval), ("land", land))
        if most > 0
    }
    key = "soe.choice.support" if len(spans) == 2 else f"soe.choice.support_{next(iter(spans))}"
    return [
        Choice.of(Support(naval=0, land=0), label=Msg(key="soe.choice.no_support")),
        Choice.of(
            Support(naval=0, land=0),
            label=Msg(key=key, params={"naval": naval, "land": land}),
            **spans,
        ),
    ]


def _alliance_choices(
    state: StruggleState, combat: CombatState, seat: str, tile: str
) -> list[Choice]:
    stages = alliance_stages(state, combat, seat, tile)
    return [
        Choice.of(
            AllianceStage(tile=tile, stage=stage),
            label=Msg(key=f"soe.choice.alliance_{stage}", params={"tile": tile}),
        )
        for stage in ["none", *stages]
    ]


def _casualty_choices(state: StruggleState, combat: CombatState, index: int) -> list[Choice]:
    found = casualty_options(state, combat, index)
    assert found is not None
    current = combat.losses[index][:2]
    ordered = [current, *[option for option in found[1] if option != current]]
    return [
        Choice.of(
            Casualty(power=p, unit=u), label=Msg(key=f"soe.label.casualty.{u}", params={"power": p})
        )
        for p, u in ordered
    ]


def _withdrawal_choices(state: StruggleState, combat: CombatState) -> list[Choice]:
    choices = [Choice.of(Withdraw(spare="none"), label=Msg(key="soe.choice.no_withdrawal"))]
    choices += [
        Choice.of(Withdraw(spare=who), label=Msg(key="soe.choice.withdraw", params={"power": who}))
        for who in withdrawal_options(state, combat)
    ]
    return choices


def _combat(state: StruggleState) -> CombatState:
    assert state.combat is not None
    return state.combat


def answer_surprise(ctx: Ctx, combat: CombatState, seat: str, yes: bool) -> None:
    combat.asked.append("surprise")
    if yes and combat.attacker is not None:
        combat.surprise = True
        return_one_shot(
            ctx, combat.attacker, owned(ctx.state, combat.attacker, "surprise_attack")[0]
        )
        ctx.emit("soe.surprise_attack", power=combat.attacker, defender=combat.defender)


def answer_support(ctx: Ctx, ally: str, action: Support) -> None:
    combat = _combat(ctx.state)
    naval, land = action.naval, action.land
    combat.asked.append(f"support:{ally}")
    side = dict(support_candidates(ctx.state, combat))[ally]
    if naval or land:
        combat.allies[ally] = side
        combat.support[ally] = Commitment(naval=naval, land=land)
    ctx.emit("soe.support", power=ally, side=side, naval=naval, land=land)


def answer_alliance(ctx: Ctx, power: str, action: AllianceStage) -> None:
    combat = _combat(ctx.state)
    tile, stage = action.tile, action.stage
    combat.asked.append(f"alliance:{tile}")
    if stage in ("land", "naval"):
        combat.alliance_stage[tile] = stage
        ctx.emit("soe.alliance_tile_used", power=power, tile=tile, stage=stage)


def answer_naval(ctx: Ctx, combat: CombatState, seat: str, fight: bool) -> None:
    side: Side = "attacker" if combat.step == "naval_attacker" else "defender"
    ctx.emit("soe.naval_fought" if fight else "soe.naval_declined", power=seat)
    if not fight:
        combat.naval_support = naval_support_for(ctx.state, combat, other(side))
        report_naval_support(ctx, combat)
        combat.step = "blockade"
        return
    combat.step = "naval_defender" if side == "attacker" else "naval_roll"


def answer_reserve(ctx: Ctx, combat: CombatState, seat: str, yes: bool) -> None:
    side: Side = "attacker" if seat == combat.attacker else "defender"
    if not yes:
        combat.reserve_declined.append(side)
        return
    if option(ctx.state, "reserve_once_per_war"):
        holder = ctx.state.powers[seat]
        tile = owned(ctx.state, seat, "reserve", unused=True)[0]
        next(held for held in holder.tiles if held.tile == tile and not held.used).used = True
    else:
        combat.reserves_used[seat] = combat.reserves_used.get(seat, 0) + 1
    ctx.emit("soe.reserve_used", power=seat)
    only = side if option(ctx.state, "reserve_rerolls") == "own" else None
    roll_dice(ctx, combat, only=only)


def answer_withdrawal(ctx: Ctx, seat: str, action: Withdraw) -> None:
    combat = _combat(ctx.state)
    spare = action.spare
    combat.asked.append("withdrawal")
    if spare == "none":
        return
    spare_fort = bool(option(ctx.state, "withdrawal_spares_fort"))
    loss = next(
        entry for entry in combat.losses if entry[0] == spare and (spare_fort or entry[1] != "fort")
    )
    combat.losses.remove(loss)
    tile = owned(ctx.state, seat, "fighting_withdrawal")[0]
    return_one_shot(ctx, seat, tile)
    ctx.emit("soe.withdrawal", power=seat, spared=spare, unit=loss[1])


def answer_casualty(ctx: Ctx, seat: str, action: Casualty) -> None:
    combat = _combat(ctx.state)
    power, unit = action.power, action.unit
    waiting = next_casualty(ctx.state, combat)
    assert waiting is not None and waiting.detail is not None
    index = int(waiting.detail)
    combat.asked.append(f"casualty:{index}")
    combat.losses[index] = (power, unit, combat.losses[index][2])


def answer_blockade(ctx: Ctx, combat: CombatState, seat: str, yes: bool) -> None:
    combat.asked.append("blockade")
    if yes:
        combat.blockade_boost = True
        return_one_shot(ctx, seat, owned(ctx.state, seat, "blockade")[0])


YesNo = Callable[[Ctx, CombatState, str, bool], None]
ANSWERS: dict[str, YesNo] = {
    "surprise": answer_surprise,
    "naval_fight": answer_naval,
    "reserve": answer_reserve,
    "blockade": answer_blockade,
}


def answer(ctx: Ctx, seat: str, action: Answer) -> None:
    """A yes/no combat question; the prompt only ever offers the question now due."""
    ANSWERS[action.question](ctx, _combat(ctx.state), seat, action.yes)


COMBAT: Phase[StruggleState] = Phase(
    name="combat",
    prompts=combat_prompts,
    handlers={
        Answer: answer,
        Support: answer_support,
        AllianceStage: answer_alliance,
        Withdraw: answer_withdrawal,
        Casualty: answer_casualty,
        GiveGold: offer_gold,
        Done: offer_nothing,
    },
)
