"""The referee's checkpoint between two impulses (option `referee_desk` = `impulse`): the
desk is open there too, for what a card played or the rulebook brings in mid-turn; going
on to the next impulse is listed first."""

from __future__ import annotations

from rulesets.core import Choice, Phase, Prompt, StepContext
from rulesets.ultima_ratio_regis import actions as act
from rulesets.ultima_ratio_regis.referee_desk import DESK_HANDLERS, checkpoint_choices, desk_prompt
from rulesets.ultima_ratio_regis.sequence import start_impulse
from rulesets.ultima_ratio_regis.state import UrrState, referee
from rulesets.ultima_ratio_regis.text import say

Ctx = StepContext[UrrState]


def _prompts(state: UrrState) -> list[Prompt]:
    if state.desk is not None:
        return [desk_prompt(state)]
    go_on = Choice.of(act.NextImpulse(), label=say("urr.label.next_impulse"))
    return [
        Prompt(
            seat=referee(state),
            kind="between_impulses",
            text=say("urr.prompt.between_impulses", number=state.impulse),
            choices=[go_on, *checkpoint_choices(state)],
        )
    ]


def _next(ctx: Ctx, seat: str, action: act.NextImpulse) -> None:
    ctx.enter("impulse")
    start_impulse(ctx)


BETWEEN_IMPULSES = Phase[UrrState](
    name="between_impulses",
    prompts=_prompts,
    handlers={act.NextImpulse: _next, **DESK_HANDLERS},
)
