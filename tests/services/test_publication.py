"""Each step writes, in its own transaction, a "board changed" row when the map's regions
moved and then a "prompts opened" row; acts that move a campaign without a step write
them too, and the table's messages are typed."""

from __future__ import annotations

from typing import Any

from bot.services import CampaignService
from bot.services.board import board_signature
from bot.services.outbox import BoardChanged, PromptsOpened, Report
from rulesets.empires import EMPIRES
from rulesets.struggle import STRUGGLE
from rulesets.struggle.state import StruggleState
from tests.services.conftest import CHANNEL


async def _struggle(service: CampaignService) -> int:
    info = await service.create_campaign(
        ruleset="struggle",
        creator_id="1",
        guild_id=7,
        channel_id=CHANNEL,
        options={},
        seed_hex="ab" * 32,
    )
    await service.join(info.id, "1", "Alice", "GBR")
    await service.join(info.id, "2", "Bob", "FRA")
    await service.start(info.id, "1")
    return info.id


async def _step_kinds(service: CampaignService, campaign_id: int, seq: int) -> list[str]:
    rows = await service.store.campaign_outbox(campaign_id)
    messages = [row for row in rows if row.payload.get("seq") == seq]
    return [str(row.payload["kind"]) for row in messages]


async def _autopilot(service: CampaignService, campaign_id: int) -> str:
    """One autopilot move; returns its action type."""
    [prompt, *_] = await service.prompts(campaign_id)
    seq = (await service.get_campaign(campaign_id)).seq
    state = await service.state_at(campaign_id, seq)
    assert isinstance(state, StruggleState)
    action: dict[str, Any] = STRUGGLE.autopilot_action(state, prompt.seat, seq)
    user = "1" if prompt.seat == "GBR" else "2"
    await service.submit(campaign_id, user, action, seat=prompt.seat)
    return str(action["type"])


async def test_set_up_placements_post_one_map_when_set_up_ends_before_its_prompts(
    service: CampaignService,
) -> None:
    campaign_id = await _struggle(service)
    assert await _step_kinds(service, campaign_id, 0) == [
        "report",
        "board_changed",
        "prompts_opened",
    ]
    await _autopilot(service, campaign_id)  # the first placement puts an army on the board,
    assert "board_changed" not in await _step_kinds(service, campaign_id, 1)  # set-up goes on
    while (await service.prompts(campaign_id))[0].kind == "place_unit":
        await _autopilot(service, campaign_id)
    seq = (await service.get_campaign(campaign_id)).seq
    kinds = await _step_kinds(service, campaign_id, seq)
    assert kinds.index("board_changed") < kinds.index("prompts_opened") == len(kinds) - 1
    rows = await service.store.campaign_outbox(campaign_id)
    typed = [row.payload for row in rows if row.payload.get("seq") == seq]
    assert BoardChanged.model_validate(typed[kinds.index("board_changed")]).seq == seq
    assert PromptsOpened.model_validate(typed[-1]).open
    maps = [row for row in rows if row.payload.get("kind") == "board_changed"]
    assert len(maps) == 2  # the starting board and the board set-up ended with


async def test_a_campaign_set_to_maps_on_demand_queues_none(service: CampaignService) -> None:
    campaign_id = await _struggle(service)
    await service.moderation.set_maps(campaign_id, "on_demand", actor="9", reason="quiet")
    for _ in range(40):
        await _autopilot(service, campaign_id)
    rows = await service.store.campaign_outbox(campaign_id)
    assert [row.payload["seq"] for row in rows if row.payload.get("kind") == "board_changed"] == [0]


async def test_a_move_that_leaves_the_board_posts_no_map(service: CampaignService) -> None:
    campaign_id = await _struggle(service)
    while (await service.prompts(campaign_id))[0].kind == "place_unit":
        await _autopilot(service, campaign_id)
    [bidder] = (await service.prompts(campaign_id))[:1]
    assert bidder.kind == "bid"
    user = "1" if bidder.seat == "GBR" else "2"
    report = await service.submit(campaign_id, user, {"type": "pass_bid"}, seat=bidder.seat)
    assert "board_changed" not in await _step_kinds(service, campaign_id, report.seq)
    assert (await _step_kinds(service, campaign_id, report.seq))[-1] == "prompts_opened"


async def test_an_undo_reposts_the_map_and_the_prompts_and_an_end_closes_them(
    service: CampaignService,
) -> None:
    campaign_id = await _struggle(service)
    await _autopilot(service, campaign_id)
    before = len(await service.store.campaign_outbox(campaign_id))
    await service.undo_last(campaign_id, actor="mod", reason="misclick")
    after_undo = (await service.store.campaign_outbox(campaign_id))[before:]
    kinds = [row.payload["kind"] for row in after_undo]
    assert kinds == ["audit", "board_changed", "prompts_opened"]
    assert after_undo[-1].payload["seq"] == 0
    await service.end_campaign(campaign_id, actor="mod", reason="done")
    *_, closing, seed = await service.store.campaign_outbox(campaign_id)
    assert closing.payload == {
        "kind": "prompts_opened",
        "campaign_id": campaign_id,
        "seq": 0,
        "open": False,
    }
    assert seed.payload["key"] == "trust.notice.seed_revealed"
    reports = [r for r in await service.pending_outbox(100) if r.payload["kind"] == "report"]
    assert all(isinstance(row.message(), Report) for row in reports)


async def test_a_turn_of_several_steps_gets_one_map_when_it_passes(
    service: CampaignService,
) -> None:
    """Empires: a seat's turn moves armies and ships over several steps; the map waits for
    the turn to pass to another seat, then shows all of it at once."""
    info = await service.create_campaign(
        ruleset="empires", creator_id="1", guild_id=7, channel_id=CHANNEL, options={}
    )
    for number, seat in enumerate(["P1", "P2", "P3"], start=1):
        await service.join(info.id, str(number), f"player {number}", seat)
    await service.start(info.id, "1")
    deferred = mapped_at_turn_end = 0
    for step in range(150):
        [prompt, *_] = await service.prompts(info.id)
        state = await service.state_at(info.id, (await service.get_campaign(info.id)).seq)
        action = EMPIRES.autopilot_action(state, prompt.seat, step)
        report = await service.submit(info.id, prompt.seat[1], action, seat=prompt.seat)
        asked = {next_prompt.seat for next_prompt in await service.prompts(info.id)}
        mapped = "board_changed" in await _step_kinds(service, info.id, report.seq)
        before = board_signature(EMPIRES, await service.state_at(info.id, report.seq - 1))
        moved = board_signature(EMPIRES, await service.state_at(info.id, report.seq)) != before
        if asked == {prompt.seat}:
            assert not mapped, f"a map in the middle of {prompt.seat}'s turn at {report.seq}"
            deferred += moved
        else:
            mapped_at_turn_end += mapped
    assert deferred > 0 and mapped_at_turn_end > 0
