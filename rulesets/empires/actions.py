"""Every order a player can give in Empires, one pydantic model per kind of decision."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

UnitKind = Literal["infantry", "artillery", "two_master", "three_master"]
ActionName = Literal["build_deploy", "move_fight", "attack", "palace", "empire"]


class DraftPick(BaseModel):
    type: Literal["draft_pick"] = "draft_pick"
    empire: str


class ChooseEmpire(BaseModel):
    type: Literal["choose_empire"] = "choose_empire"
    empire: str


class Compensate(BaseModel):
    type: Literal["compensate"] = "compensate"
    region: str


class SkipCompensation(BaseModel):
    type: Literal["skip_compensation"] = "skip_compensation"


class ChooseAction(BaseModel):
    type: Literal["choose_action"] = "choose_action"
    action: ActionName


class BuildCity(BaseModel):
    """Place a new city tile (basic face) or flip an existing one to its upgraded face."""

    type: Literal["build_city"] = "build_city"
    region: str
    upgrade: bool


class SkipBuild(BaseModel):
    """Decline to build (only with the option that makes building optional)."""

    type: Literal["skip_build"] = "skip_build"


class DeployEach(BaseModel):
    type: Literal["deploy_each"] = "deploy_each"


class DeployPalace(BaseModel):
    type: Literal["deploy_palace"] = "deploy_palace"
    region: str


class DeployTo(BaseModel):
    """With too few units in stock for every city: the next city to receive one."""

    type: Literal["deploy_to"] = "deploy_to"
    region: str


class AttackDeploy(BaseModel):
    type: Literal["attack_deploy"] = "attack_deploy"
    region: str
    kind: UnitKind


class SelectUnit(BaseModel):
    type: Literal["select_unit"] = "select_unit"
    region: str
    kind: UnitKind


class EndMoves(BaseModel):
    """Finish moving ships (then land units), or finish the land moves and close the turn."""

    type: Literal["end_moves"] = "end_moves"


class Stay(BaseModel):
    """Leave the selected unit where it is; it counts as moved."""

    type: Literal["stay"] = "stay"


class SailTo(BaseModel):
    type: Literal["sail_to"] = "sail_to"
    region: str


class MarchTo(BaseModel):
    """Move the selected land unit to `to`, through `via` when it takes two steps.

    `target` is the kind of foreign unit it fights there, when the region holds several.
    """

    type: Literal["march_to"] = "march_to"
    to: str
    via: str | None = None
    target: UnitKind | None = None


class AnswerPassage(BaseModel):
    type: Literal["answer_passage"] = "answer_passage"
    grant: bool


class Retaliate(BaseModel):
    type: Literal["retaliate"] = "retaliate"
    kind: UnitKind


class BuildPalace(BaseModel):
    type: Literal["build_palace"] = "build_palace"
    region: str


class RemoveUnit(BaseModel):
    type: Literal["remove_unit"] = "remove_unit"
    region: str
    kind: UnitKind


class TakeInfluence(BaseModel):
    type: Literal["take_influence"] = "take_influence"
    empire: str


class TakeWorker(BaseModel):
    type: Literal["take_worker"] = "take_worker"
    empire: str


class Levy(BaseModel):
    """The Infantry or Two-master event: a monarch places its empire's unit."""

    type: Literal["levy"] = "levy"
    empire: str
    region: str


EmpiresAction = Annotated[
    DraftPick
    | ChooseEmpire
    | Compensate
    | SkipCompensation
    | ChooseAction
    | BuildCity
    | SkipBuild
    | DeployEach
    | DeployPalace
    | DeployTo
    | AttackDeploy
    | SelectUnit
    | EndMoves
    | Stay
    | SailTo
    | MarchTo
    | AnswerPassage
    | Retaliate
    | BuildPalace
    | RemoveUnit
    | TakeInfluence
    | TakeWorker
    | Levy,
    Field(discriminator="type"),
]
