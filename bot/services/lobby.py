"""Creating campaigns, taking and changing seats, and starting the game."""

from __future__ import annotations

import logging
import secrets
from typing import Any

from bot.i18n import LANGUAGES
from bot.logging_setup import campaign_context
from bot.services.core import ServicePart, rules_refusals
from bot.services.errors import ServiceError, StaleSeq
from bot.services.models import ActionReport, CampaignInfo, SeatHolder
from bot.services.notices import audit_record, commitment_notice, seat_taken_note
from bot.services.replay import START_ACTION
from bot.storage import (
    LOBBY_SEQ,
    CampaignRow,
    NewCampaign,
    NewHolder,
    OutboxRecord,
    SeatTaken,
    SeqConflict,
    TenureRow,
)
from rulesets.core import Ruleset, seed_commitment
from rulesets.core import start as start_game

log = logging.getLogger("courier.services.lobby")


def _check_seed(seed_hex: str) -> str:
    try:
        if len(bytes.fromhex(seed_hex)) < 16:
            raise ValueError
    except ValueError:
        raise ServiceError("service.error.bad_seed") from None
    return seed_hex.lower()


class CampaignLobby(ServicePart):
    async def create_campaign(
        self,
        *,
        ruleset: str,
        creator_id: str,
        guild_id: int | None,
        channel_id: int | None,
        options: dict[str, Any],
        language: str = "en",
        seed_hex: str | None = None,
        data: dict[str, Any] | None = None,
    ) -> CampaignInfo:
        """A new campaign in the lobby. Options and data are checked now, not at the start.
        The seed is drawn here unless given; only its commitment is public until the end."""
        rules = self._ruleset(ruleset)
        with rules_refusals():
            rules.resolve_options(options)
            if data is not None:
                rules.validate_data(data)
        if language not in LANGUAGES:
            raise ServiceError("service.error.unknown_language", code=str(language)[:20])
        seed = _check_seed(seed_hex) if seed_hex is not None else secrets.token_hex(32)
        await self._refuse_busy_channel(channel_id)
        commitment = seed_commitment(seed)
        row = await self._store.create_campaign(
            NewCampaign(
                ruleset=rules.name,
                ruleset_version=rules.version,
                options=dict(options),
                data=data,
                seed_hex=seed,
                seed_commitment=commitment,
                guild_id=guild_id,
                channel_id=channel_id,
                language=language,
                creator=creator_id,
                created_at=self._clock.now(),
            ),
            [commitment_notice(channel_id, rules.name, commitment)],
        )
        with campaign_context(row.id):
            log.info("created: %s for guild %s channel %s", rules.name, guild_id, channel_id)
        return CampaignInfo.from_row(row)

    async def get_campaign(self, campaign_id: int) -> CampaignInfo:
        return CampaignInfo.from_row(await self._campaign(campaign_id))

    async def list_campaigns(self, guild_id: int | None) -> list[CampaignInfo]:
        """The campaigns of a guild, oldest first. None means the campaigns of no guild
        (console tables), never every guild's: a DM must not list other servers' games."""
        if guild_id is None:
            rows = [row for row in await self._store.all_campaigns() if row.guild_id is None]
        else:
            rows = await self._store.list_campaigns(guild_id)
        return [CampaignInfo.from_row(row) for row in rows]

    async def all_campaigns(self) -> list[CampaignInfo]:
        """Every campaign in the database (for the console and operators)."""
        return [CampaignInfo.from_row(row) for row in await self._store.all_campaigns()]

    async def campaign_for_channel(self, channel_id: int) -> CampaignInfo | None:
        """The channel's campaign: the newest bound to it. A finished one stays the channel's
        (for its status, map and history) until another is created there."""
        row = await self._store.campaign_for_channel(channel_id)
        return None if row is None else CampaignInfo.from_row(row)

    async def _refuse_busy_channel(self, channel_id: int | None) -> None:
        """One campaign at a time per channel: a second one would orphan the first."""
        if channel_id is None:
            return
        current = await self._store.campaign_for_channel(channel_id)
        if current is not None and current.status != "finished":
            raise ServiceError("service.error.channel_busy", campaign=current.id)

    async def holders(self, campaign_id: int) -> dict[str, SeatHolder]:
        """The current holder of each held seat."""
        await self._campaign(campaign_id)
        tenures = await self._current_tenures(campaign_id)
        return {seat: SeatHolder.from_row(row) for seat, row in tenures.items()}

    async def seat_history(self, campaign_id: int) -> list[SeatHolder]:
        """Every tenure, past and present, in the order they began."""
        await self._campaign(campaign_id)
        return [SeatHolder.from_row(row) for row in await self._store.tenures(campaign_id)]

    async def seats_of(self, campaign_id: int, user_id: str) -> list[str]:
        """Every seat the user holds, in the game's seat order (one, or several after a
        moderator gave them another's)."""
        tenures = await self._current_tenures(campaign_id)
        return [seat for seat, row in tenures.items() if row.user_id == user_id]

    async def seat_of(self, campaign_id: int, user_id: str) -> str | None:
        """The seat the user holds (the first taken, if a moderator gave them several)."""
        for seat, row in (await self._current_tenures(campaign_id)).items():
            if row.user_id == user_id:
                return seat
        return None

    async def _seats_in_play(self, campaign_id: int) -> list[str]:
        """The seats a holder may take: the ruleset's pool in the lobby, else the game's."""
        campaign = await self._campaign(campaign_id)
        if campaign.status == "lobby":
            return [spec.id for spec in self._ruleset(campaign.ruleset).seat_pool()]
        return list((await self._state(campaign)).seats)

    async def join(
        self, campaign_id: int, user_id: str, display_name: str, seat: str | None = None
    ) -> str:
        """Take a seat in the lobby (None: a random free one) and return it."""
        campaign = await self._campaign(campaign_id)
        if campaign.status != "lobby":
            raise ServiceError("service.error.not_in_lobby", campaign=campaign_id)
        rules = self._ruleset(campaign.ruleset)
        held = await self._current_tenures(campaign_id)
        mine = [taken for taken, row in held.items() if row.user_id == user_id]
        if mine:
            raise ServiceError("service.error.already_seated", seat=mine[0])
        pool = [spec.id for spec in rules.seat_pool()]
        if seat is None:  # a player's seat: a seat beside the players is taken by name
            free = [c for c in rules.players_among(pool) if c not in held]
            if not free or _beyond_table(rules, [*held, free[0]]):
                raise ServiceError("service.error.campaign_full", count=rules.max_players)
            seat = secrets.choice(free)
        elif seat not in pool:
            raise ServiceError("service.error.seat_not_in_campaign", seat=str(seat)[:40])
        elif seat in held:
            raise ServiceError("service.error.seat_taken", seat=seat)
        elif _beyond_table(rules, [*held, seat]):
            raise ServiceError("service.error.campaign_full", count=rules.max_players)
        holder = NewHolder(seat, user_id, display_name, self._clock.now())
        try:
            await self._store.take_seat(campaign_id, holder, expected_seq=LOBBY_SEQ)
        except SeatTaken:
            raise ServiceError("service.error.seat_taken", seat=seat) from None
        except SeqConflict:
            raise ServiceError("service.error.not_in_lobby", campaign=campaign_id) from None
        with campaign_context(campaign_id):
            log.info("%s joined as %s", user_id, seat)
        return seat

    async def leave(self, campaign_id: int, user_id: str) -> None:
        """Give up one's seat; only before the start (afterwards a moderator replaces)."""
        campaign = await self._campaign(campaign_id)
        if campaign.status != "lobby":
            raise ServiceError("service.error.leave_after_start", campaign=campaign_id)
        seat = await self.seat_of(campaign_id, user_id)
        if seat is None:
            raise ServiceError("service.error.no_seat", campaign=campaign_id)
        try:
            await self._store.release_seat(
                campaign_id, seat, self._clock.now(), expected_seq=LOBBY_SEQ
            )
        except SeqConflict:
            raise ServiceError("service.error.leave_after_start", campaign=campaign_id) from None

    async def assign_seat(
        self,
        campaign_id: int,
        seat: str,
        user_id: str,
        display_name: str,
        *,
        actor: str,
        reason: str,
    ) -> None:
        """A moderator gives a seat to a user, ending the previous holder's tenure."""
        campaign = await self._campaign(campaign_id)
        if campaign.status == "finished":
            raise ServiceError("service.error.campaign_finished", campaign=campaign_id)
        if seat not in await self._seats_in_play(campaign_id):
            raise ServiceError("service.error.seat_not_in_campaign", seat=str(seat)[:40])
        previous = (await self._current_tenures(campaign_id)).get(seat)
        now = self._clock.now()
        audit = audit_record(
            campaign,
            actor=actor,
            act="assign_seat",
            reason=reason,
            at=now,
            seqs=[campaign.seq],
            detail={
                "seat": seat,
                "user_id": user_id,
                "previous": None if previous is None else previous.user_id,
            },
        )
        try:
            await self._store.replace_holder(
                campaign_id,
                NewHolder(seat, user_id, display_name, now),
                expected_seq=campaign.seq,
                audit=audit,
                outbox=_told_of_loss(campaign, previous, seat, reason, keeper=user_id),
            )
        except (SeqConflict, SeatTaken):
            raise StaleSeq(campaign_id, (await self._campaign(campaign_id)).seq) from None
        with campaign_context(campaign_id):
            log.info("%s gave %s to %s: %s", actor, seat, user_id, reason)

    async def release_seat(self, campaign_id: int, seat: str, *, actor: str, reason: str) -> None:
        """A moderator removes a seat's holder without a replacement (a kick)."""
        campaign = await self._campaign(campaign_id)
        if seat not in await self._seats_in_play(campaign_id):
            raise ServiceError("service.error.seat_not_in_campaign", seat=str(seat)[:40])
        previous = (await self._current_tenures(campaign_id)).get(seat)
        now = self._clock.now()
        audit = audit_record(
            campaign,
            actor=actor,
            act="release_seat",
            reason=reason,
            at=now,
            seqs=[campaign.seq],
            detail={"seat": seat, "previous": None if previous is None else previous.user_id},
        )
        try:
            await self._store.release_seat(
                campaign_id,
                seat,
                now,
                expected_seq=campaign.seq,
                audit=audit,
                outbox=_told_of_loss(campaign, previous, seat, reason),
            )
        except SeqConflict:
            raise StaleSeq(campaign_id, (await self._campaign(campaign_id)).seq) from None

    async def start(self, campaign_id: int, actor_id: str) -> ActionReport:
        """Deal the opening position for the seated players (in the ruleset's seat order)."""
        with campaign_context(campaign_id):
            campaign = await self._campaign(campaign_id)
            if campaign.status != "lobby":
                raise ServiceError("service.error.already_started", campaign=campaign_id)
            rules = self._ruleset(campaign.ruleset)
            held = await self._current_tenures(campaign_id)
            seats = [spec.id for spec in rules.seat_pool() if spec.id in held]
            with rules_refusals():
                outcome = start_game(
                    rules, seats, campaign.options, campaign.seed_hex, campaign.data
                )
            return await self._commit_step(
                campaign,
                outcome,
                seat=None,
                actor=actor_id,
                action={"type": START_ACTION, "seats": seats},
                expected_status="lobby",
            )


def _beyond_table(rules: Ruleset[Any], seats: list[str]) -> bool:
    """Whether these seats hold more players than the game takes (a seat beside the
    players', such as Ultima Ratio Regis's referee, is not a player)."""
    return len(rules.players_among(seats)) > rules.max_players


def _told_of_loss(
    campaign: CampaignRow,
    previous: TenureRow | None,
    seat: str,
    reason: str,
    *,
    keeper: str | None = None,
) -> list[OutboxRecord]:
    """The DM that tells a seat's previous holder a moderator took it (none when the seat
    was empty or goes back to the same player)."""
    if previous is None or previous.user_id == keeper:
        return []
    return [seat_taken_note(campaign, previous.user_id, seat, reason)]
