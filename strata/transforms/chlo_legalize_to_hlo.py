"""chlo-legalize-to-hlo: every chlo op as the hlo ops that compute it (MLIR's
chlo-legalize-to-stablehlo), so the stages below `hlo` never see chlo.

The special functions follow XLA's formulas (xla/client/lib/math.cc, StableHLO's
ChloLegalizeToStablehlo), so results match JAX's to a few ulp: f16 and bf16 are computed in f32
and rounded back, as XLA does; f64 gets the f64 polynomials where XLA has them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerType,
    ModuleOp,
    TensorType,
    f32,
    f64,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)

from strata.diagnostics import PassContractError, describe_op, op_diagnostic
from strata.dialects import chlo, hlo
from strata.dialects.element_kinds import bit_width, complex_part, is_complex, is_float
from strata.dialects.tensor_types import shape_of
from strata.internal import expect
from strata.lowering.hlo_to_linalg.hlo_builder import HloEmitter, counted_loop, hypot


def _element(value: SSAValue) -> Attribute:
    t = value.type
    t = expect(t, TensorType)
    element: Attribute = t.element_type
    return element


class _Hlo:
    """hlo arithmetic on tensors of one shape, each op located at the chlo op it expands."""

    def __init__(self, at: Operation):
        self.emit = HloEmitter(at)
        self._constants: dict[tuple[float, Attribute], SSAValue] = {}

    def const(self, value: float, like: SSAValue) -> SSAValue:
        """`value` in every element of a tensor of `like`'s type (complex: value + 0i)."""
        t = like.type
        t = expect(t, TensorType)
        key = (value, t)
        if key in self._constants:
            return self._constants[key]
        part = complex_part(t.element_type)
        if part is not None:
            parts = self.emit.scalar(value, part), self.emit.scalar(0.0, part)
            scalar = self.emit(hlo.ComplexOp(*parts))
        else:
            scalar = self.emit.scalar(value, t.element_type)
        result = scalar if t.get_num_dims() == 0 else self.emit(hlo.BroadcastInDimOp(scalar, t, []))
        self._constants[key] = result
        return result

    def add(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.emit(hlo.AddOp(a, b))

    def sub(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.emit(hlo.SubtractOp(a, b))

    def mul(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.emit(hlo.MultiplyOp(a, b))

    def div(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.emit(hlo.DivideOp(a, b))

    def neg(self, a: SSAValue) -> SSAValue:
        return self.emit(hlo.NegateOp(a))

    def abs(self, a: SSAValue) -> SSAValue:
        return self.emit(hlo.AbsOp(a))

    def log(self, a: SSAValue) -> SSAValue:
        return self.emit(hlo.LogOp(a))

    def log1p(self, a: SSAValue) -> SSAValue:
        return self.emit(hlo.Log1pOp(a))

    def exp(self, a: SSAValue) -> SSAValue:
        return self.emit(hlo.ExponentialOp(a))

    def sqrt(self, a: SSAValue) -> SSAValue:
        return self.emit(hlo.SqrtOp(a))

    def floor(self, a: SSAValue) -> SSAValue:
        return self.emit(hlo.FloorOp(a))

    def atan2(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.emit(hlo.Atan2Op(a, b))

    def cmp(self, a: SSAValue, direction: str, b: SSAValue) -> SSAValue:
        return self.emit(hlo.CompareOp(a, b, direction))

    def select(self, pred: SSAValue, on_true: SSAValue, on_false: SSAValue) -> SSAValue:
        return self.emit(hlo.SelectOp(pred, on_true, on_false))

    def bitcast(self, a: SSAValue, element: Attribute) -> SSAValue:
        return self.emit(hlo.BitcastConvertOp(a, TensorType(element, shape_of(a.type))))

    def poly(self, x: SSAValue, coefficients: Sequence[float]) -> SSAValue:
        """The polynomial with `coefficients` (highest degree first) at x, by Horner's rule."""
        p = self.const(coefficients[0], x)
        for c in coefficients[1:]:
            p = self.add(self.mul(p, x), self.const(c, x))
        return p

    def chebyshev(self, x: SSAValue, coefficients: Sequence[float]) -> SSAValue:
        """The Chebyshev series with `coefficients` (Cephes' order) at x, by Clenshaw's rule."""
        b0, b1 = self.const(coefficients[0], x), self.const(0.0, x)
        b2 = b1
        for c in coefficients[1:]:
            b2, b1 = b1, b0
            b0 = self.add(self.sub(self.mul(x, b1), b2), self.const(c, x))
        return self.mul(self.sub(b0, b2), self.const(0.5, x))


Real = Callable[[_Hlo, SSAValue], SSAValue]
"""A real function of one float tensor, emitted as hlo ops."""


def _in_f32(h: _Hlo, x: SSAValue, compute: Real) -> SSAValue:
    """`compute` on x, f16 and bf16 widened to f32 first and the result rounded back."""
    element = _element(x)
    if not isinstance(element, Float16Type | BFloat16Type):
        return compute(h, x)
    wide = h.emit(hlo.ConvertOp(x, f32))
    return h.emit(hlo.ConvertOp(compute(h, wide), element))


def _is_f64(x: SSAValue) -> bool:
    return isinstance(_element(x), Float64Type)


def _max_finite(x: SSAValue) -> float:
    return float(np.finfo(np.float64 if _is_f64(x) else np.float32).max)


# ---------------------------------------------------------------------------------------------
# Inverse trigonometric and hyperbolic functions (real)


def _atan(h: _Hlo, x: SSAValue) -> SSAValue:
    return h.atan2(x, h.const(1.0, x))


def _atanh(h: _Hlo, x: SSAValue) -> SSAValue:
    """(log1p(x) - log1p(-x)) / 2; NaN for |x| > 1"""
    half_log = h.mul(h.sub(h.log1p(x), h.log1p(h.neg(x))), h.const(0.5, x))
    beyond = h.cmp(h.abs(x), "GT", h.const(1.0, x))
    return h.select(beyond, h.const(math.nan, x), half_log)


def _asin(h: _Hlo, x: SSAValue) -> SSAValue:
    """2 atan2(x, 1 + sqrt((1 - x)(1 + x)))"""
    one = h.const(1.0, x)
    root = h.sqrt(h.mul(h.sub(one, x), h.add(one, x)))
    half = h.atan2(x, h.add(one, root))
    return h.add(half, half)


def _acos(h: _Hlo, x: SSAValue) -> SSAValue:
    """atan2(sqrt((1 - x)(1 + x)), x)"""
    one = h.const(1.0, x)
    return h.atan2(h.sqrt(h.mul(h.sub(one, x), h.add(one, x))), x)


def _acosh(h: _Hlo, x: SSAValue) -> SSAValue:
    """log1p(sqrt(x - 1) (sqrt(x + 1) + sqrt(x - 1))); log 2 + log x where x^2 overflows"""
    one = h.const(1.0, x)
    below = h.sqrt(h.sub(x, one))
    near = h.log1p(h.mul(below, h.add(h.sqrt(h.add(x, one)), below)))
    far = h.add(h.const(math.log(2.0), x), h.log(x))
    large = h.cmp(x, "GE", h.const(_max_finite(x) / 2, x))
    return h.select(large, far, near)


def _asinh(h: _Hlo, x: SSAValue) -> SSAValue:
    """sign(x) log1p(|x| + x^2 / (1 + sqrt(1 + x^2))); log 2 + log |x| where x^2 overflows"""
    ax = h.abs(x)
    one = h.const(1.0, x)
    ax2 = h.mul(ax, ax)
    near = h.log1p(h.add(ax, h.div(ax2, h.add(one, h.sqrt(h.add(one, ax2))))))
    far = h.add(h.const(math.log(2.0), x), h.log(ax))
    large = h.cmp(ax, "GE", h.const(math.sqrt(_max_finite(x)), x))
    return h.mul(h.emit(hlo.SignOp(x)), h.select(large, far, near))


def _sinh(h: _Hlo, x: SSAValue) -> SSAValue:
    """(expm1(x) + expm1(x) / (expm1(x) + 1)) / 2 for |x| < 1, else _sinh_large"""
    e = h.emit(hlo.Expm1Op(x))
    one = h.const(1.0, x)
    small = h.mul(h.const(0.5, x), h.add(e, h.div(e, h.add(e, one))))
    return h.select(h.cmp(h.abs(x), "LT", one), small, _sinh_large(h, x))


def _sinh_large(h: _Hlo, x: SSAValue) -> SSAValue:
    """e^(x + log 1/2) - e^(log 1/2 - x): no overflow where e^x does but e^x / 2 does not"""
    log_half = h.const(math.log(0.5), x)
    return h.sub(h.exp(h.add(x, log_half)), h.exp(h.sub(log_half, x)))


def _cosh(h: _Hlo, x: SSAValue) -> SSAValue:
    """e^(x + log 1/2) + e^(log 1/2 - x)"""
    log_half = h.const(math.log(0.5), x)
    return h.add(h.exp(h.add(x, log_half)), h.exp(h.sub(log_half, x)))


def _tan(h: _Hlo, x: SSAValue) -> SSAValue:
    return h.emit(hlo.TanOp(x))


# ---------------------------------------------------------------------------------------------
# Gamma family: Lanczos' approximation (g = 7, 9 coefficients), reflection below 1/2

LANCZOS_G = 7.0
LANCZOS_BASE = 0.99999999999980993227684700473478
LANCZOS_COEFFICIENTS = (
    676.520368121885098567009190444019,
    -1259.13921672240287047156078755283,
    771.3234287776530788486528258894,
    -176.61502916214059906584551354,
    12.507343278686904814458936853,
    -0.13857109526572011689554707,
    9.984369578019570859563e-6,
    1.50563273514931155834e-7,
)


def _lanczos_z(h: _Hlo, x: SSAValue) -> tuple[SSAValue, SSAValue]:
    """(x < 1/2, z): z = -x where reflection applies, else x - 1 (gamma(x) = gamma(z + 1))."""
    reflect = h.cmp(x, "LT", h.const(0.5, x))
    return reflect, h.select(reflect, h.neg(x), h.sub(x, h.const(1.0, x)))


def _log_t(h: _Hlo, z: SSAValue) -> tuple[SSAValue, SSAValue]:
    """(t, log t) for t = z + g + 1/2; log t = log(g + 1/2) + log1p(z / (g + 1/2))."""
    shift = h.const(LANCZOS_G + 0.5, z)
    t = h.add(shift, z)
    return t, h.add(h.const(math.log(LANCZOS_G + 0.5), z), h.log1p(h.div(z, shift)))


def _lgamma(h: _Hlo, x: SSAValue) -> SSAValue:
    """log|gamma(x)|: Lanczos' series, log(pi / |sin(pi x)|) - lgamma(1 - x) below 1/2"""
    reflect, z = _lanczos_z(h, x)
    a = h.const(LANCZOS_BASE, x)
    for k, c in enumerate(LANCZOS_COEFFICIENTS, start=1):
        a = h.add(a, h.div(h.const(c, x), h.add(z, h.const(float(k), x))))
    t, log_t = _log_t(h, z)
    # (z + 1/2) log t - t, as (z + 1/2 - t / log t) log t: t alone may overflow.
    r = h.mul(h.sub(h.add(z, h.const(0.5, x)), h.div(t, log_t)), log_t)
    half_log_2pi = (math.log(2.0) + math.log(math.pi)) / 2
    lgamma = h.add(h.add(h.const(half_log_2pi, x), r), h.log(a))
    # |sin(pi x)| from the fraction of |x| folded into [0, 1/2]: exact zeros at the integers.
    ax = h.abs(x)
    frac = h.sub(ax, h.floor(ax))
    one = h.const(1.0, x)
    frac = h.select(h.cmp(h.const(0.5, x), "LT", frac), h.sub(one, frac), frac)
    log_sin = h.log(h.emit(hlo.SineOp(h.mul(h.const(math.pi, x), frac))))
    reflected = h.sub(h.sub(h.const(math.log(math.pi), x), log_sin), lgamma)
    # At the poles log_sin is -inf: the result is +inf, not inf - inf.
    reflected = h.select(h.emit(hlo.IsFiniteOp(log_sin)), reflected, h.neg(log_sin))
    lgamma = h.select(reflect, reflected, lgamma)
    return h.select(_is_inf(h, x), h.const(math.inf, x), lgamma)


def _digamma(h: _Hlo, x: SSAValue) -> SSAValue:
    """log t + a'(z) / a(z) - g / t; digamma(1 - x) - pi cot(pi x) below 1/2; NaN at poles"""
    reflect, z = _lanczos_z(h, x)
    a = h.const(LANCZOS_BASE, x)
    da = h.const(0.0, x)
    for k, c in enumerate(LANCZOS_COEFFICIENTS, start=1):
        zk = h.add(z, h.const(float(k), x))
        coefficient = h.const(c, x)
        da = h.sub(da, h.div(coefficient, h.mul(zk, zk)))
        a = h.add(a, h.div(coefficient, zk))
    t, log_t = _log_t(h, z)
    digamma = h.sub(h.add(log_t, h.div(da, a)), h.div(h.const(LANCZOS_G, x), t))
    # pi x loses precision far from 0: shift x by the integer nearest it (cot has period pi).
    reduced = h.add(x, h.abs(h.floor(h.add(x, h.const(0.5, x)))))
    pi = h.const(math.pi, x)
    angle = h.mul(pi, reduced)
    cot = h.div(h.mul(pi, h.emit(hlo.CosineOp(angle))), h.emit(hlo.SineOp(angle)))
    digamma = h.select(reflect, h.sub(digamma, cot), digamma)
    zero = h.const(0.0, x)
    pole = h.emit(hlo.AndOp(h.cmp(x, "LE", zero), h.cmp(x, "EQ", h.floor(x))))
    return h.select(pole, h.const(math.nan, x), digamma)


ZETA_COEFFICIENTS = (
    -7.1661652561756670113e18, 1.8152105401943546773e17, -4.5979787224074726105e15,
    1.1646782814350067249e14, -2.950130727918164224e12, 7.47242496e10, -1.8924375803183791606e9,
    47900160.0, -1209600.0, 30240.0, -720.0, 12.0,
)  # fmt: skip
"""(2k)! / B_2k for k = 12 down to 1: the Euler-Maclaurin tail's Bernoulli terms."""

ZETA_DIRECT_TERMS = 10
"""Terms of the sum over n of (q + n)^-x added directly before the Euler-Maclaurin tail."""


def _zeta(h: _Hlo, x: SSAValue, q: SSAValue) -> SSAValue:
    """Hurwitz zeta by Euler-Maclaurin summation (Johansson 2015, as XLA): 10 direct terms, the
    integral of the rest and 12 Bernoulli terms; NaN for x < 1 or q <= 0 with x not an integer,
    inf at x = 1 and at the poles"""
    zero, one = h.const(0.0, q), h.const(1.0, q)
    neg_x = h.neg(x)
    acc = q
    power_sum = h.emit(hlo.PowerOp(q, neg_x))
    for _ in range(ZETA_DIRECT_TERMS - 1):
        acc = h.add(acc, one)
        power_sum = h.add(power_sum, h.emit(hlo.PowerOp(acc, neg_x)))
    acc = h.add(acc, one)
    q_neg_power = h.emit(hlo.PowerOp(acc, neg_x))
    integral = h.div(h.mul(q_neg_power, acc), h.sub(x, h.const(1.0, x)))
    inverse_square = h.div(one, h.mul(acc, acc))
    terms = 2 * len(ZETA_COEFFICIENTS) - 1
    horner = zero
    for i, c in enumerate(ZETA_COEFFICIENTS[:-1]):
        factor = h.mul(
            h.add(x, h.const(float(terms - 1 - 2 * i), x)),
            h.add(x, h.const(float(terms - 2 - 2 * i), x)),
        )
        horner = h.mul(factor, h.mul(inverse_square, h.add(horner, h.const(1.0 / c, q))))
    tail = h.add(h.const(1.0 / ZETA_COEFFICIENTS[-1], q), horner)
    bernoulli = h.mul(q_neg_power, h.add(h.const(0.5, q), h.mul(h.div(x, acc), tail)))
    accurate = h.add(h.add(power_sum, integral), bernoulli)
    smallest = float(np.finfo(np.float64 if _is_f64(q) else np.float32).tiny)
    # LE: where every power underflows (x = 1e10, or q = inf) the sum is 0, where the
    # Bernoulli terms would make inf * 0.
    negligible = h.cmp(h.abs(q_neg_power), "LE", h.mul(h.abs(power_sum), h.const(smallest, q)))
    result = h.select(negligible, power_sum, accurate)
    nan, inf = h.const(math.nan, x), h.const(math.inf, x)
    q_nonpositive = h.cmp(q, "LE", zero)
    x_integer = h.cmp(x, "EQ", h.floor(x))
    domain_error = h.emit(hlo.AndOp(q_nonpositive, h.emit(hlo.NotOp(x_integer))))
    result = h.select(domain_error, nan, result)
    pole = h.emit(hlo.AndOp(q_nonpositive, h.cmp(q, "EQ", h.floor(q))))
    x_even = h.cmp(h.emit(hlo.RemainderOp(x, h.const(2.0, x))), "EQ", zero)
    even_integer = h.emit(hlo.AndOp(x_integer, x_even))
    result = h.select(pole, h.select(even_integer, inf, nan), result)
    result = h.select(h.cmp(x, "LT", h.const(1.0, x)), nan, result)  # before the poles
    return h.select(h.cmp(x, "EQ", one), inf, result)


def _polygamma(h: _Hlo, n: SSAValue, x: SSAValue) -> SSAValue:
    """(-1)^(n+1) n! zeta(n + 1, x); digamma(x) for n = 0; NaN unless n is a natural number"""
    one, two, zero = h.const(1.0, x), h.const(2.0, x), h.const(0.0, x)
    sign = h.sub(h.mul(two, h.emit(hlo.RemainderOp(n, two))), one)
    n_plus_1 = h.add(n, one)
    factorial = h.exp(_lgamma(h, n_plus_1))
    result = h.mul(h.mul(sign, factorial), _zeta(h, n_plus_1, x))
    result = h.select(h.cmp(n, "EQ", zero), _digamma(h, x), result)
    not_natural = h.emit(hlo.OrOp(h.cmp(n, "NE", h.floor(n)), h.cmp(n, "LT", zero)))
    return h.select(not_natural, h.const(math.nan, x), result)


# ---------------------------------------------------------------------------------------------
# Error functions

ERF_F32_ALPHA = (
    -2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06, -5.69250639462346e-05,
    -7.34990630326855e-04, -2.95459980854025e-03, -1.60960333262415e-02,
)  # fmt: skip
ERF_F32_BETA = (
    -1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03, -7.37332916720468e-03,
    -1.42647390514189e-02,
)  # fmt: skip
ERF_F32_SMALL = (
    7.853861353153693e-5, -8.010193625184903e-4, 5.188327685732524e-3, -2.685381193529856e-2,
    1.128358514861418e-1, -3.761262582423300e-1, 1.128379165726710e0,
)  # fmt: skip
ERFC_F32_P = (
    2.326819970068386e-2, -1.387039388740657e-1, 3.687424674597105e-1, -5.824733027278666e-1,
    6.210004621745983e-1, -4.944515323274145e-1, 3.404879937665872e-1, -2.741127028184656e-1,
    5.638259427386472e-1,
)  # fmt: skip
ERFC_F32_R = (
    -1.047766399936249e1, 1.297719955372516e1, -7.495518717768503e0, 2.921019019210786e0,
    -1.015265279202700e0, 4.218463358204948e-1, -2.820767439740514e-1, 5.641895067754075e-1,
)  # fmt: skip
ERF_F64_T = (
    9.60497373987051638749e0, 9.00260197203842689217e1, 2.23200534594684319226e3,
    7.00332514112805075473e3, 5.55923013010394962768e4,
)  # fmt: skip
ERF_F64_U = (
    1.0, 3.35617141647503099647e1, 5.21357949780152679795e2, 4.59432382970980127987e3,
    2.26290000613890934246e4, 4.92673942608635921086e4,
)  # fmt: skip
ERFC_F64_P = (
    2.46196981473530512524e-10, 5.64189564831068821977e-1, 7.46321056442269912687e0,
    4.86371970985681366614e1, 1.96520832956077098242e2, 5.26445194995477358631e2,
    9.34528527171957607540e2, 1.02755188689515710272e3, 5.57535335369399327526e2,
)  # fmt: skip
ERFC_F64_Q = (
    1.0, 1.32281951154744992508e1, 8.67072140885989742329e1, 3.54937778887819891062e2,
    9.75708501743205489753e2, 1.82390916687909736289e3, 2.24633760818710981792e3,
    1.65666309194161350182e3, 5.57535340817727675546e2,
)  # fmt: skip
ERFC_F64_R = (
    5.64189583547755073984e-1, 1.27536670759978104416e0, 5.01905042251180477414e0,
    6.16021097993053585195e0, 7.40974269950448939160e0, 2.97886665372100240670e0,
)  # fmt: skip
ERFC_F64_S = (
    1.0, 2.26052863220117276590e0, 9.39603524938001434673e0, 1.20489539808096656605e1,
    1.70814450747565897222e1, 9.60896809063285878198e0, 3.36907645100081516050e0,
)  # fmt: skip
"""Cephes' erf/erfc polynomials (the f32 ones as Eigen and XLA use them), highest degree first."""

MAX_LOG = {32: 88.72283905206835, 64: 7.09782712893383996843e2}
"""Where e^-x^2 underflows: erfc is 0 past it."""


def _erf_small(h: _Hlo, x: SSAValue) -> SSAValue:
    """erf(x) for |x| < 1: x T(x^2) (f32) or x T(x^2) / U(x^2) (f64)"""
    x2 = h.mul(x, x)
    if _is_f64(x):
        return h.div(h.mul(x, h.poly(x2, ERF_F64_T)), h.poly(x2, ERF_F64_U))
    return h.mul(x, h.poly(x2, ERF_F32_SMALL))


def _erfc_large(h: _Hlo, x: SSAValue) -> SSAValue:
    """erfc(x) for |x| >= 1: e^-x^2 times a rational function of |x| (f64) or a polynomial in
    1/x^2 over |x| (f32); 0 where e^-x^2 underflows; 2 - erfc(-x) for negative x"""
    x2 = h.mul(x, x)
    z = h.neg(x2)
    ax = h.abs(x)
    one, two, zero = h.const(1.0, x), h.const(2.0, x), h.const(0.0, x)
    if _is_f64(x):
        e = h.exp(z)
        below_8 = h.div(h.mul(e, h.poly(ax, ERFC_F64_P)), h.poly(ax, ERFC_F64_Q))
        above_8 = h.div(h.mul(e, h.poly(ax, ERFC_F64_R)), h.poly(ax, ERFC_F64_S))
        erfc = h.select(h.cmp(ax, "LT", h.const(8.0, x)), below_8, above_8)
    else:
        inv_x2 = h.div(one, x2)
        scale = h.mul(h.exp(z), h.div(one, ax))
        below_2 = h.cmp(ax, "LT", two)
        poly = h.select(below_2, h.poly(inv_x2, ERFC_F32_P), h.poly(inv_x2, ERFC_F32_R))
        erfc = h.mul(scale, poly)
    underflow = h.cmp(z, "LT", h.const(-MAX_LOG[bit_width(_element(x))], x))
    erfc = h.select(underflow, zero, erfc)
    return h.select(h.cmp(x, "LT", zero), h.sub(two, erfc), erfc)


def _erf(h: _Hlo, x: SSAValue) -> SSAValue:
    """f64: erf_small below 1, 1 - erfc_large above; f32: x P(x^2) / Q(x^2) on [-4, 4]"""
    if _is_f64(x):
        one = h.const(1.0, x)
        small = h.cmp(h.abs(x), "LT", one)
        return h.select(small, _erf_small(h, x), h.sub(one, _erfc_large(h, x)))
    element = _element(x)
    clamped = h.emit(hlo.ClampOp(h.emit.scalar(-4.0, element), x, h.emit.scalar(4.0, element)))
    x2 = h.mul(clamped, clamped)
    erf = h.div(h.mul(clamped, h.poly(x2, ERF_F32_ALPHA)), h.poly(x2, ERF_F32_BETA))
    return h.emit(hlo.ClampOp(h.emit.scalar(-1.0, element), erf, h.emit.scalar(1.0, element)))


def _erfc(h: _Hlo, x: SSAValue) -> SSAValue:
    """1 - erf_small below 1, erfc_large above"""
    one = h.const(1.0, x)
    small = h.cmp(h.abs(x), "LT", one)
    return h.select(small, h.sub(one, _erf_small(h, x)), _erfc_large(h, x))


ERF_INV_F32 = (
    (
        2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
        -0.00125372503, -0.00417768164, 0.246640727, 1.50140941,
    ),
    (
        -0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
        -0.0076224613, 0.00943887047, 1.00167406, 2.83297682,
    ),
)  # fmt: skip
"""Giles' single-precision erfinv polynomials in w = -log(1 - x^2): for w < 5 (in w - 2.5) and
above (in sqrt(w) - 3), highest degree first."""

ERF_INV_F64 = (
    (
        -3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18,
        1.115787767802518096e-17, -1.333171662854620906e-16, 2.0972767875968561637e-17,
        6.6376381343583238325e-15, -4.0545662729752068639e-14, -8.1519341976054721522e-14,
        2.6335093153082322977e-12, -1.2975133253453532498e-11, -5.4154120542946279317e-11,
        1.051212273321532285e-09, -4.1126339803469836976e-09, -2.9070369957882005086e-08,
        4.2347877827932403518e-07, -1.3654692000834678645e-06, -1.3882523362786468719e-05,
        0.0001867342080340571352, -0.00074070253416626697512, -0.0060336708714301490533,
        0.24015818242558961693, 1.6536545626831027356,
    ),
    (
        2.2137376921775787049e-09, 9.0756561938885390979e-08, -2.7517406297064545428e-07,
        1.8239629214389227755e-08, 1.5027403968909827627e-06, -4.013867526981545969e-06,
        2.9234449089955446044e-06, 1.2475304481671778723e-05, -4.7318229009055733981e-05,
        6.8284851459573175448e-05, 2.4031110387097893999e-05, -0.0003550375203628474796,
        0.00095328937973738049703, -0.0016882755560235047313, 0.0024914420961078508066,
        -0.0037512085075692412107, 0.005370914553590063617, 1.0052589676941592334,
        3.0838856104922207635,
    ),
    (
        -2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09,
        -3.7894654401267369937e-09, 7.6157012080783393804e-09, -1.4960026627149240478e-08,
        2.9147953450901080826e-08, -6.7711997758452339498e-08, 2.2900482228026654717e-07,
        -9.9298272942317002539e-07, 4.5260625972231537039e-06, -1.9681778105531670567e-05,
        7.5995277030017761139e-05, -0.00021503011930044477347, -0.00013871931833623122026,
        1.0103004648645343977, 4.8499064014085844221,
    ),
)  # fmt: skip
"""Giles' double-precision erfinv polynomials: for w < 6.25 (in w - 3.125), w < 16 (in
sqrt(w) - 3.25) and above (in sqrt(w) - 5), highest degree first."""


def _erf_inv(h: _Hlo, x: SSAValue) -> SSAValue:
    """x P(w) with w = -log((1 - x)(1 + x)), P by the range of w (Giles); ±inf at ±1. The
    factors are exact near ±1, where 1 - x^2 would lose the low bits of x (64 ulp at 0.9998 in
    f32 through log1p(-x^2); near 0 the log of a number near 1 loses nothing that matters)."""
    one = h.const(1.0, x)
    w = h.neg(h.log(h.mul(h.sub(one, x), h.add(one, x))))
    if _is_f64(x):
        p = _erf_inv_f64_poly(h, w)
    else:
        below = h.cmp(w, "LT", h.const(5.0, x))
        shifted = h.select(below, h.sub(w, h.const(2.5, x)), h.sub(h.sqrt(w), h.const(3.0, x)))
        small, large = ERF_INV_F32
        p = h.select(below, h.const(small[0], x), h.const(large[0], x))
        for a, b in zip(small[1:], large[1:], strict=True):
            p = h.add(h.select(below, h.const(a, x), h.const(b, x)), h.mul(p, shifted))
    at_one = h.cmp(h.abs(x), "EQ", h.const(1.0, x))
    return h.select(at_one, h.mul(x, h.const(math.inf, x)), h.mul(p, x))


def _erf_inv_f64_poly(h: _Hlo, w: SSAValue) -> SSAValue:
    """Giles' f64 polynomial for w's range, the three evaluated in one Horner pass: the shorter
    polynomials stop updating (select) once their coefficients run out."""
    small, middle, large = ERF_INV_F64
    below_625 = h.cmp(w, "LT", h.const(6.25, w))
    below_16 = h.cmp(w, "LT", h.const(16.0, w))
    root = h.sqrt(w)
    far = h.sub(root, h.select(below_16, h.const(3.25, w), h.const(5.0, w)))
    shifted = h.select(below_625, h.sub(w, h.const(3.125, w)), far)

    def coefficient(i: int) -> SSAValue:
        c = h.const(small[i], w)
        if i < len(middle):
            c = h.select(below_625, c, h.const(middle[i], w))
        if i < len(large):
            c = h.select(below_16, c, h.const(large[i], w))
        return c

    p = coefficient(0)
    for i in range(1, len(small)):
        step = h.add(coefficient(i), h.mul(p, shifted))
        if i >= len(middle):
            p = h.select(below_625, step, p)
        elif i >= len(large):
            p = h.select(below_16, step, p)
        else:
            p = step
    return p


# ---------------------------------------------------------------------------------------------
# Bessel i1e: Cephes' Chebyshev expansions on [0, 8] and (8, inf)

I1E_A_F64 = (
    2.77791411276104639959e-18, -2.11142121435816608115e-17, 1.55363195773620046921e-16,
    -1.10559694773538630805e-15, 7.60068429473540693410e-15, -5.04218550472791168711e-14,
    3.22379336594557470981e-13, -1.98397439776494371520e-12, 1.17361862988909016308e-11,
    -6.66348972350202774223e-11, 3.62559028155211703701e-10, -1.88724975172282928790e-9,
    9.38153738649577178388e-9, -4.44505912879632808065e-8, 2.00329475355213526229e-7,
    -8.56872026469545474066e-7, 3.47025130813767847674e-6, -1.32731636560394358279e-5,
    4.78156510755005422638e-5, -1.61760815825896745588e-4, 5.12285956168575772895e-4,
    -1.51357245063125314899e-3, 4.15642294431288815669e-3, -1.05640848946261981558e-2,
    2.47264490306265168283e-2, -5.29459812080949914269e-2, 1.02643658689847095384e-1,
    -1.76416518357834055153e-1, 2.52587186443633654823e-1,
)  # fmt: skip
I1E_B_F64 = (
    7.51729631084210481353e-18, 4.41434832307170791151e-18, -4.65030536848935832153e-17,
    -3.20952592199342395980e-17, 2.96262899764595013876e-16, 3.30820231092092828324e-16,
    -1.88035477551078244854e-15, -3.81440307243700780478e-15, 1.04202769841288027642e-14,
    4.27244001671195135429e-14, -2.10154184277266431302e-14, -4.08355111109219731823e-13,
    -7.19855177624590851209e-13, 2.03562854414708950722e-12, 1.41258074366137813316e-11,
    3.25260358301548823856e-11, -1.89749581235054123450e-11, -5.58974346219658380687e-10,
    -3.83538038596423702205e-9, -2.63146884688951950684e-8, -2.51223623787020892529e-7,
    -3.88256480887769039346e-6, -1.10588938762623716291e-4, -9.76109749136146840777e-3,
    7.78576235018280120474e-1,
)  # fmt: skip
I1E_F32_TERMS = (17, 7)
"""f32 uses the last 17 coefficients of A and the last 7 of B (the rest are below its ulp)."""


def _bessel_i1e(h: _Hlo, x: SSAValue) -> SSAValue:
    """sign(x) |x| A(|x| / 2 - 2) for |x| <= 8, sign(x) B(32 / |x| - 2) / sqrt|x| above"""
    a: Sequence[float] = I1E_A_F64
    b: Sequence[float] = I1E_B_F64
    if not _is_f64(x):
        a, b = a[-I1E_F32_TERMS[0] :], b[-I1E_F32_TERMS[1] :]
    z = h.abs(x)
    two = h.const(2.0, x)
    near = h.mul(z, h.chebyshev(h.sub(h.mul(h.const(0.5, x), z), two), a))
    far = h.div(h.chebyshev(h.sub(h.div(h.const(32.0, x), z), two), b), h.sqrt(z))
    within_8 = h.cmp(z, "LE", h.const(8.0, x))
    return h.mul(h.emit(hlo.SignOp(x)), h.select(within_8, near, far))


I0E_A_F64 = (
    -4.41534164647933937950e-18, 3.33079451882223809783e-17, -2.43127984654795469359e-16,
    1.71539128555513303061e-15, -1.16853328779934516808e-14, 7.67618549860493561688e-14,
    -4.85644678311192946090e-13, 2.95505266312963983461e-12, -1.72682629144155570723e-11,
    9.67580903537323691224e-11, -5.18979560163526290666e-10, 2.65982372468238665035e-9,
    -1.30002500998624804212e-8, 6.04699502254191894932e-8, -2.67079385394061173391e-7,
    1.11738753912010371815e-6, -4.41673835845875056359e-6, 1.64484480707288970893e-5,
    -5.75419501008210370398e-5, 1.88502885095841655729e-4, -5.76375574538582365885e-4,
    1.63947561694133579842e-3, -4.32430999505057594430e-3, 1.05464603945949983183e-2,
    -2.37374148058994688156e-2, 4.93052842396707084878e-2, -9.49010970480476444210e-2,
    1.71620901522208775349e-1, -3.04682672343198398683e-1, 6.76795274409476084995e-1,
)  # fmt: skip
"""Cephes' Chebyshev coefficients of exp(-x) I0(x) on [0, 8]."""
I0E_B_F64 = (
    -7.23318048787475395456e-18, -4.83050448594418207126e-18, 4.46562142029675999901e-17,
    3.46122286769746109310e-17, -2.82762398051658348494e-16, -3.42548561967721913462e-16,
    1.77256013305652638360e-15, 3.81168066935262242075e-15, -9.55484669882830764870e-15,
    -4.15056934728722208663e-14, 1.54008621752140982691e-14, 3.85277838274214270114e-13,
    7.18012445138366623367e-13, -1.79417853150680611778e-12, -1.32158118404477131188e-11,
    -3.14991652796324136454e-11, 1.18891471078464383424e-11, 4.94060238822496958910e-10,
    3.39623202570838634515e-9, 2.26666899049817806459e-8, 2.04891858946906374183e-7,
    2.89137052083475648297e-6, 6.88975834691682398426e-5, 3.36911647825569408990e-3,
    8.04490411014108831608e-1,
)  # fmt: skip
"""Cephes' Chebyshev coefficients of exp(-x) sqrt(x) I0(x) on [8, inf) in 32 / x - 2."""


def _bessel_i0e(h: _Hlo, x: SSAValue) -> SSAValue:
    """A(|x| / 2 - 2) for |x| <= 8, B(32 / |x| - 2) / sqrt|x| above (in x's type)"""
    z = h.abs(x)
    two = h.const(2.0, x)
    near = h.chebyshev(h.sub(h.mul(h.const(0.5, x), z), two), I0E_A_F64)
    far = h.div(h.chebyshev(h.sub(h.div(h.const(32.0, x), z), two), I0E_B_F64), h.sqrt(z))
    return h.select(h.cmp(z, "LE", h.const(8.0, x)), near, far)


# ---------------------------------------------------------------------------------------------
# ndtri, the inverse of the standard normal CDF: Cephes' rational approximations, in f64

NDTRI_P0 = (
    -5.99633501014107895267e1, 9.80010754185999661536e1, -5.66762857469070293439e1,
    1.39312609387279679503e1, -1.23916583867381258016e0,
)  # fmt: skip
NDTRI_Q0 = (
    1.0, 1.95448858338141759834e0, 4.67627912898881538453e0, 8.63602421390890590575e1,
    -2.25462687854119370527e2, 2.00260212380060660359e2, -8.20372256168333339912e1,
    1.59056225126211695515e1, -1.18331621121330003142e0,
)  # fmt: skip
"""|p - 1/2| <= 3/8: x = w + w^3 P0(w^2) / Q0(w^2) (times sqrt(2 pi)), w = p - 1/2."""
NDTRI_P1 = (
    4.05544892305962419923e0, 3.15251094599893866154e1, 5.71628192246421288162e1,
    4.40805073893200834700e1, 1.46849561928858024014e1, 2.18663306850790267539e0,
    -1.40256079171354495875e-1, -3.50424626827848203418e-2, -8.57456785154685413611e-4,
)  # fmt: skip
NDTRI_Q1 = (
    1.0, 1.57799883256466749731e1, 4.53907635128879210584e1, 4.13172038254672030440e1,
    1.50425385692907503408e1, 2.50464946208309415979e0, -1.42182922854787788574e-1,
    -3.80806407691578277194e-2, -9.33259480895457427372e-4,
)  # fmt: skip
"""Tails with z = sqrt(-2 log p) in [2, 8): x = z - log(z) / z - P1(1/z) / (z Q1(1/z))."""
NDTRI_P2 = (
    3.23774891776946035970e0, 6.91522889068984211695e0, 3.93881025292474443415e0,
    1.33303460815807542389e0, 2.01485389549179081538e-1, 1.23716634817820021358e-2,
    3.01581553508235416007e-4, 2.65806974686737550832e-6, 6.23974539184983293730e-9,
)  # fmt: skip
NDTRI_Q2 = (
    1.0, 6.02427039364742014255e0, 3.67983563856160859403e0, 1.37702099489081330271e0,
    2.16236993594496635890e-1, 1.34204006088543189037e-2, 3.28014464682127739104e-4,
    2.89247864745380683936e-6, 6.79019408009981274425e-9,
)  # fmt: skip
"""Tails with z >= 8 (p below e^-32)."""
EXP_MINUS_2 = 0.13533528323661269189


def _ndtri(h: _Hlo, p: SSAValue) -> SSAValue:
    """x with Phi(x) = p, computed in f64 (f32 rounded once at the end): the central
    approximation, or by the smaller tail (q = min(p, 1 - p)) and the sign; -inf at 0, inf at
    1, NaN outside [0, 1] and for NaN."""
    element = _element(p)
    wide = p if _is_f64(p) else h.emit(hlo.ConvertOp(p, f64))
    one = h.const(1.0, wide)
    upper = h.cmp(wide, "GT", h.const(1.0 - EXP_MINUS_2, wide))
    q = h.select(upper, h.sub(one, wide), wide)
    w = h.sub(q, h.const(0.5, wide))
    w2 = h.mul(w, w)
    central = h.mul(
        h.add(w, h.mul(w, h.div(h.mul(w2, h.poly(w2, NDTRI_P0)), h.poly(w2, NDTRI_Q0)))),
        h.const(math.sqrt(2.0 * math.pi), wide),
    )
    tail_q = h.select(h.cmp(q, "GT", h.const(0.0, wide)), q, h.const(0.5, wide))  # no log(0)
    z = h.sqrt(h.mul(h.const(-2.0, wide), h.log(tail_q)))
    inv = h.div(one, z)
    near_tail = h.div(h.mul(inv, h.poly(inv, NDTRI_P1)), h.poly(inv, NDTRI_Q1))
    far_tail = h.div(h.mul(inv, h.poly(inv, NDTRI_P2)), h.poly(inv, NDTRI_Q2))
    far = h.cmp(z, "GE", h.const(8.0, wide))
    tail = h.sub(h.sub(z, h.div(h.log(z), z)), h.select(far, far_tail, near_tail))
    lower_tail = h.neg(tail)  # q is the lower tail's probability: x < 0 there
    in_center = h.cmp(q, "GT", h.const(EXP_MINUS_2, wide))
    x = h.select(in_center, central, h.select(upper, tail, lower_tail))
    x = h.select(h.cmp(wide, "EQ", h.const(0.0, wide)), h.const(-math.inf, wide), x)
    x = h.select(h.cmp(wide, "EQ", one), h.const(math.inf, wide), x)
    outside = h.emit(hlo.OrOp(h.cmp(wide, "LT", h.const(0.0, wide)), h.cmp(wide, "GT", one)))
    outside = h.emit(hlo.OrOp(outside, h.cmp(wide, "NE", wide)))  # NaN: every branch was finite
    x = h.select(outside, h.const(math.nan, wide), x)
    return x if _is_f64(p) else h.emit(hlo.ConvertOp(x, element))


IGAMMA_MAX_TERMS = 2000
"""The most terms of igamma's series or continued fraction (Eigen's and Cephes' limit)."""


def _converged(
    h: _Hlo,
    values: Sequence[SSAValue],
    done: SSAValue,
    step: Callable[[_Hlo, list[SSAValue]], tuple[list[SSAValue], SSAValue]],
    limit: int = IGAMMA_MAX_TERMS,
) -> list[SSAValue]:
    """An elementwise iteration run to convergence: an hlo.while over (trip, done, *values)
    whose body computes `step`'s next values and which elements converged with them; an element
    that is done keeps its values (it stops where a scalar loop would break), and the loop runs
    while one is not, at most `limit` trips."""
    emit = h.emit
    loop, cond, body = hlo.WhileOp.with_empty_regions([emit.scalar(0, i32), done, *values])
    emit.add(loop)
    at_cond = HloEmitter(emit.at, cond)
    dims = list(range(len(shape_of(done.type))))
    every = at_cond(hlo.ReduceOp.build_binary(cond.args[1], at_cond.scalar(1, i1), dims, hlo.AndOp))
    trips = at_cond(hlo.CompareOp(cond.args[0], at_cond.scalar(limit, i32), "LT", "SIGNED"))
    at_cond.add(hlo.ReturnOp([at_cond(hlo.AndOp(trips, at_cond(hlo.NotOp(every))))]))
    inner = _Hlo(emit.at)
    inner.emit = HloEmitter(emit.at, body)
    trip, was_done, *old = body.args
    new, now_done = step(inner, list(old))
    kept = [inner.select(was_done, o, n) for o, n in zip(old, new, strict=True)]
    finished = inner.emit(hlo.OrOp(was_done, now_done))
    next_trip = inner.emit(hlo.AddOp(trip, inner.emit.scalar(1, i32)))
    inner.emit.add(hlo.ReturnOp([next_trip, finished, *kept]))
    return list(loop.results[2:])


def _igamma_parts(
    h: _Hlo, a: SSAValue, x: SSAValue, by_fraction: SSAValue
) -> tuple[SSAValue, SSAValue]:
    """Cephes' (and Eigen's) two halves of the regularized incomplete gamma function:
    P(a, x) by its power series where `by_fraction` is false, Q(a, x) = 1 - P by Legendre's
    continued fraction where it is true, both scaled by x^a e^-x / gamma(a) (0 where that
    underflows); each iteration stops at the float's half epsilon."""
    one, zero = h.const(1.0, x), h.const(0.0, x)
    wide = _is_f64(x)
    machep = 2.0**-53 if wide else 2.0**-24
    big = 2.0**52 if wide else 2.0**24
    # log(x^a e^-x / gamma(a)) in f64: its terms cancel (a = x = 88.7: 397.8 - 88.7 - 307.1),
    # so in f32 their rounding errors, ~3e-5, were the result's relative error.
    a64, x64 = (v if wide else h.emit(hlo.ConvertOp(v, f64)) for v in (a, x))
    log_ax = h.sub(h.sub(h.mul(a64, h.log(x64)), x64), _lgamma(h, a64))
    log_max = math.log(np.finfo(np.float64 if wide else np.float32).max)
    underflow = h.emit(
        hlo.OrOp(h.cmp(log_ax, "LT", h.const(-log_max, log_ax)), h.cmp(log_ax, "NE", log_ax))
    )
    ax = h.exp(log_ax)
    if not wide:
        ax = h.emit(hlo.ConvertOp(ax, _element(x)))
    idle = h.emit(hlo.OrOp(underflow, h.cmp(a, "NE", a)))  # NaNs: answered outside

    def series_step(e: _Hlo, v: list[SSAValue]) -> tuple[list[SSAValue], SSAValue]:
        r, c, total = v
        r = e.add(r, e.const(1.0, x))
        c = e.mul(c, e.div(x, r))
        total = e.add(total, c)
        return [r, c, total], e.cmp(c, "LE", e.mul(e.const(machep, x), total))

    start = h.emit(hlo.OrOp(idle, by_fraction))
    _, _, total = _converged(h, [a, one, one], start, series_step)
    series = h.select(underflow, zero, h.div(h.mul(total, ax), a))

    def fraction_step(e: _Hlo, v: list[SSAValue]) -> tuple[list[SSAValue], SSAValue]:
        c, y, z, pkm2, pkm1, qkm2, qkm1, answer = v
        c, y, z = e.add(c, e.const(1.0, x)), e.add(y, e.const(1.0, x)), e.add(z, e.const(2.0, x))
        yc = e.mul(y, c)
        pk = e.sub(e.mul(pkm1, z), e.mul(pkm2, yc))
        qk = e.sub(e.mul(qkm1, z), e.mul(qkm2, yc))
        nonzero = e.cmp(qk, "NE", e.const(0.0, x))
        r = e.div(pk, e.select(nonzero, qk, e.const(1.0, x)))
        change = e.select(nonzero, e.abs(e.div(e.sub(answer, r), r)), e.const(1.0, x))
        answer = e.select(nonzero, r, answer)
        rescale = e.cmp(e.abs(pk), "GT", e.const(big, x))
        factor = e.select(rescale, e.const(1.0 / big, x), e.const(1.0, x))
        pkm2, pkm1, qkm2, qkm1 = (e.mul(v, factor) for v in (pkm1, pk, qkm1, qk))
        next_values = [c, y, z, pkm2, pkm1, qkm2, qkm1, answer]
        return next_values, e.cmp(change, "LE", e.const(machep, x))

    y = h.sub(one, a)
    z = h.add(h.add(x, y), one)
    pkm1, qkm1 = h.add(x, one), h.mul(z, x)
    infinite = h.cmp(x, "EQ", h.const(math.inf, x))
    start = h.emit(hlo.OrOp(h.emit(hlo.OrOp(idle, infinite)), h.emit(hlo.NotOp(by_fraction))))
    values = [zero, y, z, one, pkm1, x, qkm1, h.div(pkm1, qkm1)]
    fraction = _converged(h, values, start, fraction_step)[-1]
    fraction = h.select(h.emit(hlo.OrOp(underflow, infinite)), zero, h.mul(fraction, ax))
    return series, fraction


def _igamma_domain(h: _Hlo, a: SSAValue, x: SSAValue, value: SSAValue) -> SSAValue:
    """NaN outside the domain (x < 0, a <= 0) and for a NaN operand; `value` elsewhere."""
    zero = h.const(0.0, x)
    bad = h.emit(hlo.OrOp(h.cmp(x, "LT", zero), h.cmp(a, "LE", zero)))
    bad = h.emit(hlo.OrOp(bad, h.emit(hlo.OrOp(h.cmp(x, "NE", x), h.cmp(a, "NE", a)))))
    return h.select(bad, h.const(math.nan, x), value)


def _probability(h: _Hlo, p: SSAValue) -> SSAValue:
    """p limited to [0, 1], NaN kept: where a is too large for the series' 2,000 terms
    (a = x = 3e38) the value is no answer, but it is never one outside a probability's range."""
    p = h.select(h.cmp(p, "GT", h.const(1.0, p)), h.const(1.0, p), p)
    return h.select(h.cmp(p, "LT", h.const(0.0, p)), h.const(0.0, p), p)


def _igamma(h: _Hlo, a: SSAValue, x: SSAValue) -> SSAValue:
    """P(a, x): the series, or 1 - the continued fraction where x > 1 and x > a; 0 at x = 0
    for every a (NaN and a <= 0 included, as TensorFlow's kernel answers first)"""
    one = h.const(1.0, x)
    by_fraction = h.emit(hlo.AndOp(h.cmp(x, "GT", one), h.cmp(x, "GT", a)))
    series, fraction = _igamma_parts(h, a, x, by_fraction)
    value = h.select(by_fraction, h.sub(one, fraction), series)
    value = _igamma_domain(h, a, x, _probability(h, value))
    return h.select(h.cmp(x, "EQ", h.const(0.0, x)), h.const(0.0, x), value)  # for any a


def _igammac(h: _Hlo, a: SSAValue, x: SSAValue) -> SSAValue:
    """Q(a, x) = 1 - P(a, x): 1 - the series where x < 1 or x < a, else the continued fraction"""
    one = h.const(1.0, x)
    by_series = h.emit(hlo.OrOp(h.cmp(x, "LT", one), h.cmp(x, "LT", a)))
    series, fraction = _igamma_parts(h, a, x, h.emit(hlo.NotOp(by_series)))
    value = h.select(by_series, h.sub(one, series), fraction)
    return _igamma_domain(h, a, x, _probability(h, value))


BETAINC_FRACTION_TERMS = 300
"""The most steps of betainc's continued fractions (Cephes' incbet in double precision)."""


def _or(h: _Hlo, *flags: SSAValue) -> SSAValue:
    result = flags[0]
    for flag in flags[1:]:
        result = h.emit(hlo.OrOp(result, flag))
    return result


def _and(h: _Hlo, *flags: SSAValue) -> SSAValue:
    result = flags[0]
    for flag in flags[1:]:
        result = h.emit(hlo.AndOp(result, flag))
    return result


def _beta_log_scale(h: _Hlo, a: SSAValue, b: SSAValue) -> SSAValue:
    """log(gamma(a + b) / (gamma(a) gamma(b)))."""
    return h.sub(h.sub(_lgamma(h, h.add(a, b)), _lgamma(h, a)), _lgamma(h, b))


def _beta_series(h: _Hlo, a: SSAValue, b: SSAValue, x: SSAValue, idle: SSAValue) -> SSAValue:
    """Cephes' power series for I_x(a, b) (incbet's pseries, for b x <= 1 and x <= 0.95): terms
    t_n / (a + n), t_n = t_(n-1) (n - b) x / n, summed while a term exceeds eps / 2 / a."""
    one = h.const(1.0, x)
    inverse_a = h.div(one, a)
    u = h.mul(h.sub(one, b), x)
    v = h.div(u, h.add(a, one))
    small = h.mul(h.const(2.0**-53, x), inverse_a)

    def step(e: _Hlo, values: list[SSAValue]) -> tuple[list[SSAValue], SSAValue]:
        n, t, term, total = values
        t = e.mul(t, e.div(e.mul(e.sub(n, b), x), n))
        term = e.div(t, e.add(a, n))
        total = e.add(total, term)
        n = e.add(n, e.const(1.0, x))
        return [n, t, term, total], e.cmp(e.abs(term), "LE", small)

    start = _or(h, idle, h.cmp(h.abs(v), "LE", small))
    total = _converged(h, [h.const(2.0, x), u, v, h.const(0.0, x)], start, step)[-1]
    total = h.add(h.add(total, v), inverse_a)
    log_value = h.add(h.add(_beta_log_scale(h, a, b), h.mul(a, h.log(x))), h.log(total))
    return h.exp(log_value)


def _beta_fraction(
    h: _Hlo, a: SSAValue, b: SSAValue, x: SSAValue, small: SSAValue, idle: SSAValue
) -> SSAValue:
    """Cephes' two continued fractions for I_x(a, b) (incbcf where `small`, else incbd on
    x / (1 - x)), two partial numerators per step, stopping where the convergent moves less
    than 3 eps / 2 of itself, the numerators and denominators rescaled by 2^+-52 to stay in
    range."""
    one, two, zero = h.const(1.0, x), h.const(2.0, x), h.const(0.0, x)
    big, tiny = 2.0**52, 2.0**-52
    sign = h.select(small, one, h.const(-1.0, x))
    x = h.select(small, x, h.div(x, h.sub(one, x)))
    k1, k3, k4, k8 = a, a, h.add(a, one), h.add(a, two)
    k2 = h.select(small, h.add(a, b), h.sub(b, one))
    k6 = h.select(small, h.sub(b, one), h.add(a, b))
    k5, k7 = one, h.add(a, one)

    def step(e: _Hlo, values: list[SSAValue]) -> tuple[list[SSAValue], SSAValue]:
        k1, k2, k3, k4, k5, k6, k7, k8, pkm2, pkm1, qkm2, qkm1, answer = values
        xk = e.neg(e.div(e.mul(e.mul(x, k1), k2), e.mul(k3, k4)))
        pkm2, pkm1 = pkm1, e.add(pkm1, e.mul(pkm2, xk))
        qkm2, qkm1 = qkm1, e.add(qkm1, e.mul(qkm2, xk))
        xk = e.div(e.mul(e.mul(x, k5), k6), e.mul(k7, k8))
        pkm2, pkm1 = pkm1, e.add(pkm1, e.mul(pkm2, xk))
        qkm2, qkm1 = qkm1, e.add(qkm1, e.mul(qkm2, xk))
        nonzero = e.cmp(qkm1, "NE", e.const(0.0, x))
        r = e.div(pkm1, e.select(nonzero, qkm1, e.const(1.0, x)))
        close = e.cmp(e.abs(e.sub(answer, r)), "LT", e.mul(e.abs(r), e.const(3 * 2.0**-53, x)))
        converged = _and(e, nonzero, close)
        answer = e.select(nonzero, r, answer)
        k1, k5 = e.add(k1, e.const(1.0, x)), e.add(k5, e.const(1.0, x))
        k2, k6 = e.add(k2, sign), e.sub(k6, sign)
        k3, k4, k7, k8 = (e.add(k, e.const(2.0, x)) for k in (k3, k4, k7, k8))
        size = e.add(e.abs(qkm1), e.abs(pkm1))
        down = e.select(e.cmp(size, "GT", e.const(big, x)), e.const(tiny, x), e.const(1.0, x))
        low = _or(
            e,
            e.cmp(e.abs(qkm1), "LT", e.const(tiny, x)),
            e.cmp(e.abs(pkm1), "LT", e.const(tiny, x)),
        )
        up = e.select(low, e.const(big, x), e.const(1.0, x))
        pkm2, pkm1, qkm2, qkm1 = (e.mul(e.mul(v, down), up) for v in (pkm2, pkm1, qkm2, qkm1))
        next_values = [k1, k2, k3, k4, k5, k6, k7, k8, pkm2, pkm1, qkm2, qkm1, answer]
        return next_values, converged

    values = [k1, k2, k3, k4, k5, k6, k7, k8, zero, one, one, one, one]
    return _converged(h, values, idle, step, BETAINC_FRACTION_TERMS)[-1]


def _betainc(h: _Hlo, a: SSAValue, b: SSAValue, x: SSAValue) -> SSAValue:
    """The regularized incomplete beta function I_x(a, b), in f64 as Cephes' incbet (Eigen's
    double path, TensorFlow's kernel): the power series where b x <= 1 and x <= 0.95; else,
    with a and b swapped and x reflected where x is above the mean a / (a + b) (the result then
    1 - I, at most 1 - eps / 2), the series again if that meets its condition, or a continued
    fraction scaled by x^a (1 - x)^b / (a B(a, b)); 0 at x = 0, 1 at x = 1, NaN for a <= 0,
    b <= 0, x outside [0, 1] or a NaN operand."""
    one, zero = h.const(1.0, x), h.const(0.0, x)
    machep = h.const(2.0**-53, x)
    invalid = _or(
        h,
        h.cmp(a, "LE", zero),
        h.cmp(b, "LE", zero),
        h.cmp(x, "LT", zero),
        h.cmp(x, "GT", one),
        h.cmp(a, "NE", a),
        h.cmp(b, "NE", b),
        h.cmp(x, "NE", x),
    )
    edge = _or(h, invalid, h.cmp(x, "EQ", zero), h.cmp(x, "EQ", one))
    near_zero = _and(h, h.cmp(h.mul(b, x), "LE", one), h.cmp(x, "LE", h.const(0.95, x)))
    w = h.sub(one, x)
    swap = h.cmp(x, "GT", h.div(a, h.add(a, b)))
    a1, b1 = h.select(swap, b, a), h.select(swap, a, b)
    x1, xc = h.select(swap, w, x), h.select(swap, x, w)
    near_one = _and(h, swap, h.cmp(h.mul(b1, x1), "LE", one), h.cmp(x1, "LE", h.const(0.95, x)))
    by_series = _or(h, near_zero, near_one)
    pa, pb, px = (h.select(near_zero, p, q) for p, q in ((a, a1), (b, b1), (x, x1)))
    series = _beta_series(h, pa, pb, px, _or(h, edge, h.emit(hlo.NotOp(by_series))))
    small = h.cmp(
        h.sub(h.mul(x1, h.sub(h.add(a1, b1), h.const(2.0, x))), h.sub(a1, one)), "LT", zero
    )
    fraction = _beta_fraction(h, a1, b1, x1, small, _or(h, edge, by_series))
    fraction = h.select(small, fraction, h.div(fraction, xc))
    log_value = h.add(h.mul(a1, h.log(x1)), h.mul(b1, h.log(xc)))
    log_value = h.add(h.add(log_value, _beta_log_scale(h, a1, b1)), h.log(h.div(fraction, a1)))
    value = h.select(near_zero, series, h.select(near_one, series, h.exp(log_value)))
    flipped = h.select(h.cmp(value, "LE", machep), h.sub(one, machep), h.sub(one, value))
    value = h.select(_and(h, swap, h.emit(hlo.NotOp(near_zero))), flipped, value)
    value = h.select(h.cmp(x, "EQ", zero), zero, h.select(h.cmp(x, "EQ", one), one, value))
    return h.select(invalid, h.const(math.nan, x), value)


SPECIAL_FUNCTIONS: dict[str, Real] = {"bessel_i0e": _bessel_i0e, "ndtri": _ndtri}
"""Functions the tf lowering expands here though no chlo op names them (tf.BesselI0e, tf.Ndtri):
`expand_special_function`."""


def expand_special_function(name: str, at: Operation, x: SSAValue) -> SSAValue:
    """SPECIAL_FUNCTIONS[name] of x as hlo ops before `at` (f16 and bf16 computed in f32)."""
    return _in_f32(_Hlo(at), x, SPECIAL_FUNCTIONS[name])


BINARY_SPECIAL_FUNCTIONS: dict[str, Callable[[_Hlo, SSAValue, SSAValue], SSAValue]] = {
    "igamma": _igamma,
    "igammac": _igammac,
}
"""Functions of two operands of one shape that no chlo op names (tf.Igamma, tf.Igammac)."""


def expand_binary_special_function(name: str, at: Operation, a: SSAValue, x: SSAValue) -> SSAValue:
    """BINARY_SPECIAL_FUNCTIONS[name] of (a, x) as hlo ops before `at` (f16 and bf16 in f32)."""
    compute = BINARY_SPECIAL_FUNCTIONS[name]
    return _in_f32(_Hlo(at), a, lambda h, wide: compute(h, wide, _widened(h, x, wide)))


def expand_betainc(at: Operation, a: SSAValue, b: SSAValue, x: SSAValue) -> SSAValue:
    """I_x(a, b) of operands of one shape as hlo ops before `at`, computed in f64 (the type's
    own rounding at the end): Cephes' double algorithm, whose f32 results are then correctly
    rounded or nearly so (TensorFlow's f32 kernel runs Cephes' single-precision one)."""
    h = _Hlo(at)
    element = _element(x)
    wide = [v if _is_f64(v) else h.emit(hlo.ConvertOp(v, f64)) for v in (a, b, x)]
    value = _betainc(h, *wide)
    return value if _is_f64(x) else h.emit(hlo.ConvertOp(value, element))


# ---------------------------------------------------------------------------------------------
# Predicates and bit arithmetic


def _is_inf(h: _Hlo, x: SSAValue) -> SSAValue:
    return h.cmp(h.abs(x), "EQ", h.const(math.inf, x))


def _is_pos_inf(h: _Hlo, x: SSAValue) -> SSAValue:
    return h.cmp(x, "EQ", h.const(math.inf, x))


def _is_neg_inf(h: _Hlo, x: SSAValue) -> SSAValue:
    return h.cmp(x, "EQ", h.const(-math.inf, x))


def _next_after(h: _Hlo, x: SSAValue, y: SSAValue) -> SSAValue:
    """x's bits plus or minus one toward y (as integers of x's width); y where x == y, the
    smallest subnormal of y's sign from ±0, NaN where either is NaN"""
    width = bit_width(_element(x))
    integer = IntegerType(width)
    xi, yi = h.bitcast(x, integer), h.bitcast(y, integer)
    sign_bit = h.const(-(1 << (width - 1)), xi)
    magnitude_bits = h.const((1 << (width - 1)) - 1, xi)
    x_abs = h.emit(hlo.AndOp(xi, magnitude_bits))
    y_abs = h.emit(hlo.AndOp(yi, magnitude_bits))
    x_sign = h.emit(hlo.AndOp(xi, sign_bit))
    y_sign = h.emit(hlo.AndOp(yi, sign_bit))
    zero, one = h.const(0, xi), h.const(1, xi)
    # Toward zero when the signs differ or |x| > |y|; away from it otherwise.
    shrink = h.emit(hlo.OrOp(h.cmp(x_abs, "GT", y_abs), h.cmp(x_sign, "NE", y_sign)))
    result = h.add(xi, h.select(shrink, h.const(-1, xi), one))
    from_zero = h.select(h.cmp(y_abs, "EQ", zero), yi, h.emit(hlo.OrOp(y_sign, one)))
    result = h.select(h.cmp(x_abs, "EQ", zero), from_zero, result)
    result = h.select(h.cmp(x, "EQ", y), yi, result)
    nan = h.emit(hlo.OrOp(h.cmp(x, "NE", x), h.cmp(y, "NE", y)))
    result = h.select(nan, h.bitcast(h.const(math.nan, x), integer), result)
    return h.bitcast(result, _element(x))


# ---------------------------------------------------------------------------------------------
# The table


Expansion = Callable[[_Hlo, Operation], Sequence[SSAValue]]
"""The hlo values that replace a chlo op's results."""


def _unary(compute: Real) -> Expansion:
    """A real function of the operand, f16 and bf16 computed in f32."""

    def expand(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
        return [_in_f32(h, op.operands[0], compute)]

    return expand


def _predicate(compute: Real) -> Expansion:
    def expand(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
        return [compute(h, op.operands[0])]

    return expand


def _square(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
    """x * x; complex: ((re - im)(re + im), 2 re im), no overflow in re^2 - im^2"""
    x = op.operands[0]
    if not is_complex(_element(x)):
        return [h.mul(x, x)]
    re, im = h.emit(hlo.RealOp(x)), h.emit(hlo.ImagOp(x))
    real = h.mul(h.sub(re, im), h.add(re, im))
    imag = h.mul(h.const(2.0, re), h.mul(re, im))
    return [h.emit(hlo.ComplexOp(real, imag))]


def _conj(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
    x = op.operands[0]
    if not is_complex(_element(x)):
        return [x]
    re, im = h.emit(hlo.RealOp(x)), h.emit(hlo.ImagOp(x))
    return [h.emit(hlo.ComplexOp(re, h.neg(im)))]


def _complex_sinh_cosh(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
    """complex sinh / cosh: e^(z + log 1/2) -/+ e^(log 1/2 - z), as XLA computes them"""
    z = op.operands[0]
    compute = _sinh_large if isinstance(op, chlo.SinhOp) else _cosh
    return [compute(h, z)]


def _complex_tan(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
    """tan(a + ib) = (tan a (1 - tanh^2 b) + i tanh b (1 + tan^2 a)) / (1 + tan^2 a tanh^2 b):
    every term bounded, so large |b| gives ±i, not inf / inf"""
    z = op.operands[0]
    re, im = h.emit(hlo.RealOp(z)), h.emit(hlo.ImagOp(z))
    t = h.emit(hlo.TanOp(re))
    u = h.emit(hlo.TanhOp(im))
    one = h.const(1.0, re)
    t2, u2 = h.mul(t, t), h.mul(u, u)
    den = h.add(one, h.mul(t2, u2))
    real = h.div(h.mul(t, h.sub(one, u2)), den)
    imag = h.div(h.mul(u, h.add(one, t2)), den)
    return [h.emit(hlo.ComplexOp(real, imag))]


def _parts(h: _Hlo, z: SSAValue) -> tuple[SSAValue, SSAValue]:
    return h.emit(hlo.RealOp(z)), h.emit(hlo.ImagOp(z))


def _complex(h: _Hlo, re: SSAValue, im: SSAValue) -> SSAValue:
    return h.emit(hlo.ComplexOp(re, im))


def _asin_acos_kernel(h: _Hlo, re: SSAValue, im: SSAValue) -> tuple[SSAValue, SSAValue]:
    """(sqrt(a^2 - x^2), log(a + sqrt(a^2 - 1))) for x = |re|, y = |im| and
    a = (hypot(x + 1, y) + hypot(x - 1, y)) / 2: the parts asin, acos, asinh and acosh are made
    of, each by the approximation of Hull et al's region it lies in (no overflow, no
    cancellation); see StableHLO's asin_acos_kernel for the derivation"""
    x, y = h.abs(re), h.abs(im)
    one, half = h.const(1.0, x), h.const(0.5, x)
    safe_max_value = math.sqrt(_max_finite(x)) / 8
    safe_max = h.const(safe_max_value, x)
    xp1, xm1 = h.add(x, one), h.sub(x, one)
    r, s = hypot(h.emit, xp1, y), hypot(h.emit, xm1, y)
    a = h.mul(half, h.add(r, s))
    half_apx = h.mul(half, h.add(a, x))
    yy = h.mul(y, y)
    rpxp1, smxm1, spxm1 = h.add(r, xp1), h.sub(s, xm1), h.add(s, xm1)
    inside = h.sqrt(h.mul(half_apx, h.add(h.div(yy, rpxp1), smxm1)))
    outside = h.mul(y, h.sqrt(h.add(h.div(half_apx, rpxp1), h.div(half_apx, spxm1))))
    real = h.select(h.cmp(x, "LE", one), inside, outside)
    real = h.select(h.cmp(h.emit(hlo.MaximumOp(x, y)), "GE", safe_max), y, real)

    near_x = h.cmp(x, "LT", h.const(safe_max_value * 1e12, x))
    safe_max_opt = h.select(
        near_x, h.const(safe_max_value * 1e-6, x), h.const(safe_max_value * 1e2, x)
    )
    y_large = h.cmp(y, "GE", safe_max_opt)
    mx = h.select(y_large, y, x)
    threshold = h.select(y_large, safe_max_opt, safe_max)
    finite_y = h.emit(hlo.NotOp(h.cmp(y, "EQ", h.const(math.inf, x))))
    xoy = h.select(h.emit(hlo.AndOp(y_large, finite_y)), h.div(x, y), h.const(0.0, x))
    far = h.add(h.add(h.const(math.log(2.0), x), h.log(mx)), h.mul(half, h.log1p(h.mul(xoy, xoy))))
    smallest = float(np.finfo(np.float64 if _is_f64(x) else np.float32).tiny)
    tiny_y = h.emit(
        hlo.AndOp(h.cmp(y, "LT", h.const(math.sqrt(smallest) * 4, x)), h.cmp(x, "LT", one))
    )
    half_yy = h.mul(half, yy)
    half_yy_rpxp1 = h.div(half_yy, rpxp1)
    am1 = h.select(
        h.cmp(a, "LE", h.const(1.5, x)), h.add(half_yy_rpxp1, h.div(half_yy, smxm1)), h.sub(a, one)
    )
    am1 = h.select(h.cmp(x, "GE", one), h.add(half_yy_rpxp1, h.mul(half, spxm1)), am1)
    ap1 = h.add(a, one)
    am1 = h.select(tiny_y, h.neg(h.div(h.mul(xp1, xm1), ap1)), am1)
    sq = h.sqrt(h.mul(am1, ap1))
    imag = h.select(tiny_y, h.div(y, sq), h.log1p(h.add(am1, sq)))
    imag = h.select(h.cmp(mx, "GE", threshold), far, imag)
    return real, imag


def _signed_like(h: _Hlo, value: SSAValue, sign_of: SSAValue) -> SSAValue:
    """value where sign_of >= 0, -value where it is negative"""
    negative = h.cmp(sign_of, "LT", h.const(0.0, sign_of))
    return h.select(negative, h.neg(value), value)


def _complex_asin(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
    """asin(z) = atan2(re, w.re) + i sign(im) w.im, w = asin_acos_kernel(z)"""
    re, im = _parts(h, op.operands[0])
    w_re, w_im = _asin_acos_kernel(h, re, im)
    return [_complex(h, h.atan2(re, w_re), _signed_like(h, w_im, im))]


def _complex_acos(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
    """acos(z) = atan2(w.re, re) - i sign(im) w.im"""
    re, im = _parts(h, op.operands[0])
    w_re, w_im = _asin_acos_kernel(h, re, im)
    return [_complex(h, h.atan2(w_re, re), _signed_like(h, h.neg(w_im), im))]


def _complex_acosh(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
    """acosh(z) = w.im + i sign(im) atan2(w.re, re)"""
    re, im = _parts(h, op.operands[0])
    w_re, w_im = _asin_acos_kernel(h, re, im)
    return [_complex(h, w_im, _signed_like(h, h.atan2(w_re, re), im))]


def _complex_asinh(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
    """asinh(z) = -i asin(iz) = sign(re) w.im + i atan2(im, w.re), w = kernel(-im + i re)"""
    re, im = _parts(h, op.operands[0])
    w_re, w_im = _asin_acos_kernel(h, h.neg(im), re)
    return [_complex(h, _signed_like(h, w_im, re), h.atan2(im, w_re))]


def _complex_atanh_of(h: _Hlo, z: SSAValue) -> SSAValue:
    """(log1p(z) - log1p(-z)) / 2"""
    difference = h.sub(h.log1p(z), h.log1p(h.neg(z)))
    return h.mul(difference, h.const(0.5, z))


def _complex_atanh(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
    return [_complex_atanh_of(h, op.operands[0])]


def _complex_atan(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
    """atan(z) = -i atanh(iz)"""
    re, im = _parts(h, op.operands[0])
    w_re, w_im = _parts(h, _complex_atanh_of(h, _complex(h, h.neg(im), re)))
    return [_complex(h, w_im, h.neg(w_re))]


def _binary(compute: Callable[[_Hlo, SSAValue, SSAValue], SSAValue]) -> Expansion:
    """A real function of the two operands, f16 and bf16 computed in f32."""

    def expand(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
        lhs, rhs = op.operands
        element = _element(lhs)
        if not isinstance(element, Float16Type | BFloat16Type):
            return [compute(h, lhs, rhs)]
        wide = [h.emit(hlo.ConvertOp(v, f32)) for v in (lhs, rhs)]
        return [h.emit(hlo.ConvertOp(compute(h, *wide), element))]

    return expand


def _ordered_bits(h: _Hlo, x: SSAValue) -> SSAValue:
    """f32 x as i32 in total order (NaN above +inf, -NaN below -inf, -0 below +0): the magnitude
    bits flipped where the sign is set. The map is its own inverse (`_from_ordered_bits`); an
    i32 x is already in order."""
    if not is_float(_element(x)):
        return x
    bits = h.emit(hlo.BitcastConvertOp(x, TensorType(i32, shape_of(x.type))))
    return _flip_negative_magnitudes(h, bits)


def _flip_negative_magnitudes(h: _Hlo, bits: SSAValue) -> SSAValue:
    sign = h.emit(hlo.ShiftRightArithmeticOp(bits, h.const(31, bits)))
    return h.emit(hlo.XorOp(bits, h.emit(hlo.AndOp(sign, h.const(0x7FFFFFFF, bits)))))


def _from_ordered_bits(h: _Hlo, keys: SSAValue, element: Attribute) -> SSAValue:
    """The f32 (or i32) values whose `_ordered_bits` are the i32 `keys`."""
    if not is_float(element):
        return keys
    bits = _flip_negative_magnitudes(h, keys)
    return h.emit(hlo.BitcastConvertOp(bits, TensorType(element, shape_of(keys.type))))


def _sort_descending(h: _Hlo, keys: SSAValue) -> SSAValue:
    """One integer operand sorted greatest first along its last dim (hlo_to_linalg.sorting
    sorts it with max/min rounds: no index operand, no comparator)."""
    scalar = TensorType(_element(keys), [])
    block = Block(arg_types=[scalar, scalar])
    inside = HloEmitter(h.emit.at, block)
    inside.add(hlo.ReturnOp([inside(hlo.CompareOp(block.args[0], block.args[1], "GT", "SIGNED"))]))
    sort = hlo.SortOp([keys], expect(keys.type, TensorType).get_num_dims() - 1, Region(block))
    h.emit.add(sort)
    return sort.results[0]


def _rank_keys(h: _Hlo, x: SSAValue) -> SSAValue:
    """For f32 or i32 x, i64 keys in the order top_k ranks x's elements along its last dim
    (the greater value first, floats in total order, NaN first; of equal ones the lower index):
    the value's ordered 32 bits (a float's magnitude bits flipped where its sign is set) above
    0x7FFFFFFF - index. Every key differs, and `_key_parts` reads both back."""
    t = expect(x.type, TensorType)
    shape, last = list(t.get_shape()), t.get_num_dims() - 1
    e = h.emit
    wide = e(hlo.ConvertOp(_ordered_bits(h, x), i64))
    high = e(hlo.ShiftLeftOp(wide, h.const(32, wide)))
    iota = e(hlo.IotaOp(last, TensorType(i64, shape)))
    return e(hlo.OrOp(high, e(hlo.SubtractOp(h.const(0x7FFFFFFF, wide), iota))))


def _key_positions(h: _Hlo, keys: SSAValue) -> SSAValue:
    """The (i64) positions along the row that `_rank_keys` put in `keys`' low 32 bits."""
    low = h.emit(hlo.AndOp(keys, h.const(0xFFFFFFFF, keys)))
    return h.emit(hlo.SubtractOp(h.const(0x7FFFFFFF, keys), low))


def _key_parts(h: _Hlo, keys: SSAValue, element: Attribute) -> list[SSAValue]:
    """The (values, i32 indices) that `_rank_keys` made `keys` of."""
    e = h.emit
    high = e(hlo.ConvertOp(e(hlo.ShiftRightArithmeticOp(keys, h.const(32, keys))), i32))
    index = e(hlo.ConvertOp(_key_positions(h, keys), i32))
    return [_from_ordered_bits(h, high, element), index]


SELECT_TOP_K_ELEMENTS = (Float32Type, IntegerType)
"""Element types top_k picks by selection (`_top_k_by_selection`): f32 and 32-bit integers."""
SELECTION_PASSES_PER_ROUND = 4
"""top_k takes k selection passes only while k is at most this many times the rounds of the
bitonic sort (hlo_to_linalg.sorting) over the row: one round costs ~6 passes (4 x 32,000 f32,
two AMD EPYC threads: a pass 0.13 ms, the whole sort's 120 rounds 99 ms)."""


def _greatest_keys(h: _Hlo, keys: SSAValue, k: int) -> SSAValue:
    """The k greatest of `keys` (distinct i64, but any number of the lowest i64) along the last
    dim, greatest first: k passes, pass t taking the greatest key below the one pass t - 1 took.

    The keys below `prev` are picked by a wrapping subtraction, not a select: with
    shift = prev + 2^63 (mod 2^64), key - shift is key - prev + 2^63 for every key below prev
    and key - prev - 2^63 for the others, all of which are smaller (keys span less than 2^64).
    So the pass is max(keys - shift) + shift, a plain max-reduction that vectorises; LLVM
    rewrites max(acc, select(c, key, lowest)) into select(c, max(acc, key), acc), which it does
    not vectorise (one pass over 4 x 32,000 went from ~1.2 to ~0.1 ns per element)."""
    shape = shape_of(keys.type)
    last, batch = len(shape) - 1, shape[:-1]
    lowest = h.emit.scalar(np.iinfo(np.int64).min, i64)
    if k == 1:  # one pass, no loop: the keys fuse into it (ArgMax reads x once)
        best = h.emit(hlo.ReduceOp.build_binary(keys, lowest, [last], hlo.MaximumOp))
        return h.emit.reshape(best, [*batch, 1])
    highest = h.emit.scalar(np.iinfo(np.int64).max, i64)
    prev0 = h.emit(hlo.BroadcastInDimOp(highest, TensorType(i64, batch), []))
    out0 = h.emit(hlo.BroadcastInDimOp(lowest, TensorType(i64, [*batch, k]), []))
    loop, e = counted_loop(h.emit, k, [prev0, out0])
    step, prev, out = loop.body.block.args
    shift = e(hlo.XorOp(prev, e(hlo.BroadcastInDimOp(lowest, TensorType(i64, batch), []))))
    shifted = e(hlo.SubtractOp(keys, e(hlo.BroadcastInDimOp(shift, keys.type, range(last)))))
    best_shifted = e(hlo.ReduceOp.build_binary(shifted, lowest, [last], hlo.MaximumOp))
    best = e(hlo.AddOp(best_shifted, shift))
    zero = e.scalar(0, i32)
    column = e.reshape(best, [*batch, 1])
    out_next = e(hlo.DynamicUpdateSliceOp(out, column, [zero] * last + [step]))
    e.add(hlo.ReturnOp([e(hlo.AddOp(step, e.scalar(1, i32))), best, out_next]))
    return loop.results[2]


BLOCKED_SELECTION_STEPS = 1 << 16
"""top_k selects from candidate blocks (`_candidate_blocks`) only where its k passes over the
row would take at least this many steps (k n): below, a pass's fixed cost (~1 us: the loop's
kernel calls) is as much as the steps saved."""


def _selection_block(n: int, k: int) -> int:
    """The block length for `_candidate_blocks` over rows of n, a power of two near sqrt(n / k)
    (at least 8), which makes its k passes over the n / B block maxima and its k over the k B
    candidates about equal; 0 where that does not at least halve the k n steps of selecting
    from the whole row (k = 1 or 2 never: the block pass alone reads the row once), or where
    the row is short (BLOCKED_SELECTION_STEPS). Measured on 4 x 32,000, k = 50, AVX2 tuning:
    1.28 -> 0.26 ms; at k = 1 blocks were slower."""
    block = max(8, 1 << round(math.log2(max(n / k, 1)) / 2))
    groups = -(-n // block)
    steps = n + k * groups + k * k * block
    return block if k * n >= BLOCKED_SELECTION_STEPS and 2 * steps <= k * n else 0


def _candidate_blocks(h: _Hlo, keys: SSAValue, k: int, block: int) -> SSAValue:
    """The keys of the k blocks of `block` keys (the last one padded with the lowest i64) whose
    greatest keys are the k greatest block maxima, side by side along the last dim: these hold
    the k greatest keys, since a key in any other block is below k block maxima (the row needs
    at least k blocks, which `_selection_block` ensures). One max pass over the row, k passes
    over its n / B maxima (`_greatest_keys`) and a gather of the blocks, so the final k passes
    read k B keys instead of n (top 50 of 32,000: 1,600 instead of 32,000)."""
    shape = shape_of(keys.type)
    last, batch, n = len(shape) - 1, shape[:-1], shape[-1]
    groups = -(-n // block)
    e = h.emit
    lowest = e.scalar(np.iinfo(np.int64).min, i64)
    padded = e(hlo.PadOp(keys, lowest, [0] * (last + 1), [0] * last + [groups * block - n]))
    blocks = e.reshape(padded, [*batch, groups, block])
    maxima = e(hlo.ReduceOp.build_binary(blocks, lowest, [last + 1], hlo.MaximumOp))
    best = _greatest_keys(h, maxima, k)
    shift = h.const(block.bit_length() - 1, best)
    which = e(hlo.ConvertOp(e(hlo.ShiftRightLogicalOp(_key_positions(h, best), shift)), i32))
    numbers = hlo.GatherDimensionNumbersAttr(
        offset_dims=[last + 1],
        collapsed_slice_dims=[last],
        start_index_map=[last],
        index_vector_dim=last + 1,
        operand_batching_dims=range(last),
        start_indices_batching_dims=range(last),
    )
    gathered = e(hlo.GatherOp(blocks, which, numbers, [1] * (last + 1) + [block]))
    return e.reshape(gathered, [*batch, k * block])


def _top_k_by_selection(h: _Hlo, x: SSAValue, k: int) -> list[SSAValue]:
    """top_k as k passes over x's rank keys (`_rank_keys`, `_greatest_keys`), over candidate
    blocks where the row is long (`_candidate_blocks`): about k n steps per row, where odd-even
    transposition sorting takes n^2 / 2 (top 50 of 4 x 32,000 logits: 16 s -> ms). The same
    elements in the same order as the stable sort."""
    t = expect(x.type, TensorType)
    keys = _rank_keys(h, x)
    block = _selection_block(t.get_shape()[-1], k)
    if block:
        keys = _candidate_blocks(h, keys, k, block)
    return _key_parts(h, _greatest_keys(h, keys, k), t.element_type)


def _top_k_by_sorted_keys(h: _Hlo, x: SSAValue, k: int) -> list[SSAValue]:
    """top_k as a descending sort of x's rank keys (`_rank_keys`: distinct i64, one operand
    compared as integers, which hlo_to_linalg.sorting sorts with max/min and no index operand),
    the first k of each row read back (`_key_parts`): the stable sort's elements and order."""
    t = expect(x.type, TensorType)
    last = t.get_num_dims() - 1
    top = h.emit.slice(_sort_descending(h, _rank_keys(h, x)), last, 0, k)
    return _key_parts(h, top, t.element_type)


def _top_k_values_by_sorted_bits(h: _Hlo, x: SSAValue, k: int) -> SSAValue:
    """The values of top_k (f32 or i32; its indices unread: tf.sort) as a descending sort of the
    elements' `_ordered_bits`, read back. Equal keys are equal bits, so which of them comes
    first does not show: half the bytes of `_top_k_by_sorted_keys`'s i64 keys, twice the vector
    lanes."""
    last = expect(x.type, TensorType).get_num_dims() - 1
    top = h.emit.slice(_sort_descending(h, _ordered_bits(h, x)), last, 0, k)
    return _from_ordered_bits(h, top, _element(x))


def _top_k(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
    """top_k(x, k) -> for f32 and i32 with k at most half the last dim and at most
    SELECTION_PASSES_PER_ROUND times the sort's rounds, k selection passes
    (`_top_k_by_selection`), for larger k a sort of their rank keys (`_top_k_by_sorted_keys`);
    for other types iota along the last dim, a stable sort of (x, iota) by x, descending (floats
    in total order: NaN first), and the first k of each"""
    op = expect(op, chlo.TopKOp)
    x = op.operand
    t = x.type
    t = expect(t, TensorType)
    k = op.k_value()
    n = t.get_shape()[-1]
    element = t.element_type
    levels = (n - 1).bit_length()
    rounds = levels * (levels + 1) // 2
    selectable = isinstance(element, SELECT_TOP_K_ELEMENTS) and bit_width(element) == 32
    if selectable and 0 < 2 * k <= n and k <= SELECTION_PASSES_PER_ROUND * rounds:
        return _top_k_by_selection(h, x, k)
    last = t.get_num_dims() - 1
    if selectable and not op.indices.uses:
        values = _top_k_values_by_sorted_bits(h, x, k)
        return [values, h.const(0, op.indices)]  # unread: only its type matters
    if selectable:
        return _top_k_by_sorted_keys(h, x, k)
    iota = h.emit(hlo.IotaOp(last, TensorType(i32, t.get_shape())))
    element = t.element_type
    scalar, index = TensorType(element, []), TensorType(i32, [])
    block = Block(arg_types=[scalar, scalar, index, index])
    inside = HloEmitter(op, block)
    total = "TOTALORDER" if is_float(element) else None
    inside.add(hlo.ReturnOp([inside(hlo.CompareOp(block.args[0], block.args[1], "GT", total))]))
    stable = op.is_stable is None or bool(op.is_stable.value.data)
    sort = hlo.SortOp([x, iota], last, Region(block), is_stable=stable)
    h.emit.add(sort)
    return [h.emit.slice(result, last, 0, k) for result in sort.results]


def _constant(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
    op = expect(op, chlo.ConstantOp)
    return [h.emit(hlo.ConstantOp(op.value))]


BROADCAST_TO_HLO: dict[type[chlo.ChloBroadcastBinaryOp], type[hlo.ElementwiseBinaryOp]] = {
    chlo.BroadcastAddOp: hlo.AddOp,
    chlo.BroadcastSubOp: hlo.SubtractOp,
    chlo.BroadcastMulOp: hlo.MultiplyOp,
    chlo.BroadcastDivOp: hlo.DivideOp,
    chlo.BroadcastMaxOp: hlo.MaximumOp,
    chlo.BroadcastMinOp: hlo.MinimumOp,
    chlo.BroadcastPowOp: hlo.PowerOp,
    chlo.BroadcastRemOp: hlo.RemainderOp,
    chlo.BroadcastAtan2Op: hlo.Atan2Op,
    chlo.BroadcastAndOp: hlo.AndOp,
    chlo.BroadcastOrOp: hlo.OrOp,
    chlo.BroadcastXorOp: hlo.XorOp,
    chlo.BroadcastShiftLeftOp: hlo.ShiftLeftOp,
    chlo.BroadcastShiftRightArithmeticOp: hlo.ShiftRightArithmeticOp,
    chlo.BroadcastShiftRightLogicalOp: hlo.ShiftRightLogicalOp,
}
"""The hlo op each broadcasting op applies once its operands have the result's shape."""

BROADCAST_OPS: tuple[type[chlo.ChloBroadcastBinaryOp], ...] = (
    *BROADCAST_TO_HLO,
    chlo.BroadcastNextAfterOp,
    chlo.BroadcastPolygammaOp,
    chlo.BroadcastZetaOp,
)


def _broadcast(h: _Hlo, op: Operation) -> Sequence[SSAValue]:
    """chlo.broadcast_X a, b -> hlo.broadcast_in_dim of each operand to the result's shape,
    then X"""
    op = expect(op, chlo.ChloBroadcastBinaryOp)
    result = op.result.type
    result = expect(result, TensorType)
    shape = TensorType(_element(op.lhs), result.get_shape())
    operands: list[SSAValue] = []
    for index, value in enumerate(op.operands):
        if value.type == shape:
            operands.append(value)
            continue
        operands.append(h.emit(hlo.BroadcastInDimOp(value, shape, op.operand_dims(index))))
    lhs, rhs = operands
    if isinstance(op, chlo.BroadcastNextAfterOp):
        return [_next_after(h, lhs, rhs)]
    if isinstance(op, chlo.BroadcastPolygammaOp | chlo.BroadcastZetaOp):
        compute = _polygamma if isinstance(op, chlo.BroadcastPolygammaOp) else _zeta
        return [_in_f32(h, lhs, lambda h, wide: compute(h, wide, _widened(h, rhs, wide)))]
    return [h.emit(BROADCAST_TO_HLO[type(op)](lhs, rhs))]


def _widened(h: _Hlo, value: SSAValue, like: SSAValue) -> SSAValue:
    """`value` converted to `like`'s element type (f16 and bf16 computed in f32)."""
    if _element(value) == _element(like):
        return value
    return h.emit(hlo.ConvertOp(value, _element(like)))


REAL_EXPANSIONS: dict[type[Operation], Expansion] = {
    chlo.AcosOp: _unary(_acos),
    chlo.AcoshOp: _unary(_acosh),
    chlo.AsinOp: _unary(_asin),
    chlo.AsinhOp: _unary(_asinh),
    chlo.AtanOp: _unary(_atan),
    chlo.AtanhOp: _unary(_atanh),
    chlo.BesselI1eOp: _unary(_bessel_i1e),
    chlo.CoshOp: _unary(_cosh),
    chlo.SinhOp: _unary(_sinh),
    chlo.TanOp: _unary(_tan),
    chlo.DigammaOp: _unary(_digamma),
    chlo.ErfOp: _unary(_erf),
    chlo.ErfcOp: _unary(_erfc),
    chlo.ErfInvOp: _unary(_erf_inv),
    chlo.LgammaOp: _unary(_lgamma),
    chlo.IsInfOp: _predicate(_is_inf),
    chlo.IsPosInfOp: _predicate(_is_pos_inf),
    chlo.IsNegInfOp: _predicate(_is_neg_inf),
    chlo.SquareOp: _square,
    chlo.ConjOp: _conj,
    chlo.NextAfterOp: lambda h, op: [_next_after(h, op.operands[0], op.operands[1])],
    chlo.PolygammaOp: _binary(_polygamma),
    chlo.ZetaOp: _binary(_zeta),
    chlo.TopKOp: _top_k,
    chlo.ConstantOp: _constant,
    **{op: _broadcast for op in BROADCAST_OPS},
}
"""The expansion of each chlo op on real (and integer) tensors."""

COMPLEX_EXPANSIONS: dict[type[Operation], Expansion] = {
    chlo.SquareOp: _square,
    chlo.ConjOp: _conj,
    chlo.SinhOp: _complex_sinh_cosh,
    chlo.CoshOp: _complex_sinh_cosh,
    chlo.TanOp: _complex_tan,
    chlo.AsinOp: _complex_asin,
    chlo.AcosOp: _complex_acos,
    chlo.AsinhOp: _complex_asinh,
    chlo.AcoshOp: _complex_acosh,
    chlo.AtanOp: _complex_atan,
    chlo.AtanhOp: _complex_atanh,
    chlo.ConstantOp: _constant,
    **{op: _broadcast for op in BROADCAST_TO_HLO},
}
"""The expansion of each chlo op on complex tensors (hlo-complex-to-real expands what they
build)."""


def _expansion(op: Operation) -> Expansion | None:
    """How `op` expands; None for an op this pass has no expansion of (its element type)."""
    complex_operands = any(
        isinstance(v.type, TensorType) and is_complex(v.type.element_type) for v in op.operands
    )
    table = COMPLEX_EXPANSIONS if complex_operands else REAL_EXPANSIONS
    return table.get(type(op))


def _unsupported_reason(op: Operation) -> str:
    if _expansion(op) is None and type(op) in REAL_EXPANSIONS:
        return f"{op.name} on complex elements is not supported"
    return f"{op.name} is not supported"


class ChloLowering(RewritePattern):
    """chlo.X -> the hlo ops computing X (one row of REAL_EXPANSIONS / COMPLEX_EXPANSIONS)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if op.dialect_name() != "chlo":
            return
        expansion = _expansion(op)
        if expansion is None:
            return
        rewriter.replace(op, [], list(expansion(_Hlo(op), op)))


@dataclass(frozen=True)
class ChloLegalizeToHloPass(ModulePass):
    """Rewrites every chlo op into hlo ops. Expects the `hlo` stage with chlo ops among the hlo;
    guarantees it without them (complex ones become hlo ops on complex values, which
    `hlo-complex-to-real` expands next). Fails naming every chlo op it has no expansion for
    (REAL_EXPANSIONS, COMPLEX_EXPANSIONS), unless `partial`, which leaves them."""

    name = "chlo-legalize-to-hlo"

    partial: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        left = [o for o in op.walk() if o.dialect_name() == "chlo" and _expansion(o) is None]
        if left and not self.partial:
            diagnostics = [op_diagnostic(o, _unsupported_reason(o)) for o in left]
            lines = [f"{self.name}: no expansion for:"]
            lines += [f"  {describe_op(o)}: {_unsupported_reason(o)}" for o in left]
            raise PassContractError("\n".join(lines), diagnostics=diagnostics)
        PatternRewriteWalker(
            GreedyRewritePatternApplier([ChloLowering()]), apply_recursively=False
        ).rewrite_module(op)
