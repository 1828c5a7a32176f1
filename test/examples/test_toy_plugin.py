"""The toy plugin of docs/extending.md through the Python API, and what a bad plugin gets."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from strata.diagnostics import StrataError
from strata.plugins import load_plugin

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = str(ROOT / "examples" / "toy" / "plugin.py")

MODEL = """
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32>
    attributes {tf.entry_function = {inputs = "x", outputs = "y"}} {
  %0 = toy.scale %x {factor = -1.5 : f32} : tensor<2x3xf32>
  %1 = toy.clamp01 %0 : tensor<2x3xf32>
  func.return %1 : tensor<2x3xf32>
}
"""


def test_compile_with_plugin_matches_numpy(tmp_path: Path) -> None:
    # In a process of its own: a loaded plugin stays for the process (its stage, no caching).
    x = np.array([[-1.0, -0.5, 0.0], [0.25, 1.0, -0.1]], np.float32)
    np.save(tmp_path / "x.npy", x)
    code = (
        "import sys, numpy as np, strata\n"
        f"model = strata.compile({MODEL!r}, plugins=[{PLUGIN!r}])\n"
        f"np.save({str(tmp_path / 'y.npy')!r}, model(x=np.load({str(tmp_path / 'x.npy')!r})))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    np.testing.assert_array_equal(np.load(tmp_path / "y.npy"), np.clip(np.float32(-1.5) * x, 0, 1))


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; from strata.tools.strata_opt import cli; sys.argv[0] = 'strata-opt'; cli()"
    return subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120
    )


def test_missing_plugin_is_one_line(tmp_path: Path) -> None:
    done = run("--load-plugin", str(tmp_path / "nope.py"), "--list-passes")
    assert done.returncode == 1
    assert done.stderr.strip() == f"error: plugin {tmp_path / 'nope.py'}: no such file"


def test_plugin_without_register(tmp_path: Path) -> None:
    path = tmp_path / "empty_plugin.py"
    path.write_text("X = 1\n")
    with pytest.raises(StrataError, match="defines no register"):
        load_plugin(str(path))  # fails before registering anything: this process is unchanged


def test_plugin_that_raises(tmp_path: Path) -> None:
    path = tmp_path / "broken_plugin.py"
    path.write_text("def register(plugin):\n    raise RuntimeError('boom')\n")
    done = run("--load-plugin", str(path), "--list-passes")
    assert done.returncode == 1
    assert "register failed: RuntimeError: boom" in done.stderr
    assert "Traceback" not in done.stderr


def test_plugin_cannot_take_a_strata_pass_name(tmp_path: Path) -> None:
    path = tmp_path / "clash_plugin.py"
    path.write_text(
        "from dataclasses import dataclass\n"
        "from xdsl.passes import ModulePass\n"
        "@dataclass(frozen=True)\n"
        "class P(ModulePass):\n"
        "    name = 'hlo-simplify'\n"
        "    def apply(self, ctx, op): pass\n"
        "def register(plugin):\n"
        "    plugin.add_pass(P)\n"
    )
    done = run("--load-plugin", str(path), "--list-passes")
    assert done.returncode == 1
    assert "pass 'hlo-simplify' is already Strata's" in done.stderr


def test_stage_before_unknown_stage(tmp_path: Path) -> None:
    path = tmp_path / "stage_plugin.py"
    path.write_text(
        "def register(plugin):\n"
        "    plugin.add_stage('mine', ['func'], before='hlo-2', lowering='canonicalize')\n"
    )
    done = run("--load-plugin", str(path), "--list-passes")
    assert done.returncode == 1
    assert "no stage 'hlo-2' to place 'mine' before" in done.stderr
