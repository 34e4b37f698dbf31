"""The local console: a terminal table over the same services and database as the bot."""

from bot.console.app import main

__all__ = ["main"]
