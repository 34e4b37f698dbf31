"""Phases 2 to 6: Merchant Fleets and Naval Forces (asked of every seat at once, since no
choice there changes another's), First Player by Monopolies, Corsairs in turn order, and
Interest; then the next turn's Endeavour, or the end at an agreed turn limit."""

from __future__ import annotations

from rulesets.colonial import actions as act
from rulesets.colonial.anytime import ANYTIME_HANDLERS, anytime_choices
from rulesets.colonial.board import NONE, Ctx, finish, monopolies, order, track_value
from rulesets.colonial.state import ColonialState
from rulesets.core import Choice, IntRange, Msg, Phase, Prompt


def fleet_room(state: ColonialState, seat: str) -> int:
    return min(monopolies(state, seat), state.players[seat].treasury)


def navy_room(state: ColonialState, seat: str) -> int:
    return min(track_value(state, seat, "navy"), state.players[seat].treasury)


def _amount_prompts(state: ColonialState, kind: str) -> list[Prompt]:
    room = fleet_room if kind == "fleets" else navy_room
    model = act.Fleets if kind == "fleets" else act.Navy
    result = []
    for seat in order(state):
        if seat in state.answered or seat not in state.picking:
            continue
        most = room(state, seat)
        choice = Choice.of(
            model(amount=0),
            label=Msg(key=f"col.label.{kind}", params={"most": most}),
            amount=IntRange(low=0, high=max(0, most)),
        )
        result.append(
            Prompt(
                seat=seat,
                kind=kind,
                text=Msg(key=f"col.prompt.{kind}", params={"most": most}),
                choices=[choice, *anytime_choices(state, seat)],
                simultaneous=True,
            )
        )
    return result


def _open(ctx: Ctx, kind: str) -> None:
    """The seats asked are fixed on entry, so that a repayment meanwhile leaves nobody
    waiting on a prompt that vanished."""
    room = fleet_room if kind == "fleets" else navy_room
    ctx.state.answered = []
    ctx.state.picking = [seat for seat in order(ctx.state) if room(ctx.state, seat) >= 1]


def enter_fleets(ctx: Ctx) -> None:
    _open(ctx, "fleets")
    if not _amount_prompts(ctx.state, "fleets"):
        _after_fleets(ctx)


def fleets(ctx: Ctx, seat: str, action: act.Fleets) -> None:
    p = ctx.state.players[seat]
    p.treasury -= action.amount
    p.fleets += action.amount
    ctx.state.answered.append(seat)
    if action.amount:
        ctx.emit("col.event.fleets_built", seat=seat, amount=action.amount)
    if not _amount_prompts(ctx.state, "fleets"):
        _after_fleets(ctx)


def _after_fleets(ctx: Ctx) -> None:
    choose_first_player(ctx)
    ctx.enter("navy")


def choose_first_player(ctx: Ctx) -> None:
    """Phase 3: a unique leader in Monopolies takes the marker; a tie passes it left."""
    state = ctx.state
    if state.turn == 1 and not state.options.get("first_player_phase_in_turn_one"):
        return
    counts = {seat: monopolies(state, seat) for seat in state.seats}
    best = max(counts.values())
    leaders = [seat for seat, n in counts.items() if n == best]
    if len(leaders) == 1:
        state.first = leaders[0]
    else:
        state.first = state.seats[(state.seats.index(state.first) + 1) % len(state.seats)]
    ctx.emit("col.event.first_player", seat=state.first, monopolies=counts[state.first])


def enter_navy(ctx: Ctx) -> None:
    _open(ctx, "navy")
    if not _amount_prompts(ctx.state, "navy"):
        ctx.enter("corsairs")


def navy(ctx: Ctx, seat: str, action: act.Navy) -> None:
    p = ctx.state.players[seat]
    p.treasury -= action.amount
    p.squadrons += action.amount
    ctx.state.answered.append(seat)
    if action.amount:
        ctx.emit("col.event.squadrons_built", seat=seat, amount=action.amount)
    if not _amount_prompts(ctx.state, "navy"):
        ctx.enter("corsairs")


def enter_corsairs(ctx: Ctx) -> None:
    ctx.state.actor = 0
    _next_corsair(ctx)


def _next_corsair(ctx: Ctx) -> None:
    state = ctx.state
    seats = order(state)
    while state.actor < len(seats) and state.players[seats[state.actor]].treasury < 1:
        state.actor += 1
    if state.actor >= len(seats):
        end_turn(ctx)


def corsair_prompts(state: ColonialState) -> list[Prompt]:
    seat = order(state)[state.actor]
    choices = [Choice.of(act.Corsair(target=NONE), label=Msg(key="col.label.no_corsair"))]
    for other in order(state):
        if other != seat and state.players[seat].treasury >= 1:
            choices.append(
                Choice.of(
                    act.Corsair(target=other),
                    label=Msg(key="col.label.corsair", params={"target": other}),
                )
            )
    return [
        Prompt(
            seat=seat,
            kind="corsair",
            text=Msg(key="col.prompt.corsair"),
            choices=choices + anytime_choices(state, seat),
        )
    ]


def corsair(ctx: Ctx, seat: str, action: act.Corsair) -> None:
    state = ctx.state
    if action.target != NONE:
        state.players[seat].treasury -= 1
        box = state.players[action.target].corsairs
        box[seat] = box.get(seat, 0) + 1
        ctx.emit("col.event.corsair_sent", seat=seat, target=action.target)
    state.actor += 1
    _next_corsair(ctx)


def end_turn(ctx: Ctx) -> None:
    """Phase 6, Interest: each loan grows by one per Unrest on its owner's board."""
    state = ctx.state
    for seat in order(state):
        p = state.players[seat]
        if p.loans and p.unrest:
            p.loans = [stack + p.unrest for stack in p.loans]
            ctx.emit("col.event.interest", seat=seat, amount=p.unrest * len(p.loans))
    limit = int(state.options.get("turn_limit", 0))
    if limit and state.turn >= limit:
        finish(ctx, None)
        return
    state.turn += 1
    ctx.enter("programme")


PHASES: list[Phase[ColonialState]] = [
    Phase(
        name="fleets",
        prompts=lambda state: _amount_prompts(state, "fleets"),
        handlers={act.Fleets: fleets, **ANYTIME_HANDLERS},
        enter=enter_fleets,
    ),
    Phase(
        name="navy",
        prompts=lambda state: _amount_prompts(state, "navy"),
        handlers={act.Navy: navy, **ANYTIME_HANDLERS},
        enter=enter_navy,
    ),
    Phase(
        name="corsairs",
        prompts=corsair_prompts,
        handlers={act.Corsair: corsair, **ANYTIME_HANDLERS},
        enter=enter_corsairs,
    ),
]
