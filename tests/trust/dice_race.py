"""A test game where every turn may roll a die: the seats take turns to roll (adding the
die to their total) or hold, for six turns (a data file may say how many). It lets the
trust tests correct a step whose later steps draw dice, and replace a data file."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rulesets.core import (
    BaseState,
    Choice,
    IllegalAction,
    Msg,
    Prompt,
    Ruleset,
    SeatSpec,
    StepContext,
)

TURNS = 6


class RollDie(BaseModel):
    type: Literal["roll"] = "roll"


class Hold(BaseModel):
    type: Literal["hold"] = "hold"


RaceAction = Annotated[RollDie | Hold, Field(discriminator="type")]


class RaceState(BaseState):
    turns: int = TURNS
    turn: int = 0
    totals: dict[str, int] = Field(default_factory=dict)


class DiceRace(Ruleset[RaceState]):
    name: ClassVar[str] = "dice_race"
    version: ClassVar[str] = "1"
    title: ClassVar[Msg] = Msg(key="race.title")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_model: ClassVar[type[BaseState]] = RaceState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(RaceAction)

    def seat_pool(self) -> list[SeatSpec]:
        return [SeatSpec(id=seat, name=Msg(key=f"name.{seat}")) for seat in ("red", "blue")]

    def initial_state(self, base: dict[str, Any], data: dict[str, Any] | None) -> RaceState:
        return RaceState(**base)

    def validate_data(self, data: dict[str, Any]) -> None:
        turns = data.get("turns")
        if not isinstance(turns, int) or not 1 <= turns <= 20:
            raise IllegalAction("core.error.bad_data", field="turns", reason="1 to 20")

    def setup(self, ctx: StepContext[RaceState], data: dict[str, Any] | None) -> None:
        ctx.state.totals = dict.fromkeys(ctx.state.seats, 0)
        if data is not None:
            ctx.state.turns = int(data["turns"])

    def prompts(self, state: RaceState) -> list[Prompt]:
        seat = state.seats[state.turn % len(state.seats)]
        text = Msg(key="race.prompt")
        choices = [Choice.of(Hold()), Choice.of(RollDie())]
        return [Prompt(seat=seat, kind="turn", text=text, choices=choices)]

    def apply(self, ctx: StepContext[RaceState], seat: str, action: Any) -> None:
        if isinstance(action, RollDie):
            value = ctx.roll(6)
            ctx.state.totals[seat] += value
            ctx.emit("race.rolled", seat=seat, value=value)
        else:
            ctx.emit("race.held", seat=seat)
        ctx.state.turn += 1
        ctx.state.finished = ctx.state.turn >= ctx.state.turns

    def view(self, state: RaceState, seat: str | None) -> dict[str, Any]:
        return {"turn": state.turn, "totals": dict(state.totals)}

    def scores(self, state: RaceState) -> dict[str, int] | None:
        return dict(state.totals) if state.finished else None


DICE_RACE = DiceRace()
