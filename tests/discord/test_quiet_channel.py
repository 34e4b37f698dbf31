"""A campaign channel people still want to read (issue 22): one turn is one message, edited
through its sub-steps and pinging only when the turn passes; and a whole 4-player game of
Struggle of Empires and of Empires played through SimCord, with the channel's figures
printed (messages per turn, maps, pings) and held to the issue's targets."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.discord.errors import refusal_text
from bot.services import CampaignService, ServiceError
from rulesets import registry
from tests.discord.channel_figures import ChannelFigures, play_and_count
from tests.discord.conftest import Table, seated_campaign, text_of

STRUGGLE_SEATS = ["GBR", "FRA", "PRU", "AUS"]
EMPIRES_SEATS = ["P1", "P2", "P3", "P4"]


async def _four_players(t: Table, ruleset: str, seats: list[str]) -> dict[str, simcord.MemberActor]:
    dave = t.guild.add_member(t.env.create_user("dave"))
    players = dict(zip(seats, [t.alice, t.bob, t.carol, dave], strict=True))
    await seated_campaign(t, ruleset, players)
    return players


def _custom_ids(message: discord.Message) -> list[str]:
    return [
        child.custom_id or ""
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
    ]


def _pinged(t: Table, message: discord.Message) -> list[int]:
    return list(t.env.backend.get_message(message.channel.id, message.id).ping_user_ids)


async def _autopilot_step(
    t: Table, campaign_id: int, players: dict[str, simcord.MemberActor], step: int
) -> str:
    """One autopilot order of the first seat asked; the seat that acted."""
    service: CampaignService = t.bot.service
    campaign = await service.get_campaign(campaign_id)
    state = await service.state_at(campaign_id, campaign.seq)
    prompt = (await service.prompts(campaign_id))[0]
    action = registry.get(campaign.ruleset).autopilot_action(state, prompt.seat, step)
    await service.submit(campaign_id, str(players[prompt.seat].id), action, seat=prompt.seat)
    await t.bot.courier.deliver_pending()
    return prompt.seat


async def test_a_turn_of_several_steps_is_one_message_edited_in_place(table: Table) -> None:
    t = table
    players = await _four_players(t, "struggle", STRUGGLE_SEATS)
    service = t.bot.service
    campaign = await service.campaign_for_channel(t.channel.id)
    assert campaign is not None
    for step in range(200):
        seat = (await service.prompts(campaign.id))[0].seat
        player = players[seat]
        before = t.prompts_for(player)
        assert len(before) == 1
        acted = await _autopilot_step(t, campaign.id, players, step)
        if (await service.prompts(campaign.id))[0].seat == acted:
            break
    else:
        raise AssertionError("no seat acted twice in a row")
    # The same seat acts again: its message was edited, not closed and posted anew.
    after = t.prompts_for(player)
    assert [message.id for message in after] == [before[0].id]
    assert after[0].content != before[0].content or _custom_ids(after[0]) != _custom_ids(before[0])
    assert not _pinged(t, after[0]) or _pinged(t, before[0]) == _pinged(t, after[0])
    seq = (await service.get_campaign(campaign.id)).seq
    ids = _custom_ids(after[0])
    assert ids and all(f":{seq}:{acted}:" in custom_id for custom_id in ids)
    # Its fresh buttons act on the new step.
    first = ids[0]
    if first.startswith("courier:c:"):
        answered = await player.click(after[0], custom_id=first)
        if answered.modal is not None:
            prompt = (await service.prompts(campaign.id))[0]
            ranges = prompt.choices[0].ranges
            answer = {f"courier:n:{name}": str(span.low) for name, span in ranges.items()}
            answered = await player.submit_modal(answered, answer)
    else:
        answered = await player.select(after[0], ["0"], custom_id=first)
    assert "Order accepted" in text_of(answered)
    assert (await service.get_campaign(campaign.id)).seq == seq + 1


async def test_unchanged_simultaneous_prompts_keep_their_messages(table: Table) -> None:
    t = table
    players = await _four_players(t, "empires", EMPIRES_SEATS)
    service = t.bot.service
    campaign = await service.campaign_for_channel(t.channel.id)
    assert campaign is not None
    for step in range(200):
        prompts = await service.prompts(campaign.id)
        if len({prompt.seat for prompt in prompts}) > 1:
            break
        await _autopilot_step(t, campaign.id, players, step)
    else:
        raise AssertionError("no two seats were asked at once")
    messages_before = len(t.public_messages())
    posted = {seat: t.prompts_for(players[seat]) for seat in {p.seat for p in prompts}}
    acted = await _autopilot_step(t, campaign.id, players, step)
    now = await service.prompts(campaign.id)
    for seat, messages in posted.items():
        if seat == acted or seat not in {prompt.seat for prompt in now}:
            continue
        unchanged = [p for p in prompts if p.seat == seat] == [p for p in now if p.seat == seat]
        kept = [message.id for message in t.prompts_for(players[seat])]
        if unchanged:
            assert kept == [message.id for message in messages]  # left where it was
            seq = (await service.get_campaign(campaign.id)).seq
            for message in t.prompts_for(players[seat]):
                assert all(f":{seq}:" in custom_id for custom_id in _custom_ids(message))
    new = t.public_messages()[messages_before:]
    assert all(
        acted_player not in _pinged(t, m) for m in new for acted_player in [players[acted].id]
    )


# Measured by the same count on main before issue 22 (commit 291dd73), printed beside ours.
BEFORE = {
    "struggle": "513 public messages (4.46 per turn), 83 maps, pings: 126 to the player who"
    " just acted, 114 to a player whose turn begins",
    "empires": "864 public messages (8.00 per turn), 148 maps, pings: 277 to the player who"
    " just acted, 140 to a player whose turn begins",
}
TARGET_MESSAGES_PER_TURN = 1.5


# Recaps due in a whole game (issue 22): one per war but the last in Struggle (three wars),
# one per decade but the last in Empires (eight), and the final summary.
RECAPS = {"struggle": 2 + 1, "empires": 7 + 1}


def _hold_to_the_targets(figures: ChannelFigures) -> None:
    print(f"\nbefore  {figures.game}: {BEFORE[figures.game]}\nafter   {figures.line()}")
    assert figures.turns > 50  # a whole game
    assert figures.per_kind.get("recap", 0) == RECAPS[figures.game]  # counted in the figure
    assert figures.pings_to_actor == 0  # pings only to players whose turn begins
    assert figures.pings_to_new_turn >= figures.turns * 0.9  # nearly every turn is announced
    assert figures.maps < figures.turns  # at most one map a turn (set-up: one in all)
    assert figures.messages_per_turn <= TARGET_MESSAGES_PER_TURN


async def test_a_whole_struggle_game_is_quiet(table: Table) -> None:
    players = await _four_players(table, "struggle", STRUGGLE_SEATS)
    _hold_to_the_targets(await play_and_count(table, "struggle", players))


async def test_a_whole_empires_game_is_quiet(table: Table) -> None:
    players = await _four_players(table, "empires", EMPIRES_SEATS)
    _hold_to_the_targets(await play_and_count(table, "empires", players))


def _maps(t: Table) -> int:
    return sum(1 for message in t.public_messages() if message.attachments)


async def test_a_moderator_chooses_when_the_channel_gets_a_map(table: Table) -> None:
    t = table
    players = await _four_players(t, "struggle", STRUGGLE_SEATS)
    service = t.bot.service
    campaign = await service.campaign_for_channel(t.channel.id)
    assert campaign is not None
    refused = await t.alice.slash(t.channel, "admin maps", every="on_demand", reason="quiet")
    assert refused.ephemeral  # players may not
    assert (await service.get_campaign(campaign.id)).maps == "resolution"

    done = await t.moderator.slash(t.channel, "admin maps", every="on_demand", reason="quiet")
    assert done.ephemeral and "Done" in text_of(done)
    assert (await service.get_campaign(campaign.id)).maps == "on_demand"
    assert "quiet" in t.public_text()  # announced to the table
    maps = _maps(t)
    for step in range(60):
        await _autopilot_step(t, campaign.id, players, step)
    assert _maps(t) == maps  # none posted; /map still answers
    asked = await t.spectator.slash(t.channel, "map")
    assert not asked.ephemeral

    await t.moderator.slash(t.channel, "admin maps", every="round", reason="one a round")
    maps = _maps(t)
    rounds = set()
    for step in range(60, 200):
        await _autopilot_step(t, campaign.id, players, step)
        view = await service.public_view(campaign.id)
        rounds.add((view["war"], view["round"]))
    posted = _maps(t) - maps
    assert 0 < posted <= len(rounds)


async def test_a_map_setting_that_does_not_exist_is_refused_in_a_sentence(table: Table) -> None:
    t = table
    await _four_players(t, "struggle", STRUGGLE_SEATS)
    campaign = await t.bot.service.campaign_for_channel(t.channel.id)
    assert campaign is not None
    with pytest.raises(ServiceError) as refused:
        await t.bot.service.moderation.set_maps(campaign.id, "hourly", actor="1", reason="x")
    assert "not a map setting" in refusal_text(refused.value, "en")
    assert "pas un réglage des cartes" in refusal_text(refused.value, "fr")
    assert (await t.bot.service.get_campaign(campaign.id)).maps == "resolution"
