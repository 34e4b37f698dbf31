"""The SimCord table of the Discord tests, for a Pax Britannica campaign."""

from tests.discord.conftest import database, simcord_bot, table

__all__ = ["database", "simcord_bot", "table"]
