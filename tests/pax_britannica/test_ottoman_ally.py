"""The Ottoman war with a major ally (§4.11.14 "Ottomans with a major-power ally: a normal
war. The Ottoman Empire is a minor power allied to its major ally or allies, which move
and fight its units ... Initiative is rolled normally"), with Courier's readings where the
text is silent: the Empire is the Ottomans' home for support, their areas with no control
marker are theirs, an area they win goes back to the Empire with no marker, and their
armies leave the map when the war ends."""

from __future__ import annotations

import random

from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.state import PaxState, War, game_data
from rulesets.pax_britannica.war_board import army_steps, control_areas, supported, take
from rulesets.pax_britannica.war_combat import fight_battle
from tests.pax_britannica.helpers import act, army, context, play_randomly, put
from tests.pax_britannica.test_ottoman_sides import side, sides_asked

OTTOMAN_FIRST = [5, 2]  # W2: the Ottoman alliance rolls 5, France 2


def allied_war(dice: list[int] | None = None) -> PaxState:
    """France holds Syria (a possession, a strength-3 army) and the Empire declares war on
    it; Germany supports the Ottomans, Britain and the USA stay out."""
    state = sides_asked()
    state = side(state, "britain", "none").state
    state = side(state, "germany", "ottoman").state
    return side(state, "usa", "none", dice or OTTOMAN_FIRST).state


def the_war(state: PaxState) -> War:
    [war] = state.wars
    return war


def ottoman_ids(state: PaxState) -> list[int]:
    return [u.id for u in state.units if u.power == "ottoman"]


def test_with_a_major_ally_the_ottoman_war_is_a_normal_war_moved_by_the_ally() -> None:
    # §4.11.14: "a normal war"; the ally "move[s] and fight[s] its units"; "Initiative is
    # rolled normally" (W2: the higher roll is First Alliance).
    state = sides_asked()
    state = side(state, "britain", "none").state
    state = side(state, "germany", "ottoman").state
    outcome = side(state, "usa", "none", OTTOMAN_FIRST)
    war = the_war(outcome.state)
    assert (war.kind, war.sides) == ("war", (["ottoman", "germany"], ["france"]))
    events = {e.key: e.params for e in outcome.events}
    assert events["pax.event.minor_controller"] == {"seat": "germany", "power": "ottoman"}
    assert events["pax.event.war_initiative"]["first"] == ["ottoman", "germany"]
    assert "pax.event.natives_first" not in events
    [prompt] = PAX.prompts(outcome.state)
    assert (prompt.seat, prompt.kind) == ("germany", "war_manoeuvre")
    moves = [c.action for c in prompt.choices if c.action["type"] == "war_move"]
    assert sorted(m["unit"] for m in moves) == sorted(ottoman_ids(outcome.state))
    assert {m["to"] for m in moves} == {"syria"}  # Anatolia's only Ottoman neighbour


def test_when_the_enemy_wins_the_initiative_it_moves_first() -> None:
    # W2 "one player from each side rolls d6": no longer always the Ottomans.
    state = allied_war([1, 4])
    assert the_war(state).first == 1
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("france", "war_manoeuvre")


def test_ottoman_armies_never_leave_the_empire_but_for_egypt() -> None:
    # §4.11.14 movement limits: "Ottoman units never enter an area outside the Ottoman
    # Empire, with one exception: Egypt", when it is "uncontrolled, or ... controlled by
    # an ally or an enemy"; "controlled by a neutral", they cannot cross it.
    state = allied_war()
    war = the_war(state)
    assert sorted(army_steps(state, war, "ottoman", "syria")) == ["anatolia", "egypt"]
    put(state, "germany", "mesopotamia", "possession")  # open to the war, yet not Ottoman
    assert "mesopotamia" in army_steps(state, war, "germany", "syria")
    assert "mesopotamia" not in army_steps(state, war, "ottoman", "syria")
    put(state, "britain", "egypt", "possession")  # a neutral's Egypt
    assert army_steps(state, war, "ottoman", "syria") == ["anatolia"]
    assert army_steps(state, war, "ottoman", "tripoli") == []


def test_the_empire_is_the_ottomans_home_for_support() -> None:
    # Silent in the text; our reading (§4.11.10, §4.11.6: a minor's home nation is its
    # source of support): the Empire's areas their enemies do not hold are the source,
    # and its areas with no control marker count as the Ottoman alliance's.
    state = allied_war()
    war = the_war(state)
    assert control_areas(state, war, 0) >= {"anatolia", "tripoli"}
    assert "syria" in control_areas(state, war, 1)  # France's possession stays France's
    assert supported(state, war, ["ottoman"], "anatolia", "ottoman")
    assert supported(state, war, ["ottoman"], "egypt", "ottoman")  # through Tripoli
    take(state, war, 1, "anatolia")  # the enemy conquers it: no longer a source
    take(state, war, 1, "tripoli")
    assert not supported(state, war, ["ottoman"], "egypt", "ottoman")
    take(state, war, 0, "anatolia")  # retaken: freed, with no spoils (the Empire's own)
    assert "anatolia" not in war.conquered and war.conquered["tripoli"] == 1


def test_an_unmarked_ottoman_area_fights_for_the_ottoman_side() -> None:
    # §4.11.14 (French text): the Empire's areas with no control marker keep their CC; in
    # this war the Ottoman side attacks too, so the CC joins whichever side it is on.
    state = allied_war()
    war = the_war(state)
    army(state, "france", "anatolia", 10)
    ctx = context(state, [6])
    fight_battle(ctx, war, "germany", "anatolia", "army")
    [battle] = [e.params for e in ctx.events if e.key == "pax.event.war_battle"]
    cc = game_data(state).area("anatolia").cc
    assert cc > 0
    assert (battle["attack"], battle["defence"]) == (15 + cc, 10)


def test_an_area_the_ottomans_win_goes_back_to_the_empire_and_their_armies_leave() -> None:
    # §4.11.14 "a normal war": W9 (b) France has no army left in an area, the Ottoman
    # alliance wins; Syria, which the Ottoman armies conquered, returns to the Empire:
    # France's possession goes and no marker is placed (our reading); "After an Ottoman
    # war, units may have to relocate": the Ottoman armies leave the map.
    state = allied_war()
    for unit_id in ottoman_ids(state):
        move = {"type": "war_move", "power": "ottoman", "unit": unit_id, "to": "syria"}
        state = act(state, "germany", move).state
    attack = {"type": "war_attack", "place": "syria", "kind": "army"}
    outcome = act(state, "germany", attack, [2])  # Table 1, 15 against 3 (5:1), die 2: DE
    events = [(e.key, e.params) for e in outcome.events]
    assert ("pax.event.area_conquered", {"powers": ["ottoman", "germany"], "area": "syria"}) in (
        events
    )
    won = [p for k, p in events if k == "pax.event.war_won"]
    assert won == [{"winners": ["ottoman", "germany"], "outcome": "pax_war_end_no_armies"}]
    assert not [m for m in outcome.state.markers if m.area == "syria"]
    assert ("pax.event.war_spoils_declined", {"power": "ottoman", "area": "syria"}) in events
    assert not [u for u in outcome.state.units if u.power == "ottoman"]
    assert not outcome.state.wars


def test_random_play_through_an_allied_ottoman_war_always_ends() -> None:
    # Random answers after Germany sides with the Ottomans against France: the normal war
    # ends (W9, a peace or the Great War), and the Ottoman armies leave the map.
    for seed in range(4):
        rng = random.Random(seed)
        state = allied_war([[5, 2], [1, 4]][seed % 2])
        army(state, "germany", "anatolia", 3)
        state, ended = play_randomly(state, rng, 3_000, "pax.event.war_ends")
        assert state.finished and ended
        assert not [u for u in state.units if u.power == "ottoman"]


def test_an_enemy_alone_in_an_unmarked_ottoman_area_conquers_it() -> None:
    # §4.11.9 in a normal war: an army in an enemy area with no enemy army conquers it; the
    # Empire's unmarked areas being the Ottoman alliance's (our reading), France takes
    # Anatolia, and the Ottoman armies in Tripoli may cross the uncontrolled Egypt.
    state = allied_war([1, 4])  # France first
    for unit in state.units:
        if unit.power == "ottoman":
            unit.location = "tripoli"
    [french] = [u for u in state.units if u.power == "france" and u.location == "syria"]
    move = {"type": "war_move", "power": "france", "unit": french.id, "to": "anatolia"}
    outcome = act(state, "france", move)
    conquered = [e.params for e in outcome.events if e.key == "pax.event.area_conquered"]
    assert conquered == [{"powers": ["france"], "area": "anatolia"}]
    assert the_war(outcome.state).conquered == {"anatolia": 1}
    [prompt] = PAX.prompts(outcome.state)
    assert (prompt.seat, prompt.kind) == ("germany", "war_manoeuvre")
    moves = {c.action["to"] for c in prompt.choices if c.action["type"] == "war_move"}
    assert moves == {"egypt"}
