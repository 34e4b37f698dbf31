"""A player's inbox: what awaits them in every campaign they play, wherever it is.

For each pending prompt of a seat the user holds: the campaign, the decision, its deadline
(when one is armed) and the prompt message posted for it (for a jump link). Only reads:
the deadlines are the ones the schedule keeps in step with the prompts.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.services.core import ServicePart
from bot.storage import CampaignRow
from rulesets.core import Msg, legal_prompts


@dataclass(frozen=True)
class Awaiting:
    """One decision that waits for the user."""

    campaign_id: int
    ruleset: str
    guild_id: int | None
    channel_id: int | None
    seat: str
    text: Msg
    due_at: datetime | None
    message_channel_id: str | None
    message_id: str | None


def _soonest_first(item: Awaiting) -> tuple[bool, float, int]:
    due = item.due_at.timestamp() if item.due_at else 0.0
    return (item.due_at is None, due, item.campaign_id)


class PlayerInbox(ServicePart):
    async def awaiting(self, user_id: str) -> list[Awaiting]:
        """Every decision the user owes, across all campaigns and servers, soonest first
        (those without a deadline last)."""
        found: list[Awaiting] = []
        for campaign in await self._store.all_campaigns():
            if campaign.status != "active":
                continue
            tenures = await self._current_tenures(campaign.id)
            mine = {seat for seat, row in tenures.items() if row.user_id == user_id}
            if mine:
                found += await self._awaiting_in(campaign, mine)
        return sorted(
            found, key=lambda item: (item.due_at is None, item.due_at or 0, item.campaign_id)
        )

    async def _awaiting_in(self, campaign: CampaignRow, seats: set[str]) -> list[Awaiting]:
        rules = self._ruleset(campaign.ruleset)
        prompts = [p for p in legal_prompts(rules, await self._state(campaign)) if p.seat in seats]
        if not prompts:
            return []
        due = {row.seat: row.due_at for row in await self._store.deadlines(campaign.id)}
        posts = {
            (post.seat, post.number): post
            for post in await self._store.prompt_posts(campaign.id, open_only=True)
        }
        numbers: dict[str, int] = {}
        awaiting = []
        for prompt in prompts:
            number = numbers[prompt.seat] = numbers.get(prompt.seat, -1) + 1
            post = posts.get((prompt.seat, number))
            awaiting.append(
                Awaiting(
                    campaign_id=campaign.id,
                    ruleset=campaign.ruleset,
                    guild_id=campaign.guild_id,
                    channel_id=campaign.channel_id,
                    seat=prompt.seat,
                    text=prompt.text,
                    due_at=due.get(prompt.seat),
                    message_channel_id=post.channel_id if post else None,
                    message_id=post.message_id if post else None,
                )
            )
        return awaiting
