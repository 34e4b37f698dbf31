"""Every slash command, subcommand, option and fixed choice has a French name and description,
so a French Discord never shows a half-English command list."""

from __future__ import annotations

from typing import Any

from bot.discord.translator import CourierTranslator
from tests.discord.conftest import Table


def _untranslated(node: dict[str, Any], path: str) -> list[str]:
    """The places under `node` (a translated command payload) that lack a French text."""
    missing = []
    if "fr" not in (node.get("name_localizations") or {}):
        missing.append(f"{path} name")
    if "description" in node and "fr" not in (node.get("description_localizations") or {}):
        missing.append(f"{path} description")
    for choice in node.get("choices") or []:
        if "fr" not in (choice.get("name_localizations") or {}):
            missing.append(f"{path} choice {choice['value']}")
    for option in node.get("options") or []:
        missing += _untranslated(option, f"{path} {option['name']}")
    return missing


async def test_every_command_and_option_has_a_french_name_and_description(table: Table) -> None:
    translator = CourierTranslator()
    commands = table.bot.tree.get_commands()
    assert len(commands) > 5  # the whole tree, not an empty one
    missing: list[str] = []
    for command in commands:
        payload = await command.get_translated_payload(table.bot.tree, translator)
        missing += _untranslated(payload, payload["name"])
    assert not missing, "\n".join(missing)
