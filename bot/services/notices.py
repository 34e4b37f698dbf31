"""The outbox rows one accepted step produces: the public report and private notes.

Payloads (JSON objects) that adapters render:

- `{"kind": "report", "campaign_id", "seq", "seat", "actor", "events", "rolls",
  "waiting_for", "finished", "scores"}` to the campaign's channel: public events only.
  `rolls` is empty for a step that also had private events, because a draw's value could
  give a secret away (a hidden luck roll); the seed revealed at the end lets anyone check.
- `{"kind": "private", "campaign_id", "seq", "seat", "events"}` by DM to the seat's holder:
  the private events that seat may see.

A campaign without a channel (a console table) has nobody to deliver to: no rows.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.storage import CampaignRow, OutboxRecord
from rulesets.core import Event, Prompt, Roll


def _dump(events: list[Event]) -> list[dict[str, object]]:
    return [event.model_dump(mode="json") for event in events]


def step_outbox(
    campaign: CampaignRow,
    holders: Mapping[str, str],
    *,
    seq: int,
    seat: str | None,
    actor: str,
    events: list[Event],
    rolls: list[Roll],
    prompts: list[Prompt],
    scores: dict[str, int] | None,
    finished: bool,
) -> list[OutboxRecord]:
    """The rows for one step; `holders` maps each seat to its current holder's user id."""
    if campaign.channel_id is None:
        return []
    public = [event for event in events if event.is_public]
    private = [event for event in events if not event.is_public]
    rows: list[OutboxRecord] = []
    if public or finished:
        rows.append(
            OutboxRecord(
                target_kind="channel",
                target_id=str(campaign.channel_id),
                payload={
                    "kind": "report",
                    "campaign_id": campaign.id,
                    "seq": seq,
                    "seat": seat,
                    "actor": actor,
                    "events": _dump(public),
                    "rolls": [] if private else [roll.model_dump() for roll in rolls],
                    "waiting_for": sorted({prompt.seat for prompt in prompts}),
                    "finished": finished,
                    "scores": scores,
                },
            )
        )
    for reader, user_id in sorted(holders.items()):
        seen = [event for event in private if event.visible_for(reader)]
        if seen:
            rows.append(
                OutboxRecord(
                    target_kind="dm",
                    target_id=user_id,
                    payload={
                        "kind": "private",
                        "campaign_id": campaign.id,
                        "seq": seq,
                        "seat": reader,
                        "events": _dump(seen),
                    },
                )
            )
    return rows
