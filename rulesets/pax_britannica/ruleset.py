"""The Pax Britannica ruleset: seats, options, data, setup and the phase table."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import TypeAdapter

from rulesets.core import (
    BaseState,
    IllegalAction,
    Msg,
    OptionSpec,
    PhaseTable,
    Prompt,
    Ruleset,
    SeatSpec,
    StepContext,
)
from rulesets.pax_britannica import (
    adjustment,
    administration,
    autopilot,
    cessions,
    colonial_combat,
    congress,
    diplomacy,
    minor_powers,
    movement,
    negotiation,
    ottoman_sides,
    random_events,
    scoring,
    view,
    war,
    war_declarations,
)
from rulesets.pax_britannica.actions import PaxAction
from rulesets.pax_britannica.data import check_treaty_bonuses, default_data, table_status
from rulesets.pax_britannica.options import OPTIONS
from rulesets.pax_britannica.setup import setup_game
from rulesets.pax_britannica.state import SEAT_ORDER, PaxState, digest_of, parse_data

SIGNATURES = ("congress_signature", "spoils_signature")  # a missed deadline is a delay

TABLE: PhaseTable[PaxState] = PhaseTable.of(
    [
        random_events.PHASE,
        administration.PHASE,
        minor_powers.PHASE,
        movement.PHASE,
        colonial_combat.PHASE,
        adjustment.PHASE,
        diplomacy.PHASE,
        negotiation.PHASE,
        congress.PHASE,
        war_declarations.PHASE,
        ottoman_sides.PHASE,
        war.PHASE,
        cessions.PHASE,
        scoring.VP_PHASE,
        scoring.FINAL_PHASE,
    ]
)


class PaxBritannica(Ruleset[PaxState]):
    name: ClassVar[str] = "pax-britannica"
    version: ClassVar[str] = "1"
    title: ClassVar[Msg] = Msg(key="pax.title")
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 8
    state_model: ClassVar[type[BaseState]] = PaxState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(PaxAction)
    _last_prompts: tuple[str, list[Prompt]] | None = None

    def seat_pool(self) -> list[SeatSpec]:
        return [SeatSpec(id=seat, name=Msg(key=f"name.{seat}")) for seat in SEAT_ORDER]

    def check_seats(self, seats: list[str]) -> None:
        """The powers follow the player count (§3): GB, France, Germany and the USA, then
        Japan, Russia, Italy and (the 8-player variant) Belgium."""
        super().check_seats(seats)
        if sorted(seats) != sorted(SEAT_ORDER[: len(seats)]):
            raise IllegalAction(
                "pax.error.powers_for_count",
                count=len(seats),
                powers=list(SEAT_ORDER[: len(seats)]),
            )

    def option_specs(self) -> list[OptionSpec]:
        return list(OPTIONS)

    def validate_data(self, data: dict[str, Any]) -> None:
        check_treaty_bonuses(parse_data(data))

    def data_tables(self, data: dict[str, Any] | None) -> dict[str, str]:
        """Each table of Appendix A for this data file (None: the shipped one): `loaded`
        where it differs from the shipped set, `provisional` where the shipped set holds
        reconstructed values, `printed` where it holds none."""
        return table_status(default_data() if data is None else parse_data(data))

    def initial_state(self, base: dict[str, Any], data: dict[str, Any] | None) -> PaxState:
        if data is None:
            return PaxState(**base)
        return PaxState(**base, custom_data=data, custom_digest=digest_of(data))

    def setup(self, ctx: StepContext[PaxState], data: dict[str, Any] | None) -> None:
        setup_game(ctx)
        ctx.enter("random_events")

    def phase_table(self) -> PhaseTable[PaxState]:
        return TABLE

    def prompts(self, state: PaxState) -> list[Prompt]:
        """The pending prompts, remembered for the last state asked about: the kernel lists
        them again to check the action a caller picked from them, and the Movement window's
        lists are the costliest part of a step. The key is the whole state's JSON, so a
        state changed in place is never answered from the memo."""
        key = state.model_dump_json()
        remembered = self._last_prompts
        if remembered is not None and remembered[0] == key:
            return list(remembered[1])
        found = TABLE.prompts(state)
        self._last_prompts = (key, found)
        return list(found)

    def view(self, state: PaxState, seat: str | None) -> dict[str, Any]:
        if seat is None or seat not in state.seats:
            return view.public_view(state)
        return view.seat_view(state, seat)

    def default_action(self, state: PaxState, seat: str) -> dict[str, Any]:
        """A missed deadline in the Movement window closes the seat's part of it ("done")
        unless something is owed; a Congress's settlement left unsigned at the deadline is a
        delay, which §4.9 step 7 treats as a refusal (the last choice, defying it); elsewhere
        the first, conservative choice."""
        for prompt in self.prompts(state):
            if prompt.seat == seat and prompt.kind in SIGNATURES:
                return prompt.choices[-1].instantiate()
            if prompt.seat == seat and prompt.kind.startswith("menu_"):
                done = [c for c in prompt.choices if c.kind == "done"]
                if done:
                    return done[0].instantiate()
        return super().default_action(state, seat)

    def autopilot_action(self, state: PaxState, seat: str, pick: int) -> dict[str, Any]:
        return autopilot.choose(self.prompts(state), state, seat, pick)

    def scores(self, state: PaxState) -> dict[str, int] | None:
        if not state.finished:
            return None
        return {seat: record["31"] for seat, record in state.final_record.items()}


PAX = PaxBritannica()
