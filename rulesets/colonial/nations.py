"""The Nation variant's choice: the seat to the right of the First Player picks first, then
the others counter-clockwise, each taking one of the Nation cards left."""

from __future__ import annotations

from rulesets.colonial import actions as act
from rulesets.colonial.board import Ctx, data
from rulesets.colonial.state import ColonialState
from rulesets.core import Choice, Msg, Phase, Prompt


def prompts(state: ColonialState) -> list[Prompt]:
    seat = state.picking[0]
    taken = {p.nation for p in state.players.values()}
    choices = [
        Choice.of(
            act.PickNation(nation=n.id),
            label=Msg(key="col.label.pick_nation", params={"nation": n.id}),
        )
        for n in data(state).nations
        if n.id not in taken
    ]
    return [Prompt(seat=seat, kind="nation", text=Msg(key="col.prompt.nation"), choices=choices)]


def pick(ctx: Ctx, seat: str, action: act.PickNation) -> None:
    ctx.state.players[seat].nation = action.nation
    ctx.emit("col.event.nation", seat=seat, nation=action.nation)
    ctx.state.picking.pop(0)
    if not ctx.state.picking:
        ctx.enter("programme")


PHASE: Phase[ColonialState] = Phase(
    name="nation_pick", prompts=prompts, handlers={act.PickNation: pick}
)
