"""Issue 13's acceptance scan: each shipped game played through the real CourierBot, in
English and in French, every order clicked on the prompt's button or select (numbers typed
in the modal), then /me for every player, /campaign status and /map; every message, embed,
button label, select option and modal the bot sent is read for `None`, a Python dict or
list, a raw identifier and, in French, English words (tests/discord/word_scan.py).

The default suite plays a bounded number of steps per game, enough that every phase of the
game is reached (the figures below were measured with the autopilot at this seed: the step
at which the last phase is first reached, plus a margin); the whole games run under
`-m slow`. Struggle of Empires and Pax Britannica are short enough to play whole always."""

from __future__ import annotations

import pytest

from bot.services import CampaignService
from rulesets import registry
from tests.discord.clicking import click_order
from tests.discord.conftest import Table, text_of
from tests.discord.word_scan import ScanFigures, defects_in, scan_requests

SEED = "ab" * 32
# game: (seats, steps in the default suite; None = the whole game)
GAMES: dict[str, tuple[list[str], int | None]] = {
    "struggle": (["GBR", "FRA", "PRU"], None),  # 181 steps in all
    "empires": (["P1", "P2", "P3"], 290),  # the last phase (worker_pick) at step 268
    "colonial": (["col_red", "col_blue", "col_green"], 80),  # the last (corsairs) at step 54
    "ultima-ratio-regis": (["P1", "P2", "P3"], 220),  # the last (eot) at step 200
    "pax-britannica": (["britain", "france", "germany", "usa"], None),  # 98 steps in all
}
WHOLE_GAME = 5_000


async def play_and_scan(t: Table, game: str, language: str, steps: int | None) -> ScanFigures:
    service: CampaignService = t.bot.service
    seats, _ = GAMES[game]
    members = [t.alice, t.bob, t.carol]
    members += [t.guild.add_member(t.env.create_user(f"dave{n}")) for n in range(len(seats) - 3)]
    players = dict(zip(seats, members, strict=True))
    if language == "fr":
        t.locales.update({player.id: "fr" for player in [*members, t.spectator]})
    since = len(t.env.http_requests)
    campaign = await service.create_campaign(
        ruleset=game,
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options={},
        language=language,
        seed_hex=SEED,
    )
    await service.moderation.set_maps(campaign.id, "on_demand", actor="test", reason="speed")
    for seat, player in players.items():
        await player.slash(t.channel, "campaign join", seat=seat)
    await t.alice.slash(t.channel, "campaign start")
    rules = registry.get(game)
    for step in range(steps or WHOLE_GAME):
        current = await service.get_campaign(campaign.id)
        if current.status == "finished":
            break
        state = await service.state_at(campaign.id, current.seq)
        seat = (await service.prompts(campaign.id))[0].seat
        action = rules.autopilot_action(state, seat, step)
        answered = await click_order(service, t.channel, players[seat], campaign.id, seat, action)
        assert (await service.get_campaign(campaign.id)).seq == current.seq + 1, text_of(answered)
    if steps is None:
        assert (await service.get_campaign(campaign.id)).status == "finished"
    for player in members:
        await player.slash(t.channel, "me")
    await t.spectator.slash(t.channel, "campaign status")
    await t.spectator.slash(t.channel, "map")
    names = {member.name for member in [*members, t.spectator, t.moderator]}
    return scan_requests(t.env, since, language, names)


def check(figures: ScanFigures, game: str, language: str) -> None:
    print(figures.line(game, language))
    found = sorted(set(figures.defects))
    print("\n".join(found))
    assert figures.messages > 20 and figures.buttons > 20
    assert not found, f"{len(found)} different defects"


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", list(GAMES))
async def test_every_text_of_a_game_is_words(table: Table, game: str, language: str) -> None:
    figures = await play_and_scan(table, game, language, GAMES[game][1])
    check(figures, game, language)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", [game for game, (_, steps) in GAMES.items() if steps])
async def test_every_text_of_a_whole_game_is_words(table: Table, game: str, language: str) -> None:
    figures = await play_and_scan(table, game, language, None)
    check(figures, game, language)


@pytest.mark.parametrize(
    ("text", "language", "found"),
    [
        ("Winner: None", "en", "None"),
        ("Scores: {'GBR': 3}", "en", "Python value"),
        ("Pending: []", "en", "Python value"),
        ("Waiting for choose_empire", "en", "snake_case id"),
        ("Power: name.GBR", "en", "catalogue key"),
        ("soe.label.bid_a", "en", "catalogue key"),
        ("A game of pax-britannica", "en", "ruleset id"),
        ("Place an army {region:in}", "en", "placeholder"),
        ("La France gives 3 or à l'Espagne.", "fr", "English word"),
        ("Rouge place 1 pions en Inde.", "fr", "plural after a count of one"),
        ("Red holds 1 cards.", "en", "plural after a count of one"),
    ],
)
def test_the_scan_names_each_kind_of_defect(text: str, language: str, found: str) -> None:
    assert any(defect.startswith(found) for defect in defects_in(text, language))


def test_the_scan_passes_sentences_and_discord_markup() -> None:
    text = "<@123> France, campagne 1 : placez une armée en Inde. Réponse <t:1795860117:R>."
    assert defects_in(text, "fr") == []
    assert defects_in("Great Britain gives 3 gold to Spain (step 12).", "en") == []
