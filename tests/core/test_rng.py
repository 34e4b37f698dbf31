"""The dice are reproducible: fixed vectors recorded here must come out on every machine."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from rulesets.core.rng import Dice, RngState, draw_value, raw_draw, seed_commitment

ZERO_SEED = "00" * 32
COFFEE_SEED = "c0ffee" * 10 + "abcd"


def test_recorded_d6_vectors_for_the_zero_seed() -> None:
    assert [draw_value(ZERO_SEED, n, 6) for n in range(12)] == [3, 5, 3, 1, 2, 6, 4, 2, 3, 5, 2, 2]


def test_recorded_vectors_for_another_seed_and_die() -> None:
    assert [draw_value(COFFEE_SEED, n, 6) for n in range(12)] == [
        4, 6, 4, 5, 4, 3, 3, 5, 6, 4, 3, 5,
    ]  # fmt: skip
    assert [draw_value(COFFEE_SEED, n, 100) for n in range(6)] == [50, 56, 86, 63, 26, 93]


def test_a_draw_is_hmac_sha256_of_the_counter_so_anyone_can_recompute_it() -> None:
    message = b"courier-dice-v1:" + (0).to_bytes(8, "big")
    expected = hmac.new(bytes.fromhex(ZERO_SEED), message, hashlib.sha256).hexdigest()
    assert raw_draw(ZERO_SEED, 0) == int(expected, 16)
    assert hex(raw_draw(ZERO_SEED, 0)).startswith("0x5c042a3e62b47cd4")


def test_dice_advance_the_counter_and_record_each_roll() -> None:
    rng = RngState(seed=ZERO_SEED, counter=3)
    dice = Dice(rng)
    values = dice.roll_many(3)
    assert values == [1, 2, 6]
    assert rng.counter == 6
    assert [(roll.draw, roll.value) for roll in dice.rolls] == [(3, 1), (4, 2), (5, 6)]


def test_shuffle_is_a_permutation_and_reproducible() -> None:
    items = [f"marker{n}" for n in range(10)]
    first = Dice(RngState(seed=ZERO_SEED)).shuffle(items)
    again = Dice(RngState(seed=ZERO_SEED)).shuffle(items)
    assert sorted(first) == items
    assert first == again
    assert first != items


def test_every_face_comes_up_about_equally() -> None:
    counts = [0] * 6
    for n in range(6000):
        counts[draw_value(ZERO_SEED, n, 6) - 1] += 1
    assert all(900 < count < 1100 for count in counts)


def test_commitment_is_the_sha256_of_the_seed_bytes() -> None:
    assert seed_commitment(ZERO_SEED) == hashlib.sha256(bytes(32)).hexdigest()


def test_a_die_needs_a_side() -> None:
    with pytest.raises(ValueError):
        draw_value(ZERO_SEED, 0, 0)
