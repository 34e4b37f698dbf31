"""Scenario helpers for Pax Britannica: a started game, a cleared board, forced dice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulesets.core import (
    Choice,
    Dice,
    DiceSource,
    Outcome,
    RngState,
    Roll,
    StepContext,
    start,
    submit,
)
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.holdings import new_unit
from rulesets.pax_britannica.ruleset import TABLE
from rulesets.pax_britannica.state import SEAT_ORDER, Marker, PaxState, SeatWindow

SEED = "9a" * 32


class Scripted(Dice):
    """The listed values first, in order, then the campaign's real dice."""

    def __init__(self, rng: RngState, values: list[int]) -> None:
        super().__init__(rng)
        self.values = values

    def roll(self, sides: int = 6) -> int:
        if not self.values:
            return super().roll(sides)
        value = self.values.pop(0)
        assert 1 <= value <= sides, f"scripted {value} on a d{sides}"
        self.rolls.append(Roll(draw=self._rng.counter, sides=sides, value=value))
        self._rng.counter += 1
        return value


def scripted(values: Iterable[int]) -> DiceSource:
    queue = list(values)
    return lambda rng: Scripted(rng, queue)


def new_game(players: int = 4, data: dict[str, Any] | None = None, **options: Any) -> PaxState:
    return start(PAX, list(SEAT_ORDER[:players]), options, SEED, data).state


def context(state: PaxState, dice: Iterable[int] = ()) -> StepContext[PaxState]:
    ctx = StepContext(state, scripted(dice))
    ctx.phases = TABLE
    return ctx


def cleared(players: int = 4, **options: Any) -> PaxState:
    """A game in the Movement window with an empty board (no markers, units or unrest),
    every major power's treasury at 0 and its merchant fleets kept."""
    state = new_game(players, **options)
    state.markers, state.units, state.unrest = [], [], []
    state.casus_belli, state.combats, state.events_this_turn = [], [], []
    state.tension, state.resentment, state.balkan_wars = 0, 0, 0
    state.extra_routes, state.removed_routes, state.canals = [], [], {}
    state.phase = "movement"
    state.windows = {seat: SeatWindow() for seat in state.seats}
    for standing in state.powers.values():
        standing.treasury = 0
        standing.obligations = []
        standing.menu = None
        standing.fleets_to_take = 0
    return state


def put(state: PaxState, power: str, area: str, level: str, established: bool = True) -> Marker:
    marker = Marker(
        power=power,
        area=area,
        level=level,
        established=established,  # type: ignore[arg-type]
        needs_combat=not established and level in ("protectorate", "possession"),
    )
    state.markers.append(marker)
    return marker


def army(state: PaxState, power: str, where: str, strength: int = 1) -> int:
    return new_unit(state, power, "army", strength, where).id


# Negotiation acts listed in a topic's prompt, opened from the seat's first menu.
TOPIC_ACTIONS = (
    "propose_treaty",
    "offer_payment",
    "offer_cession",
    "offer_codominion",
    "offer_void",
    "claim_breach",
    "withdraw",
)


def act(
    state: PaxState, seat: str, action: dict[str, Any], dice: Iterable[int] = ()
) -> Outcome[PaxState]:
    """The seat's act; a negotiation act first opens its topic, as a player would."""
    if action.get("type") in TOPIC_ACTIONS and state.negotiation_menus.get(seat) is None:
        state = opened(state, seat, topic_of(state, action))
    return submit(PAX, state, seat, action, dice_source=scripted(dice))


def topic_of(state: PaxState, action: dict[str, Any]) -> str:
    """The topic of the negotiation menu that lists `action`."""
    if action["type"] == "withdraw":
        return "disputes"
    if action["type"] == "offer_cession":
        [level] = [
            m.level for m in state.markers if (m.power, m.area) == (action["power"], action["area"])
        ]
        return f"cede/{action['to']}/{level}"
    if "to" in action:
        return str(action["to"])
    [treaty] = [t for t in state.treaties if t.id == action["treaty"]]
    return next(p for p in treaty.parties if p != action["power"])


def every_choice(state: PaxState, seat: str) -> list[Choice]:
    """The choices of the seat's negotiation menu and of every topic it opens, nested."""
    found: list[Choice] = []
    waiting, seen = [state], set()
    while waiting:
        shown = waiting.pop(0)
        [prompt] = [p for p in PAX.prompts(shown) if p.seat == seat]
        found += prompt.choices
        for choice in prompt.choices:
            topic = choice.action.get("topic")
            if choice.kind == "open_negotiation" and topic not in seen:
                seen.add(topic)
                waiting.append(submit(PAX, shown, seat, choice.instantiate()).state)
    return found


def opened(state: PaxState, seat: str, topic: str) -> PaxState:
    """The seat's negotiation prompt opened on `topic` (a partner power, the disputes, or
    the cessions of one level to a partner, opened from the partner's topic)."""
    if topic.startswith("cede/"):
        state = opened(state, seat, topic.split("/")[1])
    return submit(PAX, state, seat, {"type": "open_negotiation", "topic": topic}).state


def last_tension(state: PaxState) -> tuple[str, str]:
    """The reason and the blamed power of the latest European Tension rise."""
    return state.tension_log[-1].reason, state.tension_log[-1].power


def keys(outcome: Outcome[PaxState]) -> list[str]:
    return [event.key for event in outcome.events]


def play_randomly(state: Any, rng: Any, steps: int, event: str) -> tuple[Any, bool]:
    """Random legal orders until the game ends or `steps` run out; whether `event` was seen."""
    from rulesets.core.engine import submit
    from tests.random_play import legal_prompts, random_action

    seen = False
    for _ in range(steps):
        if state.finished:
            break
        prompts = legal_prompts(PAX, state)
        prompt = rng.choice(prompts)
        outcome = submit(PAX, state, prompt.seat, random_action(prompt, rng), listed=prompts)
        state = outcome.state
        seen = seen or event in [e.key for e in outcome.events]
    return state, seen
