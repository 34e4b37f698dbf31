"""`CampaignService`: the whole application API the Discord and console adapters use.

It is assembled from one part per concern (lobby, play, moderation, delivery) that share
the store, the clock and the state cache through `ServiceCore`.
"""

from __future__ import annotations

from pathlib import Path

from bot.services.backup import CampaignBackups
from bot.services.clock import Clock
from bot.services.correction import CampaignCorrection
from bot.services.data_file import CampaignDataFile
from bot.services.delivery import CampaignDelivery
from bot.services.limits import checked_at_the_boundary
from bot.services.lobby import CampaignLobby
from bot.services.moderation import CampaignModeration
from bot.services.play import CampaignPlay
from bot.services.schedule import CampaignSchedule
from bot.services.versions import CampaignVersions
from bot.storage import SqliteStore


@checked_at_the_boundary
class CampaignService(
    CampaignLobby,
    CampaignPlay,
    CampaignModeration,
    CampaignDelivery,
    CampaignCorrection,
    CampaignVersions,  # with export, import and dice verification (CampaignExchange, Trust)
    CampaignBackups,
    CampaignDataFile,
    CampaignSchedule,  # deadlines, reminders, vacations, substitutes, autopilot
):
    """Campaigns from creation to the revealed seed. Every method is a coroutine; refusals
    are `ServiceError`s (campaign unchanged), lost races `StaleSeq`. Texts, user ids and
    languages are checked at this boundary first (`bot.services.limits`)."""


async def open_service(
    database: str | Path,
    clock: Clock | None = None,
    snapshot_every: int = 50,
    *,
    full_check: bool = False,
) -> CampaignService:
    """A service over the SQLite database at `database` (created and migrated if needed).
    A damaged database raises `DamagedDatabase`, naming the backup to restore; the quick
    check runs every time, the full one when asked (`full_check`)."""
    store = await SqliteStore.open(database, check="full" if full_check else "quick")
    return CampaignService(store, clock, snapshot_every)
