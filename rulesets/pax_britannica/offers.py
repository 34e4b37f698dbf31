"""Building choices fast: a prompt of the Movement window lists many of them for every
seat at every step, so they are assembled from plain values without re-validation.

Each action dict names every field of its action model (`actions.py`); the kernel checks
every submitted action against these dicts after parsing it, so a field missing here
would make the choice refused, which the random-play tests would catch at once.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from rulesets.core import Choice, IntRange, Msg

ModelT = TypeVar("ModelT", bound=BaseModel)


def _built(model: type[ModelT], fields: dict[str, Any]) -> ModelT:
    """`model.model_construct(**fields)` for a model whose every field is given, without
    its per-field default handling (the Movement window builds hundreds a step)."""
    made = model.__new__(model)
    object.__setattr__(made, "__dict__", fields)
    object.__setattr__(made, "__pydantic_fields_set__", set(fields))
    object.__setattr__(made, "__pydantic_extra__", None)
    object.__setattr__(made, "__pydantic_private__", None)
    return made


def offer(
    action_type: str,
    label: str,
    params: dict[str, Any] | None = None,
    ranges: dict[str, IntRange] | None = None,
    /,
    **fields: Any,
) -> Choice:
    """The choice of the action `action_type` with these fields, labelled by `label`."""
    message = _built(Msg, {"key": label, "params": params or {}})
    action = {"type": action_type, **fields}
    return _built(
        Choice,
        {"action": action, "ranges": ranges or {}, "label": message, "picks": {}, "texts": {}},
    )
