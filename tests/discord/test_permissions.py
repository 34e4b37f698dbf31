"""Every command and button tried by someone not entitled to it is refused with a sentence
and changes nothing: another seat's player, a spectator, an outsider, a non-moderator."""

from __future__ import annotations

from typing import Any

from bot.services import CampaignService
from rulesets.core import state_hash
from tests.discord.conftest import Table, open_mini_campaign, text_of


async def _fingerprint(service: CampaignService, campaign_id: int) -> tuple[Any, ...]:
    campaign = await service.get_campaign(campaign_id)
    state = await service.state_at(campaign_id, campaign.seq) if campaign.seq >= 0 else None
    holders = {seat: h.user_id for seat, h in (await service.holders(campaign_id)).items()}
    audit = len(await service.audit_log(campaign_id))
    return campaign.seq, campaign.status, state and state_hash(state), holders, audit


def _refused(result: Any, sentence: str | None = None) -> None:
    assert result.ephemeral, "a refusal is answered privately"
    text = text_of(result)
    assert text and "Traceback" not in text and "Order accepted" not in text
    if sentence is not None:
        assert sentence in text


async def test_orders_for_a_seat_are_refused_to_everyone_but_its_holder(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    before = await _fingerprint(t.bot.service, campaign_id)
    red_prompt = t.last_prompt_for(t.alice)
    forged = f"{before[0]}:red:0"

    for intruder in (t.bob, t.spectator, t.carol, t.moderator):
        _refused(await intruder.click(red_prompt, label="pass"), "Only the player holding red")
        _refused(await intruder.slash(t.channel, "play", order=forged))
        assert await intruder.autocomplete(t.channel, "play", "order", "") == [] or (
            intruder is t.bob
        )
    _refused(await t.bob.click(red_prompt, label="bid 1–10"), "Only the player holding red")
    assert await _fingerprint(t.bot.service, campaign_id) == before


async def test_private_views_and_lifecycle_commands_are_refused(table: Table) -> None:
    t = table
    await t.alice.slash(t.channel, "campaign create", game="mini")
    campaign = await t.bot.service.campaign_for_channel(t.channel.id)
    assert campaign is not None
    await t.alice.slash(t.channel, "campaign join", seat="red")
    await t.bob.slash(t.channel, "campaign join", seat="blue")
    lobby = await _fingerprint(t.bot.service, campaign.id)
    for not_creator in (t.bob, t.spectator):
        _refused(await not_creator.slash(t.channel, "campaign start"), "creator or a moderator")
    _refused(await t.spectator.slash(t.channel, "campaign leave"))
    assert await _fingerprint(t.bot.service, campaign.id) == lobby

    await t.alice.slash(t.channel, "campaign start")
    started = await _fingerprint(t.bot.service, campaign.id)
    for outsider in (t.spectator, t.carol):
        _refused(await outsider.slash(t.channel, "me"))
    _refused(await t.alice.slash(t.channel, "campaign leave"))
    # Spectators may read the public state.
    status = await t.spectator.slash(t.channel, "campaign status")
    assert status.ephemeral and "Waiting for red: deadline <t:" in text_of(status)
    assert "luck" not in text_of(await t.spectator.slash(t.channel, "history"))
    assert await _fingerprint(t.bot.service, campaign.id) == started


async def test_admin_commands_refuse_non_moderators(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    await t.bob.click(t.last_prompt_for(t.alice), label="pass")  # refused: red's prompt
    await t.alice.click(t.last_prompt_for(t.alice), label="pass")
    before = await _fingerprint(t.bot.service, campaign_id)
    attempts: list[tuple[str, dict[str, Any]]] = [
        ("admin pause", {"reason": "testing"}),
        ("admin resume", {"reason": "testing"}),
        ("admin undo", {"reason": "testing"}),
        ("admin rollback", {"seq": 0, "reason": "testing"}),
        ("admin replace", {"seat": "red", "player": t.carol, "reason": "testing"}),
        ("admin kick", {"seat": "red", "reason": "testing"}),
        ("admin force", {"seat": "blue", "reason": "testing"}),
        ("admin end", {"reason": "testing"}),
    ]
    for actor in (t.alice, t.bob, t.spectator):
        for command, options in attempts:
            result = await actor.slash(t.channel, command, **options)
            _refused(result, "Only moderators can use this command.")
    assert await _fingerprint(t.bot.service, campaign_id) == before


async def test_moderator_acts_are_audited_and_announced_with_reason(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    await t.alice.click(t.last_prompt_for(t.alice), label="pass")
    await t.moderator.slash(t.channel, "admin pause", reason="holiday week")
    assert (await t.bot.service.get_campaign(campaign_id)).status == "paused"
    refused = await t.bob.click(t.last_prompt_for(t.bob), label="pass")
    _refused(refused)
    await t.moderator.slash(t.channel, "admin resume", reason="back from holiday")
    await t.moderator.slash(t.channel, "admin force", seat="blue", reason="absent for days")
    shown = await t.moderator.slash(t.channel, "admin rollback", seq=0, reason="restart")
    assert shown.ephemeral and "removes the 2 latest steps" in text_of(shown)
    await t.moderator.click(shown.response, label="Roll back")  # type: ignore[arg-type]
    assert (await t.bot.service.get_campaign(campaign_id)).seq == 0
    public = t.public_text()
    for reason in ("holiday week", "back from holiday", "absent for days", "restart"):
        assert reason in public
    acts = [entry.act for entry in await t.bot.service.audit_log(campaign_id)]
    assert len(acts) >= 4
    assert t.moderator.mention in public


async def test_admin_seat_options_are_suggested(table: Table) -> None:
    t = table
    await open_mini_campaign(t)
    offered = await t.moderator.autocomplete(t.channel, "admin force", "seat", "bl")
    assert [choice["value"] for choice in offered] == ["blue"]


async def test_a_campaign_is_invisible_from_another_server(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    elsewhere = t.env.create_guild("Another table")
    lounge = elsewhere.create_text_channel("lounge")
    stranger = elsewhere.add_member(t.env.create_user("stranger"))
    before = await _fingerprint(t.bot.service, campaign_id)
    for command in ("me", "history", "map", "campaign status", "campaign join"):
        refused = await stranger.slash(lounge, command, campaign=campaign_id)
        _refused(refused, f"There is no campaign {campaign_id} on this server.")
    assert await _fingerprint(t.bot.service, campaign_id) == before
