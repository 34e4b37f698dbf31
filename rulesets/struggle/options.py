"""Campaign options: the sealed proxy auction and each ASSUMPTION of the spec that changes
play (ids in brackets refer to spec section 6.1). Where the French text is literal and the
spec chose an interpretation, the literal reading is the default and the spec's reading
the option (issue 14)."""

from __future__ import annotations

from rulesets.core import Msg, OptionSpec


def _flag(name: str, default: bool) -> OptionSpec:
    return OptionSpec(
        name=name, kind="bool", default=default, description=Msg(key=f"soe.option.{name}")
    )


OPTIONS: tuple[OptionSpec, ...] = (
    # The auction is the longest part of a play-by-post game: at a relaxed pace a sealed
    # maximum per player saves days of bid prompts.
    _flag("sealed_proxy_bidding", False).model_copy(update={"suggested": {"relaxed": True}}),
    _flag("attacker_needs_unit", False),  # A20
    _flag("sea_loss_unrest", False),  # A34: the text lists no such source of unrest
    _flag("naval_support_needs_ship", False),  # A22: the text asks a ship only vs a neutral
    _flag("land_losses_armies_only", False),  # « éliminer l'une de ses unités »: any unit
    _flag("reserve_once_per_war", False),  # « pas de limite ... lors d'un même combat »
    _flag("natives_once_per_war", False),
    _flag(
        "gold_offers_in_combat", True
    ),  # « seul l'Or peut être proposé »  # no « par Guerre » in Trained Natives' text
    _flag("void_loss_to_ally", False),  # A24
    _flag("fort_dies_to_seven_on_tie", False),  # A25
    _flag("alliance_needs_unit", False),  # A28
    _flag("withdrawal_spares_fort", False),  # A30
    _flag("war_office_spends_action", False),  # A09
    _flag("tile_builds_spend_action", False),  # A07, A08
    _flag("raiders_may_strike_own", True),  # A32
    OptionSpec(
        name="reserve_rerolls",  # A11
        kind="choice",
        default="all",
        choices=("all", "own"),
        description=Msg(key="soe.option.reserve_rerolls"),
    ),
    OptionSpec(
        name="commerce_timing",  # A06
        kind="choice",
        default="free_action",
        choices=("free_action", "income"),
        description=Msg(key="soe.option.commerce_timing"),
    ),
    OptionSpec(
        name="setup_tokens",  # A67
        kind="choice",
        default="per_marker",
        choices=("per_marker", "per_region"),
        description=Msg(key="soe.option.setup_tokens"),
    ),
    OptionSpec(
        name="fort_limit",  # A62: 0 means no limit
        kind="int",
        default=0,
        low=0,
        high=20,
        description=Msg(key="soe.option.fort_limit"),
    ),
)
