"""Every order a player can give, as one discriminated union on the field `type`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rulesets.core import Action
from rulesets.struggle.state import Unit


class PlaceUnit(Action):
    """Setup: put one starting unit in a scoring region."""

    type: Literal["place_unit"] = "place_unit"
    unit: Unit
    region: str


class Bid(Action):
    type: Literal["bid"] = "bid"
    amount: int
    a: str | None
    b: str | None


class PassBid(Action):
    type: Literal["pass_bid"] = "pass_bid"


class ProxyBid(Action):
    """Sealed proxy bidding: a private maximum; the engine bids the minimum needed."""

    type: Literal["proxy_bid"] = "proxy_bid"
    maximum: int
    a: str | None
    b: str | None


class PassAction(Action):
    type: Literal["pass_action"] = "pass_action"


class EndTurn(Action):
    type: Literal["end_turn"] = "end_turn"


GIFT_NOTE_LIMIT = 120
"""The most characters of the note a player may send with a gift of gold."""


class GiveGold(Action):
    """A voluntary gift of gold on hand to another player, binding nobody (A52), with an
    optional short note the receiver and the table read with the transfer."""

    type: Literal["give_gold"] = "give_gold"
    to: str
    amount: int
    note: str = Field(default="", max_length=GIFT_NOTE_LIMIT)


class Shop(Action):
    """Start the Buy action: the tiles on offer come next."""

    type: Literal["shop"] = "shop"


class Buy(Action):
    type: Literal["buy"] = "buy"
    tile: str


class Build(Action):
    type: Literal["build"] = "build"
    unit: Unit


class Move(Action):
    type: Literal["move"] = "move"


class Attack(Action):
    type: Literal["attack"] = "attack"


class Colonise(Action):
    type: Literal["colonise"] = "colonise"
    marker: str


class Enslave(Action):
    type: Literal["enslave"] = "enslave"
    marker: str


class UseTile(Action):
    type: Literal["use_tile"] = "use_tile"
    tile: str


class ChooseRegion(Action):
    """The destination or region of the step in progress."""

    type: Literal["choose_region"] = "choose_region"
    region: str


class ChooseUnit(Action):
    """Which unit to move next: its type and where it stands."""

    type: Literal["choose_unit"] = "choose_unit"
    unit: Unit
    region: str


class ChooseTarget(Action):
    """What to attack in the chosen region: a power, a neutral marker or a raider tile."""

    type: Literal["choose_target"] = "choose_target"
    kind: Literal["player", "neutral", "pirates", "revolt"]
    target: str


class ChooseToken(Action):
    """Pirates or Slave Revolt: the colony and the colour of the token they strike."""

    type: Literal["choose_token"] = "choose_token"
    region: str
    power: str


class ChooseTile(Action):
    type: Literal["choose_tile"] = "choose_tile"
    tile: str


class Done(Action):
    """Finish the step in progress without doing more (stop moving, stay put)."""

    type: Literal["done"] = "done"


class Cancel(Action):
    """Back out of an order that has cost nothing yet."""

    type: Literal["cancel"] = "cancel"


class Answer(Action):
    """A yes/no reaction: play Surprise Attack, fight at sea, use Reserve or Blockade."""

    type: Literal["answer"] = "answer"
    question: str
    yes: bool


class Support(Action):
    """An ally's commitment of ships to the naval stage and armies to the land stage."""

    type: Literal["support"] = "support"
    naval: int
    land: int


class AllianceStage(Action):
    type: Literal["alliance_stage"] = "alliance_stage"
    tile: str
    stage: Literal["none", "land", "naval"]


class Withdraw(Action):
    """Fighting Withdrawal: whose unit loss to cancel ('none' keeps the tile)."""

    type: Literal["withdraw"] = "withdraw"
    spare: str


class Casualty(Action):
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
