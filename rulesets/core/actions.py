"""The base every game's actions share: a strict pydantic model tagged by its `type`."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Action(BaseModel):
    """An order a player can give. Subclasses add `type: Literal["..."] = "..."` and fields;
    a game's actions form one discriminated union on `type`. Unknown fields are refused."""

    model_config = ConfigDict(extra="forbid", frozen=True)
