"""A recap as the channel reads it: one embed, its title and one sentence a line, in the
campaign's language, with no key or Python value showing."""

from __future__ import annotations

import pytest

from bot.discord.payloads import RECAP_COLOUR, outbox_message
from bot.services.outbox import Recap
from tests.i18n.sentence_rules import problems

RECAP = Recap(
    campaign_id=3,
    key="recap.title.war",
    params={"number": 1, "campaign": 3, "seq": 90, "standings": {"GBR": 12, "FRA": 7}},
    lines=[
        {"key": "recap.standing.vp", "params": {"name": "GBR", "value": 12, "change": 5}},
        {"key": "recap.standing.vp", "params": {"name": "FRA", "value": 7, "change": 0}},
        {"key": "recap.seat", "params": {"seat": "GBR", "orders": 24, "missed": 1}},
        {"key": "recap.final.dice", "params": {"seat": "FRA", "dice": 19, "luck": -19}},
    ],
)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            [
                "Campaign 3: recap of war 1",
                "Great Britain: 12 victory points (+5 since the start of this period).",
                "France: 7 victory points (+0 since the start of this period).",
                "Great Britain: orders given 24; deadlines missed 1.",
                "France: 19 dice rolled in its own steps, -19 % against their average.",
            ],
        ),
        (
            "fr",
            [
                "Campagne 3 : bilan de la guerre 1",
                "Grande-Bretagne : 12 points de victoire (+5 depuis le début de cette période).",
                "France : 7 points de victoire (+0 depuis le début de cette période).",
                "Grande-Bretagne : ordres donnés 24 ; échéances manquées 1.",
                "France : 19 dés lancés lors de ses propres étapes,"
                " -19 % par rapport à leur moyenne.",
            ],
        ),
    ],
)
def test_a_recap_is_one_embed_of_sentences(language: str, expected: list[str]) -> None:
    content, [embed] = outbox_message(RECAP, language)
    assert content == "" and embed.colour is not None and embed.colour.value == RECAP_COLOUR
    lines = [embed.title or "", *(embed.description or "").split("\n")]
    assert lines == expected
    assert not [problem for line in lines for problem in problems(line, language)]
