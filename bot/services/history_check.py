"""Replaying a whole campaign history under the current rules, checking it step by step.

Used wherever a history must be trusted before it is believed: an imported export, a
campaign whose ruleset version changed, a player's verification. Each log entry is carried
out again from the seed; the state hash, the dice drawn and the events must all be the ones
recorded. The first step that differs, or is no longer legal, is reported, not repaired.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.services.exchange_model import CampaignExport, ExportedEntry
from bot.services.replay import START_ACTION
from rulesets import registry
from rulesets.core import BaseState, IllegalAction, Outcome, Ruleset, start, state_hash, submit

Problem = Literal[
    "no_seed", "unknown_ruleset", "numbering", "illegal", "state_hash", "rolls", "events"
]


@dataclass(frozen=True)
class HistoryCheck:
    """The result of a replay: `problem` is None when every step matched."""

    steps_checked: int
    problem: Problem | None = None
    seq: int | None = None
    detail: str = ""
    final_state: BaseState | None = None
    states: dict[int, BaseState] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.problem is None


def _carry_out(
    ruleset: Ruleset[Any], export: CampaignExport, seed: str, state: BaseState | None, entry: Any
) -> Outcome[Any]:
    if entry.seq == 0:
        seats = entry.action.get("seats", [])
        if not isinstance(seats, list) or not all(isinstance(seat, str) for seat in seats):
            # An edited file: the kernel expects a list of seat ids here.
            raise IllegalAction("core.error.bad_seats", seats=str(seats)[:80])
        outcome = start(ruleset, seats, export.options, seed, export.data)
        # The state names the version the campaign was created under; replaying under newer
        # code must not count that label as a change, only what the rules now do differently.
        outcome.state.ruleset_version = export.ruleset_version
        return outcome
    if state is None or entry.seat is None:
        raise IllegalAction("trust.error.entry_without_seat", seq=entry.seq)
    return submit(ruleset, state, entry.seat, entry.action)


def _difference(entry: ExportedEntry, outcome: Outcome[Any]) -> Problem | None:
    if state_hash(outcome.state) != entry.state_hash:
        return "state_hash"
    if [roll.model_dump() for roll in outcome.rolls] != entry.rolls:
        return "rolls"
    if [event.model_dump(mode="json") for event in outcome.events] != entry.events:
        return "events"
    return None


def check_history(
    export: CampaignExport,
    *,
    keep_states_every: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> HistoryCheck:
    """Replay `export`'s log from its seed. With `keep_states_every` = n > 0 the states after
    every n-th seq (and the last) are returned too, for snapshots; `progress` is told each
    step replayed (done, total)."""
    if export.seed_hex is None:
        return HistoryCheck(0, "no_seed", detail="the export carries no seed")
    try:
        ruleset = registry.get(export.ruleset)
    except IllegalAction:
        return HistoryCheck(0, "unknown_ruleset", detail=export.ruleset)
    numbers = [entry.seq for entry in export.log]
    if numbers != list(range(len(numbers))) or (
        numbers and (export.log[0].action.get("type") != START_ACTION or numbers[-1] != export.seq)
    ):
        return HistoryCheck(0, "numbering", detail=f"log seqs {numbers[:5]}…")
    state: BaseState | None = None
    states: dict[int, BaseState] = {}
    for entry in export.log:
        try:
            outcome = _carry_out(ruleset, export, export.seed_hex, state, entry)
        except IllegalAction as refusal:
            return HistoryCheck(entry.seq, "illegal", entry.seq, refusal.key, state, states)
        difference = _difference(entry, outcome)
        if difference is not None:
            return HistoryCheck(entry.seq, difference, entry.seq, "", state, states)
        state = outcome.state
        if progress is not None:
            progress(entry.seq + 1, len(export.log))
        if keep_states_every and entry.seq % keep_states_every == 0 and entry.seq > 0:
            states[entry.seq] = state
    if keep_states_every and state is not None:
        states[state.seq] = state
    return HistoryCheck(len(export.log), final_state=state, states=states)
