"""A whole Colonial campaign through Discord: three players join and start with slash
commands, programme their cards in secret with the buttons of the private prompt the bot
sends each of them by DM, and give every other order with `/play`; the map is posted
mid-game, the final scores reach the channel, and no private event (a programmed card) ever
reaches a public message."""

from __future__ import annotations

import random
from typing import Any

from bot.i18n import render
from rulesets.colonial import COLONIAL
from rulesets.colonial.state import ColonialState
from rulesets.core import Prompt
from tests.discord.conftest import Table, text_of
from tests.random_play import random_action

SEATS = ["col_red", "col_blue", "col_green"]
OPTIONS = {"turn_limit": 40, "three_player_ignored": "asia"}
MAX_STEPS = 3_000
MAP_STEP = 40  # during the first turn's rounds


def policy_action(state: Any, prompt: Prompt, rng: random.Random, step: int) -> dict[str, Any]:
    """Mostly the autopilot (it finishes), sometimes a random legal choice (it explores)."""
    if rng.random() < 0.15:
        return random_action(prompt, rng)
    return COLONIAL.autopilot_action(state, prompt.seat, step)


async def test_a_colonial_campaign_through_discord(table: Table) -> None:
    t = table
    seed_hex = f"{5:064x}"
    service = t.bot.service
    campaign = await service.create_campaign(
        ruleset="colonial",
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options=OPTIONS,
        seed_hex=seed_hex,
    )
    players = dict(zip(SEATS, [t.alice, t.bob, t.carol], strict=True))
    for seat, player in players.items():
        joined = await player.slash(t.channel, "campaign join", seat=seat)
        assert not joined.ephemeral
    await t.alice.slash(t.channel, "campaign start")

    rng = random.Random(5)
    programmed_in_private = 0
    for step in range(MAX_STEPS):
        current = await service.get_campaign(campaign.id)
        if current.status == "finished":
            break
        state = await service.state_at(campaign.id, current.seq)
        prompts = await service.prompts(campaign.id)
        prompt = rng.choice(prompts)  # simultaneous prompts answer in any order
        action = policy_action(state, prompt, rng, step)
        choice = prompt.find(action)
        assert choice is not None
        index = prompt.choices.index(choice)
        player = players[prompt.seat]
        if prompt.private and not choice.ranges:
            # The programme is answered in the player's DMs, on the prompt sent there (a
            # gift of Treasury, which asks a number, by /play).
            (sent,) = [m for m in player.user.dm_channel.history() if m.components][-1:]
            custom_id = f"courier:c:{campaign.id}:{current.seq}:{prompt.seat}:0:{index}"
            answered = await player.user.click(sent, custom_id=custom_id)
            if choice.picks:  # all four cards at once: their numbers in the form it opens
                typed = " ".join(card.removeprefix("card_") for card in action["cards"])
                answered = await player.user.submit_modal(answered, {"courier:p:cards": typed})
            programmed_in_private += 1
        else:
            order = f"{current.seq}:{prompt.seat}:{index}"
            numbers = [int(action[name]) for name in choice.ranges]
            answered = await player.slash(
                t.channel, "play", order=order, **({"number": numbers[0]} if numbers else {})
            )
        assert "Order accepted" in text_of(answered), text_of(answered)
        if step == MAP_STEP:
            drawn = await t.spectator.slash(t.channel, "map")
            posted = drawn.followups[0] if drawn.followups else drawn.response
            assert posted is not None and posted.attachments
    assert programmed_in_private >= 15

    finished = await service.get_campaign(campaign.id)
    assert finished.status == "finished"
    final_state = await service.state_at(campaign.id, finished.seq)
    assert isinstance(final_state, ColonialState)
    assert COLONIAL.scores(final_state) is not None
    assert "Final scores" in t.public_text()

    public = t.public_text()
    history = await service.history(campaign.id, limit=100_000, before_seq=None)
    secrets = {
        render(event, language)
        for entry in history
        for event in entry.events
        if not event.is_public
        for language in ("en", "fr")
    }
    assert secrets, "the programmes were told to their players privately"
    leaked = [secret for secret in secrets if secret in public]
    assert not leaked
