"""Strata itself never imports TensorFlow: only test/fixtures/make_fixtures.py may."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "strata"
SOURCES = sorted(PACKAGE.rglob("*.py"))
FORBIDDEN = ("tensorflow", "tf_keras")


def forbidden(module: str | None) -> bool:
    return module is not None and module.split(".")[0] in FORBIDDEN


def tensorflow_imports(path: Path) -> list[str]:
    """`line: statement` for each import of TensorFlow, static or through importlib/__import__."""
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(forbidden(a.name) for a in node.names):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and forbidden(node.module):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            callee = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            arg = node.args[0]
            if (
                callee in ("import_module", "__import__", "find_spec")
                and isinstance(arg, ast.Constant)
                and isinstance(arg.value, str)
                and forbidden(arg.value)
            ):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_package_has_sources() -> None:
    assert SOURCES, f"no Python files under {PACKAGE}"


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(PACKAGE)) for p in SOURCES])
def test_no_tensorflow_import(path: Path) -> None:
    found = tensorflow_imports(path)
    assert not found, f"{path.relative_to(PACKAGE.parent)} imports TensorFlow:\n" + "\n".join(found)
