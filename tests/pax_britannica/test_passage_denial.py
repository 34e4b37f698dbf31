"""A neutral's strait or canal in the middle of a war cycle (§4.13, A-31): the French text
fixes no moment for a denial (« Durant une guerre (seulement), le joueur qui contrôle
l'Egypte peut interdire l'utilisation du canal à n'importe quelle autre puissance »), so
the neutral controller is asked when a belligerent's unit actually tries to pass: it lets
the alliance through for the cycle (the default) or denies it, and the unit stays."""

from __future__ import annotations

import pytest

from bot.i18n import render
from bot.i18n.labels import choice_label
from rulesets.core import IllegalAction
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.holdings import new_unit
from rulesets.pax_britannica.state import PaxState, War
from tests.pax_britannica.helpers import act, army, keys, put
from tests.pax_britannica.test_war import egypt_dispute

THROUGH_SUEZ = {"type": "war_move", "power": "france", "to": "indian_ocean"}


def suez_war(sides: tuple[list[str], list[str]] = (["france"], ["usa"])) -> PaxState:
    """France's manoeuvre in the first cycle of a war with the USA (both with an army
    abroad), two French navies in the Mediterranean (Madagascar French, so France may coal
    in the Indian Ocean), Egypt a British protectorate."""
    state = egypt_dispute()
    state.casus_belli = []
    put(state, "france", "madagascar", "possession")
    put(state, "usa", "cuba", "dominion")
    army(state, "france", "madagascar", 3)
    army(state, "usa", "cuba", 3)
    new_unit(state, "france", "navy", 3, "mediterranean")
    new_unit(state, "france", "navy", 2, "mediterranean")
    war = War(sides=sides, cycle=1, first=0, waiting=["france"], opened=True)
    state.wars, state.phase = [war], "war"
    return state


def navies(state: PaxState) -> list[tuple[int, str]]:
    return [
        (u.strength, u.location) for u in state.units if u.power == "france" and u.kind == "navy"
    ]


def move(state: PaxState, strength: int) -> dict[str, object]:
    [navy] = [
        u for u in state.units if (u.power, u.kind, u.strength) == ("france", "navy", strength)
    ]
    return {**THROUGH_SUEZ, "unit": navy.id}


def test_a_unit_trying_to_pass_a_neutral_s_canal_waits_for_its_answer() -> None:
    state = suez_war()
    outcome = act(state, "france", move(state, 3))
    assert "pax.event.passage_requested" in keys(outcome)
    assert navies(outcome.state) == [(3, "mediterranean"), (2, "mediterranean")]
    [prompt] = PAX.prompts(outcome.state)
    assert (prompt.seat, prompt.kind) == ("britain", "war_passage_request")
    assert render(prompt.text, "en") == (
        "France tries to move a naval unit of 3 from the Mediterranean to the Indian Ocean "
        "through the Suez Canal, which Great Britain controls. Does Great Britain let France "
        "through for the rest of this cycle?"
    )
    assert "None" not in render(prompt.text, "fr")
    assert [c.action["deny"] for c in prompt.choices] == ["none", "first", "both"]
    assert choice_label("pax-britannica", prompt.choices[0], "en") == (
        "Great Britain: let France through the Suez Canal for the rest of this cycle (free)"
    )
    assert PAX.default_action(outcome.state, "britain") == prompt.choices[0].instantiate()
    with pytest.raises(IllegalAction):  # France waits for the answer
        act(outcome.state, "france", {"type": "war_step_done"})
    with pytest.raises(IllegalAction):  # the other alliance's side alone is not the question
        act(outcome.state, "britain", {"type": "deny_passage", "passage": "suez", "deny": "second"})


def test_a_neutral_denying_the_unit_closes_the_canal_and_gives_a_casus_belli() -> None:
    # §4.13: "a power denied passage cannot move units between the two seas"; "a neutral
    # that denies passage to one alliance but not the other ... gives the denied alliance a
    # CB against that neutral", usable at once.
    state = suez_war()
    state = act(state, "france", move(state, 3)).state
    denied = act(state, "britain", {"type": "deny_passage", "passage": "suez", "deny": "first"})
    assert "pax.event.passage_denied" in keys(denied)
    assert "pax.event.passage_refused" in keys(denied)
    assert navies(denied.state) == [(3, "mediterranean"), (2, "mediterranean")]
    war = denied.state.wars[0]
    assert war.denials == {"suez": ["france"]} and war.passage_move is None
    [call] = PAX.prompts(denied.state)
    assert (call.seat, call.kind) == ("france", "war_passage_war")
    after = act(denied.state, "france", call.choices[0].instantiate()).state  # no war
    [prompt] = PAX.prompts(after)
    assert (prompt.seat, prompt.kind) == ("france", "war_manoeuvre")
    navy_ids = {move(after, 3)["unit"], move(after, 2)["unit"]}
    through = [c for c in prompt.choices if c.action.get("unit") in navy_ids]
    assert through and all(c.action["to"] != "indian_ocean" for c in through)
    # The refused navy has not moved: it may still go elsewhere.
    assert [c for c in prompt.choices if c.action.get("unit") == move(after, 3)["unit"]]


def test_a_neutral_letting_the_alliance_through_is_asked_again_next_cycle() -> None:
    # "denial is set per war, per power or alliance, at any time during a war": let
    # through, the French pass freely for the rest of the cycle; the next cycle's first
    # attempt asks Britain again, and Britain is asked nothing at the cycle's start.
    state = suez_war()
    state = act(state, "france", move(state, 3)).state
    passed = act(state, "britain", {"type": "deny_passage", "passage": "suez", "deny": "none"})
    assert "pax.event.passage_denied" not in keys(passed)
    assert navies(passed.state) == [(3, "indian_ocean"), (2, "mediterranean")]
    assert passed.state.wars[0].passage_grants == {"suez": [0]}
    again = act(passed.state, "france", move(passed.state, 2))  # not asked this cycle
    assert "pax.event.passage_requested" not in keys(again)
    assert navies(again.state) == [(3, "indian_ocean"), (2, "indian_ocean")]
    state = again.state
    for _ in range(40):  # every other prompt answered with its first choice
        [prompt] = PAX.prompts(state)
        assert prompt.kind != "war_passage"
        if prompt.kind == "war_manoeuvre" and state.wars[0].cycle == 2 and prompt.seat == "france":
            break
        state = act(state, prompt.seat, prompt.choices[0].instantiate()).state
    assert state.wars[0].passage_grants == {}
    back = next(c for c in prompt.choices if c.action.get("to") == "mediterranean")
    asked = act(state, "france", back.instantiate())
    assert "pax.event.passage_requested" in keys(asked)
    [question] = PAX.prompts(asked.state)
    assert (question.seat, question.kind) == ("britain", "war_passage_request")


def test_in_a_codominion_every_member_must_deny_the_unit() -> None:
    # §4.13: "In a codominion, all members must agree to deny passage": Britain denies,
    # Germany lets France through, so the navy passes.
    state = suez_war()
    put(state, "germany", "egypt", "protectorate")
    state = act(state, "france", move(state, 3)).state
    assert [q.seat for q in state.wars[0].passage_questions] == ["britain", "germany"]
    state = act(
        state, "britain", {"type": "deny_passage", "passage": "suez", "deny": "first"}
    ).state
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("germany", "war_passage_request")
    passed = act(state, "germany", {"type": "deny_passage", "passage": "suez", "deny": "none"})
    assert "pax.event.passage_denied" not in keys(passed)
    assert navies(passed.state)[0] == (3, "indian_ocean")


def test_a_belligerent_s_own_canal_or_an_enemy_s_asks_nobody_when_a_unit_passes() -> None:
    # An ally's canal cannot be closed to its own alliance; an enemy that alone controls
    # Egypt denies in its own phase (war_passages.denial_choices), not when France moves.
    for sides in ((["france", "britain"], ["usa"]), (["france"], ["usa", "britain"])):
        state = suez_war(sides)
        army(state, "britain", "britain", 1)
        outcome = act(state, "france", move(state, 3))
        assert "pax.event.passage_requested" not in keys(outcome)
        assert navies(outcome.state)[0] == (3, "indian_ocean")
