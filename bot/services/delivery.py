"""The outbox seen from the adapters that deliver it: what is due, what went out, what
failed and when to try again, which prompt messages are up, and a wake-up call.

Rows leave in id order. A row that fails is tried again after a back-off; one that fails
for good is set aside (a dead letter, with its reason) and never holds up the others.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from bot.services.core import ServicePart
from bot.services.errors import ServiceError
from bot.services.models import OutboxItem
from bot.services.notices import delivery_alert
from bot.storage import OutboxRow, PromptPostRow, ShardSet
from rulesets.core import Prompt, legal_prompts

log = logging.getLogger("courier.services.delivery")

RETRY_BASE = timedelta(seconds=30)
RETRY_CAP = timedelta(hours=1)


def retry_delay(attempts: int) -> timedelta:
    """30 s, 1 min, 2 min… doubling up to an hour, after `attempts` failed attempts."""
    doublings: int = max(0, min(attempts - 1, 20))
    return min(RETRY_CAP, RETRY_BASE * (1 << doublings))


class CampaignDelivery(ServicePart):
    def on_outbox(self, listener: Callable[[], None]) -> None:
        """Call `listener` after every committed act that queued messages (an adapter
        wakes its delivery loop with it, so no caller has to remember to)."""
        self._store.add_outbox_listener(listener)

    async def pending_outbox(
        self, limit: int = 50, *, shards: ShardSet | None = None
    ) -> list[OutboxItem]:
        """Undelivered channel and DM messages of every campaign that are due now, oldest
        first (failed ones included once their back-off is over; dead letters left out);
        given `shards`, only those this process delivers."""
        # A negative limit is no limit to SQLite and an error to PostgreSQL: none here.
        rows = await self._store.pending_outbox(
            max(0, limit), due_by=self._clock.now(), shards=shards
        )
        return [OutboxItem.from_row(row) for row in rows]

    async def table_outbox(self, campaign_id: int) -> list[OutboxItem]:
        """The undelivered messages of a campaign without a channel (for the console)."""
        rows = await self._store.pending_outbox(
            1_000_000, targets=("table",), campaign_id=campaign_id
        )
        return [OutboxItem.from_row(row) for row in rows]

    async def _outbox_row(self, outbox_id: int) -> OutboxRow:
        row = await self._store.outbox_row(outbox_id)
        if row is None:
            raise ServiceError("service.error.unknown_outbox_row", outbox=outbox_id)
        return row

    async def superseded(self, outbox_id: int) -> bool:
        """Whether the campaign has a newer row of the same kind, sent or not: a map or
        prompts row overtaken before it could go out (a backlog, a row that backed off) is
        not posted, so that stale prompts never replace newer ones."""
        item = await self._outbox_row(outbox_id)
        kind = item.payload.get("kind")
        newer = await self._store.outbox_after(item.campaign_id, item.id)
        return any(row.payload.get("kind") == kind for row in newer)

    async def map_beside_prompts(self, outbox_id: int) -> bool:
        """Whether a map row and the prompts row of the same step are one message: the map
        of step N written just before the open prompts of step N, for the same target
        (`outbox_id` is either of the two). The prompt board then posts the map in the
        first prompt message of the step, so the picture sits right above its buttons."""
        item = await self._outbox_row(outbox_id)
        kind = item.payload.get("kind")
        board: OutboxRow | None
        prompts: OutboxRow | None
        if kind == "board_changed":
            board, prompts = item, await self._store.outbox_row(item.id + 1)
        elif kind == "prompts_opened":
            board, prompts = await self._store.outbox_row(item.id - 1), item
        else:
            return False
        return (
            board is not None
            and prompts is not None
            and board.campaign_id == prompts.campaign_id
            and (board.target_kind, board.target_id) == (prompts.target_kind, prompts.target_id)
            and board.payload.get("kind") == "board_changed"
            and prompts.payload.get("kind") == "prompts_opened"
            and prompts.payload.get("open") is True
            and board.payload.get("seq") == prompts.payload.get("seq")
        )

    async def mark_delivered(self, outbox_id: int) -> None:
        await self._store.mark_delivered(outbox_id, self._clock.now())

    async def mark_failed(self, outbox_id: int, error: str, *, held: bool = False) -> datetime:
        """Count a failed attempt; the row is tried again after its back-off (returned).
        `held`: a DM refused by closed DMs, also handed to its player by `held_notes`."""
        row = await self._store.outbox_row(outbox_id)
        attempts = 1 if row is None else row.attempts + 1
        retry_at = self._clock.now() + retry_delay(attempts)
        await self._store.mark_failed(outbox_id, error, retry_at=retry_at, held=held)
        return retry_at

    async def held_notes(self, user_id: str) -> list[OutboxItem]:
        """The user's private notes their closed DMs refused, still to hand over (kept in
        the database: any bot process may be the one the player next talks to)."""
        return [OutboxItem.from_row(row) for row in await self._store.held_outbox(user_id)]

    async def give_up(self, outbox_id: int, error: str) -> None:
        """Set a row aside for good with its reason, and tell the moderators once (never
        about an alert that itself could not be delivered)."""
        item = await self._outbox_row(outbox_id)
        now = self._clock.now()
        await self._store.mark_failed(item.id, str(error), given_up_at=now)
        if item.payload.get("kind") == "moderator_alert":
            return
        campaign = await self._store.get_campaign(item.campaign_id)
        if campaign is not None:
            await self._store.add_outbox(
                campaign.id, [delivery_alert(campaign, item.id, str(error))], now
            )

    async def dead_letters(self, campaign_id: int | None = None) -> list[OutboxItem]:
        """Rows set aside and neither retried nor dropped since, oldest first."""
        return [OutboxItem.from_row(row) for row in await self._store.dead_letters(campaign_id)]

    async def _dead_letter(self, campaign_id: int, outbox_id: int) -> OutboxRow:
        row = await self._store.outbox_row(outbox_id)
        if (
            row is None
            or row.campaign_id != campaign_id
            or row.given_up_at is None
            or row.delivered_at is not None
        ):
            raise ServiceError("service.error.not_a_dead_letter", outbox=outbox_id)
        return row

    async def retry_dead_letter(self, campaign_id: int, outbox_id: int, *, actor: str) -> None:
        """Put a set-aside row of the campaign back in the queue, due now (a moderator fixed
        what refused it); its last reason stays until the next attempt."""
        row = await self._dead_letter(campaign_id, outbox_id)
        await self._store.mark_failed(row.id, row.last_error or "", retry_at=self._clock.now())
        log.info("outbox %s put back in the queue by %s", row.id, actor)

    async def drop_dead_letter(self, campaign_id: int, outbox_id: int, *, actor: str) -> None:
        """Close a set-aside row of the campaign for good without sending it."""
        row = await self._dead_letter(campaign_id, outbox_id)
        await self._store.mark_delivered(row.id, self._clock.now())
        log.info("outbox %s dropped by %s: %s", row.id, actor, row.last_error)

    # Prompt messages ------------------------------------------------------------------

    async def prompts_at(self, campaign_id: int, seq: int) -> list[Prompt]:
        """The decisions pending after step `seq`."""
        campaign = await self._campaign(campaign_id)
        if not 0 <= seq <= campaign.seq:
            raise ServiceError("service.error.no_such_seq", seq=seq, current=campaign.seq)
        state = await self._state(campaign, seq)
        return legal_prompts(self._ruleset(campaign.ruleset), state)

    async def record_prompt_post(
        self,
        outbox_id: int,
        position: int,
        channel_id: str,
        message_id: str,
        content: str,
        *,
        seat: str = "",
        number: int = 0,
        fingerprint: str = "",
    ) -> None:
        """Remember a prompt message posted (or taken over and edited) for a "prompts
        opened" row, with the seat and number of the prompt it shows."""
        item = await self._outbox_row(outbox_id)
        await self._store.record_prompt_post(
            item.campaign_id,
            outbox_id=item.id,
            position=position,
            channel_id=channel_id,
            message_id=message_id,
            content=content,
            seat=seat,
            number=number,
            fingerprint=fingerprint,
        )

    async def prompt_posts(
        self, campaign_id: int, *, outbox_id: int | None = None, open_only: bool = False
    ) -> list[PromptPostRow]:
        await self._campaign(campaign_id)
        return await self._store.prompt_posts(campaign_id, outbox_id=outbox_id, open_only=open_only)

    async def close_prompt_post(self, post_id: int) -> None:
        await self._store.close_prompt_post(post_id, self._clock.now())
