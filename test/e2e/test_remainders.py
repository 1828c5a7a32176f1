"""Integer division by zero and MIN / -1 (XLA's values, no trap), and float remainders against
numpy over the edge cases: tf.TruncateMod is C's fmod (np.fmod),
tf.FloorMod Python's % (np.mod): a finite x over an infinite y gives x (FloorMod: y where the
signs differ, -inf for 2 mod -inf), an infinite x or a zero y NaN, NaN stays NaN; large
quotients, denormals and ±0 included. Both are exact, so equal bit for bit but for the sign of a
zero result (numpy's mod gives the divisor's). f32 is exact for every pair (quotients up to
2^276: fmod(3e9, 0.7) is 0.48969638); f64 below quotients of 2^53 (one fma step, see
scalar_ops._float_remainder)."""

from __future__ import annotations

import numpy as np
import pytest

import strata
from strata.diagnostics import ExecutionError

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
@pytest.mark.parametrize(
    ("element", "dtype"), [("f32", np.float32), ("f16", np.float16), ("f64", np.float64)]
)
def test_remainder_edges(op: str, reference: np.ufunc, element: str, dtype: type) -> None:
    with np.errstate(over="ignore"):  # f16: 3e38 is inf
        edges = np.array(EDGES, dtype)
    x, y = (a.ravel() for a in np.meshgrid(edges, edges))
    rng = np.random.default_rng(0)
    x = np.concatenate([x, (rng.standard_normal(500) * 1e4).astype(dtype)])
    y = np.concatenate([y, (rng.standard_normal(500) * 3).astype(dtype)])
    if dtype == np.float64:  # one fma step: exact below 2^53 only
        with np.errstate(all="ignore"):
            large = np.abs(x / y) >= 2.0**53
        exact = ~large | ~(np.isfinite(x) & np.isfinite(y))
        x, y = x[exact], y[exact]
    else:  # exact for every pair: quotients up to 2^276, timestamps over periods
        info = np.finfo(dtype)
        wide = rng.uniform(info.minexp - info.nmant, info.maxexp - 1, (2, 2000))
        signs = rng.choice([-1.0, 1.0], (2, 2000))
        x = np.concatenate([x, (signs[0] * 2.0 ** wide[0]).astype(dtype)])
        y = np.concatenate([y, (signs[1] * 2.0 ** wide[1]).astype(dtype)])
        if dtype == np.float32:
            x = np.concatenate([x, np.array([3e9, 1.7e9, 1e20], dtype)])
            y = np.concatenate([y, np.array([0.7, 86400.0, 0.7], dtype)])
    model = strata.compile(source(op, x.size, element), cache=False)
    got = np.asarray(model(x=x, y=y))
    with np.errstate(all="ignore"):
        want = reference(x, y)
    same = (got == want) | (np.isnan(got) & np.isnan(want))
    assert same.all(), list(zip(x[~same], y[~same], got[~same], want[~same], strict=True))[:8]


INTEGER_CASES = {
    # TensorFlow 2.21 on x = [MIN, 7, -7], y = [-1, 2, 2]; a zero y fails in TensorFlow.
    "FloorDiv": [-(2**31), 3, -4],
    "TruncateDiv": [-(2**31), 3, -3],
    "FloorMod": [0, 1, 1],
    "TruncateMod": [0, 1, -1],
}


@pytest.mark.parametrize("op", sorted(INTEGER_CASES))
def test_integer_division_as_tensorflow(op: str) -> None:
    """MIN / -1 wraps to MIN (remainder 0); a zero divisor fails the call naming the node, as
    TensorFlow's kernels fail (x86's idiv would have trapped: SIGFPE); other pairs equal
    Python's integer arithmetic."""
    x = np.array([-(2**31), 7, -7], np.int32)
    model = strata.compile(source(op, 3, "i32"), cache=False)
    assert np.asarray(model(x=x, y=np.array([-1, 2, 2], np.int32))).tolist() == INTEGER_CASES[op]
    with pytest.raises(ExecutionError, match=rf"'tf.{op}' op Integer division by zero"):
        model(x=x, y=np.array([3, 0, 1], np.int32))
    rng = np.random.default_rng(1)
    a = rng.integers(-1000, 1000, 300).astype(np.int32)
    b = rng.integers(1, 50, 300).astype(np.int32) * rng.choice([-1, 1], 300).astype(np.int32)
    python = {
        "FloorDiv": lambda p, q: p // q,
        "FloorMod": lambda p, q: p % q,
        "TruncateDiv": lambda p, q: int(p / q),
        "TruncateMod": lambda p, q: p - q * int(p / q),
    }[op]
    many = strata.compile(source(op, 300, "i32"), cache=False)
    want = [python(int(p), int(q)) for p, q in zip(a, b, strict=True)]
    assert np.asarray(many(x=a, y=b)).tolist() == want


@pytest.mark.parametrize(
    ("element", "dtype"), [("i32", np.int32), ("i8", np.int8), ("i64", np.int64), ("ui8", np.uint8)]
)
def test_hlo_integer_division_has_xla_values(element: str, dtype: type) -> None:
    """hlo.divide / hlo.remainder define what LLVM leaves undefined as XLA does: x / 0 = -1
    (all ones unsigned), x % 0 = x, MIN / -1 = MIN, MIN % -1 = 0."""
    info = np.iinfo(dtype)
    t = f"tensor<4x{element}>"
    model = strata.compile(
        f"""
func.func @main(%x: {t}, %y: {t}) -> ({t}, {t}) {{
  %q = hlo.divide %x, %y : {t}
  %r = hlo.remainder %x, %y : {t}
  func.return %q, %r : {t}, {t}
}}""",
        cache=False,
    )
    x = np.array([info.min, 7, info.max, 100], dtype)
    y = np.array([info.max if info.min == 0 else -1, 0, 0, 7], dtype)
    q, r = (np.asarray(v) for v in model(x, y))
    all_ones = info.max if info.min == 0 else -1
    first_q = 0 if info.min == 0 else info.min  # unsigned: 0 / max
    assert q.tolist() == [first_q, all_ones, all_ones, 14]
    assert r.tolist() == [0, 7, info.max, 2]


def test_f32_remainder_is_bit_exact_over_random_bits() -> None:
    """hlo.remainder of f32 equals C's fmod bit for bit over random bit patterns: every exponent
    pair, denormals, ±0, ±inf and NaN."""
    n = 20000
    rng = np.random.default_rng(5)
    x, y = (
        rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32).view(np.float32)
        for _ in range(2)
    )
    t = f"tensor<{n}xf32>"
    model = strata.compile(
        f"""
func.func @main(%x: {t}, %y: {t}) -> {t} {{
  %r = hlo.remainder %x, %y : {t}
  func.return %r : {t}
}}""",
        cache=False,
    )
    got = np.asarray(model(x, y))
    with np.errstate(all="ignore"):
        want = np.fmod(x, y)
    same = (got.view(np.uint32) == want.view(np.uint32)) | (np.isnan(got) & np.isnan(want))
    assert same.all(), list(zip(x[~same], y[~same], got[~same], want[~same], strict=True))[:8]
