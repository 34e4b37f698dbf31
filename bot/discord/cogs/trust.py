"""Trust and moderation: /campaign verify, /admin audit, correct, export and import, plus the
scheduled database backup and the ruleset version check after start-up.

The commands join the existing /campaign and /admin groups (so the admin group's moderator
check applies, and each command checks again). They only call the services and word the
answers; every audit record is announced in the channel by the services' outbox.
"""

from __future__ import annotations

import io
import json
import logging
from datetime import datetime
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.discord.access import campaign_in_scope, require_moderator
from bot.discord.client import BackupPolicy, CourierBot
from bot.discord.confirmation import AskerOnlyView
from bot.discord.errors import Refusal, handle_interaction_error, reply_ephemeral
from bot.discord.language import user_language
from bot.discord.progress import ProgressReply
from bot.i18n import catalogue, render, translate
from bot.services.correction import CorrectionPreview
from bot.services.models import AuditEntry, CampaignInfo
from bot.services.trust import DiceVerification

log = logging.getLogger("bot.discord.trust")

Reason = app_commands.Range[str, 3, 300]
AUDIT_LINES = 15
MAX_IMPORT_BYTES = 8 * 1024 * 1024
MESSAGE_LIMIT = 1900


def _bot(interaction: discord.Interaction[Any]) -> CourierBot:
    return cast(CourierBot, interaction.client)


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _clip(text: str) -> str:
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


async def _campaign_here_or_named(
    bot: CourierBot, interaction: discord.Interaction[Any], campaign_id: int | None
) -> CampaignInfo:
    """Like `campaign_in_scope`, but a finished campaign of this channel counts too: it is
    the one whose dice a player wants to check."""
    if campaign_id is None and interaction.channel_id is not None:
        here = [
            found
            for found in await bot.service.lobby.list_campaigns(interaction.guild_id)
            if found.channel_id == interaction.channel_id
        ]
        if here:
            return here[-1]
    return cast(CampaignInfo, await campaign_in_scope(bot, interaction, campaign_id))


def verification_text(result: DiceVerification, language: str) -> str:
    return "\n".join(render(finding, language) for finding in result.findings())


def act_name(act: str, language: str) -> str:
    """An act of the audit trail in words ('set_pace' reads 'pace changed')."""
    key = f"trust.act.{act}"
    return translate(key, language) if key in catalogue("en") else act.replace("_", " ")


def audit_lines(entries: list[AuditEntry], language: str) -> list[str]:
    return [
        translate(
            "trust.audit.line",
            language,
            id=entry.id,
            at=f"<t:{int(entry.at.timestamp())}:f>",
            act=act_name(entry.act, language),
            moderator=f"<@{entry.actor}>" if entry.actor.isdigit() else entry.actor,
            seqs=", ".join(str(seq) for seq in entry.seqs) or "-",
            reason=entry.reason,
        )
        for entry in entries
    ]


def preview_text(preview: CorrectionPreview, language: str) -> str:
    lines = [
        translate(
            "trust.correct.preview",
            language,
            seq=preview.seq,
            seat=preview.seat,
            before=_compact(preview.original_action),
            after=_compact(preview.corrected_action),
        )
    ]
    if preview.kept:
        kept = ", ".join(str(seq) for seq in preview.kept)
        lines.append(translate("trust.correct.kept", language, steps=kept))
    if preview.stopped_at is None:
        lines.append(translate("trust.correct.no_stop", language))
    else:
        lines.append(
            translate(
                "trust.correct.stops",
                language,
                seq=preview.stopped_at,
                reason=translate(preview.stop_reason or "", language),
                dropped=", ".join(str(seq) for seq in preview.dropped),
            )
        )
    return "\n".join(lines)


def trust_commands() -> tuple[list[app_commands.Command[Any, Any, Any]], ...]:
    """Fresh command objects for one bot: (the /campaign ones, the /admin ones). A group
    takes ownership of the commands added to it, so each bot needs its own."""

    @app_commands.command(name="verify", description="Check every dice roll of a finished campaign")
    async def verify_command(
        interaction: discord.Interaction[Any], campaign: int | None = None
    ) -> None:
        bot = _bot(interaction)
        found = await _campaign_here_or_named(bot, interaction, campaign)
        result = await bot.service.trust.verify_dice(found.id)
        await reply_ephemeral(
            interaction, _clip(verification_text(result, user_language(interaction)))
        )

    @app_commands.command(name="audit", description="The moderators' acts in a campaign")
    async def audit_command(
        interaction: discord.Interaction[Any], campaign: int | None = None
    ) -> None:
        bot = _bot(interaction)
        require_moderator(bot, interaction)
        found = await _campaign_here_or_named(bot, interaction, campaign)
        language = user_language(interaction)
        entries = (await bot.service.moderation.audit_log(found.id))[-AUDIT_LINES:]
        lines = audit_lines(entries, language) or [translate("trust.audit.empty", language)]
        heading = translate("trust.audit.heading", language, campaign=found.id)
        await reply_ephemeral(interaction, _clip("\n".join([heading, *lines])))

    @app_commands.command(
        name="correct", description="Replace an earlier action and replay the rest"
    )
    @app_commands.describe(seq="The step to correct", action="The right action, as JSON")
    async def correct_command(
        interaction: discord.Interaction[Any],
        seq: int,
        action: str,
        reason: Reason,
        campaign: int | None = None,
    ) -> None:
        bot = _bot(interaction)
        require_moderator(bot, interaction)
        found = await campaign_in_scope(bot, interaction, campaign)
        language = user_language(interaction)
        preview = await bot.service.correction.preview_correction(found.id, seq, action)
        view = CorrectionConfirmation(found, preview, action, reason, interaction.user.id, language)
        await interaction.response.send_message(
            _clip(preview_text(preview, language)), view=view, ephemeral=True
        )

    @app_commands.command(name="export", description="The campaign as a JSON file")
    @app_commands.describe(include_seed="Include the secret dice seed of a running campaign")
    async def export_command(
        interaction: discord.Interaction[Any],
        campaign: int | None = None,
        include_seed: bool = False,
        reason: str | None = None,
    ) -> None:
        bot = _bot(interaction)
        require_moderator(bot, interaction)
        found = await _campaign_here_or_named(bot, interaction, campaign)
        document = await bot.service.trust.export_campaign(
            found.id, include_seed=include_seed, actor=str(interaction.user.id), reason=reason
        )
        data = json.dumps(document, ensure_ascii=False, indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=f"courier-campaign-{found.id}.json")
        text = translate("trust.export.done", user_language(interaction), campaign=found.id)
        await interaction.response.send_message(text, file=file, ephemeral=True)

    @app_commands.command(name="import", description="Rebuild a campaign here from an export file")
    @app_commands.guild_only()
    async def import_command(
        interaction: discord.Interaction[Any], file: discord.Attachment, reason: Reason
    ) -> None:
        bot = _bot(interaction)
        require_moderator(bot, interaction)
        if interaction.channel_id is not None:
            busy = await bot.service.lobby.campaign_for_channel(interaction.channel_id)
            if busy is not None and busy.status != "finished":
                raise Refusal("trust.error.channel_busy", campaign=busy.id)
        if file.size > MAX_IMPORT_BYTES:
            raise Refusal("trust.error.import_too_big", limit=MAX_IMPORT_BYTES // (1024 * 1024))
        await interaction.response.defer(ephemeral=True, thinking=True)
        language = user_language(interaction)
        # The checks and the replay take seconds for a long campaign: the reply shows how
        # far they are, and the answer follows as a new message when they are done.
        progress = ProgressReply(interaction, "trust.import.progress", language)
        try:
            imported = await bot.service.trust.import_campaign(
                await file.read(),
                actor=str(interaction.user.id),
                reason=reason,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                progress=progress,
            )
        finally:
            await progress.finish()
        text = translate("trust.import.done", language, campaign=imported.id, seq=imported.seq)
        await interaction.followup.send(text, ephemeral=True)

    return [verify_command], [audit_command, correct_command, export_command, import_command]


class CorrectionConfirmation(AskerOnlyView):
    """Shows the correction's preview; only the moderator who asked can carry it out."""

    def __init__(
        self,
        campaign: CampaignInfo,
        preview: CorrectionPreview,
        action: str,
        reason: str,
        moderator_id: int,
        language: str,
    ) -> None:
        super().__init__(moderator_id)
        self.campaign, self.preview, self.action, self.reason = campaign, preview, action, reason
        self.confirm.label = translate("trust.correct.confirm", language)
        self.cancel.label = translate("trust.correct.cancel", language)

    @discord.ui.button(label="Correct", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        self.stop()
        bot = _bot(interaction)
        try:
            await interaction.response.edit_message(view=None)
            await bot.service.correction.correct_action(
                self.campaign.id,
                self.preview.seq,
                self.action,
                actor=str(interaction.user.id),
                reason=self.reason,
                expected_seq=self.preview.expected_seq,
            )
            await interaction.followup.send(
                translate("trust.correct.done", user_language(interaction)), ephemeral=True
            )
        except Exception as error:
            await handle_interaction_error(interaction, error)

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        self.stop()
        await interaction.response.edit_message(
            content=translate("trust.correct.cancelled", user_language(interaction)), view=None
        )


# Background duties ---------------------------------------------------------------------


class Trust(commands.Cog):
    """Backs the database up on a schedule and checks ruleset versions once after start-up."""

    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot
        self.last_backup: datetime | None = None

    async def cog_load(self) -> None:
        self.backup_database.change_interval(hours=self.bot.backups.every_hours)
        self.backup_database.start()
        self.check_versions.start()

    async def cog_unload(self) -> None:
        self.backup_database.cancel()
        self.check_versions.cancel()

    @tasks.loop(hours=BackupPolicy.every_hours)
    async def backup_database(self) -> None:
        try:
            await self.bot.service.backups.backup_database(keep=self.bot.backups.keep)
        except Exception:
            log.exception(
                "the database backup failed; next attempt in %s h", self.bot.backups.every_hours
            )

    @tasks.loop(count=1)
    async def check_versions(self) -> None:
        try:
            await self.bot.service.trust.check_versions()
        except Exception:
            log.exception("the ruleset version check failed")

    @backup_database.before_loop
    @check_versions.before_loop
    async def _ready_first(self) -> None:
        await self.bot.wait_until_ready()


def _group(bot: commands.Bot, name: str) -> app_commands.Group:
    group = bot.tree.get_command(name)
    if not isinstance(group, app_commands.Group):
        raise RuntimeError(f"load the /{name} cog before the trust cog")
    return group


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CourierBot)
    for_campaign, for_admin = trust_commands()
    for command in for_campaign:
        _group(bot, "campaign").add_command(command)
    for command in for_admin:
        _group(bot, "admin").add_command(command)
    await bot.add_cog(Trust(bot))
