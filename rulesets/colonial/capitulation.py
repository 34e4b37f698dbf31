"""The end of each war year: the defender, then the attacker, may capitulate."""

from __future__ import annotations

from rulesets.colonial import actions as act
from rulesets.colonial.anytime import ANYTIME_HANDLERS, anytime_choices
from rulesets.colonial.board import Ctx
from rulesets.colonial.state import ColonialState
from rulesets.colonial.war import capitulate, fight_year
from rulesets.core import Choice, Msg, Phase, Prompt


def prompts(state: ColonialState) -> list[Prompt]:
    war = state.war
    assert war is not None
    enemy = war.attacker if war.asking == war.defender else war.defender
    choices = [
        Choice.of(
            act.Capitulate(yes=False), label=Msg(key="col.label.fight_on", params={"enemy": enemy})
        ),
        Choice.of(
            act.Capitulate(yes=True), label=Msg(key="col.label.capitulate", params={"enemy": enemy})
        ),
    ]
    return [
        Prompt(
            seat=war.asking,
            kind="capitulation",
            text=Msg(key="col.prompt.capitulation", params={"enemy": enemy, "year": war.year}),
            choices=choices + anytime_choices(state, war.asking),
            urgency="reaction",
        )
    ]


def answer(ctx: Ctx, seat: str, action: act.Capitulate) -> None:
    war = ctx.state.war
    assert war is not None
    if action.yes:
        capitulate(ctx, seat)
        return
    if seat == war.defender:
        war.asking = war.attacker
        return
    war.year += 1
    ctx.emit("col.event.war_year", attacker=war.attacker, defender=war.defender, year=war.year)
    fight_year(ctx)


PHASE: Phase[ColonialState] = Phase(
    name="capitulation", prompts=prompts, handlers={act.Capitulate: answer, **ANYTIME_HANDLERS}
)
