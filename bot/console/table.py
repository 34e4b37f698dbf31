"""The console table: one line in, the campaign moves (or says why not), text out.

Local players are users named `console:<seat>`. A campaign opened here from a Discord
server is played through its current holders, which is what a moderator preparing a
scenario wants. Console campaigns have no channel: their outbox rows are addressed to the
table, and the console prints them as the Discord adapter posts a channel's.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TextIO

from bot.console.pictures import saved_pictures
from bot.console.text import (
    chosen_text,
    event_lines,
    history_lines,
    prompt_lines,
    scores_text,
    seat_choices,
    seat_name,
    sections_text,
)
from bot.i18n import render, translate
from bot.i18n.sheets import public_sections, seat_sections
from bot.services import ActionReport, CampaignService, ServiceError, verify_campaign
from bot.services.outbox import (
    AuditNotice,
    BoardChanged,
    OutboxMessage,
    PrivateNote,
    PromptsOpened,
    Recap,
    Report,
)
from rulesets import registry
from rulesets.core import Event, Pick

CONSOLE_USER = "console"
Handler = Callable[[list[str]], Coroutine[Any, Any, None]]


def local_user(seat: str) -> str:
    return f"{CONSOLE_USER}:{seat}"


def option_value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        return text


class Quit(Exception):
    """The player asked to leave the table."""


class Table:
    def __init__(
        self,
        service: CampaignService,
        stdin: TextIO,
        stdout: TextIO,
        language: str,
        pictures: Path | None = None,
    ) -> None:
        self.service = service
        self.stdin = stdin
        self.stdout = stdout
        self.language = language
        # Where a step's extra pictures (a battle's card) are saved; None: not drawn.
        self.pictures = pictures
        self.campaign_id: int | None = None
        self._commands: dict[str, Handler] = {
            "help": self.help,
            "games": self.games,
            "campaigns": self.campaigns,
            "new": self.new,
            "open": self.open,
            "seat": self.seat,
            "start": self.start,
            "status": self.status,
            "public": self.public,
            "private": self.private,
            "history": self.history,
            "undo": self.undo,
            "verify": self.verify,
            "quit": self.quit,
            "exit": self.quit,
        }

    # Input and output ----------------------------------------------------------------

    def say(self, key: str, **params: Any) -> None:
        self.write(translate(key, self.language, **params))

    def write(self, text: str) -> None:
        self.stdout.write(text + "\n")

    def read_line(self) -> str | None:
        line = self.stdin.readline()
        return None if line == "" else line.strip()

    async def run(self) -> None:
        """Read commands until `quit` or the end of the input."""
        while True:
            line = self.read_line()
            if line is None:
                return
            if not line or line.startswith("#"):
                continue
            try:
                await self.handle(line)
            except Quit:
                return

    async def handle(self, line: str) -> None:
        try:
            words = shlex.split(line)
        except ValueError:
            words = line.split()
        command, args = words[0].lower(), words[1:]
        try:
            seat = await self._seat_named(words[0])
            if command in self._commands:
                await self._commands[command](args)
            elif seat is not None:
                await self.choose(seat, args)
            else:
                self.say("console.error.unknown_command", command=command)
        except ServiceError as error:
            self.write(translate(error.key, self.language, **error.params))

    # Campaigns -----------------------------------------------------------------------

    def _current(self) -> int:
        if self.campaign_id is None:
            raise ServiceError("console.error.no_campaign")
        return self.campaign_id

    async def _seat_named(self, word: str) -> str | None:
        """The seat id a player typed, in any case ('gbr' and 'GBR' are Great Britain)."""
        if self.campaign_id is None:
            return None
        campaign = await self.service.lobby.get_campaign(self.campaign_id)
        pool = registry.get(campaign.ruleset).seat_pool()
        return next((spec.id for spec in pool if spec.id.lower() == word.lower()), None)

    async def help(self, args: list[str]) -> None:
        self.say("console.help")

    async def games(self, args: list[str]) -> None:
        for ruleset in registry.all_rulesets():
            seats = ", ".join(spec.id for spec in ruleset.seat_pool())
            self.write(f"  {ruleset.name}: {render(ruleset.title, self.language)} ({seats})")

    async def campaigns(self, args: list[str]) -> None:
        for campaign in await self.service.lobby.all_campaigns():
            self.say(
                "console.campaign_line",
                campaign=campaign.id,
                game=campaign.ruleset,
                status=campaign.status,
                seq=campaign.seq,
            )

    async def new(self, args: list[str]) -> None:
        if not args:
            raise ServiceError("console.error.usage", usage="new GAME [option=value …]")
        options = {}
        for pair in args[1:]:
            name, _, value = pair.partition("=")
            options[name] = option_value(value)
        campaign = await self.service.lobby.create_campaign(
            ruleset=args[0],
            creator_id=CONSOLE_USER,
            guild_id=None,
            channel_id=None,
            options=options,
            language=self.language,
        )
        self.campaign_id = campaign.id
        self.say("console.created", campaign=campaign.id, commitment=campaign.seed_commitment)

    async def open(self, args: list[str]) -> None:
        if len(args) != 1 or not args[0].isdigit():
            raise ServiceError("console.error.usage", usage="open CAMPAIGN")
        campaign = await self.service.lobby.get_campaign(int(args[0]))
        self.campaign_id = campaign.id
        self.say(
            "console.opened",
            campaign=campaign.id,
            game=campaign.ruleset,
            status=campaign.status,
            seq=campaign.seq,
        )
        if campaign.status != "lobby":
            await self.status([])

    async def seat(self, args: list[str]) -> None:
        if not args:
            raise ServiceError("console.error.usage", usage="seat SEAT [NAME]")
        wanted = args[0]
        name = " ".join(args[1:]) or wanted
        taken = await self.service.lobby.join(self._current(), local_user(wanted), name, wanted)
        self.say("console.seated", seat=taken, name=name)

    async def start(self, args: list[str]) -> None:
        report = await self.service.lobby.start(self._current(), CONSOLE_USER)
        await self._show_report(report)

    # Playing -------------------------------------------------------------------------

    async def status(self, args: list[str]) -> None:
        campaign = await self.service.lobby.get_campaign(self._current())
        self.say(
            "console.status",
            campaign=campaign.id,
            game=campaign.ruleset,
            status=campaign.status,
            seq=campaign.seq,
        )
        if campaign.status == "finished":
            state = await self.service.play.state_at(campaign.id, campaign.seq)
            scores = registry.get(campaign.ruleset).scores(state)
            if scores:
                self.write(scores_text(scores, self.language))
            return
        prompts = await self.service.play.prompts(campaign.id)
        for line in prompt_lines(campaign.ruleset, prompts, self.language):
            self.write(line)

    async def choose(self, seat: str, args: list[str]) -> None:
        campaign_id = self._current()
        choices = seat_choices(await self.service.play.prompts(campaign_id), seat)
        if not choices:
            raise ServiceError("core.error.not_your_turn", seat=seat)
        if not args or not args[0].isdigit() or not 1 <= int(args[0]) <= len(choices):
            raise ServiceError("console.error.pick", seat=seat, count=len(choices))
        choice = choices[int(args[0]) - 1]
        numbers: dict[str, Any] = {}
        given = iter(args[1:])
        for name, span in choice.ranges.items():
            text = next(given, None)
            if text is None:
                self.say("console.ask_number", name=name, low=span.low, high=span.high)
                text = self.read_line()
                if text is None:
                    raise Quit
            try:
                numbers[name] = int(text)
            except ValueError:
                raise ServiceError("console.error.need_number", name=name) from None
        for name, pick in choice.picks.items():
            numbers[name] = self._picked(
                name, pick, [token for _, token in zip(range(pick.count), given, strict=False)]
            )
        holder = (await self.service.lobby.holders(campaign_id)).get(seat)
        if holder is None:
            raise ServiceError("console.error.no_holder", seat=seat)
        action = choice.instantiate(**numbers)
        ruleset = (await self.service.lobby.get_campaign(campaign_id)).ruleset
        said = chosen_text(ruleset, choice, numbers, self.language)
        self.write(f"> {seat_name(seat, self.language)}: {said}")
        report = await self.service.play.submit(campaign_id, holder.user_id, action, seat=seat)
        await self._show_report(report)

    def _picked(self, name: str, pick: Pick, tokens: list[str]) -> list[str]:
        """The items of an open list, typed after the choice's number or asked for."""
        if len(tokens) < pick.count:
            self.say("console.ask_pick", name=name, count=pick.count, last=len(pick.options))
            text = self.read_line()
            if text is None:
                raise Quit
            tokens = text.replace(",", " ").split()
        items = pick.read(tokens)
        if items is None:
            raise ServiceError(
                "console.error.need_pick", name=name, count=pick.count, last=len(pick.options)
            )
        return items

    async def _show_report(self, report: ActionReport) -> None:
        """What a step produced. A console table prints its campaign's outbox rows, the
        same rows the Discord delivery loop posts for a campaign with a channel (whose rows
        are Discord's to deliver: then the report itself is shown)."""
        campaign = await self.service.lobby.get_campaign(report.campaign_id)
        if campaign.channel_id is None:
            await self._print_outbox(campaign.id, campaign.ruleset)
            return
        for line in event_lines(report.events, self.language):
            self.write(line)
        if report.finished and report.scores:
            self.write(scores_text(report.scores, self.language))
        else:
            ruleset = (await self.service.lobby.get_campaign(report.campaign_id)).ruleset
            for line in prompt_lines(ruleset, report.prompts, self.language):
                self.write(line)

    async def _print_outbox(self, campaign_id: int, ruleset: str) -> None:
        for item in await self.service.delivery.table_outbox(campaign_id):
            for line in await self._outbox_lines(campaign_id, ruleset, item.message()):
                self.write(line)
            await self.service.delivery.mark_delivered(item.id)

    async def _outbox_lines(
        self, campaign_id: int, ruleset: str, message: OutboxMessage
    ) -> list[str]:
        if isinstance(message, Report | PrivateNote):
            events = [Event.model_validate(raw) for raw in message.events]
            lines = event_lines(events, self.language)
            if isinstance(message, Report) and message.finished and message.scores:
                lines.append(scores_text(message.scores, self.language))
            if isinstance(message, Report) and self.pictures is not None:
                folder, language = self.pictures, self.language
                lines += await saved_pictures(self.service, folder, ruleset, message, language)
            return lines
        if isinstance(message, PromptsOpened):
            if not message.open:
                return []
            prompts = await self.service.delivery.prompts_at(campaign_id, message.seq)
            return prompt_lines(ruleset, prompts, self.language)
        if isinstance(message, BoardChanged):
            return [translate("console.board_changed", self.language, seq=message.seq)]
        if isinstance(message, AuditNotice):
            params = {**message.params, "moderator": message.params.get("actor", "")}
            return [translate(message.key, self.language, **params)]
        if isinstance(message, Recap):
            title = translate(message.key, self.language, **message.params)
            return [title] + [
                translate(str(line["key"]), self.language, **line.get("params", {}))
                for line in message.lines
            ]
        return [translate(message.key, self.language, **message.params)]

    async def public(self, args: list[str]) -> None:
        campaign = await self.service.lobby.get_campaign(self._current())
        view = await self.service.play.public_view(campaign.id)
        self.write(sections_text(public_sections(campaign.ruleset, view, self.language)))

    async def private(self, args: list[str]) -> None:
        if len(args) != 1:
            raise ServiceError("console.error.usage", usage="private SEAT")
        campaign_id = self._current()
        holder = (await self.service.lobby.holders(campaign_id)).get(args[0])
        if holder is None:
            raise ServiceError("console.error.no_holder", seat=args[0])
        view = await self.service.play.private_view(campaign_id, holder.user_id, args[0])
        ruleset = (await self.service.lobby.get_campaign(campaign_id)).ruleset
        self.write(sections_text(seat_sections(ruleset, args[0], view, self.language)))

    async def history(self, args: list[str]) -> None:
        limit = int(args[0]) if args and args[0].isdigit() else 10
        campaign = await self.service.lobby.get_campaign(self._current())
        entries = await self.service.play.history(campaign.id, limit=limit)
        for line in history_lines(campaign.ruleset, entries, self.language):
            self.write(line)

    async def undo(self, args: list[str]) -> None:
        report = await self.service.moderation.undo_last(
            self._current(), actor=CONSOLE_USER, reason="undo at the console"
        )
        self.say("console.undone", seq=report.seq)
        await self._show_report(report)

    async def verify(self, args: list[str]) -> None:
        verification = await verify_campaign(self.service.store, self._current())
        if verification.ok:
            self.say("console.verified", count=verification.rolls_checked)
        else:
            self.say("console.not_verified", detail=str(verification.mismatch or "commitment"))

    async def quit(self, args: list[str]) -> None:
        raise Quit
