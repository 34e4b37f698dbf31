"""The Characters, each with the text's worked example where it gives one (quoted by
section of the French rules) and a scenario per rule."""

from __future__ import annotations

from rulesets.colonial import COLONIAL
from rulesets.colonial.characters import exploration_target
from rulesets.colonial.upkeep import end_turn
from rulesets.core import StepContext, legal_prompts
from tests.colonial.helpers import acting, choices, kinds, new_game, play

# card_1 Explorer/Financier, card_2 Merchant/Scientist, card_3 Trader/Conqueror,
# card_4 Viceroy/Missionary, card_5 Governor/Rebel, card_6 Sovereign/Ambassador.


def test_12_discovery_of_america_west_indies_needs_4_with_seafaring_1() -> None:
    """§12: "aucun Territoire américain n'a été Exploré. Bleu tente les West Indies. Il a 1
    sur l'échelle Seafaring, donc il doit obtenir 4 au moins"."""
    state = acting(new_game(4), "blue", "card_1")
    state.players["blue"].tracks["seafaring"] = 1
    assert exploration_target(state, "blue", "west_indies") == 4
    after = play(state, "blue", {"type": "explorer", "target": "west_indies"}, dice=[4]).state
    # 1 for the Territory and 1 from the Discovery of America box; the +2 is gone.
    assert after.players["blue"].prestige == 2 and after.america_discovered
    assert after.discovery == 0 and after.territories["west_indies"].prestige == 0
    assert exploration_target(after, "red", "new_spain") == 3


def test_16_india_needs_3_with_seafaring_1_and_2_beside_persia() -> None:
    """§16: "Il choisit l'Inde (difficulté 4). Son Seafaring est 1, il doit donc obtenir 3 ou
    plus. S'il a un pion sur la Perse adjacente, il doit obtenir un 2 ou plus"."""
    state = acting(new_game(4), "red", "card_1")
    state.players["red"].tracks["seafaring"] = 1
    assert exploration_target(state, "red", "india") == 3
    state.territories["persia"].stacks[0] = ["red"]
    assert exploration_target(state, "red", "india") == 2


def test_16_india_explored_then_adventurers_place_treasury_and_unrest() -> None:
    """§16: "Rouge obtient 3 et réussit l'Exploration de l'Inde ... il place donc 1 Trésor sur
    une Ressource indienne et ajoute un Désordre sur l'Inde"."""
    state = acting(new_game(4), "red", "card_1")
    state.players["red"].tracks["seafaring"] = 1
    state.players["red"].treasury = 3
    state = play(state, "red", {"type": "explorer", "target": "india"}, dice=[3]).state
    assert state.phase == "explore_claim" and state.players["red"].prestige == 1
    # Tea and opium need Economy 6: only India's third Resource can take the Treasury.
    claims = [a for a in choices(state, "red") if a["type"] == "conquistadors"]
    assert [a["resource"] for a in claims] == [2]
    state = play(state, "red", {"type": "conquistadors", "resource": 2}).state
    india = state.territories["india"]
    assert india.stacks[2] == ["red"] and india.unrest == 1
    assert state.players["red"].treasury == 2


def test_a_failed_exploration_does_nothing_more() -> None:
    state = acting(new_game(4), "red", "card_1")
    state = play(state, "red", {"type": "explorer", "target": "india"}, dice=[3]).state
    assert state.territories["india"].prestige == 1 and state.players["red"].prestige == 0


def test_11_circumnavigation_takes_the_two_prestige_once() -> None:
    state = acting(new_game(4), "red", "card_1")
    state.players["red"].tracks["seafaring"] = 2
    assert exploration_target(state, "red", "circumnavigation") == 4
    state = play(state, "red", {"type": "explorer", "target": "circumnavigation"}, dice=[4]).state
    assert state.players["red"].prestige == 2 and state.circumnavigation == 0
    state = acting(state, "blue", "card_1")
    assert {"type": "explorer", "target": "circumnavigation"} not in choices(state, "blue")


def test_australia_gives_both_its_prestige() -> None:
    state = acting(new_game(4), "red", "card_1")
    state = play(state, "red", {"type": "explorer", "target": "australia"}, dice=[6]).state
    assert state.players["red"].prestige == 0  # difficulty 7 cannot be reached at Seafaring 0
    state = acting(state, "red", "card_1")
    state.players["red"].tracks["seafaring"] = 3
    state = play(state, "red", {"type": "explorer", "target": "australia"}, dice=[4]).state
    assert state.players["red"].prestige == 2


def test_5_control_example_blue_takes_brazil_and_steps_left() -> None:
    """§5: "Rouge a 1 pion sur la Ressource du Brésil. Bleu utilise le Viceroy et place 2 pions
    sur le pion de Rouge ... Bleu prend le contrôle ... mais recule d'une case"."""
    state = acting(new_game(4), "blue", "card_4")
    for tid in ("brazil",):
        state.territories[tid].prestige = 0
    state.territories["brazil"].stacks[0] = ["red"]
    state.players["blue"].tracks["logistics"] = 1
    state.players["blue"].treasury = 5
    state = play(state, "blue", {"type": "viceroy", "territory": "brazil"}).state
    state = play(state, "blue", {"type": "place_counter", "resource": 0}).state
    assert state.step is not None and state.step.placed == [0]  # settled when all are down
    assert state.territories["brazil"].stacks[0] == ["red"]
    state = play(state, "blue", {"type": "place_counter", "resource": 0}).state
    assert state.territories["brazil"].stacks[0] == ["blue", "blue", "red"]
    assert state.players["blue"].diplomacy == 3 and state.players["blue"].treasury == 3


def test_a_tie_leaves_the_bottom_counter_in_control() -> None:
    state = acting(new_game(4), "blue", "card_4")
    state.territories["brazil"].prestige = 0
    state.territories["brazil"].stacks[0] = ["red"]
    state = play(state, "blue", {"type": "viceroy", "territory": "brazil"}).state
    state = play(state, "blue", {"type": "place_counter", "resource": 0}).state
    assert state.territories["brazil"].stacks[0] == ["red", "blue"]
    assert state.players["blue"].diplomacy == 4


def test_taking_a_free_resource_of_anothers_monopoly_costs_a_step_but_not_gold() -> None:
    state = acting(new_game(4), "blue", "card_4")
    for tid in ("canada", "wild_west", "california", "peru"):
        state.territories[tid].prestige = 0
    state.territories["canada"].stacks[0] = ["red"]  # red's brown Monopoly
    state.territories["california"].stacks[0] = ["red"]  # gold
    state = play(state, "blue", {"type": "viceroy", "territory": "wild_west"}).state
    state = play(state, "blue", {"type": "done"}).state
    assert state.players["blue"].diplomacy == 4  # nothing placed, nothing lost
    state = acting(state, "blue", "card_4")
    state = play(state, "blue", {"type": "viceroy", "territory": "wild_west"}).state
    state = play(state, "blue", {"type": "place_counter", "resource": 0}).state
    assert state.players["blue"].diplomacy == 3
    state = acting(state, "blue", "card_4")
    state = play(state, "blue", {"type": "viceroy", "territory": "peru"}).state
    state = play(state, "blue", {"type": "place_counter", "resource": 0}).state
    assert state.players["blue"].diplomacy == 3  # a gold Monopoly cannot be attacked


def test_the_viceroy_only_goes_to_explored_territories_not_anothers_colony() -> None:
    state = acting(new_game(4), "blue", "card_4")
    state.territories["brazil"].prestige = 0
    state.territories["peru"].prestige = 0
    state.territories["peru"].colony = "red"
    state.territories["peru"].stacks[0] = ["red"]
    targets = {a["territory"] for a in choices(state, "blue") if a["type"] == "viceroy"}
    assert "brazil" in targets and "peru" not in targets and "canada" not in targets


def test_15_conqueror_needs_every_resource_and_a_counter_per_native_power() -> None:
    state = acting(new_game(4), "red", "card_3")
    state.territories["new_spain"].prestige = 0
    state.territories["new_spain"].stacks = [["red", "red"], ["red", "blue"]]
    assert "conqueror" not in kinds(state, "red")  # 3 counters for Native Power 4
    state.territories["new_spain"].stacks[1] = ["red", "red", "blue"]
    state = play(state, "red", {"type": "conqueror", "territory": "new_spain"}).state
    assert state.territories["new_spain"].colony == "red"
    assert state.players["red"].prestige == 1
    assert state.territories["new_spain"].stacks[1] == ["red", "red", "blue"]


def test_15_pillage_example_purge_then_pillage_gains_8() -> None:
    """§15: "Rouge a fondé la Colonie de New Spain. Il choisit : 1. Purge, retirant ainsi 1
    Désordre du Territoire et reculant de 1 case ... et 2. Pillage, ce qui lui rapporte 8"."""
    state = acting(new_game(4, advanced_colonies=True), "red", "card_3")
    terr = state.territories["new_spain"]
    terr.prestige, terr.unrest = 0, 1
    terr.stacks = [["red", "red"], ["red", "red"]]
    state.players["red"].treasury = 0
    state = play(state, "red", {"type": "conqueror", "territory": "new_spain"}).state
    assert state.phase == "colony_options"
    state = play(state, "red", {"type": "colony_option", "option": "purge"}).state
    assert state.territories["new_spain"].unrest == 0 and state.players["red"].diplomacy == 3
    offered = {a.get("option") for a in choices(state, "red") if a["type"] == "colony_option"}
    assert "purge" not in offered and "company" not in offered  # numerical order
    state = play(state, "red", {"type": "colony_option", "option": "pillage"}).state
    assert state.players["red"].treasury == 8
    assert state.territories["new_spain"].unrest == 1
    state = play(state, "red", {"type": "done"}).state
    assert state.phase != "colony_options" and state.step is None


def test_company_excludes_every_other_option() -> None:
    state = acting(new_game(4, advanced_colonies=True), "red", "card_3")
    terr = state.territories["west_africa"]
    terr.prestige = 0
    terr.stacks = [["red", "red"], ["red", "red"]]
    state = play(state, "red", {"type": "conqueror", "territory": "west_africa"}).state
    fleets, treasury = state.players["red"].fleets, state.players["red"].treasury
    state = play(state, "red", {"type": "colony_option", "option": "company"}).state
    assert state.phase != "colony_options"
    assert state.players["red"].fleets == fleets + 1
    assert state.players["red"].treasury == treasury + 3


def test_18_governor_example_boomtowns() -> None:
    """§18: Rouge paie 1 pour une Cité de valeur 1 aux West Indies (Economy 2 : 2 possible) ;
    Bleu, Economy 4, doit payer 2, 3 ou 4 en Nouvelle-Angleterre et la Cité de Rouge part."""
    state = acting(new_game(4), "red", "card_5")
    state.territories["west_indies"].colony = "red"
    state.territories["west_indies"].stacks[0] = ["red"]
    state.players["red"].treasury = 5
    offers = [
        c for p in legal_prompts(COLONIAL, state, "red") for c in p.choices if c.kind == "governor"
    ]
    assert [c.action["territory"] for c in offers] == ["west_indies"]
    assert (offers[0].ranges["pay"].low, offers[0].ranges["pay"].high) == (1, 2)
    state = play(state, "red", {"type": "governor", "territory": "west_indies", "pay": 1}).state
    assert (state.boomtown, state.boomtown_value, state.players["red"].prestige) == (
        "west_indies",
        1,
        1,
    )
    state = acting(state, "blue", "card_5")
    state.territories["new_england"].colony = "blue"
    state.territories["new_england"].stacks[0] = ["blue"]
    state.players["blue"].tracks["economy"] = 1
    state.players["blue"].treasury = 9
    state = play(state, "blue", {"type": "governor", "territory": "new_england", "pay": 3}).state
    assert (state.boomtown, state.boomtown_value) == ("new_england", 3)
    state = acting(state, "red", "card_5")
    assert "governor" not in kinds(state, "red")  # Economy 2 cannot beat a value 3


def test_20_merchant_example_blue_ships_4_own_and_2_of_red() -> None:
    """§20: "Bleu utilise ses 6 Flottes marchandes ... Il prend toutes les siennes (4) et 2
    chez le joueur Rouge, qui accepte. Bleu ... place [6] sur le Marché. Rouge ... ajoute
    [2] directement à son Trésor"."""
    state = acting(new_game(4), "blue", "card_2")
    state.players["blue"].fleets = 6
    state.territories["canada"].stacks[0] = ["blue"]
    state.territories["new_france"].stacks = [["blue"], ["blue"]]
    state.territories["wild_west"].stacks[0] = ["blue"]
    state.territories["peru"].stacks[0] = ["red"]
    state.territories["la_plata"].stacks[0] = ["red"]
    red_treasury = state.players["red"].treasury
    state = play(state, "blue", {"type": "merchant"}).state
    state = play(
        state, "blue", {"type": "take_goods", "owner": "blue", "slaves": False, "amount": 4}
    ).state
    state = play(
        state, "blue", {"type": "take_goods", "owner": "red", "slaves": False, "amount": 2}
    ).state
    assert state.phase == "consent"
    state = play(state, "red", {"type": "consent", "accept": True}).state
    assert state.players["blue"].goods == 6
    assert state.players["red"].treasury == red_treasury + 2


def test_a_refusal_keeps_the_opponents_goods_out() -> None:
    state = acting(new_game(4), "blue", "card_2")
    state.territories["peru"].stacks[0] = ["red"]
    state = play(state, "blue", {"type": "merchant"}).state
    state = play(
        state, "blue", {"type": "take_goods", "owner": "red", "slaves": False, "amount": 1}
    ).state
    state = play(state, "blue", {"type": "done"}).state
    state = play(state, "red", {"type": "consent", "accept": False}).state
    assert state.players["blue"].goods == 0


def test_corsairs_sink_fleets_then_squadrons_sink_corsairs() -> None:
    state = acting(new_game(4), "blue", "card_2")
    state.players["blue"].fleets = 3
    state.players["blue"].squadrons = 2
    state.players["blue"].corsairs = {"red": 2}
    # red's 2 dice: one success; blue's 2 defence dice: one success.
    state = play(state, "blue", {"type": "merchant"}, dice=[6, 1, 5, 2]).state
    assert state.players["blue"].fleets == 2 and state.players["blue"].corsairs == {"red": 1}


def test_24_trader_sells_own_goods_and_anothers_with_consent() -> None:
    state = acting(new_game(4), "blue", "card_3")
    state.players["blue"].goods = 3
    state.players["red"].goods = 2
    blue, red = state.players["blue"].treasury, state.players["red"].treasury
    state = play(state, "blue", {"type": "trader"}).state
    state = play(
        state, "blue", {"type": "take_goods", "owner": "blue", "slaves": False, "amount": 1}
    ).state
    state = play(
        state, "blue", {"type": "take_goods", "owner": "red", "slaves": False, "amount": 1}
    ).state
    assert state.phase == "consent"
    state = play(state, "red", {"type": "consent", "accept": True}).state
    assert state.players["blue"].treasury == blue + 2 and state.players["blue"].goods == 2
    assert state.players["red"].treasury == red + 1 and state.players["red"].goods == 1


def test_21_rebel_example_six_dice_and_the_rebel_chooses_among_others() -> None:
    """§21: "L'Afrique occidentale contient 2 Désordres, 1 pion Bleu et 2 pions Verts. Rouge
    joue le Rebel sur ce Territoire, il lance donc 6 dés spéciaux"."""
    state = acting(new_game(4), "red", "card_5")
    terr = state.territories["west_africa"]
    terr.prestige, terr.unrest = 0, 2
    terr.stacks = [["blue"], ["green", "green"]]
    outcome = play(
        state, "red", {"type": "revolt", "territory": "west_africa"}, dice=[5, 6, 1, 1, 1, 1]
    )
    revolt = next(e for e in outcome.events if e.key == "col.event.revolt")
    assert (revolt.params["dice"], revolt.params["hits"]) == (6, 2)
    state = outcome.state
    owners = {a["owner"] for a in choices(state, "red") if a["type"] == "casualty"}
    assert owners == {"blue", "green"}
    state = play(state, "red", {"type": "casualty", "resource": 0, "owner": "blue"}).state
    state = play(state, "red", {"type": "casualty", "resource": 1, "owner": "green"}).state
    assert state.territories["west_africa"].stacks == [[], ["green"]]
    assert state.territories["west_africa"].unrest == 2  # A21


def test_a_mission_prevents_a_revolt_and_the_rebel_can_stir_unrest() -> None:
    state = acting(new_game(4), "red", "card_5")
    terr = state.territories["egypt"]
    terr.prestige, terr.unrest, terr.missions = 0, 1, 1
    terr.stacks[0] = ["blue"]
    assert {"type": "revolt", "territory": "egypt"} not in choices(state, "red")
    state = play(
        state, "red", {"type": "stir_unrest", "territory": "egypt", "player": "blue"}
    ).state
    assert state.territories["egypt"].unrest == 2 and state.players["blue"].unrest == 1


def test_four_unrest_make_an_independent_state() -> None:
    state = acting(new_game(4), "red", "card_5")
    terr = state.territories["egypt"]
    terr.prestige, terr.unrest = 0, 3
    state = play(
        state, "red", {"type": "stir_unrest", "territory": "egypt", "player": "none"}
    ).state
    assert state.territories["egypt"].independent and state.territories["egypt"].unrest == 0


def test_losing_the_last_counter_loses_the_colony_and_its_boomtown_prestige() -> None:
    state = acting(new_game(4), "red", "card_5")
    terr = state.territories["egypt"]
    terr.prestige, terr.unrest, terr.colony = 0, 1, "blue"
    terr.stacks[0] = ["blue"]
    state.boomtown, state.boomtown_value = "egypt", 2
    state.players["blue"].prestige = 5
    state = play(state, "red", {"type": "revolt", "territory": "egypt"}, dice=[6, 1, 1]).state
    state = play(state, "red", {"type": "casualty", "resource": 0, "owner": "blue"}).state
    egypt = state.territories["egypt"]
    assert egypt.colony is None and egypt.independent and egypt.unrest == 0
    assert state.players["blue"].prestige == 3 and state.boomtown == "egypt"


def test_19_missionary_flips_unrest_or_places_a_mission() -> None:
    state = acting(new_game(4), "red", "card_4")
    state.territories["egypt"].prestige = 0
    state.territories["arabia"].prestige = 0
    state.territories["arabia"].unrest = 1
    offered = [
        (a["territory"], a["flip"]) for a in choices(state, "red") if a["type"] == "missionary"
    ]
    assert ("egypt", False) in offered and ("arabia", True) in offered
    assert ("arabia", False) not in offered
    state = play(state, "red", {"type": "missionary", "territory": "arabia", "flip": True}).state
    assert (state.territories["arabia"].unrest, state.territories["arabia"].missions) == (0, 1)


def test_22_scientist_pays_the_space_entered() -> None:
    """§22: "votre marqueur est sur la case 0 de Seafaring. Vous devez utiliser le Scientist
    et payer 1 pour avancer sur Seafaring 1"."""
    state = acting(new_game(4), "red", "card_2")
    state.players["red"].treasury = 4
    state = play(state, "red", {"type": "scientist", "track": "seafaring"}).state
    assert state.players["red"].treasury == 3 and state.players["red"].tracks["seafaring"] == 1


def test_economy_10_abolishes_slavery_for_everyone() -> None:
    state = acting(new_game(4), "red", "card_2")
    state.players["red"].tracks["economy"] = 2
    state.players["red"].treasury = 10
    state = play(state, "red", {"type": "scientist", "track": "economy"}).state
    assert state.abolition


def test_17_financier_and_the_interest_example() -> None:
    """§17: "vous avez 2 piles Emprunts et 2 Désordres sur votre Interface. À la phase
    Intérêts, vous ajoutez 2 pions ... à chacune de vos piles Emprunts (pour un total de 4)"."""
    state = acting(new_game(4), "red", "card_1")
    treasury = state.players["red"].treasury
    state = play(state, "red", {"type": "financier"}).state
    assert state.players["red"].loans == [10] and state.players["red"].treasury == treasury + 10
    state.players["red"].loans = [10, 7]
    state.players["red"].unrest = 2
    ctx = StepContext(state)
    ctx.phases = COLONIAL.phase_table()
    end_turn(ctx)
    assert ctx.state.players["red"].loans == [12, 9]


def test_23_sovereign_repression_and_a_war_won_by_capitulation() -> None:
    state = acting(new_game(4), "red", "card_6")
    state.players["red"].unrest = 1
    state.players["red"].treasury = 3
    state.players["blue"].treasury = 3
    state.players["blue"].prestige = 2
    targets = {a["target"] for a in choices(state, "red") if a["type"] == "sovereign"}
    assert targets == {"none", "blue", "green", "yellow"}
    state.players["blue"].diplomacy = 5
    targets = {a["target"] for a in choices(state, "red") if a["type"] == "sovereign"}
    assert "blue" not in targets  # Blue is further right
    state.players["blue"].diplomacy = 4
    # Europe: red 3 dice, blue 3 dice; navy: 1 die each; no other theatre.
    dice = [5, 5, 1, 1, 1, 1, 1, 1]
    state = play(state, "red", {"type": "sovereign", "target": "blue"}, dice=dice).state
    assert state.players["red"].unrest == 0 and state.players["red"].diplomacy == 3
    assert state.players["blue"].treasury == 1
    assert state.phase == "capitulation"
    state = play(state, "blue", {"type": "capitulate", "yes": True}).state
    assert state.players["blue"].prestige == 1 and state.players["red"].prestige == 1
    assert state.war is None


def test_ambassador_steps_right_and_calms_one_unrest() -> None:
    state = acting(new_game(4), "red", "card_6")
    state.territories["congo"].unrest = 2
    action = {"type": "ambassador", "territory": "congo", "player": "red"}
    state = play(state, "red", action).state
    assert state.players["red"].diplomacy == 5 and state.territories["congo"].unrest == 1
    state = acting(state, "blue", "card_6")
    assert {a["player"] for a in choices(state, "blue") if a["type"] == "ambassador"} == {"blue"}


def test_with_the_option_the_ambassador_moves_another_player() -> None:
    state = acting(new_game(4, ambassador_moves_anyone=True), "red", "card_6")
    state = play(state, "red", {"type": "ambassador", "territory": "none", "player": "blue"}).state
    assert state.players["blue"].diplomacy == 5 and state.players["red"].diplomacy == 4
