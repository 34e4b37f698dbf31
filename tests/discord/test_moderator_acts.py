"""Moderators' acts told as what changed: who gave which seat to whom, who lost it (told
by DM), and the acts that are no moderator's (a creator's pace, a volunteer) not called so.
The miniature game names its seats by id ("blue"), in both languages."""

from __future__ import annotations

import pytest

from tests.discord.conftest import Table, open_mini_campaign


def _dm_text(actor: object) -> str:
    user = actor.user  # type: ignore[attr-defined]
    channel = user.dm_channel
    if channel is None:
        return ""
    return "\n".join(
        message.content + "".join(str(e.to_dict()) for e in message.embeds)
        for message in channel.history()
    )


@pytest.mark.parametrize(
    ("language", "gave", "was", "reason", "told"),
    [
        ("en", "gave blue to", "(was", "Reason: bob moved away", "has taken your seat blue"),
        ("fr", "a confié blue à", "(auparavant", "Motif : bob moved away", "votre place blue"),
    ],
)
async def test_a_replacement_names_the_seat_the_new_and_the_old_holder(
    table: Table, language: str, gave: str, was: str, reason: str, told: str
) -> None:
    t = table
    await open_mini_campaign(t, language=language)
    await t.moderator.slash(
        t.channel, "admin replace", seat="blue", player=t.carol, reason="bob moved away"
    )
    line = next(m.content for m in t.public_messages() if "bob moved away" in m.content)
    assert line == (
        f"{t.moderator.mention} {gave} {t.carol.mention} {was} {t.bob.mention}). {reason}"
    )
    assert told in _dm_text(t.bob)
    assert "bob moved away" not in _dm_text(t.carol)


async def test_a_kick_names_the_player_who_lost_the_seat_and_tells_them(table: Table) -> None:
    t = table
    await open_mini_campaign(t)
    await t.moderator.slash(t.channel, "admin kick", seat="blue", reason="no answer for weeks")
    line = next(m.content for m in t.public_messages() if "no answer for weeks" in m.content)
    assert line.startswith(f"{t.moderator.mention} took blue from {t.bob.mention}")
    assert "has taken your seat blue" in _dm_text(t.bob)


async def test_the_creators_pace_is_no_moderator_act(table: Table) -> None:
    t = table
    await t.alice.slash(t.channel, "campaign create", game="mini", pace="brisk")
    text = t.public_text()
    assert "Moderator act" not in text
    assert "set_pace" not in text


async def test_a_volunteers_substitution_is_no_moderator_act(table: Table) -> None:
    t = table
    await open_mini_campaign(t)
    await t.moderator.slash(t.channel, "campaign open-seat", seat="blue", reason="bob leaves")
    before = t.public_text().count("Moderator act")
    await t.carol.slash(t.channel, "campaign sub")
    after = t.public_text()
    assert after.count("Moderator act") == before
    assert "volunteer" not in after  # the trail's reason for it is no sentence for the table


@pytest.mark.parametrize(
    ("language", "paused", "extended"),
    [
        ("en", "paused the campaign. Reason: tea", "moved the deadline for red to <t:"),
        ("fr", "a mis la campagne en pause. Motif : tea", "a repoussé l'échéance pour red au <t:"),
    ],
)
async def test_every_act_is_a_sentence_not_an_act_id(
    table: Table, language: str, paused: str, extended: str
) -> None:
    t = table
    await open_mini_campaign(t, language=language)
    await t.moderator.slash(t.channel, "campaign extend", hours=4, seat="red", reason="ill")
    await t.moderator.slash(t.channel, "admin pause", reason="tea")
    await t.moderator.slash(t.channel, "admin resume", reason="back")
    text = t.public_text()
    assert f"{t.moderator.mention} {paused}" in text
    assert extended in text
    for raw in ("extend_deadline", "pause by", "resume by", "Moderator act", "Acte de modération"):
        assert raw not in text


def test_every_told_act_has_its_sentence_and_its_name_in_both_languages() -> None:
    from bot.i18n import catalogue
    from bot.services.notices import _TOLD_ACTS

    for language in ("en", "fr"):
        texts = catalogue(language)
        missing = [
            act
            for act in sorted(_TOLD_ACTS)
            if f"trust.audit.announce.{act}" not in texts or f"trust.act.{act}" not in texts
        ]
        assert missing == [], language
