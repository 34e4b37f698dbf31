"""Malformed data files and import files: refused with a reason, or accepted and playable;
never an unexpected exception, and a refused file creates nothing."""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.services import ServiceError
from rulesets import registry
from rulesets.core import IllegalAction, Ruleset, legal_prompts, start, state_hash, submit
from tests.proof.crash_plan import USERS
from tests.proof.hostile_arena import Arena
from tests.proof.mutations import mutate
from tests.proof.tables import SEED, fingerprint, mini_table
from tests.random_play import random_action

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def shipped_data(ruleset: Ruleset[Any]) -> dict[str, Any] | None:
    """The ruleset's own data file, when it ships one beside `data.py`."""
    package = type(ruleset).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(f"{package}.data")
    except ModuleNotFoundError:
        return None
    path = getattr(module, "DATA_FILE", None)
    return None if path is None else json.loads(path.read_text(encoding="utf-8"))


def replaceable() -> list[str]:
    return [r.name for r in registry.all_rulesets() if shipped_data(r) is not None]


def play_a_little(ruleset: Ruleset[Any], data: dict[str, Any], steps: int) -> None:
    seats = [spec.id for spec in ruleset.seat_pool()][: ruleset.min_players]
    try:
        state = start(ruleset, seats, {}, SEED, data).state
    except IllegalAction:
        return
    rng = random.Random(0)
    for _ in range(steps):
        prompts = legal_prompts(ruleset, state)
        if not prompts:
            return
        prompt = rng.choice(prompts)
        state = submit(ruleset, state, prompt.seat, random_action(prompt, rng)).state


def test_the_shipped_data_files_are_accepted() -> None:
    names = replaceable()
    assert names, "no ruleset ships a replaceable data file"
    for name in names:
        ruleset = registry.get(name)
        data = shipped_data(ruleset)
        assert data is not None
        ruleset.validate_data(data)


@pytest.mark.parametrize("name", replaceable())
@SETTINGS
@given(data=st.data())
def test_a_damaged_data_file_is_refused_or_playable(name: str, data: st.DataObject) -> None:
    ruleset = registry.get(name)
    document = shipped_data(ruleset)
    damaged = mutate(document, data, changes=data.draw(st.integers(1, 3), label="changes"))
    try:
        ruleset.validate_data(damaged)
    except IllegalAction as refusal:
        assert refusal.key.startswith("core.error."), refusal.key
        return
    play_a_little(ruleset, damaged, steps=25)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_a_refused_data_file_creates_no_campaign(arena: Arena, data: st.DataObject) -> None:
    name = data.draw(st.sampled_from([*replaceable(), "mini"]), label="ruleset")
    document = shipped_data(registry.get(name)) or {"anything": 1}
    damaged = mutate(document, data)
    before = len(arena.run(arena.service.list_campaigns(None)))
    try:
        arena.run(
            arena.service.create_campaign(
                ruleset=name,
                creator_id="1",
                guild_id=5,
                channel_id=None,
                options={},
                data=damaged,
            )
        )
    except ServiceError:
        assert len(arena.run(arena.service.list_campaigns(None))) == before


def _export(arena: Arena) -> dict[str, Any]:
    """A finished mini campaign, exported with its seed."""
    campaign_id = arena.run(mini_table(arena.service, ("red", "blue")))
    for user, action in (
        (USERS["red"], {"type": "bid", "amount": 2}),
        (USERS["blue"], {"type": "pass"}),
        (USERS["red"], {"type": "call", "side": "low"}),
        (USERS["blue"], {"type": "call", "side": "high"}),
    ):
        arena.run(arena.service.submit(campaign_id, user, action))
    exported: dict[str, Any] = arena.run(arena.service.export_campaign(campaign_id))
    return exported


def _import(arena: Arena, document: Any) -> Any:
    return arena.run(
        arena.service.import_campaign(
            document, actor="1", reason="proof", guild_id=5, channel_id=None
        )
    )


def test_an_untouched_export_imports_and_replays(arena: Arena) -> None:
    exported = _export(arena)
    imported = _import(arena, json.dumps(exported))
    state = arena.run(arena.service.state_at(imported.id, imported.seq))
    assert state_hash(state) == exported["log"][-1]["state_hash"]


@SETTINGS
@given(data=st.data())
def test_a_damaged_import_file_is_refused_or_faithful(arena: Arena, data: st.DataObject) -> None:
    exported = _export(arena)
    damaged = mutate(exported, data, changes=data.draw(st.integers(1, 2), label="changes"))
    as_text = data.draw(st.booleans(), label="as text")
    before = len(arena.run(arena.service.list_campaigns(None)))
    try:
        imported = _import(arena, json.dumps(damaged) if as_text else damaged)
    except ServiceError:
        assert len(arena.run(arena.service.list_campaigns(None))) == before
        return
    # Accepted: then it must be a campaign that replays to what its log says.
    last = arena.run(arena.service.history(imported.id, limit=1))
    if imported.seq >= 0:
        state = arena.run(arena.service.state_at(imported.id, imported.seq))
        assert state_hash(state) == last[-1].state_hash
    assert arena.run(fingerprint(arena.service, imported.id))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "[" * 100_000, '{"format": 1}', "\x00"])
def test_garbage_import_text_is_refused(arena: Arena, text: str) -> None:
    with pytest.raises(ServiceError):
        _import(arena, text)


@pytest.mark.slow
@settings(
    max_examples=1_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_many_damaged_import_files(arena: Arena, data: st.DataObject) -> None:
    inner = test_a_damaged_import_file_is_refused_or_faithful.hypothesis.inner_test  # type: ignore[attr-defined]
    inner(arena, data)


@pytest.mark.slow
@pytest.mark.parametrize("name", replaceable())
@settings(max_examples=1_000, deadline=None)
@given(data=st.data())
def test_many_damaged_data_files(name: str, data: st.DataObject) -> None:
    inner = test_a_damaged_data_file_is_refused_or_playable.hypothesis.inner_test
    inner(name, data)
