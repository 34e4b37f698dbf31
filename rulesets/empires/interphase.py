"""Between two decades: the hourglass tile's picks or levies, then markers and monarchs.

Three phases, one per kind of tile: influence cards picked in turn, worker cards picked in
turn (or drawn blind), and the simultaneous levy of an infantry or a two-master.
"""

from __future__ import annotations

from rulesets.core import Choice, Msg, Phase, Prompt, StepContext
from rulesets.empires.actions import Levy, TakeInfluence, TakeWorker
from rulesets.empires.control import reassign_monarchs
from rulesets.empires.state import EmpiresState, Reduction
from rulesets.empires.turns import begin_decade, resume
from rulesets.empires.wording import card_params

LEVY_LIMIT = 3


def _influence_choices(state: EmpiresState) -> list[str]:
    return [e for e in state.board().empire_order if state.stacks[e]]


def _worker_choices(state: EmpiresState) -> list[str]:
    return [card.partition("-")[0] for card in state.workers]


def levy_regions(state: EmpiresState, empire: str) -> list[str]:
    """Own city regions not held by a foreign unit that may receive the event's unit."""
    board = state.board()
    kind = "infantry" if state.tile == "infantry" else "two_master"
    if state.stock(empire, kind) <= 0:
        return []
    regions = []
    for region in board.cities_of[empire]:
        if state.has_foreign_unit(region, empire):
            continue
        own = sum(1 for u in state.units_in(region) if u.empire == empire)
        room = own < LEVY_LIMIT if kind == "infantry" else board.is_port(region)
        if room:
            regions.append(region)
    return regions


def _next_influence_pick(ctx: StepContext[EmpiresState]) -> None:
    """The next picker, or the end of the interphase once the seats or the stacks run out."""
    if not _influence_choices(ctx.state):
        ctx.state.pickers = []
    if not ctx.state.pickers:
        _finish_interphase(ctx)


def _next_worker_pick(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    if state.options.get("worker_cards") == "random_draw":
        _draw_workers(ctx)
    if not _worker_choices(state):
        state.pickers = []
    if not state.pickers:
        _finish_interphase(ctx)


def _next_levy(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    state.levies = [e for e in state.levies if levy_regions(state, e)]
    if not state.levies:
        _finish_interphase(ctx)


def _draw_workers(ctx: StepContext[EmpiresState]) -> None:
    """The variant reading of the worker tile: each player draws blind from the pile."""
    state = ctx.state
    while state.pickers and state.workers:
        seat = state.pickers.pop(0)
        card = ctx.dice.choose(list(state.workers))
        state.workers.remove(card)
        state.hands[seat].append(card)
        ctx.emit("emp.event.card_taken", seat=seat, **card_params(state, card))
    state.pickers = []


def _finish_interphase(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    for empire in state.board().empire_order:
        slots = state.markers[empire]
        slots["III"], slots["II"], slots["I"] = slots["II"], slots["I"], None
    ctx.emit("emp.event.markers_shifted")
    reassign_monarchs(ctx)
    state.decade += 1
    state.tile = None
    begin_decade(ctx)


def influence_prompts(state: EmpiresState) -> list[Prompt]:
    choices = [
        Choice.of(
            TakeInfluence(empire=e),
            label=Msg(key="emp.label.take_card", params=card_params(state, state.stacks[e][0])),
        )
        for e in _influence_choices(state)
    ]
    return [
        Prompt(
            seat=state.pickers[0],
            kind="take_influence",
            text=Msg(key="emp.prompt.take_influence"),
            choices=choices,
        )
    ]


def worker_prompts(state: EmpiresState) -> list[Prompt]:
    choices = [
        Choice.of(
            TakeWorker(empire=e),
            label=Msg(key="emp.label.take_card", params=card_params(state, f"{e}-W")),
        )
        for e in _worker_choices(state)
    ]
    return [
        Prompt(
            seat=state.pickers[0],
            kind="take_worker",
            text=Msg(key="emp.prompt.take_worker"),
            choices=choices,
        )
    ]


def take_influence(ctx: StepContext[EmpiresState], seat: str, action: TakeInfluence) -> None:
    state = ctx.state
    card = state.stacks[action.empire].pop(0)
    state.hands[seat].append(card)
    ctx.emit("emp.event.card_taken", seat=seat, **card_params(state, card))
    state.pickers.pop(0)
    _next_influence_pick(ctx)


def take_worker(ctx: StepContext[EmpiresState], seat: str, action: TakeWorker) -> None:
    state = ctx.state
    card = f"{action.empire}-W"
    state.workers.remove(card)
    state.hands[seat].append(card)
    ctx.emit("emp.event.card_taken", seat=seat, **card_params(state, card))
    state.pickers.pop(0)
    _next_worker_pick(ctx)


def levy_prompts(state: EmpiresState) -> list[Prompt]:
    kind = "infantry" if state.tile == "infantry" else "two_master"
    prompts = []
    for empire in state.levies:
        seat = state.monarchs.get(empire)
        if seat is None:
            continue
        prompts.append(
            Prompt(
                seat=seat,
                kind=f"levy_{state.tile}",
                text=Msg(key=f"emp.prompt.levy_{state.tile}", params={"empire": empire}),
                choices=[
                    Choice.of(
                        Levy(empire=empire, region=r),
                        label=Msg(key="emp.label.place", params={"unit": kind, "region": r}),
                    )
                    for r in levy_regions(state, empire)
                ],
                simultaneous=True,
            )
        )
    return prompts


def levy(ctx: StepContext[EmpiresState], seat: str, action: Levy) -> None:
    state = ctx.state
    kind = "infantry" if state.tile == "infantry" else "two_master"
    state.add_unit(action.empire, kind, action.region)
    state.levies.remove(action.empire)
    ctx.emit("emp.event.levy", empire=action.empire, region=action.region, unit=kind)
    monarch = state.monarchs.get(action.empire)
    assert monarch is not None
    state.reductions.append(
        Reduction(region=action.region, empire=action.empire, seat=monarch, limit=LEVY_LIMIT)
    )
    resume(ctx)


PHASES = (
    Phase(
        name="influence_pick",
        prompts=influence_prompts,
        handlers={TakeInfluence: take_influence},
        enter=_next_influence_pick,
    ),
    Phase(
        name="worker_pick",
        prompts=worker_prompts,
        handlers={TakeWorker: take_worker},
        enter=_next_worker_pick,
    ),
    Phase(name="levy", prompts=levy_prompts, handlers={Levy: levy}, enter=_next_levy),
)
