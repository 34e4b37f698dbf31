"""Hand-built public views of Struggle of Empires positions, for render tests and the bench."""

from __future__ import annotations

from typing import Any

POWERS = ["GBR", "FRA", "PRU", "AUS", "SPA", "RUS", "UPR"]


def _region(kind: str, vp: list[int], **parts: Any) -> dict[str, Any]:
    region: dict[str, Any] = {
        "raiders": [],
        "blockade": None,
        "kind": kind,
        "vp": vp,
        "control": {},
        "armies": {},
        "fleets": {},
        "forts": {},
        "markers": [],
    }
    region.update(parts)
    return region


def _neutral(defence: int, gold: int = 0, vp: int = 0) -> dict[str, Any]:
    return {
        "id": f"N{defence}{gold}{vp}",
        "kind": "neutral",
        "value": defence,
        "gold": gold,
        "vp": vp,
    }


def midgame_view() -> dict[str, Any]:
    """Seven powers in war 2, round 3: contested Europe, busy colonies, markers left."""
    return {
        "war": 2,
        "round": 3,
        "rounds_in_war": 5,
        "phase": "actions",
        "active": "FRA",
        "actions_left": 2,
        "turn_order": ["SPA", "FRA", "GBR", "RUS", "AUS", "UPR", "PRU"],
        "alliances": {"A": ["GBR", "PRU", "UPR"], "B": ["FRA", "SPA", "AUS", "RUS"]},
        "regions": {
            "GER": _region(
                "europe",
                [8, 5, 3],
                control={"PRU": 3, "AUS": 2, "FRA": 1, "GBR": 1},
                armies={"PRU": 2, "AUS": 1},
                forts={"PRU": 1},
                markers=[_neutral(3, gold=2)],
            ),
            "CEU": _region(
                "europe",
                [7, 4, 2],
                control={"RUS": 2, "PRU": 1, "AUS": 1},
                armies={"RUS": 3, "AUS": 1},
                markers=[_neutral(2)],
            ),
            "OTT": _region(
                "europe",
                [6, 3],
                control={"RUS": 1, "AUS": 1},
                armies={"AUS": 2},
                markers=[_neutral(4, vp=1), _neutral(3)],
            ),
            "BAL": _region(
                "europe",
                [6, 3],
                control={"RUS": 2, "PRU": 2, "UPR": 1},
                armies={"RUS": 1},
                fleets={"UPR": 1, "RUS": 1},
            ),
            "MED": _region(
                "europe",
                [7, 4],
                control={"SPA": 2, "FRA": 2, "AUS": 1},
                fleets={"SPA": 2, "FRA": 1, "GBR": 1},
                armies={"FRA": 1},
                markers=[_neutral(2, gold=3)],
            ),
            "NAM": _region(
                "colony",
                [8, 4],
                control={"GBR": 3, "FRA": 2, "SPA": 1},
                armies={"GBR": 2, "FRA": 2},
                fleets={"GBR": 1, "FRA": 1},
                forts={"FRA": 1},
                markers=[{"kind": "pop", "value": None, "gold": 0, "vp": 0}],
            ),
            "SAM": _region(
                "colony",
                [6, 3],
                control={"SPA": 3, "UPR": 1},
                armies={"SPA": 2},
                fleets={"SPA": 1},
                markers=[_neutral(2), {"kind": "pop", "value": None, "gold": 0, "vp": 0}],
            ),
            "CAR": _region(
                "colony",
                [7, 4],
                control={"SPA": 1, "GBR": 1, "FRA": 1, "UPR": 1},
                fleets={"GBR": 2, "SPA": 1},
                markers=[{"kind": "slaves", "value": None, "gold": 0, "vp": 0}],
                raiders=[{"tile": "pirates", "held": "FRA"}],
            ),
            "AFR": _region(
                "colony",
                [4, 2],
                control={"UPR": 1},
                fleets={"UPR": 1},
                markers=[_neutral(3), {"kind": "slaves", "value": None, "gold": 0, "vp": 0}],
            ),
            "IND": _region(
                "colony",
                [8, 4],
                control={"GBR": 2, "FRA": 2},
                armies={"GBR": 1, "FRA": 1},
                fleets={"GBR": 1},
                blockade="GBR",
                markers=[_neutral(4, gold=3)],
            ),
            "EIN": _region(
                "colony",
                [6, 3],
                control={"UPR": 3},
                fleets={"UPR": 2},
                forts={"UPR": 1},
                markers=[{"kind": "pop", "value": None, "gold": 0, "vp": 0}],
            ),
        },
        "homes": {
            "GBR": {"armies": 1, "fleets": 2, "forts": 0},
            "FRA": {"armies": 2, "fleets": 0, "forts": 1},
            "PRU": {"armies": 3, "fleets": 0, "forts": 0},
            "AUS": {"armies": 2, "fleets": 0, "forts": 0},
            "SPA": {"armies": 0, "fleets": 1, "forts": 0},
            "RUS": {"armies": 2, "fleets": 0, "forts": 0},
            "UPR": {"armies": 0, "fleets": 1, "forts": 0},
        },
        "powers": {
            "GBR": {
                "gold": 7,
                "population": 4,
                "vp": 21,
                "tiles": ["navigation", "banking"],
                "control_tokens_left": 31,
            },
            "FRA": {
                "gold": 4,
                "population": 6,
                "vp": 18,
                "tiles": ["army_training"],
                "control_tokens_left": 32,
            },
            "PRU": {
                "gold": 2,
                "population": 3,
                "vp": 16,
                "tiles": ["army_training", "militia"],
                "control_tokens_left": 34,
            },
            "AUS": {"gold": 5, "population": 5, "vp": 12, "tiles": [], "control_tokens_left": 35},
            "SPA": {
                "gold": 9,
                "population": 4,
                "vp": 17,
                "tiles": ["naval_training"],
                "control_tokens_left": 33,
            },
            "RUS": {
                "gold": 3,
                "population": 7,
                "vp": 14,
                "tiles": ["logistics"],
                "control_tokens_left": 34,
            },
            "UPR": {
                "gold": 11,
                "population": 2,
                "vp": 15,
                "tiles": ["banking", "navigation", "industry"],
                "control_tokens_left": 32,
            },
        },
        "bank": {"gold": 80},
        "auction": None,
        "scores": None,
    }


def opening_view() -> dict[str, Any]:
    """Four powers at the start of war 1: starting tokens and units, ten markers out."""
    view = midgame_view()
    seated = ["GBR", "FRA", "AUS", "RUS"]
    view.update(war=1, round=1, rounds_in_war=6, phase="auction", active=None)
    view["turn_order"] = seated
    view["alliances"] = {"A": [], "B": []}
    for region in view["regions"].values():
        for key in ("control", "armies", "fleets", "forts"):
            region[key] = {}
        region["raiders"], region["blockade"] = [], None
    starts = {
        "GBR": ["NAM", "IND"],
        "FRA": ["NAM", "GER"],
        "AUS": ["OTT", "CEU"],
        "RUS": ["BAL", "CEU"],
    }
    for power, places in starts.items():
        for place in places:
            control = view["regions"][place]["control"]
            control[power] = control.get(power, 0) + 1
        view["regions"][places[0]]["armies"][power] = 1
    view["homes"] = {power: {"armies": 2, "fleets": 1, "forts": 0} for power in seated}
    view["powers"] = {
        power: {"gold": 10, "population": 5, "vp": 0, "tiles": [], "control_tokens_left": 38}
        for power in seated
    }
    return view


def finished_view() -> dict[str, Any]:
    """The mid-game position declared over: final scores shown, unrest revealed in the view."""
    view = midgame_view()
    view.update(war=3, round=5, phase="over", active=None, actions_left=None)
    vp = {"GBR": 55, "FRA": 47, "PRU": 36, "AUS": 30, "SPA": 45, "RUS": 38, "UPR": 45}
    view["unrest"] = {"GBR": 6, "FRA": 2, "PRU": 6, "AUS": 4, "SPA": 9, "RUS": 1, "UPR": 4}
    lost = {"GBR": 3, "FRA": 0, "PRU": 3, "AUS": 1, "SPA": 4, "RUS": 0, "UPR": 1}
    for power in POWERS:
        view["powers"][power]["vp"] = vp[power]
    view["scores"] = {power: vp[power] - lost[power] for power in POWERS}
    return view


def attack_view() -> dict[str, Any]:
    """The mid-game position after France, the active power, marched two armies from home
    into Central Europe and took the lead there from Russia (3 tokens against 2)."""
    view = midgame_view()
    region = view["regions"]["CEU"]
    region["control"] = {"RUS": 2, "PRU": 1, "AUS": 1, "FRA": 3}
    region["armies"] = {"RUS": 1, "AUS": 1, "FRA": 2}
    view["homes"]["FRA"]["armies"] = 0
    view["active"], view["actions_left"] = "GBR", 2
    return view
