"""tf constants and shape ops -> hlo: Const, Reshape."""

from __future__ import annotations

from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import hlo, tf
from strata.lowering.locations import LocatedBuilder
from strata.lowering.tf_to_hlo.elementwise import all_static


class ConstLowering(RewritePattern):
    """tf.Const -> hlo.constant"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ConstOp):
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [b(hlo.ConstantOp(op.value)).output])


class ReshapeLowering(RewritePattern):
    """tf.Reshape(x, shape) -> hlo.reshape(x)   (the shape operand is already in the result type)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ReshapeOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [b(hlo.ReshapeOp(op.tensor, op.output.type)).result])


PATTERNS: tuple[RewritePattern, ...] = (ConstLowering(), ReshapeLowering())
