"""/admin: moderators pause, resume, undo, roll back, replace a player, force a default,
end a campaign, see the messages Discord refused, choose when the channel gets a map, load
a campaign's data file. Every act needs a reason; the services audit it and announce it."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.access import campaign_in_scope, require_moderator
from bot.discord.client import CourierBot
from bot.discord.confirmation import AskerOnlyView
from bot.discord.data_upload import MAX_DATA_BYTES, read_data_file
from bot.discord.dead_letters import show_dead_letters
from bot.discord.errors import Refusal, handle_interaction_error
from bot.discord.language import tr, user_language
from bot.discord.reports import event_lines, public_events
from bot.i18n import localise_value
from rulesets import registry
from rulesets.core import Event

Reason = app_commands.Range[str, 3, 300]
MAPS_CHOICES = [
    app_commands.Choice(name="every resolution", value="resolution"),
    app_commands.Choice(name="every round", value="round"),
    app_commands.Choice(name="on demand", value="on_demand"),
]


class Admin(commands.GroupCog, group_name="admin", group_description="Moderators only"):
    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        require_moderator(self.bot, interaction)
        return True

    async def _acknowledge(self, interaction: discord.Interaction[Any]) -> None:
        """Answer the moderator privately; the table hears of the act once, from the outbox.

        The services queue an announcement of every audit record (and the seed when a
        campaign ends) in the same transaction as the act, so the adapter must not post its
        own.
        """
        language = user_language(interaction)
        done = tr("discord.admin.done", language)
        if interaction.response.is_done():
            await interaction.followup.send(done, ephemeral=True)
        else:
            await interaction.response.send_message(done, ephemeral=True)

    def _actor(self, interaction: discord.Interaction[Any]) -> str:
        return str(interaction.user.id)

    @app_commands.command(name="pause", description="Pause a campaign")
    async def pause(
        self, interaction: discord.Interaction[Any], reason: Reason, campaign: int | None = None
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        await self.bot.service.moderation.pause(
            found.id, actor=self._actor(interaction), reason=reason
        )
        await self._acknowledge(interaction)

    @app_commands.command(name="resume", description="Resume a paused campaign")
    async def resume(
        self, interaction: discord.Interaction[Any], reason: Reason, campaign: int | None = None
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        await self.bot.service.moderation.resume(
            found.id, actor=self._actor(interaction), reason=reason
        )
        await self._acknowledge(interaction)

    @app_commands.command(name="undo", description="Undo the last accepted action")
    async def undo(
        self, interaction: discord.Interaction[Any], reason: Reason, campaign: int | None = None
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        await self.bot.service.moderation.undo_last(
            found.id, actor=self._actor(interaction), reason=reason
        )
        await self._acknowledge(interaction)

    @app_commands.command(name="rollback", description="Go back to an earlier step")
    async def rollback(
        self,
        interaction: discord.Interaction[Any],
        seq: int,
        reason: Reason,
        campaign: int | None = None,
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        if not 0 <= seq < found.seq:
            raise Refusal("discord.error.bad_rollback", seq=seq, current=found.seq)
        language = user_language(interaction)
        entries = await self.bot.service.play.history(
            found.id, limit=found.seq - seq, before_seq=found.seq + 1
        )
        lines = [
            f"`{entry.seq:>4}` {line}"
            for entry in entries
            if entry.seq > seq
            for line in event_lines(
                public_events(
                    [e if isinstance(e, Event) else Event.model_validate(e) for e in entry.events]
                ),
                language,
            )
        ]
        confirm = RollbackConfirmation(self, found, seq, reason, interaction.user.id, language)
        await interaction.response.send_message(
            tr("discord.admin.rollback_confirm", language, seq=seq, count=found.seq - seq)
            + "\n"
            + "\n".join(lines)[:1700],
            view=confirm,
            ephemeral=True,
        )

    async def do_rollback(
        self, interaction: discord.Interaction[Any], campaign: Any, seq: int, reason: str
    ) -> None:
        await self.bot.service.moderation.rollback(
            campaign.id, seq, actor=self._actor(interaction), reason=reason
        )
        await self._acknowledge(interaction)

    @app_commands.command(name="replace", description="Give a seat to another player")
    async def replace(
        self,
        interaction: discord.Interaction[Any],
        seat: str,
        player: discord.Member,
        reason: Reason,
        campaign: int | None = None,
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        await self.bot.service.lobby.assign_seat(
            found.id,
            seat,
            str(player.id),
            player.display_name,
            actor=self._actor(interaction),
            reason=reason,
        )
        await self._acknowledge(interaction)

    @app_commands.command(name="kick", description="Take a seat from its player")
    async def kick(
        self,
        interaction: discord.Interaction[Any],
        seat: str,
        reason: Reason,
        campaign: int | None = None,
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        await self.bot.service.lobby.release_seat(
            found.id, seat, actor=self._actor(interaction), reason=reason
        )
        await self._acknowledge(interaction)

    @app_commands.command(name="force", description="Play a seat's default action now")
    async def force(
        self,
        interaction: discord.Interaction[Any],
        seat: str,
        reason: Reason,
        campaign: int | None = None,
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        await self.bot.service.play.force_default(
            found.id, seat, actor=self._actor(interaction), reason=reason
        )
        await self._acknowledge(interaction)

    @app_commands.command(name="outbox", description="Messages Discord refused: retry or drop")
    async def outbox(
        self, interaction: discord.Interaction[Any], campaign: int | None = None
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        await show_dead_letters(self.bot, interaction, found.id)

    @app_commands.command(name="end", description="End a campaign and reveal its dice seed")
    async def end(
        self, interaction: discord.Interaction[Any], reason: Reason, campaign: int | None = None
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        await self.bot.service.moderation.end_campaign(
            found.id, actor=self._actor(interaction), reason=reason
        )
        await self._acknowledge(interaction)

    @app_commands.command(name="maps", description="When the channel gets a map")
    @app_commands.choices(every=MAPS_CHOICES)
    async def maps(
        self,
        interaction: discord.Interaction[Any],
        every: app_commands.Choice[str],
        reason: Reason,
        campaign: int | None = None,
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        await self.bot.service.moderation.set_maps(
            found.id, every.value, actor=self._actor(interaction), reason=reason
        )
        await self._acknowledge(interaction)

    @app_commands.command(name="data", description="Load a campaign's data file before it starts")
    @app_commands.describe(file="The data file: a JSON object like the game's own, at most 1 MB")
    async def data(
        self,
        interaction: discord.Interaction[Any],
        file: discord.Attachment,
        reason: Reason,
        campaign: int | None = None,
    ) -> None:
        """Replace the campaign's data tables with the attached file (in the lobby only:
        the set-up reads them). The ruleset checks the tables; `/campaign data` then
        lists which were loaded."""
        found = await campaign_in_scope(self.bot, interaction, campaign)
        if found.status != "lobby":
            raise Refusal("trust.error.data_after_start", campaign=found.id)
        if file.size > MAX_DATA_BYTES:
            raise Refusal(
                "discord.admin.data.too_big",
                size=-(-file.size // 1024),
                limit=MAX_DATA_BYTES // 1024,
            )
        data = read_data_file(await file.read())
        await self.bot.service.data_file.replace_data_file(
            found.id, data, actor=self._actor(interaction), reason=reason
        )
        text = tr("discord.admin.data.loaded", user_language(interaction), campaign=found.id)
        await interaction.response.send_message(text, ephemeral=True)

    @replace.autocomplete("seat")
    @kick.autocomplete("seat")
    @force.autocomplete("seat")
    async def _seats(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        try:
            found = await campaign_in_scope(
                self.bot, interaction, getattr(interaction.namespace, "campaign", None)
            )
            pool = registry.get(found.ruleset).seat_pool()
        except Exception:
            return []
        language = user_language(interaction)
        named = [(spec.id, str(localise_value(spec.id, language))) for spec in pool]
        return [
            app_commands.Choice(name=name, value=seat)
            for seat, name in named
            if typed.lower() in name.lower()
        ][:25]


class RollbackConfirmation(AskerOnlyView):
    """Shows what a rollback removes; only the moderator who asked can confirm it."""

    def __init__(
        self, cog: Admin, campaign: Any, seq: int, reason: str, moderator_id: int, language: str
    ) -> None:
        super().__init__(moderator_id)
        self.cog, self.campaign, self.seq, self.reason = cog, campaign, seq, reason
        self.confirm.label = tr("discord.admin.confirm", language)
        self.cancel.label = tr("discord.admin.cancel", language)

    @discord.ui.button(label="Confirm", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        self.stop()
        try:
            await interaction.response.edit_message(view=None)
            await self.cog.do_rollback(interaction, self.campaign, self.seq, self.reason)
        except Exception as error:
            await handle_interaction_error(interaction, error)

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        self.stop()
        await interaction.response.edit_message(
            content=tr("discord.admin.cancelled", user_language(interaction)), view=None
        )


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CourierBot)
    await bot.add_cog(Admin(bot))
