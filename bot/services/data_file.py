"""Changing a campaign's data file (a scenario's replacement map or forces) before it starts,
and saying which of its tables are the game's provisional ones and which were loaded.

The data file is read by the set-up, log entry 0, so once a campaign has started it is part
of the history every replay depends on: it can only change in the lobby, checked by the
ruleset first, audited and announced like every moderator act.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from bot.services.core import ServicePart, rules_refusals
from bot.services.errors import ServiceError
from bot.services.notices import audit_record
from bot.storage import SeqConflict


@runtime_checkable
class TabledData(Protocol):
    """A ruleset whose data file is a set of named tables (Pax Britannica's Appendix A):
    it says each table's standing for a data file (None: the shipped one)."""

    def data_tables(self, data: dict[str, Any] | None) -> dict[str, str]: ...


@dataclass(frozen=True)
class DataTables:
    """Where a campaign's data comes from: `loaded` when a moderator replaced the file,
    and for a tabled game each table's standing (`loaded`, `provisional`, `printed`)."""

    ruleset: str
    loaded: bool
    tables: dict[str, str]


class CampaignDataFile(ServicePart):
    async def data_tables(self, campaign_id: int) -> DataTables:
        """The campaign's data: loaded or shipped, and per table for a tabled game."""
        campaign = await self._campaign(campaign_id)
        ruleset = self._ruleset(campaign.ruleset)
        tables = ruleset.data_tables(campaign.data) if isinstance(ruleset, TabledData) else {}
        return DataTables(campaign.ruleset, campaign.data is not None, tables)

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
