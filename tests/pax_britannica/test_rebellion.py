"""The Chinese rebellion (§4.11.13, §4.10), quoted by section: the rebel armies and their
placement, the rebels as First Alliance with the areas' CC, defeated areas, the markers
they sack, and the ends with their effects on markers and CR."""

from __future__ import annotations

import random

from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.state import PaxState
from rulesets.pax_britannica.war_board import chinese_areas
from tests.pax_britannica.helpers import act, army, new_game, play_randomly, put
from tests.pax_britannica.test_war_declarations import at_war_phase, entered
from tests.random_play import play_random_game

CALM = [6, 6, 6]  # this turn's own resentment roll, before the War phase


def rising() -> PaxState:
    """A rebellion rolled (pending), CR at 50, Britain's influence in Kwangtung."""
    state = at_war_phase(4, turns=1)
    state.resentment = 50
    state.pending_rebellion = True
    put(state, "britain", "kwangtung", "influence")
    return state


def test_every_chinese_possession_holds_the_rebellion_back() -> None:
    # §4.10 step 3 (A-47): "If every Chinese area is a possession, no rebellion can break
    # out ... a pending_rebellion flag is set".
    state = rising()
    state.markers = []
    for area in chinese_areas(state):
        put(state, "britain", area, "possession")
    ctx = entered(state, CALM)
    assert "pax.event.rebellion_waits" in [e.key for e in ctx.events]
    assert ctx.state.pending_rebellion


def test_the_rebels_crush_the_colonial_armies_and_sweep_china_clean() -> None:
    # §4.11.13: "Roll d6 to get the number of armies (strength 5 each)"; China "is always
    # First Alliance"; the rebels "add the area's CC" where no protectorate or possession
    # stands; "Rebellion succeeds: No colonial armies left ... All status markers in the
    # Chinese Empire and vassals are removed ... CR → 0".
    state = rising()
    put(state, "france", "tonkin", "protectorate")
    army(state, "britain", "kwangtung", 1)
    ctx = entered(state, [*CALM, 1, 2, 2])  # 1 army, in Kwangtung (2); 9 against 1, die 2
    events = {e.key: e.params for e in ctx.events}
    assert events["pax.event.rebellion"] == {
        "count": 1,
        "areas": ["kwangtung"],
        "powers": ["britain", "france"],
    }
    assert events["pax.event.natives_attack"]["attack"] == 9  # 5 and Kwangtung's CC 4
    assert events["pax.event.rebellion_ends"] == {"outcome": "pax_rebellion_success"}
    assert not [m for m in ctx.state.markers if m.area in chinese_areas(ctx.state)]
    assert ctx.state.resentment == 0
    assert not [u for u in ctx.state.units if u.power == "china"]


def test_a_crushed_rebellion_cedes_a_defeated_area() -> None:
    # §4.11.13: the area is defeated when "Chinese armies attacking there get AR or AE";
    # "Colonial victory: No Chinese armies left ... CR → 0. Then reparations": a power with
    # units in China "may claim one area. Only defeated areas may be ceded"; CR is then
    # "immediately raised" for each marker placed in the ceded areas.
    state = rising()
    army(state, "britain", "kwangtung", 10)
    army(state, "britain", "kwangtung", 10)
    ctx = entered(state, [*CALM, 1, 2, 1])  # 9 against 20 (1:2), die 1: AE
    keys = [e.key for e in ctx.events]
    assert "pax.event.native_area_defeated" in keys
    state = ctx.state
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("britain", "war_manoeuvre")  # Britain's half
    state = act(state, "britain", prompt.choices[0].instantiate()).state
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("britain", "rebellion_claim")
    assert [c.action["area"] for c in prompt.choices] == ["", "kwangtung"]
    claim = {"type": "war_spoils", "power": "britain", "area": "kwangtung", "level": "possession"}
    state = act(state, "britain", claim).state
    assert [(m.power, m.level) for m in state.markers if m.area == "kwangtung"] == [
        ("britain", "possession")
    ]
    assert state.resentment == 3  # from 0, +3 for the ceded area's control marker


def test_rebels_alone_in_an_area_sack_its_markers() -> None:
    # §4.11.13: the rebels move "one area toward the nearest area containing a colonial
    # army"; "at the end of any Second Alliance attack phase, a Chinese army in an area
    # containing no colonial army but containing status markers of any type removes those
    # markers".
    state = rising()
    put(state, "britain", "hong_kong", "possession")
    army(state, "britain", "hong_kong", 3)
    ctx = entered(state, [*CALM, 1, 3])  # 1 army in the Yangtze (3)
    marches = [e.params for e in ctx.events if e.key == "pax.event.natives_move"]
    assert marches == [{"power": "china", "area": "yangtze", "to": "kwangtung"}]
    [prompt] = PAX.prompts(ctx.state)  # Britain's half: it ends its manoeuvre at once
    outcome = act(ctx.state, "britain", prompt.choices[0].instantiate(), [1])
    sacked = [e.params for e in outcome.events if e.key == "pax.event.marker_removed"]
    assert sacked[0] == {
        "power": "britain",
        "area": "kwangtung",
        "level": "level_influence",
        "reason": "pax_rebels",
    }


def test_random_play_through_a_rebellion_always_ends() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(6, war_declarations=True, turns=1)
        state.phase, state.windows = "diplomacy", {}
        state.pending_rebellion = True
        state, _ = play_randomly(entered(state).state, rng, 2_000, "pax.event.war_ends")
        assert state.finished
        assert not [u for u in state.units if u.power == "china"]


def test_an_army_can_weigh_its_steps_against_the_rebels_who_are_no_power_of_the_game() -> None:
    # make fuzz, 4 players, seed 21: a colonial area's support was checked against the
    # rebels' armies, whose owner ("china") holds no merchant fleets, and raised KeyError.
    seats = [spec.id for spec in PAX.seat_pool()][:4]
    run = play_random_game(PAX, seats, 21, {"war_declarations": True})
    assert run.finished


def rebels_beside_an_ottoman_war(**options: bool) -> list[dict[str, object]]:
    """A rebellion rolled (5 armies on the die) in a turn whose Ottoman war is pending
    (France established a possession in Syria): the rebellion's announcement."""
    state = rising()
    state.options.update(options)
    put(state, "france", "syria", "possession")
    state.ottoman_war_pending = ["france"]
    ctx = entered(state, [*CALM, 5, 2, 2, 2, 2, 2])
    assert len([u for u in ctx.state.units if u.power == "ottoman"]) <= 3
    wanted = ("pax.event.rebellion", "pax.event.native_pieces_short")
    return [e.params for e in ctx.events if e.key in wanted]


def test_the_rebels_and_the_ottomans_share_six_pieces() -> None:
    # A-72: "Chinese and Ottoman armies share 6 pieces ... Enforce a shared limit of 6
    # simultaneous pieces ... If more are called for, place as many as are available."
    # §4.11.13: "at most 6 pieces, shared with the Ottomans". The Ottoman war declared at
    # the War phase's start put 3 armies in Anatolia; 5 rebels rolled, 3 appear.
    rebellion, short = rebels_beside_an_ottoman_war()
    assert rebellion["count"] == 3
    assert short == {"rolled": 5, "count": 3}


def test_without_the_piece_limit_every_rebel_rolled_appears() -> None:
    # A-72's alternative ("Option: unlimited"), the campaign option native_piece_limit off.
    [rebellion] = rebels_beside_an_ottoman_war(native_piece_limit=False)
    assert rebellion["count"] == 5
