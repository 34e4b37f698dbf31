"""Pax Britannica campaigns through Discord (SimCord): four players join and start with
slash commands and give every order with `/play` (a fixed mix of the autopilot and random
legal choices), the map is posted, and the final record reaches the channel. Two turns in
the default suite; the whole game of ten turns (issue 19: "a whole peacetime game through
SimCord with 4 players", now with the default diplomacy and wars) among the slow tests,
and issue 20's five-player game with a treaty, a Congress and a war, every order clicked."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.discord.components import NUMBER_FIELD
from rulesets.core import Prompt
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.map import scene_from_view
from tests.discord.clicking import click_order
from tests.discord.conftest import Table, seated_campaign, text_of
from tests.discord.word_scan import scan_requests
from tests.pax_britannica.steering import SecretAlliance, Steering
from tests.random_play import random_action

SEATS = ["britain", "france", "germany", "usa"]
STEPS_PER_TURN = 750


def policy_action(state: Any, prompt: Prompt, rng: random.Random, step: int) -> dict[str, Any]:
    if rng.random() < 0.3:
        return random_action(prompt, rng)
    return PAX.autopilot_action(state, prompt.seat, step)


@pytest.mark.parametrize("turns", [2, pytest.param(10, marks=pytest.mark.slow)])
async def test_a_pax_britannica_campaign_through_discord(table: Table, turns: int) -> None:
    t = table
    dave = t.guild.add_member(t.env.create_user("dave"))
    service = t.bot.service
    campaign = await service.create_campaign(
        ruleset="pax-britannica",
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options={"turns": turns},
        seed_hex="5a" * 32,
    )
    players = dict(zip(SEATS, [t.alice, t.bob, t.carol, dave], strict=True))
    for seat, player in players.items():
        joined = await player.slash(t.channel, "campaign join", seat=seat)
        assert not joined.ephemeral
    await t.alice.slash(t.channel, "campaign start")
    rng = random.Random(7)
    for step in range(STEPS_PER_TURN * turns):
        current = await service.get_campaign(campaign.id)
        if current.status == "finished":
            break
        state = await service.state_at(campaign.id, current.seq)
        prompts = await service.prompts(campaign.id)
        prompt = rng.choice(prompts)
        action = policy_action(state, prompt, rng, step)
        choice = prompt.find(action)
        assert choice is not None
        index = prompt.choices.index(choice)
        order = f"{current.seq}:{prompt.seat}:{index}"
        numbers = [int(action[name]) for name in choice.ranges]
        answered = await players[prompt.seat].slash(
            t.channel, "play", order=order, **({"number": numbers[0]} if numbers else {})
        )
        if answered.modal is not None:  # a choice with a free-text clause: left empty
            typed = {NUMBER_FIELD + name: str(action[name]) for name in choice.ranges}
            answered = await players[prompt.seat].submit_modal(answered, typed)
        assert "Order accepted" in text_of(answered), text_of(answered)
        if step == 20:
            drawn = await t.spectator.slash(t.channel, "map")
            posted = drawn.followups[0] if drawn.followups else drawn.response
            assert posted is not None and posted.attachments
    finished = await service.get_campaign(campaign.id)
    assert finished.status == "finished"
    public = t.public_text()
    assert "Final scores" in public
    assert "pax." not in public


# Issue 20's acceptance: five players, the game steered (tests/pax_britannica/steering.py)
# to a treaty, a Congress and a war, every order clicked on the bot's buttons, selects and
# modals (the private prompts of the Negotiation phase in each player's DMs).
STEERED_SEATS = ["britain", "france", "germany", "usa", "japan"]
STEERED_SEED = 1  # the campaign's seed and the steering's: a game with all three
WHOLE_STEERED_GAME = 2_000  # steps; the game takes 890


@pytest.mark.slow
async def test_a_five_player_game_with_a_treaty_a_congress_and_a_war(table: Table) -> None:
    t = table
    service = t.bot.service
    members = [t.alice, t.bob, t.carol]
    members += [t.guild.add_member(t.env.create_user(name)) for name in ("dave", "erin")]
    players = dict(zip(STEERED_SEATS, members, strict=True))
    since = len(t.env.http_requests)
    campaign = await service.create_campaign(
        ruleset="pax-britannica",
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options={},  # the default options: wars, treaties and the Congress on
        seed_hex=f"{STEERED_SEED:064x}",
    )
    await service.moderation.set_maps(campaign.id, "on_demand", actor="test", reason="speed")
    for seat, player in players.items():
        await player.slash(t.channel, "campaign join", seat=seat)
    await t.alice.slash(t.channel, "campaign start")
    rng = random.Random(STEERED_SEED)
    steering = Steering(random.Random(STEERED_SEED))
    for step in range(WHOLE_STEERED_GAME):
        current = await service.get_campaign(campaign.id)
        if current.status == "finished":
            break
        state = await service.state_at(campaign.id, current.seq)
        prompt = rng.choice(await service.prompts(campaign.id))
        action = steering.action(state, prompt, step)
        answered = await click_order(
            service, t.channel, players[prompt.seat], campaign.id, prompt.seat, action
        )
        assert (await service.get_campaign(campaign.id)).seq == current.seq + 1, text_of(answered)
        if step % 200 == 0:
            await t.spectator.slash(t.channel, "map")
    final = await service.get_campaign(campaign.id)
    assert final.status == "finished"
    state = await service.state_at(campaign.id, final.seq)
    assert state.turn == 9 or state.great_war  # 1916, or the Great War ended it
    assert steering.done == ["offered", "signed", "called", "declared"]
    public = t.public_text()
    assert re.search(r"\w+ and [\w ]+ sign a defensive alliance\.", public)
    assert "calls a Congress of Europe" in public and "declares war on" in public
    assert "Final scores" in public
    for player in members:
        await player.slash(t.channel, "me")
    await t.spectator.slash(t.channel, "campaign status")
    await t.spectator.slash(t.channel, "map")
    names = {member.name for member in [*members, t.spectator, t.moderator]}
    figures = scan_requests(t.env, since, "en", names)
    print(figures.line("pax-britannica", "en"))
    assert figures.messages > 100 and figures.buttons > 500
    assert not sorted(set(figures.defects))


# Issue 20's secret-treaty acceptance: a whole turn with a secret defensive alliance that a
# declaration of war calls into play (the partner's obligation, a private prompt) and that
# the partner honours, claiming its casus belli and so publishing the treaty (§4.8).
SECRET_SEATS = ["britain", "france", "germany", "usa"]
SECRET_SEED = 4  # France gets a casus belli on Britain in 1904; Britain allies with the USA
TREATY_WORDS = re.compile(r"\b(?:alliance|secret|treaty)\b", re.IGNORECASE)


def scene_words(view: dict[str, Any]) -> str:
    scene = scene_from_view(view, "en")
    texts = [scene.header.title, *scene.header.lines] if scene.header else []
    texts += [region.label for region in scene.regions]
    texts += [entry.label for entry in scene.legend] + list(scene.captions.values())
    texts += [value for panel in scene.panels for row in panel.rows for value in row.values]
    return "\n".join(texts)


@pytest.mark.slow
async def test_a_secret_alliance_stays_secret_until_its_partner_claims_the_casus_belli(
    table: Table,
) -> None:
    t = table
    service = t.bot.service
    dave = t.guild.add_member(t.env.create_user("dave"))
    players = dict(zip(SECRET_SEATS, [t.alice, t.bob, t.carol, dave], strict=True))
    campaign_id = await seated_campaign(t, "pax-britannica", players, seed=SECRET_SEED)
    rng = random.Random(SECRET_SEED)
    steering = SecretAlliance(random.Random(SECRET_SEED))
    shown_before = -1  # treaty words in the channel before the alliance was offered
    published_in: int | None = None
    secret_steps = calls_checked = 0
    words_before_step = -1
    for _ in range(1_000):
        current = await service.get_campaign(campaign_id)
        state = await service.state_at(campaign_id, current.seq)
        if current.status == "finished" or (published_in is not None and state.turn > published_in):
            break
        if state.phase == "negotiation" and shown_before < 0:
            words_before_step = len(TREATY_WORDS.findall(t.public_text()))
        prompt = rng.choice(await service.prompts(campaign_id))
        action = steering.action(state, prompt, current.seq)
        answered = await click_order(
            service, t.channel, players[prompt.seat], campaign_id, prompt.seat, action
        )
        assert (await service.get_campaign(campaign_id)).seq == current.seq + 1, text_of(answered)
        if steering.dispute is not None and shown_before < 0:
            shown_before = words_before_step  # the steering chose its dispute at this step
        if steering.dispute is None or published_in is not None:
            continue
        after = await service.state_at(campaign_id, current.seq + 1)
        view = await service.public_view(campaign_id)
        words = len(TREATY_WORDS.findall(t.public_text()))
        if not after.treaties or any(treaty.secret for treaty in after.treaties):
            # Until published: nothing in the channel, the public view or the map's scene,
            # nor in what the two other players read of their own seats.
            assert words == shown_before, t.public_text()[-2000:]
            assert view["treaties"] == [] and not TREATY_WORDS.search(scene_words(view))
            secret_steps += 1
            for seat in ("france", "germany"):
                seen = await service.private_view(campaign_id, str(players[seat].id), seat)
                assert seen["treaties"] == [] and seen["offers"] == []
            if prompt.kind == "war_declaration":
                [called] = [p for p in await service.prompts(campaign_id) if p.seat == "usa"]
                assert called.kind == "treaty_call" and called.private
                drawn = await t.spectator.slash(t.channel, "map")
                assert drawn.followups or drawn.response
                for seat in ("france", "germany"):
                    me = await players[seat].slash(t.channel, "me")
                    assert not TREATY_WORDS.search(text_of(me))
                calls_checked += 1
        else:
            published_in = after.turn
            assert steering.honoured and steering.signed
            assert "A treaty is made public: a defensive alliance between" in t.public_text()
            [shown] = view["treaties"]
            assert (shown["kind"], shown["parties"]) == ("defensive", ["britain", "usa"])
    assert published_in is not None, "the steering no longer reaches the secret treaty"
    assert secret_steps >= 3 and calls_checked == 1
    public = t.public_text()
    assert "France declares war on Great Britain" in public
    assert "The United States declares war on France" in public
