"""The state of a Struggle of Empires campaign: the map, the powers, the turn and any combat."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rulesets.core import BaseState
from rulesets.struggle.data import GameData, Stage, default_data

Unit = Literal["army", "fleet", "fort"]
Side = Literal["attacker", "defender"]
PLURAL: dict[str, str] = {"army": "armies", "fleet": "fleets", "fort": "forts"}


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RegionState(Model):
    control: dict[str, int] = Field(default_factory=dict)
    armies: dict[str, int] = Field(default_factory=dict)
    fleets: dict[str, int] = Field(default_factory=dict)
    forts: dict[str, int] = Field(default_factory=dict)
    markers: list[str] = Field(default_factory=list)


class HomeState(Model):
    armies: int = 0
    fleets: int = 0
    forts: int = 0


class OwnedTile(Model):
    tile: str
    used: bool = False


class PowerState(Model):
    gold: int = 0
    population: int = 0
    vp: int = 0
    unrest: int = 0
    tiles: list[OwnedTile] = Field(default_factory=list)


class RaiderOnMap(Model):
    """A Pirates or Slave Revolt tile holding a captured control token in a colony."""

    tile: str
    region: str
    held: str


class BlockadeOnMap(Model):
    region: str
    owner: str


class Proxy(Model):
    maximum: int
    a: str | None
    b: str | None


class AuctionState(Model):
    opener: str
    bidder: str
    high_bid: int | None = None
    high_bidder: str | None = None
    proposal_a: str | None = None
    proposal_b: str | None = None
    passes: int = 0
    forced_opening: bool = False
    proxies: dict[str, Proxy] = Field(default_factory=dict)


class TurnState(Model):
    actions_left: int = 0
    bought: bool = False
    colonised: bool = False


class Step(Model):
    """What the order in progress has chosen so far (its phase is `state.phase`)."""

    unit: Unit | None = None
    origin: str | None = None
    region: str | None = None
    tile: str | None = None
    free: bool = False
    moves_left: int = 0
    moved: list[str] = Field(default_factory=list)


class Commitment(Model):
    naval: int = 0
    land: int = 0


class CombatState(Model):
    spends_action: bool = True
    region: str
    naval_region: str | None
    target: Literal["player", "neutral", "pirates", "revolt"]
    attacker: str | None
    defender: str | None
    raider_tile: str | None = None
    marker: str | None = None
    attacker_fixed: int = 0
    defender_fixed: int = 0
    surprise: bool = False
    step: str = "surprise"
    asked: list[str] = Field(default_factory=list)
    support: dict[str, Commitment] = Field(default_factory=dict)
    allies: dict[str, Side] = Field(default_factory=dict)
    alliance_stage: dict[str, Stage] = Field(default_factory=dict)
    attacker_fights: bool | None = None
    naval_support: Side | None = None
    blockade_boost: bool = False
    stage: Literal["naval", "land"] = "naval"
    dice: dict[str, list[int]] = Field(default_factory=dict)
    reserve_declined: list[str] = Field(default_factory=list)
    # Reserve tiles each power has used in this attack (each tile once per attack).
    reserves_used: dict[str, int] = Field(default_factory=dict)
    result: Side | Literal["tie"] | None = None
    losses: list[tuple[str, str, str]] = Field(default_factory=list)


class StruggleState(BaseState):
    custom_data: GameData | None = None
    # The current phase: a name in the ruleset's phase table (see ruleset.py).
    phase: str = "placement"
    war: int = 1
    round: int = 1
    rounds_in_war: int = 6
    first_player: str = ""
    placer: str | None = None
    placements_left: dict[str, int] = Field(default_factory=dict)
    turn_order: list[str] = Field(default_factory=list)
    group_a: list[str] = Field(default_factory=list)
    group_b: list[str] = Field(default_factory=list)
    last_actor: str | None = None
    regions: dict[str, RegionState] = Field(default_factory=dict)
    homes: dict[str, HomeState] = Field(default_factory=dict)
    powers: dict[str, PowerState] = Field(default_factory=dict)
    stock: dict[str, int] = Field(default_factory=dict)
    bag: list[str] = Field(default_factory=list)
    raiders: list[RaiderOnMap] = Field(default_factory=list)
    blockade: BlockadeOnMap | None = None
    auction: AuctionState | None = None
    active: str | None = None
    turn: TurnState = Field(default_factory=TurnState)
    used_one_shot_this_round: dict[str, list[str]] = Field(default_factory=dict)
    step: Step | None = None
    combat: CombatState | None = None
    final_scores: dict[str, int] | None = None


def game_data(state: StruggleState) -> GameData:
    return state.custom_data if state.custom_data is not None else default_data()


def option(state: StruggleState, name: str) -> bool | int | str:
    value: bool | int | str = state.options[name]
    return value


def group_of(state: StruggleState, power: str) -> list[str]:
    if power in state.group_a:
        return state.group_a
    if power in state.group_b:
        return state.group_b
    return [power]


def are_allied(state: StruggleState, first: str, second: str) -> bool:
    return second in group_of(state, first)


def owned(state: StruggleState, power: str, effect: str, *, unused: bool = False) -> list[str]:
    """Ids of the tiles with this effect that `power` holds (only unused ones if asked)."""
    data = game_data(state)
    return [
        held.tile
        for held in state.powers[power].tiles
        if data.tile(held.tile).effect == effect and not (unused and held.used)
    ]


def count_owned(state: StruggleState, power: str, effect: str) -> int:
    return len(owned(state, power, effect))


def units_in(state: StruggleState, region: str, unit: Unit, power: str) -> int:
    if region in state.homes:
        return int(getattr(state.homes[region], PLURAL[unit])) if region == power else 0
    table: dict[str, int] = getattr(state.regions[region], PLURAL[unit])
    return table.get(power, 0)


def add_units(state: StruggleState, region: str, unit: Unit, power: str, count: int) -> None:
    """Add (or with a negative count remove) units of `power` in a region or its home."""
    if region in state.homes:
        setattr(state.homes[region], PLURAL[unit], units_in(state, region, unit, power) + count)
        return
    table: dict[str, int] = getattr(state.regions[region], PLURAL[unit])
    table[power] = table.get(power, 0) + count
    if table[power] <= 0:
        del table[power]


def tokens_on_map(state: StruggleState, power: str) -> int:
    on_regions = sum(region.control.get(power, 0) for region in state.regions.values())
    return on_regions + sum(1 for raider in state.raiders if raider.held == power)


def tokens_left(state: StruggleState, power: str) -> int:
    return game_data(state).rules.control_tokens_per_power - tokens_on_map(state, power)


def place_token(state: StruggleState, region: str, power: str) -> bool:
    """Put one of `power`'s control tokens in a region, if its supply is not empty."""
    if tokens_left(state, power) <= 0:
        return False
    control = state.regions[region].control
    control[power] = control.get(power, 0) + 1
    return True


def remove_token(state: StruggleState, region: str, power: str) -> bool:
    control = state.regions[region].control
    if control.get(power, 0) <= 0:
        return False
    control[power] -= 1
    if control[power] == 0:
        del control[power]
    return True
