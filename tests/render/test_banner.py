"""Every map names the seat the game waits for and what for, in every phase."""

from __future__ import annotations

import json

from bot.render import campaign
from rulesets.empires.map import scene_from_view as empires_scene
from rulesets.struggle.map import scene_from_view
from tests.render.golden import GOLDEN_DIR
from tests.render.views import finished_view, midgame_view, opening_view

EMPIRES_VIEW = GOLDEN_DIR / "empires-midgame.json"


def test_placement_names_the_power_placing() -> None:
    view = opening_view()
    view.update(phase="placement", placer="AUS", auction=None)
    banner = scene_from_view(view).banner
    assert banner is not None
    assert banner.powers == ["AUS"]
    assert banner.text == "Austria to place starting units"


def test_the_auction_names_the_bidder_the_high_bid_and_the_proposal() -> None:
    view = opening_view()
    view["auction"] = {
        "opener": "GBR",
        "bidder": "RUS",
        "high_bid": 3,
        "high_bidder": "GBR",
        "proposal_a": "FRA",
        "proposal_b": "AUS",
        "passes": 0,
    }
    banner = scene_from_view(view).banner
    assert banner is not None
    assert banner.powers == ["RUS"]
    assert banner.text == "Russia to bid in the alliance auction"
    assert banner.details == ["High bid: 3 by Great Britain", "Proposed: France to A, Austria to B"]


def test_an_auction_without_a_bid_says_so() -> None:
    view = opening_view()
    view["auction"] = {"opener": "GBR", "bidder": "GBR", "high_bid": None, "high_bidder": None}
    banner = scene_from_view(view, "fr").banner
    assert banner is not None
    assert banner.details == ["Aucune enchère pour l'instant"]


def test_a_combat_names_who_attacks_whom_where_and_the_step() -> None:
    view = midgame_view()
    view["combat"] = {
        "region": "CEU",
        "target": "player",
        "attacker": "FRA",
        "defender": "RUS",
        "step": "surprise",
    }
    banner = scene_from_view(view).banner
    assert banner is not None
    assert banner.powers == ["FRA"]
    assert banner.text == "France to decide in a combat"
    assert banner.details == [
        "France attacks Russia in Central Europe",
        "Step: surprise attack",
    ]


def test_seats_the_caller_knows_are_awaited_take_precedence() -> None:
    view = midgame_view()
    view["combat"] = {"region": "OTT", "target": "neutral", "attacker": "AUS", "step": "support"}
    view["awaited"] = ["PRU", "UPR"]
    banner = scene_from_view(view).banner
    assert banner is not None
    assert banner.powers == ["PRU", "UPR"]
    assert banner.text == "Waiting for Prussia and United Provinces"
    assert banner.details[0] == "Austria attacks a neutral in Ottoman Empire"


def test_the_action_phase_names_the_active_power_and_its_actions_left() -> None:
    banner = scene_from_view(midgame_view()).banner
    assert banner is not None
    assert banner.powers == ["FRA"]
    assert banner.text == "France to act: 2 actions left"


def test_game_over_names_the_winner_and_drops_the_war_and_round() -> None:
    scene = scene_from_view(finished_view())
    assert scene.banner is not None
    assert scene.banner.powers == ["GBR"]
    assert scene.banner.text == "Game over: Great Britain won"
    assert not any("Round" in line for line in scene.header.lines)
    assert scene.header.lines == ["Game over after war 3"]


def test_empires_names_the_player_by_display_name_and_the_empire() -> None:
    view = json.loads(EMPIRES_VIEW.read_text(encoding="utf-8"))
    scene = empires_scene(view, "en", {"seat.P2": "Alice", "seat.P1": "Bob"})
    assert scene.banner is not None
    assert scene.banner.powers == ["PR"]
    assert scene.banner.text == "Alice to play Prussia: deploying"
    players = scene.panels[-1]
    assert [row.values[0] for row in players.rows][:1] == ["Alice"]
    assert "P2" not in scene.banner.text


def test_empires_game_over_names_the_winners() -> None:
    view = json.loads(EMPIRES_VIEW.read_text(encoding="utf-8"))
    view.update(phase="over", active_seat=None, winners=["P3"], scores={"P3": 40, "P1": 30})
    scene = empires_scene(view, "fr", {"seat.P3": "Chloé"})
    assert scene.banner is not None
    assert scene.banner.text == "Partie terminée : victoire de Chloé"
    assert scene.header.lines == ["Partie terminée après la décennie 5"]


def test_a_combat_step_of_the_defender_names_the_defender() -> None:
    view = midgame_view()
    view["combat"] = {
        "region": "CEU",
        "attacker": "FRA",
        "defender": "RUS",
        "step": "naval_defender",
    }
    banner = scene_from_view(view).banner
    assert banner is not None and banner.powers == ["RUS"]


def test_a_combat_step_whose_decider_the_view_hides_claims_no_seat() -> None:
    view = midgame_view()
    view["combat"] = {"region": "CEU", "attacker": "FRA", "defender": "RUS", "step": "support"}
    banner = scene_from_view(view).banner
    assert banner is not None and banner.powers == []
    assert banner.text == "A combat awaits a decision"
    assert banner.details[0] == "France attacks Russia in Central Europe"


def test_the_seats_a_campaign_awaits_reach_the_banner() -> None:
    view = midgame_view()
    view["combat"] = {"region": "CEU", "attacker": "FRA", "defender": "RUS", "step": "support"}
    scene = campaign.campaign_scene("struggle", view, awaited=["AUS", "SPA"])
    assert scene.banner is not None and scene.banner.powers == ["AUS", "SPA"]


def test_empires_between_turns_names_the_awaited_players() -> None:
    view = json.loads(EMPIRES_VIEW.read_text(encoding="utf-8"))
    view.update(phase="levy", active_seat=None, active_empire=None, decider=None)
    assert empires_scene(view).banner is None  # the view alone names no one
    scene = campaign.campaign_scene(
        "empires", view, labels={"seat.P1": "Bob", "seat.P2": "Alice"}, awaited=["P2", "P1"]
    )
    assert scene.banner is not None
    assert scene.banner.text == "Waiting for Alice and Bob: levy"
