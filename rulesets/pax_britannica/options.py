"""Campaign options: the game's length and the ASSUMPTIONS of the spec that change play,
with the spec's choice as the default."""

from __future__ import annotations

from rulesets.core import Msg, OptionSpec

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="turns",
        kind="int",
        default=10,
        low=1,
        high=10,
        description=Msg(key="pax.option.turns"),
    ),
    OptionSpec(  # §4.17.2: minors' markers block majors for the turn
        name="minor_timing",
        kind="bool",
        default=True,
        description=Msg(key="pax.option.minor_timing"),
    ),
    OptionSpec(  # §4.17.1: an unchecked revolt next to the Empire turns Ottoman
        name="ottoman_expansion",
        kind="bool",
        default=True,
        description=Msg(key="pax.option.ottoman_expansion"),
    ),
    OptionSpec(  # §4.17.2: two minors active in one area the same turn form a codominion
        name="minor_codominion",
        kind="bool",
        default=True,
        description=Msg(key="pax.option.minor_codominion"),
    ),
    OptionSpec(  # the final holdings income counts this turn's colonial office
        name="final_income_office",
        kind="bool",
        default=True,
        description=Msg(key="pax.option.final_income_office"),
    ),
    OptionSpec(  # the Chinese and Ottoman armies share 6 pieces (off: unlimited)
        name="native_piece_limit",
        kind="bool",
        default=True,
        description=Msg(key="pax.option.native_piece_limit"),
    ),
    OptionSpec(  # issue 20: treaties, the Congress and wars; off keeps the peacetime game
        name="war_declarations",
        kind="bool",
        default=True,
        description=Msg(key="pax.option.war_declarations"),
    ),
)
