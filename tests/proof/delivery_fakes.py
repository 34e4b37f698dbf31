"""A stand-in Discord for the delivery loop: channels and users that keep one message per
nonce (as `enforce_nonce` does), record every request, and can be told to fail."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord

from bot.discord.delivery import OutboxCourier
from bot.services import CampaignService


@dataclass
class Posted:
    id: int
    nonce: Any
    content: str | None
    embeds: list[Any]
    view: Any = None
    edits: list[str] = field(default_factory=list)


class NonceChannel:
    """Discord's side of `enforce_nonce`: one message per nonce, every request recorded.
    `fail` (when set) is called with each request and may raise what Discord would."""

    def __init__(self, channel_id: int = 8_000) -> None:
        self.id = channel_id
        self.requests: list[Any] = []
        self.messages: dict[Any, Posted] = {}
        self.fail: Callable[[str | None, dict[str, Any]], None] | None = None

    async def send(self, content: str | None = None, **options: Any) -> Posted:
        if self.fail is not None:
            self.fail(content, options)
        nonce = options.get("nonce")
        self.requests.append(nonce)
        key = nonce if nonce is not None else f"none-{len(self.requests)}"
        if key not in self.messages:
            embeds = options.get("embeds") or ([options["embed"]] if "embed" in options else [])
            self.messages[key] = Posted(
                10_000 + len(self.messages), nonce, content, embeds, options.get("view")
            )
        return self.messages[key]

    def get_partial_message(self, message_id: int) -> Any:
        posted = next(m for m in self.messages.values() if m.id == message_id)

        async def edit(content: str | None = None, **_: Any) -> None:
            posted.edits.append(content or "")

        return SimpleNamespace(edit=edit)

    def in_order(self) -> list[Posted]:
        return sorted(self.messages.values(), key=lambda message: message.id)


def courier_over(
    service: CampaignService,
    channels: dict[int, NonceChannel] | NonceChannel,
    users: dict[int, NonceChannel] | None = None,
) -> OutboxCourier:
    """The real delivery loop over `service`, posting to fake channels and users (to the
    one fake channel for everything when given only one)."""
    by_id = channels if isinstance(channels, dict) else None
    users = users or {}

    async def language(campaign_id: Any) -> str:
        return "en"

    async def channel_by_id(channel_id: int) -> NonceChannel | None:
        if by_id is None:
            assert isinstance(channels, NonceChannel)
            return channels
        return by_id.get(channel_id)

    async def fetch_user(user_id: int) -> NonceChannel:
        if by_id is None and not users:
            assert isinstance(channels, NonceChannel)
            return channels  # one fake for everything
        if user_id not in users:
            users[user_id] = NonceChannel(user_id)
        return users[user_id]

    bot: Any = SimpleNamespace(
        service=service,
        campaign_language=language,
        channel_by_id=channel_by_id,
        get_user=lambda user_id: None,
        fetch_user=fetch_user,
        moderator_role="Game master",
        shard_set=None,  # one process runs every shard
    )
    return OutboxCourier(bot)


def refused(status: int, text: str) -> discord.HTTPException:
    """The exception discord.py raises for a request Discord answered with `status`."""
    return discord.HTTPException(SimpleNamespace(status=status, reason=text), text)


def refuse_over_limits(content: str | None, options: dict[str, Any]) -> None:
    """Discord's own checks of a message's size: a 400 for anything over a limit."""
    embeds = options.get("embeds") or []
    if content is not None and len(content) > 2000:
        raise refused(400, "content longer than 2000")
    if len(embeds) > 10 or sum(len(embed) for embed in embeds) > 6000:
        raise refused(400, "embeds over 6000 in all")
    for embed in embeds:
        too_long = (
            len(embed.title or "") > 256
            or len(embed.description or "") > 4096
            or len(embed.fields) > 25
            or any(len(f.name or "") > 256 or len(f.value or "") > 1024 for f in embed.fields)
        )
        if too_long:
            raise refused(400, "an embed over its limits")
