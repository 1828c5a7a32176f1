"""hlo-simplify: local simplifications that stay in the `hlo` dialect (constant reshapes and
broadcasts folded, get_dimension_size of a static dim folded, no-op reshape / transpose /
convert / broadcast removed, hlo.dot spelled as dot_general)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, ModuleOp, TensorType
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)

from strata.dialects import hlo
from strata.dialects.tensor_types import dense_from_numpy, is_splat, numpy_from_dense
from strata.lowering.locations import LocatedBuilder


def _constant_of(op: Operation) -> DenseIntOrFPElementsAttr | None:
    if isinstance(op, hlo.ConstantOp):
        return op.value
    return None


class FoldNoOpShapeOp(RewritePattern):
    """reshape / broadcast_in_dim / convert to the operand's type, identity transpose -> operand"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(
            op, (hlo.ReshapeOp, hlo.BroadcastInDimOp, hlo.ConvertOp, hlo.TransposeOp)
        ):
            return
        operand = op.operands[0]
        if operand.type != op.results[0].type:
            return
        if isinstance(op, hlo.TransposeOp):
            perm = list(op.permutation.get_values())
            if perm != sorted(perm):
                return
        if isinstance(op, hlo.BroadcastInDimOp):
            dims = list(op.broadcast_dimensions.get_values())
            if dims != sorted(dims):
                return
        rewriter.replace(op, [], [operand])


class FoldConstantShapeOp(RewritePattern):
    """hlo.reshape / transpose of a small hlo.constant, broadcast_in_dim of a splat -> hlo.constant
    (a non-splat broadcast stays: materialising it would multiply the constant's size)"""

    MAX_ELEMENTS = 1 << 16

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (hlo.ReshapeOp, hlo.BroadcastInDimOp, hlo.TransposeOp)):
            return
        owner = op.operands[0].owner
        dense = _constant_of(owner) if isinstance(owner, Operation) else None
        out_t = op.results[0].type
        if dense is None or not isinstance(out_t, TensorType):
            return
        out_shape = tuple(out_t.get_shape())
        splat = is_splat(dense)
        if not splat and (
            isinstance(op, hlo.BroadcastInDimOp) or int(np.prod(out_shape)) > self.MAX_ELEMENTS
        ):
            return
        value = numpy_from_dense(dense)
        if isinstance(op, hlo.ReshapeOp):
            folded = value.reshape(out_shape)
        elif isinstance(op, hlo.TransposeOp):
            folded = np.transpose(value, list(op.permutation.get_values()))
        else:
            dims = list(op.broadcast_dimensions.get_values())
            shape = [1] * len(out_shape)
            for i, d in enumerate(dims):
                shape[d] = value.shape[i]
            folded = np.broadcast_to(value.reshape(shape), out_shape)
        b = LocatedBuilder(rewriter, op)
        attr = dense_from_numpy(folded, out_t.element_type)  # np.ascontiguousarray makes 0-d 1-d
        rewriter.replace(op, [], [b(hlo.ConstantOp(attr)).output])


class FoldDimensionSize(RewritePattern):
    """hlo.get_dimension_size of a static dim -> hlo.constant of it (i32)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.GetDimensionSizeOp):
            return
        t = op.operand.type
        if not isinstance(t, TensorType) or t.get_shape()[op.dim()] < 0:
            return
        size = np.array(t.get_shape()[op.dim()], dtype=np.int32)
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [b(hlo.ConstantOp(dense_from_numpy(size))).output])


class DotToDotGeneral(RewritePattern):
    """hlo.dot %a, %b -> hlo.dot_general %a, %b, contracting_dims = [rank(a) - 1] x [0]"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.DotOp):
            return
        lhs = op.lhs.type
        if not isinstance(lhs, TensorType):
            return
        build = LocatedBuilder(rewriter, op)
        # The result type is kept: dot may widen the element type, as dot_general may.
        general = hlo.DotGeneralOp(
            op.lhs, op.rhs, [], [], [lhs.get_num_dims() - 1], [0], op.result.type
        )
        if op.precision_config is not None:
            general.precision_config = op.precision_config
        build(general)
        rewriter.replace(op, [], [general.result])


class BroadcastToBroadcastInDim(RewritePattern):
    """hlo.broadcast %x, sizes = [s...] -> hlo.broadcast_in_dim %x, dims = [len(s), ...]"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.BroadcastOp):
            return
        operand = op.operand.type
        if not isinstance(operand, TensorType):
            return
        new = len(op.broadcast_sizes.get_values())
        dims = [new + d for d in range(operand.get_num_dims())]
        spread = LocatedBuilder(rewriter, op)(
            hlo.BroadcastInDimOp(op.operand, op.result.type, dims)
        )
        rewriter.replace(op, [], [spread.result])


@dataclass(frozen=True)
class HloSimplifyPass(ModulePass):
    """Simplifies hlo in place. Expects and guarantees the `hlo` stage."""

    name = "hlo-simplify"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(
            GreedyRewritePatternApplier(
                [
                    FoldNoOpShapeOp(),
                    FoldConstantShapeOp(),
                    FoldDimensionSize(),
                    DotToDotGeneral(),
                    BroadcastToBroadcastInDim(),
                ]
            )
        ).rewrite_module(op)
