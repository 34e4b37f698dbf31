"""The fast choice builder gives every field a kernel `Choice` has: one that bypasses
validation must follow the kernel when a field is added to it."""

from __future__ import annotations

from rulesets.core import Choice, IntRange
from rulesets.pax_britannica.offers import offer


def test_a_fast_choice_has_every_field_of_a_validated_one() -> None:
    fast = offer(
        "move", "pax.label.move", {"unit": "u1"}, {"count": IntRange(low=1, high=3)}, to="a2"
    )
    assert set(fast.__dict__) == set(Choice.model_fields)
    slow = Choice.model_validate(fast.model_dump())
    assert slow == fast
