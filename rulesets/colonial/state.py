"""Colonial's state: the map's stacks, each nation board, the programmes and the action
under way. Ids only, JSON-able; the programmes are private and leave only by `view`."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rulesets.colonial.data import TRACKS, GameData, default_data
from rulesets.core import BaseState


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayerState(Model):
    treasury: int = 0
    fleets: int = 0
    squadrons: int = 0
    unrest: int = 0
    prestige: int = 0
    loans: list[int] = Field(default_factory=list)
    # Space index (0-3) on each progress track.
    tracks: dict[str, int] = Field(default_factory=lambda: dict.fromkeys(TRACKS, 0))
    diplomacy: int = 4
    goods: int = 0
    # Corsairs sitting in this player's Merchant Fleets box, by the seat that owns them.
    corsairs: dict[str, int] = Field(default_factory=dict)
    nation: str | None = None
    reached_six: bool = False
    in_revolution: bool = False


class TerritoryState(Model):
    prestige: int = 0
    # One stack per Resource space, bottom (the controller) first.
    stacks: list[list[str]] = Field(default_factory=list)
    colony: str | None = None
    independent: bool = False
    unrest: int = 0
    missions: int = 0


class Programme(Model):
    """A seat's secret choice of 4 cards in order, revisable until confirmed."""

    cards: list[str] = Field(default_factory=list)
    confirmed: bool = False


class Step(Model):
    """The Character action under way when it needs more than one decision."""

    kind: str
    seat: str
    character: str = ""
    territory: str | None = None
    capacity: int = 0
    placed: list[int] = Field(default_factory=list)
    floor: int = 0
    requests: dict[str, int] = Field(default_factory=dict)
    answers: dict[str, bool] = Field(default_factory=dict)
    hits: int = 0
    # Where a Merchant's fight with the Corsairs in its box stands: attack, defend, sink.
    stage: str = ""


class LossOwed(Model):
    """Land-war hits whose victim chooses the counters lost (option, A13)."""

    territory: str
    victim: str
    hits: int


class War(Model):
    attacker: str
    defender: str
    year: int = 1
    asking: str = ""
    # Where the year stands: the next Territory of the land war, hits owed, any fighting.
    next_territory: int = 0
    losses: list[LossOwed] = Field(default_factory=list)
    fought: bool = False


class ColonialState(BaseState):
    custom_data: GameData | None = None
    phase: str = "programme"
    turn: int = 1
    first: str = ""
    ignored: list[str] = Field(default_factory=list)
    territories: dict[str, TerritoryState] = Field(default_factory=dict)
    players: dict[str, PlayerState] = Field(default_factory=dict)
    programmes: dict[str, Programme] = Field(default_factory=dict)
    # Cards shown face up this turn, per seat, in the order they were revealed (public).
    revealed: dict[str, list[str]] = Field(default_factory=dict)
    commitments: dict[str, str] = Field(default_factory=dict)
    round: int = 0
    actor: int = 0
    card: str | None = None
    step: Step | None = None
    # Explorations made in the Character use under way (Portugal may make two).
    explorations: int = 0
    war: War | None = None
    answered: list[str] = Field(default_factory=list)
    # Goods shipped this turn per Resource (`territory:index`), with the A16 depletion option.
    shipped: dict[str, int] = Field(default_factory=dict)
    picking: list[str] = Field(default_factory=list)
    america_discovered: bool = False
    circumnavigation: int = 0
    discovery: int = 0
    abolition: bool = False
    boomtown: str | None = None
    boomtown_value: int = 0
    winner: str | None = None
    final_scores: dict[str, int] = Field(default_factory=dict)


def game_data(state: ColonialState) -> GameData:
    return state.custom_data if state.custom_data is not None else default_data()
