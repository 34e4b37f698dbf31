"""`CampaignService`: the application the Discord and console adapters use, composed of
one part per concern over one shared core (the parts are not stacked: none inherits
another's behaviour, and what runs after a step is the core's explicit `step_hooks`).

Each part (`service.lobby`, `service.play`, `service.moderation`, `service.correction`,
`service.delivery`, `service.trust`, `service.backups`, `service.data_file`,
`service.schedule`, `service.talks`, `service.inbox`, `service.votes`, `service.recaps`)
holds the same `ServiceCore`: the store, the clock, the state cache and the step commit,
whose hooks are explicit lists (the schedule adds its step hook, the recaps their rows).
The adapters call the parts by name. For tests and scripts the service also answers every
part's public method by its plain name (`service.submit` is `service.play.submit`).
"""

from __future__ import annotations

import functools
import inspect
from pathlib import Path
from typing import Any

from bot.services.backup import CampaignBackups
from bot.services.clock import Clock
from bot.services.core import ServiceCore, ServicePart
from bot.services.correction import CampaignCorrection
from bot.services.data_file import CampaignDataFile
from bot.services.delivery import CampaignDelivery
from bot.services.inbox import PlayerInbox
from bot.services.limits import checked_at_the_boundary
from bot.services.lobby import CampaignLobby
from bot.services.moderation import CampaignModeration
from bot.services.play import CampaignPlay
from bot.services.recaps import CampaignRecaps
from bot.services.schedule import CampaignSchedule
from bot.services.talks import CampaignTalks
from bot.services.versions import CampaignVersions
from bot.services.votes import TableVotes
from bot.storage import Store, open_store


class CampaignService:
    """Campaigns from creation to the revealed seed. Every method is a coroutine; refusals
    are `ServiceError`s (campaign unchanged), lost races `StaleSeq`. Texts, user ids and
    languages are checked at this boundary first (`bot.services.limits`)."""

    def __init__(self, store: Store, clock: Clock | None = None, snapshot_every: int = 50) -> None:
        self.core = ServiceCore(store, clock, snapshot_every)
        self.lobby = CampaignLobby(self.core)
        self.play = CampaignPlay(self.core)
        self.moderation = CampaignModeration(self.core)
        self.correction = CampaignCorrection(self.core)
        self.delivery = CampaignDelivery(self.core)
        self.trust = CampaignVersions(self.core)  # export, import, dice and rules versions
        self.backups = CampaignBackups(self.core)
        self.data_file = CampaignDataFile(self.core)
        self.schedule = CampaignSchedule(self.core)  # deadlines: a step hook of the core
        self.talks = CampaignTalks(self.core)  # private talk between players
        self.inbox = PlayerInbox(self.core)  # what awaits a player everywhere
        # Table votes carry out what passes: a seat opened, or the campaign ended.
        self.votes = TableVotes(self.core, self.schedule, self.moderation)
        self.recaps = CampaignRecaps(self.core)  # written with the step that ends a period
        self.core.outbox_hooks.append(self.recaps.step_hook)

    @property
    def store(self) -> Store:
        return self.core.store

    async def close(self) -> None:
        await self.core.close()


PARTS: dict[str, type[ServicePart]] = {
    "lobby": CampaignLobby,
    "play": CampaignPlay,
    "moderation": CampaignModeration,
    "correction": CampaignCorrection,
    "delivery": CampaignDelivery,
    "trust": CampaignVersions,
    "backups": CampaignBackups,
    "data_file": CampaignDataFile,
    "schedule": CampaignSchedule,
    "talks": CampaignTalks,
    "inbox": PlayerInbox,
    "votes": TableVotes,
    "recaps": CampaignRecaps,
}


def _plain_name(part: str, name: str, method: Any) -> Any:
    """`service.<name>(…)` calling `service.<part>.<name>(…)`, with the method's signature."""
    if inspect.iscoroutinefunction(method):

        @functools.wraps(method)
        async def forward_async(self: CampaignService, *args: Any, **kwargs: Any) -> Any:
            return await getattr(getattr(self, part), name)(*args, **kwargs)

        return forward_async

    @functools.wraps(method)
    def forward(self: CampaignService, *args: Any, **kwargs: Any) -> Any:
        return getattr(getattr(self, part), name)(*args, **kwargs)

    return forward


def _check_every_part_at_the_boundary() -> None:
    """The adapters call the parts by name, so each part checks its own arguments."""
    for cls in PARTS.values():
        checked_at_the_boundary(cls)


_check_every_part_at_the_boundary()


def _add_plain_names() -> None:
    for part, cls in PARTS.items():
        for name, method in inspect.getmembers(cls, inspect.isfunction):
            if name.startswith("_") or hasattr(CampaignService, name):
                continue
            setattr(CampaignService, name, _plain_name(part, name, method))


_add_plain_names()


async def open_service(
    database: str | Path,
    clock: Clock | None = None,
    snapshot_every: int = 50,
    *,
    full_check: bool = False,
) -> CampaignService:
    """A service over the database `database` names, a SQLite file's path or a PostgreSQL
    URL (created and migrated if needed). A damaged SQLite database raises
    `DamagedDatabase`, naming the backup to restore; the quick check runs every time, the
    full one when asked (`full_check`)."""
    store = await open_store(database, full_check=full_check)
    return CampaignService(store, clock, snapshot_every)
