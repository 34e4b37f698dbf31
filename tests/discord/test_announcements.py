"""What the channel hears of moderators' acts and deadlines: each act once, and pings only
where someone must answer."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import discord
import pytest

from bot.services import OutboxItem
from tests.discord.conftest import Table, open_mini_campaign


def _posts_containing(table: Table, text: str) -> int:
    return sum(
        1
        for message in table.public_messages()
        if text in message.content + "".join(str(e.to_dict()) for e in message.embeds)
    )


async def test_one_admin_act_is_announced_exactly_once(table: Table) -> None:
    t = table
    await open_mini_campaign(t)
    answer = await t.moderator.slash(t.channel, "admin pause", reason="a long tea break")
    assert answer.ephemeral
    assert _posts_containing(t, "a long tea break") == 1


async def test_ending_a_campaign_reveals_the_seed_once(table: Table) -> None:
    t = table
    await open_mini_campaign(t)
    await t.moderator.slash(t.channel, "admin end", reason="the players moved away")
    assert _posts_containing(t, "the players moved away") == 1
    assert _posts_containing(t, "dice seed was") == 1


class _QueuedRows:
    """Stands in for the service's outbox: hands the courier these rows until delivered."""

    def __init__(self, campaign_id: int, channel_id: int, payloads: list[dict[str, Any]]) -> None:
        self.rows = [
            OutboxItem(
                id=9000 + number,
                campaign_id=campaign_id,
                target_kind="channel",
                target_id=str(channel_id),
                payload=payload,
                created_at=datetime.now(UTC),
                attempts=0,
                last_error=None,
            )
            for number, payload in enumerate(payloads)
        ]

    async def pending_outbox(self, limit: int, **_: Any) -> list[Any]:
        return list(self.rows)

    async def mark_delivered(self, outbox_id: int) -> None:
        self.rows = [row for row in self.rows if row.id != outbox_id]


async def test_reminders_ping_their_player_and_alerts_ping_the_moderators(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    alice = str(t.alice.id)
    queued = _QueuedRows(
        campaign_id,
        t.channel.id,
        [
            _notice("schedule", "schedule.notice.reminder", seat="red", user_id=alice, due_unix=1),
            _notice("schedule", "schedule.notice.overdue", seat="red", user_id=alice, grace_unix=1),
            _notice("moderator_alert", "schedule.notice.replacement_needed", seat="red", misses=3),
            # An audit line names a moderator but is news, not a call to act: no ping.
            {"kind": "audit", "params": {"actor": alice, "act": "pause", "reason": "-"}},
        ],
    )
    monkeypatch.setattr(t.bot.service.delivery, "pending_outbox", queued.pending_outbox)
    monkeypatch.setattr(t.bot.service.delivery, "mark_delivered", queued.mark_delivered)
    await t.bot.courier.deliver_pending()

    reminder, overdue, alert, audit = (_pings(t, m) for m in t.public_messages()[-4:])
    assert reminder == overdue == ([t.alice.id], [])
    assert alert == ([], [role.id for role in _guild_roles(t) if role.name == "Game master"])
    assert alert[1]  # the moderator role exists and was pinged
    assert audit == ([], [])


def _guild_roles(table: Table) -> list[discord.Role]:
    guild = table.bot.get_guild(table.guild.id)
    assert guild is not None
    return list(guild.roles)


def _pings(table: Table, message: discord.Message) -> tuple[list[int], list[int]]:
    """The users and roles Discord notified for a message (not merely those it names)."""
    stored = table.env.backend.get_message(message.channel.id, message.id)
    return list(stored.ping_user_ids), list(stored.ping_role_ids)


def _notice(kind: str, key: str, **params: Any) -> dict[str, Any]:
    return {"kind": kind, "key": key, "params": params}
