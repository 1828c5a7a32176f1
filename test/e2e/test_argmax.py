"""tf.ArgMax / tf.ArgMin as TensorFlow's CPU kernel computes them: the first index of the
extreme, NaN never picked (a row of NaN gives 0), -0 equal to +0; along the last axis by top_k
with k = 1 (one pass of rank keys), along another by two reductions. Values equal a numpy
reference for f32 (NaN, ±inf, ±0, ties), f16, the integer extremes and uint8."""

from __future__ import annotations

import numpy as np
import pytest

import strata

TYPES = {"f32": np.float32, "f16": np.float16, "i32": np.int32, "ui8": np.uint8, "f64": np.float64}


def source(op: str, shape: tuple[int, ...], axis: int, element: str) -> str:
    x = f"tensor<{'x'.join(map(str, shape))}x{element}>"
    out_shape = [d for i, d in enumerate(shape) if i != axis % len(shape)]
    out = f"tensor<{'x'.join(map(str, out_shape))}xi64>"
    return f"""
func.func @main(%x: {x}) -> {out} attributes {{tf.entry_function = {{inputs = "x", outputs = "r"}}}} {{
  %a = "tf.Const"() <{{value = dense<{axis}> : tensor<i32>}}> : () -> tensor<i32>
  %r = "tf.{op}"(%x, %a) : ({x}, tensor<i32>) -> {out}
  func.return %r : {out}
}}"""


def expected(op: str, x: np.ndarray, axis: int) -> np.ndarray:
    if np.issubdtype(x.dtype, np.floating):  # NaN never wins: it is the other extreme
        x = np.where(np.isnan(x), -np.inf if op == "ArgMax" else np.inf, x)
    pick = np.argmax if op == "ArgMax" else np.argmin  # first of ties; -0 == +0
    return pick(x, axis=axis).astype(np.int64)


def data(shape: tuple[int, ...], element: str, rng: np.random.Generator) -> np.ndarray:
    dtype = TYPES[element]
    if np.issubdtype(dtype, np.floating):
        x = np.round(rng.standard_normal(shape) * 3).astype(dtype)  # many ties
        special = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0], dtype)
        where = rng.random(shape) < 0.05
        x[where] = rng.choice(special, int(where.sum()))
        flat = x.reshape(-1, shape[-1])
        flat[0] = np.nan  # a row of NaN
        flat[1] = -0.0
        flat[1, -1] = 0.0  # -0 == +0: the first wins
        return x
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
    x.flat[rng.integers(0, x.size, 4)] = info.max
    x.flat[rng.integers(0, x.size, 4)] = info.min
    return x


@pytest.mark.parametrize("op", ["ArgMax", "ArgMin"])
@pytest.mark.parametrize(
    ("shape", "axis", "element"),
    [
        ((5, 300), 1, "f32"),
        ((3, 4, 70), -1, "f32"),
        ((4, 9), 1, "f16"),
        ((6, 33), 1, "i32"),
        ((4, 50), 1, "ui8"),
        ((7, 5), 0, "f32"),  # another axis: two reductions
        ((4, 20), 1, "f64"),
    ],
)
def test_equals_tensorflow_semantics(
    op: str, shape: tuple[int, ...], axis: int, element: str
) -> None:
    x = data(shape, element, np.random.default_rng(len(shape) * 100 + shape[-1]))
    got = np.asarray(strata.compile(source(op, shape, axis, element), cache=False)(x=x))
    np.testing.assert_array_equal(got, expected(op, x, axis))
