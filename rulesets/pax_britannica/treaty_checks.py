"""Courier's checks of the checked clauses (checked_clauses.py, §4.8, §5.4), at the opening of
each Negotiation phase, so after the turn's Movement/Status Change phase: a marker ban is
broken by a marker its bound power placed (or raised) this turn in the area, a unit limit
by more of its units there than the limit. Only treaties signed in an earlier turn are
checked (the bound power has had a Movement phase to comply).

A broken PUBLIC treaty is a breach at once, told to everyone with the clause it broke:
treaties.breach (ET +5 blamed on the violator, the treaty ends, the other signatory's
casus belli over the clause's area). A broken SECRET treaty must not leak through the
check: the parties alone are told, the treaty is marked broken, and the wronged party may
claim the breach (claims.py), which publishes the treaty (§4.8: a secret treaty used to
obtain a casus belli must be made public) and is confirmed at once, without the accused's
answer or a vote, since Courier checked it. Left unclaimed, the secret breach stays the
parties' secret and the treaty stays in force."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.core.messages import JsonValue
from rulesets.pax_britannica.checked_clauses import KINDS, terms
from rulesets.pax_britannica.state import PaxState, Treaty, marker_of
from rulesets.pax_britannica.treaties import breach, readers


def run(ctx: StepContext[PaxState]) -> None:
    """Check every checked clause in force; stop should a breach start the Great War."""
    state = ctx.state
    for treaty in list(state.treaties):
        if state.finished:
            return
        due = treaty.kind in KINDS and treaty.turn < state.turn and not treaty.violated_by
        if due and broken(state, treaty):
            _found_broken(ctx, treaty)


def broken(state: PaxState, treaty: Treaty) -> bool:
    if treaty.kind == "marker_ban":
        marker = marker_of(state, treaty.bound, treaty.area)
        return marker is not None and marker.placed_this_turn and marker.placed_turn == state.turn
    return _units_in(state, treaty) > treaty.limit


def _units_in(state: PaxState, treaty: Treaty) -> int:
    return sum(
        1
        for u in state.units
        if u.power == treaty.bound and u.kind == treaty.units and u.location == treaty.area
    )


def _found_broken(ctx: StepContext[PaxState], treaty: Treaty) -> None:
    state = ctx.state
    other = next(p for p in treaty.parties if p != treaty.bound)
    params: dict[str, JsonValue] = {"power": treaty.bound, "other": other, **terms(treaty)}
    if treaty.secret:
        treaty.violated_by = treaty.bound
        audience = readers(state, treaty.parties)
        ctx.emit(f"pax.event.{treaty.kind}_broken_secretly", audience, **params)
        return
    ctx.emit(f"pax.event.{treaty.kind}_broken", **params)
    breach(ctx, treaty, treaty.bound, treaty.area)


def confirm_claim(ctx: StepContext[PaxState], treaty: Treaty) -> None:
    """The wronged party claimed a secret breach Courier found (claims.py published the
    treaty first): the clause broken is told to all, and the breach follows at once."""
    other = next(p for p in treaty.parties if p != treaty.violated_by)
    ctx.emit(
        f"pax.event.{treaty.kind}_broken",
        power=treaty.violated_by,
        other=other,
        **terms(treaty),
    )
    breach(ctx, treaty, treaty.violated_by, treaty.area)
