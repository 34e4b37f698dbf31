"""An impulse (§2.2): peace talks, free actions, a card played, then its power actions.
The impulse belongs to one player, who acts for any power they govern (A-36)."""

from __future__ import annotations

from rulesets.core import Choice, Msg, Phase, Prompt, StepContext
from rulesets.ultima_ratio_regis import actions as act
from rulesets.ultima_ratio_regis import battle
from rulesets.ultima_ratio_regis.board import allied, change_instability, enemies, fortress, troops
from rulesets.ultima_ratio_regis.diplomacy import sue_for_peace
from rulesets.ultima_ratio_regis.fighting import make_side, new_combat_id, open_combat
from rulesets.ultima_ratio_regis.ledgers import PROMOTION_INSTABILITY
from rulesets.ultima_ratio_regis.power_actions import HANDLERS, action_choices
from rulesets.ultima_ratio_regis.sequence import end_impulse
from rulesets.ultima_ratio_regis.state import (
    Combat,
    Question,
    UrrState,
    acting_seat,
    game_data,
    powers_of,
    referee,
)
from rulesets.ultima_ratio_regis.text import say

Ctx = StepContext[UrrState]


def _label(key: str, **params: object) -> Msg:
    return say(f"urr.label.{key}", **params)


def _peace_choices(state: UrrState, seat: str) -> list[Choice]:
    choices = [Choice.of(act.NoPeace(), label=_label("no_peace"))]
    for power in powers_of(state, seat):
        for enemy in enemies(state, power):
            choices.append(
                Choice.of(
                    act.SueForPeace(power=power, enemy=enemy),
                    label=_label("sue_for_peace", power=power, enemy=enemy),
                )
            )
    return choices


def _free_choices(state: UrrState, seat: str) -> list[Choice]:
    data = game_data(state)
    choices = [Choice.of(act.EndFree(), label=_label("end_free"))]
    if not state.tests_done:
        choices.append(Choice.of(act.InitialTests(), label=_label("initial_tests")))
    mine = powers_of(state, seat)
    for power in mine:
        for port in sorted(
            {u.area for u in state.units if u.power == power and u.kind == "squadron"}
        ):
            if data.zone(port).kind != "land":
                continue
            fleet = [
                u
                for u in state.units
                if u.power == power and u.area == port and u.kind == "squadron"
            ]
            if any(u.repairing for u in fleet) or not fleet:
                continue  # a fleet with a squadron under repair stays in port
            for sea, kind in data.neighbours(port):
                if kind == "coast":
                    choices.append(
                        Choice.of(
                            act.Sail(power=power, port=port, sea=sea),
                            label=_label("sail", power=power, port=port, sea=sea),
                        )
                    )
        for fort in state.fortresses:
            if (
                fort.power == power
                and fort.besieger is not None
                and f"sortie:{fort.area}" not in state.asked  # one sortie an impulse
                and troops(state, power, fort.area)
            ):
                choices.append(
                    Choice.of(
                        act.Sortie(power=power, area=fort.area),
                        label=_label("sortie", power=power, area=fort.area),
                    )
                )
        seen: set[str] = set()
        for troop in state.units:
            if (
                troop.power == power
                and troop.dispersed_at is not None
                and troop.dispersed_at < state.impulse
                and troop.area not in seen
                and state.control.get(troop.area) == power
            ):
                seen.add(troop.area)
                choices.append(
                    Choice.of(
                        act.FreeRegroup(unit=troop.id),
                        label=_label("free_regroup", power=power, area=troop.area),
                    )
                )
        for partner in sorted(state.powers):
            record = state.powers[partner]
            if (
                partner == power
                or not record.in_play
                or any(entry.startswith("alliance:") for entry in state.asked)
                or allied(state, power, partner)
            ):
                continue
            if partner in enemies(state, power):
                continue
            choices.append(
                Choice.of(
                    act.ProposeAlliance(power=power, partner=partner),
                    label=_label("propose_alliance", power=power, partner=partner),
                )
            )
        proposed = any(entry.startswith("alliance:") for entry in state.asked)
        for minor, ally in sorted(state.minor_allies.items()):
            if ally is None and not proposed:  # 'Alliance entre puissances (Si permis)'
                choices.append(
                    Choice.of(
                        act.ProposeAlliance(power=power, partner=minor),
                        label=_label("propose_alliance", power=power, partner=minor),
                    )
                )
        for leader in state.leaders:
            if leader.power == power and not leader.extraordinary:
                label = _label(
                    "promote_leader",
                    power=power,
                    area=leader.area,
                    leader=f"urr_leader_{leader.type}",
                    cost=PROMOTION_INSTABILITY,
                )
                choices.append(Choice.of(act.PromoteLeader(leader=leader.id), label=label))
    return choices


def _card_choices(state: UrrState, seat: str) -> list[Choice]:
    """Pass, or play a card of the hand, named: the card prompt is private (delivered to
    the seat alone), so its labels may show the hand."""
    choices = [Choice.of(act.PassImpulse(), label=_label("pass_impulse"))]
    for position, card in enumerate(state.hands.get(seat, []), start=1):
        label = _label("play_card", position=position, card=card)
        choices.append(Choice.of(act.PlayCard(card=card), label=label))
    return choices


def _act_choices(state: UrrState, seat: str) -> list[Choice]:
    choices = [Choice.of(act.EndImpulse(), label=_label("end_impulse", left=state.actions_left))]
    for power in powers_of(state, seat):
        choices += action_choices(state, power)
    return choices


def _prompts(state: UrrState) -> list[Prompt]:
    seat = acting_seat(state)
    builders = {
        "peace": _peace_choices,
        "free": _free_choices,
        "card": _card_choices,
        "act": _act_choices,
    }
    choices = builders[state.step](state, seat)
    text = say(
        f"urr.prompt.{state.step}",
        number=state.impulse,
        turn=state.turn,
        left=state.actions_left,
        cards=len(state.hands.get(seat, [])),
    )
    private = state.step == "card"
    return [
        Prompt(seat=seat, kind=f"impulse_{state.step}", text=text, choices=choices, private=private)
    ]


def _no_peace(ctx: Ctx, seat: str, action: act.NoPeace) -> None:
    ctx.state.step = "free"


def _sue(ctx: Ctx, seat: str, action: act.SueForPeace) -> None:
    state = ctx.state
    sue_for_peace(ctx, action.power, action.enemy)
    state.step = "free"
    answerer = state.powers[action.enemy].player or referee(state)
    state.question = Question(
        kind="peace_offer", seat=answerer, power=action.power, other=action.enemy
    )
    ctx.enter("question")


def _tests(ctx: Ctx, seat: str, action: act.InitialTests) -> None:
    """Tests initiaux: the five checklists of the aid, counted for the acting player."""
    state = ctx.state
    mine = powers_of(state, seat)
    data = game_data(state)
    units = [u for u in state.units if u.power in mine]
    counts = {
        "landing": sum(
            1
            for u in units
            if u.kind == "troop" and u.dispersed_at is None and data.zone(u.area).port
        ),
        "piracy": sum(
            1
            for u in units
            if u.kind == "squadron" and not u.repairing and data.zone(u.area).kind == "sea"
        ),
        "repair": sum(1 for u in units if u.repairing),
        "fortresses": sum(
            1
            for f in state.fortresses
            if f.power in mine and not f.complete and f.started_at != state.impulse
        ),
        "regroup": sum(
            1 for u in units if u.dispersed_at is not None and u.dispersed_at < state.impulse
        ),
    }
    state.tests_done = True
    ctx.emit("urr.event.initial_tests", seat=seat, **counts)  # type: ignore[arg-type]


def _sail(ctx: Ctx, seat: str, action: act.Sail) -> None:
    state = ctx.state
    for squadron in state.units:
        if (
            squadron.power == action.power
            and squadron.area == action.port
            and squadron.kind == "squadron"
        ):
            squadron.area = action.sea
    ctx.emit("urr.event.sailed", power=action.power, port=action.port, sea=action.sea)


def _sortie(ctx: Ctx, seat: str, action: act.Sortie) -> None:
    """'Les troupes assiégées peuvent attaquer l'assiégeant': a land battle of 3–4 dice,
    the garrison handicapped by each siege damage."""
    state = ctx.state
    state.asked.append(f"sortie:{action.area}")
    fort = fortress(state, action.area)
    assert fort is not None and fort.besieger is not None
    garrison = troops(state, action.power, action.area)
    besiegers = troops(state, fort.besieger, action.area)
    attacker = make_side(state, "land", action.power, garrison, action.area)
    attacker.handicaps = fort.siege_damage
    defender = make_side(state, "land", fort.besieger, besiegers, action.area)
    war = next(
        (w for w in state.wars if action.power in w.powers and fort.besieger in w.powers), None
    )
    band = battle.land_band(["sortie"])
    combat = Combat(
        id=new_combat_id(state),
        kind="land",
        situation=["sortie"],
        area=action.area,
        war=war.id if war else None,
        attacker=attacker,
        defender=defender,
        band=band,
        size=band[1],
    )
    open_combat(ctx, combat)


def _free_regroup(ctx: Ctx, seat: str, action: act.FreeRegroup) -> None:
    state = ctx.state
    troop = next(u for u in state.units if u.id == action.unit)
    state.question = Question(kind="regroup", seat=referee(state), power=troop.power, unit=troop.id)
    ctx.enter("question")


def _propose(ctx: Ctx, seat: str, action: act.ProposeAlliance) -> None:
    state = ctx.state
    state.asked.append(f"alliance:{action.power}:{action.partner}")  # one proposal an impulse
    partner = state.powers.get(action.partner)  # None: a minor power, the referee answers
    partner_seat = partner.player or referee(state) if partner is not None else seat
    kind = "alliance_permitted" if partner_seat == seat else "alliance_partner"
    answerer = referee(state) if kind == "alliance_permitted" else partner_seat
    state.question = Question(kind=kind, seat=answerer, power=action.power, other=action.partner)
    ctx.enter("question")


def _promote(ctx: Ctx, seat: str, action: act.PromoteLeader) -> None:
    state = ctx.state
    leader = next(x for x in state.leaders if x.id == action.leader)
    leader.extraordinary = True
    ctx.emit(
        "urr.event.promoted",
        power=leader.power,
        leader=f"urr_leader_{leader.type}",
        area=leader.area,
    )
    change_instability(ctx, leader.power, PROMOTION_INSTABILITY, "promotion")


def _end_free(ctx: Ctx, seat: str, action: act.EndFree) -> None:
    ctx.state.step = "card"


def _play(ctx: Ctx, seat: str, action: act.PlayCard) -> None:
    state = ctx.state
    state.hands[seat].remove(action.card)
    value = game_data(state).card(action.card).actions
    ctx.emit("urr.event.card_played", seat=seat, card=action.card)
    state.step = "act"
    if value is None:  # the referee reads the card's value from the real card
        state.question = Question(kind="card_value", seat=referee(state), card=action.card)
        ctx.enter("question")
        return
    state.actions_left = value
    if value == 0:
        end_impulse(ctx, passed=False)


def _pass(ctx: Ctx, seat: str, action: act.PassImpulse) -> None:
    ctx.emit("urr.event.passed", seat=seat)
    end_impulse(ctx, passed=True)


IMPULSE = Phase[UrrState](
    name="impulse",
    prompts=_prompts,
    handlers={
        act.NoPeace: _no_peace,
        act.SueForPeace: _sue,
        act.InitialTests: _tests,
        act.Sail: _sail,
        act.Sortie: _sortie,
        act.FreeRegroup: _free_regroup,
        act.ProposeAlliance: _propose,
        act.PromoteLeader: _promote,
        act.EndFree: _end_free,
        act.PlayCard: _play,
        act.PassImpulse: _pass,
        **HANDLERS,
    },
)
