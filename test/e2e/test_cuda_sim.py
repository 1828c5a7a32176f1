"""End to end on the GPU pipeline: fixtures compiled for `cuda-sim` (the GPU kernels and host plan,
run on the CPU by emulating the grid) match TensorFlow's saved outputs; `--target cuda` without a
GPU is one clear error; with STRATA_HAS_CUDA=1 the fixtures also run on the real GPU.

By default the cuda_sim_* models and one fixture per TF op run (all: STRATA_CUDA_SIM_ALL=1).
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import FIXTURE_LOOP_TRIPS
from test_models import (
    ENTRIES,
    FIXTURES,
    assert_matches_tensorflow,
    assert_ok,
    assert_one_line_error,
    by_name,
    load_npz,
    strata_run,
)

import strata
from strata.diagnostics import StrataError
from strata.frontends.graphdef.options import ImportOptions
from strata.loading import load_module
from strata.pipeline import LOOPING_TARGETS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "transforms" / "gpu_kernel_outlining"))
from gpu_contract import check_gpu_contract  # noqa: E402

HAS_CUDA = os.environ.get("STRATA_HAS_CUDA") == "1"  # the lit feature `cuda` reads the same
requires_cuda = pytest.mark.skipif(not HAS_CUDA, reason="needs a GPU (STRATA_HAS_CUDA=1)")
NOT_OPS = {"Placeholder", "Identity", "Const", "NoOp"}


def one_per_op(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The models made for this chain (`cuda_sim_*`), then, single-op fixtures first, each
    fixture that uses a TF op no earlier pick covers (a model compiles and emulates several
    times longer than an op; test_gpu_stage_contract runs the common models here too). The
    fixtures left out repeat ops (STRATA_CUDA_SIM_ALL=1 runs them too)."""
    models = [e for e in entries if e["kind"] == "model"]
    picked = [e for e in models if e["name"].startswith("cuda_sim_")]
    covered = {op for e in picked for op in e["ops"]}
    for entry in [e for e in entries if e["kind"] != "model"] + models:
        ops = set(entry["ops"]) - NOT_OPS
        if ops - covered and entry not in picked:
            picked.append(entry)
            covered |= ops
    return picked


LONG_UNROLLED = {"lstm64_long_while_v2"}
"""200 steps emulated: long; run with STRATA_CUDA_SIM_ALL=1."""

SIM_ALL = os.environ.get("STRATA_CUDA_SIM_ALL") == "1"


def gpu_chain_runs(entry: dict[str, Any]) -> bool:
    """Every fixture but, unless STRATA_CUDA_SIM_ALL=1, the long LSTM. The GPU chain keeps a
    GraphDef's loops and branches (its host plan runs them), as the CPU chain does."""
    return SIM_ALL or entry["name"] not in LONG_UNROLLED


SIM_ENTRIES = [e for e in (ENTRIES if SIM_ALL else one_per_op(ENTRIES)) if gpu_chain_runs(e)]
GPU_ENTRIES = [e for e in ENTRIES if gpu_chain_runs(e)]


LOOPING_FIXTURES = [
    "while_converge",
    "loop_break_v1",
    "while_arrays",
    "cond_in_loop_v1",
    "switch_case_loop",
    "op_cholesky",
    "op_block_lstm",
    "op_svd",
    "generate_eos_v1",
    "grow_until_zero",
]
"""Control flow the GPU chain once refused, each kind once: loops whose trip count is the
data's, a cond and a switch_case on data in a loop, lowerings into loops with window copies at
run-time offsets (cholesky's columns, BlockLSTM's steps) and without (the Jacobi rotations);
lists grown to a length the data decide (an output cut to it; the decoder's embedding lookup
checks its indices in the loop: a status the host stores to device memory)."""


@pytest.mark.parametrize("name", LOOPING_FIXTURES)
def test_cuda_sim_runs_control_flow(name: str) -> None:
    entry = next(e for e in ENTRIES if e["name"] == name)
    fn = strata.compile(str(FIXTURES / entry["file"]), outputs=entry["outputs"], target="cuda-sim")
    result = fn.run(**load_npz(FIXTURES / entry["inputs_file"]))
    assert_matches_tensorflow(result, load_npz(FIXTURES / entry["outputs_file"]), entry["outputs"])


def test_gpu_chain_imports_every_fixture_it_runs() -> None:
    """The GPU tests run every fixture (`GPU_ENTRIES`) only on a machine with a GPU, which CI has
    not: each must at least import as the GPU chain imports it (loops and branches kept); it is
    cheap, so here it is checked for all of them."""
    refused = []
    for entry in GPU_ENTRIES:
        options = ImportOptions(
            outputs=entry["outputs"],
            keep_loops="cuda" in LOOPING_TARGETS,
            max_loop_trips=FIXTURE_LOOP_TRIPS,
        )
        try:
            load_module(str(FIXTURES / entry["file"]), options=options)
        except StrataError as err:
            refused.append(f"{entry['name']}: {err}")
    assert not refused, "\n".join(refused)


@by_name(SIM_ENTRIES)
def test_cuda_sim_matches_tensorflow(entry: dict[str, Any]) -> None:
    """Also the `gpu` stage contract of the module it runs (test_gpu_stage_contract checks the
    fixtures not run here), so that no fixture is lowered to that stage twice."""
    fn = strata.compile(str(FIXTURES / entry["file"]), outputs=entry["outputs"], target="cuda-sim")
    assert fn.module is not None
    assert check_gpu_contract(fn.module) == []
    result = fn.run(**load_npz(FIXTURES / entry["inputs_file"]))
    assert_matches_tensorflow(result, load_npz(FIXTURES / entry["outputs_file"]), entry["outputs"])


def test_strata_run_cuda_sim(tmp_path: Path) -> None:
    out = tmp_path / "out.npz"
    result = strata_run(
        FIXTURES / "mlp.pb",
        "--target",
        "cuda-sim",
        "--inputs",
        FIXTURES / "mlp.inputs.npz",
        "--save",
        out,
        "--compare",
        FIXTURES / "mlp.outputs.npz",
    )
    assert_ok(result)
    assert "ok, max abs diff" in result.stdout
    expected = load_npz(FIXTURES / "mlp.outputs.npz")
    saved = load_npz(out)
    for name, value in saved.items():
        np.testing.assert_allclose(value, expected[name], rtol=1e-4, atol=1e-5)


@pytest.mark.skipif(HAS_CUDA, reason="a GPU is present")
def test_cuda_without_gpu_is_a_one_line_error() -> None:
    result = strata_run(FIXTURES / "mlp.pb", "--target", "cuda")
    line = assert_one_line_error(result)
    assert line.startswith("error: --target cuda: no CUDA driver/device found"), line
    assert line.endswith("use --target cuda-sim to emulate"), line


@pytest.mark.skipif(HAS_CUDA, reason="a GPU is present")
def test_compile_cuda_without_gpu_raises() -> None:
    with pytest.raises(StrataError, match="no CUDA driver/device found"):
        strata.compile(str(FIXTURES / "mlp.pb"), target="cuda")


@requires_cuda
@by_name(GPU_ENTRIES)
def test_cuda_matches_tensorflow(entry: dict[str, Any]) -> None:
    fn = strata.compile(str(FIXTURES / entry["file"]), outputs=entry["outputs"], target="cuda")
    result = fn.run(**load_npz(FIXTURES / entry["inputs_file"]))
    assert_matches_tensorflow(result, load_npz(FIXTURES / entry["outputs_file"]), entry["outputs"])


@requires_cuda
def test_strata_run_cuda_bench_reports_kernel_time() -> None:
    result = strata_run(
        FIXTURES / "mlp.pb",
        "--target",
        "cuda",
        "--bench",
        "5",
        "--inputs",
        FIXTURES / "mlp.inputs.npz",
    )
    assert_ok(result)
    assert "median kernel time over 5 runs" in result.stdout


@pytest.mark.parametrize("target", ["cuda-sim", pytest.param("cuda", marks=requires_cuda)], ids=str)
def test_concurrent_calls_from_python_threads(target: str) -> None:
    """Several Python threads calling one model: each result equals the one-thread result, bit
    for bit. On a GPU each thread must make the CUDA context current first."""
    fn = strata.compile(str(FIXTURES / "mlp.pb"), target=target)
    shapes = {s.name: s.shape for s in fn.signature.inputs}
    rng = np.random.default_rng(1)
    feeds = [
        {k: rng.standard_normal(shape).astype(np.float32) for k, shape in shapes.items()}
        for _ in range(4)
    ]
    wants = [fn.run(feed) for feed in feeds]
    errors: list[str] = []

    def worker(first: int) -> None:
        for call in range(8):
            k = (first + call) % len(feeds)
            try:
                got = fn.run(feeds[k])
            except Exception as exc:  # noqa: BLE001 - an exception in a thread is only a warning
                errors.append(f"{type(exc).__name__}: {exc}")
                return
            if any(not np.array_equal(got[n], v) for n, v in wants[k].items()):
                errors.append(f"thread {first}, call {call}: a result differs")

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]
