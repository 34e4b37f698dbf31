"""The trust commands through Discord: moderators only where it matters, thin over services."""

from __future__ import annotations

import json
from typing import Any

import discord
import pytest

import bot.services.offload
from rulesets.core import state_hash
from tests.discord.conftest import Table, open_mini_campaign, text_of


async def _play_out(t: Table) -> None:
    """From the start of a mini campaign: red bids, blue passes, both call."""
    shown = await t.alice.click(t.last_prompt_for(t.alice), label="bid 1–10")
    await t.alice.submit_modal(shown, {"courier:n:amount": "3"})
    await t.bob.click(t.last_prompt_for(t.bob), label="pass")
    await t.alice.click(t.last_prompt_for(t.alice), label="call low")
    await t.bob.click(t.last_prompt_for(t.bob), label="call high")


async def test_the_commitment_is_posted_at_creation_and_the_dice_verify_at_the_end(
    table: Table,
) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    campaign = await t.bot.service.get_campaign(campaign_id)
    assert f"`{campaign.seed_commitment}`" in t.public_text()
    early = await t.bob.slash(t.channel, "campaign verify")
    assert early.ephemeral and "stays secret until the end" in text_of(early)
    await _play_out(t)
    checked = await t.spectator.slash(t.channel, "campaign verify")
    assert checked.ephemeral
    assert "matches the commitment" in text_of(checked)
    assert "All 3 rolls of the log" in text_of(checked)


async def test_only_moderators_read_the_audit_trail(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    await t.alice.click(t.last_prompt_for(t.alice), label="pass")
    await t.moderator.slash(t.channel, "admin undo", reason="she meant to bid")
    for player in (t.alice, t.spectator):
        refused = await player.slash(t.channel, "admin audit")
        assert refused.ephemeral and "she meant to bid" not in text_of(refused)
    shown = await t.moderator.slash(t.channel, "admin audit")
    assert shown.ephemeral
    assert "step taken back" in text_of(shown) and "she meant to bid" in text_of(shown)
    # The act was also announced to the table by the services' outbox.
    assert "took back the last step" in t.public_text()
    assert len(await t.bot.service.audit_log(campaign_id)) == 1


async def test_a_correction_is_previewed_then_confirmed_by_its_moderator(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    shown = await t.alice.click(t.last_prompt_for(t.alice), label="bid 1–10")
    await t.alice.submit_modal(shown, {"courier:n:amount": "3"})
    await t.bob.click(t.last_prompt_for(t.bob), label="pass")

    refused = await t.bob.slash(
        t.channel, "admin correct", seq=1, action='{"type": "pass"}', reason="not yours"
    )
    assert refused.ephemeral and "Correct" not in text_of(refused)
    preview = await t.moderator.slash(
        t.channel, "admin correct", seq=2, action='{"type": "bid", "amount": 4}', reason="misclick"
    )
    assert preview.ephemeral and preview.response is not None
    assert "Step 2 (blue)" in text_of(preview) and "Every later step stays legal" in text_of(
        preview
    )
    assert (await t.bot.service.get_campaign(campaign_id)).seq == 2  # nothing changed yet

    await t.moderator.click(preview.response, label="Correct")
    [entry] = await t.bot.service.history(campaign_id, limit=1)
    assert (entry.seq, entry.action) == (2, {"type": "bid", "amount": 4})
    assert [a.act for a in await t.bot.service.audit_log(campaign_id)] == ["correct"]
    assert len(t.prompts_for(t.alice)) == 1  # red must answer blue's corrected bid


async def test_an_export_imports_in_another_channel(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    await _play_out(t)
    refused = await t.alice.slash(t.channel, "admin export")
    assert refused.ephemeral and not (refused.response and refused.response.attachments)
    exported = await t.moderator.slash(t.channel, "admin export", campaign=campaign_id)
    assert exported.response is not None
    [attachment] = exported.response.attachments
    document = json.loads(await attachment.read())
    assert document["log"][-1]["seq"] == 4

    elsewhere = t.guild.create_text_channel("new-home")
    imported = await t.moderator.slash(
        elsewhere,
        "admin import",
        file=("campaign.json", json.dumps(document).encode()),
        reason="moving",
    )
    assert "Imported as campaign" in text_of(imported)
    new = await t.bot.service.campaign_for_channel(elsewhere.id)
    assert new is not None and new.status == "finished"  # the new home shows the finished game
    [copy] = [
        c for c in await t.bot.service.list_campaigns(t.guild.id) if c.channel_id == elsewhere.id
    ]
    assert state_hash(await t.bot.service.state_at(copy.id, 4)) == state_hash(
        await t.bot.service.state_at(campaign_id, 4)
    )


async def test_an_import_shows_how_far_its_checks_are_then_answers(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    await _play_out(t)
    exported = await t.moderator.slash(t.channel, "admin export", campaign=campaign_id)
    assert exported.response is not None
    document = await exported.response.attachments[0].read()
    # Every step's report reaches the adapter (a long import relays one a second).
    monkeypatch.setattr(bot.services.offload, "RELAY_EVERY_SECONDS", 0.0)
    shown: list[str] = []
    edit = discord.Interaction.edit_original_response

    async def editing(self: discord.Interaction[Any], **changes: Any) -> Any:
        shown.append(changes["content"])
        return await edit(self, **changes)

    monkeypatch.setattr(discord.Interaction, "edit_original_response", editing)
    imported = await t.moderator.slash(
        t.guild.create_text_channel("new-home"),
        "admin import",
        file=("campaign.json", document),
        reason="moving",
    )
    assert shown, "no progress was shown"
    assert shown[-1] == "Checking the export and replaying its log: step 5 of 5."
    assert all("step" in text and "of 5" in text for text in shown)
    assert imported.response is not None and imported.response.content == shown[-1]
    [answer] = imported.followups
    assert answer.content.startswith("Imported as campaign")
