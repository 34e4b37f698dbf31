"""Phase 1, first half: the domestic revolution check and the secret programming.

Every seat not in revolution picks 4 of its 6 cards in order, one card at a time, at the
same moment as the others (one simultaneous prompt per seat). The cards chosen so far are
private to their seat and can be taken back until the seat confirms; the round begins when
the last seat confirms, and each seat's commitment hash is published then."""

from __future__ import annotations

from functools import lru_cache

from rulesets.colonial import actions as act
from rulesets.colonial.anytime import ANYTIME_HANDLERS, anytime_choices
from rulesets.colonial.board import Ctx, data, order
from rulesets.colonial.flow import lock_programmes, programmes
from rulesets.colonial.state import ColonialState, Programme
from rulesets.core import Choice, Msg, Phase, Pick, Prompt

SLOTS = 4


def enter(ctx: Ctx) -> None:
    state = ctx.state
    state.programmes = {seat: Programme() for seat in state.seats}
    state.revealed = {seat: [] for seat in state.seats}
    state.commitments = {}
    state.shipped = {}
    state.round = 0
    threshold = data(state).rules.unrest_revolution
    for seat in order(state):
        p = state.players[seat]
        p.in_revolution = p.unrest >= threshold
        if p.in_revolution:
            ctx.emit("col.event.domestic_revolution", seat=seat, lost=p.treasury)
            p.treasury = 0
    ctx.emit("col.event.turn_begins", turn=state.turn, seat=state.first)
    if not any(programmes(state, seat) for seat in state.seats):
        lock_programmes(ctx)


def card_characters(state: ColonialState, card: str) -> tuple[str, str]:
    first, second = data(state).card(card).characters
    return first, second


def prompts(state: ColonialState) -> list[Prompt]:
    """A private prompt per seat still programming: it tells the seat its programme so far,
    and the bot delivers it to that seat alone."""
    pairing = tuple((card.id, *card.characters) for card in data(state).cards)
    result = []
    for seat in order(state):
        if not programmes(state, seat) or state.programmes[seat].confirmed:
            continue
        cards = state.programmes[seat].cards
        text = (
            Msg(key="col.prompt.programme_so_far", params={"cards": list(cards)})
            if cards
            else Msg(key="col.prompt.programme")
        )
        result.append(
            Prompt(
                seat=seat,
                kind="programme",
                text=text,
                choices=[*_programme_choices(pairing), *anytime_choices(state, seat)],
                simultaneous=True,
                private=True,
            )
        )
    return result


@lru_cache(maxsize=64)
def _programme_choices(pairing: tuple[tuple[str, ...], ...]) -> tuple[Choice, ...]:
    """Lock (missing slots filled), each card to add next, all four at once, start again:
    built once."""
    choices = [Choice.of(act.ConfirmProgramme(), label=Msg(key="col.label.confirm_programme"))]
    whole = Pick(options=tuple(card for card, _, _ in pairing), count=SLOTS)
    order_label = Msg(key="col.label.programme_order")
    for card, first, second in pairing:
        label = Msg(key="col.label.program_card", params={"card": card, "a": first, "b": second})
        choices.append(Choice.of(act.ProgramCard(card=card), label=label))
    choices.append(Choice.picking(act.ProgrammeOrder(cards=[]), label=order_label, cards=whole))
    choices.append(Choice.of(act.Unprogram(), label=Msg(key="col.label.unprogram")))
    return tuple(choices)


def _tell(ctx: Ctx, seat: str) -> None:
    """The seat alone reads its programme as it stands."""
    cards = ctx.state.programmes[seat].cards
    if cards:
        ctx.emit("col.event.programme_now", visible_to=[seat], cards=list(cards))
    else:
        ctx.emit("col.event.programme_empty", visible_to=[seat])


def program_card(ctx: Ctx, seat: str, action: act.ProgramCard) -> None:
    """The card goes next in the programme: taken from its old slot if it had one, and in
    place of the fourth when four are already chosen."""
    cards = ctx.state.programmes[seat].cards
    if action.card in cards:
        cards.remove(action.card)
    elif len(cards) == SLOTS:
        cards.pop()
    cards.append(action.card)
    _tell(ctx, seat)


def unprogram(ctx: Ctx, seat: str, action: act.Unprogram) -> None:
    ctx.state.programmes[seat].cards.clear()
    _tell(ctx, seat)


def programme_order(ctx: Ctx, seat: str, action: act.ProgrammeOrder) -> None:
    """The four cards given at once, in order: the programme is theirs, and locked."""
    ctx.state.programmes[seat].cards = list(action.cards)
    confirm(ctx, seat, act.ConfirmProgramme())


def confirm(ctx: Ctx, seat: str, action: act.ConfirmProgramme) -> None:
    """Lock the programme; empty slots take the first cards not chosen (the default of an
    absent player, always legal)."""
    state = ctx.state
    programme = state.programmes[seat]
    for card in data(state).card_ids():
        if len(programme.cards) < SLOTS and card not in programme.cards:
            programme.cards.append(card)
    programme.confirmed = True
    _tell(ctx, seat)
    ctx.emit("col.event.programme_ready", seat=seat)
    waiting = [s for s in state.seats if programmes(state, s) and not state.programmes[s].confirmed]
    if not waiting:
        lock_programmes(ctx)


PHASE: Phase[ColonialState] = Phase(
    name="programme",
    prompts=prompts,
    handlers={
        act.ProgramCard: program_card,
        act.Unprogram: unprogram,
        act.ConfirmProgramme: confirm,
        act.ProgrammeOrder: programme_order,
        **ANYTIME_HANDLERS,
    },
    enter=enter,
)
