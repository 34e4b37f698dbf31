"""The decisions inside a Character use: the Explorer's claim, the advanced colony options,
the Viceroy's counters one by one, and the Rebel's choice of each revolt casualty."""

from __future__ import annotations

from collections.abc import Callable

from rulesets.colonial import actions as act
from rulesets.colonial.anytime import ANYTIME_HANDLERS, anytime_choices
from rulesets.colonial.board import (
    Ctx,
    add_unrest,
    colour,
    controlled,
    data,
    has_colour,
    may_place,
    move_diplomacy,
    native_power,
    order,
    place,
    remove_counter,
)
from rulesets.colonial.characters import explore, explorer_choices, explorer_done
from rulesets.colonial.data import BEIGE, SLAVES
from rulesets.colonial.flow import LAST_CHANCE, action_done
from rulesets.colonial.state import ColonialState, Step
from rulesets.core import Choice, Msg, Phase, Prompt


def _step(state: ColonialState) -> Step:
    assert state.step is not None
    return state.step


def _prompt(state: ColonialState, kind: str, text: Msg, choices: list[Choice]) -> list[Prompt]:
    seat = _step(state).seat
    return [Prompt(seat=seat, kind=kind, text=text, choices=choices + anytime_choices(state, seat))]


def _label(key: str, **params: object) -> Msg:
    return Msg(key=f"col.label.{key}", params=params)


# The Explorer's claim -----------------------------------------------------------------


def claim_prompts(state: ColonialState) -> list[Prompt]:
    step = _step(state)
    tid = step.territory
    assert tid is not None
    p = state.players[step.seat]
    choices = [Choice.of(act.Done(), label=_label("claim_nothing"))]
    for index in range(len(state.territories[tid].stacks)):
        if not may_place(state, step.seat, tid, index):
            continue
        kind = colour(state, tid, index)
        if p.fleets:
            choices.append(
                Choice.of(
                    act.TradingPost(resource=index),
                    label=_label("trading_post", territory=tid, resource=kind, number=index + 1),
                )
            )
        if p.treasury:
            choices.append(
                Choice.of(
                    act.Conquistadors(resource=index),
                    label=_label("conquistadors", territory=tid, resource=kind, number=index + 1),
                )
            )
    return _prompt(
        state,
        "explore_claim",
        Msg(key="col.prompt.explore_claim", params={"territory": tid}),
        choices,
    )


def trading_post(ctx: Ctx, seat: str, action: act.TradingPost) -> None:
    step = _step(ctx.state)
    assert step.territory is not None
    ctx.state.players[seat].fleets -= 1
    ctx.emit("col.event.trading_post", seat=seat, territory=step.territory)
    place(ctx, seat, step.territory, {action.resource: 1})
    explorer_done(ctx, seat)


def conquistadors(ctx: Ctx, seat: str, action: act.Conquistadors) -> None:
    step = _step(ctx.state)
    assert step.territory is not None
    ctx.state.players[seat].treasury -= 1
    ctx.emit("col.event.conquistadors", seat=seat, territory=step.territory)
    place(ctx, seat, step.territory, {action.resource: 1})
    add_unrest(ctx, step.territory)
    explorer_done(ctx, seat)


def claim_nothing(ctx: Ctx, seat: str, action: act.Done) -> None:
    explorer_done(ctx, seat)


def finish_action(ctx: Ctx, seat: str, action: act.Done) -> None:
    action_done(ctx)


def second_explorer_prompts(state: ColonialState) -> list[Prompt]:
    seat = _step(state).seat
    stop = Choice.of(act.Done(), label=_label("explorer_stop"))
    text = Msg(key="col.prompt.second_explorer")
    return _prompt(state, "second_explorer", text, [stop, *explorer_choices(state, seat)])


# Advanced colony options --------------------------------------------------------------

OPTION_NUMBER = {
    "company": 0,
    "protectorate": 0,
    "purge": 1,
    "pillage": 2,
    "pariah_1": 3,
    "pariah_2": 3,
    "pro_pirate": 4,
    "plantation": 5,
}
EXCLUSIVE = ("company", "protectorate")


def available_options(state: ColonialState) -> list[str]:
    step = _step(state)
    tid = step.territory
    assert tid is not None
    p = state.players[step.seat]
    terr = state.territories[tid]
    ready = {
        "company": any(step.seat in stack for stack in terr.stacks),
        "protectorate": p.squadrons >= 1,
        "purge": terr.unrest >= 1,
        "pillage": True,
        "pariah_1": p.unrest >= 1,
        "pariah_2": p.unrest >= 2,
        "pro_pirate": True,
        "plantation": has_colour(state, tid, BEIGE),
    }
    return [
        name
        for name, number in OPTION_NUMBER.items()
        if number >= step.floor and ready[name] and not (step.floor and name in EXCLUSIVE)
    ]


def option_amount(state: ColonialState, name: str) -> int:
    step = _step(state)
    assert step.territory is not None
    if name in ("company", "protectorate"):
        return native_power(state, step.territory)
    if name == "pillage":
        doubled = has_colour(state, step.territory, "gold")
        return native_power(state, step.territory) * (2 if doubled else 1)
    if name == "plantation":
        return 3 * sum(1 for t, r in controlled(state, step.seat) if colour(state, t, r) == SLAVES)
    return 0


def options_prompts(state: ColonialState) -> list[Prompt]:
    step = _step(state)
    choices = [Choice.of(act.Done(), label=_label("options_done"))]
    for name in available_options(state):
        choices.append(
            Choice.of(
                act.ColonyOption(option=name),
                label=_label(
                    f"option_{name}", territory=step.territory, gain=option_amount(state, name)
                ),
            )
        )
    return _prompt(
        state,
        "colony_options",
        Msg(key="col.prompt.colony_options", params={"territory": step.territory}),
        choices,
    )


def merchant_revealed(state: ColonialState, seat: str) -> bool:
    """Whether the card `seat` shows in this round carries the Merchant."""
    shown = state.revealed.get(seat, [])
    if state.round == LAST_CHANCE:
        before = 0 if state.players[seat].in_revolution else 4
        card = shown[-1] if len(shown) > before else None
    else:
        card = shown[state.round - 1] if len(shown) >= state.round else None
    return card is not None and "merchant" in data(state).card(card).characters


def colony_option(ctx: Ctx, seat: str, action: act.ColonyOption) -> None:
    state = ctx.state
    step = _step(state)
    tid = step.territory
    assert tid is not None
    name = action.option
    gain = option_amount(state, name)
    p = state.players[seat]
    ctx.emit(
        "col.event.colony_option", seat=seat, option=f"option_{name}", territory=tid, gain=gain
    )
    step.floor = OPTION_NUMBER[name] + 1
    p.treasury += gain
    if name == "company":
        terr = state.territories[tid]
        index = max(
            (i for i, stack in enumerate(terr.stacks) if seat in stack),
            key=lambda i: terr.stacks[i].count(seat),
        )
        p.fleets += 1
        remove_counter(ctx, tid, index, seat)
    elif name == "protectorate":
        p.squadrons -= 1
    elif name == "purge":
        state.territories[tid].unrest -= 1
        move_diplomacy(ctx, seat, -1)
    elif name == "pillage":
        add_unrest(ctx, tid)
    elif name.startswith("pariah"):
        moved = int(name[-1])
        p.unrest -= moved
        add_unrest(ctx, tid, moved)
    elif name == "pro_pirate":
        move_diplomacy(ctx, seat, -1)
        for other in order(state):
            if merchant_revealed(state, other) and state.players[other].fleets:
                state.players[other].fleets -= 1
                ctx.emit("col.event.pirates", seat=other)
    if name in EXCLUSIVE or not available_options(state):
        action_done(ctx)


# The Viceroy --------------------------------------------------------------------------


def viceroy_prompts(state: ColonialState) -> list[Prompt]:
    step = _step(state)
    tid = step.territory
    assert tid is not None
    choices = [Choice.of(act.Done(), label=_label("viceroy_done", count=len(step.placed)))]
    if len(step.placed) < step.capacity and state.players[step.seat].treasury:
        for index in range(len(state.territories[tid].stacks)):
            if may_place(state, step.seat, tid, index):
                choices.append(
                    Choice.of(
                        act.PlaceCounter(resource=index),
                        label=_label(
                            "place_counter",
                            territory=tid,
                            resource=colour(state, tid, index),
                            number=index + 1,
                        ),
                    )
                )
    left = step.capacity - len(step.placed)
    return _prompt(
        state,
        "viceroy",
        Msg(key="col.prompt.viceroy", params={"territory": tid, "left": left}),
        choices,
    )


def place_counter(ctx: Ctx, seat: str, action: act.PlaceCounter) -> None:
    step = _step(ctx.state)
    ctx.state.players[seat].treasury -= 1
    step.placed.append(action.resource)
    if len(step.placed) >= step.capacity or not ctx.state.players[seat].treasury:
        _settle_viceroy(ctx, seat)


def viceroy_done(ctx: Ctx, seat: str, action: act.Done) -> None:
    _settle_viceroy(ctx, seat)


def _settle_viceroy(ctx: Ctx, seat: str) -> None:
    """Control is settled once every counter of the use is on the map (A12)."""
    step = _step(ctx.state)
    assert step.territory is not None
    counts: dict[int, int] = {}
    for index in step.placed:
        counts[index] = counts.get(index, 0) + 1
    if counts:
        place(ctx, seat, step.territory, counts)
    action_done(ctx)


# Revolt casualties --------------------------------------------------------------------


def casualty_options(state: ColonialState) -> list[tuple[int, str]]:
    """Other players' counters first; the Rebel's own only when none is left."""
    step = _step(state)
    assert step.territory is not None
    stacks = state.territories[step.territory].stacks
    pairs = [(i, s) for i, stack in enumerate(stacks) for s in order(state) if s in stack]
    others = [(i, s) for i, s in pairs if s != step.seat]
    return others or pairs


def casualty_prompts(state: ColonialState) -> list[Prompt]:
    step = _step(state)
    choices = [
        Choice.of(
            act.Casualty(resource=index, owner=owner),
            label=_label(
                "casualty",
                owner=owner,
                territory=step.territory,
                resource=colour(state, step.territory or "", index),
                number=index + 1,
            ),
        )
        for index, owner in casualty_options(state)
    ]
    return _prompt(
        state,
        "casualties",
        Msg(key="col.prompt.casualties", params={"territory": step.territory, "hits": step.hits}),
        choices,
    )


def casualty(ctx: Ctx, seat: str, action: act.Casualty) -> None:
    step = _step(ctx.state)
    assert step.territory is not None
    remove_counter(ctx, step.territory, action.resource, action.owner)
    ctx.emit("col.event.casualty", seat=action.owner, territory=step.territory)
    step.hits -= 1
    if ctx.state.finished:
        return
    if step.hits <= 0 or not casualty_options(ctx.state):
        action_done(ctx)


def _phase(
    name: str, prompts: Callable[[ColonialState], list[Prompt]], handlers: dict[type, object]
) -> Phase[ColonialState]:
    return Phase(name=name, prompts=prompts, handlers={**handlers, **ANYTIME_HANDLERS})  # type: ignore[dict-item]


PHASES: list[Phase[ColonialState]] = [
    _phase(
        "explore_claim",
        claim_prompts,
        {act.TradingPost: trading_post, act.Conquistadors: conquistadors, act.Done: claim_nothing},
    ),
    _phase(
        "colony_options",
        options_prompts,
        {act.ColonyOption: colony_option, act.Done: finish_action},
    ),
    _phase("viceroy", viceroy_prompts, {act.PlaceCounter: place_counter, act.Done: viceroy_done}),
    _phase("casualties", casualty_prompts, {act.Casualty: casualty}),
    _phase(
        "second_explorer",
        second_explorer_prompts,
        {act.Explorer: explore, act.Done: finish_action},
    ),
]
