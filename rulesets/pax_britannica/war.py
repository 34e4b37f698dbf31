"""The War phase (§4.11.1–4.11.2): the Ottoman war first (natives.py), then the turn's
wars played one after the other (they share no power, so playing them in turn is playing
them at once), each as war cycles: initiative,
then each alliance's manoeuvre, attack and support, the end-of-war check with ET +2 a
cycle, and the resolution with its spoils. The seats of the acting alliance answer in seat
order; a seat with nothing it could do is not asked. The owners' battle decisions
(war_decisions.py), a peace on the table (war_peace.py), the passage questions of a war's
start or of a unit trying to pass a neutral's strait or canal, a navy's request for a
neutral's coaling (war_coaling.py), and the declarations a neutral's conduct allows at
once (war_passages.py, war_codominions.py) are answered before anything else."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Phase, Prompt, StepContext
from rulesets.pax_britannica import war_spoils
from rulesets.pax_britannica.actions import (
    AnswerPeace,
    AnswerSpoils,
    DeclareWar,
    DenyPassage,
    GrantCoaling,
    NoWar,
    PeaceTerm,
    ProposePeace,
    ProposeSpoils,
    SignSettlement,
    VoteSpoils,
    WarAttack,
    WarConsent,
    WarLosses,
    WarMove,
    WarRetreat,
    WarSpoils,
    WarStepDone,
)
from rulesets.pax_britannica.board import india_reach
from rulesets.pax_britannica.combat import odds_for
from rulesets.pax_britannica.conflicts import close_diplomacy
from rulesets.pax_britannica.indices import raise_tension
from rulesets.pax_britannica.natives import (
    begin_ottoman_war,
    conclude_ottoman_war,
    native_attacks,
    native_manoeuvre,
    ottoman_war_over,
    ottomans_leave,
)
from rulesets.pax_britannica.peace import (
    conclude,
    finish_war,
    place_spoil,
    spoil_levels,
    war_over,
)
from rulesets.pax_britannica.rebellion import (
    begin_rebellion,
    cede,
    claimable,
    conclude_rebellion,
    minor_runner,
    rebellion_over,
    sack,
)
from rulesets.pax_britannica.state import PaxState, Unit, War, game_data, seat_of, unit_by_id
from rulesets.pax_britannica.war_board import (
    OTTOMAN,
    army_steps,
    coaling,
    control_areas,
    controlled_powers,
    controller,
    enemies,
    is_water,
    steps,
    supported,
    take,
    units_at,
)
from rulesets.pax_britannica.war_coaling import (
    answer_coaling,
    coaling_prompt,
    coaling_steps,
    request_coaling,
)
from rulesets.pax_britannica.war_codominions import enter_codominion
from rulesets.pax_britannica.war_combat import fight_battle, forces, surrender
from rulesets.pax_britannica.war_decisions import (
    decision_prompt,
    resolve_consent,
    resolve_losses,
    resolve_retreat,
    settle_decisions,
)
from rulesets.pax_britannica.war_passages import (
    answer_call,
    answer_passage,
    ask_passages,
    call_prompt,
    denial_choices,
    deny_now,
    granted_step,
    passage_prompt,
    passages_to_ask,
    prune_passage_calls,
    request_passage,
)
from rulesets.pax_britannica.war_peace import (
    answer,
    draft,
    peace_prompt,
    proposal_choices,
    propose,
)
from rulesets.pax_britannica.war_spoils import division_prompt
from rulesets.pax_britannica.wars import next_declarer


def enter(ctx: StepContext[PaxState]) -> None:
    """§4.11.1: the war sequence starts, and every casus belli is removed (A-30)."""
    state = ctx.state
    state.casus_belli, state.war_answers = [], []
    begin_ottoman_war(ctx)
    begin_rebellion(ctx)  # §4.11.1: the rebellion first, then the Ottoman war
    advance(ctx)


def advance(ctx: StepContext[PaxState]) -> None:
    """Play on until a seat must decide, the wars are over, or the game ended."""
    state = ctx.state
    while not state.finished:
        if not state.wars:
            if next_declarer(state) is not None:  # a spoils Congress defied (war_spoils.py)
                ctx.enter("war_declarations")
                return
            close_diplomacy(ctx)
            return
        war = state.wars[0]
        settle_decisions(ctx, war)
        prune_passage_calls(state, war)
        if war.decisions or war.peace is not None or war.passage_calls:
            return
        if war.coaling_request is not None:
            return
        if war.cycle and war.passage_questions:
            return
        if war.cycle == 0:
            if not war.opened:
                _begin(ctx, war)
                continue
            if war.passage_questions:
                return
            _begin_cycle(ctx, war)
            continue
        if war.step == "spoils":
            if war.division is not None or _spoils_pending(ctx, war):
                return
            ottomans_leave(state, war)
            finish_war(ctx, war)
            continue
        war.waiting = [seat for seat in war.waiting if _has_something(state, war, seat)]
        if war.waiting:
            return
        _next_step(ctx, war)


# -- the cycle --------------------------------------------------------------------------


def _begin(ctx: StepContext[PaxState], war: War) -> None:
    """W1: the sides stand as declared; a minor with no major ally on its side has its
    units moved by a neutral seat drawn by lot (A-33), by nobody when there is none."""
    state = ctx.state
    ctx.emit("pax.event.war_begins", side=list(war.sides[0]), other=list(war.sides[1]))
    involved = {seat_of(state, p) for p in war.powers} - {None}
    neutral = [seat for seat in state.seats if seat not in involved]
    for side in (0, 1) if war.kind == "war" else (1,):
        led = [p for p in war.sides[side] if seat_of(state, p) is not None]
        for minor in [p for p in war.sides[side] if seat_of(state, p) is None]:
            leader = minor_runner(state, minor) if war.kind == "rebellion" else None
            leader = leader or (seat_of(state, led[0]) if led else None)
            if leader is None and neutral:
                leader = neutral[ctx.roll(len(neutral)) - 1]
            if leader is not None:
                war.controllers[minor] = leader
                ctx.emit("pax.event.minor_controller", seat=leader, power=minor)
    ask_passages(state, war)  # §4.13: who denies a strait or canal, before W2
    war.opened = True


def _begin_cycle(ctx: StepContext[PaxState], war: War) -> None:
    """W2: each side rolls a d6, ties rolled again (A-32); the higher is First Alliance.
    Passages let through last cycle are asked for again at the next attempt."""
    war.cycle += 1
    war.passage_grants, war.coaling_refusals = {}, []
    war.peace_offered = []
    war.attacked = False
    war.half = 0
    if war.kind != "war":  # §4.11.13, §4.11.14: the natives are always First Alliance
        war.first = 0
        ctx.emit("pax.event.natives_first", power=war.sides[0][0], cycle=war.cycle)
        _start(ctx, war, "manoeuvre")
        return
    rolls = (ctx.roll(6), ctx.roll(6))
    while rolls[0] == rolls[1]:
        rolls = (ctx.roll(6), ctx.roll(6))
    war.first = 0 if rolls[0] > rolls[1] else 1
    ctx.emit(
        "pax.event.war_initiative",
        cycle=war.cycle,
        side=list(war.sides[0]),
        die=rolls[0],
        other=list(war.sides[1]),
        other_die=rolls[1],
        first=list(war.sides[war.first]),
    )
    _start(ctx, war, "manoeuvre")


def _start(ctx: StepContext[PaxState], war: War, step: str) -> None:
    """A manoeuvre or attack phase opens for the acting side's seats; the Ottomans play
    theirs at once (natives.py)."""
    state = ctx.state
    war.step = "manoeuvre" if step == "manoeuvre" else "attack"
    war.fought = []
    if step == "manoeuvre":
        for unit in state.units:
            unit.moved = False
    if war.kind != "war" and war.acting == 0:
        war.waiting = []
        if step == "manoeuvre":
            native_manoeuvre(ctx, war)
        else:
            native_attacks(ctx, war)
        return
    powers = war.sides[war.acting]
    war.waiting = [
        seat for seat in state.seats if any(controller(state, war, p) == seat for p in powers)
    ]


def _next_step(ctx: StepContext[PaxState], war: War) -> None:
    if war.step == "manoeuvre":
        _start(ctx, war, "attack")
        return
    if war.kind == "rebellion" and war.acting == 1:
        sack(ctx, war)
    if not (war.kind != "war" and war.acting == 0):
        _support(ctx, war)
    if war.half == 0:
        war.half = 1
        _start(ctx, war, "manoeuvre")
        return
    _end_of_cycle(ctx, war)


def _end_of_cycle(ctx: StepContext[PaxState], war: War) -> None:
    """W9: ET +2 a cycle (A-34, blamed on the war's first declarer should it reach 100),
    then the end-of-war check."""
    state = ctx.state
    war.quiet_cycles = 0 if war.attacked else war.quiet_cycles + 1
    first = war.declarations[0].power if war.declarations else None
    if raise_tension(ctx, game_data(state).tension.war_cycle, "war_cycle", first):
        return
    if war.kind != "war":
        rebellion = war.kind == "rebellion"
        ending = rebellion_over(state, war) if rebellion else ottoman_war_over(state, war)
        if ending is None:
            _begin_cycle(ctx, war)
        elif rebellion:
            conclude_rebellion(ctx, war, ending)
        else:
            conclude_ottoman_war(ctx, war, ending)
        return
    over = war_over(state, war)
    if over is None:
        _begin_cycle(ctx, war)
        return
    conclude(ctx, war, *over)


# -- support (W5 / W8) --------------------------------------------------------------------


def _support(ctx: StepContext[PaxState], war: War) -> None:
    """The acting alliance's support phase (§4.11.9–4.11.11): its armies in an enemy area
    with no enemy army conquer it; armies out of support and navies at sea without coaling
    rights (A-41) surrender; its areas out of support that an enemy army could enter next
    surrender to the enemy (1993, A-39)."""
    state = ctx.state
    side = war.acting
    foes = enemies(war, side)
    enemy_held = control_areas(state, war, 1 - side)
    for area in sorted({u.location for u in state.units if u.power in war.sides[side]}):
        armies = units_at(state, war.sides[side], area, "army")
        if area in enemy_held and armies and not units_at(state, foes, area, "army"):
            take(state, war, side, area)
            ctx.emit("pax.event.area_conquered", powers=list(war.sides[side]), area=area)
    for unit in [u for u in state.units if u.power in war.sides[side]]:
        if unit.kind == "army" and not supported(
            state, war, [unit.power], unit.location, unit.power
        ):
            surrender(ctx, war, unit, "out_of_support")
        elif (
            unit.kind == "navy"
            and is_water(state, unit.location)
            and not coaling(state, war, unit.power, unit.location)
        ):
            surrender(ctx, war, unit, "no_coaling")
    _area_support(ctx, war, side)


def _area_support(ctx: StepContext[PaxState], war: War, side: int) -> None:
    state = ctx.state
    foes = enemies(war, side)
    owners = {
        m.area: m.power
        for m in state.markers
        if m.power in war.sides[side] and m.is_control and m.level != "dominion"
    }
    for area in sorted(control_areas(state, war, side) & set(owners)):
        if supported(state, war, list(war.sides[side]), area, owners[area]):
            continue
        enemy_armies = [u for u in state.units if u.kind == "army" and u.power in foes]
        if any(area in army_steps(state, war, u.power, u.location) for u in enemy_armies):
            take(state, war, 1 - side, area)
            ctx.emit("pax.event.area_surrenders", area=area, powers=list(foes))


# -- prompts --------------------------------------------------------------------------------


def _movable(state: PaxState, war: War, seat: str) -> list[tuple[Unit, str]]:
    powers = controlled_powers(state, war, seat, war.acting)
    india = None
    found: list[tuple[Unit, str]] = []
    for unit in state.units:
        if unit.power not in powers or unit.moved:
            continue
        places = steps(state, war, unit) + coaling_steps(state, war, unit)
        if unit.role == "indian_army":  # §4.11.7: within two areas of India
            india = india if india is not None else india_reach(state)
            places = [p for p in places if p in india]
        found.extend((unit, place) for place in places)
    return found


def _targets(state: PaxState, war: War, seat: str) -> list[tuple[str, str]]:
    powers = controlled_powers(state, war, seat, war.acting)
    places = sorted({(u.location, u.kind) for u in state.units if u.power in powers})
    found: list[tuple[str, str]] = []
    for place, kind in places:
        if kind == "army" and not game_data(state).is_area(place):
            continue
        if f"{seat} {place} {kind}" in war.fought:
            continue
        if units_at(state, enemies(war, war.acting), place, kind):
            found.append((place, kind))
    return found


def _has_something(state: PaxState, war: War, seat: str) -> bool:
    if war.step == "manoeuvre":
        return bool(_movable(state, war, seat))
    return bool(_targets(state, war, seat))


def prompts(state: PaxState) -> list[Prompt]:
    if not state.wars or state.finished:
        return []
    war = state.wars[0]
    if war.decisions:
        return [decision_prompt(state, war)]
    if war.peace is not None:
        return [peace_prompt(state, war)]
    if war.passage_questions:
        return [passage_prompt(state, war)]
    if war.passage_calls:
        return [call_prompt(state, war)]
    if war.coaling_request is not None:
        return [coaling_prompt(state, war)]
    if war.division is not None:
        return [division_prompt(state, war)]
    if war.step == "spoils":
        return _spoils_prompt(state, war)
    if not war.waiting:
        return []
    seat = war.waiting[0]
    done = Choice.of(WarStepDone(), label=Msg(key=f"pax.label.war_end_{war.step}"))
    if war.step == "manoeuvre":
        choices = [done] + [
            _move_choice(unit, place, place in coaling_steps(state, war, unit))
            for unit, place in _movable(state, war, seat)
        ]
    else:
        choices = [done] + [
            _attack_choice(state, war, seat, place, kind)
            for place, kind in _targets(state, war, seat)
        ]
    choices += proposal_choices(state, war, seat) + denial_choices(state, war, seat)
    text = Msg(
        key=f"pax.prompt.war_{war.step}",
        params={"cycle": war.cycle, "powers": controlled_powers(state, war, seat, war.acting)},
    )
    return [Prompt(seat=seat, kind=f"war_{war.step}", text=text, choices=choices)]


def _move_choice(unit: Unit, place: str, asks_coaling: bool) -> Choice:
    label = Msg(
        key="pax.label.war_move_coaling" if asks_coaling else "pax.label.war_move",
        params={
            "power": unit.power,
            "kind": f"pax_the_unit_{unit.kind}",
            "strength": unit.strength,
            "area": unit.location,
            "to": place,
        },
    )
    return Choice.of(WarMove(power=unit.power, unit=unit.id, to=place), label=label)


def _attack_choice(state: PaxState, war: War, seat: str, place: str, kind: str) -> Choice:
    attackers, defenders = forces(state, war, seat, place, kind)
    attack, defence = sum(u.strength for u in attackers), sum(u.strength for u in defenders)
    data = game_data(state)
    label = Msg(
        key=f"pax.label.war_attack_{kind}",
        params={
            "place": place,
            "attack": attack,
            "defence": defence,
            "odds": odds_for(data, attack, defence).text(data),
        },
    )
    return Choice.of(WarAttack(place=place, kind="army" if kind == "army" else "navy"), label=label)


def _claim_prompt(state: PaxState, war: War) -> list[Prompt]:
    """§4.11.13 reparations: a claimant takes one defeated area, or declines."""
    spoil = war.spoils[0]
    seat = controller(state, war, spoil.power)
    assert seat is not None
    params = {"power": spoil.power}
    choices = [
        Choice.of(
            WarSpoils(power=spoil.power, area="", level="none"),
            label=Msg(key="pax.label.decline_claim", params=params),
        )
    ]
    choices += [
        Choice.of(
            WarSpoils(power=spoil.power, area=area, level="possession"),
            label=Msg(key="pax.label.claim_area", params={**params, "area": area}),
        )
        for area in claimable(war)
    ]
    text = Msg(key="pax.prompt.rebellion_claim", params=params)
    return [Prompt(seat=seat, kind="rebellion_claim", text=text, choices=choices)]


def _spoils_prompt(state: PaxState, war: War) -> list[Prompt]:
    if war.kind == "rebellion":
        return _claim_prompt(state, war) if war.spoils else []
    for spoil in war.spoils:
        seat = controller(state, war, spoil.power)
        if seat is None:
            continue
        params = {"power": spoil.power, "area": spoil.area}
        choices = [
            Choice.of(
                WarSpoils(power=spoil.power, area=spoil.area, level=level),
                label=Msg(
                    key="pax.label.war_spoils", params={**params, "level": f"pax_a_level_{level}"}
                ),
            )
            for level in spoil_levels(state, spoil.power)
        ]
        choices.append(
            Choice.of(
                WarSpoils(power=spoil.power, area=spoil.area, level="none"),
                label=Msg(key="pax.label.war_no_spoils", params=params),
            )
        )
        text = Msg(key="pax.prompt.war_spoils", params=params)
        return [Prompt(seat=seat, kind="war_spoils", text=text, choices=choices)]
    return []


def _spoils_pending(ctx: StepContext[PaxState], war: War) -> bool:
    """A conquered area of a power nobody plays gets a possession (§4.11.6); True while a
    seat must still choose."""
    state = ctx.state
    if war.kind == "rebellion":
        while war.spoils and not claimable(war):
            cede(ctx, war, war.spoils[0], None)
        return bool(war.spoils)
    for spoil in list(war.spoils):
        if spoil.power == OTTOMAN:  # §4.11.14: the Empire takes its land back, no marker
            place_spoil(ctx, war, spoil, None)
        elif controller(state, war, spoil.power) is None:
            levels = spoil_levels(state, spoil.power)
            place_spoil(ctx, war, spoil, levels[0] if levels else None)
    return bool(war.spoils)


# -- handlers -------------------------------------------------------------------------------


def _current(state: PaxState, seat: str, step: str) -> War:
    war = state.wars[0] if state.wars else None
    waiting_on_others = war is not None and bool(
        war.decisions
        or war.peace is not None
        or war.passage_questions
        or war.passage_calls
        or war.coaling_request is not None
    )
    if war is None or waiting_on_others or war.step != step:
        raise IllegalAction("pax.error.not_your_war_step")
    if step != "spoils" and war.waiting[:1] != [seat]:
        raise IllegalAction("pax.error.not_your_war_step")
    return war


def on_war_move(ctx: StepContext[PaxState], seat: str, action: WarMove) -> None:
    state = ctx.state
    war = _current(state, seat, "manoeuvre")
    unit = unit_by_id(state, action.unit)
    if unit is None or (unit, action.to) not in _movable(state, war, seat):
        raise IllegalAction("pax.error.war_move_illegal", to=action.to)
    ways = passages_to_ask(state, war, unit, action.to)
    if ways:  # §4.13: the neutral controllers answer first
        request_passage(ctx, war, unit, action.to, ways)
    elif action.to in coaling_steps(state, war, unit):  # §4.11.7: a neutral's coaling
        request_coaling(ctx, war, unit, action.to)
    else:
        _step(ctx, war, unit, action.to)
    advance(ctx)


def _step(ctx: StepContext[PaxState], war: War, unit: Unit, to: str) -> None:
    ctx.emit(
        "pax.event.unit_moved",
        power=unit.power,
        kind=f"pax_a_unit_{unit.kind}",
        strength=unit.strength,
        area=unit.location,
        to=to,
    )
    unit.location = to
    unit.moved = True
    enter_codominion(ctx.state, war, unit.power, to)


def on_war_attack(ctx: StepContext[PaxState], seat: str, action: WarAttack) -> None:
    state = ctx.state
    war = _current(state, seat, "attack")
    if (action.place, action.kind) not in _targets(state, war, seat):
        raise IllegalAction("pax.error.war_attack_illegal", place=action.place)
    war.fought.append(f"{seat} {action.place} {action.kind}")
    war.attacked = True
    fight_battle(ctx, war, seat, action.place, action.kind, choose=True)
    advance(ctx)


def on_propose_peace(ctx: StepContext[PaxState], seat: str, action: ProposePeace) -> None:
    state = ctx.state
    war = state.wars[0] if state.wars else None
    if war is None or war.step == "spoils":
        raise IllegalAction("pax.error.not_your_war_step")
    propose(ctx, _current(state, seat, war.step), seat, action)
    advance(ctx)


def on_peace_term(ctx: StepContext[PaxState], seat: str, action: PeaceTerm) -> None:
    if not ctx.state.wars:
        raise IllegalAction("pax.error.not_your_war_step")
    draft(ctx, ctx.state.wars[0], seat, action)
    advance(ctx)


def on_answer_peace(ctx: StepContext[PaxState], seat: str, action: AnswerPeace) -> None:
    if not ctx.state.wars:
        raise IllegalAction("pax.error.not_your_war_step")
    answer(ctx, ctx.state.wars[0], seat, action)
    advance(ctx)


def _opening(state: PaxState) -> War:
    if not state.wars or state.wars[0].decisions or state.wars[0].peace is not None:
        raise IllegalAction("pax.error.not_your_war_step")
    return state.wars[0]


def on_deny_passage(ctx: StepContext[PaxState], seat: str, action: DenyPassage) -> None:
    war = _opening(ctx.state)
    if war.passage_questions:
        answer_passage(ctx, war, seat, action)
        step = granted_step(ctx, war)
        if step is not None:
            _step(ctx, war, *step)
    else:
        deny_now(ctx, _current(ctx.state, seat, war.step), seat, action)
    advance(ctx)


def on_passage_war(ctx: StepContext[PaxState], seat: str, action: DeclareWar | NoWar) -> None:
    war = _opening(ctx.state)
    if war.passage_questions or not war.passage_calls:
        raise IllegalAction("pax.error.not_your_war_step")
    call = war.passage_calls[0]
    wrong_target = isinstance(action, DeclareWar) and action.target != call.target
    if action.power != call.power or wrong_target:
        raise IllegalAction("pax.error.not_your_war_step")
    answer_call(ctx, war, seat, isinstance(action, DeclareWar))
    advance(ctx)


def on_grant_coaling(ctx: StepContext[PaxState], seat: str, action: GrantCoaling) -> None:
    war = ctx.state.wars[0] if ctx.state.wars else None
    if war is None:
        raise IllegalAction("pax.error.not_your_war_step")
    step = answer_coaling(ctx, war, seat, action)
    if step is not None:
        _step(ctx, war, *step)
    advance(ctx)


def _deciding(state: PaxState) -> War:
    if not state.wars or not state.wars[0].decisions:
        raise IllegalAction("pax.error.not_your_war_step")
    return state.wars[0]


def on_war_retreat(ctx: StepContext[PaxState], seat: str, action: WarRetreat) -> None:
    resolve_retreat(ctx, _deciding(ctx.state), seat, action)
    advance(ctx)


def on_war_losses(ctx: StepContext[PaxState], seat: str, action: WarLosses) -> None:
    resolve_losses(ctx, _deciding(ctx.state), seat, action)
    advance(ctx)


def on_war_consent(ctx: StepContext[PaxState], seat: str, action: WarConsent) -> None:
    resolve_consent(ctx, _deciding(ctx.state), seat, action)
    advance(ctx)


def on_war_step_done(ctx: StepContext[PaxState], seat: str, action: WarStepDone) -> None:
    state = ctx.state
    war = state.wars[0] if state.wars else None
    if war is None or war.step == "spoils":
        raise IllegalAction("pax.error.not_your_war_step")
    war = _current(state, seat, war.step)
    war.waiting.remove(seat)
    advance(ctx)


def on_war_spoils(ctx: StepContext[PaxState], seat: str, action: WarSpoils) -> None:
    state = ctx.state
    war = _current(state, seat, "spoils")
    if war.kind == "rebellion":
        _claim(ctx, war, seat, action)
        return
    spoil = next((s for s in war.spoils if (s.power, s.area) == (action.power, action.area)), None)
    if spoil is None or controller(state, war, spoil.power) != seat:
        raise IllegalAction("pax.error.not_your_war_step")
    if action.level != "none" and action.level not in spoil_levels(state, spoil.power):
        raise IllegalAction("pax.error.no_counter_left", level=f"level_{action.level}")
    place_spoil(ctx, war, spoil, None if action.level == "none" else action.level)
    advance(ctx)


def _claim(ctx: StepContext[PaxState], war: War, seat: str, action: WarSpoils) -> None:
    spoil = war.spoils[0] if war.spoils else None
    if (
        spoil is None
        or spoil.power != action.power
        or controller(ctx.state, war, spoil.power) != seat
    ):
        raise IllegalAction("pax.error.not_your_war_step")
    if action.level != "none" and action.area not in claimable(war):
        raise IllegalAction("pax.error.not_a_defeated_area", area=action.area)
    cede(ctx, war, spoil, None if action.level == "none" else action.area)
    advance(ctx)


def on_propose_spoils(ctx: StepContext[PaxState], seat: str, action: ProposeSpoils) -> None:
    war_spoils.propose(ctx, _dividing(ctx.state), seat, action)
    advance(ctx)


def on_answer_spoils(ctx: StepContext[PaxState], seat: str, action: AnswerSpoils) -> None:
    war_spoils.answer(ctx, _dividing(ctx.state), seat, action)
    advance(ctx)


def on_vote_spoils(ctx: StepContext[PaxState], seat: str, action: VoteSpoils) -> None:
    war_spoils.vote(ctx, _dividing(ctx.state), seat, action)
    advance(ctx)


def on_sign_spoils(ctx: StepContext[PaxState], seat: str, action: SignSettlement) -> None:
    war_spoils.sign(ctx, _dividing(ctx.state), seat, action)
    advance(ctx)


def _dividing(state: PaxState) -> War | None:
    return state.wars[0] if state.wars and not state.finished else None


PHASE: Phase[PaxState] = Phase(
    name="war",
    prompts=prompts,
    handlers={
        WarMove: on_war_move,
        WarAttack: on_war_attack,
        WarStepDone: on_war_step_done,
        WarSpoils: on_war_spoils,
        ProposeSpoils: on_propose_spoils,
        AnswerSpoils: on_answer_spoils,
        VoteSpoils: on_vote_spoils,
        SignSettlement: on_sign_spoils,
        WarRetreat: on_war_retreat,
        WarLosses: on_war_losses,
        WarConsent: on_war_consent,
        ProposePeace: on_propose_peace,
        PeaceTerm: on_peace_term,
        AnswerPeace: on_answer_peace,
        DenyPassage: on_deny_passage,
        GrantCoaling: on_grant_coaling,
        DeclareWar: on_passage_war,
        NoWar: on_passage_war,
    },
    enter=enter,
)
