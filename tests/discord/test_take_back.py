"""Take back my last order (issue 22): one click on the order's confirmation, or
/campaign takeback, undoes a player's own last order while nothing has happened since;
otherwise a sentence points to the moderators' /admin undo."""

from __future__ import annotations

import discord
import pytest
import simcord

from tests.discord.conftest import Table, button_labels, open_mini_campaign, text_of
from tests.discord.test_french import mini_catalogues  # noqa: F401  (a fixture)

pytestmark = pytest.mark.usefixtures("mini_catalogues")


async def _bid(t: Table, amount: int) -> simcord.InteractionResult:
    shown = await t.alice.click(t.last_prompt_for(t.alice), label="bid 1–10")
    accepted = await t.alice.submit_modal(shown, {"courier:n:amount": str(amount)})
    assert "Order accepted" in text_of(accepted)
    assert accepted.response is not None
    return accepted


async def test_one_click_on_the_confirmation_takes_the_order_back(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    accepted = await _bid(t, 3)
    confirmation = accepted.response
    assert confirmation is not None and confirmation.ephemeral
    assert [c["label"] for row in confirmation.components for c in row["components"]] == [
        "Take back"
    ]
    assert (await t.bot.service.get_campaign(campaign_id)).seq == 1
    assert t.prompts_for(t.bob)  # the turn passed to bob

    undone = await t.alice.click(confirmation, label="Take back")
    assert undone.ephemeral and "taken back" in text_of(undone)
    campaign = await t.bot.service.get_campaign(campaign_id)
    assert campaign.seq == 0
    assert not t.prompts_for(t.bob)  # bob's prompt closed again
    assert button_labels(t.last_prompt_for(t.alice)) == ["pass", "bid 1–10"]
    assert len(t.prompts_for(t.alice)) == 1
    assert "took back their own last order for Red (step 1)" in t.public_text()
    audit = await t.bot.service.moderation.audit_log(campaign_id)
    assert audit[-1].act == "takeback" and audit[-1].actor == str(t.alice.id)
    assert audit[-1].detail["removed"][0]["action"] == {"type": "bid", "amount": 3}

    # The same button again: that order is gone, nothing is taken back twice.
    again = await t.alice.click(confirmation, label="Take back")
    assert "/admin undo" in text_of(again)
    assert (await t.bot.service.get_campaign(campaign_id)).seq == 0


async def test_after_another_player_acted_the_refusal_points_to_the_moderators(
    table: Table,
) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    accepted = await _bid(t, 2)
    await t.bob.click(t.last_prompt_for(t.bob), label="pass")
    seq = (await t.bot.service.get_campaign(campaign_id)).seq
    assert accepted.response is not None
    by_button = await t.alice.click(accepted.response, label="Take back")
    assert by_button.ephemeral
    assert "Something happened after your order of step 1" in text_of(by_button)
    by_command = await t.alice.slash(t.channel, "campaign takeback")
    assert by_command.ephemeral
    assert "not an order you gave" in text_of(by_command) and "/admin undo" in text_of(by_command)
    assert (await t.bot.service.get_campaign(campaign_id)).seq == seq
    # A spectator holds no seat: nothing of theirs to take back either.
    spectator = await t.spectator.slash(t.channel, "campaign takeback")
    assert "/admin undo" in text_of(spectator)
    assert (await t.bot.service.get_campaign(campaign_id)).seq == seq


async def test_a_secret_call_is_taken_back_while_others_still_decide(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    await _bid(t, 2)
    await t.bob.click(t.last_prompt_for(t.bob), label="pass")
    called = await t.alice.click(t.last_prompt_for(t.alice), label="call high")
    assert called.ephemeral
    seq = (await t.bot.service.get_campaign(campaign_id)).seq
    undone = await t.alice.slash(t.channel, "campaign takeback")
    assert "taken back" in text_of(undone)
    assert (await t.bot.service.get_campaign(campaign_id)).seq == seq - 1
    state = await t.bot.service.state_at(campaign_id, seq - 1)
    assert "red" not in state.calls  # type: ignore[attr-defined]
    assert "side=high" not in t.public_text()  # the secret call stayed secret
    await t.alice.click(t.last_prompt_for(t.alice), label="call low")
    # bob's call closes the round and rolls the die: the game is over, nothing to take back.
    await t.bob.click(t.last_prompt_for(t.bob), label="call high")
    refused = await t.bob.slash(t.channel, "campaign takeback")
    assert refused.ephemeral and "is over" in text_of(refused)


async def test_a_french_player_takes_back_in_french(table: Table) -> None:
    t = table
    t.locales[t.alice.id] = "fr"
    campaign_id = await open_mini_campaign(t, language="fr")
    shown = await t.alice.click(t.last_prompt_for(t.alice), label="enchérir 1–10")
    accepted = await t.alice.submit_modal(shown, {"courier:n:amount": "3"})
    assert accepted.response is not None
    undone = await t.alice.click(accepted.response, label="Reprendre")
    assert "Votre ordre est repris" in text_of(undone)
    assert (await t.bot.service.get_campaign(campaign_id)).seq == 0
    assert "a repris son dernier ordre pour" in t.public_text()
    refused = await t.alice.slash(t.channel, "campaign takeback")
    assert "/admin annuler" in text_of(refused) or "/admin undo" in text_of(refused)
    assert "aucun ordre de vous" in text_of(refused)


def _step_titles(message: discord.Message) -> list[str]:
    return [embed.title or "" for embed in message.embeds]


def _shown(t: Table, message_id: int) -> discord.Message:
    """The channel's message as a reader sees it now."""
    return next(message for message in t.public_messages() if message.id == message_id)


async def test_a_taken_back_order_leaves_no_report_in_the_closed_prompt(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    asked = t.last_prompt_for(t.alice)
    accepted = await _bid(t, 3)
    told = _shown(t, asked.id)
    assert _step_titles(told) == [f"Campaign {campaign_id}, step 1"]  # the bid, told there
    assert accepted.response is not None
    await t.alice.click(accepted.response, label="Take back")
    # The closed message no longer tells of a bid that does not stand.
    assert _step_titles(_shown(t, asked.id)) == []
    # Bid again: the new step 1's report is told as any other.
    await _bid(t, 5)
    reported = [m for m in t.public_messages() if "step 1" in str(_step_titles(m))]
    assert len(reported) == 1 and "5" in str(reported[0].embeds[0].to_dict())


async def test_the_button_has_its_own_prefix_and_old_confirmations_still_work(
    table: Table,
) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    accepted = await _bid(t, 3)
    assert accepted.response is not None
    [button] = [c for row in accepted.response.components for c in row["components"]]
    # Not `courier:t:`, the prefix of the number modal's text fields (a note with gold).
    assert button["custom_id"] == f"courier:back:{campaign_id}:1"
    # A confirmation posted before the new prefix, still on someone's screen.
    home = t.bot.get_channel(t.channel.id)
    assert isinstance(home, discord.TextChannel)
    old = discord.ui.View()
    old.add_item(discord.ui.Button(label="Take back", custom_id=f"courier:t:{campaign_id}:1"))
    await home.send("An order accepted before the update.", view=old)
    [posted] = [m for m in t.public_messages() if m.content.endswith("before the update.")]
    undone = await t.alice.click(posted, label="Take back")
    assert "taken back" in text_of(undone)
    assert (await t.bot.service.get_campaign(campaign_id)).seq == 0
