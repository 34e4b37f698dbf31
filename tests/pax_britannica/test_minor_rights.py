"""A major defending a minor's rights (§4.3.4): "Any other major ... may announce that it
defends the minor's rights. A Congress must then be called"; "If the Congress rules against
the major and the major defies it, the minor declares war on the major, and every power
that declared support for the minor must also declare war on the major. A supporter that
fails to do so loses 5 VP automatically and ET rises by 3"."""

from __future__ import annotations

from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.state import PaxState
from tests.pax_britannica.helpers import act
from tests.pax_britannica.test_congress import at_congress, choose, to_debates


def wronged_spain() -> PaxState:
    """Britain's protectorate in Egypt wronged Spain's influence there (Spain's casus
    belli); every seat has ended negotiating."""
    state = at_congress(4, wronged="spain")
    assert state.phase == "congress"
    return state


def test_every_other_player_is_asked_and_nobody_defending_skips_the_congress() -> None:
    state = wronged_spain()
    asked = []
    while state.phase == "congress":
        [prompt] = PAX.prompts(state)
        assert prompt.kind == "minor_defence"
        asked.append(prompt.seat)
        assert [c.action["defend"] for c in prompt.choices] == [False, True]
        state = act(state, prompt.seat, prompt.choices[0].instantiate(), [6, 6, 6]).state
    assert asked == ["france", "germany", "usa"]  # never Britain, the wrongdoer
    assert not [e for e in state.tension_log if e.reason == "congress"]


def defied() -> PaxState:
    """France defends Spain; the Congress it must call rules for Spain and Britain defies it."""
    state = wronged_spain()
    state = choose(state, "france", defend=True)
    state = choose(state, "germany", defend=False)
    state = choose(state, "usa", defend=False)
    [call] = PAX.prompts(state)
    assert call.seat == "france" and "" not in [c.action["site"] for c in call.choices]
    state = to_debates(choose(state, "france", site="germany"))
    state = choose(state, "france", favoured="spain")
    for seat, approve in (("britain", False), ("france", True), ("germany", True)):
        state = choose(state, seat, approve=approve)
    state = choose(state, "britain", sign=False)
    assert state.minor_defences[0].bound
    while PAX.prompts(state)[0].kind == "congress_war":  # nobody at once (§4.9 step 7)
        [prompt] = PAX.prompts(state)
        state = act(state, prompt.seat, prompt.choices[0].instantiate(), [6, 6, 6]).state
    return state


def test_the_defender_who_declares_war_brings_the_minor_in() -> None:
    state = defied()
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("france", "war_declaration")
    declare = {"type": "declare_war", "power": "france", "target": "britain", "area": "egypt"}
    outcome = act(state, "france", declare, [6, 6, 6])
    joined = [e.params for e in outcome.events if e.key == "pax.event.minor_joins_war"]
    assert joined == [{"minor": "spain", "power": "france", "target": "britain"}]
    assert "pax.event.minor_abandoned" not in [e.key for e in outcome.events]


def test_a_defender_who_does_not_go_to_war_loses_5_vp_and_raises_tension() -> None:
    state = defied()
    events = []
    while state.phase == "war_declarations":
        [prompt] = PAX.prompts(state)
        outcome = act(state, prompt.seat, prompt.choices[0].instantiate(), [6, 6, 6])
        state, events = outcome.state, events + outcome.events
    [abandoned] = [e.params for e in events if e.key == "pax.event.minor_abandoned"]
    assert abandoned == {"power": "france", "minor": "spain", "vp": 5, "tension": 3}
    assert [e.power for e in state.tension_log if e.reason == "minor_abandoned"] == ["france"]
