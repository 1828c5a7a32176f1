"""tf reduction ops -> hlo: Sum, Prod, Mean, Max, Min, All, Any as hlo.reduce (+ reshape for
keep_dims), ArgMax/ArgMin as top_k with k = 1 or two reductions (the extreme, then the first
index holding it)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    IntegerType,
    Signedness,
    TensorType,
    bf16,
    f16,
    f32,
    f64,
    i8,
    i16,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import chlo, hlo, tf
from strata.dialects.element_kinds import host_dtype
from strata.dialects.tensor_types import dense_from_numpy, is_float, numpy_dtype_for, shape_of
from strata.internal import expect
from strata.lowering.locations import LocatedBuilder
from strata.lowering.tf_to_hlo.elementwise import Expr, all_static
from strata.lowering.tf_to_hlo.helpers import scalar, splat


def _lowest(element: Attribute) -> float:
    if is_float(element):
        return -np.inf
    return int(np.iinfo(numpy_dtype_for(element)).min)


def _highest(element: Attribute) -> float:
    if is_float(element):
        return np.inf
    return int(np.iinfo(numpy_dtype_for(element)).max)


# tf reduction -> (hlo body op, init value for an element type)
REDUCTIONS: dict[
    type[Operation], tuple[type[hlo.ElementwiseBinaryOp], Callable[[Attribute], float]]
] = {
    tf.SumOp: (hlo.AddOp, lambda _: 0),
    tf.MeanOp: (hlo.AddOp, lambda _: 0),
    tf.ProdOp: (hlo.MultiplyOp, lambda _: 1),
    tf.MaxOp: (hlo.MaximumOp, _lowest),
    tf.MinOp: (hlo.MinimumOp, _highest),
    tf.EuclideanNormOp: (hlo.AddOp, lambda _: 0),
    tf.AllOp: (hlo.AndOp, lambda _: True),
    tf.AnyOp: (hlo.OrOp, lambda _: False),
}


def reduce(
    b: LocatedBuilder,
    x: SSAValue,
    axes: list[int],
    body: type[hlo.ElementwiseBinaryOp],
    init: float,
) -> SSAValue:
    t = expect(x.type, TensorType)
    return b(hlo.ReduceOp.build_binary(x, scalar(b, init, t.element_type), axes, body)).results[0]


def _with_element(value: SSAValue, element: Attribute) -> TensorType:
    return TensorType(element, expect(value.type, TensorType).get_shape())


class ReductionLowering(RewritePattern):
    """tf.Sum(x, axes) -> hlo.reduce(x init: 0) applies hlo.add across dimensions = axes
    (Prod: multiply/1, Max: maximum/-inf, Min, All: and/true, Any: or/false; Mean: sum / N;
    an f16 or bf16 Sum in f32, rounded once;
    EuclideanNorm: sqrt of the sum of x * x, for integers through f64 and truncated back;
    keep_dims: hlo.reshape to the kept rank; no axes: x itself, |x| for EuclideanNorm)"""

    handles = (tf.ReductionOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ReductionOp) or not all_static(op):
            return
        body, init = REDUCTIONS[type(op)]
        b = LocatedBuilder(rewriter, op)
        t = expect(op.input.type, TensorType)
        axes = op.axes()
        norm = isinstance(op, tf.EuclideanNormOp)
        if not axes and not norm:
            rewriter.replace(op, [], [op.input])
            return
        x: SSAValue = b(hlo.MultiplyOp(op.input, op.input)).result if norm else op.input
        result: SSAValue
        half = isinstance(t.element_type, Float16Type | BFloat16Type)
        narrow_int = isinstance(t.element_type, IntegerType) and t.element_type.width.data < 64
        if isinstance(op, tf.SumOp) and half and axes:
            # TensorFlow sums f16 and bf16 in f32 and rounds once (2.21's CPU kernels: every
            # sum of 8 values the exact one rounded); its f16 Mean adds and divides in f16.
            wide = b(hlo.ConvertOp(x, TensorType(f32, t.get_shape()))).result
            summed = reduce(b, wide, axes, body, 0)
            result = b(hlo.ConvertOp(summed, _with_element(summed, t.element_type))).result
        elif isinstance(op, tf.MeanOp) and narrow_int and axes:
            # TensorFlow's integer Mean sums in 64 bits and divides there (toward zero): the
            # mean of uint8 [200, 200, 10] is 136, not the wrapped sum's 51.
            wide_type = IntegerType(64, expect(t.element_type, IntegerType).signedness.data)
            result = reduce(
                b, b(hlo.ConvertOp(x, _with_element(x, wide_type))).result, axes, body, 0
            )
        else:
            result = reduce(b, x, axes, body, init(t.element_type)) if axes else x
        if norm and is_float(t.element_type):
            result = b(hlo.SqrtOp(result)).result
        elif norm:
            wide = b(hlo.ConvertOp(result, f64)).result
            result = b(hlo.ConvertOp(b(hlo.SqrtOp(wide)).result, t.element_type)).result
        if isinstance(op, tf.MeanOp):
            count = int(np.prod([shape_of(t)[d] for d in axes]))
            result = b(hlo.DivideOp(result, splat(b, count, result.type))).result
            if narrow_int:
                result = b(hlo.ConvertOp(result, _with_element(result, t.element_type))).result
        if op.keeps_dims():
            result = b(hlo.ReshapeOp(result, op.output.type)).result
        rewriter.replace(op, [], [result])


ARG_BY_TOP_K = (
    f32,
    f16,
    bf16,
    i8,
    i16,
    i32,
    IntegerType(8, Signedness.UNSIGNED),
    IntegerType(16, Signedness.UNSIGNED),
)
"""Element types ArgMax/ArgMin take as top_k with k = 1 along the last axis: f32 and i32, and
those that convert to one of them exactly."""


class ArgReductionLowering(RewritePattern):
    """tf.ArgMax(x, axis) -> the first index of the greatest element, NaN ignored (TensorFlow's
    CPU kernel: a row of NaN gives 0), -0 equal to +0 (ArgMin: of the least).

    Along the last axis of f32 / i32 (and types converting to them exactly): chlo.top_k with
    k = 1 of x with NaN made -inf and -0 made +0 (ArgMin: of -x, or ~x for integers), one pass
    of i64 rank keys that vectorises; else two reductions: m = reduce max, then reduce min of
    select(x == m, iota, N)."""

    handles = (tf.ArgReductionOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ArgReductionOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        t = expect(op.input.type, TensorType)
        out = expect(op.output.type, TensorType)
        index_type = expect(out.element_type, IntegerType)
        shape = shape_of(t)
        axis = op.axis()
        is_max = isinstance(op, tf.ArgMaxOp)
        x = op.input
        if is_float(t.element_type):  # NaN never wins: the extreme it is compared against
            nan = b(hlo.CompareOp(x, x, "NE", "FLOAT")).result
            bound = splat(b, _lowest(t.element_type) if is_max else _highest(t.element_type), t)
            x = b(hlo.SelectOp(nan, bound, x)).result
        if axis == len(shape) - 1 and t.element_type in ARG_BY_TOP_K and shape[axis] > 1:
            first = _arg_by_top_k(b, x, is_max)
        else:
            first = _arg_by_two_reductions(b, x, axis, is_max, index_type)
        rewriter.replace(op, [], [_convert(b, first, index_type)])


def _convert(b: LocatedBuilder, x: SSAValue, element: Attribute) -> SSAValue:
    if expect(x.type, TensorType).element_type == element:
        return x
    return b(hlo.ConvertOp(x, element)).result


def _arg_by_top_k(b: LocatedBuilder, x: SSAValue, is_max: bool) -> SSAValue:
    """The (i32) index top_k with k = 1 picks along the last axis: the greatest in total order,
    the first of equal ones. -0 is made +0 first (equal for ArgMax; total order ranks +0 above)."""
    t = expect(x.type, TensorType)
    if is_float(t.element_type):
        x = _convert(b, x, f32)
        zero = splat(b, 0.0, x.type)
        x = b(hlo.SelectOp(b(hlo.CompareOp(x, zero, "EQ", "FLOAT")).result, zero, x)).result
        if not is_max:
            x = b(hlo.NegateOp(x)).result
    else:
        x = _convert(b, x, i32)
        if not is_max:  # ~x reverses the order of every i32 (-x overflows at the lowest)
            x = b(hlo.NotOp(x)).result
    top = b(chlo.TopKOp(x, 1))
    shape = shape_of(t)[:-1]
    return b(hlo.ReshapeOp(top.results[1], TensorType(i32, shape))).result


def _arg_by_two_reductions(
    b: LocatedBuilder, x: SSAValue, axis: int, is_max: bool, index_type: IntegerType
) -> SSAValue:
    t = expect(x.type, TensorType)
    shape = shape_of(t)
    kept = [d for d in range(len(shape)) if d != axis]
    if is_max:
        extreme = reduce(b, x, [axis], hlo.MaximumOp, _lowest(t.element_type))
    else:
        extreme = reduce(b, x, [axis], hlo.MinimumOp, _highest(t.element_type))
    spread = b(hlo.BroadcastInDimOp(extreme, t, kept)).result
    kind = "FLOAT" if is_float(t.element_type) else "SIGNED"
    hit = b(hlo.CompareOp(x, spread, "EQ", kind)).result
    size = shape[axis]
    index_shape = TensorType(index_type, shape)
    iota = b(hlo.IotaOp(axis, index_shape)).output
    candidates = b(hlo.SelectOp(hit, iota, splat(b, size, index_shape))).result
    return reduce(b, candidates, [axis], hlo.MinimumOp, size)


def _log_add_exp(acc: SSAValue, elem: SSAValue) -> list[Operation]:
    """log(e^acc + e^elem) on rank-0 tensors, as TensorFlow's scan computes it: hi + log1p(e^(lo
    - hi)); where hi is infinite (both -inf, as the window's padding is, or one +inf), hi itself,
    which the formula would make NaN (inf - inf)."""
    t = expect(acc.type, TensorType)
    inf = hlo.ConstantOp(
        dense_from_numpy(np.array(np.inf, host_dtype(t.element_type)), t.element_type)
    )
    hi = hlo.MaximumOp(acc, elem)
    lo = hlo.MinimumOp(acc, elem)
    gap = hlo.SubtractOp(lo, hi)
    exp = hlo.ExponentialOp(gap)
    tail = hlo.Log1pOp(exp)
    total = hlo.AddOp(hi, tail)
    magnitude = hlo.AbsOp(hi)
    infinite = hlo.CompareOp(magnitude, inf, "EQ")
    picked = hlo.SelectOp(infinite, hi, total)
    return [inf, hi, lo, gap, exp, tail, total, magnitude, infinite, picked]


class CumulativeLowering(RewritePattern):
    """tf.Cumsum(x, axis) -> hlo.reduce_window(x init: 0) applies hlo.add over a window of the
    whole axis, padded n - 1 before it (reverse: after); exclusive: x shifted by one first (slice
    off the last element, pad the identity before; reverse: the other way), as XLA lowers it.
    tf.Cumprod: the same with hlo.multiply and 1; tf.CumulativeLogsumexp with log(e^a + e^b)
    (`_log_add_exp`) and -inf."""

    handles = (tf.CumsumOp, tf.CumprodOp, tf.CumulativeLogsumexpOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.CumulativeOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        t = expect(op.x.type, TensorType)
        shape, axis = shape_of(t), op.dim()
        n = shape[axis]
        reverse = op.reverse.value.data != 0
        x = op.x
        body: type[hlo.ElementwiseBinaryOp] | Callable[[SSAValue, SSAValue], list[Operation]]
        if isinstance(op, tf.CumprodOp):
            body, start = hlo.MultiplyOp, 1.0
        elif isinstance(op, tf.CumulativeLogsumexpOp):
            body, start = _log_add_exp, -np.inf
        else:
            body, start = hlo.AddOp, 0.0
        identity = scalar(b, start, t.element_type)
        if op.exclusive.value.data != 0 and n > 0:
            starts, limits = [0] * len(shape), list(shape)
            none, one = [0] * len(shape), [0] * len(shape)
            one[axis] = 1
            if reverse:
                starts[axis] = 1
                kept = b(hlo.SliceOp(x, starts, limits)).result
                x = b(hlo.PadOp(kept, identity, none, one)).result
            else:
                limits[axis] = n - 1
                kept = b(hlo.SliceOp(x, starts, limits)).result
                x = b(hlo.PadOp(kept, identity, one, none)).result
        rewriter.replace(op, [], [scan(b, x, axis, body, identity, reverse)])


def scan(
    b: LocatedBuilder,
    x: SSAValue,
    axis: int,
    body: type[hlo.ElementwiseBinaryOp] | Callable[[SSAValue, SSAValue], list[Operation]],
    identity: SSAValue,
    reverse: bool = False,
) -> SSAValue:
    """The inclusive scan of x along `axis` (from the end with `reverse`): a reduce_window over
    the whole axis, padded with the identity n - 1 before it, so that each element combines its
    window in order from the first (a running sum in the order a loop adds)."""
    shape = shape_of(x.type)
    n = shape[axis]
    window = [1] * len(shape)
    window[axis] = max(n, 1)
    padding = [(0, 0)] * len(shape)
    padding[axis] = (0, n - 1) if reverse else (n - 1, 0)
    return b(hlo.ReduceWindowOp(x, identity, window, body, padding=padding)).results[0]


class TopKLowering(RewritePattern):
    """tf.TopKV2(x, k) -> chlo.top_k(x, k) (int32 indices, converted to int64 if asked). For
    floats -0 becomes +0 first: TensorFlow's kernel finds them equal (ties in index order, as
    tf.sort and tf.argsort show), where chlo.top_k orders -0 below +0; a zero among the values
    comes out +0."""

    handles = (tf.TopKV2Op,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.TopKV2Op) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        x: SSAValue = op.input
        if is_float(expect(x.type, TensorType).element_type):
            e = Expr(b, x.type)
            x = e.select(e.cmp("EQ", x, 0.0), 0.0, x)
        top = b(chlo.TopKOp(x, op.count()))
        indices = top.indices
        wanted = expect(op.indices.type, TensorType).element_type
        if expect(indices.type, TensorType).element_type != wanted:
            indices = b(hlo.ConvertOp(indices, wanted)).result
        rewriter.replace(op, [], [top.values, indices])


class InTopKLowering(RewritePattern):
    """tf.InTopKV2(p [B, C], t [B], k) -> the target's prediction v = the row summed where
    iota == t (one term; none when t is out of range), then (count of p > v along C) < k,
    and t in [0, C), and v finite"""

    handles = (tf.InTopKV2Op,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.InTopKV2Op) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        p_t = expect(op.predictions.type, TensorType)
        rows, classes = shape_of(p_t)
        index = expect(op.targets.type, TensorType).element_type
        grid = TensorType(index, [rows, classes])
        iota = b(hlo.IotaOp(1, grid)).output
        wanted = b(hlo.BroadcastInDimOp(op.targets, grid, [0])).result
        hit = b(hlo.CompareOp(iota, wanted, "EQ", "SIGNED")).result
        picked = b(hlo.SelectOp(hit, op.predictions, splat(b, -0.0, p_t))).result
        value = reduce(b, picked, [1], hlo.AddOp, -0.0)
        spread = b(hlo.BroadcastInDimOp(value, p_t, [0])).result
        greater = b(hlo.CompareOp(op.predictions, spread, "GT", "FLOAT")).result
        counts_t = TensorType(i32, [rows, classes])
        ones = b(hlo.SelectOp(greater, splat(b, 1, counts_t), splat(b, 0, counts_t))).result
        count = reduce(b, ones, [1], hlo.AddOp, 0)
        k = op.k
        if expect(k.type, TensorType).element_type != i32:
            k = b(hlo.ConvertOp(k, TensorType(i32, []))).result
        k = b(hlo.BroadcastInDimOp(k, TensorType(i32, [rows]), [])).result
        top = b(hlo.CompareOp(count, k, "LT", "SIGNED")).result
        row_t = TensorType(index, [rows])
        low = b(hlo.CompareOp(op.targets, splat(b, 0, row_t), "GE", "SIGNED")).result
        high = b(hlo.CompareOp(op.targets, splat(b, classes, row_t), "LT", "SIGNED")).result
        finite = b(hlo.IsFiniteOp(value)).result
        result = top
        for flag in (low, high, finite):
            result = b(hlo.AndOp(result, flag)).result
        rewriter.replace(op, [], [result])


PATTERNS: tuple[RewritePattern, ...] = (
    InTopKLowering(),
    ReductionLowering(),
    ArgReductionLowering(),
    CumulativeLowering(),
    TopKLowering(),
)
