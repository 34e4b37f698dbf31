"""One bot process of the two-process test: the real bot as `python -m bot` builds it from
the settings in its environment (COURIER_DATABASE, COURIER_SHARD_IDS, COURIER_SHARD_COUNT,
DISCORD_TOKEN: the fake tells the processes apart by it),
with the miniature game installed, talking to the fake Discord on 127.0.0.1, and running
the scheduler and the outbox sweep every second instead of every minute.

Usage: python -m tests.proof.shard_worker API_BASE GATEWAY_URL   (logs to stderr)
"""

from __future__ import annotations

import sys

import discord
import yarl

from bot.config import Settings
from bot.discord.launcher import bot_from_settings
from bot.logging_setup import configure_logging
from rulesets import registry
from tests.fixtures.mini_game import MINI

FAST_SECONDS = 1.0


def main(api_base: str, gateway_url: str) -> None:
    registry.register(MINI)
    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    configure_logging("INFO")
    settings = Settings()
    courier = bot_from_settings(settings, tick_seconds=FAST_SECONDS, sweep_seconds=FAST_SECONDS)
    courier.run(settings.discord_token or "fake-token", log_handler=None)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
