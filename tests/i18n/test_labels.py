"""The one choice label: catalogue names for the action and its values, ranges after them."""

from __future__ import annotations

from bot.console.text import choice_text
from bot.discord.choices import LABEL_LIMIT, button_label
from bot.i18n.labels import choice_label
from rulesets.core import Choice, IntRange, Msg, legal_prompts, start
from rulesets.struggle import STRUGGLE
from tests.fixtures.mini_game import Bid


def _first_placement() -> Choice:
    state = start(STRUGGLE, ["GBR", "FRA"], {}, "ab" * 32).state
    prompt = legal_prompts(STRUGGLE, state)[0]
    assert prompt.kind == "place_unit"
    return next(c for c in prompt.choices if c.action.get("region") == "GER")


def test_a_starting_placement_is_labelled_by_catalogue_names() -> None:
    choice = _first_placement()
    english = choice_label("struggle", choice, "en")
    assert english.startswith("Place ") and "German States" in english
    assert "place_unit" not in english and "GER" not in english.split()
    assert choice_label("struggle", choice, "fr").startswith("Placer ")


def test_console_and_buttons_show_the_same_label() -> None:
    choice = _first_placement()
    assert choice_text("struggle", choice, "en") == button_label("struggle", choice, "en")


def test_open_numbers_show_their_range_named_for_the_console_only() -> None:
    choice = Choice.of(Bid(amount=1), amount=IntRange(low=1, high=10))
    assert choice_label("mini", choice, "en") == "bid 1–10"
    assert choice_text("mini", choice, "en") == "bid amount 1–10"


def test_a_label_that_names_its_number_is_not_followed_by_the_name_again() -> None:
    label = Msg(key="col.label.give", params={"to": "col_blue"})
    choice = Choice.of(Bid(amount=1), label, amount=IntRange(low=1, high=3))
    assert choice_text("colonial", choice, "en") == "Give Treasury to Blue, amount: 1–3"
    assert choice_text("colonial", choice, "fr") == "Donner du Trésor à Bleu, montant : 1–3"


def test_a_button_label_fits_discord() -> None:
    choice = Choice.of(Bid(amount=1), amount=IntRange(low=1, high=10**80))
    assert len(button_label("mini", choice, "en")) == LABEL_LIMIT
