"""The thirteen actions that cost one power action each (ACTIONS, 'Pour 1 action de
puissance'), listed with the constraints the aid states and carried out."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

from rulesets.core import Choice, Msg, StepContext
from rulesets.ultima_ratio_regis import actions as act
from rulesets.ultima_ratio_regis import battle
from rulesets.ultima_ratio_regis.board import (
    allied,
    change_instability,
    enemies,
    fortress,
    land_within,
    leader_types,
    link_kind,
    neighbours,
    squadrons,
    strategic_reach,
    take_control,
    troops,
    war_between,
)
from rulesets.ultima_ratio_regis.diplomacy import declare_war
from rulesets.ultima_ratio_regis.fighting import make_side, new_combat_id, open_combat
from rulesets.ultima_ratio_regis.interception_reach import (
    interception_sources,
    naval_interceptors,
)
from rulesets.ultima_ratio_regis.ledgers import CONSCRIPTION_INSTABILITY
from rulesets.ultima_ratio_regis.minor_forces import (
    commander,
    defending_troops,
    minor_troops,
    opposing_troops,
)
from rulesets.ultima_ratio_regis.options import option
from rulesets.ultima_ratio_regis.sequence import after_action
from rulesets.ultima_ratio_regis.state import (
    Combat,
    Fortress,
    Leader,
    Merchant,
    PendingMove,
    Question,
    Unit,
    UrrState,
    game_data,
    new_id,
    referee,
)
from rulesets.ultima_ratio_regis.text import say

Ctx = StepContext[UrrState]


def _label(key: str, **params: Any) -> Msg:
    return say(f"urr.label.{key}", **params)


def _owned_land(state: UrrState, power: str) -> list[str]:
    return sorted(a for a, owner in state.control.items() if owner == power)


def _stacks(state: UrrState, power: str, kind: str) -> list[str]:
    return sorted(
        {
            u.area
            for u in state.units
            if u.power == power and u.kind == kind and u.dispersed_at is None and not u.repairing
        }
    )


def _at_sea(state: UrrState, power: str) -> list[str]:
    return [a for a in _stacks(state, power, "squadron") if game_data(state).zone(a).kind == "sea"]


def build_choices(state: UrrState, power: str) -> list[Choice]:
    data = game_data(state)
    choices = []
    for area in _owned_land(state, power):
        zone = data.zone(area)
        elites = (False, True) if zone.national_of == power else (False,)
        drafts = (False, True) if zone.main_map else (False,)
        for elite in elites:
            for conscript in drafts:
                order = act.BuildTroop(power=power, area=area, elite=elite, conscript=conscript)
                key = (
                    "build_troop"
                    + (".elite" if elite else "")
                    + (".conscript" if conscript else "")
                )
                choices.append(Choice.of(order, label=_label(key, power=power, area=area)))
        if zone.port:
            order2 = act.BuildSquadron(power=power, area=area)
            choices.append(
                Choice.of(order2, label=_label("build_squadron", power=power, area=area))
            )
        fort = fortress(state, area)
        if fort is None or (
            fort.power == power and not fort.complete and fort.started_at != state.impulse
        ):
            key = "build_fortress.start" if fort is None else "build_fortress.finish"
            order3 = act.BuildFortress(power=power, area=area)
            choices.append(Choice.of(order3, label=_label(key, power=power, area=area)))
    for area in sorted({u.area for u in state.units if u.power == power and u.repairing}):
        first = next(u for u in state.units if u.power == power and u.repairing and u.area == area)
        choices.append(
            Choice.of(
                act.RepairSquadron(unit=first.id),
                label=_label("repair_squadron", power=power, area=area),
            )
        )
    return choices


def regroup_choices(state: UrrState, power: str) -> list[Choice]:
    data = game_data(state)
    choices = []
    seen: set[tuple[str, str]] = set()
    for troop in state.units:
        if (
            troop.power != power
            or troop.dispersed_at is None
            or troop.dispersed_at >= state.impulse
        ):
            continue
        theatre = data.zone(troop.area).theatre
        for area in _owned_land(state, power):
            if data.zone(area).theatre == theatre and (troop.area, area) not in seen:
                seen.add((troop.area, area))
                label = _label("regroup_troop", power=power, origin=troop.area, area=area)
                choices.append(Choice.of(act.RegroupTroop(unit=troop.id, area=area), label=label))
    return choices


def move_choices(state: UrrState, power: str) -> list[Choice]:
    data = game_data(state)
    choices = []
    foes = set(enemies(state, power))
    occupants = _occupants(state)
    for origin in _stacks(state, power, "troop"):
        if data.zone(origin).kind != "land":
            continue
        for area in strategic_reach(state, power, origin):
            label = _label("strategic_move", power=power, origin=origin, area=area)
            choices.append(
                Choice.of(act.StrategicMove(power=power, origin=origin, area=area), label=label)
            )
        fort = fortress(state, origin)
        besieging = fort is not None and fort.besieger == power and fort.power in foes
        if fort is not None and besieging and troops(state, fort.power, origin):
            label = _label("tactical_move.siege", power=power, origin=origin, area=origin)
            order = act.TacticalMove(power=power, origin=origin, area=origin)
            choices.append(Choice.of(order, label=label))  # the siege goes on
        for area in sorted(land_within(state, origin, 2)):
            target = _tactical_target(state, power, area, foes, occupants)
            if target is not None:
                label = _label(f"tactical_move.{target}", power=power, origin=origin, area=area)
                choices.append(
                    Choice.of(act.TacticalMove(power=power, origin=origin, area=area), label=label)
                )
    choices += _landing_choices(state, power, foes, occupants)
    for origin in _at_sea(state, power):
        for area, kind in data.neighbours(origin):
            if kind == "sea" and any(squadrons(state, foe, area) for foe in foes):
                label = _label("tactical_move.naval", power=power, origin=origin, area=area)
                choices.append(
                    Choice.of(act.TacticalMove(power=power, origin=origin, area=area), label=label)
                )
            elif kind == "sea" or (kind == "coast" and state.control.get(area) == power):
                label = _label("strategic_move", power=power, origin=origin, area=area)
                choices.append(
                    Choice.of(act.StrategicMove(power=power, origin=origin, area=area), label=label)
                )
    return choices


def landing_seas(state: UrrState, power: str, origin: str, area: str) -> list[str]:
    """The seas by which the power's troops in `origin` can land in `area` ('Débarquement'):
    its active squadrons hold a sea both zones touch (a land path of 2 zones or fewer is a
    march, not a landing)."""
    data = game_data(state)
    if area in land_within(state, origin, 2):
        return []
    shores = {a: {s for s, kind in data.neighbours(a) if kind == "coast"} for a in (origin, area)}
    return sorted(s for s in shores[origin] & shores[area] if squadrons(state, power, s))


def _landing_choices(
    state: UrrState, power: str, foes: set[str], occupants: dict[str, set[str]]
) -> list[Choice]:
    data = game_data(state)
    choices = []
    for origin in _stacks(state, power, "troop"):
        near = land_within(state, origin, 2)
        for sea, kind in data.neighbours(origin):
            if kind != "coast" or not squadrons(state, power, sea):
                continue
            for area, shore in data.neighbours(sea):
                if shore != "coast" or area == origin or area in near:
                    continue
                target = _tactical_target(state, power, area, foes, occupants)
                if target is None or sea != landing_seas(state, power, origin, area)[0]:
                    continue  # offered once, by the first sea that carries it
                key = f"landing.{target}"
                label = _label(key, power=power, origin=origin, area=area, sea=sea)
                order = act.TacticalMove(power=power, origin=origin, area=area)
                choices.append(Choice.of(order, label=label))
    return choices


def _occupants(state: UrrState) -> dict[str, set[str]]:
    """Area → the powers with troops or squadrons standing there (not dispersed)."""
    found: dict[str, set[str]] = {}
    for unit in state.units:
        if unit.dispersed_at is None:
            found.setdefault(unit.area, set()).add(unit.power)
    return found


def _tactical_target(
    state: UrrState,
    power: str,
    area: str,
    foes: set[str],
    occupants: dict[str, set[str]] | None = None,
) -> str | None:
    """What a tactical move into `area` attacks: a battle, a siege, a submission, or None."""
    owner = state.control.get(area)
    minors_here = minor_troops(state, area)
    guard = commander(state, minors_here[0].power) if minors_here else None
    if guard is not None and guard != power and guard not in foes:
        return None  # troops a power commands are attacked only at war with it
    if occupants is not None and not occupants.get(area, set()) & foes and guard is None:
        defenders: list[str] = []
    else:
        defenders = [foe for foe in foes if defending_troops(state, foe, area)]
    fort = fortress(state, area)
    if defenders and fort is not None and fort.power == power and fort.besieger in defenders:
        return "relief"  # "bataille de secours": an army attacks the besiegers
    if defenders:
        return "siege" if fort is not None and fort.complete and fort.power in defenders else "land"
    if owner in foes:
        return "occupy"
    others = (occupants or _occupants(state)).get(area, set()) - {power}
    others -= {troop.power for troop in minors_here}  # they are the submission's opposition
    minor = game_data(state).minor_of(area)
    if minor is not None and state.minor_allies.get(minor.id) == power:
        return None  # a zone of its own ally is not the power's to submit
    if owner is None and not others:
        return "submission"
    return None


def other_choices(state: UrrState, power: str) -> list[Choice]:
    data = game_data(state)
    choices = []
    stacked = sorted({u.area for u in state.units if u.power == power and u.dispersed_at is None})
    if state.leader_pools.get(power):
        for area in stacked:
            choices.append(
                Choice.of(
                    act.BuildLeader(power=power, area=area),
                    label=_label("build_leader", power=power, area=area),
                )
            )
    for sea in _at_sea(state, power):
        centres = [
            a for a, kind in data.neighbours(sea) if kind == "coast" and data.zone(a).trade_centre
        ]
        for target in enemies(state, power):
            if any(
                m.power == target and m.area in centres and not m.waiting for m in state.merchants
            ):
                label = _label("piracy", power=power, sea=sea, target=target)
                choices.append(
                    Choice.of(act.Piracy(power=power, sea=sea, target=target), label=label)
                )
    if state.powers[power].instability > 0:
        choices.append(
            Choice.of(
                act.ReduceInstability(power=power), label=_label("reduce_instability", power=power)
            )
        )
    for other in sorted(state.powers):
        record = state.powers[other]
        if other != power and allied(state, power, other) and record.instability > 0:
            choices.append(
                Choice.of(
                    act.Subsidize(power=power, ally=other),
                    label=_label("subsidize", power=power, ally=other),
                )
            )
    for zone in data.zones:
        if zone.trade_centre:
            choices.append(
                Choice.of(
                    act.BuildMerchant(power=power, area=zone.id),
                    label=_label("build_merchant", power=power, area=zone.id),
                )
            )
    owner = state.powers[power].player
    for other in sorted(state.powers):
        record = state.powers[other]
        if (
            other == power
            or not record.in_play
            or record.player == owner
            or war_between(state, power, other)
        ):
            continue
        for claim in (False, True):
            label = _label(f"declare_war.{str(claim).lower()}", power=power, target=other)
            choices.append(
                Choice.of(act.DeclareWar(power=power, target=other, casus_belli=claim), label=label)
            )
    return choices


def action_choices(state: UrrState, power: str) -> list[Choice]:
    return (
        build_choices(state, power)
        + regroup_choices(state, power)
        + move_choices(state, power)
        + other_choices(state, power)
    )


# Handlers -----------------------------------------------------------------------------


def _spent(ctx: Ctx) -> None:
    ctx.state.actions_left -= 1
    after_action(ctx)


def _build_troop(ctx: Ctx, seat: str, action: act.BuildTroop) -> None:
    state = ctx.state
    q = (
        3 if action.elite else 2
    )  # "Les troupes d'élite (Q3) ... seulement dans les zones nationales"
    state.units.append(
        Unit(id=new_id(state, "u"), power=action.power, kind="troop", area=action.area, q=q)
    )
    ctx.emit("urr.event.built_troop", power=action.power, area=action.area, q=q)
    if action.conscript:
        change_instability(ctx, action.power, CONSCRIPTION_INSTABILITY, "conscription")
    _spent(ctx)


def _build_squadron(ctx: Ctx, seat: str, action: act.BuildSquadron) -> None:
    state = ctx.state
    state.units.append(
        Unit(
            id=new_id(state, "u"),
            power=action.power,
            kind="squadron",
            area=action.area,
            repairing=True,
        )
    )
    ctx.emit("urr.event.built_squadron", power=action.power, area=action.area)
    _spent(ctx)


def _repair(ctx: Ctx, seat: str, action: act.RepairSquadron) -> None:
    target = next(u for u in ctx.state.units if u.id == action.unit)
    target.repairing = False
    ctx.emit("urr.event.repaired", power=target.power, area=target.area)
    _spent(ctx)


def _build_fortress(ctx: Ctx, seat: str, action: act.BuildFortress) -> None:
    state = ctx.state
    fort = fortress(state, action.area)
    if fort is None:
        state.fortresses.append(
            Fortress(area=action.area, power=action.power, started_at=state.impulse)
        )
        ctx.emit("urr.event.fortress_started", power=action.power, area=action.area)
    else:
        fort.complete = True
        ctx.emit("urr.event.fortress_finished", power=action.power, area=action.area)
    _spent(ctx)


def _regroup(ctx: Ctx, seat: str, action: act.RegroupTroop) -> None:
    troop = next(u for u in ctx.state.units if u.id == action.unit)
    troop.dispersed_at, troop.area = None, action.area
    ctx.emit("urr.event.regrouped", power=troop.power, area=action.area)
    _spent(ctx)


def _movers(state: UrrState, power: str, origin: str) -> list[Unit]:
    kind = "troop" if game_data(state).zone(origin).kind == "land" else "squadron"
    return [
        u
        for u in state.units
        if u.power == power
        and u.area == origin
        and u.kind == kind
        and u.dispersed_at is None
        and not u.repairing
    ]


def _strategic(ctx: Ctx, seat: str, action: act.StrategicMove) -> None:
    """A fleet that moves into a sea may be intercepted there by an enemy's fleet."""
    state = ctx.state
    movers = _movers(state, action.power, action.origin)
    for mover in movers:
        mover.area, mover.moved_at = action.area, state.impulse
    _move_leaders(state, action.power, action.origin, action.area)
    ctx.emit("urr.event.moved", power=action.power, origin=action.origin, area=action.area)
    foes = naval_interceptors(state, action.power, action.area)
    if game_data(state).zone(action.area).kind == "sea" and foes:
        state.actions_left -= 1
        state.pending_move = PendingMove(
            power=action.power,
            origin=action.origin,
            area=action.area,
            target="sail",
            links=["sea"],
            movers=[mover.id for mover in movers],
            defender=foes[0],
        )
        ctx.enter("interception")
        return
    _spent(ctx)


def _move_leaders(state: UrrState, power: str, origin: str, area: str) -> None:
    for leader in state.leaders:
        if leader.power == power and leader.area == origin:
            leader.area = area


def _tactical(ctx: Ctx, seat: str, action: act.TacticalMove) -> None:
    """Move, then either let the defending power intercept or open the move's combat."""
    state = ctx.state
    data = game_data(state)
    power, area = action.power, action.area
    movers = _movers(state, power, action.origin)
    naval = data.zone(area).kind == "sea"
    foes = set(enemies(state, power))
    target = "naval" if naval else _tactical_target(state, power, area, foes)
    path = land_within(state, action.origin, 2).get(area, [action.origin, area])
    links = [link_kind(state, a, b) or "land" for a, b in pairwise(path)]
    if not naval and landing_seas(state, power, action.origin, area):
        links = ["landing"]  # carried by the power's fleet across a sea
    defender = _defender(state, area, target, foes)
    for mover in movers:
        mover.area, mover.moved_at = area, state.impulse
    _move_leaders(state, power, action.origin, area)
    state.actions_left -= 1
    ctx.emit("urr.event.moved", power=power, origin=action.origin, area=area)
    move = PendingMove(
        power=power,
        origin=action.origin,
        area=area,
        target=target or "land",
        links=links,
        movers=[mover.id for mover in movers],
        defender=defender or "",
    )
    if defender is not None and interception_sources(state, defender, area):
        state.pending_move = move
        ctx.enter("interception")
        return
    carry_out_move(ctx, move)


def _defender(state: UrrState, area: str, target: str | None, foes: set[str]) -> str | None:
    """The power that may intercept a move into `area`: the one whose troops hold it, or
    whose empty zone it is (no interception of a siege, a relief or a submission)."""
    if target == "land":
        return next(f for f in sorted(foes) if defending_troops(state, f, area))
    if target == "occupy":
        return state.control.get(area)
    return None


def carry_out_move(ctx: Ctx, move: PendingMove) -> None:
    """The move's outcome once nobody (more) intercepts: an empty enemy zone taken, or the
    combat of what it attacks opened (an interceptor turns an occupation into a battle)."""
    state = ctx.state
    data = game_data(state)
    power, area = move.power, move.area
    naval = data.zone(area).kind == "sea"
    foes = set(enemies(state, power))
    target = move.target
    if target == "occupy" and move.intercepted:
        target = "land"
    movers = [u for u in state.units if u.id in move.movers and u.area == area]
    attacker = make_side(state, _kind(target), power, movers, area)
    if move.intercepted and _decisive_counts(state, "intercepted"):
        attacker.bonus_leader = attacker.bonus_leader or "decisive" in leader_types(
            state, power, area
        )
    if target == "occupy":
        fort = fortress(state, area)
        if fort is not None and fort.power != power:
            fort.power, fort.besieger, fort.siege_damage = power, None, 0  # no garrison
        take_control(ctx, area, power)
        after_action(ctx)
        return
    zone = data.zone(area)
    if target == "submission":
        attacker.handicaps = int(zone.terrain != "open") + 1  # terrain; the whole force moved
        defender = make_side(state, "submission", None, opposing_troops(state, power, area), area)
        combat = Combat(
            id=new_combat_id(state),
            kind="submission",
            area=area,
            origin=move.origin,
            attacker=attacker,
            defender=defender,
            opposition_q=3 if zone.strong_opposition else 2,  # "Q2 (ou Q3 si A3 ou R3)"
        )
        open_combat(ctx, combat)
        return
    if target == "relief":
        fort = fortress(state, area)
        foes = {fort.besieger} if fort is not None and fort.besieger else foes
    foe = move.defender or next(
        f
        for f in sorted(foes)
        if (squadrons(state, f, area) if naval else defending_troops(state, f, area))
    )
    war = war_between(state, power, foe)
    defenders = squadrons(state, foe, area) if naval else defending_troops(state, foe, area)
    defender = make_side(state, _kind(target), foe, defenders, area)
    if move.intercepted and _decisive_counts(state, "intercepting"):
        defender.bonus_leader = defender.bonus_leader or "decisive" in leader_types(
            state, foe, area
        )
    combat = Combat(
        id=new_combat_id(state),
        kind=_kind(target),
        area=area,
        origin=move.origin,
        war=war.id if war else None,
        attacker=attacker,
        defender=defender,
    )
    if target == "relief":
        if zone.terrain in ("mountains", "marsh"):
            attacker.handicaps += 1  # "Montagnes, marais"
        combat.situation = ["relief"]
        combat.band = battle.land_band(["relief"])
        combat.size = combat.band[1]
    elif target == "land":
        situations = []
        landing = "strait" in move.links or "landing" in move.links
        if landing:
            situations.append("landing_open" if zone.terrain == "open" else "landing_rough")
            attacker.handicaps += 1  # "Débarquement"
        if zone.terrain == "forest":
            situations.append("forest")
        if zone.terrain in ("mountains", "marsh"):
            attacker.handicaps += 1  # "Montagnes, marais"
            if move.links and move.links[-1] == "rough":
                situations.append("rough_link")
        combat.situation = situations
        combat.band = battle.land_band(situations)  # type: ignore[arg-type]
        combat.size = combat.band[1]
    elif target == "siege":
        fort = fortress(state, area)
        defender.handicaps += fort.siege_damage if fort else 0  # "Chaque dégât de siège"
        combat.band = (3, 3)
    else:
        combat.band = (battle.NAVAL_SIZES["operations"],) * 2
    open_combat(ctx, combat)


def _decisive_counts(state: UrrState, reading: str) -> bool:
    """'Si intercepté, compte comme un tacticien en bataille terrestre': the Decisive of the
    intercepted force (A-13), or, by option, of the intercepting one."""
    return option(state.options, "decisive_tactician") == reading


def _kind(target: str | None) -> str:
    """The combat kind of a tactical move's target (a relief battle is a land battle)."""
    return {"relief": "land", "occupy": "land", None: "land"}.get(target, target or "land")


def _build_leader(ctx: Ctx, seat: str, action: act.BuildLeader) -> None:
    state = ctx.state
    pool = state.leader_pools[action.power]
    drawn = ctx.dice.choose(list(pool))  # "Tirer au sort un chef"
    pool.remove(drawn)  # type: ignore[arg-type]
    for old in [x for x in state.leaders if x.power == action.power and x.area == action.area]:
        state.leaders.remove(old)  # "Le nouveau chef peut en remplacer un autre"
    state.leaders.append(
        Leader(id=new_id(state, "l"), power=action.power, type=drawn, area=action.area)
    )
    ctx.emit(
        "urr.event.leader_built", power=action.power, area=action.area, leader=f"urr_leader_{drawn}"
    )
    _spent(ctx)


def _piracy(ctx: Ctx, seat: str, action: act.Piracy) -> None:
    state = ctx.state
    data = game_data(state)
    raiders = squadrons(state, action.power, action.sea)[:1]
    ports = [a for a, kind in data.neighbours(action.sea) if kind == "coast" and data.zone(a).port]
    interceptors = [s for port in ports for s in squadrons(state, action.target, port)][:1]
    attacker = make_side(state, "piracy", action.power, raiders, action.sea)
    defender = make_side(
        state,
        "piracy",
        action.target,
        interceptors,
        interceptors[0].area if interceptors else action.sea,
    )
    if interceptors:
        defender.handicaps = 1  # "Escadres qui interceptent la piraterie depuis un port"
    war = war_between(state, action.power, action.target)
    state.actions_left -= 1
    combat = Combat(
        id=new_combat_id(state),
        kind="piracy",
        area=action.sea,
        war=war.id if war else None,
        attacker=attacker,
        defender=defender,
        band=(1, 1),
        size=1,
        target_power=action.target,
    )
    open_combat(ctx, combat)


def _reduce(ctx: Ctx, seat: str, action: act.ReduceInstability) -> None:
    change_instability(ctx, action.power, -1, "reduce_action")
    _spent(ctx)


def _subsidize(ctx: Ctx, seat: str, action: act.Subsidize) -> None:
    change_instability(ctx, action.ally, -1, "subsidy")
    _spent(ctx)


def _merchant(ctx: Ctx, seat: str, action: act.BuildMerchant) -> None:
    state = ctx.state
    state.merchants.append(
        Merchant(id=new_id(state, "m"), power=action.power, area=action.area, waiting=True)
    )
    ctx.emit("urr.event.merchant_built", power=action.power, area=action.area)
    _spent(ctx)


def _declare(ctx: Ctx, seat: str, action: act.DeclareWar) -> None:
    state = ctx.state
    if action.casus_belli:  # the referee checks the claim against the rulebook's rules
        state.actions_left -= 1
        state.question = Question(
            kind="casus_belli", seat=referee(state), power=action.power, other=action.target
        )
        ctx.enter("question")
        return
    declare_war(ctx, action.power, action.target, casus_belli=False)
    _spent(ctx)


def _end(ctx: Ctx, seat: str, action: act.EndImpulse) -> None:
    ctx.state.actions_left = 0
    after_action(ctx)


HANDLERS: dict[type, Callable[[Ctx, str, Any], None]] = {
    act.BuildTroop: _build_troop,
    act.BuildSquadron: _build_squadron,
    act.RepairSquadron: _repair,
    act.BuildFortress: _build_fortress,
    act.RegroupTroop: _regroup,
    act.StrategicMove: _strategic,
    act.TacticalMove: _tactical,
    act.BuildLeader: _build_leader,
    act.Piracy: _piracy,
    act.ReduceInstability: _reduce,
    act.Subsidize: _subsidize,
    act.BuildMerchant: _merchant,
    act.DeclareWar: _declare,
    act.EndImpulse: _end,
}

__all__ = ["HANDLERS", "action_choices", "carry_out_move", "neighbours"]
