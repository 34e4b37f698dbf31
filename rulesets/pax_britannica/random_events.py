"""Random Events phase (§4.1): d6 events, each a D66 draw; state events never twice in one
phase, unrest areas never twice; then the Administrative phase."""

from __future__ import annotations

from rulesets.core import Phase, StepContext
from rulesets.pax_britannica import data as tables
from rulesets.pax_britannica.indices import raise_resentment, raise_tension
from rulesets.pax_britannica.state import (
    Obligation,
    PaxState,
    SeatWindow,
    game_data,
    is_major,
)

REROLL_LIMIT = 60


def start_turn(state: PaxState) -> None:
    """Clear what lasts one turn only (A-82, A-30)."""
    state.events_this_turn = []
    state.casus_belli = []
    state.unrest = []
    for standing in state.powers.values():
        standing.obligations = []
        standing.may_place = []
        standing.purchase_bans = []
        standing.office_factor = 1
        standing.office_shift = 0
        standing.transfers = 0
        standing.menu = None
        standing.record = {}
        standing.deficit = 0
        standing.leopold = False
        standing.fleets_moved = []
    for marker in state.markers:
        marker.placed_this_turn = False
    for unit in state.units:
        unit.moved = False
    state.windows = {seat: SeatWindow() for seat in state.seats}
    state.minor_blocked = []


def roll_d66(ctx: StepContext[PaxState]) -> str:
    return f"{ctx.roll(6)}{ctx.roll(6)}"


def roll_table(ctx: StepContext[PaxState], dice: tables.Dice) -> str:
    if dice == "d6":
        return str(ctx.roll(6))
    if dice == "2d6":
        return str(ctx.roll(6) + ctx.roll(6))
    return roll_d66(ctx)


def enter(ctx: StepContext[PaxState]) -> None:
    state = ctx.state
    start_turn(state)
    ctx.emit("pax.event.turn_begins", year=game_data(state).turns[state.turn].year)
    count = ctx.roll(6)
    if count == 1:
        ctx.emit("pax.event.event_count_one", count=count)
    else:
        ctx.emit("pax.event.event_count", count=count)
    for _ in range(count):
        code = draw_event(ctx)
        if code is None:
            continue
        if apply_event(ctx, code):
            return
    ctx.enter("administration")


def draw_event(ctx: StepContext[PaxState]) -> str | None:
    """A D66 code; a state event already drawn this phase is rolled again."""
    data = game_data(ctx.state)
    for _ in range(REROLL_LIMIT):
        code = roll_d66(ctx)
        event = data.event(code)
        if event.kind == "state" and code in ctx.state.events_this_turn:
            ctx.emit("pax.event.event_rerolled", code=_code(code))
            continue
        ctx.state.events_this_turn.append(code)
        ctx.emit("pax.event.random_event", code=_code(code), event=f"pax_event_{event.name}")
        return code
    return None


def _code(code: str) -> str:
    return f"{code[0]}-{code[1]}"


def apply_event(ctx: StepContext[PaxState], code: str) -> bool:
    """Carry out one event's effects; True when the Great War ended the game."""
    state = ctx.state
    for effect in game_data(state).event(code).effects:
        if isinstance(effect, tables.UnrestEffect):
            roll_unrest(ctx, effect.table)
        elif isinstance(effect, tables.UnrestInEffect):
            put_unrest(ctx, effect.area)
        elif isinstance(effect, tables.TensionEffect):
            if raise_tension(ctx, effect.amount, "event"):
                return True
        elif isinstance(effect, tables.ResentmentEffect):
            raise_resentment(ctx, effect.amount, "event")
        elif isinstance(effect, tables.BalkanWarEffect):
            balkan_war(ctx)
        elif isinstance(effect, tables.LeopoldEffect):
            leopold(ctx)
        else:
            power_effect(ctx, effect)
    return False


def power_effect(ctx: StepContext[PaxState], effect: tables.Effect) -> None:
    """An effect on one named major power; a minor (an unplayed Japan, say) ignores it."""
    state = ctx.state
    power = getattr(effect, "power", "")
    if not is_major(state, power):
        return
    standing = state.powers[power]
    if isinstance(effect, tables.OfficeFactorEffect):
        standing.office_factor = effect.factor
    elif isinstance(effect, tables.OfficeShiftEffect):
        standing.office_shift += effect.shift
    elif isinstance(effect, tables.ForcedExpenditureEffect):
        standing.obligations.append(
            Obligation(reason="event", unit=effect.unit, left=effect.minimum)
        )
        ctx.emit(
            "pax.event.forced_expenditure",
            power=power,
            amount=effect.minimum,
            unit=f"unit_{effect.unit}",
        )
    elif isinstance(effect, tables.MayPlaceEffect):
        standing.may_place = sorted(set(standing.may_place) | set(effect.areas))
        ctx.emit("pax.event.may_place", power=power, areas=list(effect.areas))
    elif isinstance(effect, tables.PurchaseBanEffect):
        standing.purchase_bans.append(effect.unit)
        ctx.emit("pax.event.purchase_ban", power=power, unit=f"unit_{effect.unit}")


def roll_unrest(ctx: StepContext[PaxState], table_id: str) -> None:
    """An Unrest result: roll the table until an area not yet in unrest comes up; nothing
    happens when every area of the table is already in unrest (A-81)."""
    table = game_data(ctx.state).unrest_table(table_id)
    if all(area in ctx.state.unrest for area in table.entries.values()):
        ctx.emit("pax.event.unrest_exhausted", table=f"pax_table_{table_id}")
        return
    for _ in range(REROLL_LIMIT):
        area = table.entries[roll_table(ctx, table.dice)]
        if area not in ctx.state.unrest:
            put_unrest(ctx, area)
            return


def put_unrest(ctx: StepContext[PaxState], area: str) -> None:
    if area in ctx.state.unrest:
        return
    ctx.state.unrest.append(area)
    ctx.emit("pax.event.unrest", area=area)


def balkan_war(ctx: StepContext[PaxState]) -> None:
    """The first Balkan War opens Greece–Serbia; the second opens Bulgaria–Greece instead
    of Anatolia–Serbia and gives Bulgaria a Mediterranean coast (§2.4)."""
    state = ctx.state
    state.balkan_wars += 1
    if state.balkan_wars == 1:
        state.extra_routes.append(("greece", "serbia"))
    elif state.balkan_wars == 2:
        state.extra_routes.append(("bulgaria", "greece"))
        state.removed_routes.append(("anatolia", "serbia"))
    ctx.emit("pax.event.balkan_war", count=state.balkan_wars)


def leopold(ctx: StepContext[PaxState]) -> None:
    """Belgium variant: Leopold demands colonial expansion (§4.17.9)."""
    state = ctx.state
    if "belgium" not in state.seats:
        return
    standing = state.powers["belgium"]
    standing.leopold = True
    standing.naval_right = True
    standing.obligations.append(Obligation(reason="leopold", unit="control_marker", left=1))
    ctx.emit("pax.event.leopold", power="belgium")


PHASE: Phase[PaxState] = Phase(
    name="random_events", prompts=lambda state: [], handlers={}, enter=enter
)
