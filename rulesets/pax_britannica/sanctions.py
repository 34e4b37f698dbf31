"""Sanctions for a treaty violation in the Congress of Europe (§4.8: a wronged signatory
"may declare war, or call a Congress to impose sanctions"; §4.9). A breach that happens
outside a war (a payment not made, clauses.py) gives its casus belli over the violator's
home nation, and such a casus belli puts the breach on the Congress's agenda beside the
disputed areas. The text names no sanction: Courier's (reconstructed) one is an indemnity
in £ that the violator pays each signatory it wronged, proposed, voted and signed like a
settlement. Only the violator and the wronged are parties (A-29: nobody else is bound)."""

from __future__ import annotations

from typing import Any

from rulesets.core import Choice, Msg, Prompt, StepContext
from rulesets.pax_britannica.actions import ProposeSanction
from rulesets.pax_britannica.state import PaxState, game_data

INDEMNITIES = (10, 20, 30)  # £ to each wronged signatory (reconstructed)


def is_case(state: PaxState, item: str) -> bool:
    """An agenda item is a breach when it is a home nation (the violator's)."""
    return game_data(state).is_home(item)


def wronged(state: PaxState, violator: str) -> list[str]:
    found = {c.holder for c in state.casus_belli if c.area == violator and c.target == violator}
    return sorted(found)


def indemnities(state: PaxState, violator: str) -> list[int]:
    """The amounts the violator's treasury can pay to every wronged signatory in full."""
    count = len(wronged(state, violator))
    treasury = state.powers[violator].treasury if violator in state.powers else 0
    return [amount for amount in INDEMNITIES if count and amount * count <= treasury]


def terms(state: PaxState, violator: str, amount: int) -> dict[str, Any]:
    """The message parameters naming an indemnity."""
    return {"violator": violator, "amount": amount, "wronged": wronged(state, violator)}


def proposal_prompt(state: PaxState, seat: str, power: str, violator: str) -> Prompt:
    choices = [
        Choice.of(
            ProposeSanction(power=power, amount=0),
            label=Msg(key="pax.label.no_proposal", params={"power": power}),
        )
    ]
    choices += [
        Choice.of(
            ProposeSanction(power=power, amount=amount),
            label=Msg(key="pax.label.propose_sanction", params=terms(state, violator, amount)),
        )
        for amount in indemnities(state, violator)
    ]
    text = Msg(
        key="pax.prompt.sanction_proposal",
        params={**terms(state, violator, 0), "power": power},
    )
    return Prompt(seat=seat, kind="congress_proposal", text=text, choices=choices)


def impose(ctx: StepContext[PaxState], violator: str, amount: int) -> None:
    """Every party signed: the violator pays each wronged signatory (what it has left, should
    a payment since the vote have emptied its treasury), and the breach's casus belli end."""
    state = ctx.state
    paid_to = wronged(state, violator)
    for power in paid_to:
        paid = min(amount, state.powers[violator].treasury)
        state.powers[violator].treasury -= paid
        state.powers[power].treasury += paid
    state.casus_belli = [c for c in state.casus_belli if c.area != violator]
    ctx.emit("pax.event.sanction_imposed", violator=violator, amount=amount, wronged=paid_to)
