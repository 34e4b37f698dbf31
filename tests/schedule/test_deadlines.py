"""Deadlines follow the prompts: armed when a seat is asked, closed when it answers, and the
default played for a seat whose time (and grace) ran out."""

from __future__ import annotations

from datetime import timedelta

from bot.services import CampaignService, FakeClock
from bot.services.schedule import Scheduler
from tests.schedule.conftest import BLUE, MONDAY_9AM, RED, notices, started

TWO_DAYS = timedelta(hours=48)


async def test_the_first_prompt_gets_a_deadline_from_the_pace(service: CampaignService) -> None:
    campaign_id = await started(service)
    [waiting] = await service.waiting(campaign_id)
    assert (waiting.seat, waiting.user_id, waiting.kind) == ("red", RED, "bid")
    assert (waiting.since, waiting.due_at) == (MONDAY_9AM, MONDAY_9AM + TWO_DAYS)
    assert waiting.due_unix == int((MONDAY_9AM + TWO_DAYS).timestamp())


async def test_an_answer_closes_the_deadline_and_arms_the_next_seats(
    service: CampaignService, clock: FakeClock
) -> None:
    campaign_id = await started(service)
    clock.advance(hours=5)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 2})
    [waiting] = await service.waiting(campaign_id)
    assert waiting.seat == "blue" and waiting.since == MONDAY_9AM + timedelta(hours=5)
    history = await service.store.deadlines(campaign_id, pending_only=False)
    assert [(d.seat, d.state) for d in history] == [("red", "answered"), ("blue", "pending")]


async def test_simultaneous_prompts_resolve_as_soon_as_everyone_answered(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    campaign_id = await started(service)
    await service.submit(campaign_id, RED, {"type": "pass"})
    await service.submit(campaign_id, BLUE, {"type": "pass"})
    assert {w.seat for w in await service.waiting(campaign_id)} == {"red", "blue"}
    clock.advance(hours=1)
    await service.submit(campaign_id, BLUE, {"type": "call", "side": "high"})
    assert [w.seat for w in await service.waiting(campaign_id)] == ["red"]
    clock.advance(hours=1)
    await service.submit(campaign_id, RED, {"type": "call", "side": "low"})
    # Resolved two hours in, long before the 48-hour deadline: nothing left to fire.
    assert await service.waiting(campaign_id) == []
    assert (await service.get_campaign(campaign_id)).status == "finished"
    clock.advance(hours=100)
    report = await scheduler.tick()
    assert (report.missed, report.reminders) == (0, 0)
    states = [d.state for d in await service.store.deadlines(campaign_id, pending_only=False)]
    assert states.count("answered") == 4 and "missed" not in states


async def test_a_missed_deadline_plays_the_default_and_tells_the_table(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    campaign_id = await started(service)
    clock.advance(hours=47)
    assert (await scheduler.tick()).missed == 0
    clock.advance(hours=1)
    report = await scheduler.tick()
    assert report.missed == 1 and report.campaigns == {campaign_id}
    [entry] = await service.history(campaign_id, limit=1)
    assert (entry.seat, entry.action, entry.actor) == ("red", {"type": "pass"}, "courier:deadline")
    missed = await notices(service, campaign_id, "schedule.notice.missed")
    assert missed == [("channel", "555", {"seat": "red", "kind": "bid", "policy": "default"})]
    [waiting] = await service.waiting(campaign_id)
    assert waiting.seat == "blue" and waiting.since == clock.now()
    # The miss fires once: later ticks find nothing more to do for it.
    assert (await scheduler.tick()).missed == 0
    assert len(await notices(service, campaign_id, "schedule.notice.missed")) == 1


async def test_the_grace_period_warns_first_and_plays_the_default_at_its_end(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    campaign_id = await started(service, pace={"grace_hours": 6})
    clock.advance(hours=48)
    report = await scheduler.tick()
    assert (report.missed, report.overdue_notices) == (0, 1)
    [(_, _, params)] = await notices(service, campaign_id, "schedule.notice.overdue")
    assert params["grace_unix"] == int((MONDAY_9AM + timedelta(hours=54)).timestamp())
    clock.advance(hours=5)
    assert (await scheduler.tick()).missed == 0
    assert (await service.get_campaign(campaign_id)).seq == 0
    clock.advance(hours=1)
    assert (await scheduler.tick()).missed == 1
    assert (await service.get_campaign(campaign_id)).seq == 1


async def test_the_policy_may_call_the_autopilot_instead_of_the_default(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    campaign_id = await started(service, pace={"on_miss": {"turn": "autopilot"}})
    clock.advance(hours=48)
    await scheduler.tick()
    [entry] = await service.history(campaign_id, limit=1)
    assert entry.actor == "courier:deadline-autopilot" and entry.seat == "red"
    [(_, _, params)] = await notices(service, campaign_id, "schedule.notice.missed")
    assert params["policy"] == "autopilot"


async def test_consecutive_misses_flag_the_seat_for_the_moderators(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    campaign_id = await started(service, pace={"misses_before_flag": 2})
    clock.advance(hours=48)
    await scheduler.tick()  # red misses its bid
    await service.submit(campaign_id, BLUE, {"type": "bid", "amount": 1})
    assert await notices(service, campaign_id, "schedule.notice.replacement_needed") == []
    clock.advance(hours=48)
    await scheduler.tick()  # red misses again: blue has won, calls begin
    alerts = await service.store.campaign_outbox(campaign_id)
    flagged = [r.payload for r in alerts if r.payload.get("kind") == "moderator_alert"]
    assert [p["params"] for p in flagged] == [{"seat": "red", "misses": 2}]


async def test_flagged_seats_name_who_missed_too_often_until_a_substitute_comes(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    campaign_id = await started(service, pace={"misses_before_flag": 1})
    assert await service.flagged_seats(campaign_id) == {}
    clock.advance(hours=48)
    await scheduler.tick()
    assert await service.flagged_seats(campaign_id) == {"red": 1}
    await service.open_seat(campaign_id, "red", actor="mod", reason="missed the bid")
    clock.advance(minutes=1)
    await service.substitute(campaign_id, "4004", "Sub")
    assert await service.flagged_seats(campaign_id) == {}


def test_a_different_question_to_the_same_seat_gets_a_new_deadline() -> None:
    from bot.services.deadlines import _closing_state
    from bot.storage import DeadlineRow
    from rulesets.core import Msg, Prompt

    pending = DeadlineRow(
        id=1,
        campaign_id=1,
        seat="red",
        kind="choose_action",
        urgency="turn",
        phase="",
        user_id=RED,
        armed_seq=4,
        armed_at=MONDAY_9AM,
        due_at=MONDAY_9AM + TWO_DAYS,
        state="pending",
        reminders_sent=0,
        overdue_noticed=False,
        closed_at=None,
    )

    def asked(kind: str) -> dict[str, Prompt]:
        return {"red": Prompt(seat="red", kind=kind, text=Msg(key="x"), choices=[])}

    assert _closing_state(pending, 5, [], asked("choose_action")) is None
    assert _closing_state(pending, 5, [], asked("support")) == "cancelled"
    assert _closing_state(pending, 5, [], {}) == "cancelled"
    assert _closing_state(pending, 3, [], asked("choose_action")) == "cancelled"
