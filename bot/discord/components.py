"""Persistent buttons, select menus and the number modal for pending prompts.

Custom ids carry the campaign, the seq the prompt was posted at, the seat, the prompt's
number among the seat's pending prompts and the choice index
(`courier:c:<campaign>:<seq>:<seat>:<prompt>:<index>`), so a click needs no memory of the
message: it works after a restart, a click on an old prompt is refused as stale, and a
seat holding several prompts at once gets the order of the prompt that was clicked.
Ids posted before the prompt number existed (no `<prompt>` part) mean the first prompt.
The number modal carries the same (`courier:m:...`) and is answered from its custom id
alone, so a modal opened before a restart is still answered after it.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.buttons import PersistentButton
from bot.discord.choices import PromptSlot, button_label
from bot.discord.errors import Refusal, handle_interaction_error
from bot.discord.language import tr, user_language
from bot.discord.orders import carry_out, open_choice
from bot.discord.what_now import WhatNowButton
from bot.i18n.labels import number_name
from rulesets.core import Choice, Prompt

BUTTON_LIMIT = 20  # four rows of five; more choices go in select menus
SELECT_LIMIT = 25  # options in one select menu
SELECT_MENUS = 5  # one per row; beyond 125 choices, /play's autocomplete finds the rest
_SEAT = r"[A-Za-z0-9_\-]{1,40}"
_PROMPT = r"(?::(?P<prompt>\d{1,3}))?"
MODAL_ID = re.compile(
    rf"courier:m:(?P<campaign>\d+):(?P<seq>\d+):(?P<seat>{_SEAT}):(?P<prompt>\d{{1,3}}):(?P<index>\d+)"
)
NUMBER_FIELD = "courier:n:"
TEXT_FIELD = "courier:t:"
PICK_FIELD = "courier:p:"
MODAL_FIELDS = 5  # Discord's limit of inputs in one modal


def button_id(slot: PromptSlot, index: int) -> str:
    return f"courier:c:{slot.campaign_id}:{slot.seq}:{slot.seat}:{slot.number}:{index}"


def select_id(slot: PromptSlot, page: int) -> str:
    return f"courier:s:{slot.campaign_id}:{slot.seq}:{slot.seat}:{slot.number}:{page}"


def modal_id(slot: PromptSlot, index: int) -> str:
    return f"courier:m:{slot.campaign_id}:{slot.seq}:{slot.seat}:{slot.number}:{index}"


def _slot(match: re.Match[str]) -> PromptSlot:
    number = int(match["prompt"]) if match["prompt"] else 0
    return PromptSlot(int(match["campaign"]), int(match["seq"]), match["seat"], number)


async def choose(interaction: discord.Interaction[Any], slot: PromptSlot, index: int) -> None:
    """A click on a choice: carry it out, or ask for its numbers first."""
    try:
        choice = await open_choice(interaction, slot, index)
        if choice.ranges or choice.picks or choice.texts:
            modal = NumberModal(slot, index, choice, user_language(interaction))
            await interaction.response.send_modal(modal)
            return
        await carry_out(interaction, slot, choice)
    except Exception as error:
        await handle_interaction_error(interaction, error)


class ChoiceButton(
    PersistentButton,
    template=rf"courier:c:(?P<campaign>\d+):(?P<seq>\d+):(?P<seat>{_SEAT}){_PROMPT}:(?P<index>\d+)",
):
    def __init__(self, slot: PromptSlot, index: int, label: str) -> None:
        style = discord.ButtonStyle.primary if index else discord.ButtonStyle.secondary
        super().__init__(button_id(slot, index), label, style)
        self.slot, self.index = slot, index

    @classmethod
    def from_match(cls, match: re.Match[str], label: str) -> ChoiceButton:
        return cls(_slot(match), int(match["index"]), label)

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await choose(interaction, self.slot, self.index)


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"courier:s:(?P<campaign>\d+):(?P<seq>\d+):(?P<seat>{_SEAT}){_PROMPT}:(?P<page>\d+)",
):
    """One page of up to 25 choices; option values are indices in the whole prompt."""

    def __init__(
        self,
        slot: PromptSlot,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=select_id(slot, page),
                options=options or [discord.SelectOption(label="?", value="0")],
                placeholder=placeholder,
            )
        )
        self.slot = slot

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ChoiceSelect:
        return cls(_slot(match), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        # isdecimal, not isdigit: '²' is a digit that int() refuses.
        index = int(values[0]) if values and values[0].isdecimal() else -1
        await choose(interaction, self.slot, index)


class NumberModal(discord.ui.Modal):
    """Asks for the open numbers of a choice (a bid), its open lists (a secret programme:
    the cards in order, by their numbers) and its optional free texts (a note with a gift
    of gold). It has no handler of its own: its custom id names the prompt and the choice,
    and `answer_number_modal` answers every submission, whether this process opened the
    modal or one before a restart did."""

    def __init__(self, slot: PromptSlot, index: int, choice: Choice, language: str) -> None:
        super().__init__(
            title=tr("discord.modal.title", language)[:45],
            timeout=600,
            custom_id=modal_id(slot, index),
        )
        for name, bounds in list(choice.ranges.items())[:MODAL_FIELDS]:
            field: discord.ui.TextInput[Any] = discord.ui.TextInput(
                label=tr(
                    "discord.modal.number",
                    language,
                    name=number_name(name, language),
                    low=bounds.low,
                    high=bounds.high,
                )[:45],
                custom_id=NUMBER_FIELD + name,
                placeholder=f"{bounds.low}–{bounds.high}",
                max_length=12,
            )
            self.add_item(field)
        for name, pick in list(choice.picks.items())[: MODAL_FIELDS - len(self.children)]:
            listed: discord.ui.TextInput[Any] = discord.ui.TextInput(
                label=tr(
                    "discord.modal.pick",
                    language,
                    name=number_name(name, language),
                    count=pick.count,
                    last=len(pick.options),
                )[:45],
                custom_id=PICK_FIELD + name,
                placeholder=" ".join(str(place) for place in range(1, pick.count + 1)),
                max_length=200,
            )
            self.add_item(listed)
        for name, limit in list(choice.texts.items())[: MODAL_FIELDS - len(self.children)]:
            note: discord.ui.TextInput[Any] = discord.ui.TextInput(
                label=tr("discord.modal.note", language, limit=limit)[:45],
                custom_id=TEXT_FIELD + name,
                required=False,
                max_length=limit,
            )
            self.add_item(note)


def typed_fields(components: list[dict[str, Any]]) -> dict[str, str]:
    """The text a modal submission carries, by field custom id (rows or labels)."""
    typed: dict[str, str] = {}
    for component in components:
        inner = component.get("components") or [component.get("component") or component]
        for field in inner:
            if isinstance(field, dict) and "custom_id" in field and "value" in field:
                typed[str(field["custom_id"])] = str(field["value"] or "")
    return typed


def read_numbers(choice: Choice, typed: dict[str, str], language: str) -> dict[str, int]:
    """Each open number of the choice from what was typed, checked against its range."""
    chosen: dict[str, int] = {}
    for name, bounds in choice.ranges.items():
        text = typed.get(NUMBER_FIELD + name, "").strip()
        value = int(text) if re.fullmatch(r"-?\d{1,9}", text) else None
        if value is None or value not in bounds:
            raise Refusal(
                "discord.error.number_range",
                name=number_name(name, language),
                low=bounds.low,
                high=bounds.high,
            )
        chosen[name] = value
    return chosen


def read_picks(choice: Choice, typed: dict[str, str], language: str) -> dict[str, list[str]]:
    """Each open list of the choice from the places or names typed, checked as a pick."""
    chosen: dict[str, list[str]] = {}
    for name, pick in choice.picks.items():
        tokens = [
            token for token in re.split(r"[\s,;]+", typed.get(PICK_FIELD + name, "")) if token
        ]
        items = pick.read(tokens)
        if items is None:
            raise Refusal(
                "discord.error.pick_items",
                name=number_name(name, language),
                count=pick.count,
                last=len(pick.options),
            )
        chosen[name] = items
    return chosen


def read_texts(choice: Choice, typed: dict[str, str]) -> dict[str, str]:
    """The free texts typed for the choice, trimmed (the services check what they hold)."""
    return {name: typed.get(TEXT_FIELD + name, "").strip() for name in choice.texts}


async def answer_number_modal(interaction: discord.Interaction[Any]) -> None:
    """Carry out a submitted number modal of ours; every other interaction is left alone."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return
    data: dict[str, Any] = dict(interaction.data or {})
    match = MODAL_ID.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return
    try:
        slot, index = _slot(match), int(match["index"])
        # Looked up again: a modal left open while the game moved on must not submit a
        # choice that is no longer listed.
        choice = await open_choice(interaction, slot, index)
        typed = typed_fields(list(data.get("components") or []))
        language = user_language(interaction)
        numbers: dict[str, Any] = {
            **read_numbers(choice, typed, language),
            **read_picks(choice, typed, language),
        }
        await carry_out(interaction, slot, choice, numbers, read_texts(choice, typed))
    except Exception as error:
        await handle_interaction_error(interaction, error)


def prompt_view(ruleset: str, slot: PromptSlot, prompt: Prompt, language: str) -> discord.ui.View:
    """Buttons for a short list of choices, a select menu for a longer one; and "What now?"
    after them wherever a row is left (four rows of buttons leave the fifth)."""
    view = discord.ui.View(timeout=None)
    labels = [button_label(ruleset, choice, language) for choice in prompt.choices]
    what_now = WhatNowButton(slot, tr("help.what_now.button", language))
    if len(labels) <= BUTTON_LIMIT:
        for index, label in enumerate(labels):
            view.add_item(ChoiceButton(slot, index, label))
        view.add_item(what_now)
        return view
    for page in range(min(SELECT_MENUS, -(-len(labels) // SELECT_LIMIT))):
        first = page * SELECT_LIMIT
        options = [
            discord.SelectOption(label=label, value=str(index))
            for index, label in enumerate(labels[first : first + SELECT_LIMIT], start=first)
        ]
        placeholder = tr(
            "discord.prompt.pick_range", language, first=first + 1, last=first + len(options)
        )
        view.add_item(ChoiceSelect(slot, page, options, placeholder))
    if len(view.children) < SELECT_MENUS:
        view.add_item(what_now)
    return view
