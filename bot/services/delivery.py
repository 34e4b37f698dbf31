"""The outbox seen from the adapter that delivers it: what is pending, what went out."""

from __future__ import annotations

from bot.services.core import ServiceCore
from bot.services.models import OutboxItem


class CampaignDelivery(ServiceCore):
    async def pending_outbox(self, limit: int = 50) -> list[OutboxItem]:
        """Undelivered messages of every campaign, oldest first (failed ones included;
        `attempts` and `last_error` tell the adapter how often they failed)."""
        return [OutboxItem.from_row(row) for row in await self._store.pending_outbox(limit)]

    async def mark_delivered(self, outbox_id: int) -> None:
        await self._store.mark_delivered(outbox_id, self._clock.now())

    async def mark_failed(self, outbox_id: int, error: str) -> None:
        await self._store.mark_failed(outbox_id, error)
