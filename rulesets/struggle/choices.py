"""Building prompts: the shared shape of a Struggle prompt and its common choice lists."""

from __future__ import annotations

from rulesets.core import Choice, Msg, Prompt
from rulesets.struggle.actions import Answer, ChooseRegion


def make_prompt(seat: str, kind: str, choices: list[Choice], **params: object) -> Prompt:
    return Prompt(
        seat=seat, kind=kind, text=Msg(key=f"soe.prompt.{kind}", params=params), choices=choices
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


def region_choices(regions: list[str]) -> list[Choice]:
    return [Choice.of(ChooseRegion(region=region)) for region in regions]
