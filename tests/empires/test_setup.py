"""Setting up: cards by distribution card, monarchs by influence, starting infantry."""

from __future__ import annotations

import pytest

from rulesets.empires.control import monarch_for
from tests.empires.helpers import blank_board, new_game, units


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_deals_the_letters_of_the_player_count_and_seats_monarchs(players: int) -> None:
    state = new_game(players)
    letters = state.board().data.letters_per_player[str(players)]
    for seat in state.seats:
        assert sorted(card[-1] for card in state.hands[seat]) == sorted(letters)
    for empire, holder in state.monarchs.items():
        assert holder == monarch_for(state, empire)
        assert holder is not None
    assert state.phase == "choose_empire"
    assert state.order[0] == state.start_player
    assert len(state.timetrack) == 7


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_starting_infantry_in_each_capital_follows_the_cards_dealt(players: int) -> None:
    state = new_game(players)
    by_cards = {0: 3, 1: 2, 2: 1, 3: 0}
    for empire, spec in state.board().empires.items():
        dealt = sum(1 for hand in state.hands.values() for c in hand if c.startswith(empire))
        expected = by_cards[dealt]
        got = units(state, spec.capital).get(empire, {}).get("infantry", 0)
        assert got == expected
    assert len(state.units) == sum(
        by_cards[sum(1 for h in state.hands.values() for c in h if c.startswith(e))]
        for e in state.board().empires
    )


def test_capitals_start_with_a_two_crown_palace_and_initial_cities_basic() -> None:
    state = new_game()
    assert state.palaces["vienna"] == 2
    assert state.cities["trieste"] is False
    assert "edinburgh" not in state.cities
    assert state.markers["GB"] == {"I": None, "II": "empire", "III": "move_fight"}


def test_monarch_ties_are_broken_a_then_b_then_c() -> None:
    state = blank_board(players=3)
    state.hands = {"P1": ["FR-C", "FR-M4"], "P2": ["FR-B", "FR-P5"], "P3": ["FR-P6", "FR-W"]}
    # 9 against 9: P2 holds the B card.
    assert monarch_for(state, "FR") == "P2"
    state.hands["P1"] = ["FR-A", "FR-W"]
    state.hands["P2"] = ["FR-C", "FR-P5"]
    # 8 against 8: A beats C.
    assert monarch_for(state, "FR") == "P1"


def test_quick_start_adds_the_printed_units() -> None:
    state = new_game(4, quick_start=True)
    assert units(state, "barcelona") == {"ES": {"two_master": 1}}
    assert units(state, "madrid")["ES"]["infantry"] >= 1
    assert all(len(state.units_in(r)) <= 3 for r in state.board().region_ids)


@pytest.mark.parametrize(("decades", "tiles"), [(8, 7), (9, 8), (10, 9)])
def test_longer_games_use_the_extra_tiles(decades: int, tiles: int) -> None:
    state = new_game(3, decades=decades)
    assert state.decades == decades
    assert len(state.timetrack) == tiles
    card = state.board().data.timetrack.cards["3"]
    pool = sorted(card.base + (card.long if decades > 8 else []))
    kept = sorted(state.timetrack + ([state.removed_tile] if state.removed_tile else []))
    assert kept == pool


def test_a_chosen_distribution_card_is_dealt() -> None:
    state = new_game(4, distribution_card="p4-2")
    assert state.distribution_card == "p4-2"
    face = next(c for c in state.board().data.distribution_cards if c.id == "p4-2")
    assert [state.hands[s] for s in state.order] == face.positions
