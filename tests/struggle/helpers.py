"""Scenario helpers: an empty board in the actions phase, pieces placed by hand, dice forced.

Dice are forced through the kernel: every helper passes `ScriptedDice` as the dice source
of `start`, `submit` and `StepContext`. The values the `dice` fixture lists come out first,
in order, then the seeded dice.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import Dice, Event, Outcome, Roll, StepContext, start, submit
from rulesets.struggle import STRUGGLE
from rulesets.struggle.auction import alliance_turn_order
from rulesets.struggle.state import (
    AuctionState,
    HomeState,
    OwnedTile,
    PowerState,
    RegionState,
    StruggleState,
    TurnState,
)

SEED = "5e" * 32


class ScriptedDice(Dice):
    """A dice source for the kernel: the scripted values first, then the seeded dice."""

    script: list[int] = []  # noqa: RUF012 - the one queue of a test, reset by the fixture

    def roll(self, sides: int = 6) -> int:
        if not ScriptedDice.script:
            return super().roll(sides)
        value = ScriptedDice.script.pop(0)
        assert 1 <= value <= sides, f"scripted {value} on a d{sides}"
        self.rolls.append(Roll(draw=self._rng.counter, sides=sides, value=value))
        self._rng.counter += 1
        return value


def new_game(seats: list[str], **options: Any) -> StruggleState:
    return start(STRUGGLE, seats, options, SEED, dice_source=ScriptedDice).state


def scenario(a: list[str], b: list[str], **options: Any) -> StruggleState:
    """An empty board at war 1, round 1 of the actions phase, alliances A and B set, with
    every power on 10 gold, 5 population, no tiles; the first of the turn order is active."""
    seats = [p for p in ("GBR", "FRA", "PRU", "AUS", "SPA", "RUS", "UPR") if p in a + b]
    state = new_game(seats, **options)
    state.regions = {region: RegionState() for region in state.regions}
    state.homes = {power: HomeState() for power in seats}
    state.powers = {power: PowerState(gold=10, population=5) for power in seats}
    state.raiders, state.blockade = [], None
    state.phase, state.placer, state.auction = "actions", None, None
    state.group_a, state.group_b = list(a), list(b)
    state.turn_order = alliance_turn_order(state)
    make_active(state, state.turn_order[0])
    return state


def auction_scenario(seats: list[str], opener: str, war: int = 1) -> StruggleState:
    state = new_game(seats)
    state.phase, state.placer, state.war = "auction", None, war
    state.auction = AuctionState(opener=opener, bidder=opener)
    return state


def make_active(state: StruggleState, power: str, actions: int = 2) -> None:
    state.active = power
    state.step = None
    state.turn = TurnState(actions_left=actions)


def put(
    state: StruggleState,
    region: str,
    power: str,
    *,
    armies: int = 0,
    fleets: int = 0,
    forts: int = 0,
    tokens: int = 0,
) -> None:
    place = state.regions[region]
    for table, count in (
        (place.armies, armies),
        (place.fleets, fleets),
        (place.forts, forts),
        (place.control, tokens),
    ):
        if count:
            table[power] = table.get(power, 0) + count


def give(state: StruggleState, power: str, *tiles: str) -> None:
    for tile in tiles:
        state.stock[tile] -= 1
        state.powers[power].tiles.append(OwnedTile(tile=tile))


def play(state: StruggleState, seat: str, **action: Any) -> Outcome[StruggleState]:
    return submit(STRUGGLE, state, seat, action, dice_source=ScriptedDice)


def context(state: StruggleState) -> StepContext[StruggleState]:
    """A step on `state` itself for calling a mechanism directly, with the scripted dice."""
    return StepContext(state, ScriptedDice, phases=STRUGGLE.phase_table())


def run(
    state: StruggleState, *moves: tuple[str, dict[str, Any]]
) -> tuple[StruggleState, list[Event]]:
    """Submit several orders in turn, returning the final state and every event."""
    events: list[Event] = []
    for seat, action in moves:
        outcome = submit(STRUGGLE, state, seat, action, dice_source=ScriptedDice)
        state = outcome.state
        events += outcome.events
    return state, events


def keys(events: list[Event]) -> list[str]:
    return [event.key for event in events]


def first(events: list[Event], key: str) -> Event:
    return next(event for event in events if event.key == key)


def no_gold_offers(state: StruggleState) -> StruggleState:
    """Close the gold-offer window of an attack: every player offers nothing."""
    while (prompts := STRUGGLE.prompts(state)) and prompts[0].kind == "gold_offer":
        state = play(state, prompts[0].seat, type="done").state
    return state


def combat_results(events: list[Event]) -> list[Event]:
    """Each stage's result (a win or a tie), in order."""
    return [e for e in events if e.key in ("soe.combat_result", "soe.combat_tied")]


def totals_of(result: Event) -> dict[str, int]:
    return {
        "attacker": result.params["attacker_total"],
        "defender": result.params["defender_total"],
    }


def pending_kind(state: StruggleState) -> tuple[str, str] | None:
    prompts = STRUGGLE.prompts(state)
    return (prompts[0].seat, prompts[0].kind) if prompts else None


SEVEN = ["GBR", "FRA", "PRU", "AUS", "SPA", "RUS", "UPR"]
# The most each power would pay to settle an auction, by seat.
VALUE = dict(zip(SEVEN, [12, 9, 15, 7, 11, 14, 10], strict=True))


def value_bidder(state: StruggleState, proxies: bool) -> tuple[str, dict[str, Any]]:
    """A bidder who pays up to its value: by raising one at a time, or by a sealed maximum."""
    prompt = STRUGGLE.prompts(state)[0]
    kinds = {choice.kind: choice for choice in reversed(prompt.choices)}
    bid = kinds.get("bid")
    if "pass_bid" not in kinds:  # everybody passed: the opener must open at 0
        return prompt.seat, prompt.choices[0].instantiate()
    if bid is None or bid.ranges["amount"].low > VALUE[prompt.seat]:
        return prompt.seat, kinds["pass_bid"].instantiate()
    if proxies:
        return prompt.seat, kinds["proxy_bid"].instantiate(maximum=VALUE[prompt.seat])
    return prompt.seat, bid.instantiate(amount=bid.ranges["amount"].low)
