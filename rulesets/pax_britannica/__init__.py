"""Pax Britannica (Victory Games, 1985) for 4 to 7 players, 8 with Belgium: the world of
1880 as data and the peacetime turn; registered as `pax-britannica`."""

from rulesets import registry
from rulesets.pax_britannica.ruleset import PAX, PaxBritannica

registry.register(PAX)

__all__ = ["PAX", "PaxBritannica"]
