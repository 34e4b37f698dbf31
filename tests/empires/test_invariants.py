"""Engine invariants (spec appendix A), checked at every turn boundary of random games."""

from __future__ import annotations

import random

import pytest

from rulesets.core import legal_prompts, start, submit
from rulesets.empires import EMPIRES
from rulesets.empires.state import EmpiresState
from tests.random_play import random_action

SEATS = ["P1", "P2", "P3", "P4", "P5", "P6"]


def check_invariants(state: EmpiresState) -> None:
    board = state.board()
    for region in board.region_ids:
        present = state.units_in(region)
        empires = {u.empire for u in present}
        assert len(empires) <= 1, (region, empires)
        if present:
            empire = present[0].empire
            limit = 3 if board.owner[region] == empire else 1
            assert len(present) <= limit, (region, len(present))
        for unit in present:
            if unit.is_ship:
                assert board.kind[region] == "sea" or board.owner[region] == unit.empire
    for empire in board.empire_order:
        assert any(not state.is_occupied(c) for c in board.cities_of[empire]), empire
        for kind in ("infantry", "artillery", "two_master", "three_master"):
            assert state.stock(empire, kind) >= 0
        assert state.flags_left(empire) >= 0
        slots = state.markers[empire]
        assert slots["II"] is not None and slots["III"] is not None
        assert len({slots["I"], slots["II"], slots["III"]} - {None}) == (3 if slots["I"] else 2)
    for region in state.flags:
        assert board.kind[region] != "city"


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_invariants_hold_between_turns_in_random_games(players: int) -> None:
    rng = random.Random(players)
    state = start(EMPIRES, SEATS[:players], {}, f"{players:064x}").state
    turns = 0
    while not state.finished:
        if state.phase == "choose_empire":
            check_invariants(state)
            turns += 1
        prompt = rng.choice(legal_prompts(EMPIRES, state))
        state = submit(EMPIRES, state, prompt.seat, random_action(prompt, rng)).state
    check_invariants(state)
    assert turns == 7 * state.decades
