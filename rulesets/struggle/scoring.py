"""Phase 5 and the end of the game: VP by rank in each region, then the unrest reckoning."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.struggle.state import StruggleState, game_data

Ctx = StepContext[StruggleState]


def dense_award(counts: dict[str, int], values: list[int]) -> dict[str, int]:
    """Value i goes to the players holding the i-th highest distinct count (ties share it,
    and a tie never uses up the next value). A count of 0 never scores."""
    levels = sorted({count for count in counts.values() if count > 0}, reverse=True)
    award: dict[str, int] = {}
    for power, count in counts.items():
        if count > 0:
            rank = levels.index(count)
            award[power] = values[rank] if rank < len(values) else 0
    return award


def score_regions(ctx: Ctx) -> None:
    state = ctx.state
    data = game_data(state)
    for region in data.regions:
        award = dense_award(state.regions[region.id].control, region.vp)
        for power, vp in award.items():
            if vp:
                state.powers[power].vp += vp
                ctx.emit("soe.region_scored", region=region.id, power=power, vp=vp)


def unrest_penalties(
    unrest: dict[str, int], revolution: int, penalties: list[int]
) -> dict[str, int]:
    """The VP lost to unrest: revolution (None marks a score set to 0) handled by the caller;
    among the others, the i-th highest distinct level loses penalties[i] (ties share)."""
    calm = {power: level for power, level in unrest.items() if level < revolution}
    levels = sorted(set(calm.values()), reverse=True)
    lost: dict[str, int] = {}
    for power, level in calm.items():
        rank = levels.index(level)
        lost[power] = penalties[rank] if rank < len(penalties) else 0
    return lost


def final_scores(state: StruggleState) -> dict[str, int]:
    rules = game_data(state).rules
    unrest = {power: state.powers[power].unrest for power in state.seats}
    lost = unrest_penalties(unrest, rules.revolution_unrest, rules.unrest_penalties)
    return {
        power: 0 if power not in lost else state.powers[power].vp - lost[power]
        for power in state.seats
    }


def end_game(ctx: Ctx) -> None:
    state = ctx.state
    for power in state.seats:
        ctx.emit("soe.unrest_revealed", power=power, unrest=state.powers[power].unrest)
    state.final_scores = final_scores(state)
    best = max(state.final_scores.values())
    winners = [power for power, score in state.final_scores.items() if score == best]
    state.active = None
    state.finished = True
    for power, score in state.final_scores.items():
        ctx.emit("soe.final_score", power=power, score=score)
    ctx.emit("soe.game_over", winners=winners)
