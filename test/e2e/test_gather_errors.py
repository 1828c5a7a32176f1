"""An index (or a ReverseSequence length, a class label) out of range is a runtime error naming
the node, as in TensorFlow on CPU: through `strata.compile` a RuntimeError, through `strata-run`
one line on stderr and exit 1. In-range calls on the same compiled function keep working."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import strata

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
STRATA_RUN = Path(sys.executable).parent / "strata-run"


def load_npz(path: Path) -> dict[str, np.ndarray]:
    with np.load(path, allow_pickle=False) as data:
        return {key: data[key] for key in data.files}


@pytest.fixture(scope="module")
def gather_fn():  # type: ignore[no-untyped-def]
    return strata.compile(str(FIXTURES / "op_gatherv2_axis0.pbtxt"), outputs=["GatherV2"])


@pytest.mark.parametrize("bad", [10, -1, 2**31 - 1])
def test_gather_index_out_of_range_raises(gather_fn, bad: int) -> None:  # type: ignore[no-untyped-def]
    inputs = load_npz(FIXTURES / "op_gatherv2_axis0.inputs.npz")
    inputs["ids"] = inputs["ids"].copy()
    inputs["ids"][1, 2] = bad
    with pytest.raises(
        RuntimeError, match=r"node 'GatherV2' \(tf.GatherV2\): index out of range \[0, 10\)"
    ):
        gather_fn.run(**inputs)
    # The same function still answers in-range calls.
    good = load_npz(FIXTURES / "op_gatherv2_axis0.inputs.npz")
    expected = load_npz(FIXTURES / "op_gatherv2_axis0.outputs.npz")["GatherV2"]
    np.testing.assert_array_equal(gather_fn.run(**good)["GatherV2"], expected)


def test_segment_id_too_large_raises_negative_is_dropped() -> None:
    fn = strata.compile(
        str(FIXTURES / "op_unsortedsegmentsum.pbtxt"), outputs=["UnsortedSegmentSum"]
    )
    data = np.arange(6, dtype=np.float32).reshape(3, 2)
    out = fn.run(data=np.resize(data, (7, 3)), ids=np.array([0, -1, 3, 3, -5, 1, 0], np.int32))
    rows = np.resize(data, (7, 3))
    expected = np.zeros((4, 3), np.float32)
    for row, s in zip(rows, [0, -1, 3, 3, -5, 1, 0], strict=True):
        if s >= 0:
            expected[s] += row
    np.testing.assert_array_equal(out["UnsortedSegmentSum"], expected)
    with pytest.raises(
        RuntimeError,
        match=r"node 'UnsortedSegmentSum' \(tf.UnsortedSegmentSum\): segment id out of range \[0, 4\)",
    ):
        fn.run(data=rows, ids=np.array([0, 1, 2, 3, 4, 0, 0], np.int32))


def test_strata_run_reports_out_of_range_in_one_line(tmp_path: Path) -> None:
    inputs = load_npz(FIXTURES / "op_gatherv2_axis0.inputs.npz")
    inputs["ids"] = inputs["ids"].copy()
    inputs["ids"][0, 0] = 12
    bad = tmp_path / "bad.npz"
    np.savez(bad, **inputs)
    result = subprocess.run(
        [str(STRATA_RUN), str(FIXTURES / "op_gatherv2_axis0.pbtxt"), "--inputs", str(bad)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "node 'GatherV2' (tf.GatherV2): index out of range [0, 10)" in lines[0]


def test_keras_embedding_id_out_of_range_names_the_gather() -> None:
    """Keras 3 wraps negative ids (`ids < 0 ? ids + 1000 : ids`); 1000 is still out of range."""
    fn = strata.compile(str(FIXTURES / "embedding_bag.pb"), outputs=["Identity"])
    ids = load_npz(FIXTURES / "embedding_bag.inputs.npz")["ids"].copy()
    ids[3, 4] = 1000
    with pytest.raises(RuntimeError, match=r"node 'tower_1/items_1/GatherV2' \(tf.GatherV2\)"):
        fn.run(ids=ids)


@pytest.mark.parametrize(
    ("fixture", "output", "component", "bad"),
    [
        ("op_gathernd", "GatherNd", 0, 4),  # params 4x5x3: the first component is in [0, 4)
        ("op_gathernd", "GatherNd", 1, 4),  # ... the second in [0, 5): 4 is in range
        ("op_gathernd", "GatherNd", 1, 5),
        ("op_gathernd", "GatherNd", 1, -1),
        ("op_scatternd_elements_int32", "ScatterNd", 1, 5),  # into a 4x5
        ("op_tensorscatteradd", "TensorScatterAdd", 0, 5),  # into a 5x3
    ],
)
def test_index_vector_out_of_range_raises(
    fixture: str, output: str, component: int, bad: int
) -> None:
    """Each component of an index vector is checked against its own dim, as TensorFlow does."""
    fn = strata.compile(str(FIXTURES / f"{fixture}.pbtxt"), outputs=[output])
    inputs = load_npz(FIXTURES / f"{fixture}.inputs.npz")
    ids = inputs["ids"].copy()
    ids.reshape(-1, ids.shape[-1])[0, component] = bad
    inputs["ids"] = ids
    limits = {"op_gathernd": (4, 5), "op_scatternd_elements_int32": (4, 5)}
    bounds = limits.get(fixture, (5, 3))
    if 0 <= bad < bounds[component]:  # in range (a GatherNd case): numpy's indexing agrees
        expected = inputs["params"][tuple(np.moveaxis(ids, -1, 0))]
        np.testing.assert_array_equal(fn.run(**inputs)[output], expected)
        return
    ranges = r" x ".join(rf"\[0, {b}\)" for b in bounds)
    with pytest.raises(
        RuntimeError, match=rf"node '{output}' \(tf.{output}\): index out of range {ranges}"
    ):
        fn.run(**inputs)


@pytest.mark.parametrize("bad", [6, -1])
def test_reverse_sequence_length_out_of_range_raises(bad: int) -> None:
    """ReverseSequence's lengths are checked as TensorFlow does: each in [0, x.shape[seq_dim]]."""
    fn = strata.compile(str(FIXTURES / "op_reversesequence.pbtxt"), outputs=["ReverseSequence"])
    inputs = load_npz(FIXTURES / "op_reversesequence.inputs.npz")
    inputs["n"] = inputs["n"].copy()
    inputs["n"][1] = bad
    with pytest.raises(
        RuntimeError,
        match=r"node 'ReverseSequence' \(tf.ReverseSequence\): seq length out of range \[0, 6\)",
    ):
        fn.run(**inputs)


def test_bincount_negative_value_raises() -> None:
    """DenseBincount on CPU raises for a negative value (values at or past size are dropped)."""
    fn = strata.compile(str(FIXTURES / "op_densebincount_weights.pbtxt"), outputs=["DenseBincount"])
    inputs = load_npz(FIXTURES / "op_densebincount_weights.inputs.npz")
    inputs["x"] = inputs["x"].copy()
    inputs["x"][2, 3] = -1
    with pytest.raises(
        RuntimeError,
        match=r"node 'DenseBincount' \(tf.DenseBincount\): input has negative values",
    ):
        fn.run(**inputs)
    inputs["x"][2, 3] = 9  # past size: not counted, no error
    assert fn.run(**inputs)["DenseBincount"].shape == (3, 6)


@pytest.mark.parametrize("bad", [5, -1])
def test_sparse_cross_entropy_label_out_of_range_raises(bad: int) -> None:
    name = "op_sparsesoftmaxcrossentropywithlogits"
    fn = strata.compile(str(FIXTURES / f"{name}.pbtxt"), outputs=["Identity", "Identity_1"])
    inputs = load_npz(FIXTURES / f"{name}.inputs.npz")
    inputs["labels"] = inputs["labels"].copy()
    inputs["labels"][3] = bad
    with pytest.raises(
        RuntimeError,
        match=r"node 'SparseSoftmaxCrossEntropyWithLogits' \(tf.SparseSoftmaxCrossEntropyWithLogits"
        r"\): label out of range \[0, 5\)",
    ):
        fn.run(**inputs)
