"""Complex |z| and z/w where the textbook formulas overflow or underflow on the way, against
numpy (found by a differential run against TensorFlow 2.21: |2e38 + 2e38i| was inf, |1e-30 +
1e-30i| was 0, (1 + i)/(1e-30 + 1e-30i) was nan + inf i). hlo-complex-to-real computes |z| as a
scaled hypot and z/w by Smith's algorithm, so only a result out of range overflows; the special
values (0, inf and NaN parts, division by 0) are numpy's, but for the two cases of
test_divide_where_numpy_overflows_on_the_way."""

from __future__ import annotations

import numpy as np
import pytest

import strata

FLOATS = [np.float32, np.float64]
BIG = {np.float32: 2e38, np.float64: 1e300}
"""A part whose square overflows, and whose double does not."""
TINY = {np.float32: 1e-30, np.float64: 1e-300}
"""A part whose square underflows to 0."""
MID = {np.float32: 1e20, np.float64: 1e200}
"""A part whose square overflows, whose reciprocal is a normal number."""
ABS_MAX_ULP = 2
"""|z| within this many ulp of numpy's (a correctly rounded hypot)."""
DIVIDE_MAX_EPS = 4
"""Each part of a quotient within this many machine epsilons of |z/w| of numpy's."""


def _element(dtype: type) -> str:
    return "f32" if dtype is np.float32 else "f64"


def _run(op: str, dtype: type, *parts: np.ndarray) -> tuple[np.ndarray, ...]:
    """hlo.abs of complex(a, b) ("abs": |z|) or hlo.divide of complex(a, b) by complex(c, d)
    ("divide": the quotient's real and imaginary parts), compiled and run on the parts."""
    t = f"tensor<{parts[0].size}x{_element(dtype)}>"
    c = f"tensor<{parts[0].size}xcomplex<{_element(dtype)}>>"
    if op == "abs":
        body = f"""
  %z = hlo.complex %a, %b : {c}
  %m = hlo.abs %z : ({c}) -> {t}
  func.return %m : {t}"""
        signature = f"(%a: {t}, %b: {t}) -> {t}"
    else:
        body = f"""
  %z = hlo.complex %a, %b : {c}
  %w = hlo.complex %c, %d : {c}
  %q = hlo.divide %z, %w : {c}
  %re = hlo.real %q : ({c}) -> {t}
  %im = hlo.imag %q : ({c}) -> {t}
  func.return %re, %im : {t}, {t}"""
        signature = f"(%a: {t}, %b: {t}, %c: {t}, %d: {t}) -> ({t}, {t})"
    source = f"func.func @main{signature} {{{body}\n}}"
    result = strata.compile(source, cache=False)(*[p.astype(dtype) for p in parts])
    return result if isinstance(result, tuple) else (result,)


def _complex(re: np.ndarray, im: np.ndarray, dtype: type) -> np.ndarray:
    """re + i im without rounding through arithmetic (inf and NaN parts kept apart)."""
    z = np.empty(re.shape, np.complex64 if dtype is np.float32 else np.complex128)
    z.real, z.imag = re, im
    return z


def _ulps(got: np.ndarray, want: np.ndarray) -> np.ndarray:
    """Distance in units in the last place between finite floats of one type (-0 is +0)."""
    bits = got.dtype.itemsize * 8

    def ordered(x: np.ndarray) -> np.ndarray:
        i = x.view(f"int{bits}").astype(object)  # Python ints: no overflow in the difference
        return np.where(i < 0, -(1 << (bits - 1)) - i, i)

    return np.abs(ordered(got) - ordered(want)).astype(np.float64)


def _abs_parts(dtype: type) -> tuple[np.ndarray, np.ndarray]:
    """Every pair of special and extreme parts, then random ones of every magnitude."""
    info = np.finfo(dtype)
    specials = [0.0, -0.0, 1.0, -3.0, 4.0, TINY[dtype], -TINY[dtype], BIG[dtype], -BIG[dtype]]
    specials += [float(info.max), float(info.smallest_subnormal), np.inf, -np.inf, np.nan]
    a, b = (np.array(v, dtype) for v in zip(*[(x, y) for x in specials for y in specials]))
    rng = np.random.default_rng(0)
    exponents = rng.uniform(info.minexp + 2, info.maxexp - 3, (2, 4000))
    ra, rb = rng.standard_normal((2, 4000)) * np.exp2(exponents)
    return np.concatenate([a, ra.astype(dtype)]), np.concatenate([b, rb.astype(dtype)])


@pytest.mark.parametrize("dtype", FLOATS)
def test_abs_is_numpys_hypot(dtype: type) -> None:
    """|z| within 2 ulp of numpy's (a correctly rounded hypot) for parts of every magnitude,
    overflowing only where the modulus does; inf where a part is (even if the other is NaN),
    else NaN where a part is, 0 for 0."""
    a, b = _abs_parts(dtype)
    (got,) = _run("abs", dtype, a, b)
    want = np.abs(_complex(a, b, dtype))
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    finite = np.isfinite(want)
    np.testing.assert_array_equal(got[~finite & ~np.isnan(want)], want[~finite & ~np.isnan(want)])
    assert np.isfinite(got[finite]).all(), a[finite & ~np.isfinite(got)]
    worst = _ulps(got[finite], want[finite])
    assert worst.max() <= ABS_MAX_ULP, (a[finite][worst.argmax()], b[finite][worst.argmax()])


@pytest.mark.parametrize("dtype", FLOATS)
def test_abs_where_squares_overflow_or_underflow(dtype: type) -> None:
    """The differential run's cases: |b + bi| = b sqrt(2) where b^2 overflows (it was inf),
    |t + ti| where t^2 underflows (it was 0)."""
    big, tiny = BIG[dtype], TINY[dtype]
    (got,) = _run("abs", dtype, np.array([big, tiny, 3 * tiny]), np.array([big, tiny, 4 * tiny]))
    want = np.array([big * np.sqrt(2), tiny * np.sqrt(2), 5 * tiny], dtype)
    np.testing.assert_allclose(got, want, rtol=2 * np.finfo(dtype).eps)


def _divide_cases(dtype: type) -> list[tuple[complex, complex]]:
    """(z, w) whose quotient is numpy's: c^2 + d^2 over- or underflowing, ordinary values, a
    zero, infinite or NaN part."""
    big, tiny, mid = BIG[dtype], TINY[dtype], MID[dtype]
    inf, nan = np.inf, np.nan
    return [
        (1 + 1j, complex(tiny, tiny)),
        (1 + 1j, complex(mid, mid)),
        (3 - 4j, complex(tiny, 2 * tiny)),
        (complex(tiny, tiny), complex(tiny, 0.0)),
        (complex(big, big), complex(big, 0.0)),
        (complex(big, -big), complex(0.0, big)),
        (complex(mid, 1.0), complex(mid, -mid)),
        (1.5 + 2.5j, 2 - 1j),
        (-0.5 + 1j, 0.25 + 0.75j),
        (complex(0.0, 0.0), 3 + 4j),
        (1 + 1j, complex(0.0, 0.0)),
        (1 + 0j, complex(0.0, 0.0)),
        (complex(-1.0, 2.0), complex(0.0, 0.0)),
        (complex(0.0, 0.0), complex(0.0, 0.0)),
        (1 + 1j, complex(-0.0, 0.0)),
        (1 + 2j, complex(inf, 0.0)),
        (1 + 2j, complex(0.0, -inf)),
        (complex(inf, 0.0), 1 + 1j),
        (complex(inf, 0.0), 2 + 0j),
        (complex(nan, 1.0), 1 + 1j),
        (1 + 1j, complex(nan, 0.0)),
        (1 + 1j, complex(0.0, nan)),
    ]


@pytest.mark.parametrize("dtype", FLOATS)
def test_divide_matches_numpy(dtype: type) -> None:
    """Each part within 4 eps of |z/w| of numpy's; inf and NaN exactly where numpy's are."""
    rng = np.random.default_rng(1)
    cases = _divide_cases(dtype)
    z = np.array([z for z, _ in cases], complex)
    w = np.array([w for _, w in cases], complex)
    magnitudes = 10.0 ** rng.uniform(-15, 15, (4, 2000))
    ra, rb, rc, rd = rng.standard_normal((4, 2000)) * magnitudes
    a, b = np.concatenate([z.real, ra]), np.concatenate([z.imag, rb])
    c, d = np.concatenate([w.real, rc]), np.concatenate([w.imag, rd])
    re, im = _run("divide", dtype, a, b, c, d)
    with np.errstate(all="ignore"):
        want = _complex(a.astype(dtype), b.astype(dtype), dtype) / _complex(
            c.astype(dtype), d.astype(dtype), dtype
        )
    for got, part in ((re, want.real), (im, want.imag)):
        np.testing.assert_array_equal(np.isnan(got), np.isnan(part))
        special = np.isinf(part)
        np.testing.assert_array_equal(got[special], part[special])
        ok = np.isfinite(part)
        bound = DIVIDE_MAX_EPS * np.finfo(dtype).eps * np.abs(want[ok])
        np.testing.assert_array_less(np.abs(got[ok] - part[ok]), bound + np.finfo(dtype).tiny)


@pytest.mark.parametrize("dtype", FLOATS)
def test_divide_where_squares_overflow_or_underflow(dtype: type) -> None:
    """TensorFlow's answers to the differential run's cases: (1 + i)/(t + ti) = 1/t."""
    tiny, mid = TINY[dtype], MID[dtype]
    ones = np.ones(2)
    re, im = _run("divide", dtype, ones, ones, np.array([tiny, mid]), np.array([tiny, mid]))
    np.testing.assert_allclose(re, np.array([1 / tiny, 1 / mid], dtype), rtol=1e-6)
    np.testing.assert_array_equal(im, [0.0, 0.0])


@pytest.mark.parametrize("dtype", FLOATS)
def test_divide_where_numpy_overflows_on_the_way(dtype: type) -> None:
    """Where numpy's Smith division gives NaN or 0 for a finite quotient: a finite z over a w
    with both parts infinite is 0, as C99 Annex G's division (std::complex) gives (numpy:
    inf/inf, NaN); over a w with parts near the largest float, the quotient, as TensorFlow's
    (numpy: c + d^2/c overflows, and the quotient is 0)."""
    top = np.finfo(dtype).max * dtype(0.9)
    a, b = np.array([1.0, -1.0, 1e30, 1e30], dtype), np.array([2.0, 0.0, 1e30, 0.0], dtype)
    c = np.array([np.inf, np.inf, top, top], dtype)
    d = np.array([np.inf, -np.inf, top, top], dtype)
    re, im = _run("divide", dtype, a, b, c, d)
    same = float(a[2]) / float(top)  # (1e30 + 1e30i)/(top + top i)
    half = float(a[3]) / float(top) / 2  # 1e30/(top + top i) = half - half i
    rtol = DIVIDE_MAX_EPS * np.finfo(dtype).eps
    np.testing.assert_allclose(re, np.array([0.0, 0.0, same, half], dtype), rtol=rtol)
    np.testing.assert_allclose(im, np.array([0.0, 0.0, 0.0, -half], dtype), rtol=rtol)
