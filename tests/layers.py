"""The layer rules, checked: `python -m tests.layers` prints the import graph between the
packages of bot/ and rulesets/ and fails on a forbidden arrow or an import circle.

Forbidden arrows (ARCHITECTURE.md, "Layers and the one dependency rule"):
- `discord` imported outside bot/discord;
- `aiosqlite`, `sqlite3` or `asyncpg` outside bot/storage;
- `PIL` outside bot/render;
- `bot.discord` from bot/services;
- anything of `bot` from rulesets/.

Circles: inside one package, the modules' imports must not form a circle. Imports inside
functions count (a circle broken by a late import is still a circle); imports under
`if TYPE_CHECKING:` do not, since they never run. `CIRCLE_CHECKED` lists the packages held
to it; the game packages still being untangled are in `NOT_YET_ACYCLIC` and are reported,
not failed.
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ROOTS = ("bot", "rulesets")
NOT_YET_ACYCLIC: frozenset[str] = frozenset()
"""Game packages allowed, for a while, to keep an import circle between their modules (none
since every game is on the phase table); every other package, a new game's, is checked."""


@dataclass(frozen=True)
class Import:
    source: str  # the importing module, dotted
    target: str  # the imported module, dotted (resolved against the files that exist)
    runtime: bool  # False under `if TYPE_CHECKING:`
    line: int


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_of(module: str) -> str:
    """The layer a module belongs to: bot/<package> or rulesets/<package>; the top-level
    modules of bot/ and rulesets/ are their own layer."""
    parts = module.split(".")
    if parts[0] in ROOTS and len(parts) > 1 and (REPO / parts[0] / parts[1]).is_dir():
        return f"{parts[0]}/{parts[1]}"
    return parts[0]


def source_files() -> list[Path]:
    return sorted(path for root in ROOTS for path in (REPO / root).rglob("*.py"))


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _resolve(module: str, name: str | None, known: set[str]) -> str:
    """`from module import name`: the submodule when `name` is one, else the module."""
    if name is not None and f"{module}.{name}" in known:
        return f"{module}.{name}"
    return module


def imports_of(path: Path, known: set[str]) -> list[Import]:
    source = module_name(path)
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[Import] = []

    def visit(node: ast.AST, runtime: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.body:
                visit(child, False)
            for child in node.orelse:
                visit(child, runtime)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append(Import(source, alias.name, runtime, node.lineno))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = source.split(".")
                anchor = anchor if is_package else anchor[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                found.append(
                    Import(source, _resolve(base, alias.name, known), runtime, node.lineno)
                )
        for child in ast.iter_child_nodes(node):
            visit(child, runtime)

    visit(tree, True)
    return found


def all_imports() -> list[Import]:
    files = source_files()
    known = {module_name(path) for path in files}
    return [found for path in files for found in imports_of(path, known)]


# Forbidden arrows ------------------------------------------------------------------------


def _top(target: str) -> str:
    return target.split(".")[0]


def forbidden(found: Import) -> str | None:
    """Why this import breaks a layer rule, or None."""
    package = package_of(found.source)
    top = _top(found.target)
    if top == "discord" and package != "bot/discord":
        return "discord is imported only in bot/discord"
    if top in ("aiosqlite", "sqlite3", "asyncpg") and package != "bot/storage":
        return f"{top} is imported only in bot/storage"
    if top == "PIL" and package != "bot/render":
        return "PIL is imported only in bot/render"
    if package == "bot/services" and (
        found.target == "bot.discord" or found.target.startswith("bot.discord.")
    ):
        return "bot/services knows nothing of bot/discord"
    if package.startswith("rulesets") and top == "bot":
        return "rulesets/ imports nothing of bot/"
    return None


def forbidden_arrows(imports: Iterable[Import]) -> list[str]:
    return [
        f"{found.source}:{found.line} imports {found.target}: {why}"
        for found in imports
        if (why := forbidden(found)) is not None
    ]


# Circles ---------------------------------------------------------------------------------


def circles_in(package: str, imports: Iterable[Import]) -> list[list[str]]:
    """The import circles among the modules of `package` (runtime imports, wherever they
    are in the module), each as the list of modules around it."""
    prefix = package.replace("/", ".")
    graph: dict[str, set[str]] = defaultdict(set)
    for found in imports:
        inside = (prefix, prefix + ".")
        if not found.runtime or found.source == found.target:
            continue
        if (found.source == prefix or found.source.startswith(inside[1])) and (
            found.target == prefix or found.target.startswith(inside[1])
        ):
            graph[found.source].add(found.target)
    return _cycles(graph)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle per strongly connected component of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for after in sorted(graph.get(node, ())):
            if after not in index:
                connect(after)
                low[node] = min(low[node], low[after])
            elif after in on_stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def packages(imports: Iterable[Import]) -> list[str]:
    return sorted({package_of(found.source) for found in imports} - set(ROOTS))


def circle_checked(package: str) -> bool:
    return package.startswith(("bot/", "rulesets/")) and package not in NOT_YET_ACYCLIC


# The graph -------------------------------------------------------------------------------

NOTABLE_EXTERNAL = ("discord", "aiosqlite", "sqlite3", "asyncpg", "PIL", "pydantic")


def layer_graph(imports: Iterable[Import]) -> dict[str, set[str]]:
    """Which layers (and notable libraries) each layer imports."""
    graph: dict[str, set[str]] = defaultdict(set)
    for found in imports:
        source = package_of(found.source)
        top = _top(found.target)
        if top in ROOTS:
            target = package_of(found.target)
            if target != source:
                graph[source].add(target)
        elif top in NOTABLE_EXTERNAL:
            graph[source].add(top)
    return graph


def report() -> tuple[list[str], list[str]]:
    """(lines to print, failures)."""
    imports = all_imports()
    lines = ["Import graph (layer -> what it imports):"]
    for source, targets in sorted(layer_graph(imports).items()):
        lines.append(f"  {source} -> {', '.join(sorted(targets))}")
    failures = forbidden_arrows(imports)
    lines.append("Import circles inside a package:")
    for package in packages(imports):
        circles = circles_in(package, imports)
        if circle_checked(package):
            state = "none" if not circles else "CIRCLE"
            failures += [f"{package}: import circle {' -> '.join(c)}" for c in circles]
        elif package in NOT_YET_ACYCLIC:
            state = f"not yet checked ({len(circles)} circle(s))"
        else:
            state = f"not checked ({len(circles)} circle(s))"
        lines.append(f"  {package}: {state}")
    return lines, failures


def main() -> int:
    lines, failures = report()
    print("\n".join(lines))
    if failures:
        print("Layer rules broken:")
        print("\n".join(f"  {failure}" for failure in failures))
        return 1
    print("Layer rules hold.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
