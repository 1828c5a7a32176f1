"""tf constants and shape (data movement) ops -> hlo.

Shape/Size/Rank/Range fold to hlo.constant; ExpandDims/Squeeze become hlo.reshape; slicing ops
(Slice, StridedSlice, Split, SplitV, Unpack) become hlo.slice (+ hlo.reverse for negative strides,
+ hlo.reshape for dropped or new dims), at a position known only at run time hlo.dynamic_slice
after an rt.check of its range; ConcatV2/Pack become hlo.concatenate; Pad/PadV2 hlo.pad;
MirrorPad concatenates reversed slices; SpaceToBatchND/BatchToSpaceND are a pad or slice
around reshape, transpose, reshape; Tile is a broadcast_in_dim + reshape; OneHot compares an
iota with the broadcast indices.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from xdsl.dialects.builtin import TensorType, i1, i32
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.utils.exceptions import VerifyException

from strata.diagnostics import op_message
from strata.dialects import hlo, rt, tf
from strata.dialects.tensor_types import dense_from_numpy, is_float, shape_of
from strata.internal import expect
from strata.lowering.locations import LocatedBuilder
from strata.lowering.tf_to_hlo.control_flow import packed_scalars, start_scalars
from strata.lowering.tf_to_hlo.elementwise import all_static
from strata.lowering.tf_to_hlo.gather import check_in_range, constant_int, take
from strata.lowering.tf_to_hlo.helpers import broadcast_to, scalar, splat


class ConstLowering(RewritePattern):
    """tf.Const -> hlo.constant"""

    handles = (tf.ConstOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ConstOp):
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [b(hlo.ConstantOp(op.value)).output])


class ReshapeLowering(RewritePattern):
    """tf.Reshape(x, shape) -> hlo.reshape(x)   (the shape operand is already in the result type)"""

    handles = (tf.ReshapeOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ReshapeOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [b(hlo.ReshapeOp(op.tensor, op.output.type)).result])


# ---------------------------------------------------------------------------------------------
# Helpers


def _constant(b: LocatedBuilder, value: np.ndarray, like: SSAValue) -> SSAValue:
    t = expect(like.type, TensorType)
    return b(hlo.ConstantOp(dense_from_numpy(np.asarray(value), t.element_type))).output


def _reshape(b: LocatedBuilder, value: SSAValue, shape: Sequence[int]) -> SSAValue:
    t = expect(value.type, TensorType)
    if tuple(t.get_shape()) == tuple(shape):
        return value
    return b(hlo.ReshapeOp(value, TensorType(t.element_type, list(shape)))).result


def _slice_dim(b: LocatedBuilder, value: SSAValue, dim: int, start: int, size: int) -> SSAValue:
    """value[..., start : start + size, ...] along `dim`."""
    shape = shape_of(value.type)
    if start == 0 and size == shape[dim]:
        return value
    starts = [0] * len(shape)
    limits = list(shape)
    starts[dim], limits[dim] = start, start + size
    return b(hlo.SliceOp(value, starts, limits)).result


def _concatenate(b: LocatedBuilder, values: Sequence[SSAValue], dim: int) -> SSAValue:
    kept = [v for v in values if shape_of(v.type)[dim] != 0] or list(values[:1])
    if len(kept) == 1:
        return kept[0]
    return b(hlo.ConcatenateOp(kept, dim)).result


# ---------------------------------------------------------------------------------------------
# Folded to constants


class ShapeQueryLowering(RewritePattern):
    """tf.Shape / tf.Size / tf.Rank of a static tensor -> hlo.constant"""

    handles = (tf.ShapeOp, tf.SizeOp, tf.RankOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (tf.ShapeOp, tf.SizeOp, tf.RankOp)):
            return
        value = op.value()
        if value is None:
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [_constant(b, value, op.output)])


class ShapeNLowering(RewritePattern):
    """tf.ShapeN of static tensors -> one hlo.constant per result"""

    handles = (tf.ShapeNOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ShapeNOp):
            return
        values = op.values()
        if values is None:
            return
        b = LocatedBuilder(rewriter, op)
        consts = [_constant(b, v, r) for v, r in zip(values, op.output, strict=True)]
        rewriter.replace(op, [], consts)


class RangeLowering(RewritePattern):
    """tf.Range(const start, const limit, const delta) -> hlo.constant"""

    handles = (tf.RangeOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.RangeOp):
            return
        value = tf.RangeOp.compute(op.start, op.limit, op.delta)
        if value is None:
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [_constant(b, value, op.output)])


class LinSpaceLowering(RewritePattern):
    """tf.LinSpace(const start, const stop, const num) -> hlo.constant;
    tf.LinSpace(start, stop, const num) -> select(iota == num - 1, stop,
        start + iota * ((stop - start) / (num - 1)))"""

    handles = (tf.LinSpaceOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.LinSpaceOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        value = tf.LinSpaceOp.compute(op.start, op.stop, op.num)
        if value is not None:
            rewriter.replace(op, [], [_constant(b, value, op.output)])
            return
        out_t = expect(op.output.type, TensorType)
        count = shape_of(out_t)[0]
        start = b(hlo.BroadcastInDimOp(op.start, out_t, [])).result
        if count == 1:
            rewriter.replace(op, [], [start])
            return
        stop = b(hlo.BroadcastInDimOp(op.stop, out_t, [])).result
        steps = _constant(b, np.full(count, count - 1), op.output)
        step = b(hlo.DivideOp(b(hlo.SubtractOp(stop, start)).result, steps)).result
        index = b(hlo.IotaOp(0, out_t)).output
        values = b(hlo.AddOp(start, b(hlo.MultiplyOp(index, step)).result)).result
        last = b(hlo.CompareOp(index, steps, "EQ", "FLOAT")).result
        rewriter.replace(op, [], [b(hlo.SelectOp(last, stop, values)).result])


class ReverseSequenceLowering(RewritePattern):
    """tf.ReverseSequence(x, lengths) {seq_dim, batch_dim}
    -> rt.check(each length in [0, x.shape[seq_dim]]); hlo.gather(x, indices) of single
       elements, indices[..., d] = iota(d), but along seq_dim
       select(j < lengths[b], lengths[b] - 1 - j, j) (lengths broadcast along batch_dim)"""

    handles = (tf.ReverseSequenceOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ReverseSequenceOp) or not all_static(op):
            return
        seq, batch = op.dims()
        b = LocatedBuilder(rewriter, op)
        shape = list(shape_of(op.input.type))
        rank = len(shape)
        check_in_range(b, op, op.seq_lengths, 0, shape[seq] + 1, "seq length")
        element = expect(op.seq_lengths.type, TensorType).element_type
        index_t = TensorType(element, shape)
        lengths = b(hlo.BroadcastInDimOp(op.seq_lengths, index_t, [batch])).result
        positions = [b(hlo.IotaOp(d, index_t)).output for d in range(rank)]
        j = positions[seq]
        mirrored = b(hlo.SubtractOp(b(hlo.SubtractOp(lengths, splat(b, 1, index_t))).result, j))
        inside = b(hlo.CompareOp(j, lengths, "LT", "SIGNED")).result
        positions[seq] = b(hlo.SelectOp(inside, mirrored.result, j)).result
        column_t = TensorType(element, [*shape, 1])
        columns = [b(hlo.ReshapeOp(p, column_t)).result for p in positions]
        indices = b(hlo.ConcatenateOp(columns, rank)).result
        numbers = hlo.GatherDimensionNumbersAttr(
            offset_dims=[],
            collapsed_slice_dims=list(range(rank)),
            start_index_map=list(range(rank)),
            index_vector_dim=rank,
        )
        gather = hlo.GatherOp(op.input, indices, numbers, [1] * rank, op.output.type)
        rewriter.replace(op, [], [b(gather).result])


class FilledLikeLowering(RewritePattern):
    """tf.ZerosLike(x) / tf.OnesLike(x) -> hlo.constant dense<0 / 1>"""

    handles = (tf.ZerosLikeOp, tf.OnesLikeOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (tf.ZerosLikeOp, tf.OnesLikeOp)) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [splat(b, type(op).FILL, op.y.type)])


# ---------------------------------------------------------------------------------------------
# Reshapes, transposes, broadcasts


class ReshapeLikeLowering(RewritePattern):
    """tf.ExpandDims / tf.Squeeze -> hlo.reshape (to the result type)"""

    handles = (tf.ExpandDimsOp, tf.SqueezeOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (tf.ExpandDimsOp, tf.SqueezeOp)) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [b(hlo.ReshapeOp(op.input, op.output.type)).result])


class TransposeLowering(RewritePattern):
    """tf.Transpose(x, const perm) -> hlo.transpose x, dims = perm"""

    handles = (tf.TransposeOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.TransposeOp) or not all_static(op):
            return
        perm = tf.TransposeOp.permutation(op.x, op.perm)
        if perm is None:
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [b(hlo.TransposeOp(op.x, perm)).result])


class ReverseLowering(RewritePattern):
    """tf.ReverseV2(x, const axis) -> hlo.reverse x, dims = axis"""

    handles = (tf.ReverseV2Op,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ReverseV2Op) or not all_static(op):
            return
        dims = op.dims()
        if dims is None:
            return
        b = LocatedBuilder(rewriter, op)
        shape = shape_of(op.tensor.type)
        dims = [d for d in dims if shape[d] > 1]
        result = b(hlo.ReverseOp(op.tensor, dims)).result if dims else op.tensor
        rewriter.replace(op, [], [result])


class TileLowering(RewritePattern):
    """tf.Tile(x : [d0, d1], [m0, m1]) -> reshape(broadcast_in_dim x to [m0, d0, m1, d1])"""

    handles = (tf.TileOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.TileOp) or not all_static(op):
            return
        reps = tf.TileOp.repeats(op.input, op.multiples)
        if reps is None:
            return
        b = LocatedBuilder(rewriter, op)
        t = expect(op.input.type, TensorType)
        shape = shape_of(t)
        wide = [x for m, d in zip(reps, shape, strict=True) for x in (m, d)]
        dims = [2 * i + 1 for i in range(len(shape))]
        spread = b(hlo.BroadcastInDimOp(op.input, TensorType(t.element_type, wide), dims)).result
        rewriter.replace(op, [], [_reshape(b, spread, shape_of(op.output.type))])


class BroadcastToLowering(RewritePattern):
    """tf.BroadcastTo(x, const shape) -> hlo.broadcast_in_dim (trailing dims aligned)"""

    handles = (tf.BroadcastToOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.BroadcastToOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [broadcast_to(b, op.input, shape_of(op.output.type))])


class FillLowering(RewritePattern):
    """tf.Fill(const dims, v) -> hlo.broadcast_in_dim v, dims = []"""

    handles = (tf.FillOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.FillOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [broadcast_to(b, op.value, shape_of(op.output.type))])


class BroadcastArgsLowering(RewritePattern):
    """tf.BroadcastArgs(a, b) of shapes known only at run time (constant ones fold) -> both
    padded with leading 1s to the longer length, then select(a == 1, b, a) per dim"""

    handles = (tf.BroadcastArgsOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.BroadcastArgsOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        (rank,) = shape_of(op.r0.type)
        element = expect(op.r0.type, TensorType).element_type
        one = scalar(b, 1, element)
        a, c = (
            b(hlo.PadOp(v, one, [rank - shape_of(v.type)[0]], [0])).result for v in (op.s0, op.s1)
        )
        ones = broadcast_to(b, one, [rank])
        is_one = b(hlo.CompareOp(a, ones, "EQ", "SIGNED")).result
        rewriter.replace(op, [], [b(hlo.SelectOp(is_one, c, a)).result])


# ---------------------------------------------------------------------------------------------
# Joining and splitting


class ConcatLowering(RewritePattern):
    """tf.ConcatV2(a, b, const axis) -> hlo.concatenate a, b, dim = axis"""

    handles = (tf.ConcatV2Op,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ConcatV2Op) or not all_static(op):
            return
        dim = op.dim()
        if dim is None:
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [_concatenate(b, list(op.values), dim)])


class PackLowering(RewritePattern):
    """tf.Pack(a, b) {axis} -> hlo.concatenate(reshape a, reshape b) along the new dim"""

    handles = (tf.PackOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.PackOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        dim = op.dim()
        shape = list(shape_of(op.values[0].type))
        expanded = shape[:dim] + [1] + shape[dim:]
        parts = [_reshape(b, v, expanded) for v in op.values]
        rewriter.replace(op, [], [_concatenate(b, parts, dim)])


class UnpackLowering(RewritePattern):
    """tf.Unpack(x) {axis} -> hlo.reshape(hlo.slice x [.., i:i+1, ..]) for each i"""

    handles = (tf.UnpackOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.UnpackOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        dim = op.dim()
        results = [
            _reshape(b, _slice_dim(b, op.value, dim, i, 1), shape_of(r.type))
            for i, r in enumerate(op.output)
        ]
        rewriter.replace(op, [], results)


class SplitLowering(RewritePattern):
    """tf.Split / tf.SplitV -> one hlo.slice per part along the split dim"""

    handles = (tf.SplitOp, tf.SplitVOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (tf.SplitOp, tf.SplitVOp)) or not all_static(op):
            return
        if isinstance(op, tf.SplitOp):
            dim = op.dim()
        else:
            spec = op.spec()
            dim = None if spec is None else spec[0]
        if dim is None:
            return
        b = LocatedBuilder(rewriter, op)
        results: list[SSAValue] = []
        start = 0
        for r in op.output:
            size = shape_of(r.type)[dim]
            results.append(_slice_dim(b, op.value, dim, start, size))
            start += size
        rewriter.replace(op, [], results)


# ---------------------------------------------------------------------------------------------
# Slicing


def _entries(vector: SSAValue) -> list[int | None] | None:
    """tf.constant_entries of a begin/end vector, also once the tf.Pack it was built from has
    become hlo (lowered before its user)."""
    scalars = packed_scalars(vector)
    if scalars is None:
        return tf.constant_entries(vector)
    return [constant_int(s) for s in scalars]


class SliceLowering(RewritePattern):
    """tf.Slice(x, const begin, const size) -> hlo.slice x [begin : begin + size]; a begin known
    only at run time (`_slice_at_run_time`) -> rt.check + hlo.dynamic_slice"""

    handles = (tf.SliceOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.SliceOp) or not all_static(op):
            return
        try:
            resolved = tf.SliceOp.resolve(op.input, op.begin, op.size, _entries(op.begin))
        except VerifyException:  # the verifier names it
            return
        if resolved is None or tf.UNKNOWN in resolved[1]:
            return
        begin, sizes = resolved
        b = LocatedBuilder(rewriter, op)
        known = [s for s in begin if s is not None]
        if len(known) != len(begin):
            rewriter.replace(op, [], [_slice_at_run_time(b, op, begin, sizes)])
            return
        if tuple(sizes) == shape_of(op.input.type):
            rewriter.replace(op, [], [op.input])
            return
        limits = [s + n for s, n in zip(known, sizes, strict=True)]
        rewriter.replace(op, [], [b(hlo.SliceOp(op.input, known, limits)).result])


def _slice_at_run_time(
    b: LocatedBuilder, op: tf.SliceOp, begin: Sequence[int | None], sizes: Sequence[int]
) -> SSAValue:
    """x[begin : begin + size] with some of begin known only at run time: rt.check(each such
    begin[d] in [0, x.shape[d] - size[d]]) (TensorFlow raises; hlo.dynamic_slice would clamp),
    then hlo.dynamic_slice at begin's entries."""
    shape = shape_of(op.input.type)
    starts = start_scalars(b, op.begin)
    for d, (known, start) in enumerate(zip(begin, starts, strict=True)):
        if known is None:
            check_in_range(b, op, start, 0, shape[d] - sizes[d] + 1, f"begin[{d}]")
    return b(hlo.DynamicSliceOp(op.input, starts, sizes)).result


def _strided_slice_spec(op: tf.StridedSliceOp) -> tf.StridedSliceSpec | None:
    """op.spec(), with begin and end read through the packs they were built from (`_entries`)."""
    begin, end, strides = _entries(op.begin), _entries(op.end), tf.constant_ints(op.strides)
    if begin is None or end is None or strides is None:
        return None
    try:
        return tf.strided_slice_spec(shape_of(op.input.type), begin, end, strides, *op.masks())
    except VerifyException:  # the verifier names it
        return None


def _index_at_run_time(
    b: LocatedBuilder, op: tf.StridedSliceOp, spec: tf.StridedSliceSpec
) -> SSAValue:
    """x narrowed to one element on each dim indexed at run time (spec.run_time): per index i of
    a dim of size n, rt.check(i in [-n, n)) (TensorFlow raises), i + n where i < 0; then
    hlo.dynamic_slice of size 1 there, whole elsewhere."""
    shape = shape_of(op.input.type)
    indices = start_scalars(b, op.begin)
    zero = scalar(b, 0, expect(indices[0].type, TensorType).element_type)
    starts = [zero] * len(shape)
    sizes = list(shape)
    for dim, entry in spec.run_time:
        index, n = indices[entry], shape[dim]
        t = index.type
        below = b(hlo.CompareOp(index, splat(b, -n, t), "LT", "SIGNED")).result
        above = b(hlo.CompareOp(index, splat(b, n, t), "GE", "SIGNED")).result
        message = op_message(op, f"index of dim {dim} out of range [-{n}, {n})")
        b(rt.CheckOp(b(hlo.OrOp(below, above)).result, message))
        negative = b(hlo.CompareOp(index, zero, "LT", "SIGNED")).result
        from_end = b(hlo.AddOp(index, splat(b, n, t))).result
        starts[dim] = b(hlo.SelectOp(negative, from_end, index)).result
        sizes[dim] = 1
    return b(hlo.DynamicSliceOp(op.input, starts, sizes)).result


class StridedSliceLowering(RewritePattern):
    """tf.StridedSlice -> hlo.reverse (dims with negative strides) + hlo.slice + hlo.reshape
    (shrunk dims dropped, new axes inserted); dims indexed at run time are first narrowed to
    their element (`_index_at_run_time`: rt.check + hlo.dynamic_slice)"""

    handles = (tf.StridedSliceOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.StridedSliceOp) or not all_static(op):
            return
        spec = _strided_slice_spec(op)
        if spec is None:
            return
        b = LocatedBuilder(rewriter, op)
        value = op.input
        if spec.run_time:
            value = _index_at_run_time(b, op, spec)
        shape = shape_of(value.type)
        flipped = [
            d for d, (n, s) in enumerate(zip(spec.sizes, spec.strides, strict=True)) if s < 0 and n
        ]
        if flipped:
            value = b(hlo.ReverseOp(value, flipped)).result
        starts: list[int] = []
        limits: list[int] = []
        strides: list[int] = []
        for d, (first, n, s) in enumerate(zip(spec.begin, spec.sizes, spec.strides, strict=True)):
            if n == 0:
                starts.append(0)
                limits.append(0)
                strides.append(1)
                continue
            # In the reversed dim, element `first - k|s|` sits at `shape - 1 - first + k|s|`.
            start = shape[d] - 1 - first if s < 0 else first
            step = abs(s) if n > 1 else 1
            starts.append(start)
            limits.append(start + (n - 1) * step + 1)
            strides.append(step)
        if starts != [0] * len(shape) or limits != list(shape) or strides != [1] * len(shape):
            value = b(hlo.SliceOp(value, starts, limits, strides)).result
        rewriter.replace(op, [], [_reshape(b, value, shape_of(op.output.type))])


# ---------------------------------------------------------------------------------------------
# Padding


class PadLowering(RewritePattern):
    """tf.Pad(x, const paddings) -> hlo.pad x, 0; tf.PadV2(x, p, v) -> hlo.pad x, v"""

    handles = (tf.PadOp, tf.PadV2Op)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (tf.PadOp, tf.PadV2Op)) or not all_static(op):
            return
        pairs = op.pairs()
        if pairs is None:
            return
        b = LocatedBuilder(rewriter, op)
        x = op.input
        t = expect(x.type, TensorType)
        if isinstance(op, tf.PadV2Op):
            value = op.constant_values
        else:
            value = scalar(b, 0, t.element_type)
        low = [lo for lo, _ in pairs]
        high = [hi for _, hi in pairs]
        rewriter.replace(op, [], [b(hlo.PadOp(x, value, low, high)).result])


class MirrorPadLowering(RewritePattern):
    """tf.MirrorPad(x, const paddings) -> per dim: concatenate(reverse(slice), x, reverse(slice))
    (REFLECT skips the edge element, SYMMETRIC repeats it)"""

    handles = (tf.MirrorPadOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.MirrorPadOp) or not all_static(op):
            return
        pairs = op.pairs()
        if pairs is None:
            return
        b = LocatedBuilder(rewriter, op)
        skip = 1 if op.mode.data == "REFLECT" else 0
        value = op.input
        for d, (lo, hi) in enumerate(pairs):
            n = shape_of(value.type)[d]
            parts: list[SSAValue] = []
            if lo:
                parts.append(b(hlo.ReverseOp(_slice_dim(b, value, d, skip, lo), [d])).result)
            parts.append(value)
            if hi:
                edge = _slice_dim(b, value, d, n - skip - hi, hi)
                parts.append(b(hlo.ReverseOp(edge, [d])).result)
            value = _concatenate(b, parts, d)
        rewriter.replace(op, [], [value])


# ---------------------------------------------------------------------------------------------
# OneHot


class OneHotLowering(RewritePattern):
    """tf.OneHot(i, depth, on, off) {axis}
    -> hlo.select(hlo.compare EQ(hlo.iota dim = axis, broadcast i), broadcast on, broadcast off)"""

    handles = (tf.OneHotOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.OneHotOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        out = expect(op.output.type, TensorType)
        it = expect(op.indices.type, TensorType)
        shape = list(shape_of(out))
        dim = op.dim()
        index_type = TensorType(it.element_type, shape)
        iota = b(hlo.IotaOp(dim, index_type)).output
        kept = [d for d in range(len(shape)) if d != dim]
        spread = b(hlo.BroadcastInDimOp(op.indices, index_type, kept)).result
        hit = b(hlo.CompareOp(iota, spread, "EQ", "SIGNED")).result
        on = b(hlo.BroadcastInDimOp(op.on_value, out, [])).result
        off = b(hlo.BroadcastInDimOp(op.off_value, out, [])).result
        rewriter.replace(op, [], [b(hlo.SelectOp(hit, on, off)).result])


def _diagonal_offsets(b: LocatedBuilder, shape: Sequence[int]) -> SSAValue:
    """col - row at every element of `shape` ([..., M, N]), from two iotas: the masks below are
    computed where they are used, not constants of the matrix's size (a [200000] tf.Diag once
    asked for a 40-billion-element mask at compile time)."""
    index_t = TensorType(i32, shape)
    rows = b(hlo.IotaOp(len(shape) - 2, index_t)).output
    cols = b(hlo.IotaOp(len(shape) - 1, index_t)).output
    return b(hlo.SubtractOp(cols, rows)).result


def _offset_is(b: LocatedBuilder, offsets: SSAValue, direction: str, k: int) -> SSAValue:
    """offsets `direction` k, elementwise (EQ, GE or LE)."""
    return b(hlo.CompareOp(offsets, splat(b, k, offsets.type), direction, "SIGNED")).result


def _on_diagonal(b: LocatedBuilder, k: int, shape: Sequence[int]) -> SSAValue:
    return _offset_is(b, _diagonal_offsets(b, shape), "EQ", k)


class MatrixBandPartLowering(RewritePattern):
    """tf.MatrixBandPart(x, lo, hi) -> hlo.select(-lo <= col - row <= hi, x, 0) (the bounds
    must be constants; a negative one keeps that whole side)"""

    handles = (tf.MatrixBandPartOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.MatrixBandPartOp) or not all_static(op):
            return
        bounds = op.bounds()
        if bounds is None:
            return
        lower, upper = bounds
        t = expect(op.band.type, TensorType)
        shape = shape_of(t)
        b = LocatedBuilder(rewriter, op)
        offsets = _diagonal_offsets(b, shape)  # kept: -lower <= col - row <= upper
        bounds_kept = [
            *([_offset_is(b, offsets, "GE", -lower)] if lower >= 0 else []),
            *([_offset_is(b, offsets, "LE", upper)] if upper >= 0 else []),
        ]
        if not bounds_kept:  # both bounds negative: the whole matrix
            rewriter.replace(op, [], [op.input])
            return
        keep = bounds_kept[0]
        if len(bounds_kept) == 2:
            keep = b(hlo.AndOp(bounds_kept[0], bounds_kept[1])).result
        zero = splat(b, 0, t)
        rewriter.replace(op, [], [b(hlo.SelectOp(keep, op.input, zero)).result])


def _spread_diagonal(
    b: LocatedBuilder, diagonal: SSAValue, k: int, shape: Sequence[int]
) -> SSAValue:
    """[..., M, N] whose row i holds, in every column, the element of `diagonal` that diagonal
    k has in row i (diagonal[..., i - max(-k, 0)]; zero in rows the diagonal misses)."""
    t = expect(diagonal.type, TensorType)
    rank = len(shape)
    n = shape_of(t)[-1]
    low = max(-k, 0)
    edges = [0] * (rank - 2)
    rows = diagonal
    if (low, shape[-2] - n - low) != (0, 0):
        zero = scalar(b, 0, t.element_type)
        rows = b(hlo.PadOp(diagonal, zero, [*edges, low], [*edges, shape[-2] - n - low])).result
    spread_t = TensorType(t.element_type, shape)
    return b(hlo.BroadcastInDimOp(rows, spread_t, list(range(rank - 1)))).result


class MatrixDiagLowering(RewritePattern):
    """tf.MatrixDiagV3(d, k, rows, cols, pad) -> hlo.select(on diagonal k, d spread along its
    rows, pad); tf.MatrixSetDiagV3(x, d, k) -> the same with x off the diagonal (k constant)."""

    handles = (tf.MatrixDiagV3Op, tf.MatrixSetDiagV3Op)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (tf.MatrixDiagV3Op, tf.MatrixSetDiagV3Op)) or not all_static(op):
            return
        k = tf.diagonal_offset(op.k)
        if k is None:
            return
        b = LocatedBuilder(rewriter, op)
        shape = shape_of(op.output.type)
        on = _on_diagonal(b, k, shape)
        spread = _spread_diagonal(b, op.diagonal, k, shape)
        if isinstance(op, tf.MatrixDiagV3Op):
            off = broadcast_to(b, op.padding_value, shape)
        else:
            off = op.input
        rewriter.replace(op, [], [b(hlo.SelectOp(on, spread, off)).result])


class MatrixDiagPartLowering(RewritePattern):
    """tf.MatrixDiagPartV3(x, k, pad) -> hlo.select(on diagonal k, x, -0) summed along each
    row (one term per row: exact, -0 and NaN included), rows of the diagonal sliced out."""

    handles = (tf.MatrixDiagPartV3Op,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.MatrixDiagPartV3Op) or not all_static(op):
            return
        band = op.band()
        if band is None:
            return
        if band[0] != band[1]:
            rewriter.replace(op, [], [_diagonal_band(LocatedBuilder(rewriter, op), op, band)])
            return
        k = band[0]
        b = LocatedBuilder(rewriter, op)
        t = expect(op.input.type, TensorType)
        shape = shape_of(t)
        rank = len(shape)
        # -0 is the sum's identity for floats (x + -0 = x, -0 included); ints take 0, bools or.
        is_bool = t.element_type == i1
        empty = -0.0 if is_float(t.element_type) else 0
        kept = b(hlo.SelectOp(_on_diagonal(b, k, shape), op.input, splat(b, empty, t))).result
        body = hlo.OrOp if is_bool else hlo.AddOp
        per_row = b(
            hlo.ReduceOp.build_binary(kept, scalar(b, empty, t.element_type), [rank - 1], body)
        ).results[0]
        first = max(-k, 0)
        length = shape_of(op.diagonal.type)[-1]
        start = [0] * (rank - 2) + [first]
        limit = list(shape[:-2]) + [first + length]
        rewriter.replace(op, [], [b(hlo.SliceOp(per_row, start, limit)).result])


def _diagonal_band(b: LocatedBuilder, op: tf.MatrixDiagPartV3Op, band: tuple[int, int]) -> SSAValue:
    """Diagonals k1 down to k0 of each [M, N] of x as [..., k1 - k0 + 1, longest]: x flattened
    to [..., M N], gathered at a constant table of flat indices (one row per diagonal, aligned
    as `align` says), padding_value where the table has none."""
    t = expect(op.input.type, TensorType)
    shape = list(shape_of(t))
    m, n = shape[-2:]
    out_t = expect(op.diagonal.type, TensorType)
    rows, longest = shape_of(out_t)[-2:]
    table = np.zeros((rows, longest), np.int32)
    present = np.zeros((rows, longest), bool)
    for r, d in enumerate(range(band[1], band[0] - 1, -1)):
        length = tf.diagonal_length(m, n, d)
        start = 0 if tf.left_aligned(d, op.align.data) else longest - length
        for i in range(length):
            table[r, start + i] = (i + max(-d, 0)) * n + i + max(d, 0)
            present[r, start + i] = True
    flat = b(hlo.ReshapeOp(op.input, TensorType(t.element_type, [*shape[:-2], m * n]))).result
    ids = b(hlo.ConstantOp(dense_from_numpy(table, i32))).output
    picked = take(b, flat, ids, len(shape) - 2, 0, out_t)
    mask = b(hlo.ConstantOp(dense_from_numpy(present, i1))).output
    both = [len(shape) - 2, len(shape) - 1]
    mask = b(hlo.BroadcastInDimOp(mask, TensorType(i1, shape_of(out_t)), both)).result
    pad = b(hlo.BroadcastInDimOp(op.padding_value, out_t, [])).result
    return b(hlo.SelectOp(mask, picked, pad)).result


class DiagLowering(RewritePattern):
    """tf.Diag(d, rank k) -> d as [n] on the diagonal of an [n, n] (a select against zeros), as
    d's shape twice; tf.DiagPart(x, rank 2k) -> x as [n, n], its diagonal as MatrixDiagPartV3
    takes it (a select against -0, summed along each row), as x's first k dims"""

    handles = (tf.DiagOp, tf.DiagPartOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (tf.DiagOp, tf.DiagPartOp)) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        source, result = op.operands[0], op.results[0]
        element = expect(source.type, TensorType).element_type
        diagonal = source if isinstance(op, tf.DiagOp) else result
        n = int(np.prod(shape_of(diagonal.type)))
        square = TensorType(element, [n, n])
        on = _on_diagonal(b, 0, [n, n])
        if isinstance(op, tf.DiagOp):
            flat = b(hlo.ReshapeOp(source, TensorType(element, [n]))).result
            spread = _spread_diagonal(b, flat, 0, [n, n])
            placed = b(hlo.SelectOp(on, spread, splat(b, 0, square))).result
            rewriter.replace(op, [], [b(hlo.ReshapeOp(placed, result.type)).result])
            return
        matrix = b(hlo.ReshapeOp(source, square)).result
        empty = -0.0 if is_float(element) else 0
        kept = b(hlo.SelectOp(on, matrix, splat(b, empty, square))).result
        body = hlo.OrOp if element == i1 else hlo.AddOp
        per_row = b(hlo.ReduceOp.build_binary(kept, scalar(b, empty, element), [1], body))
        rewriter.replace(op, [], [b(hlo.ReshapeOp(per_row.results[0], result.type)).result])


# ---------------------------------------------------------------------------------------------
# Space <-> batch


def _block_operands(
    op: tf.SpaceToBatchNDOp | tf.BatchToSpaceNDOp, pairs: SSAValue
) -> tuple[list[int], list[int], list[int]] | None:
    """(blocks, the paddings or crops flattened, the dims after the M blocked ones) when both
    operands are constants and the shapes static."""
    blocks = tf.constant_ints(op.block_shape)
    values = tf.constant_ints(pairs)
    if not all_static(op) or blocks is None or values is None:
        return None
    return blocks, values, list(shape_of(op.input.type)[len(blocks) + 1 :])


class SpaceToBatchLowering(RewritePattern):
    """tf.SpaceToBatchND(x [B, s_1..s_M, r..], const blocks b, const paddings) ->
    hlo.pad (zeros) -> reshape [B, p_1/b_1, b_1, .., p_M/b_M, b_M, r..] -> transpose
    [b_1..b_M, B, p_1/b_1..p_M/b_M, r..] -> reshape [B * prod(b), p_1/b_1.., r..]"""

    handles = (tf.SpaceToBatchNDOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.SpaceToBatchNDOp):
            return
        known = _block_operands(op, op.paddings)
        if known is None:
            return
        blocks, paddings, rest = known
        b = LocatedBuilder(rewriter, op)
        x = op.input
        shape, m = shape_of(x.type), len(blocks)
        low = [0, *paddings[0::2], *[0] * len(rest)]
        high = [0, *paddings[1::2], *[0] * len(rest)]
        if any(low) or any(high):
            zero = scalar(b, 0, expect(x.type, TensorType).element_type)
            x = b(hlo.PadOp(x, zero, low, high)).result
        padded = shape_of(x.type)
        split = [shape[0]]
        for i, block in enumerate(blocks):
            split += [padded[i + 1] // block, block]
        blocked = _reshape(b, x, split + rest)
        perm = [2 + 2 * i for i in range(m)] + [0] + [1 + 2 * i for i in range(m)]
        perm += list(range(2 * m + 1, 2 * m + 1 + len(rest)))
        moved = b(hlo.TransposeOp(blocked, perm)).result
        rewriter.replace(op, [], [_reshape(b, moved, shape_of(op.output.type))])


class BatchToSpaceLowering(RewritePattern):
    """tf.BatchToSpaceND(x [B', s_1..s_M, r..], const blocks b, const crops) -> reshape
    [b_1..b_M, B, s_1..s_M, r..] (B = B' / prod(b)) -> transpose [B, s_1, b_1, .., s_M, b_M, r..]
    -> reshape [B, s_1 b_1, .., s_M b_M, r..] -> hlo.slice (the crops)"""

    handles = (tf.BatchToSpaceNDOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.BatchToSpaceNDOp):
            return
        known = _block_operands(op, op.crops)
        if known is None:
            return
        blocks, crops, rest = known
        b = LocatedBuilder(rewriter, op)
        shape, m = shape_of(op.input.type), len(blocks)
        batch = shape[0] // int(np.prod(blocks))
        blocked = _reshape(b, op.input, [*blocks, batch, *shape[1:]])
        perm = [m]
        for i in range(m):
            perm += [m + 1 + i, i]
        perm += list(range(2 * m + 1, 2 * m + 1 + len(rest)))
        moved = b(hlo.TransposeOp(blocked, perm)).result
        spread = [batch, *[n * block for n, block in zip(shape[1 : m + 1], blocks, strict=True)]]
        value = _reshape(b, moved, spread + rest)
        starts = [0, *crops[0::2], *[0] * len(rest)]
        limits = [batch, *[n - hi for n, hi in zip(spread[1:], crops[1::2], strict=True)], *rest]
        if starts != [0] * len(starts) or limits != spread + rest:
            value = b(hlo.SliceOp(value, starts, limits)).result
        rewriter.replace(op, [], [value])


def _roll_at_run_time(b: LocatedBuilder, op: tf.RollOp, axes: Sequence[int]) -> SSAValue:
    """tf.Roll by a shift known only at run time (a loop's counter): per rolled dim of size n,
    start = n - (s mod n) (the shifts of one dim summed, mod taken non-negative), then
    dynamic_slice(concatenate(x, x), start) of x's shape along that dim."""
    value = op.input
    shape = shape_of(value.type)
    shift_t = expect(op.shift.type, TensorType)
    element = shift_t.element_type
    totals: dict[int, SSAValue] = {}
    for k, axis in enumerate(axes):
        dim = axis % len(shape)
        part = start_scalars(b, op.shift)[k] if shift_t.get_num_dims() == 1 else op.shift
        totals[dim] = b(hlo.AddOp(totals[dim], part)).result if dim in totals else part
    zero = scalar(b, 0, element)
    for dim, total in sorted(totals.items()):
        n = shape[dim]
        if n <= 1:
            continue
        size = scalar(b, n, element)
        mod = b(hlo.RemainderOp(total, size)).result
        mod = b(hlo.RemainderOp(b(hlo.AddOp(mod, size)).result, size)).result
        start = b(hlo.SubtractOp(size, mod)).result
        doubled = b(hlo.ConcatenateOp([value, value], dim)).result
        starts = [start if d == dim else zero for d in range(len(shape))]
        value = b(hlo.DynamicSliceOp(doubled, starts, shape)).result
    return value


class RollLowering(RewritePattern):
    """tf.Roll(x, const shift, const axis) -> per rolled dim of size n, by s = shift mod n:
    hlo.concatenate(x[n - s :], x[: n - s]); a shift known only at run time: a dynamic_slice of
    x concatenated with itself (`_roll_at_run_time`)."""

    handles = (tf.RollOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.RollOp) or not all_static(op):
            return
        shifts = op.shifts()
        if shifts is None:
            axes = tf.constant_ints(op.axis)
            if axes is None:
                return
            b = LocatedBuilder(rewriter, op)
            rewriter.replace(op, [], [_roll_at_run_time(b, op, axes)])
            return
        b = LocatedBuilder(rewriter, op)
        value = op.input
        shape = shape_of(value.type)
        for dim, shift in sorted(shifts.items()):
            n = shape[dim]
            s = shift % n if n else 0
            if s == 0:
                continue
            tail = _slice_dim(b, value, dim, n - s, s)
            head = _slice_dim(b, value, dim, 0, n - s)
            value = b(hlo.ConcatenateOp([tail, head], dim)).result
        rewriter.replace(op, [], [value])


class BlockRearrangeLowering(RewritePattern):
    """tf.DepthToSpace(x [N, H, W, C], b) -> reshape [N, H, W, b, b, C/b^2] -> transpose
    [N, H, b, W, b, C/b^2] -> reshape [N, H b, W b, C/b^2]; tf.SpaceToDepth the reverse"""

    handles = (tf.DepthToSpaceOp, tf.SpaceToDepthOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (tf.DepthToSpaceOp, tf.SpaceToDepthOp)) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        k = op.block()
        n, h, w, c = shape_of(op.input.type)
        if isinstance(op, tf.DepthToSpaceOp):
            split = _reshape(b, op.input, [n, h, w, k, k, c // (k * k)])
        else:
            split = _reshape(b, op.input, [n, h // k, k, w // k, k, c])
        moved = b(hlo.TransposeOp(split, [0, 1, 3, 2, 4, 5])).result
        rewriter.replace(op, [], [_reshape(b, moved, shape_of(op.output.type))])


PATTERNS: tuple[RewritePattern, ...] = (
    MatrixBandPartLowering(),
    MatrixDiagLowering(),
    MatrixDiagPartLowering(),
    DiagLowering(),
    ConstLowering(),
    ReshapeLowering(),
    ShapeQueryLowering(),
    ShapeNLowering(),
    RangeLowering(),
    LinSpaceLowering(),
    ReverseSequenceLowering(),
    FilledLikeLowering(),
    ReshapeLikeLowering(),
    TransposeLowering(),
    ReverseLowering(),
    TileLowering(),
    BroadcastToLowering(),
    FillLowering(),
    BroadcastArgsLowering(),
    ConcatLowering(),
    PackLowering(),
    UnpackLowering(),
    SplitLowering(),
    SliceLowering(),
    StridedSliceLowering(),
    PadLowering(),
    MirrorPadLowering(),
    SpaceToBatchLowering(),
    BatchToSpaceLowering(),
    RollLowering(),
    BlockRearrangeLowering(),
    OneHotLowering(),
)
