"""hlo data-movement ops -> linalg / tensor: broadcast_in_dim, transpose, reshape."""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, TensorType, i64
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import hlo
from strata.dialects.tensor_types import shape_of
from strata.lowering.hlo_to_linalg.generic import PARALLEL, affine_map, empty, generic, identity_map
from strata.lowering.locations import LocatedBuilder


class BroadcastInDimLowering(RewritePattern):
    """hlo.broadcast_in_dim %x, dims = [1] -> linalg.generic ins(%x : (d0, d1) -> (d1))"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.BroadcastInDimOp):
            return
        out_t = op.result.type
        assert isinstance(out_t, TensorType)
        out_shape, in_shape = shape_of(out_t), shape_of(op.operand.type)
        dims = list(op.broadcast_dimensions.get_values())
        in_map = [None if in_shape[i] != out_shape[d] else d for i, d in enumerate(dims)]
        b = LocatedBuilder(rewriter, op)
        rank = len(out_shape)
        result = generic(
            b,
            [op.operand],
            [affine_map(rank, in_map)],
            empty(b, out_t),
            identity_map(rank),
            [PARALLEL] * rank,
            lambda emit, args: args[0],
        )
        rewriter.replace(op, [], [result])


class TransposeLowering(RewritePattern):
    """hlo.transpose %x, dims = [1, 0] -> linalg.generic ins(%x : (d0, d1) -> (d1, d0))"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.TransposeOp):
            return
        out_t = op.result.type
        assert isinstance(out_t, TensorType)
        perm = list(op.permutation.get_values())
        rank = len(perm)
        in_map = [perm.index(k) for k in range(rank)]
        b = LocatedBuilder(rewriter, op)
        result = generic(
            b,
            [op.operand],
            [affine_map(rank, in_map)],
            empty(b, out_t),
            identity_map(rank),
            [PARALLEL] * rank,
            lambda emit, args: args[0],
        )
        rewriter.replace(op, [], [result])


def _reassociation(groups: list[list[int]]) -> ArrayAttr:
    return ArrayAttr([ArrayAttr([IntegerAttr(i, i64) for i in g]) for g in groups])


def _collapse(value: SSAValue, groups: ArrayAttr, out: TensorType) -> tensor.CollapseShapeOp:
    return tensor.CollapseShapeOp(
        operands=[value], result_types=[out], properties={"reassociation": groups}
    )


def collapse_to_1d(b: LocatedBuilder, value: SSAValue) -> SSAValue:
    t = value.type
    assert isinstance(t, TensorType)
    shape = shape_of(t)
    if len(shape) == 1:
        return value
    n = 1
    for d in shape:
        n *= d
    groups = [list(range(len(shape)))]
    return b(_collapse(value, _reassociation(groups), TensorType(t.element_type, [n]))).result


class ReshapeLowering(RewritePattern):
    """hlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
    -> tensor.expand_shape (tensor.collapse_shape %x [[0, 1]]) [[0, 1]]
    (to rank 0: collapse_shape with empty groups; from rank 0: a broadcasting linalg.generic)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.ReshapeOp):
            return
        out_t = op.result.type
        assert isinstance(out_t, TensorType)
        out_shape, in_shape = shape_of(out_t), shape_of(op.operand.type)
        if out_shape == in_shape:
            rewriter.replace(op, [], [op.operand])
            return
        b = LocatedBuilder(rewriter, op)
        if not out_shape:
            result = b(_collapse(op.operand, _reassociation([]), out_t)).result
        elif not in_shape:
            # xDSL's expand_shape verifier rejects MLIR's rank-0 form (empty reassociation), so
            # the single element is broadcast instead (every result dim has size 1).
            rank = len(out_shape)
            result = generic(
                b,
                [op.operand],
                [affine_map(rank, [])],
                empty(b, out_t),
                identity_map(rank),
                [PARALLEL] * rank,
                lambda emit, args: args[0],
            )
        else:
            flat = collapse_to_1d(b, op.operand)
            if len(out_shape) == 1:
                result = flat
            else:
                groups = _reassociation([list(range(len(out_shape)))])
                result = b(tensor.ExpandShapeOp(flat, [], groups, out_shape, out_t)).result
        rewriter.replace(op, [], [result])


PATTERNS: tuple[RewritePattern, ...] = (
    BroadcastInDimLowering(),
    TransposeLowering(),
    ReshapeLowering(),
)
