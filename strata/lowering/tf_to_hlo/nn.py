"""tf neural-network ops -> hlo: BiasAdd, MatMul, Softmax, LogSoftmax."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import hlo, tf
from strata.dialects.tensor_types import shape_of
from strata.lowering.locations import LocatedBuilder
from strata.lowering.tf_to_hlo.elementwise import all_static
from strata.lowering.tf_to_hlo.helpers import scalar


class BiasAddLowering(RewritePattern):
    """tf.BiasAdd(x, b) -> hlo.add(x, hlo.broadcast_in_dim(b, dims=[channel]))"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.BiasAddOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        t = op.value.type
        assert isinstance(t, TensorType)
        bias = b(hlo.BroadcastInDimOp(op.bias, t, [op.channel_dim()])).result
        rewriter.replace(op, [], [b(hlo.AddOp(op.value, bias)).result])


class MatMulLowering(RewritePattern):
    """tf.MatMul(a, b) -> hlo.dot_general(a, b, contracting_dims = [1] x [0]) (transposes: dims)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.MatMulOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        lhs_k = 0 if op.transpose_a.value.data else 1
        rhs_k = 1 if op.transpose_b.value.data else 0
        dot = b(hlo.DotGeneralOp(op.a, op.b, [], [], [lhs_k], [rhs_k], op.product.type))
        rewriter.replace(op, [], [dot.result])


def _reduce_last(b: LocatedBuilder, x: SSAValue, body: type[Operation], init: float) -> SSAValue:
    """Reduce `x` over its last dim with `body` and broadcast the result back to x's shape."""
    t = x.type
    assert isinstance(t, TensorType)
    shape = shape_of(t)
    last = len(shape) - 1
    reduced = b(hlo.ReduceOp.build_binary(x, scalar(b, init, t.element_type), [last], body))
    return b(hlo.BroadcastInDimOp(reduced.results[0], t, list(range(last)))).result


class SoftmaxLowering(RewritePattern):
    """tf.Softmax(x) -> e = exp(x - max(x)); e / sum(e)   (reductions over the last dim)
    tf.LogSoftmax(x) -> s = x - max(x); s - log(sum(exp(s)))"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (tf.SoftmaxOp, tf.LogSoftmaxOp)) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        x = op.x
        shifted = b(hlo.SubtractOp(x, _reduce_last(b, x, hlo.MaximumOp, -np.inf))).result
        exp = b(hlo.ExponentialOp(shifted)).result
        total = _reduce_last(b, exp, hlo.AddOp, 0.0)
        if isinstance(op, tf.SoftmaxOp):
            result = b(hlo.DivideOp(exp, total)).result
        else:
            result = b(hlo.SubtractOp(shifted, b(hlo.LogOp(total)).result)).result
        rewriter.replace(op, [], [result])


PATTERNS: tuple[RewritePattern, ...] = (
    BiasAddLowering(),
    MatMulLowering(),
    SoftmaxLowering(),
)
