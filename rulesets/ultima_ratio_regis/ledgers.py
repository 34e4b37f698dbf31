"""The aid's tables outside combat: cards per turn, instability and morale arithmetic,
the end-of-turn balance and the war-reparations price list with its budget check."""

from __future__ import annotations

from typing import Literal

# CARTES PAR TOUR: players -> (cards in the turn's deck, cards per player)
CARDS_PER_TURN: dict[int, tuple[int, int]] = {
    3: (39, 13),
    4: (40, 10),
    5: (40, 8),
    6: (42, 7),
    7: (42, 6),
    8: (48, 6),
}

# CAUSES D'INSTABILITÉ: each cause the aid lists, with the ways it moves the track (+1 up,
# −1 down; the peace conditions go both ways). The referee's desk offers each cause in its
# directions, and an order naming another cause is refused.
INSTABILITY_CAUSES: dict[str, tuple[int, ...]] = {
    "piracy_lost": (1,),
    "promotion": (1,),
    "war_not_won": (1,),
    "war_won": (1,),
    "reparation": (1, -1),
    "rebellion": (1,),
    "deficit": (1,),
    "conscription": (1,),
    "reduce_action": (-1,),
    "subsidy": (-1,),
    "piracy_won": (-1,),
    "surplus": (-1,),
}

PROMOTION_INSTABILITY = 3  # "Promouvoir un chef extraordinaire"
CONSCRIPTION_INSTABILITY = 1  # "Conscription ... sur la carte principale"

Reparation = Literal[
    "vp",
    "vp_military",
    "ally_switch",
    "ally_break",
    "cede_conquered",
    "cede_border",
    "merchant_remove",
    "merchant_swap",
    "instability",
    "pillage",
]

# RÉPARATIONS DE GUERRE: the price of each condition.
REPARATION_COST: dict[Reparation, int] = {
    "vp": 2,
    "vp_military": 1,
    "ally_switch": 2,
    "ally_break": 1,
    "cede_conquered": 1,
    "cede_border": 2,
    "merchant_remove": 2,
    "merchant_swap": 3,
    "instability": 1,
    "pillage": 1,
}
INDEPENDENT_SURCHARGE = 1  # "Briser l'alliance avec une puissance mineure indépendante: 1 en plus"


def cards_for(players: int) -> tuple[int, int]:
    return CARDS_PER_TURN[players]


def reparation_cost(item: Reparation, independent_minor: bool = False) -> int:
    surcharge = INDEPENDENT_SURCHARGE if independent_minor and item.startswith("ally_") else 0
    return REPARATION_COST[item] + surcharge


def within_budget(items: list[tuple[Reparation, bool]], budget: int) -> bool:
    return sum(reparation_cost(item, independent) for item, independent in items) <= budget


def war_end_instability(morale_lost: int, won: bool) -> int:
    """+1 per morale point lost in a war not won; +1 per 2 points (floor) in a war won."""
    return morale_lost // 2 if won else morale_lost


def end_of_turn_instability(rebellions: int, income: int, expenses: int) -> int:
    """Step 5: +1 per rebellion, +1 per unit of deficit, −1 per unit of surplus."""
    return rebellions + (expenses - income)


def suggested_winner(gained: dict[str, int], lost: dict[str, int]) -> str | None:
    """A-29: the side with the higher net morale (gained − lost); a tie: nobody."""
    net = {power: gained.get(power, 0) - lost.get(power, 0) for power in lost}
    if not net:
        return None
    best = max(net.values())
    leaders = [power for power, value in net.items() if value == best]
    return leaders[0] if len(leaders) == 1 else None


def bounded_instability(level: int, change: int) -> int:
    """A-30: the track has no printed range; the engine keeps it at 0 or above."""
    return max(0, level + change)
