"""Which orders a player may take back alone (bot.services.takeback): decided from the log,
each refusal a sentence that points to /admin undo, and the campaign unchanged by it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.discord.errors import refusal_text
from bot.services import CampaignService, LogEntry, ServiceError
from bot.services.takeback import takeback_refusal
from rulesets.core import Event, Msg, Prompt
from rulesets.core.rng import Roll
from tests.services.conftest import BLUE, RED, fingerprint, started_table

# Taking back is an undo through the store's truncate, which both stores already test.
SQLITE_ONLY = True


def _entry(**changes: object) -> LogEntry:
    fields: dict[str, object] = {
        "seq": 4,
        "seat": "red",
        "actor": RED,
        "action": {"type": "pass"},
        "events": [Event(key="mini.pass", params={"seat": "red"})],
        "rolls": [],
        "state_hash": "x",
        "at": datetime(2026, 1, 1, tzinfo=UTC),
    }
    return LogEntry(**(fields | changes))  # type: ignore[arg-type]


def _prompt(seat: str, kind: str = "call", *, simultaneous: bool = True) -> Prompt:
    text = Msg(key="mini.prompt.call")
    return Prompt(seat=seat, kind=kind, text=text, choices=[], simultaneous=simultaneous)


def test_a_plain_order_of_ones_own_may_be_taken_back() -> None:
    asked = [_prompt("red", "bid", simultaneous=False)]
    assert takeback_refusal(_entry(), RED, ["red"], asked, []) is None


@pytest.mark.parametrize(
    ("entry", "user", "held", "reason"),
    [
        (_entry(), BLUE, ["blue"], "not_yours"),  # another player's order
        (_entry(actor="mod"), RED, ["red"], "not_yours"),  # a default a moderator played
        (_entry(seat=None, seq=0), RED, ["red"], "nothing_yours"),  # the set-up
        (_entry(rolls=[Roll(draw=3, sides=6, value=2)]), RED, ["red"], "dice"),
        (
            _entry(events=[Event(key="x.card", params={}, visible_to=["blue"])]),
            RED,
            ["red"],
            "revealed",
        ),
        (_entry(events=[Event(key="col.event.revealed", params={})]), RED, ["red"], "revealed"),
    ],
)
def test_refused_when_something_came_of_it(
    entry: LogEntry, user: str, held: list[str], reason: str
) -> None:
    refusal = takeback_refusal(entry, user, held, [], [])
    assert refusal is not None and refusal.reason == reason
    assert "/admin undo" in refusal_text(ServiceError(refusal.key, campaign=1, seq=4), "en")
    assert "/admin annuler" in refusal_text(ServiceError(refusal.key, campaign=1, seq=4), "fr")


def test_a_private_note_to_oneself_is_no_secret_revealed() -> None:
    own = _entry(events=[Event(key="mini.called", params={}, visible_to=["red"])])
    assert takeback_refusal(own, RED, ["red"], [_prompt("red")], [_prompt("blue")]) is None


def test_the_last_secret_order_of_a_round_shows_them_all() -> None:
    refusal = takeback_refusal(_entry(), RED, ["red"], [_prompt("red")], [])
    assert refusal is not None and refusal.reason == "round_closed"


async def test_a_default_a_moderator_played_is_theirs_to_undo(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    await service.force_default(campaign_id, "red", actor="mod", reason="away")
    before = await fingerprint(service, campaign_id)
    with pytest.raises(ServiceError) as refused:
        await service.moderation.take_back(campaign_id, RED)
    assert refused.value.key == "service.takeback.not_yours"
    assert await fingerprint(service, campaign_id) == before


async def test_an_order_taken_back_is_audited_and_its_seat_asked_again(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 4})
    report = await service.moderation.take_back(campaign_id, RED, seq=1)
    assert report.seq == 0
    assert [prompt.seat for prompt in report.prompts] == ["red"]
    [entry] = [e for e in await service.moderation.audit_log(campaign_id) if e.act == "takeback"]
    assert entry.actor == RED and entry.seqs == [1] and entry.detail["seat"] == "red"
    with pytest.raises(ServiceError) as refused:
        await service.moderation.take_back(campaign_id, RED, seq=1)
    assert refused.value.key == "service.takeback.moved_on"
