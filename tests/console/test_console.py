"""The console plays the miniature game from a script on stdin, and resumes saved games."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

from bot.console import main
from rulesets import registry
from rulesets.core import start, submit

SEED = "5eed" * 16

REPO = Path(__file__).resolve().parents[2]
# Red bids 3 (the number asked on the next line), blue passes, both call.
WHOLE_GAME = """
new mini
seat red Alice
seat blue Bob
start
red 2
3
blue 1
red 1
blue 2
quit
"""


def run_console(db: Path, script: str, *args: str) -> str:
    out = io.StringIO()
    assert main(["--db", str(db), *args], io.StringIO(script), out) == 0
    return out.getvalue()


def expected_scores(seed: str) -> dict[str, int]:
    """The same game played straight on the engine."""
    mini = registry.get("mini")
    state = start(mini, ["red", "blue"], {}, seed).state
    for seat, action in [
        ("red", {"type": "bid", "amount": 3}),
        ("blue", {"type": "pass"}),
        ("red", {"type": "call", "side": "low"}),
        ("blue", {"type": "call", "side": "high"}),
    ]:
        state = submit(mini, state, seat, action).state
    scores = mini.scores(state)
    assert scores is not None
    return scores


def scores_line(scores: dict[str, int]) -> str:
    ranked = sorted(scores.items(), key=lambda item: -item[1])
    return "Scores: " + ", ".join(f"{seat} {points}" for seat, points in ranked)


def test_a_whole_game_from_a_script(tmp_path: Path) -> None:
    output = run_console(tmp_path / "db.sqlite3", WHOLE_GAME)
    assert "red must decide: mini.prompt.bid" in output
    assert "  1. pass\n  2. bid amount 1–10" in output
    assert "amount (1–10)?" in output
    assert "> red: bid 3" in output
    # Printed from the stored outbox row, whose parameters are kept in name order.
    assert "mini.auction_won (amount=3, seat=red)" in output
    assert "The game is over." in output
    assert "[only red] mini.luck_drawn" in output


def test_a_saved_campaign_is_resumed_where_it_stopped(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    first = run_console(
        db, "red 2 3\nquit\n", "--game", "mini", "--seats", "red,blue", "--seed", SEED
    )
    assert "> red: bid 3" in first and "blue must decide" in first
    second = run_console(db, "blue 1\nred 1\nblue 2\nhistory 2\n", "--campaign", "1")
    assert "Campaign 1 (mini) opened: active, step 1." in second
    assert scores_line(expected_scores(SEED)) in second
    assert "#4 blue: call high" in second
    third = run_console(db, "verify\nstatus\n", "--campaign", "1")
    assert "3 dice rolls match" in third
    assert scores_line(expected_scores(SEED)) in third


def test_mistakes_are_explained_and_change_nothing(tmp_path: Path) -> None:
    script = "dance\nblue 1\nred 7\nred 2 lots\nhistory\nquit\n"
    output = run_console(
        tmp_path / "db.sqlite3", script, "--game", "mini", "--seats", "red,blue", "--seed", SEED
    )
    assert "Unknown command 'dance'" in output
    assert "blue has no decision to make right now." in output
    assert "Give the number of one of red's 2 choices" in output
    assert "amount must be a whole number." in output
    assert "#1" not in output  # the log still ends at the set-up


def test_the_undo_command_takes_back_the_last_step(tmp_path: Path) -> None:
    script = "red 2 3\nundo\nred 1\nhistory\n"
    output = run_console(
        tmp_path / "db.sqlite3", script, "--game", "mini", "--seats", "red,blue", "--seed", SEED
    )
    assert "Undone: back at step 0." in output
    assert "#1 red: pass" in output and "#1 red: bid 3" not in output.split("Undone")[1]


def test_the_console_speaks_french(tmp_path: Path) -> None:
    output = run_console(tmp_path / "db.sqlite3", "aide\n", "--lang", "fr")
    assert "Commande inconnue « aide »" in output


def test_without_a_token_the_bot_says_how_to_set_it(tmp_path: Path) -> None:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DISCORD_TOKEN", "COURIER_DISCORD_TOKEN")
    }
    env["PYTHONPATH"] = str(REPO)
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and "make console" in lines[0]


def test_seats_are_recognised_whatever_their_case(tmp_path: Path) -> None:
    """Struggle of Empires names its seats GBR, FRA…; typing 'fra' must reach France."""
    out = run_console(
        tmp_path / "c.db",
        "status\nquit\n",
        "--game",
        "struggle",
        "--seats",
        "GBR,FRA",
        "--seed",
        SEED,
    )
    first = next(line for line in out.splitlines() if "must decide" in line)
    power = {"Great Britain": "gbr", "France": "fra"}[first.split(" must decide")[0]]
    script = f"{power} 1\nhistory 1\nquit\n"
    resumed = run_console(tmp_path / "c.db", script, "--campaign", "1")
    assert "Unknown command" not in resumed
    assert "Type 'help'" not in resumed


def test_an_unknown_seat_is_refused_before_any_campaign_is_made(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    out = io.StringIO()
    args = ["--db", str(db), "--game", "colonial", "--seats", "red,col_blue", "--lang", "fr"]
    assert main(args, io.StringIO(""), out) == 1
    assert out.getvalue().startswith("Aucune campagne créée : red n'est pas une place")
    assert "col_red, col_blue" in out.getvalue()
    listed = run_console(db, "campaigns\nquit\n")
    assert "#1" not in listed


def test_public_and_private_views_are_read_as_words_not_data(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    args = ("--game", "pax-britannica", "--seats", "britain,france,germany,usa", "--lang", "fr")
    run_console(db, "quit\n", *args)
    public = run_console(db, "public\nquit\n", "--campaign", "1", "--lang", "fr")
    private = run_console(db, "private france\nquit\n", "--campaign", "1", "--lang", "fr")
    assert "Puissances : Grande-Bretagne" in public and "\nLa partie\n" in public
    # The record sheet's lines by their number and meaning, as on the paper sheet.
    assert "ligne 22, revenu net : " in public
    assert "Puissances : France" in private and "Puissances : Allemagne" not in private
    for raw in ("{", "}", '"', "None", "null", "true", "britain", "_"):
        assert raw not in public + private, raw


def test_the_public_view_keeps_a_seats_secret_that_its_private_view_shows(
    tmp_path: Path,
) -> None:
    db = tmp_path / "db.sqlite3"
    run_console(db, "new mini\nseat red Alice\nseat blue Bob\nstart\nquit\n")
    public = run_console(db, "public\nquit\n", "--campaign", "1")
    private = run_console(db, "private red\nquit\n", "--campaign", "1")
    assert "luck" not in public and "The game" in public
    assert re.search(r"Only you know\n  luck: [1-6]\n", private)
