"""The further terms a peace offered in war may carry (§4.11.12: the belligerents "agree a
treaty settling everything: marker changes, payments, and so on"): the proposer, having
chosen whose conquests are kept, adds terms one at a time, up to MAX_TERMS, each time
free to offer the peace as it stands instead (the first choice and the default): a
payment of £ between it and an enemy major, the transfer of a marker between them in an
area of the war, or the settlement of a disputed area nobody conquered for one of the
belligerents holding a marker there. One term per area and one payment per pair of
powers; a payer is never asked for more than its treasury holds now. The terms act in
order when every belligerent signs (a separate peace leaves them unapplied), before the
spoils; one that has become impossible lapses, told; post-war changes cost no ET."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, StepContext
from rulesets.core.messages import JsonValue
from rulesets.pax_britannica.actions import PeaceTerm
from rulesets.pax_britannica.congress import settlement
from rulesets.pax_britannica.holdings import counters_left, reduce_marker, remove_marker
from rulesets.pax_britannica.state import (
    PaxState,
    PeaceClause,
    PeaceProposal,
    War,
    is_major,
    marker_of,
    markers_in,
    seat_of,
)
from rulesets.pax_britannica.war_board import side_of

PAYMENTS = (10, 20, 30)  # the sums a peace may name (Courier's steps of 10 £)
MAX_TERMS = 3  # Courier's cap, so that an offer stays short enough to read and sign
CEDABLE = ("possession", "protectorate", "influence", "interest")  # never a state or dominion


def _enemy_majors(state: PaxState, war: War, power: str) -> list[str]:
    side = side_of(war, power)
    assert side is not None
    return [p for p in war.sides[1 - side] if is_major(state, p) and seat_of(state, p)]


def _war_areas(state: PaxState, war: War) -> list[str]:
    """The areas the war is about: its declarations' disputes and its conquests."""
    return sorted({d.area for d in war.declarations if d.area} | set(war.conquered))


def _payments(
    state: PaxState, proposer: str, enemies: list[str], terms: list[PeaceClause]
) -> list[PeaceClause]:
    """The proposer pays an enemy major, or asks one to pay it, a sum its payer's treasury
    holds now beyond what the offer already makes it pay (Austria-Hungary never pays
    anyone, §4.14); once per pair of powers."""
    found: list[PeaceClause] = []
    paid = [t for t in terms if t.kind == "payment"]
    for enemy in enemies:
        if any({t.giver, t.receiver} == {proposer, enemy} for t in paid):
            continue
        for giver, receiver in ((proposer, enemy), (enemy, proposer)):
            if giver == "austria_hungary":
                continue
            owed = sum(t.amount for t in paid if t.giver == giver)
            found.extend(
                PeaceClause(kind="payment", giver=giver, receiver=receiver, amount=amount)
                for amount in PAYMENTS
                if state.powers[giver].treasury >= owed + amount
            )
    return found


def _may_cede(state: PaxState, giver: str, receiver: str, area: str) -> bool:
    """`giver`'s established marker below a state there may become `receiver`'s (whose own
    marker there, if any, it replaces), with a counter of that level left to it."""
    marker = marker_of(state, giver, area)
    if marker is None or not marker.established or marker.level not in CEDABLE:
        return False
    own = marker_of(state, receiver, area)
    return (own is not None and own.level == marker.level) or bool(
        counters_left(state, receiver, marker.level)
    )


def _cessions(state: PaxState, war: War, proposer: str, enemies: list[str]) -> list[PeaceClause]:
    found: list[PeaceClause] = []
    for area in _war_areas(state, war):
        for enemy in enemies:
            for giver, receiver in ((proposer, enemy), (enemy, proposer)):
                if _may_cede(state, giver, receiver, area):
                    found.append(
                        PeaceClause(kind="cession", giver=giver, receiver=receiver, area=area)
                    )
    return found


def _settlements(state: PaxState, war: War) -> list[PeaceClause]:
    """A disputed area nobody conquered, settled for a belligerent major holding a marker
    there, where that would change another belligerent's marker."""
    found: list[PeaceClause] = []
    for area in sorted({d.area for d in war.declarations if d.area} - set(war.conquered)):
        holders = [m.power for m in markers_in(state, area) if m.power in war.powers]
        for favoured in holders:
            if is_major(state, favoured) and settlement(
                state, area, favoured, involved=set(war.powers)
            ):
                found.append(PeaceClause(kind="settlement", receiver=favoured, area=area))
    return found


def clause_options(state: PaxState, war: War, proposal: PeaceProposal) -> list[PeaceClause]:
    """The terms the proposer may still add: none once the offer holds MAX_TERMS, and none
    on an area a term already names."""
    terms = proposal.clauses
    if len(terms) >= MAX_TERMS:
        return []
    enemies = _enemy_majors(state, war, proposal.proposer)
    named = {t.area for t in terms if t.area}
    on_areas = [*_cessions(state, war, proposal.proposer, enemies), *_settlements(state, war)]
    return [
        *_payments(state, proposal.proposer, enemies, terms),
        *[clause for clause in on_areas if clause.area not in named],
    ]


def clause_params(state: PaxState, clause: PeaceClause) -> dict[str, JsonValue]:
    params: dict[str, JsonValue] = {
        "giver": clause.giver,
        "receiver": clause.receiver,
        "amount": clause.amount,
        "area": clause.area,
    }
    marker = marker_of(state, clause.giver, clause.area) if clause.kind == "cession" else None
    if marker is not None:
        params["level"] = f"pax_the_level_{marker.level}"
    return params


def term_message(state: PaxState, clause: PeaceClause) -> dict[str, JsonValue]:
    """A term as a message inside another (the list an offer shows its signers)."""
    return {"key": f"pax.term.{clause.kind}", "params": clause_params(state, clause)}


def terms_list(state: PaxState, proposal: PeaceProposal) -> list[JsonValue]:
    return [term_message(state, clause) for clause in proposal.clauses]


def term_choices(state: PaxState, war: War, proposal: PeaceProposal) -> list[Choice]:
    """Offering the peace as it stands first (the default), then each term the proposer
    may add."""
    power = proposal.proposer
    finish = (
        Msg(key="pax.label.peace_term_finish", params={"count": len(proposal.clauses)})
        if proposal.clauses
        else Msg(key="pax.label.peace_term_none", params={})
    )
    choices = [Choice.of(PeaceTerm(kind="none"), label=finish)]
    for clause in clause_options(state, war, proposal):
        action = PeaceTerm(**clause.model_dump())
        params = {**clause_params(state, clause), "power": power}
        choices.append(
            Choice.of(action, label=Msg(key=f"pax.label.peace_term_{clause.kind}", params=params))
        )
    return choices


def add_term(state: PaxState, war: War, proposal: PeaceProposal, action: PeaceTerm) -> bool:
    """The proposer's term joins the offer; True while it may add another (`none`
    finishes the offer as it stands)."""
    if action.kind == "none":
        return False
    clause = PeaceClause(
        kind=action.kind,
        giver=action.giver,
        receiver=action.receiver,
        amount=action.amount,
        area=action.area,
    )
    if clause not in clause_options(state, war, proposal):
        raise IllegalAction("pax.error.peace_term_illegal")
    proposal.clauses.append(clause)
    return bool(clause_options(state, war, proposal))


def apply_clause(ctx: StepContext[PaxState], war: War, clause: PeaceClause) -> None:
    """The signed term takes effect, or lapses (told) when what it names is gone."""
    state = ctx.state
    params = clause_params(state, clause)
    if clause.kind == "payment":
        payer = state.powers[clause.giver]
        if payer.treasury < clause.amount:
            ctx.emit(f"pax.event.peace_term_lapsed_{clause.kind}", **params)
            return
        payer.treasury -= clause.amount
        state.powers[clause.receiver].treasury += clause.amount
        ctx.emit("pax.event.peace_payment", **params)
    elif clause.kind == "cession":
        if not _may_cede(state, clause.giver, clause.receiver, clause.area):
            ctx.emit(f"pax.event.peace_term_lapsed_{clause.kind}", **params)
            return
        own = marker_of(state, clause.receiver, clause.area)
        if own is not None:
            state.markers.remove(own)
        marker = marker_of(state, clause.giver, clause.area)
        assert marker is not None
        marker.power = clause.receiver
        ctx.emit("pax.event.peace_cession", **params)
    else:
        if marker_of(state, clause.receiver, clause.area) is None:
            ctx.emit(f"pax.event.peace_term_lapsed_{clause.kind}", **params)
            return
        for marker, level in settlement(
            state, clause.area, clause.receiver, involved=set(war.powers)
        ):
            if level == "none":
                remove_marker(ctx, marker, "peace_settlement")
            else:
                reduce_marker(ctx, marker, level, "peace_settlement")  # type: ignore[arg-type]
        war.settled.append(clause.area)
        ctx.emit("pax.event.peace_settlement", **params)
