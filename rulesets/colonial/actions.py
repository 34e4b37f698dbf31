"""Every order of Colonial: one `Action` subclass per decision, one union on `type`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rulesets.core import Action


class ProgramCard(Action):
    type: Literal["program_card"] = "program_card"
    card: str


class Unprogram(Action):
    type: Literal["unprogram"] = "unprogram"


class ConfirmProgramme(Action):
    type: Literal["confirm_programme"] = "confirm_programme"


class ProgrammeOrder(Action):
    """The whole programme in one order: the four cards in their slots' order, locked."""

    type: Literal["programme_order"] = "programme_order"
    cards: list[str]


class PickNation(Action):
    type: Literal["pick_nation"] = "pick_nation"
    nation: str


class PassTurn(Action):
    type: Literal["pass_turn"] = "pass_turn"


class LastChance(Action):
    type: Literal["last_chance"] = "last_chance"
    card: str


class Ambassador(Action):
    type: Literal["ambassador"] = "ambassador"
    territory: str
    player: str


class Conqueror(Action):
    type: Literal["conqueror"] = "conqueror"
    territory: str


class Explorer(Action):
    type: Literal["explorer"] = "explorer"
    target: str


class Financier(Action):
    type: Literal["financier"] = "financier"


class Governor(Action):
    type: Literal["governor"] = "governor"
    territory: str
    pay: int


class Merchant(Action):
    type: Literal["merchant"] = "merchant"


class Missionary(Action):
    type: Literal["missionary"] = "missionary"
    territory: str
    flip: bool


class Revolt(Action):
    type: Literal["revolt"] = "revolt"
    territory: str


class StirUnrest(Action):
    type: Literal["stir_unrest"] = "stir_unrest"
    territory: str
    player: str


class Subvert(Action):
    type: Literal["subvert"] = "subvert"
    territory: str
    player: str


class Scientist(Action):
    type: Literal["scientist"] = "scientist"
    track: str


class Sovereign(Action):
    type: Literal["sovereign"] = "sovereign"
    target: str


class Trader(Action):
    type: Literal["trader"] = "trader"


class Viceroy(Action):
    type: Literal["viceroy"] = "viceroy"
    territory: str


class TradingPost(Action):
    type: Literal["trading_post"] = "trading_post"
    resource: int


class Conquistadors(Action):
    type: Literal["conquistadors"] = "conquistadors"
    resource: int


class ColonyOption(Action):
    type: Literal["colony_option"] = "colony_option"
    option: str


class PlaceCounter(Action):
    type: Literal["place_counter"] = "place_counter"
    resource: int


class TakeGoods(Action):
    type: Literal["take_goods"] = "take_goods"
    owner: str
    slaves: bool
    amount: int


class CorsairRoll(Action):
    """A Corsair owner attacks the Merchant's fleets with its dice, or holds."""

    type: Literal["corsair_roll"] = "corsair_roll"
    roll: bool


class DefendRoll(Action):
    """The Merchant rolls its Squadrons against the Corsairs in its box, or holds."""

    type: Literal["defend_roll"] = "defend_roll"
    roll: bool


class SinkCorsair(Action):
    """The Merchant's choice of the Corsair a defence hit destroys: one of `owner`'s."""

    type: Literal["sink_corsair"] = "sink_corsair"
    owner: str


class Consent(Action):
    type: Literal["consent"] = "consent"
    accept: bool


class Casualty(Action):
    type: Literal["casualty"] = "casualty"
    resource: int
    owner: str


class Capitulate(Action):
    type: Literal["capitulate"] = "capitulate"
    yes: bool


class Done(Action):
    type: Literal["done"] = "done"


class Fleets(Action):
    type: Literal["fleets"] = "fleets"
    amount: int


class Navy(Action):
    type: Literal["navy"] = "navy"
    amount: int


class Corsair(Action):
    type: Literal["corsair"] = "corsair"
    target: str


class Repay(Action):
    type: Literal["repay"] = "repay"
    amount: int


class Give(Action):
    type: Literal["give"] = "give"
    to: str
    amount: int


ColonialAction = Annotated[
    ProgramCard
    | Unprogram
    | ConfirmProgramme
    | ProgrammeOrder
    | PickNation
    | PassTurn
    | LastChance
    | Ambassador
    | Conqueror
    | Explorer
    | Financier
    | Governor
    | Merchant
    | Missionary
    | Revolt
    | StirUnrest
    | Subvert
    | Scientist
    | Sovereign
    | Trader
    | Viceroy
    | TradingPost
    | Conquistadors
    | ColonyOption
    | PlaceCounter
    | TakeGoods
    | CorsairRoll
    | DefendRoll
    | SinkCorsair
    | Consent
    | Casualty
    | Capitulate
    | Done
    | Fleets
    | Navy
    | Corsair
    | Repay
    | Give,
    Field(discriminator="type"),
]
