"""Campaign options: the rules' variants and each reading of the text that changes play,
with the spec's choice as the default."""

from __future__ import annotations

from rulesets.core import Msg, OptionSpec
from rulesets.empires.data import default_data


def _option(name: str, default: str, *choices: str) -> OptionSpec:
    return OptionSpec(
        name=name,
        kind="choice",
        default=default,
        choices=choices,
        description=Msg(key=f"emp.option.{name}"),
    )


def _flag(name: str) -> OptionSpec:
    return OptionSpec(
        name=name, kind="bool", default=False, description=Msg(key=f"emp.option.{name}")
    )


def option_specs() -> list[OptionSpec]:
    """Every option; the distribution cards come from the shipped data file."""
    cards = ("random", *[card.id for card in default_data().distribution_cards])
    return [
        OptionSpec(
            name="decades",
            kind="int",
            default=8,
            low=8,
            high=10,
            description=Msg(key="emp.option.decades"),
        ),
        _option("draft", "off", "off", "standard", "simplified"),
        _flag("quick_start"),
        _option("distribution_card", "random", *cards),
        # « choisissez un marqueur d'action pour l'empire neutre »; any empire is the option.
        _option("neutral_turn", "neutral_first", "neutral_first", "any_empire"),
        # Building is compulsory when possible (ASSUMPTION D-11); this lets a player decline.
        _flag("optional_builds"),
        _option("worker_cards", "open_pile", "open_pile", "random_draw"),
        _option("city_tile_crowns", "0/1", "0/1", "1/1"),
    ]
