"""What an import can check besides the replay: seat holders against the game's seats.

The replay proves the dice, events and states; it says nothing about who held which seat.
A tenure for a seat the game does not have, or two holders of one seat at the same time,
cannot come from a real campaign: the import is refused, naming the seat.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from itertools import pairwise

from bot.services.errors import ServiceError
from bot.services.exchange_model import CampaignExport, ExportedTenure
from rulesets import registry
from rulesets.core import IllegalAction


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


def check_tenures(tenures: Sequence[ExportedTenure], seats: set[str]) -> None:
    """Every tenure is of a seat of the game, and no seat has two holders at once."""
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
