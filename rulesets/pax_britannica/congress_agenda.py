"""Who else sits at the Congress and which dispute it takes up next (§4.9): the USA and
Japan attend when "all the other European majors invite them unanimously" (each European
member votes, not inviting the default), and the Congress "handles every dispute in an
order it chooses, by vote if necessary": while two or more disputes remain, every member
votes for the next one (the first on the alphabetical agenda is listed first, the default);
the most votes win, a tie going to the host's choice (Germany's when Austria-Hungary
hosts), else to the alphabetical order."""

from __future__ import annotations

from collections import Counter

from rulesets.core import Choice, Msg, Prompt
from rulesets.pax_britannica import sanctions
from rulesets.pax_britannica.actions import InviteGuest, VoteOrder
from rulesets.pax_britannica.state import Congress, PaxState, game_data, majors, seat_of

GUESTS = ("usa", "japan")
NON_VOTING = "austria_hungary"


def uninvited(state: PaxState, congress: Congress) -> list[str]:
    """The USA and Japan, when playing and not members already (as a party or the host)."""
    return [p for p in majors(state) if p in GUESTS and p not in congress.members]


def hosts_vote(congress: Congress) -> str:
    return "germany" if congress.host == NON_VOTING else congress.host


def inviters(state: PaxState, congress: Congress) -> list[str]:
    """The European members with a seat, who must all invite a guest."""
    data = game_data(state)
    return [
        p
        for p in congress.members
        if data.power(p).european and p != NON_VOTING and seat_of(state, p) is not None
    ]


def invitation_prompts(state: PaxState, congress: Congress) -> list[Prompt]:
    guest = congress.guests[0]
    prompts = []
    for power in inviters(state, congress):
        if power in congress.votes:
            continue
        params = {"power": power, "guest": guest}
        choices = [
            Choice.of(
                InviteGuest(power=power, guest=guest, invite=invite),
                label=Msg(key=f"pax.label.invite_{'yes' if invite else 'no'}", params=params),
            )
            for invite in (False, True)
        ]
        text = Msg(key="pax.prompt.congress_invitation", params=params)
        seat = seat_of(state, power)
        assert seat is not None
        prompts.append(Prompt(seat=seat, kind="congress_invitation", text=text, choices=choices))
    return prompts


def admit(state: PaxState, congress: Congress, guest: str) -> None:
    """The guest joins the members, in seat order."""
    joined = set(congress.members) | {guest}
    congress.members = [p for p in majors(state) if p in joined]


def order_prompts(state: PaxState, congress: Congress) -> list[Prompt]:
    prompts = []
    for power in congress.members:
        seat = seat_of(state, power)
        if power in congress.ballots or seat is None:
            continue
        choices = [
            Choice.of(VoteOrder(power=power, item=item), label=_order_label(state, power, item))
            for item in congress.agenda
        ]
        text = Msg(
            key="pax.prompt.congress_order",
            params={"power": power, "host": congress.host, "count": len(congress.agenda)},
        )
        prompts.append(Prompt(seat=seat, kind="congress_order", text=text, choices=choices))
    return prompts


def _order_label(state: PaxState, power: str, item: str) -> Msg:
    """A dispute is an area, or a treaty breaker's case (sanctions.py)."""
    if sanctions.is_case(state, item):
        return Msg(key="pax.label.order_breach", params={"power": power, "violator": item})
    return Msg(key="pax.label.order_area", params={"power": power, "area": item})


def voters(state: PaxState, congress: Congress) -> list[str]:
    return [p for p in congress.members if seat_of(state, p) is not None]


def chosen(congress: Congress) -> str:
    """The dispute with the most votes; a tie goes to the host's choice, else the agenda's
    order."""
    counts = Counter(congress.ballots.values())
    best = max(counts.values(), default=0)
    tied = [item for item in congress.agenda if counts[item] == best]
    host_choice = congress.ballots.get(hosts_vote(congress))
    return host_choice if host_choice in tied and host_choice is not None else tied[0]
