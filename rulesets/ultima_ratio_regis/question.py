"""Questions outside the impulse's own prompts: a card's action value, a casus belli, an
alliance (the partner, then the referee: 'si permis'), a peace offer, a free regroup, and
what a successful piracy does to the raided merchants."""

from __future__ import annotations

from rulesets.core import Choice, IntRange, Phase, Prompt, StepContext
from rulesets.ultima_ratio_regis import actions as act
from rulesets.ultima_ratio_regis.board import war_between
from rulesets.ultima_ratio_regis.diplomacy import declare_war, end_war, make_alliance
from rulesets.ultima_ratio_regis.sequence import after_action, end_impulse
from rulesets.ultima_ratio_regis.state import Question, UrrState, referee
from rulesets.ultima_ratio_regis.text import say

Ctx = StepContext[UrrState]


def _question(state: UrrState) -> Question:
    assert state.question is not None
    return state.question


def _prompts(state: UrrState) -> list[Prompt]:
    question = _question(state)
    params = {"power": question.power or "urr_nobody", "other": question.other or "urr_nobody"}
    if question.area is not None:
        params["area"] = question.area
    if question.kind == "card_value":
        label = say("urr.label.set_card_value", card=question.card)
        choices = [
            Choice.of(act.SetCardValue(actions=1), label=label, actions=IntRange(low=0, high=6))
        ]
        params["card"] = question.card or ""
    else:
        choices = [
            Choice.of(
                act.Answer(yes=yes),
                label=say(f"urr.label.{question.kind}.{str(yes).lower()}", **params),
            )
            for yes in (False, True)
        ]
    text = say(f"urr.prompt.{question.kind}", **params)
    return [
        Prompt(
            seat=question.seat, kind=question.kind, text=text, choices=choices, urgency="reaction"
        )
    ]


def _card_value(ctx: Ctx, seat: str, action: act.SetCardValue) -> None:
    state = ctx.state
    question = _question(state)
    state.question = None
    state.actions_left = action.actions
    ctx.emit("urr.event.card_value", card=question.card, actions=action.actions)
    ctx.enter("impulse")
    if action.actions == 0:
        end_impulse(ctx, passed=False)


def _answer(ctx: Ctx, seat: str, action: act.Answer) -> None:
    state = ctx.state
    question = _question(state)
    state.question = None
    power, other = question.power or "", question.other or ""
    verdict = "yes" if action.yes else "no"
    ctx.emit(f"urr.event.answer.{question.kind}.{verdict}", power=power, other=other)
    if question.kind == "alliance_partner" and action.yes:
        state.question = Question(
            kind="alliance_permitted", seat=referee(state), power=power, other=other
        )
        return
    if question.kind == "alliance_permitted" and action.yes:
        make_alliance(ctx, power, other)
    if question.kind == "regroup" and action.yes:
        troop = next(u for u in state.units if u.id == question.unit)
        troop.dispersed_at = None
    ctx.enter("impulse")
    if question.kind == "casus_belli":
        declare_war(ctx, power, other, casus_belli=action.yes)
        after_action(ctx)
    elif question.kind == "piracy_effect":
        if action.yes and question.area is not None:
            state.interrupted.append(question.area)  # "Commerce interrompu"
        after_action(ctx)
    elif question.kind == "peace_offer" and action.yes:
        war = war_between(state, power, other)
        if war is not None:
            end_war(ctx, war.id, "impulse")


QUESTION = Phase[UrrState](
    name="question",
    prompts=_prompts,
    handlers={act.SetCardValue: _card_value, act.Answer: _answer},
)
