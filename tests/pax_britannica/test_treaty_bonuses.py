"""Treaty VP bonuses (§4.8 "some VP bonuses are earned during play through treaties",
§4.15.1 line 25; French text: « les traités [...] sont obtenus durant le tour de jeu »,
and secrecy « peut être intéressant dans les traités d'alliance de défense dont certains
joueurs ont besoin pour gagner des bonis »): the reconstructed list, a moderator's
replacement, the award at the close of the Negotiation phase, and the secret ones."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from bot.i18n import render
from rulesets.core import Event, IllegalAction
from rulesets.pax_britannica import PAX, diplomacy, treaty_bonuses
from rulesets.pax_britannica.data import (
    check_treaty_bonuses,
    default_data,
    parse_data,
    shipped_raw,
    table_status,
)
from rulesets.pax_britannica.state import PaxState, Treaty
from tests.pax_britannica.helpers import act, context, new_game, put
from tests.pax_britannica.test_treaties import answer, end_all, negotiating, offer, public
from tests.pax_britannica.test_war_declarations import give_cb


def bonus(**changes: Any) -> dict[str, Any]:
    """One bonus line as a moderator's file writes it (printed values: `rules`)."""
    record: dict[str, Any] = {
        "id": "test_bonus",
        "powers": ["britain"],
        "kinds": ["defensive"],
        "partners": ["usa"],
        "secret_counts": False,
        "vp": 3,
        "when": "each_turn",
    }
    record.update(changes)
    fields = [name for name in record if name != "id"]
    return {**record, "provenance": dict.fromkeys(fields, "rules")}


def with_bonuses(bonuses: list[dict[str, Any]]) -> dict[str, Any]:
    raw = shipped_raw()
    raw["treaty_bonuses"] = bonuses
    return raw


def refusal(raw: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(IllegalAction) as caught:
        PAX.validate_data(raw)
    assert caught.value.key == "core.error.bad_data"
    return str(caught.value.params["field"]), str(caught.value.params["reason"])


def line25(state: PaxState, power: str) -> int:
    return state.powers[power].record.get("25", 0)


def signed(state: PaxState, kind: str, parties: list[str], secret: bool) -> PaxState:
    """A treaty in force, as if signed in an earlier Negotiation phase."""
    treaty_id = state.next_treaty
    state.next_treaty += 1
    state.treaties.append(
        Treaty(id=treaty_id, kind=kind, parties=parties, secret=secret, turn=state.turn)
    )
    return state


def awarded(state: PaxState) -> tuple[PaxState, list[Event]]:
    ctx = context(state)
    treaty_bonuses.award(ctx)
    return ctx.state, ctx.events


# -- the data ---------------------------------------------------------------------------


def test_the_shipped_list_is_a_reconstruction_of_the_alliances_of_the_period() -> None:
    data = check_treaty_bonuses(default_data())
    by_id = {b.id: b for b in data.treaty_bonuses}
    assert {"franco_russian_alliance", "triple_alliance", "anglo_japanese_alliance"} <= set(by_id)
    franco_russian = by_id["franco_russian_alliance"]
    assert franco_russian.powers == ["france", "russia"] and franco_russian.secret_counts
    assert "defensive" in franco_russian.kinds and franco_russian.when == "each_turn"
    assert not by_id["anglo_japanese_alliance"].secret_counts  # a published alliance
    for record in shipped_raw()["treaty_bonuses"]:
        fields = set(record) - {"id", "provenance"}
        assert fields == set(record["provenance"])
        assert set(record["provenance"].values()) == {"reconstructed"}, record["id"]
    assert table_status(data)["treaty_bonuses"] == "provisional"


def test_a_moderators_file_replaces_the_list_or_empties_it() -> None:
    raw = with_bonuses([bonus(), bonus(id="other", powers=["usa"], partners=[], vp=1)])
    PAX.validate_data(raw)
    data = parse_data(raw)
    assert [(b.id, b.vp, b.partners) for b in data.treaty_bonuses] == [
        ("test_bonus", 3, ["usa"]),
        ("other", 1, []),
    ]
    assert data.treaty_bonuses[0].provenance["vp"] == "rules"
    assert table_status(data)["treaty_bonuses"] == "loaded"
    emptied = with_bonuses([])
    PAX.validate_data(emptied)
    assert parse_data(emptied).treaty_bonuses == []
    without = shipped_raw()
    del without["treaty_bonuses"]  # a transcription made before the list existed
    PAX.validate_data(without)
    assert parse_data(without).treaty_bonuses == []


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        ({"powers": ["prussia"]}, "treaty_bonuses.0.powers", "prussia is not a known power"),
        ({"partners": ["ruritania"]}, "treaty_bonuses.0.partners", "not a known power"),
        ({"partners": ["spain"]}, "treaty_bonuses.0.partners", "spain never sits at the table"),
        ({"partners": ["britain"]}, "treaty_bonuses.0.partners", "a partner besides itself"),
        ({"kinds": ["alliance"]}, "treaty_bonuses.0.kinds.0", "'defensive'"),
        ({"kinds": []}, "treaty_bonuses.0.kinds", "at least 1"),
        ({"vp": 0}, "treaty_bonuses.0.vp", "greater than or equal to 1"),
        ({"when": "at_the_end"}, "treaty_bonuses.0.when", "'each_turn'"),
    ],
)
def test_a_bad_bonus_line_is_refused_with_the_field_and_the_reason(
    change: dict[str, Any], field: str, reason: str
) -> None:
    found_field, found_reason = refusal(with_bonuses([bonus(**change)]))
    assert found_field == field and reason in found_reason


def test_a_refusal_is_a_sentence_and_a_twice_listed_or_unsourced_line_is_refused() -> None:
    with pytest.raises(IllegalAction) as caught:
        PAX.validate_data(with_bonuses([bonus(powers=["prussia"])]))
    assert render(caught.value.msg, "en") == (
        "The data file is refused: treaty_bonuses.0.powers: prussia is not a known power."
    )
    assert refusal(with_bonuses([bonus(), bonus()])) == (
        "treaty_bonuses.1",
        "test_bonus appears twice",
    )
    unsourced = bonus()
    del unsourced["provenance"]["vp"]
    field, reason = refusal(with_bonuses([unsourced]))
    assert field.startswith("treaty_bonuses.0") and "provenance" in reason


# -- the award --------------------------------------------------------------------------


def test_a_public_alliance_earns_its_bonus_at_the_close_of_negotiation() -> None:
    # The shipped Entente cordiale: Britain and France, a public non-aggression pact or
    # defensive alliance, 4 VP once each; signed in the phase, earned at its close.
    state = negotiating()
    state = offer(state, "britain", "france", "non_aggression", False)
    state, _ = answer(state, "france", accept=True)
    assert line25(state, "britain") == 0
    state, events = end_all(state)
    told = [e for e in events if e.key == "pax.event.treaty_bonus"]
    assert [(e.params["power"], e.params["vp"], e.visible_to) for e in told] == [
        ("britain", 4, None),
        ("france", 4, None),
    ]
    assert told[0].params["partners"] == ["france"]
    assert told[0].params["kind"] == "pax_treaty_non_aggression"
    assert render(told[0], "en") == (
        "Treaty bonus: Great Britain earns 4 VP on line 25 for a non-aggression pact with France."
    )
    assert render(told[1], "fr") == (
        "Bonus de traité de la France : +4 PV à la ligne 25, pour un pacte de "
        "non-agression avec la Grande-Bretagne."
    )
    assert line25(state, "britain") == 4 and line25(state, "france") == 4
    assert line25(state, "germany") == 0 and line25(state, "usa") == 0
    assert state.treaty_bonuses_earned == ["entente_cordiale/britain", "entente_cordiale/france"]
    state, again = awarded(state)  # a once-only bonus: nothing at the next close
    assert again == [] and line25(state, "britain") == 4


def test_a_bonus_earned_each_turn_comes_back_and_stops_with_the_treaty() -> None:
    state = signed(new_game(7, war_declarations=True), "defensive", ["france", "russia"], False)
    state.powers["france"].record["25"] = 15  # the first canal, earlier this turn
    state, _ = awarded(state)
    state, _ = awarded(state)
    assert line25(state, "france") == 15 + 2 + 2 and line25(state, "russia") == 4
    state.treaties = []  # broken or voided
    state, events = awarded(state)
    assert events == [] and line25(state, "russia") == 4


def test_the_triple_alliance_counts_germanys_own_austria_hungary_as_bound() -> None:
    # Germany's player signs for Austria-Hungary (§4.8), so Germany needs Italy alone;
    # Italy needs both Germany and Austria-Hungary.
    state = signed(new_game(7, war_declarations=True), "defensive", ["germany", "italy"], False)
    state, events = awarded(state)
    assert [e.params["power"] for e in events] == ["germany"]
    state = signed(state, "defensive", ["austria_hungary", "italy"], False)
    state, events = awarded(state)
    italy = [e for e in events if e.params["power"] == "italy"]
    assert italy[0].params["partners"] == ["germany", "austria_hungary"]
    assert line25(state, "italy") == 2 and line25(state, "germany") == 4


def test_a_secret_treaty_counts_only_where_the_list_says_so() -> None:
    # The Entente was published: a secret non-aggression pact earns nothing.
    state = signed(
        new_game(4, war_declarations=True), "non_aggression", ["britain", "france"], True
    )
    state, events = awarded(state)
    assert events == [] and line25(state, "britain") == 0


def test_a_moderators_empty_list_gives_no_bonus() -> None:
    state = new_game(7, data=with_bonuses([]), war_declarations=True)
    state = signed(state, "defensive", ["france", "russia"], False)
    state, events = awarded(state)
    assert events == [] and line25(state, "france") == 0


def test_a_moderators_bonus_for_any_partner_is_earned_with_anyone() -> None:
    raw = with_bonuses([bonus(powers=["usa"], partners=[], kinds=["offensive"], vp=5)])
    state = signed(
        new_game(4, data=raw, war_declarations=True), "offensive", ["usa", "france"], False
    )
    state, events = awarded(state)
    assert [(e.params["power"], e.params["partners"]) for e in events] == [("usa", ["france"])]
    assert line25(state, "usa") == 5


def test_a_bonus_earned_through_treaties_of_two_kinds_names_them_as_treaties() -> None:
    line = bonus(partners=["france", "usa"], kinds=["defensive", "non_aggression"], vp=2)
    state = new_game(4, data=with_bonuses([line]), war_declarations=True)
    state = signed(state, "defensive", ["britain", "france"], False)
    state, events = awarded(state)
    assert events == []  # the USA is not bound yet
    state = signed(state, "non_aggression", ["usa", "britain"], False)
    state, [told] = awarded(state)
    assert render(told, "en") == (
        "Treaty bonus: Great Britain earns 2 VP on line 25 for treaties with France, "
        "the United States."
    )
    assert render(told, "fr").endswith("pour des traités avec la France, les États-Unis.")


def test_without_war_declarations_there_is_no_negotiation_and_no_bonus() -> None:
    state = signed(new_game(7, war_declarations=False), "defensive", ["france", "russia"], False)
    state.phase = "diplomacy"
    ctx = context(state, [6] * 12)
    diplomacy.enter(ctx)
    assert not any(e.key.startswith("pax.event.treaty_bonus") for e in ctx.events)
    assert line25(ctx.state, "france") == 0


# -- secrecy ----------------------------------------------------------------------------


def public_face(state: PaxState, viewer: str | None) -> dict[str, Any]:
    """What `viewer` sees, line 25 (public, as on the paper record sheet) left out."""
    view = copy.deepcopy(PAX.view(state, viewer))
    for standing in view["powers"].values():
        standing["record"].pop("25", None)
    view.pop("you", None)
    return view


def closed(secret_alliance: bool) -> tuple[PaxState, list[Event]]:
    """A Negotiation phase of 7 players closed, with France and Russia's secret alliance
    or without; Britain's casus belli over Egypt holds the game at the Congress."""
    state = negotiating(7)
    put(state, "britain", "egypt", "protectorate")
    put(state, "germany", "egypt", "influence")
    give_cb(state, "germany", "britain", "egypt")
    if secret_alliance:
        state = offer(state, "france", "russia", "defensive", True)
        state, _ = answer(state, "russia", accept=True)
    events: list[Event] = []
    for seat in state.seats:
        outcome = act(state, seat, {"type": "end_negotiation"})
        state, events = outcome.state, events + outcome.events
    assert state.phase == "congress"
    return state, events


def test_a_secret_alliance_earns_its_bonus_told_to_its_parties_alone() -> None:
    # The shipped Franco-Russian alliance counts when secret (2 VP a turn each).
    state, events = closed(secret_alliance=True)
    told = [e for e in events if e.key == "pax.event.treaty_bonus_secret"]
    assert [(e.params["power"], e.visible_to) for e in told] == [
        ("france", ["france", "russia"]),
        ("russia", ["france", "russia"]),
    ]
    assert render(told[1], "en").startswith(
        "Secret treaty bonus, told to its signatories only: Russia earns 2 VP on line 25 "
        "for a defensive alliance with France."
    )
    assert line25(state, "france") == 2 and line25(state, "russia") == 2
    # Every public event and every view of a non-party is as it would be without the
    # treaty: only the line 25 totals differ (public, as on the paper record sheet).
    control, control_events = closed(secret_alliance=False)
    assert [(e.key, e.params) for e in public(events)] == [
        (e.key, e.params) for e in public(control_events)
    ]
    assert "pax.event.negotiation_closes" in [e.key for e in public(events)]
    for viewer in (None, "britain", "germany", "italy"):
        assert public_face(state, viewer) == public_face(control, viewer)
        text = json.dumps(PAX.view(state, viewer)["powers"])
        assert "treaty" not in text and "franco_russian" not in text
    assert PAX.view(state, "russia")["treaties"][0]["secret"] is True
    assert not any(
        word in json.dumps([e.key, e.params])
        for e in public(events)
        for word in ("treaty_bonus", "defensive", "franco_russian")
    )
