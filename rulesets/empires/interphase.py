"""Between two decades: new start player, the next hourglass tile, markers, monarchs."""

from __future__ import annotations

from rulesets.core import Choice, Msg, Prompt, StepContext
from rulesets.empires.actions import Levy, TakeInfluence, TakeWorker
from rulesets.empires.control import reassign_monarchs
from rulesets.empires.decade import TURNS_PER_DECADE, begin_decade, resume
from rulesets.empires.state import EmpiresState, Reduction

LEVY_LIMIT = 3


def end_decade(ctx: StepContext[EmpiresState]) -> None:
    from rulesets.empires.scoring import final_scoring

    state = ctx.state
    state.active_empire = None
    state.decider = None
    ctx.emit("emp.decade_ends", decade=state.decade)
    if state.decade >= state.decades:
        final_scoring(ctx)
        return
    # The seat left of whoever played the seventh turn starts the next decade.
    start = state.order.index(state.start_player)
    state.start_player = state.order[(start + TURNS_PER_DECADE) % len(state.order)]
    ctx.emit("emp.orange_pawn", seat=state.start_player)
    tile = state.timetrack.pop(0)
    state.revealed.append(tile)
    state.tile = tile
    ctx.emit("emp.tile_revealed", tile=tile, decade=state.decade)
    if tile.startswith("player_"):
        position = int(tile.removeprefix("player_"))
        first = state.order[position - 1] if position <= len(state.order) else state.start_player
        state.pickers = state.clockwise_from(first)
        state.phase = "influence_pick"
    elif tile == "orange":
        state.pickers = state.clockwise_from(state.start_player)
        state.phase = "influence_pick"
    elif tile == "worker":
        state.pickers = state.clockwise_from(state.start_player)
        state.phase = "worker_pick"
    else:
        state.levies = [
            e
            for e in state.board().empire_order
            if not state.is_neutral(e) and levy_regions(state, e)
        ]
        state.phase = "levy"
    continue_interphase(ctx)


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


def continue_interphase(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    if state.phase == "influence_pick":
        state.pickers = state.pickers if _influence_choices(state) else []
    elif state.phase == "worker_pick":
        if state.options.get("worker_cards") == "random_draw":
            _draw_workers(ctx)
        state.pickers = state.pickers if _worker_choices(state) else []
    elif state.phase in ("levy", "reduce"):
        state.phase = "levy"
        state.levies = [e for e in state.levies if levy_regions(state, e)]
        if state.levies:
            return
    if state.pickers:
        return
    _finish_interphase(ctx)


def _draw_workers(ctx: StepContext[EmpiresState]) -> None:
    """The variant reading of the worker tile: each player draws blind from the pile."""
    state = ctx.state
    while state.pickers and state.workers:
        seat = state.pickers.pop(0)
        card = ctx.dice.choose(list(state.workers))
        state.workers.remove(card)
        state.hands[seat].append(card)
        ctx.emit("emp.worker_taken", seat=seat, empire=card.partition("-")[0])
    state.pickers = []


def _finish_interphase(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    for empire in state.board().empire_order:
        slots = state.markers[empire]
        slots["III"], slots["II"], slots["I"] = slots["II"], slots["I"], None
    ctx.emit("emp.markers_shifted")
    reassign_monarchs(ctx)
    state.decade += 1
    state.tile = None
    begin_decade(ctx)


def pick_prompt(state: EmpiresState) -> Prompt:
    seat = state.pickers[0]
    if state.phase == "influence_pick":
        choices = [
            Choice.of(TakeInfluence(empire=e), label=Msg(key=f"name.{e}"))
            for e in _influence_choices(state)
        ]
        return Prompt(
            seat=seat,
            kind="take_influence",
            text=Msg(key="emp.prompt.take_influence"),
            choices=choices,
        )
    choices = [
        Choice.of(TakeWorker(empire=e), label=Msg(key=f"name.{e}")) for e in _worker_choices(state)
    ]
    return Prompt(
        seat=seat, kind="take_worker", text=Msg(key="emp.prompt.take_worker"), choices=choices
    )


def take_influence(ctx: StepContext[EmpiresState], seat: str, empire: str) -> None:
    state = ctx.state
    card = state.stacks[empire].pop(0)
    state.hands[seat].append(card)
    ctx.emit("emp.influence_taken", seat=seat, empire=empire, card=card)
    state.pickers.pop(0)
    continue_interphase(ctx)


def take_worker(ctx: StepContext[EmpiresState], seat: str, empire: str) -> None:
    state = ctx.state
    card = f"{empire}-W"
    state.workers.remove(card)
    state.hands[seat].append(card)
    ctx.emit("emp.worker_taken", seat=seat, empire=empire)
    state.pickers.pop(0)
    continue_interphase(ctx)


def levy_prompts(state: EmpiresState) -> list[Prompt]:
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
                    Choice.of(Levy(empire=empire, region=r), label=Msg(key=f"name.{r}"))
                    for r in levy_regions(state, empire)
                ],
                simultaneous=True,
            )
        )
    return prompts


def levy(ctx: StepContext[EmpiresState], empire: str, region: str) -> None:
    state = ctx.state
    kind = "infantry" if state.tile == "infantry" else "two_master"
    state.add_unit(empire, kind, region)
    state.levies.remove(empire)
    ctx.emit("emp.levy", empire=empire, region=region, unit=kind)
    seat = state.monarchs.get(empire)
    assert seat is not None
    state.reductions.append(Reduction(region=region, empire=empire, seat=seat, limit=LEVY_LIMIT))
    resume(ctx)
