"""Integer edges where TensorFlow's CPU kernels define what StableHLO does not (found by a
differential run against TensorFlow 2.21): an integer Mean sums in 64 bits and divides toward
zero (no wrap in the element type); LeftShift and RightShift clamp the shift amount to
[0, bits - 1] (hlo's shifts give 0 or -1 past the width)."""

from __future__ import annotations

import numpy as np
import pytest

import strata

TYPES = {np.int8: "i8", np.uint8: "ui8", np.int16: "i16", np.int32: "i32", np.int64: "i64"}


def compile_op(
    op: str, dtype: type, shape: tuple[int, ...], *, binary: bool
) -> strata.CompiledModel:
    t = f"tensor<{'x'.join(map(str, shape))}x{TYPES[dtype]}>"
    if binary:
        body = f'%r = "tf.{op}"(%x, %y) : ({t}, {t}) -> {t}'
        args, result = f"%x: {t}, %y: {t}", t
    else:
        out = f"tensor<{TYPES[dtype]}>"
        body = (
            '%axes = "tf.Const"() <{value = dense<[0]> : tensor<1xi32>}> : () -> tensor<1xi32>\n'
            f'  %r = "tf.{op}"(%x, %axes) <{{keep_dims = false}}> : ({t}, tensor<1xi32>) -> {out}'
        )
        args, result = f"%x: {t}", out
    source = f"""
func.func @main({args}) -> {result} {{
  {body}
  func.return %r : {result}
}}"""
    return strata.compile(source, cache=False)


@pytest.mark.parametrize(
    ("dtype", "values", "mean"),
    [
        (np.uint8, [200, 200, 10], 136),  # the 8-bit sum would wrap to 154: 51
        (np.int8, [100, 100, 10], 70),
        (np.int8, [-100, -100, -11], -70),  # -211 / 3 toward zero
        (np.int16, [30000, 30000, 3], 20001),
        (np.int32, [2**31 - 1, 2**31 - 1, 1], 1431655765),
        (np.int32, [-1, -2], -1),
        (np.int64, [2**62, 2**62, 2**62], -1537228672809129301),  # int64 wraps, as in TF
    ],
)
def test_integer_mean_sums_in_64_bits(dtype: type, values: list[int], mean: int) -> None:
    x = np.array(values, dtype)
    got = compile_op("Mean", dtype, x.shape, binary=False)(x)
    assert int(np.asarray(got)) == mean


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.int32, np.int64])
def test_shifts_clamp_the_amount(dtype: type) -> None:
    bits = np.iinfo(dtype).bits
    signed = np.iinfo(dtype).min < 0
    amounts = [0, 1, bits - 1, bits, bits + 3, 100] + ([-1, -50] if signed else [])
    x = np.array([5, 1, 3, 1, 7, 1] + ([5, 9] if signed else []), dtype)
    y = np.array(amounts, dtype)
    clamped = np.clip(y.astype(np.int64), 0, bits - 1).astype(dtype)
    left = compile_op("LeftShift", dtype, x.shape, binary=True)(x, y)
    np.testing.assert_array_equal(np.asarray(left), np.left_shift(x, clamped))
    high = np.full_like(x, np.iinfo(dtype).min if signed else np.iinfo(dtype).max)
    right = compile_op("RightShift", dtype, x.shape, binary=True)(high, y)
    np.testing.assert_array_equal(np.asarray(right), np.right_shift(high, clamped))
