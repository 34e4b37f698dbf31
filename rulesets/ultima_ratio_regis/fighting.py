"""Combat in play: opening each kind of battle from the board, the ordered pre-roll
choices of §5.4, the roll, the leader's +1, losses and every type-specific consequence.

The arithmetic is battle.py's; this module decides who is asked what, and when.
"""

from __future__ import annotations

from typing import Literal

from rulesets.core import StepContext
from rulesets.ultima_ratio_regis import battle
from rulesets.ultima_ratio_regis.board import (
    change_instability,
    check_capitulation,
    disperse,
    eliminate,
    fortress,
    leader_types,
    lose_morale,
    squadrons,
    take_control,
    to_port,
    troops,
    unit,
)
from rulesets.ultima_ratio_regis.minor_forces import defending_troops
from rulesets.ultima_ratio_regis.options import option
from rulesets.ultima_ratio_regis.sequence import after_action
from rulesets.ultima_ratio_regis.state import (
    Combat,
    Die,
    Question,
    Side,
    Unit,
    UrrState,
    game_data,
    new_id,
    referee,
)

Ctx = StepContext[UrrState]
SideName = Literal["attacker", "defender"]
BONUS_LEADER = {
    "land": "tactician",
    "siege": "tactician",
    "naval": "admiral",
    "piracy": "admiral",
    "submission": "decisive",
}
STEPS = (
    "naval_superiority",
    "distance",
    "strong_opposition",
    "opposition_q",
    "size",
    "organizer_attacker",
    "organizer_defender",
    "naval_size",
    "deploy",
    "creative_attacker",
    "creative_defender",
    "roll",
    "leader_attacker",
    "leader_defender",
    "resolve",
    "control",
    "done",
)


def make_side(state: UrrState, kind: str, power: str | None, units: list[Unit], area: str) -> Side:
    types = leader_types(state, power, area) if power is not None else []
    return Side(
        power=power,
        units=[u.id for u in units],
        organizer="organizer" in types and kind == "land",
        creative="creative" in types,
        bonus_leader=BONUS_LEADER[kind] in types,
        has_leader=bool(types),
    )


def open_combat(ctx: Ctx, combat: Combat) -> None:
    ctx.state.combat = combat
    ctx.emit(
        "urr.event.combat_opened",
        kind=f"urr_kind_{combat.kind}",
        area=combat.area,
        attacker=combat.attacker.power,
        defender=combat.defender.power or "urr_opposition",
    )
    ctx.enter("combat")
    advance(ctx)


def support_seas(state: UrrState, combat: Combat) -> list[str]:
    """Seas beside the combat's zone where both sides have active squadrons: there a naval
    battle 'Soutien d'opérations terrestres' (3D) can decide naval superiority (A-48)."""
    att, dfn = combat.attacker.power, combat.defender.power
    if att is None or dfn is None or state.suspended is not None:
        return []
    return [
        sea
        for sea, kind in game_data(state).neighbours(combat.area)
        if kind == "coast" and squadrons(state, att, sea) and squadrons(state, dfn, sea)
    ]


def open_support_battle(ctx: Ctx, sea: str) -> None:
    """Suspend the land combat, siege or submission and fight for the sea first: the same
    two powers, their squadrons in that sea, 3 dice ('Soutien ... 3D')."""
    state = ctx.state
    land = state.combat
    assert land is not None and land.attacker.power and land.defender.power
    sides = [
        make_side(state, "naval", power, squadrons(state, power, sea), sea)
        for power in (land.attacker.power, land.defender.power)
    ]
    size = battle.NAVAL_SIZES["support"]
    naval = Combat(
        id=new_combat_id(state),
        kind="naval",
        situation=["support"],
        area=sea,
        war=land.war,
        attacker=sides[0],
        defender=sides[1],
        band=(size, size),
        size=size,
    )
    state.suspended = land
    open_combat(ctx, naval)


def needs_answer(state: UrrState, combat: Combat) -> bool:
    """True when the current step is a prompt (someone must choose)."""
    step = combat.step
    if step == "naval_superiority":
        coastal = game_data(state).zone(combat.area).port
        return combat.kind in ("land", "siege", "submission") and coastal
    if step == "distance":
        return combat.kind == "submission"
    if step == "strong_opposition":  # the data leaves "A3 ou R3" to the referee
        strong = game_data(state).zone(combat.area).strong_opposition
        return combat.kind == "submission" and strong is None
    if step == "opposition_q":
        return combat.kind == "piracy" and not combat.defender.units
    if step == "size":
        return combat.kind == "land" and combat.band[0] < combat.band[1]
    if step.startswith("organizer_"):
        return combat.kind == "land" and side_of(combat, step).organizer
    if step == "naval_size":
        return combat.kind == "siege" and combat.naval_holder != "none"
    if step.startswith("creative_"):
        side = side_of(combat, step)
        return side.creative and any(d.q < battle.Q_BOUNDS[1] for d in side.dice)
    if step.startswith("leader_"):
        side = side_of(combat, step)
        return side.bonus_leader and any(d.result < 6 for d in side.dice)
    if step == "control":
        force = len(troops(state, combat.attacker.power or "", combat.area))
        price = {"none": 1, "defender": 2}.get(combat.winner, 0)
        return combat.kind == "submission" and price > 0 and force > price
    return False


def side_of(combat: Combat, step: str) -> Side:
    return combat.attacker if step.endswith("attacker") else combat.defender


def advance(ctx: Ctx) -> None:
    """Run automatic steps until a prompt is due or the combat is over."""
    combat = ctx.state.combat
    while combat is not None:
        if needs_answer(ctx.state, combat):
            return
        automatic = {
            "size": _settle_size,
            "deploy": _deploy,
            "roll": _roll,
            "resolve": _resolve,
        }.get(combat.step)
        if automatic is not None:
            automatic(ctx, combat)
        if combat.step == "done":
            _finish(ctx, combat)
            return
        next_step(combat)


def next_step(combat: Combat) -> None:
    combat.step = STEPS[STEPS.index(combat.step) + 1]


def _settle_size(ctx: Ctx, combat: Combat) -> None:
    if combat.kind != "land" or combat.band[0] == combat.band[1]:
        combat.size = combat.band[0]


def _die_q(state: UrrState, combat: Combat, name: SideName, side: Side, unit_id: str | None) -> int:
    if combat.kind == "submission":
        # "Force de soumission : Q3"; "Opposition : Q2 (ou Q3 si A3 ou R3)", whatever the
        # troops behind either side
        base = 3 if name == "attacker" else combat.opposition_q
        return battle.handicapped_q(base, side.handicaps)
    if unit_id is None:
        return combat.opposition_q  # piracy with no interceptor: the referee's Q
    return battle.handicapped_q(unit(state, unit_id).q, side.handicaps)


def _deploy(ctx: Ctx, combat: Combat) -> None:
    """A-07: one die per engaged unit up to the size, best quality first; a submission
    and a piracy roll one die a side."""
    state = ctx.state
    for name, side in (("attacker", combat.attacker), ("defender", combat.defender)):
        if combat.naval_holder not in ("none", name):
            side.handicaps += 1  # "Supériorité navale ennemie"
        ranked = sorted(side.units, key=lambda i: (-unit(state, i).q, i))
        ids: list[str | None] = list(ranked[: combat.size]) or [None]
        if combat.kind == "submission":
            ids = ids[:1]
        side.dice = [
            Die(unit=unit_id, q=_die_q(state, combat, name, side, unit_id))  # type: ignore[arg-type]
            for unit_id in ids
        ]
    ctx.emit(
        "urr.event.battlefield",
        size=combat.size,
        attacker_dice=len(combat.attacker.dice),
        defender_dice=len(combat.defender.dice),
    )


def _roll(ctx: Ctx, combat: Combat) -> None:
    model = option(ctx.state.options, "quality_model")
    for side in (combat.attacker, combat.defender):
        for die in side.dice:
            die.roll = ctx.roll()
            die.result = battle.die_result(die.roll, die.q, model)


def _resolve(ctx: Ctx, combat: Combat) -> None:
    state = ctx.state
    att, dfn = combat.attacker, combat.defender
    att.bp, att.damage = battle.totals([d.result for d in att.dice])
    dfn.bp, dfn.damage = battle.totals([d.result for d in dfn.dice])
    combat.winner = "attacker" if att.bp > dfn.bp else "defender" if dfn.bp > att.bp else "none"
    for name, side in (("attacker", att), ("defender", dfn)):
        ctx.emit(
            "urr.event.dice",
            side=f"urr_side_{name}",
            power=side.power or "urr_opposition",
            dice=[f"{d.roll}→{d.result} (Q{d.q}{'+' if d.leader else ''})" for d in side.dice],
            bp=side.bp,
            damage=side.damage,
        )
    ctx.emit(
        "urr.event.outcome",
        winner=(att.power if combat.winner == "attacker" else dfn.power or "urr_opposition")
        if combat.winner != "none"
        else "urr_nobody",
        margin=abs(att.bp - dfn.bp),
    )
    for name, side, enemy in (("attacker", att, dfn), ("defender", dfn, att)):
        _apply_losses(ctx, combat, name, side, enemy)  # type: ignore[arg-type]
    loser = {"attacker": dfn, "defender": att}.get(combat.winner)
    if loser is not None and loser.power is not None and combat.war is not None:
        war = next(w for w in state.wars if w.id == combat.war)
        if battle.morale_ceded(len(loser.dice)) and combat.kind in ("land", "naval", "siege"):
            lose_morale(ctx, war, loser.power, "combat")
    if combat.kind == "piracy" and combat.winner == "attacker":
        amount = battle.piracy_instability(
            att.bp - dfn.bp, option(state.options, "piracy_instability")
        )
        change_instability(ctx, att.power or "", -amount, "piracy_won")
        change_instability(ctx, combat.target_power or "", amount, "piracy_lost")


def _apply_losses(ctx: Ctx, combat: Combat, name: SideName, side: Side, enemy: Side) -> None:
    state = ctx.state
    if not side.units and (side.power is None or combat.kind == "submission"):
        return  # the abstract opposition's losses are ignored (a minor's troops take them)
    present = [unit(state, i) for i in side.units if any(u.id == i for u in state.units)]
    loser = side.power or (present[0].power if present else "urr_opposition")
    damage_in = sum(1 for d in enemy.dice if battle.table(d.result)[1])
    losses = battle.side_losses(
        combat.kind, side.bp, enemy.bp, damage_in, len(present), side.has_leader
    )
    victims = sorted(present, key=lambda u: (u.q, u.id))
    for victim in victims[: losses.eliminated]:
        eliminate(state, victim)
    dispersed = victims[losses.eliminated : losses.eliminated + losses.dispersed]
    garrison = combat.kind == "siege" and name == "defender"
    sortie = combat.kind == "land" and "sortie" in combat.situation and name == "attacker"
    for victim in dispersed:
        if garrison or sortie:
            fort = fortress(state, combat.area)
            if fort is not None:
                fort.siege_damage += 1  # "L'assiégé convertit toujours ..."
            if option(state.options, "siege_conversion") == "remove":
                disperse(state, victim)
        elif victim.kind == "squadron":
            victim.repairing = True
            to_port(state, victim)
        else:
            disperse(state, victim)
    ctx.emit(
        "urr.event.losses",
        power=loser,
        eliminated=losses.eliminated,
        dispersed=losses.dispersed,
    )


def _finish(ctx: Ctx, combat: Combat) -> None:
    state = ctx.state
    {
        "land": _after_land,
        "siege": _after_siege,
        "submission": _after_submission,
        "naval": _after_naval,
        "piracy": _after_naval,
    }[combat.kind](ctx, combat)
    state.combat, state.last_combat = None, combat
    ctx.emit("urr.event.combat_over", kind=f"urr_kind_{combat.kind}", area=combat.area)
    if "support" in combat.situation and state.suspended is not None:
        _resume_after_support(ctx, combat, state.suspended)
        return
    centre = _raided_centre(state, combat)
    if centre is not None:
        # What a successful raid does to the merchants is the rulebook's: the referee rules.
        state.question = Question(
            kind="piracy_effect",
            seat=referee(state),
            power=combat.attacker.power,
            other=combat.target_power,
            area=centre,
        )
        ctx.enter("question")
        return
    ctx.enter("impulse")
    if "sortie" in combat.situation:
        return  # a free action: the impulse goes on
    after_action(ctx)


def _raided_centre(state: UrrState, combat: Combat) -> str | None:
    """The trade centre a winning pirate raided: beside the sea, holding the target's
    merchants, its trade not yet interrupted (None when piracy failed or none is left)."""
    if combat.kind != "piracy" or combat.winner != "attacker":
        return None
    data = game_data(state)
    centres = [
        area
        for area, kind in data.neighbours(combat.area)
        if kind == "coast" and data.zone(area).trade_centre and area not in state.interrupted
    ]
    return next(
        (
            area
            for area in centres
            if any(
                m.power == combat.target_power and m.area == area and not m.waiting
                for m in state.merchants
            )
        ),
        None,
    )


def _resume_after_support(ctx: Ctx, naval: Combat, land: Combat) -> None:
    """The support battle's winner holds naval superiority for the suspended combat (the
    same powers attack and defend in both); a draw leaves it to nobody."""
    state = ctx.state
    state.combat, state.suspended = land, None
    land.naval_holder = naval.winner
    ctx.emit("urr.event.naval_superiority", holder=f"urr_side_{land.naval_holder}", area=land.area)
    next_step(land)
    advance(ctx)


def _move_back(state: UrrState, combat: Combat, power: str) -> None:
    """An attacker that did not clear the zone goes back where it came from."""
    if combat.origin is None or combat.origin == combat.area:
        return
    for mover in troops(state, power, combat.area):
        if mover.id in combat.attacker.units:
            mover.area = combat.origin


def _after_land(ctx: Ctx, combat: Combat) -> None:
    state = ctx.state
    att, dfn = combat.attacker.power or "", combat.defender.power or ""
    if "sortie" in combat.situation:
        fort = fortress(state, combat.area)
        if fort is not None and not troops(state, dfn, combat.area):
            fort.besieger = None
            ctx.emit("urr.event.siege_lifted", area=combat.area)
        elif fort is not None:
            check_capitulation(ctx, fort)
        return
    if "relief" in combat.situation:
        fort = fortress(state, combat.area)
        if fort is not None and not troops(state, dfn, combat.area):
            fort.besieger = None
            ctx.emit("urr.event.siege_lifted", area=combat.area)
        else:
            _move_back(state, combat, att)
        return
    if defending_troops(state, dfn, combat.area) or not troops(state, att, combat.area):
        _move_back(state, combat, att)
        return
    fort = fortress(state, combat.area)
    if fort is not None and fort.power == dfn and fort.complete:
        fort.besieger = att  # the garrison is gone: the fortress falls to the next siege
    take_control(ctx, combat.area, att)


def _after_siege(ctx: Ctx, combat: Combat) -> None:
    state = ctx.state
    fort = fortress(state, combat.area)
    att = combat.attacker.power or ""
    if fort is None:
        return
    fort.besieger = att if troops(state, att, combat.area) else None
    check_capitulation(ctx, fort)


def _after_submission(ctx: Ctx, combat: Combat) -> None:
    state = ctx.state
    att = combat.attacker.power or ""
    if combat.winner == "attacker" and troops(state, att, combat.area):
        take_control(ctx, combat.area, att)
    elif state.control.get(combat.area) != att:
        _move_back(state, combat, att)


def _after_naval(ctx: Ctx, combat: Combat) -> None:
    state = ctx.state
    loser = {"attacker": combat.defender, "defender": combat.attacker}.get(combat.winner)
    if loser is None or loser.power is None:
        return
    for squadron in [u for u in state.units if u.id in loser.units]:
        to_port(state, squadron)  # "celles qui perdent une bataille navale" (piracy too)


def buy_control(ctx: Ctx, pay: bool) -> None:
    """'En cas d'égalité ... 1 troupe; en cas de défaite ... 2 troupes' for the zone."""
    combat = ctx.state.combat
    assert combat is not None
    att = combat.attacker.power or ""
    if pay:
        price = 1 if combat.winner == "none" else 2
        paid = sorted(troops(ctx.state, att, combat.area), key=lambda u: (u.q, u.id))[:price]
        for troop in paid:
            disperse(ctx.state, troop)
        ctx.emit("urr.event.control_bought", power=att, area=combat.area, troops=price)
        take_control(ctx, combat.area, att)
    next_step(combat)
    advance(ctx)


def new_combat_id(state: UrrState) -> str:
    return new_id(state, "c")
