"""Phase inside a Merchant use: the Corsairs in its box attack, then its Squadrons defend.

Each decision belongs to the player the text gives it to (§4.4, Merchant steps 1–2): each
Corsair owner, in turn order, rolls one Success die per Corsair or holds (a reaction prompt;
an absent owner rolls); then the Merchant rolls at most five dice for its Squadrons or
holds (an absent Merchant rolls), and chooses, hit by hit, whose Corsair each success
sinks (an absent Merchant sinks from the largest group, ties in turn order)."""

from __future__ import annotations

from rulesets.colonial import actions as act
from rulesets.colonial.anytime import ANYTIME_HANDLERS, anytime_choices
from rulesets.colonial.board import Ctx, order, success_dice
from rulesets.colonial.goods import SQUADRON_DICE, start_shipping
from rulesets.colonial.state import ColonialState, Step
from rulesets.core import Choice, Msg, Phase, Prompt


def _step(state: ColonialState) -> Step:
    assert state.step is not None
    return state.step


def _next_attacker(state: ColonialState, step: Step) -> str | None:
    box = state.players[step.seat]
    if not box.fleets:
        return None
    waiting = [o for o in order(state) if box.corsairs.get(o) and o not in step.answers]
    return waiting[0] if waiting else None


def _advance(ctx: Ctx) -> None:
    """Move the fight on to the next decision anyone has to make; ship when none is left."""
    state = ctx.state
    step = _step(state)
    box = state.players[step.seat]
    if step.stage == "attack" and _next_attacker(state, step) is None:
        step.stage = "defend"
    if step.stage == "defend" and not (any(box.corsairs.values()) and box.squadrons):
        step.stage = "over"
    if step.stage == "sink" and not (step.hits and any(box.corsairs.values())):
        step.stage = "over"
    if step.stage == "over":
        start_shipping(ctx, step.seat)


def _sink_order(state: ColonialState, seat: str) -> list[str]:
    """Owners of Corsairs in the box, the largest group first (ties in turn order)."""
    box = state.players[seat].corsairs
    owners = [owner for owner in order(state) if box.get(owner)]
    return sorted(owners, key=lambda owner: -box[owner])


def prompts(state: ColonialState) -> list[Prompt]:
    step = _step(state)
    box = state.players[step.seat]
    if step.stage == "attack":
        owner = _next_attacker(state, step)
        if owner is None:
            return []
        dice = box.corsairs[owner]
        params = {"target": step.seat, "dice": dice, "fleets": box.fleets}
        choices = [
            Choice.of(
                act.CorsairRoll(roll=True), label=Msg(key="col.label.corsair_roll", params=params)
            ),
            Choice.of(
                act.CorsairRoll(roll=False), label=Msg(key="col.label.corsair_hold", params=params)
            ),
        ]
        text = Msg(key="col.prompt.corsair_attack", params=params)
        return [_prompt(state, owner, "corsair_attack", text, choices)]
    if step.stage == "defend":
        dice = min(SQUADRON_DICE, box.squadrons)
        params = {"dice": dice, "corsairs": sum(box.corsairs.values())}
        choices = [
            Choice.of(
                act.DefendRoll(roll=True), label=Msg(key="col.label.defend_roll", params=params)
            ),
            Choice.of(
                act.DefendRoll(roll=False), label=Msg(key="col.label.defend_hold", params=params)
            ),
        ]
        text = Msg(key="col.prompt.defend", params=params)
        return [_prompt(state, step.seat, "defend", text, choices)]
    choices = [
        Choice.of(
            act.SinkCorsair(owner=owner),
            label=Msg(
                key="col.label.sink_corsair", params={"owner": owner, "count": box.corsairs[owner]}
            ),
        )
        for owner in _sink_order(state, step.seat)
    ]
    text = Msg(key="col.prompt.sink_corsair", params={"hits": step.hits})
    return [_prompt(state, step.seat, "sink_corsair", text, choices)]


def _prompt(state: ColonialState, seat: str, kind: str, text: Msg, choices: list[Choice]) -> Prompt:
    return Prompt(
        seat=seat,
        kind=kind,
        text=text,
        choices=choices + anytime_choices(state, seat),
        urgency="reaction",
    )


def corsair_roll(ctx: Ctx, seat: str, action: act.CorsairRoll) -> None:
    step = _step(ctx.state)
    box = ctx.state.players[step.seat]
    step.answers[seat] = action.roll
    dice = box.corsairs[seat]
    if action.roll:
        hits = min(success_dice(ctx, dice), box.fleets)
        box.fleets -= hits
        ctx.emit("col.event.corsairs_attack", seat=seat, target=step.seat, dice=dice, hits=hits)
    else:
        ctx.emit("col.event.corsairs_hold", seat=seat, target=step.seat)
    _advance(ctx)


def defend_roll(ctx: Ctx, seat: str, action: act.DefendRoll) -> None:
    step = _step(ctx.state)
    box = ctx.state.players[seat]
    if action.roll:
        dice = min(SQUADRON_DICE, box.squadrons)
        hits = success_dice(ctx, dice)
        ctx.emit("col.event.squadrons_defend", seat=seat, dice=dice, hits=hits)
        step.hits = min(hits, sum(box.corsairs.values()))
        step.stage = "sink"
    else:
        ctx.emit("col.event.defence_held", seat=seat)
        step.stage = "over"
    _advance(ctx)


def sink_corsair(ctx: Ctx, seat: str, action: act.SinkCorsair) -> None:
    step = _step(ctx.state)
    box = ctx.state.players[seat]
    box.corsairs[action.owner] -= 1
    step.hits -= 1
    ctx.emit("col.event.corsair_sunk", seat=action.owner, target=seat)
    _advance(ctx)


PHASE: Phase[ColonialState] = Phase(
    name="raid",
    prompts=prompts,
    enter=_advance,
    handlers={
        act.CorsairRoll: corsair_roll,
        act.DefendRoll: defend_roll,
        act.SinkCorsair: sink_corsair,
        **ANYTIME_HANDLERS,
    },
)
