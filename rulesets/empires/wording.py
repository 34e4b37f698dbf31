"""The parameters that name things in Empires' sentences: cards by estate and value.

Events and labels keep plain ids (an empire, a region, a unit kind); the catalogues give
each id its name and grammatical forms (`name.<id>.in`, `name.<id>.of`, ...).
"""

from __future__ import annotations

from rulesets.core.messages import JsonValue
from rulesets.empires.state import EmpiresState


def card_params(state: EmpiresState, card: str) -> dict[str, JsonValue]:
    """An influence card as its empire, its estate and its value ('the Clergy card of Spain, 6')."""
    board = state.board()
    return {
        "empire": card.partition("-")[0],
        "card": board.card_role[card],
        "value": board.card_value[card],
    }
