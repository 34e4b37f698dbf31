"""Movement / Status Change phase (§4.4) as one open window: every major power buys,
places and moves in any order, each act applied and announced at once; the window closes
when every seat has declared itself done (a done seat may reopen, a bounded number of
times, after someone else acts)."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, IntRange, Msg, Phase, Prompt, StepContext
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
from rulesets.pax_britannica.board import army_destinations, loc_areas, navy_destinations
from rulesets.pax_britannica.data import LEVELS, Level
from rulesets.pax_britannica.holdings import (
    marker_cost,
    markers_by_area,
    new_unit,
    place_marker,
    placement_allowed,
    remove_marker,
    units_left,
)
from rulesets.pax_britannica.indices import raise_tension
from rulesets.pax_britannica.offers import offer
from rulesets.pax_britannica.state import (
    MAX_REOPENINGS,
    MAX_TRANSFERS,
    Obligation,
    PaxState,
    game_data,
    majors,
    marker_of,
    powers_of,
    unit_by_id,
)

MENUS = ("markers", "units", "armies", "navies", "fleets", "downgrade", "canal", "transfer")
CONTROL = ("protectorate", "possession", "dominion")


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


# -- what a power may do now -------------------------------------------------------------


def marker_choices(
    state: PaxState, power: str, first_only: bool = False
) -> list[tuple[str, Level, int]]:
    treasury = state.powers[power].treasury
    costs = game_data(state).costs.markers
    if treasury < min(costs.values()):
        return []
    reach = loc_areas(state, power)
    by_area = markers_by_area(state)
    out: list[tuple[str, Level, int]] = []
    for area in sorted(reach):
        own = next((m for m in by_area.get(area, []) if m.power == power), None)
        current = own.level if own else None
        for level in LEVELS:
            if current is not None and LEVELS.index(level) <= LEVELS.index(current):
                continue
            price = marker_cost(state, level, current)
            if price <= treasury and placement_allowed(state, power, area, level, reach, by_area):
                out.append((area, level, price))
                if first_only:
                    return out
    return out


def unit_choices(state: PaxState, power: str) -> list[tuple[str, int, int]]:
    data = game_data(state)
    standing = state.powers[power]
    out: list[tuple[str, int, int]] = []
    if standing.treasury < min(min(data.costs.armies.values()), min(data.costs.navies.values())):
        return out
    for kind, prices in (("army", data.costs.armies), ("navy", data.costs.navies)):
        if kind in standing.purchase_bans:
            continue
        for strength in (1, 3, 10):
            if (
                power == "belgium"
                and kind == "navy"
                and (strength != 1 or not standing.naval_right)
            ):
                continue
            price = prices[str(strength)]
            if price <= standing.treasury and units_left(state, power, kind, strength) > 0:
                out.append((kind, strength, price))
    return out


def move_choices(
    state: PaxState, power: str, kind: str, first_only: bool = False
) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    known: dict[tuple[str, str | None, int], list[str]] = {}
    for unit in state.units:
        if unit.power != power or unit.kind != kind or unit.moved:
            continue
        key = (unit.location, unit.role, unit.strength)
        if key in known:
            continue  # one choice per look-alike unit: the same move, the same label
        known[key] = (
            army_destinations(state, unit) if kind == "army" else navy_destinations(state, unit)
        )
        out.extend((unit.id, end) for end in known[key])
        if first_only and out:
            return out
    return out


def fleet_choices(state: PaxState, power: str) -> list[tuple[str, str | None, str]]:
    """(action, from sea or None, to sea): new fleets first, then moves."""
    standing = state.powers[power]
    seas = [s.id for s in game_data(state).seas]
    free = [s for s in seas if s not in standing.merchant_fleets]
    out: list[tuple[str, str | None, str]] = []
    if standing.fleets_to_take:
        out.extend(("take", None, sea) for sea in free)
    for sea in standing.merchant_fleets:
        if sea not in standing.fleets_moved:
            out.extend(("move", sea, to) for to in free)
    return out


def downgrade_choices(state: PaxState, power: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for marker in state.markers:
        if marker.power != power:
            continue
        if marker.level == "influence":
            out.extend([(marker.area, "interest"), (marker.area, "none")])
        elif marker.level == "interest":
            out.append((marker.area, "none"))
    return out


def canal_choices(state: PaxState, power: str) -> list[str]:
    data = game_data(state)
    if state.powers[power].treasury < data.costs.canal:
        return []
    out = []
    for passage in data.passages:
        area = passage.area
        if passage.kind != "canal_site" or area is None or area in state.canals:
            continue
        own = marker_of(state, power, area)
        if own is not None and own.established and own.level != "interest":
            out.append(area)
    return out


def transfer_targets(state: PaxState, power: str) -> list[str]:
    standing = state.powers[power]
    if power == "austria_hungary" or standing.treasury <= 0 or standing.transfers >= MAX_TRANSFERS:
        return []
    targets = [p for p in majors(state) if p != power]
    if power != "germany":
        targets = [p for p in targets if p != "austria_hungary"]
    return targets


def menu_has_choices(state: PaxState, power: str, menu: str) -> bool:
    if menu == "markers":
        return bool(marker_choices(state, power, first_only=True))
    if menu in ("armies", "navies"):
        kind = "army" if menu == "armies" else "navy"
        return bool(move_choices(state, power, kind, first_only=True))
    if menu == "units":
        return bool(unit_choices(state, power))
    if menu == "fleets":
        standing = state.powers[power]
        return bool(standing.fleets_to_take) or any(
            sea not in standing.fleets_moved for sea in standing.merchant_fleets
        )
    if menu == "downgrade":
        return any(m.power == power and not m.is_control for m in state.markers)
    if menu == "canal":
        return bool(canal_choices(state, power))
    return bool(transfer_targets(state, power))


def _menu_entries(state: PaxState, power: str, menu: str) -> list[Choice]:
    if menu == "markers":
        return [
            _marker_choice(state, power, a, lv, price)
            for a, lv, price in marker_choices(state, power)
        ]
    if menu == "units":
        return [
            _unit_choice(power, kind, strength, price)
            for kind, strength, price in unit_choices(state, power)
        ]
    if menu in ("armies", "navies"):
        kind = "army" if menu == "armies" else "navy"
        return [_move_choice(state, power, uid, to) for uid, to in move_choices(state, power, kind)]
    if menu == "fleets":
        return [
            _fleet_choice(power, what, sea, to) for what, sea, to in fleet_choices(state, power)
        ]
    if menu == "downgrade":
        return [
            _downgrade_choice(state, power, area, to)
            for area, to in downgrade_choices(state, power)
        ]
    if menu == "canal":
        cost = game_data(state).costs.canal
        return [
            offer(
                "build_canal",
                "pax.label.build_canal",
                {"power": power, "area": area, "cost": cost},
                power=power,
                area=area,
            )
            for area in canal_choices(state, power)
        ]
    treasury = state.powers[power].treasury
    return [
        offer(
            "transfer",
            "pax.label.transfer",
            {"power": power, "to": to},
            {"amount": IntRange(low=1, high=treasury)},
            power=power,
            to=to,
        )
        for to in transfer_targets(state, power)
    ]


def _marker_choice(state: PaxState, power: str, area: str, level: Level, price: int) -> Choice:
    own = marker_of(state, power, area)
    key = "pax.label.upgrade_marker" if own else "pax.label.place_marker"
    params = {"power": power, "area": area, "level": f"pax_a_level_{level}", "cost": price}
    if own:
        params["from"] = f"pax_the_level_{own.level}"
    return offer("place_marker", key, params, power=power, area=area, level=level)


def _unit_choice(power: str, kind: str, strength: int, price: int) -> Choice:
    params = {"power": power, "kind": f"pax_a_unit_{kind}", "strength": strength, "cost": price}
    return offer(
        "buy_unit", "pax.label.buy_unit", params, power=power, kind=kind, strength=strength
    )


def _move_choice(state: PaxState, power: str, unit_id: int, to: str) -> Choice:
    unit = unit_by_id(state, unit_id)
    assert unit is not None
    params = {
        "power": power,
        "kind": f"pax_the_unit_{unit.kind}",
        "strength": unit.strength,
        "area": unit.location,
        "to": to,
    }
    return offer("move_unit", "pax.label.move_unit", params, power=power, unit=unit_id, to=to)


def _fleet_choice(power: str, what: str, sea: str | None, to: str) -> Choice:
    if what == "take":
        return offer(
            "take_fleet", "pax.label.take_fleet", {"power": power, "sea": to}, power=power, sea=to
        )
    assert sea is not None
    return offer(
        "move_fleet",
        "pax.label.move_fleet",
        {"power": power, "sea": sea, "to": to},
        power=power,
        sea=sea,
        to=to,
    )


def _downgrade_choice(state: PaxState, power: str, area: str, to: str) -> Choice:
    marker = marker_of(state, power, area)
    assert marker is not None
    key = "pax.label.downgrade" if to == "interest" else "pax.label.remove_marker"
    params = {"power": power, "area": area, "level": f"pax_the_level_{marker.level}"}
    return offer("downgrade", key, params, power=power, area=area, to=to)


# -- obligations ---------------------------------------------------------------------------


def owed(state: PaxState, power: str) -> list[Choice]:
    """The purchases an unmet obligation still demands and the treasury can pay; while any
    is listed, the seat cannot declare itself done."""
    standing = state.powers[power]
    out: list[Choice] = []
    for obligation in standing.obligations:
        if obligation.left <= 0:
            continue
        if obligation.unit == "control_marker":
            out.extend(
                _marker_choice(state, power, a, lv, p)
                for a, lv, p in marker_choices(state, power)
                if lv in CONTROL
            )
        else:
            out.extend(
                _unit_choice(power, k, s, p)
                for k, s, p in unit_choices(state, power)
                if _qualifies(obligation, k, s)
            )
        if out:
            return out
    return out


def _qualifies(obligation: Obligation, kind: str, strength: int) -> bool:
    if obligation.unit in ("indian_army", "western_garrison"):
        return kind == "army" and strength == 10
    return obligation.unit in (kind, "any")


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
                choices=[back, *_done_unless_owed(state, seat), *_menu_entries(state, power, menu)],
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
