"""The engine kernel every game stands on: messages, dice, prompts, actions, apply and view."""

from rulesets.core.engine import Outcome, StepContext, legal_prompts, start, submit
from rulesets.core.hashing import state_hash
from rulesets.core.messages import Event, IllegalAction, Msg
from rulesets.core.prompts import Choice, IntRange, Prompt
from rulesets.core.rng import Dice, RngState, Roll, seed_commitment
from rulesets.core.ruleset import BaseState, OptionSpec, Ruleset, SeatSpec

__all__ = [
    "BaseState",
    "Choice",
    "Dice",
    "Event",
    "IllegalAction",
    "IntRange",
    "Msg",
    "OptionSpec",
    "Outcome",
    "Prompt",
    "RngState",
    "Roll",
    "Ruleset",
    "SeatSpec",
    "StepContext",
    "legal_prompts",
    "seed_commitment",
    "start",
    "state_hash",
    "submit",
]
