"""tf gather ops -> hlo: GatherV2 / Gather / ResourceGather -> hlo.gather, UnsortedSegmentSum ->
hlo.scatter with an add body.

TensorFlow raises on CPU for an index out of range; so does the compiled code: each op computes
`any(index out of range)` with hlo ops and hands it to `rt.check`, which makes the entry return
an error status naming the node. The access itself is always in bounds (hlo.gather clamps its
start indices, hlo.scatter skips windows outside the operand).
"""

from __future__ import annotations

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType, i1
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.diagnostics import op_message
from strata.dialects import hlo, rt, tf
from strata.dialects.tensor_types import numpy_from_dense, shape_of
from strata.internal import expect
from strata.lowering.locations import LocatedBuilder
from strata.lowering.tf_to_hlo.elementwise import all_static
from strata.lowering.tf_to_hlo.helpers import scalar, splat


def constant_int(value: SSAValue) -> int | None:
    """The integer a one-element tf.Const or hlo.constant holds (operands lowered before their
    user are hlo.constant by the time it is matched)."""
    owner = value.owner
    dense = getattr(owner, "value", None)
    if not isinstance(owner, (tf.ConstOp, hlo.ConstantOp)):
        return None
    if not isinstance(dense, DenseIntOrFPElementsAttr):
        return None
    array = numpy_from_dense(dense)
    return int(array.reshape(())) if array.size == 1 else None


def any_true(b: LocatedBuilder, flags: SSAValue) -> SSAValue:
    """tensor<...xi1> -> tensor<i1>: hlo.reduce with hlo.or across every dim."""
    rank = len(shape_of(flags.type))
    if rank == 0:
        return flags
    false = scalar(b, 0, i1)
    return b(hlo.ReduceOp.build_binary(flags, false, list(range(rank)), hlo.OrOp)).results[0]


def check_in_range(
    b: LocatedBuilder, op: Operation, ids: SSAValue, low: int | None, high: int, what: str
) -> None:
    """rt.check that fails when some id is < low (if given) or >= high."""
    t = expect(ids.type, TensorType)
    too_big = b(hlo.CompareOp(ids, splat(b, high, t), "GE", "SIGNED")).result
    bad = too_big
    if low is not None:
        too_small = b(hlo.CompareOp(ids, splat(b, low, t), "LT", "SIGNED")).result
        bad = b(hlo.OrOp(too_small, too_big)).result
    message = op_message(op, f"{what} out of range [0, {high})")
    b(rt.CheckOp(any_true(b, bad), message))


def take(
    b: LocatedBuilder,
    params: SSAValue,
    ids: SSAValue,
    axis: int,
    batch: int,
    result_type: Attribute,
) -> SSAValue:
    """hlo.gather of the slices of `params` at `ids` (in range) along `axis`, after `batch`
    leading batch dims shared by both: tf.GatherV2's result (ids' dims in place of axis)."""
    p_shape, i_shape = shape_of(params.type), shape_of(ids.type)
    p_rank, i_rank = len(p_shape), len(i_shape)
    result_rank = p_rank - 1 + i_rank - batch
    offset_dims = list(range(batch, axis)) + list(range(axis + i_rank - batch, result_rank))
    numbers = hlo.GatherDimensionNumbersAttr(
        offset_dims=offset_dims,
        collapsed_slice_dims=[axis],
        start_index_map=[axis],
        index_vector_dim=i_rank,
        operand_batching_dims=list(range(batch)),
        start_indices_batching_dims=list(range(batch)),
    )
    slice_sizes = [1 if d == axis or d < batch else s for d, s in enumerate(p_shape)]
    return b(hlo.GatherOp(params, ids, numbers, slice_sizes, result_type)).result


class GatherLowering(RewritePattern):
    """tf.GatherV2(params, ids, axis) {batch_dims} (also tf.Gather, tf.ResourceGather)
    -> rt.check(any(ids < 0 or ids >= params.shape[axis])); hlo.gather(params, ids)
       {offset_dims = params dims around axis, collapsed_slice_dims = [axis],
        operand_batching_dims = start_indices_batching_dims = [0, batch_dims),
        start_index_map = [axis], index_vector_dim = rank(ids)}"""

    handles = (tf.GatherV2Op, tf.GatherOp, tf.ResourceGatherOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.GatherBase) or not all_static(op):
            return
        params, ids = op.params_value(), op.indices_value()
        p_shape, i_shape = shape_of(params.type), shape_of(ids.type)
        axis = constant_int(op.axis) if isinstance(op, tf.GatherV2Op) else op.gather_axis()
        if axis is None:
            return
        axis, batch = tf.normalized_gather_dims(p_shape, i_shape, axis, op.batch_dims_value())
        b = LocatedBuilder(rewriter, op)
        check_in_range(b, op, ids, 0, p_shape[axis], "index")
        rewriter.replace(op, [], [take(b, params, ids, axis, batch, op.results[0].type)])


class UnsortedSegmentSumLowering(RewritePattern):
    """tf.UnsortedSegmentSum(data, ids, n)
    -> rt.check(any(ids >= n)); hlo.scatter(zeros, ids, data) applies hlo.add
       {update_window_dims = data dims after ids' rank, inserted_window_dims = [0],
        scatter_dims_to_operand_dims = [0], index_vector_dim = rank(ids)}
    (negative ids fall outside the operand: scatter skips them, as TensorFlow drops them)"""

    handles = (tf.UnsortedSegmentSumOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.UnsortedSegmentSumOp) or not all_static(op):
            return
        out_t = expect(op.output.type, TensorType)
        i_rank = len(shape_of(op.segment_ids.type))
        d_rank = len(shape_of(op.data.type))
        numbers = hlo.ScatterDimensionNumbersAttr(
            update_window_dims=list(range(i_rank, d_rank)),
            inserted_window_dims=[0],
            scatter_dims_to_operand_dims=[0],
            index_vector_dim=i_rank,
        )
        b = LocatedBuilder(rewriter, op)
        check_in_range(b, op, op.segment_ids, None, shape_of(out_t)[0], "segment id")
        zeros = splat(b, 0, out_t)
        scatter = b(hlo.ScatterOp.build_binary(zeros, op.segment_ids, op.data, numbers, hlo.AddOp))
        rewriter.replace(op, [], [scatter.result])


PATTERNS: tuple[RewritePattern, ...] = (GatherLowering(), UnsortedSegmentSumLowering())
