"""hlo data-movement ops -> linalg / tensor: broadcast_in_dim, transpose, reshape, concatenate,
slice, pad, reverse, iota.

Slices, reversals and the parts of a concatenation or pad are copies whose indexing maps carry
affine offsets and strides (`d0 * 2 + 1`, `3 - d0`, `d1 + 4`): a concatenation (and a pad) is a
sequence of copies into one destination, each writing its region of the previous result.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    IntegerAttr,
    IntegerType,
    Signedness,
    TensorType,
    i64,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import hlo
from strata.dialects.tensor_types import dense_from_numpy, numpy_from_dense, shape_of
from strata.internal import expect
from strata.lowering.hlo_to_linalg.generic import (
    PARALLEL,
    affine_map,
    dense_constant,
    empty,
    generic,
    identity_map,
    padded,
)
from strata.lowering.hlo_to_linalg.scalar_ops import Emit, convert
from strata.lowering.locations import LocatedBuilder


class BroadcastInDimLowering(RewritePattern):
    """hlo.broadcast_in_dim %x, dims = [1] -> linalg.generic ins(%x : (d0, d1) -> (d1))"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.BroadcastInDimOp):
            return
        out_t = expect(op.result.type, TensorType)
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
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [transposed(b, op.operand, list(op.permutation.get_values()))])


def transposed(b: LocatedBuilder, x: SSAValue, perm: Sequence[int]) -> SSAValue:
    """`x` with its dims in `perm` order (result dim i is x's dim perm[i]): an all-parallel
    copy, which convert-linalg-to-loops tiles as a transpose."""
    t = expect(x.type, TensorType)
    shape = shape_of(t)
    rank = len(perm)
    return generic(
        b,
        [x],
        [affine_map(rank, [list(perm).index(k) for k in range(rank)])],
        empty(b, TensorType(t.element_type, [shape[d] for d in perm])),
        identity_map(rank),
        [PARALLEL] * rank,
        lambda emit, args: args[0],
    )


def _reassociation(groups: list[list[int]]) -> ArrayAttr[ArrayAttr[IntegerAttr[IntegerType]]]:
    return ArrayAttr([ArrayAttr([IntegerAttr(i, i64) for i in g]) for g in groups])


def _collapse(value: SSAValue, groups: ArrayAttr, out: TensorType) -> tensor.CollapseShapeOp:
    return tensor.CollapseShapeOp(
        operands=[value], result_types=[out], properties={"reassociation": groups}
    )


def collapse_to_1d(b: LocatedBuilder, value: SSAValue) -> SSAValue:
    t = expect(value.type, TensorType)
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
        out_t = expect(op.result.type, TensorType)
        out_shape, in_shape = shape_of(out_t), shape_of(op.operand.type)
        if out_shape == in_shape:
            rewriter.replace(op, [], [op.operand])
            return
        b = LocatedBuilder(rewriter, op)
        dense = dense_constant(op.operand)
        if dense is not None:
            # A constant (weights reshaped for a batch matmul or an einsum) is reshaped now:
            # linalg-pack-weights packs a global that a contraction reads as is, not through a
            # view.
            data = numpy_from_dense(dense).reshape(out_shape)
            constant = b(arith.ConstantOp(dense_from_numpy(data, out_t.element_type)))
            rewriter.replace(op, [], [constant.result])
            return
        if not out_shape:
            result: SSAValue = b(_collapse(op.operand, _reassociation([]), out_t)).result
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


def _strided_map(
    loops: Sequence[int],
    scales: Sequence[int],
    offsets: Sequence[int],
    operand: Sequence[int],
) -> AffineMapAttr:
    """(d0, ...) -> (d0 * scales[0] + offsets[0], ...) over loops of sizes `loops` into an operand
    of shape `operand`, with unit factors left out.

    A bare `d` must span the operand dim exactly (linalg infers loop ranges from bare dims), so a
    plain `d` into a larger dim is written `d mod size`: the same index, since d < size there."""
    results: list[AffineExpr] = []
    for d, (scale, offset) in enumerate(zip(scales, offsets, strict=True)):
        expr = AffineExpr.dimension(d)
        if scale != 1:
            expr = expr * scale
        if offset != 0:
            expr = expr + offset
        if scale == 1 and offset == 0 and loops[d] != operand[d]:
            expr = expr % operand[d]
        results.append(expr)
    return AffineMapAttr(AffineMap(len(loops), 0, tuple(results)))


def _copy(
    b: LocatedBuilder,
    value: SSAValue,
    in_map: AffineMapAttr,
    init: SSAValue,
    out_map: AffineMapAttr,
) -> SSAValue:
    rank = in_map.data.num_dims
    return generic(b, [value], [in_map], init, out_map, [PARALLEL] * rank, lambda emit, a: a[0])


class ConcatenateLowering(RewritePattern):
    """hlo.concatenate %a, %b, dim = 1
    -> %r0 = linalg.generic ins(%a) outs(tensor.empty : (d0, d1) -> (d0, d1))
    -> linalg.generic ins(%b) outs(%r0 : (d0, d1) -> (d0, d1 + 3))
    (one copy per non-empty input, each over the input's own iteration space)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.ConcatenateOp):
            return
        out_t = expect(op.result.type, TensorType)
        rank = out_t.get_num_dims()
        dim = op.dim()
        b = LocatedBuilder(rewriter, op)
        result = empty(b, out_t)
        offset = 0
        for value in op.inputs:
            size = shape_of(value.type)[dim]
            if size == 0:
                continue
            offsets = [offset if d == dim else 0 for d in range(rank)]
            loops = shape_of(value.type)
            out_map = _strided_map(loops, [1] * rank, offsets, shape_of(out_t))
            result = _copy(b, value, identity_map(rank), result, out_map)
            offset += size
        rewriter.replace(op, [], [result])


class SliceLowering(RewritePattern):
    """hlo.slice %x [1:5:2] -> linalg.generic ins(%x : (d0) -> (d0 * 2 + 1)) outs(tensor.empty)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.SliceOp):
            return
        out_t = expect(op.result.type, TensorType)
        rank = out_t.get_num_dims()
        starts = list(op.start_indices.get_values())
        strides = list(op.strides.get_values())
        b = LocatedBuilder(rewriter, op)
        in_map = _strided_map(shape_of(out_t), strides, starts, shape_of(op.operand.type))
        result = _copy(b, op.operand, in_map, empty(b, out_t), identity_map(rank))
        rewriter.replace(op, [], [result])


class ReverseLowering(RewritePattern):
    """hlo.reverse %x, dims = [0] : tensor<4xf32>
    -> linalg.generic ins(%x : (d0) -> (d0 * -1 + 3)) outs(tensor.empty)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.ReverseOp):
            return
        out_t = expect(op.result.type, TensorType)
        shape = shape_of(out_t)
        rank = len(shape)
        dims = set(op.dimensions.get_values())
        scales = [-1 if d in dims else 1 for d in range(rank)]
        offsets = [shape[d] - 1 if d in dims else 0 for d in range(rank)]
        b = LocatedBuilder(rewriter, op)
        in_map = _strided_map(shape, scales, offsets, shape)
        result = _copy(b, op.operand, in_map, empty(b, out_t), identity_map(rank))
        rewriter.replace(op, [], [result])


class PadLowering(RewritePattern):
    """hlo.pad %x, %v, low = [1], high = [2], interior = [1]
    -> %f = linalg.generic ins(%v : (d0) -> ()) outs(tensor.empty)   (fill with the pad value)
    -> linalg.generic ins(%x : (d0) -> (d0)) outs(%f : (d0) -> (d0 * 2 + 1))
    Without interior padding and with no edge negative: one generic that reads %x at the clamped
    index and selects %v outside it (`padded`).
    Negative edge padding removes elements: the operand is padded by the positive parts, and
    the result is a slice of that starting at -low where low < 0."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.PadOp):
            return
        low, high, interior = op.pads()
        out_t = expect(op.result.type, TensorType)
        if not any(interior):  # edges only, none negative: one pass (`padded`)
            b = LocatedBuilder(rewriter, op)
            pads = list(zip(low, high, strict=True))
            once = padded(b, op.operand, pads, op.padding_value)
            if once is not None:
                rewriter.replace(op, [], [once])
                return
        rank = out_t.get_num_dims()
        shape = shape_of(op.operand.type)
        grown = [
            max(lo, 0) + max(hi, 0) + n + max(n - 1, 0) * m
            for lo, hi, n, m in zip(low, high, shape, interior, strict=True)
        ]
        grown_t = TensorType(out_t.element_type, grown)
        b = LocatedBuilder(rewriter, op)
        result = _copy(
            b, op.padding_value, affine_map(rank, []), empty(b, grown_t), identity_map(rank)
        )
        if 0 not in shape:
            starts = [max(lo, 0) for lo in low]
            out_map = _strided_map(shape, [m + 1 for m in interior], starts, grown)
            result = _copy(b, op.operand, identity_map(rank), result, out_map)
        if grown != list(shape_of(out_t)):
            cut = [max(-lo, 0) for lo in low]
            in_map = _strided_map(shape_of(out_t), [1] * rank, cut, grown)
            result = _copy(b, result, in_map, empty(b, out_t), identity_map(rank))
        rewriter.replace(op, [], [result])


class IotaLowering(RewritePattern):
    """hlo.iota dim = 1 : tensor<2x3xi32>
    -> linalg.generic outs(tensor<2x3xi32>) { linalg.index 1, index_cast, converted to the element }

       A generic with no inputs, not a dense constant: it fuses into its consumers like any
       elementwise producer, so the positions are computed in registers where they are read (a
       sort's or top_k's iota of 8x4096 was 256 KB of constant read on every pass)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.IotaOp):
            return
        out_t = expect(op.output.type, TensorType)
        rank = out_t.get_num_dims()
        dim = op.dim()

        def body(emit: Emit, args: Sequence[SSAValue]) -> SSAValue:
            position = emit(linalg.IndexOp(dim)).result
            element = out_t.element_type
            direct = (
                isinstance(element, IntegerType)
                and element.signedness.data == Signedness.SIGNLESS
                and element.width.data > 1
            )
            wide = emit(arith.IndexCastOp(position, element if direct else i64)).result
            return convert(emit, wide, element)

        b = LocatedBuilder(rewriter, op)
        result = generic(b, [], [], empty(b, out_t), identity_map(rank), [PARALLEL] * rank, body)
        rewriter.replace(op, [], [result])


PATTERNS: tuple[RewritePattern, ...] = (
    BroadcastInDimLowering(),
    TransposeLowering(),
    ReshapeLowering(),
    ConcatenateLowering(),
    SliceLowering(),
    ReverseLowering(),
    PadLowering(),
    IotaLowering(),
)
