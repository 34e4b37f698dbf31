"""Colonial's secret programme through Discord: a private prompt goes to its player by DM
(alice clicks its card buttons there, bob gives his four cards at once in its form), or,
for carol whose DMs are closed, is announced in the channel by a mention only and answered
through /play's private autocomplete (one card, then the whole order in one form). A whole
turn is played; after every step no public message, public view (the map is drawn from it)
or /history page tells an unrevealed slot."""

from __future__ import annotations

import random
from typing import Any

import discord

from bot.i18n import localise_value, translate
from rulesets.colonial import COLONIAL
from rulesets.colonial.state import ColonialState
from tests.colonial.helpers import with_unrevealed_slots_changed
from tests.discord.conftest import Table, button_labels, text_of

SEATS = ["col_red", "col_blue", "col_green"]
OPTIONS = {"turn_limit": 40, "three_player_ignored": "asia"}
PLANS = {
    "col_red": ["card_3", "card_1", "card_4", "card_2"],
    "col_blue": ["card_6", "card_5", "card_2", "card_1"],
    "col_green": ["card_2", "card_6", "card_1", "card_5"],
}
# Words only a programme prompt, its choices or its private notes use.
PRIVATE_WORDS = (
    "Next in my programme",
    "Your programme",
    "Start my programme again",
    "Give all four cards",
)


def prompt_in_dm(player: Any) -> discord.Message:
    shown = [m for m in player.user.dm_channel.history() if m.components]
    assert shown, f"no private prompt in {player.name}'s DMs"
    return shown[-1]


def card_button(message: discord.Message, card: str) -> str:
    number = card.removeprefix("card_")
    (label,) = [
        label
        for label in button_labels(message)
        if label.startswith(f"Next in my programme: card {number} ")
    ]
    return label


async def check_nothing_secret_is_public(t: Table, campaign_id: int) -> None:
    service = t.bot.service
    current = await service.get_campaign(campaign_id)
    state = await service.state_at(campaign_id, current.seq)
    assert isinstance(state, ColonialState)
    public = t.public_text()
    for words in PRIVATE_WORDS:
        assert words not in public
    # The public view (and so the map drawn from it) is the same whatever the unrevealed
    # slots hold.
    shown = await service.play.public_view(campaign_id)
    assert shown == COLONIAL.view(with_unrevealed_slots_changed(state), None)
    history = text_of(await t.spectator.slash(t.channel, "history"))
    for words in PRIVATE_WORDS:
        assert words not in history
    if state.phase == "programme" and state.turn == 1:
        # Before the first lock not one card is told: no reveal, no programme.
        assert "is revealed" not in history and "Programme of" not in history


async def test_a_turn_programmed_in_private(table: Table) -> None:
    t = table
    service = t.bot.service
    campaign = await service.create_campaign(
        ruleset="colonial",
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options=OPTIONS,
        seed_hex=f"{17:064x}",
    )
    carol_dm = t.carol.user.dm_channel
    t.env.inject_error(
        "POST",
        f"/channels/{carol_dm.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    players = dict(zip(SEATS, [t.alice, t.bob, t.carol], strict=True))
    for seat, player in players.items():
        await player.slash(t.channel, "campaign join", seat=seat)
    await t.alice.slash(t.channel, "campaign start")
    await check_nothing_secret_is_public(t, campaign.id)

    # alice programmes in her DMs, card by card, with the private prompt's buttons.
    player = t.alice
    for number, card in enumerate(PLANS["col_red"], start=1):
        clicked = await player.user.click(
            prompt_in_dm(player), label=card_button(prompt_in_dm(player), card)
        )
        assert "Order accepted" in text_of(clicked)
        so_far = ", ".join(f"card {c.removeprefix('card_')}" for c in PLANS["col_red"][:number])
        assert so_far in prompt_in_dm(player).content
        await check_nothing_secret_is_public(t, campaign.id)
    lock = translate("col.label.confirm_programme", "en")[:80]
    await player.user.click(prompt_in_dm(player), label=lock)
    assert f"{localise_value('col_red', 'en')} has programmed its cards" in t.public_text()
    await check_nothing_secret_is_public(t, campaign.id)

    # bob gives his four cards at once: a button of his DM opens a form for their numbers.
    whole = translate("col.label.programme_order", "en")[:80]
    shown = await t.bob.user.click(prompt_in_dm(t.bob), label=whole)
    typed = " ".join(card.removeprefix("card_") for card in PLANS["col_blue"])
    refused = await t.bob.user.submit_modal(shown, {"courier:p:cards": "6 6 2 1"})
    assert "4 different numbers from 1 to 6" in text_of(refused)
    shown = await t.bob.user.click(prompt_in_dm(t.bob), label=whole)
    accepted = await t.bob.user.submit_modal(shown, {"courier:p:cards": typed})
    assert "Order accepted" in text_of(accepted)
    await check_nothing_secret_is_public(t, campaign.id)

    # carol's DMs are closed: the channel names her and where to answer, nothing more.
    notices = [
        m for m in t.public_messages() if t.carol.mention in m.content and "/play" in m.content
    ]
    assert notices and not notices[-1].components
    assert carol_dm.history() == []
    # She picks one card in /play (its list and its answer are hers alone), then changes
    # her mind and gives the whole order at once there.
    offered = await t.carol.autocomplete(t.channel, "play", "order", "programme: card 3 ")
    (order,) = [o["value"] for o in offered if o["name"].startswith("Next in my programme")]
    answered = await t.carol.slash(t.channel, "play", order=order)
    assert answered.response is not None and answered.response.ephemeral
    await check_nothing_secret_is_public(t, campaign.id)
    offered = await t.carol.autocomplete(t.channel, "play", "order", "all four")
    (order,) = [o["value"] for o in offered]
    shown = await t.carol.slash(t.channel, "play", order=order)
    typed = ", ".join(card.removeprefix("card_") for card in PLANS["col_green"])
    answered = await t.carol.submit_modal(shown, {"courier:p:cards": typed})
    assert "Order accepted" in text_of(answered)
    assert answered.response is not None and answered.response.ephemeral

    # Locked: the commitments are public, then slot 1 of each programme only.
    public = t.public_text()
    assert public.count("fingerprint") >= 3
    current = await service.get_campaign(campaign.id)
    state = await service.state_at(campaign.id, current.seq)
    assert isinstance(state, ColonialState)
    assert state.phase == "round"
    assert {seat: cards[:1] for seat, cards in PLANS.items()} == state.revealed

    # The rest of the turn through /play in the channel, checked after every step.
    rng = random.Random(17)
    steps = 0
    while state.turn == 1 and not state.finished:
        prompts = await service.prompts(campaign.id)
        prompt = rng.choice(prompts)
        assert not prompt.private
        action = COLONIAL.autopilot_action(state, prompt.seat, steps)
        choice = prompt.find(action)
        assert choice is not None
        order = f"{current.seq}:{prompt.seat}:{prompt.choices.index(choice)}"
        numbers = [int(action[name]) for name in choice.ranges]
        answered = await players[prompt.seat].slash(
            t.channel, "play", order=order, **({"number": numbers[0]} if numbers else {})
        )
        assert "Order accepted" in text_of(answered), text_of(answered)
        await check_nothing_secret_is_public(t, campaign.id)
        current = await service.get_campaign(campaign.id)
        state = await service.state_at(campaign.id, current.seq)  # type: ignore[assignment]
        steps += 1
    assert steps >= 3 and state.turn == 2
    # The new turn's programme prompt went to alice by DM again, empty.
    assert "Programme 4 of your cards" in prompt_in_dm(t.alice).content
