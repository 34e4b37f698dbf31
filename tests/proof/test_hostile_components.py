"""Forged and malformed component custom ids, select values and modal numbers: the user is
always told why in a sentence (never the apology for an unexpected error), and nothing
changes unless the click is exactly one the clicking player could make."""

from __future__ import annotations

import discord
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.discord.choices import PromptSlot
from bot.discord.components import (
    NUMBER_FIELD,
    NumberModal,
    button_id,
    read_numbers,
    select_id,
)
from bot.discord.errors import Refusal
from rulesets.core import Choice, IntRange
from tests.fixtures.mini_game import Bid
from tests.proof.crash_plan import USERS
from tests.proof.fake_interaction import UNEXPECTED, click
from tests.proof.hostile_arena import Arena
from tests.proof.hostile_values import EDGE_INTS
from tests.proof.tables import fingerprint, mini_table

SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def forged_ids(campaign_ids: list[int]) -> st.SearchStrategy[str]:
    numbers = st.one_of(
        st.sampled_from([*campaign_ids, 0, 1, 2, 999, *(abs(n) for n in EDGE_INTS)]),
        st.integers(0, 10**30),
    ).map(str)
    seats = st.one_of(st.sampled_from(["red", "blue", "green", "x" * 40, "-", "_"]), st.text())
    kinds = st.sampled_from(["c", "s", "n", "x", ""])
    parts = st.tuples(kinds, numbers, numbers, seats, numbers)
    shaped = parts.map(lambda p: f"courier:{p[0]}:{p[1]}:{p[2]}:{p[3]}:{p[4]}")
    longer = st.tuples(shaped, numbers).map(lambda p: f"{p[0]}:{p[1]}")
    shorter = shaped.map(lambda text: text.rsplit(":", 1)[0])
    return st.one_of(shaped, longer, shorter, st.text())


def select_values() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(["0", "1", "-1", "²", "٣", "1e3", "", " 1", "99999999999999999999"]),
        st.text(max_size=8),
    )


@SETTINGS
@given(data=st.data())
def test_forged_component_ids_are_refused_with_a_sentence(
    arena: Arena, data: st.DataObject
) -> None:
    target = arena.run(mini_table(arena.service))
    ids = [target, arena.bystander, arena.lobby]
    custom_id = data.draw(forged_ids(ids), label="custom_id")
    user = data.draw(st.sampled_from([*USERS.values(), "42"]), label="user")
    value = data.draw(select_values(), label="select value")
    before = {cid: arena.run(fingerprint(arena.service, cid)) for cid in ids}
    told = arena.run(click(arena.service, custom_id, user, value))
    assert told != "" and (told is None or UNEXPECTED not in told), told
    changed = [cid for cid in ids if arena.run(fingerprint(arena.service, cid)) != before[cid]]
    if changed:
        # Only a genuine click may act: red's own prompt, at the current seq.
        assert changed == [target] and user == USERS["red"], (custom_id, told)
        genuine = (
            button_id(PromptSlot(target, 0, "red"), 0),
            select_id(PromptSlot(target, 0, "red"), 0),
        )
        # Ids posted before prompts were numbered (no prompt part) mean red's first prompt.
        legacy = (f"courier:c:{target}:0:red:", f"courier:s:{target}:0:red:")
        prefixes = tuple(text.rsplit(":", 1)[0] + ":" for text in genuine) + legacy
        assert custom_id.startswith(prefixes), custom_id


def test_a_genuine_click_is_carried_out(arena: Arena) -> None:
    target = arena.run(mini_table(arena.service))
    told = arena.run(
        click(arena.service, button_id(PromptSlot(target, 0, "red"), 0), USERS["red"], "0")
    )
    assert told is not None and "accepted" in told.lower()
    assert arena.run(arena.service.get_campaign(target)).seq == 1


@pytest.mark.parametrize("value", ["²", "٣", "-1", "", "7", "99999999999999999999"])
def test_select_values_no_option_carries_are_refused(arena: Arena, value: str) -> None:
    target = arena.run(mini_table(arena.service))
    told = arena.run(
        click(arena.service, select_id(PromptSlot(target, 0, "red"), 0), USERS["red"], value)
    )
    assert told and UNEXPECTED not in told
    assert arena.run(arena.service.get_campaign(target)).seq == 0


CHOICE = Choice.of(Bid(amount=1), amount=IntRange(low=1, high=10))


@given(
    text=st.one_of(st.text(max_size=20), st.sampled_from(["5", "-0", "10", "11", "٣", "1" * 13]))
)
def test_modal_numbers_are_in_range_or_refused(text: str) -> None:
    try:
        numbers = read_numbers(CHOICE, {NUMBER_FIELD + "amount": text}, "en")
    except Refusal as refusal:
        assert refusal.key == "discord.error.number_range"
        return
    assert 1 <= numbers["amount"] <= 10


def test_the_modal_is_a_discord_modal() -> None:
    assert isinstance(NumberModal(PromptSlot(1, 0, "red"), 1, CHOICE, "en"), discord.ui.Modal)


@pytest.mark.slow
@settings(
    max_examples=3_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_many_forged_component_ids(arena: Arena, data: st.DataObject) -> None:
    test_forged_component_ids_are_refused_with_a_sentence.hypothesis.inner_test(arena, data)  # type: ignore[attr-defined]
