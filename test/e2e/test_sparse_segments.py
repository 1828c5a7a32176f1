"""tf.SparseSegmentSum / Mean / SqrtN and their WithNumSegments forms (tf.sparse.segment_*,
tf.nn.embedding_lookup_sparse, feature columns) against numpy: rows repeated and skipped,
empty segments (0), unsorted ids with num_segments, integer sums, and an index out of range
failing the run with the node's name, as TensorFlow's kernel fails it."""

from __future__ import annotations

import numpy as np
import pytest

import strata
from strata.diagnostics import ExecutionError

DATA = np.random.default_rng(3).standard_normal((6, 3)).astype(np.float32)
INDICES = np.array([0, 2, 2, 5, 1], np.int32)


def reference(kind: str, data: np.ndarray, ids: np.ndarray, segments: int) -> np.ndarray:
    sums = np.zeros((segments, *data.shape[1:]), data.dtype)
    counts = np.zeros(segments)
    for index, segment in zip(INDICES, ids, strict=True):
        sums[segment] += data[index]
        counts[segment] += 1
    if kind == "Sum":
        return sums
    by = np.maximum(counts, 1) if kind == "Mean" else np.sqrt(np.maximum(counts, 1))
    return (sums / by[:, None]).astype(data.dtype)


def model(kind: str, ids: list[int] | None, segments: int, element: str = "f32") -> object:
    d, i = f"tensor<6x3x{element}>", "tensor<5xi32>"
    out = f"tensor<{segments}x3x{element}>"
    if ids is None:  # ids at run time, a constant num_segments
        body = (
            f'%n = "tf.Const"() <{{value = dense<{segments}> : tensor<i32>}}> : () -> tensor<i32>\n'
            f'  %r = "tf.SparseSegment{kind}WithNumSegments"(%d, %i, %s, %n)'
            f" : ({d}, {i}, {i}, tensor<i32>) -> {out}"
        )
        args = f"%d: {d}, %i: {i}, %s: {i}"
    else:
        body = (
            f'%s = "tf.Const"() <{{value = dense<{ids}> : tensor<5xi32>}}> : () -> {i}\n'
            f'  %r = "tf.SparseSegment{kind}"(%d, %i, %s) : ({d}, {i}, {i}) -> {out}'
        )
        args = f"%d: {d}, %i: {i}"
    source = f"""
func.func @main({args}) -> {out} attributes {{tf.entry_function = {{inputs = "d,i{",s" if ids is None else ""}", outputs = "r"}}}} {{
  {body}
  func.return %r : {out}
}}"""
    return strata.compile(source, cache=False)


@pytest.mark.parametrize("kind", ["Sum", "Mean", "SqrtN"])
def test_constant_sorted_ids(kind: str) -> None:
    ids = [0, 0, 1, 3, 3]  # segment 2 is empty
    got = model(kind, ids, 4)(d=DATA, i=INDICES)
    np.testing.assert_allclose(got, reference(kind, DATA, np.array(ids), 4), rtol=1e-6)


@pytest.mark.parametrize("kind", ["Sum", "Mean", "SqrtN"])
def test_run_time_ids_with_num_segments(kind: str) -> None:
    ids = np.array([4, 0, 4, 1, 0], np.int32)  # unsorted, segments 2, 3 and 5 empty
    got = model(kind, None, 6)(d=DATA, i=INDICES, s=ids)
    np.testing.assert_allclose(got, reference(kind, DATA, ids, 6), rtol=1e-6)


def test_integer_sum() -> None:
    data = np.arange(18, dtype=np.int32).reshape(6, 3)
    ids = np.array([0, 1, 1, 1, 2], np.int32)
    got = model("Sum", None, 3, "i32")(d=data, i=INDICES, s=ids)
    np.testing.assert_array_equal(got, reference("Sum", data, ids, 3))


def test_index_out_of_range_fails_the_run() -> None:
    bad = np.array([0, 9, 1, 1, 1], np.int32)
    with pytest.raises(ExecutionError, match=r"SparseSegmentSum.*index out of range \[0, 6\)"):
        model("Sum", [0, 0, 1, 1, 1], 2)(d=DATA, i=bad)
