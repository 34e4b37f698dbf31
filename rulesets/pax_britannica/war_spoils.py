"""The division of a war's spoils (§4.11.12): the victors' proposal, its unanimous
acceptance, and the automatic Congress of Europe (§4.9) when a victor refuses it: the
Congress votes area by area, and every victor signs the division it adopted or defies it
(§4.9 step 4). A defiance fails the Congress (ET +3, and +2 a defier, step 6), gives every
other member a casus belli against the defier over each conquered area (A-28: war allowed,
not forced; used at the end of the War phase, "a war between the victors is conceivable"),
and, the dispute left unresolved, the battlefield decides it (step 5): each area goes to the
victor whose armies took it (Courier's reading), as in the armies' division."""

from __future__ import annotations

from collections import Counter

from pydantic import JsonValue

from rulesets.core import Choice, IllegalAction, Msg, Prompt, StepContext
from rulesets.pax_britannica.actions import (
    AnswerSpoils,
    ProposeSpoils,
    SignSettlement,
    VoteSpoils,
)
from rulesets.pax_britannica.congress import members, sites
from rulesets.pax_britannica.congress_agenda import NON_VOTING
from rulesets.pax_britannica.holdings import add_casus_belli
from rulesets.pax_britannica.indices import raise_tension
from rulesets.pax_britannica.state import (
    SEAT_ORDER,
    PaxState,
    Spoil,
    SpoilsDivision,
    War,
    game_data,
    seat_of,
)


def open_division(state: PaxState, war: War) -> None:
    """The conquests of a side that two or more seats share are divided by agreement: the
    armies' division (each area to the victor with the most army strength there) is the
    draft of the first victor in seat order, who may change it. A side of one seat (Germany
    with Austria-Hungary is one) places its markers at once."""
    if war.kind != "war":
        return
    victors = _victors(state, war)
    plan = {s.area: s.power for s in war.spoils if war.conquered.get(s.area) in _shared(state, war)}
    if plan:
        war.division = SpoilsDivision(plan=plan, proposer=_first(state, victors))


def _shared(state: PaxState, war: War) -> set[int]:
    """The sides keeping a conquest whose powers have two or more seats."""
    return {
        side
        for side in set(war.conquered.values())
        if len({seat_of(state, p) for p in war.sides[side]} - {None}) >= 2
    }


def _victors(state: PaxState, war: War) -> list[str]:
    """The powers with a seat on a side whose seats share its conquests."""
    return [p for side in sorted(_shared(state, war)) for p in war.sides[side] if seat_of(state, p)]


def _first(state: PaxState, powers: list[str]) -> str:
    order = {seat: n for n, seat in enumerate(seats_in_order(state))}
    return min(powers, key=lambda p: (order.get(seat_of(state, p) or "", 99), powers.index(p)))


def candidates(state: PaxState, war: War, area: str) -> list[str]:
    """Who may receive `area`: the powers with a seat on the side that conquered it, and
    the power its armies gave it to."""
    division = war.division
    assert division is not None
    side = war.conquered[area]
    found = [p for p in war.sides[side] if seat_of(state, p) is not None]
    if division.plan[area] not in found:
        found.insert(0, division.plan[area])
    return found


# -- prompts ------------------------------------------------------------------------------


def division_prompt(state: PaxState, war: War) -> Prompt:
    division = war.division
    assert division is not None
    if division.proposer:
        return _proposal_prompt(state, war, division)
    if division.signing:
        return _signature_prompt(state, division)
    if division.answering:
        return _answer_prompt(division)
    return _vote_prompt(state, war, division)


def _proposal_prompt(state: PaxState, war: War, division: SpoilsDivision) -> Prompt:
    seat = seat_of(state, division.proposer)
    assert seat is not None
    choices = [
        Choice.of(
            ProposeSpoils(area="", power=""),
            label=Msg(key="pax.label.spoils_propose", params={"power": division.proposer}),
        )
    ]
    for area, holder in division.plan.items():
        if area in division.changed:
            continue
        choices += [
            Choice.of(
                ProposeSpoils(area=area, power=power),
                label=Msg(
                    key="pax.label.spoils_give",
                    params={"area": area, "power": power, "holder": holder},
                ),
            )
            for power in candidates(state, war, area)
            if power != holder
        ]
    text = Msg(key="pax.prompt.spoils_proposal", params=_plan_params(division))
    return Prompt(seat=seat, kind="spoils_proposal", text=text, choices=choices)


def _plan_params(division: SpoilsDivision) -> dict[str, JsonValue]:
    """The division as "area receiver; …" (a tally reads that way)."""
    plan: dict[str, JsonValue] = dict(division.plan)
    return {"plan": plan}


def _answer_prompt(division: SpoilsDivision) -> Prompt:
    seat = division.answering[0]
    choices = [
        Choice.of(AnswerSpoils(accept=True), label=Msg(key="pax.label.spoils_accept")),
        Choice.of(AnswerSpoils(accept=False), label=Msg(key="pax.label.spoils_refuse")),
    ]
    text = Msg(key="pax.prompt.spoils_answer", params=_plan_params(division))
    return Prompt(seat=seat, kind="spoils_answer", text=text, choices=choices)


def _vote_prompt(state: PaxState, war: War, division: SpoilsDivision) -> Prompt:
    area = _on_the_table(division)
    voter = next(p for p in division.voters if p not in division.ballots)
    seat = seat_of(state, voter)
    assert seat is not None
    choices = [
        Choice.of(
            VoteSpoils(area=area, power=power),
            label=Msg(key="pax.label.spoils_vote", params={"area": area, "power": power}),
        )
        for power in candidates(state, war, area)
    ]
    params = {"power": voter, "area": area, "holder": division.plan[area]}
    text = Msg(key="pax.prompt.spoils_vote", params=params)
    return Prompt(seat=seat, kind="spoils_vote", text=text, choices=choices)


def _signature_prompt(state: PaxState, division: SpoilsDivision) -> Prompt:
    """Sign first (the autopilot's choice); a missed deadline is a delay, which §4.9
    step 7 treats as a refusal (ruleset.default_action)."""
    power = division.signing[0]
    seat = seat_of(state, power)
    assert seat is not None
    params: dict[str, JsonValue] = {**_plan_params(division), "power": power}
    defiance = game_data(state).tension.congress_defiance
    choices = [
        Choice.of(
            SignSettlement(power=power, sign=True),
            label=Msg(key="pax.label.spoils_sign", params=params),
        ),
        Choice.of(
            SignSettlement(power=power, sign=False),
            label=Msg(key="pax.label.spoils_defy", params={**params, "tension": defiance}),
        ),
    ]
    text = Msg(key="pax.prompt.spoils_signature", params=params)
    return Prompt(seat=seat, kind="spoils_signature", text=text, choices=choices)


def _on_the_table(division: SpoilsDivision) -> str:
    return next(a for a in division.plan if a not in division.voted)


# -- handlers -----------------------------------------------------------------------------


def _division(war: War | None) -> SpoilsDivision:
    if war is None or war.division is None:
        raise IllegalAction("pax.error.not_your_war_step")
    return war.division


def propose(ctx: StepContext[PaxState], war: War | None, seat: str, action: ProposeSpoils) -> None:
    """The proposer reassigns an area (once each) or puts its division to the others."""
    state = ctx.state
    division = _division(war)
    assert war is not None
    if not division.proposer or seat_of(state, division.proposer) != seat:
        raise IllegalAction("pax.error.not_your_war_step")
    if action.area:
        legal = candidates(state, war, action.area) if action.area in division.plan else []
        if action.area in division.changed or action.power not in legal:
            raise IllegalAction("pax.error.not_a_spoils_choice", area=action.area)
        division.plan[action.area] = action.power
        division.changed.append(action.area)
        return
    proposer, division.proposer = division.proposer, ""
    others = {seat_of(state, p) for p in _victors(state, war)} - {seat}
    division.answering = [s for s in seats_in_order(state) if s in others]
    for area, power in division.plan.items():
        ctx.emit("pax.event.spoils_proposed", proposer=proposer, area=area, power=power)


def answer(ctx: StepContext[PaxState], war: War | None, seat: str, action: AnswerSpoils) -> None:
    """Every other victor accepts in seat order; one refusal calls the Congress at once."""
    division = _division(war)
    assert war is not None
    if not division.answering or division.answering[0] != seat:
        raise IllegalAction("pax.error.not_your_war_step")
    if action.accept:
        division.answering.pop(0)
        ctx.emit("pax.event.spoils_accepted", seat=seat)
        if not division.answering:
            _divide(ctx, war, division)
        return
    division.answering = []
    _convene(ctx, war, division, seat)


def _convene(ctx: StepContext[PaxState], war: War, division: SpoilsDivision, seat: str) -> None:
    """§4.11.12 "a Congress of Europe is called automatically": the victors are its
    parties; the host is the first home nation of a player not in the war (§4.9, A-27:
    the defeated are involved too);
    the members are as for any Congress; calling it costs the usual ET +3, blamed on the
    refuser (Courier's reading: its refusal called it)."""
    state = ctx.state
    victors = set(_victors(state, war))
    division.host = sites(state, set(war.powers))[0]
    division.voters = [
        p for p in members(state, division.host, victors) if seat_of(state, p) is not None
    ]
    ctx.emit(
        "pax.event.spoils_congress",
        seat=seat,
        site=division.host,
        members=list(division.voters),
        areas=list(division.plan),
    )
    raise_tension(ctx, game_data(state).tension.congress, "spoils_congress", seat)


def vote(ctx: StepContext[PaxState], war: War | None, seat: str, action: VoteSpoils) -> None:
    """Each member votes in turn on the area on the table; the most votes win, a tie goes
    the host's way (Germany's when Austria-Hungary hosts) when its choice is among the
    tied, else to the proposal."""
    state = ctx.state
    division = _division(war)
    assert war is not None
    if division.proposer or division.answering or not division.voters:
        raise IllegalAction("pax.error.not_your_war_step")
    area = _on_the_table(division)
    voter = next(p for p in division.voters if p not in division.ballots)
    if seat_of(state, voter) != seat or action.area != area:
        raise IllegalAction("pax.error.not_your_war_step")
    if action.power not in candidates(state, war, area):
        raise IllegalAction("pax.error.not_a_spoils_choice", area=area)
    division.ballots[voter] = action.power
    if len(division.ballots) < len(division.voters):
        return
    division.plan[area] = award(division, area)
    division.voted.append(area)
    division.ballots = {}
    ctx.emit("pax.event.spoils_awarded", area=area, power=division.plan[area])
    if len(division.voted) == len(division.plan):
        # §4.9 step 4: every party to the dispute (each victor's seat once) signs it
        division.signing = _signers(state, war)


def _signers(state: PaxState, war: War) -> list[str]:
    """The victors, one power a seat (Germany signs for Austria-Hungary), in seat order."""
    by_seat: dict[str, str] = {}
    for power in _victors(state, war):
        by_seat.setdefault(seat_of(state, power) or "", power)
    return [by_seat[seat] for seat in seats_in_order(state) if seat in by_seat]


def sign(ctx: StepContext[PaxState], war: War | None, seat: str, action: SignSettlement) -> None:
    """A victor signs the Congress's division or defies it; once all answered, the division
    takes effect, or the defiance fails the Congress."""
    division = _division(war)
    assert war is not None
    state = ctx.state
    if not division.signing or division.signing[0] != action.power:
        raise IllegalAction("pax.error.not_your_war_step")
    if seat_of(state, action.power) != seat:
        raise IllegalAction("pax.error.not_your_war_step")
    division.signing.pop(0)
    if action.sign:
        ctx.emit("pax.event.spoils_signed", power=action.power)
    else:
        division.refused.append(action.power)
        ctx.emit("pax.event.spoils_defied", power=action.power)
    if division.signing:
        return
    if division.refused:
        _defied(ctx, war, division)
    else:
        _divide(ctx, war, division)


def _defied(ctx: StepContext[PaxState], war: War, division: SpoilsDivision) -> None:
    """§4.9 steps 4–6: every other member gains a casus belli against each defier over every
    conquered area, ET +3 and +2 a defier; the armies' division stands (war.spoils)."""
    state = ctx.state
    others = [p for p in division.voters if p not in division.refused]
    for refuser in division.refused:
        for member in others:
            if seat_of(state, member) == seat_of(state, refuser):
                continue
            for area in division.plan:
                add_casus_belli(ctx, member, refuser, area)
    war.division = None
    ctx.emit("pax.event.spoils_congress_fails", refusers=list(division.refused))
    tension = game_data(state).tension
    amount = tension.congress_failed + tension.congress_defiance * len(division.refused)
    raise_tension(ctx, amount, "congress_failed", division.refused[0])


def award(division: SpoilsDivision, area: str) -> str:
    """The ballots' winner for `area`: the most votes, then the host's choice among the
    tied, then the proposal."""
    counts = Counter(division.ballots.values())
    best = max(counts.values())
    tied = [p for p, n in counts.items() if n == best]
    if len(tied) == 1:
        return tied[0]
    host = "germany" if division.host == NON_VOTING else division.host
    choice = division.ballots.get(host)
    if choice in tied and choice is not None:
        return choice
    return division.plan[area] if division.plan[area] in tied else sorted(tied)[0]


def _divide(ctx: StepContext[PaxState], war: War, division: SpoilsDivision) -> None:
    """The division agreed or decided: each area's receiver places its marker (W10)."""
    others = [s for s in war.spoils if s.area not in division.plan]
    war.spoils = others + [Spoil(power=p, area=a) for a, p in division.plan.items()]
    war.division = None
    ctx.emit("pax.event.spoils_divided")


def seats_in_order(state: PaxState) -> list[str]:
    return [seat for seat in SEAT_ORDER if seat in state.seats]
