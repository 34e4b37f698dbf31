"""Random legal play steered toward issue 20's diplomacy, for the whole-game acceptance
tests (SimCord and console): the first seat able to offers a public defensive alliance
and the first offer is signed, the first casus belli holder asked calls a Congress (which
settles nothing, so that its disputes go on to war), and the first holder asked to declare
war does; every other decision is a random legal choice (the Movement window mostly
random, so that the board fills and casus belli arise, else the autopilot), with few
further calls and declarations so that the game usually reaches 1916."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rulesets.core import Choice, Prompt
from rulesets.pax_britannica import PAX, negotiation
from rulesets.pax_britannica.actions import ProposeTreaty
from rulesets.pax_britannica.state import CasusBelli, PaxState
from tests.random_play import random_action

WINDOW_KINDS = ("movement", "reopen")
WINDOW_RANDOM = 0.8  # the share of random choices in the Movement window
CONGRESS_KINDS = ("congress_proposal", "congress_vote", "congress_signature")
QUIET = ("favoured", "approve", "sign")  # what a proposal, a vote and a signature grant
# The Congress's opening: invitations, free changes, the order of its disputes.
OPENING_KINDS = ("congress_invitation", "congress_free", "congress_order")


@dataclass
class Steering:
    rng: random.Random
    offered: bool = False
    called: bool = False
    declared: bool = False
    done: list[str] = field(default_factory=list)  # the steered acts, in order

    def action(self, state: PaxState, prompt: Prompt, step: int) -> dict[str, Any]:
        steered = self._steered(state, prompt)
        if steered is not None:
            return steered.instantiate()
        if prompt.kind in ("negotiation", "congress_call", "war_declaration"):
            # Mostly the quiet answer (listed first), sometimes anything legal.
            if self.rng.random() < 0.85:
                return prompt.choices[0].instantiate()
            return random_action(prompt, self.rng)
        if prompt.kind in WINDOW_KINDS or prompt.kind.startswith("menu_"):
            if self.rng.random() < WINDOW_RANDOM:
                return random_action(prompt, self.rng)
            return PAX.autopilot_action(state, prompt.seat, step)
        return random_action(prompt, self.rng)

    def _steered(self, state: PaxState, prompt: Prompt) -> Choice | None:
        if prompt.kind == "negotiation" and not self.offered:
            offers = [
                c
                for c in prompt.choices
                if c.kind == "propose_treaty"
                and c.action["kind"] == "defensive"
                and not c.action["secret"]
            ]
            if offers:
                self.offered = True
                return self._note(self.rng.choice(offers), "offered")
            partners = {
                p.to
                for p in negotiation.proposals(state, prompt.seat)
                if p.kind == "defensive" and not p.secret
            }
            topics = [c for c in prompt.choices if c.action.get("topic") in partners]
            if topics:  # the first menu: open a partner's offers
                return self.rng.choice(topics)
        if prompt.kind == "treaty_offer" and "signed" not in self.done:
            return self._note(next(c for c in prompt.choices if c.action["accept"]), "signed")
        if prompt.kind == "congress_call" and not self.called:
            self.called = True
            return self._note(self.rng.choice(prompt.choices[1:]), "called")
        if prompt.kind in OPENING_KINDS and not self.declared:
            return prompt.choices[0]  # nobody invited, no free change, alphabetical order
        if prompt.kind in CONGRESS_KINDS and not self.declared:
            # The first Congress settles nothing, so that its disputes go on to war.
            return next(c for c in prompt.choices if not any(c.action.get(k) for k in QUIET))
        if prompt.kind == "war_declaration" and not self.declared:
            self.declared = True
            return self._note(self.rng.choice(prompt.choices[1:]), "declared")
        return None

    def _note(self, choice: Choice, what: str) -> Choice:
        self.done.append(what)
        return choice


@dataclass
class SecretAlliance:
    """Random legal play steered to issue 20's secret-treaty turn: in the first
    Negotiation phase where a seat holds a casus belli against another seat, the target
    offers a third seat a secret defensive alliance, which it signs; nobody calls a
    Congress; the holder declares war on the target, which calls the partner to war (a
    private prompt) and the partner honours the call, publishing the treaty. Other offers
    are refused, other declarations not made; the Movement window is half random, half the
    autopilot, and every other decision random."""

    rng: random.Random
    dispute: CasusBelli | None = None
    partner: str | None = None
    signed: bool = False
    honoured: bool = False

    def action(self, state: PaxState, prompt: Prompt, step: int) -> dict[str, Any]:
        if prompt.kind == "negotiation":
            return self._negotiate(state, prompt).instantiate()
        if prompt.kind == "treaty_offer":
            mine = self.dispute is not None and prompt.seat == self.partner and not self.signed
            self.signed = self.signed or mine
            return prompt.choices[1 if mine else 0].instantiate()
        if prompt.kind in ("congress_call", "war_declaration"):
            return self._declare(prompt).instantiate()
        if prompt.kind == "treaty_call":
            self.honoured = True
            return next(c for c in prompt.choices if c.action["honour"]).instantiate()
        if prompt.kind in WINDOW_KINDS or prompt.kind.startswith("menu_"):
            if self.rng.random() < 0.5:
                return random_action(prompt, self.rng)
            return PAX.autopilot_action(state, prompt.seat, step)
        return random_action(prompt, self.rng)

    def _negotiate(self, state: PaxState, prompt: Prompt) -> Choice:
        if self.dispute is None:
            self.dispute = next(
                (
                    cb
                    for cb in state.casus_belli
                    if {cb.holder, cb.target} <= set(state.seats) and cb.holder != cb.target
                ),
                None,
            )
            if self.dispute is not None:
                others = [
                    s for s in state.seats if s not in (self.dispute.holder, self.dispute.target)
                ]
                self.partner = self.rng.choice(others)
        if self.dispute is not None and prompt.seat == self.dispute.target and not self.signed:
            for choice in prompt.choices:
                wanted = {"to": self.partner, "kind": "defensive", "secret": True}
                if choice.kind == "propose_treaty" and all(
                    choice.action[k] == v for k, v in wanted.items()
                ):
                    return choice
            offer = ProposeTreaty(
                power=prompt.seat, to=self.partner or "", kind="defensive", secret=True
            )
            if offer in negotiation.proposals(state, prompt.seat):
                for choice in prompt.choices:  # the first menu: open the partner's offers
                    if choice.action.get("topic") == self.partner:
                        return choice
        return prompt.choices[0]  # end negotiation, or back to the first menu

    def _declare(self, prompt: Prompt) -> Choice:
        cb = self.dispute
        if cb is not None and self.signed and prompt.kind == "war_declaration":
            for choice in prompt.choices:
                if choice.action.get("target") == cb.target and prompt.seat == cb.holder:
                    return choice
        return prompt.choices[0]  # no Congress, no war
