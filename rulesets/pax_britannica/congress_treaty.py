"""One treaty that settles every dispute on a Congress's agenda (§4.9: the Congress handles
its disputes in an order it chooses, "or through a single treaty that settles everything").
A member whose turn it is to propose may draft it instead of settling the dispute on the
table: the draft starts with each dispute's first candidate keeping its marker, the
drafter may give each area to another of its parties once, then puts the whole to the vote.
Adopted, every party to any of the disputes signs it; signed by all, it settles them all;
defied, every dispute it covers fails together (congress.py). Offered while two or more
disputes over areas remain, and covering them all; a treaty breach on the agenda is left
out (its sanction is an indemnity, not a marker) and debated alone."""

from __future__ import annotations

from pydantic import JsonValue

from rulesets.core import Choice, IllegalAction, Msg, Prompt
from rulesets.pax_britannica.actions import DraftTreaty
from rulesets.pax_britannica.state import Congress

Candidates = dict[str, list[str]]  # each disputed area -> the parties that may keep it


def offered(candidates: Candidates) -> bool:
    return len(candidates) >= 2 and all(candidates.values())


def open_choice(power: str, candidates: Candidates) -> Choice:
    return Choice.of(
        DraftTreaty(power=power),
        label=Msg(key="pax.label.draft_treaty", params={"power": power, "areas": list(candidates)}),
    )


def terms(congress: Congress) -> dict[str, JsonValue]:
    """The treaty as a message parameter: each area, then the party whose marker stays."""
    package: dict[str, JsonValue] = dict(congress.package)
    return {"package": package}


def draft_prompt(congress: Congress, seat: str, candidates: Candidates) -> Prompt:
    power = congress.proposers[0]
    choices = [
        Choice.of(
            DraftTreaty(power=power),
            label=Msg(key="pax.label.submit_treaty", params={"power": power, **terms(congress)}),
        )
    ]
    for area, holder in congress.package.items():
        if area in congress.package_changed:
            continue
        choices += [
            Choice.of(
                DraftTreaty(power=power, area=area, favoured=favoured),
                label=Msg(
                    key="pax.label.treaty_give",
                    params={"area": area, "favoured": favoured, "holder": holder},
                ),
            )
            for favoured in candidates.get(area, [])
            if favoured != holder
        ]
    text = Msg(key="pax.prompt.congress_treaty", params={"power": power, **terms(congress)})
    return Prompt(seat=seat, kind="congress_treaty", text=text, choices=choices)


def start(congress: Congress, candidates: Candidates) -> None:
    if not offered(candidates):
        raise IllegalAction("pax.error.no_general_treaty")
    congress.package = {area: found[0] for area, found in candidates.items()}
    congress.package_changed = []


def redraft(congress: Congress, action: DraftTreaty, candidates: Candidates) -> None:
    """Give one area of the draft to another of its parties (once an area)."""
    legal = candidates.get(action.area, [])
    changed = action.area in congress.package_changed
    if changed or action.area not in congress.package or action.favoured not in legal:
        raise IllegalAction("pax.error.no_general_treaty")
    congress.package[action.area] = action.favoured
    congress.package_changed.append(action.area)
