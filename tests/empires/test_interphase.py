"""Between decades: the hourglass tile, action markers moving on, monarchs changing hands."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.empires.turns import end_decade
from tests.empires.helpers import EMPIRES, blank_board, offered, play, prompt_of, put, units


def _end_of_decade(tile: str, players: int = 3):  # type: ignore[no-untyped-def]
    state = blank_board(players)
    state.timetrack = [tile, "worker"]
    state.acted = list(state.board().empire_order)
    for empire in state.acted:
        state.markers[empire] = {"I": "palace", "II": "empire", "III": "move_fight"}
    ctx = StepContext(state, phases=EMPIRES.phase_table())
    end_decade(ctx)
    return ctx.state


def test_the_orange_pawn_moves_left_of_the_seventh_turn_player() -> None:
    state = _end_of_decade("orange")
    # Three players, P1 started: turn 7 was P1's, so P2 starts the next decade.
    assert state.start_player == "P2"
    assert prompt_of(state).seat == "P2"


def test_a_player_tile_lets_that_position_pick_first_then_clockwise() -> None:
    state = _end_of_decade("player_3")
    seen = []
    while state.phase == "influence_pick":
        seat = prompt_of(state).seat
        seen.append(seat)
        state = play(state, seat, type="take_influence", empire="FR")
    assert seen == ["P3", "P1", "P2"]
    assert state.decade == 2


def test_markers_shift_and_monarchs_follow_the_new_majorities() -> None:
    state = _end_of_decade("orange")
    state.hands = {"P1": [], "P2": [], "P3": []}
    state.stacks["FR"] = ["FR-A", "FR-B", "FR-C"]
    state = play(state, "P2", type="take_influence", empire="FR")
    state = play(state, "P3", type="take_influence", empire="FR")
    state = play(state, "P1", type="take_influence", empire="FR")
    assert state.hands["P2"] == ["FR-A"]
    assert state.monarchs["FR"] == "P2"
    assert state.markers["FR"] == {"I": None, "II": "palace", "III": "empire"}
    assert state.phase == "choose_empire"


def test_the_worker_tile_hands_out_value_one_cards_from_the_open_pile() -> None:
    state = _end_of_decade("worker")
    assert {"type": "take_worker", "empire": "GB"} in offered(state)
    state = play(state, "P2", type="take_worker", empire="GB")
    assert "GB-W" in state.hands["P2"]
    assert "GB-W" not in state.workers


def test_the_infantry_tile_asks_every_monarch_at_once() -> None:
    state = blank_board(3)
    state.monarchs.update({"FR": "P1", "GB": "P3"})
    put(state, "OT", "infantry", "budapest")
    state.timetrack = ["infantry"]
    state.acted = list(state.board().empire_order)
    ctx = StepContext(state, phases=EMPIRES.phase_table())
    end_decade(ctx)
    state = ctx.state
    prompts = EMPIRES.prompts(state)
    assert len(prompts) == 7
    assert all(p.simultaneous for p in prompts)
    hb = next(p for p in prompts if "HB" in str(p.choices[0].action))
    assert "budapest" not in {c.action["region"] for c in hb.choices}
    state = play(state, "P1", type="levy", empire="FR", region="lyon")
    assert units(state, "lyon") == {"FR": {"infantry": 1}}
    assert len(EMPIRES.prompts(state)) == 6


def test_the_two_master_tile_reduces_a_full_port_by_its_monarch() -> None:
    state = blank_board(3)
    state.monarchs = dict.fromkeys(state.monarchs, "P3")
    put(state, "GB", "infantry", "liverpool", 3)
    state.timetrack = ["two_master"]
    state.acted = list(state.board().empire_order)
    ctx = StepContext(state, phases=EMPIRES.phase_table())
    end_decade(ctx)
    state = play(ctx.state, "P3", type="levy", empire="GB", region="liverpool")
    assert prompt_of(state).kind == "remove_unit"
    state = play(state, "P3", type="remove_unit", region="liverpool", kind="infantry")
    assert units(state, "liverpool") == {"GB": {"infantry": 2, "two_master": 1}}


def test_worker_cards_drawn_at_random_need_no_decision() -> None:
    state = blank_board(3)
    state.options["worker_cards"] = "random_draw"
    state.timetrack = ["worker"]
    state.acted = list(state.board().empire_order)
    ctx = StepContext(state, phases=EMPIRES.phase_table())
    end_decade(ctx)
    state = ctx.state
    assert state.phase == "choose_empire"
    assert len(state.workers) == 4
    assert all(any(c.endswith("-W") for c in state.hands[s]) for s in state.seats)
