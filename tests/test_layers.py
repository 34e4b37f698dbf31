"""The layer rules hold: no forbidden import arrow, no import circle inside a checked
package (every bot/ and rulesets/ package but those in NOT_YET_ACYCLIC), and the check
itself finds both."""

from __future__ import annotations

import pytest

from tests.layers import (
    NOT_YET_ACYCLIC,
    Import,
    all_imports,
    circle_checked,
    circles_in,
    forbidden,
    forbidden_arrows,
    main,
    packages,
)


def test_no_forbidden_arrow() -> None:
    assert forbidden_arrows(all_imports()) == []


def test_no_circle_in_a_checked_package() -> None:
    imports = all_imports()
    checked = [package for package in packages(imports) if circle_checked(package)]
    assert {
        "bot/discord",
        "bot/services",
        "bot/storage",
        "bot/render",
        "rulesets/core",
        "rulesets/empires",
        "rulesets/struggle",
    } <= set(checked)
    assert {package: circles_in(package, imports) for package in checked} == {
        package: [] for package in checked
    }


def test_every_game_is_held_to_the_rule_but_those_named_apart() -> None:
    assert circle_checked("rulesets/a_new_game")
    assert all(not circle_checked(package) for package in NOT_YET_ACYCLIC)


def test_each_forbidden_arrow_is_found() -> None:
    arrows = {
        ("bot.services.play", "discord"): "discord",
        ("bot.services.core", "sqlite3"): "sqlite3",
        ("bot.discord.client", "aiosqlite"): "aiosqlite",
        ("bot.services.store_copy", "asyncpg"): "asyncpg",
        ("bot.discord.maps", "PIL.Image"): "PIL",
        ("bot.services.outbox", "bot.discord.delivery"): "bot/discord",
        ("rulesets.core.engine", "bot.i18n"): "rulesets/",
    }
    for (source, target), word in arrows.items():
        why = forbidden(Import(source, target, True, 1))
        assert why is not None and word in why, (source, target)
    allowed = [
        ("bot.discord.client", "discord"),
        ("bot.storage.sqlite", "aiosqlite"),
        ("bot.storage.postgres", "asyncpg"),
        ("bot.render.compose", "PIL"),
        ("bot.services.core", "bot.storage"),
        ("rulesets.struggle.ruleset", "rulesets.core"),
    ]
    for source, target in allowed:
        assert forbidden(Import(source, target, True, 1)) is None, (source, target)


def test_a_circle_through_a_late_import_is_found_and_type_only_imports_are_not() -> None:
    imports = [
        Import("bot.discord.a", "bot.discord.b", True, 1),
        Import("bot.discord.b", "bot.discord.a", True, 9),  # inside a function: still runs
        Import("bot.discord.b", "bot.discord.c", True, 2),
        Import("bot.discord.c", "bot.discord.b", False, 3),  # under TYPE_CHECKING
    ]
    assert circles_in("bot/discord", imports) == [["bot.discord.a", "bot.discord.b"]]


def test_the_command_prints_the_graph_and_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main() == 0
    printed = capsys.readouterr().out
    assert "  bot/services -> " in printed and "  bot/discord -> " in printed
    assert "  rulesets/core: none" in printed
    assert printed.rstrip().endswith("Layer rules hold.")
