"""Recaps: one post at the end of each period of a game (a war in Struggle of Empires, a
decade in Empires, a turn in the other games) and a summary with every player's record
when the game ends.

A period's recap tells what changed (the public standings then and now), how many orders
each seat gave and which deadlines were missed. The final summary gives each seat its
orders, median time to act, missed deadlines and dice luck (the dice of its own steps
against their average). Everything comes from the public view, the log and the deadlines:
never a secret. The rows are written with the step that ends the period, before its map
and prompts, so the recap sits above the next decision.
"""

from __future__ import annotations

import itertools
import statistics
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.services.core import ServiceCore, ServicePart
from bot.services.outbox import Recap, to_table
from bot.storage import ActionRecord, CampaignRow, OutboxRecord
from rulesets.core import BaseState, Ruleset

Standings = Callable[[dict[str, Any]], dict[str, int]]
MISSED_STATES = frozenset({"missed", "autopilot"})


def _field_of(
    table: str, value: str, *, only: Callable[[dict[str, Any]], bool] | None = None
) -> Standings:
    """Each entry's `value` in the public view's `table` (`powers`, `players`, `empires`)."""

    def read(view: dict[str, Any]) -> dict[str, int]:
        rows = view.get(table)
        if not isinstance(rows, dict):
            return {}
        return {
            name: int(row.get(value) or 0)
            for name, row in rows.items()
            if isinstance(row, dict) and (only is None or only(row))
        }

    return read


@dataclass(frozen=True)
class RecapSpec:
    """When a game's recap is due and what its standings are."""

    mark: str
    """The public view's key that counts the periods: a change ends one."""
    standings: Standings
    unit: str
    """What the standings count (`recap.standing.<unit>`)."""


RECAPS: dict[str, RecapSpec] = {
    "struggle": RecapSpec("war", _field_of("powers", "vp"), "vp"),
    "empires": RecapSpec("decade", _field_of("empires", "power"), "power"),
    "colonial": RecapSpec("turn", _field_of("players", "prestige"), "prestige"),
    "ultima-ratio-regis": RecapSpec(
        "turn", _field_of("powers", "vp", only=lambda row: bool(row.get("in_play"))), "vp"
    ),
    "pax-britannica": RecapSpec(
        "turn", _field_of("powers", "vp", only=lambda row: bool(row.get("seat"))), "vp"
    ),
}


def median_minutes(entries: list[ActionRecord], seat: str, players: set[str]) -> int | None:
    """The median time the seat's holder took to act: from the step before to their order
    (orders the clock or a moderator played for the seat do not count)."""
    waits = [
        (entry.at - before.at).total_seconds() / 60
        for before, entry in itertools.pairwise(entries)
        if entry.seat == seat and entry.actor in players
    ]
    return round(statistics.median(waits)) if waits else None


def dice_luck(entries: list[ActionRecord], seat: str) -> tuple[int, int] | None:
    """(dice rolled in the seat's own steps, their total against the average, in percent)."""
    rolled = [roll for entry in entries if entry.seat == seat for roll in entry.rolls]
    if not rolled:
        return None
    total = sum(int(roll["value"]) for roll in rolled)
    expected = sum((int(roll["sides"]) + 1) / 2 for roll in rolled)
    return len(rolled), round(100 * (total - expected) / expected)


StepHook = Callable[[CampaignRow, BaseState, ActionRecord], Awaitable[list[OutboxRecord]]]


class CampaignRecaps(ServicePart):
    def __init__(self, core: ServiceCore) -> None:
        super().__init__(core)
        # Per campaign, the seq of the last step seen and its period: one view per step. A
        # step that then loses a race leaves a wrong entry at worst one recap long.
        self._periods: dict[int, tuple[int, Any]] = {}

    @property
    def step_hook(
        self,
    ) -> Callable[[CampaignRow, BaseState, ActionRecord], Awaitable[list[OutboxRecord]]]:
        """The hook the core calls with every step: not a service method anyone calls, so
        not among the service's names (and not checked as an adapter's arguments are)."""
        return self._rows_for_step

    async def _rows_for_step(
        self, campaign: CampaignRow, state: BaseState, step: ActionRecord
    ) -> list[OutboxRecord]:
        """The recap rows the step to `state` (`step`, about to be written) calls for: none
        for most steps."""
        spec = RECAPS.get(campaign.ruleset)
        if spec is None or campaign.seq < 0:
            return []
        rules = self._ruleset(campaign.ruleset)
        if state.finished:
            return [to_table(campaign, await self._final_summary(campaign, step))]
        period = await self._period_at(campaign, rules, spec.mark)
        now = rules.view(state, None).get(spec.mark)
        self._periods[campaign.id] = (state.seq, now)
        if period == now:
            return []
        recap = await self._period_recap(campaign, rules, spec, period, state, step)
        return [to_table(campaign, recap)]

    async def _period_at(self, campaign: CampaignRow, rules: Ruleset[BaseState], mark: str) -> Any:
        """The period the campaign is in now: remembered from the step before, else read."""
        seen = self._periods.get(campaign.id)
        if seen is not None and seen[0] == campaign.seq:
            return seen[1]
        return rules.view(await self._state(campaign), None).get(mark)

    async def _last_recap(self, campaign: CampaignRow) -> dict[str, Any] | None:
        """The params of the newest period recap still in the log's past (an undo may have
        taken a later one back): they hold where its period ended and its standings."""
        found = None
        for row in await self._store.campaign_outbox(campaign.id):
            params = row.payload.get("params", {}) if row.payload.get("kind") == "recap" else {}
            if "standings" in params and int(params.get("seq", -1)) <= campaign.seq:
                found = params
        return found

    async def _period_recap(
        self,
        campaign: CampaignRow,
        rules: Ruleset[BaseState],
        spec: RecapSpec,
        period: Any,
        state: BaseState,
        step: ActionRecord,
    ) -> Recap:
        last = await self._last_recap(campaign)
        start = int(last["seq"]) if last else 0
        entries = [*await self._store.actions(campaign.id, after_seq=start), step]
        began = entries[0].at
        if last:
            then = {str(name): int(value) for name, value in last["standings"].items()}
        else:
            then = spec.standings(rules.view(await self._state(campaign, 0), None))
        now = spec.standings(rules.view(state, None))
        lines: list[dict[str, Any]] = [
            _line(
                f"recap.standing.{spec.unit}",
                name=name,
                value=value,
                change=value - then.get(name, 0),
            )
            for name, value in sorted(now.items(), key=lambda item: -item[1])
        ]
        orders = Counter(entry.seat for entry in entries if entry.seat)
        missed = await self._missed_since(campaign.id, began)
        for held in state.seats:
            lines.append(_line("recap.seat", seat=held, orders=orders[held], missed=missed[held]))
        if not any(missed.values()):
            lines.append(_line("recap.on_time"))
        return Recap(
            campaign_id=campaign.id,
            key=f"recap.title.{spec.mark}",
            # Where the period ended and its standings: the next recap starts from them.
            params={"number": period, "campaign": campaign.id, "seq": state.seq, "standings": now},
            lines=lines,
        )

    async def _missed_since(self, campaign_id: int, since: datetime | None) -> Counter[str]:
        """Per seat, the deadlines missed (closed by a default) since `since` (None: ever)."""
        deadlines = await self._store.deadlines(campaign_id, pending_only=False)
        return Counter(
            row.seat
            for row in deadlines
            if row.state in MISSED_STATES
            and (since is None or (row.closed_at is not None and row.closed_at >= since))
        )

    async def _final_summary(self, campaign: CampaignRow, step: ActionRecord) -> Recap:
        entries = [*await self._store.actions(campaign.id, after_seq=-1), step]
        tenures = await self._store.tenures(campaign.id)
        players = {row.user_id for row in tenures}
        holders = await self._current_tenures(campaign.id)
        missed = await self._missed_since(campaign.id, None)
        lines = []
        for held in (await self._state(campaign)).seats:
            orders = sum(1 for entry in entries if entry.seat == held)
            params: dict[str, Any] = {
                "seat": held,
                "user": f"<@{holders[held].user_id}>" if held in holders else "-",
                "orders": orders,
                "missed": missed[held],
            }
            waited = median_minutes(entries, held, players)
            key = "recap.final.seat" if waited is not None else "recap.final.seat_no_wait"
            if waited is not None:
                params |= {"hours": waited // 60, "minutes": waited % 60}
            lines.append(_line(key, **params))
            luck = dice_luck(entries, held)
            if luck is not None:
                lines.append(_line("recap.final.dice", seat=held, dice=luck[0], luck=luck[1]))
        return Recap(
            campaign_id=campaign.id,
            key="recap.final.title",
            params={"campaign": campaign.id},
            lines=lines,
        )


def _line(key: str, **params: Any) -> dict[str, Any]:
    return {"key": key, "params": params}
