"""Belgium as the eighth player (§4.17.9): Italy's colonial office line halved, column 6
until its first control marker, Leopold's demand on event 4-2, its navy, its divisor."""

from __future__ import annotations

from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.accounts import colonial_office, record_vp
from rulesets.pax_britannica.random_events import apply_event
from tests.pax_britannica.helpers import cleared, context, put


def test_belgium_counts_as_rolling_6_until_its_first_control_marker() -> None:
    state = cleared(8)
    state.powers["belgium"].ever_controlled = False
    assert colonial_office(context(state), "belgium") == (None, 8)  # Italy's 15, halved up


def test_belgium_then_rolls_on_italys_line_halved_and_rounded_up() -> None:
    state = cleared(8)
    state.powers["belgium"].ever_controlled = True
    put(state, "belgium", "congo", "protectorate")
    assert colonial_office(context(state, [4]), "belgium") == (4, 5)  # Italy's 10 / 2


def test_leopold_demands_a_protectorate_or_possession_and_a_full_office() -> None:
    # Event 4-2: table A, and Leopold; the office is not halved that turn.
    state = cleared(8)
    apply_event(context(state, [6]), "42")
    belgium = state.powers["belgium"]
    assert belgium.leopold and belgium.naval_right
    assert [(o.unit, o.left) for o in belgium.obligations] == [("control_marker", 1)]
    belgium.ever_controlled = True
    put(state, "belgium", "congo", "protectorate")
    assert colonial_office(context(state, [4]), "belgium") == (4, 10)


def test_leopold_blocks_done_while_a_control_marker_is_affordable() -> None:
    state = cleared(8)
    apply_event(context(state, [6]), "42")
    state.powers["belgium"].treasury = 25
    prompt = next(p for p in PAX.prompts(state) if p.seat == "belgium")
    kinds = {c.action["type"] for c in prompt.choices}
    assert "done" not in kinds
    placements = [c.action for c in prompt.choices if c.action["type"] == "place_marker"]
    assert placements and all(a["level"] in ("protectorate", "possession") for a in placements)


def test_belgium_builds_only_one_strength_navies_and_only_after_leopold() -> None:
    from rulesets.pax_britannica.window_choices import unit_choices

    state = cleared(8)
    state.powers["belgium"].treasury = 40
    assert all(kind == "army" for kind, _, _ in unit_choices(state, "belgium"))
    state.powers["belgium"].naval_right = True
    navies = [s for kind, s, _ in unit_choices(state, "belgium") if kind == "navy"]
    assert navies == [1]


def test_belgiums_divisor_is_one() -> None:
    state = cleared(8)
    state.powers["belgium"].treasury = 7
    record_vp(context(state))
    assert state.powers["belgium"].vp == 7


def test_belgium_receives_merchant_fleets_in_1896_1900_and_1916_only_as_a_player() -> None:
    from rulesets.pax_britannica import movement

    for players, expected in ((8, 1), (7, 0)):
        for turn in (4, 5, 9):  # 1896, 1900, 1916
            state = cleared(players)
            state.turn = turn
            movement.enter(context(state))
            assert state.powers["belgium"].fleets_to_take == expected
