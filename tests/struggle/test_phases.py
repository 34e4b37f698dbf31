"""The phase table: every phase named once, phase modules independent, unknown orders refused."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rulesets.core import IllegalAction
from rulesets.struggle import STRUGGLE
from rulesets.struggle.actions import Done
from tests.struggle.helpers import context, scenario

PACKAGE = Path(__file__).resolve().parents[2] / "rulesets" / "struggle"


def phase_modules() -> set[str]:
    """The module of each phase's prompts (a handler may be a shared mechanism's)."""
    table = STRUGGLE.phase_table()
    return {phase.prompts.__module__ for phase in table.phases.values()} - {
        "rulesets.struggle.ruleset"  # the ruleset assembles the table
    }


def imports_of(module: str) -> set[str]:
    path = PACKAGE / (module.rsplit(".", 1)[1] + ".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    }


def test_no_phase_module_imports_another() -> None:
    modules = phase_modules()
    assert {"rulesets.struggle.auction", "rulesets.struggle.combat_phase"} <= modules
    for module in modules:
        assert not imports_of(module) & (modules - {module}), module


def test_no_import_hides_inside_a_function() -> None:
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                nested = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not nested, f"{path.name}: import inside {node.name}"


def test_the_state_names_a_phase_of_the_table_and_the_view_keeps_the_game_stage() -> None:
    state = scenario(["GBR"], ["FRA"])
    assert state.phase == "actions"
    moved = STRUGGLE.phase_table()
    assert set(moved.phases) >= {"placement", "auction", "actions", "combat", "over"}
    shown = STRUGGLE.view(state.model_copy(update={"phase": "move_pick"}), None)
    assert shown["phase"] == "actions" and shown["step"] == "move_pick"


def test_an_order_the_current_phase_does_not_handle_is_refused() -> None:
    state = scenario(["GBR"], ["FRA"])
    ctx = context(state)
    with pytest.raises(IllegalAction) as refused:
        STRUGGLE.apply(ctx, "GBR", Done())
    assert refused.value.key == "core.error.not_a_legal_choice"
