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
from rulesets.core import Choice, Msg, Phase, Prompt

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
    result = []
    for seat in order(state):
        programme = state.programmes[seat]
        if not programmes(state, seat) or programme.confirmed:
            continue
        result.append(
            Prompt(
                seat=seat,
                kind="programme",
                text=Msg(
                    key="col.prompt.programme",
                    params={"slot": min(len(programme.cards) + 1, SLOTS)},
                ),
                choices=_choices(state, seat, programme) + anytime_choices(state, seat),
                simultaneous=True,
            )
        )
    return result


def _choices(state: ColonialState, seat: str, programme: Programme) -> list[Choice]:
    pairing = tuple((card.id, *card.characters) for card in data(state).cards)
    return list(_programme_choices(pairing, tuple(programme.cards)))


@lru_cache(maxsize=1024)
def _programme_choices(
    pairing: tuple[tuple[str, ...], ...], chosen: tuple[str, ...]
) -> tuple[Choice, ...]:
    """The choices for a programme so far, built once per pairing and cards chosen."""
    slot = len(chosen) + 1
    choices: list[Choice] = []
    if slot > SLOTS:
        choices.append(
            Choice.of(act.ConfirmProgramme(), label=Msg(key="col.label.confirm_programme"))
        )
    else:
        for card, first, second in pairing:
            if card not in chosen:
                label = Msg(
                    key="col.label.program_card",
                    params={"card": card, "a": first, "b": second, "slot": slot},
                )
                choices.append(Choice.of(act.ProgramCard(card=card), label=label))
    if chosen:
        label = Msg(key="col.label.unprogram", params={"card": chosen[-1]})
        choices.append(Choice.of(act.Unprogram(), label=label))
    return tuple(choices)


def program_card(ctx: Ctx, seat: str, action: act.ProgramCard) -> None:
    programme = ctx.state.programmes[seat]
    programme.cards.append(action.card)
    ctx.emit("col.event.programmed", visible_to=[seat], card=action.card, slot=len(programme.cards))


def unprogram(ctx: Ctx, seat: str, action: act.Unprogram) -> None:
    card = ctx.state.programmes[seat].cards.pop()
    ctx.emit("col.event.unprogrammed", visible_to=[seat], card=card)


def confirm(ctx: Ctx, seat: str, action: act.ConfirmProgramme) -> None:
    state = ctx.state
    state.programmes[seat].confirmed = True
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
        **ANYTIME_HANDLERS,
    },
    enter=enter,
)
