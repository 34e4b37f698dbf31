"""Every service method called with hostile arguments: never an unexpected exception, and
a refusal changes nothing — in the campaign named or in any other."""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.services import CampaignService, ServiceError
from tests.proof.hostile_arena import Arena
from tests.proof.hostile_values import for_parameter, hostile_options
from tests.proof.tables import fingerprint, mini_table

# Methods that touch files or the process rather than a campaign.
NOT_CAMPAIGN_METHODS = {"close", "backup_database", "default_backup_directory"}
# The delivery loop's methods name an outbox row or a prompt message, not a campaign: a
# call that succeeds may change the campaign that row belongs to (a refusal still may not).
ROW_METHODS = {"give_up", "record_prompt_post", "close_prompt_post"}


def service_methods() -> list[str]:
    return sorted(
        name
        for name, member in inspect.getmembers(CampaignService, inspect.iscoroutinefunction)
        if not name.startswith("_") and name not in NOT_CAMPAIGN_METHODS
    )


def _arguments(
    data: st.DataObject, name: str, campaign_ids: list[int]
) -> tuple[list[Any], dict[str, Any]]:
    signature = inspect.signature(getattr(CampaignService, name))
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for parameter in list(signature.parameters.values())[1:]:
        if parameter.default is not inspect.Parameter.empty and data.draw(st.booleans()):
            continue  # leave an optional argument out
        if parameter.name == "options":
            value = data.draw(hostile_options(), label=parameter.name)
        else:
            strategy = for_parameter(parameter.name, str(parameter.annotation), campaign_ids)
            value = data.draw(strategy, label=parameter.name)
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY:
            kwargs[parameter.name] = value
        else:
            args.append(value)
    return args, kwargs


def _named_ids(args: list[Any], kwargs: dict[str, Any]) -> set[Any]:
    return {value for value in [*args, *kwargs.values()] if isinstance(value, int)}


def check_one_call(arena: Arena, data: st.DataObject, methods: list[str]) -> None:
    target = arena.run(mini_table(arena.service))
    ids = [target, arena.bystander, arena.lobby]
    name = data.draw(st.sampled_from(methods), label="method")
    args, kwargs = _arguments(data, name, ids)
    before = {cid: arena.run(fingerprint(arena.service, cid)) for cid in ids}
    try:
        arena.run(getattr(arena.service, name)(*args, **kwargs))
        refused = False
    except ServiceError:
        refused = True
    named = _named_ids(args, kwargs)
    for cid in ids:
        if refused or (cid not in named and name not in ROW_METHODS):
            after = arena.run(fingerprint(arena.service, cid))
            assert after == before[cid], f"{name} changed campaign {cid}"


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_every_method_survives_hostile_arguments(arena: Arena, data: st.DataObject) -> None:
    check_one_call(arena, data, service_methods())


@settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_submit_survives_hostile_orders(arena: Arena, data: st.DataObject) -> None:
    check_one_call(arena, data, ["submit", "preview_correction", "correct_action"])


@pytest.mark.slow
@settings(
    max_examples=5_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_every_method_survives_many_hostile_arguments(arena: Arena, data: st.DataObject) -> None:
    check_one_call(arena, data, service_methods())


async def test_set_pace_refuses_a_preset_that_is_not_a_name(service: CampaignService) -> None:
    campaign_id = await mini_table(service)
    before = await fingerprint(service, campaign_id)
    with pytest.raises(ServiceError):
        await service.set_pace(campaign_id, {"preset": []}, actor="3001", reason="hostile")
    assert await fingerprint(service, campaign_id) == before


async def test_a_campaign_ended_in_the_lobby_has_no_views(service: CampaignService) -> None:
    info = await service.create_campaign(
        ruleset="mini", creator_id="3001", guild_id=1, channel_id=None, options={}
    )
    await service.end_campaign(info.id, actor="3001", reason="never started")
    for call in (service.public_view(info.id), service.private_view(info.id, "3001")):
        with pytest.raises(ServiceError):
            await call
    assert await service.prompts(info.id) == []
    assert await service.waiting(info.id) == []
