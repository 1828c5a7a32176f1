"""expand-math's f32 functions, and the libmvec functions the JIT calls for the others
(strata.targets.vector_library), against float64 numpy, in units in the last place.

By default every 4099th f32 bit pattern (both signs, every exponent: ~1M inputs) plus the special
values (±0, ±inf, NaN, the smallest denormals, the overflow/underflow thresholds and their
neighbours); STRATA_TEST_EXHAUSTIVE_MATH=1 runs all 2^32 inputs in chunks. Asserts
expand_math.MAX_ULP, and that NaN appears exactly where numpy gives NaN.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest

import strata
from strata.targets import vector_library
from strata.targets.cpu import runnable_cpus
from strata.targets.description import TargetDescription
from strata.transforms.expand_math import BINARY, MAX_ULP

EXHAUSTIVE = os.environ.get("STRATA_TEST_EXHAUSTIVE_MATH") == "1"
CHUNK = 1 << 22
REFERENCE = {
    "exp": np.exp,
    "log": np.log,
    "log1p": np.log1p,
    "expm1": np.expm1,
    "tanh": np.tanh,
    "sin": np.sin,
    "cos": np.cos,
    "tan": np.tan,
    "sinh": np.sinh,
    "cosh": np.cosh,
    "atan": np.arctan,
}
VECTOR_LIBRARY_REFERENCE = {
    "sin": np.sin,
    "cos": np.cos,
    "tan": np.tan,
    "asin": np.arcsin,
    "acos": np.arccos,
    "sinh": np.sinh,
    "cosh": np.cosh,
    "cbrt": np.cbrt,
    "exp2": np.exp2,
    "log2": np.log2,
    "log10": np.log10,
}
"""The f32 math ops that become vector_library.FUNCTIONS calls, with numpy's float64 version
(atan and atan2 are expand-math's on every target: faster than libmvec's)."""
SPECIALS = np.array(
    [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 2.0, 0.5, 0.625, -0.625, 1e-45, -1e-45,
     1.1754942e-38, 1.1754944e-38, 88.72283, 88.722839, 88.72284, -87.33654, -103.97207,
     -103.97208, -103.9721, -104.0, -174.9, -175.0, -176.0, -177.0, -1e9, 3.4028235e38,
     -3.4028235e38, 1e-7, -1e-7, 0.99999994, -0.99999994, 9.0, -9.0, 20.0],
    np.float32,
)  # fmt: skip


def _tunings() -> list[str]:
    """A tuning without FMA (the polynomials as multiply and add) and, where this host has FMA,
    one with it (the polynomials as math.fma): both must meet the bounds."""
    runnable = runnable_cpus()
    tunings = ["x86-64-v2"] if "x86-64-v2" in runnable else []
    if TargetDescription.host().fma or not tunings:
        tunings.append("host")
    return tunings


TUNINGS = _tunings()


def kernel_source(op: str, n: int) -> str:
    """`math.<op>` over a tensor of n f32 (input "x", output "y"), as IR text."""
    t = f"tensor<{n}xf32>"
    return f"""
func.func @main(%x: {t}) -> {t} attributes {{tf.entry_function = {{inputs = "x", outputs = "y"}}}} {{
  %e = tensor.empty() : {t}
  %r = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}} ins(%x : {t}) outs(%e : {t}) {{
  ^bb0(%in: f32, %out: f32):
    %y = math.{op} %in : f32
    linalg.yield %y : f32
  }} -> {t}
  func.return %r : {t}
}}"""


@contextmanager
def _no_vector_library() -> Iterator[None]:
    """Compiles as where libmvec does not load (AArch64, other libcs): expand-math's sin, cos,
    pow, ..., not the vector library's."""
    real = vector_library.available
    vector_library.available = lambda: False  # type: ignore[assignment]
    try:
        yield
    finally:
        vector_library.available = real  # type: ignore[assignment]


def kernel(op: str, n: int, cpu: str = "host", expanded: bool = True) -> strata.CompiledModel:
    """`op` over n f32; sin and cos as expand-math's (`expanded`) or as the JIT calls them here."""
    if expanded:
        with _no_vector_library():
            return strata.compile(kernel_source(op, n), cache=False, cpu=cpu)
    return strata.compile(kernel_source(op, n), cache=False, cpu=cpu)


def ordered(a: np.ndarray) -> np.ndarray:
    """f32 bit patterns as integers that count ulps across zero."""
    i = a.view(np.int32).astype(np.int64)
    return np.where(i < 0, -(i & 0x7FFFFFFF), i)


def worst_ulps(got: np.ndarray, want: np.ndarray) -> tuple[int, int, np.ndarray]:
    """(largest ulp distance outside NaNs, its index, the indices where only one side is NaN)."""
    nan_got, nan_want = np.isnan(got), np.isnan(want)
    d = np.abs(ordered(got) - ordered(want))
    d[nan_got] = 0
    worst = int(np.argmax(d))
    return int(d[worst]), worst, np.flatnonzero(nan_got != nan_want)


def ulp_error(op: str, got: np.ndarray, x: np.ndarray) -> tuple[int, float]:
    reference = REFERENCE.get(op) or VECTOR_LIBRARY_REFERENCE[op]
    with np.errstate(all="ignore"):
        want = reference(x.astype(np.float64)).astype(np.float32)
    err, worst, mismatched = worst_ulps(got, want)
    assert mismatched.size == 0, (
        f"{op}: NaN where numpy has none, or not where it has, e.g. x={x[mismatched[:5]]}"
    )
    return err, float(x[worst])


def inputs() -> list[np.ndarray]:
    if EXHAUSTIVE:
        return [
            np.arange(start, min(start + CHUNK, 1 << 32), dtype=np.uint64)
            .astype(np.uint32)
            .view(np.float32)
            for start in range(0, 1 << 32, CHUNK)
        ]
    sample = np.arange(0, 1 << 32, 4099, dtype=np.uint64).astype(np.uint32).view(np.float32)
    with np.errstate(over="ignore"):
        neighbours = np.nextafter(SPECIALS, np.float32(np.inf))
    return [np.concatenate([sample, SPECIALS, neighbours])]


def max_error(op: str, cpu: str, expanded: bool = True) -> tuple[int, float]:
    """The largest ulp error of `op` tuned for `cpu` over `inputs()`, and where."""
    chunks = inputs()
    model = kernel(op, chunks[0].size, cpu, expanded)
    worst, at = 0, 0.0
    for x in chunks:
        if x.size != chunks[0].size:
            x = np.resize(x, chunks[0].size)
        err, where = ulp_error(op, model(x=x), x)
        if err > worst:
            worst, at = err, where
    return worst, at


UNARY = sorted(set(MAX_ULP) - BINARY)


@pytest.mark.parametrize("cpu", TUNINGS)
@pytest.mark.parametrize("op", UNARY)
def test_max_ulp(op: str, cpu: str) -> None:
    worst, at = max_error(op, cpu)
    assert worst <= MAX_ULP[op], f"{op}: {worst} ulp at x={at!r} (bound {MAX_ULP[op]})"


@pytest.mark.parametrize("cpu", TUNINGS)
def test_special_values_exactly(cpu: str) -> None:
    x = np.array([0.0, -0.0, np.inf, -np.inf, np.nan], np.float32)
    want = {
        "exp": [1.0, 1.0, np.inf, 0.0, np.nan],
        "log": [-np.inf, -np.inf, np.inf, np.nan, np.nan],
        "log1p": [0.0, -0.0, np.inf, np.nan, np.nan],
        "expm1": [0.0, -0.0, np.inf, -1.0, np.nan],
        "tanh": [0.0, -0.0, 1.0, -1.0, np.nan],
        "sin": [0.0, -0.0, np.nan, np.nan, np.nan],
        "cos": [1.0, 1.0, np.nan, np.nan, np.nan],
        "tan": [0.0, -0.0, np.nan, np.nan, np.nan],
        "sinh": [0.0, -0.0, np.inf, -np.inf, np.nan],
        "cosh": [1.0, 1.0, np.inf, np.inf, np.nan],
        "atan": [0.0, -0.0, np.pi / 2, -np.pi / 2, np.nan],
    }
    for op, values in want.items():
        got = kernel(op, x.size, cpu)(x=x)
        expected = np.array(values, np.float32)
        np.testing.assert_array_equal(got, expected, err_msg=op)
        assert list(np.signbit(got[:2])) == list(np.signbit(expected[:2])), f"{op}: sign of ±0"


def _vector_tunings() -> list[str]:
    """SSE (4-lane variants), AVX2 (8) where this host runs it, and this host's own."""
    return [c for c in ("x86-64", "x86-64-v3") if c in runnable_cpus()] + ["host"]


@pytest.mark.skipif(not vector_library.available(), reason="libmvec does not load here")
@pytest.mark.parametrize("cpu", _vector_tunings())
@pytest.mark.parametrize("op", sorted(VECTOR_LIBRARY_REFERENCE))
def test_vector_library_max_ulp(op: str, cpu: str) -> None:
    """The JIT's loops over these call libmvec (every input, huge arguments of sin and cos
    included): within vector_library.MAX_ULP, and NaN exactly where numpy has it."""
    worst, at = max_error(op, cpu, expanded=False)
    assert worst <= vector_library.MAX_ULP, f"{op}: {worst} ulp at x={at!r}"


BINARY_REFERENCE = {"powf": np.power, "atan2": np.arctan2}
"""The two-argument f32 math ops, with numpy's float64 version."""


def binary_source(op: str, n: int) -> str:
    """`math.<op>` of two tensors of n f32 (inputs "x" and "y", output "z"), as IR text."""
    t = f"tensor<{n}xf32>"
    maps = ", ".join(["affine_map<(d0) -> (d0)>"] * 3)
    return f"""
func.func @main(%x: {t}, %y: {t}) -> {t} attributes {{tf.entry_function = {{inputs = "x,y", outputs = "z"}}}} {{
  %e = tensor.empty() : {t}
  %r = linalg.generic {{indexing_maps = [{maps}], iterator_types = ["parallel"]}}
      ins(%x, %y : {t}, {t}) outs(%e : {t}) {{
  ^bb0(%a: f32, %b: f32, %out: f32):
    %z = math.{op} %a, %b : f32
    linalg.yield %z : f32
  }} -> {t}
  func.return %r : {t}
}}"""


def binary_kernel(op: str, n: int, cpu: str, expanded: bool = False) -> strata.CompiledModel:
    """`op` of two f32 tensors; as expand-math's (`expanded`) or as the JIT calls it here."""
    if expanded:
        with _no_vector_library():
            return strata.compile(binary_source(op, n), cache=False, cpu=cpu)
    return strata.compile(binary_source(op, n), cache=False, cpu=cpu)


BINARY_SPECIALS = np.array(
    [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, -3.0, 1.5,
     1e-45, -1e-45, 3.4028235e38, -3.4028235e38, 0.99999994, 1.0000001],
    np.float32,
)  # fmt: skip


def binary_inputs(wide: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Random pairs across magnitudes and signs (a third of the exponents whole numbers) and
    every pair of BINARY_SPECIALS; `wide`: also every magnitude of x with small y, y up to 2000
    with x near 1, denormal x, negative x to whole powers, and random bit patterns of both."""
    rng = np.random.default_rng(0)
    n = 1 << 18
    x = (rng.standard_normal(n) * np.exp2(rng.integers(-20, 20, n))).astype(np.float32)
    y = (rng.standard_normal(n) * np.exp2(rng.integers(-6, 6, n))).astype(np.float32)
    y[::3] = np.round(y[::3])
    xs, ys = (
        [x, np.repeat(BINARY_SPECIALS, BINARY_SPECIALS.size)],
        [
            y,
            np.tile(BINARY_SPECIALS, BINARY_SPECIALS.size),
        ],
    )
    if wide:
        bits = rng.integers(0, 1 << 32, (2, n), dtype=np.uint64).astype(np.uint32)
        pairs = [
            (np.exp(rng.uniform(-103, 88, n)), rng.uniform(-3, 3, n)),
            (rng.uniform(0.9, 1.1, n), rng.uniform(-2000, 2000, n)),
            (rng.integers(1, 1 << 23, n).astype(np.uint32).view(np.float32), rng.uniform(-2, 2, n)),
            (-rng.uniform(0, 10, n), rng.integers(-40, 40, n)),
            (bits[0].view(np.float32), bits[1].view(np.float32)),
            (bits[0].view(np.float32), rng.uniform(-4, 4, n)),
        ]
        xs += [np.asarray(a, np.float32) for a, _ in pairs]
        ys += [np.asarray(b, np.float32) for _, b in pairs]
    return np.concatenate(xs), np.concatenate(ys)


def binary_error(op: str, got: np.ndarray, x: np.ndarray, y: np.ndarray) -> tuple[int, str]:
    """The largest ulp error of `got` = op(x, y) against numpy in float64, and where; asserts
    NaN exactly where numpy has it, and the sign of every zero and infinity."""
    with np.errstate(all="ignore"):
        want = BINARY_REFERENCE[op](x.astype(np.float64), y.astype(np.float64)).astype(np.float32)
    err, worst, mismatched = worst_ulps(got, want)
    assert mismatched.size == 0, (
        f"{op}: NaN mismatch at x={x[mismatched[:5]]}, y={y[mismatched[:5]]}"
    )
    edge = (want == 0) | np.isinf(want)
    sign = np.flatnonzero(edge & (np.signbit(got) != np.signbit(want)))
    assert sign.size == 0, f"{op}: sign of ±0 or ±inf at x={x[sign[:5]]}, y={y[sign[:5]]}"
    return err, f"({x[worst]!r}, {y[worst]!r})"


MATH_OP = {"pow": "powf", "atan2": "atan2"}
"""The `math` op of each expansion of two arguments (expand_math.BINARY)."""


@pytest.mark.parametrize("cpu", TUNINGS)
@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_max_ulp(name: str, cpu: str) -> None:
    """expand-math's pow (where no vector library serves it) and atan2 over
    binary_inputs(wide=True)."""
    x, y = binary_inputs(wide=True)
    got = binary_kernel(MATH_OP[name], x.size, cpu, expanded=True)(x=x, y=y)
    err, at = binary_error(MATH_OP[name], got, x, y)
    assert err <= MAX_ULP[name], f"{name}: {err} ulp at {at} (bound {MAX_ULP[name]})"


@pytest.mark.skipif(not vector_library.available(), reason="libmvec does not load here")
@pytest.mark.parametrize("cpu", _vector_tunings())
@pytest.mark.parametrize("op", ["powf"])
def test_vector_library_binary_max_ulp(op: str, cpu: str) -> None:
    """libmvec's pow, which the JIT calls here, over binary_inputs()."""
    x, y = binary_inputs()
    got = binary_kernel(op, x.size, cpu)(x=x, y=y)
    err, at = binary_error(op, got, x, y)
    assert err <= vector_library.MAX_ULP, f"{op}: {err} ulp at {at}"
