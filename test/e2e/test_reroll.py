"""hlo-reroll-loops on TensorFlow's unrolled RNNs: Keras LSTM/GRU with `unroll=True` (12 steps)
come back as one hlo.while over the steps under the default pipeline, the per-step input
projections included (their slices of the input move one step each time: a dynamic_slice at the
step), at under 40% of the ops, and still match TensorFlow's outputs. A chain of 70
MatMul/BiasAdd/Tanh layers with weights of their own rerolls too (stacked weights) and matches
numpy.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from test_models import ENTRIES, FIXTURES, assert_matches_tensorflow, load_npz

import strata
from strata.api import lower
from strata.dialects import hlo
from strata.frontends.graphdef.schema import GraphDef, GraphDefMessage
from strata.pipeline import PipelineOptions

UNROLLED = ["lstm_unrolled", "gru_unrolled", "cuda_sim_lstm8"]


def _entry(name: str) -> dict[str, Any]:
    return next(e for e in ENTRIES if e["name"] == name)


@pytest.mark.parametrize("name", UNROLLED)
def test_unrolled_rnn_rerolls_and_matches_tensorflow(name: str) -> None:
    entry = _entry(name)
    source = str(FIXTURES / entry["file"])
    outputs = entry["outputs"]
    _, unrolled = lower(
        source, outputs, stop_after="hlo-opt", pipeline=PipelineOptions(loops=False)
    )
    _, module = lower(source, outputs, stop_after="hlo-opt")
    loops = [op for op in module.walk() if isinstance(op, hlo.WhileOp)]
    assert len(loops) == 1, f"{len(loops)} loops"
    body = list(loops[0].body.block.ops)
    assert any(isinstance(op, hlo.DynamicSliceOp) for op in body)  # the step's input
    assert sum(1 for _ in module.walk()) < 0.4 * sum(1 for _ in unrolled.walk())
    fn = strata.compile(source, outputs=entry["outputs"], cache=False)
    result = fn.run(**load_npz(FIXTURES / entry["inputs_file"]))
    expected = load_npz(FIXTURES / entry["outputs_file"])
    assert_matches_tensorflow(result, expected, entry["outputs"])


def _layer_chain(layers: int) -> tuple[GraphDefMessage, list[tuple[np.ndarray, np.ndarray]]]:
    """x[4, 8] -> `layers` x (MatMul by a constant of its own, BiasAdd, Tanh)."""
    rng = np.random.default_rng(0)
    graph = GraphDef()

    def node(name: str, op: str, *inputs: str) -> Any:
        n = graph.node.add()
        n.name, n.op = name, op
        n.input.extend(inputs)
        n.attr["T" if inputs else "dtype"].type = 1  # DT_FLOAT
        return n

    x = node("x", "Placeholder")
    for size in (4, 8):
        x.attr["shape"].shape.dim.add().size = size
    weights = []
    for i in range(layers):
        w = rng.normal(0, 0.4, (8, 8)).astype(np.float32)
        b = rng.normal(0, 0.1, (8,)).astype(np.float32)
        for name, value in ((f"w{i}", w), (f"b{i}", b)):
            tensor = node(name, "Const").attr["value"].tensor
            tensor.dtype = 1
            for size in value.shape:
                tensor.tensor_shape.dim.add().size = size
            tensor.tensor_content = value.tobytes()
        node(f"mm{i}", "MatMul", "x" if i == 0 else f"tanh{i - 1}", f"w{i}")
        node(f"bias{i}", "BiasAdd", f"mm{i}", f"b{i}")
        node(f"tanh{i}", "Tanh", f"bias{i}")
        weights.append((w, b))
    return graph, weights


def test_layer_chain_rerolls_by_default_and_matches_numpy() -> None:
    graph, weights = _layer_chain(70)
    _, module = lower(graph, ["tanh69"], stop_after="hlo-opt")
    loops = [op for op in module.walk() if isinstance(op, hlo.WhileOp)]
    tanhs = [op for op in module.walk() if isinstance(op, hlo.TanhOp)]
    assert len(loops) == 1 and len(tanhs) == 1 and tanhs[0].parent_op() is loops[0]
    feed = np.random.default_rng(1).standard_normal((4, 8)).astype(np.float32)
    want = feed.astype(np.float64)
    for w, b in weights:
        want = np.tanh(want @ w + b)
    model = strata.compile(graph, outputs=["tanh69"], cache=False)
    np.testing.assert_allclose(model(x=feed), want, rtol=1e-5, atol=1e-5)
