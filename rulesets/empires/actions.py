"""Every order a player can give in Empires, one pydantic model per kind of decision."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rulesets.core import Action

UnitKind = Literal["infantry", "artillery", "two_master", "three_master"]
ActionName = Literal["build_deploy", "move_fight", "attack", "palace", "empire"]


class DraftPick(Action):
    type: Literal["draft_pick"] = "draft_pick"
    empire: str


class ChooseEmpire(Action):
    type: Literal["choose_empire"] = "choose_empire"
    empire: str


class Compensate(Action):
    """A unit in another empire's city; `substitute` places the weaker unit when the
    city's own has run out."""

    type: Literal["compensate"] = "compensate"
    region: str
    substitute: bool = False


class SkipCompensation(Action):
    type: Literal["skip_compensation"] = "skip_compensation"


class ChooseAction(Action):
    type: Literal["choose_action"] = "choose_action"
    action: ActionName


class BuildCity(Action):
    """Place a new city tile (basic face) or flip an existing one to its upgraded face."""

    type: Literal["build_city"] = "build_city"
    region: str
    upgrade: bool


class SkipBuild(Action):
    """Decline to build (only with the option that makes building optional)."""

    type: Literal["skip_build"] = "skip_build"


class DeployEach(Action):
    """One unit in every city; with `substitute`, the weaker unit where the city's own is
    out of stock, without it no unit there."""

    type: Literal["deploy_each"] = "deploy_each"
    substitute: bool = False


class DeployPalace(Action):
    type: Literal["deploy_palace"] = "deploy_palace"
    region: str
    substitute: bool = False


class DeployTo(Action):
    """With too few units in stock for every city: the next city to receive one."""

    type: Literal["deploy_to"] = "deploy_to"
    region: str
    substitute: bool = False


class AttackDeploy(Action):
    type: Literal["attack_deploy"] = "attack_deploy"
    region: str
    kind: UnitKind


class SelectUnit(Action):
    type: Literal["select_unit"] = "select_unit"
    region: str
    kind: UnitKind


class EndMoves(Action):
    """Finish moving ships (then land units), or finish the land moves and close the turn."""

    type: Literal["end_moves"] = "end_moves"


class Stay(Action):
    """Leave the selected unit where it is; it counts as moved."""

    type: Literal["stay"] = "stay"


class SailTo(Action):
    type: Literal["sail_to"] = "sail_to"
    region: str


class MarchTo(Action):
    """Move the selected land unit to `to`, through `via` when it takes two steps, laying
    down the `two_masters` (unit ids) that carry it by sea.

    `target` is the kind of foreign unit it fights there, when the region holds several.
    """

    type: Literal["march_to"] = "march_to"
    to: str
    via: str | None = None
    target: UnitKind | None = None
    two_masters: list[int] = Field(default_factory=list)


class AnswerPassage(Action):
    type: Literal["answer_passage"] = "answer_passage"
    grant: bool


class Retaliate(Action):
    type: Literal["retaliate"] = "retaliate"
    kind: UnitKind


class BuildPalace(Action):
    type: Literal["build_palace"] = "build_palace"
    region: str


class RemoveUnit(Action):
    type: Literal["remove_unit"] = "remove_unit"
    region: str
    kind: UnitKind


class TakeInfluence(Action):
    type: Literal["take_influence"] = "take_influence"
    empire: str


class TakeWorker(Action):
    type: Literal["take_worker"] = "take_worker"
    empire: str


class Levy(Action):
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
