"""The run of the Endeavour phase: who acts now, the reveal of each round's cards, the
Last Chance round, and the hand-over to the Merchant Fleets phase when it is over."""

from __future__ import annotations

import hashlib
import hmac

from rulesets.colonial.board import Ctx, order
from rulesets.colonial.state import ColonialState

LAST_CHANCE = 5


def actor_seat(state: ColonialState) -> str:
    return order(state)[state.actor]


def programmes(state: ColonialState, seat: str) -> bool:
    """Whether `seat` picks 4 cards this turn: not a nation in revolution (A09), unless the
    campaign makes it still pick them and play only its set-aside pair at the Last Chance."""
    return not state.players[seat].in_revolution or bool(
        state.options.get("revolution_keeps_programme")
    )


def current_card(state: ColonialState, seat: str) -> str | None:
    """The card `seat` plays from now: its revealed slot, or its Last Chance card."""
    if state.round == LAST_CHANCE:
        return state.card
    if state.players[seat].in_revolution:
        return None
    return state.programmes[seat].cards[state.round - 1]


def programme_salt(state: ColonialState, seat: str) -> str:
    """A per-turn secret mixed into a programme's commitment: derived from the campaign's
    secret seed, so nobody can test guesses against the published hash before the reveal."""
    message = f"colonial-programme:{state.turn}:{seat}".encode()
    return hmac.new(bytes.fromhex(state.rng.seed), message, "sha256").hexdigest()[:16]


def commitment(state: ColonialState, seat: str, cards: list[str]) -> str:
    text = f"{seat}:{','.join(cards)}:{programme_salt(state, seat)}"
    return hashlib.sha256(text.encode()).hexdigest()


def lock_programmes(ctx: Ctx) -> None:
    """Every programme is in: publish each seat's commitment and open round 1."""
    state = ctx.state
    for seat in order(state):
        if programmes(state, seat):
            digest = commitment(state, seat, state.programmes[seat].cards)
            state.commitments[seat] = digest
            ctx.emit("col.event.committed", seat=seat, digest=digest[:16])
    state.round = 0
    _next_round(ctx)


def action_done(ctx: Ctx) -> None:
    """The acting seat's Character is fully resolved: the next seat, round or phase."""
    state = ctx.state
    state.step = None
    state.card = None
    state.explorations = 0
    if state.finished:
        return
    state.actor += 1
    _skip_idle(ctx)


def _skip_idle(ctx: Ctx) -> None:
    state = ctx.state
    seats = order(state)
    while not state.finished:
        if state.actor >= len(seats):
            _next_round(ctx)
            return
        seat = seats[state.actor]
        if state.round == LAST_CHANCE or not state.players[seat].in_revolution:
            ctx.enter("round")
            return
        state.actor += 1


def _next_round(ctx: Ctx) -> None:
    state = ctx.state
    state.round += 1
    state.actor = 0
    if state.round > LAST_CHANCE:
        _reveal_programmes(ctx)
        ctx.enter("fleets")
        return
    if state.round == LAST_CHANCE:
        ctx.emit("col.event.last_chance")
    else:
        for seat in order(state):
            if not state.players[seat].in_revolution:
                card = state.programmes[seat].cards[state.round - 1]
                state.revealed.setdefault(seat, []).append(card)
                ctx.emit("col.event.revealed", seat=seat, card=card, round=state.round)
    _skip_idle(ctx)


def _reveal_programmes(ctx: Ctx) -> None:
    """At the end of the turn each programme is shown with its salt, so anyone can check it
    against the commitment published when the programmes were locked."""
    state = ctx.state
    for seat, digest in state.commitments.items():
        cards = state.programmes[seat].cards
        ctx.emit(
            "col.event.programme_shown",
            seat=seat,
            cards=list(cards),
            salt=programme_salt(state, seat),
            digest=digest[:16],
        )
