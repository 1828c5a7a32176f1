"""Fixture models through the whole GPU export: GraphDef -> nvvm stage -> PTX -> ptxas, for sm_80
and sm_90 (the check the GPU target gets on a machine without a GPU).

By default the models named in the GPU issue and a few single-op fixtures (softmax, reductions,
erf, conv, batch matmul) run; STRATA_PTX_ALL=1 runs every fixture.
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import pytest

from strata.api import lower
from strata.targets import nvptx

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ENTRIES = {
    e["name"]: e
    for manifest in sorted(FIXTURES.glob("manifest*.json"))
    for e in json.loads(manifest.read_text())["models"]
}
DEFAULT = (
    "mlp",
    "mnist_softmax",
    "cnn_small",
    "bert_encoder_layer",
    "lstm_forecaster",
    "embedding_bag",
    "layernorm",
    "keras_softmax_axis1",
    "op_softmax",
    "op_logsoftmax_rank3",
    "op_sum",
    "op_mean_two_axes",
    "op_max",
    "op_argmax",
    "op_erf",
    "op_tanh",
    "op_conv2d_same",
    "op_batchmatmulv2",
    "op_maxpool_same",
)
NAMES = sorted(ENTRIES) if os.environ.get("STRATA_PTX_ALL") == "1" else list(DEFAULT)
needs_ptxas = pytest.mark.skipif(nvptx.find_ptxas() is None, reason="ptxas not installed")


@functools.cache
def _ptx(name: str, chip: str) -> tuple[str, tuple[str, ...]]:
    entry = ENTRIES[name]
    _ctx, module = lower(FIXTURES / entry["file"], outputs=entry["outputs"], stop_after="nvvm")
    ptx, kernels = nvptx.compile_ptx(module, chip=chip)
    return ptx, tuple(kernels)


@pytest.mark.parametrize("name", NAMES)
def test_fixture_compiles_to_ptx(name: str) -> None:
    ptx, kernels = _ptx(name, "sm_80")
    for kernel in kernels:  # none for a graph that only copies (Identity, Reshape, Shape)
        assert f".visible .entry {kernel}(" in ptx
    assert ".extern" not in ptx


@needs_ptxas
@pytest.mark.parametrize("chip", ["sm_80", "sm_90"])
@pytest.mark.parametrize("name", NAMES)
def test_fixture_assembles(name: str, chip: str) -> None:
    ptx, _kernels = _ptx(name, chip)
    assert nvptx.to_cubin(ptx, chip)[:4] == b"\x7fELF"
