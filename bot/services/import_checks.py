"""What an import can check besides the replay: sizes, seat holders, actors and the audit.

The replay proves the dice, events and states; it says nothing about who held which seat,
who gave each order, when, or what the moderators did. So an import also checks:

- sizes: the whole file, and every text against the limits the services hold to
  (`bot.services.limits`), the language against the catalogues;
- holders: every tenure is of a seat of the game, no seat has two holders at once, every
  holder is a Discord user or a console player, and a started campaign had players;
- the audit trail against the log: nothing dated after the export, and a moderator's
  forced move still in the log is the move the log shows, by that moderator.

What cannot come from a real campaign is refused. What merely cannot be proved (nothing
signs actors and times) is listed in the import's audit record (`Unverified`).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import pairwise
from typing import Any

from bot.i18n import LANGUAGES
from bot.services.errors import ServiceError
from bot.services.exchange_model import CampaignExport, ExportedAudit, ExportedEntry, ExportedTenure
from bot.services.limits import (
    MAX_IMPORT_BYTES,
    NAME_LIMIT,
    OPERATOR_NAME,
    REASON_LIMIT,
    is_user_id,
)
from rulesets import registry
from rulesets.core import IllegalAction

SHORT_LIMIT = 40
"""Ids and labels: seats, acts, a ruleset version."""
SCHEDULER = "courier"
"""The bot signs the moves it makes itself as `courier` or `courier:<why>` (a default, the
autopilot)."""
LISTED = 50
"""At most this many step numbers are listed per finding in the audit record."""


def check_size(document: dict[str, Any] | str | bytes) -> None:
    """The whole file is no larger than an import reads (a dict is measured as JSON)."""
    if isinstance(document, str):
        size = len(document.encode("utf-8", "surrogatepass"))
    elif isinstance(document, bytes):
        size = len(document)
    else:
        try:
            size = len(json.dumps(document, ensure_ascii=False))
        except (TypeError, ValueError, RecursionError):
            raise ServiceError("trust.error.import_malformed", where="-") from None
    if size > MAX_IMPORT_BYTES:
        raise ServiceError("trust.error.import_too_big", limit=MAX_IMPORT_BYTES // (1024 * 1024))


def _fits(where: str, text: str, limit: int) -> None:
    if len(text) > limit:
        raise ServiceError("trust.error.import_too_long", where=where, limit=limit)


def _signed_by(where: str, actor: str) -> None:
    _fits(where, actor, SHORT_LIMIT)
    if not (is_user_id(actor) or OPERATOR_NAME.fullmatch(actor)):
        raise ServiceError("trust.error.import_bad_user", where=where)


def check_fields(export: CampaignExport) -> None:
    """Every text within the services' limits, every user id a user's, a known language."""
    if export.language not in LANGUAGES:
        raise ServiceError("service.error.unknown_language", code=export.language[:20])
    _fits("ruleset_version", export.ruleset_version, SHORT_LIMIT)
    for number, tenure in enumerate(export.tenures):
        _fits(f"tenures.{number}.seat", tenure.seat, SHORT_LIMIT)
        _fits(f"tenures.{number}.display_name", tenure.display_name, NAME_LIMIT)
        if not is_user_id(tenure.user_id):
            raise ServiceError("trust.error.import_bad_user", where=f"tenures.{number}.user_id")
    for entry in export.log:
        _signed_by(f"log.{entry.seq}.actor", entry.actor)
    for number, row in enumerate(export.audit):
        _signed_by(f"audit.{number}.actor", row.actor)
        _fits(f"audit.{number}.act", row.act, SHORT_LIMIT)
        _fits(f"audit.{number}.reason", row.reason, REASON_LIMIT)


def game_seats(export: CampaignExport) -> set[str] | None:
    """The seats of the exported game: those dealt at the set-up, else the ruleset's pool
    (a campaign still in the lobby); None when the ruleset is unknown (the replay says so)."""
    if export.log:
        seats = export.log[0].action.get("seats")
        if isinstance(seats, list):
            return {seat for seat in seats if isinstance(seat, str)}
        return set()
    try:
        return {spec.id for spec in registry.get(export.ruleset).seat_pool()}
    except IllegalAction:
        return None


def check_tenures(tenures: Sequence[ExportedTenure], seats: set[str], *, started: bool) -> None:
    """Every tenure is of a seat of the game, no seat has two holders at once, and a
    started campaign had at least one player."""
    if started and not tenures:
        raise ServiceError("trust.error.import_no_players")
    by_seat: dict[str, list[ExportedTenure]] = defaultdict(list)
    for tenure in tenures:
        if tenure.seat not in seats:
            raise ServiceError("trust.error.import_unknown_seat", seat=tenure.seat[:40])
        if tenure.ended_at is not None and tenure.ended_at < tenure.started_at:
            raise ServiceError("trust.error.import_bad_tenure", seat=tenure.seat)
        by_seat[tenure.seat].append(tenure)
    for seat, held in by_seat.items():
        # A replacement ends one tenure and starts the next at the same instant: among
        # tenures starting together, the ended ones come first.
        held.sort(key=lambda t: (t.started_at, t.ended_at is None, t.ended_at or t.started_at))
        for earlier, later in pairwise(held):
            if earlier.ended_at is None or later.started_at < earlier.ended_at:
                raise ServiceError("trust.error.import_bad_tenure", seat=seat)


def check_times(export: CampaignExport) -> None:
    """Nothing in the file happened after the file was made."""
    moments: list[tuple[str, datetime]] = [
        *((f"log.{entry.seq}.at", entry.at) for entry in export.log),
        *((f"audit.{number}.at", row.at) for number, row in enumerate(export.audit)),
        *(
            (f"tenures.{number}.started_at", t.started_at)
            for number, t in enumerate(export.tenures)
        ),
        *(
            (f"tenures.{number}.ended_at", t.ended_at)
            for number, t in enumerate(export.tenures)
            if t.ended_at is not None
        ),
    ]
    for where, moment in moments:
        if moment > export.exported_at:
            raise ServiceError("trust.error.import_after_export", where=where)


def _rewritten_later(audit: Sequence[ExportedAudit], index: int, seq: int) -> bool:
    """Whether a later undo, rollback or correction removed step `seq` again."""
    return any(seq in row.seqs for row in audit[index + 1 :] if "removed" in row.detail)


def check_forced_moves(export: CampaignExport) -> None:
    """A moderator's forced move still in the log is there, for that seat, by them."""
    for index, row in enumerate(export.audit):
        if row.act != "force_default" or len(row.seqs) != 1:
            continue
        [seq] = row.seqs
        if _rewritten_later(export.audit, index, seq):
            continue
        entry = export.log[seq] if 0 < seq < len(export.log) else None
        if entry is None or entry.actor != row.actor or entry.seat != row.detail.get("seat"):
            raise ServiceError("trust.error.import_audit_contradicts", act=row.act, seq=seq)


@dataclass
class Unverified:
    """What the import could not prove, recorded in its audit record."""

    actors_not_holding: list[int] = field(default_factory=list)
    """Steps signed by someone who held no seat then, with no moderator's act behind."""
    times_out_of_order: list[int] = field(default_factory=list)
    audit_rows_unchecked: int = 0
    """Moderators' acts the log cannot confirm (a pause, a pace): taken on trust."""

    def detail(self) -> dict[str, Any]:
        return {
            "not_verifiable": ["actors", "timestamps"],
            "actors_not_holding": self.actors_not_holding[:LISTED],
            "times_out_of_order": self.times_out_of_order[:LISTED],
            "audit_rows_unchecked": self.audit_rows_unchecked,
        }


def _holder_at(tenures: Sequence[ExportedTenure], seat: str, moment: datetime) -> set[str]:
    return {
        t.user_id
        for t in tenures
        if t.seat == seat
        and t.started_at <= moment
        and (t.ended_at is None or moment <= t.ended_at)
    }


def _acting_legitimately(export: CampaignExport, entry: ExportedEntry) -> bool:
    if entry.seq == 0 or entry.seat is None or entry.actor.split(":")[0] == SCHEDULER:
        return True
    if entry.actor in _holder_at(export.tenures, entry.seat, entry.at):
        return True
    return any(
        row.actor == entry.actor and entry.seq in [*row.seqs, row.detail.get("seq")]
        for row in export.audit
        if row.act in ("force_default", "correct")
    )


def unverified(export: CampaignExport) -> Unverified:
    """The findings the import keeps in its audit record instead of refusing."""
    found = Unverified()
    for entry in export.log:
        if not _acting_legitimately(export, entry):
            found.actors_not_holding.append(entry.seq)
    for earlier, later in pairwise(export.log):
        if later.at < earlier.at:
            found.times_out_of_order.append(later.seq)
    found.audit_rows_unchecked = sum(
        1 for row in export.audit if row.act not in ("force_default", "import")
    )
    return found


def check_export(export: CampaignExport) -> Unverified:
    """Refuse what is impossible in `export` (besides its replay); return what is unproved."""
    check_fields(export)
    check_times(export)
    seats = game_seats(export)
    if seats is not None:
        check_tenures(export.tenures, seats, started=bool(export.log))
    if export.log:
        check_forced_moves(export)
    return unverified(export)
