"""The battle report card posted after a combat: drawn from the step's public events and
the public view, one per combat resolved, none for any other step; a reference image."""

from __future__ import annotations

import io
import json
from typing import Any

from PIL import Image

from bot.render.fonts import measured_sizes
from bot.render.registry import has_map, has_step_pictures
from bot.render.step_cards import CARD_SCALE, CARD_UNITS, render_card_image, render_step_pictures
from rulesets import registry
from rulesets.core import submit
from rulesets.core.scene import Scene
from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR
from rulesets.ultima_ratio_regis.data import default_data
from rulesets.ultima_ratio_regis.map import step_pictures
from rulesets.ultima_ratio_regis.state import UrrState
from tests.render.golden import matches, reference
from tests.ultima_ratio_regis.helpers import ScriptedDice, play
from tests.ultima_ratio_regis.test_combat import saxony_attacked


def _before_the_roll(sized: bool = True) -> UrrState:
    """The land battle of test_combat: France (4 dice, one of Q3) attacks Austria in
    Saxony (3 dice, a Tactician); the last choice before the roll is Austria's leader."""
    state = saxony_attacked()
    state = play(state, "P2", type="let_pass")
    return play(state, "P1", type="adjust_size", change=0) if sized else state


def _resolved() -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The public events of the step that resolved the battle, and the public view after."""
    outcome = submit(
        URR, _before_the_roll(), "P2", {"type": "leader_die", "die": 2}, dice_source=ScriptedDice
    )
    events = [event.model_dump(mode="json") for event in outcome.events if event.is_public]
    return events, URR.view(outcome.state, None)


def _card(language: str = "en") -> Scene:
    events, view = _resolved()
    cards = step_pictures(events, view, language)
    assert len(cards) == 1
    return cards[0]


def _values(scene: Scene, index: int) -> list[list[str]]:
    return [list(row.values) for row in scene.panels[index].rows]


def test_the_card_shows_each_die_its_table_look_up_and_the_totals() -> None:
    card = _card()
    assert card.header.title == "Land battle in Saxony"
    assert "Winner: France, by 2 BP" in card.header.lines
    assert "Dice rolled: 4 against 3" in card.header.lines
    # France 6,4,6,3 (the first die Q3) → BP 6, damage 3 (the battle table per result).
    assert _values(card, 0) == [
        ["1", "6", "6", "Q3", "", "2", "1"],
        ["2", "4", "4", "Q2", "", "1", "1"],
        ["3", "6", "6", "Q2", "", "2", "1"],
        ["4", "3", "3", "Q2", "", "1", "0"],
        ["Total", "", "", "", "", "6", "3"],
    ]
    # Austria 4,5,2 and its Tactician's +1 on the third die: 2→3.
    assert _values(card, 1)[2] == ["3", "2", "3", "Q2", "+1", "1", "0"]
    assert _values(card, 1)[3] == ["Total", "", "", "", "", "4", "1"]
    assert card.panels[0].title == "Attacker: France"


def test_the_card_lists_the_losses_and_the_morale() -> None:
    after = [(row.power, *row.values) for row in _card().panels[2].rows]
    assert ("urr_aus", "Austria", "1 eliminated, 2 dispersed") in after
    assert ("urr_fra", "France", "0 eliminated, 1 dispersed") in after
    assert ("urr_aus", "Austria", "1 morale lost to France") in after
    assert ("urr_fra", "France", "takes Saxony") in after


def test_the_card_is_in_the_campaign_language() -> None:
    card = _card("fr")
    assert card.header.title == "Bataille terrestre : Saxe"
    assert card.panels[1].title == "Défenseur : Autriche"
    assert "Vainqueur : France, de 2 PB" in card.header.lines


def test_a_step_that_resolves_no_combat_has_no_card() -> None:
    state = _before_the_roll(sized=False)
    outcome = submit(URR, state, "P1", {"type": "adjust_size", "change": 0})
    assert not any(e.key == "urr.event.dice" for e in outcome.events)
    events = [event.model_dump(mode="json") for event in outcome.events]
    assert step_pictures(events, URR.view(outcome.state, None), "en") == []
    assert render_step_pictures(URR.name, [], URR.view(state, None)) == []


def test_the_card_names_no_card_of_any_deck() -> None:
    text = json.dumps(_card().model_dump(mode="json"))
    assert not any(f'"{card.id}"' in text for card in default_data().deck)


def test_the_card_is_drawn_at_preview_width_and_matches_its_reference() -> None:
    events, view = _resolved()
    pictures = render_step_pictures(URR.name, events, view, "en")
    assert [picture.title for picture in pictures] == ["Land battle in Saxony"]
    image = Image.open(io.BytesIO(pictures[0].png))
    assert image.width == round(CARD_UNITS * CARD_SCALE)
    assert matches(pictures[0].png, reference("urr_battle_card", pictures[0].png))


def test_only_a_game_that_draws_step_pictures_is_asked_for_them() -> None:
    others = [r.name for r in registry.all_rulesets() if has_map(r.name) and r.name != URR.name]
    assert has_step_pictures(URR.name)
    assert others and not any(has_step_pictures(name) for name in others)


def test_every_text_of_the_card_is_20_px_at_discords_preview_width() -> None:
    """The card is as wide as Discord shows a picture (550 px), so its pixels are what a
    reader sees: no text below 20 px (a map's least is 16 px on 1600, 5.5 at preview)."""
    with measured_sizes() as sizes:
        image = render_card_image(_card("fr"))
    assert image.width == 550
    assert sizes and min(size for _, size in sizes) >= 20
