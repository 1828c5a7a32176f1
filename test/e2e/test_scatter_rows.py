"""Row scatters as loops over their update rows (`convert-hlo-to-linalg{scatter-loop-elements}`,
gather.expand_row_scatters) through the whole cpu chain, from TensorFlow's ops: the numbers equal
numpy's sequential application bit for bit (sums in index order), at one and two threads, with
repeated ids and (for TensorScatterAdd) ids outside the operand, and equal the select-based
generic's (`scatter-loop-elements=0`)."""

from __future__ import annotations

import numpy as np
import pytest

import strata
from strata.lowering.hlo_to_linalg import gather


def segment_sum_source(rows: int, width: int, segments: int) -> str:
    d, i, r = (
        f"tensor<{rows}x{width}xf32>",
        f"tensor<{rows}xi32>",
        f"tensor<{segments}x{width}xf32>",
    )
    return f"""
func.func @main(%d: {d}, %i: {i}) -> {r}
    attributes {{tf.entry_function = {{inputs = "data,ids", outputs = "sums"}}}} {{
  %n = "tf.Const"() <{{value = dense<{segments}> : tensor<i32>}}> : () -> tensor<i32>
  %0 = "tf.UnsortedSegmentSum"(%d, %i, %n) : ({d}, {i}, tensor<i32>) -> {r}
  func.return %0 : {r}
}}"""


def scatter_add_source(rows: int, width: int, segments: int) -> str:
    t, i, u = (
        f"tensor<{segments}x{width}xf32>",
        f"tensor<{rows}x1xi64>",
        f"tensor<{rows}x{width}xf32>",
    )
    return f"""
func.func @main(%t: {t}, %i: {i}, %u: {u}) -> {t}
    attributes {{tf.entry_function = {{inputs = "table,ids,updates", outputs = "out"}}}} {{
  %0 = "tf.TensorScatterAdd"(%t, %i, %u) : ({t}, {i}, {u}) -> {t}
  func.return %0 : {t}
}}"""


def generic_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Compiles as with `scatter-loop-elements=0`: every scatter a generic."""
    monkeypatch.setattr(gather, "expand_row_scatters", lambda module, min_elements: None)


@pytest.mark.parametrize("threads", [1, 2])
def test_segment_sum_matches_numpy_in_index_order(threads: int) -> None:
    rows, width, segments = 3000, 12, 97
    rng = np.random.default_rng(3)
    data = rng.standard_normal((rows, width)).astype(np.float32)
    ids = rng.integers(0, segments, rows).astype(np.int32)
    want = np.zeros((segments, width), np.float32)
    np.add.at(want, ids, data)
    model = strata.compile(segment_sum_source(rows, width, segments), cache=False, threads=threads)
    np.testing.assert_array_equal(model(data=data, ids=ids), want)


def test_negative_segment_ids_dropped_as_the_generic_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """TensorFlow drops negative segment ids (an id past num_segments is an error)."""
    rows, width, segments = 500, 5, 40
    rng = np.random.default_rng(4)
    data = rng.standard_normal((rows, width)).astype(np.float32)
    ids = rng.integers(-3, segments, rows).astype(np.int32)
    want = np.zeros((segments, width), np.float32)
    np.add.at(want, ids[ids >= 0], data[ids >= 0])
    source = segment_sum_source(rows, width, segments)
    looped = strata.compile(source, cache=False)(data=data, ids=ids)
    generic_only(monkeypatch)
    generic = strata.compile(source, cache=False)(data=data, ids=ids)
    np.testing.assert_array_equal(looped, want)
    np.testing.assert_array_equal(generic, looped)


def test_tensor_scatter_add_with_i64_indices() -> None:
    rows, width, segments = 300, 7, 25
    rng = np.random.default_rng(5)
    table = rng.standard_normal((segments, width)).astype(np.float32)
    ids = rng.integers(0, segments, (rows, 1)).astype(np.int64)
    updates = rng.standard_normal((rows, width)).astype(np.float32)
    want = table.copy()
    np.add.at(want, ids[:, 0], updates)
    model = strata.compile(scatter_add_source(rows, width, segments), cache=False)
    np.testing.assert_array_equal(model(table=table, ids=ids, updates=updates), want)
