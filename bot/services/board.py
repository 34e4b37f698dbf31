"""Whether a step deserves a map: what the public map draws, and the campaign's map setting.

"The board" is the control, pieces and markers the map shows on its regions, built from
the PUBLIC view. Gold, bids and whose turn it is change every click and are not worth a
picture. Set-up placements are not either, one by one: while the public view's phase is a
set-up phase the map waits, and the step that ends set-up gets one. Past set-up, the
campaign's `maps` setting decides: after every resolution that moves the board (the
default; a seat's turn of several steps gets one map, when the turn passes), once at the
start of every round, or only when someone asks (`/map`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal, get_args

from bot.render import has_map, map_renderer
from rulesets.core import BaseState, Ruleset

MapPolicy = Literal["resolution", "round", "on_demand"]
MAP_POLICIES: tuple[str, ...] = get_args(MapPolicy)
SETUP_PHASES = frozenset({"placement", "setup", "set_up", "initial_placement"})
"""Phases (the public view's "phase") in which players only set up their pieces."""
ROUND_MARKS = ("war", "era", "decade", "year", "turn", "round")
"""Public view keys that count a game's rounds; a change in any of them starts a round."""


def board_signature(ruleset: Ruleset[BaseState], state: BaseState) -> str | None:
    """What the map shows on its regions, as comparable text (None for a game without map)."""
    if not has_map(ruleset.name):
        return None
    return _regions(ruleset, ruleset.view(state, None))


def _regions(ruleset: Ruleset[BaseState], view: dict[str, Any]) -> str:
    scene = map_renderer(ruleset.name).scene_from_view(view, "en")
    return json.dumps([region.model_dump(mode="json") for region in scene.regions])


@dataclass(frozen=True)
class BoardMoment:
    """What decides a map at one step: the board drawn, whether it is set-up, the round."""

    signature: str | None
    setup: bool
    round: str


def board_moment(ruleset: Ruleset[BaseState], state: BaseState) -> BoardMoment:
    if not has_map(ruleset.name):
        return BoardMoment(None, False, "")
    view = ruleset.view(state, None)
    marks = json.dumps([view.get(key) for key in ROUND_MARKS], default=str)
    return BoardMoment(_regions(ruleset, view), view.get("phase") in SETUP_PHASES, marks)


def map_due(
    before: BoardMoment | None,
    after: BoardMoment,
    policy: str,
    *,
    mapped: str | None,
    turn_goes_on: bool,
) -> bool:
    """Whether the step from `before` to `after` gets a map under the campaign's policy;
    `mapped` is the board of the last map posted, `turn_goes_on` that the seat that acted
    is the only one asked next (its sub-steps are mapped once, when its turn ends)."""
    if after.signature is None or policy == "on_demand":
        return False
    if before is None:
        return True  # the starting board
    if after.setup:
        return False
    if before.setup:
        return True  # the board set-up ended with
    if policy == "round":
        return before.round != after.round
    return not turn_goes_on and after.signature != mapped


class BoardMemory:
    """Per campaign, the board moment of the last step seen and the board last mapped, so
    a step computes only its own."""

    def __init__(self) -> None:
        self._seen: dict[int, tuple[int, BoardMoment, str | None]] = {}

    def known(self, campaign_id: int, seq: int) -> tuple[BoardMoment, str | None] | None:
        seen = self._seen.get(campaign_id)
        if seen is None or seen[0] != seq:
            return None
        return seen[1], seen[2]

    def forget(self, campaign_id: int) -> None:
        self._seen.pop(campaign_id, None)

    def remember(self, campaign_id: int, seq: int, moment: BoardMoment, mapped: str | None) -> None:
        self._seen[campaign_id] = (seq, moment, mapped)
