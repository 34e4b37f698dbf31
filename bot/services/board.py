"""Whether a step moved the board: what the public map draws on its regions.

"The board" is the control, pieces and markers the map shows on its regions, built from
the PUBLIC view. Gold, bids and whose turn it is change every click and are not worth a
picture. A step whose board differs from the step before gets a "board changed" row.
"""

from __future__ import annotations

import json

from bot.render import has_map, map_renderer
from rulesets.core import BaseState, Ruleset


def board_signature(ruleset: Ruleset[BaseState], state: BaseState) -> str | None:
    """What the map shows on its regions, as comparable text (None for a game without map)."""
    if not has_map(ruleset.name):
        return None
    scene = map_renderer(ruleset.name).scene_from_view(ruleset.view(state, None), "en")
    return json.dumps([region.model_dump(mode="json") for region in scene.regions])


class BoardMemory:
    """The last board signature seen per campaign, so a step computes only its own."""

    def __init__(self) -> None:
        self._seen: dict[int, tuple[int, str | None]] = {}

    def known(self, campaign_id: int, seq: int) -> tuple[bool, str | None]:
        seen = self._seen.get(campaign_id)
        if seen is None or seen[0] != seq:
            return False, None
        return True, seen[1]

    def forget(self, campaign_id: int) -> None:
        self._seen.pop(campaign_id, None)

    def remember(self, campaign_id: int, seq: int, signature: str | None) -> None:
        self._seen[campaign_id] = (seq, signature)
