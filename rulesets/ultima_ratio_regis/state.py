"""The state of an Ultima Ratio Regis campaign: ids only, JSON-able, the phase named."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rulesets.core import BaseState
from rulesets.ultima_ratio_regis.data import CampaignData, LeaderType, UnitKind, default_data

REFEREE = "REF"
PLAYER_SEATS = ("P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8")
Step = Literal["peace", "free", "card", "act"]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Unit(Model):
    id: str
    power: str
    kind: UnitKind
    area: str
    q: int = 2
    veteran: bool = False
    dispersed_at: int | None = None  # the impulse it was dispersed in (in the dispersed box)
    repairing: bool = False  # a squadron on its "under construction/repair" face
    moved_at: int | None = None  # the impulse it last moved in


class Leader(Model):
    id: str
    power: str
    type: LeaderType
    area: str
    extraordinary: bool = False


class Fortress(Model):
    area: str
    power: str
    started_at: int
    complete: bool = False
    siege_damage: int = 0
    besieger: str | None = None


class Merchant(Model):
    id: str
    power: str
    area: str
    waiting: bool = False  # in the trade centre's "dispersed" box until the next turn


class War(Model):
    id: str
    powers: list[str]
    lost: dict[str, int] = Field(default_factory=dict)
    gained: dict[str, int] = Field(default_factory=dict)
    border: list[str] = Field(default_factory=list)  # the loser-side border zones at war start


class PowerState(Model):
    id: str
    player: str | None = None
    instability: int = 0
    vp: int = 0
    rebellions: int = 0
    in_play: bool = False
    destroyed: int = 0  # units destroyed this turn (an expense item)
    round_lost: dict[str, int] = Field(default_factory=dict)  # non-key zones lost, per taker
    colonies_lost: dict[str, int] = Field(default_factory=dict)
    income: int = 0
    trade: int | None = None
    expenses: int | None = None
    new_rebellions: int | None = None
    vp_awarded: int | None = None


class Die(Model):
    unit: str | None
    q: int
    roll: int = 0
    result: int = 0
    creative: bool = False
    leader: bool = False


class Side(Model):
    power: str | None
    units: list[str] = Field(default_factory=list)
    dice: list[Die] = Field(default_factory=list)
    handicaps: int = 0
    organizer: bool = False
    creative: bool = False
    bonus_leader: bool = False  # Tactician, Admiral or Decisive applying to this combat
    has_leader: bool = False
    bp: int = 0
    damage: int = 0


class Combat(Model):
    id: str
    kind: Literal["land", "naval", "piracy", "siege", "submission"]
    situation: list[str] = Field(default_factory=list)
    area: str
    origin: str | None = None
    war: str | None = None
    attacker: Side
    defender: Side
    step: str = "naval_superiority"
    band: tuple[int, int] = (1, 1)
    size: int = 1
    naval_holder: Literal["attacker", "defender", "none"] = "none"
    winner: Literal["attacker", "defender", "none"] = "none"
    target_power: str | None = None  # piracy: whose merchants
    opposition_q: int = 2


class Question(Model):
    """A pending question to a seat outside the normal impulse flow."""

    kind: str
    seat: str
    power: str | None = None
    other: str | None = None
    war: str | None = None
    card: str | None = None
    unit: str | None = None
    area: str | None = None


class PendingMove(Model):
    """A move made whose outcome waits: an enemy may intercept it first."""

    power: str
    origin: str
    area: str
    target: str  # "land" (a battle), "occupy" (an empty enemy zone) or "sail" (a fleet at sea)
    links: list[str]  # the kinds of link the move crossed ("landing" when carried by sea)
    movers: list[str]  # the units that moved
    defender: str  # the power asked whether it intercepts
    intercepted: bool = False


class WarEnd(Model):
    war: str
    step: Literal["morale", "winner", "budget", "buy"] = "morale"
    recorded: list[str] = Field(default_factory=list)  # "power:cause" entered at step morale
    winner: str | None = None
    loser: str | None = None
    budget: int = 0
    spent: int = 0
    return_to: str = "impulse"


class UrrState(BaseState):
    phase: str = "assign"
    custom_data: CampaignData | None = None
    powers: dict[str, PowerState] = Field(default_factory=dict)
    control: dict[str, str | None] = Field(default_factory=dict)
    units: list[Unit] = Field(default_factory=list)
    leaders: list[Leader] = Field(default_factory=list)
    leader_pools: dict[str, list[LeaderType]] = Field(default_factory=dict)
    fortresses: list[Fortress] = Field(default_factory=list)
    merchants: list[Merchant] = Field(default_factory=list)
    interrupted: list[str] = Field(default_factory=list)  # "Commerce interrompu" markers
    wars: list[War] = Field(default_factory=list)
    alliances: list[list[str]] = Field(default_factory=list)
    minor_allies: dict[str, str | None] = Field(default_factory=dict)  # minor -> its major ally
    minor_losses: dict[str, int] = Field(default_factory=dict)  # minor -> its troops lost
    deck: list[str] = Field(default_factory=list)  # undealt cards of this turn: secret
    hands: dict[str, list[str]] = Field(default_factory=dict)  # secret to all but the owner
    turn: int = 1
    impulse: int = 0
    order: list[str] = Field(default_factory=list)
    current: int = 0
    passes: int = 0
    step: Step = "peace"
    actions_left: int = 0
    tests_done: bool = False
    asked: list[str] = Field(default_factory=list)  # alliance proposal and sorties this impulse
    question: Question | None = None
    desk: Literal["deploy", "losses", "instability", "leader_pool", "minor_ally"] | None = None
    combat: Combat | None = None
    pending_move: PendingMove | None = None  # a move the defender may intercept
    suspended: Combat | None = None  # a land combat waiting on its naval support battle
    last_combat: Combat | None = None  # the battle report of the latest combat
    war_end: WarEnd | None = None
    eot_step: int = 0
    disbanding: list[str] = Field(default_factory=list)  # players yet to disband at step 6
    dynastic_done: bool = False
    next_id: int = 1
    final_scores: dict[str, int] = Field(default_factory=dict)


def game_data(state: UrrState) -> CampaignData:
    return state.custom_data if state.custom_data is not None else default_data()


def referee(state: UrrState) -> str:
    """The referee seat: REF when a referee sits at the table, else the first player."""
    return REFEREE if REFEREE in state.seats else state.seats[0]


def players(state: UrrState) -> list[str]:
    return [seat for seat in state.seats if seat != REFEREE]


def new_id(state: UrrState, prefix: str) -> str:
    state.next_id += 1
    return f"{prefix}{state.next_id}"


def powers_of(state: UrrState, seat: str) -> list[str]:
    return [p.id for p in state.powers.values() if p.player == seat and p.in_play]


def acting_seat(state: UrrState) -> str:
    return state.order[state.current]
