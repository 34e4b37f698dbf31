"""The draft variants: a snake draft of the starting cards, by letter or from the top."""

from __future__ import annotations

from rulesets.core import Choice, Msg, Phase, Prompt, StepContext
from rulesets.empires.actions import DraftPick
from rulesets.empires.setup import finish_setup
from rulesets.empires.state import EmpiresState
from rulesets.empires.wording import card_params


def _current(state: EmpiresState) -> tuple[str, str]:
    seat, _, letter = state.draft_rounds[0].partition("|")
    return seat, letter


def draft_card(state: EmpiresState, empire: str, letter: str) -> str | None:
    """The card a pick of `empire` takes: its letter card, or the top card (simplified)."""
    stack = state.stacks[empire]
    if state.options.get("draft") == "simplified":
        return stack[0] if stack else None
    card = f"{empire}-{letter}"
    return card if card in stack else None


def draft_choices(state: EmpiresState) -> dict[str, str]:
    """Each empire the current picker may draft from, with the card it would take."""
    seat, letter = _current(state)
    held = {card.partition("-")[0] for card in state.hands[seat]}
    choices = {}
    for empire in state.board().empire_order:
        card = draft_card(state, empire, letter)
        if empire not in held and card is not None:
            choices[empire] = card
    return choices


def _skip_impossible(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    while state.draft_rounds and not draft_choices(state):
        state.draft_rounds.pop(0)
    if not state.draft_rounds:
        finish_setup(ctx)


def draft_prompts(state: EmpiresState) -> list[Prompt]:
    seat, letter = _current(state)
    return [
        Prompt(
            seat=seat,
            kind="draft_pick",
            text=Msg(key="emp.prompt.draft_pick", params={"letter": letter}),
            choices=[
                Choice.of(
                    DraftPick(empire=empire),
                    label=Msg(key="emp.label.take_card", params=card_params(state, card)),
                )
                for empire, card in draft_choices(state).items()
            ],
        )
    ]


def draft_pick(ctx: StepContext[EmpiresState], seat: str, action: DraftPick) -> None:
    state = ctx.state
    picker, letter = _current(state)
    card = draft_card(state, action.empire, letter)
    assert card is not None
    state.stacks[action.empire].remove(card)
    state.hands[picker].append(card)
    state.draft_rounds.pop(0)
    ctx.emit("emp.event.drafted", seat=picker, **card_params(state, card))
    _skip_impossible(ctx)


PHASE = Phase(name="draft", prompts=draft_prompts, handlers={DraftPick: draft_pick})
