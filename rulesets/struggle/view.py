"""What each seat may see. Unrest and a sealed proxy maximum stay private until the end."""

from __future__ import annotations

from typing import Any

from rulesets.struggle.state import StruggleState, game_data, tokens_left


def marker_view(state: StruggleState, marker_id: str) -> dict[str, Any]:
    marker = game_data(state).marker(marker_id)
    return {
        "id": marker.id,
        "kind": marker.kind,
        "value": marker.defence,
        "gold": marker.gold_reward,
        "vp": marker.vp_reward,
    }


def regions_view(state: StruggleState) -> dict[str, Any]:
    data = game_data(state)
    shown: dict[str, Any] = {}
    for region in data.regions:
        place = state.regions[region.id]
        shown[region.id] = {
            "kind": region.kind,
            "vp": list(region.vp),
            "control": dict(place.control),
            "armies": dict(place.armies),
            "fleets": dict(place.fleets),
            "forts": dict(place.forts),
            "markers": [marker_view(state, marker) for marker in place.markers],
            "raiders": [
                {"tile": r.tile, "held": r.held} for r in state.raiders if r.region == region.id
            ],
            "blockade": state.blockade.owner
            if state.blockade and state.blockade.region == region.id
            else None,
        }
    return shown


def auction_view(state: StruggleState) -> dict[str, Any] | None:
    auction = state.auction
    if auction is None:
        return None
    return {
        "opener": auction.opener,
        "bidder": auction.bidder,
        "high_bid": auction.high_bid,
        "high_bidder": auction.high_bidder,
        "proposal_a": auction.proposal_a,
        "proposal_b": auction.proposal_b,
        "passes": auction.passes,
    }


def combat_view(state: StruggleState) -> dict[str, Any] | None:
    combat = state.combat
    if combat is None:
        return None
    return combat.model_dump(
        mode="json",
        include={
            "region",
            "target",
            "attacker",
            "defender",
            "marker",
            "raider_tile",
            "surprise",
            "step",
            "support",
            "alliance_stage",
            "naval_support",
            "stage",
            "dice",
        },
    )


# The game's stages; every other phase is a decision within an action of the actions stage.
STAGES = frozenset({"placement", "auction", "actions", "over"})


def public_view(state: StruggleState) -> dict[str, Any]:
    data = game_data(state)
    within_action = state.phase not in STAGES
    return {
        "war": state.war,
        "round": state.round,
        "rounds_in_war": state.rounds_in_war,
        "phase": "actions" if within_action else state.phase,
        "active": state.active,
        "placer": state.placer,
        "first_player": state.first_player,
        "turn_order": list(state.turn_order),
        "alliances": {"A": list(state.group_a), "B": list(state.group_b)},
        "regions": regions_view(state),
        "homes": {
            power: {"armies": home.armies, "fleets": home.fleets, "forts": home.forts}
            for power, home in state.homes.items()
        },
        "powers": {
            power: {
                "gold": holder.gold,
                "population": holder.population,
                "vp": holder.vp,
                "tiles": [held.tile for held in holder.tiles],
                "used_tiles": [held.tile for held in holder.tiles if held.used],
                "control_tokens_left": tokens_left(state, power),
            }
            for power, holder in state.powers.items()
        },
        "bank": {"stock": dict(state.stock), "bag_size": len(state.bag)},
        "auction": auction_view(state),
        "combat": combat_view(state),
        "actions_left": state.turn.actions_left if state.active else None,
        "step": state.phase if within_action else None,
        "scores": dict(state.final_scores) if state.final_scores is not None else None,
        "ruleset_data": data.version,
    }


def view_for(state: StruggleState, seat: str | None) -> dict[str, Any]:
    shown = public_view(state)
    if state.finished:
        shown["unrest"] = {power: state.powers[power].unrest for power in state.seats}
    if seat in state.powers:
        proxy = state.auction.proxies.get(seat) if state.auction else None
        shown["you"] = {
            "power": seat,
            "unrest": state.powers[seat].unrest,
            "proxy": proxy.model_dump(mode="json") if proxy else None,
        }
    return shown
