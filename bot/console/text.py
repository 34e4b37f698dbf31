"""How the console shows things: numbered choices, events as sentences, views, the log."""

from __future__ import annotations

from typing import Any

from bot.i18n import localise_value, render, translate
from bot.i18n.labels import action_name, choice_label, choice_title
from bot.services import LogEntry
from rulesets.core import Choice, Event, Prompt


def choice_text(ruleset: str, choice: Choice, language: str) -> str:
    """The shared choice label, each open number named: 'bid amount 1–10', 'call low'."""
    return choice_label(ruleset, choice, language, name_ranges=True)


def action_text(ruleset: str, action: dict[str, Any], language: str) -> str:
    """A logged action as the history shows it: its name, then its values ('bid 3')."""
    values = []
    for name, value in action.items():
        if name != "type":
            shown = value if isinstance(value, list) else [value]
            values.append(", ".join(str(localise_value(item, language)) for item in shown))
    return " ".join([action_name(ruleset, str(action.get("type", "?")), language), *values])


def chosen_text(ruleset: str, choice: Choice, given: dict[str, Any], language: str) -> str:
    """The choice a player just took, with what they typed: 'Give Treasury to Green,
    amount: 1'."""
    typed = [
        str(given[name])
        if name in choice.ranges
        else ", ".join(str(localise_value(item, language)) for item in given[name])
        for name in given
    ]
    return " ".join([choice_title(ruleset, choice, language), *typed])


def seat_name(seat: str, language: str) -> str:
    return str(localise_value(seat, language))


def seat_choices(prompts: list[Prompt], seat: str) -> list[Choice]:
    """Every choice open to `seat`, numbered from 1 in the order shown."""
    return [choice for prompt in prompts if prompt.seat == seat for choice in prompt.choices]


def prompt_lines(ruleset: str, prompts: list[Prompt], language: str) -> list[str]:
    lines = []
    for seat in dict.fromkeys(prompt.seat for prompt in prompts):
        asked = "; ".join(render(p.text, language) for p in prompts if p.seat == seat)
        lines.append(translate("console.must_decide", language, seat=seat, prompt=asked))
        for number, choice in enumerate(seat_choices(prompts, seat), start=1):
            lines.append(f"  {number}. {choice_text(ruleset, choice, language)}")
    return lines


def event_lines(events: list[Event], language: str) -> list[str]:
    """Public events as sentences; a private one is marked with the seats that see it."""
    lines = []
    for event in events:
        sentence = render(event, language)
        if event.visible_to is None:
            lines.append(f"  {sentence}")
        else:
            readers = ", ".join(seat_name(seat, language) for seat in event.visible_to)
            lines.append(
                "  " + translate("console.private_event", language, seats=readers, text=sentence)
            )
    return lines


def history_lines(ruleset: str, entries: list[LogEntry], language: str) -> list[str]:
    lines = []
    for entry in entries:
        who = seat_name(entry.seat, language) if entry.seat else "—"
        lines.append(f"#{entry.seq} {who}: {action_text(ruleset, entry.action, language)}")
        lines.extend(event_lines(entry.events, language))
    return lines


def sections_text(sections: list[tuple[str, str]]) -> str:
    """A sheet's sections as the console prints them: each heading, its lines indented."""
    return "\n".join(
        f"{heading}\n" + "\n".join(f"  {line}" for line in text.splitlines())
        for heading, text in sections
    )


def scores_text(scores: dict[str, int], language: str) -> str:
    # Ties in seat-id order: the same line whatever order the scores were stored in.
    ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    shown = ", ".join(f"{seat_name(seat, language)} {points}" for seat, points in ranked)
    return translate("console.final_scores", language, scores=shown)
