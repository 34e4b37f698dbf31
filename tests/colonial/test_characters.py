"""The Characters, each with the text's worked example where it gives one (quoted by
section of the French rules) and a scenario per rule."""

from __future__ import annotations

from rulesets.colonial import COLONIAL
from rulesets.colonial.board import order
from rulesets.colonial.characters import exploration_target
from rulesets.colonial.upkeep import end_turn
from rulesets.core import StepContext, legal_prompts
from tests.colonial.helpers import acting, choices, kinds, new_game, play

# card_1 Explorer/Financier, card_2 Merchant/Scientist, card_3 Trader/Conqueror,
# card_4 Viceroy/Missionary, card_5 Governor/Rebel, card_6 Sovereign/Ambassador.


def test_12_discovery_of_america_west_indies_needs_4_with_seafaring_1() -> None:
    """§12: "aucun Territoire américain n'a été Exploré. Bleu tente les West Indies. Il a 1
    sur l'échelle Seafaring, donc il doit obtenir 4 au moins"."""
    state = acting(new_game(4), "col_blue", "card_1")
    state.players["col_blue"].tracks["seafaring"] = 1
    assert exploration_target(state, "col_blue", "west_indies") == 4
    after = play(state, "col_blue", {"type": "explorer", "target": "west_indies"}, dice=[4]).state
    # 1 for the Territory and 1 from the Discovery of America box; the +2 is gone.
    assert after.players["col_blue"].prestige == 2 and after.america_discovered
    assert after.discovery == 0 and after.territories["west_indies"].prestige == 0
    assert exploration_target(after, "col_red", "new_spain") == 3


def test_16_india_needs_3_with_seafaring_1_and_2_beside_persia() -> None:
    """§16: "Il choisit l'Inde (difficulté 4). Son Seafaring est 1, il doit donc obtenir 3 ou
    plus. S'il a un pion sur la Perse adjacente, il doit obtenir un 2 ou plus"."""
    state = acting(new_game(4), "col_red", "card_1")
    state.players["col_red"].tracks["seafaring"] = 1
    assert exploration_target(state, "col_red", "india") == 3
    state.territories["persia"].stacks[0] = ["col_red"]
    assert exploration_target(state, "col_red", "india") == 2


def test_16_india_explored_then_adventurers_place_treasury_and_unrest() -> None:
    """§16: "Rouge obtient 3 et réussit l'Exploration de l'Inde ... il place donc 1 Trésor sur
    une Ressource indienne et ajoute un Désordre sur l'Inde"."""
    state = acting(new_game(4), "col_red", "card_1")
    state.players["col_red"].tracks["seafaring"] = 1
    state.players["col_red"].treasury = 3
    state = play(state, "col_red", {"type": "explorer", "target": "india"}, dice=[3]).state
    assert state.phase == "explore_claim" and state.players["col_red"].prestige == 1
    # Tea and opium need Economy 6: only India's third Resource can take the Treasury.
    claims = [a for a in choices(state, "col_red") if a["type"] == "conquistadors"]
    assert [a["resource"] for a in claims] == [2]
    state = play(state, "col_red", {"type": "conquistadors", "resource": 2}).state
    india = state.territories["india"]
    assert india.stacks[2] == ["col_red"] and india.unrest == 1
    assert state.players["col_red"].treasury == 2


def test_a_failed_exploration_does_nothing_more() -> None:
    state = acting(new_game(4), "col_red", "card_1")
    state = play(state, "col_red", {"type": "explorer", "target": "india"}, dice=[3]).state
    assert state.territories["india"].prestige == 1 and state.players["col_red"].prestige == 0


def test_11_circumnavigation_takes_the_two_prestige_once() -> None:
    state = acting(new_game(4), "col_red", "card_1")
    state.players["col_red"].tracks["seafaring"] = 2
    assert exploration_target(state, "col_red", "circumnavigation") == 4
    state = play(
        state, "col_red", {"type": "explorer", "target": "circumnavigation"}, dice=[4]
    ).state
    assert state.players["col_red"].prestige == 2 and state.circumnavigation == 0
    state = acting(state, "col_blue", "card_1")
    assert {"type": "explorer", "target": "circumnavigation"} not in choices(state, "col_blue")


def test_australia_gives_both_its_prestige() -> None:
    state = acting(new_game(4), "col_red", "card_1")
    state = play(state, "col_red", {"type": "explorer", "target": "australia"}, dice=[6]).state
    assert state.players["col_red"].prestige == 0  # difficulty 7 cannot be reached at Seafaring 0
    state = acting(state, "col_red", "card_1")
    state.players["col_red"].tracks["seafaring"] = 3
    state = play(state, "col_red", {"type": "explorer", "target": "australia"}, dice=[4]).state
    assert state.players["col_red"].prestige == 2


def test_5_control_example_blue_takes_brazil_and_steps_left() -> None:
    """§5: "Rouge a 1 pion sur la Ressource du Brésil. Bleu utilise le Viceroy et place 2 pions
    sur le pion de Rouge ... Bleu prend le contrôle ... mais recule d'une case"."""
    state = acting(new_game(4), "col_blue", "card_4")
    for tid in ("brazil",):
        state.territories[tid].prestige = 0
    state.territories["brazil"].stacks[0] = ["col_red"]
    state.players["col_blue"].tracks["logistics"] = 1
    state.players["col_blue"].treasury = 5
    state = play(state, "col_blue", {"type": "viceroy", "territory": "brazil"}).state
    state = play(state, "col_blue", {"type": "place_counter", "resource": 0}).state
    assert state.step is not None and state.step.placed == [0]  # settled when all are down
    assert state.territories["brazil"].stacks[0] == ["col_red"]
    state = play(state, "col_blue", {"type": "place_counter", "resource": 0}).state
    assert state.territories["brazil"].stacks[0] == ["col_blue", "col_blue", "col_red"]
    assert state.players["col_blue"].diplomacy == 3 and state.players["col_blue"].treasury == 3


def test_a_tie_leaves_the_bottom_counter_in_control() -> None:
    state = acting(new_game(4), "col_blue", "card_4")
    state.territories["brazil"].prestige = 0
    state.territories["brazil"].stacks[0] = ["col_red"]
    state = play(state, "col_blue", {"type": "viceroy", "territory": "brazil"}).state
    state = play(state, "col_blue", {"type": "place_counter", "resource": 0}).state
    assert state.territories["brazil"].stacks[0] == ["col_red", "col_blue"]
    assert state.players["col_blue"].diplomacy == 4


def test_taking_a_free_resource_of_anothers_monopoly_costs_a_step_but_not_gold() -> None:
    state = acting(new_game(4), "col_blue", "card_4")
    for tid in ("canada", "wild_west", "california", "peru"):
        state.territories[tid].prestige = 0
    state.territories["canada"].stacks[0] = ["col_red"]  # red's brown Monopoly
    state.territories["california"].stacks[0] = ["col_red"]  # gold
    state = play(state, "col_blue", {"type": "viceroy", "territory": "wild_west"}).state
    state = play(state, "col_blue", {"type": "done"}).state
    assert state.players["col_blue"].diplomacy == 4  # nothing placed, nothing lost
    state = acting(state, "col_blue", "card_4")
    state = play(state, "col_blue", {"type": "viceroy", "territory": "wild_west"}).state
    state = play(state, "col_blue", {"type": "place_counter", "resource": 0}).state
    assert state.players["col_blue"].diplomacy == 3
    state = acting(state, "col_blue", "card_4")
    state = play(state, "col_blue", {"type": "viceroy", "territory": "peru"}).state
    state = play(state, "col_blue", {"type": "place_counter", "resource": 0}).state
    assert state.players["col_blue"].diplomacy == 3  # a gold Monopoly cannot be attacked


def test_the_viceroy_only_goes_to_explored_territories_not_anothers_colony() -> None:
    state = acting(new_game(4), "col_blue", "card_4")
    state.territories["brazil"].prestige = 0
    state.territories["peru"].prestige = 0
    state.territories["peru"].colony = "col_red"
    state.territories["peru"].stacks[0] = ["col_red"]
    targets = {a["territory"] for a in choices(state, "col_blue") if a["type"] == "viceroy"}
    assert "brazil" in targets and "peru" not in targets and "canada" not in targets


def test_15_conqueror_needs_every_resource_and_a_counter_per_native_power() -> None:
    state = acting(new_game(4), "col_red", "card_3")
    state.territories["new_spain"].prestige = 0
    state.territories["new_spain"].stacks = [["col_red", "col_red"], ["col_red", "col_blue"]]
    assert "conqueror" not in kinds(state, "col_red")  # 3 counters for Native Power 4
    state.territories["new_spain"].stacks[1] = ["col_red", "col_red", "col_blue"]
    state = play(state, "col_red", {"type": "conqueror", "territory": "new_spain"}).state
    assert state.territories["new_spain"].colony == "col_red"
    assert state.players["col_red"].prestige == 1
    assert state.territories["new_spain"].stacks[1] == ["col_red", "col_red", "col_blue"]


def test_15_pillage_example_purge_then_pillage_gains_8() -> None:
    """§15: "Rouge a fondé la Colonie de New Spain. Il choisit : 1. Purge, retirant ainsi 1
    Désordre du Territoire et reculant de 1 case ... et 2. Pillage, ce qui lui rapporte 8"."""
    state = acting(new_game(4, advanced_colonies=True), "col_red", "card_3")
    terr = state.territories["new_spain"]
    terr.prestige, terr.unrest = 0, 1
    terr.stacks = [["col_red", "col_red"], ["col_red", "col_red"]]
    state.players["col_red"].treasury = 0
    state = play(state, "col_red", {"type": "conqueror", "territory": "new_spain"}).state
    assert state.phase == "colony_options"
    state = play(state, "col_red", {"type": "colony_option", "option": "purge"}).state
    assert state.territories["new_spain"].unrest == 0 and state.players["col_red"].diplomacy == 3
    offered = {a.get("option") for a in choices(state, "col_red") if a["type"] == "colony_option"}
    assert "purge" not in offered and "company" not in offered  # numerical order
    state = play(state, "col_red", {"type": "colony_option", "option": "pillage"}).state
    assert state.players["col_red"].treasury == 8
    assert state.territories["new_spain"].unrest == 1
    state = play(state, "col_red", {"type": "done"}).state
    assert state.phase != "colony_options" and state.step is None


def test_company_excludes_every_other_option() -> None:
    state = acting(new_game(4, advanced_colonies=True), "col_red", "card_3")
    terr = state.territories["west_africa"]
    terr.prestige = 0
    terr.stacks = [["col_red", "col_red"], ["col_red", "col_red"]]
    state = play(state, "col_red", {"type": "conqueror", "territory": "west_africa"}).state
    fleets, treasury = state.players["col_red"].fleets, state.players["col_red"].treasury
    state = play(state, "col_red", {"type": "colony_option", "option": "company"}).state
    assert state.phase != "colony_options"
    assert state.players["col_red"].fleets == fleets + 1
    assert state.players["col_red"].treasury == treasury + 3


def test_18_governor_example_boomtowns() -> None:
    """§18: Rouge paie 1 pour une Cité de valeur 1 aux West Indies (Economy 2 : 2 possible) ;
    Bleu, Economy 4, doit payer 2, 3 ou 4 en Nouvelle-Angleterre et la Cité de Rouge part."""
    state = acting(new_game(4), "col_red", "card_5")
    state.territories["west_indies"].colony = "col_red"
    state.territories["west_indies"].stacks[0] = ["col_red"]
    state.players["col_red"].treasury = 5
    offers = [
        c
        for p in legal_prompts(COLONIAL, state, "col_red")
        for c in p.choices
        if c.kind == "governor"
    ]
    assert [c.action["territory"] for c in offers] == ["west_indies"]
    assert (offers[0].ranges["pay"].low, offers[0].ranges["pay"].high) == (1, 2)
    state = play(state, "col_red", {"type": "governor", "territory": "west_indies", "pay": 1}).state
    assert (state.boomtown, state.boomtown_value, state.players["col_red"].prestige) == (
        "west_indies",
        1,
        1,
    )
    state = acting(state, "col_blue", "card_5")
    state.territories["new_england"].colony = "col_blue"
    state.territories["new_england"].stacks[0] = ["col_blue"]
    state.players["col_blue"].tracks["economy"] = 1
    state.players["col_blue"].treasury = 9
    state = play(
        state, "col_blue", {"type": "governor", "territory": "new_england", "pay": 3}
    ).state
    assert (state.boomtown, state.boomtown_value) == ("new_england", 3)
    state = acting(state, "col_red", "card_5")
    assert "governor" not in kinds(state, "col_red")  # Economy 2 cannot beat a value 3


def test_20_merchant_example_blue_ships_4_own_and_2_of_red() -> None:
    """§20: "Bleu utilise ses 6 Flottes marchandes ... Il prend toutes les siennes (4) et 2
    chez le joueur Rouge, qui accepte. Bleu ... place [6] sur le Marché. Rouge ... ajoute
    [2] directement à son Trésor"."""
    state = acting(new_game(4), "col_blue", "card_2")
    state.players["col_blue"].fleets = 6
    state.territories["canada"].stacks[0] = ["col_blue"]
    state.territories["new_france"].stacks = [["col_blue"], ["col_blue"]]
    state.territories["wild_west"].stacks[0] = ["col_blue"]
    state.territories["peru"].stacks[0] = ["col_red"]
    state.territories["la_plata"].stacks[0] = ["col_red"]
    red_treasury = state.players["col_red"].treasury
    state = play(state, "col_blue", {"type": "merchant"}).state
    state = play(
        state, "col_blue", {"type": "take_goods", "owner": "col_blue", "slaves": False, "amount": 4}
    ).state
    state = play(
        state, "col_blue", {"type": "take_goods", "owner": "col_red", "slaves": False, "amount": 2}
    ).state
    assert state.phase == "consent"
    state = play(state, "col_red", {"type": "consent", "accept": True}).state
    assert state.players["col_blue"].goods == 6
    assert state.players["col_red"].treasury == red_treasury + 2


def test_a_refusal_keeps_the_opponents_goods_out() -> None:
    state = acting(new_game(4), "col_blue", "card_2")
    state.territories["peru"].stacks[0] = ["col_red"]
    state = play(state, "col_blue", {"type": "merchant"}).state
    state = play(
        state, "col_blue", {"type": "take_goods", "owner": "col_red", "slaves": False, "amount": 1}
    ).state
    state = play(state, "col_blue", {"type": "done"}).state
    state = play(state, "col_red", {"type": "consent", "accept": False}).state
    assert state.players["col_blue"].goods == 0


def test_corsairs_sink_fleets_then_squadrons_sink_corsairs() -> None:
    """§4.4 Merchant steps 1-2: the Corsair owner rolls (its reaction prompt), then the
    Merchant rolls its Squadrons and picks the Corsair each success sinks."""
    state = acting(new_game(4), "col_blue", "card_2")
    state.players["col_blue"].fleets = 3
    state.players["col_blue"].squadrons = 2
    state.players["col_blue"].corsairs = {"col_red": 2}
    state = play(state, "col_blue", {"type": "merchant"}).state
    (asked,) = legal_prompts(COLONIAL, state)
    assert (asked.seat, asked.kind, asked.urgency) == ("col_red", "corsair_attack", "reaction")
    # red's 2 dice: one success.
    state = play(state, "col_red", {"type": "corsair_roll", "roll": True}, dice=[6, 1]).state
    assert state.players["col_blue"].fleets == 2
    (defence,) = legal_prompts(COLONIAL, state)
    assert (defence.seat, defence.kind) == ("col_blue", "defend")
    # blue's 2 defence dice: one success, which blue aims at red's Corsairs.
    state = play(state, "col_blue", {"type": "defend_roll", "roll": True}, dice=[5, 2]).state
    state = play(state, "col_blue", {"type": "sink_corsair", "owner": "col_red"}).state
    assert state.players["col_blue"].corsairs == {"col_red": 1}
    assert state.phase == "ship" and state.step is not None and state.step.capacity == 2


def test_a_corsair_owner_may_hold_and_the_merchant_chooses_whose_corsair_sinks() -> None:
    state = acting(new_game(4), "col_blue", "card_2")
    state.players["col_blue"].fleets = 2
    state.players["col_blue"].squadrons = 1
    state.players["col_blue"].corsairs = {"col_red": 1, "col_green": 2}
    state = play(state, "col_blue", {"type": "merchant"}).state
    first, second = [s for s in order(state) if s in ("col_red", "col_green")]
    state = play(state, first, {"type": "corsair_roll", "roll": False}).state
    state = play(state, second, {"type": "corsair_roll", "roll": False}).state
    assert state.players["col_blue"].fleets == 2
    # The absent Merchant's default rolls; then sinks from the largest group (green's)...
    assert COLONIAL.default_action(state, "col_blue") == {"type": "defend_roll", "roll": True}
    state = play(state, "col_blue", {"type": "defend_roll", "roll": True}, dice=[6]).state
    assert COLONIAL.default_action(state, "col_blue") == {
        "type": "sink_corsair",
        "owner": "col_green",
    }
    # ... but the Merchant present chooses red's lone Corsair.
    state = play(state, "col_blue", {"type": "sink_corsair", "owner": "col_red"}).state
    assert state.players["col_blue"].corsairs == {"col_red": 0, "col_green": 2}
    assert state.phase == "ship"


def test_an_absent_corsair_owner_rolls_and_a_merchant_may_decline_to_defend() -> None:
    state = acting(new_game(4), "col_blue", "card_2")
    state.players["col_blue"].fleets = 2
    state.players["col_blue"].squadrons = 3
    state.players["col_blue"].corsairs = {"col_red": 1}
    state = play(state, "col_blue", {"type": "merchant"}).state
    assert COLONIAL.default_action(state, "col_red") == {"type": "corsair_roll", "roll": True}
    state = play(state, "col_red", COLONIAL.default_action(state, "col_red"), dice=[1]).state
    state = play(state, "col_blue", {"type": "defend_roll", "roll": False}).state
    assert state.players["col_blue"].corsairs == {"col_red": 1}
    assert state.phase == "ship"


def test_24_trader_sells_own_goods_and_anothers_with_consent() -> None:
    state = acting(new_game(4), "col_blue", "card_3")
    state.players["col_blue"].goods = 3
    state.players["col_red"].goods = 2
    blue, red = state.players["col_blue"].treasury, state.players["col_red"].treasury
    state = play(state, "col_blue", {"type": "trader"}).state
    state = play(
        state, "col_blue", {"type": "take_goods", "owner": "col_blue", "slaves": False, "amount": 1}
    ).state
    state = play(
        state, "col_blue", {"type": "take_goods", "owner": "col_red", "slaves": False, "amount": 1}
    ).state
    assert state.phase == "consent"
    state = play(state, "col_red", {"type": "consent", "accept": True}).state
    assert state.players["col_blue"].treasury == blue + 2 and state.players["col_blue"].goods == 2
    assert state.players["col_red"].treasury == red + 1 and state.players["col_red"].goods == 1


def test_21_rebel_example_six_dice_and_the_rebel_chooses_among_others() -> None:
    """§21: "L'Afrique occidentale contient 2 Désordres, 1 pion Bleu et 2 pions Verts. Rouge
    joue le Rebel sur ce Territoire, il lance donc 6 dés spéciaux"."""
    state = acting(new_game(4), "col_red", "card_5")
    terr = state.territories["west_africa"]
    terr.prestige, terr.unrest = 0, 2
    terr.stacks = [["col_blue"], ["col_green", "col_green"]]
    outcome = play(
        state, "col_red", {"type": "revolt", "territory": "west_africa"}, dice=[5, 6, 1, 1, 1, 1]
    )
    revolt = next(e for e in outcome.events if e.key == "col.event.revolt")
    assert (revolt.params["dice"], revolt.params["hits"]) == (6, 2)
    state = outcome.state
    owners = {a["owner"] for a in choices(state, "col_red") if a["type"] == "casualty"}
    assert owners == {"col_blue", "col_green"}
    state = play(state, "col_red", {"type": "casualty", "resource": 0, "owner": "col_blue"}).state
    state = play(state, "col_red", {"type": "casualty", "resource": 1, "owner": "col_green"}).state
    assert state.territories["west_africa"].stacks == [[], ["col_green"]]
    assert state.territories["west_africa"].unrest == 2  # A21


def test_a_mission_prevents_a_revolt_and_the_rebel_can_stir_unrest() -> None:
    state = acting(new_game(4), "col_red", "card_5")
    terr = state.territories["egypt"]
    terr.prestige, terr.unrest, terr.missions = 0, 1, 1
    terr.stacks[0] = ["col_blue"]
    assert {"type": "revolt", "territory": "egypt"} not in choices(state, "col_red")
    state = play(
        state, "col_red", {"type": "stir_unrest", "territory": "egypt", "player": "col_blue"}
    ).state
    assert state.territories["egypt"].unrest == 2 and state.players["col_blue"].unrest == 1


def test_four_unrest_make_an_independent_state() -> None:
    state = acting(new_game(4), "col_red", "card_5")
    terr = state.territories["egypt"]
    terr.prestige, terr.unrest = 0, 3
    state = play(
        state, "col_red", {"type": "stir_unrest", "territory": "egypt", "player": "none"}
    ).state
    assert state.territories["egypt"].independent and state.territories["egypt"].unrest == 0


def test_losing_the_last_counter_loses_the_colony_and_its_boomtown_prestige() -> None:
    state = acting(new_game(4), "col_red", "card_5")
    terr = state.territories["egypt"]
    terr.prestige, terr.unrest, terr.colony = 0, 1, "col_blue"
    terr.stacks[0] = ["col_blue"]
    state.boomtown, state.boomtown_value = "egypt", 2
    state.players["col_blue"].prestige = 5
    state = play(state, "col_red", {"type": "revolt", "territory": "egypt"}, dice=[6, 1, 1]).state
    state = play(state, "col_red", {"type": "casualty", "resource": 0, "owner": "col_blue"}).state
    egypt = state.territories["egypt"]
    assert egypt.colony is None and egypt.independent and egypt.unrest == 0
    assert state.players["col_blue"].prestige == 3 and state.boomtown == "egypt"


def test_19_missionary_flips_unrest_or_places_a_mission() -> None:
    state = acting(new_game(4), "col_red", "card_4")
    state.territories["egypt"].prestige = 0
    state.territories["arabia"].prestige = 0
    state.territories["arabia"].unrest = 1
    offered = [
        (a["territory"], a["flip"]) for a in choices(state, "col_red") if a["type"] == "missionary"
    ]
    assert ("egypt", False) in offered and ("arabia", True) in offered
    assert ("arabia", False) not in offered
    state = play(
        state, "col_red", {"type": "missionary", "territory": "arabia", "flip": True}
    ).state
    assert (state.territories["arabia"].unrest, state.territories["arabia"].missions) == (0, 1)


def test_22_scientist_pays_the_space_entered() -> None:
    """§22: "votre marqueur est sur la case 0 de Seafaring. Vous devez utiliser le Scientist
    et payer 1 pour avancer sur Seafaring 1"."""
    state = acting(new_game(4), "col_red", "card_2")
    state.players["col_red"].treasury = 4
    state = play(state, "col_red", {"type": "scientist", "track": "seafaring"}).state
    assert (
        state.players["col_red"].treasury == 3 and state.players["col_red"].tracks["seafaring"] == 1
    )


def test_economy_10_abolishes_slavery_for_everyone() -> None:
    state = acting(new_game(4), "col_red", "card_2")
    state.players["col_red"].tracks["economy"] = 2
    state.players["col_red"].treasury = 10
    state = play(state, "col_red", {"type": "scientist", "track": "economy"}).state
    assert state.abolition


def test_17_financier_and_the_interest_example() -> None:
    """§17: "vous avez 2 piles Emprunts et 2 Désordres sur votre Interface. À la phase
    Intérêts, vous ajoutez 2 pions ... à chacune de vos piles Emprunts (pour un total de 4)"."""
    state = acting(new_game(4), "col_red", "card_1")
    treasury = state.players["col_red"].treasury
    state = play(state, "col_red", {"type": "financier"}).state
    assert (
        state.players["col_red"].loans == [10]
        and state.players["col_red"].treasury == treasury + 10
    )
    state.players["col_red"].loans = [10, 7]
    state.players["col_red"].unrest = 2
    ctx = StepContext(state)
    ctx.phases = COLONIAL.phase_table()
    end_turn(ctx)
    assert ctx.state.players["col_red"].loans == [12, 9]


def test_23_sovereign_repression_and_a_war_won_by_capitulation() -> None:
    state = acting(new_game(4), "col_red", "card_6")
    state.players["col_red"].unrest = 1
    state.players["col_red"].treasury = 3
    state.players["col_blue"].treasury = 3
    state.players["col_blue"].prestige = 2
    targets = {a["target"] for a in choices(state, "col_red") if a["type"] == "sovereign"}
    assert targets == {"none", "col_blue", "col_green", "col_yellow"}
    state.players["col_blue"].diplomacy = 5
    targets = {a["target"] for a in choices(state, "col_red") if a["type"] == "sovereign"}
    assert "col_blue" not in targets  # Blue is further right
    state.players["col_blue"].diplomacy = 4
    # Europe: red 3 dice, blue 3 dice; navy: 1 die each; no other theatre.
    dice = [5, 5, 1, 1, 1, 1, 1, 1]
    state = play(state, "col_red", {"type": "sovereign", "target": "col_blue"}, dice=dice).state
    assert state.players["col_red"].unrest == 0 and state.players["col_red"].diplomacy == 3
    assert state.players["col_blue"].treasury == 1
    assert state.phase == "capitulation"
    state = play(state, "col_blue", {"type": "capitulate", "yes": True}).state
    assert state.players["col_blue"].prestige == 1 and state.players["col_red"].prestige == 1
    assert state.war is None


def test_ambassador_steps_right_and_calms_one_unrest() -> None:
    state = acting(new_game(4), "col_red", "card_6")
    state.territories["congo"].unrest = 2
    action = {"type": "ambassador", "territory": "congo", "player": "col_red"}
    state = play(state, "col_red", action).state
    assert state.players["col_red"].diplomacy == 5 and state.territories["congo"].unrest == 1
    state = acting(state, "col_blue", "card_6")
    assert {a["player"] for a in choices(state, "col_blue") if a["type"] == "ambassador"} == {
        "col_blue"
    }


def test_with_the_option_the_ambassador_moves_another_player() -> None:
    state = acting(new_game(4, ambassador_moves_anyone=True), "col_red", "card_6")
    state = play(
        state, "col_red", {"type": "ambassador", "territory": "none", "player": "col_blue"}
    ).state
    assert state.players["col_blue"].diplomacy == 5 and state.players["col_red"].diplomacy == 4


def test_with_the_option_the_victim_chooses_its_land_losses() -> None:
    state = acting(new_game(4, land_losses_by_owner=True), "col_red", "card_6")
    state.territories["brazil"].stacks = [["col_blue", "col_red"], ["col_blue"]]
    for seat in ("col_red", "col_blue"):
        state.players[seat].treasury = 0
        state.players[seat].squadrons = 0
        state.players[seat].prestige = 1
    # Land in Brazil: red rolls 1 die (a hit), blue 2 dice (misses).
    outcome = play(state, "col_red", {"type": "sovereign", "target": "col_blue"}, dice=[6, 1, 1])
    state = outcome.state
    assert state.phase == "war_losses"
    prompt = legal_prompts(COLONIAL, state)[0]
    assert prompt.seat == "col_blue"
    assert {c.action["resource"] for c in prompt.choices if c.kind == "casualty"} == {0, 1}
    state = play(state, "col_blue", {"type": "casualty", "resource": 1, "owner": "col_blue"}).state
    assert state.territories["brazil"].stacks == [["col_blue", "col_red"], []]
    assert state.phase in ("capitulation", "round")
