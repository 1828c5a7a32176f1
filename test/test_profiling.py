"""Profiling (strata.profiling, profile-kernels): kernel tables, Chrome traces, on cpu and cuda-sim;
a normal build has no instrumentation."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import strata
from strata.profiling import chrome_trace, kernel_stats, kernel_table

FIXTURES = Path(__file__).parent / "fixtures"
MLP = FIXTURES / "mlp.pb"


def mlp_x() -> np.ndarray:
    return np.load(FIXTURES / "mlp.inputs.npz")["x"]


def test_normal_build_is_not_instrumented() -> None:
    model = strata.compile(MLP, cache=False)
    assert model.signature.profiled_calls == ()
    assert model.events_of is None
    model.run(x=mlp_x())
    assert model.kernel_runs == []


@pytest.mark.parametrize("target", ["cpu", "cuda-sim"])
def test_profile_names_kernels_and_nodes(target: str) -> None:
    model = strata.compile(MLP, target=target, profile=True, cache=False)
    expected = np.load(FIXTURES / "mlp.outputs.npz")["Identity"]
    for _ in range(3):
        np.testing.assert_allclose(model(x=mlp_x()), expected, rtol=1e-4, atol=1e-5)
    assert len(model.kernel_runs) == 3
    stats = kernel_stats(model.kernel_runs)
    matmul = next(s for s in stats if "dense_0_1/MatMul" in s.nodes and s.seconds > 0)
    assert matmul.calls % 3 == 0 and matmul.seconds > 0
    if target == "cpu":
        # 2*M*K*N per call, and the bias add and ReLU fused as its epilogue: 2*M*N
        assert matmul.flops == 3 * (2 * 16 * 784 * 256 + 2 * 16 * 256)
        assert matmul.nodes == "mlp_1/dense_0_1/MatMul,mlp_1/dense_0_1/Relu"
    table = kernel_table(model.kernel_runs)
    assert table.splitlines()[0].startswith("| kernel | TF nodes | calls | total (us)")
    assert "mlp_1/dense_0_1/MatMul" in table


def test_chrome_trace_has_stages_passes_and_kernels() -> None:
    model = strata.compile(MLP, profile=True, cache=False)
    model.run(x=mlp_x())
    trace = chrome_trace(model.compile_slices, model.kernel_runs)
    events = trace["traceEvents"]
    assert isinstance(events, list)
    slices = [e for e in events if e["ph"] == "X"]
    by_cat: dict[str, list[str]] = {}
    for e in slices:
        by_cat.setdefault(str(e["cat"]), []).append(str(e["name"]))
        assert float(e["dur"]) >= 0 and float(e["ts"]) >= 0
    assert {"tf-opt", "hlo", "linalg", "buffers", "loops", "llvm", "llvm-jit"} <= set(
        by_cat["stage"]
    )
    assert {"convert-tf-to-hlo", "bufferize", "convert-linalg-to-loops"} <= set(by_cat["pass"])
    kernels = [e for e in slices if e["cat"] == "kernel"]
    assert kernels and all(e["args"]["tf_nodes"] for e in kernels)  # type: ignore[index]


def test_strata_run_profile_and_trace(tmp_path: Path) -> None:
    out = tmp_path / "trace.json"
    run = [sys.executable, "-m", "strata.tools.strata_run", str(MLP), "--no-cache"]
    result = subprocess.run(
        [*run, "--profile", "--bench", "3", "--trace", str(out)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "| kernel | TF nodes | calls |" in result.stdout
    assert "mlp_1/dense_0_1/MatMul" in result.stdout
    assert json.loads(out.read_text())["traceEvents"]
    bad = subprocess.run(
        [*run, "--trace", str(tmp_path / "missing" / "t.json")], capture_output=True, text=True
    )
    assert bad.returncode == 1
    assert bad.stderr.strip().splitlines() == [
        f"error: --trace {tmp_path / 'missing' / 't.json'}: no such directory"
    ]


def test_chrome_trace_shows_each_llvm_part_on_its_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    # A split module's parts (cpu.compile_parts) are compiled side by side: each is a slice on
    # a trace thread of its own, named after the part, inside the llvm-jit stage.
    from strata.targets import llvm_ir

    real = llvm_ir.split_for_codegen
    monkeypatch.setattr(llvm_ir, "split_for_codegen", lambda module, n: real(module, 2))
    model = strata.compile(MLP, cache=False)
    trace = chrome_trace(model.compile_slices, [])
    events = trace["traceEvents"]
    assert isinstance(events, list)
    names = {e["tid"]: e["args"]["name"] for e in events if e["ph"] == "M"}
    parts = [e for e in events if e["ph"] == "X" and e["cat"] == "llvm"]
    assert sorted(str(e["name"]) for e in parts) == ["llvm part 0", "llvm part 1"]
    assert {names[e["tid"]] for e in parts} == {"llvm part 0", "llvm part 1"}
    assert len({e["tid"] for e in parts}) == 2 and 1 not in {e["tid"] for e in parts}
    (jit,) = [e for e in events if e["ph"] == "X" and e["name"] == "llvm-jit"]
    for e in parts:
        assert float(jit["ts"]) <= float(e["ts"])
        assert float(e["ts"]) + float(e["dur"]) <= float(jit["ts"]) + float(jit["dur"]) + 1.0
