"""The cessions after a crushed Chinese rebellion (§4.11.13): "If the claimants cannot
agree, nothing is ceded. Only players with units in China at the end of the rebellion must
agree."""

from __future__ import annotations

from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.autopilot import choose
from rulesets.pax_britannica.state import PaxState
from tests.pax_britannica.helpers import act, army, put
from tests.pax_britannica.test_rebellion import CALM, rising
from tests.pax_britannica.test_war_declarations import entered


def claimed() -> PaxState:
    """Britain crushes the rebels in Kwangtung and claims it; France, with an army in Tonkin
    and nothing left to claim, must agree too."""
    state = rising()
    army(state, "britain", "kwangtung", 10)
    army(state, "britain", "kwangtung", 10)
    put(state, "france", "tonkin", "influence")
    army(state, "france", "tonkin", 3)
    state = entered(state, [*CALM, 1, 2, 1]).state  # 9 against 20 (1:2), die 1: AE
    while PAX.prompts(state)[0].kind != "rebellion_cessions":
        [prompt] = PAX.prompts(state)
        if prompt.kind == "rebellion_claim":
            pick = next(c for c in prompt.choices if c.action["area"] == "kwangtung")
            state = act(state, prompt.seat, pick.instantiate()).state
        else:
            state = act(state, prompt.seat, prompt.choices[0].instantiate()).state
    assert state.cessions == {"britain": "kwangtung"}
    return state


def kwangtung(state: PaxState) -> list[tuple[str, str]]:
    return [(m.power, m.level) for m in state.markers if m.area == "kwangtung"]


def test_every_power_with_units_in_china_agrees_and_the_area_is_ceded() -> None:
    state = claimed()
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("britain", "rebellion_cessions")
    assert prompt.text.params["claims"] == {"britain": "kwangtung"}
    assert choose(PAX.prompts(state), state, "britain", 0)["accept"] is True  # the default
    state = act(state, "britain", prompt.choices[0].instantiate()).state
    [prompt] = PAX.prompts(state)
    outcome = act(state, "france", prompt.choices[0].instantiate())
    assert ("britain", "possession") in kwangtung(outcome.state)
    assert outcome.state.phase != "rebellion_cessions"


def test_a_claimant_who_refuses_leaves_everything_unceded() -> None:
    state = claimed()
    state = act(
        state, "britain", {"type": "agree_cessions", "power": "britain", "accept": True}
    ).state
    outcome = act(state, "france", {"type": "agree_cessions", "power": "france", "accept": False})
    assert "pax.event.cessions_refused" in [e.key for e in outcome.events]
    assert ("britain", "possession") not in kwangtung(outcome.state)
