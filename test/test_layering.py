"""Module structure: no import cycle anywhere in strata/ (deferred imports included), and a lazy
package, so that a tool start or xdsl-opt's plugin load imports no dialect."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


class _Imports(ast.NodeVisitor):
    """Every `strata.*` module a file imports, at module level or inside a function; imports
    under `if TYPE_CHECKING:` run only for the type checker and are left out."""

    def __init__(self, modules: set[str]):
        self.modules = modules
        self.found: set[str] = set()

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test):
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        self.found.update(a.name for a in node.names if a.name in self.modules)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.module is None or not node.module.startswith("strata"):
            return
        self.found.add(node.module)
        self.found.update(
            f"{node.module}.{a.name}"
            for a in node.names
            if f"{node.module}.{a.name}" in self.modules
        )


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    files = {_module_name(p): p for p in sorted((root / "strata").rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        visitor = _Imports(set(files))
        visitor.visit(ast.parse(path.read_text(), str(path)))
        graph[name] = {m for m in visitor.found if m in files and m != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                return [*path[path.index(dep) :], dep]
            if dep not in state and (cycle := visit(dep)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)) is not None:
            return cycle
    return None


def test_no_import_cycle() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_cycle_finder_finds_deferred_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    source = "def f():\n    from strata.x import y\n"
    visitor = _Imports({"strata.x", "strata.x.y"})
    visitor.visit(ast.parse(source))
    assert visitor.found == {"strata.x", "strata.x.y"}


def test_registry_imports_no_dialect() -> None:
    code = (
        "import sys, strata.registry\n"
        "print('\\n'.join(m for m in sys.modules if m.startswith(('strata', 'xdsl.dialects'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert not [m for m in out if m.startswith("strata.dialects")], out
    assert not [m for m in out if m.startswith("xdsl.dialects.") and m != "xdsl.dialects.builtin"]
    assert "strata.api" not in out


def test_package_exports_stay_reachable() -> None:
    import strata

    assert callable(strata.compile) and callable(strata.coverage)
    assert strata.CompiledModel.__name__ == "CompiledModel"
