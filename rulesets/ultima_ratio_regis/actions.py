"""Every order of the game, one discriminated union on `type`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from rulesets.core import Action
from rulesets.ultima_ratio_regis.data import UnitKind
from rulesets.ultima_ratio_regis.ledgers import INSTABILITY_CAUSES, Reparation

ROLL_PURPOSE_LIMIT = 80
"""The most characters of what a referee's roll is for (shown with the dice)."""


# Referee: set-up, start of turn, order of play ------------------------------------------
class AssignPower(Action):
    type: Literal["assign_power"] = "assign_power"
    power: str
    seat: str


class BeginTurn(Action):
    type: Literal["begin_turn"] = "begin_turn"


class PlaceInOrder(Action):
    type: Literal["place_in_order"] = "place_in_order"
    seat: str


class DrawOrder(Action):
    type: Literal["draw_order"] = "draw_order"


# Impulse: peace talks, free actions, cards ------------------------------------------------
class SueForPeace(Action):
    type: Literal["sue_for_peace"] = "sue_for_peace"
    power: str
    enemy: str


class NoPeace(Action):
    type: Literal["no_peace"] = "no_peace"


class InitialTests(Action):
    type: Literal["initial_tests"] = "initial_tests"


class Sail(Action):
    type: Literal["sail"] = "sail"
    power: str
    port: str
    sea: str


class Sortie(Action):
    type: Literal["sortie"] = "sortie"
    power: str
    area: str


class FreeRegroup(Action):
    type: Literal["free_regroup"] = "free_regroup"
    unit: str


class ProposeAlliance(Action):
    type: Literal["propose_alliance"] = "propose_alliance"
    power: str
    partner: str


class PromoteLeader(Action):
    type: Literal["promote_leader"] = "promote_leader"
    leader: str


class EndFree(Action):
    type: Literal["end_free"] = "end_free"


class PlayCard(Action):
    type: Literal["play_card"] = "play_card"
    card: str


class PassImpulse(Action):
    type: Literal["pass_impulse"] = "pass_impulse"


# The thirteen power actions ---------------------------------------------------------------
class BuildTroop(Action):
    type: Literal["build_troop"] = "build_troop"
    power: str
    area: str
    elite: bool
    conscript: bool


class BuildSquadron(Action):
    type: Literal["build_squadron"] = "build_squadron"
    power: str
    area: str


class RepairSquadron(Action):
    type: Literal["repair_squadron"] = "repair_squadron"
    unit: str


class BuildFortress(Action):
    type: Literal["build_fortress"] = "build_fortress"
    power: str
    area: str


class RegroupTroop(Action):
    type: Literal["regroup_troop"] = "regroup_troop"
    unit: str
    area: str


class StrategicMove(Action):
    type: Literal["strategic_move"] = "strategic_move"
    power: str
    origin: str
    area: str


class TacticalMove(Action):
    type: Literal["tactical_move"] = "tactical_move"
    power: str
    origin: str
    area: str


class BuildLeader(Action):
    type: Literal["build_leader"] = "build_leader"
    power: str
    area: str


class Piracy(Action):
    type: Literal["piracy"] = "piracy"
    power: str
    sea: str
    target: str


class ReduceInstability(Action):
    type: Literal["reduce_instability"] = "reduce_instability"
    power: str


class Subsidize(Action):
    type: Literal["subsidize"] = "subsidize"
    power: str
    ally: str


class BuildMerchant(Action):
    type: Literal["build_merchant"] = "build_merchant"
    power: str
    area: str


class DeclareWar(Action):
    type: Literal["declare_war"] = "declare_war"
    power: str
    target: str
    casus_belli: bool


class EndImpulse(Action):
    type: Literal["end_impulse"] = "end_impulse"


# Interception -----------------------------------------------------------------------------
class Intercept(Action):
    type: Literal["intercept"] = "intercept"
    origin: str
    count: int


class LetPass(Action):
    type: Literal["let_pass"] = "let_pass"


# Questions to a seat ------------------------------------------------------------------
class Answer(Action):
    type: Literal["answer"] = "answer"
    yes: bool


class SetCardValue(Action):
    type: Literal["set_card_value"] = "set_card_value"
    actions: int


# Combat choices ---------------------------------------------------------------------------
class SetNavalSuperiority(Action):
    type: Literal["set_naval_superiority"] = "set_naval_superiority"
    holder: Literal["attacker", "defender", "none"]


class SupportBattle(Action):
    """The referee has naval superiority fought for: a 3D naval battle in that sea."""

    type: Literal["support_battle"] = "support_battle"
    sea: str


class SetOppositionQuality(Action):
    type: Literal["set_opposition_quality"] = "set_opposition_quality"
    q: int


class ChooseSize(Action):
    type: Literal["choose_size"] = "choose_size"
    size: int


class AdjustSize(Action):
    type: Literal["adjust_size"] = "adjust_size"
    change: int


class CreativeDie(Action):
    type: Literal["creative_die"] = "creative_die"
    die: int  # 0-based; −1: no use


class LeaderDie(Action):
    type: Literal["leader_die"] = "leader_die"
    die: int  # 0-based; −1: no use


class BuyControl(Action):
    type: Literal["buy_control"] = "buy_control"
    pay: bool


# War end and reparations ------------------------------------------------------------------
class RecordMorale(Action):
    """The referee records a morale point the board cannot show (M3, M5), or is done."""

    type: Literal["record_morale"] = "record_morale"
    power: str  # a belligerent, or "none" when nothing (more) is to be recorded
    cause: Literal["objective_zone", "minor_ally", "none"]


class DeclareWinner(Action):
    type: Literal["declare_winner"] = "declare_winner"
    winner: str  # a power, or "none"


class SetBudget(Action):
    type: Literal["set_budget"] = "set_budget"
    conditions: int


class BuyReparation(Action):
    type: Literal["buy_reparation"] = "buy_reparation"
    item: Reparation
    target: str


class FinishReparations(Action):
    type: Literal["finish_reparations"] = "finish_reparations"


# The referee's desk ------------------------------------------------------------------------
DeskInput = Literal["deploy", "losses", "instability", "leader_pool", "minor_ally"]


class NextImpulse(Action):
    type: Literal["next_impulse"] = "next_impulse"


class OpenDesk(Action):
    type: Literal["open_desk"] = "open_desk"
    input: DeskInput


class CloseDesk(Action):
    type: Literal["close_desk"] = "close_desk"


class DeployUnits(Action):
    type: Literal["deploy_units"] = "deploy_units"
    power: str
    area: str
    kind: UnitKind
    count: int
    q: int


class RecordLoss(Action):
    type: Literal["record_loss"] = "record_loss"
    power: str
    area: str
    kind: UnitKind
    fate: Literal["eliminated", "dispersed"]
    count: int


class RollDice(Action):
    type: Literal["roll_dice"] = "roll_dice"
    dice: int
    purpose: str = Field(default="", max_length=ROLL_PURPOSE_LIMIT)


def _known_cause(cause: str) -> str:
    if cause not in INSTABILITY_CAUSES:
        raise ValueError("not a cause of instability the aid lists")
    return cause


class AdjustInstability(Action):
    type: Literal["adjust_instability"] = "adjust_instability"
    power: str
    cause: Annotated[str, AfterValidator(_known_cause)]
    change: int


class SetMinorAlly(Action):
    type: Literal["set_minor_ally"] = "set_minor_ally"
    minor: str
    ally: str  # a major power, or "none"


class SetLeaderPool(Action):
    type: Literal["set_leader_pool"] = "set_leader_pool"
    power: str
    tactician: int
    admiral: int
    decisive: int
    creative: int
    organizer: int


# End of turn ------------------------------------------------------------------------------
class ConfirmStep(Action):
    type: Literal["confirm_step"] = "confirm_step"


class Repatriate(Action):
    type: Literal["repatriate"] = "repatriate"
    power: str
    origin: str
    area: str  # the origin itself when the power has nowhere to go: the corps disbands


class EnterTrade(Action):
    type: Literal["enter_trade"] = "enter_trade"
    power: str
    amount: int


class EnterExpenses(Action):
    type: Literal["enter_expenses"] = "enter_expenses"
    power: str
    amount: int


class PlaceRebellions(Action):
    type: Literal["place_rebellions"] = "place_rebellions"
    power: str
    count: int


class Disband(Action):
    type: Literal["disband"] = "disband"
    unit: str


class KeepUnits(Action):
    type: Literal["keep_units"] = "keep_units"


class AwardVp(Action):
    type: Literal["award_vp"] = "award_vp"
    power: str
    vp: int


UrrAction = Annotated[
    AssignPower
    | BeginTurn
    | PlaceInOrder
    | DrawOrder
    | SueForPeace
    | NoPeace
    | InitialTests
    | Sail
    | Sortie
    | FreeRegroup
    | ProposeAlliance
    | PromoteLeader
    | EndFree
    | PlayCard
    | PassImpulse
    | BuildTroop
    | BuildSquadron
    | RepairSquadron
    | BuildFortress
    | RegroupTroop
    | StrategicMove
    | TacticalMove
    | BuildLeader
    | Piracy
    | ReduceInstability
    | Subsidize
    | BuildMerchant
    | DeclareWar
    | EndImpulse
    | Intercept
    | LetPass
    | Answer
    | SetCardValue
    | SetNavalSuperiority
    | SupportBattle
    | SetOppositionQuality
    | ChooseSize
    | AdjustSize
    | CreativeDie
    | LeaderDie
    | BuyControl
    | RecordMorale
    | DeclareWinner
    | SetBudget
    | BuyReparation
    | FinishReparations
    | ConfirmStep
    | Repatriate
    | EnterTrade
    | EnterExpenses
    | PlaceRebellions
    | Disband
    | KeepUnits
    | AwardVp
    | NextImpulse
    | OpenDesk
    | CloseDesk
    | DeployUnits
    | RecordLoss
    | RollDice
    | AdjustInstability
    | SetLeaderPool
    | SetMinorAlly,
    Field(discriminator="type"),
]
