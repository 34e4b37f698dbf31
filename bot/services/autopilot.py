"""Playing for a seat nobody is answering for: a missed deadline, a holder away on an
autopilot vacation, or a seat left empty when a group starts short-handed."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Literal

from bot.logging_setup import campaign_context
from bot.services.core import rules_refusals
from bot.services.deadlines import ScheduleCore
from bot.services.errors import ServiceError
from bot.services.models import ActionReport
from bot.services.replay import START_ACTION
from bot.services.schedule_base import AUTOPILOT_ACTOR, MISSED_ACTOR, MISSED_AUTOPILOT_ACTOR
from bot.services.schedule_record import ScheduleRecord
from bot.storage import CampaignRow, DeadlineRow
from rulesets.core import IllegalAction
from rulesets.core import start as start_game
from rulesets.core import submit as submit_action

log = logging.getLogger("courier.services.autopilot")

Stand_in = Literal["default", "autopilot"]
_ACTORS: dict[tuple[bool, Stand_in], str] = {
    (True, "default"): MISSED_ACTOR,
    (True, "autopilot"): MISSED_AUTOPILOT_ACTOR,
    (False, "default"): AUTOPILOT_ACTOR,  # not used: an absent player gets the autopilot
    (False, "autopilot"): AUTOPILOT_ACTOR,
}


class ScheduleAutopilot(ScheduleCore):
    @staticmethod
    def _autopiloted(
        record: ScheduleRecord, deadline: DeadlineRow, now: datetime, held: set[str]
    ) -> bool:
        """Whether the autopilot answers this prompt at once instead of waiting: an empty
        seat of a short-handed start, or a holder away on an autopilot vacation."""
        if deadline.seat in record.autopilot_seats and deadline.seat not in held:
            return True
        return (
            record.pace.vacation_mode == "autopilot" and record.away(deadline.seat, now) is not None
        )

    async def _play_for(
        self, campaign: CampaignRow, seat: str, how: Stand_in, *, missed: bool
    ) -> ActionReport | None:
        """Play the ruleset's default or autopilot choice for `seat`; None if the rules
        refuse it (logged: a ruleset bug must not stop the scheduler for other campaigns)."""
        state = await self._state(campaign)
        rules = self._ruleset(campaign.ruleset)
        try:
            if how == "default":
                action = rules.default_action(state, seat)
            else:
                action = rules.autopilot_action(state, seat, campaign.seq)
            outcome = submit_action(rules, state, seat, action)
        except IllegalAction as error:
            with campaign_context(campaign.id):
                log.error("the %s choice for %s was refused: %s", how, seat, error.key)
            return None
        return await self._commit_step(
            campaign,
            outcome,
            seat=seat,
            actor=_ACTORS[missed, how],
            action=action,
            expected_status="active",
        )

    async def start_with_autopilot(
        self, campaign_id: int, actor_id: str, autopilot_seats: list[str]
    ) -> ActionReport:
        """Start a short-handed group: the listed empty seats are played by the autopilot
        for the whole campaign (until a moderator gives one to a player)."""
        with campaign_context(campaign_id):
            campaign = await self._campaign(campaign_id)
            if campaign.status != "lobby":
                raise ServiceError("service.error.already_started", campaign=campaign_id)
            rules = self._ruleset(campaign.ruleset)
            if not isinstance(autopilot_seats, list):
                raise ServiceError("service.error.seat_not_in_campaign", seat="-")
            held = await self._current_tenures(campaign_id)
            pool = [spec.id for spec in rules.seat_pool()]
            for seat in autopilot_seats:
                if seat not in pool:
                    raise ServiceError("service.error.seat_not_in_campaign", seat=str(seat)[:40])
                if seat in held:
                    raise ServiceError("service.error.seat_taken", seat=seat)
            seats = [seat for seat in pool if seat in held or seat in autopilot_seats]
            with rules_refusals():
                outcome = start_game(
                    rules, seats, campaign.options, campaign.seed_hex, campaign.data
                )
            record, version = await self._record(campaign_id)
            record.autopilot_seats = sorted(set(autopilot_seats))
            await self._save(campaign_id, record=record, version=version)
            return await self._commit_step(
                campaign,
                outcome,
                seat=None,
                actor=actor_id,
                action={"type": START_ACTION, "seats": seats},
                expected_status="lobby",
            )
