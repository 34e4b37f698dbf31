"""The same short game with the campaign in French: public posts, buttons and errors are
French, while a player whose Discord is in English gets English ephemeral replies."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.discord.translator import CourierTranslator
from bot.i18n import catalogue
from tests.discord.conftest import Table, button_labels, open_mini_campaign, text_of

# The miniature game is a test fixture without catalogues; these play its French part.
MINI_CATALOGUES = {
    "en": {
        "mini.title": "Miniature",
        "mini.action.pass": "pass",
        "mini.action.bid": "bid",
        "mini.action.call": "call",
        "mini.prompt.bid": "Bid for the treasure or pass.",
        "mini.prompt.call": "Call high or low.",
        "mini.pass": "{seat} passes.",
        "mini.bid": "{seat} bids {amount}.",
        "name.red": "Red",
        "name.blue": "Blue",
    },
    "fr": {
        "mini.title": "Miniature",
        "mini.action.pass": "passer",
        "mini.action.bid": "enchérir",
        "mini.action.call": "annoncer",
        "mini.prompt.bid": "Enchérissez pour le trésor ou passez.",
        "mini.prompt.call": "Annoncez haut ou bas.",
        "mini.pass": "{seat} passe.",
        "mini.bid": "{seat} enchérit à {amount}.",
        "name.red": "Rouge",
        "name.blue": "Bleu",
        "name.high": "haut",
        "name.low": "bas",
    },
}


@pytest.fixture
def mini_catalogues() -> Iterator[None]:
    added: dict[str, list[str]] = {}
    for language, entries in MINI_CATALOGUES.items():
        merged = catalogue(language)
        added[language] = [key for key in entries if key not in merged]
        merged.update({key: entries[key] for key in added[language]})
    yield
    for language, keys in added.items():
        for key in keys:
            catalogue(language).pop(key, None)


async def test_a_french_campaign_posts_in_french(table: Table, mini_catalogues: None) -> None:
    t = table
    t.locales[t.bob.id] = "fr"
    campaign_id = await open_mini_campaign(t, language="fr")
    public = t.public_text()
    assert f"La campagne {campaign_id} de Miniature est ouverte" in public
    assert "prend la place Rouge" in public

    prompt = t.last_prompt_for(t.alice)
    assert "Enchérissez pour le trésor ou passez." in prompt.content
    assert button_labels(prompt) == ["passer", "enchérir 1–10"]

    # bob's Discord is in French: his refusal is French.
    refused = await t.bob.click(prompt, label="passer")
    assert text_of(refused) == "Seul le joueur qui tient Rouge peut répondre."
    # alice's Discord is in English: her private answer is English, the report French.
    accepted = await t.alice.click(prompt, label="passer")
    assert text_of(accepted).startswith("Order accepted: pass")
    report = t.public_messages()[-2]
    assert report.embeds[0].title == f"Campagne {campaign_id}, étape 1"
    assert "Rouge passe." in (report.embeds[0].description or "")

    # A number out of range in the modal is refused in the player's language.
    shown = await t.bob.click(t.last_prompt_for(t.bob), label="enchérir 1–10")
    too_much = await t.bob.submit_modal(shown, {"courier:n:amount": "99"})
    assert text_of(too_much) == "amount doit être un nombre entier de 1 à 10."
    status = await t.bob.slash(t.channel, "campaign status")
    assert "en cours" in text_of(status)

    # To the end: bob passes too, both call, and the final report is French.
    await t.bob.click(t.last_prompt_for(t.bob), label="passer")
    await t.alice.click(t.last_prompt_for(t.alice), label="annoncer haut")
    await t.bob.click(t.last_prompt_for(t.bob), label="annoncer bas")
    reports = [m for m in t.public_messages() if m.embeds]
    final = reports[-1].embeds[0]
    assert final.fields[0].name == "Scores finaux"
    scores = final.fields[0].value or ""
    assert "Rouge" in scores and "Bleu" in scores


async def test_command_names_and_descriptions_are_localised(table: Table) -> None:
    translator = CourierTranslator()
    campaign_group = table.bot.tree.get_command("campaign")
    assert campaign_group is not None
    payload = await campaign_group.get_translated_payload(table.bot.tree, translator)
    assert payload["name_localizations"]["fr"] == "campagne"
    create = next(option for option in payload["options"] if option["name"] == "create")
    assert create["name_localizations"]["fr"] == "creer"
    assert create["description_localizations"]["fr"] == "Créer une campagne dans ce salon"
    game = next(option for option in create["options"] if option["name"] == "game")
    assert game["name_localizations"]["fr"] == "jeu"


async def test_new_campaigns_follow_the_configured_default_language(table: Table) -> None:
    table.bot.default_language = "fr"
    created = await table.alice.slash(table.channel, "campaign create", game="mini")
    assert "La campagne 1" in text_of(created)
    elsewhere = table.guild.create_text_channel("english-table")
    english = await table.alice.slash(elsewhere, "campaign create", game="mini", language="en")
    assert "Campaign 2" in text_of(english)
