"""Building choices fast: a prompt of the Movement window lists many of them for every
seat at every step, so they are assembled from plain values without re-validation.

Each action dict names every field of its action model (`actions.py`); the kernel checks
every submitted action against these dicts after parsing it, so a field missing here
would make the choice refused, which the random-play tests would catch at once.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import Choice, IntRange, Msg


def offer(
    action_type: str,
    label: str,
    params: dict[str, Any] | None = None,
    ranges: dict[str, IntRange] | None = None,
    /,
    **fields: Any,
) -> Choice:
    """The choice of the action `action_type` with these fields, labelled by `label`."""
    message = Msg.model_construct(key=label, params=params or {})
    return Choice.model_construct(
        action={"type": action_type, **fields}, ranges=ranges or {}, label=message
    )
