"""Ultima Ratio Regis (Ignacio Torres) for 3 to 8 players and a referee, registered as
`ultima-ratio-regis`: exact where the French player aid defines a rule, refereed elsewhere."""

from rulesets import registry
from rulesets.ultima_ratio_regis.ruleset import ULTIMA_RATIO_REGIS, UltimaRatioRegis

registry.register(ULTIMA_RATIO_REGIS)

__all__ = ["ULTIMA_RATIO_REGIS", "UltimaRatioRegis"]
