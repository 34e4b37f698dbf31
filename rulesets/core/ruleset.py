"""The interface every game implements, and the state fields every game shares."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from rulesets.core.messages import IllegalAction, Msg
from rulesets.core.prompts import Prompt
from rulesets.core.rng import RngState

if TYPE_CHECKING:
    from rulesets.core.engine import StepContext
    from rulesets.core.phases import PhaseTable


class BaseState(BaseModel):
    """What every game's state holds besides its own fields.

    `rng.seed` is secret until the campaign ends: views must never copy it.
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    ruleset: str
    ruleset_version: str
    seats: list[str]
    options: dict[str, Any] = Field(default_factory=dict)
    rng: RngState
    seq: int = 0
    finished: bool = False


class SeatSpec(BaseModel):
    """A seat a player can take: a power in most games, a chair in games without powers."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: Msg


class OptionSpec(BaseModel):
    """A campaign option: a rules variant or an ASSUMPTION with its alternative."""

    model_config = ConfigDict(frozen=True)

    name: str
    kind: Literal["bool", "choice", "int"]
    default: bool | int | str
    description: Msg
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    # A value the game suggests for a campaign played at a given pace ("relaxed" -> True):
    # shown when such a campaign is created, never set without the creator choosing it.
    suggested: dict[str, bool | int | str] = Field(default_factory=dict)

    def validate_value(self, value: Any) -> bool | int | str:
        ok = {
            "bool": isinstance(value, bool),
            "choice": isinstance(value, str) and value in self.choices,
            "int": isinstance(value, int)
            and not isinstance(value, bool)
            and (self.low is None or value >= self.low)
            and (self.high is None or value <= self.high),
        }[self.kind]
        if not ok:
            raise IllegalAction(
                "core.error.bad_option_value",
                option=self.name,
                value=str(value)[:40],
                allowed=self.allowed_text(),
            )
        return value  # type: ignore[no-any-return]

    def allowed_text(self) -> str:
        """What the option accepts, for a refusal: 'true or false', 'a, b or c', '8 to 10'."""
        if self.kind == "bool":
            return "true / false"
        if self.kind == "choice":
            return " / ".join(self.choices)
        low = "…" if self.low is None else str(self.low)
        high = "…" if self.high is None else str(self.high)
        return f"{low}–{high}"


StateT = TypeVar("StateT", bound=BaseState)


class Ruleset(ABC, Generic[StateT]):
    """A game. Subclasses are stateless: every method is a pure function of its inputs."""

    name: ClassVar[str]
    version: ClassVar[str]
    title: ClassVar[Msg]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_model: ClassVar[type[BaseState]]
    action_adapter: ClassVar[TypeAdapter[Any]]

    @abstractmethod
    def seat_pool(self) -> list[SeatSpec]:
        """Every seat a player could take."""

    def option_specs(self) -> list[OptionSpec]:
        return []

    def players_among(self, seats: list[str]) -> list[str]:
        """The seats that count as players against `min_players` and `max_players`: all of
        them, unless the game seats someone beside the players (a referee)."""
        return list(seats)

    def check_seats(self, seats: list[str]) -> None:
        """Refuse a table that the game cannot be started with."""
        known = {spec.id for spec in self.seat_pool()}
        players = self.players_among(seats)
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction(
                "core.error.player_count",
                count=len(players),
                low=self.min_players,
                high=self.max_players,
            )
        unknown = [seat for seat in seats if seat not in known]
        if unknown or len(set(seats)) != len(seats):
            raise IllegalAction(
                "core.error.bad_seats",
                seats=", ".join(str(seat)[:40] for seat in seats[:10]),
                known=[spec.id for spec in self.seat_pool()],
                known_ids=" / ".join(spec.id for spec in self.seat_pool()),
            )

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        specs = {spec.name: spec for spec in self.option_specs()}
        unknown = sorted(set(given) - set(specs))
        if unknown:
            raise IllegalAction(
                "core.error.unknown_option",
                option=str(unknown[0])[:40],
                known=" / ".join(sorted(specs)) or "—",
            )
        return {
            name: spec.validate_value(given[name]) if name in given else spec.default
            for name, spec in specs.items()
        }

    def validate_data(self, data: dict[str, Any]) -> None:
        """Check a replacement data file; raise IllegalAction naming the field and reason."""
        raise IllegalAction("core.error.data_not_replaceable", ruleset=self.name)

    @abstractmethod
    def setup(self, ctx: StepContext[StateT], data: dict[str, Any] | None) -> None:
        """Fill `ctx.state` (already holding the shared fields) with the opening position."""

    @abstractmethod
    def initial_state(self, base: dict[str, Any], data: dict[str, Any] | None) -> StateT:
        """Build the state model from the shared fields, before `setup` runs."""

    def phase_table(self) -> PhaseTable[StateT] | None:
        """The game's phases (see rulesets/core/phases.py); every game built to the
        template returns its table, and `prompts` and `apply` then dispatch through it."""
        return None

    def prompts(self, state: StateT) -> list[Prompt]:
        """Every pending decision, one prompt per seat that must act now."""
        return self._table().prompts(state)

    def apply(self, ctx: StepContext[StateT], seat: str, action: Any) -> None:
        """Carry out a validated action on `ctx.state` (a private copy), emitting events."""
        self._table().apply(ctx, seat, action)

    def _table(self) -> PhaseTable[StateT]:
        table = self.phase_table()
        if table is None:
            raise NotImplementedError(f"{self.name} has no phase table")
        return table

    @abstractmethod
    def view(self, state: StateT, seat: str | None) -> dict[str, Any]:
        """What `seat` may see (None: the public view). Never the seed or another's secret."""

    def default_action(self, state: StateT, seat: str) -> dict[str, Any]:
        """What a seat that misses its deadline does: the first listed choice by default.

        Rulesets list their conservative choice (pass, lowest bid, decline) first or
        override this.
        """
        for prompt in self.prompts(state):
            if prompt.seat == seat and prompt.choices:
                return prompt.choices[0].instantiate()
        raise IllegalAction("core.error.not_your_turn", seat=seat)

    def autopilot_action(self, state: StateT, seat: str, pick: int) -> dict[str, Any]:
        """A sensible legal choice for an absent player. `pick` is a caller-supplied number
        that lets a ruleset vary among equally good choices. The default plays safe."""
        return self.default_action(state, seat)

    def scores(self, state: StateT) -> dict[str, int] | None:
        """Final scores once the game is over, else None."""
        return None

    def parse_action(self, raw: Any) -> Any:
        import json

        from pydantic import ValidationError

        try:
            # Strict JSON validation: `true` is not the number 1, "3" is not 3.
            return self.action_adapter.validate_json(json.dumps(raw), strict=True)
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(part) for part in first.get("loc", ())) or "action"
            raise IllegalAction("core.error.malformed_action", field=where) from None
