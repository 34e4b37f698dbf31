"""The phase template: a game is a table of phases, each holding its prompts and handlers.

A phase module builds one or more `Phase` values: the prompts of the decision the phase
poses and one handler per action type those prompts offer. The game's state names its
current phase in `state.phase`; the ruleset assembles its phases into a `PhaseTable`.
A handler moves the game on with `ctx.enter("next_phase")`, which looks the next phase up
in the table attached to the step, so phase modules never import each other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic

from pydantic import BaseModel

from rulesets.core.messages import IllegalAction
from rulesets.core.prompts import Prompt
from rulesets.core.ruleset import StateT

if TYPE_CHECKING:
    from rulesets.core.engine import StepContext


# Carries out one action type on `ctx.state` (a private copy), emitting events.
Handler = Callable[["StepContext[StateT]", str, Any], None]


@dataclass(frozen=True)
class Phase(Generic[StateT]):
    """One decision point of a game: who is asked what, and what each answer does.

    `enter` runs when a handler moves the game into this phase (deal cards, skip the phase
    when nobody can act, open the first prompt); it may itself enter another phase.
    """

    name: str
    prompts: Callable[[StateT], list[Prompt]]
    handlers: Mapping[type[BaseModel], Handler[StateT]]
    enter: Callable[[StepContext[StateT]], None] | None = None


@dataclass(frozen=True)
class PhaseTable(Generic[StateT]):
    """A game's phases by name, with the one dispatch every action goes through."""

    phases: Mapping[str, Phase[StateT]] = field(default_factory=dict)

    @classmethod
    def of(cls, phases: Iterable[Phase[StateT]]) -> PhaseTable[StateT]:
        table: dict[str, Phase[StateT]] = {}
        for phase in phases:
            if phase.name in table:
                raise ValueError(f"two phases are named {phase.name!r}")
            table[phase.name] = phase
        return cls(phases=table)

    def current(self, state: StateT) -> Phase[StateT]:
        name = getattr(state, "phase", None)
        if not isinstance(name, str) or name not in self.phases:
            raise ValueError(f"the state's phase {name!r} is not in the game's table")
        return self.phases[name]

    def prompts(self, state: StateT) -> list[Prompt]:
        if state.finished:
            return []
        return self.current(state).prompts(state)

    def apply(self, ctx: StepContext[StateT], seat: str, action: BaseModel) -> None:
        """Run the current phase's handler for this action; an unknown action raises."""
        ctx.phases = self
        handler = self.current(ctx.state).handlers.get(type(action))
        if handler is None:
            raise IllegalAction("core.error.not_a_legal_choice", kind=self.current(ctx.state).name)
        handler(ctx, seat, action)

    def enter(self, ctx: StepContext[StateT], name: str) -> None:
        if name not in self.phases:
            raise ValueError(f"no phase named {name!r}")
        ctx.state.phase = name  # type: ignore[attr-defined]
        hook = self.phases[name].enter
        if hook is not None:
            hook(ctx)
