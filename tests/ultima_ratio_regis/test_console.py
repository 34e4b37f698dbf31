"""A whole one-turn campaign with four players and a referee, played through the console
from a script written by the engine: every referee input is a numbered choice."""

from __future__ import annotations

import io
import random
from pathlib import Path

from bot.console import main
from bot.console.app import pictures_folder
from bot.console.text import scores_text, seat_choices
from rulesets.core import legal_prompts, start, submit
from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR

SEED = "e3" * 32
SEATS = ["P1", "P2", "P3", "P4", "REF"]


def scripted_campaign(seed: int) -> tuple[str, dict[str, int], set[str], int]:
    """The console's script, the final scores, the referee's prompts and how many steps
    resolved a combat."""
    rng = random.Random(seed)
    state = start(URR, SEATS, {"campaign_turns": 1}, SEED).state
    lines, referee_kinds, combats = [], set(), 0
    while not state.finished:
        prompts = legal_prompts(URR, state)
        seat = rng.choice([prompt.seat for prompt in prompts])
        if seat == "REF":
            referee_kinds |= {prompt.kind for prompt in prompts if prompt.seat == seat}
        choices = seat_choices(prompts, seat)
        number = rng.randrange(len(choices))
        choice = choices[number]
        numbers = {name: rng.randint(span.low, span.high) for name, span in choice.ranges.items()}
        lines.append(" ".join([seat, str(number + 1), *(str(n) for n in numbers.values())]))
        outcome = submit(URR, state, seat, choice.instantiate(**numbers))
        state = outcome.state
        combats += any(event.key == "urr.event.dice" for event in outcome.events)
    scores = URR.scores(state)
    assert scores is not None
    return "\n".join([*lines, "quit", ""]), scores, referee_kinds, combats


def test_a_refereed_campaign_through_the_console(tmp_path: Path) -> None:
    script, scores, referee_kinds, combats = scripted_campaign(seed=5)
    assert {"assign_power", "begin_turn", "order", "enter_expenses", "award_vp"} <= referee_kinds
    out = io.StringIO()
    pictures = tmp_path / "pictures"
    args = ["--db", str(tmp_path / "db.sqlite3"), "--game", URR.name, "--pictures", str(pictures)]
    args += ["--seats", ",".join(SEATS), "--seed", SEED, "--option", "campaign_turns=1"]
    assert main(args, io.StringIO(script), out) == 0
    output = out.getvalue()
    assert "Unknown command" not in output and "has no decision to make" not in output
    assert output.count("\n> ") == len(script.splitlines()) - 1
    assert scores_text(scores, "en") in output
    # Each combat's battle report card is saved, and the console says where.
    saved = sorted(pictures.glob("*.png"))
    assert combats >= 1 and len(saved) == combats
    assert all(f"the picture is saved in {path}" in output for path in saved)


def test_a_tables_pictures_go_beside_its_database(tmp_path: Path) -> None:
    assert pictures_folder(str(tmp_path / "db.sqlite3")) == tmp_path / "pictures"
    assert pictures_folder("postgresql://courier@localhost/courier") == Path("data", "pictures")
    assert pictures_folder(":memory:").name == "courier-pictures"
