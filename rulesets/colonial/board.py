"""The standing rules every phase uses: turn order, tracks, resource control by stacks,
Monopolies, colonies and independent states, unrest, Prestige and the victory check."""

from __future__ import annotations

from rulesets.colonial.data import EASTERN_GOODS, GOLD, GameData, Nation
from rulesets.colonial.state import ColonialState, PlayerState, TerritoryState, game_data
from rulesets.core import StepContext

Ctx = StepContext[ColonialState]
CIRCUMNAVIGATION = "circumnavigation"
NONE = "none"


def data(state: ColonialState) -> GameData:
    return game_data(state)


def order(state: ColonialState) -> list[str]:
    """The seats in turn order: the First Player, then clockwise (to the left)."""
    start = state.seats.index(state.first)
    return state.seats[start:] + state.seats[:start]


def player(state: ColonialState, seat: str) -> PlayerState:
    return state.players[seat]


# Tracks -------------------------------------------------------------------------------


def track_value(state: ColonialState, seat: str, track: str) -> int:
    space = state.players[seat].tracks[track]
    value = data(state).track_values(track)[space]
    nation = nation_of(state, seat)
    if (
        nation is not None
        and space == 3
        and (
            (track == "navy" and nation.navy_bonus)
            or (track == "logistics" and nation.logistics_bonus)
        )
    ):
        return 5
    return value


def next_track_cost(state: ColonialState, seat: str, track: str) -> int | None:
    """The price of the next space, or None at the end of the track or a Nation maximum."""
    space = state.players[seat].tracks[track]
    values = data(state).track_values(track)
    nation = nation_of(state, seat)
    if space + 1 >= len(values):
        return None
    cap = nation.logistics_max if nation is not None and track == "logistics" else 0
    if cap and values[space + 1] > cap:
        return None
    return values[space + 1]


def nation_of(state: ColonialState, seat: str) -> Nation | None:
    nation = state.players[seat].nation
    return None if nation is None else data(state).nation(nation)


def move_diplomacy(ctx: Ctx, seat: str, step: int) -> None:
    """Move a Diplomacy marker, if possible (never past either end)."""
    p = ctx.state.players[seat]
    spaces = int(ctx.state.options.get("diplomacy_spaces", 7))
    moved = max(1, min(spaces, p.diplomacy + step))
    if moved != p.diplomacy:
        p.diplomacy = moved
        ctx.emit("col.event.diplomacy", seat=seat, space=moved)


# The map ------------------------------------------------------------------------------


def territory(state: ColonialState, tid: str) -> TerritoryState:
    return state.territories[tid]


def in_play(state: ColonialState, tid: str) -> bool:
    return data(state).territory(tid).continent not in state.ignored


def explored(state: ColonialState, tid: str) -> bool:
    return state.territories[tid].prestige == 0


def native_power(state: ColonialState, tid: str) -> int:
    """The printed Native Power, doubled in an independent state."""
    printed = data(state).territory(tid).native_power
    return printed * 2 if state.territories[tid].independent else printed


def colour(state: ColonialState, tid: str, index: int) -> str:
    return data(state).territory(tid).resources[index]


def counters_in(state: ColonialState, tid: str, seat: str) -> int:
    return sum(stack.count(seat) for stack in state.territories[tid].stacks)


def has_any_counter_in(state: ColonialState, tid: str) -> list[str]:
    present = {seat for stack in state.territories[tid].stacks for seat in stack}
    return [seat for seat in order(state) if seat in present]


def controller(state: ColonialState, tid: str, index: int) -> str | None:
    """Who controls a Resource: the owner of its bottom counter, unless (A11 alternative,
    `tea_opium_stacking`) that player may not yet control tea or opium."""
    stack = state.territories[tid].stacks[index]
    if not stack:
        return None
    if state.options.get("tea_opium_stacking") and not may_control(state, stack[0], tid, index):
        return None
    return stack[0]


def may_control(state: ColonialState, seat: str, tid: str, index: int) -> bool:
    """Tea and opium are controlled only from Economy 6."""
    if colour(state, tid, index) not in EASTERN_GOODS:
        return True
    return track_value(state, seat, "economy") >= data(state).rules.tea_opium_economy


def controlled(state: ColonialState, seat: str) -> list[tuple[str, int]]:
    """Every (territory, resource) whose stack `seat` controls."""
    return [
        (tid, index)
        for tid, terr in state.territories.items()
        for index, stack in enumerate(terr.stacks)
        if stack and controller(state, tid, index) == seat
    ]


def controllers_of_colour(state: ColonialState, wanted: str) -> set[str]:
    found: set[str] = set()
    for tid, terr in state.territories.items():
        for index, stack in enumerate(terr.stacks):
            if stack and colour(state, tid, index) == wanted:
                holder = controller(state, tid, index)
                if holder is not None:
                    found.add(holder)
    return found


def monopolies(state: ColonialState, seat: str) -> int:
    """Colours only `seat` controls, each gold Resource counting one (plus a Nation bonus)."""
    count = 0
    seen: dict[str, set[str]] = {}
    for tid, terr in state.territories.items():
        for index, stack in enumerate(terr.stacks):
            holder = controller(state, tid, index) if stack else None
            if holder is None:
                continue
            kind = colour(state, tid, index)
            if kind == GOLD:
                count += holder == seat
            else:
                seen.setdefault(kind, set()).add(holder)
    count += sum(1 for holders in seen.values() if holders == {seat})
    nation = nation_of(state, seat)
    return count + (nation.monopoly_bonus if nation is not None else 0)


def tordesillas_allows(state: ColonialState, seat: str, tid: str) -> bool:
    p = state.players[seat]
    if p.nation not in ("spain", "portugal") or p.reached_six:
        return True
    terr = data(state).territory(tid)
    if p.nation == "portugal":
        return tid == "brazil" or terr.continent != "america"
    goals = data(state).nation("spain").goals
    return (terr.continent == "america" and tid != "brazil") or tid in goals


def may_place(state: ColonialState, seat: str, tid: str, index: int) -> bool:
    """The placement rules: in play, not another's Colony, tea and opium from Economy 6
    (A11; with `tea_opium_stacking` below it too, without control)."""
    terr = state.territories[tid]
    if not in_play(state, tid) or (terr.colony is not None and terr.colony != seat):
        return False
    if not tordesillas_allows(state, seat, tid):
        return False
    return bool(state.options.get("tea_opium_stacking")) or may_control(state, seat, tid, index)


def place(ctx: Ctx, seat: str, tid: str, counts: dict[int, int]) -> None:
    """Put `counts[r]` counters of `seat` on each Resource r of `tid`, then settle control
    Resource by Resource: a free Resource of a colour another player monopolised, or a
    majority taken from another player, costs one Diplomacy step (never two for one)."""
    state = ctx.state
    terr = state.territories[tid]
    for index, count in sorted(counts.items()):
        if count <= 0:
            continue
        stack = terr.stacks[index]
        kind = colour(state, tid, index)
        monopolist = _monopolist(state, kind)
        before = controller(state, tid, index)
        stack.extend([seat] * count)
        ctx.emit("col.event.placed", seat=seat, territory=tid, count=count)
        leads = stack[0] != seat and _majority(_contenders(state, tid, index)) == seat
        if before is None:
            # A free Resource (or, A11 alternative, one nobody may control yet).
            if leads:
                _to_bottom(stack, seat)
            taken = controller(state, tid, index) == seat
            if taken and kind != GOLD and monopolist is not None and monopolist != seat:
                ctx.emit("col.event.monopoly_attacked", seat=seat, victim=monopolist)
                move_diplomacy(ctx, seat, -1)
        elif leads:
            _to_bottom(stack, seat)
            ctx.emit("col.event.took_control", seat=seat, territory=tid)
            move_diplomacy(ctx, seat, -1)


def _monopolist(state: ColonialState, kind: str) -> str | None:
    holders = controllers_of_colour(state, kind)
    return next(iter(holders)) if len(holders) == 1 else None


def _contenders(state: ColonialState, tid: str, index: int) -> list[str]:
    """The counters that count for control: all, but (A11 alternative) on tea and opium
    only those of players who may control them."""
    stack = state.territories[tid].stacks[index]
    if not state.options.get("tea_opium_stacking"):
        return stack
    return [seat for seat in stack if may_control(state, seat, tid, index)]


def _majority(stack: list[str]) -> str | None:
    counts: dict[str, int] = {}
    for seat in stack:
        counts[seat] = counts.get(seat, 0) + 1
    ranked = sorted(counts.values(), reverse=True)
    if len(ranked) > 1 and ranked[0] == ranked[1]:
        return None
    return max(counts, key=lambda seat: counts[seat]) if counts else None


def _to_bottom(stack: list[str], seat: str) -> None:
    mine = [s for s in stack if s == seat]
    others = [s for s in stack if s != seat]
    stack[:] = mine + others


def remove_counter(ctx: Ctx, tid: str, index: int, seat: str) -> None:
    """`seat` loses its topmost counter on this Resource; a player with more counters than
    each other then takes the bottom, without Diplomacy cost; a Colony may be lost."""
    stack = ctx.state.territories[tid].stacks[index]
    position = len(stack) - 1 - stack[::-1].index(seat)
    del stack[position]
    leader = _majority(_contenders(ctx.state, tid, index))
    if stack and leader is not None and stack[0] != leader:
        _to_bottom(stack, leader)
    check_colony(ctx, tid)


def check_colony(ctx: Ctx, tid: str) -> None:
    terr = ctx.state.territories[tid]
    owner = terr.colony
    if owner is None or counters_in(ctx.state, tid, owner) > 0:
        return
    lose_colony(ctx, tid)


def lose_colony(ctx: Ctx, tid: str) -> None:
    terr = ctx.state.territories[tid]
    owner = terr.colony
    assert owner is not None
    terr.colony = None
    terr.unrest = 0
    terr.independent = True
    lost = 2 if ctx.state.boomtown == tid else 1
    ctx.emit("col.event.colony_lost", seat=owner, territory=tid, prestige=lost)
    lose_prestige(ctx, owner, lost)


def add_unrest(ctx: Ctx, tid: str, count: int = 1) -> None:
    """Unrest on a Territory; at the revolution threshold it becomes an independent state."""
    terr = ctx.state.territories[tid]
    terr.unrest += count
    if terr.unrest >= data(ctx.state).rules.unrest_revolution:
        terr.unrest = 0
        ctx.emit("col.event.revolution", territory=tid)
        if terr.colony is not None and ctx.state.options.get("colony_revolution_loses_colony"):
            lose_colony(ctx, tid)
        terr.independent = True


# Prestige, loans and victory ---------------------------------------------------------


def gain_prestige(ctx: Ctx, seat: str, amount: int) -> None:
    if amount <= 0:
        return
    p = ctx.state.players[seat]
    p.prestige += amount
    if p.prestige >= 6:
        p.reached_six = True
    check_victory(ctx)


def lose_prestige(ctx: Ctx, seat: str, amount: int) -> int:
    p = ctx.state.players[seat]
    lost = min(amount, p.prestige)
    p.prestige -= lost
    return lost


def loan_total(p: PlayerState) -> int:
    return sum(p.loans)


def check_victory(ctx: Ctx) -> None:
    """The first player with the Prestige to win and no loan wins at once."""
    state = ctx.state
    if state.finished:
        return
    goal = data(state).rules.victory_prestige
    for seat in order(state):
        p = state.players[seat]
        if p.prestige >= goal and not p.loans:
            finish(ctx, seat)
            return


def finish(ctx: Ctx, winner: str | None) -> None:
    state = ctx.state
    state.winner = winner
    state.finished = True
    state.step = None
    state.war = None
    state.final_scores = {seat: state.players[seat].prestige for seat in state.seats}
    if winner is not None:
        state.final_scores[winner] += 100
        ctx.emit("col.event.victory", seat=winner, prestige=state.players[winner].prestige)
    else:
        ctx.emit("col.event.turn_limit", turn=state.turn)


def success_dice(ctx: Ctx, count: int) -> int:
    """Success dice (two laurel faces in six): a d6 of 5 or 6 is a success."""
    return sum(1 for _ in range(count) if ctx.roll() >= 5)


def boomtown_goods(state: ColonialState, tid: str) -> int:
    return 2 if state.boomtown == tid else 1


def colony_native_power(state: ColonialState, seat: str) -> int:
    return sum(native_power(state, tid) for tid, t in state.territories.items() if t.colony == seat)


def has_colour(state: ColonialState, tid: str, wanted: str) -> bool:
    return wanted in data(state).territory(tid).resources
