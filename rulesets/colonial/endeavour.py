"""Phase 1, the rounds: in turn order each seat uses one Character of its revealed card or
passes; in the Last Chance round it first picks one of its set-aside cards (any of the six
when its nation is in revolution)."""

from __future__ import annotations

from rulesets.colonial import actions as act
from rulesets.colonial.anytime import ANYTIME_HANDLERS, anytime_choices
from rulesets.colonial.board import Ctx, data
from rulesets.colonial.characters import CHOICES, HANDLERS
from rulesets.colonial.flow import LAST_CHANCE, action_done, actor_seat, current_card, programmes
from rulesets.colonial.state import ColonialState
from rulesets.core import Choice, Msg, Phase, Prompt


def set_aside(state: ColonialState, seat: str) -> list[str]:
    if not programmes(state, seat):
        return data(state).card_ids()
    return [c for c in data(state).card_ids() if c not in state.programmes[seat].cards]


def prompts(state: ColonialState) -> list[Prompt]:
    seat = actor_seat(state)
    card = current_card(state, seat)
    passing = Choice.of(act.PassTurn(), label=Msg(key="col.label.pass_turn"))
    if card is None:
        choices = [passing] + [
            Choice.of(
                act.LastChance(card=c),
                label=Msg(
                    key="col.label.last_chance",
                    params={
                        "card": c,
                        "a": data(state).card(c).characters[0],
                        "b": data(state).card(c).characters[1],
                    },
                ),
            )
            for c in set_aside(state, seat)
        ]
        text = Msg(key="col.prompt.last_chance")
    else:
        choices = [passing]
        for character in data(state).card(card).characters:
            choices.extend(CHOICES[character](state, seat))
        text = Msg(key="col.prompt.character", params={"card": card, "round": state.round})
    return [
        Prompt(
            seat=seat, kind="character", text=text, choices=choices + anytime_choices(state, seat)
        )
    ]


def pass_turn(ctx: Ctx, seat: str, action: act.PassTurn) -> None:
    ctx.emit("col.event.passed", seat=seat)
    action_done(ctx)


def last_chance(ctx: Ctx, seat: str, action: act.LastChance) -> None:
    state = ctx.state
    state.card = action.card
    state.revealed.setdefault(seat, []).append(action.card)
    ctx.emit("col.event.revealed", seat=seat, card=action.card, round=LAST_CHANCE)


PHASE: Phase[ColonialState] = Phase(
    name="round",
    prompts=prompts,
    handlers={
        act.PassTurn: pass_turn,
        act.LastChance: last_chance,
        **HANDLERS,
        **ANYTIME_HANDLERS,
    },
)
