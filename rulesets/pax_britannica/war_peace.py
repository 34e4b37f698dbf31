"""Negotiated and separate peace during a war (§4.11.12): a major power's seat, when it is
asked to manoeuvre or attack, may put peace on the table (once a cycle) with structured
terms, whose conquests stay conquered (nobody's, both sides', one side's); every other
seat with a major power in the war then signs or refuses, in seat order. All signing ends
the war at once, the kept conquests becoming spoils as after a victory. When some refuse
while their allies sign, the signers of each side that has a refuser leave the war (a
separate peace, ET +5) and the rest fight on; a minor follows its major allies (§4.11.6:
it cannot negotiate) and leaves with the last of them. Nobody signing on the other side
leaves the war as it was. Before the seats answer, the proposer may add further terms,
one at a time (war_peace_terms.py), which act only in a peace every belligerent signs;
the signing prompt lists them all."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Prompt, StepContext
from rulesets.core.messages import JsonValue
from rulesets.pax_britannica.actions import AnswerPeace, PeaceTerm, ProposePeace
from rulesets.pax_britannica.indices import raise_tension
from rulesets.pax_britannica.peace import divide_conquests, free_prisoners, send_home
from rulesets.pax_britannica.state import (
    PaxState,
    PeaceProposal,
    PeaceTerms,
    War,
    game_data,
    is_major,
    powers_of,
    seat_of,
)
from rulesets.pax_britannica.war_board import side_of
from rulesets.pax_britannica.war_peace_terms import (
    MAX_TERMS,
    add_term,
    apply_clause,
    clause_options,
    clause_params,
    term_choices,
    terms_list,
)

TERMS: tuple[PeaceTerms, ...] = ("none", "both", "ours", "theirs")


def _major_seats(state: PaxState, war: War, side: int) -> list[str]:
    """The seats deciding for the major powers of `side`, in seat order."""
    seats = {seat_of(state, p) for p in war.sides[side] if is_major(state, p)}
    return [seat for seat in state.seats if seat in seats]


def _own_powers(state: PaxState, war: War, seat: str) -> list[str]:
    return [p for p in powers_of(state, seat) if p in war.powers]


def may_propose(state: PaxState, war: War, seat: str) -> bool:
    """A seat with a major power in an ordinary war may offer peace once a cycle, while
    no other offer waits and the other side has another player to answer it."""
    own = _own_powers(state, war, seat)
    if war.kind != "war" or war.peace is not None or seat in war.peace_offered or not own:
        return False
    side = side_of(war, own[0])
    return side is not None and any(s != seat for s in _major_seats(state, war, 1 - side))


def kept_sides(war: War, proposal: PeaceProposal) -> set[int]:
    side = side_of(war, proposal.proposer)
    assert side is not None
    return {"none": set(), "both": {0, 1}, "ours": {side}, "theirs": {1 - side}}[proposal.keeps]


def _terms_msg(war: War, proposer: str, keeps: PeaceTerms, group: str, name: str) -> Msg:
    """The terms as a sentence (`pax.<group>.<name>_<terms>`): nobody's, both sides' or one
    named side's conquests kept."""
    prefix = f"pax.{group}.{name}"
    params: dict[str, JsonValue] = {"power": proposer}
    if keeps in ("none", "both"):
        return Msg(key=f"{prefix}_{keeps}", params=params)
    side = side_of(war, proposer)
    assert side is not None
    kept = side if keeps == "ours" else 1 - side
    return Msg(key=f"{prefix}_side", params={**params, "powers": list(war.sides[kept])})


def proposal_choices(state: PaxState, war: War, seat: str) -> list[Choice]:
    if not may_propose(state, war, seat):
        return []
    power = _own_powers(state, war, seat)[0]
    return [
        Choice.of(
            ProposePeace(power=power, keeps=keeps),
            label=_terms_msg(war, power, keeps, "label", "propose_peace"),
        )
        for keeps in TERMS
    ]


def peace_prompt(state: PaxState, war: War) -> Prompt:
    """The proposer's further terms while it drafts (those already added shown); then the
    next seat to answer the peace on the table, every term listed: refuse (the default)
    or sign."""
    proposal = war.peace
    assert proposal is not None
    params: dict[str, JsonValue] = {"power": proposal.proposer}
    listed = {**params, "terms": terms_list(state, proposal), "count": len(proposal.clauses)}
    if proposal.drafting:
        more = "_more" if proposal.clauses else ""
        key = f"pax.prompt.war_peace{more}_terms"
        return Prompt(
            seat=seat_of(state, proposal.proposer) or proposal.proposer,
            kind="war_peace_terms",
            text=Msg(key=key, params={**listed, "most": MAX_TERMS}),
            choices=term_choices(state, war, proposal),
        )
    terms = _terms_msg(war, proposal.proposer, proposal.keeps, "label", "sign_peace")
    refuse = Msg(key="pax.label.refuse_peace", params=params)
    text = Msg(key="pax.prompt.war_peace", params=params)
    if proposal.clauses:
        text = Msg(key="pax.prompt.war_peace_listed", params=listed)
    return Prompt(
        seat=proposal.pending[0],
        kind="war_peace",
        text=text,
        choices=[
            Choice.of(AnswerPeace(sign=False), label=refuse),
            Choice.of(AnswerPeace(sign=True), label=terms),
        ],
    )


def propose(ctx: StepContext[PaxState], war: War, seat: str, action: ProposePeace) -> None:
    state = ctx.state
    if action.power not in _own_powers(state, war, seat) or not may_propose(state, war, seat):
        raise IllegalAction("pax.error.no_peace_offer")
    others = [s for s in state.seats if s != seat and _own_powers(state, war, s)]
    war.peace = PeaceProposal(
        proposer=action.power,
        keeps=action.keeps,
        pending=[s for s in others if any(is_major(state, p) for p in _own_powers(state, war, s))],
        signed=_own_powers(state, war, seat),
    )
    war.peace_offered.append(seat)
    war.peace.drafting = bool(clause_options(state, war, war.peace))
    if not war.peace.drafting:
        _announce(ctx, war, war.peace)


def draft(ctx: StepContext[PaxState], war: War, seat: str, action: PeaceTerm) -> None:
    """The proposer adds a term, and may then add another; once it finishes (or can add
    nothing more) the peace is offered."""
    proposal = war.peace
    state = ctx.state
    if proposal is None or not proposal.drafting or seat_of(state, proposal.proposer) != seat:
        raise IllegalAction("pax.error.not_your_war_step")
    proposal.drafting = add_term(state, war, proposal, action)
    if not proposal.drafting:
        _announce(ctx, war, proposal)


def _announce(ctx: StepContext[PaxState], war: War, proposal: PeaceProposal) -> None:
    offer = _terms_msg(war, proposal.proposer, proposal.keeps, "event", "peace_proposed")
    ctx.emit(offer.key, **offer.params)
    for clause in proposal.clauses:
        ctx.emit(f"pax.event.peace_term_{clause.kind}", **clause_params(ctx.state, clause))


def answer(ctx: StepContext[PaxState], war: War, seat: str, action: AnswerPeace) -> None:
    """A seat signs or refuses; once every seat has answered, the peace (whole or
    separate) is made or the war goes on."""
    state = ctx.state
    proposal = war.peace
    if proposal is None or proposal.drafting or proposal.pending[:1] != [seat]:
        raise IllegalAction("pax.error.not_your_war_step")
    proposal.pending.pop(0)
    key = "pax.event.peace_signed" if action.sign else "pax.event.peace_refused"
    ctx.emit(key, seat=seat)
    if action.sign:
        proposal.signed.extend(_own_powers(state, war, seat))
    if not proposal.pending:
        war.peace = None
        _conclude(ctx, war, proposal)


def _conclude(ctx: StepContext[PaxState], war: War, proposal: PeaceProposal) -> None:
    state = ctx.state
    signers = [
        [p for p in war.sides[s] if p in proposal.signed and is_major(state, p)] for s in (0, 1)
    ]
    refusers = [
        [p for p in war.sides[s] if p not in proposal.signed and seat_of(state, p) is not None]
        for s in (0, 1)
    ]
    if not all(signers):
        ctx.emit("pax.event.peace_rejected", power=proposal.proposer)
        return
    if not any(refusers):
        ctx.emit("pax.event.peace_made", side=list(war.sides[0]), other=list(war.sides[1]))
        for clause in proposal.clauses:
            apply_clause(ctx, war, clause)
        divide_conquests(state, war, kept_sides(war, proposal))
        return
    leaving = [p for s in (0, 1) if refusers[s] for p in signers[s]]
    _separate_peace(ctx, war, leaving)


def _separate_peace(ctx: StepContext[PaxState], war: War, leaving: list[str]) -> None:
    """The signers leave (a side keeping a refuser keeps its minors, whose units a
    remaining major's seat now moves); their prisoners and stray units go home; ET +5
    (§4.12), blamed on the first of them should it reach 100."""
    state = ctx.state
    gone = set(leaving)
    war.sides = (
        [p for p in war.sides[0] if p not in gone],
        [p for p in war.sides[1] if p not in gone],
    )
    for minor, seat in list(war.controllers.items()):
        side = side_of(war, minor)
        if side is not None and any(p in gone for p in powers_of(state, seat)):
            war.controllers[minor] = _major_seats(state, war, side)[0]
    free_prisoners(ctx, war, gone)
    send_home(ctx, gone)
    ctx.emit("pax.event.separate_peace", powers=sorted(gone), others=list(war.powers))
    raise_tension(ctx, game_data(state).tension.separate_peace, "separate_peace", leaving[0])
