"""Persistent buttons, select menus and the number modal for pending prompts.

Custom ids carry the campaign, the seq the prompt was posted at, the seat and the choice
index (`courier:c:<campaign>:<seq>:<seat>:<index>`), so a click needs no memory of the
message: it works after a restart, and a click on an old prompt is refused as stale.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.choices import button_label
from bot.discord.errors import Refusal, handle_interaction_error
from bot.discord.language import tr, user_language
from bot.discord.orders import carry_out, open_choice
from rulesets.core import Choice, Prompt

BUTTON_LIMIT = 20  # four rows of five; more choices go in select menus
SELECT_LIMIT = 25  # options in one select menu
SELECT_MENUS = 5  # one per row; beyond 125 choices, /play's autocomplete finds the rest
_SEAT = r"[A-Za-z0-9_\-]{1,40}"


def button_id(campaign_id: int, seq: int, seat: str, index: int) -> str:
    return f"courier:c:{campaign_id}:{seq}:{seat}:{index}"


def select_id(campaign_id: int, seq: int, seat: str, page: int) -> str:
    return f"courier:s:{campaign_id}:{seq}:{seat}:{page}"


async def choose(
    interaction: discord.Interaction[Any], campaign_id: int, seq: int, seat: str, index: int
) -> None:
    """A click on a choice: carry it out, or ask for its numbers first."""
    try:
        choice = await open_choice(interaction, campaign_id, seq, seat, index)
        if choice.ranges:
            modal = NumberModal(campaign_id, seq, seat, index, choice, user_language(interaction))
            await interaction.response.send_modal(modal)
            return
        await carry_out(interaction, campaign_id, seq, seat, choice)
    except Exception as error:
        await handle_interaction_error(interaction, error)


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"courier:c:(?P<campaign>\d+):(?P<seq>\d+):(?P<seat>{_SEAT}):(?P<index>\d+)",
):
    def __init__(self, campaign_id: int, seq: int, seat: str, index: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary if index else discord.ButtonStyle.secondary,
                custom_id=button_id(campaign_id, seq, seat, index),
            )
        )
        self.campaign_id, self.seq, self.seat, self.index = campaign_id, seq, seat, index

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ChoiceButton:
        label = getattr(item, "label", None) or "?"
        return cls(
            int(match["campaign"]), int(match["seq"]), match["seat"], int(match["index"]), label
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await choose(interaction, self.campaign_id, self.seq, self.seat, self.index)


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"courier:s:(?P<campaign>\d+):(?P<seq>\d+):(?P<seat>{_SEAT}):(?P<page>\d+)",
):
    """One page of up to 25 choices; option values are indices in the whole prompt."""

    def __init__(
        self,
        campaign_id: int,
        seq: int,
        seat: str,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=select_id(campaign_id, seq, seat, page),
                options=options or [discord.SelectOption(label="?", value="0")],
                placeholder=placeholder,
            )
        )
        self.campaign_id, self.seq, self.seat = campaign_id, seq, seat

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ChoiceSelect:
        return cls(int(match["campaign"]), int(match["seq"]), match["seat"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        # isdecimal, not isdigit: '²' is a digit that int() refuses.
        index = int(values[0]) if values and values[0].isdecimal() else -1
        await choose(interaction, self.campaign_id, self.seq, self.seat, index)


class NumberModal(discord.ui.Modal):
    """Asks for the open numbers of a choice (a bid), checking each against its range."""

    def __init__(
        self, campaign_id: int, seq: int, seat: str, index: int, choice: Choice, language: str
    ) -> None:
        super().__init__(title=tr("discord.modal.title", language)[:45], timeout=600)
        self.campaign_id, self.seq, self.seat = campaign_id, seq, seat
        self.index, self.choice = index, choice
        self.inputs: dict[str, discord.ui.TextInput[Any]] = {}
        for name, bounds in list(choice.ranges.items())[:5]:
            field: discord.ui.TextInput[Any] = discord.ui.TextInput(
                label=tr(
                    "discord.modal.number", language, name=name, low=bounds.low, high=bounds.high
                )[:45],
                custom_id=f"courier:n:{name}",
                placeholder=f"{bounds.low}–{bounds.high}",
                max_length=12,
            )
            self.inputs[name] = field
            self.add_item(field)

    def numbers(self) -> dict[str, int]:
        chosen: dict[str, int] = {}
        for name, field in self.inputs.items():
            bounds = self.choice.ranges[name]
            text = field.value.strip()
            value = int(text) if re.fullmatch(r"-?\d{1,9}", text) else None
            if value is None or value not in bounds:
                raise Refusal(
                    "discord.error.number_range", name=name, low=bounds.low, high=bounds.high
                )
            chosen[name] = value
        return chosen

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        try:
            # Looked up again: a modal left open while the game moved on must not submit a
            # choice that is no longer listed.
            choice = await open_choice(
                interaction, self.campaign_id, self.seq, self.seat, self.index
            )
            await carry_out(
                interaction, self.campaign_id, self.seq, self.seat, choice, self.numbers()
            )
        except Exception as error:
            await handle_interaction_error(interaction, error)


def prompt_view(
    ruleset: str, campaign_id: int, seq: int, prompt: Prompt, language: str
) -> discord.ui.View:
    """Buttons for a short list of choices, a select menu for a longer one."""
    view = discord.ui.View(timeout=None)
    labels = [button_label(ruleset, choice, language) for choice in prompt.choices]
    if len(labels) <= BUTTON_LIMIT:
        for index, label in enumerate(labels):
            view.add_item(ChoiceButton(campaign_id, seq, prompt.seat, index, label))
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
        view.add_item(ChoiceSelect(campaign_id, seq, prompt.seat, page, options, placeholder))
    return view
