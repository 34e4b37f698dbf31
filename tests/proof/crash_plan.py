"""The scripted games the crash harness plays: which campaigns, which seats, which orders.

The parent test builds a plan, writes it to a JSON file and starts the worker on it; the
worker and the checks both read it, so "the action acknowledged at seq N" has one meaning.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from rulesets import registry
from rulesets.core import legal_prompts, start, submit
from tests.random_play import random_action

USERS = {"red": "2001", "blue": "2002", "green": "2003"}
CHANNEL = 7_000


@dataclass(frozen=True)
class Step:
    seat: str
    user: str
    action: dict[str, Any]


@dataclass(frozen=True)
class PlannedCampaign:
    campaign_id: int
    seed_hex: str
    seats: list[str]
    steps: list[Step]
    """Step i is played at seq i and leaves the campaign at seq i + 1."""


def seed_for(number: int) -> str:
    return f"{number:064x}"


def random_game(ruleset_name: str, seats: list[str], seed_hex: str, pick: int) -> list[Step]:
    """A whole game of legal orders, chosen at random but reproducibly from `pick`."""
    ruleset = registry.get(ruleset_name)
    rng = random.Random(pick)
    state = start(ruleset, seats, {}, seed_hex).state
    steps: list[Step] = []
    while not state.finished:
        prompt = rng.choice(legal_prompts(ruleset, state))
        action = random_action(prompt, rng)
        state = submit(ruleset, state, prompt.seat, action).state
        steps.append(Step(prompt.seat, USERS[prompt.seat], action))
    return steps


def save_plan(path: Path, campaigns: list[PlannedCampaign]) -> None:
    path.write_text(json.dumps([asdict(campaign) for campaign in campaigns]), encoding="utf-8")


def load_plan(path: Path) -> list[PlannedCampaign]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    return [
        PlannedCampaign(
            campaign_id=item["campaign_id"],
            seed_hex=item["seed_hex"],
            seats=item["seats"],
            steps=[Step(**step) for step in item["steps"]],
        )
        for item in raw
    ]


def mini_board(seq: int) -> str:
    """What the crash worker's mini game shows on its (imagined) map after step `seq`: it
    changes on every even step, so a board-changed row follows steps 2, 4, 6…"""
    return str(seq // 2)
