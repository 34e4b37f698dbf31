"""/admin outbox: moderators see the messages Discord refused for good, with the reason,
and put each back in the queue or drop it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.discord.conftest import Table, open_mini_campaign, text_of

REFUSED = "400 Bad Request: Invalid Form Body"


async def _one_report_set_aside(t: Table) -> int:
    """alice passes while Discord refuses the edit that adds her step's report to her turn's
    message; the report is set aside for good."""
    prompt = t.last_prompt_for(t.alice)
    t.env.inject_error(
        "PATCH", f"/channels/{t.channel.id}/messages/{prompt.id}", status=400, times=1
    )
    await t.alice.click(prompt, label="pass")
    assert "mini.pass" not in t.public_text()
    [waiting] = await t.bot.service.store.pending_outbox(10)
    await t.bot.service.delivery.give_up(waiting.id, REFUSED)
    return waiting.id


def _shown(answer: object) -> Any:
    message = answer.response  # type: ignore[attr-defined]
    assert message is not None
    return message


def _labels(answer: object) -> list[str]:
    """The button labels of an interaction's answer (SimCord keeps them as payload dicts)."""
    return [
        str(button.get("label", ""))
        for row in _shown(answer).components
        for button in row["components"]
    ]


@pytest.mark.parametrize(
    ("language", "retry", "drop", "reason"),
    [
        ("en", "Retry", "Drop", "Reason: " + REFUSED),
        ("fr", "Réessayer n°", "Abandonner n°", "Raison : " + REFUSED),
    ],
)
async def test_a_moderator_sees_a_refused_message_with_its_reason_and_retries_it(
    table: Table, language: str, retry: str, drop: str, reason: str
) -> None:
    t = table
    await open_mini_campaign(t)
    outbox_id = await _one_report_set_aside(t)
    if language == "fr":
        t.locales[t.moderator.id] = "fr"
    answer = await t.moderator.slash(t.channel, "admin outbox")
    assert answer.ephemeral
    listed = text_of(answer)
    assert f"#{outbox_id}" in listed or f"n° {outbox_id}" in listed
    assert reason in listed
    assert "Campaign 1, step 1" in listed or "Campagne 1" in listed  # what it would have said
    labels = _labels(answer)
    assert [label for label in labels if label.startswith(retry)] and [
        label for label in labels if label.startswith(drop)
    ]

    retried = await t.moderator.click(
        _shown(answer), label=next(x for x in labels if x.startswith(retry))
    )
    await t.bot.courier.deliver_pending()
    assert t.public_text().count("mini.pass") == 1
    assert await t.bot.service.delivery.dead_letters(1) == []
    assert retried is not None


async def test_a_dropped_message_is_never_sent_and_leaves_the_list(table: Table) -> None:
    t = table
    await open_mini_campaign(t)
    await _one_report_set_aside(t)
    answer = await t.moderator.slash(t.channel, "admin outbox")
    label = next(x for x in _labels(answer) if x.startswith("Drop"))
    dropped = await t.moderator.click(_shown(answer), label=label)
    await t.bot.courier.deliver_pending()
    assert "mini.pass" not in t.public_text()
    assert await t.bot.service.delivery.dead_letters(1) == []
    assert "never be sent" in text_of(dropped)
    again = await t.moderator.slash(t.channel, "admin outbox")
    assert "none is set aside" in text_of(again)


async def test_only_moderators_see_the_set_aside_messages(table: Table) -> None:
    t = table
    await open_mini_campaign(t)
    await _one_report_set_aside(t)
    answer = await t.alice.slash(t.channel, "admin outbox")
    assert REFUSED not in text_of(answer)
    t.errors_checked = len(t.env.errors_since(0))
