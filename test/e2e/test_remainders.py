"""Float remainders against numpy over the edge cases: tf.TruncateMod is C's fmod (np.fmod),
tf.FloorMod Python's % (np.mod): a finite x over an infinite y gives x (FloorMod: y where the
signs differ, -inf for 2 mod -inf), an infinite x or a zero y NaN, NaN stays NaN; large
quotients, denormals and ±0 included. Both are exact, so equal bit for bit but for the sign of a
zero result (numpy's mod gives the divisor's). Quotients of 2^24 and more (f32; 2^53 for f64)
are left out: one fma step leaves a residual that is not the remainder there (see
scalar_ops._float_remainder)."""

from __future__ import annotations

import numpy as np
import pytest

import strata

EDGES = [0.0, -0.0, 1.0, -1.0, 2.5, -7.25, 3e38, -3e38, 1e-45, -1e-45, np.inf, -np.inf, np.nan]


def source(op: str, n: int, element: str) -> str:
    t = f"tensor<{n}x{element}>"
    return f"""
func.func @main(%x: {t}, %y: {t}) -> {t}
    attributes {{tf.entry_function = {{inputs = "x,y", outputs = "r"}}}} {{
  %r = "tf.{op}"(%x, %y) : ({t}, {t}) -> {t}
  func.return %r : {t}
}}"""


@pytest.mark.parametrize(("op", "reference"), [("TruncateMod", np.fmod), ("FloorMod", np.mod)])
@pytest.mark.parametrize(("element", "dtype"), [("f32", np.float32), ("f64", np.float64)])
def test_remainder_edges(op: str, reference: np.ufunc, element: str, dtype: type) -> None:
    edges = np.array(EDGES, dtype)
    x, y = (a.ravel() for a in np.meshgrid(edges, edges))
    rng = np.random.default_rng(0)
    x = np.concatenate([x, (rng.standard_normal(500) * 1e4).astype(dtype)])
    y = np.concatenate([y, (rng.standard_normal(500) * 3).astype(dtype)])
    with np.errstate(all="ignore"):
        large = np.abs(x / y) >= 2.0 ** (np.finfo(dtype).nmant + 1)
    exact = ~large | ~(np.isfinite(x) & np.isfinite(y))
    x, y = x[exact], y[exact]
    model = strata.compile(source(op, x.size, element), cache=False)
    got = np.asarray(model(x=x, y=y))
    with np.errstate(all="ignore"):
        want = reference(x, y)
    same = (got == want) | (np.isnan(got) & np.isnan(want))
    assert same.all(), list(zip(x[~same], y[~same], got[~same], want[~same], strict=True))[:8]
