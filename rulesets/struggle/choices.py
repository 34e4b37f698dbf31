"""Building prompts: the shared shape of a Struggle prompt, choice labels and common lists.

Every choice carries a label (`soe.label.*`) naming what it acts on and what it costs, so a
button reads "Build an army (1 population)" and never the order's raw fields.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import Choice, Msg, Prompt
from rulesets.struggle.actions import Answer, ChooseRegion


def shown(params: dict[str, Any]) -> dict[str, Any]:
    """The parameters a sentence may use: an absent value is left out, never shown as None."""
    return {name: value for name, value in params.items() if value is not None}


def label(key: str, **params: Any) -> Msg:
    # Built without validation: a menu holds dozens of labels and is listed at every step.
    return Msg.model_construct(key=f"soe.label.{key}", params=shown(params))


def make_prompt(seat: str, kind: str, choices: list[Choice], **params: Any) -> Prompt:
    return Prompt(
        seat=seat,
        kind=kind,
        text=Msg(key=f"soe.prompt.{kind}", params=shown(params)),
        choices=choices,
    )


def yes_no_choices(question: str) -> list[Choice]:
    """The conservative answer first: no, then yes, each labelled for its question."""
    return [
        Choice.of(
            Answer(question=question, yes=flag),
            label=Msg(key=f"soe.choice.{question}.{'yes' if flag else 'no'}"),
        )
        for flag in (False, True)
    ]


def region_choices(regions: list[str], key: str, **params: Any) -> list[Choice]:
    """One choice per region, labelled by `soe.label.<key>` with the region and `params`."""
    return [
        Choice.of(ChooseRegion(region=region), label=label(key, region=region, **params))
        for region in regions
    ]
