"""Final scores as people: each seat with its player, the winner named ("Winner: @bob
(Player 4)"), and each score reconciled with the victory points the map shows (what unrest
or another final penalty took away)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.i18n import catalogue, localise_value, translate

if TYPE_CHECKING:
    from bot.discord.client import CourierBot


def map_vp(view: Mapping[str, Any], seat: str) -> int | None:
    """The victory points the board shows for a seat (its power's or player's `vp`)."""
    for collection in ("powers", "players"):
        entry = (
            view.get(collection, {}).get(seat)
            if isinstance(view.get(collection), Mapping)
            else None
        )
        if isinstance(entry, Mapping) and isinstance(entry.get("vp"), int):
            return int(entry["vp"])
    return None


def standing_lines(
    ruleset: str,
    scores: Mapping[str, int],
    players: Mapping[str, str],
    view: Mapping[str, Any],
    language: str,
) -> str:
    """The winner line, then every seat best first with its player and its reconciliation."""
    ranked = sorted(scores.items(), key=lambda item: -item[1])
    best = ranked[0][1] if ranked else 0
    winners = [seat for seat, score in ranked if score == best]
    named = [_person(seat, players, language) for seat in winners]
    key = "discord.report.winner" if len(winners) == 1 else "discord.report.winners"
    lines = [translate(key, language, winners=", ".join(named))]
    adjusted = f"discord.report.score_adjusted.{ruleset}"
    if adjusted not in catalogue(language) and adjusted not in catalogue("en"):
        adjusted = "discord.report.score_adjusted"
    for seat, score in ranked:
        person = _person(seat, players, language)
        vp = map_vp(view, seat)
        if vp is None or vp == score:
            lines.append(translate("discord.report.score_of", language, person=person, score=score))
        else:
            lines.append(
                translate(adjusted, language, person=person, score=score, vp=vp, lost=vp - score)
            )
    return "\n".join(lines)


def _person(seat: str, players: Mapping[str, str], language: str) -> str:
    name = localise_value(seat, language)
    player = players.get(seat)
    return (
        translate("discord.report.person", language, player=player, seat=name)
        if player
        else str(name)
    )


async def campaign_standings(
    bot: CourierBot, campaign_id: int, ruleset: str, scores: Mapping[str, int], language: str
) -> str:
    """`standing_lines` for a campaign: its holders by mention, its board as it ended."""
    holders = await bot.service.lobby.holders(campaign_id)
    players = {
        seat: f"<@{holder.user_id}>" for seat, holder in holders.items() if holder.user_id.isdigit()
    }
    view = await bot.service.play.public_view(campaign_id)
    return standing_lines(ruleset, scores, players, view, language)
