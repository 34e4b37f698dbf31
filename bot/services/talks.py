"""Private talk between players of a campaign: who may open one, and the list of them.

The adapter opens the private space (a Discord private thread) and the service keeps only
what lists it: the thread's id, its members and when it was opened, as a record of the
campaign's trail (act `talk`, not announced to the table). Courier never reads what is
said there.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.services.core import ServicePart
from bot.services.errors import ServiceError
from bot.services.notices import audit_record

TALK_ACT = "talk"
MAX_TALK_MEMBERS = 10


@dataclass(frozen=True)
class Talk:
    """One private talk: its thread, the players in it (opener first), when it opened."""

    thread_id: str
    members: list[str]
    opened_at: datetime


class CampaignTalks(ServicePart):
    async def talk_members(self, campaign_id: int, user_id: str, invited: list[str]) -> list[str]:
        """The members of a talk `user_id` opens with `invited` (opener first, no repeats),
        once each is checked to play in the campaign."""
        opener = user_id
        campaign = await self._campaign(campaign_id)
        if campaign.status == "finished":
            raise ServiceError("service.error.campaign_finished", campaign=campaign_id)
        players = {row.user_id for row in (await self._current_tenures(campaign_id)).values()}
        if opener not in players:
            raise ServiceError("service.talk.not_a_player", campaign=campaign_id)
        members = [opener] + [user for user in dict.fromkeys(invited) if user != opener]
        if len(members) < 2:
            raise ServiceError("service.talk.nobody_invited")
        if len(members) > MAX_TALK_MEMBERS:
            raise ServiceError("service.talk.too_many", limit=MAX_TALK_MEMBERS)
        strangers = [user for user in members if user not in players]
        if strangers:
            raise ServiceError("service.talk.not_players", users=strangers[0])
        return members

    async def record_talk(self, campaign_id: int, members: list[str], thread_id: str) -> Talk:
        """Keep the talk the adapter opened for `members` (from `talk_members`, checked
        again here: the list is the adapter's word) in the thread `thread_id`."""
        if not members:
            raise ServiceError("service.talk.nobody_invited")
        members = await self.talk_members(campaign_id, members[0], members[1:])
        if not (thread_id.isdecimal() and len(thread_id) <= 20):
            raise ServiceError("service.talk.no_thread")
        campaign = await self._campaign(campaign_id)
        now = self._clock.now()
        record = audit_record(
            campaign,
            actor=members[0],
            act=TALK_ACT,
            reason="",
            at=now,
            detail={"thread_id": thread_id, "members": members},
            announce=False,
        )
        await self._store.add_audit(campaign_id, record)
        return Talk(thread_id, members, now)

    async def list_talks(
        self, campaign_id: int, user_id: str, *, every: bool = False
    ) -> list[Talk]:
        """The talks `user_id` is in (`every`: all of them, for a moderator), oldest first."""
        rows = await self._store.audit_log(campaign_id)
        found = [
            Talk(str(row.detail["thread_id"]), list(row.detail["members"]), row.at)
            for row in rows
            if row.act == TALK_ACT
        ]
        return [talk for talk in found if every or user_id in talk.members]
