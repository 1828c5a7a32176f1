"""bf16, which numpy lacks, through the lowerings that build constants on the host: AvgPool's
divisors, an empty segment's lowest finite value (-3.3895e38, not float32's, which rounds to
-inf in bf16) and UnsortedSegmentMean's counts; each against numpy on the bf16 values."""

from __future__ import annotations

import numpy as np

import strata


def bf16_round(x: np.ndarray) -> np.ndarray:
    bits = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    return rounded.astype(np.uint32).view(np.float32)


def test_avg_pool_and_segments_in_bf16() -> None:
    x = bf16_round(np.random.default_rng(0).standard_normal((1, 4, 6, 2)).astype(np.float32))
    rows = x.reshape(12, 4)
    model = strata.compile(
        """
func.func @main(%x: tensor<1x4x6x2xf32>, %r: tensor<12x4xf32>) -> (tensor<1x2x3x2xf32>, tensor<4x4xf32>, tensor<4x4xf32>)
    attributes {tf.entry_function = {inputs = "x,r", outputs = "pool,max,mean"}} {
  %xb = "tf.Cast"(%x) : (tensor<1x4x6x2xf32>) -> tensor<1x4x6x2xbf16>
  %p = "tf.AvgPool"(%xb) <{ksize = array<i64: 1, 2, 2, 1>, strides = array<i64: 1, 2, 2, 1>, padding = "SAME", data_format = "NHWC", explicit_paddings = array<i64>}> : (tensor<1x4x6x2xbf16>) -> tensor<1x2x3x2xbf16>
  %pf = "tf.Cast"(%p) : (tensor<1x2x3x2xbf16>) -> tensor<1x2x3x2xf32>
  %rb = "tf.Cast"(%r) : (tensor<12x4xf32>) -> tensor<12x4xbf16>
  %ids = "tf.Const"() <{value = dense<[0, 0, 1, 1, 1, 3, 3, 0, 1, 3, 3, 3]> : tensor<12xi32>}> : () -> tensor<12xi32>
  %n = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %m = "tf.UnsortedSegmentMax"(%rb, %ids, %n) : (tensor<12x4xbf16>, tensor<12xi32>, tensor<i32>) -> tensor<4x4xbf16>
  %mf = "tf.Cast"(%m) : (tensor<4x4xbf16>) -> tensor<4x4xf32>
  %s = "tf.UnsortedSegmentSum"(%rb, %ids, %n) : (tensor<12x4xbf16>, tensor<12xi32>, tensor<i32>) -> tensor<4x4xbf16>
  %sf = "tf.Cast"(%s) : (tensor<4x4xbf16>) -> tensor<4x4xf32>
  func.return %pf, %mf, %sf : tensor<1x2x3x2xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}""",
        cache=False,
    )
    pool, largest, total = (np.asarray(v) for v in model(x=x, r=rows))
    want_pool = bf16_round(x.reshape(1, 2, 2, 3, 2, 2).mean(axis=(2, 4)))
    np.testing.assert_allclose(pool, want_pool, rtol=2**-7)
    ids = np.array([0, 0, 1, 1, 1, 3, 3, 0, 1, 3, 3, 3])
    for s in (0, 1, 3):
        np.testing.assert_array_equal(largest[s], rows[ids == s].max(axis=0))
        np.testing.assert_allclose(total[s], rows[ids == s].sum(axis=0), rtol=2**-6, atol=2**-6)
    np.testing.assert_array_equal(largest[2], np.full(4, -3.3895313892515355e38, np.float32))
    np.testing.assert_array_equal(total[2], np.zeros(4, np.float32))
