"""Every fixture (those test_cuda_sim runs there, the others here) lowers from `buffers` through convert-linalg-to-parallel-loops,
convert-loops-to-gpu, gpu-kernel-outlining (+ canonicalize, cse) to a module that meets the `gpu`
stage contract (host ops, kernel ops and arguments, shared globals, the barrier rule); and the
models' numbers under `--target cuda-sim` match TensorFlow's."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from gpu_contract import check_gpu_contract
from xdsl.passes import PassPipeline

from strata.diagnostics import PassContractError
from strata.loading import print_ir
from strata.registry import all_passes

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
MANIFESTS = [json.loads(p.read_text()) for p in sorted(FIXTURES.glob("manifest*.json"))]
ENTRIES = {e["name"]: e for m in MANIFESTS for e in m["models"]}
TOLERANCES = {d: t for m in MANIFESTS for d, t in m["tolerances"].items()}
GPU_PASSES = "convert-loops-to-gpu,gpu-kernel-outlining,canonicalize,cse"
STRATA_RUN = Path(sys.executable).parent / "strata-run"
SIM = [
    "mlp",
    "cnn_small",
    "bert_encoder_layer",
    "mnist_softmax",
    "layernorm",
    "op_softmax",
    "op_matmul_nt",
    "raw_reductions",
    "embedding_bag",
]


def to_gpu(lower_for_gpu: Callable[..., Any], name: str, options: str = ""):  # type: ignore[no-untyped-def]
    entry = ENTRIES[name]
    ctx, module = lower_for_gpu(FIXTURES / entry["file"], entry["outputs"])
    spec = f"convert-linalg-to-parallel-loops{options},{GPU_PASSES}"
    try:
        PassPipeline.parse_spec(all_passes(), spec).apply(ctx, module)
    except PassContractError as err:
        if "the GPU chain cannot run yet" not in str(err):
            raise
        pytest.skip(f"refused by the GPU chain (test_cuda_sim checks the error): {err}")
    module.verify()
    return module


sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))
from test_cuda_sim import SIM_ENTRIES  # noqa: E402

CHECKED_WHERE_RUN = {e["name"] for e in SIM_ENTRIES}
"""The fixtures test_cuda_sim runs: it checks the contract of the module it compiles."""


# The 200-step LSTM unrolled by the GPU chain takes half a minute; its shorter siblings cover it.
@pytest.mark.parametrize(
    "name", sorted(set(ENTRIES) - {"lstm64_long_while_v2"} - CHECKED_WHERE_RUN)
)
def test_fixture_meets_gpu_contract(lower_for_gpu: Callable[..., Any], name: str) -> None:
    assert check_gpu_contract(to_gpu(lower_for_gpu, name)) == []


@pytest.mark.parametrize("name", ["mlp", "cnn_small", "bert_encoder_layer", "keras_layers_mix"])
def test_small_blocks_and_trees_meet_gpu_contract(
    lower_for_gpu: Callable[..., Any], name: str
) -> None:
    module = to_gpu(lower_for_gpu, name, "{block-size=8 tile=4 min-tree-reduction=2}")
    assert check_gpu_contract(module) == []


@pytest.mark.parametrize("options", ["", "{block-size=8 tile=4 min-tree-reduction=2}"])
@pytest.mark.parametrize("name", SIM)
def test_cuda_sim_matches_tensorflow(
    lower_for_gpu: Callable[..., Any], name: str, options: str, tmp_path: Path
) -> None:
    entry = ENTRIES[name]
    source = tmp_path / f"{name}.gpu.mlir"
    source.write_text(print_ir(to_gpu(lower_for_gpu, name, options)))
    dtypes = {s["dtype"] for s in entry["output_specs"]}
    tol = TOLERANCES["float32"] if "float32" in dtypes else {"rtol": 0.0, "atol": 0.0}
    result = subprocess.run(
        [
            str(STRATA_RUN),
            str(source),
            "--target",
            "cuda-sim",
            "--inputs",
            str(FIXTURES / entry["inputs_file"]),
            "--compare",
            str(FIXTURES / entry["outputs_file"]),
            "--rtol",
            str(tol["rtol"]),
            "--atol",
            str(tol["atol"]),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
