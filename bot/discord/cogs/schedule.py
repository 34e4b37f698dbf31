"""/campaign waiting, pace, extend, vacation, remind-me, open-seat, sub and
start-short-handed; and the loop that runs the scheduler every minute.

The commands join the existing /campaign group (as the trust cog's do). They stay thin:
each reads its options, calls one service method and answers privately; the service
announces to the table through the outbox.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any, cast
from zoneinfo import ZoneInfo

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.discord.access import (
    campaign_in_scope,
    is_moderator,
    require_creator_or_moderator,
    require_moderator,
)
from bot.discord.client import TICK_SECONDS, CourierBot
from bot.discord.errors import Refusal
from bot.discord.language import tr, user_language
from bot.i18n import localise_value
from bot.services.leadership import LeadingScheduler
from bot.services.pace import PRESETS
from bot.services.schedule import Scheduler
from bot.services.schedule_notices import tidy_hours

log = logging.getLogger("bot.discord.schedule")

Reason = app_commands.Range[str, 3, 300]
PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in PRESETS]
ROUTE_CHOICES = [
    app_commands.Choice(name="channel", value="channel"),
    app_commands.Choice(name="dm", value="dm"),
]


def when(moment: datetime, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def parse_local(text: str, zone: str) -> datetime:
    """'2026-02-01' or '2026-02-01 18:00' in the campaign's time zone."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise Refusal("schedule.error.bad_date", text=text[:40]) from None
    return moment if moment.tzinfo else moment.replace(tzinfo=ZoneInfo(zone))


def parse_hours_window(text: str) -> dict[str, str]:
    """'08:00-22:00' into the pace's active hours."""
    start, _, end = text.partition("-")
    if not start.strip() or not end.strip():
        raise Refusal("schedule.error.bad_window", text=text[:40])
    return {"active_from": start.strip(), "active_until": end.strip()}


def _bot(interaction: discord.Interaction[Any]) -> CourierBot:
    return cast(CourierBot, interaction.client)


async def _reply(interaction: discord.Interaction[Any], key: str, **params: Any) -> None:
    await interaction.response.send_message(
        tr(key, user_language(interaction), **params), ephemeral=True
    )


def _pace_changes(
    current_hours: dict[str, float],
    preset: str | None,
    turn_hours: float | None,
    reaction_hours: float | None,
    time_zone: str | None,
    active_hours: str | None,
    fixed_time: str | None,
    grace_hours: float | None,
) -> dict[str, Any]:
    """The options a moderator gave, as the service's pace changes."""
    changes: dict[str, Any] = {}
    if preset:
        changes["preset"] = preset
    hours = {"turn": turn_hours, "reaction": reaction_hours}
    if any(value is not None for value in hours.values()):
        changes["hours"] = {k: current_hours[k] if v is None else v for k, v in hours.items()}
    if time_zone:
        changes["time_zone"] = time_zone
    if active_hours:
        changes |= parse_hours_window(active_hours)
    if fixed_time:
        changes["fixed_time"] = fixed_time
    if grace_hours is not None:
        changes["grace_hours"] = grace_hours
    return changes


def schedule_commands() -> list[app_commands.Command[Any, Any, Any]]:
    """Fresh command objects for one bot (a group takes ownership of what it is given)."""

    @app_commands.command(name="waiting", description="Who the table is waiting for")
    async def waiting_command(
        interaction: discord.Interaction[Any], campaign: int | None = None
    ) -> None:
        bot = _bot(interaction)
        found = await campaign_in_scope(bot, interaction, campaign)
        language = user_language(interaction)
        lines = [
            tr(
                "schedule.cmd.waiting_line",
                language,
                seat=str(localise_value(seat.seat, language)),
                user=f"<@{seat.user_id}>" if seat.user_id else "-",
                since=when(seat.since),
                due=when(seat.due_at),
                away=tr("schedule.cmd.away", language) if seat.on_vacation else "",
            )
            for seat in await bot.service.schedule.waiting(found.id)
        ] or [tr("schedule.cmd.waiting_none", language)]
        await interaction.response.send_message("\n".join(lines)[:1900], ephemeral=True)

    @app_commands.command(name="pace", description="Show the pace; moderators may change it")
    @app_commands.describe(
        preset="relaxed, normal or brisk",
        turn_hours="Hours for a turn",
        reaction_hours="Hours for a reaction",
        time_zone="e.g. Europe/Paris",
        active_hours="e.g. 08:00-22:00",
        fixed_time="A deadline time of day, e.g. 20:00",
        grace_hours="Grace after a deadline",
        reason="Moderators: why",
    )
    @app_commands.choices(preset=PRESET_CHOICES)
    async def pace_command(
        interaction: discord.Interaction[Any],
        preset: str | None = None,
        turn_hours: app_commands.Range[float, 0.1, 1440.0] | None = None,
        reaction_hours: app_commands.Range[float, 0.1, 1440.0] | None = None,
        time_zone: str | None = None,
        active_hours: str | None = None,
        fixed_time: str | None = None,
        grace_hours: app_commands.Range[float, 0.0, 1440.0] | None = None,
        reason: Reason | None = None,
        campaign: int | None = None,
    ) -> None:
        bot = _bot(interaction)
        found = await campaign_in_scope(bot, interaction, campaign)
        current = await bot.service.schedule.pace(found.id)
        changes = _pace_changes(
            current.hours,
            preset,
            turn_hours,
            reaction_hours,
            time_zone,
            active_hours,
            fixed_time,
            grace_hours,
        )
        if changes:
            require_moderator(bot, interaction)
            current = await bot.service.schedule.set_pace(
                found.id, changes, actor=str(interaction.user.id), reason=reason or "-"
            )
        await _reply(
            interaction,
            "schedule.cmd.pace",
            turn=tidy_hours(current.hours["turn"]),
            reaction=tidy_hours(current.hours["reaction"]),
            zone=current.time_zone,
            active=f"{current.active_from}-{current.active_until}" if current.active_from else "-",
            fixed=str(current.fixed_time or "-"),
            grace=tidy_hours(current.grace_hours),
        )

    @app_commands.command(name="extend", description="More time for your decision")
    @app_commands.describe(seat="Moderators: the seat to extend", reason="Moderators: why")
    async def extend_command(
        interaction: discord.Interaction[Any],
        hours: app_commands.Range[float, 0.1, 1440.0],
        seat: str | None = None,
        reason: Reason | None = None,
        campaign: int | None = None,
    ) -> None:
        bot = _bot(interaction)
        found = await campaign_in_scope(bot, interaction, campaign)
        user = str(interaction.user.id)
        if seat is not None:
            require_moderator(bot, interaction)
            moved = await bot.service.schedule.extend_deadline(
                found.id, seat, hours=hours, actor=user, reason=reason or "-"
            )
        else:
            moved = await bot.service.schedule.request_extension(found.id, user, hours)
        await _reply(interaction, "schedule.cmd.extended", due=when(moved.due_at))

    @app_commands.command(name="vacation", description="Declare an absence in advance")
    @app_commands.describe(
        leave="When you leave, e.g. 2026-02-01 or 2026-02-01 18:00 (campaign's time zone)",
        back="When you are back",
    )
    async def vacation_command(
        interaction: discord.Interaction[Any],
        leave: str,
        back: str,
        campaign: int | None = None,
    ) -> None:
        bot = _bot(interaction)
        found = await campaign_in_scope(bot, interaction, campaign)
        zone = (await bot.service.schedule.pace(found.id)).time_zone
        away = await bot.service.schedule.declare_vacation(
            found.id, str(interaction.user.id), parse_local(leave, zone), parse_local(back, zone)
        )
        await _reply(
            interaction,
            "schedule.cmd.vacation",
            leave=when(away.starts_at, "F"),
            back=when(away.ends_at, "F"),
        )

    @app_commands.command(name="remind-me", description="Reminders in the channel or by DM")
    @app_commands.choices(route=ROUTE_CHOICES)
    async def remind_me_command(
        interaction: discord.Interaction[Any], route: str, campaign: int | None = None
    ) -> None:
        bot = _bot(interaction)
        found = await campaign_in_scope(bot, interaction, campaign)
        await bot.service.schedule.set_reminder_route(found.id, str(interaction.user.id), route)
        await _reply(interaction, f"schedule.cmd.remind_{route}")

    @app_commands.command(name="open-seat", description="Moderators: offer a seat to a substitute")
    async def open_seat_command(
        interaction: discord.Interaction[Any],
        seat: str,
        reason: Reason,
        campaign: int | None = None,
    ) -> None:
        bot = _bot(interaction)
        require_moderator(bot, interaction)
        found = await campaign_in_scope(bot, interaction, campaign)
        await bot.service.schedule.open_seat(
            found.id, seat, actor=str(interaction.user.id), reason=reason
        )
        await _reply(interaction, "schedule.cmd.done")

    @app_commands.command(name="sub", description="Take an open seat as a substitute")
    async def sub_command(
        interaction: discord.Interaction[Any],
        seat: str | None = None,
        campaign: int | None = None,
    ) -> None:
        bot = _bot(interaction)
        found = await campaign_in_scope(bot, interaction, campaign)
        taken = await bot.service.schedule.substitute(
            found.id, str(interaction.user.id), interaction.user.display_name, seat
        )
        language = user_language(interaction)
        await _reply(interaction, "schedule.cmd.sub", seat=str(localise_value(taken, language)))

    @app_commands.command(
        name="start-short-handed", description="Start with the autopilot in the empty seats"
    )
    @app_commands.describe(seats="The empty seats the autopilot plays, e.g. PRU, AUS")
    @app_commands.guild_only()
    async def start_short_handed_command(
        interaction: discord.Interaction[Any], seats: str, campaign: int | None = None
    ) -> None:
        bot = _bot(interaction)
        found = await campaign_in_scope(bot, interaction, campaign)
        require_creator_or_moderator(bot, interaction, found)
        chosen = [seat.strip() for seat in seats.split(",") if seat.strip()]
        await bot.service.schedule.start_with_autopilot(found.id, str(interaction.user.id), chosen)
        language = user_language(interaction)
        names = ", ".join(str(localise_value(seat, language)) for seat in chosen)
        await _reply(interaction, "schedule.cmd.started_short_handed", seats=names)

    async def open_seats(
        interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return await _seat_choices(interaction, typed, only_open=True)

    async def any_seat(
        interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return await _seat_choices(interaction, typed, only_open=False)

    sub_command.autocomplete("seat")(open_seats)
    open_seat_command.autocomplete("seat")(any_seat)
    extend_command.autocomplete("seat")(any_seat)
    return [
        waiting_command,
        pace_command,
        extend_command,
        vacation_command,
        remind_me_command,
        open_seat_command,
        sub_command,
        start_short_handed_command,
    ]


async def _seat_choices(
    interaction: discord.Interaction[Any], typed: str, *, only_open: bool
) -> list[app_commands.Choice[str]]:
    bot = _bot(interaction)
    language = user_language(interaction)
    try:
        found = await campaign_in_scope(
            bot, interaction, getattr(interaction.namespace, "campaign", None)
        )
        if only_open:
            seats = await bot.service.schedule.open_seats(found.id)
        elif is_moderator(bot, interaction):
            seats = (await bot.service.play.state_at(found.id, found.seq)).seats
        else:
            seats = []
    except Exception:
        return []
    names = {seat: str(localise_value(seat, language)) for seat in seats}
    return [
        app_commands.Choice(name=name, value=seat)
        for seat, name in names.items()
        if typed.lower() in name.lower()
    ][:25]


class ScheduleLoop(commands.Cog):
    """Runs the scheduler: fires what is due, delivers its notices, posts new prompts. With
    several bot processes on one database, only the one holding the lead ticks."""

    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot
        self.scheduler = LeadingScheduler(bot.service.store, Scheduler(bot.service.schedule))

    async def cog_load(self) -> None:
        self.run_scheduler.change_interval(seconds=self.bot.tick_seconds)
        self.run_scheduler.start()

    async def cog_unload(self) -> None:
        self.run_scheduler.cancel()

    @tasks.loop(seconds=TICK_SECONDS)
    async def run_scheduler(self) -> None:
        try:
            # What the tick plays and notices is queued in the outbox and delivered from
            # there, like every other result.
            await self.scheduler.tick()
        except Exception:
            log.exception("scheduler tick failed; next one in %ss", self.bot.tick_seconds)

    @run_scheduler.before_loop
    async def _ready_before_ticking(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CourierBot)
    group = bot.tree.get_command("campaign")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("the /campaign group must be loaded before the schedule commands")
    for command in schedule_commands():
        group.add_command(command)
    await bot.add_cog(ScheduleLoop(bot))
