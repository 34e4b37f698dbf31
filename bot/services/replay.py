"""Rebuilding a campaign's state: the newest snapshot plus a replay of the log after it.

Every replayed entry is checked against the state hash recorded with it, so a rules change
that alters history is noticed at the first entry it changes rather than silently. Rebuilt
states are kept in a small LRU cache keyed by (campaign, seq); a cached state is used only
while the log still holds the same entry at that seq (an undo elsewhere changes it).
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any

from bot.storage import ActionRecord, CampaignRow, Store
from rulesets import registry
from rulesets.core import BaseState, Outcome, Ruleset, start, state_hash, submit

log = logging.getLogger("courier.services.replay")

START_ACTION = "start"
"""The `type` of log entry 0, whose `seats` field lists the seats in play order."""


class ReplayMismatch(Exception):
    """Replaying the log gave a different state from the one recorded."""

    def __init__(self, campaign_id: int, seq: int) -> None:
        super().__init__(f"campaign {campaign_id}: replay differs from the log at seq {seq}")
        self.campaign_id = campaign_id
        self.seq = seq


def replay_entry(
    ruleset: Ruleset[Any], campaign: CampaignRow, state: BaseState | None, entry: ActionRecord
) -> Outcome[Any]:
    """Carry out one log entry again: the set-up for seq 0, else the recorded action."""
    if entry.seq == 0:
        seats = list(entry.action["seats"])
        outcome = start(ruleset, seats, campaign.options, campaign.seed_hex, campaign.data)
        # The state carries the version the campaign was created under, so new code that
        # plays the same rules still reproduces every stored hash.
        outcome.state.ruleset_version = campaign.ruleset_version
        return outcome
    if state is None or entry.seat is None:
        raise ReplayMismatch(campaign.id, entry.seq)
    return submit(ruleset, state, entry.seat, entry.action)


def replay(
    ruleset: Ruleset[Any],
    campaign: CampaignRow,
    state: BaseState | None,
    entries: list[ActionRecord],
) -> BaseState:
    """Apply `entries` in order to `state` (None before the set-up), checking each hash."""
    for entry in entries:
        state = replay_entry(ruleset, campaign, state, entry).state
        if state_hash(state) != entry.state_hash:
            raise ReplayMismatch(campaign.id, entry.seq)
    if state is None:
        raise ReplayMismatch(campaign.id, 0)
    return state


class StateLoader:
    """Loads the state of a campaign at any seq, through the cache when it can."""

    def __init__(self, store: Store, max_states: int = 256) -> None:
        self._store = store
        self._max_states = max_states
        self._cache: OrderedDict[tuple[int, int], tuple[BaseState, str]] = OrderedDict()

    def remember(self, campaign_id: int, state: BaseState, digest: str) -> None:
        key = (campaign_id, state.seq)
        self._cache[key] = (state, digest)
        self._cache.move_to_end(key)
        while len(self._cache) > self._max_states:
            self._cache.popitem(last=False)

    def forget_after(self, campaign_id: int, seq: int) -> None:
        for key in [key for key in self._cache if key[0] == campaign_id and key[1] > seq]:
            del self._cache[key]

    async def load(self, campaign: CampaignRow, seq: int) -> BaseState:
        """The state after log entry `seq`. Callers must not mutate it (copy first)."""
        [entry] = await self._store.actions(campaign.id, after_seq=seq - 1, upto_seq=seq)
        cached = self._cache.get((campaign.id, seq))
        if cached is not None and cached[1] == entry.state_hash:
            self._cache.move_to_end((campaign.id, seq))
            return cached[0]
        state = await self._rebuild(campaign, seq)
        self.remember(campaign.id, state, entry.state_hash)
        return state

    async def _rebuild(self, campaign: CampaignRow, seq: int) -> BaseState:
        ruleset = registry.get(campaign.ruleset)
        snapshot = await self._store.latest_snapshot(campaign.id, seq)
        if snapshot is not None:
            entries = await self._store.actions(
                campaign.id, after_seq=snapshot.seq - 1, upto_seq=seq
            )
            state = ruleset.state_model.model_validate(snapshot.state)
            if entries and state_hash(state) == entries[0].state_hash:
                return replay(ruleset, campaign, state, entries[1:])
            log.warning("snapshot at seq %s does not match the log; replaying it all", snapshot.seq)
        entries = await self._store.actions(campaign.id, upto_seq=seq)
        return replay(ruleset, campaign, None, entries)
