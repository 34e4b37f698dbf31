"""/campaign: create, join, leave, start, status, list, rules, data."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.access import campaign_in_scope, require_creator_or_moderator
from bot.discord.channel_permissions import require_channel_permissions
from bot.discord.client import CourierBot
from bot.discord.errors import Refusal
from bot.discord.language import tr, user_language
from bot.discord.options_text import parse_options, suggested_at, suggestions
from bot.discord.space import SPACES, open_thread_set
from bot.discord.standings import campaign_standings
from bot.i18n import catalogue, localise_value, render
from bot.i18n.phases import phase_name
from bot.services.data_file import DataTables
from bot.services.pace import PRESETS
from rulesets import registry
from rulesets.core import IllegalAction

RANDOM_SEAT = "random"
LANGUAGE_CHOICES = [
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Français", value="fr"),
]
PACE_CHOICES = [app_commands.Choice(name=name, value=name) for name in PRESETS]
SPACE_CHOICES = [app_commands.Choice(name=name, value=name) for name in SPACES]
DEFAULT_PACE = "normal"


def _ruleset(name: str) -> Any:
    try:
        return registry.get(name)
    except IllegalAction as error:
        raise Refusal(error.key, **error.params) from None


def _suggestions(ruleset: Any, chosen: dict[str, Any], pace: str, language: str) -> list[str]:
    """A line per option the game suggests at this pace and the creator left unset."""
    lines = []
    for spec in ruleset.option_specs():
        value = spec.suggested.get(pace)
        if value is None or spec.name in chosen or value == spec.default:
            continue
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        lines.append(
            "\n"
            + tr(
                "discord.campaign.suggested_option",
                language,
                option=f"{spec.name}={shown}",
                description=render(spec.description, language),
                pace=tr(f"discord.pace.{pace}", language),
            )
        )
    return lines


def data_table_lines(tables: DataTables, language: str) -> list[str]:
    """Where the campaign's data comes from, then its tables grouped by standing."""
    game = render(_ruleset(tables.ruleset).title, language)
    source = tr(f"discord.data.source.{'loaded' if tables.loaded else 'shipped'}", language)
    lines = [tr("discord.data.title", language, game=game, source=source)]
    for status in ("loaded", "provisional", "printed"):
        named = [
            tr(f"table.{tables.ruleset}.{table}", language)
            for table, standing in tables.tables.items()
            if standing == status
        ]
        if named:
            lines.append(
                tr(f"discord.data.status.{status}", language, count=len(named))
                + " "
                + ", ".join(named)
            )
    return lines


def _seat_name(seat: str, language: str) -> str:
    return str(localise_value(seat, language))


class Campaigns(
    commands.GroupCog, group_name="campaign", group_description="Play-by-post campaigns"
):
    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot
        super().__init__()

    # create --------------------------------------------------------------------------

    @app_commands.command(name="create", description="Create a campaign in this channel")
    @app_commands.describe(
        game="Which game",
        options="Options, e.g. name=value, name=value",
        language="Language of the public posts",
        pace="How long each player has to answer",
        thread="Open a new thread for the campaign",
        space="This channel, or an actions thread and a table-talk thread of its own",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES, pace=PACE_CHOICES, space=SPACE_CHOICES)
    @app_commands.guild_only()
    async def create(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: str | None = None,
        language: str | None = None,
        pace: str = DEFAULT_PACE,
        thread: bool = False,
        space: str = SPACES[0],
    ) -> None:
        language = language or self.bot.default_language
        require_channel_permissions(
            interaction, opens_thread=thread or space == "threads", locks_thread=space == "threads"
        )
        ruleset = _ruleset(game)
        chosen = parse_options(options, ruleset.option_specs())
        ruleset.resolve_options(chosen)  # refuse a bad value before anything is created
        here = interaction.channel
        if not isinstance(here, discord.TextChannel | discord.Thread):
            raise Refusal("discord.error.thread_needs_text_channel")
        channel: discord.TextChannel | discord.Thread = here
        talk = None
        if space == "threads":
            threads = await open_thread_set(here, render(ruleset.title, language), language)
            channel, talk = threads.actions, threads.talk
        elif thread:
            if not isinstance(here, discord.TextChannel):
                raise Refusal("discord.error.thread_needs_text_channel")
            channel = await here.create_thread(
                name=f"{game}", type=discord.ChannelType.public_thread
            )
        campaign = await self.bot.service.lobby.create_campaign(
            ruleset=ruleset.name,
            creator_id=str(interaction.user.id),
            guild_id=interaction.guild_id,
            channel_id=channel.id,
            options=chosen,
            language=language,
        )
        if pace != DEFAULT_PACE:
            await self.bot.service.schedule.set_pace(
                campaign.id,
                {"preset": pace},
                actor=str(interaction.user.id),
                reason=tr("discord.campaign.pace_at_creation", language),
                by_moderator=False,
            )
        seats = ", ".join(_seat_name(spec.id, language) for spec in ruleset.seat_pool())
        announcement = tr(
            "discord.campaign.created",
            language,
            campaign=campaign.id,
            game=render(ruleset.title, language),
            creator=interaction.user.mention,
            seats=seats,
            pace=tr(f"discord.pace.{pace}", language),
        )
        announcement += "".join(_suggestions(ruleset, chosen, pace, language))
        if talk is not None:
            announcement += "\n" + tr("discord.space.talk_there", language, talk=talk.mention)
            await talk.send(
                tr(
                    "discord.space.talk_welcome",
                    language,
                    campaign=campaign.id,
                    actions=channel.mention,
                )
            )
        mine = user_language(interaction)
        if channel.id == interaction.channel_id:
            await interaction.response.send_message(announcement)
        else:
            await channel.send(announcement)
            await interaction.response.send_message(
                tr(
                    "discord.campaign.created_elsewhere",
                    mine,
                    campaign=campaign.id,
                    channel=channel.mention,
                ),
                ephemeral=True,
            )

    @create.autocomplete("game")
    async def _games(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        language = user_language(interaction)
        return [
            app_commands.Choice(name=f"{render(r.title, language)} ({r.name})"[:100], value=r.name)
            for r in registry.all_rulesets()
            if typed.lower() in r.name.lower() or typed.lower() in render(r.title, language).lower()
        ][:25]

    @create.autocomplete("options")
    async def _options(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        pace = str(getattr(interaction.namespace, "pace", None) or DEFAULT_PACE)
        try:
            specs = registry.get(str(game)).option_specs()
        except IllegalAction:
            return []
        suggested = suggested_at(pace, specs, typed)
        note = tr("discord.campaign.suggested_mark", user_language(interaction))
        found = [
            app_commands.Choice(name=f"{text} {note}"[:100], value=text[:100]) for text in suggested
        ]
        found += [
            app_commands.Choice(name=text[:100], value=text[:100])
            for text in suggestions(typed, specs)
            if text not in suggested
        ]
        return found[:25]

    # join / leave / start --------------------------------------------------------------

    @app_commands.command(name="join", description="Take a seat in the campaign")
    @app_commands.describe(seat="The power or seat you want, or random", campaign="Campaign number")
    @app_commands.guild_only()
    async def join(
        self,
        interaction: discord.Interaction[Any],
        seat: str = RANDOM_SEAT,
        campaign: int | None = None,
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        wanted = None if seat == RANDOM_SEAT else seat
        taken = await self.bot.service.lobby.join(
            found.id, str(interaction.user.id), interaction.user.display_name, wanted
        )
        await interaction.response.send_message(
            tr(
                "discord.campaign.joined",
                found.language,
                user=interaction.user.mention,
                seat=_seat_name(taken, found.language),
                campaign=found.id,
            )
        )

    @join.autocomplete("seat")
    async def _free_seats(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        language = user_language(interaction)
        try:
            found = await campaign_in_scope(
                self.bot, interaction, getattr(interaction.namespace, "campaign", None)
            )
            held = await self.bot.service.lobby.holders(found.id)
            pool = _ruleset(found.ruleset).seat_pool()
        except Exception:
            return []
        free = [spec.id for spec in pool if spec.id not in held]
        choices = [
            app_commands.Choice(
                name=tr("discord.campaign.random_seat", language), value=RANDOM_SEAT
            )
        ]
        choices += [
            app_commands.Choice(name=_seat_name(seat, language), value=seat)
            for seat in free
            if typed.lower() in _seat_name(seat, language).lower()
        ]
        return choices[:25]

    @app_commands.command(name="leave", description="Give up your seat before the start")
    @app_commands.guild_only()
    async def leave(
        self, interaction: discord.Interaction[Any], campaign: int | None = None
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        await self.bot.service.lobby.leave(found.id, str(interaction.user.id))
        await interaction.response.send_message(
            tr(
                "discord.campaign.left",
                found.language,
                user=interaction.user.mention,
                campaign=found.id,
            )
        )

    @app_commands.command(name="start", description="Start the campaign (creator or moderator)")
    @app_commands.guild_only()
    async def start(
        self, interaction: discord.Interaction[Any], campaign: int | None = None
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        require_creator_or_moderator(self.bot, interaction, found)
        home = None if found.channel_id is None else await self.bot.channel_by_id(found.channel_id)
        if isinstance(home, discord.abc.GuildChannel | discord.Thread):
            require_channel_permissions(interaction, home)
        await self.bot.service.lobby.start(found.id, str(interaction.user.id))
        await interaction.response.send_message(
            tr(
                "discord.campaign.started",
                found.language,
                campaign=found.id,
                user=interaction.user.mention,
            )
        )

    # status / list / rules -------------------------------------------------------------

    @app_commands.command(name="status", description="Phase, whose move it is, public scores")
    async def status(
        self, interaction: discord.Interaction[Any], campaign: int | None = None
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        language = user_language(interaction)
        service = self.bot.service
        holders = await service.lobby.holders(found.id)
        lines = [
            tr(
                "discord.status.header",
                language,
                campaign=found.id,
                game=render(_ruleset(found.ruleset).title, language),
                status=tr(f"discord.status.{found.status}", language),
                seq=found.seq,
            )
        ]
        for seat, holder in holders.items():
            lines.append(
                tr(
                    "discord.status.seat",
                    language,
                    seat=_seat_name(seat, language),
                    user=f"<@{holder.user_id}>",
                )
            )
        if found.status == "active":
            lines += await self._deadline_lines(found.id, language)
            view = await service.play.public_view(found.id)
            if "phase" in view:
                lines.append(
                    tr(
                        "discord.status.phase",
                        language,
                        phase=phase_name(found.ruleset, str(view["phase"]), language),
                    )
                )
        if found.status == "finished":
            scores = _ruleset(found.ruleset).scores(
                await service.play.state_at(found.id, found.seq)
            )
            if scores:
                lines.append(
                    await campaign_standings(self.bot, found.id, found.ruleset, scores, language)
                )
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    async def _deadline_lines(self, campaign_id: int, language: str) -> list[str]:
        """Who must decide and by when, as Discord timestamps each reader sees in their own
        time zone; a table without deadlines still hears whom it waits for."""
        service = self.bot.service
        deadlines = await service.schedule.waiting(campaign_id)
        if not deadlines:
            seats = [_seat_name(p.seat, language) for p in await service.play.prompts(campaign_id)]
            return [tr("discord.status.waiting", language, seats=", ".join(seats))]
        return [
            tr(
                "discord.status.deadline_away" if seat.on_vacation else "discord.status.deadline",
                language,
                seat=_seat_name(seat.seat, language),
                due_unix=seat.due_unix,
            )
            for seat in deadlines
        ]

    @app_commands.command(name="list", description="The campaigns of this server")
    async def list_(self, interaction: discord.Interaction[Any]) -> None:
        language = user_language(interaction)
        found = await self.bot.service.lobby.list_campaigns(interaction.guild_id)
        lines = [
            tr(
                "discord.list.line",
                language,
                campaign=c.id,
                game=render(_ruleset(c.ruleset).title, language),
                status=tr(f"discord.status.{c.status}", language),
                channel=f"<#{c.channel_id}>",
            )
            for c in found
        ] or [tr("discord.list.none", language)]
        await interaction.response.send_message("\n".join(lines)[:1900], ephemeral=True)

    @app_commands.command(name="rules", description="A short summary and the options chosen")
    async def rules(
        self, interaction: discord.Interaction[Any], campaign: int | None = None
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        language = user_language(interaction)
        ruleset = _ruleset(found.ruleset)
        summary_key = f"{ruleset.name}.rules.summary"
        summary = catalogue(language).get(summary_key) or catalogue("en").get(summary_key) or ""
        resolved = ruleset.resolve_options(found.options)
        described = {
            spec.name: render(spec.description, language) for spec in ruleset.option_specs()
        }
        lines = [render(ruleset.title, language), summary] + [
            tr("discord.rules.option", language, option=described.get(name, name), value=value)
            for name, value in resolved.items()
        ]
        await interaction.response.send_message(
            "\n".join(line for line in lines if line)[:1900], ephemeral=True
        )

    @app_commands.command(name="data", description="Which data tables are provisional or loaded")
    async def data(
        self, interaction: discord.Interaction[Any], campaign: int | None = None
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        language = user_language(interaction)
        tables = await self.bot.service.data_file.data_tables(found.id)
        await interaction.response.send_message(
            "\n".join(data_table_lines(tables, language))[:1900], ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CourierBot)
    await bot.add_cog(Campaigns(bot))
