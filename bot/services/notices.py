"""The outbox rows the services compose: a step's report and private notes, the audit
announcement of an act, the dice notices, and the rows that publish the board and prompts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.services.outbox import (
    AuditNotice,
    BoardChanged,
    ModeratorAlert,
    Notice,
    PrivateNote,
    PromptsOpened,
    Report,
    to_channel,
    to_table,
    to_user,
)
from bot.storage import AuditRecord, CampaignRow, OutboxRecord
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
    """The report and private notes of one step; `holders` maps each seat to its current
    holder's user id."""
    public = [event for event in events if event.is_public]
    private = [event for event in events if not event.is_public]
    rows: list[OutboxRecord] = []
    if public or finished:
        report = Report(
            campaign_id=campaign.id,
            seq=seq,
            seat=seat,
            actor=actor,
            events=_dump(public),
            rolls=[] if private else [roll.model_dump() for roll in rolls],
            waiting_for=sorted({prompt.seat for prompt in prompts}),
            finished=finished,
            scores=scores,
        )
        rows.append(to_table(campaign, report))
    for reader, user_id in sorted(holders.items()):
        seen = [event for event in private if event.visible_for(reader)]
        if seen:
            note = PrivateNote(campaign_id=campaign.id, seq=seq, seat=reader, events=_dump(seen))
            rows.append(to_user(campaign, user_id, note))
    return rows


def publication(
    campaign: CampaignRow,
    seq: int,
    *,
    prompts_open: bool,
    board_changed: bool,
    undone: tuple[int, datetime] | None = None,
) -> list[OutboxRecord]:
    """The rows that make the adapter publish a new step: its map first (when the board
    moved), then its prompts, so the picture of a resolution comes before the next call.
    `undone`: the step an undo went back from and when the first undone step was made."""
    return publication_in(
        campaign.channel_id,
        campaign.id,
        seq,
        prompts_open=prompts_open,
        board_changed=board_changed,
        undone=undone,
    )


def publication_in(
    channel_id: int | None,
    campaign_id: int | None,
    seq: int,
    *,
    prompts_open: bool,
    board_changed: bool,
    undone: tuple[int, datetime] | None = None,
) -> list[OutboxRecord]:
    """`publication` for a campaign being written (an import: no id yet)."""
    rows = []
    if board_changed:
        rows.append(to_channel(channel_id, BoardChanged(campaign_id=campaign_id, seq=seq)))
    undone_from, undone_since = undone if undone is not None else (None, None)
    opened = PromptsOpened(
        campaign_id=campaign_id,
        seq=seq,
        open=prompts_open,
        undone_from=undone_from,
        undone_since=undone_since,
    )
    rows.append(to_channel(channel_id, opened))
    return rows


# Each act is told as what changed ("@mod gave France to @alice (was @bob)"), with the seat
# it concerns; an act without its own sentence is named with its steps.
_SEAT_ACTS = ("assign_seat", "release_seat")
_TOLD_ACTS = frozenset(
    {
        "undo",
        "takeback",
        "rollback",
        "pause",
        "resume",
        "end",
        "open_seat",
        "force_default",
        "extend_deadline",
        "set_pace",
        "correct",
        "data_file",
        "import",
        "export_seed",
        "version_check",
    }
)


def announced(record: AuditRecord, channel_id: int | None, campaign_id: int | None) -> AuditRecord:
    """`record` with the row that tells the table about the act."""
    params: dict[str, Any] = {
        "act": record.act,
        "actor": record.actor,
        "reason": record.reason,
        "seqs": ", ".join(str(seq) for seq in record.seqs) or "-",
    }
    key = "trust.audit.announce"
    if "seat" in record.detail:
        params["seat"] = record.detail["seat"]
    if record.act in _SEAT_ACTS:
        previous = record.detail.get("previous")
        params |= {"holder": record.detail.get("user_id"), "previous": previous}
        key = f"trust.audit.announce.{record.act}" + ("" if previous else ".vacant")
    elif record.act in _TOLD_ACTS:
        key = f"trust.audit.announce.{record.act}"
        if record.act == "extend_deadline":
            params["due_unix"] = int(datetime.fromisoformat(record.detail["to"]).timestamp())
    notice = AuditNotice(campaign_id=campaign_id, key=key, params=params)
    return replace(record, announcement=to_channel(channel_id, notice))


def seat_taken_note(campaign: CampaignRow, user_id: str, seat: str, reason: str) -> OutboxRecord:
    """The player a moderator took a seat from hears of it privately, with the reason."""
    params = {"seat": seat, "campaign": campaign.id, "reason": reason}
    return to_user(
        campaign,
        user_id,
        Notice(campaign_id=campaign.id, key="trust.notice.seat_taken", params=params),
    )


def commitment_notice(channel_id: int | None, ruleset: str, commitment: str) -> OutboxRecord:
    """The message that publishes a new campaign's dice commitment (written with the
    campaign, before it has an id)."""
    # `game.<ruleset>` reads as the game's title in the campaign's language.
    params = {"game": f"game.{ruleset}", "commitment": commitment}
    return to_channel(channel_id, Notice(key="trust.notice.commitment", params=params))


def seed_revealed(campaign: CampaignRow) -> OutboxRecord:
    """The message that reveals a finished campaign's seed, so anyone can verify the dice."""
    params = {"seed": campaign.seed_hex, "commitment": campaign.seed_commitment}
    notice = Notice(campaign_id=campaign.id, key="trust.notice.seed_revealed", params=params)
    return to_table(campaign, notice)


def audit_record(
    campaign: CampaignRow,
    *,
    actor: str,
    act: str,
    reason: str,
    at: datetime,
    seqs: list[int] | None = None,
    detail: dict[str, Any] | None = None,
    announce: bool = True,
) -> AuditRecord:
    """A moderator's act with its announcement to the table, to be written together.
    `announce=False` for an act in the trail that is no moderator's (a creator's choice at
    creation, a volunteer taking a seat): the table hears of it by its own notice."""
    bare = AuditRecord(actor, act, reason, at, seqs or [], detail or {}, announcement=None)
    return announced(bare, campaign.channel_id, campaign.id) if announce else bare


def delivery_alert(campaign: CampaignRow, outbox_id: int, reason: str) -> OutboxRecord:
    """Moderators hear once of a message set aside for good, with the reason."""
    params = {"campaign": campaign.id, "outbox": outbox_id, "reason": reason[:300]}
    alert = ModeratorAlert(campaign_id=campaign.id, key="delivery.alert.given_up", params=params)
    return to_table(campaign, alert)
