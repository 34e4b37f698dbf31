"""Movement / Status Change phase (§4.4) as one open window: every major power buys,
places and moves in any order, each act applied and announced at once; the window closes
when every seat has declared itself done (a done seat may reopen, a bounded number of
times, after someone else acts)."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Phase, Prompt, StepContext
from rulesets.pax_britannica.actions import (
    BuildCanal,
    BuyUnit,
    CloseMenu,
    Done,
    Downgrade,
    MoveFleet,
    MoveUnit,
    OpenMenu,
    PlaceMarker,
    Reopen,
    StayDone,
    TakeFleet,
    Transfer,
)
from rulesets.pax_britannica.holdings import (
    marker_cost,
    new_unit,
    place_marker,
    remove_marker,
)
from rulesets.pax_britannica.indices import raise_tension
from rulesets.pax_britannica.offers import offer
from rulesets.pax_britannica.state import (
    MAX_REOPENINGS,
    PaxState,
    game_data,
    majors,
    marker_of,
    powers_of,
    unit_by_id,
)
from rulesets.pax_britannica.window_choices import (
    CONTROL,
    MENUS,
    menu_entries,
    menu_has_choices,
    owed,
)


def enter(ctx: StepContext[PaxState]) -> None:
    state = ctx.state
    data = game_data(state)
    arrivals = data.turns[state.turn].merchant_fleets
    for power in majors(state):
        count = arrivals.count(power)
        state.powers[power].fleets_to_take = count
        if count:
            key = "pax.event.fleets_arrive_one" if count == 1 else "pax.event.fleets_arrive"
            ctx.emit(key, power=power, count=count)
    ctx.emit("pax.event.window_opens")


# -- prompts -------------------------------------------------------------------------------


def prompts(state: PaxState) -> list[Prompt]:
    out: list[Prompt] = []
    for seat in state.seats:
        prompt = seat_prompt(state, seat)
        if prompt is not None:
            out.append(prompt)
    return out


def _done_unless_owed(state: PaxState, seat: str) -> list[Choice]:
    """ "Done" is offered inside a list too, so that a seat that misses its deadline with a
    list open still closes its part of the window in one step."""
    if any(owed(state, power) for power in powers_of(state, seat)):
        return []
    return [offer("done", "pax.label.done")]


def seat_prompt(state: PaxState, seat: str) -> Prompt | None:
    window = state.windows[seat]
    if window.done:
        if window.acted_since_done and window.reopenings < MAX_REOPENINGS:
            return Prompt(
                seat=seat,
                kind="reopen",
                urgency="reaction",
                text=Msg(key="pax.prompt.reopen", params={"power": seat}),
                choices=[
                    Choice.of(StayDone(), label=Msg(key="pax.label.stay_done")),
                    Choice.of(
                        Reopen(),
                        label=Msg(
                            key="pax.label.reopen",
                            params={"left": MAX_REOPENINGS - window.reopenings},
                        ),
                    ),
                ],
            )
        return None
    for power in powers_of(state, seat):
        menu = state.powers[power].menu
        if menu is not None:
            back = Choice.of(CloseMenu(power=power), label=Msg(key="pax.label.close_menu"))
            return Prompt(
                seat=seat,
                kind=f"menu_{menu}",
                text=Msg(
                    key=f"pax.prompt.menu_{menu}",
                    params={"power": power, "treasury": state.powers[power].treasury},
                ),
                choices=[back, *_done_unless_owed(state, seat), *menu_entries(state, power, menu)],
            )
    choices: list[Choice] = []
    for power in powers_of(state, seat):
        choices.extend(owed(state, power))
    if not choices:
        choices.append(offer("done", "pax.label.done"))
    for power in powers_of(state, seat):
        for menu in MENUS:
            if menu_has_choices(state, power, menu):
                params = {"power": power, "treasury": state.powers[power].treasury}
                choices.append(
                    offer("open_menu", f"pax.label.menu_{menu}", params, power=power, menu=menu)
                )
    return Prompt(
        seat=seat,
        kind="movement",
        text=Msg(
            key="pax.prompt.movement",
            params={"power": seat, "treasury": state.powers[seat].treasury},
        ),
        choices=choices,
    )


# -- handlers ------------------------------------------------------------------------------


def _mine(state: PaxState, seat: str, power: str) -> None:
    if power not in powers_of(state, seat):
        raise IllegalAction("pax.error.not_your_power", power=power)


def _acted(ctx: StepContext[PaxState], seat: str, power: str) -> None:
    state = ctx.state
    state.powers[power].menu = None
    for other, window in state.windows.items():
        if other != seat and window.done:
            window.acted_since_done = True


def _pay(state: PaxState, power: str, amount: int) -> None:
    standing = state.powers[power]
    if amount > standing.treasury:
        raise IllegalAction("pax.error.cannot_afford", cost=amount, treasury=standing.treasury)
    standing.treasury -= amount


def on_open_menu(ctx: StepContext[PaxState], seat: str, action: OpenMenu) -> None:
    _mine(ctx.state, seat, action.power)
    ctx.state.powers[action.power].menu = action.menu


def on_close_menu(ctx: StepContext[PaxState], seat: str, action: CloseMenu) -> None:
    _mine(ctx.state, seat, action.power)
    ctx.state.powers[action.power].menu = None


def on_place_marker(ctx: StepContext[PaxState], seat: str, action: PlaceMarker) -> None:
    state = ctx.state
    _mine(state, seat, action.power)
    own = marker_of(state, action.power, action.area)
    price = marker_cost(state, action.level, own.level if own else None)
    _pay(state, action.power, price)
    place_marker(ctx, action.power, action.area, action.level)
    ctx.emit(
        "pax.event.marker_placed",
        power=action.power,
        area=action.area,
        level=f"pax_a_level_{action.level}",
        cost=price,
    )
    if action.level in CONTROL:
        _discharge(state, action.power, "control_marker", 1)
    _acted(ctx, seat, action.power)


def on_downgrade(ctx: StepContext[PaxState], seat: str, action: Downgrade) -> None:
    state = ctx.state
    _mine(state, seat, action.power)
    marker = marker_of(state, action.power, action.area)
    if marker is None or marker.is_control:
        raise IllegalAction("pax.error.no_such_marker")
    if action.to == "interest":
        marker.level = "interest"
        ctx.emit("pax.event.marker_downgraded", power=action.power, area=action.area)
    else:
        remove_marker(ctx, marker, "voluntary")
    _acted(ctx, seat, action.power)


def on_buy_unit(ctx: StepContext[PaxState], seat: str, action: BuyUnit) -> None:
    state = ctx.state
    _mine(state, seat, action.power)
    data = game_data(state)
    prices = data.costs.armies if action.kind == "army" else data.costs.navies
    price = prices[str(action.strength)]
    _pay(state, action.power, price)
    role = _garrison_role(state, action)
    new_unit(state, action.power, action.kind, action.strength, action.power, role)
    ctx.emit(
        "pax.event.unit_bought",
        power=action.power,
        kind=f"pax_a_unit_{action.kind}",
        strength=action.strength,
        cost=price,
    )
    _discharge(state, action.power, action.kind, price, role)
    _acted(ctx, seat, action.power)
    if action.kind == "navy" and data.power(action.power).navy_raises_tension:
        amount = data.tension.navy_large if action.strength == 10 else data.tension.navy_small
        raise_tension(ctx, amount, "navy_built", action.power)


def _garrison_role(state: PaxState, action: BuyUnit) -> str | None:
    if action.kind != "army" or action.strength != 10:
        return None
    role = {"britain": "indian_army", "russia": "western_garrison"}.get(action.power)
    if role is None:
        return None
    kept = sum(1 for u in state.units if u.power == action.power and u.role == role)
    return role if kept < 3 else None


def _discharge(
    state: PaxState, power: str, kind: str, amount: int, role: str | None = None
) -> None:
    for obligation in state.powers[power].obligations:
        if obligation.left <= 0:
            continue
        fits = obligation.unit == kind or (obligation.unit == "any" and kind in ("army", "navy"))
        fits = fits or (role is not None and obligation.unit == role)
        if fits:
            obligation.left = max(0, obligation.left - amount)
            return


def on_move_unit(ctx: StepContext[PaxState], seat: str, action: MoveUnit) -> None:
    state = ctx.state
    _mine(state, seat, action.power)
    unit = unit_by_id(state, action.unit)
    if unit is None or unit.power != action.power:
        raise IllegalAction("pax.error.no_such_unit")
    origin = unit.location
    unit.location = action.to
    unit.moved = True
    ctx.emit(
        "pax.event.unit_moved",
        power=action.power,
        kind=f"pax_a_unit_{unit.kind}",
        strength=unit.strength,
        area=origin,
        to=action.to,
    )
    _acted(ctx, seat, action.power)


def on_take_fleet(ctx: StepContext[PaxState], seat: str, action: TakeFleet) -> None:
    state = ctx.state
    _mine(state, seat, action.power)
    standing = state.powers[action.power]
    standing.fleets_to_take -= 1
    standing.merchant_fleets.append(action.sea)
    ctx.emit("pax.event.fleet_placed", power=action.power, sea=action.sea)
    _acted(ctx, seat, action.power)


def on_move_fleet(ctx: StepContext[PaxState], seat: str, action: MoveFleet) -> None:
    state = ctx.state
    _mine(state, seat, action.power)
    standing = state.powers[action.power]
    standing.merchant_fleets.remove(action.sea)
    standing.merchant_fleets.append(action.to)
    standing.fleets_moved.append(action.to)
    ctx.emit("pax.event.fleet_moved", power=action.power, sea=action.sea, to=action.to)
    _acted(ctx, seat, action.power)


def on_build_canal(ctx: StepContext[PaxState], seat: str, action: BuildCanal) -> None:
    state = ctx.state
    _mine(state, seat, action.power)
    data = game_data(state)
    _pay(state, action.power, data.costs.canal)
    first = not state.canals
    state.canals[action.area] = action.power
    ctx.emit("pax.event.canal_built", power=action.power, area=action.area, cost=data.costs.canal)
    if first:
        record = state.powers[action.power].record
        record["25"] = record.get("25", 0) + data.victory.first_canal
        ctx.emit("pax.event.first_canal", power=action.power, vp=data.victory.first_canal)
    _acted(ctx, seat, action.power)


def on_transfer(ctx: StepContext[PaxState], seat: str, action: Transfer) -> None:
    state = ctx.state
    _mine(state, seat, action.power)
    _pay(state, action.power, action.amount)
    state.powers[action.to].treasury += action.amount
    state.powers[action.power].transfers += 1
    ctx.emit("pax.event.transfer", power=action.power, to=action.to, amount=action.amount)
    _acted(ctx, seat, action.power)


def on_done(ctx: StepContext[PaxState], seat: str, action: Done) -> None:
    state = ctx.state
    window = state.windows[seat]
    window.done = True
    window.acted_since_done = False
    for power in powers_of(state, seat):
        state.powers[power].menu = None
    ctx.emit("pax.event.seat_done", power=seat)
    if all(w.done for w in state.windows.values()):
        ctx.emit("pax.event.window_closes")
        ctx.enter("colonial_combat")


def on_stay_done(ctx: StepContext[PaxState], seat: str, action: StayDone) -> None:
    ctx.state.windows[seat].acted_since_done = False


def on_reopen(ctx: StepContext[PaxState], seat: str, action: Reopen) -> None:
    window = ctx.state.windows[seat]
    window.done = False
    window.acted_since_done = False
    window.reopenings += 1
    ctx.emit("pax.event.seat_reopens", power=seat)


PHASE: Phase[PaxState] = Phase(
    name="movement",
    prompts=prompts,
    handlers={
        OpenMenu: on_open_menu,
        CloseMenu: on_close_menu,
        PlaceMarker: on_place_marker,
        Downgrade: on_downgrade,
        BuyUnit: on_buy_unit,
        MoveUnit: on_move_unit,
        TakeFleet: on_take_fleet,
        MoveFleet: on_move_fleet,
        BuildCanal: on_build_canal,
        Transfer: on_transfer,
        Done: on_done,
        StayDone: on_stay_done,
        Reopen: on_reopen,
    },
    enter=enter,
)
