"""The decisions of a war: land losses chosen by the player who suffers them (an option,
A13), and at the end of each year the capitulation, the defender answering first."""

from __future__ import annotations

from rulesets.colonial import actions as act
from rulesets.colonial.anytime import ANYTIME_HANDLERS, anytime_choices
from rulesets.colonial.board import Ctx, colour
from rulesets.colonial.state import ColonialState
from rulesets.colonial.war import capitulate, fight_year, loss_choices, take_loss
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


def loss_prompts(state: ColonialState) -> list[Prompt]:
    war = state.war
    assert war is not None and war.losses
    owed = war.losses[0]
    choices = [
        Choice.of(
            act.Casualty(resource=index, owner=owed.victim),
            label=Msg(
                key="col.label.war_loss",
                params={
                    "territory": owed.territory,
                    "resource": colour(state, owed.territory, index),
                    "number": index + 1,
                },
            ),
        )
        for index in loss_choices(state, owed.territory, owed.victim)
    ]
    text = Msg(key="col.prompt.war_losses", params={"territory": owed.territory, "hits": owed.hits})
    return [
        Prompt(
            seat=owed.victim,
            kind="war_losses",
            text=text,
            choices=choices + anytime_choices(state, owed.victim),
            urgency="reaction",
        )
    ]


def lose_counter(ctx: Ctx, seat: str, action: act.Casualty) -> None:
    take_loss(ctx, action.resource)


PHASE: Phase[ColonialState] = Phase(
    name="capitulation", prompts=prompts, handlers={act.Capitulate: answer, **ANYTIME_HANDLERS}
)
LOSSES: Phase[ColonialState] = Phase(
    name="war_losses",
    prompts=loss_prompts,
    handlers={act.Casualty: lose_counter, **ANYTIME_HANDLERS},
)
