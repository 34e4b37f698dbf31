"""The state of a Pax Britannica game: powers, markers, units, indices and the phase."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulesets.core import BaseState
from rulesets.pax_britannica.data import CONTROL_LEVELS, LEVELS, Level, PaxData, default_data
from rulesets.pax_britannica.data import parse_data as parse_data

SEAT_ORDER = ("britain", "france", "germany", "usa", "japan", "russia", "italy", "belgium")
MAX_REOPENINGS = 2
MAX_TRANSFERS = 3


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Unit(_Model):
    id: int
    power: str
    kind: Literal["army", "navy"]
    strength: int
    location: str
    role: str | None = None
    moved: bool = False


class Marker(_Model):
    power: str
    area: str
    level: Level
    established: bool = True
    needs_combat: bool = False
    before: Level | None = None
    placed_turn: int = -1
    placed_this_turn: bool = False

    @property
    def is_control(self) -> bool:
        return self.level in CONTROL_LEVELS

    @property
    def rank(self) -> int:
        return LEVELS.index(self.level) + 1


class Obligation(_Model):
    """Money a power must spend this turn (a forced-expenditure event, a garrison rebuild,
    Leopold's demand): `unit` says what qualifies, `left` how much is still owed."""

    reason: str
    unit: Literal["army", "navy", "any", "indian_army", "western_garrison", "control_marker"]
    left: int


class PowerState(_Model):
    treasury: int = 0
    vp: int = 0
    merchant_fleets: list[str] = Field(default_factory=list)
    fleets_to_take: int = 0
    record: dict[str, int] = Field(default_factory=dict)
    vp_record: list[dict[str, int]] = Field(default_factory=list)
    deficit: int = 0
    obligations: list[Obligation] = Field(default_factory=list)
    may_place: list[str] = Field(default_factory=list)
    purchase_bans: list[str] = Field(default_factory=list)
    office_factor: int = 1
    office_shift: int = 0
    transfers: int = 0
    ever_controlled: bool = False
    naval_right: bool = False
    leopold: bool = False
    menu: str | None = None
    fleets_moved: list[str] = Field(default_factory=list)


class SeatWindow(_Model):
    """A seat's standing in the open Movement / Status Change window."""

    done: bool = False
    reopenings: int = 0
    acted_since_done: bool = False


class Combat(_Model):
    power: str
    area: str


class CasusBelli(_Model):
    holder: str
    target: str
    area: str
    turn: int


class Declaration(_Model):
    """`power` went to war on `target` over `area`; `automatic` for Austria-Hungary's or
    Germany's entry in defence of the other (§4.11.4), which nobody declared."""

    power: str
    target: str
    area: str
    automatic: bool = False


class Spoil(_Model):
    """A conquered area waiting for its new holder to choose the marker it places (§4.11.12)."""

    power: str
    area: str


class SpoilsDivision(_Model):
    """§4.11.12: the victors' division of their conquests (area -> the victor proposed), its
    proposer (a power) while it is still drafting, the areas it already reassigned, the
    victors' seats still to accept; once one refused, the automatic Congress of §4.9: its
    host, its voting members and their ballots on the first area of `plan` not yet voted
    (`voted` holds the ones done); the division it adopted goes to the victors' signatures
    (`signing`, in seat order; `refused` the ones that defied it, §4.9 step 4)."""

    plan: dict[str, str]
    proposer: str = ""
    changed: list[str] = Field(default_factory=list)
    answering: list[str] = Field(default_factory=list)
    host: str = ""
    voters: list[str] = Field(default_factory=list)
    ballots: dict[str, str] = Field(default_factory=dict)
    voted: list[str] = Field(default_factory=list)
    signing: list[str] = Field(default_factory=list)
    refused: list[str] = Field(default_factory=list)


# -- the players' decisions inside a war (issue 20: losses, retreats, peace, passages) --


class WarDecision(_Model):
    """A choice a battle leaves to a seat (§4.11.8): where a retreating unit goes
    (`retreat`: `unit`), which units of an exchange's larger force are lost (`losses`:
    the majors' units `pool`, or the minors' once every major's is lost, must lose at least
    `need`), or whether another seat with such units there agrees to the losses proposed
    (`consent`: `proposal`, by `proposer`)."""

    kind: Literal["retreat", "losses", "consent"]
    seat: str
    place: str
    unit: int = 0
    pool: list[int] = Field(default_factory=list)
    need: int = 0
    proposal: list[int] = Field(default_factory=list)
    proposer: str = ""


PeaceTerms = Literal["none", "both", "ours", "theirs"]


class PeaceClause(_Model):
    """A further term of a peace offered in war (§4.11.12 "marker changes, payments, and so
    on"): `payment` (`giver` pays `receiver` `amount` £), `cession` (`giver`'s marker in
    `area` becomes `receiver`'s) or `settlement` (the disputed `area` settled for
    `receiver`: its marker stays, the other belligerents' fall as a Congress's would)."""

    kind: Literal["payment", "cession", "settlement"]
    giver: str = ""
    receiver: str
    amount: int = 0
    area: str = ""


class PeaceProposal(_Model):
    """Peace offered during a war (§4.11.12): `proposer`'s seat offers it, `keeps` says
    whose conquests are kept (nobody's, both sides', the proposer's side's or the other
    side's), `clauses` its further terms, added one by one while `drafting`; the seats
    still to answer, in seat order, and the powers that signed."""

    proposer: str
    keeps: PeaceTerms
    pending: list[str] = Field(default_factory=list)
    signed: list[str] = Field(default_factory=list)
    clauses: list[PeaceClause] = Field(default_factory=list)
    drafting: bool = False

    @model_validator(mode="before")
    @classmethod
    def _one_clause_to_list(cls, data: Any) -> Any:
        """A proposal saved when a peace carried at most one term (`clause`) loads as a
        list of terms."""
        if isinstance(data, dict) and "clause" in data:
            data = dict(data)
            clause = data.pop("clause")
            data.setdefault("clauses", [clause] if clause is not None else [])
        return data


class PassageQuestion(_Model):
    """A seat whose power controls a strait's or a built canal's area is asked, as a war
    begins or when a unit tries to pass, to whom it denies passage (§4.13)."""

    passage: str
    seat: str


class PassageMove(_Model):
    """A unit's step between two seas through a strait or canal (§4.13), waiting while the
    neutral controllers answer whether they let its alliance through."""

    unit: int
    to: str
    passages: list[str]


class CoalingRequest(_Model):
    """A navy's step into a sea where only a neutral's marker could give it coaling rights
    (§4.11.7), waiting while those neutrals answer, in seat order (`asked`)."""

    unit: int
    to: str
    asked: list[str]


class PassageCall(_Model):
    """A declaration of war a seat may make at once and only then: a seat of the alliance
    a neutral denied passage, on that neutral (`passage`, §4.13), or a neutral codominion
    member on the belligerent that entered the codominion (`codominion`, §4.11.7):
    `power` on `target` over `area`."""

    seat: str
    power: str
    target: str
    area: str
    reason: Literal["passage", "codominion"] = "passage"

    @property
    def neutral(self) -> str:
        return self.power if self.reason == "codominion" else self.target


class War(_Model):
    """One war of this turn: its two sides and its declarations, in order, and where its
    war sequence stands (§4.11.2): the cycle, the First Alliance (`first`, a side index),
    which half of the cycle is playing (`half` 0: the First Alliance, 1: the Second), the
    step, the seats still to act in it, the places each seat attacked this attack phase
    (`"seat place kind"`), the areas each side conquered, the surrendered units (off the
    map until the war ends), who moves a minor's units, and the spoils still to place. An
    Ottoman war or a Chinese rebellion (`kind`) has the natives alone on side 0 and
    records the areas whose CC their enemies defeated."""

    sides: tuple[list[str], list[str]]
    declarations: list[Declaration] = Field(default_factory=list)
    kind: Literal["war", "ottoman", "rebellion"] = "war"
    defeated: list[str] = Field(default_factory=list)
    cycle: int = 0
    first: int = 0
    half: int = 0
    step: Literal["manoeuvre", "attack", "spoils"] = "manoeuvre"
    waiting: list[str] = Field(default_factory=list)
    fought: list[str] = Field(default_factory=list)
    attacked: bool = False
    quiet_cycles: int = 0
    conquered: dict[str, int] = Field(default_factory=dict)
    prisoners: list[Unit] = Field(default_factory=list)
    controllers: dict[str, str] = Field(default_factory=dict)
    spoils: list[Spoil] = Field(default_factory=list)
    division: SpoilsDivision | None = None
    # issue 20, the players' decisions: battle choices waiting, the peace on the table,
    # the seats that proposed peace this cycle, and the passages denied (id -> powers).
    decisions: list[WarDecision] = Field(default_factory=list)
    peace: PeaceProposal | None = None
    peace_offered: list[str] = Field(default_factory=list)
    denials: dict[str, list[str]] = Field(default_factory=dict)
    opened: bool = False
    passage_questions: list[PassageQuestion] = Field(default_factory=list)
    passage_votes: dict[str, dict[str, str]] = Field(default_factory=dict)
    passage_calls: list[PassageCall] = Field(default_factory=list)
    settled: list[str] = Field(default_factory=list)  # disputed areas a peace settled
    # A step through a strait or canal waiting for its controllers, and the sides they let
    # through this cycle (passage id -> side indexes).
    passage_move: PassageMove | None = None
    passage_grants: dict[str, list[int]] = Field(default_factory=dict)
    # Coaling a neutral granted (its area -> powers, for the rest of the war), the refusals
    # of this cycle ("neutral power"), and a navy's step waiting for a neutral's answer.
    coaling_grants: dict[str, list[str]] = Field(default_factory=dict)
    coaling_refusals: list[str] = Field(default_factory=list)
    coaling_request: CoalingRequest | None = None

    @property
    def acting(self) -> int:
        """The side whose manoeuvre or attack phase this is."""
        return self.first if self.half == 0 else 1 - self.first

    @property
    def powers(self) -> list[str]:
        return [*self.sides[0], *self.sides[1]]


TreatyKind = Literal[
    "defensive",
    "offensive",
    "non_aggression",
    "payment",
    "accord",
    "marker_ban",
    "unit_limit",
]
# What an offer may carry besides a lasting treaty: clauses that act once, at signature.
OfferKind = Literal[
    "defensive",
    "offensive",
    "non_aggression",
    "payment",
    "cession",
    "codominion",
    "void",
    "accession",
    "withdrawal",
    "marker_ban",
    "unit_limit",
]


class Treaty(_Model):
    """A signed treaty (§4.8) with its structured clause: a defensive alliance (a partner
    attacked by a non-signatory calls the others in), an offensive one (a partner's
    declaration calls the others in) or a non-aggression pact. A secret treaty is known to
    its parties alone until it is used to obtain a casus belli. A payment treaty
    (clauses.py) has its payer first and the £ `amount` it pays each turn. An accord
    (accords.py) keeps the free-text clause of an offer that acted once."""

    id: int
    kind: TreatyKind
    parties: list[str]
    secret: bool
    turn: int
    amount: int = 0
    clause: str = ""  # the free-text clause the proposer wrote (§4.8), "" for none
    # A checked clause (checked_clauses.py): the `bound` power places no marker in `area`
    # (marker_ban), or keeps there at most `limit` units of kind `units` (unit_limit).
    bound: str = ""
    area: str = ""
    units: str = ""
    limit: int = 0
    violated_by: str = ""  # a secret checked clause found broken, until its claim


class BreachClaim(_Model):
    """A signatory's claim that its partner broke a treaty's free-text clause (§4.8):
    asked of the accused, then, contested, judged by the other seats' `votes` (seat ->
    confirmed)."""

    treaty: int
    claimant: str
    accused: str
    contested: bool = False
    votes: dict[str, bool] = Field(default_factory=dict)


class TreatyOffer(_Model):
    """A treaty one power proposed to another in the Negotiation phase, not yet answered.
    The clauses of clauses.py add their terms: a payment's `amount` (paid by the sender,
    once or each turn), a cession's or codominion's `area`, the `treaty` to void, join or
    withdraw from (memberships.py). An offer that several powers must sign lists those who
    have not yet signed in `answering`; empty, `to` alone answers."""

    id: int
    sender: str
    to: str
    kind: OfferKind
    secret: bool
    amount: int = 0
    per_turn: bool = False
    area: str = ""
    treaty: int = 0
    clause: str = ""
    answering: list[str] = Field(default_factory=list)
    bound: str = ""  # a checked clause's bound power, unit kind and limit (Treaty)
    units: str = ""
    limit: int = 0


class TreatyCall(_Model):
    """A signatory its treaty obliges to declare war on `target` over `area` (§4.11.4)."""

    treaty: int
    power: str
    target: str
    area: str


class Congress(_Model):
    """The turn's Congress of Europe (§4.9): its host, its members (the voters: A-H never
    votes), the disputes on its agenda (areas, in order), and where the current one stands:
    the members still to propose, the proposal (the party it favours), the votes cast, and
    the parties still to sign or that refused. Before the debates: the USA or Japan the
    European members vote on inviting (`guests`), the members still to make their free
    changes (`free_turns`, §4.7 method 3) and the list one of them opened (`free_menu`);
    `ballots` are the members' votes on which dispute comes next. After a defiance, the
    members with a casus belli against a defier of `defied` still to say whether they go to
    war at once (`warmakers`, §4.9 step 7). One treaty settling every dispute
    (congress_treaty.py): `package` (area -> the party whose marker stays) while drafted
    and on the table, and the areas its drafter changed."""

    caller: str
    host: str
    members: list[str]
    agenda: list[str]
    step: Literal["invite", "free", "order", "propose", "treaty", "vote", "sign", "war"] = "propose"
    proposers: list[str] = Field(default_factory=list)
    favoured: str | None = None
    indemnity: int = 0  # a sanction's proposal (sanctions.py): £ to each wronged signatory
    partner: str = ""  # a codominion share the proposal grants (codominion_grants.py)
    votes: dict[str, bool] = Field(default_factory=dict)
    signers: list[str] = Field(default_factory=list)
    refused: list[str] = Field(default_factory=list)
    guests: list[str] = Field(default_factory=list)
    free_turns: list[str] = Field(default_factory=list)
    free_menu: Literal["", "remove", "give"] = ""
    ballots: dict[str, str] = Field(default_factory=dict)
    defied: str = ""
    warmakers: list[str] = Field(default_factory=list)
    package: dict[str, str] = Field(default_factory=dict)
    package_changed: list[str] = Field(default_factory=list)


class MinorDefence(_Model):
    """`defender` announced it defends `minor`'s rights in `area` against `target` (§4.3.4,
    minor_rights.py); `bound` once the target defied the Congress over it."""

    defender: str
    minor: str
    target: str
    area: str
    bound: bool = False


class LogEntry(_Model):
    amount: int
    reason: str
    turn: int
    power: str | None = None


class PaxState(BaseState):
    phase: str = "setup"
    turn: int = 0
    tension: int = 0
    resentment: int = 0
    tension_log: list[LogEntry] = Field(default_factory=list)
    resentment_log: list[LogEntry] = Field(default_factory=list)
    powers: dict[str, PowerState] = Field(default_factory=dict)
    units: list[Unit] = Field(default_factory=list)
    next_unit: int = 1
    markers: list[Marker] = Field(default_factory=list)
    unrest: list[str] = Field(default_factory=list)
    canals: dict[str, str] = Field(default_factory=dict)
    balkan_wars: int = 0
    extra_routes: list[tuple[str, str]] = Field(default_factory=list)
    removed_routes: list[tuple[str, str]] = Field(default_factory=list)
    events_this_turn: list[str] = Field(default_factory=list)
    windows: dict[str, SeatWindow] = Field(default_factory=dict)
    combats: list[Combat] = Field(default_factory=list)
    casus_belli: list[CasusBelli] = Field(default_factory=list)
    wars: list[War] = Field(default_factory=list)
    war_answers: list[str] = Field(default_factory=list)
    treaties: list[Treaty] = Field(default_factory=list)
    offers: list[TreatyOffer] = Field(default_factory=list)
    next_treaty: int = 1
    proposals: dict[str, int] = Field(default_factory=dict)
    negotiation_done: list[str] = Field(default_factory=list)
    negotiation_menus: dict[str, str] = Field(default_factory=dict)  # seat -> open topic
    claims: list[BreachClaim] = Field(default_factory=list)
    treaty_calls: list[TreatyCall] = Field(default_factory=list)
    payments_due: list[int] = Field(default_factory=list)  # payment treaties owed this turn
    treaty_bonuses_earned: list[str] = Field(default_factory=list)  # "once" ones: "bonus/power"
    congress: Congress | None = None
    congress_asked: list[str] = Field(default_factory=list)
    minor_defences: list[MinorDefence] = Field(default_factory=list)
    defence_asked: list[str] = Field(default_factory=list)
    minor_suppressed: list[Combat] = Field(default_factory=list)
    minor_blocked: list[str] = Field(default_factory=list)
    ottoman_possessions: list[str] = Field(default_factory=list)
    pending_rebellion: bool = False
    ottoman_war_pending: list[str] = Field(default_factory=list)
    ottoman_supporters: dict[str, int] = Field(default_factory=dict)  # power -> side joined
    ottoman_asked: list[str] = Field(default_factory=list)
    cessions: dict[str, str] = Field(default_factory=dict)  # a rebellion's claims: power -> area
    cession_parties: list[str] = Field(default_factory=list)  # who must agree on them
    cession_answers: list[str] = Field(default_factory=list)
    great_war: bool = False
    great_war_blame: list[str] = Field(default_factory=list)
    final_record: dict[str, dict[str, int]] = Field(default_factory=dict)
    ranking: list[list[str]] = Field(default_factory=list)
    custom_data: dict[str, Any] | None = None
    custom_digest: str | None = None


def digest_of(raw: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(raw, sort_keys=True).encode()).hexdigest()


def game_data(state: PaxState) -> PaxData:
    """The campaign's tables: its loaded file, else the shipped provisional set. A loaded
    file is parsed once per process and found again by its digest (set with the data when
    the campaign starts), since every query of every step asks for it."""
    if state.custom_data is None or state.custom_digest is None:
        return default_data()
    found = _LOADED.get(state.custom_digest)
    if found is None:
        found = parse_data(state.custom_data)
        if len(_LOADED) >= 16:
            _LOADED.clear()
        _LOADED[state.custom_digest] = found
    return found


_LOADED: dict[str, PaxData] = {}


# -- who plays what -------------------------------------------------------------------


def majors(state: PaxState) -> list[str]:
    """The major powers of this game in seat order, Austria-Hungary after Germany."""
    return list(_majors_of(tuple(state.seats)))


@lru_cache(maxsize=64)
def _majors_of(seats: tuple[str, ...]) -> tuple[str, ...]:
    order: list[str] = []
    for seat in SEAT_ORDER:
        if seat in seats:
            order.append(seat)
            if seat == "germany":
                order.append("austria_hungary")
    return tuple(order)


def minors(state: PaxState) -> list[str]:
    data = game_data(state)
    playing = set(majors(state))
    return [p.id for p in data.powers if p.id not in playing]


def is_major(state: PaxState, power: str) -> bool:
    return power in majors(state)


def seat_of(state: PaxState, power: str) -> str | None:
    """The seat that decides for `power` (Germany for Austria-Hungary), None for a minor."""
    if power in state.seats:
        return power
    data = game_data(state)
    if not data.is_home(power):  # the Ottoman Empire's armies in an Ottoman war
        return None
    run_by = data.power(power).run_by
    if run_by in state.seats:
        return run_by
    return None


def powers_of(state: PaxState, seat: str) -> list[str]:
    """The major powers `seat` decides for (asked for every seat at every step, so the
    answer is remembered per game make-up)."""
    key = (tuple(state.seats), state.custom_digest)
    by_seat = _POWERS_BY_SEAT.get(key)
    if by_seat is None:
        by_seat = {}
        for power in majors(state):
            owner = seat_of(state, power)
            if owner is not None:
                by_seat.setdefault(owner, []).append(power)
        if len(_POWERS_BY_SEAT) > 64:
            _POWERS_BY_SEAT.clear()
        _POWERS_BY_SEAT[key] = by_seat
    return list(by_seat.get(seat, []))


_POWERS_BY_SEAT: dict[tuple[tuple[str, ...], str | None], dict[str, list[str]]] = {}


def turn_year(state: PaxState) -> int:
    return game_data(state).turns[state.turn].year


def last_turn(state: PaxState) -> int:
    limit = int(state.options.get("turns", 10))
    return min(limit, len(game_data(state).turns)) - 1


# -- board queries on markers and units ------------------------------------------------


def marker_of(state: PaxState, power: str, area: str) -> Marker | None:
    for marker in state.markers:
        if marker.power == power and marker.area == area:
            return marker
    return None


def markers_in(state: PaxState, area: str) -> list[Marker]:
    return [m for m in state.markers if m.area == area]


def units_of(state: PaxState, power: str, kind: str | None = None) -> list[Unit]:
    return [u for u in state.units if u.power == power and (kind is None or u.kind == kind)]


def armies_in(state: PaxState, power: str, area: str) -> list[Unit]:
    return [u for u in state.units if u.power == power and u.kind == "army" and u.location == area]


def unit_by_id(state: PaxState, unit_id: int) -> Unit | None:
    return next((u for u in state.units if u.id == unit_id), None)


def area_type(state: PaxState, area: str) -> str:
    """The area's type, an Ottoman possession (§4.17.1) counting as an Ottoman area."""
    if area in state.ottoman_possessions:
        return "ottoman"
    return game_data(state).area(area).type


def established_control(state: PaxState, power: str) -> set[str]:
    return {m.area for m in state.markers if m.power == power and m.is_control and m.established}
