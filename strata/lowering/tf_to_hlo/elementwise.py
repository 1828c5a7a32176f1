"""tf elementwise ops -> hlo: broadcasting binary ops, unary math, activations, casts."""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType, TensorType
from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import hlo, tf
from strata.dialects.tensor_types import is_float, is_static, shape_of
from strata.lowering.locations import LocatedBuilder
from strata.lowering.tf_to_hlo.helpers import broadcast_to, scalar, splat

BINARY: dict[type[Operation], type[Operation]] = {
    tf.AddV2Op: hlo.AddOp,
    tf.AddOp: hlo.AddOp,
    tf.SubOp: hlo.SubtractOp,
    tf.MulOp: hlo.MultiplyOp,
    tf.RealDivOp: hlo.DivideOp,
    tf.MaximumOp: hlo.MaximumOp,
    tf.MinimumOp: hlo.MinimumOp,
}

UNARY: dict[type[Operation], type[Operation]] = {
    tf.NegOp: hlo.NegateOp,
    tf.AbsOp: hlo.AbsOp,
    tf.ExpOp: hlo.ExponentialOp,
    tf.LogOp: hlo.LogOp,
    tf.SqrtOp: hlo.SqrtOp,
    tf.RsqrtOp: hlo.RsqrtOp,
    tf.TanhOp: hlo.TanhOp,
    tf.SigmoidOp: hlo.LogisticOp,
}


def all_static(op: Operation) -> bool:
    return all(is_static(v.type) for v in (*op.operands, *op.results))


class BinaryLowering(RewritePattern):
    """tf.AddV2(x, y) -> hlo.add(broadcast_in_dim(x), broadcast_in_dim(y)); likewise the table."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        target = BINARY.get(type(op))
        if target is None or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        shape = shape_of(op.results[0].type)
        lhs = broadcast_to(b, op.operands[0], shape)
        rhs = broadcast_to(b, op.operands[1], shape)
        result = b(target(lhs, rhs))
        rewriter.replace(op, [], [result.results[0]])


class UnaryLowering(RewritePattern):
    """tf.Exp(x) -> hlo.exponential(x); likewise the table."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        target = UNARY.get(type(op))
        if target is None or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        result = b(target(op.operands[0]))
        rewriter.replace(op, [], [result.results[0]])


class SquareLowering(RewritePattern):
    """tf.Square(x) -> hlo.multiply(x, x)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.SquareOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [b(hlo.MultiplyOp(op.x, op.x)).result])


class ReluLowering(RewritePattern):
    """tf.Relu(x) -> hlo.maximum(x, 0)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ReluOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        zero = splat(b, 0, op.x.type)
        rewriter.replace(op, [], [b(hlo.MaximumOp(op.x, zero)).result])


class Relu6Lowering(RewritePattern):
    """tf.Relu6(x) -> hlo.clamp(0, x, 6)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.Relu6Op) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        t = op.x.type
        assert isinstance(t, TensorType)
        lo = scalar(b, 0, t.element_type)
        hi = scalar(b, 6, t.element_type)
        rewriter.replace(op, [], [b(hlo.ClampOp(lo, op.x, hi)).result])


class CastLowering(RewritePattern):
    """tf.Cast(x) -> hlo.convert(x); to bool: hlo.compare NE x, 0"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.CastOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        src, dst = op.x.type, op.y.type
        assert isinstance(src, TensorType) and isinstance(dst, TensorType)
        if src.element_type == dst.element_type:
            rewriter.replace(op, [], [op.x])
            return
        if isinstance(dst.element_type, IntegerType) and dst.element_type.width.data == 1:
            zero = splat(b, 0, src)
            kind = "FLOAT" if is_float(src.element_type) else "SIGNED"
            result = b(hlo.CompareOp(op.x, zero, "NE", kind)).result
        else:
            result = b(hlo.ConvertOp(op.x, dst.element_type)).result
        rewriter.replace(op, [], [result])


class ForwardLowering(RewritePattern):
    """tf.Identity / tf.StopGradient / tf.IdentityN (x) -> x;  tf.NoOp -> (nothing)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if isinstance(op, tf.NoOpOp):
            rewriter.erase(op)
            return
        if not isinstance(op, (tf.IdentityOp, tf.StopGradientOp, tf.IdentityNOp)):
            return
        rewriter.replace(op, [], list(op.operands))


PATTERNS: tuple[RewritePattern, ...] = (
    BinaryLowering(),
    UnaryLowering(),
    SquareLowering(),
    ReluLowering(),
    Relu6Lowering(),
    CastLowering(),
    ForwardLowering(),
)
