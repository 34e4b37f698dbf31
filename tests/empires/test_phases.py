"""The phase table: every phase and action has its place, and no phase imports another."""

from __future__ import annotations

import ast
import typing
from pathlib import Path

import pytest

from rulesets.core import IllegalAction, StepContext
from rulesets.empires import actions
from rulesets.empires.state import EmpiresState
from tests.empires.helpers import EMPIRES, blank_board

PACKAGE = Path(__file__).parents[2] / "rulesets" / "empires"


def _phase_modules() -> set[str]:
    """Modules that build a `Phase`: they define PHASE or PHASES."""
    found = set()
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else []
            if any(isinstance(t, ast.Name) and t.id in ("PHASE", "PHASES") for t in targets):
                found.add(path.stem)
    return found


def _imported_empires_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "rulesets.empires":
                names |= {alias.name for alias in node.names}
            elif node.module.startswith("rulesets.empires."):
                names.add(node.module.split(".")[2])
    return names


def test_no_phase_module_imports_another_and_no_mechanism_imports_a_phase() -> None:
    phases = _phase_modules()
    assert {"draft", "choose_empire", "build", "move_fight", "interphase"} <= phases
    for path in PACKAGE.glob("*.py"):
        if path.stem == "ruleset":
            continue  # the one module that assembles the table
        wrong = _imported_empires_modules(path) & (phases - {path.stem})
        assert not wrong, f"{path.stem} imports the phase modules {sorted(wrong)}"


def test_every_phase_of_the_state_is_in_the_table_and_every_action_has_a_handler() -> None:
    table = EMPIRES.phase_table()
    names = set(typing.get_args(EmpiresState.model_fields["phase"].annotation))
    assert names == set(table.phases)
    handled = {kind for phase in table.phases.values() for kind in phase.handlers}
    union = typing.get_args(typing.get_args(actions.EmpiresAction)[0])
    assert set(union) == handled


def test_an_action_the_current_phase_does_not_know_is_refused() -> None:
    state = blank_board()
    ctx = StepContext(state)
    with pytest.raises(IllegalAction) as refused:
        EMPIRES.apply(ctx, "P1", actions.EndMoves())
    assert refused.value.key == "core.error.not_a_legal_choice"
    assert ctx.state.phase == "choose_empire"
