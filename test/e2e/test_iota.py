"""hlo.iota is computed from loop positions (a generic of no inputs), fused into what reads it,
inside loops too: the values equal numpy's for each element type and consumer shape."""

from __future__ import annotations

import numpy as np
import pytest

import strata


def bf16_round(x: np.ndarray) -> np.ndarray:
    """float32 values rounded to bfloat16 (nearest, ties to even), as float32."""
    bits = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    return rounded.astype(np.uint32).view(np.float32)


def run(source: str, *inputs: np.ndarray) -> np.ndarray:
    model = strata.compile(source, cache=False)
    return np.asarray(model(*inputs))


def test_bf16_positions_round() -> None:
    # 257, 259, ... are not bf16 values: each position rounds like hlo.convert's.
    got = run("""
func.func @main() -> tensor<2x600xf32> {
  %0 = hlo.iota dim = 1 : tensor<2x600xbf16>
  %1 = hlo.convert %0 : (tensor<2x600xbf16>) -> tensor<2x600xf32>
  func.return %1 : tensor<2x600xf32>
}""")
    want = np.broadcast_to(bf16_round(np.arange(600, dtype=np.float32)), (2, 600))
    assert np.array_equal(got, want)


@pytest.mark.parametrize(
    ("element", "dtype"),
    [("ui8", np.uint8), ("i64", np.int64), ("i16", np.int16), ("f64", np.float64)],
)
def test_element_types(element: str, dtype: type) -> None:
    got = run(f"""
func.func @main() -> tensor<200x3x{element}> {{
  %0 = hlo.iota dim = 0 : tensor<200x3x{element}>
  func.return %0 : tensor<200x3x{element}>
}}""")
    assert got.dtype == dtype
    assert np.array_equal(got, np.broadcast_to(np.arange(200, dtype=dtype)[:, None], (200, 3)))


def test_fused_through_transpose_and_broadcast() -> None:
    x = np.random.default_rng(0).standard_normal((5, 4, 3)).astype(np.float32)
    got = run(
        """
func.func @main(%x: tensor<5x4x3xf32>) -> tensor<5x4x3xf32> {
  %i = hlo.iota dim = 0 : tensor<4x5xf32>
  %t = hlo.transpose %i, dims = [1, 0] : (tensor<4x5xf32>) -> tensor<5x4xf32>
  %b = hlo.broadcast_in_dim %t, dims = [0, 1] : (tensor<5x4xf32>) -> tensor<5x4x3xf32>
  %j = hlo.iota dim = 2 : tensor<5x4x3xf32>
  %s = hlo.multiply %b, %j : tensor<5x4x3xf32>
  %r = hlo.add %s, %x : tensor<5x4x3xf32>
  func.return %r : tensor<5x4x3xf32>
}""",
        x,
    )
    want = np.arange(4, dtype=np.float32)[None, :, None] * np.arange(3, dtype=np.float32) + x
    assert np.array_equal(got, want)


def test_reduced_and_inside_a_loop() -> None:
    # sum over j of (j * x[j]), added once per trip: the iota above the loop is recomputed in
    # the loop's kernels, never materialised.
    x = np.random.default_rng(1).standard_normal((3, 7)).astype(np.float32)
    got = run(
        """
func.func @main(%x: tensor<3x7xf32>) -> tensor<3xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %four = hlo.constant dense<4> : tensor<i32>
  %fz = hlo.constant dense<0.0> : tensor<f32>
  %acc0 = hlo.constant dense<0.0> : tensor<3xf32>
  %pos = hlo.iota dim = 1 : tensor<3x7xf32>
  %r:2 = hlo.while(%i = %zero, %acc = %acc0) : tensor<i32>, tensor<3xf32>
   cond {
    %c = hlo.compare LT, %i, %four : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %w = hlo.multiply %pos, %x : tensor<3x7xf32>
    %s = hlo.reduce(%w init: %fz) applies hlo.add across dimensions = [1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<3xf32>
    %a = hlo.add %acc, %s : tensor<3xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.return %i1, %a : tensor<i32>, tensor<3xf32>
  }
  func.return %r#1 : tensor<3xf32>
}""",
        x,
    )
    s = (np.arange(7, dtype=np.float32) * x).sum(axis=1, dtype=np.float32)
    want = np.zeros(3, np.float32)
    for _ in range(4):
        want = want + s
    np.testing.assert_allclose(got, want, rtol=1e-6)
