"""The views: the public contract for the map, and nothing secret in it."""

from __future__ import annotations

import json

from rulesets.empires import EMPIRES
from tests.empires.helpers import SEED, new_game


def test_the_public_view_has_the_contracted_fields() -> None:
    state = new_game(4)
    view = EMPIRES.view(state, None)
    for key in (
        "decade",
        "decades",
        "phase",
        "active_seat",
        "active_empire",
        "monarchs",
        "empires",
        "regions",
        "players",
        "scores",
    ):
        assert key in view
    assert set(view["empires"]["GB"]) >= {"power", "flags", "acted"}
    london = view["regions"]["london"]
    assert london["kind"] == "city" and london["owner"] == "GB"
    assert set(london) >= {"units", "flag", "palace"}
    assert london["palace"] == "GB"
    assert view["active_seat"] == state.start_player
    assert view["scores"] is None


def test_no_view_shows_the_seed_or_the_order_of_the_hourglass_tiles() -> None:
    state = new_game(3, decades=9)
    order = state.timetrack
    for seat in (None, "P1"):
        text = json.dumps(EMPIRES.view(state, seat))
        assert SEED not in text
        assert json.dumps(order) not in text
        track = EMPIRES.view(state, seat)["time_track"]
        assert track["unrevealed_count"] == 8
        assert sorted(track["unrevealed_tiles"]) == track["unrevealed_tiles"]


def test_a_seat_view_adds_its_own_position_and_monarchs() -> None:
    state = new_game(4)
    mine = EMPIRES.view(state, "P2")["you"]
    assert mine["seat"] == "P2"
    assert mine["monarchs"] == [e for e, s in state.monarchs.items() if s == "P2"]


def test_a_state_survives_a_json_round_trip_mid_game() -> None:
    from rulesets.core import legal_prompts, state_hash, submit
    from rulesets.empires.state import EmpiresState

    state = new_game(3)
    for _ in range(40):
        prompt = legal_prompts(EMPIRES, state)[0]
        state = submit(EMPIRES, state, prompt.seat, prompt.choices[-1].instantiate()).state
    again = EmpiresState.model_validate_json(state.model_dump_json())
    assert state_hash(again) == state_hash(state)
    assert EMPIRES.prompts(again) == EMPIRES.prompts(state)
