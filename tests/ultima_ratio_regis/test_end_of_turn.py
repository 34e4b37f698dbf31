"""The end of the turn through the engine: M6 counted first, every war ended with its
reparations, income, expenses and the instability balance, degradation, VP, and the end
of the campaign; the example of §4.8 played out."""

from __future__ import annotations

import random

from rulesets.core import IllegalAction, legal_prompts, start, submit
from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR
from rulesets.ultima_ratio_regis.data import default_data, parse_data
from rulesets.ultima_ratio_regis.state import Leader, UrrState, War
from tests.random_play import random_action
from tests.ultima_ratio_regis.helpers import SEED, in_impulse, kinds, play


def everybody_passes(state: UrrState) -> UrrState:
    for seat in ("P1", "P2", "P3", "P4"):
        state.step = "card"
        state = play(state, seat, type="pass_impulse")
    return state


def enter_for_every_power(
    state: UrrState, kind: str, field: str, values: dict[str, int]
) -> UrrState:
    while kinds(state) == [("REF", kind)]:
        power = legal_prompts(URR, state)[0].choices[0].action["power"]
        state = play(state, "REF", type=kind, power=power, **{field: values.get(power, 0)})
    return state


def test_section_4_8_war_end_and_end_of_turn() -> None:
    """France (2) and Austria (4): France lost 3 morale and gained 2; the referee declares
    Austria the winner with 3 conditions, Austria buys 1 VP and the instability swap; the
    balances then leave France at 9 and Austria at 1."""
    state = in_impulse()
    state.powers["urr_fra"].instability, state.powers["urr_aus"].instability = 2, 4
    state.powers["urr_fra"].rebellions = 1
    state.wars.append(
        War(
            id="w1",
            powers=["urr_fra", "urr_aus"],
            lost={"urr_fra": 2, "urr_aus": 2},
            gained={"urr_fra": 2, "urr_aus": 2},
        )
    )
    state.powers["urr_fra"].round_lost = {"urr_aus": 2}  # M6 at step 0: France loses 1 more
    state = everybody_passes(state)
    assert kinds(state) == [("REF", "record_morale")]  # no M3 or M5 in the example
    state = play(state, "REF", type="record_morale", power="none", cause="none")
    assert kinds(state) == [("REF", "declare_winner")]
    assert legal_prompts(URR, state)[0].choices[0].action == {
        "type": "declare_winner",
        "winner": "urr_aus",
    }  # the engine's suggestion: net −1 against +1
    state = play(state, "REF", type="declare_winner", winner="urr_aus")
    state = play(state, "REF", type="set_budget", conditions=3)
    assert kinds(state) == [("P2", "buy_reparation")]
    state = play(state, "P2", type="buy_reparation", item="vp", target="urr_fra")
    costs = {c.action.get("item") for c in legal_prompts(URR, state)[0].choices}
    assert "vp" not in costs  # 2 more conditions would exceed the budget of 3
    state = play(state, "P2", type="buy_reparation", item="instability", target="urr_fra")
    assert state.wars == []
    assert state.powers["urr_fra"].instability == 2 + 3 + 1
    assert state.powers["urr_aus"].instability == 4 + 1 - 1
    # Step 3 income: France 12 (card) + 0 + trade 3 = 15; Austria 10 + Milan 1 + trade 1 = 12.
    state = enter_for_every_power(state, "enter_trade", "amount", {"urr_fra": 3, "urr_aus": 1})
    assert (state.powers["urr_fra"].income, state.powers["urr_aus"].income) == (15, 12)
    state = enter_for_every_power(state, "enter_expenses", "amount", {"urr_fra": 17, "urr_aus": 9})
    state = enter_for_every_power(state, "place_rebellions", "count", {})
    assert state.powers["urr_fra"].instability == 9
    assert state.powers["urr_aus"].instability == 1
    assert state.powers["urr_aus"].vp == 1


def test_extraordinary_leaders_turn_back_at_step_6() -> None:
    state = in_impulse()
    state.leaders.append(Leader(id="l1", power="urr_fra", type="tactician", area="urr_paris"))
    state.step = "free"
    before = state.powers["urr_fra"].instability
    state = play(state, "P1", type="promote_leader", leader="l1")
    assert state.powers["urr_fra"].instability == before + 3
    assert state.leaders[0].extraordinary
    state = everybody_passes(state)
    state = enter_for_every_power(state, "enter_trade", "amount", {})
    state = enter_for_every_power(state, "enter_expenses", "amount", {})
    state = enter_for_every_power(state, "place_rebellions", "count", {})
    assert state.eot_step == 6 and not state.leaders[0].extraordinary
    assert kinds(state) == [("P1", "disband")]


def test_the_campaign_ends_after_its_turns_with_each_players_vp() -> None:
    rng = random.Random(4)
    state = start(URR, ["P1", "P2", "P3", "REF"], {"campaign_turns": 1}, SEED).state
    while not state.finished:
        prompt = rng.choice(legal_prompts(URR, state))
        state = submit(URR, state, prompt.seat, random_action(prompt, rng)).state
    scores = URR.scores(state)
    assert scores is not None and scores["REF"] == 0
    for seat in ("P1", "P2", "P3"):
        mine = [p.vp for p in state.powers.values() if p.player == seat]
        assert scores[seat] == sum(mine)


def test_a_damaged_data_file_is_refused_naming_the_field() -> None:
    raw = default_data().model_dump(mode="json")
    raw["links"][0]["b"] = "urr_atlantis"
    try:
        parse_data(raw)
    except IllegalAction as error:
        assert error.params["field"] == "links.0"
    else:
        raise AssertionError("an unknown zone was accepted")
    raw = default_data().model_dump(mode="json")
    del raw["zones"][0]["provenance"]["income"]
    try:
        parse_data(raw)
    except IllegalAction as error:
        assert "income" in str(error.params["reason"])
    else:
        raise AssertionError("a value without provenance was accepted")


def test_a_replacement_data_file_is_played() -> None:
    raw = default_data().model_dump(mode="json")
    raw["powers"][0]["card_income"] = 20
    state = start(URR, ["P1", "P2", "P3"], {}, SEED, raw).state
    assert state.custom_data is not None and state.custom_data.powers[0].card_income == 20
