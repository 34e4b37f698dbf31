"""The trust tests use the services' fixtures (a service over a temporary database), the
Discord table of tests/discord for the cog, and a small dice game of their own besides the
miniature game."""

from __future__ import annotations

from rulesets import registry
from tests.discord.conftest import database, simcord_bot, table
from tests.services.conftest import clock, db_path, service
from tests.trust.dice_race import DICE_RACE

registry.register(DICE_RACE)

__all__ = ["clock", "database", "db_path", "service", "simcord_bot", "table"]
