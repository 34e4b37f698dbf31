"""The kernel's contract, shown on the miniature game: prompts list exactly what `submit`
accepts, refusals are sentences with keys, the input state is never mutated, and secrets
stay in their owner's view."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.core import IllegalAction, Msg, legal_prompts, start, state_hash, submit
from rulesets.core.engine import StepContext
from rulesets.core.prompts import Choice, IntRange, Pick
from tests.fixtures.mini_game import MINI, Bid, MiniGame, MiniState
from tests.random_play import LostInStorage, play_random_game

SEED = "ab" * 32


def new_game(seats: list[str] | None = None, **options: Any) -> MiniState:
    return start(MINI, seats or ["red", "blue"], options, SEED).state


def refusal(state: MiniState, seat: str, action: Any) -> str:
    with pytest.raises(IllegalAction) as caught:
        submit(MINI, state, seat, action)
    return caught.value.key


def test_setup_rolls_a_hidden_luck_for_each_seat_from_the_campaign_dice() -> None:
    outcome = start(MINI, ["red", "blue"], {}, SEED)
    assert [roll.draw for roll in outcome.rolls] == [0, 1]
    assert outcome.state.luck == {
        "red": outcome.rolls[0].value,
        "blue": outcome.rolls[1].value,
    }
    private = [event for event in outcome.events if not event.is_public]
    assert [event.visible_to for event in private] == [["red"], ["blue"]]


def test_the_auction_prompt_lists_pass_first_and_a_bid_range() -> None:
    [prompt] = legal_prompts(MINI, new_game())
    assert prompt.seat == "red"
    assert [choice.kind for choice in prompt.choices] == ["pass", "bid"]
    assert prompt.choices[1].ranges == {"amount": IntRange(low=1, high=10)}


def test_a_bid_outside_its_range_or_out_of_turn_is_refused() -> None:
    state = new_game()
    assert refusal(state, "red", {"type": "bid", "amount": 11}) == "core.error.not_a_legal_choice"
    assert refusal(state, "red", {"type": "bid", "amount": 0}) == "core.error.not_a_legal_choice"
    assert refusal(state, "blue", {"type": "pass"}) == "core.error.not_your_turn"
    assert refusal(state, "red", {"type": "call", "side": "high"}) == (
        "core.error.not_a_legal_choice"
    )


@pytest.mark.parametrize(
    ("raw", "key"),
    [
        ("{not json", "core.error.malformed_json"),
        ("[1, 2]", "core.error.malformed_action"),
        ({"amount": 3}, "core.error.malformed_action"),
        ({"type": "bid", "amount": "three"}, "core.error.malformed_action"),
        ({"type": "bid", "amount": True}, "core.error.malformed_action"),
        ({"type": "bid", "amount": 10**40}, "core.error.not_a_legal_choice"),
        ({"type": "explode"}, "core.error.malformed_action"),
        (42, "core.error.malformed_action"),
    ],
)
def test_malformed_actions_are_refused_with_a_key(raw: Any, key: str) -> None:
    assert refusal(new_game(), "red", raw) == key


def test_a_seat_not_in_the_game_is_refused() -> None:
    assert refusal(new_game(), "green", {"type": "pass"}) == "core.error.unknown_seat"


def test_submit_never_mutates_the_state_it_is_given() -> None:
    state = new_game()
    before = state_hash(state)
    after = submit(MINI, state, "red", Bid(amount=4).model_dump()).state
    assert state_hash(state) == before
    assert (after.high_bid, after.high_bidder, after.seq) == (4, "red", 1)


def test_a_handed_over_state_is_changed_in_place_to_the_same_result_as_a_copy() -> None:
    copied = submit(MINI, new_game(), "red", {"type": "bid", "amount": 4}).state
    given = new_game()
    changed = submit(MINI, given, "red", {"type": "bid", "amount": 4}, handed_over=True).state
    assert changed is given
    assert changed == copied


class TupleKeepingMini(MiniGame):
    """Keeps the passed seats as a tuple where the schema says list: it plays the same in
    memory, but what the bot stores and loads back is another value."""

    def _close_auction(self, ctx: StepContext[MiniState]) -> None:
        super()._close_auction(ctx)
        ctx.state.passed = tuple(ctx.state.passed)  # type: ignore[assignment]


@pytest.mark.filterwarnings("ignore:Pydantic serializer warnings")
def test_random_play_still_catches_a_state_that_storage_would_change() -> None:
    with pytest.raises(LostInStorage, match="changes when stored"):
        play_random_game(TupleKeepingMini(), ["red", "blue", "green"], seed=7)


def both_pass() -> MiniState:
    state = submit(MINI, new_game(), "red", {"type": "pass"}).state
    return submit(MINI, state, "blue", {"type": "pass"}).state


def test_simultaneous_secret_calls_resolve_only_when_every_seat_has_called() -> None:
    state = both_pass()
    assert state.phase == "calls"
    prompts = legal_prompts(MINI, state)
    assert {prompt.seat for prompt in prompts} == {"red", "blue"}
    assert all(prompt.simultaneous for prompt in prompts)
    outcome = submit(MINI, state, "blue", {"type": "call", "side": "high"})
    assert not outcome.state.finished
    assert outcome.rolls == []
    secret = [event for event in outcome.events if not event.is_public]
    assert secret[0].params["side"] == "high" and secret[0].visible_to == ["blue"]
    assert "side" not in [name for e in outcome.events if e.is_public for name in e.params]
    final = submit(MINI, outcome.state, "red", {"type": "call", "side": "low"})
    assert final.state.finished and len(final.rolls) == 1


def test_a_finished_game_refuses_every_action() -> None:
    state = both_pass()
    state = submit(MINI, state, "red", {"type": "call", "side": "low"}).state
    state = submit(MINI, state, "blue", {"type": "call", "side": "low"}).state
    assert state.finished
    assert refusal(state, "red", {"type": "pass"}) == "core.error.game_over"
    assert legal_prompts(MINI, state) == []


def test_the_public_view_hides_luck_and_calls_until_the_end() -> None:
    state = both_pass()
    state = submit(MINI, state, "blue", {"type": "call", "side": "high"}).state
    public = MINI.view(state, None)
    assert "luck" not in public and "you" not in public and "calls" not in public
    assert public["called"] == ["blue"]
    assert MINI.view(state, "blue")["you"] == {
        "seat": "blue",
        "luck": state.luck["blue"],
        "call": "high",
    }
    assert MINI.view(state, "red")["you"]["call"] is None


def test_options_are_validated_and_defaulted() -> None:
    assert new_game().options == {"treasure_points": 5}
    assert new_game(treasure_points=9).options == {"treasure_points": 9}
    with pytest.raises(IllegalAction) as caught:
        new_game(treasure_points=99)
    assert caught.value.key == "core.error.bad_option_value"
    with pytest.raises(IllegalAction) as unknown:
        new_game(cheat=True)
    assert unknown.value.key == "core.error.unknown_option"


def test_player_counts_and_seat_names_are_checked() -> None:
    for seats, key in [
        (["red"], "core.error.player_count"),
        (["red", "red"], "core.error.bad_seats"),
        (["red", "purple"], "core.error.bad_seats"),
    ]:
        with pytest.raises(IllegalAction) as caught:
            start(MINI, seats, {}, SEED)
        assert caught.value.key == key


def test_default_action_is_the_first_listed_choice_at_its_lowest_number() -> None:
    assert MINI.default_action(new_game(), "red") == {"type": "pass"}
    with pytest.raises(IllegalAction):
        MINI.default_action(new_game(), "blue")


def test_choice_matching_requires_exactly_the_listed_fields() -> None:
    choice = Choice.of(Bid(amount=2), amount=IntRange(low=2, high=5))
    assert choice.matches({"type": "bid", "amount": 5})
    assert not choice.matches({"type": "bid", "amount": 6})
    assert not choice.matches({"type": "bid", "amount": 3, "extra": 1})
    assert not choice.matches({"type": "pass", "amount": 3})
    assert choice.instantiate() == {"type": "bid", "amount": 2}


def test_replaying_the_same_actions_gives_the_same_hash_at_every_step() -> None:
    runs = [play_random_game(MINI, ["red", "blue", "green"], seed=7) for _ in range(2)]
    assert runs[0].finished and state_hash(runs[0].state) == state_hash(runs[1].state)


def test_random_play_always_finishes_the_miniature_game() -> None:
    for seed in range(50):
        assert play_random_game(MINI, ["red", "blue", "green"][: 2 + seed % 2], seed).finished


def test_a_choice_is_built_once_per_action_label_and_range_and_each_keeps_its_own() -> None:
    first = Choice.of(Bid(amount=3), label=Msg(key="mini.label.bid", params={"n": 1}))
    again = Choice.of(Bid(amount=3), label=Msg(key="mini.label.bid", params={"n": 1}))
    assert again is first
    # True equals 1 as a key, not as JSON: each keeps its own label.
    other = Choice.of(Bid(amount=3), label=Msg(key="mini.label.bid", params={"n": True}))
    assert other.label is not None and other.label.params == {"n": True}
    opened = Choice.of(Bid(amount=3), amount=IntRange(low=1, high=4))
    assert opened.action == {"type": "bid"} and opened.ranges == {"amount": IntRange(low=1, high=4)}
    listed = Choice.of(Bid(amount=3), label=Msg(key="mini.label.bid", params={"n": [1]}))
    assert listed.label is not None and listed.label.params == {"n": [1]}


def test_prompts_the_caller_just_listed_validate_the_same_as_the_kernels_own() -> None:
    state = new_game()
    listed = legal_prompts(MINI, state)
    bid = {"type": "bid", "amount": 4}
    assert (
        submit(MINI, state, "red", bid, listed=listed).state
        == submit(MINI, state, "red", bid).state
    )
    with pytest.raises(IllegalAction):
        submit(MINI, state, "red", {"type": "bid", "amount": 11}, listed=listed)


def test_an_open_list_takes_so_many_different_options_in_order() -> None:
    cards = Pick(options=("a", "b", "c", "d"), count=2)
    assert ["c", "a"] in cards
    assert ["a", "a"] not in cards and ["a"] not in cards and ["a", "z"] not in cards
    assert "ab" not in cards and [1, 2] not in cards
    # Typed by place (from 1) or by name; anything else reads as nothing.
    assert cards.read(["3", "a"]) == ["c", "a"]
    assert cards.read(["5", "a"]) is None and cards.read(["²", "a"]) is None
    choice = Choice.picking(Bid(amount=1), order=cards)
    assert choice.matches({"type": "bid", "amount": 1, "order": ["d", "b"]})
    assert not choice.matches({"type": "bid", "amount": 1, "order": ["d", "d"]})
    assert not choice.matches({"type": "bid", "amount": 1})
    assert choice.instantiate() == {"type": "bid", "amount": 1, "order": ["a", "b"]}
    with pytest.raises(ValueError, match="more items"):
        Pick(options=("a",), count=2)
