"""A fake Discord on 127.0.0.1: enough REST and gateway for the real bot to log in, sync its
commands, receive a slash command, answer it, post messages and reconnect.

Faults are queued per route: `fail_next("POST", "/channels/{id}/messages", 429, 500)` makes
the next two such requests fail with those statuses before the request succeeds.

Several guilds (one channel each) and shards: a gateway connection that identifies as shard
`i` of `n` gets the guilds of that shard (`(guild_id >> 22) % n == i`), and an interaction
goes to the connection of its guild's shard, so several bot processes can each run some of
the shards. As Discord does, a message posted with `enforce_nonce` and a nonce already seen
in its channel is answered with the first message instead of making a second
(`created` holds the messages actually made).
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections import defaultdict, deque
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

BOT_ID = 900_000_000_000_000_001
APPLICATION_ID = 900_000_000_000_000_002
GUILD_ID = 900_000_000_000_000_010
CHANNEL_ID = 900_000_000_000_000_011
OWNER_ID = 900_000_000_000_000_020


def user_payload(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
    }


@dataclass
class Recorded:
    method: str
    path: str
    body: dict[str, Any]
    files: list[tuple[str, bytes]] = field(default_factory=list)
    token: str = ""
    """The bot token the request came with (tells several bot processes apart)."""


@dataclass(frozen=True)
class FakeGuild:
    guild_id: int
    channel_id: int

    def shard(self, count: int) -> int:
        return (self.guild_id >> 22) % count


class FakeDiscord:
    def __init__(self, guilds: list[FakeGuild] | None = None, shard_count: int = 1) -> None:
        self.guilds = guilds or [FakeGuild(GUILD_ID, CHANNEL_ID)]
        self.shard_count = shard_count
        self.shard_sockets: dict[int, web.WebSocketResponse] = {}
        self.identified_shards: list[int] = []
        self.created: list[Recorded] = []
        self._by_nonce: dict[tuple[str, str], dict[str, Any]] = {}
        self.messages: dict[str, dict[str, Any]] = {}  # posted in channels, by id
        self.requests: list[Recorded] = []
        self.faults: dict[tuple[str, str], deque[int]] = defaultdict(deque)
        self.identifies = 0
        self.resumes = 0
        self.commands: list[dict[str, Any]] = []
        self.sockets: list[web.WebSocketResponse] = []
        self.ready = asyncio.Event()
        self.resumed = asyncio.Event()
        self.received = asyncio.Condition()
        self._ids = itertools.count(950_000_000_000_000_000)
        self._seq = 0
        self.port = 0
        self._runner: web.AppRunner | None = None

    # lifecycle ---------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(client_max_size=20 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server: Any = site._server
        self.port = int(server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        for socket in self.sockets:
            await socket.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def next_id(self) -> str:
        return str(next(self._ids))

    def fail_next(self, method: str, route: str, *statuses: int) -> None:
        self.faults[(method, route)].extend(statuses)

    async def wait_for(self, predicate: Any, timeout: float = 10.0) -> Recorded:
        async def found() -> Recorded:
            async with self.received:
                while True:
                    for record in self.requests:
                        if predicate(record):
                            return record
                    await self.received.wait()

        return await asyncio.wait_for(found(), timeout)

    # gateway -----------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self.sockets.append(socket)
        await socket.send_json({"op": 10, "d": {"heartbeat_interval": 40_000}})
        async for message in socket:
            payload = json.loads(message.data)
            op = payload.get("op")
            if op == 1:
                await socket.send_json({"op": 11})
            elif op == 2:
                self.identifies += 1
                shard, count = (payload["d"].get("shard") or [0, 1])[:2]
                self.shard_sockets[shard] = socket
                self.identified_shards.append(shard)
                guilds = [guild for guild in self.guilds if guild.shard(count) == shard]
                await self._dispatch(socket, "READY", self._ready_payload(guilds, [shard, count]))
                for guild in guilds:
                    await self._dispatch(socket, "GUILD_CREATE", self._guild_payload(guild))
                self.ready.set()
            elif op == 6:
                self.resumes += 1
                await self._dispatch(socket, "RESUMED", {})
                self.resumed.set()
        return socket

    async def _dispatch(self, socket: web.WebSocketResponse, event: str, data: Any) -> None:
        self._seq += 1
        await socket.send_json({"op": 0, "t": event, "s": self._seq, "d": data})

    async def close_gateway(self, code: int = 4000) -> None:
        """Close the live connection the way Discord does when it restarts a node."""
        socket = self.sockets[-1]
        await socket.close(code=code, message=b"node restarting")

    def guild_of(self, guild_id: int) -> FakeGuild:
        return next(guild for guild in self.guilds if guild.guild_id == guild_id)

    def socket_for(self, guild: FakeGuild) -> web.WebSocketResponse:
        """The live gateway connection of the guild's shard (else the newest connection)."""
        socket = self.shard_sockets.get(guild.shard(self.shard_count))
        return socket if socket is not None and not socket.closed else self.sockets[-1]

    async def send_interaction(
        self,
        data: dict[str, Any],
        *,
        locale: str = "en-US",
        user_id: int = OWNER_ID,
        kind: int = 2,
        guild_id: int | None = None,
    ) -> str:
        """Deliver an interaction to the bot (in `guild_id`'s channel, else the first
        guild's); returns its id."""
        guild = self.guild_of(guild_id) if guild_id is not None else self.guilds[0]
        interaction_id = self.next_id()
        payload = {
            "id": interaction_id,
            "application_id": str(APPLICATION_ID),
            "type": kind,
            "token": f"token-{interaction_id}",
            "version": 1,
            "guild_id": str(guild.guild_id),
            "channel_id": str(guild.channel_id),
            "channel": self._channel_payload(guild),
            "locale": locale,
            "guild_locale": "en-US",
            "app_permissions": "2248473465835073",
            "entitlements": [],
            "attachment_size_limit": 26214400,
            "authorizing_integration_owners": {"0": str(guild.guild_id)},
            "context": 0,
            "member": {
                "user": user_payload(user_id, "owner"),
                "roles": [],
                "joined_at": "2026-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "permissions": "2248473465835073",
                "flags": 0,
            },
            "data": data,
        }
        await self._dispatch(self.socket_for(guild), "INTERACTION_CREATE", payload)
        return interaction_id

    def command_id(self, name: str) -> str:
        return str(next(c["id"] for c in self.commands if c["name"] == name))

    def _ready_payload(self, guilds: list[FakeGuild], shard: list[int]) -> dict[str, Any]:
        return {
            "v": 10,
            "user": user_payload(BOT_ID, "courier", bot=True),
            "guilds": [{"id": str(guild.guild_id), "unavailable": True} for guild in guilds],
            "shard": shard,
            "session_id": "fake-session",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(APPLICATION_ID), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }

    def _channel_payload(self, guild: FakeGuild | None = None) -> dict[str, Any]:
        guild = guild or self.guilds[0]
        return {
            "id": str(guild.channel_id),
            "type": 0,
            "guild_id": str(guild.guild_id),
            "name": "campaigns",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
        }

    def _guild_payload(self, guild: FakeGuild) -> dict[str, Any]:
        return {
            "id": str(guild.guild_id),
            "name": "Fake Guild",
            "owner_id": str(OWNER_ID),
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [
                {
                    "id": str(guild.guild_id),
                    "name": "@everyone",
                    "permissions": "2248473465835073",
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "unavailable": False,
            "member_count": 2,
            "large": False,
            "joined_at": "2026-01-01T00:00:00+00:00",
            "channels": [self._channel_payload(guild)],
            "threads": [],
            "members": [
                {
                    "user": user_payload(BOT_ID, "courier", bot=True),
                    "roles": [],
                    "joined_at": "2026-01-01T00:00:00+00:00",
                    "deaf": False,
                    "mute": False,
                    "flags": 0,
                }
            ],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    # REST --------------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        body, files = await self._read_body(request)
        route = _route_of(path)
        token = request.headers.get("Authorization", "").removeprefix("Bot ")
        record = Recorded(request.method, path, body, files, token)
        faults = self.faults.get((request.method, route))
        if faults:
            status = faults.popleft()
            self.requests.append(Recorded(request.method, path, {"failed_with": status}))
            if status == 429:
                return _json(
                    {
                        "message": "You are being rate limited.",
                        "retry_after": 0.05,
                        "global": False,
                    },
                    status=429,
                    headers={"Via": "1.1 google", "X-RateLimit-Scope": "user"},
                )
            return _json({"message": "injected", "code": 0}, status=status)
        async with self.received:
            self.requests.append(record)
            self.received.notify_all()
        return self._answer(record, route)

    async def _read_body(self, request: web.Request) -> tuple[dict[str, Any], list[Any]]:
        if request.content_type.startswith("multipart/"):
            body: dict[str, Any] = {}
            files: list[tuple[str, bytes]] = []
            reader = await request.multipart()
            async for part in reader:
                data = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":  # type: ignore[union-attr]
                    body = json.loads(data)
                else:
                    files.append((part.filename or "", bytes(data)))  # type: ignore[union-attr]
            return body, files
        if request.can_read_body:
            text = await request.text()
            return (json.loads(text) if text else {}), []
        return {}, []

    def _answer(self, record: Recorded, route: str) -> web.Response:
        method, path, body = record.method, record.path, record.body
        if route == "/users/@me":
            return _json(user_payload(BOT_ID, "courier", bot=True))
        if route == "/oauth2/applications/@me":
            return _json(
                {
                    "id": str(APPLICATION_ID),
                    "name": "Courier",
                    "description": "",
                    "icon": None,
                    "rpc_origins": [],
                    "bot_public": True,
                    "bot_require_code_grant": False,
                    "owner": user_payload(OWNER_ID, "owner"),
                    "verify_key": "0" * 64,
                    "team": None,
                    "flags": 0,
                    "summary": "",
                }
            )
        if route == "/gateway/bot":
            return _json(
                {
                    "url": self.gateway_url,
                    "shards": self.shard_count,
                    "session_start_limit": {
                        "total": 1000,
                        "remaining": 999,
                        "reset_after": 0,
                        "max_concurrency": 1,
                    },
                }
            )
        if route.endswith("/commands") and method == "PUT":
            self.commands = [
                {
                    **command,
                    "id": self.next_id(),
                    "application_id": str(APPLICATION_ID),
                    "version": "1",
                    "default_member_permissions": None,
                    "type": 1,
                }
                for command in body
            ]
            return _json(self.commands)
        if route.endswith("/commands") and method == "GET":
            return _json(self.commands)
        if route == "/channels/{id}/messages" and method == "POST":
            return _json(self._post_message(body, path, record.token))
        if route == "/channels/{id}/messages/{id}" and path.split("/")[4] in self.messages:
            message = self.messages[path.split("/")[4]]
            if method == "PATCH":
                message.update(
                    {key: body[key] for key in ("content", "embeds", "components") if key in body}
                )
            return _json(message)
        if route == "/interactions/{id}/{token}/callback":
            return _json({"interaction": {"id": path.split("/")[2], "type": 2}})
        if route == "/webhooks/{id}/{token}/messages/@original":
            return _json(self._message(body, str(CHANNEL_ID)))
        if route == "/webhooks/{id}/{token}":
            return _json(self._message(body, str(CHANNEL_ID)))
        if route == "/channels/{id}":
            wanted = int(path.split("/")[2])
            known = [guild for guild in self.guilds if guild.channel_id == wanted]
            return _json(self._channel_payload(known[0] if known else None))
        if route == "/users/@me/channels":
            recipient = int(body["recipient_id"])
            return _json(
                {
                    "id": str(recipient + 1),
                    "type": 1,
                    "last_message_id": None,
                    "recipients": [user_payload(recipient, f"user{recipient}")],
                }
            )
        if route == "/users/{id}":
            user_id = int(path.split("/")[2])
            return _json(user_payload(user_id, f"user{user_id}"))
        return _json({"message": f"not faked: {method} {path}", "code": 0}, status=404)

    def _post_message(self, body: dict[str, Any], path: str, token: str) -> dict[str, Any]:
        """A new message, or the first one of its nonce when `enforce_nonce` is set."""
        channel_id = path.split("/")[2]
        key = (channel_id, str(body.get("nonce")))
        if body.get("enforce_nonce") and key in self._by_nonce:
            return self._by_nonce[key]
        message = self._message(body, channel_id)
        self.messages[message["id"]] = message
        self.created.append(Recorded("POST", path, body, token=token))
        if body.get("nonce") is not None:
            self._by_nonce[key] = message
        return message

    def _message(self, body: dict[str, Any], channel_id: str) -> dict[str, Any]:
        return {
            "id": self.next_id(),
            "channel_id": channel_id,
            "author": user_payload(BOT_ID, "courier", bot=True),
            "content": body.get("content") or "",
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": body.get("embeds") or [],
            "pinned": False,
            "type": 0,
            "flags": body.get("flags") or 0,
            "components": body.get("components") or [],
        }

    def messages_to(self, channel_id: int) -> list[Recorded]:
        path = f"/channels/{channel_id}/messages"
        return [
            r
            for r in self.requests
            if r.method == "POST" and r.path == path and "failed_with" not in r.body
        ]


def _json(data: Any, *, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """A JSON answer with the exact content type discord.py checks for."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def _route_of(path: str) -> str:
    """The route template of a path: numbers and tokens become placeholders."""
    parts = path.strip("/").split("/")
    if parts[:1] == ["interactions"] and len(parts) >= 4:
        return "/interactions/{id}/{token}/" + "/".join(parts[3:])
    if parts[:1] == ["webhooks"] and len(parts) >= 3:
        rest = "/".join(parts[3:])
        return "/webhooks/{id}/{token}" + (f"/{rest}" if rest else "")
    shaped = ["{id}" if part.isdigit() else part for part in parts]
    return "/" + "/".join(shaped)
