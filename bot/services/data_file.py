"""Changing a campaign's data file (a scenario's replacement map or forces) before it starts.

The data file is read by the set-up, log entry 0, so once a campaign has started it is part
of the history every replay depends on: it can only change in the lobby, checked by the
ruleset first, audited and announced like every moderator act.
"""

from __future__ import annotations

from typing import Any

from bot.services.core import ServicePart, rules_refusals
from bot.services.errors import ServiceError
from bot.services.notices import audit_record
from bot.storage import SeqConflict


class CampaignDataFile(ServicePart):
    async def replace_data_file(
        self, campaign_id: int, data: dict[str, Any] | None, *, actor: str, reason: str
    ) -> None:
        """Use `data` (None: the ruleset's own) as the campaign's data file from the start."""
        campaign = await self._campaign(campaign_id)
        if campaign.status != "lobby":
            raise ServiceError("trust.error.data_after_start", campaign=campaign_id)
        if data is not None:
            with rules_refusals():
                self._ruleset(campaign.ruleset).validate_data(data)
        audit = audit_record(
            campaign,
            actor=actor,
            act="data_file",
            reason=reason,
            at=self._clock.now(),
            detail={"previous": campaign.data, "data": data},
        )
        try:
            await self._store.set_data(campaign_id, data, audit=audit)
        except SeqConflict:
            raise ServiceError("trust.error.data_after_start", campaign=campaign_id) from None
