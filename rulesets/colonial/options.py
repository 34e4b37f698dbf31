"""Campaign options: the text's variants and each cheap ASSUMPTION of the spec (section 6)
with the spec's choice as the default; the ids in comments are the spec's."""

from __future__ import annotations

from rulesets.core import Msg, OptionSpec

CONTINENT_CHOICES = ("roll", "america", "africa", "asia")


def _flag(name: str, default: bool) -> OptionSpec:
    return OptionSpec(
        name=name, kind="bool", default=default, description=Msg(key=f"col.option.{name}")
    )


OPTIONS: tuple[OptionSpec, ...] = (
    _flag("advanced_colonies", False),  # section 3.5
    _flag("nations", False),  # Nation variant, at most 5 players
    _flag("six_players", False),  # A01: a sixth player with the box's sixth set of cards
    OptionSpec(
        name="two_player_continent",
        kind="choice",
        default="roll",
        choices=CONTINENT_CHOICES,
        description=Msg(key="col.option.two_player_continent"),
    ),
    OptionSpec(
        name="three_player_ignored",
        kind="choice",
        default="roll",
        choices=CONTINENT_CHOICES,
        description=Msg(key="col.option.three_player_ignored"),
    ),
    OptionSpec(
        name="diplomacy_spaces",  # A03
        kind="int",
        default=7,
        low=4,
        high=12,
        description=Msg(key="col.option.diplomacy_spaces"),
    ),
    _flag("first_player_phase_in_turn_one", False),  # A07
    _flag("slaves_need_a_diplomacy_step", False),  # A17
    _flag("colony_revolution_loses_colony", False),  # A20
    _flag("goods_depletion", False),  # A16
    _flag("ambassador_moves_anyone", False),  # A14
    _flag("revolution_keeps_programme", False),  # A09
    _flag("land_losses_by_owner", False),  # A13
    _flag("tea_opium_stacking", False),  # A11
    OptionSpec(
        name="turn_limit",  # A38: a house rule, off (0) by default
        kind="int",
        default=0,
        low=0,
        high=200,
        description=Msg(key="col.option.turn_limit"),
    ),
)
