"""The Congress of Europe phase (§4.9, §4.17.3), with the option `war_declarations`: a
casus belli holder may call it (ET +3) at an uninvolved home nation; its agenda is every
dispute of a casus belli. The European members may invite the USA and Japan
(congress_agenda.py), every member may then remove or give its markers free
(free_changes.py; again before each further dispute), and the members vote on which
dispute comes next; members propose settlements in turn, a majority adopts one (the host
breaks a tie), and every party signs it (ET +1 a level of reduction) or defies the
Congress (ET +2, a casus belli for every other member); a dispute left unsettled costs
ET +3 and goes to the War phase. After a defiance each member holding a casus belli
against the defier may go to war on it at once (§4.9 step 7: "when a participant refuses
to sign or delays"; a missed signature deadline is that delay, counted as a refusal), and
the disputes that war settles, those between its belligerents alone, leave the agenda;
the others are still debated. A member may instead propose one treaty that settles every
dispute at once (congress_treaty.py)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from pydantic import JsonValue

from rulesets.core import Choice, IllegalAction, Msg, Phase, Prompt, StepContext
from rulesets.pax_britannica import (
    codominion_grants,
    congress_agenda,
    congress_treaty,
    free_changes,
    minor_rights,
    sanctions,
)
from rulesets.pax_britannica.actions import (
    CallCongress,
    CongressVote,
    DeclareWar,
    DefendMinor,
    DraftTreaty,
    FreeChange,
    InviteGuest,
    NoWar,
    ProposeSanction,
    ProposeSettlement,
    SignSettlement,
    VoteOrder,
)
from rulesets.pax_britannica.conflicts import after_negotiation
from rulesets.pax_britannica.holdings import add_casus_belli, reduce_marker, remove_marker
from rulesets.pax_britannica.indices import raise_tension
from rulesets.pax_britannica.state import (
    Congress,
    Marker,
    PaxState,
    game_data,
    majors,
    markers_in,
    seat_of,
)
from rulesets.pax_britannica.wars import declarable, declare_war, war_of

LATE_SITES = ("usa", "japan")  # hosts only when every European nation is involved
NON_VOTING = congress_agenda.NON_VOTING  # may host, never votes; Germany's breaks a tie


def enter(ctx: StepContext[PaxState]) -> None:
    state = ctx.state
    state.congress, state.congress_asked = None, []
    state.minor_defences, state.defence_asked = [], []
    if minor_rights.next_question(state) is None and next_caller(state) is None:
        after_negotiation(ctx)


# -- who, where, what -------------------------------------------------------------------


def agenda(state: PaxState) -> list[str]:
    return sorted({c.area for c in state.casus_belli})


def parties(state: PaxState, area: str) -> list[str]:
    """The powers of the dispute over `area`: every holder and target of its casus belli."""
    involved = {p for c in state.casus_belli if c.area == area for p in (c.holder, c.target)}
    ranks = {p.id: n for n, p in enumerate(game_data(state).powers)}
    return sorted(involved, key=lambda power: ranks.get(power, len(ranks)))


def next_caller(state: PaxState) -> str | None:
    """The next major power, in seat order, holding a casus belli or defending a minor's
    rights (§4.3.4), and not yet asked."""
    holders = {c.holder for c in state.casus_belli} | set(minor_rights.defenders(state))
    for power in majors(state):
        if power in holders and power not in state.congress_asked and seat_of(state, power):
            return power
    return None


def sites(state: PaxState, involved: set[str] | None = None) -> list[str]:
    """§4.9 (A-27): a player's home nation not party to any dispute on the agenda (or not
    among `involved`); the USA or Japan only when every European one is involved; Germany
    when all are."""
    if involved is None:
        involved = {p for area in agenda(state) for p in parties(state, area)}
    data = game_data(state)
    homes = [p for p in majors(state) if p not in involved]
    european = [p for p in homes if p not in LATE_SITES]
    all_european_involved = all(p in involved for p in majors(state) if data.power(p).european)
    if european:
        return european
    late = [p for p in homes if p in LATE_SITES and all_european_involved]
    return late or ["germany"]


def members(state: PaxState, host: str, involved: set[str] | None = None) -> list[str]:
    """The voters: every party (or every power of `involved`), the host, and every other
    European major (attending is never a loss); the USA, Japan and Belgium only as a party
    or the host (the USA and Japan may then be invited, congress_agenda.py); A-H never."""
    data = game_data(state)
    if involved is None:
        involved = {p for area in agenda(state) for p in parties(state, area)}
        involved |= set(minor_rights.defenders(state))
    found = [
        p
        for p in majors(state)
        if p != NON_VOTING and (p in involved or p == host or data.power(p).european)
    ]
    return found


# -- settlements ----------------------------------------------------------------------------


def settlement(
    state: PaxState, area: str, favoured: str, partner: str = "", involved: set[str] | None = None
) -> list[tuple[Marker, str]]:
    """The reductions that keep `favoured`'s marker in `area` and make every other party's
    legal beside it: under its control marker, other parties' control markers and
    influences go (an influence under a protectorate becomes an interest) and interests go
    under a possession; beside its influence or interest, other parties' control markers
    fall to influence. Non-parties are not bound (A-29), nor a codominion `partner`; the
    parties are the dispute's unless `involved` names them (a peace's belligerents)."""
    if involved is None:
        involved = set(parties(state, area))
    mine = next(m for m in markers_in(state, area) if m.power == favoured)
    changes: list[tuple[Marker, str]] = []
    for marker in markers_in(state, area):
        if marker.power in (favoured, partner) or marker.power not in involved:
            continue
        if not mine.is_control:
            if marker.is_control:
                changes.append((marker, "influence"))
            continue
        if marker.is_control:
            changes.append((marker, "none"))
        elif marker.level == "influence":
            changes.append((marker, "interest" if mine.level == "protectorate" else "none"))
        elif mine.level != "protectorate":
            changes.append((marker, "none"))
    return changes


def _levels(marker: Marker, to: str) -> int:
    return marker.rank - (0 if to == "none" else ("interest", "influence").index(to) + 1)


def settlement_tension(state: PaxState, area: str, favoured: str, partner: str = "") -> int:
    per = game_data(state).tension.status_level
    return per * sum(_levels(m, to) for m, to in settlement(state, area, favoured, partner))


def _beneficiaries(congress: Congress) -> str | list[str]:
    """Whom the proposal on the table favours, as a message parameter."""
    favoured = congress.favoured or ""
    return [favoured, congress.partner] if congress.partner else favoured


def candidates(state: PaxState, area: str) -> list[str]:
    holders = {m.power for m in markers_in(state, area)}
    return [p for p in parties(state, area) if p in holders]


def debatable(state: PaxState, item: str) -> bool:
    """A dispute with a marker left to settle it by, or a breach still wronging someone."""
    if sanctions.is_case(state, item):
        return bool(sanctions.wronged(state, item))
    return bool(candidates(state, item))


# -- prompts --------------------------------------------------------------------------------


def prompts(state: PaxState) -> list[Prompt]:
    if state.finished:
        return []
    congress = state.congress
    if congress is None:
        question = minor_rights.prompt(state)
        if question is not None:
            return [question]
        caller = next_caller(state)
        return [] if caller is None else [_call_prompt(state, caller)]
    if congress.step == "invite":
        return congress_agenda.invitation_prompts(state, congress)
    if congress.step == "free":
        return [free_changes.prompt(state, congress, _seat(state, congress.free_turns[0]))]
    if congress.step == "order":
        return congress_agenda.order_prompts(state, congress)
    if congress.step == "war":
        return [_war_now_prompt(state, congress)]
    if congress.step == "treaty":
        seat = _seat(state, congress.proposers[0])
        return [congress_treaty.draft_prompt(congress, seat, treaty_candidates(state, congress))]
    area = congress.agenda[0]
    if congress.step == "propose":
        return [_proposal_prompt(state, congress, area)]
    if congress.step == "vote":
        return [
            _vote_prompt(state, congress, area, power)
            for power in congress.members
            if power not in congress.votes
        ]
    return [_sign_prompt(state, congress, area)]


def _seat(state: PaxState, power: str) -> str:
    seat = seat_of(state, power)
    assert seat is not None
    return seat


def _call_prompt(state: PaxState, caller: str) -> Prompt:
    cost = game_data(state).tension.congress
    choices = []
    if caller not in minor_rights.defenders(state):  # a defender must call it (§4.3.4)
        choices.append(
            Choice.of(
                CallCongress(power=caller, site=""),
                label=Msg(key="pax.label.no_congress", params={"power": caller}),
            )
        )
    choices += [
        Choice.of(
            CallCongress(power=caller, site=site),
            label=Msg(
                key="pax.label.call_congress",
                params={"power": caller, "site": site, "tension": cost},
            ),
        )
        for site in sites(state)
    ]
    text = Msg(
        key="pax.prompt.congress_call",
        params={"power": caller, "areas": agenda(state), "tension": state.tension},
    )
    return Prompt(seat=_seat(state, caller), kind="congress_call", text=text, choices=choices)


def _proposal_prompt(state: PaxState, congress: Congress, area: str) -> Prompt:
    power = congress.proposers[0]
    if sanctions.is_case(state, area):
        return sanctions.proposal_prompt(state, _seat(state, power), power, area)
    choices = [
        Choice.of(
            ProposeSettlement(power=power, favoured=""),
            label=Msg(key="pax.label.no_proposal", params={"power": power}),
        )
    ]
    choices += [
        Choice.of(
            ProposeSettlement(power=power, favoured=favoured),
            label=Msg(
                key="pax.label.propose_settlement",
                params={
                    "favoured": favoured,
                    "area": area,
                    "tension": settlement_tension(state, area, favoured),
                },
            ),
        )
        for favoured in candidates(state, area)
    ]
    choices += [
        Choice.of(
            ProposeSettlement(power=power, favoured=favoured, partner=partner),
            label=Msg(
                key="pax.label.propose_codominion",
                params={
                    "favoured": favoured,
                    "partner": partner,
                    "area": area,
                    "tension": settlement_tension(state, area, favoured, partner),
                },
            ),
        )
        for favoured in candidates(state, area)
        for partner in codominion_grants.partners(state, congress, area, favoured)
    ]
    everything = treaty_candidates(state, congress)
    if congress_treaty.offered(everything):
        choices.append(congress_treaty.open_choice(power, everything))
    choices += _war_choices(state, power, area)
    text = Msg(
        key="pax.prompt.congress_proposal",
        params={"power": power, "area": area, "parties": parties(state, area)},
    )
    return Prompt(seat=_seat(state, power), kind="congress_proposal", text=text, choices=choices)


def treaty_candidates(state: PaxState, congress: Congress) -> congress_treaty.Candidates:
    """Each disputed area's candidates for one treaty settling them all; a treaty breach
    on the agenda is left out, debated alone (congress_treaty.py)."""
    return {
        item: candidates(state, item)
        for item in congress.agenda
        if not sanctions.is_case(state, item)
    }


def cut_short(state: PaxState, power: str, area: str) -> list[DeclareWar]:
    """§4.9 step 3: a party to the dispute with a legitimate casus belli over it may cut the
    debate short by declaring war instead of proposing."""
    return [
        DeclareWar(power=power, target=cb.target, area=area)
        for cb in declarable(state, power)
        if cb.area == area
    ]


def _war_choices(state: PaxState, power: str, area: str) -> list[Choice]:
    cost = game_data(state).tension.declaration
    return [
        Choice.of(
            action,
            label=Msg(
                key="pax.label.declare_war",
                params={"power": power, "target": action.target, "area": area, "tension": cost},
            ),
        )
        for action in cut_short(state, power, area)
    ]


def war_on_defiers(state: PaxState, congress: Congress, power: str) -> list[DeclareWar]:
    """The wars `power` may declare at once on the defiers of the dispute just failed."""
    usable = {cb.target for cb in declarable(state, power)}
    held = {(c.holder, c.target) for c in state.casus_belli if c.area == congress.defied}
    return [
        DeclareWar(power=power, target=target, area=congress.defied)
        for target in congress.refused
        if target in usable and (power, target) in held
    ]


def _war_now_prompt(state: PaxState, congress: Congress) -> Prompt:
    """Not now (the default: the casus belli stands for the War phase), or war at once."""
    power = congress.warmakers[0]
    area = congress.defied
    cost = game_data(state).tension.declaration
    choices = [
        Choice.of(
            NoWar(power=power),
            label=Msg(
                key="pax.label.congress_no_war_now",
                params={"power": power, "targets": list(congress.refused)},
            ),
        )
    ]
    choices += [
        Choice.of(
            action,
            label=Msg(
                key="pax.label.declare_war",
                params={"power": power, "target": action.target, "area": area, "tension": cost},
            ),
        )
        for action in war_on_defiers(state, power=power, congress=congress)
    ]
    text = Msg(
        key="pax.prompt.congress_war",
        params={"power": power, "targets": list(congress.refused), "area": area},
    )
    return Prompt(seat=_seat(state, power), kind="congress_war", text=text, choices=choices)


def _on_the_table(state: PaxState, congress: Congress, area: str) -> tuple[str, dict[str, Any]]:
    """What the vote and the signatures are about: an indemnity (its keys' suffix
    `_sanction`) or a settlement of the area."""
    if congress.indemnity:
        return "sanction", sanctions.terms(state, area, congress.indemnity)
    if congress.package:
        return "treaty", congress_treaty.terms(congress)
    return "settlement", {"favoured": _beneficiaries(congress), "area": area}


def _vote_prompt(state: PaxState, congress: Congress, area: str, power: str) -> Prompt:
    subject, terms = _on_the_table(state, congress, area)
    suffix = "" if subject == "settlement" else f"_{subject}"
    params = {**terms, "power": power}
    choices = [
        Choice.of(
            CongressVote(power=power, approve=approve),
            label=Msg(
                key=f"pax.label.vote_{'for' if approve else 'against'}{suffix}", params=params
            ),
        )
        for approve in (False, True)
    ]
    key = f"pax.prompt.{subject}_vote" if suffix else "pax.prompt.congress_vote"
    text = Msg(key=key, params={**params, "host": congress.host})
    return Prompt(seat=_seat(state, power), kind="congress_vote", text=text, choices=choices)


def _sign_prompt(state: PaxState, congress: Congress, area: str) -> Prompt:
    power = congress.signers[0]
    subject, terms = _on_the_table(state, congress, area)
    params = {**terms, "power": power}
    if subject == "sanction":
        sign = Msg(key="pax.label.sign_sanction", params=params)
        text = Msg(key="pax.prompt.sanction_signature", params=params)
    elif subject == "treaty":
        cost = sum(settlement_tension(state, a, f) for a, f in congress.package.items())
        sign = Msg(key="pax.label.sign_general_treaty", params={**params, "tension": cost})
        text = Msg(key="pax.prompt.treaty_signature", params=params)
    else:
        assert congress.favoured is not None
        cost = settlement_tension(state, area, congress.favoured, congress.partner)
        sign = Msg(key="pax.label.sign_settlement", params={**params, "tension": cost})
        text = Msg(key="pax.prompt.congress_signature", params=params)
    defiance = game_data(state).tension.congress_defiance
    choices = [
        Choice.of(SignSettlement(power=power, sign=True), label=sign),
        Choice.of(
            SignSettlement(power=power, sign=False),
            label=Msg(key="pax.label.defy_congress", params={**params, "tension": defiance}),
        ),
    ]
    return Prompt(seat=_seat(state, power), kind="congress_signature", text=text, choices=choices)


# -- handlers -------------------------------------------------------------------------------


def _asked(state: PaxState, seat: str, power: str, expected: str | None) -> None:
    if expected != power or seat_of(state, power) != seat:
        raise IllegalAction("pax.error.not_your_congress_turn")


def on_defend(ctx: StepContext[PaxState], seat: str, action: DefendMinor) -> None:
    minor_rights.answer(ctx, seat, action)
    state = ctx.state
    if minor_rights.next_question(state) is None and next_caller(state) is None:
        after_negotiation(ctx)


def on_call(ctx: StepContext[PaxState], seat: str, action: CallCongress) -> None:
    state = ctx.state
    if state.congress is not None or minor_rights.next_question(state) is not None:
        raise IllegalAction("pax.error.not_your_congress_turn")
    _asked(state, seat, action.power, next_caller(state))
    if not action.site and action.power in minor_rights.defenders(state):
        raise IllegalAction("pax.error.congress_compulsory")
    state.congress_asked.append(action.power)
    if not action.site:
        ctx.emit("pax.event.no_congress", power=action.power)
        if next_caller(state) is None:
            after_negotiation(ctx)
        return
    if action.site not in sites(state):
        raise IllegalAction("pax.error.congress_site", site=action.site)
    voters = members(state, action.site)
    state.congress = Congress(
        caller=action.power, host=action.site, members=voters, agenda=agenda(state)
    )
    ctx.emit(
        "pax.event.congress_called",
        power=action.power,
        site=action.site,
        members=list(voters),
        areas=agenda(state),
    )
    if raise_tension(ctx, game_data(state).tension.congress, "congress", action.power):
        return
    state.congress.guests = congress_agenda.uninvited(state, state.congress)
    _invite_next(ctx)


def _open_congress(state: PaxState) -> Congress:
    congress = state.congress
    assert congress is not None
    return congress


def _invite_next(ctx: StepContext[PaxState]) -> None:
    """The European members vote on the next guest, else the free changes begin."""
    congress = _open_congress(ctx.state)
    if congress.guests and congress_agenda.inviters(ctx.state, congress):
        congress.step, congress.votes = "invite", {}
        return
    congress.guests = []
    _open_dispute(ctx, free_first=True)


def _offer_free_changes(ctx: StepContext[PaxState]) -> None:
    """§4.7 method 3 at the Congress: each member in seat order may remove or give markers,
    at the opening and again before each further dispute ("done" is the default)."""
    congress = _open_congress(ctx.state)
    congress.step, congress.free_menu = "free", ""
    congress.free_turns = [p for p in congress.members if seat_of(ctx.state, p) is not None]
    _next_free_turn(ctx)


def _require_voter(
    state: PaxState, seat: str, power: str, voters: Collection[str], voted: Collection[str]
) -> None:
    """Refuse a vote by a power not called to it, already counted, or not the seat's."""
    if power not in voters or power in voted or seat_of(state, power) != seat:
        raise IllegalAction("pax.error.not_your_congress_turn")


def on_invite(ctx: StepContext[PaxState], seat: str, action: InviteGuest) -> None:
    state = ctx.state
    congress = state.congress
    if congress is None or congress.step != "invite" or action.guest != congress.guests[0]:
        raise IllegalAction("pax.error.not_your_congress_turn")
    voters = congress_agenda.inviters(state, congress)
    _require_voter(state, seat, action.power, voters, congress.votes)
    congress.votes[action.power] = action.invite
    if len(congress.votes) < len(voters):
        return
    guest = congress.guests.pop(0)
    invited = all(congress.votes.values())
    if invited:
        congress_agenda.admit(state, congress, guest)
    ctx.emit(
        "pax.event.guest_invited" if invited else "pax.event.guest_not_invited",
        guest=guest,
        ayes=sum(1 for v in congress.votes.values() if v),
        voters=len(voters),
    )
    _invite_next(ctx)


def _next_free_turn(ctx: StepContext[PaxState]) -> None:
    """The next member with a marker to remove or give; when none is left, the debates."""
    state = ctx.state
    congress = _open_congress(state)
    while congress.free_turns and not free_changes.has_any(state, congress.free_turns[0]):
        congress.free_turns.pop(0)
    if not congress.free_turns:
        _open_dispute(ctx)


def on_free(ctx: StepContext[PaxState], seat: str, action: FreeChange) -> None:
    state = ctx.state
    congress = state.congress
    if congress is None or congress.step != "free":
        raise IllegalAction("pax.error.not_your_congress_turn")
    _asked(state, seat, action.power, congress.free_turns[0])
    over = free_changes.apply(ctx, congress, action)
    if state.finished or not over:
        return
    congress.free_turns.pop(0)
    congress.free_menu = ""
    _next_free_turn(ctx)


def _open_dispute(ctx: StepContext[PaxState], free_first: bool = False) -> None:
    """The next dispute on the agenda, after a round of free changes when `free_first`,
    by the members' vote while two or more remain; an agenda that is done adjourns the
    Congress."""
    state = ctx.state
    congress = _open_congress(state)
    # a dispute settled meanwhile (its markers or casus belli gone) leaves the agenda
    congress.agenda = [item for item in congress.agenda if debatable(state, item)]
    if not congress.agenda:
        state.congress = None
        ctx.emit("pax.event.congress_adjourns")
        after_negotiation(ctx)
        return
    if free_first:
        _offer_free_changes(ctx)
        return
    if len(congress.agenda) > 1:
        congress.step, congress.ballots = "order", {}
        return
    _take_up(ctx)


def on_order(ctx: StepContext[PaxState], seat: str, action: VoteOrder) -> None:
    state = ctx.state
    congress = state.congress
    if congress is None or congress.step != "order" or action.item not in congress.agenda:
        raise IllegalAction("pax.error.not_your_congress_turn")
    voters = congress_agenda.voters(state, congress)
    _require_voter(state, seat, action.power, voters, congress.ballots)
    congress.ballots[action.power] = action.item
    if len(congress.ballots) < len(voters):
        return
    item = congress_agenda.chosen(congress)
    votes = sum(1 for v in congress.ballots.values() if v == item)
    if sanctions.is_case(state, item):
        ctx.emit("pax.event.congress_order_breach", violator=item, votes=votes)
    else:
        ctx.emit("pax.event.congress_order", area=item, votes=votes)
    congress.agenda.remove(item)
    congress.agenda.insert(0, item)
    congress.ballots = {}
    _take_up(ctx)


def _take_up(ctx: StepContext[PaxState]) -> None:
    """The dispute at the head of the agenda: the caller proposes first, then the other
    members in seat order."""
    state = ctx.state
    congress = _open_congress(state)
    others = [p for p in congress.members if p != congress.caller]
    first = [congress.caller] if congress.caller in congress.members else []
    congress.step, congress.proposers = "propose", first + others
    congress.favoured, congress.votes, congress.signers, congress.refused = None, {}, [], []
    congress.indemnity, congress.partner = 0, ""
    congress.package, congress.package_changed = {}, []
    item = congress.agenda[0]
    if sanctions.is_case(state, item):
        ctx.emit(
            "pax.event.congress_sanctions", violator=item, wronged=sanctions.wronged(state, item)
        )
    else:
        ctx.emit("pax.event.congress_debates", area=item)


def _proposing(state: PaxState, seat: str, power: str, sanction: bool) -> Congress:
    congress = state.congress
    if congress is None or congress.step != "propose":
        raise IllegalAction("pax.error.not_your_congress_turn")
    if sanctions.is_case(state, congress.agenda[0]) != sanction:
        raise IllegalAction("pax.error.not_your_congress_turn")
    _asked(state, seat, power, congress.proposers[0])
    return congress


def on_propose_sanction(ctx: StepContext[PaxState], seat: str, action: ProposeSanction) -> None:
    state = ctx.state
    congress = _proposing(state, seat, action.power, sanction=True)
    violator = congress.agenda[0]
    if action.amount and action.amount not in sanctions.indemnities(state, violator):
        raise IllegalAction("pax.error.no_such_sanction", amount=action.amount)
    congress.proposers.pop(0)
    if not action.amount:
        _next_proposal(ctx, congress, violator)
        return
    congress.indemnity, congress.step, congress.votes = action.amount, "vote", {}
    ctx.emit(
        "pax.event.sanction_proposed", power=action.power, violator=violator, amount=action.amount
    )


def on_propose(ctx: StepContext[PaxState], seat: str, action: ProposeSettlement) -> None:
    state = ctx.state
    congress = _proposing(state, seat, action.power, sanction=False)
    area = congress.agenda[0]
    congress.proposers.pop(0)
    if not action.favoured:
        _next_proposal(ctx, congress, area)
        return
    if action.favoured not in candidates(state, area):
        raise IllegalAction("pax.error.not_a_party", power=action.favoured)
    shares = codominion_grants.partners(state, congress, area, action.favoured)
    if action.partner and action.partner not in shares:
        raise IllegalAction("pax.error.no_codominion_share", power=action.partner, area=area)
    congress.favoured, congress.step, congress.votes = action.favoured, "vote", {}
    congress.partner = action.partner
    ctx.emit(
        "pax.event.settlement_proposed",
        power=action.power,
        favoured=_beneficiaries(congress),
        area=area,
    )


def on_draft(ctx: StepContext[PaxState], seat: str, action: DraftTreaty) -> None:
    """Start drafting one treaty for every dispute, change an area of the draft, or put it
    to the vote (congress_treaty.py)."""
    state = ctx.state
    congress = state.congress
    everything = treaty_candidates(state, congress) if congress is not None else {}
    if congress is not None and congress.step == "treaty":
        _asked(state, seat, action.power, congress.proposers[0])
        if action.area:
            congress_treaty.redraft(congress, action, everything)
            return
        congress.proposers.pop(0)
        congress.step, congress.votes = "vote", {}
        ctx.emit("pax.event.treaty_proposed", power=action.power, package=_package(congress))
        return
    congress = _proposing(state, seat, action.power, sanction=False)
    if action.area:
        raise IllegalAction("pax.error.no_general_treaty")
    congress_treaty.start(congress, everything)
    congress.step = "treaty"


def on_war(ctx: StepContext[PaxState], seat: str, action: DeclareWar) -> None:
    """The proposer cuts the debate short: its war settles the dispute on the battlefield
    (the War phase plays it), no proposal was adopted (ET +3, §4.9 step 6), and the
    Congress goes on with the other disputes (§4.9 step 7)."""
    state = ctx.state
    if state.congress is not None and state.congress.step == "war":
        _war_now(ctx, seat, action)
        return
    congress = _proposing(state, seat, action.power, sanction=False)
    area = congress.agenda[0]
    if action not in cut_short(state, action.power, area):
        raise IllegalAction("pax.error.no_casus_belli", power=action.power, target=action.target)
    ctx.emit("pax.event.congress_cut_short", power=action.power, area=area)
    if declare_war(ctx, action.power, action.target, area):
        return
    minor = minor_rights.join_minor(state, action.power, action.target)
    if minor is not None:
        ctx.emit("pax.event.minor_joins_war", minor=minor, power=action.power, target=action.target)
    congress.agenda.remove(area)
    _leave_to_war(ctx, congress, action.power)
    congress.agenda.insert(0, area)  # _failed takes it off with its ET
    _failed(ctx, area)


def _next_proposal(ctx: StepContext[PaxState], congress: Congress, area: str) -> None:
    """A member passed or a proposal fell: the next member proposes, and when none is
    left the dispute is unsettled."""
    congress.step, congress.favoured, congress.indemnity = "propose", None, 0
    congress.partner, congress.package, congress.package_changed = "", {}, []
    if not congress.proposers:
        _failed(ctx, area)


def on_vote(ctx: StepContext[PaxState], seat: str, action: CongressVote) -> None:
    state = ctx.state
    congress = state.congress
    if congress is None or congress.step != "vote" or action.power not in congress.members:
        raise IllegalAction("pax.error.not_your_congress_turn")
    if action.power in congress.votes or seat_of(state, action.power) != seat:
        raise IllegalAction("pax.error.not_your_congress_turn")
    congress.votes[action.power] = action.approve
    if len(congress.votes) == len(congress.members):
        _count(ctx, congress)


def _count(ctx: StepContext[PaxState], congress: Congress) -> None:
    """A majority of the members adopts; a tie is broken by the host (Germany's vote when
    Austria-Hungary hosts, §4.9)."""
    state = ctx.state
    area = congress.agenda[0]
    ayes = sum(1 for v in congress.votes.values() if v)
    noes = len(congress.votes) - ayes
    breaker = "germany" if congress.host == NON_VOTING else congress.host
    adopted = ayes > noes or (ayes == noes and congress.votes.get(breaker, False))
    outcome = "pax_adopted" if adopted else "pax_rejected"
    if congress.package:
        ctx.emit("pax.event.treaty_votes", ayes=ayes, noes=noes, outcome=outcome)
    elif congress.indemnity:
        ctx.emit(
            "pax.event.sanction_votes",
            violator=area,
            amount=congress.indemnity,
            ayes=ayes,
            noes=noes,
            outcome=outcome,
        )
    else:
        ctx.emit(
            "pax.event.congress_votes",
            favoured=_beneficiaries(congress),
            area=area,
            ayes=ayes,
            noes=noes,
            outcome=outcome,
        )
    if not adopted:
        _next_proposal(ctx, congress, area)
        return
    congress.step = "sign"
    signers = _signatories(state, congress)
    if congress.partner and congress.partner not in signers:
        signers.append(congress.partner)  # a non-party's share binds it once it signs
    congress.signers = [p for p in signers if seat_of(state, p) is not None]
    if not congress.signers:
        _settle(ctx, congress)


def _signatories(state: PaxState, congress: Congress) -> list[str]:
    """Every party to the dispute on the table, or to any the treaty settles."""
    if not congress.package:
        return parties(state, congress.agenda[0])
    found = {p for area in congress.package for p in parties(state, area)}
    return [p for p in majors(state) if p in found] + sorted(found - set(majors(state)))


def on_sign(ctx: StepContext[PaxState], seat: str, action: SignSettlement) -> None:
    state = ctx.state
    congress = state.congress
    if congress is None or congress.step != "sign":
        raise IllegalAction("pax.error.not_your_congress_turn")
    _asked(state, seat, action.power, congress.signers[0])
    congress.signers.pop(0)
    if not action.sign:
        congress.refused.append(action.power)
        if congress.package:
            ctx.emit("pax.event.treaty_defied", power=action.power)
        elif congress.indemnity:
            ctx.emit("pax.event.sanction_defied", power=action.power, violator=congress.agenda[0])
        else:
            ctx.emit("pax.event.congress_defied", power=action.power, area=congress.agenda[0])
    if congress.signers:
        return
    if congress.refused:
        _defied(ctx, congress)
    else:
        _settle(ctx, congress)


def _settle(ctx: StepContext[PaxState], congress: Congress) -> None:
    """Every party signed: the markers change (ET +1 a level, §4.17.3) and the dispute's
    casus belli end."""
    state = ctx.state
    if congress.package:
        _settle_everything(ctx, congress)
        return
    area = congress.agenda.pop(0)
    if congress.indemnity:
        sanctions.impose(ctx, area, congress.indemnity)
        _open_dispute(ctx, free_first=True)
        return
    assert congress.favoured is not None
    levels = _enforce(ctx, area, congress.favoured, congress.partner)
    if congress.partner:
        codominion_grants.grant(ctx, area, congress.favoured, congress.partner)
    ctx.emit("pax.event.congress_settles", favoured=_beneficiaries(congress), area=area)
    amount = levels * game_data(state).tension.status_level
    if raise_tension(ctx, amount, "congress_settlement", congress.favoured):
        return
    _open_dispute(ctx, free_first=True)


def _enforce(ctx: StepContext[PaxState], area: str, favoured: str, partner: str) -> int:
    """The settlement's reductions in `area` made; the dispute's casus belli end; the
    levels lost (each +1 ET, §4.17.3)."""
    state = ctx.state
    levels = 0
    for marker, to in settlement(state, area, favoured, partner):
        levels += _levels(marker, to)
        if to == "none":
            remove_marker(ctx, marker, "congress")
        else:
            reduce_marker(ctx, marker, "influence" if to == "influence" else "interest", "congress")
    state.casus_belli = [c for c in state.casus_belli if c.area != area]
    return levels


def _package(congress: Congress) -> JsonValue:
    return congress_treaty.terms(congress)["package"]


def _settle_everything(ctx: StepContext[PaxState], congress: Congress) -> None:
    """The treaty signed by every party: each dispute it covers is settled at once."""
    state = ctx.state
    package = dict(congress.package)
    levels = sum(_enforce(ctx, area, favoured, "") for area, favoured in package.items())
    congress.agenda = [item for item in congress.agenda if item not in package]
    ctx.emit("pax.event.treaty_settles", package=_package(congress))
    congress.package = {}
    amount = levels * game_data(state).tension.status_level
    if raise_tension(ctx, amount, "congress_settlement", next(iter(package.values()))):
        return
    _open_dispute(ctx, free_first=True)


def _defied(ctx: StepContext[PaxState], congress: Congress) -> None:
    """§4.9 steps 4 and 6: every other member gains a casus belli against each refuser
    over each dispute defied (war allowed, not forced, A-28); ET +3 for the failure and +2
    a refuser. A defied treaty fails every dispute it covers."""
    state = ctx.state
    areas = list(congress.package) or [congress.agenda[0]]
    congress.agenda = [item for item in congress.agenda if item not in areas]
    if congress.package:
        ctx.emit("pax.event.treaty_fails", areas=areas)
    congress.package = {}
    area = areas[0]
    for defied in areas:
        for refuser in congress.refused:
            for member in congress.members:
                if member != refuser and seat_of(state, member) != seat_of(state, refuser):
                    add_casus_belli(ctx, member, refuser, defied)
        minor_rights.after_defiance(ctx, defied, congress.refused)
    tension = game_data(state).tension
    amount = tension.congress_failed + tension.congress_defiance * len(congress.refused)
    if raise_tension(ctx, amount, "congress_failed", congress.refused[0]):
        return
    congress.step, congress.defied = "war", area
    congress.warmakers = [p for p in congress.members if seat_of(state, p) is not None]
    _next_warmaker(ctx)


def _next_warmaker(ctx: StepContext[PaxState]) -> None:
    """The next member able to go to war on a defier at once; none left, the next dispute."""
    state = ctx.state
    congress = _open_congress(state)
    while congress.warmakers and not war_on_defiers(state, congress, congress.warmakers[0]):
        congress.warmakers.pop(0)
    if not congress.warmakers:
        congress.defied, congress.refused = "", []
        _open_dispute(ctx, free_first=True)


def on_no_war_now(ctx: StepContext[PaxState], seat: str, action: NoWar) -> None:
    state = ctx.state
    congress = state.congress
    if congress is None or congress.step != "war":
        raise IllegalAction("pax.error.not_your_congress_turn")
    _asked(state, seat, action.power, congress.warmakers[0])
    congress.warmakers.pop(0)
    _next_warmaker(ctx)


def _war_now(ctx: StepContext[PaxState], seat: str, action: DeclareWar) -> None:
    """§4.9 step 7: war on a defier during the Congress; the disputes between this war's
    belligerents alone are left to it, the others stay on the agenda."""
    state = ctx.state
    congress = _open_congress(state)
    _asked(state, seat, action.power, congress.warmakers[0])
    if action not in war_on_defiers(state, congress, action.power):
        raise IllegalAction("pax.error.no_casus_belli", power=action.power, target=action.target)
    if declare_war(ctx, action.power, action.target, action.area):
        return
    minor = minor_rights.join_minor(state, action.power, action.target)
    if minor is not None:
        ctx.emit("pax.event.minor_joins_war", minor=minor, power=action.power, target=action.target)
    _leave_to_war(ctx, congress, action.power)
    _next_warmaker(ctx)


def _leave_to_war(ctx: StepContext[PaxState], congress: Congress, belligerent: str) -> None:
    """§4.9 step 7: the disputes between the belligerents of `belligerent`'s war alone are
    settled by it and leave the agenda."""
    state = ctx.state
    war = war_of(state, belligerent)
    assert war is not None
    for item in list(congress.agenda):
        if set(_disputants(state, item)) <= set(war.powers):
            congress.agenda.remove(item)
            ctx.emit("pax.event.congress_left_to_war", area=item)


def _disputants(state: PaxState, item: str) -> list[str]:
    """A dispute's parties: an area's, or a breach's violator and the signatories wronged."""
    if sanctions.is_case(state, item):
        return [item, *sanctions.wronged(state, item)]
    return parties(state, item)


def _failed(ctx: StepContext[PaxState], area: str) -> None:
    """No settlement adopted: ET +3 (§4.9 step 6); the dispute goes to the War phase."""
    state = ctx.state
    congress = state.congress
    assert congress is not None
    congress.agenda.pop(0)
    if sanctions.is_case(state, area):
        ctx.emit("pax.event.sanction_fails", violator=area)
    else:
        ctx.emit("pax.event.congress_fails", area=area)
    if raise_tension(ctx, game_data(state).tension.congress_failed, "congress_failed"):
        return
    _open_dispute(ctx, free_first=True)


PHASE: Phase[PaxState] = Phase(
    name="congress",
    prompts=prompts,
    handlers={
        CallCongress: on_call,
        DefendMinor: on_defend,
        ProposeSettlement: on_propose,
        ProposeSanction: on_propose_sanction,
        CongressVote: on_vote,
        SignSettlement: on_sign,
        DeclareWar: on_war,
        DraftTreaty: on_draft,
        NoWar: on_no_war_now,
        InviteGuest: on_invite,
        FreeChange: on_free,
        VoteOrder: on_order,
    },
    enter=enter,
)
