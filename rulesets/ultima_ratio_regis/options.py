"""Campaign options: each parameter the aid leaves open, with the spec's reading as the
default (ids in comments refer to the spec's §6); a group holding the rulebook sets them."""

from __future__ import annotations

from rulesets.core import OptionSpec
from rulesets.ultima_ratio_regis.text import say


def _choice(name: str, default: str, *others: str) -> OptionSpec:
    return OptionSpec(
        name=name,
        kind="choice",
        default=default,
        choices=(default, *others),
        description=say(f"urr.option.{name}"),
    )


OPTIONS: tuple[OptionSpec, ...] = (
    _choice("quality_model", "p0", "plain"),  # d6 + (Q − 2), or the bare die
    _choice("piracy_instability", "margin", "one"),  # "1 (ou 2)"
    _choice("siege_conversion", "stay", "remove"),  # R1 or R2
    _choice("capitulation", "eliminated", "dispersed"),
    _choice("rebellions_counted", "before", "after"),
    _choice("play_order", "referee", "lot"),  # M1: the method is not in the aid
    _choice("referee_desk", "turn", "impulse"),  # the desk also between impulses
    _choice("decisive_tactician", "intercepted", "intercepting"),  # "Si intercepté"
    _choice("decisive_interception", "both", "troops"),
    _choice("minor_command", "ally", "own"),  # a minor's troops: its ally's, or alone
    OptionSpec(
        name="campaign_turns",  # the length of a campaign is not in the aid
        kind="int",
        default=6,
        low=1,
        high=20,
        description=say("urr.option.campaign_turns"),
    ),
)


def option(options: dict[str, object], name: str) -> str:
    value = options.get(name)
    if isinstance(value, str):
        return value
    return str(next(spec.default for spec in OPTIONS if spec.name == name))
