"""Wars and alliances: declaring war (M4 without a casus belli), suing for peace (M7),
alliances, and the opening of the war-end procedure (§4.3)."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.ultima_ratio_regis.board import lose_morale, neighbours, war_between
from rulesets.ultima_ratio_regis.state import UrrState, War, WarEnd, game_data, new_id

Ctx = StepContext[UrrState]


def declare_war(ctx: Ctx, power: str, target: str, casus_belli: bool) -> None:
    state = ctx.state
    border = [
        area
        for area, owner in state.control.items()
        if owner == target and any(state.control.get(n) == power for n in neighbours(state, area))
    ]
    war = War(id=new_id(state, "w"), powers=[power, target], border=sorted(border))
    state.wars.append(war)
    state.alliances = [pair for pair in state.alliances if sorted([power, target]) != pair]
    claim = "with" if casus_belli else "without"
    ctx.emit(f"urr.event.war_declared.{claim}", power=power, target=target)
    if not casus_belli:
        lose_morale(ctx, war, power, "no_casus_belli")


def sue_for_peace(ctx: Ctx, power: str, enemy: str) -> None:
    """'Demander la paix pendant le milieu de tour' costs the asker 1 morale (M7)."""
    war = war_between(ctx.state, power, enemy)
    assert war is not None
    ctx.emit("urr.event.peace_asked", power=power, enemy=enemy)
    lose_morale(ctx, war, power, "asked_peace")


def make_alliance(ctx: Ctx, power: str, partner: str) -> None:
    """Powers are allies until the end of the turn; a minor power stays allied until a
    peace breaks the alliance (R3, R4) or the referee changes it."""
    if partner in ctx.state.minor_allies:
        ctx.state.minor_allies[partner] = power
        ctx.emit("urr.event.minor_ally", minor=partner, power=power)
        return
    pair = sorted([power, partner])
    if pair not in ctx.state.alliances:
        ctx.state.alliances.append(pair)
    ctx.emit("urr.event.alliance", power=power, partner=partner)


def end_war(ctx: Ctx, war_id: str, return_to: str) -> None:
    """Open the war-end procedure: the referee names the winner (A-29), sets the budget
    of peace conditions, the victor buys reparations, then morale becomes instability."""
    ctx.state.war_end = WarEnd(war=war_id, return_to=return_to)
    ctx.enter("war_end")


def is_border(state: UrrState, war: War, area: str) -> bool:
    return area in war.border and game_data(state).zone(area).kind == "land"
