"""The cpu and cuda-sim targets under every JIT tuning this host can execute.

By default: the three cuda-sim LSTM repros (Keras LSTM(8/16/32, unroll=True) over [4, 12, 3] ->
Dense(4), which LLVM 22.1's vectoriser miscompiled under cuda-sim before the thread loops got
constant bounds) and the MLP, at -O2, on cpu and cuda-sim, under generic x86-64 and the host.
STRATA_TEST_ALL_TUNINGS=1: every manifest model and the repros, every runnable tuning, -O0..-O3.
STRATA_JIT_CPU=<tuning> tunes the rest of the suite (strata.targets.cpu.jit_cpu).
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_models import (
    FIXTURES,
    MODELS,
    assert_matches_tensorflow,
    assert_ok,
    assert_one_line_error,
    load_npz,
    strata_run,
)

import strata
from strata.diagnostics import StrataError
from strata.targets.cpu import runnable_cpus

ALL = os.environ.get("STRATA_TEST_ALL_TUNINGS", "") not in ("", "0")
REPROS: list[dict[str, Any]] = [
    {
        "name": f"cuda_sim_lstm{n}",
        "file": f"cuda_sim_lstm{n}.pb",
        "inputs_file": f"cuda_sim_lstm{n}.inputs.npz",
        "outputs_file": f"cuda_sim_lstm{n}.outputs.npz",
        "outputs": ["Identity"],
    }
    for n in (8, 16, 32)
]
_MLP = [e for e in MODELS if e["name"] == "mlp"]
ENTRIES = [*REPROS, *(MODELS if ALL else _MLP)]
CPUS = runnable_cpus() if ALL else ["x86-64", "host"]
LEVELS = [0, 1, 2, 3] if ALL else [2]


@pytest.mark.parametrize("level", LEVELS, ids=[f"O{n}" for n in LEVELS])
@pytest.mark.parametrize("cpu", CPUS)
@pytest.mark.parametrize("target", ["cpu", "cuda-sim"])
@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_matches_tensorflow_under_tuning(
    entry: dict[str, Any], target: str, cpu: str, level: int
) -> None:
    fn = strata.compile(
        str(FIXTURES / entry["file"]),
        outputs=entry["outputs"],
        target=target,
        opt_level=level,
        cpu=cpu,
    )
    result = fn.run(**load_npz(FIXTURES / entry["inputs_file"]))
    assert_matches_tensorflow(result, load_npz(FIXTURES / entry["outputs_file"]), entry["outputs"])


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
