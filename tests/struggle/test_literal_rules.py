"""Issue 14: where the French text is literal, the literal reading is the default and the
spec's interpretation an option. Each test quotes the sentence it plays."""

from __future__ import annotations

from typing import Any

from rulesets.struggle import STRUGGLE
from rulesets.struggle.state import StruggleState
from tests.struggle.helpers import (
    auction_scenario,
    first,
    give,
    keys,
    pending_kind,
    put,
    run,
    scenario,
)


def attack(state: StruggleState, region: str, target: str, kind: str = "player") -> Any:
    return run(
        state,
        ("GBR", {"type": "attack"}),
        ("GBR", {"type": "choose_region", "region": region}),
        ("GBR", {"type": "choose_target", "kind": kind, "target": target}),
    )


def answer(state: StruggleState, seat: str, question: str, yes: bool) -> Any:
    return run(state, (seat, {"type": "answer", "question": question, "yes": yes}))


def lost(events: list[Any]) -> list[tuple[str, str]]:
    return sorted((e.params["power"], e.params["unit"]) for e in events if e.key == "soe.unit_lost")


def ship_only_attack(dice: list[int], **options: Any) -> tuple[StruggleState, list[Any]]:
    state = scenario(["GBR"], ["FRA"], **options)
    put(state, "CAR", "GBR", fleets=1)
    put(state, "CAR", "FRA", armies=1, tokens=1)
    state, _ = attack(state, "CAR", "FRA")
    dice += [3, 3, 3, 3]  # 0 for Britain, 1 army + 1 naval support for France
    return answer(state, "GBR", "naval_fight", False)


def test_the_loser_of_a_land_fight_loses_a_ship_when_it_has_no_army(dice: list[int]) -> None:
    # « Le perdant du combat doit éliminer l'une de ses unités. »
    state, events = ship_only_attack(dice)
    assert lost(events) == [("GBR", "fleet")]
    assert state.regions["CAR"].fleets == {}


def test_option_only_armies_die_on_land(dice: list[int]) -> None:
    state, events = ship_only_attack(dice, land_losses_armies_only=True)
    assert lost(events) == [] and state.regions["CAR"].fleets == {"GBR": 1}


def test_a_natural_seven_costs_a_unit_in_the_region_a_ship_if_no_army(dice: list[int]) -> None:
    # « sur un jet de dé d'un 7 naturel, le joueur perd une unité supplémentaire dans la
    # région concernée »
    state = scenario(["GBR"], ["FRA"])
    put(state, "CAR", "GBR", fleets=1)
    put(state, "CAR", "FRA", armies=1, tokens=1)
    state, _ = attack(state, "CAR", "FRA")
    state, _ = answer(state, "GBR", "naval_fight", True)
    dice += [3, 4, 2, 2]  # Britain 1 support + 1 = 2 with a natural 7; France 1
    state, events = answer(state, "FRA", "naval_fight", False)
    assert lost(events) == [("FRA", "army"), ("GBR", "fleet")]
    assert state.regions["CAR"].control == {"GBR": 1}


def naval_win_with_a_seven(dice: list[int], **options: Any) -> list[Any]:
    state = scenario(["GBR"], ["FRA"], **options)
    put(state, "CAR", "GBR", fleets=1)
    put(state, "CAR", "FRA", fleets=1, tokens=1)
    state, _ = attack(state, "CAR", "FRA")
    state, _ = answer(state, "GBR", "naval_fight", True)
    # At sea Britain 1 + 1 (a natural 7) beats France 1 + 0: both fleets sink.
    dice += [3, 4, 2, 2, 3, 3, 3, 3]
    _, events = answer(state, "FRA", "naval_fight", True)
    return events


def test_the_naval_winner_has_support_even_with_no_ship_left(dice: list[int]) -> None:
    # « Si le combat était naval, alors le gagnant bénéficiera du soutien naval dans le
    # combat terrestre qui va suivre. »
    events = naval_win_with_a_seven(dice)
    assert lost(events) == [("FRA", "fleet"), ("GBR", "fleet")]
    assert first(events, "soe.naval_support").params["side"] == "attacker"


def test_option_naval_support_needs_a_ship_after_the_losses(dice: list[int]) -> None:
    events = naval_win_with_a_seven(dice, naval_support_needs_ship=True)
    assert "soe.naval_support_none" in keys(events)


def test_a_declined_naval_fight_gives_support_to_a_side_without_ships(dice: list[int]) -> None:
    # « S'il décline le combat, alors le défenseur obtient le bonus de soutien naval »
    state = scenario(["GBR"], ["FRA"])
    put(state, "CAR", "GBR", fleets=1, armies=1)
    put(state, "CAR", "FRA", armies=1, tokens=1)
    state, _ = attack(state, "CAR", "FRA")
    dice += [3, 3, 3, 3]
    state, events = answer(state, "GBR", "naval_fight", False)
    assert first(events, "soe.naval_support").params["side"] == "defender"
    assert first(events, "soe.combat_result").params["winner"] == "FRA"


def test_against_a_neutral_naval_support_still_needs_a_ship(dice: list[int]) -> None:
    # « elle laisse toujours à l'attaquant le bénéfice du soutien naval, pour peu que
    # celui-ci possède un navire dans la région »
    state = scenario(["GBR"], ["FRA"])
    put(state, "CAR", "GBR", armies=1)
    state.regions["CAR"].markers = ["CAR-1"]
    dice += [3, 3, 3, 3]
    _, events = attack(state, "CAR", "CAR-1", kind="neutral")
    total = first(events, "soe.combat_total").params
    assert total["who"] == "GBR" and total["support"] == 0


def reserve_attack(state: StruggleState, dice: list[int]) -> StruggleState:
    put(state, "GER", "GBR", armies=1)
    put(state, "GER", "FRA", armies=1, tokens=1)
    dice += [6, 1, 3, 3]
    state, _ = attack(state, "GER", "FRA")
    assert pending_kind(state) == ("FRA", "use_reserve")
    dice += [3, 3, 3, 3]
    state, _ = answer(state, "FRA", "reserve", True)
    return state


def test_a_reserve_serves_in_every_combat(dice: list[int]) -> None:
    # « Il n'y a pas de limite au nombre de tuiles de ce type utilisées lors d'un même
    # combat » — and, unlike the War Office, no « par Guerre » in its text.
    state = scenario(["GBR"], ["FRA"])
    give(state, "FRA", "reserve")
    state = reserve_attack(state, dice)
    state.turn.actions_left = 2
    state = reserve_attack(state, dice)
    assert not state.powers["FRA"].tiles[0].used


def test_two_reserves_give_two_rerolls_in_one_combat(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    give(state, "FRA", "reserve", "reserve")
    state = reserve_attack(state, dice)
    assert pending_kind(state) == ("FRA", "use_reserve")
    dice += [3, 3, 3, 3]
    state, events = answer(state, "FRA", "reserve", True)
    assert keys(events).count("soe.reserve_used") == 1 and state.combat is None


def test_option_a_reserve_once_per_war(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"], reserve_once_per_war=True)
    give(state, "FRA", "reserve")
    state = reserve_attack(state, dice)
    assert state.powers["FRA"].tiles[0].used
    put(state, "GER", "GBR", armies=1)
    dice += [6, 1, 3, 3]
    state, _ = attack(state, "GER", "FRA")
    assert pending_kind(state) != ("FRA", "use_reserve")


def natives_twice(**options: Any) -> list[str]:
    """Raise natives in round 1, then look at the menu of round 2."""
    state = scenario(["GBR"], ["FRA"], **options)
    give(state, "GBR", "trained_natives")
    put(state, "CAR", "GBR", tokens=1)
    state, _ = run(
        state,
        ("GBR", {"type": "use_tile", "tile": "trained_natives"}),
        ("GBR", {"type": "choose_region", "region": "CAR"}),
        ("GBR", {"type": "done"}),
        ("GBR", {"type": "end_turn"}),
        ("FRA", {"type": "end_turn"}),
    )
    menu = [c.action for c in STRUGGLE.prompts(state)[0].choices]
    return [a["tile"] for a in menu if a["type"] == "use_tile"]


def test_trained_natives_serve_again_the_next_round() -> None:
    # « Vous pouvez construire une unité d'armée sans payer de point de Population et la
    # placer directement dans une région coloniale » — no « par Guerre » here.
    assert natives_twice() == ["trained_natives"]
    assert natives_twice(natives_once_per_war=True) == []


def test_a_unit_lost_at_sea_gives_no_unrest_by_default(dice: list[int]) -> None:
    # The text's sources of unrest: « en prenant de l'argent à la banque, en achetant une
    # tuile Industrie, ou ... » a unit lost in combat; a shipwreck is not among them.
    state = scenario(["GBR"], ["FRA"])
    dice += [1, 1]
    state, _ = run(
        state,
        ("GBR", {"type": "build", "unit": "fleet"}),
        ("GBR", {"type": "choose_region", "region": "IND"}),
    )
    assert state.powers["GBR"].unrest == 0


def test_government_reform_at_no_unrest_is_kept_and_nobody_else_learns_it() -> None:
    # « Écartez de votre stock 2 points d'Insatisfaction lorsque vous utilisez cette tuile »
    state = scenario(["GBR"], ["FRA"])
    give(state, "GBR", "government_reform")
    state, events = run(state, ("GBR", {"type": "use_tile", "tile": "government_reform"}))
    assert [t.tile for t in state.powers["GBR"].tiles] == ["government_reform"]
    assert [e.key for e in events if e.is_public] == []
    assert first(events, "soe.reform_kept").visible_to == ["GBR"]
    state.powers["GBR"].unrest = 3
    state, events = run(state, ("GBR", {"type": "use_tile", "tile": "government_reform"}))
    assert state.powers["GBR"].unrest == 1 and state.powers["GBR"].tiles == []
    assert "soe.tile_used" in keys(events)


def menu_tiles(state: StruggleState) -> list[str]:
    choices = STRUGGLE.prompts(state)[0].choices
    return [c.action["tile"] for c in choices if c.action["type"] == "use_tile"]


def test_a_commerce_tile_is_offered_only_where_it_pays() -> None:
    state = scenario(["GBR"], ["FRA"])
    give(state, "GBR", "east_indies_company")
    assert menu_tiles(state) == []
    put(state, "EIN", "GBR", tokens=2)
    assert menu_tiles(state) == ["east_indies_company"]
    state, events = run(state, ("GBR", {"type": "use_tile", "tile": "east_indies_company"}))
    assert first(events, "soe.gold_gained").params["gold"] == 2  # the only paying region


def test_an_empty_token_supply_is_reported() -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "GBR", tokens=40)
    state.regions["CAR"].markers = ["CAR-2"]  # a Pop marker
    state, events = run(state, ("GBR", {"type": "colonise", "marker": "CAR-2"}))
    assert first(events, "soe.no_token_left").params == {"power": "GBR", "region": "CAR"}


def test_the_bid_ceiling_is_what_borrowing_allows() -> None:
    # « Les joueurs ne peuvent jamais être à court d'argent ... il prend l'argent manquant à
    # la banque (un multiple de 2). Pour chaque paire de pièces prise, il reçoit également un
    # marqueur d'insatisfaction. » The ceiling stops short of a revolution from no unrest.
    state = auction_scenario(["GBR", "FRA", "PRU"], opener="GBR")
    bid = next(c for c in STRUGGLE.prompts(state)[0].choices if c.kind == "bid")
    assert bid.ranges["amount"].high == 10 + 2 * 20
    give(state, "GBR", "banking")
    bid = next(c for c in STRUGGLE.prompts(state)[0].choices if c.kind == "bid")
    assert bid.ranges["amount"].high == 10 + 3 * 20


def test_gold_may_be_offered_to_allies_once_the_attack_is_paid(dice: list[int]) -> None:
    # « Ces discussions interviennent après que l'attaque a été déclarée et payée, mais avant
    # que les dés n'aient été jetés ... seul l'Or peut être proposé pour persuader un joueur
    # d'en aider un autre. »
    state = scenario(["GBR", "PRU"], ["FRA", "AUS"])
    put(state, "GER", "GBR", armies=1)
    put(state, "GER", "PRU", armies=2)
    put(state, "GER", "FRA", armies=1, tokens=1)
    state, events = attack(state, "GER", "FRA")
    assert "soe.gold_window" in keys(events) and state.powers["GBR"].gold == 8  # paid
    offers = STRUGGLE.prompts(state)
    assert {p.seat for p in offers} == {"GBR", "PRU", "FRA", "AUS"}
    assert all(p.kind == "gold_offer" and p.simultaneous for p in offers)
    assert offers[0].choices[0].action == {"type": "done"}  # a missed deadline gives nothing
    state, _ = run(
        state,
        ("GBR", {"type": "give_gold", "to": "PRU", "amount": 3}),
        ("FRA", {"type": "done"}),
        ("AUS", {"type": "give_gold", "to": "PRU", "amount": 1}),
        ("PRU", {"type": "done"}),
    )
    assert state.powers["PRU"].gold == 14 and state.powers["GBR"].gold == 5
    assert pending_kind(state) == ("PRU", "support_attack")
    dice += [3, 3, 3, 3]
    state, _ = run(state, ("PRU", {"type": "support", "naval": 0, "land": 2}))
    assert state.combat is None


def test_no_gold_window_when_nobody_can_be_asked_or_under_the_option() -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "GBR", armies=1)
    put(state, "GER", "FRA", armies=1, tokens=1)
    state, events = attack(state, "GER", "FRA")
    assert "soe.gold_window" not in keys(events)
    state = scenario(["GBR", "PRU"], ["FRA"], gold_offers_in_combat=False)
    put(state, "GER", "GBR", armies=1)
    put(state, "GER", "PRU", armies=1)
    put(state, "GER", "FRA", tokens=1)
    state, _ = attack(state, "GER", "FRA")
    assert pending_kind(state) == ("PRU", "support_attack")


def test_a_defeated_defender_chooses_which_of_its_units_to_lose(dice: list[int]) -> None:
    # « Le perdant du combat doit éliminer l'une de ses unités. »
    state = scenario(["GBR"], ["FRA"])
    put(state, "CAR", "GBR", armies=3)
    put(state, "CAR", "FRA", armies=1, fleets=1, tokens=1)
    state, _ = attack(state, "CAR", "FRA")
    dice += [5, 1, 3, 3]  # Britain 3 + 4 = 7 against France 1 + 1 (naval support) + 0
    state, _ = answer(state, "GBR", "naval_fight", False)
    assert pending_kind(state) == ("FRA", "choose_casualty")
    options = [c.action["unit"] for c in STRUGGLE.prompts(state)[0].choices]
    assert options == ["army", "fleet"]
    state, events = run(state, ("FRA", {"type": "casualty", "power": "FRA", "unit": "fleet"}))
    assert lost(events) == [("FRA", "fleet")] and state.regions["CAR"].armies["FRA"] == 1
