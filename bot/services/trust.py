"""Verifiable dice: the commitment notice at creation and the check anyone can run at the end.

At creation the channel is told the SHA-256 of the secret seed. Once the campaign is over
the seed is public, and `verify_dice` recomputes every roll: the seed must match the
commitment, the log's draws must be numbered 0, 1, 2… with each value the one the seed
gives, every roll reported in the channel must be a true draw of the seed, and replaying
the log under the current rules must reproduce it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.services.core import ServicePart
from bot.services.errors import ServiceError
from bot.services.exchange_model import CampaignExport, build_export
from bot.services.history_check import HistoryCheck, check_history
from bot.services.offload import Progress, off_the_loop
from bot.services.verify import RollMismatch, check_rolls
from bot.storage import OutboxRow
from rulesets.core import Msg, Roll, seed_commitment
from rulesets.core.rng import draw_value


@dataclass(frozen=True)
class ReportedRoll:
    """A roll as the channel was told it (outbox row `outbox_id`, log step `seq`)."""

    outbox_id: int
    seq: int
    roll: Roll


@dataclass(frozen=True)
class DiceVerification:
    campaign_id: int
    seed: str
    commitment_ok: bool
    rolls_checked: int
    mismatch: RollMismatch | None
    reported_checked: int
    reported_mismatch: ReportedRoll | None
    replay: HistoryCheck

    @property
    def ok(self) -> bool:
        """The dice are honest: the seed is the committed one and every roll is its draw."""
        return self.commitment_ok and self.mismatch is None and self.reported_mismatch is None

    def findings(self) -> list[Msg]:
        """What the check found, as messages for an adapter to translate."""
        found = [
            Msg(
                key="trust.verify.commitment_ok"
                if self.commitment_ok
                else "trust.verify.bad_commitment",
                params={"seed": self.seed},
            )
        ]
        wrong = self.mismatch
        if wrong is not None:
            found.append(
                Msg(
                    key="trust.verify.bad_roll",
                    params={
                        "seq": wrong.seq,
                        "draw": wrong.draw,
                        "sides": wrong.sides,
                        "recorded": wrong.recorded,
                        "expected": "?" if wrong.expected is None else wrong.expected,
                        "expected_draw": wrong.expected_draw,
                    },
                )
            )
        told = self.reported_mismatch
        if told is not None:
            found.append(
                Msg(
                    key="trust.verify.bad_report",
                    params={
                        "seq": told.seq,
                        "draw": told.roll.draw,
                        "sides": told.roll.sides,
                        "value": told.roll.value,
                    },
                )
            )
        if self.ok:
            found.append(
                Msg(
                    key="trust.verify.rolls_ok",
                    params={"rolls": self.rolls_checked, "reported": self.reported_checked},
                )
            )
        if self.replay.ok:
            found.append(
                Msg(key="trust.verify.replay_ok", params={"steps": self.replay.steps_checked})
            )
        else:
            seq = "-" if self.replay.seq is None else self.replay.seq
            problem = str(self.replay.problem)
            found.append(
                Msg(key="trust.verify.replay_differs", params={"problem": problem, "seq": seq})
            )
        return found


def reported_rolls(rows: list[OutboxRow]) -> list[ReportedRoll]:
    """The rolls named in the public step reports of a campaign's outbox."""
    found = []
    for row in rows:
        if row.target_kind != "channel" or row.payload.get("kind") != "report":
            continue
        for raw in row.payload.get("rolls") or []:
            found.append(ReportedRoll(row.id, int(row.payload["seq"]), Roll.model_validate(raw)))
    return found


def verify_export(
    export: CampaignExport,
    reported: list[ReportedRoll] | None = None,
    progress: Progress | None = None,
) -> DiceVerification:
    """Check an export carrying its seed (and the rolls the channel was told, if known);
    `progress` follows the replay."""
    seed = export.seed_hex
    if seed is None:
        raise ServiceError("trust.error.no_seed")
    try:
        commitment_ok = seed_commitment(seed) == export.seed_commitment
    except ValueError:
        raise ServiceError("service.error.bad_seed") from None
    entries = [
        (entry.seq, [Roll.model_validate(raw) for raw in entry.rolls]) for entry in export.log
    ]
    checked, mismatch = check_rolls(seed, entries)
    # A report of a step later undone still named a true draw: the draw numbers are reused
    # after an undo, so each reported roll is checked against the seed, not against the log.
    wrong = next(
        (
            told
            for told in reported or []
            if draw_value(seed, told.roll.draw, told.roll.sides) != told.roll.value
        ),
        None,
    )
    return DiceVerification(
        campaign_id=export.campaign_id,
        seed=seed,
        commitment_ok=commitment_ok,
        rolls_checked=checked,
        mismatch=mismatch,
        reported_checked=len(reported or []),
        reported_mismatch=wrong,
        replay=check_history(export, progress=progress),
    )


class CampaignTrust(ServicePart):
    async def _export(self, campaign_id: int, *, include_seed: bool) -> CampaignExport:
        campaign = await self._campaign(campaign_id)
        return build_export(
            campaign,
            tenures=await self._store.tenures(campaign_id),
            log=await self._store.actions(campaign_id),
            audit=await self._store.audit_log(campaign_id),
            include_seed=include_seed,
            exported_at=self._clock.now(),
        )

    async def verify_dice(
        self, campaign_id: int, *, progress: Progress | None = None
    ) -> DiceVerification:
        """Recompute every roll of a finished campaign (before the end the seed is secret),
        in a worker thread; `progress` (on the loop) follows the replay."""
        campaign = await self._campaign(campaign_id)
        if campaign.status != "finished":
            raise ServiceError("trust.error.seed_still_secret", campaign=campaign_id)
        export = await self._export(campaign_id, include_seed=True)
        told = reported_rolls(await self._store.campaign_outbox(campaign_id))
        return await off_the_loop(lambda report: verify_export(export, told, report), progress)
