"""Every order a Pax Britannica player can give in the peacetime phases."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rulesets.core import Action
from rulesets.pax_britannica.data import Level

Menu = Literal["markers", "downgrade", "units", "armies", "navies", "fleets", "canal", "transfer"]


class EliminateUnit(Action):
    """Deficit (§4.2.4): give up an overseas unit to cover the shortfall."""

    type: Literal["eliminate_unit"] = "eliminate_unit"
    power: str
    unit: int


class EliminateMarker(Action):
    """Deficit (§4.2.4): give up a status marker to cover the shortfall."""

    type: Literal["eliminate_marker"] = "eliminate_marker"
    power: str
    area: str


class Done(Action):
    """Movement / Status Change: this seat has finished for now."""

    type: Literal["done"] = "done"


class StayDone(Action):
    type: Literal["stay_done"] = "stay_done"


class Reopen(Action):
    type: Literal["reopen"] = "reopen"


class OpenMenu(Action):
    type: Literal["open_menu"] = "open_menu"
    power: str
    menu: Menu


class CloseMenu(Action):
    type: Literal["close_menu"] = "close_menu"
    power: str


class PlaceMarker(Action):
    """Buy and place a status marker, or upgrade one's own established marker."""

    type: Literal["place_marker"] = "place_marker"
    power: str
    area: str
    level: Level


class Downgrade(Action):
    """Voluntarily reduce one's interest or influence (nothing is refunded)."""

    type: Literal["downgrade"] = "downgrade"
    power: str
    area: str
    to: Literal["interest", "none"]


class BuyUnit(Action):
    type: Literal["buy_unit"] = "buy_unit"
    power: str
    kind: Literal["army", "navy"]
    strength: Literal[1, 3, 10]


class MoveUnit(Action):
    type: Literal["move_unit"] = "move_unit"
    power: str
    unit: int
    to: str


class TakeFleet(Action):
    """Place one of this turn's new merchant fleets from the turn record track."""

    type: Literal["take_fleet"] = "take_fleet"
    power: str
    sea: str


class MoveFleet(Action):
    type: Literal["move_fleet"] = "move_fleet"
    power: str
    sea: str
    to: str


class BuildCanal(Action):
    type: Literal["build_canal"] = "build_canal"
    power: str
    area: str


class Transfer(Action):
    type: Literal["transfer"] = "transfer"
    power: str
    to: str
    amount: int


class Fight(Action):
    """Colonial combat: attack the area's combat capacity."""

    type: Literal["fight"] = "fight"
    power: str
    area: str


class Abandon(Action):
    """Colonial combat: give the marker up and withdraw without a roll (A-14)."""

    type: Literal["abandon"] = "abandon"
    power: str
    area: str


class DeclareWar(Action):
    """War phase (§4.11.4): go to war on the power that gave a casus belli over `area`."""

    type: Literal["declare_war"] = "declare_war"
    power: str
    target: str
    area: str


class NoWar(Action):
    """War phase: declare no (further) war this turn; the casus belli lapse."""

    type: Literal["no_war"] = "no_war"
    power: str


class WarMove(Action):
    """War, manoeuvre phase (§4.11.7): one unit steps to one adjacent area or sea zone."""

    type: Literal["war_move"] = "war_move"
    power: str
    unit: int
    to: str


class WarAttack(Action):
    """War, attack phase (§4.11.8): the seat's armies or navies at `place` attack every
    enemy unit of their kind there."""

    type: Literal["war_attack"] = "war_attack"
    place: str
    kind: Literal["army", "navy"]


class WarStepDone(Action):
    """War: this seat has finished its manoeuvre or attack phase."""

    type: Literal["war_step_done"] = "war_step_done"


class WarSpoils(Action):
    """War's end (§4.11.12): the marker placed free in a conquered area, or none."""

    type: Literal["war_spoils"] = "war_spoils"
    power: str
    area: str
    level: Literal["possession", "protectorate", "influence", "interest", "none"]


class ProposeSpoils(Action):
    """War's end (§4.11.12): the proposer gives a conquered area to another victor, or
    (area "") puts its division to the other victors."""

    type: Literal["propose_spoils"] = "propose_spoils"
    area: str
    power: str


class AnswerSpoils(Action):
    """War's end (§4.11.12): a victor accepts the proposed division or refuses it (a
    Congress then divides the spoils)."""

    type: Literal["answer_spoils"] = "answer_spoils"
    accept: bool


class VoteSpoils(Action):
    """The automatic Congress over the spoils (§4.9, §4.11.12): a member's vote on which
    victor receives the area on the table."""

    type: Literal["vote_spoils"] = "vote_spoils"
    area: str
    power: str


class ProposeTreaty(Action):
    """Negotiation (§4.8): offer a treaty to another power, secret or public."""

    type: Literal["propose_treaty"] = "propose_treaty"
    power: str
    to: str
    kind: Literal["defensive", "offensive", "non_aggression"]
    secret: bool
    clause: str = ""  # a free-text clause the proposer types (§4.8), at most CLAUSE_LIMIT


class AnswerOffer(Action):
    """Negotiation: sign the treaty offered, or refuse it."""

    type: Literal["answer_offer"] = "answer_offer"
    offer: int
    accept: bool


class Withdraw(Action):
    """Negotiation (§4.7 methods 1 and 2): reduce one's own marker in a disputed area to
    settle the dispute (ET +1 a level)."""

    type: Literal["withdraw"] = "withdraw"
    power: str
    area: str
    to: Literal["interest", "none"]


class EndNegotiation(Action):
    type: Literal["end_negotiation"] = "end_negotiation"


class OpenNegotiation(Action):
    """Negotiation: open the second prompt of one topic, a partner power's offers or the
    settlement of disputes (the first prompt stays short)."""

    type: Literal["open_negotiation"] = "open_negotiation"
    topic: str


class CloseNegotiation(Action):
    type: Literal["close_negotiation"] = "close_negotiation"


class ClaimBreach(Action):
    """Negotiation (§4.8): claim that a partner broke a treaty's free-text clause; the
    `accused` is named when the treaty has more than two parties ("" is the only other)."""

    type: Literal["claim_breach"] = "claim_breach"
    power: str
    treaty: int
    accused: str = ""


class AnswerClaim(Action):
    """Negotiation: the accused admits the breach claimed, or contests it."""

    type: Literal["answer_claim"] = "answer_claim"
    treaty: int
    admit: bool


class JudgeClaim(Action):
    """Negotiation: a seat outside the treaty confirms a contested claim, or rejects it."""

    type: Literal["judge_claim"] = "judge_claim"
    treaty: int
    confirm: bool


class AnswerCall(Action):
    """War phase (§4.11.4): honour a treaty's call to war (declare, ET +5) or refuse it
    (the treaty is broken: ET +5 and the partners gain a casus belli)."""

    type: Literal["answer_call"] = "answer_call"
    treaty: int
    honour: bool


class CallCongress(Action):
    """Congress (§4.9): a casus belli holder calls the Congress of Europe at `site`, or
    (`site` empty) lets the phase pass."""

    type: Literal["call_congress"] = "call_congress"
    power: str
    site: str


class ProposeSettlement(Action):
    """Congress: propose the settlement of the dispute on the table that keeps `favoured`'s
    marker and brings the other parties' down to what the law allows; `favoured` empty
    passes."""

    type: Literal["propose_settlement"] = "propose_settlement"
    power: str
    favoured: str
    partner: str = ""  # a member given a codominion share beside `favoured` (codominion_grants)


class CongressVote(Action):
    type: Literal["congress_vote"] = "congress_vote"
    power: str
    approve: bool


class InviteGuest(Action):
    """Congress (§4.9): a European member votes on inviting the USA or Japan (`guest`),
    which attends only if every one of them invites it."""

    type: Literal["invite_guest"] = "invite_guest"
    power: str
    guest: str
    invite: bool


class FreeChange(Action):
    """Congress (§4.7 method 3, free_changes.py): `done` ends the member's free changes;
    `remove` or `give` with no area opens that list, `back` closes it; with an area,
    `remove` takes the member's marker off, `give` replaces it by `recipient`'s."""

    type: Literal["free_change"] = "free_change"
    power: str
    step: Literal["done", "remove", "give", "back"]
    area: str = ""
    recipient: str = ""


class VoteOrder(Action):
    """Congress (§4.9 "in an order the Congress chooses, by vote if necessary"): a member
    votes for the dispute (`item`: an area, or a treaty breaker's home) taken up next."""

    type: Literal["vote_order"] = "vote_order"
    power: str
    item: str


class DraftTreaty(Action):
    """Congress (§4.9, congress_treaty.py): with no area, draft one treaty settling every
    dispute instead of proposing on the dispute on the table, or, drafting, put it to the
    vote; with an area, give it in the draft to `favoured`, another of its parties."""

    type: Literal["draft_treaty"] = "draft_treaty"
    power: str
    area: str = ""
    favoured: str = ""


class SignSettlement(Action):
    """Congress: a party to the dispute signs the adopted settlement, or defies the Congress."""

    type: Literal["sign_settlement"] = "sign_settlement"
    power: str
    sign: bool


# -- issue 20: the players' decisions inside a war --


class WarRetreat(Action):
    """War, after an AR or DR (§4.11.8): where one retreating unit goes."""

    type: Literal["war_retreat"] = "war_retreat"
    unit: int
    to: str


class WarLosses(Action):
    """War, after an exchange (§4.11.8, A-5): the units of the larger force that are lost."""

    type: Literal["war_losses"] = "war_losses"
    units: list[int]


class WarConsent(Action):
    """War, after an exchange: agree to the losses another major proposed, or refuse (then
    every major's unit of the larger force is lost, §4.11.8)."""

    type: Literal["war_consent"] = "war_consent"
    agree: bool


class ProposePeace(Action):
    """War (§4.11.12): offer peace to every belligerent; `keeps` says whose conquests stay
    conquered (none, both sides', the proposer's side's, the other side's)."""

    type: Literal["propose_peace"] = "propose_peace"
    power: str
    keeps: Literal["none", "both", "ours", "theirs"]


class PeaceTerm(Action):
    """War (§4.11.12): the proposer adds a further term to its peace before it is offered,
    one at a time (`none`: offer it with the terms added so far): `giver` pays `receiver`
    `amount` £, hands it its marker in `area`, or the disputed `area` is settled for
    `receiver`."""

    type: Literal["peace_term"] = "peace_term"
    kind: Literal["none", "payment", "cession", "settlement"]
    giver: str = ""
    receiver: str = ""
    amount: int = 0
    area: str = ""


class AnswerPeace(Action):
    """War: sign the peace on the table, or refuse it and fight on."""

    type: Literal["answer_peace"] = "answer_peace"
    sign: bool


class GrantCoaling(Action):
    """War (§4.11.7): the neutral `power` lets the navy waiting to enter a sea coal at its
    markers beside that sea for the rest of the war, or refuses."""

    type: Literal["grant_coaling"] = "grant_coaling"
    power: str
    grant: bool


class DenyPassage(Action):
    """War (§4.13): the controller of a strait's or a built canal's area denies passage
    to neither alliance (when a unit waits to pass: lets it through), the first, the
    second or both."""

    type: Literal["deny_passage"] = "deny_passage"
    passage: str
    deny: Literal["none", "first", "second", "both"]


# -- treaty clauses (clauses.py) ------------------------------------------------------------


class OfferPayment(Action):
    """Negotiation (§4.8 "payments of £ between players"): offer to pay another power
    `amount` £, once at signature or also at each later Negotiation phase."""

    type: Literal["offer_payment"] = "offer_payment"
    power: str
    to: str
    amount: int
    per_turn: bool
    secret: bool
    clause: str = ""  # a free-text clause the proposer types (§4.8)


class OfferCession(Action):
    """Negotiation (§4.8 "transfer of status markers"): offer to hand one's own marker in
    `area` to another power, which receives the same marker there."""

    type: Literal["offer_cession"] = "offer_cession"
    power: str
    to: str
    area: str
    clause: str = ""  # a free-text clause the proposer types (§4.8)


class OfferCodominion(Action):
    """Negotiation (§4.7 method 4): agree a codominion in `area` with the other power that
    holds a marker there; the holder of the influence raises it to a protectorate (10 £)."""

    type: Literal["offer_codominion"] = "offer_codominion"
    power: str
    to: str
    area: str
    clause: str = ""  # a free-text clause the proposer types (§4.8)


class OfferVoid(Action):
    """Negotiation (§4.8 "by mutual agreement of all parties, a treaty may be voided")."""

    type: Literal["offer_void"] = "offer_void"
    power: str
    treaty: int
    clause: str = ""  # a free-text clause the proposer types (§4.8)


class OfferMarkerBan(Action):
    """Negotiation (§4.8 "a ban on placing markers in named areas", checked_clauses.py):
    offer a treaty by which `bound` (either party) places no status marker in `area`."""

    type: Literal["offer_marker_ban"] = "offer_marker_ban"
    power: str
    to: str
    bound: str
    area: str
    secret: bool
    clause: str = ""


class OfferUnitLimit(Action):
    """Negotiation (§4.8 "a ban on keeping N units in an area", checked_clauses.py): offer a
    treaty by which `bound` keeps at most `limit` units of kind `units` in `area`."""

    type: Literal["offer_unit_limit"] = "offer_unit_limit"
    power: str
    to: str
    bound: str
    area: str
    units: Literal["army", "navy"]
    limit: int
    secret: bool
    clause: str = ""


class OfferAccession(Action):
    """Negotiation (§4.8, memberships.py): a party to an alliance or pact offers the power
    `to` to join it; every party and the joining power must sign."""

    type: Literal["offer_accession"] = "offer_accession"
    power: str
    treaty: int
    to: str


class OfferWithdrawal(Action):
    """Negotiation (§4.8 "by mutual agreement, one signatory may withdraw"): `power` asks
    the other parties to let it leave the treaty, which stays in force for them."""

    type: Literal["offer_withdrawal"] = "offer_withdrawal"
    power: str
    treaty: int


class ProposeSanction(Action):
    """Congress (§4.8, sanctions.py): propose that the treaty breaker on the table pay each
    wronged signatory `amount` £; 0 passes."""

    type: Literal["propose_sanction"] = "propose_sanction"
    power: str
    amount: int


class OttomanSide(Action):
    """War phase, before the Ottoman war (§4.11.14, A-53): stay out, or support the
    Ottomans or the powers they attack (a declaration of war: ET +5)."""

    type: Literal["ottoman_side"] = "ottoman_side"
    power: str
    side: Literal["none", "ottoman", "attacked"]


class DefendMinor(Action):
    """Congress phase (§4.3.4): announce, or not, that `power` defends `minor`'s rights in
    `area` against the major whose control marker there wronged it."""

    type: Literal["defend_minor"] = "defend_minor"
    power: str
    minor: str
    area: str
    defend: bool


class AgreeCessions(Action):
    """End of the War phase (§4.11.13): a power with units in China at the end of a crushed
    rebellion agrees to the claims as they stand, or refuses (then nothing is ceded)."""

    type: Literal["agree_cessions"] = "agree_cessions"
    power: str
    accept: bool


class PayTreaty(Action):
    """Negotiation: pay this turn's sum a payment treaty owes, or stop paying (a breach)."""

    type: Literal["pay_treaty"] = "pay_treaty"
    treaty: int
    pay: bool


PaxAction = Annotated[
    EliminateUnit
    | EliminateMarker
    | Done
    | StayDone
    | Reopen
    | OpenMenu
    | CloseMenu
    | PlaceMarker
    | Downgrade
    | BuyUnit
    | MoveUnit
    | TakeFleet
    | MoveFleet
    | BuildCanal
    | Transfer
    | Fight
    | Abandon
    | DeclareWar
    | NoWar
    | WarMove
    | WarAttack
    | WarStepDone
    | WarSpoils
    | ProposeSpoils
    | AnswerSpoils
    | VoteSpoils
    | ProposeTreaty
    | AnswerOffer
    | Withdraw
    | EndNegotiation
    | OpenNegotiation
    | CloseNegotiation
    | ClaimBreach
    | AnswerClaim
    | JudgeClaim
    | AnswerCall
    | CallCongress
    | ProposeSettlement
    | DraftTreaty
    | CongressVote
    | SignSettlement
    | InviteGuest
    | FreeChange
    | VoteOrder
    | WarRetreat
    | WarLosses
    | WarConsent
    | ProposePeace
    | PeaceTerm
    | AnswerPeace
    | DenyPassage
    | GrantCoaling
    | OfferPayment
    | OfferCession
    | OfferCodominion
    | OfferVoid
    | OfferAccession
    | OfferWithdrawal
    | OfferMarkerBan
    | OfferUnitLimit
    | PayTreaty
    | ProposeSanction
    | OttomanSide
    | DefendMinor
    | AgreeCessions,
    Field(discriminator="type"),
]
