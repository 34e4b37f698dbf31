"""Table votes: the players propose to end the game (by agreement, or by one of them
conceding) or to replace a silent player, vote before a deadline, and Courier carries out a
vote that passes.

Who votes: every player holding a seat when the vote opens, except the holder of the seat
a replacement vote is about. Ending the game needs every voter's yes; replacing a player
needs a yes from more than half of the voters. A vote closes as soon as its result is
certain, or at its deadline, when a missing ballot counts as no.

Votes live in the campaign's trail: `vote_open` (announced), one `vote_ballot` per ballot
(not announced: only the count is), and `vote_closed` (announced, with the result). Votes
are numbered from 1 within a campaign.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from bot.logging_setup import campaign_context
from bot.services.core import ServiceCore, ServicePart
from bot.services.errors import ServiceError
from bot.services.moderation import CampaignModeration
from bot.services.notices import audit_record
from bot.services.outbox import Notice, to_table, to_user
from bot.services.schedule import CampaignSchedule
from bot.storage import AuditRow, CampaignRow

VOTE_KINDS = ("agreement", "concession", "replace")
DEFAULT_VOTE_HOURS = 48
MAX_VOTE_HOURS = 24 * 14
VOTE_ACTOR = "table-vote"


@dataclass
class Vote:
    """One vote as its trail tells it."""

    number: int
    kind: str
    proposer: str
    seat: str | None
    voters: list[str]
    opened_at: datetime
    due_at: datetime
    ballots: dict[str, bool] = field(default_factory=dict)
    result: str | None = None
    """None while open; then "passed" or "failed"."""

    @property
    def yes(self) -> int:
        return sum(self.ballots.values())

    @property
    def no(self) -> int:
        return len(self.ballots) - self.yes

    def needed(self) -> int:
        """The yes votes that carry it: all for ending the game, a majority to replace."""
        return len(self.voters) if self.kind != "replace" else len(self.voters) // 2 + 1

    def outcome(self, now: datetime) -> str | None:
        """'passed' or 'failed' once certain (at the deadline, a missing ballot is a no)."""
        if self.yes >= self.needed():
            return "passed"
        missing = len(self.voters) - len(self.ballots)
        if self.yes + missing < self.needed() or now >= self.due_at:
            return "failed"
        return None


def votes_from_trail(rows: list[AuditRow]) -> list[Vote]:
    votes: dict[int, Vote] = {}
    for row in rows:
        detail = row.detail
        if row.act == "vote_open":
            votes[int(detail["vote"])] = Vote(
                number=int(detail["vote"]),
                kind=str(detail["kind"]),
                proposer=row.actor,
                seat=detail.get("seat"),
                voters=list(detail["voters"]),
                opened_at=row.at,
                due_at=datetime.fromisoformat(str(detail["due_at"])),
            )
        elif row.act == "vote_ballot" and int(detail["vote"]) in votes:
            votes[int(detail["vote"])].ballots[row.actor] = bool(detail["yes"])
        elif row.act == "vote_closed" and int(detail["vote"]) in votes:
            votes[int(detail["vote"])].result = str(detail["result"])
    return list(votes.values())


class TableVotes(ServicePart):
    def __init__(
        self, core: ServiceCore, schedule: CampaignSchedule, moderation: CampaignModeration
    ) -> None:
        super().__init__(core)
        self._schedule = schedule
        self._moderation = moderation

    async def list_votes(self, campaign_id: int) -> list[Vote]:
        """Every vote of the campaign, oldest first (open ones have no result)."""
        return votes_from_trail(await self._store.audit_log(campaign_id))

    async def campaigns_voting(self) -> list[int]:
        """The running campaigns with a vote open (each one's trail is read: a vote is rare,
        and this runs every few minutes)."""
        found = []
        for campaign in await self._store.all_campaigns():
            if campaign.status != "active":
                continue
            if any(vote.result is None for vote in await self.list_votes(campaign.id)):
                found.append(campaign.id)
        return found

    async def propose(
        self,
        campaign_id: int,
        user_id: str,
        kind: str,
        *,
        seat: str | None = None,
        hours: int = DEFAULT_VOTE_HOURS,
    ) -> Vote:
        """Open a vote; the proposer's own ballot is a yes (a concession is theirs)."""
        with campaign_context(campaign_id):
            async with self._gates.one_at_a_time(campaign_id):
                await self._close_due(campaign_id)
                campaign = await self._campaign(campaign_id)
                self._require_active(campaign)
                if kind not in VOTE_KINDS:
                    raise ServiceError("service.vote.bad_kind", kind=str(kind)[:40])
                if not 1 <= hours <= MAX_VOTE_HOURS:
                    raise ServiceError("service.vote.bad_hours", limit=MAX_VOTE_HOURS)
                holders = await self._current_tenures(campaign_id)
                players = list(dict.fromkeys(row.user_id for row in holders.values()))
                if user_id not in players:
                    raise ServiceError("service.vote.not_a_player", campaign=campaign_id)
                voters = players
                if kind == "replace":
                    if seat is None or seat not in holders:
                        raise ServiceError("service.vote.no_such_seat", seat=str(seat)[:40])
                    voters = [user for user in players if user != holders[seat].user_id]
                    if user_id not in voters:
                        raise ServiceError("service.vote.replace_yourself")
                else:
                    seat = None
                existing = await self.list_votes(campaign_id)
                if any(vote.result is None for vote in existing):
                    raise ServiceError("service.vote.one_at_a_time", campaign=campaign_id)
                now = self._clock.now()
                vote = Vote(
                    number=len(existing) + 1,
                    kind=kind,
                    proposer=user_id,
                    seat=seat,
                    voters=voters,
                    opened_at=now,
                    due_at=now + timedelta(hours=hours),
                )
                await self._write_open(campaign, vote)
                return await self._ballot(campaign, vote, user_id, yes=True)

    async def cast(self, campaign_id: int, user_id: str, number: int, *, yes: bool) -> Vote:
        """A voter's ballot (a changed mind replaces the earlier one while the vote is open)."""
        with campaign_context(campaign_id):
            async with self._gates.one_at_a_time(campaign_id):
                await self._close_due(campaign_id)
                campaign = await self._campaign(campaign_id)
                found = {vote.number: vote for vote in await self.list_votes(campaign_id)}
                vote = found.get(number)
                if vote is None:
                    raise ServiceError("service.vote.unknown", vote=number)
                if vote.result is not None:
                    raise ServiceError("service.vote.closed", vote=number)
                if user_id not in vote.voters:
                    raise ServiceError("service.vote.not_a_voter", vote=number)
                return await self._ballot(campaign, vote, user_id, yes=yes)

    async def close_due_votes(self, campaign_id: int) -> None:
        """Close an open vote whose deadline has passed (the scheduler or any vote asks)."""
        async with self._gates.one_at_a_time(campaign_id):
            await self._close_due(campaign_id)

    async def _close_due(self, campaign_id: int) -> None:
        now = self._clock.now()
        for vote in await self.list_votes(campaign_id):
            if vote.result is None and now >= vote.due_at:
                await self._close(await self._campaign(campaign_id), vote, "failed")

    async def _ballot(self, campaign: CampaignRow, vote: Vote, user_id: str, *, yes: bool) -> Vote:
        record = audit_record(
            campaign,
            actor=user_id,
            act="vote_ballot",
            reason="",
            at=self._clock.now(),
            detail={"vote": vote.number, "yes": yes},
            announce=False,
        )
        await self._store.add_audit(campaign.id, record)
        vote.ballots[user_id] = yes
        outcome = vote.outcome(self._clock.now())
        if outcome is not None:
            await self._close(campaign, vote, outcome)
        return vote

    async def _write_open(self, campaign: CampaignRow, vote: Vote) -> None:
        detail: dict[str, Any] = {
            "vote": vote.number,
            "kind": vote.kind,
            "seat": vote.seat,
            "voters": vote.voters,
            "due_at": vote.due_at.isoformat(),
        }
        params = {
            "vote": vote.number,
            "campaign": campaign.id,
            "proposer": f"<@{vote.proposer}>",
            "seat": vote.seat or "",
            "voters": ", ".join(f"<@{user}>" for user in vote.voters),
            "due_unix": int(vote.due_at.timestamp()),
            "needed": vote.needed(),
        }
        notice = Notice(campaign_id=campaign.id, key=f"vote.opened.{vote.kind}", params=params)
        record = audit_record(
            campaign,
            actor=vote.proposer,
            act="vote_open",
            reason="",
            at=vote.opened_at,
            detail=detail,
            announce=False,
        )
        await self._store.add_audit(
            campaign.id, replace(record, announcement=to_table(campaign, notice))
        )
        # Each other voter hears of it privately: the channel's post pings nobody.
        asked = Notice(campaign_id=campaign.id, key="vote.asked", params=params)
        await self._store.add_outbox(
            campaign.id,
            [to_user(campaign, user, asked) for user in vote.voters if user != vote.proposer],
            vote.opened_at,
        )

    async def _close(self, campaign: CampaignRow, vote: Vote, result: str) -> None:
        """Record and announce the result, then carry out a vote that passed."""
        vote.result = result
        params = {
            "vote": vote.number,
            "yes": vote.yes,
            "no": vote.no,
            "missing": len(vote.voters) - len(vote.ballots),
            "seat": vote.seat or "",
        }
        key = f"vote.closed.{vote.kind}.{result}"
        notice = Notice(campaign_id=campaign.id, key=key, params=params)
        record = audit_record(
            campaign,
            actor=VOTE_ACTOR,
            act="vote_closed",
            reason="",
            at=self._clock.now(),
            detail={"vote": vote.number, "result": result, "yes": vote.yes, "no": vote.no},
            announce=False,
        )
        await self._store.add_audit(
            campaign.id, replace(record, announcement=to_table(campaign, notice))
        )
        if result != "passed":
            return
        reason = f"vote {vote.number}"
        if vote.kind == "replace" and vote.seat is not None:
            await self._schedule.open_seat(campaign.id, vote.seat, actor=VOTE_ACTOR, reason=reason)
        elif vote.kind != "replace":
            await self._moderation.end_campaign(campaign.id, actor=VOTE_ACTOR, reason=reason)
