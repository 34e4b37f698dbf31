"""A sensible player for an absent seat: explore, plant trading posts, ship and sell,
found colonies and a Boomtown, and repay loans so that Prestige can win."""

from __future__ import annotations

from typing import Any

from rulesets.colonial.board import data, loan_total
from rulesets.colonial.state import ColonialState
from rulesets.core import Choice, IllegalAction, Prompt

# The programme the autopilot plays: reach the map, then trade, then colonise.
CARD_PLAN = ("card_1", "card_4", "card_2", "card_3", "card_5", "card_6")
CHARACTER_VALUE = {
    "conqueror": 90,
    "governor": 80,
    "explorer": 70,
    "trader": 60,
    "merchant": 55,
    "viceroy": 50,
    "scientist": 40,
    "missionary": 10,
    "ambassador": 8,
    "sovereign": 5,
}


def choose_for(prompts: list[Prompt], state: ColonialState, seat: str, pick: int) -> dict[str, Any]:
    mine = [p for p in prompts if p.seat == seat and p.choices]
    if not mine:
        raise IllegalAction("core.error.not_your_turn", seat=seat)
    prompt = mine[0]
    p = state.players[seat]
    repay = _find(prompt, "repay")
    if repay is not None and p.treasury >= loan_total(p) and p.prestige >= 8:
        return repay.instantiate(amount=repay.ranges["amount"].high)
    scored = [
        (_score(state, seat, prompt.kind, c, pick), n, c) for n, c in enumerate(prompt.choices)
    ]
    scored = [entry for entry in scored if entry[0] > -1000]
    _, _, best = max(scored, key=lambda entry: (entry[0], -entry[1]))
    return best.instantiate(**_numbers(state, seat, best))


def _find(prompt: Prompt, kind: str) -> Choice | None:
    return next((c for c in prompt.choices if c.kind == kind), None)


def _score(state: ColonialState, seat: str, kind: str, choice: Choice, pick: int) -> float:
    action = choice.action
    t = choice.kind
    if t == "program_card":
        if action["card"] in state.programmes[seat].cards:
            return -5000
        bonus = 25 if pick % 3 == 0 and action["card"] == "card_5" else 0
        return float(100 - CARD_PLAN.index(str(action["card"])) * 10 + bonus)
    if t in ("give", "repay"):
        return -10_000
    if t == "confirm_programme":
        return 200 if len(state.programmes[seat].cards) == 4 else -100
    if t in ("unprogram", "programme_order"):
        return -5000
    if t == "last_chance":
        return 50 - CARD_PLAN.index(str(action["card"]))
    if t == "pass_turn":
        return 0
    if t == "explorer":
        return _explore_value(state, seat, choice)
    if t == "financier":
        return 30 if state.players[seat].treasury < 2 and not state.players[seat].loans else -1
    if t in ("revolt", "stir_unrest", "subvert"):
        return -1
    if t == "sovereign":
        return _war_value(state, seat, str(action["target"]))
    if t == "scientist":
        rich = state.players[seat].treasury >= 6
        return {"economy": 65 if rich else 45, "seafaring": 50}.get(str(action["track"]), 15)
    if t == "viceroy":
        return _viceroy_value(state, seat, str(action["territory"]))
    if t in CHARACTER_VALUE:
        return float(CHARACTER_VALUE[t])
    if t == "trading_post":
        return 20
    if t == "conquistadors":
        return 15
    if t == "colony_option":
        return 10 if action["option"] in ("pillage", "plantation") else -1
    if t == "place_counter":
        step = state.step
        if step is None or step.territory is None:
            return 10
        stack = state.territories[step.territory].stacks[int(action["resource"])]
        pending = step.placed.count(int(action["resource"]))
        if not stack:
            return 30 - 25 * pending
        return 5 if stack[0] == seat else 20 - 5 * pending
    if t == "take_goods":
        return 15.0 if action["owner"] == seat else 10.0
    if t in ("corsair_roll", "defend_roll"):
        return 1 if action["roll"] else 0
    if t == "consent":
        return 1 if action["accept"] else 0
    if t == "capitulate":
        war = state.war
        enemy = "" if war is None else (war.attacker if war.defender == seat else war.defender)
        losing = bool(enemy) and _strength(state, seat) < _strength(state, enemy)
        return 1 if action["yes"] == losing else 0
    if t in ("fleets", "navy", "corsair"):
        return 0 if t != "corsair" or action["target"] == "none" else -1
    return 0


def _strength(state: ColonialState, seat: str) -> int:
    p = state.players[seat]
    return p.treasury + p.squadrons + p.goods


def _war_value(state: ColonialState, seat: str, target: str) -> float:
    """Repression when there is Unrest; a war only on a richer-in-Prestige, weaker enemy."""
    if target == "none":
        return 3 if state.players[seat].unrest else -1
    enemy = state.players[target]
    if enemy.prestige >= 1 and _strength(state, seat) > 2 * _strength(state, target) + 2:
        return 35
    return -1


def _numbers(state: ColonialState, seat: str, choice: Choice) -> dict[str, int]:
    numbers = {}
    for name, span in choice.ranges.items():
        value = span.high
        if choice.kind == "navy":
            value = span.high if state.players[seat].treasury > 6 else span.low
        if choice.kind == "governor":
            value = span.low
        numbers[name] = value
    return numbers


def _explore_value(state: ColonialState, seat: str, choice: Choice) -> float:
    label = choice.label
    need = int(label.params.get("roll", 6)) if label is not None else 6
    prestige = int(label.params.get("prestige", 1)) if label is not None else 1
    chance = max(0, min(6, 7 - need)) / 6
    return 40 + 60 * chance * prestige


def _viceroy_value(state: ColonialState, seat: str, tid: str) -> float:
    """Free Resources first, then a Territory where a Colony is within reach."""
    terr = state.territories[tid]
    free = sum(1 for stack in terr.stacks if not stack)
    taken = sum(1 for stack in terr.stacks if stack and stack[0] != seat)
    if not free and not taken and terr.colony is not None:
        return 5
    return 30 + 15 * free + 5 * taken + 10 * _colony_hope(state, seat, tid)


def _colony_hope(state: ColonialState, seat: str, tid: str) -> int:
    """How close `seat` is to founding a Colony there (a Viceroy target worth the trip)."""
    terr = state.territories[tid]
    if terr.colony is not None:
        return 0
    power = data(state).territory(tid).native_power
    mine = sum(stack.count(seat) for stack in terr.stacks)
    return 2 if 0 < power <= mine + 4 else 0
