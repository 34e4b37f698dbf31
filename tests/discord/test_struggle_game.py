"""A full Struggle of Empires campaign through Discord: five powers join and start with
slash commands, most turns are played by a fixed mixed policy (random legal choices and the
autopilot) through the service, an ally answers a call for support with a button and the
number modal, a hidden unrest total is shown to its owner only, and no public message ever
carries a private event."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.i18n import render
from rulesets.core import Prompt, legal_prompts, start, submit
from rulesets.struggle import STRUGGLE
from rulesets.struggle.state import StruggleState
from tests.discord.conftest import Table, text_of
from tests.random_play import random_action

POWERS = ["GBR", "FRA", "PRU", "AUS", "SPA"]
SUPPORT = "support_attack"


def policy_action(state: Any, prompt: Prompt, rng: random.Random, step: int) -> dict[str, Any]:
    """Half random legal choices (they attack and ally), half the autopilot (it finishes)."""
    if rng.random() < 0.5:
        return random_action(prompt, rng)
    return STRUGGLE.autopilot_action(state, prompt.seat, step)


def seed_with_a_support_call(limit: int = 24) -> tuple[int, int]:
    """The first dice seed (and step) at which the policy makes an ally decide on support."""
    for seed in range(limit):
        rng = random.Random(seed)
        state = start(STRUGGLE, POWERS, {}, f"{seed:064x}").state
        for step in range(2_000):
            if state.finished:
                break
            prompt = legal_prompts(STRUGGLE, state)[0]
            if prompt.kind == SUPPORT:
                return seed, step
            state = submit(
                STRUGGLE, state, prompt.seat, policy_action(state, prompt, rng, step)
            ).state
    pytest.fail("no seed gave a call for support")


async def test_a_struggle_campaign_with_a_support_call_and_hidden_unrest(table: Table) -> None:
    t = table
    seed, support_step = seed_with_a_support_call()
    service = t.bot.service
    campaign = await service.create_campaign(
        ruleset="struggle",
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options={},
        seed_hex=f"{seed:064x}",
    )
    extra = [t.guild.add_member(t.env.create_user(name)) for name in ("dave", "erin")]
    players = dict(zip(POWERS, [t.alice, t.bob, t.carol, *extra], strict=True))
    for power, player in players.items():
        joined = await player.slash(t.channel, "campaign join", seat=power)
        assert not joined.ephemeral
    await t.alice.slash(t.channel, "campaign start")

    # The first placement offers more choices than buttons hold: it is made in a select menu.
    rng = random.Random(seed)
    state = await service.state_at(campaign.id, 0)
    prompt = (await service.prompts(campaign.id))[0]
    chosen = prompt.find(policy_action(state, prompt, rng, 0))
    assert chosen is not None and len(prompt.choices) > 20
    index = prompt.choices.index(chosen)
    menu = f"courier:s:{campaign.id}:0:{prompt.seat}:0:{index // 25}"
    picked = await players[prompt.seat].select(
        t.last_prompt_for(players[prompt.seat]), [str(index)], custom_id=menu
    )
    assert "Order accepted" in text_of(picked)

    for step in range(1, support_step):
        state = await service.state_at(campaign.id, (await service.get_campaign(campaign.id)).seq)
        prompt = (await service.prompts(campaign.id))[0]
        action = policy_action(state, prompt, rng, step)
        await service.submit(campaign.id, str(players[prompt.seat].id), action, seat=prompt.seat)
    await t.bot.courier.deliver_pending()

    # The ally is asked in the channel; they choose how many ships and armies in the modal.
    prompt = (await service.prompts(campaign.id))[0]
    assert prompt.kind == SUPPORT
    ally = players[prompt.seat]
    message = t.last_prompt_for(ally)
    seq = (await service.get_campaign(campaign.id)).seq
    ranged = prompt.choices[1].ranges
    shown = await ally.click(message, custom_id=f"courier:c:{campaign.id}:{seq}:{prompt.seat}:0:1")
    assert shown.modal is not None
    answer = {f"courier:n:{name}": str(span.high) for name, span in ranged.items()}
    accepted = await ally.submit_modal(shown, answer)
    assert "Order accepted" in text_of(accepted)
    assert (await service.get_campaign(campaign.id)).seq == seq + 1

    # Someone carries secret unrest: /me shows it to its owner, nobody else sees it.
    state = await service.state_at(campaign.id, seq + 1)
    troubled = next(p for p in POWERS if state.powers[p].unrest > 0)  # type: ignore[attr-defined]
    unrest = state.powers[troubled].unrest  # type: ignore[attr-defined]
    owner_view = text_of(await players[troubled].slash(t.channel, "me"))
    assert f"unrest: {unrest}" in owner_view.replace("Unrest", "unrest")

    # The map is drawn by the renderer and posted for everyone.
    drawn = await t.spectator.slash(t.channel, "map")
    assert not drawn.ephemeral
    posted = drawn.followups[0] if drawn.followups else drawn.response
    assert posted is not None and posted.attachments
    assert posted.attachments[0].filename == "map.png"

    # Play on to the end with the autopilot.
    for step in range(3_000):
        current = await service.get_campaign(campaign.id)
        if current.status == "finished":
            break
        state = await service.state_at(campaign.id, current.seq)
        assert isinstance(state, StruggleState)
        prompt = (await service.prompts(campaign.id))[0]
        action = STRUGGLE.autopilot_action(state, prompt.seat, step)
        await service.submit(campaign.id, str(players[prompt.seat].id), action, seat=prompt.seat)
    await t.bot.courier.deliver_pending()
    assert (await service.get_campaign(campaign.id)).status == "finished"
    assert "Final scores" in t.public_text()

    # No private event, in either language, ever reached the channel.
    public = t.public_text()
    history = await service.history(campaign.id, limit=10_000, before_seq=None)
    secrets = {
        render(event, language)
        for entry in history
        for event in entry.events
        if not event.is_public
        for language in ("en", "fr")
    }
    assert secrets, "the game produced private events"
    leaked = [secret for secret in secrets if secret in public]
    assert not leaked
