"""How loud a campaign channel is: a whole game played through SimCord, counted.

Plays a campaign to its end with the autopilot (every order through the service, the
delivery loop run after each one, as the bot does), and counts what a reader of the channel
gets: public messages, maps (messages carrying one, alone or above a turn's prompt), and
pings (the users Discord notified for a new message; an edit notifies nobody). A ping is
"to the actor" when it notifies the player who made the step just before it (their own
sub-step), "to a new turn" otherwise. A turn is a run of consecutive steps by one seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import simcord

from bot.discord.payloads import RECAP_COLOUR
from bot.services import CampaignService
from rulesets import registry
from tests.discord.conftest import Table


@dataclass
class ChannelFigures:
    game: str
    steps: int = 0
    turns: int = 0
    messages: int = 0
    maps: int = 0
    pings_to_actor: int = 0
    pings_to_new_turn: int = 0
    per_kind: dict[str, int] = field(default_factory=dict)

    @property
    def messages_per_turn(self) -> float:
        return self.messages / max(self.turns, 1)

    def line(self) -> str:
        return (
            f"{self.game}: {self.steps} steps, {self.turns} turns, {self.messages} public"
            f" messages ({self.messages_per_turn:.2f} per turn; {self.per_kind.get('recap', 0)}"
            f" recaps among them), {self.maps} maps, pings:"
            f" {self.pings_to_actor} to the player who just acted,"
            f" {self.pings_to_new_turn} to a player whose turn begins"
        )


def _kind(message: Any) -> str:
    if message.attachments:
        return "map"
    if message.components:
        return "prompt"
    if any(embed.colour and embed.colour.value == RECAP_COLOUR for embed in message.embeds):
        return "recap"
    return "other"


async def play_and_count(
    t: Table, ruleset: str, players: dict[str, simcord.MemberActor], max_steps: int = 4_000
) -> ChannelFigures:
    """Play a started campaign of `t.channel` to its end; the figures of what was posted
    from the start on (the lobby's own messages are not counted)."""
    service: CampaignService = t.bot.service
    rules = registry.get(ruleset)
    campaign = await service.campaign_for_channel(t.channel.id)
    assert campaign is not None
    figures = ChannelFigures(ruleset)
    await t.bot.courier.deliver_pending()
    seen = {message.id for message in t.public_messages()}
    previous_seat: str | None = None
    for step in range(max_steps):
        current = await service.get_campaign(campaign.id)
        if current.status == "finished":
            break
        state = await service.state_at(campaign.id, current.seq)
        prompt = (await service.prompts(campaign.id))[0]
        action = rules.autopilot_action(state, prompt.seat, step)
        actor = players[prompt.seat]
        await service.submit(campaign.id, str(actor.id), action, seat=prompt.seat)
        figures.steps += 1
        if prompt.seat != previous_seat:
            figures.turns += 1
        previous_seat = prompt.seat
        await t.bot.courier.deliver_pending()
        for message in t.public_messages():
            if message.id in seen:
                continue
            seen.add(message.id)
            kind = _kind(message)
            figures.messages += 1
            figures.per_kind[kind] = figures.per_kind.get(kind, 0) + 1
            figures.maps += kind == "map"
            stored = t.env.backend.get_message(message.channel.id, message.id)
            for pinged in stored.ping_user_ids:
                if pinged == actor.id:
                    figures.pings_to_actor += 1
                else:
                    figures.pings_to_new_turn += 1
    assert (await service.get_campaign(campaign.id)).status == "finished"
    return figures
