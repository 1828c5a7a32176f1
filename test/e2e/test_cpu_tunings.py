"""The cpu and cuda-sim targets under every JIT tuning this host can execute.

By default: the three cuda-sim LSTM repros (manifest.repros.json: Keras LSTM(8/16/32, unroll=True)
over [4, 12, 3] -> Dense(4), which LLVM 22.1's vectoriser miscompiled under cuda-sim before the
thread loops got constant bounds) and the MLP, at -O2, on cpu and cuda-sim, under generic x86-64 and the host.
STRATA_TEST_ALL_TUNINGS=1: every fixture of every manifest (the repros among them), every runnable tuning, -O0..-O3.
STRATA_JIT_CPU=<tuning> tunes the rest of the suite (strata.targets.cpu.jit_cpu).
One test per model and target lowers it once and JITs that LLVM IR under every tuning and level.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from test_models import (
    ENTRIES,
    FIXTURES,
    MODELS,
    assert_matches_tensorflow,
    assert_ok,
    assert_one_line_error,
    load_npz,
    strata_run,
)

import strata
from strata.api import lower
from strata.diagnostics import StrataError
from strata.runtime.cpu import CompiledFunction
from strata.runtime.cuda_sim import SimProgram
from strata.targets.cpu import entry_signature, jit, runnable_cpus
from strata.targets.llvm_ir import to_llvm_ir_text

RunFn = Callable[..., dict[str, Any]]

ALL = os.environ.get("STRATA_TEST_ALL_TUNINGS", "") not in ("", "0")
REPROS = [e for e in MODELS if e["name"].startswith("cuda_sim_lstm")]
_MLP = [e for e in MODELS if e["name"] == "mlp"]
CHOSEN = ENTRIES if ALL else [*REPROS, *_MLP]
CPUS = runnable_cpus() if ALL else ["x86-64", "host"]
LEVELS = [0, 1, 2, 3] if ALL else [2]


def tuned_runs(entry: dict[str, Any], target: str) -> Iterator[tuple[str, int, RunFn]]:
    """The entry lowered once for `target`, then JIT-compiled under each tuning and level (the
    LLVM IR does not depend on them, so the sweep pays for the pipeline once per model)."""
    path = str(FIXTURES / entry["file"])
    if target == "cpu":
        _ctx, module = lower(path, outputs=entry["outputs"])
        llvm_ir, signature = to_llvm_ir_text(module), entry_signature(module)
        for cpu, level in itertools.product(CPUS, LEVELS):
            yield cpu, level, CompiledFunction(jit(llvm_ir, level, cpu), signature)
    else:
        ctx, module = lower(path, outputs=entry["outputs"], stop_after="gpu")
        program = SimProgram.prepare(ctx, module)
        for cpu, level in itertools.product(CPUS, LEVELS):
            yield cpu, level, program.bind(level, cpu)


@pytest.mark.parametrize("target", ["cpu", "cuda-sim"])
@pytest.mark.parametrize("entry", CHOSEN, ids=[e["name"] for e in CHOSEN])
def test_matches_tensorflow_under_tuning(entry: dict[str, Any], target: str) -> None:
    inputs = load_npz(FIXTURES / entry["inputs_file"])
    expected = load_npz(FIXTURES / entry["outputs_file"])
    failures: list[str] = []
    runs = 0
    for cpu, level, fn in tuned_runs(entry, target):
        runs += 1
        try:
            assert_matches_tensorflow(fn(**inputs), expected, entry["outputs"])
        except AssertionError as e:
            failures.append(f"--cpu {cpu} -O{level}: {str(e).strip().splitlines()[0]}")
    assert runs == len(CPUS) * len(LEVELS)
    assert not failures, f"{len(failures)} of {runs} tunings differ:\n" + "\n".join(failures)


def test_unrunnable_tuning_is_refused() -> None:
    with pytest.raises(StrataError, match="JIT cpu 'pentium-9000'"):
        strata.compile(str(FIXTURES / "mlp.pb"), target="cpu", cpu="pentium-9000")


def test_strata_run_cpu_option() -> None:
    mlp = (
        "mlp.pb",
        "--inputs",
        FIXTURES / "mlp.inputs.npz",
        "--compare",
        FIXTURES / "mlp.outputs.npz",
    )
    assert_ok(strata_run(FIXTURES / mlp[0], *mlp[1:], "--target", "cuda-sim", "--cpu", "x86-64"))
    if "x86-64-v4" not in runnable_cpus():
        line = assert_one_line_error(strata_run(FIXTURES / mlp[0], "--cpu", "x86-64-v4"))
        assert "JIT cpu 'x86-64-v4': known tuning this host cannot execute" in line


def test_repros_are_fixtures() -> None:
    """The repros come from manifest.repros.json, so every suite that runs models runs them."""
    assert [e["name"] for e in REPROS] == [f"cuda_sim_lstm{n}" for n in (8, 16, 32)]
