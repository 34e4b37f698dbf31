"""Export and import: the same history in a fresh database, or a refusal that creates nothing."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.services import CampaignService, FakeClock, ServiceError, open_service
from rulesets.core import state_hash
from tests.services.conftest import BLUE, RED, SEED, play_to_the_end, started_table


@pytest.fixture
async def elsewhere(tmp_path: Path, clock: FakeClock) -> AsyncIterator[CampaignService]:
    """A second, empty database: the one the export is taken to."""
    opened = await open_service(tmp_path / "elsewhere.sqlite3", clock, snapshot_every=2)
    yield opened
    await opened.close()


async def _hashes(service: CampaignService, campaign_id: int) -> list[str]:
    campaign = await service.get_campaign(campaign_id)
    return [state_hash(await service.state_at(campaign_id, seq)) for seq in range(campaign.seq + 1)]


async def _import(service: CampaignService, document: Any) -> int:
    imported = await service.import_campaign(
        document, actor="mod", reason="moving servers", guild_id=8, channel_id=777
    )
    return imported.id


async def test_a_finished_campaign_imports_with_the_same_state_at_every_seq(
    service: CampaignService, elsewhere: CampaignService
) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 2})
    await service.undo_last(campaign_id, actor="mod", reason="meant 3")
    await play_to_the_end(service, campaign_id)
    document = json.dumps(await service.export_campaign(campaign_id))
    assert json.loads(document)["seed_hex"] == SEED  # a finished campaign's seed is public
    new_id = await _import(elsewhere, document)
    assert await _hashes(elsewhere, new_id) == await _hashes(service, campaign_id)
    imported = await elsewhere.get_campaign(new_id)
    assert (imported.status, imported.channel_id, imported.ruleset_version) == (
        "finished",
        777,
        "1",
    )
    assert (await elsewhere.verify_dice(new_id)).ok
    assert [h.user_id for h in await elsewhere.seat_history(new_id)] == [RED, BLUE]
    # The audit trail travels with the campaign, and the import is added to it.
    assert [entry.act for entry in await elsewhere.audit_log(new_id)] == ["undo", "import"]


async def test_a_running_campaign_exported_with_its_seed_plays_on_after_import(
    service: CampaignService, elsewhere: CampaignService
) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 3})
    await service.submit(campaign_id, BLUE, {"type": "bid", "amount": 4})
    with pytest.raises(ServiceError) as unexplained:
        await service.export_campaign(campaign_id, include_seed=True)
    assert unexplained.value.key == "trust.error.reason_needed"
    document = await service.export_campaign(
        campaign_id, include_seed=True, actor="mod", reason="move to the new server"
    )
    [audit] = await service.audit_log(campaign_id)
    assert (audit.act, audit.reason) == ("export_seed", "move to the new server")
    new_id = await _import(elsewhere, document)
    assert await _hashes(elsewhere, new_id) == await _hashes(service, campaign_id)
    assert [entry.act for entry in await elsewhere.audit_log(new_id)] == ["export_seed", "import"]
    await elsewhere.submit(new_id, RED, {"type": "pass"})
    assert (await elsewhere.get_campaign(new_id)).seq == 3


async def _refused(elsewhere: CampaignService, document: Any) -> ServiceError:
    with pytest.raises(ServiceError) as refused:
        await _import(elsewhere, document)
    assert await elsewhere.all_campaigns() == []
    assert await elsewhere.pending_outbox() == []
    return refused.value


async def test_an_export_without_its_seed_is_refused_with_the_reason(
    service: CampaignService, elsewhere: CampaignService
) -> None:
    campaign_id = await started_table(service)
    document = await service.export_campaign(campaign_id)
    assert document["seed_hex"] is None
    assert (await _refused(elsewhere, document)).key == "trust.error.import_needs_seed"


async def test_a_broken_log_is_refused_at_the_step_it_breaks_and_creates_nothing(
    service: CampaignService, elsewhere: CampaignService
) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    document = await service.export_campaign(campaign_id)

    forged = json.loads(json.dumps(document))
    forged["log"][2]["action"] = {"type": "bid", "amount": 9}  # blue passed; claim a bid
    error = await _refused(elsewhere, forged)
    assert (error.key, error.params) == (
        "trust.error.import_diverges",
        {"problem": "state_hash", "seq": 2},
    )

    illegal = json.loads(json.dumps(document))
    illegal["log"][3]["action"] = {"type": "bid", "amount": 9}  # the auction is over by then
    error = await _refused(elsewhere, illegal)
    assert (error.key, error.params["problem"], error.params["seq"]) == (
        "trust.error.import_diverges",
        "illegal",
        3,
    )

    loaded_dice = json.loads(json.dumps(document))
    loaded_dice["log"][4]["rolls"][0]["value"] = loaded_dice["log"][4]["rolls"][0]["value"] % 6 + 1
    assert (await _refused(elsewhere, loaded_dice)).params == {"problem": "rolls", "seq": 4}

    other_seed = dict(document, seed_hex="ab" * 32)
    assert (await _refused(elsewhere, other_seed)).key == "trust.error.import_bad_commitment"

    assert (await _refused(elsewhere, "{not json")).key == "trust.error.import_malformed"
    truncated = {key: value for key, value in document.items() if key != "log"}
    error = await _refused(elsewhere, truncated)
    assert (error.key, error.params) == ("trust.error.import_malformed", {"where": "log"})


async def test_an_export_whose_status_contradicts_its_log_is_refused(
    service: CampaignService, elsewhere: CampaignService
) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    document = await service.export_campaign(campaign_id)
    still_running = dict(document, status="active")
    assert (await _refused(elsewhere, still_running)).params == {"where": "status"}
    short = dict(document, seq=2)
    assert (await _refused(elsewhere, short)).params == {"where": "log"}
