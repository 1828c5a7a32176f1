"""tf gather ops -> hlo: GatherV2 / Gather / ResourceGather / GatherNd -> hlo.gather;
UnsortedSegmentSum, ScatterNd, TensorScatterAdd -> hlo.scatter with an add body, and
TensorScatterUpdate with a body that returns the update.

TensorFlow raises on CPU for an index out of range; so does the compiled code: each op computes
`any(index out of range)` with hlo ops and hands it to `rt.check`, which makes the entry return
an error status naming the node. The access itself is always in bounds (hlo.gather clamps its
start indices, hlo.scatter skips windows outside the operand).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType, i1, i64
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.diagnostics import op_message
from strata.dialects import hlo, rt, tf
from strata.dialects.element_kinds import host_dtype, is_float
from strata.dialects.hlo.scalar_semantics import float_format
from strata.dialects.tensor_types import (
    dense_from_numpy,
    numpy_dtype_for,
    numpy_from_dense,
    shape_of,
)
from strata.internal import expect
from strata.lowering.locations import LocatedBuilder
from strata.lowering.tf_to_hlo.elementwise import all_static
from strata.lowering.tf_to_hlo.helpers import any_true, broadcast_to, scalar, splat


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


def check_in_range(
    b: LocatedBuilder,
    op: Operation,
    ids: SSAValue,
    low: int | None,
    high: int | Sequence[int],
    what: str,
) -> None:
    """rt.check that fails when some id is < low (if given) or >= high. A sequence `high` bounds
    each component of the index vectors in the last dim of `ids` (GatherNd, ScatterNd)."""
    t = expect(ids.type, TensorType)
    if isinstance(high, int):
        limit, ranges = splat(b, high, t), f"[0, {high})"
    else:
        if not high:  # empty index vectors: every one names the whole tensor
            return
        array = np.array(high, dtype=numpy_dtype_for(t.element_type))
        row = b(hlo.ConstantOp(dense_from_numpy(array, t.element_type))).output
        limit = broadcast_to(b, row, shape_of(t))
        ranges = " x ".join(f"[0, {h})" for h in high)
    bad = b(hlo.CompareOp(ids, limit, "GE", "SIGNED")).result
    if low is not None:
        too_small = b(hlo.CompareOp(ids, splat(b, low, t), "LT", "SIGNED")).result
        bad = b(hlo.OrOp(too_small, bad)).result
    message = op_message(op, f"{what} out of range {ranges}")
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


def _type_limit(element: Attribute, lowest: bool) -> float:
    """The type's lowest (or highest) finite value: TensorFlow's value of an empty segment."""
    if is_float(element):
        largest = float_format(element).largest
        return -largest if lowest else largest
    info = np.iinfo(numpy_dtype_for(element))
    return float(info.min) if lowest else float(info.max)


SEGMENT_REDUCTIONS: dict[
    str, tuple[type[hlo.ElementwiseBinaryOp], Callable[[Attribute], float]]
] = {
    "sum": (hlo.AddOp, lambda element: 0),
    "prod": (hlo.MultiplyOp, lambda element: 1),
    "max": (hlo.MaximumOp, lambda element: _type_limit(element, lowest=True)),
    "min": (hlo.MinimumOp, lambda element: _type_limit(element, lowest=False)),
}
"""tf.UnsortedSegment* reduction -> (the scatter's combining op, the value of an empty segment)."""


class UnsortedSegmentLowering(RewritePattern):
    """tf.UnsortedSegmentSum / Prod / Max / Min(data, ids, n)
    -> rt.check(any(ids >= n)); hlo.scatter(init, ids, data) applies hlo.add / multiply /
       maximum / minimum {update_window_dims = data dims after ids' rank, inserted_window_dims
       = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = rank(ids)}, init the empty
       segment's value (0, 1, the type's lowest, its highest)
    (negative ids fall outside the operand: scatter skips them, as TensorFlow drops them)"""

    handles = (
        tf.UnsortedSegmentSumOp,
        tf.UnsortedSegmentProdOp,
        tf.UnsortedSegmentMaxOp,
        tf.UnsortedSegmentMinOp,
    )

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.UnsortedSegmentOp) or not all_static(op):
            return
        out_t = expect(op.output.type, TensorType)
        b = LocatedBuilder(rewriter, op)
        check_in_range(b, op, op.segment_ids, None, shape_of(out_t)[0], "segment id")
        result = segment_scatter(b, op.data, op.segment_ids, out_t, op.REDUCTION)
        rewriter.replace(op, [], [result])


def segment_scatter(
    b: LocatedBuilder, data: SSAValue, ids: SSAValue, out_t: TensorType, reduction: str
) -> SSAValue:
    """The slices of `data` (after the ids' dims) combined by `reduction` (SEGMENT_REDUCTIONS)
    into the rows of `out_t` their ids name: hlo.scatter {update_window_dims = data dims after
    ids' rank, inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim
    = rank(ids)} over the empty segment's value."""
    i_rank = len(shape_of(ids.type))
    d_rank = len(shape_of(data.type))
    numbers = hlo.ScatterDimensionNumbersAttr(
        update_window_dims=list(range(i_rank, d_rank)),
        inserted_window_dims=[0],
        scatter_dims_to_operand_dims=[0],
        index_vector_dim=i_rank,
    )
    combine, empty = SEGMENT_REDUCTIONS[reduction]
    init = splat(b, empty(out_t.element_type), out_t)
    return b(hlo.ScatterOp.build_binary(init, ids, data, numbers, combine)).result


class SegmentLowering(RewritePattern):
    """tf.SegmentSum / Prod / Max / Min / Mean(data, const sorted ids)
    -> the UnsortedSegment scatter over max id + 1 segments (a mean sums); then Max and Min
       put 0 in the empty segments (select on their constant counts) and Mean divides by the
       counts (at least 1)"""

    handles = (
        tf.SegmentSumOp,
        tf.SegmentProdOp,
        tf.SegmentMaxOp,
        tf.SegmentMinOp,
        tf.SegmentMeanOp,
    )

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.SegmentOp) or not all_static(op):
            return
        counts = op.segment_counts()
        if counts is None:
            return
        out_t = expect(op.output.type, TensorType)
        element = out_t.element_type
        b = LocatedBuilder(rewriter, op)
        reduction = "sum" if op.REDUCTION == "mean" else op.REDUCTION
        result = segment_scatter(b, op.data, op.segment_ids, out_t, reduction)
        if op.REDUCTION in ("max", "min") and 0 in counts:
            mask = np.array(counts) > 0
            keep = b(hlo.ConstantOp(dense_from_numpy(mask, i1))).output
            keep = b(hlo.BroadcastInDimOp(keep, TensorType(i1, out_t.get_shape()), [0])).result
            result = b(hlo.SelectOp(keep, result, splat(b, 0, out_t))).result
        if op.REDUCTION == "mean":
            divisor = np.maximum(np.array(counts), 1).astype(host_dtype(element))
            by = b(hlo.ConstantOp(dense_from_numpy(divisor, element))).output
            by = b(hlo.BroadcastInDimOp(by, out_t, [0])).result
            result = b(hlo.DivideOp(result, by)).result
        rewriter.replace(op, [], [result])


class SparseSegmentLowering(RewritePattern):
    """tf.SparseSegmentSum / Mean / SqrtN (data, indices, ids [, num_segments])
    -> rt.check(indices in [0, rows of data)), rt.check(ids in [0, segments)); the rows at
       indices (hlo.gather, GatherV2's) summed into their segments (the UnsortedSegmentSum
       scatter); Mean divides by each segment's count, SqrtN by its square root (counts
       scattered alike from ones; at least 1, so that an empty segment is 0)"""

    handles = (tf.SparseSegmentOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.SparseSegmentOp) or not all_static(op):
            return
        out_t = expect(op.output.type, TensorType)
        data_shape, count = shape_of(op.data.type), shape_of(op.indices.type)[0]
        b = LocatedBuilder(rewriter, op)
        check_in_range(b, op, op.indices, 0, data_shape[0], "index")
        check_in_range(b, op, op.segment_ids, 0, shape_of(out_t)[0], "segment id")
        rows_t = TensorType(out_t.element_type, [count, *data_shape[1:]])
        rows = take(b, op.data, op.indices, 0, 0, rows_t)
        result = segment_scatter(b, rows, op.segment_ids, out_t, "sum")
        if op.REDUCTION in ("mean", "sqrtn"):
            ones = splat(b, 1, TensorType(out_t.element_type, [count]))
            counts_t = TensorType(out_t.element_type, shape_of(out_t)[:1])
            counts = segment_scatter(b, ones, op.segment_ids, counts_t, "sum")
            counts = b(hlo.MaximumOp(counts, splat(b, 1, counts_t))).result
            if op.REDUCTION == "sqrtn":
                counts = b(hlo.SqrtOp(counts)).result
            by = b(hlo.BroadcastInDimOp(counts, out_t, [0])).result
            result = b(hlo.DivideOp(result, by)).result
        rewriter.replace(op, [], [result])


class GatherNdLowering(RewritePattern):
    """tf.GatherNd(params, ids), K = ids.shape[-1]
    -> rt.check(every index vector inside params.shape[:K]); hlo.gather(params, ids)
       {offset_dims = the result dims after ids' leading dims, collapsed_slice_dims =
        start_index_map = [0, K), index_vector_dim = rank(ids) - 1},
       slice_sizes = [1] * K + params.shape[K:]"""

    handles = (tf.GatherNdOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.GatherNdOp) or not all_static(op):
            return
        p_shape = list(shape_of(op.params.type))
        i_rank = len(shape_of(op.indices.type))
        depth = op.index_depth()
        b = LocatedBuilder(rewriter, op)
        check_in_range(b, op, op.indices, 0, p_shape[:depth], "index")
        batch = i_rank - 1
        numbers = hlo.GatherDimensionNumbersAttr(
            offset_dims=list(range(batch, batch + len(p_shape) - depth)),
            collapsed_slice_dims=list(range(depth)),
            start_index_map=list(range(depth)),
            index_vector_dim=batch,
        )
        slice_sizes = [1] * depth + p_shape[depth:]
        gather = b(hlo.GatherOp(op.params, op.indices, numbers, slice_sizes, op.output.type))
        rewriter.replace(op, [], [gather.result])


def _returns_update(element: Attribute) -> Region:
    """A scatter computation (old, update) -> update."""
    scalar_type = TensorType(element, [])
    block = Block(arg_types=[scalar_type, scalar_type])
    block.add_op(hlo.ReturnOp([block.args[1]]))
    return Region(block)


SCATTER_COMBINERS: dict[str, type[hlo.ElementwiseBinaryOp]] = {
    "add": hlo.AddOp,
    "sub": hlo.SubtractOp,
    "max": hlo.MaximumOp,
    "min": hlo.MinimumOp,
}
"""ScatterNdBase.COMBINE -> the hlo.scatter body's op (old, update); "replace" returns the
update."""


class ScatterNdLowering(RewritePattern):
    """tf.ScatterNd(ids, updates, shape) -> hlo.scatter(zeros of shape, ids, updates);
    tf.TensorScatterAdd / Sub / Max / Min / Update(t, ids, updates) -> hlo.scatter(t, ids,
    updates) {update_window_dims = the updates dims after ids' leading dims, inserted_window_dims
    = scatter_dims_to_operand_dims = [0, K), index_vector_dim = rank(ids) - 1} applying hlo.add
    (ScatterNd, TensorScatterAdd: repeated indices sum), subtract, maximum, minimum or returning
    the update; each after
    rt.check(every index vector inside the output's shape[:K])"""

    handles = (
        tf.ScatterNdOp,
        tf.TensorScatterAddOp,
        tf.TensorScatterSubOp,
        tf.TensorScatterMaxOp,
        tf.TensorScatterMinOp,
        tf.TensorScatterUpdateOp,
    )

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ScatterNdBase) or not all_static(op):
            return
        out_t = expect(op.results[0].type, TensorType)
        ids, updates = op.indices_value(), op.updates_value()
        i_rank = len(shape_of(ids.type))
        depth = op.index_depth()
        b = LocatedBuilder(rewriter, op)
        check_in_range(b, op, ids, 0, list(shape_of(out_t))[:depth], "index")
        batch = i_rank - 1
        numbers = hlo.ScatterDimensionNumbersAttr(
            update_window_dims=list(range(batch, len(shape_of(updates.type)))),
            inserted_window_dims=list(range(depth)),
            scatter_dims_to_operand_dims=list(range(depth)),
            index_vector_dim=batch,
        )
        target = op.tensor if isinstance(op, tf.TensorScatterBase) else splat(b, 0, out_t)
        combiner = SCATTER_COMBINERS.get(op.COMBINE)
        if combiner is not None:
            scatter = hlo.ScatterOp.build_binary(target, ids, updates, numbers, combiner)
        else:  # "replace"
            body = _returns_update(out_t.element_type)
            scatter = hlo.ScatterOp(target, ids, updates, numbers, body)
        rewriter.replace(op, [], [b(scatter).result])


class DenseBincountLowering(RewritePattern):
    """tf.DenseBincount(x [.., N], const size, w) -> hits = (x broadcast along a new last dim
    == iota(size)); summed over N: select(hits, w or 1, 0) (binary_output: 1 where any hit);
    an rt.check fails the call on a negative value, as TensorFlow does on CPU."""

    handles = (tf.DenseBincountOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.DenseBincountOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        x = op.input
        xt = expect(x.type, TensorType)
        out = expect(op.output.type, TensorType)
        shape = list(shape_of(xt))
        rank = len(shape)
        size = shape_of(out)[-1]
        negative = b(hlo.CompareOp(x, splat(b, 0, xt), "LT", "SIGNED")).result
        b(rt.CheckOp(any_true(b, negative), op_message(op, "input has negative values")))
        wide = [*shape, size]
        ids = TensorType(xt.element_type, wide)
        spread = b(hlo.BroadcastInDimOp(x, ids, list(range(rank)))).result
        iota = b(hlo.IotaOp(rank, ids)).output
        hits = b(hlo.CompareOp(spread, iota, "EQ", "SIGNED")).result
        values = TensorType(out.element_type, wide)
        zero = splat(b, 0, values)
        if op.binary_output.value.data:
            false = scalar(b, 0, i1)
            seen = b(hlo.ReduceOp.build_binary(hits, false, [rank - 1], hlo.OrOp)).results[0]
            one = b(hlo.SelectOp(seen, splat(b, 1, out), splat(b, 0, out))).result
            rewriter.replace(op, [], [one])
            return
        if shape_of(op.weights.type) == (0,):
            weights = splat(b, 1, values)
        else:
            weights = b(hlo.BroadcastInDimOp(op.weights, values, list(range(rank)))).result
        kept = b(hlo.SelectOp(hits, weights, zero)).result
        start = scalar(b, 0, out.element_type)
        total = b(hlo.ReduceOp.build_binary(kept, start, [rank - 1], hlo.AddOp)).results[0]
        rewriter.replace(op, [], [total])


class RaggedToTensorLowering(RewritePattern):
    """tf.RaggedTensorToTensor(shape, values [N, ...], default, splits [R + 1]) -> per output
    cell (r, j) the position splits[r] + j (an iota along the columns plus each row's start),
    inside the row when j < splits[r + 1] - splits[r] (rows past R have none); the values taken
    there (`take`, positions clamped into [0, N)), the default broadcast elsewhere"""

    handles = (tf.RaggedTensorToTensorOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.RaggedTensorToTensorOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        out_t = expect(op.output.type, TensorType)
        out_shape = shape_of(out_t)
        rows, columns = out_shape[0], out_shape[1]
        default = broadcast_to(b, op.default_value, out_shape)
        count = shape_of(op.values.type)[0]
        splits = op.row_splits
        if expect(splits.type, TensorType).element_type != i64:
            splits = b(hlo.ConvertOp(splits, i64)).result
        kept = min(shape_of(splits.type)[0] - 1, rows)
        if count == 0 or kept <= 0 or columns == 0:
            rewriter.replace(op, [], [default])
            return
        starts = b(hlo.SliceOp(splits, [0], [kept])).result
        ends = b(hlo.SliceOp(splits, [1], [kept + 1])).result
        lengths = b(hlo.SubtractOp(ends, starts)).result
        if rows > kept:  # rows past the ragged tensor's: length 0
            zero = scalar(b, 0, i64)
            starts = b(hlo.PadOp(starts, zero, [0], [rows - kept])).result
            lengths = b(hlo.PadOp(lengths, zero, [0], [rows - kept])).result
        grid = TensorType(i64, [rows, columns])
        column = b(hlo.IotaOp(1, grid)).output
        spread_rows = [b(hlo.BroadcastInDimOp(v, grid, [0])).result for v in (starts, lengths)]
        position = b(hlo.AddOp(spread_rows[0], column)).result
        inside = b(hlo.CompareOp(column, spread_rows[1], "LT", "SIGNED")).result
        low, high = scalar(b, 0, i64), scalar(b, count - 1, i64)
        position = b(hlo.ClampOp(low, position, high)).result
        taken = take(b, op.values, position, 0, 0, out_t)
        mask = inside
        if len(out_shape) > 2:  # each cell a tensor of the values' inner dims
            mask = b(hlo.BroadcastInDimOp(inside, TensorType(i1, out_shape), [0, 1])).result
        rewriter.replace(op, [], [b(hlo.SelectOp(mask, taken, default)).result])


def _running_count(b: LocatedBuilder, ones: SSAValue) -> SSAValue:
    """The inclusive running sum of a 1-D integer tensor in log2(N) steps, each adding the
    sums so far shifted by 1, 2, 4, ... (Hillis and Steele): N log N additions in log2(N)
    vector steps, where a Cumsum's reduce_window is N^2 / 2 additions (the cuda chain) or N
    sequential steps (the cpu chain's loop, `hlo_to_linalg.nn.expand_scans`)."""
    n = shape_of(ones.type)[0]
    zero = scalar(b, 0, expect(ones.type, TensorType).element_type)
    running, shift = ones, 1
    while shift < n:
        kept = b(hlo.SliceOp(running, [0], [n - shift])).result
        shifted = b(hlo.PadOp(kept, zero, [shift], [0])).result
        running = b(hlo.AddOp(running, shifted)).result
        shift *= 2
    return running


class WhereLowering(RewritePattern):
    """tf.Where(c) of N elements -> m = (c != 0) as [N] and its running count r
    (`_running_count`); row j's element number is that of the (j + 1)-th true element, the
    count of r's entries below j + 1, found for every j at once by a binary search over r (r
    does not decrease): log2(N) steps of N gathers (a scatter to each true element's place
    would cost N^2 here); rows past the count are 0. The coordinates are the numbers divided
    by each dim's stride, modulo its size; count = r[N - 1] as i32."""

    handles = (tf.WhereOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.WhereOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        t = expect(op.condition.type, TensorType)
        shape = list(shape_of(t))
        n = int(np.prod(shape, dtype=np.int64))
        vector = TensorType(i64, [n])
        flat = b(hlo.ReshapeOp(op.condition, TensorType(t.element_type, [n]))).result
        true = (
            flat
            if t.element_type == i1
            else b(hlo.CompareOp(flat, splat(b, 0, flat.type), "NE")).result
        )
        ones = b(hlo.ConvertOp(true, i64)).result
        running = _running_count(b, ones)
        rows = b(hlo.IotaOp(0, vector)).results[0]
        wanted = b(hlo.AddOp(rows, splat(b, 1, vector))).result
        found = splat(b, 0, vector)
        step = (1 << (n - 1).bit_length()) >> 1 if n > 1 else 1  # the largest power of 2 < n
        while step >= 1 and n > 0:
            further = b(hlo.AddOp(found, splat(b, step, vector))).result
            inside = b(hlo.CompareOp(further, splat(b, n, vector), "LE")).result
            at = b(hlo.SubtractOp(further, splat(b, 1, vector))).result
            at = b(hlo.ClampOp(splat(b, 0, vector), at, splat(b, n - 1, vector))).result
            seen = take(b, running, at, 0, 0, vector)
            below = b(hlo.CompareOp(seen, wanted, "LT")).result
            move = b(hlo.AndOp(inside, below)).result
            found = b(hlo.SelectOp(move, further, found)).result
            step >>= 1
        total = (
            b(hlo.SliceOp(running, [n - 1], [n])).result if n else splat(b, 0, TensorType(i64, [1]))
        )
        total = b(hlo.ReshapeOp(total, TensorType(i64, []))).result
        kept = b(hlo.CompareOp(rows, broadcast_to(b, total, [n]), "LT")).result
        found = b(hlo.SelectOp(kept, found, splat(b, 0, vector))).result
        columns = []
        stride = n
        for size in shape:
            stride //= max(size, 1)
            column = b(hlo.DivideOp(found, splat(b, stride, vector))).result
            column = b(hlo.RemainderOp(column, splat(b, size, vector))).result
            columns.append(b(hlo.ReshapeOp(column, TensorType(i64, [n, 1]))).result)
        index_t = expect(op.index.type, TensorType)
        index = b(hlo.ConcatenateOp(columns, 1)).result if columns else splat(b, 0, index_t)
        count = b(hlo.ConvertOp(total, expect(op.count.type, TensorType).element_type)).result
        rewriter.replace(op, [], [index, count])


PATTERNS: tuple[RewritePattern, ...] = (
    WhereLowering(),
    DenseBincountLowering(),
    GatherLowering(),
    UnsortedSegmentLowering(),
    SegmentLowering(),
    SparseSegmentLowering(),
    GatherNdLowering(),
    ScatterNdLowering(),
    RaggedToTensorLowering(),
)
