"""Checked clauses (§4.8, §5.4 "structured clauses can be checked automatically"): treaties
Courier enforces itself, offered in the Negotiation phase like the others. A marker ban
("power P places no status marker in area X") or a unit limit ("power P keeps at most N
armies or naval units in area X"); P is either party, the one offering or its partner.
Each partner's topic opens a list of the areas where a clause makes sense (see `areas`),
each area a list of its offers, so that no prompt lists more than a select holds. The
checks themselves are treaty_checks.py's."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, IntRange, Msg, StepContext
from rulesets.core.messages import JsonValue
from rulesets.pax_britannica.actions import OfferMarkerBan, OfferUnitLimit, OpenNegotiation
from rulesets.pax_britannica.state import (
    PaxState,
    Treaty,
    TreatyOffer,
    game_data,
    majors,
    seat_of,
)
from rulesets.pax_britannica.treaties import (
    CLAUSE_LIMIT,
    file_offer,
    may_offer,
    readers,
    sign,
    waiting_partners,
)

KINDS = ("marker_ban", "unit_limit")
TOPIC = "check/"  # "check/<partner>": the areas; "check/<partner>/<area>": its offers
MAX_AREAS = 14  # one topic's area openers, beside its way back (a select holds 25)
MAX_LIMIT = 3  # a unit limit's N, from 0 (none at all) to 3
UNITS = ("army", "navy")


# -- where a clause makes sense ---------------------------------------------------------------


def areas(state: PaxState, power: str, partner: str) -> list[str]:
    """The areas a checked clause between two powers may name, at most MAX_AREAS: first
    those they dispute (both hold a marker there, or a casus belli between them names it),
    then those either holds, each group in alphabetical order."""
    held = {p: {m.area for m in state.markers if m.power == p} for p in (power, partner)}
    disputed = held[power] & held[partner]
    disputed |= {
        c.area
        for c in state.casus_belli
        if {c.holder, c.target} == {power, partner} and c.area not in (power, partner)
    }
    rest = (held[power] | held[partner]) - disputed
    return [*sorted(disputed), *sorted(rest)][:MAX_AREAS]


def _partners(state: PaxState, seat: str) -> list[str]:
    """The powers `seat` may offer a checked clause to now (one offer each at a time)."""
    if not may_offer(state, seat) or seat not in majors(state):
        return []
    waiting = waiting_partners(state, seat)
    return [p for p in majors(state) if seat_of(state, p) not in (seat, None) and p not in waiting]


def _coastal(state: PaxState, area: str) -> bool:
    return bool(game_data(state).area(area).seas)


# -- the menus --------------------------------------------------------------------------------


def opener(state: PaxState, seat: str, partner: str) -> Choice | None:
    """The partner topic's entry that opens the areas of checked clauses with `partner`."""
    if partner not in _partners(state, seat):
        return None
    found = areas(state, seat, partner)
    if not found:
        return None
    label = Msg(key="pax.label.open_checked", params={"to": partner, "count": len(found)})
    return Choice.of(OpenNegotiation(topic=f"{TOPIC}{partner}"), label=label)


def is_topic(state: PaxState, seat: str, topic: str) -> bool:
    """Whether `seat` may open this topic of checked clauses now."""
    return topic_choices(state, seat, topic) is not None


def topic_choices(state: PaxState, seat: str, topic: str) -> list[Choice] | None:
    """The choices of a checked-clause topic (the areas with a partner, or the offers about
    one area), None when `topic` is none of them or has nothing to offer."""
    if not topic.startswith(TOPIC):
        return None
    partner, _, area = topic.removeprefix(TOPIC).partition("/")
    if partner not in _partners(state, seat):
        return None
    found = areas(state, seat, partner)
    if not area:
        return [_area_opener(partner, a) for a in found] or None
    if area not in found:
        return None
    return [_marker_ban_choice(a) for a in marker_bans(seat, partner, area)] + [
        _unit_limit_choice(a) for a in unit_limits(state, seat, partner, area)
    ]


def topic_partner(topic: str) -> str:
    """The partner power a checked-clause topic is about (for its prompt's text)."""
    return topic.removeprefix(TOPIC).partition("/")[0]


def _area_opener(partner: str, area: str) -> Choice:
    label = Msg(key="pax.label.open_checked_area", params={"to": partner, "area": area})
    return Choice.of(OpenNegotiation(topic=f"{TOPIC}{partner}/{area}"), label=label)


def marker_bans(seat: str, partner: str, area: str) -> list[OfferMarkerBan]:
    return [
        OfferMarkerBan(power=seat, to=partner, bound=bound, area=area, secret=secret)
        for bound in (seat, partner)
        for secret in (False, True)
    ]


def unit_limits(state: PaxState, seat: str, partner: str, area: str) -> list[OfferUnitLimit]:
    """Limits on armies anywhere, on naval units in coastal areas only (§4.4.5)."""
    kinds = UNITS if _coastal(state, area) else ("army",)
    return [
        OfferUnitLimit(
            power=seat, to=partner, bound=bound, area=area, units=units, limit=0, secret=secret
        )
        for bound in (seat, partner)
        for units in kinds
        for secret in (False, True)
    ]


def _marker_ban_choice(action: OfferMarkerBan) -> Choice:
    params = {"to": action.to, "bound": action.bound, "area": action.area}
    label = Msg(key="pax.label.offer_marker_ban", params={**params, "secret": _secrecy(action)})
    return Choice.of(action, label=label).with_texts(clause=CLAUSE_LIMIT)


def _unit_limit_choice(action: OfferUnitLimit) -> Choice:
    params = {
        "to": action.to,
        "bound": action.bound,
        "area": action.area,
        "units": f"pax_units_{action.units}",
        "secret": _secrecy(action),
        "most": MAX_LIMIT,
    }
    label = Msg(key="pax.label.offer_unit_limit", params=params)
    choice = Choice.of(action, label=label, limit=IntRange(low=0, high=MAX_LIMIT))
    return choice.with_texts(clause=CLAUSE_LIMIT)


def _secrecy(item: OfferMarkerBan | OfferUnitLimit | TreatyOffer | Treaty) -> str:
    return "pax_treaty_secret" if item.secret else "pax_treaty_public"


# -- offering and signing -----------------------------------------------------------------------


def _written(clause: str) -> str:
    clause = clause.strip()
    if len(clause) > CLAUSE_LIMIT:
        raise IllegalAction("pax.error.clause_too_long", limit=CLAUSE_LIMIT)
    return clause


def on_offer_marker_ban(ctx: StepContext[PaxState], seat: str, action: OfferMarkerBan) -> None:
    state = ctx.state
    legal = marker_bans(seat, action.to, action.area)
    if action.model_copy(update={"clause": ""}) not in legal or not _offerable(state, seat, action):
        raise IllegalAction("pax.error.clause_not_offered")
    _file(ctx, action, kind="marker_ban")


def on_offer_unit_limit(ctx: StepContext[PaxState], seat: str, action: OfferUnitLimit) -> None:
    state = ctx.state
    legal = unit_limits(state, seat, action.to, action.area)
    plain = action.model_copy(update={"clause": "", "limit": 0})
    in_range = 0 <= action.limit <= MAX_LIMIT
    if plain not in legal or not in_range or not _offerable(state, seat, action):
        raise IllegalAction("pax.error.clause_not_offered")
    _file(ctx, action, kind="unit_limit", units=action.units, limit=action.limit)


def _offerable(state: PaxState, seat: str, action: OfferMarkerBan | OfferUnitLimit) -> bool:
    return action.to in _partners(state, seat) and action.area in areas(state, seat, action.to)


def _file(
    ctx: StepContext[PaxState],
    action: OfferMarkerBan | OfferUnitLimit,
    **terms: object,
) -> None:
    offer = TreatyOffer.model_validate(
        {
            "id": ctx.state.next_treaty,
            "sender": action.power,
            "to": action.to,
            "secret": action.secret,
            "bound": action.bound,
            "area": action.area,
            "clause": _written(action.clause),
            **terms,
        }
    )
    file_offer(ctx, offer)


def offer_text(offer: TreatyOffer) -> Msg:
    """What the recipient reads of a checked clause offered to it."""
    params = {
        "power": offer.sender,
        "to": offer.to,
        "secret": _secrecy(offer),
        **terms(offer),
    }
    return Msg(key=f"pax.prompt.{offer.kind}_offer", params=params)


def terms(item: TreatyOffer | Treaty) -> dict[str, JsonValue]:
    """The parameters that name a checked clause's terms in a sentence."""
    found: dict[str, JsonValue] = {"bound": item.bound, "area": item.area}
    if item.kind == "unit_limit":
        found |= {"units": f"pax_units_{item.units}", "limit": item.limit}
    return found


def agree(ctx: StepContext[PaxState], offer: TreatyOffer) -> None:
    """Both sign: a treaty like any other (public or secret), with its checked terms, told
    to those who may read it."""
    treaty = sign(ctx, offer)
    treaty.bound, treaty.area = offer.bound, offer.area
    treaty.units, treaty.limit = offer.units, offer.limit
    ctx.emit(
        f"pax.event.{treaty.kind}_terms",
        readers(ctx.state, treaty.parties) if treaty.secret else None,
        parties=list(treaty.parties),
        **terms(treaty),
    )
