"""Taking sides in the Ottoman war (§4.11.14 "any player may announce that it supports the
Ottomans, or that it supports the power attacked"), asked before the war sequence opens:
each player whose power is neither attacked nor already at war this turn, in seat order,
stays out (the default) or joins a side. Joining counts as a declaration of war for ET
(+5, blamed on the joiner) and for the Great War (A-53), which an Ottoman war is only when
a major power supports the Ottomans and four great European powers take part (1993,
§4.11.5). A war on Germany brings Austria-Hungary in (and the reverse, A-35). With a
player on the Ottomans' side the war is a normal war, the Empire a minor allied to it
(natives.py begins it, war.py plays it)."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Phase, Prompt, StepContext
from rulesets.pax_britannica.actions import OttomanSide
from rulesets.pax_britannica.indices import raise_tension, start_great_war
from rulesets.pax_britannica.state import PaxState, game_data
from rulesets.pax_britannica.wars import ALLIES, EUROPEAN_GREATS, GREAT_WAR_COUNT, war_of

SIDES = ("none", "ottoman", "attacked")


def attacked(state: PaxState) -> list[str]:
    """The powers the Empire declares war on, with the ones brought in by A-35."""
    return list(dict.fromkeys(state.ottoman_war_pending))


def next_chooser(state: PaxState) -> str | None:
    taken = set(attacked(state)) | set(state.ottoman_supporters)
    for power in state.seats:
        if power in taken or power in state.ottoman_asked or war_of(state, power) is not None:
            continue
        return power
    return None


def to_war(ctx: StepContext[PaxState]) -> None:
    """The War phase opens, after the Ottoman war's sides are taken when one is pending."""
    state = ctx.state
    state.ottoman_supporters, state.ottoman_asked = {}, []
    if state.ottoman_war_pending and next_chooser(state) is not None:
        ctx.enter("ottoman_sides")
        return
    ctx.enter("war")


def prompts(state: PaxState) -> list[Prompt]:
    power = next_chooser(state)
    if power is None or state.finished:
        return []
    tension = game_data(state).tension.declaration
    params = {"power": power, "attacked": attacked(state), "tension": tension}
    choices = [
        Choice.of(
            OttomanSide(power=power, side=side),
            label=Msg(key=f"pax.label.ottoman_side_{side}", params=params),
        )
        for side in SIDES
    ]
    text = Msg(key="pax.prompt.ottoman_side", params=params)
    return [Prompt(seat=power, kind="ottoman_side", text=text, choices=choices)]


def on_side(ctx: StepContext[PaxState], seat: str, action: OttomanSide) -> None:
    state = ctx.state
    if action.power != next_chooser(state) or action.power != seat:
        raise IllegalAction("pax.error.not_your_ottoman_choice")
    state.ottoman_asked.append(action.power)
    if action.side != "none":
        if _join(ctx, action.power, action.side):
            return
    else:
        ctx.emit("pax.event.ottoman_war_neutral", power=action.power)
    if next_chooser(state) is None:
        ctx.enter("war")


def _join(ctx: StepContext[PaxState], power: str, side: str) -> bool:
    """The power joins `side`; True when the Great War ends the game."""
    state = ctx.state
    state.ottoman_supporters[power] = 0 if side == "ottoman" else 1
    ctx.emit("pax.event.ottoman_war_joined", power=power, side=f"pax_ottoman_side_{side}")
    amount = game_data(state).tension.declaration
    if raise_tension(ctx, amount, "declaration", power):
        return True
    ally = ALLIES.get(power) if side == "attacked" else None
    if side == "ottoman":
        ally = next((ALLIES[p] for p in attacked(state) if p in ALLIES), None)
    if ally is not None and ally in state.powers and not _involved(state, ally):
        state.ottoman_supporters[ally] = 1
        ctx.emit("pax.event.ottoman_war_joined", power=ally, side="pax_ottoman_side_attacked")
        if raise_tension(ctx, amount, "defence_entry", power):
            return True
    if _great_war(state):
        greats = sorted(p for p in _belligerents(state) if p in EUROPEAN_GREATS)
        ctx.emit("pax.event.great_war_by_war", powers=greats)
        start_great_war(ctx, [power])
        return True
    return False


def _belligerents(state: PaxState) -> set[str]:
    return set(attacked(state)) | set(state.ottoman_supporters)


def _involved(state: PaxState, power: str) -> bool:
    return power in _belligerents(state) or war_of(state, power) is not None


def _great_war(state: PaxState) -> bool:
    """1993 (§4.11.5): only with a major power on the Ottomans' side, and four great
    European powers in the war."""
    if 0 not in state.ottoman_supporters.values():
        return False
    return len(_belligerents(state) & set(EUROPEAN_GREATS)) >= GREAT_WAR_COUNT


def supporters(state: PaxState, side: int) -> list[str]:
    return [p for p, s in state.ottoman_supporters.items() if s == side]


PHASE: Phase[PaxState] = Phase(
    name="ottoman_sides", prompts=prompts, handlers={OttomanSide: on_side}
)
