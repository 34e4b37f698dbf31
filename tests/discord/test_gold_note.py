"""Gold for allies while support is asked, with a note (issue 14): « seul l'Or peut être
proposé » while the attacker, then the defender, ask for support. In Discord the giver
types the amount and a short note in the modal; the receiver and the whole table read the
note with the transfer in the step's report. The note is checked at the services' boundary:
one plain line, at most 120 characters, shown exactly as typed."""

from __future__ import annotations

import pytest

from bot.services import CampaignService, ServiceError
from rulesets.struggle import STRUGGLE
from rulesets.struggle.state import StruggleState
from tests.discord.clicking import click_order
from tests.discord.conftest import Table, text_of

POWERS = ["GBR", "FRA", "PRU"]
SEED = f"{0:064x}"  # at this seed the autopilot's first attack opens the gold window
NOTE = "france: hold the line at Quebec, more gold follows"


async def campaign_at_the_gold_window(t: Table, language: str) -> tuple[int, str, str]:
    """A 3-player campaign played by the autopilot until players may offer gold during a
    call for support: the campaign, a player who may give and the one who receives."""
    service: CampaignService = t.bot.service
    campaign = await service.create_campaign(
        ruleset="struggle",
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options={},
        language=language,
        seed_hex=SEED,
    )
    await service.moderation.set_maps(campaign.id, "on_demand", actor="test", reason="speed")
    players = dict(zip(POWERS, [t.alice, t.bob, t.carol], strict=True))
    for seat, player in players.items():
        await player.slash(t.channel, "campaign join", seat=seat)
    await t.alice.slash(t.channel, "campaign start")
    for step in range(400):
        prompts = await service.prompts(campaign.id)
        offers = [p for p in prompts if p.kind == "gold_offer" and len(p.choices) > 1]
        if offers:
            giver = offers[0].seat
            receiver = str(offers[0].choices[1].action["to"])
            return campaign.id, giver, receiver
        state = await service.state_at(campaign.id, (await service.get_campaign(campaign.id)).seq)
        seat = prompts[0].seat
        action = STRUGGLE.autopilot_action(state, seat, step)
        await service.submit(campaign.id, str(players[seat].id), action, seat=seat)
        await t.bot.courier.deliver_pending()
    pytest.fail("no gold window in 400 steps")


async def gold_of(service: CampaignService, campaign_id: int, power: str) -> int:
    state = await service.state_at(campaign_id, (await service.get_campaign(campaign_id)).seq)
    assert isinstance(state, StruggleState)
    return state.powers[power].gold


@pytest.mark.parametrize(
    ("language", "gives"), [("en", "gives 1 gold to"), ("fr", "donne 1 or ; bénéficiaire")]
)
async def test_a_gift_during_the_support_call_carries_a_note_the_table_reads(
    table: Table, language: str, gives: str
) -> None:
    t = table
    service = t.bot.service
    campaign_id, giver, receiver = await campaign_at_the_gold_window(t, language)
    players = dict(zip(POWERS, [t.alice, t.bob, t.carol], strict=True))
    before = await gold_of(service, campaign_id, receiver)
    gift = {"type": "give_gold", "to": receiver, "amount": 1, "note": NOTE}
    answered = await click_order(service, t.channel, players[giver], campaign_id, giver, gift)
    assert "accept" in text_of(answered).lower(), text_of(answered)
    assert await gold_of(service, campaign_id, receiver) == before + 1
    await t.bot.courier.deliver_pending()
    # The table reads the note with the transfer, exactly as typed ("france" is not taken
    # for the power's id), in the step's report; the receiver is one of the table.
    reports = [line for line in t.public_text().splitlines() if NOTE in line]
    assert reports, "the note is not in the channel"
    assert any(gives in line for line in t.public_text().split("•") if NOTE in line)


async def test_a_note_is_one_short_plain_line_checked_by_the_services(table: Table) -> None:
    t = table
    service = t.bot.service
    campaign_id, giver, receiver = await campaign_at_the_gold_window(t, "en")
    user = str({"GBR": t.alice, "FRA": t.bob, "PRU": t.carol}[giver].id)
    seq = (await service.get_campaign(campaign_id)).seq
    for note, refusal in (
        ("x" * 121, "service.error.note_too_long"),
        ("first line\n@everyone second", "service.error.note_one_line"),
        (12, "service.error.not_text"),
    ):
        gift = {"type": "give_gold", "to": receiver, "amount": 1, "note": note}
        with pytest.raises(ServiceError) as refused:
            await service.submit(campaign_id, user, gift, seat=giver)
        assert refused.value.key == refusal
    assert (await service.get_campaign(campaign_id)).seq == seq  # nothing changed
    # A gift without a note is as before.
    plain = {"type": "give_gold", "to": receiver, "amount": 1}
    await service.submit(campaign_id, user, plain, seat=giver)
    assert (await service.get_campaign(campaign_id)).seq == seq + 1
