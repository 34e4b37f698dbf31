"""Commands named as the reader's Discord client shows them: a sentence written with the
English names ("join with /campaign join") reads "/campagne rejoindre" for a French reader,
from the same `discord.cmd.*` catalogue entries the command tree is localised with."""

from __future__ import annotations

import re

from bot.i18n import DEFAULT_LANGUAGE, catalogue

# A slash at the start of a word (not inside a URL or a path), a command, maybe a subcommand.
_COMMAND = re.compile(r"(?<![\w/.:])/([a-z][a-z-]*)(?: ([a-z][a-z-]*))?")


def localised_commands(text: str, language: str) -> str:
    if language == DEFAULT_LANGUAGE or "/" not in text:
        return text
    names = catalogue(language)

    def named(match: re.Match[str]) -> str:
        group, sub = match[1], match[2]
        local_group = names.get(f"discord.cmd.{group}.name")
        if local_group is None:
            return match[0]
        local_sub = sub and names.get(f"discord.cmd.{group}.{sub}.name")
        if local_sub:
            return f"/{local_group} {local_sub}"
        return f"/{local_group}" + (f" {sub}" if sub else "")

    return _COMMAND.sub(named, text)
