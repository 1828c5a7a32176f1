"""hlo.map -> one linalg.generic whose body is the computation's ops on scalars; hlo.sort -> an
hlo.while of odd-even transposition rounds (expanded before control flow lowers), each
comparing whole slices with an hlo.map of the comparator.

A sort of n elements along its dimension runs ceil(n / 2) iterations of two rounds: the pairs
(0, 1), (2, 3), ... and then (1, 2), (3, 4), ...; n rounds sort any input. A pair swaps only
where comparator(right, left) holds, so elements the comparator finds equal never pass each
other: the sort is stable whatever `is_stable` says. The IR is the same size for any n; the work
is n^2 / 2 comparator calls per sorted slice (each round moves every element once).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import tensor
from xdsl.dialects.builtin import ModuleOp, TensorType, i32
from xdsl.ir import Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.rewriter import Rewriter

from strata.dialects import hlo
from strata.dialects.tensor_types import is_static, shape_of
from strata.internal import expect
from strata.lowering.hlo_to_linalg.generic import (
    PARALLEL,
    element_of,
    empty,
    generic,
    identity_map,
)
from strata.lowering.hlo_to_linalg.hlo_builder import (
    HloEmitter,
    captured,
    emit_region,
    region_lowers_to_scalars,
)
from strata.lowering.hlo_to_linalg.scalar_ops import Emit
from strata.lowering.locations import LocatedBuilder

# ---------------------------------------------------------------------------------------------
# map


class MapLowering(RewritePattern):
    """hlo.map(%a, %b) ({ hlo ops on rank-0 tensors }) -> linalg.generic {parallel...}
    ins(%a, %b) outs(tensor.empty) { their arith / math ops on scalars }"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.MapOp) or not is_static(op.result.type):
            return
        block = op.computation.block
        if not region_lowers_to_scalars(block):
            return
        result_type = expect(op.result.type, TensorType, "map result")
        rank = result_type.get_num_dims()
        b = LocatedBuilder(rewriter, op)
        outside = {v: b(tensor.ExtractOp(v, [], element_of(v))).result for v in captured(block)}

        def body(emit: Emit, args: Sequence[SSAValue]) -> SSAValue:
            values = dict(zip(block.args, args, strict=False)) | outside
            return emit_region(emit, block, values)

        inputs = list(op.inputs)
        result = generic(
            b,
            inputs,
            [identity_map(rank)] * len(inputs),
            empty(b, result_type),
            identity_map(rank),
            [PARALLEL] * rank,
            body,
        )
        rewriter.replace(op, [], [result])


PATTERNS: tuple[RewritePattern, ...] = (MapLowering(),)

# ---------------------------------------------------------------------------------------------
# sort


def _round(
    e: HloEmitter, values: Sequence[SSAValue], comparator: Region, dim: int, start: int
) -> list[SSAValue]:
    """One odd-even transposition round along `dim`: the pairs (start, start + 1),
    (start + 2, start + 3), ... of every input swap where the comparator puts right before left.

    The paired elements are viewed as [..., pairs, 2, ...]: slot 0 holds the lefts, slot 1 the
    rights, and the comparator runs on all pairs at once (an hlo.map)."""
    shape = list(shape_of(values[0].type))
    n = shape[dim]
    pairs = (n - start) // 2
    if pairs == 0:
        return list(values)
    end = start + 2 * pairs
    paired = [*shape[:dim], pairs, 2, *shape[dim + 1 :]]
    lefts: list[SSAValue] = []
    rights: list[SSAValue] = []
    for v in values:
        pair = e.reshape(e.slice(v, dim, start, end), paired)
        lefts.append(e.slice(pair, dim + 1, 0, 1))
        rights.append(e.slice(pair, dim + 1, 1, 2))
    # comparator(lhs_0, rhs_0, lhs_1, rhs_1, ...) with the right element as lhs.
    interleaved = [x for right, left in zip(rights, lefts, strict=True) for x in (right, left)]
    swap = e(hlo.MapOp(interleaved, comparator.clone()))
    swapped: list[SSAValue] = []
    for v, left, right in zip(values, lefts, rights, strict=True):
        first = e(hlo.SelectOp(swap, right, left))
        second = e(hlo.SelectOp(swap, left, right))
        joined = e(hlo.ConcatenateOp([first, second], dim + 1))
        parts = [e.reshape(joined, [*shape[:dim], end - start, *shape[dim + 1 :]])]
        if start > 0:
            parts.insert(0, e.slice(v, dim, 0, start))
        if end < n:
            parts.append(e.slice(v, dim, end, n))
        swapped.append(parts[0] if len(parts) == 1 else e(hlo.ConcatenateOp(parts, dim)))
    return swapped


def expand_sort(op: hlo.SortOp) -> None:
    """hlo.sort -> hlo.while (step, inputs...) doing an even and an odd round per step."""
    dim = op.sort_dimension()
    n = shape_of(op.inputs[0].type)[dim]
    if n < 2:
        Rewriter.replace_op(op, [], list(op.inputs))
        return
    emit = HloEmitter(op)
    loop, cond, body = hlo.WhileOp.with_empty_regions([emit.scalar(0, i32), *op.inputs])
    emit.add(loop)
    in_cond = HloEmitter(op, cond)
    steps = in_cond.scalar((n + 1) // 2, i32)
    in_cond.add(hlo.ReturnOp([in_cond(hlo.CompareOp(cond.args[0], steps, "LT", "SIGNED"))]))
    e = HloEmitter(op, body)
    values = _round(e, body.args[1:], op.comparator, dim, 0)
    values = _round(e, values, op.comparator, dim, 1)
    e.add(hlo.ReturnOp([e(hlo.AddOp(body.args[0], e.scalar(1, i32))), *values]))
    Rewriter.replace_op(op, [], list(loop.results[1:]))


def expand(module: ModuleOp) -> None:
    """Every hlo.sort of static shape whose comparator has a scalar lowering -> an hlo.while of
    odd-even transposition rounds (any other is left, and the conversion names it)."""
    for op in [o for o in module.walk() if isinstance(o, hlo.SortOp)]:
        static = all(is_static(v.type) for v in op.inputs)
        if static and region_lowers_to_scalars(op.comparator.block):
            expand_sort(op)
