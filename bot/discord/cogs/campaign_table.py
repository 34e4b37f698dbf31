"""/campaign takeback, talk, talks, propose, vote and votes: the table's own commands beside
the lobby's, and the clock that closes a table vote at its deadline.

They join the existing /campaign group (as the trust and schedule cogs' do) and stay thin:
each reads its options, calls one service method and answers privately; what the table must
hear goes through the outbox.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.discord.access import campaign_in_scope, is_moderator
from bot.discord.client import CourierBot
from bot.discord.errors import Refusal
from bot.discord.language import tr, user_language
from bot.discord.takeback import take_back
from bot.i18n import localise_value
from bot.services.votes import DEFAULT_VOTE_HOURS, VOTE_KINDS, Vote

log = logging.getLogger("bot.discord.table")
MENTION = re.compile(r"<@!?([1-9][0-9]{0,19})>")
THREAD_NAME_LIMIT = 100
VOTE_CLOCK_MINUTES = 10.0
KIND_CHOICES = [app_commands.Choice(name=kind, value=kind) for kind in VOTE_KINDS]
BALLOT_CHOICES = [app_commands.Choice(name=ballot, value=ballot) for ballot in ("yes", "no")]


def table_commands() -> list[app_commands.Command[Any, Any, Any]]:
    @app_commands.command(name="takeback", description="Take back your own last order")
    @app_commands.guild_only()
    async def takeback(interaction: discord.Interaction[Any], campaign: int | None = None) -> None:
        bot = _bot(interaction)
        found = await campaign_in_scope(bot, interaction, campaign)
        await take_back(interaction, found.id, None)

    @app_commands.command(name="talk", description="Open a private thread with other players")
    @app_commands.rename(with_="with")
    @app_commands.describe(with_="The players to talk with, as mentions: @a @b")
    @app_commands.guild_only()
    async def talk(
        interaction: discord.Interaction[Any], with_: str, campaign: int | None = None
    ) -> None:
        bot = _bot(interaction)
        found = await campaign_in_scope(bot, interaction, campaign)
        invited = MENTION.findall(with_)
        members = await bot.service.talks.talk_members(found.id, str(interaction.user.id), invited)
        thread = await _open_private_thread(bot, found, members)
        await bot.service.talks.record_talk(found.id, members, str(thread.id))
        await interaction.response.send_message(
            tr("discord.talk.opened", user_language(interaction), thread=thread.mention),
            ephemeral=True,
        )

    @app_commands.command(name="talks", description="Your private talks in this campaign")
    @app_commands.guild_only()
    async def talks(interaction: discord.Interaction[Any], campaign: int | None = None) -> None:
        bot = _bot(interaction)
        found = await campaign_in_scope(bot, interaction, campaign)
        language = user_language(interaction)
        listed = await bot.service.talks.list_talks(
            found.id, str(interaction.user.id), every=is_moderator(bot, interaction)
        )
        lines = [
            tr(
                "discord.talk.line",
                language,
                thread=f"<#{talk.thread_id}>",
                members=", ".join(f"<@{member}>" for member in talk.members),
                opened=f"<t:{int(talk.opened_at.timestamp())}:d>",
            )
            for talk in listed
        ] or [tr("discord.talk.none", language, campaign=found.id)]
        await interaction.response.send_message("\n".join(lines)[:1900], ephemeral=True)

    return [takeback, talk, talks, *vote_commands()]


def vote_commands() -> list[app_commands.Command[Any, Any, Any]]:
    @app_commands.command(name="propose", description="Put a question to the table's vote")
    @app_commands.describe(
        what="End by agreement, concede, or replace a silent player",
        seat="The seat of the player to replace",
        hours="How long the vote stays open",
    )
    @app_commands.choices(what=KIND_CHOICES)
    @app_commands.guild_only()
    async def propose(
        interaction: discord.Interaction[Any],
        what: str,
        seat: str | None = None,
        hours: int = DEFAULT_VOTE_HOURS,
        campaign: int | None = None,
    ) -> None:
        bot = _bot(interaction)
        found = await campaign_in_scope(bot, interaction, campaign)
        vote = await bot.service.votes.propose(
            found.id, str(interaction.user.id), what, seat=seat, hours=hours
        )
        await interaction.response.send_message(
            tr("discord.vote.proposed", user_language(interaction), vote=vote.number),
            ephemeral=True,
        )
        await bot.courier.hand_over_held(interaction)

    @app_commands.command(name="vote", description="Vote yes or no on the table's question")
    @app_commands.describe(number="The vote's number", ballot="Yes or no")
    @app_commands.choices(ballot=BALLOT_CHOICES)
    @app_commands.guild_only()
    async def vote(
        interaction: discord.Interaction[Any],
        number: int,
        ballot: str,
        campaign: int | None = None,
    ) -> None:
        bot = _bot(interaction)
        found = await campaign_in_scope(bot, interaction, campaign)
        await bot.service.votes.cast(
            found.id, str(interaction.user.id), number, yes=ballot == "yes"
        )
        await interaction.response.send_message(
            tr(f"discord.vote.cast_{ballot}", user_language(interaction), vote=number),
            ephemeral=True,
        )
        await bot.courier.hand_over_held(interaction)

    @app_commands.command(name="votes", description="The table's votes, open and closed")
    @app_commands.guild_only()
    async def votes(interaction: discord.Interaction[Any], campaign: int | None = None) -> None:
        bot = _bot(interaction)
        found = await campaign_in_scope(bot, interaction, campaign)
        await bot.service.votes.close_due_votes(found.id)
        language = user_language(interaction)
        listed = await bot.service.votes.list_votes(found.id)
        lines = [_vote_line(vote, language) for vote in listed[-10:]]
        text = "\n".join(lines) or tr("discord.vote.none", language, campaign=found.id)
        await interaction.response.send_message(text[:1900], ephemeral=True)
        await bot.courier.hand_over_held(interaction)

    return [propose, vote, votes]


def _vote_line(vote: Vote, language: str) -> str:
    params: dict[str, Any] = {
        "vote": vote.number,
        "kind": tr(f"discord.vote.kind.{vote.kind}", language),
        "yes": vote.yes,
        "no": vote.no,
    }
    if vote.result is None:
        missing = len(vote.voters) - len(vote.ballots)
        due_unix = int(vote.due_at.timestamp())
        return tr("discord.vote.line_open", language, due_unix=due_unix, missing=missing, **params)
    result = tr(f"discord.vote.result.{vote.result}", language)
    return tr("discord.vote.line_closed", language, result=result, **params)


class VoteClock(commands.Cog):
    """Closes the table votes whose deadline passed, so their result is announced even when
    nobody votes again."""

    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.close_due_votes.start()

    async def cog_unload(self) -> None:
        self.close_due_votes.cancel()

    @tasks.loop(minutes=VOTE_CLOCK_MINUTES)
    async def close_due_votes(self) -> None:
        try:
            for campaign in await self.bot.service.votes.campaigns_voting():
                await self.bot.service.votes.close_due_votes(campaign)
        except Exception:
            log.exception("closing due votes failed; next try in %s minutes", VOTE_CLOCK_MINUTES)

    @close_due_votes.before_loop
    async def _ready_first(self) -> None:
        await self.bot.wait_until_ready()


async def _open_private_thread(bot: CourierBot, campaign: Any, members: list[str]) -> Any:
    """A private thread beside the campaign's channel, with the members added; whoever the
    server lets manage threads (its moderators) can see it too, as Discord decides."""
    home = None if campaign.channel_id is None else await bot.channel_by_id(campaign.channel_id)
    parent = home.parent if isinstance(home, discord.Thread) else home
    if not isinstance(parent, discord.TextChannel):
        raise Refusal("discord.talk.no_channel")
    holders = await bot.service.lobby.holders(campaign.id)
    seats = [seat for member in members for seat, h in holders.items() if h.user_id == member]
    name = tr(
        "discord.talk.thread_name",
        campaign.language,
        campaign=campaign.id,
        seats=", ".join(str(localise_value(seat, campaign.language)) for seat in seats),
    )[:THREAD_NAME_LIMIT]
    try:
        thread = await parent.create_thread(
            name=name, type=discord.ChannelType.private_thread, invitable=False
        )
        for member in members:
            await thread.add_user(discord.Object(id=int(member)))
        await thread.send(
            tr(
                "discord.talk.welcome",
                campaign.language,
                members=", ".join(f"<@{member}>" for member in members),
                campaign=campaign.id,
            )
        )
    except discord.Forbidden:
        raise Refusal("discord.talk.forbidden") from None
    return thread


def _bot(interaction: discord.Interaction[Any]) -> CourierBot:
    assert isinstance(interaction.client, CourierBot)
    return interaction.client


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CourierBot)
    group = bot.tree.get_command("campaign")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("the /campaign group must be loaded before the table commands")
    for command in table_commands():
        group.add_command(command)
    await bot.add_cog(VoteClock(bot))
