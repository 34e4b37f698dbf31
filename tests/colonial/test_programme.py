"""Phase 1, section 4: the secret, simultaneous choice of 4 ordered cards, its commitment,
the reveal of one slot per round, the Last Chance round and the domestic revolution."""

from __future__ import annotations

import hashlib
import json

import pytest

from rulesets.colonial import COLONIAL
from rulesets.colonial.flow import programme_salt
from rulesets.colonial.state import ColonialState
from rulesets.colonial.upkeep import end_turn
from rulesets.core import Event, IllegalAction, StepContext, legal_prompts
from tests.colonial.helpers import SEATS, new_game, play, with_unrevealed_slots_changed

CARDS = [f"card_{n}" for n in range(1, 7)]


def program(state: ColonialState, seat: str, cards: list[str]) -> tuple[ColonialState, list[Event]]:
    events: list[Event] = []
    for card in cards:
        outcome = play(state, seat, {"type": "program_card", "card": card})
        state, events = outcome.state, events + outcome.events
    outcome = play(state, seat, {"type": "confirm_programme"})
    return outcome.state, events + outcome.events


def test_every_seat_programmes_at_the_same_time() -> None:
    state = new_game(4)
    prompts = legal_prompts(COLONIAL, state)
    assert sorted(p.seat for p in prompts) == sorted(SEATS[:4])
    assert all(p.simultaneous and p.kind == "programme" for p in prompts)
    assert len([c for c in prompts[0].choices if c.kind == "program_card"]) == 6


def test_a_card_chosen_is_told_to_its_seat_only_and_can_be_taken_back() -> None:
    state = new_game(3)
    outcome = play(state, "col_blue", {"type": "program_card", "card": "card_5"})
    assert [e.visible_to for e in outcome.events] == [["col_blue"]]
    public = json.dumps(COLONIAL.view(outcome.state, None))
    assert "card_5" not in public
    assert COLONIAL.view(outcome.state, "col_blue")["you"]["programme"] == ["card_5"]
    assert "card_5" not in json.dumps(COLONIAL.view(outcome.state, "col_red"))
    back = play(outcome.state, "col_blue", {"type": "unprogram"}).state
    assert back.programmes["col_blue"].cards == []


def test_a_card_chosen_again_moves_to_the_end_and_a_fifth_replaces_the_fourth() -> None:
    state = new_game(2)
    for card in ("card_1", "card_2", "card_3", "card_4", "card_2", "card_6"):
        state = play(state, "col_red", {"type": "program_card", "card": card}).state
    assert state.programmes["col_red"].cards == ["card_1", "card_3", "card_4", "card_6"]


def test_the_programme_prompt_is_private_and_tells_only_its_seat_the_cards() -> None:
    """The programme is a private prompt: the bot gives it to its seat alone, so it may show
    the cards chosen so far; another seat's prompt does not change with them."""
    state = new_game(2)
    blue_before = legal_prompts(COLONIAL, state, "col_blue")
    for card in ("card_5", "card_3"):
        state = play(state, "col_red", {"type": "program_card", "card": card}).state
    (red,) = legal_prompts(COLONIAL, state, "col_red")
    assert red.private and red.kind == "programme"
    assert red.text.params == {"cards": ["card_5", "card_3"]}
    assert legal_prompts(COLONIAL, state, "col_blue") == blue_before


def test_the_last_confirmation_locks_publishes_commitments_and_reveals_slot_one() -> None:
    state = new_game(2)
    order = ["card_3", "card_1", "card_6", "card_2"]
    state, _ = program(state, "col_red", order)
    assert state.phase == "programme"
    state, events = program(state, "col_blue", ["card_1", "card_2", "card_3", "card_4"])
    assert state.phase == "round" and state.round == 1
    committed = [e for e in events if e.key == "col.event.committed"]
    assert len(committed) == 2 and all(e.is_public for e in committed)
    assert state.revealed == {"col_red": ["card_3"], "col_blue": ["card_1"]}
    # The full commitment matches the programme and its per-turn key, shown at the end.
    salt = programme_salt(state, "col_red")
    text = f"col_red:{','.join(order)}:{salt}"
    assert state.commitments["col_red"] == hashlib.sha256(text.encode()).hexdigest()


def test_an_absent_seat_is_given_a_legal_programme_by_default() -> None:
    state = new_game(2)
    state = play(state, "col_red", {"type": "program_card", "card": "card_6"}).state
    state = play(state, "col_red", COLONIAL.default_action(state, "col_red")).state
    assert state.programmes["col_red"].confirmed
    assert state.programmes["col_red"].cards == ["card_6", "card_1", "card_2", "card_3"]


def test_public_view_and_events_never_carry_an_unrevealed_slot() -> None:
    """A whole turn is played; at every step the public view is the same whatever the
    unrevealed slots hold, and a public event names only a card the rules reveal."""
    state = new_game(3)
    plans = {
        "col_red": ["card_1", "card_2", "card_3", "card_4"],
        "col_blue": ["card_6", "card_5", "card_4", "card_3"],
        "col_green": ["card_2", "card_4", "card_6", "card_1"],
    }
    turn, steps = state.turn, 0
    while state.turn == turn and not state.finished:
        prompt = legal_prompts(COLONIAL, state)[0]
        if prompt.kind == "programme":
            cards = state.programmes[prompt.seat].cards
            action = (
                {"type": "program_card", "card": plans[prompt.seat][len(cards)]}
                if len(cards) < 4
                else {"type": "confirm_programme"}
            )
        else:
            action = COLONIAL.default_action(state, prompt.seat)
        outcome = play(state, prompt.seat, action)
        state, steps = outcome.state, steps + 1
        other = with_unrevealed_slots_changed(state)
        assert COLONIAL.view(state, None) == COLONIAL.view(other, None)
        public = [p for p in legal_prompts(COLONIAL, state) if not p.private]
        assert public == [p for p in legal_prompts(COLONIAL, other) if not p.private]
        for event in outcome.events:
            if not event.is_public or "card" not in event.params:
                continue
            assert event.key == "col.event.revealed"
            seat, card = event.params["seat"], event.params["card"]
            assert card in state.revealed[seat]
            if event.params["round"] <= 4:
                assert plans[seat][event.params["round"] - 1] == card
    assert steps > 20 and state.turn == turn + 1


def test_a_nation_with_four_unrest_is_in_revolution() -> None:
    """Section 9.4: it discards its Treasury and plays only the Last Chance round, with
    any of its six cards (A09)."""
    state = new_game(2)
    state.players["col_blue"].unrest = 4
    state.players["col_blue"].treasury = 7
    state.phase = "corsairs"
    ctx = StepContext(state)
    ctx.phases = COLONIAL.phase_table()
    end_turn(ctx)
    state = ctx.state
    assert state.players["col_blue"].treasury == 0 and state.players["col_blue"].in_revolution
    assert [p.seat for p in legal_prompts(COLONIAL, state)] == ["col_red"]
    state, _ = program(state, "col_red", ["card_1", "card_2", "card_3", "card_4"])
    while state.round < 5:
        state = play(state, "col_red", {"type": "pass_turn"}).state
    seat = legal_prompts(COLONIAL, state)[0].seat
    if seat == "col_red":
        state = play(state, "col_red", {"type": "pass_turn"}).state
    cards = {
        c.action["card"]
        for c in legal_prompts(COLONIAL, state, "col_blue")[0].choices
        if c.kind == "last_chance"
    }
    assert cards == {f"card_{n}" for n in range(1, 7)}


def test_with_the_option_a_nation_in_revolution_programmes_and_keeps_its_pair() -> None:
    state = new_game(2, revolution_keeps_programme=True)
    state.players["col_blue"].unrest = 4
    state.phase = "corsairs"
    ctx = StepContext(state)
    ctx.phases = COLONIAL.phase_table()
    end_turn(ctx)
    state = ctx.state
    assert sorted(p.seat for p in legal_prompts(COLONIAL, state)) == ["col_blue", "col_red"]
    state, _ = program(state, "col_red", ["card_1", "card_2", "card_3", "card_4"])
    state, _ = program(state, "col_blue", ["card_1", "card_2", "card_3", "card_4"])
    assert state.revealed["col_blue"] == [] and "col_blue" in state.commitments
    while legal_prompts(COLONIAL, state)[0].seat != "col_blue":
        state = play(state, "col_red", {"type": "pass_turn"}).state
    cards = {
        c.action["card"]
        for c in legal_prompts(COLONIAL, state, "col_blue")[0].choices
        if c.kind == "last_chance"
    }
    assert cards == {"card_5", "card_6"}


def test_the_whole_programme_may_be_given_in_one_order() -> None:
    """One order naming the four cards in their slots' order locks the programme."""
    state = new_game(2)
    state = play(state, "col_red", {"type": "program_card", "card": "card_1"}).state
    order = ["card_4", "card_2", "card_6", "card_1"]
    state = play(state, "col_red", {"type": "programme_order", "cards": order}).state
    assert state.programmes["col_red"].cards == order and state.programmes["col_red"].confirmed
    for wrong in (["card_4", "card_4", "card_6", "card_1"], ["card_4", "card_2", "card_6"]):
        with pytest.raises(IllegalAction):
            play(state, "col_blue", {"type": "programme_order", "cards": wrong})
    state = play(state, "col_blue", {"type": "programme_order", "cards": CARDS[2:]}).state
    assert state.phase == "round" and state.revealed == {
        "col_red": ["card_4"],
        "col_blue": ["card_3"],
    }
