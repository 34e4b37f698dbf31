"""Standing rules and phases 2 to 6: victory, loans, Monopolies, First Player, fleets, navy,
corsairs, the 2- and 3-player continents, tea and opium, abolition, and the Nation variant."""

from __future__ import annotations

import pytest

from rulesets.colonial import COLONIAL
from rulesets.colonial.board import controlled, controller, monopolies, order, place
from rulesets.colonial.characters import exploration_target
from rulesets.colonial.state import ColonialState
from rulesets.colonial.upkeep import choose_first_player
from rulesets.core import IllegalAction, StepContext, legal_prompts, start
from tests.colonial.helpers import SEATS, SEED, acting, choices, new_game, play


def ctx_for(state: ColonialState) -> StepContext[ColonialState]:
    ctx = StepContext(state)
    ctx.phases = COLONIAL.phase_table()
    return ctx


def test_setup_section_3() -> None:
    state = new_game(4)
    assert state.territories["australia"].prestige == 2
    assert state.territories["levant"].prestige == 0
    assert (state.circumnavigation, state.discovery) == (2, 1)
    for seat in state.seats:
        p = state.players[seat]
        expected = 2 if seat == state.first else 3
        assert (p.treasury, p.fleets, p.squadrons, p.diplomacy) == (expected, 2, 1, 4)
        assert all(space == 0 for space in p.tracks.values())


def test_two_players_keep_one_continent_and_america_has_no_discovery() -> None:
    state = new_game(2, two_player_continent="america")
    assert sorted(state.ignored) == ["africa", "asia"] and state.discovery == 0
    state = acting(state, "col_red", "card_1")
    targets = {a["target"] for a in choices(state, "col_red") if a["type"] == "explorer"}
    assert "india" not in targets and "brazil" in targets and "circumnavigation" in targets
    assert exploration_target(state, "col_red", "west_indies") == 3  # no +2


def test_three_players_leave_one_continent_out_by_the_die() -> None:
    state = new_game(3)
    assert len(state.ignored) == 1


def test_victory_needs_10_prestige_and_no_loan_and_a_repayment_can_win() -> None:
    state = acting(new_game(4), "col_red", "card_1")
    state.players["col_red"].prestige = 9
    state.players["col_red"].loans = [3]
    state.players["col_red"].treasury = 5
    state = play(state, "col_red", {"type": "explorer", "target": "egypt"}, dice=[6]).state
    assert state.players["col_red"].prestige == 10 and not state.finished
    state = play(state, "col_red", {"type": "repay", "amount": 3}).state
    assert state.finished and state.winner == "col_red"
    assert COLONIAL.scores(state)["col_red"] > max(  # type: ignore[index]
        v
        for s, v in COLONIAL.scores(state).items()
        if s != "col_red"  # type: ignore[union-attr]
    )


def test_gold_counts_one_monopoly_each_and_colours_need_sole_control() -> None:
    state = new_game(4)
    state.territories["peru"].stacks[0] = ["col_red"]
    state.territories["california"].stacks[0] = ["col_red"]
    state.territories["canada"].stacks[0] = ["col_red"]
    state.territories["wild_west"].stacks[0] = ["col_blue"]
    assert monopolies(state, "col_red") == 2  # two gold; brown is shared
    assert monopolies(state, "col_blue") == 0


def test_phase_3_a_unique_leader_takes_the_marker_a_tie_passes_it_left() -> None:
    state = new_game(4)
    state.turn = 2
    state.first = "col_red"
    ctx = ctx_for(state)
    choose_first_player(ctx)
    assert ctx.state.first == "col_blue"  # all tied at 0: to the left of red
    ctx.state.territories["peru"].stacks[0] = ["col_green"]
    choose_first_player(ctx)
    assert ctx.state.first == "col_green"


def test_phase_2_fleets_up_to_monopolies_all_at_once() -> None:
    state = new_game(3)
    state.territories["peru"].stacks[0] = ["col_red"]
    state.territories["california"].stacks[0] = ["col_blue"]
    state.players["col_red"].treasury = 5
    ctx = ctx_for(state)
    ctx.enter("fleets")
    prompts = legal_prompts(COLONIAL, ctx.state)
    assert {p.seat for p in prompts} == {"col_red", "col_blue"} and all(
        p.simultaneous for p in prompts
    )
    red = next(p for p in prompts if p.seat == "col_red").choices[0]
    assert red.ranges["amount"].high == 1


def test_phase_4_and_5_navy_up_to_naval_and_one_corsair_each() -> None:
    state = new_game(2)
    for seat in state.seats:
        state.players[seat].treasury = 4
    ctx = ctx_for(state)
    ctx.enter("navy")
    state = ctx.state
    for seat in order(state):
        prompt = legal_prompts(COLONIAL, state, seat)[0]
        assert prompt.choices[0].ranges["amount"].high == 1
        state = play(state, seat, {"type": "navy", "amount": 1}).state
    assert state.phase == "corsairs"
    seat = order(state)[0]
    other = order(state)[1]
    state = play(state, seat, {"type": "corsair", "target": other}).state
    assert state.players[other].corsairs == {seat: 1} and state.players[seat].treasury == 2


def test_tea_and_opium_are_locked_below_economy_6() -> None:
    state = acting(new_game(4), "col_red", "card_4")
    state.territories["china"].prestige = 0
    assert "china" not in {
        a["territory"] for a in choices(state, "col_red") if a["type"] == "viceroy"
    }
    state.players["col_red"].tracks["economy"] = 2
    assert "china" in {a["territory"] for a in choices(state, "col_red") if a["type"] == "viceroy"}


def test_after_abolition_slaves_ship_at_a_diplomacy_step() -> None:
    state = acting(new_game(4), "col_red", "card_2")
    state.abolition = True
    state.territories["congo"].stacks[0] = ["col_red"]
    state = play(state, "col_red", {"type": "merchant"}).state
    offered = [
        (a["owner"], a["slaves"]) for a in choices(state, "col_red") if a["type"] == "take_goods"
    ]
    assert ("col_red", True) in offered
    state = play(
        state, "col_red", {"type": "take_goods", "owner": "col_red", "slaves": True, "amount": 1}
    ).state
    state = play(state, "col_red", {"type": "done"}).state
    assert state.players["col_red"].goods == 1 and state.players["col_red"].diplomacy == 3


def test_nations_are_picked_from_the_right_of_the_first_player_counter_clockwise() -> None:
    state = new_game(4, nations=True)
    assert state.phase == "nation_pick"
    seats = order(state)
    expected = list(reversed(seats))
    for seat in expected:
        prompt = legal_prompts(COLONIAL, state)[0]
        assert prompt.seat == seat
        state = play(state, seat, prompt.choices[0].instantiate()).state
    assert state.phase == "programme"
    assert len({p.nation for p in state.players.values()}) == 4


def test_tordesillas_keeps_portugal_out_of_spanish_america() -> None:
    state = acting(new_game(4, nations=True), "col_red", "card_1")
    state.players["col_red"].nation = "portugal"
    targets = {a["target"] for a in choices(state, "col_red") if a["type"] == "explorer"}
    assert "brazil" in targets and "new_spain" not in targets and "india" in targets
    state.players["col_red"].reached_six = True
    targets = {a["target"] for a in choices(state, "col_red") if a["type"] == "explorer"}
    assert "new_spain" in targets


def test_holland_counts_one_more_monopoly() -> None:
    state = new_game(4)
    state.players["col_red"].nation = "holland"
    assert monopolies(state, "col_red") == 1


def test_the_turn_limit_house_rule_ends_on_prestige() -> None:
    state = new_game(2, turn_limit=1)
    ctx = ctx_for(state)
    ctx.enter("corsairs")
    while not ctx.state.finished:
        seat = legal_prompts(COLONIAL, ctx.state)[0].seat
        ctx = ctx_for(play(ctx.state, seat, {"type": "corsair", "target": "none"}).state)
    assert ctx.state.winner is None and COLONIAL.scores(ctx.state) is not None


def test_portugal_explores_twice_in_one_use_until_six_prestige() -> None:
    state = acting(new_game(4, nations=True), "col_red", "card_1")
    state.players["col_red"].nation = "portugal"
    state = play(state, "col_red", {"type": "explorer", "target": "egypt"}, dice=[1]).state
    assert state.phase == "second_explorer"
    state = play(state, "col_red", {"type": "explorer", "target": "egypt"}, dice=[6]).state
    assert state.phase == "explore_claim"
    state = play(state, "col_red", {"type": "done"}).state
    assert state.phase == "round" and state.explorations == 0
    state = acting(state, "col_red", "card_1")
    state.players["col_red"].reached_six = True
    state = play(state, "col_red", {"type": "explorer", "target": "congo"}, dice=[1]).state
    assert state.phase != "second_explorer"


def test_goods_are_never_used_up_unless_the_depletion_option_is_on() -> None:
    for depletion, expected in ((False, 2), (True, 1)):
        state = acting(new_game(4, goods_depletion=depletion), "col_red", "card_2")
        state.territories["peru"].stacks[0] = ["col_red"]
        for _ in range(2):
            state = acting(state, "col_red", "card_2")
            state = play(state, "col_red", {"type": "merchant"}).state
            if state.phase == "ship" and any(
                a["type"] == "take_goods" for a in choices(state, "col_red")
            ):
                state = play(
                    state,
                    "col_red",
                    {"type": "take_goods", "owner": "col_red", "slaves": False, "amount": 1},
                ).state
            if state.phase == "ship":
                state = play(state, "col_red", {"type": "done"}).state
        assert state.players["col_red"].goods == expected


def test_with_a11s_alternative_tea_and_opium_take_counters_but_not_control_below_6() -> None:
    """Spec A11, alternative (`tea_opium_stacking`): below Economy 6 a player may stack on
    tea and opium but is skipped when control is settled."""
    state = acting(new_game(4, tea_opium_stacking=True), "col_red", "card_4")
    state.territories["china"].prestige = 0
    assert "china" in {a["territory"] for a in choices(state, "col_red") if a["type"] == "viceroy"}
    ctx = ctx_for(state)
    place(ctx, "col_red", "china", {0: 2})
    assert controller(state, "china", 0) is None and ("china", 0) not in controlled(
        state, "col_red"
    )
    # Blue, at Economy 6, takes control with one counter against red's two, at no
    # Diplomacy cost: the Resource had no controller.
    state.players["col_blue"].tracks["economy"] = 2
    place(ctx, "col_blue", "china", {0: 1})
    assert state.territories["china"].stacks[0] == ["col_blue", "col_red", "col_red"]
    assert controller(state, "china", 0) == "col_blue"
    assert state.players["col_blue"].diplomacy == 4
    # Once red reaches Economy 6 its counters count again: its majority takes the stack
    # at its next placement there.
    state.players["col_red"].tracks["economy"] = 2
    place(ctx, "col_red", "china", {0: 1})
    assert controller(state, "china", 0) == "col_red"


def test_a_sixth_player_needs_the_campaigns_option() -> None:
    """Spec A01: 2 to 5 players; the box's sixth set of cards is a campaign option."""
    with pytest.raises(IllegalAction) as refused:
        start(COLONIAL, SEATS, {}, SEED)
    assert refused.value.key == "col.error.six_players"
    state = start(COLONIAL, SEATS, {"six_players": True}, SEED).state
    assert len(state.players) == 6 and state.phase == "programme"
