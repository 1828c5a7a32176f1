"""tf loops and run-time-indexed slices -> hlo.

tf.WhileRegion, tf.IfRegion and tf.CaseRegion become hlo.while, hlo.if and hlo.case with their
regions moved as they are (tf.Yield -> hlo.return); the usual patterns then lower the tf ops
inside (`lower_region_ops`, run before the pattern walk). XLA's slices become StableHLO's,
whose start indices are rank-0 tensors, one per dim.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.rewriter import Rewriter

from strata.dialects import hlo, tf
from strata.dialects.tensor_types import shape_of
from strata.internal import expect
from strata.lowering.locations import LocatedBuilder


def lower_region_ops(module: ModuleOp) -> None:
    """Every tf.WhileRegion / tf.IfRegion / tf.CaseRegion -> hlo.while / hlo.if / hlo.case,
    innermost first; region contents are kept (tf.Yield -> hlo.return)."""
    found = [
        o
        for o in module.walk()
        if isinstance(o, (tf.WhileRegionOp, tf.IfRegionOp, tf.CaseRegionOp))
    ]
    for op in reversed(found):
        moved = []
        for region in op.regions:
            end = expect(region.block.last_op, tf.YieldOp)
            ret = hlo.ReturnOp(list(end.input))
            ret.location = end.location
            Rewriter.replace_op(end, ret)
            moved.append(Region())
            region.move_blocks(moved[-1])
        new: Operation
        if isinstance(op, tf.WhileRegionOp):
            new = hlo.WhileOp(list(op.input), moved[0], moved[1])
        elif isinstance(op, tf.IfRegionOp):
            new = hlo.IfOp(op.cond, [r.type for r in op.output], moved[0], moved[1])
        else:
            new = hlo.CaseOp(op.branch_index, [r.type for r in op.output], moved)
        new.location = op.location
        Rewriter.replace_op(op, new)


def packed_scalars(vector: SSAValue) -> list[SSAValue] | None:
    """The rank-0 tensors a 1-D vector was packed from (a tf.Pack, or the hlo.concatenate of
    reshapes it lowers to, a single reshape for one), or None."""
    owner = vector.owner
    if isinstance(owner, tf.PackOp) and owner.dim() == 0:
        return list(owner.values)
    if isinstance(owner, hlo.ReshapeOp) and shape_of(owner.operand.type) == ():
        return [SSAValue.get(owner.operand)]
    if isinstance(owner, hlo.ConcatenateOp) and all(
        isinstance(v.owner, hlo.ReshapeOp) and shape_of(v.owner.operand.type) == ()
        for v in owner.inputs
    ):
        return [SSAValue.get(expect(v.owner, hlo.ReshapeOp).operand) for v in owner.inputs]
    return None


def start_scalars(b: LocatedBuilder, vector: SSAValue) -> list[SSAValue]:
    """The entries of a 1-D start-index vector as rank-0 tensors: the packed scalars when the
    vector was packed from them (as the importer's TensorList reads are), else slices."""
    packed = packed_scalars(vector)
    if packed is not None:
        return packed
    t = expect(vector.type, TensorType)
    scalar = TensorType(t.element_type, [])
    out: list[SSAValue] = []
    for d in range(shape_of(t)[0]):
        piece = b(hlo.SliceOp(vector, [d], [d + 1])).result
        out.append(b(hlo.ReshapeOp(piece, scalar)).result)
    return out


class XlaDynamicSliceLowering(RewritePattern):
    """tf.XlaDynamicSlice(x, starts, sizes) -> hlo.dynamic_slice x, starts[0], ..., sizes = [..]"""

    handles = (tf.XlaDynamicSliceOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.XlaDynamicSliceOp):
            return
        b = LocatedBuilder(rewriter, op)
        sizes: Sequence[int] = shape_of(op.output.type)
        new = b(hlo.DynamicSliceOp(op.input, start_scalars(b, op.start_indices), sizes))
        rewriter.replace(op, [], [new.result])


class XlaDynamicUpdateSliceLowering(RewritePattern):
    """tf.XlaDynamicUpdateSlice(x, u, starts) -> hlo.dynamic_update_slice x, u, starts[0], ..."""

    handles = (tf.XlaDynamicUpdateSliceOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.XlaDynamicUpdateSliceOp):
            return
        b = LocatedBuilder(rewriter, op)
        starts = start_scalars(b, op.indices)
        new = b(hlo.DynamicUpdateSliceOp(op.input, op.update, starts))
        rewriter.replace(op, [], [new.result])


PATTERNS: tuple[RewritePattern, ...] = (XlaDynamicSliceLowering(), XlaDynamicUpdateSliceLowering())
