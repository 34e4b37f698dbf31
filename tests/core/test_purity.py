"""rulesets/ stays pure: no Discord, storage, drawing, asyncio, randomness or clock."""

from __future__ import annotations

import ast
from pathlib import Path

FORBIDDEN = {"discord", "aiosqlite", "sqlite3", "PIL", "asyncio", "random", "time", "datetime"}
RULESETS = Path(__file__).resolve().parents[2] / "rulesets"


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_no_ruleset_module_imports_io_drawing_or_randomness() -> None:
    files = sorted(RULESETS.rglob("*.py"))
    assert files, "the rulesets package has Python files"
    offenders = {
        str(path.relative_to(RULESETS)): sorted(imported_roots(path) & FORBIDDEN)
        for path in files
        if imported_roots(path) & FORBIDDEN
    }
    assert offenders == {}


def test_the_check_catches_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "bad.py"
    sample.write_text("import random\nfrom PIL import Image\nfrom . import sibling\n")
    assert imported_roots(sample) == {"random", "PIL"}
