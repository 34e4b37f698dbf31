"""Rules of the games Courier plays: a pure kernel (`rulesets.core`) and one package per game."""
