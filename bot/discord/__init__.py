"""The Discord adapter: slash commands, buttons and the outbox courier over the services."""

from __future__ import annotations


def main() -> None:
    """Run the bot with the settings from the environment (what `python -m bot` calls)."""
    from bot.discord.launcher import run_from_settings

    run_from_settings()
