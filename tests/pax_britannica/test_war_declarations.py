"""Declarations of war (§4.11.4) and the Great War (§4.11.5, §4.12), behind the campaign
option `war_declarations`; the war sequence that follows is in test_war.py."""

from __future__ import annotations

from bot.i18n import render
from bot.i18n.labels import choice_label
from rulesets.core import StepContext
from rulesets.pax_britannica import PAX, diplomacy, ottoman_sides, random_events
from rulesets.pax_britannica.actions import OttomanSide
from rulesets.pax_britannica.conflicts import after_negotiation
from rulesets.pax_britannica.state import CasusBelli, PaxState
from rulesets.pax_britannica.wars import declare_war
from tests.pax_britannica.helpers import act, cleared, context, keys, put

PENALTY_1880 = 20  # the first box of the provisional turn record track


def at_war_phase(players: int = 4, **options: object) -> PaxState:
    state = cleared(players, war_declarations=True, **options)
    state.phase = "diplomacy"
    return state


def give_cb(state: PaxState, holder: str, target: str, area: str) -> None:
    state.casus_belli.append(CasusBelli(holder=holder, target=target, area=area, turn=0))


def entered(state: PaxState, dice: list[int] | None = None) -> StepContext[PaxState]:
    """The diplomacy seam entered, and with the wars on, a Negotiation phase in which
    every seat ends at once (test_treaties.py plays it), and nobody takes a side in an
    Ottoman war (test_ottoman_sides.py plays that)."""
    ctx = context(state, dice or [6, 6])
    diplomacy.enter(ctx)
    if ctx.state.phase == "negotiation":
        ctx.state.negotiation_done = list(ctx.state.seats)
        after_negotiation(ctx)
    while ctx.state.phase == "ottoman_sides":  # every player stays out of the Ottoman war
        [prompt] = PAX.prompts(ctx.state)
        ottoman_sides.on_side(ctx, prompt.seat, OttomanSide(power=prompt.seat, side="none"))
    return ctx


def test_the_option_is_on_by_default_and_opens_the_negotiation_phase() -> None:
    state = cleared()
    assert state.options["war_declarations"] is True
    state.phase = "diplomacy"
    ctx = context(state, [6, 6])
    diplomacy.enter(ctx)
    assert ctx.state.phase == "negotiation"


def test_without_the_option_a_casus_belli_lapses_with_no_question() -> None:
    # A group may play the peacetime game of issue 19 alone.
    state = cleared(war_declarations=False)
    state.phase = "diplomacy"
    give_cb(state, "france", "britain", "egypt")
    ctx = entered(state)
    assert ctx.state.turn == 1  # straight on to the next turn
    assert "pax.event.war_declared" not in [e.key for e in ctx.events]


def test_a_casus_belli_holder_is_asked_and_declining_costs_nothing() -> None:
    # §4.11.1: "players holding a CB may declare war"; declining lets the CB lapse.
    state = at_war_phase()
    give_cb(state, "france", "britain", "egypt")
    ctx = entered(state)
    [prompt] = PAX.prompts(ctx.state)
    assert (prompt.seat, prompt.kind) == ("france", "war_declaration")
    assert [c.kind for c in prompt.choices] == ["no_war", "declare_war"]
    assert prompt.choices[1].action["target"] == "britain"
    outcome = act(ctx.state, "france", {"type": "no_war", "power": "france"})
    assert outcome.state.turn == 1 and "pax.event.no_war" in keys(outcome)
    assert [e for e in outcome.state.tension_log if e.reason == "declaration"] == []


def test_a_declaration_raises_et_by_5_and_forms_the_sides() -> None:
    # §4.11.4: "Each declaration by a player raises ET by 5"; B need not declare back.
    state = at_war_phase()
    give_cb(state, "france", "britain", "egypt")
    ctx = entered(state)
    declared = {"type": "declare_war", "power": "france", "target": "britain", "area": "egypt"}
    outcome = act(ctx.state, "france", declared)
    [entry] = [e for e in outcome.state.tension_log if e.reason == "declaration"]
    assert (entry.amount, entry.turn, entry.power) == (5, 0, "france")
    assert "pax.event.war_declared" in keys(outcome)
    # No army abroad on either side: the war is over after one cycle (test_war.py).
    assert "pax.event.war_begins" in keys(outcome) and "pax.event.war_ends" in keys(outcome)
    assert outcome.state.turn == 1 and outcome.state.wars == []


def test_the_holder_that_went_to_war_keeps_its_marker_and_the_others_default() -> None:
    # A-26: "the markers of every CB holder that did not declare war over that CB are
    # removed"; the one that declared keeps its marker while the war runs (the war then
    # reduces the undecided area's markers to influence, §4.11.12, test_war.py).
    state = at_war_phase()
    put(state, "britain", "egypt", "protectorate")
    put(state, "france", "egypt", "influence")
    put(state, "germany", "egypt", "influence")
    give_cb(state, "france", "britain", "egypt")
    give_cb(state, "germany", "britain", "egypt")
    ctx = entered(state)
    declared = {"type": "declare_war", "power": "france", "target": "britain", "area": "egypt"}
    after = act(ctx.state, "france", declared).state
    after = act(after, "germany", {"type": "no_war", "power": "germany"}).state
    holders = {m.power for m in after.markers if m.area == "egypt"}
    assert holders == {"britain", "france"}


def test_an_attack_on_germany_brings_austria_hungary_in_and_counts_its_entry() -> None:
    # §4.11.4 A-H: "If someone declares war on Germany, A-H comes to Germany's aid";
    # its entry counts as a declaration for ET (+5) and for the Great War count.
    state = at_war_phase(players=5)
    ctx = context(state)
    assert declare_war(ctx, "france", "germany", "cameroon") is False
    [war] = state.wars
    assert war.sides == (["france"], ["germany", "austria_hungary"])
    assert state.tension == 10
    assert [e.key for e in ctx.events].count("pax.event.joins_in_defence") == 1


def test_germany_declaring_leaves_austria_hungary_neutral() -> None:
    # §4.11.4: "If Germany declares the war, A-H is not obliged to join".
    state = at_war_phase(players=5)
    ctx = context(state)
    declare_war(ctx, "germany", "france", "cameroon")
    assert state.wars[0].sides == (["germany"], ["france"]) and state.tension == 5


def test_a_fourth_great_european_power_makes_the_great_war_and_triples_the_culprits() -> None:
    # §4.11.5: 4 of GB, FRA, GER, A-H, ITA, RUS in one war; §4.12: the first to declare and
    # the fourth European power to declare are tripled, everyone else loses the penalty once.
    state = at_war_phase(players=7)
    ctx = context(state)
    assert declare_war(ctx, "britain", "france", "egypt") is False
    assert declare_war(ctx, "italy", "france", "tunisia") is False  # 3 of the 6
    assert declare_war(ctx, "russia", "britain", "persia") is True  # the 4th
    assert "pax.event.great_war_by_war" in [e.key for e in ctx.events]
    assert state.finished and state.great_war
    assert state.great_war_blame == ["britain", "russia"]
    assert state.final_record["russia"]["30"] == -3 * PENALTY_1880
    assert state.final_record["italy"]["30"] == -PENALTY_1880
    assert state.final_record["usa"]["30"] == -PENALTY_1880


def test_attacking_germany_is_already_two_of_the_four() -> None:
    # §4.11.5: "a declaration of war on Germany already involves two of the four"; A-H's
    # automatic entry never blames the German player (§4.12).
    state = at_war_phase(players=7)
    ctx = context(state)
    declare_war(ctx, "russia", "italy", "tripolitania")
    assert declare_war(ctx, "france", "germany", "cameroon") is False  # a separate war
    assert declare_war(ctx, "britain", "russia", "persia") is False  # 3 in the first war
    assert declare_war(ctx, "russia", "germany", "poland") is True  # merges: 6 greats
    assert "germany" not in state.great_war_blame


def test_in_a_4_player_game_britain_germany_and_france_at_war_are_the_great_war() -> None:
    # §4.11.5: "a war among GB, Germany and France is the Great War".
    state = at_war_phase(players=4)
    ctx = context(state)
    assert declare_war(ctx, "germany", "france", "cameroon") is False
    assert declare_war(ctx, "britain", "germany", "zanzibar") is True
    assert state.great_war_blame == ["britain", "germany"]


def test_a_declaration_that_brings_et_to_100_blames_it_and_the_first_declarer() -> None:
    # §4.12: "any player whose action raised ET to 100 or more" and "the first player to
    # declare war in a war during which ET reached 100": both are tripled.
    state = at_war_phase(players=5)
    ctx = context(state)
    declare_war(ctx, "usa", "japan", "hawaii")
    state.tension = 97
    assert declare_war(ctx, "britain", "japan", "korea") is True
    assert "pax.event.great_war" in [e.key for e in ctx.events]
    assert state.great_war_blame == ["britain", "usa"]


def test_et_at_100_in_the_middle_of_the_random_events_ends_the_game_there() -> None:
    # §4.12: the game ends "instantly, in the current phase"; later events are not drawn.
    state = cleared()
    state.tension = 98
    state.phase = "random_events"
    ctx = context(state, [2, 5, 3, 1, 1])  # two events: 5-3 naval race (+2 ET), then 1-1
    random_events.enter(ctx)
    assert state.finished and state.great_war and state.great_war_blame == []
    assert state.events_this_turn == ["53"]
    assert all(record["30"] == -PENALTY_1880 for record in state.final_record.values())


def test_the_declaration_prompt_and_its_events_read_as_sentences() -> None:
    # Every choice names what it acts on and what it costs, in English and in French.
    state = at_war_phase(players=5)
    put(state, "britain", "egypt", "protectorate")
    put(state, "france", "egypt", "influence")
    give_cb(state, "france", "britain", "egypt")
    give_cb(state, "france", "germany", "cameroon")
    ctx = entered(state)
    [prompt] = PAX.prompts(ctx.state)
    labels = {
        language: [choice_label("pax-britannica", c, language) for c in prompt.choices]
        for language in ("en", "fr")
    }
    assert labels["en"] == [
        "France declares no war this turn (its casus belli lapse)",
        "France declares war on Great Britain over Egypt (European Tension +5)",
        "France declares war on Germany over Cameroon (European Tension +5)",
    ]
    assert labels["fr"][1].startswith("France : déclarer la guerre (adversaire : Grande-Bretagne")
    declared = {"type": "declare_war", "power": "france", "target": "germany", "area": "cameroon"}
    outcome = act(ctx.state, "france", declared)
    for event in outcome.events:
        for language in ("en", "fr"):
            text = render(event, language)
            assert "pax." not in text and "{" not in text and "_" not in text, text
