"""The end of the game: the laurel's last count of flags and crowns, the ranking, the points."""

from __future__ import annotations

from rulesets.core import Phase, Prompt, StepContext
from rulesets.empires.flags import flag_count
from rulesets.empires.production import crowns
from rulesets.empires.state import EmpiresState

FACTORS = (7, 6, 5, 4, 3, 2, 1)


def rank_empires(state: EmpiresState) -> list[str]:
    """Most power first; ties go to the empire whose flag space is higher on the board."""
    board = state.board()
    return sorted(board.empire_order, key=lambda e: (-state.power[e], board.empire_order.index(e)))


def player_scores(state: EmpiresState, ranking: list[str]) -> dict[str, int]:
    return {
        seat: sum(
            state.influence(seat, empire) * factor for empire, factor in zip(ranking, FACTORS)
        )
        for seat in state.seats
    }


def winners(state: EmpiresState, ranking: list[str], scores: dict[str, int]) -> list[str]:
    """Most points; ties go to more influence in the top empire, then the next, and so on.

    Seats still level after all seven empires share the victory.
    """
    best = max(scores.values())
    tied = [seat for seat in state.order if scores[seat] == best]
    for empire in ranking:
        if len(tied) == 1:
            break
        top = max(state.influence(seat, empire) for seat in tied)
        tied = [seat for seat in tied if state.influence(seat, empire) == top]
    return tied


def final_scoring(ctx: StepContext[EmpiresState]) -> None:
    """The laurel asks « tous les monarques » for a last count: an empire left without a
    monarch in the draft variants counts nothing more."""
    state = ctx.state
    state.revealed.append("laurel")
    for empire in state.board().empire_order:
        if state.is_neutral(empire):
            ctx.emit("emp.event.laurel_without_monarch", empire=empire)
            continue
        gained = flag_count(state, empire) + crowns(state, empire)
        state.power[empire] += gained
        ctx.emit("emp.event.power_from_laurel", empire=empire, points=gained)
    state.ranking = rank_empires(state)
    state.final_scores = player_scores(state, state.ranking)
    state.winners = winners(state, state.ranking, state.final_scores)
    state.finished = True
    ctx.emit(
        "emp.event.game_over",
        ranking=list(state.ranking),
        scores=dict(state.final_scores),
        winners=list(state.winners),
    )


def _no_prompts(state: EmpiresState) -> list[Prompt]:
    return []


# The game is over: entering the phase scores it, and nobody is asked anything again.
PHASE = Phase(name="over", prompts=_no_prompts, handlers={}, enter=final_scoring)
