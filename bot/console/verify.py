"""Trust from a terminal: `python -m bot verify|import|backup|versions|check`.

`verify EXPORT.json` needs no database: anyone holding a campaign export with its seed can
recompute every roll and replay the log. `import` loads an export into the database as a
new campaign (refused, creating nothing, unless it replays exactly); `backup` copies the
database while the bot may be running; `versions` replays the campaigns recorded under
another ruleset version than the code's, as the bot does at start-up; `check` reads the
whole database with SQLite's full integrity check (start-up runs only the quick one).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TextIO

from bot.i18n import LANGUAGES, render, translate
from bot.services import ServiceError, open_service
from bot.services.backup import DEFAULT_KEEP
from bot.services.exchange import parse_export
from bot.services.trust import verify_export
from bot.storage import describe_database

CONSOLE_ACTOR = "console"


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise SystemExit(f"cannot read {path}: {error.strerror}") from None


def verify_file(path: Path, language: str, out: TextIO) -> int:
    """Print what checking the export at `path` found; 0 when everything holds."""
    try:
        result = verify_export(parse_export(_read(path)))
    except ServiceError as error:
        out.write(translate(error.key, language, **error.params) + "\n")
        return 1
    for finding in result.findings():
        out.write(render(finding, language) + "\n")
    return 0 if result.ok and result.replay.ok else 1


async def import_file(
    path: Path, database: str | Path, reason: str, language: str, out: TextIO
) -> int:
    service = await open_service(database)
    try:
        campaign = await service.trust.import_campaign(
            _read(path), actor=CONSOLE_ACTOR, reason=reason, guild_id=None, channel_id=None
        )
    except ServiceError as error:
        out.write(translate(error.key, language, **error.params) + "\n")
        return 1
    finally:
        await service.close()
    out.write(translate("trust.import.done", language, campaign=campaign.id, seq=campaign.seq))
    out.write("\n")
    return 0


async def backup_now(database: str | Path, directory: Path | None, keep: int, out: TextIO) -> int:
    service = await open_service(database)
    try:
        made = await service.backups.backup_database(directory, keep=keep)
    finally:
        await service.close()
    out.write(f"{made}\n")
    return 0


async def check_versions(database: str | Path, out: TextIO) -> int:
    """Print one line per campaign replayed; 1 when any no longer replays."""
    service = await open_service(database)
    try:
        reports = await service.trust.check_versions()
    finally:
        await service.close()
    for report in reports:
        verdict = "ok" if report.ok else f"{report.problem} at step {report.seq}"
        paused = " (paused)" if report.paused else ""
        out.write(
            f"campaign {report.campaign_id}: {report.ruleset} {report.recorded_version}"
            f" -> {report.current_version}: {verdict}{paused}\n"
        )
    return 0 if all(report.ok for report in reports) else 1


async def check_database_file(database: str | Path, out: TextIO) -> int:
    """0 when the full integrity check finds nothing wrong (else `DamagedDatabase`)."""
    service = await open_service(database, full_check=True)
    await service.close()
    out.write(f"{describe_database(database)}: ok\n")  # a URL's password is never printed
    return 0


def _parser() -> argparse.ArgumentParser:
    from bot.config import Settings

    settings = Settings()
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", choices=LANGUAGES, default=settings.default_language)
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser(
        "verify", parents=[common], help="check every roll of a campaign export"
    )
    check.add_argument("export", type=Path)
    load = commands.add_parser(
        "import", parents=[common], help="load a campaign export as a new campaign"
    )
    load.add_argument("export", type=Path)
    load.add_argument("--reason", required=True, help="recorded in the audit trail")
    load.add_argument("--db", default=settings.database)
    copy = commands.add_parser("backup", parents=[common], help="copy the database now")
    copy.add_argument("--db", default=settings.database)
    copy.add_argument("--dir", type=Path, default=None, help="default: backups/ beside the db")
    copy.add_argument("--keep", type=int, default=DEFAULT_KEEP, help="newest copies kept")
    replay = commands.add_parser("versions", help="replay campaigns made under older rules")
    replay.add_argument("--db", default=settings.database)
    examine = commands.add_parser("check", help="read the whole database for damage")
    examine.add_argument("--db", default=settings.database)
    return parser


def main(argv: list[str], out: TextIO | None = None) -> int:
    """`argv` starts with the subcommand (verify, import, backup, versions or check)."""
    args = _parser().parse_args(argv)
    stream = out or sys.stdout
    if args.command == "verify":
        return verify_file(args.export, args.lang, stream)
    if args.command == "import":
        return asyncio.run(import_file(args.export, args.db, args.reason, args.lang, stream))
    if args.command == "versions":
        return asyncio.run(check_versions(args.db, stream))
    if args.command == "check":
        return asyncio.run(check_database_file(args.db, stream))
    return asyncio.run(backup_now(args.db, args.dir, args.keep, stream))
