"""Struggle of Empires (Martin Wallace, 2004) for 2 to 7 players, registered as `struggle`."""

from rulesets import registry
from rulesets.struggle.ruleset import STRUGGLE, Struggle

registry.register(STRUGGLE)

__all__ = ["STRUGGLE", "Struggle"]
