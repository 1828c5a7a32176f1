"""Special functions at the values where their formulas switch or give out, as TensorFlow's
kernels answer (found by differential runs against TensorFlow 2.21): ndtri of NaN is NaN;
zeta is NaN for x < 1 before its poles, and 0 where every power underflows (x = 1e10, q = inf);
igamma is 0 at x = 0 for every a, a probability in [0, 1] always, and accurate where a = x is
large (its x^a e^-x / gamma(a) computed in f64: in f32 its terms' cancellation cost 3e-5);
Round and Sign give TensorFlow's signed zeros; erf within 3 ulp of float64, odd, 1 from 4 on."""

from __future__ import annotations

import math

import numpy as np
import pytest

import strata


def run(op: str, *args: np.ndarray) -> np.ndarray:
    n = args[0].size
    t = f"tensor<{n}xf32>"
    names = ", ".join(f"%a{i}: {t}" for i in range(len(args)))
    operands = ", ".join(f"%a{i}" for i in range(len(args)))
    types = ", ".join([t] * len(args))
    source = f"""
func.func @main({names}) -> {t} {{
  %r = "tf.{op}"({operands}) : ({types}) -> {t}
  func.return %r : {t}
}}"""
    return np.asarray(strata.compile(source, cache=False)(*args))


def f32(*values: float) -> np.ndarray:
    return np.array(values, np.float32)


def regularized_lower_gamma(a: float, x: float) -> float:
    """P(a, x) by its series in float64 (a reference for moderate a)."""
    log_ax = a * math.log(x) - x - math.lgamma(a)
    total, term, r = 1.0, 1.0, a
    while term > 1e-18 * total:
        r += 1
        term *= x / r
        total += term
    return math.exp(log_ax) * total / a


def test_ndtri_of_nan_is_nan() -> None:
    got = run("Ndtri", f32(np.nan, 0.5, 0.0, 1.0, -0.1, 0.975))
    want = [np.nan, 0.0, -np.inf, np.inf, np.nan, 1.959963984540054]
    np.testing.assert_allclose(got, np.array(want, np.float32), rtol=1e-6)


def test_zeta_edges() -> None:
    x = f32(0.5, 0.0, -1.0, 2.0, 1e10, 3e38, 2.0, 1.0, 2.0)
    q = f32(0.0, -1.0, -2.0, np.inf, 1.5, 88.7, -1.0, 3.0, 1.0)
    want = f32(np.nan, np.nan, np.nan, 0.0, 0.0, 0.0, np.inf, np.inf, math.pi**2 / 6)
    np.testing.assert_allclose(run("Zeta", x, q), want, rtol=1e-6)


@pytest.mark.parametrize(("a", "x"), [(88.7, 88.7), (88.7, 89.0), (89.0, 88.7), (30.0, 31.5)])
def test_igamma_where_a_and_x_are_large(a: float, x: float) -> None:
    got = run("Igamma", f32(a), f32(x))
    want = regularized_lower_gamma(float(np.float32(a)), float(np.float32(x)))
    np.testing.assert_allclose(got, [want], rtol=1e-6)


def test_igamma_at_zero_and_out_of_reach() -> None:
    a = f32(-1.0, np.nan, 0.0, 2.0, -1.0, 3e38)
    x = f32(0.0, 0.0, 0.0, 0.0, 1.0, 3e38)
    got = run("Igamma", a, x)
    np.testing.assert_array_equal(got[:4], [0.0, 0.0, 0.0, 0.0])  # x = 0: 0 for every a
    assert np.isnan(got[4])  # a <= 0 elsewhere
    assert 0.0 <= got[5] <= 1.0  # beyond the series' reach: still a probability


def test_round_and_sign_give_tensorflows_zeros() -> None:
    """Round keeps the sign of a result of zero (TensorFlow's round(-0.4) is -0, where a floor
    and a parity test gave +0); Sign of -0 is +0 (hlo.sign keeps -0, StableHLO's rule)."""
    x = f32(-0.0, 0.0, -0.4, -0.5, 0.5, 1.5, 2.5, -2.5, np.nan)
    rounded = run("Round", x)
    np.testing.assert_array_equal(rounded, np.rint(x))
    np.testing.assert_array_equal(np.signbit(rounded), np.signbit(np.rint(x)))
    sign = run("Sign", x)
    np.testing.assert_array_equal(sign, np.sign(x))
    assert not np.signbit(sign[:2]).any()


def test_double_to_half_rounds_twice_as_tensorflow() -> None:
    """tf.Cast of f64 to f16 goes through f32, as TensorFlow's kernel converts: 1 + 2^-11 +
    2^-40 is 1 (one rounding, numpy's, gives 1 + 2^-10), 2049 + 2^-30 is 2048."""
    source = """
func.func @main(%d: tensor<3xf64>) -> tensor<3xf16> {
  %h = "tf.Cast"(%d) : (tensor<3xf64>) -> tensor<3xf16>
  func.return %h : tensor<3xf16>
}"""
    d = np.array([1 + 2**-11 + 2**-40, 2049 + 2**-30, 1 + 3 * 2**-11], np.float64)
    got = np.asarray(strata.compile(source, cache=False)(d))
    np.testing.assert_array_equal(got, d.astype(np.float32).astype(np.float16))
    assert got[0] != np.float16(d[0])  # numpy's single rounding differs


def test_xlog1py_is_zero_where_x_is() -> None:
    """x * log1p(y), 0 where x == 0 even where log1p(y) is -inf (y = -1) or NaN."""
    x = f32(0.0, 0.0, 2.0, -1.5, 3.0, 0.0)
    y = f32(-1.0, np.nan, 1e-8, 0.5, -1.0, 2.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        want = np.where(x == 0, 0.0, x * np.log1p(y)).astype(np.float32)
    np.testing.assert_allclose(run("Xlog1py", x, y), want, rtol=2e-7)


def test_erf_within_three_ulp_and_odd() -> None:
    # One f32 in 601 from 0 to 4.5 (every exponent and region: x T(x^2) to 1, the tail
    # 1 - exp(-x^2)/x G(1/x^2) to 4, 1 beyond), both signs, against math.erf in float64.
    x = np.arange(0, np.float32(4.5).view(np.int32), 601, dtype=np.int32).view(np.float32)
    x = np.concatenate([x, -x, f32(4.0, 5.0, 1e30, np.inf, -np.inf)])
    got = run("Erf", x).astype(np.float64)
    want = np.array([math.erf(v) for v in x.astype(np.float64)])
    ulp = np.spacing(np.abs(want).astype(np.float32)).astype(np.float64)
    worst = int(np.argmax(np.abs(got - want) / ulp))
    assert abs(got[worst] - want[worst]) <= 3 * ulp[worst], f"erf({x[worst]!r}) = {got[worst]!r}"
    assert list(got[-5:]) == [1.0, 1.0, 1.0, 1.0, -1.0]
    assert np.isnan(run("Erf", f32(np.nan))[0]) and np.signbit(run("Erf", f32(-0.0))[0])


def test_erf_tail_polynomial_error_in_float64() -> None:
    # _ERF_G was fitted (least squares weighted by erfc(x)) so that 1 - exp(-x^2)/x G(1/x^2) is
    # within 1.5e-8 (a quarter ulp of erf near 1) of erf(x) on [1, 4] in float64.
    from strata.lowering.tf_to_hlo.elementwise import _ERF_G, _ERF_ONE

    x = np.linspace(1.0, _ERF_ONE, 20001)
    tail = np.exp(-x * x) / x * np.polyval(_ERF_G, 1 / (x * x))
    want = np.array([math.erf(v) for v in x])
    assert np.abs(1 - tail - want).max() < 1.5e-8
