"""`python -m bot console`: arguments, the database, and the table's read loop."""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path
from typing import TextIO

from pydantic import ValidationError

from bot.config import describe_settings_error
from bot.console.table import Table, option_value
from bot.i18n import LANGUAGES, translate
from bot.services import ServiceError, open_service
from bot.storage import describe_database
from rulesets import registry


def parse_args(argv: list[str]) -> argparse.Namespace:
    from bot.config import Settings

    settings = Settings()
    parser = argparse.ArgumentParser(
        prog="python -m bot console",
        description="A local table for any game, in the same database as the bot. "
        "Type 'help' at the table for its commands.",
    )
    parser.add_argument(
        "--db", default=settings.database, help="database file or postgresql:// URL"
    )
    parser.add_argument("--campaign", type=int, help="resume this campaign")
    parser.add_argument("--game", help="create a campaign of this game")
    parser.add_argument("--seats", help="with --game: seats to fill and start, e.g. red,blue")
    parser.add_argument("--option", action="append", default=[], help="with --game: NAME=VALUE")
    parser.add_argument("--seed", help="with --game: the dice seed (hex), for a repeatable game")
    parser.add_argument("--lang", choices=LANGUAGES, default=settings.default_language)
    parser.add_argument(
        "--pictures",
        type=Path,
        help="folder for the pictures a step adds to its report (a battle's card); "
        "by default 'pictures' beside the database file, or data/pictures",
    )
    return parser.parse_args(argv)


async def _prepare(table: Table, args: argparse.Namespace) -> None:
    """Carry out what the command line asked for before reading the table's input."""
    if args.campaign is not None:
        await table.open([str(args.campaign)])
    elif args.game:
        _check_seats(args.game, args.seats)
        options = dict(pair.partition("=")[::2] for pair in args.option)
        campaign = await table.service.lobby.create_campaign(
            ruleset=args.game,
            creator_id="console",
            guild_id=None,
            channel_id=None,
            options={name: option_value(value) for name, value in options.items()},
            language=args.lang,
            seed_hex=args.seed,
        )
        table.campaign_id = campaign.id
        table.say("console.created", campaign=campaign.id, commitment=campaign.seed_commitment)
        if args.seats:
            for seat in args.seats.split(","):
                await table.seat([seat.strip()])
            await table.start([])


def _check_seats(game: str, seats: str | None) -> None:
    """Refuse `--seats` naming a seat the game does not have, before any campaign is made."""
    if not seats or game not in {ruleset.name for ruleset in registry.all_rulesets()}:
        return  # an unknown game is refused by the lobby, in its own words
    known = [spec.id for spec in registry.get(game).seat_pool()]
    folded = {seat.casefold() for seat in known}
    unknown = [seat.strip() for seat in seats.split(",") if seat.strip().casefold() not in folded]
    if unknown:
        raise ServiceError(
            "console.error.unknown_seats", seats=", ".join(unknown), known=", ".join(known)
        )


def pictures_folder(database: str) -> Path:
    """Where a table saves its pictures: beside its database file, so that a table in a
    scratch folder keeps them there too (a database URL: the bot's data folder; a database
    in memory: the system's temporary folder)."""
    if database == ":memory:":
        return Path(tempfile.gettempdir()) / "courier-pictures"
    if "://" in database:
        return Path("data") / "pictures"
    return Path(database).parent / "pictures"


async def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    service = await open_service(args.db)
    table = Table(service, stdin, stdout, args.lang, args.pictures or pictures_folder(args.db))
    try:
        try:
            await _prepare(table, args)
        except ServiceError as error:
            table.write(translate(error.key, args.lang, **error.params))
            return 1
        if table.campaign_id is None:
            table.say("console.welcome", db=describe_database(args.db))
        await table.run()
    finally:
        await service.close()
    return 0


def main(
    argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run the console; `stdin` may be a script of commands (one per line)."""
    try:
        args = parse_args(sys.argv[1:] if argv is None else argv)
    except ValidationError as error:
        print(describe_settings_error(error), file=sys.stderr)
        return 2
    return asyncio.run(run(args, stdin or sys.stdin, stdout or sys.stdout))
