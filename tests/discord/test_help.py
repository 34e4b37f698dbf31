"""Help in Discord (issue 22): /help lists the commands by role in the user's language,
/campaign rules gives a short summary of each game beside its options, and "What now?" on
every prompt explains the decision in a sentence."""

from __future__ import annotations

import random

import pytest

from bot.discord.what_now import WhatNowButton, explanation
from bot.i18n import LANGUAGES, catalogue, translate
from rulesets import registry
from rulesets.core import legal_prompts, start, submit
from tests.discord.conftest import Table, open_mini_campaign, text_of
from tests.i18n.sentence_rules import problems
from tests.random_play import random_action

GAMES = ["struggle", "empires", "colonial", "ultima-ratio-regis", "pax-britannica"]


def _section(result_text: str, title: str) -> str:
    """The text of one role's embed in a /help answer."""
    start_at = result_text.index(title)
    return result_text[start_at : start_at + 4000]


async def test_help_lists_the_commands_by_role(table: Table) -> None:
    t = table
    answer = await t.alice.slash(t.channel, "help")
    assert answer.ephemeral and answer.response is not None
    titles = [embed.title for embed in answer.response.embeds]
    assert titles == ["For players", "For the creator of a campaign", "For moderators"]
    players, creators, moderators = (embed.description or "" for embed in answer.response.embeds)
    assert "**/campaign join**: Take a seat in the campaign" in players
    assert "/turns" in players and "/campaign takeback" in players and "/help" in players
    assert "/campaign create" in creators and "/campaign create" not in players
    assert "**/admin undo**" in moderators and "/admin" not in players
    assert "What now?" in text_of(answer)


async def test_help_in_french(table: Table) -> None:
    t = table
    t.locales[t.alice.id] = "fr"
    answer = await t.alice.slash(t.channel, "help")
    assert answer.response is not None
    titles = [embed.title for embed in answer.response.embeds]
    assert titles == ["Pour les joueurs", "Pour le créateur d'une campagne", "Pour les modérateurs"]
    players = answer.response.embeds[0].description or ""
    assert "**/campagne rejoindre**" in players and "Et maintenant ?" in text_of(answer)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_summary_of_its_rules_in_both_languages(game: str) -> None:
    english = catalogue("en")[f"{game}.rules.summary"]
    french = catalogue("fr")[f"{game}.rules.summary"]
    assert english != french and len(english) > 200 and len(french) > 200
    assert not problems(english, "en") and not problems(french, "fr")


async def test_campaign_rules_shows_the_summary_beside_the_options(table: Table) -> None:
    t = table
    t.locales[t.bob.id] = "fr"
    for number, game in enumerate(GAMES):
        channel = t.guild.create_text_channel(f"game-{number}")
        campaign = await t.bot.service.create_campaign(
            ruleset=game,
            creator_id=str(t.alice.id),
            guild_id=t.guild.id,
            channel_id=channel.id,
            options={},
        )
        shown = text_of(await t.alice.slash(channel, "campaign rules"))
        assert translate(f"{game}.rules.summary", "en")[:120] in shown
        french = text_of(await t.bob.slash(channel, "campaign rules", campaign=campaign.id))
        assert translate(f"{game}.rules.summary", "fr")[:120] in french


async def test_what_now_explains_the_prompt_privately(table: Table) -> None:
    t = table
    await open_mini_campaign(t)
    await t.bot.courier.deliver_pending()
    prompt = t.last_prompt_for(t.alice)
    messages = len(t.public_messages())
    answer = await t.carol.click(prompt, label="What now?")  # anyone may ask
    assert answer.ephemeral
    text = text_of(answer)
    assert translate("help.prompt.generic", "en") in text  # the mini game has no own sentence
    assert "2 choices: pass; bid 1–10." in text
    assert len(t.public_messages()) == messages


async def test_what_now_on_a_struggle_prompt_uses_the_game_s_sentence(table: Table) -> None:
    t = table
    t.locales[t.bob.id] = "fr"
    dave = t.guild.add_member(t.env.create_user("dave"))
    await t.bot.service.create_campaign(
        ruleset="struggle",
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options={},
    )
    for seat, player in zip(
        ["GBR", "FRA", "PRU", "AUS"], [t.alice, t.bob, t.carol, dave], strict=True
    ):
        await player.slash(t.channel, "campaign join", seat=seat)
    await t.alice.slash(t.channel, "campaign start")
    await t.bot.courier.deliver_pending()
    prompt = next(m for m in reversed(t.public_messages()) if m.components)
    answer = await t.alice.click(prompt, label="What now?")
    assert translate("help.prompt.struggle.place_unit", "en") in text_of(answer)
    french = await t.bob.click(prompt, label="What now?")
    assert translate("help.prompt.struggle.place_unit", "fr") in text_of(french)


@pytest.mark.parametrize("game", GAMES)
def test_every_prompt_a_game_asks_has_its_own_explanation(game: str) -> None:
    """Random games of each ruleset: every prompt kind met has a sentence of its own, in
    English and in French, not the generic one."""
    ruleset = registry.get(game)
    generic = {translate("help.prompt.generic", language) for language in LANGUAGES}
    missing: set[str] = set()
    for seed in (1, 2):
        rng = random.Random(seed)
        seats = [spec.id for spec in ruleset.seat_pool()][: ruleset.min_players + seed % 2]
        state = start(ruleset, seats, {}, f"{seed:064x}").state
        for _ in range(300):
            prompts = legal_prompts(ruleset, state)
            if not prompts:
                break
            for prompt in prompts:
                for language in LANGUAGES:
                    if explanation(game, prompt, language) in generic:
                        missing.add(prompt.kind)
                    if f"help.prompt.{game}.{prompt.kind}" not in catalogue(language):
                        missing.add(f"{prompt.kind} ({language})")
            prompt = rng.choice(prompts)
            state = submit(ruleset, state, prompt.seat, random_action(prompt, rng)).state
    assert not missing, sorted(missing)


def test_a_prompt_with_a_select_menu_per_row_keeps_its_choices() -> None:
    """Five select menus fill every row: "What now?" then gives way to the choices."""
    from bot.discord.choices import PromptSlot
    from bot.discord.components import ChoiceSelect, prompt_view
    from rulesets.core import Choice, Msg, Prompt
    from tests.fixtures.mini_game import Bid

    choices = [Choice.of(Bid(amount=n)) for n in range(1, 130)]
    prompt = Prompt(seat="red", kind="bid", text=Msg(key="mini.prompt.bid"), choices=choices)
    view = prompt_view("mini", PromptSlot(1, 1, "red"), prompt, "en")
    assert len(view.children) == 5
    assert all(isinstance(child, ChoiceSelect) for child in view.children)
    short = Prompt(seat="red", kind="bid", text=Msg(key="mini.prompt.bid"), choices=choices[:3])
    buttons = prompt_view("mini", PromptSlot(1, 1, "red"), short, "en").children
    assert len(buttons) == 4 and isinstance(buttons[-1], WhatNowButton)
