"""hlo gather ops -> linalg on tensors.

hlo.gather becomes a linalg.generic over its result whose body reads the operand at a
data-dependent place with `tensor.extract` (a map cannot express it).

hlo.scatter (one scattered dim, full windows: what TensorFlow's segment ops produce) becomes a
generic over the operand's dims plus the updates' scatter dims as reductions:

    out[s, j] = select(ids[i] == s, combine(out[s, j], updates[i, j]), out[s, j])   for i in order

Each output element sees its updates in index order, as a sequential scatter applies them, so an
add body gives bit-identical sums; ids outside the operand match no `s` and are skipped. Work is
num_segments x updates: it needs no data-dependent store, which linalg cannot express.

Into an operand of `scatter-loop-elements` elements and more, such a scatter (or one of several
scattered dims, all inserted: ScatterNd of index depth 2 and more, a RowScatter) is first
expanded into an hlo.while over its update rows (`expand_row_scatters`): each trip reads the row
its index vector names with a dynamic_slice, combines the update row into it and writes it back
with a dynamic_update_slice, which the bufferizer does in place. Same order, same bits, work in
proportion to the updates (a segment sum of 100,000 rows of 16 into 1,000 segments: 1.9 s ->
1 ms). The cuda chain keeps the generic (its host plan would launch kernels for every row).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import AffineMapAttr, IndexType, IntegerAttr, ModuleOp, TensorType, i32
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.rewriter import Rewriter

from strata.dialects import hlo
from strata.dialects.tensor_types import is_static, shape_of
from strata.internal import expect
from strata.lowering.hlo_to_linalg import scalar_ops
from strata.lowering.hlo_to_linalg.elementwise import splat_scalar
from strata.lowering.hlo_to_linalg.generic import (
    PARALLEL,
    REDUCTION,
    affine_map,
    empty,
    filled,
    generic,
    identity_map,
)
from strata.lowering.hlo_to_linalg.hlo_builder import (
    HloEmitter,
    captured,
    counted_loop,
    emit_region,
    region_lowers_to_scalars,
)
from strata.lowering.hlo_to_linalg.scalar_ops import Emit
from strata.lowering.locations import LocatedBuilder


def _index_const(emit: Emit, value: int) -> SSAValue:
    return emit(arith.ConstantOp(IntegerAttr(value, IndexType()))).result


def _as_index(emit: Emit, value: SSAValue) -> SSAValue:
    """An integer index (any width, signed) as `index`."""
    return emit(arith.IndexCastOp(value, IndexType())).result


class GatherLowering(RewritePattern):
    """hlo.gather(%operand, %ids) -> linalg.generic {parallel...} ins(%ids per index component)
    outs(tensor.empty) { operand index = clamp(id) + linalg.index (offset dims);
    tensor.extract %operand[...] }"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.GatherOp):
            return
        if not all(is_static(v.type) for v in (op.operand, op.start_indices, op.result)):
            return
        operand_shape = shape_of(op.operand.type)
        indices_shape = shape_of(op.start_indices.type)
        out_t = expect(op.result.type, TensorType)
        numbers = op.dimension_numbers
        lists = numbers.lists()
        ivd = numbers.index_vector_dim
        slice_sizes = [int(v) for v in op.slice_sizes.get_values()]
        offset_dims = list(lists["offset_dims"])
        collapsed = set(lists["collapsed_slice_dims"])
        operand_batching = list(lists["operand_batching_dims"])
        indices_batching = list(lists["start_indices_batching_dims"])
        index_map = list(lists["start_index_map"])
        rank = len(shape_of(out_t))

        # Result dims that are not offset dims walk the indices' dims (index_vector_dim aside).
        batch_loops = [d for d in range(rank) if d not in offset_dims]
        indices_dims = [d for d in range(len(indices_shape)) if d != ivd]
        loop_of_indices_dim = dict(zip(indices_dims, batch_loops, strict=True))
        offset_operand_dims = [
            d for d in range(len(operand_shape)) if d not in collapsed and d not in operand_batching
        ]
        loop_of_offset = dict(zip(offset_operand_dims, offset_dims, strict=True))

        components = len(index_map)
        inputs = [op.start_indices] * components
        maps = []
        for component in range(components):
            dims: list[int | None] = [
                None if d == ivd else loop_of_indices_dim[d] for d in range(len(indices_shape))
            ]
            amap = affine_map(rank, dims)
            if ivd < len(indices_shape):
                amap = _with_constant(amap, ivd, component)
            maps.append(amap)
        b = LocatedBuilder(rewriter, op)
        operand = op.operand

        def body(emit: Emit, args: Sequence[SSAValue]) -> SSAValue:
            starts = {index_map[c]: _as_index(emit, args[c]) for c in range(components)}
            position: list[SSAValue] = []
            for d, size in enumerate(operand_shape):
                if d in operand_batching:
                    batch_dim = indices_batching[operand_batching.index(d)]
                    loop = loop_of_indices_dim[batch_dim]
                    position.append(emit(linalg.IndexOp(loop)).result)
                    continue
                index = None
                if d in starts:
                    # StableHLO clamps the start so the whole slice is inside the operand.
                    high = _index_const(emit, size - slice_sizes[d])
                    low = _index_const(emit, 0)
                    clamped = emit(arith.MaxSIOp(starts[d], low)).result
                    index = emit(arith.MinSIOp(clamped, high)).result
                if d in loop_of_offset:
                    offset = emit(linalg.IndexOp(loop_of_offset[d])).result
                    index = offset if index is None else emit(arith.AddiOp(index, offset)).result
                position.append(index if index is not None else _index_const(emit, 0))
            element = out_t.element_type
            return emit(tensor.ExtractOp(operand, position, element)).result

        result = generic(
            b, inputs, maps, empty(b, out_t), identity_map(rank), [PARALLEL] * rank, body
        )
        rewriter.replace(op, [], [result])


def _with_constant(amap: AffineMapAttr, position: int, value: int) -> AffineMapAttr:
    """`amap` with result `position` replaced by the constant `value`."""
    m = amap.data
    results = list(m.results)
    results[position] = AffineExpr.constant(value)
    return AffineMapAttr(AffineMap(m.num_dims, m.num_symbols, tuple(results)))


def update_combiner(op: hlo.ScatterOp) -> tuple[Operation, bool] | None:
    """The single binary op of a scatter body and whether it takes (old, update) in that order."""
    block = op.update_computation.block
    ops = list(block.ops)
    if len(ops) != 2 or not isinstance(ops[1], hlo.ReturnOp):
        return None
    combiner = ops[0]
    old, update = block.args
    if ops[1].operands[0] != combiner.results[0] or len(combiner.operands) != 2:
        return None
    if tuple(combiner.operands) == (old, update):
        return combiner, True
    if tuple(combiner.operands) == (update, old):
        return combiner, False
    return None


@dataclass(frozen=True)
class RowScatter:
    """An hlo.scatter that writes whole rows: scattered operand dims `dims` (the index vector's
    components in order, each an inserted window dim), full windows (the update window dims are
    the operand's other dims, in order), no batching, static shapes, and a body of one binary op
    (`combiner`, taking (old, update) where `old_first`) or none (the update replaces the
    element: TensorScatterUpdate). What TensorFlow's segment and scatter ops produce."""

    dims: list[int]
    update_scatter: list[int]
    """The updates' dims that are not window dims (one update row each), in order."""
    window: list[int]
    """The updates' window dims, in order (the operand's dims but `dims`)."""
    combiner: Operation | None
    old_first: bool

    @property
    def k(self) -> int:
        """The scattered dim of a scatter of one (ScatterLowering's form)."""
        return self.dims[0]


def row_scatter(op: hlo.ScatterOp) -> RowScatter | None:
    """`op` as a RowScatter, or None for other forms (GeneralScatterLowering's)."""
    values = (op.operand, op.scatter_indices, op.updates, op.result)
    if not all(is_static(v.type) for v in values):
        return None
    block = op.update_computation.block
    ops = list(block.ops)
    combiner: Operation | None = None
    old_first = True
    if len(ops) == 1 and isinstance(ops[0], hlo.ReturnOp) and ops[0].operands[0] == block.args[1]:
        pass  # the update replaces the element
    else:
        found = update_combiner(op)
        element = expect(op.result.type, TensorType).element_type
        if found is None or not scalar_ops.supports(found[0], element):
            return None
        combiner, old_first = found
    numbers = op.scatter_dimension_numbers
    lists = numbers.lists()
    dims = list(lists["scatter_dims_to_operand_dims"])
    if not dims or sorted(lists["inserted_window_dims"]) != sorted(dims):
        return None
    if lists["input_batching_dims"]:
        return None
    indices_shape = shape_of(op.scatter_indices.type)
    ivd = numbers.index_vector_dim
    if (indices_shape[ivd] if ivd < len(indices_shape) else 1) != len(dims):
        return None
    operand_shape = shape_of(op.operand.type)
    updates_shape = shape_of(op.updates.type)
    window = list(lists["update_window_dims"])
    window_operand_dims = [d for d in range(len(operand_shape)) if d not in dims]
    if [updates_shape[w] for w in window] != [operand_shape[d] for d in window_operand_dims]:
        return None  # partial windows: not a form TensorFlow's ops produce
    update_scatter = [d for d in range(len(updates_shape)) if d not in window]
    return RowScatter(dims, update_scatter, window, combiner, old_first)


class ScatterLowering(RewritePattern):
    """hlo.scatter(%operand, %ids, %updates) (a RowScatter with a combiner)
    -> linalg.generic {parallel (operand dims)..., reduction (update scatter dims)...}
       ins(%ids, %updates) outs(%operand)
       { select(index_cast(id) == linalg.index(k), combine(acc, update), acc) }"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.ScatterOp):
            return
        form = row_scatter(op)
        if form is None or form.combiner is None or len(form.dims) != 1:
            return
        combiner, old_first, k = form.combiner, form.old_first, form.k
        out_t = expect(op.result.type, TensorType)
        ivd = op.scatter_dimension_numbers.index_vector_dim
        operand_shape = shape_of(op.operand.type)
        updates_shape = shape_of(op.updates.type)
        indices_shape = shape_of(op.scatter_indices.type)
        window, update_scatter = form.window, form.update_scatter
        window_operand_dims = [d for d in range(len(operand_shape)) if d != k]

        rank = len(operand_shape)
        # Loops: operand dims (parallel), then one reduction per update scatter dim.
        loop_of_update_dim = dict(zip(window, window_operand_dims, strict=True))
        loop_of_update_dim |= {d: rank + i for i, d in enumerate(update_scatter)}
        num_loops = rank + len(update_scatter)
        scatter_loops = iter(range(rank, num_loops))
        index_dims: list[int | None] = [
            None if d == ivd else next(scatter_loops) for d in range(len(indices_shape))
        ]
        index_map = affine_map(num_loops, index_dims)
        updates_map = affine_map(
            num_loops, [loop_of_update_dim[d] for d in range(len(updates_shape))]
        )
        out_map = affine_map(num_loops, list(range(rank)))

        b = LocatedBuilder(rewriter, op)
        scalar = splat_scalar(b, op.operand)
        init = filled(b, out_t, scalar) if scalar is not None else op.operand

        def body(emit: Emit, args: Sequence[SSAValue]) -> SSAValue:
            index, update, acc = args
            target = emit(linalg.IndexOp(k)).result
            hit = emit(arith.CmpiOp(_as_index(emit, index), target, "eq")).result
            operands = [acc, update] if old_first else [update, acc]
            combined = scalar_ops.emit_elementwise(emit, combiner, operands)
            return emit(arith.SelectOp(hit, combined, acc)).result

        result = generic(
            b,
            [op.scatter_indices, op.updates],
            [index_map, updates_map],
            init,
            out_map,
            [PARALLEL] * rank + [REDUCTION] * len(update_scatter),
            body,
        )
        rewriter.replace(op, [], [result])


def expand_row_scatter(op: hlo.ScatterOp, form: RowScatter) -> None:
    """`op` as an hlo.while over its update rows, in index order: read the row its index
    vector names, combine the update row into it, write it back (a dynamic_update_slice, in
    place once bufferized). An index outside the operand reads and writes back the clamped row
    unchanged."""
    emit = HloEmitter(op)
    operand_shape = list(shape_of(op.operand.type))
    updates_shape = list(shape_of(op.updates.type))
    indices_shape = list(shape_of(op.scatter_indices.type))
    rows = int(np.prod([updates_shape[d] for d in form.update_scatter], dtype=np.int64))
    window_sizes = [updates_shape[d] for d in form.window]
    updates: SSAValue = op.updates
    order = form.update_scatter + form.window
    if order != list(range(len(updates_shape))):
        updates = emit(hlo.TransposeOp(updates, order))
    updates = emit.reshape(updates, [rows, *window_sizes])
    # The indices as [rows, depth]: the index vector dim last.
    indices: SSAValue = op.scatter_indices
    ivd = op.scatter_dimension_numbers.index_vector_dim
    if ivd < len(indices_shape) - 1:
        rest = [d for d in range(len(indices_shape)) if d != ivd]
        indices = emit(hlo.TransposeOp(indices, [*rest, ivd]))
    depth = len(form.dims)
    indices = emit.reshape(indices, [rows, depth])
    index_type = expect(op.scatter_indices.type, TensorType).element_type
    loop, e = counted_loop(emit, rows, [op.operand])
    step, out = loop.body.block.args
    zero, zero32 = e.scalar(0, index_type), e.scalar(0, i32)
    vector = e(hlo.DynamicSliceOp(indices, [step, zero32], [1, depth]))
    starts = [zero] * len(operand_shape)
    flags: list[SSAValue] = []
    for c, d in enumerate(form.dims):
        start = e.reshape(e.slice(vector, 1, c, c + 1), [])
        starts[d] = start
        at_least = e(hlo.CompareOp(start, zero, "GE", "SIGNED"))
        size = e.scalar(operand_shape[d], index_type)
        flags.append(e(hlo.AndOp(at_least, e(hlo.CompareOp(start, size, "LT", "SIGNED")))))
    inside = flags[0]
    for flag in flags[1:]:
        inside = e(hlo.AndOp(inside, flag))
    row_shape = [1 if d in form.dims else n for d, n in enumerate(operand_shape)]
    row = e(hlo.DynamicSliceOp(out, starts, row_shape))
    step_starts = [step] + [zero32] * len(window_sizes)
    update = e.reshape(e(hlo.DynamicSliceOp(updates, step_starts, [1, *window_sizes])), row_shape)
    new = update
    if form.combiner is not None:
        combiner = expect(form.combiner, hlo.ElementwiseBinaryOp, "the scatter's combiner")
        pair = (row, update) if form.old_first else (update, row)
        new = e(type(combiner)(*pair))
    new = e(hlo.SelectOp(inside, new, row))
    written = e(hlo.DynamicUpdateSliceOp(out, new, starts))
    e.add(hlo.ReturnOp([e(hlo.AddOp(step, e.scalar(1, i32))), written]))
    op.result.replace_all_uses_with(loop.results[1])
    Rewriter.erase_op(op)


def expand_row_scatters(module: ModuleOp, min_elements: int) -> None:
    """Every RowScatter of `module` into an operand of at least `min_elements` elements, with
    a binary combiner of the elementwise kind or none, as an hlo.while over its update rows
    (expand_row_scatter): work in proportion to the updates, where ScatterLowering's generic
    visits every (operand element, update row) pair. 0: none.

    Per update row, one 2-core AMD EPYC core: the loop ~9 ns (+0.16 ns per row element), the
    generic ~1.1-4.3 ns per operand element: the loop is as fast at 8 operand elements, and
    ahead from there (segment sum of 100,000 rows of 16 into 1,000 segments: 1873 -> 0.99 ms;
    of 1 into 16: 1.8 -> 0.9 ms; of 1 into 4: 0.47 -> 0.92 ms)."""
    if min_elements <= 0:
        return
    for op in [o for o in module.walk() if isinstance(o, hlo.ScatterOp)]:
        form = row_scatter(op)
        if form is None:
            continue
        if form.combiner is not None and not isinstance(form.combiner, hlo.ElementwiseBinaryOp):
            continue
        if int(np.prod(shape_of(op.operand.type), dtype=np.int64)) >= min_elements:
            expand_row_scatter(op, form)


class GeneralScatterLowering(RewritePattern):
    """hlo.scatter in StableHLO's general form (several scattered dims, partial windows, batching
    dims, any update computation of elementwise ops)
    -> linalg.generic {parallel (operand dims)..., reduction (update scatter dims)...}
       ins(component 0 of %ids) outs(%operand)
       { hit = the update window of this scatter index covers this operand element;
         select(hit, computation(acc, %updates[scatter index, offset]), acc) }

    Updates apply in row-major order of their scatter index, as the spec's sequential reading
    does. An update element whose result index falls outside the operand is skipped (the spec
    leaves it to the implementation; XLA skips a whole window that does not fit)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.ScatterOp):
            return
        values = (op.operand, op.scatter_indices, op.updates, op.result)
        block = op.update_computation.block
        if not all(is_static(v.type) for v in values) or captured(block):
            return
        if not region_lowers_to_scalars(block):
            return
        numbers = op.scatter_dimension_numbers
        lists = numbers.lists()
        ivd = numbers.index_vector_dim
        out_t = expect(op.result.type, TensorType)
        operand_shape = shape_of(op.operand.type)
        updates_shape = shape_of(op.updates.type)
        indices_shape = list(shape_of(op.scatter_indices.type))
        implicit = ivd == len(indices_shape)
        to_operand = list(lists["scatter_dims_to_operand_dims"])
        window = list(lists["update_window_dims"])
        inserted = list(lists["inserted_window_dims"])
        batching = list(lists["input_batching_dims"])
        index_batching = list(lists["scatter_indices_batching_dims"])
        operand_window = [
            d for d in range(len(operand_shape)) if d not in inserted and d not in batching
        ]
        rank = len(operand_shape)
        scatter_dims = [d for d in range(len(updates_shape)) if d not in window]
        num_loops = rank + len(scatter_dims)
        # The indices dims but the index vector dim, in order: one reduction loop each.
        index_loop = {
            d: rank + i for i, d in enumerate(x for x in range(len(indices_shape)) if x != ivd)
        }
        first_component = [None if d == ivd else index_loop[d] for d in range(len(indices_shape))]
        index_map = affine_map(num_loops, first_component)
        if not implicit:
            index_map = _with_constant(index_map, ivd, 0)
        out_map = affine_map(num_loops, list(range(rank)))
        b = LocatedBuilder(rewriter, op)
        scalar = splat_scalar(b, op.operand)
        init = filled(b, out_t, scalar) if scalar is not None else op.operand

        def body(emit: Emit, args: Sequence[SSAValue]) -> SSAValue:
            first, acc = args
            starts: dict[int, SSAValue] = {}
            for c, d in enumerate(to_operand):
                component: SSAValue = first
                if c > 0:
                    at = [
                        _index_const(emit, c)
                        if x == ivd
                        else emit(linalg.IndexOp(index_loop[x])).result
                        for x in range(len(indices_shape))
                    ]
                    read = tensor.ExtractOp(op.scatter_indices, at, first.type)
                    component = emit(read).result
                starts[d] = _as_index(emit, component)
            zero = _index_const(emit, 0)
            conditions: list[SSAValue] = []
            offsets: dict[int, SSAValue] = {}
            for d in range(rank):
                position = emit(linalg.IndexOp(d)).result
                if d in batching:
                    source = index_batching[batching.index(d)]
                    loop = emit(linalg.IndexOp(index_loop[source])).result
                    conditions.append(emit(arith.CmpiOp(position, loop, "eq")).result)
                    continue
                start = starts.get(d, zero)
                if d in inserted:
                    conditions.append(emit(arith.CmpiOp(position, start, "eq")).result)
                    continue
                offset = emit(arith.SubiOp(position, start)).result
                size = updates_shape[window[operand_window.index(d)]]
                conditions.append(emit(arith.CmpiOp(offset, zero, "sge")).result)
                limit = _index_const(emit, size)
                conditions.append(emit(arith.CmpiOp(offset, limit, "slt")).result)
                offsets[d] = offset
            hit: SSAValue = conditions[0]
            for flag in conditions[1:]:
                hit = emit(arith.AndIOp(hit, flag)).result
            scatter_loops = iter(range(rank, num_loops))
            at_update: list[SSAValue] = []
            for u in range(len(updates_shape)):
                if u in window:
                    inside = offsets[operand_window[window.index(u)]]
                    # Read in bounds whether or not it hits (the value is dropped then).
                    at_update.append(emit(arith.SelectOp(hit, inside, zero)).result)
                else:
                    at_update.append(emit(linalg.IndexOp(next(scatter_loops))).result)
            update = emit(tensor.ExtractOp(op.updates, at_update, out_t.element_type)).result
            combined = emit_region(emit, block, dict(zip(block.args, [acc, update], strict=True)))
            return emit(arith.SelectOp(hit, combined, acc)).result

        result = generic(
            b,
            [op.scatter_indices],
            [index_map],
            init,
            out_map,
            [PARALLEL] * rank + [REDUCTION] * len(scatter_dims),
            body,
        )
        rewriter.replace(op, [], [result])


PATTERNS: tuple[RewritePattern, ...] = (
    GatherLowering(),
    ScatterLowering(),
    GeneralScatterLowering(),
)
