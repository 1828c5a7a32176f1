"""hlo-simplify: local simplifications that stay in the `hlo` dialect (constant reshapes and
broadcasts folded, get_dimension_size of a static dim folded, no-op reshape / transpose /
convert / broadcast removed, hlo.dot spelled as dot_general, a concatenation of consecutive
unit slices of one tensor joined into one slice)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, ModuleOp, TensorType
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)

from strata.dialects import hlo
from strata.dialects.tensor_types import dense_from_numpy, is_splat, numpy_from_dense
from strata.internal import expect
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
class _Slice:
    """A value that is a unit-stride slice of `source` (maybe reshaped: no element moves)."""

    value: SSAValue
    source: SSAValue
    starts: tuple[int, ...]
    limits: tuple[int, ...]

    @staticmethod
    def of(value: SSAValue) -> _Slice | None:
        cut = value
        while isinstance(cut.owner, hlo.ReshapeOp):
            cut = cut.owner.operand
        op = cut.owner
        if not isinstance(op, hlo.SliceOp) or any(s != 1 for s in op.strides.get_values()):
            return None
        starts = tuple(op.start_indices.get_values())
        return _Slice(value, op.operand, starts, tuple(op.limit_indices.get_values()))

    def step_from(self, other: _Slice) -> int | None:
        """The dim along which this slice is the one-index slice just after `other` (the same
        bounds on every other dim), if it is."""
        if self.source is not other.source:
            return None
        pairs = zip(other.starts, self.starts, strict=True)
        moved = [d for d, (a, b) in enumerate(pairs) if a != b]
        shifted = tuple(b + (1 if d in moved else 0) for d, b in enumerate(other.limits))
        if len(moved) != 1 or self.limits != shifted:
            return None
        (dim,) = moved
        unit = self.limits[dim] - self.starts[dim] == 1
        return dim if unit and self.starts[dim] == other.starts[dim] + 1 else None

    def fills(self, dim: int, at: int) -> bool:
        """Whether its value holds the slice's elements with the sliced `dim` (one index) moved
        to `at`, the others in order: a reshape that moves a unit dim moves no element."""
        sizes = [b - a for a, b in zip(self.starts, self.limits, strict=True)]
        sizes.insert(at, sizes.pop(dim))
        t = self.value.type
        return isinstance(t, TensorType) and list(t.get_shape()) == sizes


class JoinConcatenatedSlices(RewritePattern):
    """hlo.concatenate of consecutive one-index slices of one tensor (each maybe reshaped so that
    the sliced dim sits at the concatenation's dim) -> one slice of them, transposed there

        %a = slice %s [0:1, 0:4, 0:8]; %a2 = reshape %a -> 4x1x8    (the same for 1, 2, ...)
        concatenate %a2, %b2, %c2, dim = 1   ->   transpose(slice %s [0:3, 0:4, 0:8], [1, 0, 2])

    A loop's per-step outputs read back from the stack hlo-reroll-loops collects them in and
    stacked again (TF's Pack of an RNN's outputs) become one copy instead of one slice and one
    copy per step. Other inputs of the concatenation stay where they are."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.ConcatenateOp):
            return
        inputs = list(op.inputs)
        pieces = [_Slice.of(v) for v in inputs]
        joined: list[SSAValue] = []
        b = LocatedBuilder(rewriter, op)
        i = 0
        while i < len(inputs):
            first, end = pieces[i], i + 1
            dim = None
            while first is not None and end < len(inputs):
                prev, after = pieces[end - 1], pieces[end]
                step = after.step_from(prev) if after is not None and prev is not None else None
                if step is None or dim not in (None, step):
                    break
                dim, end = step, end + 1
            run = [p for p in pieces[i:end] if p is not None]
            if first is None or dim is None or not all(p.fills(dim, op.dim()) for p in run):
                joined.append(inputs[i])
                i += 1
                continue
            joined.append(self._join(b, first, dim, end - i, op.dim()))
            i = end
        if len(joined) == len(inputs):
            return
        if len(joined) == 1:
            rewriter.replace(op, [], [joined[0]])
            return
        rewriter.replace(op, [], [b(hlo.ConcatenateOp(joined, op.dim(), op.result.type)).result])

    @staticmethod
    def _join(b: LocatedBuilder, first: _Slice, dim: int, count: int, at: int) -> SSAValue:
        """`count` one-index slices from `first` on along `dim`, that dim moved to `at`."""
        starts, limits = list(first.starts), list(first.limits)
        limits[dim] = starts[dim] + count
        value = first.source
        if any(starts) or limits != list(expect(value.type, TensorType).get_shape()):
            value = b(hlo.SliceOp(value, starts, limits)).result
        order = [d for d in range(len(starts)) if d != dim]
        order.insert(at, dim)
        if order != sorted(order):
            value = b(hlo.TransposeOp(value, order)).result
        return value


@dataclass(frozen=True)
class HloSimplifyPass(ModulePass):
    """Simplifies hlo in place: constant shape ops folded, no-op ones removed, hlo.dot and
    hlo.broadcast respelled, a concatenation of consecutive unit slices of one tensor joined into
    one slice (run again after hlo-reroll-loops, whose collected outputs are read that way).
    Expects and guarantees the `hlo` stage."""

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
                    JoinConcatenatedSlices(),
                ]
            )
        ).rewrite_module(op)
