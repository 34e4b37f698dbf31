"""Colonial: Europe's Empires Overseas, for 2 to 6 players, registered as `colonial`."""

from rulesets import registry
from rulesets.colonial.ruleset import COLONIAL, Colonial

registry.register(COLONIAL)

__all__ = ["COLONIAL", "Colonial"]
