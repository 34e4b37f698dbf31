"""Move & Fight: first the ships one by one, then the land units, then flags.

Each unit is chosen, then sent; it moves at most once. Attack reuses these steps with
only its two new units allowed to move.
"""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Prompt, StepContext
from rulesets.empires.actions import (
    AnswerPassage,
    EndMoves,
    MarchTo,
    Retaliate,
    SailTo,
    SelectUnit,
    Stay,
)
from rulesets.empires.combat import land_combat, retaliate, sea_combat
from rulesets.empires.decade import close_action
from rulesets.empires.movement import (
    Route,
    end_allowed,
    land_routes,
    ship_destinations,
    targets_in,
)
from rulesets.empires.state import EmpiresState, LandMove, Unit


def start_move_fight(ctx: StepContext[EmpiresState]) -> None:
    begin_ships(ctx)


def _may_move(state: EmpiresState, unit: Unit) -> bool:
    if unit.empire != state.active_empire or unit.moved:
        return False
    return state.action != "attack" or unit.id in state.attack_units


def movable_ships(state: EmpiresState) -> list[Unit]:
    return [
        u for u in state.units if u.is_ship and _may_move(state, u) and ship_destinations(state, u)
    ]


def march_choices(state: EmpiresState, unit: Unit) -> list[MarchTo]:
    choices = []
    for route in land_routes(state, unit, state.decider).values():
        for target in targets_in(state, unit, route.to):
            if end_allowed(state, unit, route.to, target):
                choices.append(MarchTo(to=route.to, via=route.via, target=target))
    return choices


def movable_land(state: EmpiresState) -> list[Unit]:
    return [
        u for u in state.units if not u.is_ship and _may_move(state, u) and march_choices(state, u)
    ]


def begin_ships(ctx: StepContext[EmpiresState]) -> None:
    if movable_ships(ctx.state):
        ctx.state.phase = "move_ships"
    else:
        begin_land(ctx)


def begin_land(ctx: StepContext[EmpiresState]) -> None:
    if movable_land(ctx.state):
        ctx.state.phase = "move_land"
    else:
        close_action(ctx, place_flags=True)


def _groups(units: list[Unit]) -> list[SelectUnit]:
    seen: dict[tuple[str, str], SelectUnit] = {}
    for unit in units:
        key = (unit.region, unit.kind)
        if key not in seen:
            seen[key] = SelectUnit(region=unit.region, kind=unit.kind)
    return list(seen.values())


def select_prompt(state: EmpiresState) -> Prompt:
    assert state.decider is not None
    ships = state.phase == "move_ships"
    units = movable_ships(state) if ships else movable_land(state)
    choices = [Choice.of(EndMoves())]
    choices += [
        Choice.of(s, label=Msg(key="emp.label.unit", params={"region": s.region, "unit": s.kind}))
        for s in _groups(units)
    ]
    return Prompt(
        seat=state.decider,
        kind="select_ship" if ships else "select_land_unit",
        text=Msg(key="emp.prompt.select_ship" if ships else "emp.prompt.select_land_unit"),
        choices=choices,
    )


def select_unit(ctx: StepContext[EmpiresState], region: str, kind: str) -> None:
    state = ctx.state
    pool = movable_ships(state) if state.phase == "move_ships" else movable_land(state)
    unit = next((u for u in pool if u.region == region and u.kind == kind), None)
    if unit is None:
        raise IllegalAction("emp.error.no_such_unit", region=region, unit=kind)
    state.selected = unit.id
    state.phase = "ship_destination" if state.phase == "move_ships" else "land_destination"


def end_moves(ctx: StepContext[EmpiresState]) -> None:
    if ctx.state.phase == "move_ships":
        begin_land(ctx)
    else:
        close_action(ctx, place_flags=True)


def destination_prompt(state: EmpiresState) -> Prompt:
    assert state.decider is not None and state.selected is not None
    unit = state.unit(state.selected)
    choices = [Choice.of(Stay())]
    if unit.is_ship:
        choices += [
            Choice.of(SailTo(region=s), label=Msg(key=f"name.{s}"))
            for s in ship_destinations(state, unit)
        ]
    else:
        choices += [Choice.of(m, label=Msg(key=f"name.{m.to}")) for m in march_choices(state, unit)]
    return Prompt(
        seat=state.decider,
        kind="destination",
        text=Msg(key="emp.prompt.destination", params={"region": unit.region, "unit": unit.kind}),
        choices=choices,
    )


def _after_unit(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    state.selected = None
    if state.phase == "ship_destination":
        begin_ships(ctx)
    else:
        begin_land(ctx)


def stay(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    assert state.selected is not None
    state.unit(state.selected).moved = True
    _after_unit(ctx)


def sail_to(ctx: StepContext[EmpiresState], region: str) -> None:
    state = ctx.state
    assert state.selected is not None
    ship = state.unit(state.selected)
    origin = ship.region
    ship.region = region
    ship.moved = True
    ctx.emit("emp.ship_moved", empire=ship.empire, unit=ship.kind, origin=origin, region=region)
    sea_combat(ctx, ship)
    _after_unit(ctx)


def march_to(ctx: StepContext[EmpiresState], to: str, via: str | None, target: str | None) -> None:
    state = ctx.state
    assert state.selected is not None and state.decider is not None
    unit = state.unit(state.selected)
    route = land_routes(state, unit, state.decider)[to]
    if route.permission_from is not None:
        seat = state.monarchs.get(route.permission_from)
        assert seat is not None and route.via is not None
        state.pending_move = LandMove(
            unit=unit.id,
            to=to,
            via=route.via,
            target=target,
            empire=route.permission_from,
            seat=seat,
        )
        state.phase = "permission"
        ctx.emit(
            "emp.passage_requested",
            empire=unit.empire,
            through=route.permission_from,
            region=route.via,
        )
        return
    _execute(ctx, unit, route, target)


def _execute(ctx: StepContext[EmpiresState], unit: Unit, route: Route, target: str | None) -> None:
    state = ctx.state
    for step in route.steps:
        for ship_id in step.chain:
            ship = state.unit(ship_id)
            if ship.kind == "two_master":
                ship.carried = True
    origin = unit.region
    unit.region = route.to
    unit.moved = True
    ctx.emit(
        "emp.land_moved",
        empire=unit.empire,
        unit=unit.kind,
        origin=origin,
        via=route.via,
        region=route.to,
        by_sea=any(step.chain for step in route.steps),
    )
    if land_combat(ctx, unit, target):
        return
    _after_unit(ctx)


def permission_prompt(state: EmpiresState) -> Prompt:
    move = state.pending_move
    assert move is not None
    mover = state.unit(move.unit)
    return Prompt(
        seat=move.seat,
        kind="grant_passage",
        text=Msg(
            key="emp.prompt.passage",
            params={"empire": mover.empire, "through": move.empire, "region": move.via},
        ),
        choices=[Choice.of(AnswerPassage(grant=False)), Choice.of(AnswerPassage(grant=True))],
        urgency="reaction",
    )


def answer_passage(ctx: StepContext[EmpiresState], grant: bool) -> None:
    state = ctx.state
    move = state.pending_move
    assert move is not None
    state.pending_move = None
    ctx.emit(
        "emp.passage_granted" if grant else "emp.passage_refused",
        empire=move.empire,
        mover=state.unit(move.unit).empire,
        region=move.via,
    )
    unit = state.unit(move.unit)
    if not grant:
        state.denied.append((unit.id, move.via))
        state.phase = "land_destination"
        return
    _execute(ctx, unit, land_routes(state, unit, state.decider)[move.to], move.target)


def retaliate_prompt(state: EmpiresState) -> Prompt:
    reply = state.retaliation
    assert reply is not None
    kinds = sorted({u.kind for u in state.units_in(reply.region) if u.empire == reply.defender})
    return Prompt(
        seat=reply.seat,
        kind="retaliate",
        text=Msg(key="emp.prompt.retaliate", params={"region": reply.region}),
        choices=[Choice.of(Retaliate(kind=k)) for k in kinds],
        urgency="reaction",
    )


def answer_retaliation(ctx: StepContext[EmpiresState], kind: str) -> None:
    state = ctx.state
    reply = state.retaliation
    assert reply is not None
    state.retaliation = None
    retaliate(ctx, reply.attacker, reply.region, reply.defender, kind)
    state.phase = "move_land"
    _after_unit(ctx)
