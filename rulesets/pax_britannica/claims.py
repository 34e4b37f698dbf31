"""Claimed breaches (§4.8): Courier cannot check a treaty's free-text clause, so a signatory
claims in the Negotiation phase that its partner broke it. Claiming uses the treaty to
obtain a casus belli, so a secret treaty is made public at once. The accused admits or
contests (contesting is the default of a missed deadline: nobody is held to a breach it
did not own). An admitted breach takes the path of every breach (treaties.breach: ET +5
blamed on the violator, which leaves the treaty, the claimant's casus belli over the
violator's home nation, which puts the case before a Congress's sanctions). A contested
claim is judged in private by the treaty's other signatories (§5.4 "a majority of the other
signatories"): the seats of its parties besides the claimant's and the accused's. A treaty
of two has no other signatory, and Pax seats no referee, so the seats outside the treaty
stand in, as the Congress would. Confirmed by a strict majority of the votes it is a breach
like an admitted one; a tie, like a majority against, rejects it and the treaty stands
(nobody is held to a breach it did not own). A claim counts among the seat's offers of the
turn, so that claims cannot go on for ever."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Prompt, StepContext
from rulesets.pax_britannica import treaty_checks
from rulesets.pax_britannica.actions import AnswerClaim, ClaimBreach, JudgeClaim
from rulesets.pax_britannica.state import (
    BreachClaim,
    PaxState,
    Treaty,
    game_data,
    powers_of,
    seat_of,
)
from rulesets.pax_britannica.treaties import breach, may_offer, publish, treaty_by_id


def claimable(state: PaxState, seat: str) -> list[ClaimBreach]:
    """A claim for each treaty with a free-text clause signed by one of `seat`'s powers, or
    whose secret checked clause its partner broke (treaty_checks.py), and under no claim
    yet, while the seat may still make offers this turn: against the other party of a
    treaty of two, against each party another seat plays of a larger one."""
    if not may_offer(state, seat):
        return []
    claimed = {c.treaty for c in state.claims}
    return [
        ClaimBreach(power=power, treaty=t.id, accused=accused if len(t.parties) > 2 else "")
        for power in powers_of(state, seat)
        for t in state.treaties
        if (t.clause or t.violated_by not in ("", power))
        and power in t.parties
        and t.id not in claimed
        for accused in t.parties
        if accused != power and (len(t.parties) == 2 or seat_of(state, accused) != seat)
    ]


def accused_of(treaty: Treaty, claim: ClaimBreach) -> str:
    """The power a claim accuses: named, or the only other party of a treaty of two."""
    return claim.accused or next(p for p in treaty.parties if p != claim.power)


def under_claim(state: PaxState, treaty_id: int) -> bool:
    return any(c.treaty == treaty_id for c in state.claims)


def choice(state: PaxState, action: ClaimBreach) -> Choice:
    treaty = treaty_by_id(state, action.treaty)
    assert treaty is not None
    params = {
        "power": action.power,
        "accused": accused_of(treaty, action),
        "kind": f"pax_treaty_{treaty.kind}",
        "turn": treaty.turn + 1,
        "secret": "pax_treaty_secret" if treaty.secret else "pax_treaty_public",
    }
    return Choice.of(action, label=Msg(key="pax.label.claim_breach", params=params))


# -- prompts ----------------------------------------------------------------------------------


def judges(state: PaxState, claim: BreachClaim) -> list[str]:
    """The seats of the treaty's other signatories, or, with none, every seat outside it."""
    involved = {seat_of(state, claim.claimant), seat_of(state, claim.accused)}
    treaty = treaty_by_id(state, claim.treaty)
    signing = {seat_of(state, p) for p in treaty.parties} if treaty else set()
    others = [seat for seat in state.seats if seat in signing - involved]
    return others or [seat for seat in state.seats if seat not in involved]


def prompt(state: PaxState, seat: str) -> Prompt | None:
    """The seat's first question about a claim: the accused's answer, or a judge's vote."""
    for claim in state.claims:
        treaty = treaty_by_id(state, claim.treaty)
        if treaty is None:
            continue
        if not claim.contested and seat_of(state, claim.accused) == seat:
            return _answer_prompt(state, seat, claim, treaty)
        if claim.contested and seat in judges(state, claim) and seat not in claim.votes:
            return _judge_prompt(state, seat, claim, treaty)
    return None


def _params(state: PaxState, claim: BreachClaim, treaty: Treaty) -> dict[str, object]:
    return {
        "power": claim.claimant,
        "accused": claim.accused,
        "kind": f"pax_treaty_{treaty.kind}",
        "turn": treaty.turn + 1,
        "note": treaty.clause,
        "tension": game_data(state).tension.treaty_broken,
    }


def _answer_prompt(state: PaxState, seat: str, claim: BreachClaim, treaty: Treaty) -> Prompt:
    contest, admit = (
        AnswerClaim(treaty=treaty.id, admit=False),
        AnswerClaim(treaty=treaty.id, admit=True),
    )
    return _private_question(
        seat,
        "breach_claim",
        _params(state, claim, treaty),
        (contest, "pax.label.contest_breach"),
        (admit, "pax.label.admit_breach"),
    )


def _judge_prompt(state: PaxState, seat: str, claim: BreachClaim, treaty: Treaty) -> Prompt:
    reject, confirm = (
        JudgeClaim(treaty=treaty.id, confirm=False),
        JudgeClaim(treaty=treaty.id, confirm=True),
    )
    return _private_question(
        seat,
        "breach_judgement",
        _params(state, claim, treaty),
        (reject, "pax.label.reject_breach"),
        (confirm, "pax.label.confirm_breach"),
    )


def _private_question(
    seat: str,
    kind: str,
    params: dict[str, object],
    *answers: tuple[AnswerClaim | JudgeClaim, str],
) -> Prompt:
    """A claim's private question (its text key `pax.prompt.<kind>`), the first answer the
    default of a missed deadline."""
    choices = [Choice.of(action, label=Msg(key=label, params=params)) for action, label in answers]
    text = Msg(key=f"pax.prompt.{kind}", params=params)
    return Prompt(seat=seat, kind=kind, text=text, choices=choices, private=True)


# -- handlers ---------------------------------------------------------------------------------


def on_claim(ctx: StepContext[PaxState], seat: str, action: ClaimBreach) -> None:
    state = ctx.state
    treaty = treaty_by_id(state, action.treaty)
    if action not in claimable(state, seat) or treaty is None:
        raise IllegalAction("pax.error.no_breach_claim")
    state.proposals[seat] = state.proposals.get(seat, 0) + 1
    publish(ctx, treaty)  # §4.8: a secret treaty used to obtain a casus belli is made public
    if treaty.violated_by == accused_of(treaty, action):
        treaty_checks.confirm_claim(ctx, treaty)  # Courier checked the breach: no contest
        return
    claim = BreachClaim(treaty=treaty.id, claimant=action.power, accused=accused_of(treaty, action))
    state.claims.append(claim)
    ctx.emit(
        "pax.event.breach_claimed",
        power=claim.claimant,
        accused=claim.accused,
        kind=f"pax_treaty_{treaty.kind}",
        note=treaty.clause,
    )


def on_answer(ctx: StepContext[PaxState], seat: str, action: AnswerClaim) -> bool:
    """True when the breach admitted starts the Great War."""
    state = ctx.state
    claim = next(
        (
            c
            for c in state.claims
            if c.treaty == action.treaty and not c.contested and seat_of(state, c.accused) == seat
        ),
        None,
    )
    if claim is None:
        raise IllegalAction("pax.error.no_breach_claim")
    if action.admit:
        ctx.emit("pax.event.breach_admitted", power=claim.accused, claimant=claim.claimant)
        return _confirm(ctx, claim)
    claim.contested = True
    ctx.emit("pax.event.breach_contested", power=claim.accused, claimant=claim.claimant)
    if not judges(state, claim):
        return _judged(ctx, claim)
    return False


def on_judge(ctx: StepContext[PaxState], seat: str, action: JudgeClaim) -> bool:
    """True when the breach confirmed starts the Great War."""
    state = ctx.state
    claim = next((c for c in state.claims if c.treaty == action.treaty and c.contested), None)
    if claim is None or seat not in judges(state, claim) or seat in claim.votes:
        raise IllegalAction("pax.error.no_breach_claim")
    claim.votes[seat] = action.confirm
    if set(claim.votes) >= set(judges(state, claim)):
        return _judged(ctx, claim)
    return False


def _judged(ctx: StepContext[PaxState], claim: BreachClaim) -> bool:
    """Every judge voted: a strict majority of confirmations makes it a breach."""
    confirmed = sum(claim.votes.values())
    rejected = len(claim.votes) - confirmed
    ctx.emit(
        "pax.event.breach_judged",
        power=claim.claimant,
        accused=claim.accused,
        confirmed=confirmed,
        rejected=rejected,
        verdict="pax_breach_confirmed" if confirmed > rejected else "pax_breach_rejected",
    )
    if confirmed > rejected:
        return _confirm(ctx, claim)
    ctx.state.claims.remove(claim)
    return False


def _confirm(ctx: StepContext[PaxState], claim: BreachClaim) -> bool:
    """The breach path of every treaty (treaties.breach), the casus belli over the
    violator's home nation since no area is at stake."""
    state = ctx.state
    state.claims.remove(claim)
    treaty = treaty_by_id(state, claim.treaty)
    if treaty is None:
        return False
    return breach(ctx, treaty, claim.accused, claim.accused)
