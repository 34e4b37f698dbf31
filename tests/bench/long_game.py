"""A bench-only game that never ends: two seats take turns adding 1, 2 or 3 to a tally,
with a die roll every tenth turn. Its rules cost next to nothing, so
loading its log measures the storage and replay machinery rather than a game's rules."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rulesets.core import BaseState, Choice, Msg, Prompt, Ruleset, SeatSpec, StepContext


class Add(BaseModel):
    type: Literal["add"] = "add"
    amount: Literal[1, 2, 3]


LongAction = Annotated[Add, Field(discriminator="type")]


class LongState(BaseState):
    tally: int = 0
    rolls: list[int] = Field(default_factory=list)


class LongGame(Ruleset[LongState]):
    name: ClassVar[str] = "bench_long"
    version: ClassVar[str] = "1"
    title: ClassVar[Msg] = Msg(key="bench.title")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_model: ClassVar[type[BaseState]] = LongState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(LongAction)

    def seat_pool(self) -> list[SeatSpec]:
        return [SeatSpec(id=seat, name=Msg(key=f"name.{seat}")) for seat in ("north", "south")]

    def initial_state(self, base: dict[str, Any], data: dict[str, Any] | None) -> LongState:
        return LongState(**base)

    def setup(self, ctx: StepContext[LongState], data: dict[str, Any] | None) -> None:
        ctx.emit("bench.setup")

    def prompts(self, state: LongState) -> list[Prompt]:
        seat = state.seats[state.seq % 2]
        choices = [Choice.of(Add(amount=amount)) for amount in (1, 2, 3)]
        return [Prompt(seat=seat, kind="add", text=Msg(key="bench.add"), choices=choices)]

    def apply(self, ctx: StepContext[LongState], seat: str, action: Any) -> None:
        ctx.state.tally += action.amount
        if ctx.state.seq % 10 == 9:
            ctx.state.rolls.append(ctx.roll(6))
        ctx.emit("bench.added", seat=seat, amount=action.amount)

    def view(self, state: LongState, seat: str | None) -> dict[str, Any]:
        return {"tally": state.tally}


LONG_GAME = LongGame()
