"""The engine kernel every game stands on: messages, dice, prompts, actions, apply and view."""

from rulesets.core.actions import Action
from rulesets.core.data import Source, Sourced, parse_data_file, refuse_data
from rulesets.core.engine import DiceSource, Outcome, StepContext, legal_prompts, start, submit
from rulesets.core.hashing import state_hash
from rulesets.core.messages import Event, IllegalAction, Msg
from rulesets.core.phases import Handler, Phase, PhaseTable
from rulesets.core.prompts import Choice, IntRange, Pick, Prompt
from rulesets.core.rng import Dice, RngState, Roll, seed_commitment
from rulesets.core.ruleset import BaseState, OptionSpec, Ruleset, SeatSpec

__all__ = [
    "Action",
    "BaseState",
    "Choice",
    "Dice",
    "DiceSource",
    "Event",
    "Handler",
    "IllegalAction",
    "IntRange",
    "Msg",
    "OptionSpec",
    "Outcome",
    "Phase",
    "PhaseTable",
    "Pick",
    "Prompt",
    "RngState",
    "Roll",
    "Ruleset",
    "SeatSpec",
    "Source",
    "Sourced",
    "StepContext",
    "legal_prompts",
    "parse_data_file",
    "refuse_data",
    "seed_commitment",
    "start",
    "state_hash",
    "submit",
]
