"""`python -m bot store copy --from PATH_OR_URL --to PATH_OR_URL`: move every campaign to
another database (a SQLite file or PostgreSQL), then check each copied campaign's state
hash. Stop the bot first: the copy reads the source as it is at that moment."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TextIO

from bot.services.store_copy import CopyReport, copy_database
from bot.storage import StoreError, describe_database


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot store", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser("copy", help="copy every campaign into an empty database")
    copy.add_argument("--from", dest="source", required=True, help="SQLite path or URL")
    copy.add_argument("--to", dest="target", required=True, help="SQLite path or URL")
    return parser


def describe(report: CopyReport) -> list[str]:
    rows = ", ".join(f"{table} {count}" for table, count in report.rows.items())
    lines = [f"rows copied: {rows}"]
    for check in report.checks:
        if check.problem is not None:
            lines.append(f"campaign {check.campaign_id} (step {check.seq}): {check.problem}")
    matching = sum(check.problem is None for check in report.checks)
    lines.append(f"state hashes checked: {matching} of {len(report.checks)} campaigns match")
    return lines


async def copy_command(source: str, target: str, out: TextIO) -> int:
    out.write(f"copying {describe_database(source)} to {describe_database(target)}\n")
    try:
        report = await copy_database(source, target)
    except StoreError as refusal:
        out.write(f"nothing copied: {refusal}\n")
        return 2
    for line in describe(report):
        out.write(line + "\n")
    return 0 if report.ok else 1


def main(argv: list[str], out: TextIO | None = None) -> int:
    """`argv` starts after `store` (the subcommand: copy)."""
    args = _parser().parse_args(argv)
    return asyncio.run(copy_command(args.source, args.target, out or sys.stdout))
