"""Empires (7 Empires, Mac Gerdts): seven empires steered by whoever holds their monarch."""

from rulesets import registry
from rulesets.empires.ruleset import EMPIRES

registry.register(EMPIRES)

__all__ = ["EMPIRES"]
