"""Every order a player can give, as one discriminated union on the field `type`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rulesets.struggle.state import Unit


class Order(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlaceUnit(Order):
    """Setup: put one starting unit in a scoring region."""

    type: Literal["place_unit"] = "place_unit"
    unit: Unit
    region: str


class Bid(Order):
    type: Literal["bid"] = "bid"
    amount: int
    a: str | None
    b: str | None


class PassBid(Order):
    type: Literal["pass_bid"] = "pass_bid"


class ProxyBid(Order):
    """Sealed proxy bidding: a private maximum; the engine bids the minimum needed."""

    type: Literal["proxy_bid"] = "proxy_bid"
    maximum: int
    a: str | None
    b: str | None


class PassAction(Order):
    type: Literal["pass_action"] = "pass_action"


class EndTurn(Order):
    type: Literal["end_turn"] = "end_turn"


class GiveGold(Order):
    """A voluntary gift of gold on hand to another player, binding nobody (A52)."""

    type: Literal["give_gold"] = "give_gold"
    to: str
    amount: int


class Shop(Order):
    """Start the Buy action: the tiles on offer come next."""

    type: Literal["shop"] = "shop"


class Buy(Order):
    type: Literal["buy"] = "buy"
    tile: str


class Build(Order):
    type: Literal["build"] = "build"
    unit: Unit


class Move(Order):
    type: Literal["move"] = "move"


class Attack(Order):
    type: Literal["attack"] = "attack"


class Colonise(Order):
    type: Literal["colonise"] = "colonise"
    marker: str


class Enslave(Order):
    type: Literal["enslave"] = "enslave"
    marker: str


class UseTile(Order):
    type: Literal["use_tile"] = "use_tile"
    tile: str


class ChooseRegion(Order):
    """The destination or region of the step in progress."""

    type: Literal["choose_region"] = "choose_region"
    region: str


class ChooseUnit(Order):
    """Which unit to move next: its type and where it stands."""

    type: Literal["choose_unit"] = "choose_unit"
    unit: Unit
    region: str


class ChooseTarget(Order):
    """What to attack in the chosen region: a power, a neutral marker or a raider tile."""

    type: Literal["choose_target"] = "choose_target"
    kind: Literal["player", "neutral", "pirates", "revolt"]
    target: str


class ChooseToken(Order):
    """Pirates or Slave Revolt: the colony and the colour of the token they strike."""

    type: Literal["choose_token"] = "choose_token"
    region: str
    power: str


class ChooseTile(Order):
    type: Literal["choose_tile"] = "choose_tile"
    tile: str


class Done(Order):
    """Finish the step in progress without doing more (stop moving, stay put)."""

    type: Literal["done"] = "done"


class Cancel(Order):
    """Back out of an order that has cost nothing yet."""

    type: Literal["cancel"] = "cancel"


class Answer(Order):
    """A yes/no reaction: play Surprise Attack, fight at sea, use Reserve or Blockade."""

    type: Literal["answer"] = "answer"
    question: str
    yes: bool


class Support(Order):
    """An ally's commitment of ships to the naval stage and armies to the land stage."""

    type: Literal["support"] = "support"
    naval: int
    land: int


class AllianceStage(Order):
    type: Literal["alliance_stage"] = "alliance_stage"
    tile: str
    stage: Literal["none", "land", "naval"]


class Withdraw(Order):
    """Fighting Withdrawal: whose unit loss to cancel ('none' keeps the tile)."""

    type: Literal["withdraw"] = "withdraw"
    spare: str


class Casualty(Order):
    """Which unit is lost: a defender's army or fort, or which ally pays a natural 7."""

    type: Literal["casualty"] = "casualty"
    power: str
    unit: Unit


StruggleAction = Annotated[
    PlaceUnit
    | Bid
    | PassBid
    | ProxyBid
    | PassAction
    | EndTurn
    | GiveGold
    | Shop
    | Buy
    | Build
    | Move
    | Attack
    | Colonise
    | Enslave
    | UseTile
    | ChooseRegion
    | ChooseUnit
    | ChooseTarget
    | ChooseToken
    | ChooseTile
    | Done
    | Cancel
    | Answer
    | Support
    | AllianceStage
    | Withdraw
    | Casualty,
    Field(discriminator="type"),
]
