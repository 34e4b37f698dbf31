"""The owners' decisions inside a war (§4.11.8): retreat destinations and the losses of an
exchange, asked of the players with Courier's choice first (the deadline's default)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import render
from bot.i18n.labels import choice_label
from rulesets.core import IllegalAction
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica import war as war_phase
from rulesets.pax_britannica.actions import AnswerPeace
from rulesets.pax_britannica.autopilot import choose
from rulesets.pax_britannica.combat import losses, odds_for, result_for
from rulesets.pax_britannica.holdings import new_unit
from rulesets.pax_britannica.peace import send_home
from rulesets.pax_britannica.state import Declaration, PaxState, War, game_data
from rulesets.pax_britannica.war_board import army_steps, navy_steps, passage_closed
from rulesets.pax_britannica.war_combat import fight_battle
from rulesets.pax_britannica.war_passages import ask_passages
from rulesets.pax_britannica.war_peace import answer
from tests.pax_britannica.helpers import act, army, context, keys, put
from tests.pax_britannica.test_war import egypt_dispute, strengths


def fought(state: PaxState, sides: tuple[list[str], list[str]], dice: list[int]) -> PaxState:
    """France attacks the enemy armies in Egypt in a battle its seat fights (the owners
    then decide); the war is the turn's only one."""
    war = War(sides=sides, cycle=1, step="attack", waiting=["france"])
    state.wars, state.phase = [war], "war"
    ctx = context(state, dice)
    fight_battle(ctx, war, "france", "egypt", "army", choose=True)
    return ctx.state


def exchange_die(state: PaxState, attack: int, defence: int) -> int:
    """A die that gives an exchange (EX or ½ EX) at these odds on the shipped tables."""
    data = game_data(state)
    odds = odds_for(data, attack, defence)
    return next(d for d in range(1, 7) if result_for(data, odds, d) in ("EX", "HEX"))


def test_the_owner_chooses_where_a_retreating_army_goes() -> None:
    # §4.11.8 DR: "As AR, applied to the defenders": each unit goes to a place it could
    # enter in a manoeuvre phase. The owner chooses; Courier's choice (its richest area
    # first) is listed first and is what a missed deadline takes.
    state = egypt_dispute()
    put(state, "britain", "sudan", "possession")
    put(state, "britain", "tripoli", "possession")
    state.units = []
    army(state, "france", "egypt", 3)
    army(state, "france", "egypt", 3)
    british = army(state, "britain", "egypt", 3)
    state = fought(state, (["france"], ["britain"]), [3])  # Table 1, 2:1, die 3: DR
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("britain", "war_retreat")
    assert [c.action["to"] for c in prompt.choices] == ["sudan", "tripoli"]  # EV 2 each: by name
    assert choose([prompt], state, "britain", 0) == prompt.choices[0].instantiate()
    label = choice_label("pax-britannica", prompt.choices[1], "en")
    assert label == "Great Britain: retreat the army of 3 from Egypt to Tripoli (free)"
    assert "Tripoli" in choice_label("pax-britannica", prompt.choices[1], "fr")
    with pytest.raises(IllegalAction) as refused:
        act(state, "britain", {"type": "war_retreat", "unit": british, "to": "syria"})
    assert refused.value.key == "core.error.not_a_legal_choice"
    outcome = act(state, "britain", prompt.choices[1].instantiate())
    assert [u.location for u in outcome.state.units if u.power == "britain"] == ["tripoli"]
    assert "pax.event.unit_retreated" in keys(outcome)


def test_a_retreat_with_one_place_is_not_asked() -> None:
    # The unit goes at once to its only legal place (nothing to decide).
    state = egypt_dispute()
    put(state, "britain", "sudan", "possession")
    state.units = []
    army(state, "france", "egypt", 3)
    army(state, "france", "egypt", 3)
    army(state, "britain", "egypt", 3)
    state = fought(state, (["france"], ["britain"]), [3])
    assert state.wars[0].decisions == []
    assert [u.location for u in state.units if u.power == "britain"] == ["sudan"]


def test_an_attack_through_the_prompt_asks_the_defender_where_to_retreat() -> None:
    # The whole path: France's attack phase, a DR rolled, Britain asked; a missed deadline
    # (the ruleset's default) and the autopilot take Courier's choice, listed first.
    state = egypt_war((["france"], ["britain"]))
    put(state, "britain", "tripoli", "possession")
    data = game_data(state)
    odds = odds_for(data, 7, 5)
    die = next(d for d in range(1, 7) if result_for(data, odds, d) == "DR")
    outcome = act(state, "france", {"type": "war_attack", "place": "egypt", "kind": "army"}, [die])
    prompts = PAX.prompts(outcome.state)
    assert [(p.seat, p.kind) for p in prompts] == [("britain", "war_retreat")]
    default = PAX.default_action(outcome.state, "britain")
    assert default == prompts[0].choices[0].instantiate()
    assert PAX.autopilot_action(outcome.state, "britain", 3) == default
    assert {c.action["to"] for c in prompts[0].choices} >= {"sudan", "tripoli"}


def allied_exchange() -> PaxState:
    """France's 3 against a British 5 and a German 5 in Egypt, rolled to an exchange: the
    larger force owes at least 3 (½ EX: 2), and either major's 5 pays it."""
    state = egypt_dispute()
    state.units = []
    army(state, "britain", "egypt", 5)
    army(state, "germany", "egypt", 5)
    army(state, "france", "egypt", 3)
    die = exchange_die(state, 3, 10)
    return fought(state, (["france"], ["britain", "germany"]), [die])


def test_the_first_major_chooses_the_exchange_losses_and_its_ally_agrees() -> None:
    # §4.11.8 EX: "If not every major needs to lose units, the majors present must agree who
    # loses what": the first in seat order proposes (Courier's choice listed first), each
    # other major with units there agrees (the default) or refuses.
    state = allied_exchange()
    assert strengths(state, "france") == []
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("britain", "war_losses")
    labels = [choice_label("pax-britannica", c, "en") for c in prompt.choices]
    need = state.wars[0].decisions[0].need
    assert labels == [
        f"Lose Great Britain 5: strength 5 for the {need} owed",
        f"Lose Germany 5: strength 5 for the {need} owed",
    ]
    outcome = act(state, "britain", prompt.choices[1].instantiate())
    [consent] = PAX.prompts(outcome.state)
    assert (consent.seat, consent.kind) == ("germany", "war_consent")
    text = render(consent.text, "en")
    assert "Germany 5" in text and "Great Britain" in text
    assert consent.choices[0].action == {"type": "war_consent", "agree": True}
    agreed = act(outcome.state, "germany", consent.choices[0].instantiate())
    assert strengths(agreed.state, "germany") == [] and strengths(agreed.state, "britain") == [5]
    assert "pax.event.war_losses_agreed" in keys(agreed)


def test_a_refused_agreement_costs_every_majors_unit() -> None:
    # §4.11.8: "if they fail to agree, all the majors' units on the stronger side are removed".
    state = allied_exchange()
    after = act(state, "britain", PAX.prompts(state)[0].choices[0].instantiate()).state
    [consent] = PAX.prompts(after)
    refused = act(after, "germany", consent.choices[1].instantiate())
    assert strengths(refused.state, "germany") == [] and strengths(refused.state, "britain") == []
    assert "pax.event.war_losses_refused" in keys(refused)


def test_one_seat_with_two_powers_chooses_without_asking_anyone() -> None:
    # §4.14: the German player fights with Austria-Hungary's units; both are majors, so the
    # choice is the German seat's alone.
    state = egypt_dispute()
    state.units = []
    army(state, "germany", "egypt", 5)
    army(state, "austria_hungary", "egypt", 5)
    army(state, "france", "egypt", 3)
    die = exchange_die(state, 3, 10)
    state = fought(state, (["france"], ["germany", "austria_hungary"]), [die])
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("germany", "war_losses")
    outcome = act(state, "germany", prompt.choices[1].instantiate())
    assert strengths(outcome.state, "austria_hungary") == []
    assert strengths(outcome.state, "germany") == [5]


def test_war_orders_are_refused_while_a_battle_decision_waits() -> None:
    state = allied_exchange()
    with pytest.raises(IllegalAction) as refused:
        act(state, "france", {"type": "war_step_done"})
    assert refused.value.key == "core.error.not_your_turn"
    with pytest.raises(IllegalAction) as refused:
        act(state, "britain", {"type": "war_losses", "units": []})
    assert refused.value.key == "core.error.not_a_legal_choice"


# -- negotiated and separate peace (§4.11.12) ------------------------------------------------


def egypt_war(sides: tuple[list[str], list[str]]) -> PaxState:
    """France's 3 + 3 + 1 against Britain's 3 + 1 + 1 in Egypt (a British protectorate, a
    British possession in the Sudan), France attacking: its seat is asked first."""
    state = egypt_dispute()
    put(state, "britain", "sudan", "possession")
    state.units = []
    for strength in (3, 3, 1):
        army(state, "france", "egypt", strength)
    for strength in (3, 1, 1):
        army(state, "britain", "egypt", strength)
    war = War(sides=sides, cycle=1, step="attack", waiting=["france"])
    state.wars, state.phase = [war], "war"
    return state


def offer(state: PaxState, keeps: str, term: dict[str, Any] | None = None) -> PaxState:
    """France offers peace from its attack prompt, with `term` added (else none)."""
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("france", "war_attack")
    action = {"type": "propose_peace", "power": "france", "keeps": keeps}
    assert prompt.find(action) is not None
    state = act(state, "france", action).state
    [drafting] = PAX.prompts(state)
    if drafting.kind != "war_peace_terms":  # nothing to add: the peace is offered at once
        assert term is None
        return state
    assert drafting.seat == "france"
    assert drafting.choices[0].action == {"type": "peace_term", "kind": "none"} | EMPTY_TERM
    chosen = {"type": "peace_term", **EMPTY_TERM, **(term or {"kind": "none"})}
    assert drafting.find(chosen) is not None, chosen
    state = act(state, "france", chosen).state
    [more] = PAX.prompts(state)
    if term is not None and more.kind == "war_peace_terms":  # no other term: offer it now
        state = act(state, "france", more.choices[0].instantiate()).state
    return state


EMPTY_TERM: dict[str, Any] = {"giver": "", "receiver": "", "amount": 0, "area": ""}


def test_a_peace_every_belligerent_signs_ends_the_war_with_its_terms() -> None:
    # §4.11.12 Negotiated peace: "By mutual agreement of all belligerents a war ends at
    # once", with a treaty settling everything: here France keeps its conquest of the Sudan.
    state = egypt_war((["france"], ["britain"]))
    state.wars[0].conquered = {"sudan": 0}
    state = offer(state, "ours")
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("britain", "war_peace")
    assert prompt.choices[0].action == {"type": "answer_peace", "sign": False}  # the default
    assert choice_label("pax-britannica", prompt.choices[1], "en") == (
        "Sign the peace offered by France: only the conquests of France are kept"
    )
    signed = act(state, "britain", prompt.choices[1].instantiate())
    assert "pax.event.peace_made" in keys(signed)
    [spoils] = PAX.prompts(signed.state)
    assert (spoils.seat, spoils.kind) == ("france", "war_spoils")
    assert spoils.choices[0].action["area"] == "sudan"


def test_a_peace_giving_every_conquest_back_leaves_the_markers() -> None:
    state = egypt_war((["france"], ["britain"]))
    state.wars[0].conquered = {"sudan": 0}
    state = offer(state, "none")
    signed = act(state, "britain", {"type": "answer_peace", "sign": True})
    assert "pax.event.war_ends" in keys(signed) and signed.state.wars == []
    assert any(
        (m.power, m.area, m.level) == ("britain", "sudan", "possession")
        for m in signed.state.markers
    )
    assert {u.location for u in signed.state.units if u.power == "france"} == {"france"}


def test_a_refused_peace_changes_nothing_and_is_offered_once_a_cycle() -> None:
    state = offer(egypt_war((["france"], ["britain"])), "both")
    refused = act(state, "britain", {"type": "answer_peace", "sign": False})
    assert "pax.event.peace_rejected" in keys(refused)
    [war] = refused.state.wars
    assert war.sides == (["france"], ["britain"])
    [prompt] = PAX.prompts(refused.state)
    assert not [c for c in prompt.choices if c.kind == "propose_peace"]


def test_allies_who_sign_without_the_holdout_make_a_separate_peace() -> None:
    # §4.11.12 Separate peace: "If one player refuses to sign but its allies sign, the
    # allies leave the war, and the opposing sides keep fighting"; "ET +5 per separate
    # peace". France signs (it offered), its ally Germany refuses, Britain signs.
    state = egypt_war((["france", "germany"], ["britain"]))
    army(state, "germany", "germany", 5)
    state = offer(state, "none")
    assert [p.seat for p in PAX.prompts(state)] == ["britain"]
    after = act(state, "britain", {"type": "answer_peace", "sign": True}).state
    tension = after.tension
    outcome = act(after, "germany", {"type": "answer_peace", "sign": False})
    [war] = outcome.state.wars
    assert war.sides == (["germany"], ["britain"])
    assert outcome.state.tension == tension + 5
    assert "pax.event.separate_peace" in keys(outcome)
    assert {u.location for u in outcome.state.units if u.power == "france"} == {"france"}


def test_a_minor_follows_its_remaining_major_ally_after_a_separate_peace() -> None:
    # §4.11.6: a minor "must accept any peace its ally accepts"; while Germany fights on,
    # Spain stays in the war and the German seat now moves its units.
    state = egypt_war((["france", "spain", "germany"], ["britain"]))
    state.wars[0].controllers = {"spain": "france"}
    state = offer(state, "none")
    state = act(state, "britain", {"type": "answer_peace", "sign": True}).state
    state = act(state, "germany", {"type": "answer_peace", "sign": False}).state
    [war] = state.wars
    assert war.sides == (["spain", "germany"], ["britain"])
    assert war.controllers == {"spain": "germany"}


def egypt_peace_war() -> PaxState:
    """The Egypt war (France declared on Britain over Egypt) with 30 £ in each treasury."""
    state = egypt_war((["france"], ["britain"]))
    state.wars[0].declarations = [Declaration(power="france", target="britain", area="egypt")]
    state.powers["france"].treasury = state.powers["britain"].treasury = 30
    return state


def test_a_peace_may_name_a_payment_of_pounds() -> None:
    # §4.11.12: the belligerents "must agree a treaty settling everything (marker changes,
    # payments, and so on) that every belligerent signs": France asks Britain for 20 £.
    term = {"kind": "payment", "giver": "britain", "receiver": "france", "amount": 20}
    state = offer(egypt_peace_war(), "none", term)
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("britain", "war_peace")
    assert render(prompt.text, "en") == (
        "France offers peace with 1 term: Great Britain pays France 20 £. Each applies only if "
        "everyone signs. Do you sign it?"
    )
    assert "20 £" in render(prompt.text, "fr")
    ctx = context(state)  # the peace alone, before the turn goes on to its VP record
    answer(ctx, ctx.state.wars[0], "britain", AnswerPeace(sign=True))
    assert "pax.event.peace_payment" in [e.key for e in ctx.events]
    assert ctx.state.powers["britain"].treasury == 10
    assert ctx.state.powers["france"].treasury == 50


def test_a_payment_the_payer_can_no_longer_make_lapses() -> None:
    term = {"kind": "payment", "giver": "britain", "receiver": "france", "amount": 30}
    state = offer(egypt_peace_war(), "none", term)
    state.powers["britain"].treasury = 20
    ctx = context(state)
    answer(ctx, ctx.state.wars[0], "britain", AnswerPeace(sign=True))
    assert "pax.event.peace_term_lapsed_payment" in [e.key for e in ctx.events]
    assert ctx.state.powers["britain"].treasury == 20
    assert ctx.state.powers["france"].treasury == 30


def test_a_peace_may_hand_a_marker_to_an_enemy() -> None:
    # §4.11.12 "marker changes": Britain's protectorate in Egypt becomes France's (France's
    # own influence there gives way to it), free and with no ET (post-war changes: 0).
    term = {"kind": "cession", "giver": "britain", "receiver": "france", "area": "egypt"}
    state = offer(egypt_peace_war(), "none", term)
    tension = state.tension
    signed = act(state, "britain", {"type": "answer_peace", "sign": True})
    assert "pax.event.peace_cession" in keys(signed)
    held = [(m.power, m.level) for m in signed.state.markers if m.area == "egypt"]
    assert held == [("france", "protectorate")]
    assert signed.state.tension == tension


def test_a_peace_may_settle_the_disputed_area_instead_of_reducing_it_to_influence() -> None:
    # §4.11.12 [1993]: "If at the end of a war nobody has conquered an area that still holds
    # conflicting markers, and no treaty settles it, every marker in the area is reduced to
    # influence". Settled for Britain, its protectorate stays and France's influence under
    # it becomes an interest, as a Congress's settlement would make it.
    term = {"kind": "settlement", "receiver": "britain", "area": "egypt"}
    state = offer(egypt_peace_war(), "none", term)
    signed = act(state, "britain", {"type": "answer_peace", "sign": True})
    assert "pax.event.peace_settlement" in keys(signed)
    held = sorted((m.power, m.level) for m in signed.state.markers if m.area == "egypt")
    assert held == [("britain", "protectorate"), ("france", "interest")]


def test_without_a_settlement_the_disputed_area_falls_to_influence() -> None:
    state = offer(egypt_peace_war(), "none")
    signed = act(state, "britain", {"type": "answer_peace", "sign": True})
    held = sorted((m.power, m.level) for m in signed.state.markers if m.area == "egypt")
    assert held == [("britain", "influence"), ("france", "influence")]


def test_a_separate_peace_leaves_the_further_term_unapplied() -> None:
    state = egypt_peace_war()
    state.wars[0].sides = (["france", "germany"], ["britain"])
    army(state, "germany", "germany", 5)
    term = {"kind": "payment", "giver": "britain", "receiver": "france", "amount": 20}
    state = offer(state, "none", term)
    state = act(state, "britain", {"type": "answer_peace", "sign": True}).state
    ctx = context(state)
    answer(ctx, ctx.state.wars[0], "germany", AnswerPeace(sign=False))
    assert "pax.event.separate_peace" in [e.key for e in ctx.events]
    assert ctx.state.powers["britain"].treasury == 30


def test_the_term_prompt_offers_no_term_first_and_labels_each_term() -> None:
    state = egypt_peace_war()
    state = act(
        state, "france", {"type": "propose_peace", "power": "france", "keeps": "none"}
    ).state
    [prompt] = PAX.prompts(state)
    assert PAX.default_action(state, "france") == prompt.choices[0].instantiate()
    labels = [choice_label("pax-britannica", c, "en") for c in prompt.choices]
    assert labels[0] == "Offer the peace as it stands, with no further term"
    assert "France: add a term: France pays Great Britain 10 £ when the peace is signed" in labels
    assert (
        "France: add a term: Great Britain hands France the protectorate in Egypt when the "
        "peace is signed (free)"
    ) in labels
    assert all("None" not in choice_label("pax-britannica", c, "fr") for c in prompt.choices)
    with pytest.raises(IllegalAction):
        act(
            state,
            "france",
            {
                "type": "peace_term",
                **EMPTY_TERM,
                "kind": "payment",
                "giver": "britain",
                "receiver": "france",
                "amount": 40,
            },
        )


# -- canals and straits (§4.13) --------------------------------------------------------------


def opening(sides: tuple[list[str], list[str]]) -> PaxState:
    """A war about to begin (W1) on a cleared board with a British protectorate in Egypt,
    a French possession in Madagascar and a French navy in the Mediterranean."""
    state = egypt_dispute()
    state.casus_belli = []
    put(state, "france", "madagascar", "possession")
    new_unit(state, "france", "navy", 3, "mediterranean")
    state.wars, state.phase = [War(sides=sides)], "war"
    ctx = context(state)
    war_phase.advance(ctx)
    return ctx.state


def french_navy_steps(state: PaxState) -> list[str]:
    [navy] = [u for u in state.units if u.power == "france" and u.kind == "navy"]
    return navy_steps(state, state.wars[0], "france", navy.location)


def test_a_neutral_denying_suez_to_one_alliance_may_be_attacked_at_once() -> None:
    # §4.13: "during a war only, the controller of the area may deny passage to any other
    # power"; "a power denied passage cannot move units between the two seas"; "a neutral
    # that denies passage to one alliance but not the other ... gives the denied alliance
    # a CB against that neutral. Any member of the denied alliance may immediately declare
    # war on it (ET +5), and the neutral joins the other alliance."
    state = opening((["france"], ["usa"]))
    assert "indian_ocean" in french_navy_steps(state)
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("britain", "war_passage")
    assert [c.action["deny"] for c in prompt.choices] == ["none", "first", "second", "both"]
    assert choice_label("pax-britannica", prompt.choices[1], "en") == (
        "Great Britain: deny the Suez Canal to France for this war (free, but that alliance "
        "gains a casus belli against Great Britain it may use at once)"
    )
    denied = act(state, "britain", prompt.choices[1].instantiate())
    assert "pax.event.passage_denied" in keys(denied)
    assert "indian_ocean" not in french_navy_steps(denied.state)
    [call] = PAX.prompts(denied.state)
    assert (call.seat, call.kind) == ("france", "war_passage_war")
    assert call.choices[0].action == {"type": "no_war", "power": "france"}  # the default
    tension = denied.state.tension
    declared = act(denied.state, "france", call.choices[1].instantiate(), [6, 1])
    [war] = declared.state.wars
    assert war.sides == (["france"], ["usa", "britain"])
    assert declared.state.tension >= tension + 5


def test_a_side_already_denied_is_not_offered_again() -> None:
    state = opening((["france"], ["usa"]))
    war = state.wars[0]
    war.passage_questions, war.denials, war.cycle = [], {"suez": ["france"]}, 1
    ctx = context(state)
    ask_passages(ctx.state, war)
    [prompt] = PAX.prompts(ctx.state)
    assert [c.action["deny"] for c in prompt.choices] == ["none", "second"]


def test_a_belligerent_controller_denies_its_enemies_in_its_own_phase() -> None:
    # §4.13 and A-31: "denial is set per war, per power or alliance, at any time during a
    # war"; a belligerent that alone controls Egypt is asked nothing at W1 and finds the
    # denial among its manoeuvre choices. It gives nobody a casus belli.
    state = opening((["france"], ["britain"]))
    assert state.wars[0].passage_questions == []
    put(state, "britain", "sudan", "possession")
    army(state, "britain", "egypt", 3)
    state.wars = [War(sides=(["france"], ["britain"]), cycle=1, first=1, waiting=["britain"])]
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("britain", "war_manoeuvre")
    deny = {"type": "deny_passage", "passage": "suez", "deny": "first"}
    choice = prompt.find(deny)
    assert choice is not None
    assert choice_label("pax-britannica", choice, "en") == (
        "Great Britain: deny the Suez Canal to France for this war (free)"
    )
    denied = act(state, "britain", deny)
    assert denied.state.wars[0].denials == {"suez": ["france"]}
    assert denied.state.wars[0].passage_calls == []
    assert "indian_ocean" not in french_navy_steps(denied.state)
    [again] = PAX.prompts(denied.state)
    assert again.find(deny) is None


def codominion_vote(german: str) -> list[str]:
    """Egypt a British-German codominion, neutral in a France-USA war: Britain denies
    Suez to France, Germany answers `german`; the events."""
    state = egypt_dispute()
    put(state, "germany", "egypt", "protectorate")
    state.markers = [m for m in state.markers if m.power != "france"]
    state.casus_belli = []
    state.wars, state.phase = [War(sides=(["france"], ["usa"]))], "war"
    ctx = context(state)
    war_phase.advance(ctx)
    state = ctx.state
    assert [q.seat for q in state.wars[0].passage_questions] == ["britain", "germany"]
    britain = {"type": "deny_passage", "passage": "suez", "deny": "first"}
    state = act(state, "britain", britain).state
    germany = {"type": "deny_passage", "passage": "suez", "deny": german}
    return keys(act(state, "germany", germany))


def test_a_codominion_closes_a_passage_only_when_every_member_agrees() -> None:
    # §4.13: "In a codominion, all members must agree to deny passage."
    assert "pax.event.passage_denied" not in codominion_vote("none")
    assert "pax.event.passage_denied" in codominion_vote("first")


def test_two_canals_close_the_caribbean_only_when_both_are_denied() -> None:
    # §4.13: "If both canals exist, passage is closed only when both are denied".
    state = egypt_dispute()
    state.canals = {"panama": "usa", "central_america": "britain"}
    war = War(sides=(["france"], ["usa"]), denials={"panama_canal": ["france"]})
    assert not passage_closed(state, war, "france", "caribbean", "south_pacific")
    war.denials["central_american_canal"] = ["france"]
    assert passage_closed(state, war, "france", "south_pacific", "caribbean")
    assert not passage_closed(state, war, "usa", "south_pacific", "caribbean")


# -- codominions in war (§4.11.7) ------------------------------------------------------------


def codominion_entry(mover: str, sides: tuple[list[str], list[str]], start: str) -> PaxState:
    """Egypt a British-German codominion in a 5-player game; `mover`'s army steps in from
    `start` in its side's manoeuvre phase."""
    state = egypt_dispute(players=5)
    state.casus_belli = []
    state.markers = [m for m in state.markers if m.power != "france"]
    put(state, "germany", "egypt", "protectorate")
    put(state, "france", "tripoli", "possession")
    put(state, "britain", "sudan", "possession")
    state.units = []
    army(state, "france", "tripoli", 1)  # France keeps an army abroad: the war goes on
    unit = army(state, mover, start, 3)
    side = 0 if mover in sides[0] else 1
    state.wars = [War(sides=sides, cycle=1, first=side, waiting=[mover])]
    state.phase = "war"
    return act(
        state, mover, {"type": "war_move", "power": mover, "unit": unit, "to": "egypt"}
    ).state


def test_a_neutral_codominion_member_may_declare_war_on_the_intruder_at_once() -> None:
    # §4.11.7: "If a belligerent that is not a member moves units into a codominion that a
    # neutral shares, the neutral gains a CB and may immediately declare war (ET +5). This
    # option exists only at the moment of entry."
    state = codominion_entry("france", (["france"], ["britain"]), "tripoli")
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("germany", "war_codominion_war")
    assert prompt.choices[0].action == {"type": "no_war", "power": "germany"}  # the default
    assert "Germany" in render(prompt.text, "en") and "Égypte" in render(prompt.text, "fr")
    tension = state.tension
    declared = act(state, "germany", prompt.choices[1].instantiate())
    [war] = declared.state.wars
    assert war.sides == (["france"], ["britain", "germany"])
    assert declared.state.tension >= tension + 5
    passed = act(state, "germany", prompt.choices[0].instantiate())
    assert passed.state.wars[0].sides == (["france"], ["britain"])
    assert [p.kind for p in PAX.prompts(passed.state)] != ["war_codominion_war"]


def test_an_ally_of_a_member_enters_a_codominion_without_giving_a_casus_belli() -> None:
    # §4.11.7: "An ally of a member may enter without giving the neutral a CB."
    state = codominion_entry("japan", (["france"], ["britain", "japan"]), "sudan")
    assert state.wars[0].passage_calls == []
    assert all(p.kind != "war_codominion_war" for p in PAX.prompts(state))


# -- cape zones (§4.11.7) ----------------------------------------------------------------------


def test_a_unit_rounds_the_cape_of_good_hope_in_two_manoeuvres() -> None:
    # §4.11.7 Cape zones: "A unit cannot pass directly between the South Atlantic and the
    # South Pacific or the Indian Ocean; it must spend one manoeuvre phase in the cape
    # zone"; "Coaling rights in the Indian Ocean or South Atlantic give rights in the Cape
    # of Good Hope"; "An army may enter a cape zone only if its power has a merchant fleet
    # in each of the sea zones adjacent to that cape".
    state = egypt_dispute()
    state.units = []
    put(state, "france", "madagascar", "possession")  # coaling in the Indian Ocean
    navy = new_unit(state, "france", "navy", 3, "south_atlantic")
    ship = new_unit(state, "france", "army", 3, "south_atlantic")
    war = War(sides=(["france"], ["britain"]), cycle=1)
    state.wars = [war]
    from_atlantic = navy_steps(state, war, "france", "south_atlantic")
    assert "indian_ocean" not in from_atlantic and "cape_of_good_hope" in from_atlantic
    assert "indian_ocean" in navy_steps(state, war, "france", "cape_of_good_hope")
    state.powers["france"].merchant_fleets = ["south_atlantic"]
    assert "cape_of_good_hope" not in army_steps(state, war, "france", "south_atlantic")
    state.powers["france"].merchant_fleets = ["south_atlantic", "indian_ocean"]
    assert "cape_of_good_hope" in army_steps(state, war, "france", "south_atlantic")
    # Units left in a cape zone when the war ends go home, like those at sea (§4.11.12).
    navy.location = ship.location = "cape_of_good_hope"
    ctx = context(state)
    send_home(ctx, {"france"})
    assert {u.location for u in ctx.state.units} == {"france"}
    home = [e for e in ctx.events if e.key == "pax.event.unit_home"]
    assert len(home) == 2
    assert "Bonne-Espérance" in render(home[0], "fr")
    assert "Cape of Good Hope" in render(home[0], "en")


def test_a_stack_of_more_than_twelve_units_pays_its_exact_loss_with_the_fewest_units() -> None:
    # A-5: "The owner removes the combination with the smallest total >= the requirement,
    # or an exact one if possible": thirteen 1s and a 10 owing 11 pay 10 + 1 exactly (the
    # whole stack is weighed, not its twelve weakest units).
    state = egypt_dispute()
    state.units = []
    ones = [army(state, "britain", "egypt", 1) for _ in range(13)]
    ten = army(state, "britain", "egypt", 10)
    stack = [u for u in state.units if u.power == "britain"]
    assert sorted(u.strength for u in losses(stack, 11)) == [1, 10]
    assert {u.id for u in losses(stack, 11)} == {ones[0], ten}
    assert sorted(u.strength for u in losses(stack, 14)) == [1, 1, 1, 1, 10]


def test_the_owners_choose_the_losses_of_a_stack_of_more_than_twelve_units() -> None:
    # §4.11.8 EX: "the majors present must agree who loses what", whatever the stack's size:
    # thirteen British 1s and a German 3 are asked like any stack (Courier's choice first).
    state = egypt_dispute()
    state.units = []
    for _ in range(13):
        army(state, "britain", "egypt", 1)
    army(state, "germany", "egypt", 3)
    army(state, "france", "egypt", 3)
    data = game_data(state)
    odds = odds_for(data, 3, 16)
    die = next(d for d in range(1, 7) if result_for(data, odds, d) == "EX")
    state = fought(state, (["france"], ["britain", "germany"]), [die])
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("britain", "war_losses")
    labels = [choice_label("pax-britannica", c, "en") for c in prompt.choices]
    assert labels == [
        "Lose Germany 3: strength 3 for the 3 owed",  # Courier's: the fewest units
        "Lose Great Britain 1 + 1 + 1: strength 3 for the 3 owed",
    ]
    outcome = act(state, "britain", prompt.choices[1].instantiate())
    [consent] = PAX.prompts(outcome.state)
    assert (consent.seat, consent.kind) == ("germany", "war_consent")
    agreed = act(outcome.state, "germany", consent.choices[0].instantiate()).state
    assert strengths(agreed, "britain") == [1] * 10
    assert strengths(agreed, "germany") == [3]


def minors_exchange(controllers: dict[str, str]) -> PaxState:
    """France's 3 against a British 1, a Spanish 3 and a Dutch 3 in Egypt, rolled to an
    exchange: the British 1 falls first and the minors owe the rest, which either minor's
    3 pays."""
    state = egypt_dispute()
    state.units = []
    army(state, "britain", "egypt", 1)
    army(state, "spain", "egypt", 3)
    army(state, "netherlands", "egypt", 3)
    army(state, "france", "egypt", 3)
    die = exchange_die(state, 3, 7)
    war = War(
        sides=(["france"], ["britain", "germany", "spain", "netherlands"]),
        cycle=1,
        step="attack",
        waiting=["france"],
        controllers=controllers,
    )
    state.wars, state.phase = [war], "war"
    ctx = context(state, [die])
    fight_battle(ctx, war, "france", "egypt", "army", choose=True)
    return ctx.state


def test_the_seat_moving_a_minor_chooses_its_losses_once_the_majors_are_gone() -> None:
    # §4.11.8 EX: "major powers' units are removed before minor powers' units"; the minors'
    # share is chosen by the seat that moves and fights them (§4.11.6, §4.11.7).
    state = minors_exchange({"spain": "britain", "netherlands": "britain"})
    assert strengths(state, "britain") == []
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("britain", "war_losses")
    labels = [choice_label("pax-britannica", c, "en") for c in prompt.choices]
    assert [label.split(":")[0] for label in labels] == ["Lose Spain 3", "Lose Netherlands 3"]
    assert "Pays-Bas" in choice_label("pax-britannica", prompt.choices[1], "fr")
    outcome = act(state, "britain", prompt.choices[1].instantiate())
    assert strengths(outcome.state, "netherlands") == []
    assert strengths(outcome.state, "spain") == [3]
    assert "pax.event.war_losses_agreed" not in keys(outcome)  # one seat: nobody else asked


def test_minors_of_two_seats_share_their_losses_by_agreement() -> None:
    # §4.11.8: the players with units there agree who loses what; a refusal costs every
    # minor's unit of the stronger side (the majors' rule, applied to the minors' share).
    state = minors_exchange({"spain": "britain", "netherlands": "germany"})
    after = act(state, "britain", PAX.prompts(state)[0].choices[0].instantiate()).state
    [consent] = PAX.prompts(after)
    assert (consent.seat, consent.kind) == ("germany", "war_consent")
    refused = act(after, "germany", consent.choices[1].instantiate()).state
    assert strengths(refused, "spain") == [] and strengths(refused, "netherlands") == []


def test_minors_nobody_moves_lose_by_courier_s_choice() -> None:
    # A minor with no seat to move it (A-33: nobody neutral) pays at once, nothing asked.
    state = minors_exchange({})
    assert state.wars[0].decisions == []
    assert sorted(strengths(state, "spain") + strengths(state, "netherlands")) == [3]
