"""TopKV2 by selection passes (`chlo-legalize-to-hlo`), from the rows' rank keys or, on long rows,
from the candidate blocks whose maxima are the k greatest, and for larger k (tf.sort's k = n) by
sorting the rank keys (one integer operand: max/min rounds): the values and indices equal numpy's
stable descending order (floats in total order: NaN first, -NaN last; -0 equal to +0 as in
TensorFlow's kernel, a zero value +0; ties by index), for f32 with special values and ties, and
for i32 with its extremes."""

from __future__ import annotations

import numpy as np
import pytest

import strata
from strata.targets.cpu import runnable_cpus
from strata.transforms.chlo_legalize_to_hlo import _selection_block


def top_k_source(shape: tuple[int, ...], k: int, element: str, indices: bool = True) -> str:
    x = f"tensor<{'x'.join(map(str, shape))}x{element}>"
    out = f"tensor<{'x'.join(map(str, (*shape[:-1], k)))}x{{}}>"
    v, i = out.format(element), out.format("i32")
    results, outputs, returned = (
        (f"({v}, {i})", "top,top:1", "%v, %i : {v}, {i}") if indices else (v, "top", "%v : {v}")
    )
    return f"""
func.func @main(%x: {x}) -> {results}
    attributes {{tf.entry_function = {{inputs = "x", outputs = "{outputs}"}}}} {{
  %k = "tf.Const"() <{{value = dense<{k}> : tensor<i32>}}> : () -> tensor<i32>
  %v, %i = "tf.TopKV2"(%x, %k) <{{sorted = true}}> : ({x}, tensor<i32>) -> ({v}, {i})
  func.return {returned.format(v=v, i=i)}
}}"""


def expected(x: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    if x.dtype == np.float32:  # total order of the bits, but -0 is +0 (TensorFlow's kernel)
        x = np.where(x == 0, np.float32(0), x)
        bits = x.view(np.int32).astype(np.int64)
        rank = np.where(bits < 0, bits ^ 0x7FFFFFFF, bits)
    else:
        rank = x.astype(np.int64)
    order = np.argsort(-rank, axis=-1, kind="stable")[..., :k]
    return np.take_along_axis(x, order, -1), order.astype(np.int32)


def floats(shape: tuple[int, ...], rng: np.random.Generator) -> np.ndarray:
    x = np.round(rng.standard_normal(shape) * 4).astype(np.float32)  # many ties
    special = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 3e38, 1e-45], np.float32)
    where = rng.random(shape) < 0.002
    x[where] = rng.choice(special, int(where.sum()))
    return x


def ints(shape: tuple[int, ...], rng: np.random.Generator) -> np.ndarray:
    x = rng.integers(-50, 50, shape).astype(np.int32)
    x.flat[rng.integers(0, x.size, 3)] = np.iinfo(np.int32).max
    x.flat[rng.integers(0, x.size, 3)] = np.iinfo(np.int32).min
    return x


@pytest.mark.parametrize(
    ("shape", "k", "blocked"),
    [
        ((2, 300), 7, False),
        ((20000,), 5, True),  # rank 1: no batch dims in the blocks' gather
        ((3, 20001), 9, True),  # the last block padded
        ((2, 2, 9999), 13, True),
        ((4, 32000), 50, True),
        ((2, 16000), 400, True),  # blocks of 8
        ((3, 1000), 1000, False),  # k > n / 2: the rank keys sorted (a bitonic network of max/min)
        ((2, 300), 200, False),
        ((4, 40), 30, False),  # under 64: odd-even transposition of the keys
    ],
)
@pytest.mark.parametrize("element", ["f32", "i32"])
def test_top_k_equals_stable_order(
    shape: tuple[int, ...], k: int, blocked: bool, element: str
) -> None:
    assert bool(_selection_block(shape[-1], k)) == blocked
    rng = np.random.default_rng(k)
    x = floats(shape, rng) if element == "f32" else ints(shape, rng)
    model = strata.compile(top_k_source(shape, k, element), cache=False)
    values, indices = model(x=x)
    want_values, want_indices = expected(x, k)
    np.testing.assert_array_equal(np.asarray(indices), want_indices)
    assert np.array_equal(np.asarray(values).view(np.int32), want_values.view(np.int32))


@pytest.mark.parametrize(("shape", "k"), [((3, 1000), 1000), ((2, 300), 200), ((4, 40), 30)])
@pytest.mark.parametrize("element", ["f32", "i32"])
def test_values_alone(shape: tuple[int, ...], k: int, element: str) -> None:
    """tf.sort: the indices unread, the values' own 32 bits are sorted (no index in the keys);
    the values equal the stable order's bit for bit (NaN and -NaN in place, a zero +0)."""
    rng = np.random.default_rng(k + 1)
    x = floats(shape, rng) if element == "f32" else ints(shape, rng)
    source = top_k_source(shape, k, element, indices=False)
    model = strata.compile(source, cache=False)
    values = np.asarray(model(x=x))
    want_values, _ = expected(x, k)
    assert np.array_equal(values.view(np.int32), want_values.view(np.int32))


def test_all_equal_rows_take_the_first_indices() -> None:
    """Every block's maximum is its first element: the first k blocks are the candidates."""
    shape, k = (2, 30000), 20
    model = strata.compile(top_k_source(shape, k, "f32"), cache=False)
    values, indices = model(x=np.zeros(shape, np.float32))
    np.testing.assert_array_equal(
        np.asarray(indices), np.tile(np.arange(k, dtype=np.int32), (2, 1))
    )
    np.testing.assert_array_equal(np.asarray(values), np.zeros((2, k), np.float32))


@pytest.mark.parametrize("cpu", ["x86-64", "x86-64-v3", "host"])
@pytest.mark.parametrize(
    ("shape", "k", "indices"),
    [
        ((3, 1000), 1000, True),
        ((2, 4096), 4096, False),
        ((5, 64), 64, True),
        ((2, 100), 100, False),
    ],
)
def test_sorts_in_blocks_of_the_targets_lanes(
    cpu: str, shape: tuple[int, ...], k: int, indices: bool
) -> None:
    """The bitonic rounds view the row as blocks of the target's f32 lanes (convert-hlo-to-linalg's
    sort-block: 4 for x86-64, 8 for x86-64-v3, the host's own), reading a partner block whole
    where j covers a block: the order is the stable one for each, with and without indices."""
    if cpu not in runnable_cpus():
        pytest.skip(f"this host cannot run {cpu}")
    rng = np.random.default_rng(shape[-1])
    x = floats(shape, rng)
    model = strata.compile(top_k_source(shape, k, "f32", indices), cache=False, cpu=cpu)
    want_values, want_indices = expected(x, k)
    got = model(x=x)
    values = np.asarray(got[0] if indices else got)
    assert np.array_equal(values.view(np.int32), want_values.view(np.int32))
    if indices:
        np.testing.assert_array_equal(np.asarray(got[1]), want_indices)
