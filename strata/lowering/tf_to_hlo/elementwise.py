"""tf elementwise ops -> hlo: broadcasting binary ops, unary math, activations, casts, and the
math family (erf/erfc expansions, rounding, floor division, comparisons, select, clip)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerType,
    TensorType,
    f32,
    f64,
    i1,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.diagnostics import op_message
from strata.dialects import chlo, hlo, rt, tf
from strata.dialects.element_kinds import ElementKind, kind_of
from strata.dialects.tensor_types import is_float, is_static, shape_of
from strata.internal import expect
from strata.lowering.locations import LocatedBuilder
from strata.lowering.tf_to_hlo.helpers import any_true, broadcast_to, scalar, splat
from strata.transforms.chlo_legalize_to_hlo import (
    expand_betainc,
    expand_binary_special_function,
    expand_special_function,
)

BINARY: dict[type[Operation], type[hlo.ElementwiseBinaryOp]] = {
    tf.AddV2Op: hlo.AddOp,
    tf.AddOp: hlo.AddOp,
    tf.SubOp: hlo.SubtractOp,
    tf.MulOp: hlo.MultiplyOp,
    tf.RealDivOp: hlo.DivideOp,
    tf.MaximumOp: hlo.MaximumOp,
    tf.MinimumOp: hlo.MinimumOp,
}

UNARY: dict[type[Operation], type[hlo.ElementwiseUnaryOp]] = {
    tf.NegOp: hlo.NegateOp,
    tf.AbsOp: hlo.AbsOp,
    tf.ExpOp: hlo.ExponentialOp,
    tf.LogOp: hlo.LogOp,
    tf.SqrtOp: hlo.SqrtOp,
    tf.RsqrtOp: hlo.RsqrtOp,
    tf.TanhOp: hlo.TanhOp,
    tf.SigmoidOp: hlo.LogisticOp,
}


CHLO_UNARY: dict[type[Operation], type[chlo.ChloUnaryOp]] = {
    tf.AsinOp: chlo.AsinOp,
    tf.AcosOp: chlo.AcosOp,
    tf.AtanOp: chlo.AtanOp,
    tf.SinhOp: chlo.SinhOp,
    tf.CoshOp: chlo.CoshOp,
    tf.AsinhOp: chlo.AsinhOp,
    tf.AcoshOp: chlo.AcoshOp,
    tf.AtanhOp: chlo.AtanhOp,
    tf.LgammaOp: chlo.LgammaOp,
    tf.DigammaOp: chlo.DigammaOp,
    tf.ErfinvOp: chlo.ErfInvOp,
    tf.BesselI1eOp: chlo.BesselI1eOp,
}
"""tf unary op -> the chlo op with its semantics (chlo-legalize-to-hlo expands it)."""

CHLO_BINARY: dict[type[Operation], type[chlo.ChloBinaryOp]] = {
    tf.ZetaOp: chlo.ZetaOp,
    tf.PolygammaOp: chlo.PolygammaOp,
}
"""tf binary op -> the chlo op with its semantics, on operands broadcast to the result."""

SPECIAL: dict[type[Operation], str] = {tf.NdtriOp: "ndtri", tf.BesselI0eOp: "bessel_i0e"}
"""tf unary op -> its function in chlo_legalize_to_hlo.SPECIAL_FUNCTIONS (no chlo op has it)."""

BINARY_SPECIAL: dict[type[Operation], str] = {tf.IgammaOp: "igamma", tf.IgammacOp: "igammac"}
"""tf binary op -> its function in chlo_legalize_to_hlo.BINARY_SPECIAL_FUNCTIONS."""


def all_static(op: Operation) -> bool:
    return all(is_static(v.type) for v in (*op.operands, *op.results))


INTEGER_DIVISIONS = (
    tf.RealDivOp,
    tf.FloorDivOp,
    tf.FloorModOp,
    tf.TruncateDivOp,
    tf.TruncateModOp,
    tf.ModOp,
)
"""The tf ops whose integer kernels fail "Integer division by zero"."""


def check_integer_divisor(b: LocatedBuilder, op: Operation, divisor: SSAValue) -> None:
    """rt.check(any(divisor == 0)) for an integer division (INTEGER_DIVISIONS): the call fails
    as TensorFlow's does, naming the node (the values computed are XLA's: hlo_to_linalg's
    scalar_ops._safe_division)."""
    t = expect(divisor.type, TensorType)
    if not isinstance(op, INTEGER_DIVISIONS) or kind_of(t.element_type) not in (
        ElementKind.SIGNED,
        ElementKind.UNSIGNED,
    ):
        return
    zero = b(hlo.CompareOp(divisor, splat(b, 0, t), "EQ")).result
    b(rt.CheckOp(any_true(b, zero), op_message(op, "Integer division by zero")))


class BinaryLowering(RewritePattern):
    """tf.AddV2(x, y) -> hlo.add(broadcast_in_dim(x), broadcast_in_dim(y)); likewise the tables;
    tf.Igamma, tf.Igammac -> their expansions in chlo_legalize_to_hlo."""

    @property
    def handles(self) -> tuple[type[Operation], ...]:
        return (*BINARY, *CHLO_BINARY, *BINARY_SPECIAL)  # read late: the math family adds rows

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        target = BINARY.get(type(op)) or CHLO_BINARY.get(type(op))
        special = BINARY_SPECIAL.get(type(op))
        if (target is None and special is None) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        shape = shape_of(op.results[0].type)
        lhs = broadcast_to(b, op.operands[0], shape)
        rhs = broadcast_to(b, op.operands[1], shape)
        check_integer_divisor(b, op, op.operands[1])
        if special is not None:
            rewriter.replace(op, [], [expand_binary_special_function(special, op, lhs, rhs)])
        elif target is not None:
            rewriter.replace(op, [], [b(target(lhs, rhs)).results[0]])


class UnaryLowering(RewritePattern):
    """tf.Exp(x) -> hlo.exponential(x), tf.Asin(x) -> chlo.asin(x); likewise the tables;
    tf.Ndtri, tf.BesselI0e -> their expansions in chlo_legalize_to_hlo."""

    @property
    def handles(self) -> tuple[type[Operation], ...]:
        return (*UNARY, *CHLO_UNARY, *SPECIAL)  # read late: the math family adds rows below

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if type(op) in SPECIAL and all_static(op):
            value = expand_special_function(SPECIAL[type(op)], op, op.operands[0])
            rewriter.replace(op, [], [value])
            return
        target = UNARY.get(type(op)) or CHLO_UNARY.get(type(op))
        if target is None or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        result = b(target(op.operands[0]))
        rewriter.replace(op, [], [result.results[0]])


class BetaincLowering(RewritePattern):
    """tf.Betainc(a, b, x) -> the three broadcast to the result's shape, then
    chlo_legalize_to_hlo's expansion (Cephes' incbet, in f64)."""

    handles = (tf.BetaincOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.BetaincOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        shape = shape_of(op.z.type)
        a, bb, x = (broadcast_to(b, v, shape) for v in op.operands)
        rewriter.replace(op, [], [expand_betainc(op, a, bb, x)])


class NanInfLowering(RewritePattern):
    """tf.IsNan(x) -> hlo.compare NE x, x; tf.IsInf(x) -> hlo.compare EQ |x|, inf"""

    handles = (tf.IsNanOp, tf.IsInfOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (tf.IsNanOp, tf.IsInfOp)) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        x = op.operands[0]
        rewriter.replace(op, [], [nan_mask(b, x) if isinstance(op, tf.IsNanOp) else inf_mask(b, x)])


def nan_mask(b: LocatedBuilder, x: SSAValue) -> SSAValue:
    """Elementwise x is NaN: hlo.compare NE x, x."""
    return b(hlo.CompareOp(x, x, "NE", "FLOAT")).result


def inf_mask(b: LocatedBuilder, x: SSAValue) -> SSAValue:
    """Elementwise x is +-inf: hlo.compare EQ |x|, inf."""
    inf = splat(b, float("inf"), expect(x.type, TensorType))
    return b(hlo.CompareOp(b(hlo.AbsOp(x)).result, inf, "EQ", "FLOAT")).result


class SquareLowering(RewritePattern):
    """tf.Square(x) -> hlo.multiply(x, x)"""

    handles = (tf.SquareOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.SquareOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [b(hlo.MultiplyOp(op.x, op.x)).result])


class ReluLowering(RewritePattern):
    """tf.Relu(x) -> hlo.maximum(x, 0)"""

    handles = (tf.ReluOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ReluOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        zero = splat(b, 0, op.x.type)
        rewriter.replace(op, [], [b(hlo.MaximumOp(op.x, zero)).result])


class Relu6Lowering(RewritePattern):
    """tf.Relu6(x) -> hlo.clamp(0, x, 6)"""

    handles = (tf.Relu6Op,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.Relu6Op) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        t = expect(op.x.type, TensorType)
        lo = scalar(b, 0, t.element_type)
        hi = scalar(b, 6, t.element_type)
        rewriter.replace(op, [], [b(hlo.ClampOp(lo, op.x, hi)).result])


class BitcastLowering(RewritePattern):
    """tf.Bitcast(x) -> hlo.bitcast_convert(x) (the same splitting and joining of the last dim)"""

    handles = (tf.BitcastOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.BitcastOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [b(hlo.BitcastConvertOp(op.input, op.output.type)).result])


class CastLowering(RewritePattern):
    """tf.Cast(x) -> hlo.convert(x); to bool: hlo.compare NE x, 0; f64 to f16 or bf16 through
    f32, rounded twice as TensorFlow's kernel rounds (Eigen converts a double to half through
    float: 1 + 2^-11 + 2^-40 becomes 1, where one rounding gives 1 + 2^-10)"""

    handles = (tf.CastOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.CastOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        src = expect(op.x.type, TensorType)
        dst = expect(op.y.type, TensorType)
        if src.element_type == dst.element_type:
            rewriter.replace(op, [], [op.x])
            return
        if isinstance(dst.element_type, IntegerType) and dst.element_type.width.data == 1:
            zero = splat(b, 0, src)
            kind = "FLOAT" if is_float(src.element_type) else "SIGNED"
            result = b(hlo.CompareOp(op.x, zero, "NE", kind)).result
        else:
            x: SSAValue = op.x
            half = isinstance(dst.element_type, Float16Type | BFloat16Type)
            if half and isinstance(src.element_type, Float64Type):
                x = b(hlo.ConvertOp(x, f32)).result
            result = b(hlo.ConvertOp(x, dst.element_type)).result
        rewriter.replace(op, [], [result])


class ForwardLowering(RewritePattern):
    """tf.Identity / tf.StopGradient / tf.PreventGradient / tf.IdentityN (x) -> x;
    tf.NoOp -> (nothing)"""

    handles = (*tf.FORWARDING, tf.IdentityNOp, tf.NoOpOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if isinstance(op, tf.NoOpOp):
            rewriter.erase(op)
            return
        if not isinstance(op, (*tf.FORWARDING, tf.IdentityNOp)):
            return
        rewriter.replace(op, [], list(op.operands))


PATTERNS: tuple[RewritePattern, ...] = (
    BitcastLowering(),
    BinaryLowering(),
    UnaryLowering(),
    NanInfLowering(),
    BetaincLowering(),
    SquareLowering(),
    ReluLowering(),
    Relu6Lowering(),
    CastLowering(),
    ForwardLowering(),
)


# ---------------------------------------------------------------------------------------------
# The math family: expansions into several hlo ops.

MATH_UNARY: dict[type[Operation], type[hlo.ElementwiseUnaryOp]] = {
    tf.Log1pOp: hlo.Log1pOp,
    tf.Expm1Op: hlo.Expm1Op,
    tf.FloorOp: hlo.FloorOp,
    tf.CeilOp: hlo.CeilOp,
    tf.SinOp: hlo.SineOp,
    tf.CosOp: hlo.CosineOp,
    tf.LogicalNotOp: hlo.NotOp,
    tf.IsFiniteOp: hlo.IsFiniteOp,
    tf.TanOp: hlo.TanOp,
    tf.RintOp: hlo.RoundNearestEvenOp,
    tf.InvertOp: hlo.NotOp,
}

MATH_BINARY: dict[type[Operation], type[hlo.ElementwiseBinaryOp]] = {
    tf.PowOp: hlo.PowerOp,
    tf.LogicalAndOp: hlo.AndOp,
    tf.LogicalOrOp: hlo.OrOp,
    tf.Atan2Op: hlo.Atan2Op,
    tf.ModOp: hlo.RemainderOp,
    tf.TruncateModOp: hlo.RemainderOp,
    tf.BitwiseAndOp: hlo.AndOp,
    tf.BitwiseOrOp: hlo.OrOp,
    tf.BitwiseXorOp: hlo.XorOp,
}

UNARY.update(MATH_UNARY)
BINARY.update(MATH_BINARY)


class Expr:
    """Writes hlo arithmetic on tensors of one type tersely: constants are splats of that type."""

    def __init__(self, b: LocatedBuilder, like: Attribute):
        like = expect(like, TensorType)
        self.b = b
        self.type = like
        self.element = like.element_type
        self.constants: dict[str, SSAValue] = {}

    def c(self, value: float) -> SSAValue:
        """The splat of `value`, made once per Expr (the builder inserts every op at one point,
        so the first one dominates the rest); keyed by repr, which tells -0.0 from 0.0."""
        key = repr(value)
        if key not in self.constants:
            self.constants[key] = splat(self.b, value, self.type)
        return self.constants[key]

    def v(self, x: SSAValue | float) -> SSAValue:
        return x if isinstance(x, SSAValue) else self.c(x)

    def add(self, x: SSAValue | float, y: SSAValue | float) -> SSAValue:
        return self.b(hlo.AddOp(self.v(x), self.v(y))).result

    def sub(self, x: SSAValue | float, y: SSAValue | float) -> SSAValue:
        return self.b(hlo.SubtractOp(self.v(x), self.v(y))).result

    def mul(self, x: SSAValue | float, y: SSAValue | float) -> SSAValue:
        return self.b(hlo.MultiplyOp(self.v(x), self.v(y))).result

    def div(self, x: SSAValue | float, y: SSAValue | float) -> SSAValue:
        return self.b(hlo.DivideOp(self.v(x), self.v(y))).result

    def rem(self, x: SSAValue, y: SSAValue) -> SSAValue:
        return self.b(hlo.RemainderOp(x, y)).result

    def max(self, x: SSAValue | float, y: SSAValue | float) -> SSAValue:
        return self.b(hlo.MaximumOp(self.v(x), self.v(y))).result

    def min(self, x: SSAValue | float, y: SSAValue | float) -> SSAValue:
        return self.b(hlo.MinimumOp(self.v(x), self.v(y))).result

    def unary(self, cls: type[hlo.ElementwiseUnaryOp], x: SSAValue) -> SSAValue:
        return self.b(cls(x)).result

    def cmp(self, direction: str, x: SSAValue | float, y: SSAValue | float) -> SSAValue:
        element = self.element
        if is_float(element):
            kind = "FLOAT"
        elif isinstance(element, IntegerType) and element.width.data == 1:
            kind = "UNSIGNED"
        else:
            kind = "SIGNED"
        return self.b(hlo.CompareOp(self.v(x), self.v(y), direction, kind)).result

    def select(self, pred: SSAValue, x: SSAValue | float, y: SSAValue | float) -> SSAValue:
        return self.b(hlo.SelectOp(pred, self.v(x), self.v(y))).result

    def clamp(self, lo: float, x: SSAValue, hi: float) -> SSAValue:
        low, high = scalar(self.b, lo, self.element), scalar(self.b, hi, self.element)
        return self.b(hlo.ClampOp(low, x, high)).result

    def poly(self, x: SSAValue, coefficients: Sequence[float]) -> SSAValue:
        """Horner's rule; coefficients from the highest power down."""
        acc = self.c(coefficients[0])
        for k in coefficients[1:]:
            acc = self.add(self.mul(acc, x), k)
        return acc

    def bools(self) -> Expr:
        """The same shape with i1 elements (for and/or/not/ne of predicates)."""
        return Expr(self.b, TensorType(i1, self.type.get_shape()))


# Cephes's single-precision erf/erfc polynomials (as XLA uses them), highest power first.
# erf(x) = x * T(x^2) for |x| <= 1.
_ERF_T = (
    7.853861353153693e-5, -8.010193625184903e-4, 5.188327685732524e-3, -2.685381193529856e-2,
    1.128358514861418e-1, -3.761262582423300e-1, 1.128379165726710e0,
)  # fmt: skip
# erfc(x) = exp(-x^2) / x * P(1/x^2) for 1 < x < 2, and * R(1/x^2) for x >= 2.
_ERFC_P = (
    2.326819970068386e-2, -1.387039388740657e-1, 3.687424674597105e-1, -5.824733027278666e-1,
    6.210004621745983e-1, -4.944515323274145e-1, 3.404879937665872e-1, -2.741127028184656e-1,
    5.638259427386472e-1,
)  # fmt: skip
_ERFC_R = (
    -1.047766399936249e1, 1.297719955372516e1, -7.495518717768503e0, 2.921019019210786e0,
    -1.015265279202700e0, 4.218463358204948e-1, -2.820767439740514e-1, 5.641895067754075e-1,
)  # fmt: skip
# Beyond this erfc underflows to 0 in float32 (and erf is exactly +-1).
_ERFC_CUTOFF = 10.5


def _erfc_tail(e: Expr, a: SSAValue) -> SSAValue:
    """erfc(a) for a >= 1: exp(-a^2) / a * P(1/a^2). a^2 is split as hi^2 + lo * (a + hi) with
    hi holding a's top 12 bits, so exp(-a^2) keeps float32 precision where a^2 is large."""
    a = e.clamp(1.0, a, _ERFC_CUTOFF)
    hi = e.mul(e.unary(hlo.FloorOp, e.mul(a, 256.0)), 1.0 / 256.0)
    lo = e.sub(a, hi)
    z = e.mul(
        e.unary(hlo.ExponentialOp, e.unary(hlo.NegateOp, e.mul(hi, hi))),
        e.unary(hlo.ExponentialOp, e.unary(hlo.NegateOp, e.mul(lo, e.add(a, hi)))),
    )
    q = e.div(1.0, a)
    y = e.mul(q, q)
    p = e.select(e.cmp("LT", a, 2.0), e.poly(y, _ERFC_P), e.poly(y, _ERFC_R))
    return e.mul(e.mul(z, q), p)


# erf(x) = 1 - exp(-x^2) / x * G(1/x^2) for 1 < x <= _ERF_ONE: G fitted here by least squares
# weighted by erfc(x), the absolute error it makes in erf (at most 1.2e-8, a fifth of an ulp of
# erf near 1), highest power first.
_ERF_G = (
    -1.9788818433880806e-2, 1.0975751280784607e-1, -2.6945579051971436e-1, 3.9215517044067383e-1,
    -3.9123377203941345e-1, 3.1257075071334840e-1, -2.6999562978744507e-1, 5.6357413530349730e-1,
)  # fmt: skip
# From here on erf(x) rounds to 1 in float32 (erfc(4) = 1.5e-8, below half an ulp of 1).
_ERF_ONE = 4.0


def erf(e: Expr, x: SSAValue) -> SSAValue:
    """erf(x) = x T(x^2) for |x| <= 1, else sign(x) (1 - exp(-x^2) / |x| G(1/x^2)) with |x|
    clamped to _ERF_ONE. One exp, with x^2 as rounded: erf needs the tail to an absolute 2^-25,
    and the rounding of x^2 moves exp(-x^2) by at most x^2 2^-24 of itself (erfc's expansion
    splits x^2 for its relative accuracy, two exps and two polynomials: erf took 4x a tanh)."""
    a = e.unary(hlo.AbsOp, x)
    small = e.mul(x, e.poly(e.mul(x, x), _ERF_T))
    b = e.clamp(1.0, a, _ERF_ONE)
    q = e.div(1.0, b)
    tail = e.mul(e.unary(hlo.ExponentialOp, e.unary(hlo.NegateOp, e.mul(b, b))), q)
    big = e.sub(1.0, e.mul(tail, e.poly(e.mul(q, q), _ERF_G)))
    big = e.select(e.cmp("LT", x, 0.0), e.unary(hlo.NegateOp, big), big)
    return e.select(e.cmp("GT", a, 1.0), big, small)


def erfc(e: Expr, x: SSAValue) -> SSAValue:
    """erfc(x) = 1 - x T(x^2) for |x| <= 1; erfc(|x|) from its own expansion (or 2 minus it for
    x < 0) beyond, so large x keeps its relative precision."""
    a = e.unary(hlo.AbsOp, x)
    small = e.sub(1.0, e.mul(x, e.poly(e.mul(x, x), _ERF_T)))
    tail = _erfc_tail(e, a)
    big = e.select(e.cmp("LT", x, 0.0), e.sub(2.0, tail), tail)
    return e.select(e.cmp("GT", a, 1.0), big, small)


_SELU_SCALE = 1.0507009873554804934193349852946
_SELU_ALPHA = 1.6732632423543772848170429916717


def _float_compute(e: Expr, x: SSAValue, fn: Callable[[Expr, SSAValue], SSAValue]) -> SSAValue:
    """fn on float32 or float64 as is; half precisions computed in float32 and rounded back."""
    if isinstance(e.element, (Float32Type, Float64Type)):
        return fn(e, x)
    wide = e.b(hlo.ConvertOp(x, f32)).result
    result = fn(Expr(e.b, wide.type), wide)
    return e.b(hlo.ConvertOp(result, e.element)).result


def _unary_expansion(op: Operation, e: Expr, x: SSAValue) -> SSAValue | None:
    if isinstance(op, tf.ErfOp):
        return _float_compute(e, x, erf)
    if isinstance(op, tf.ErfcOp):
        return _float_compute(e, x, erfc)
    if isinstance(op, tf.RoundOp):
        # Half to even, the sign kept: TensorFlow's round(-0.4) is -0 (a floor and a parity
        # test gave +0).
        return e.unary(hlo.RoundNearestEvenOp, x) if is_float(e.element) else x
    if isinstance(op, tf.SignOp):
        # hlo.sign(-0) is -0 (StableHLO); TensorFlow's Sign gives +0 there.
        sign = e.unary(hlo.SignOp, x)
        return e.add(sign, 0.0) if is_float(e.element) else sign
    if isinstance(op, tf.EluOp):
        return e.select(e.cmp("LT", x, 0.0), e.unary(hlo.Expm1Op, x), x)
    if isinstance(op, tf.SeluOp):
        negative = e.mul(e.unary(hlo.Expm1Op, x), _SELU_SCALE * _SELU_ALPHA)
        return e.select(e.cmp("LT", x, 0.0), negative, e.mul(x, _SELU_SCALE))
    if isinstance(op, tf.SoftplusOp):
        # log(1 + e^x) = log1p(e^-|x|) + max(x, 0): no overflow for large x, exact for small.
        tail = e.unary(
            hlo.Log1pOp, e.unary(hlo.ExponentialOp, e.unary(hlo.NegateOp, e.unary(hlo.AbsOp, x)))
        )
        return e.add(tail, e.max(x, 0.0))
    if isinstance(op, tf.SoftsignOp):
        return e.div(x, e.add(e.unary(hlo.AbsOp, x), 1.0))
    if isinstance(op, tf.ReciprocalOp):
        return e.div(1, x)
    if isinstance(op, tf.LeakyReluOp):
        alpha = op.alpha.value.data
        return e.select(e.cmp("GT", x, 0.0), x, e.mul(x, alpha))
    return None


class MathUnaryLowering(RewritePattern):
    """tf.Erf / Erfc / Round / Elu / Selu / Softplus / Softsign / LeakyRelu / Reciprocal (x)
    -> hlo expansions (erf: Cephes polynomials in hlo.multiply/add; round: floor and a
    half-to-even fixup; reciprocal: 1 / x)"""

    handles = (
        tf.EluOp,
        tf.ErfOp,
        tf.ErfcOp,
        tf.LeakyReluOp,
        tf.ReciprocalOp,
        tf.RoundOp,
        tf.SignOp,
        tf.SeluOp,
        tf.SoftplusOp,
        tf.SoftsignOp,
    )

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if len(op.operands) != 1 or not isinstance(op, tf.TfOp) or not all_static(op):
            return
        if not isinstance(op.operands[0].type, TensorType):
            return
        b = LocatedBuilder(rewriter, op)
        result = _unary_expansion(op, Expr(b, op.operands[0].type), op.operands[0])
        if result is None:
            return
        rewriter.replace(op, [], [result])


def _floor_div(e: Expr, x: SSAValue, y: SSAValue) -> SSAValue:
    if is_float(e.element):
        return e.unary(hlo.FloorOp, e.div(x, y))
    # Integer division truncates; step down once where it rounded a negative quotient up.
    quotient = e.div(x, y)
    needs_step = _sign_fixup(e, e.rem(x, y), y)
    return e.sub(quotient, e.select(needs_step, 1, 0))


def _sign_fixup(e: Expr, remainder: SSAValue, y: SSAValue) -> SSAValue:
    """remainder != 0 and its sign differs from the divisor's."""
    p = e.bools()
    signs_differ = p.cmp("NE", e.cmp("LT", remainder, 0), e.cmp("LT", y, 0))
    return e.b(hlo.AndOp(e.cmp("NE", remainder, 0), signs_differ)).result


def _floor_mod(e: Expr, x: SSAValue, y: SSAValue) -> SSAValue:
    # TensorFlow: r = fmod(x, y) (or x % y); r + y where r != 0 and sign(r) != sign(y).
    remainder = e.rem(x, y)
    return e.select(_sign_fixup(e, remainder, y), e.add(remainder, y), remainder)


def _binary_expansion(op: Operation, e: Expr, x: SSAValue, y: SSAValue) -> SSAValue | None:
    if isinstance(op, tf.SquaredDifferenceOp):
        d = e.sub(x, y)
        return e.mul(d, d)
    if isinstance(op, tf.FloorDivOp):
        return _floor_div(e, x, y)
    if isinstance(op, tf.FloorModOp):
        return _floor_mod(e, x, y)
    if isinstance(op, tf.DivNoNanOp):
        return e.select(e.cmp("EQ", y, 0.0), 0.0, e.div(x, y))
    if isinstance(op, tf.MulNoNanOp):
        return e.select(e.cmp("EQ", y, 0.0), 0.0, e.mul(x, y))
    if isinstance(op, tf.XlogyOp):
        return e.select(e.cmp("EQ", x, 0.0), 0.0, e.mul(x, e.unary(hlo.LogOp, y)))
    if isinstance(op, tf.Xlog1pyOp):
        return e.select(e.cmp("EQ", x, 0.0), 0.0, e.mul(x, e.unary(hlo.Log1pOp, y)))
    if isinstance(op, tf.XdivyOp):
        return e.select(e.cmp("EQ", x, 0.0), 0.0, e.div(x, y))
    if isinstance(op, (tf.LeftShiftOp, tf.RightShiftOp)):
        # TensorFlow clamps the shift to [0, bits - 1] (an int32 x << 40 is x << 31, x >> -1 is
        # x), where hlo's shifts give 0 (or -1) past the width.
        unsigned = kind_of(e.element) is ElementKind.UNSIGNED
        amount = e.min(
            y if unsigned else e.max(y, 0), expect(e.element, IntegerType).width.data - 1
        )
        if isinstance(op, tf.LeftShiftOp):
            return e.b(hlo.ShiftLeftOp(x, amount)).result
        shift = hlo.ShiftRightLogicalOp if unsigned else hlo.ShiftRightArithmeticOp
        return e.b(shift(x, amount)).result
    if isinstance(op, tf.TruncateDivOp):
        if not is_float(e.element):
            return e.div(x, y)  # integer division truncates
        q = e.div(x, y)
        return e.select(e.cmp("LT", q, 0.0), e.unary(hlo.CeilOp, q), e.unary(hlo.FloorOp, q))
    if isinstance(op, tf.ComparisonOp):
        return e.cmp(tf.COMPARE_DIRECTIONS[type(op)], x, y)
    return None


EXPANDED_BINARY = (
    tf.SquaredDifferenceOp,
    tf.FloorDivOp,
    tf.FloorModOp,
    tf.DivNoNanOp,
    tf.MulNoNanOp,
    tf.XlogyOp,
    tf.Xlog1pyOp,
    tf.XdivyOp,
    tf.TruncateDivOp,
    tf.LeftShiftOp,
    tf.RightShiftOp,
    tf.ComparisonOp,
)


class MathBinaryLowering(RewritePattern):
    """tf.SquaredDifference / FloorDiv / FloorMod / DivNoNan / MulNoNan / Xlogy / Xlog1py /
    Xdivy / TruncateDiv / LeftShift / RightShift (arithmetic or logical by signedness; the shift
    clamped to [0, bits - 1]) / comparisons (x, y)
    -> broadcast both, then hlo (e.g. FloorMod: r = remainder(x, y); select(fix, r + y, r);
    Xlogy: select(x == 0, 0, x * log(y)))"""

    handles = EXPANDED_BINARY

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, EXPANDED_BINARY) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        operand_type = expect(op.x.type, TensorType)
        result_type = expect(op.z.type, TensorType)
        shape = shape_of(result_type)
        x = broadcast_to(b, op.x, shape)
        y = broadcast_to(b, op.y, shape)
        check_integer_divisor(b, op, op.y)
        result = _binary_expansion(op, Expr(b, TensorType(operand_type.element_type, shape)), x, y)
        if result is None:
            return
        rewriter.replace(op, [], [result])


class SelectLowering(RewritePattern):
    """tf.Select(c, t, e) -> hlo.select (a 1-D c picking rows: broadcast along dim 0 first);
    tf.SelectV2(c, t, e) -> hlo.select of the three broadcast to the result shape"""

    handles = (tf.SelectOp, tf.SelectV2Op)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (tf.SelectOp, tf.SelectV2Op)) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        shape = shape_of(op.output.type)
        pred_type = TensorType(i1, shape)
        cond = op.condition
        cond_rank = len(shape_of(cond.type))
        if isinstance(op, tf.SelectOp):
            t, e = op.t, op.e
            if cond_rank == 1 and len(shape) > 1:
                cond = b(hlo.BroadcastInDimOp(cond, pred_type, [0])).result
        else:
            t, e = broadcast_to(b, op.t, shape), broadcast_to(b, op.e, shape)
            cond = broadcast_to(b, cond, shape)
        rewriter.replace(op, [], [b(hlo.SelectOp(cond, t, e)).result])


class ClipByValueLowering(RewritePattern):
    """tf.ClipByValue(t, lo, hi) -> hlo.clamp(lo, t, hi)"""

    handles = (tf.ClipByValueOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ClipByValueOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        clamp = b(hlo.ClampOp(op.clip_value_min, op.t, op.clip_value_max))
        rewriter.replace(op, [], [clamp.result])


class AddNLowering(RewritePattern):
    """tf.AddN(a, b, c, ...) -> hlo.add(hlo.add(a, b), c) ..."""

    handles = (tf.AddNOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.AddNOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        total = op.inputs[0]
        for value in op.inputs[1:]:
            total = b(hlo.AddOp(total, value)).result
        rewriter.replace(op, [], [total])


class PopulationCountLowering(RewritePattern):
    """tf.PopulationCount(x) -> convert(hlo.popcnt(x)) to ui8"""

    handles = (tf.PopulationCountOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.PopulationCountOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        count = b(hlo.PopcntOp(op.x)).result
        out = expect(op.y.type, TensorType)
        rewriter.replace(op, [], [b(hlo.ConvertOp(count, out.element_type)).result])


class CheckNumericsLowering(RewritePattern):
    """tf.CheckNumerics(x) {message} -> rt.check(any(x != x), "<message> : Tensor had NaN
    values"); rt.check(any(|x| == inf), "... Inf values"); x"""

    handles = (tf.CheckNumericsOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.CheckNumericsOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        for what, mask in (("NaN", nan_mask), ("Inf", inf_mask)):
            message = op_message(op, f"{op.message.data} : Tensor had {what} values")
            b(rt.CheckOp(any_true(b, mask(b, op.x)), message))
        rewriter.replace(op, [], [op.x])


class BucketizeLowering(RewritePattern):
    """tf.Bucketize(x) {boundaries} -> the sum over the boundaries b of convert(not (x < b)) to
    i32, x compared as f32 (f64 when it is f64) as TensorFlow's kernel compares (a NaN counts
    every boundary)"""

    handles = (tf.BucketizeOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.BucketizeOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        x_t = expect(op.input.type, TensorType)
        compute = x_t.element_type if isinstance(x_t.element_type, Float64Type) else f32
        x = op.input if x_t.element_type == compute else b(hlo.ConvertOp(op.input, compute)).result
        like = TensorType(compute, x_t.get_shape())
        out_t = expect(op.output.type, TensorType)
        total = splat(b, 0, out_t)
        for boundary in op.boundary_values():
            below = b(hlo.CompareOp(x, splat(b, boundary, like), "LT", "FLOAT")).result
            at_or_above = b(hlo.NotOp(below)).result
            count = b(hlo.ConvertOp(at_or_above, out_t.element_type)).result
            total = b(hlo.AddOp(total, count)).result
        rewriter.replace(op, [], [total])


class HistogramFixedWidthLowering(RewritePattern):
    """tf.HistogramFixedWidth(v, [lo, hi], const n) -> bin = convert((max(v, lo) - lo) in f64 /
    ((hi - lo) in f64 / n), capped at n - 1) to i32 (truncation: the bins are non-negative),
    flattened; count[b] = the sum over the values of convert(bin == b), a [n, values] compare
    reduced over the values"""

    handles = (tf.HistogramFixedWidthOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.HistogramFixedWidthOp) or not all_static(op):
            return
        nbins = op.bins()
        if nbins is None:
            return
        b = LocatedBuilder(rewriter, op)
        v_t = expect(op.values.type, TensorType)
        count = math.prod(shape_of(v_t))
        flat_t = TensorType(v_t.element_type, [count])
        values = b(hlo.ReshapeOp(op.values, flat_t)).result
        ends = [
            b(hlo.ReshapeOp(b(hlo.SliceOp(op.value_range, [k], [k + 1])).result,
                            TensorType(v_t.element_type, []))).result
            for k in (0, 1)
        ]  # fmt: skip
        lo = b(hlo.BroadcastInDimOp(ends[0], flat_t, [])).result
        above = b(hlo.SubtractOp(b(hlo.MaximumOp(values, lo)).result, lo)).result
        wide = Expr(b, TensorType(f64, [count]))
        width = b(hlo.ConvertOp(b(hlo.SubtractOp(ends[1], ends[0])).result, f64)).result
        step = b(hlo.DivideOp(width, scalar(b, float(nbins), f64))).result
        position = wide.div(
            b(hlo.ConvertOp(above, f64)).result,
            b(hlo.BroadcastInDimOp(step, wide.type, [])).result,
        )
        capped = b(hlo.MinimumOp(position, wide.c(float(nbins - 1)))).result
        bins = b(hlo.ConvertOp(capped, i32)).result
        grid_t = TensorType(i32, [nbins, count])
        spread_bins = b(hlo.BroadcastInDimOp(bins, grid_t, [1])).result
        which = b(hlo.IotaOp(0, grid_t)).output
        hit = b(hlo.CompareOp(spread_bins, which, "EQ", "SIGNED")).result
        out_t = expect(op.out.type, TensorType)
        ones = b(hlo.ConvertOp(hit, TensorType(out_t.element_type, [nbins, count]))).result
        zero = scalar(b, 0, out_t.element_type)
        total = b(hlo.ReduceOp.build_binary(ones, zero, [1], hlo.AddOp)).results[0]
        rewriter.replace(op, [], [total])


class UnravelIndexLowering(RewritePattern):
    """tf.UnravelIndex(i, const dims) -> row k = (i / prod(dims[k+1:])) rem dims[k] (integer
    division; TensorFlow refuses an index out of range, this wraps it), the rows joined by
    hlo.concatenate"""

    handles = (tf.UnravelIndexOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.UnravelIndexOp) or not all_static(op):
            return
        dims = tf.constant_ints(op.dims)
        if dims is None or min(dims, default=1) <= 0:
            return
        b = LocatedBuilder(rewriter, op)
        t = expect(op.indices.type, TensorType)
        e = Expr(b, t)
        row_t = TensorType(t.element_type, [1, *t.get_shape()])
        rows = []
        for k, size in enumerate(dims):
            stride = math.prod(dims[k + 1 :])
            coordinate = e.rem(e.div(op.indices, stride), e.c(size))
            rows.append(b(hlo.ReshapeOp(coordinate, row_t)).result)
        rewriter.replace(op, [], [b(hlo.ConcatenateOp(rows, 0)).result])


class SearchSortedLowering(RewritePattern):
    """tf.LowerBound(s [B, N], v [B, M]) -> the sum over N of convert(s < v) (both broadcast to
    [B, M, N]) to the output type; tf.UpperBound: of convert(not (v < s)), so that a NaN value
    goes past every element, as std::upper_bound puts it"""

    handles = (tf.SearchSortedOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.SearchSortedOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        st = expect(op.sorted_inputs.type, TensorType)
        rows, n = shape_of(st)
        m = shape_of(op.values.type)[1]
        grid = TensorType(st.element_type, [rows, m, n])
        s = b(hlo.BroadcastInDimOp(op.sorted_inputs, grid, [0, 2])).result
        v = b(hlo.BroadcastInDimOp(op.values, grid, [0, 1])).result
        kind = "FLOAT" if is_float(st.element_type) else "SIGNED"
        if isinstance(op, tf.LowerBoundOp):
            counted = b(hlo.CompareOp(s, v, "LT", kind)).result
        else:
            counted = b(hlo.NotOp(b(hlo.CompareOp(v, s, "LT", kind)).result)).result
        out = expect(op.output.type, TensorType).element_type
        ones = b(hlo.ConvertOp(counted, out)).result
        total = b(hlo.ReduceOp.build_binary(ones, scalar(b, 0, out), [2], hlo.AddOp))
        rewriter.replace(op, [], [total.results[0]])


class CrossLowering(RewritePattern):
    """tf.Cross(a, b) -> [a1 b2 - a2 b1, a2 b0 - a0 b2, a0 b1 - a1 b0] from slices of the last
    dim, concatenated"""

    handles = (tf.CrossOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.CrossOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        shape = shape_of(op.a.type)
        last = len(shape) - 1

        def part(x: SSAValue, k: int) -> SSAValue:
            start, limit = [0] * len(shape), list(shape)
            start[last], limit[last] = k, k + 1
            return b(hlo.SliceOp(x, start, limit)).result

        def term(i: int, j: int) -> SSAValue:
            first = b(hlo.MultiplyOp(part(op.a, i), part(op.b, j))).result
            second = b(hlo.MultiplyOp(part(op.a, j), part(op.b, i))).result
            return b(hlo.SubtractOp(first, second)).result

        terms = [term(1, 2), term(2, 0), term(0, 1)]
        rewriter.replace(op, [], [b(hlo.ConcatenateOp(terms, last)).result])


class ApproximateEqualLowering(RewritePattern):
    """tf.ApproximateEqual(x, y) {tolerance} -> |x - y| < tolerance (compared in x's type)"""

    handles = (tf.ApproximateEqualOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ApproximateEqualOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        t = expect(op.x.type, TensorType)
        distance = b(hlo.AbsOp(b(hlo.SubtractOp(op.x, op.y)).result)).result
        limit = splat(b, op.tolerance.value.data, t)
        kind = "FLOAT" if is_float(t.element_type) else "SIGNED"
        rewriter.replace(op, [], [b(hlo.CompareOp(distance, limit, "LT", kind)).result])


PATTERNS = (
    *PATTERNS,
    SearchSortedLowering(),
    UnravelIndexLowering(),
    HistogramFixedWidthLowering(),
    CrossLowering(),
    ApproximateEqualLowering(),
    AddNLowering(),
    BucketizeLowering(),
    CheckNumericsLowering(),
    PopulationCountLowering(),
    MathUnaryLowering(),
    MathBinaryLowering(),
    SelectLowering(),
    ClipByValueLowering(),
)
