"""hlo.reduce_window with a body of several ops or operands -> one linalg.generic;
hlo.select_and_scatter -> two linalg.generic ops on tensors.

Reduce_window (nn.py lowers a one-op body): loops (output dims..., window dims...), each operand
padded (and base-dilated) with its init value and read at `o * stride + w * dilation`, one
output per operand filled with its init value, the body's scalar ops combining them:

    %r... = linalg.generic ins(%x... padded, tensor.empty : window dims)
            outs(filled with %init...) { body(acc..., x...) }

Select: over (source index s..., window offset w...), the window offsets reduction loops in
window order, the output carries for each window the flat operand index of its selected element
(-1 until the first element inside the operand; padding is skipped, as in StableHLO's reference
interpreter). A candidate at operand index s * stride + w - low replaces the selected one unless
`select(selected, candidate)` holds; both values are read from the operand by `tensor.extract`.

    %sel = linalg.generic ins(tensor.empty : window offsets) outs(filled with -1 : (s, w) -> (s))
           { cand = x[flat(s * stride + w - low)]; best = x[max(acc, 0)]
             select(inside && !(acc >= 0 && select_region(best, cand)), flat, acc) }

Scatter: over (result index p..., j...), the windows that may hold p, in source order:
s = floor((p + low) / stride) - (J - 1) + j with J = ceil(window / stride). Window s gives its
source value to p when s is a source index and its selected index is p's, so each result element
is the init value combined by `scatter` with those source values (StableHLO's reduce of them).

    %r = linalg.generic ins(tensor.empty : j) outs(filled with init : (p, j) -> (p))
         { hit = s in bounds && sel[s] == flat(p); select(hit, scatter_region(acc, src[s]), acc) }

The select and scatter regions become the scalar arith/math ops of their hlo ops.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import (
    ArrayAttr,
    IndexType,
    IntegerAttr,
    ModuleOp,
    TensorType,
    i1,
    i64,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from strata.dialects import hlo
from strata.dialects.tensor_types import is_static, shape_of
from strata.internal import expect
from strata.lowering.hlo_to_linalg import scalar_ops
from strata.lowering.hlo_to_linalg.generic import (
    PARALLEL,
    REDUCTION,
    element_of,
    empty,
    filled,
    generic,
    scalar_constant,
)
from strata.lowering.hlo_to_linalg.hlo_builder import (
    captured,
    emit_region,
    region_lowers_to_scalars,
)
from strata.lowering.hlo_to_linalg.nn import dim, expr_map, pad
from strata.lowering.hlo_to_linalg.reduction import init_scalar, multi_output_generic, reduce_body
from strata.lowering.hlo_to_linalg.scalar_ops import Emit
from strata.lowering.locations import LocatedBuilder

# ---------------------------------------------------------------------------------------------
# reduce_window


class ReduceWindowRegionLowering(RewritePattern):
    """hlo.reduce_window(%x..., %init...) ({ hlo ops on rank-0 tensors }) -> linalg.generic
    {parallel..., reduction...} ins(%x... padded with %init..., tensor.empty : window dims)
    outs(filled with %init...) { their scalar ops }; see the module docstring. A one-op body
    of one operand matches nn.ReduceWindowLowering first."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: hlo.ReduceWindowOp, rewriter: PatternRewriter, /) -> None:
        if not all(is_static(v.type) for v in (*op.inputs, *op.results)):
            return
        if not region_lowers_to_scalars(op.body.block, len(op.inputs)):
            return
        dims, strides, pads, base, dilations = op.window()
        if any(lo < 0 or hi < 0 for lo, hi in pads):
            return
        b = LocatedBuilder(rewriter, op)
        outputs, body = reduce_body(b, op)
        rank = len(dims)
        windowed = [d for d in range(rank) if dims[d] > 1]
        loops = rank + len(windowed)
        reads = [dim(d) * strides[d] for d in range(rank)]
        for i, d in enumerate(windowed):
            reads[d] = reads[d] + dim(rank + i) * dilations[d]
        inputs = [
            pad(b, x, pads, base, init_scalar(b, init))
            for x, init in zip(op.inputs, op.init_values, strict=True)
        ]
        maps = [expr_map(loops, reads)] * len(inputs)
        if windowed:
            # An unread operand of the window's shape gives the window loops their trip counts.
            inputs.append(empty(b, TensorType(i1, [dims[d] for d in windowed])))
            maps.append(expr_map(loops, [dim(rank + i) for i in range(len(windowed))]))
        results = multi_output_generic(
            b,
            inputs,
            maps,
            outputs,
            expr_map(loops, [dim(d) for d in range(rank)]),
            [PARALLEL] * rank + [REDUCTION] * len(windowed),
            body,
        )
        rewriter.replace(op, [], results)


# ---------------------------------------------------------------------------------------------
# select_and_scatter: index arithmetic in a generic's body


def _index(emit: Emit, value: int) -> SSAValue:
    return emit(arith.ConstantOp.from_int_and_width(value, IndexType())).result


def _affine(emit: Emit, terms: Sequence[tuple[SSAValue, int]], offset: int) -> SSAValue:
    """sum(value * factor) + offset on `index` values (factors 0 dropped, 1 not multiplied)."""
    total: SSAValue | None = None
    for value, factor in terms:
        if factor == 0:
            continue
        term = value if factor == 1 else emit(arith.MuliOp(value, _index(emit, factor))).result
        total = term if total is None else emit(arith.AddiOp(total, term)).result
    if total is None:
        return _index(emit, offset)
    if offset == 0:
        return total
    return emit(arith.AddiOp(total, _index(emit, offset))).result


def _all(emit: Emit, flags: Sequence[SSAValue]) -> SSAValue | None:
    """The conjunction of `flags` (None when there are none)."""
    result: SSAValue | None = None
    for flag in flags:
        result = flag if result is None else emit(arith.AndIOp(result, flag)).result
    return result


def _below(emit: Emit, value: SSAValue, bound: int) -> SSAValue:
    """0 <= value < bound, in one unsigned comparison."""
    return emit(arith.CmpiOp(value, _index(emit, bound), "ult")).result


def _row_strides(shape: Sequence[int]) -> list[int]:
    strides = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    return strides


def _flattened(b: LocatedBuilder, value: SSAValue) -> SSAValue:
    """`value` as a 1-D tensor (rank 0 and 1 as they are)."""
    t = expect(value.type, TensorType)
    shape = shape_of(t)
    if len(shape) <= 1:
        return value
    size = 1
    for s in shape:
        size *= s
    group = ArrayAttr([ArrayAttr([IntegerAttr(d, i64) for d in range(len(shape))])])
    collapse = tensor.CollapseShapeOp(
        operands=[value],
        result_types=[TensorType(t.element_type, [size])],
        properties={"reassociation": group},
    )
    return b(collapse).result


def _read(emit: Emit, flat: SSAValue, at: SSAValue) -> SSAValue:
    """Element `at` of a `_flattened` tensor."""
    indices = [at] if shape_of(flat.type) else []
    return emit(tensor.ExtractOp(flat, indices, element_of(flat))).result


# ---------------------------------------------------------------------------------------------
# The two generics


def _select(b: LocatedBuilder, op: hlo.SelectAndScatterOp) -> SSAValue:
    """For each window, the flat operand index of its selected element (i64, -1 if none)."""
    shape = shape_of(op.operand.type)
    n = len(shape)
    dims, strides, pads = op.window()
    row = _row_strides(shape)
    operand = _flattened(b, op.operand)

    def body(emit: Emit, args: Sequence[SSAValue]) -> SSAValue:
        acc = args[-1]
        positions, inside = [], []
        for d in range(n):
            s, w = emit(linalg.IndexOp(d)).result, emit(linalg.IndexOp(n + d)).result
            position = _affine(emit, [(s, strides[d]), (w, 1)], -pads[d][0])
            positions.append(position)
            if pads[d][0] > 0 or pads[d][1] > 0:
                inside.append(_below(emit, position, shape[d]))
        flat = _affine(emit, list(zip(positions, row, strict=True)), 0)
        valid = _all(emit, inside)
        if valid is not None:
            flat = emit(arith.SelectOp(valid, flat, _index(emit, 0))).result
        candidate = _read(emit, operand, flat)
        zero = scalar_ops.emit_constant(emit, 0, i64)
        have = emit(arith.CmpiOp(acc, zero, "sge")).result
        best_at = emit(arith.MaxSIOp(acc, zero)).result
        best_at = emit(arith.IndexCastOp(best_at, IndexType())).result
        select = op.select.block
        keep = emit_region(
            emit,
            select,
            dict(zip(select.args, [_read(emit, operand, best_at), candidate], strict=True)),
        )
        kept = emit(arith.AndIOp(have, keep)).result
        take = emit(arith.XOrIOp(kept, scalar_ops.emit_constant(emit, 1, i1))).result
        if valid is not None:
            take = emit(arith.AndIOp(valid, take)).result
        flat_i64 = emit(arith.IndexCastOp(flat, i64)).result
        return emit(arith.SelectOp(take, flat_i64, acc)).result

    source_shape = shape_of(op.source.type)
    init = filled(b, TensorType(i64, source_shape), scalar_constant(b, -1, i64))
    loops = 2 * n
    # An unread operand of the window's shape gives the window loops their trip counts.
    window = empty(b, TensorType(i64, dims))
    return generic(
        b,
        [window],
        [expr_map(loops, [dim(n + d) for d in range(n)])],
        init,
        expr_map(loops, [dim(d) for d in range(n)]),
        [PARALLEL] * n + [REDUCTION] * n,
        body,
    )


def _scatter(
    b: LocatedBuilder, op: hlo.SelectAndScatterOp, selected: SSAValue, init: SSAValue
) -> SSAValue:
    """`init` with each element combined by the scatter region with the source values of the
    windows whose selected index is its own."""
    shape = shape_of(op.operand.type)
    source_shape = shape_of(op.source.type)
    n = len(shape)
    dims, strides, pads = op.window()
    row = _row_strides(shape)
    reach = [-(-dims[d] // strides[d]) for d in range(n)]  # windows that may hold an element
    # Shifted by whole strides so that the dividend is never negative (low padding < 0).
    shift = [-(-max(0, -pads[d][0]) // strides[d]) for d in range(n)]
    source = op.source

    def body(emit: Emit, args: Sequence[SSAValue]) -> SSAValue:
        acc = args[-1]
        points, windows, inside = [], [], []
        for d in range(n):
            p, j = emit(linalg.IndexOp(d)).result, emit(linalg.IndexOp(n + d)).result
            points.append(p)
            last = _affine(emit, [(p, 1)], pads[d][0] + shift[d] * strides[d])
            if strides[d] != 1:
                last = emit(arith.DivUIOp(last, _index(emit, strides[d]))).result
            s = _affine(emit, [(last, 1), (j, 1)], -(shift[d] + reach[d] - 1))
            ok = _below(emit, s, source_shape[d])
            inside.append(ok)
            windows.append(emit(arith.SelectOp(ok, s, _index(emit, 0))).result)
        flat = _affine(emit, list(zip(points, row, strict=True)), 0)
        flat_i64 = emit(arith.IndexCastOp(flat, i64)).result
        chosen = emit(tensor.ExtractOp(selected, windows, i64)).result
        mine = emit(arith.CmpiOp(chosen, flat_i64, "eq")).result
        in_bounds = _all(emit, inside)
        hit = mine if in_bounds is None else emit(arith.AndIOp(in_bounds, mine)).result
        value = emit(tensor.ExtractOp(source, windows, element_of(source))).result
        scatter = op.scatter.block
        combined = emit_region(emit, scatter, dict(zip(scatter.args, [acc, value], strict=True)))
        return emit(arith.SelectOp(hit, combined, acc)).result

    loops = 2 * n
    candidates = empty(b, TensorType(i64, reach))
    return generic(
        b,
        [candidates],
        [expr_map(loops, [dim(n + d) for d in range(n)])],
        init,
        expr_map(loops, [dim(d) for d in range(n)]),
        [PARALLEL] * n + [REDUCTION] * n,
        body,
    )


class SelectAndScatterLowering(RewritePattern):
    """hlo.select_and_scatter(%x, %src, %init) -> linalg.generic (each window's selected flat
    index), linalg.generic (each result element: init combined with the sources that selected
    it); see the module docstring."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: hlo.SelectAndScatterOp, rewriter: PatternRewriter, /) -> None:
        if not all(is_static(v.type) for v in (op.operand, op.source, op.result)):
            return
        if not all(
            region_lowers_to_scalars(r.block) and not captured(r.block)
            for r in (op.select, op.scatter)
        ):
            return
        b = LocatedBuilder(rewriter, op)
        result = filled(b, expect(op.result.type, TensorType), init_scalar(b, op.init_value))
        if 0 not in shape_of(op.operand.type) and 0 not in shape_of(op.source.type):
            result = _scatter(b, op, _select(b, op), result)
        rewriter.replace(op, [], [result])


PATTERNS: tuple[RewritePattern, ...] = (ReduceWindowRegionLowering(), SelectAndScatterLowering())


def expand(module: ModuleOp) -> None:
    """Rewrites of this family's ops into other hlo ops, run before control flow lowers: none
    (hlo.select_and_scatter lowers straight to linalg)."""
