"""hlo.map -> one linalg.generic whose body is the computation's ops on scalars; hlo.sort -> an
hlo.while (expanded before control flow lowers) of the bitonic network's rounds along 64
elements and more (`expand_bitonic_sort`), else of odd-even transposition rounds, each
comparing whole slices with an hlo.map of the comparator.

Odd-even transposition: a sort of n elements along its dimension runs ceil(n / 2) iterations
of two rounds: the pairs (0, 1), (2, 3), ... and then (1, 2), (3, 4), ...; n rounds sort any
input. A pair swaps only
where comparator(right, left) holds, so elements the comparator finds equal never pass each
other: the sort is stable whatever `is_stable` says. The IR is the same size for any n; the work
is n^2 / 2 comparator calls per sorted slice (each round moves every element once).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from xdsl.dialects import tensor
from xdsl.dialects.builtin import ModuleOp, TensorType, i32
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.rewriter import Rewriter

from strata.dialects import hlo
from strata.dialects.element_kinds import ElementKind, kind_of, numpy_dtype_for
from strata.dialects.tensor_types import dense_from_numpy, is_static, shape_of
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
    counted_loop,
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


BITONIC_MIN_LENGTH = 64
"""Sorts along a dim of at least this many elements use the bitonic network
(`expand_bitonic_sort`: log2(N) (log2(N) + 1) / 2 rounds for N the next power of 2), shorter
ones odd-even transposition (n rounds, each cheaper)."""


ROUNDS_PER_TRIP = 2
"""Bitonic rounds one trip of the sort's hlo.while runs (an odd count gets a round with j = 0,
which moves nothing). A round reads its input at other positions (the partners), so it cannot
write it in place; with two a trip the first writes a temporary and the second, the last reader
of the loop's value, writes the loop's buffer (`bufferize`), so no copy ends a trip (one copy a
trip before: tf.sort of 8 x 4,096 f32, Intel Xeon, one round a trip 3.55 ms, two 3.26 ms)."""


def bitonic_rounds(length: int) -> list[tuple[int, int]]:
    """The (k, j) of each round of the bitonic sorting network over `length` (a power of 2)
    elements: for k = 2, 4, ..., length, j = k / 2, ..., 1. Element i pairs with i ^ j; the pair
    is in ascending order where i & k is 0, descending where it is not."""
    rounds = []
    k = 2
    while k <= length:
        j = k // 2
        while j >= 1:
            rounds.append((k, j))
            j //= 2
        k *= 2
    return rounds


def integer_order(op: hlo.SortOp) -> str | None:
    """ "GT" or "LT" where `op` sorts one integer operand by its comparator comparing the two
    elements as their type orders them (`compare GT/LT, a, b`); None otherwise. Elements such a
    comparator finds equal are equal, so the order is a total one on values and any sorting
    network gives the stable sort's result."""
    if len(op.inputs) != 1:
        return None
    element = expect(op.inputs[0].type, TensorType).element_type
    kind = kind_of(element)
    if kind not in (ElementKind.SIGNED, ElementKind.UNSIGNED):
        return None
    block = op.comparator.block
    ops = list(block.ops)
    if len(ops) != 2:
        return None
    compare, end = ops
    if not isinstance(compare, hlo.CompareOp) or not isinstance(end, hlo.ReturnOp):
        return None
    wanted = "UNSIGNED" if kind is ElementKind.UNSIGNED else "SIGNED"
    given = wanted if compare.compare_type is None else str(compare.compare_type.data.value)
    direction = str(compare.direction())
    if (
        list(compare.operands) != list(block.args)
        or list(end.operands) != list(compare.results)
        or direction not in ("GT", "LT")
        or given != wanted
    ):
        return None
    return direction


def expand_bitonic_sort(op: hlo.SortOp, block: int = 0) -> None:
    """hlo.sort -> the inputs padded to N = 2^m along the sort dim, with an i32 operand of each
    element's original index; an hlo.while over the rounds of the bitonic network
    (`bitonic_rounds`, (k, j) read from constant tables); the first n of each.

    In a round every element i sees its partner p = i ^ j (an hlo.gather at position ^ j, which
    fuses with the rest of the round into one kernel) and keeps the partner where the pair's
    order puts it on i's side: i holds the pair's first element where (i & j == 0) ==
    (i & k == 0). "First" is the comparator's order, then the original index (so the sort is
    stable, and elements the comparator finds equal are still ordered), with the padding last.
    All of it is elementwise: two hlo.maps of the comparator per round. log2(N) (log2(N) + 1) / 2
    rounds, where odd-even transposition takes n rounds: a sort of 10,000 floats 340 ms -> a
    few ms. (The partner was a dynamic_slice of the values concatenated with themselves: four
    copies of the row per round more; top_k's sort of 10,000 keys went 2.7 -> 1.4 ms.)

    One integer operand in its own order (`integer_order`: top_k's rank keys, an argsort's
    keys) needs neither the index operand nor the comparator: it is padded with the value
    that sorts last, and i keeps max(v, p) or min(v, p).

    `block` (a power of 2, at most N / 4; 0: none): the sorted dim is viewed as [N / block,
    block], and a round with j >= block reads its partner as a whole block (block b ^ j /
    block, the same lane): with j unknown when the loop is compiled, a read at i ^ j is a
    gather, which LLVM leaves scalar where gathers are slow (AVX2); a read of block b ^ j /
    block is a run of consecutive elements. An hlo.if picks that form or the lane one
    (lane t ^ j within the block) for each round."""
    dim = op.sort_dimension()
    values = list(op.inputs)
    shape = list(shape_of(values[0].type))
    n = shape[dim]
    length = 1 << (n - 1).bit_length()
    if block and (block & (block - 1) or 4 * block > length):
        block = 0
    emit = HloEmitter(op)
    padded_shape = [*shape[:dim], length, *shape[dim + 1 :]]
    order = integer_order(op)
    padded = []
    for v in values:
        if length > n:
            element = expect(v.type, TensorType).element_type
            if order is None:
                fill = emit(hlo.ConvertOp(emit.scalar(0, i32), TensorType(element, [])))
            else:
                limits = np.iinfo(numpy_dtype_for(element))
                fill = emit.scalar(limits.min if order == "GT" else limits.max, element)
            high = [length - n if d == dim else 0 for d in range(len(shape))]
            v = emit(hlo.PadOp(v, fill, [0] * len(shape), high))
        padded.append(v)
    view_shape = (
        [*shape[:dim], length // block, block, *shape[dim + 1 :]] if block else padded_shape
    )
    index_t = TensorType(i32, view_shape)
    rank = len(view_shape)
    lane_dim = dim + 1 if block else dim
    padded = [emit.reshape(v, view_shape) if block else v for v in padded]

    def positions(e: HloEmitter) -> SSAValue:
        """Each element's position along the sorted dim (block * `block` + lane)."""
        if not block:
            return e(hlo.IotaOp(dim, index_t))
        blocks = e(hlo.IotaOp(dim, index_t))
        scale = e(hlo.BroadcastInDimOp(e.scalar(block, i32), index_t, []))
        return e(hlo.AddOp(e(hlo.MultiplyOp(blocks, scale)), e(hlo.IotaOp(lane_dim, index_t))))

    rounds = bitonic_rounds(length)
    rounds += [(length, 0)] * (-len(rounds) % ROUNDS_PER_TRIP)  # j = 0: no element moves
    ks = emit(hlo.ConstantOp(dense_from_numpy(np.array([k for k, _ in rounds], np.int32), i32)))
    js = emit(hlo.ConstantOp(dense_from_numpy(np.array([j for _, j in rounds], np.int32), i32)))
    carried = padded if order is not None else [*padded, positions(emit)]
    loop, e = counted_loop(emit, len(rounds) // ROUNDS_PER_TRIP, carried)
    step, *args = loop.body.block.args
    current: list[SSAValue] = list(args)

    def numbers(along: int) -> hlo.GatherDimensionNumbersAttr:
        others = [d for d in range(rank) if d != along]
        return hlo.GatherDimensionNumbersAttr(
            offset_dims=[],
            collapsed_slice_dims=[along],
            start_index_map=[along],
            index_vector_dim=rank,
            operand_batching_dims=others,
            start_indices_batching_dims=others,
        )

    def round_with(
        e: HloEmitter,
        k: SSAValue,
        j: SSAValue,
        along: int,
        step_j: SSAValue,
        current: Sequence[SSAValue],
    ) -> list[SSAValue]:
        """A round's new values, partners read along dim `along` at its iota ^ `step_j`."""

        def spread(value: SSAValue) -> SSAValue:
            return e(hlo.BroadcastInDimOp(value, index_t, []))

        position = positions(e)
        zeros = spread(e.scalar(0, i32))
        lower = e(hlo.CompareOp(e(hlo.AndOp(position, spread(j))), zeros, "EQ", "SIGNED"))
        ascending = e(hlo.CompareOp(e(hlo.AndOp(position, spread(k))), zeros, "EQ", "SIGNED"))
        first = e(hlo.CompareOp(lower, ascending, "EQ", None))
        where = e(hlo.IotaOp(along, index_t)) if block else position
        partners_at = e(hlo.XorOp(where, spread(step_j)))

        def partner_of(v: SSAValue) -> SSAValue:
            return e(hlo.GatherOp(v, partners_at, numbers(along), [1] * rank))

        if order is None:
            return _moved_by_comparator(e, op, current, partner_of, first, n)
        (mine,) = current
        partner = partner_of(mine)
        larger, smaller = e(hlo.MaximumOp(mine, partner)), e(hlo.MinimumOp(mine, partner))
        best, worst = (larger, smaller) if order == "GT" else (smaller, larger)
        return [e(hlo.SelectOp(first, best, worst))]

    def one_round(at: SSAValue, current: Sequence[SSAValue]) -> list[SSAValue]:
        """The values after round `at` (an i32 scalar) of the network."""

        def scalar_at(table: SSAValue) -> SSAValue:
            return e.reshape(e(hlo.DynamicSliceOp(table, [at], [1])), [])

        k, j = scalar_at(ks), scalar_at(js)
        if not block:
            return round_with(e, k, j, dim, j, current)
        far = e(hlo.CompareOp(j, e.scalar(block, i32), "GE", "SIGNED"))
        branches = []
        for along in (dim, lane_dim):
            region_block = Block()
            inner = HloEmitter(op, region_block)
            step_j = (
                inner(hlo.ShiftRightLogicalOp(j, inner.scalar(block.bit_length() - 1, i32)))
                if along == dim
                else j
            )
            inner.add(hlo.ReturnOp(round_with(inner, k, j, along, step_j, current)))
            branches.append(Region(region_block))
        choice = hlo.IfOp(far, [v.type for v in current], branches[0], branches[1])
        e.add(choice)
        return list(choice.results)

    base = e(hlo.MultiplyOp(step, e.scalar(ROUNDS_PER_TRIP, i32)))
    for r in range(ROUNDS_PER_TRIP):
        current = one_round(e(hlo.AddOp(base, e.scalar(r, i32))) if r else base, current)
    e.add(hlo.ReturnOp([e(hlo.AddOp(step, e.scalar(1, i32))), *current]))
    results = [
        emit.slice(emit.reshape(r, padded_shape) if block else r, dim, 0, n)
        for r in loop.results[1 : 1 + len(values)]
    ]
    Rewriter.replace_op(op, [], results)


def _moved_by_comparator(
    e: HloEmitter,
    op: hlo.SortOp,
    current: Sequence[SSAValue],
    partner_of: Callable[[SSAValue], SSAValue],
    first: SSAValue,
    n: int,
) -> list[SSAValue]:
    """A bitonic round's new values (the sort's operands, then the original index) where the
    comparator decides, then the original index (see `expand_bitonic_sort`)."""
    *moving, origin = current
    partners = [partner_of(v) for v in current]
    *partner_values, partner_origin = partners

    def comparator(a: Sequence[SSAValue], b: Sequence[SSAValue]) -> SSAValue:
        interleaved = [x for pair in zip(a, b, strict=True) for x in pair]
        return e(hlo.MapOp(interleaved, op.comparator.clone()))

    partner_first = comparator(partner_values, moving)
    mine_first = comparator(moving, partner_values)
    limit = e(hlo.BroadcastInDimOp(e.scalar(n, i32), origin.type, []))
    partner_real = e(hlo.CompareOp(partner_origin, limit, "LT", "SIGNED"))
    mine_real = e(hlo.CompareOp(origin, limit, "LT", "SIGNED"))
    earlier = e(hlo.CompareOp(partner_origin, origin, "LT", "SIGNED"))
    undecided = e(hlo.AndOp(e(hlo.NotOp(partner_first)), e(hlo.NotOp(mine_first))))
    by_order = e(hlo.OrOp(partner_first, e(hlo.AndOp(undecided, earlier))))
    both_real = e(hlo.AndOp(partner_real, mine_real))
    real_pick = e(hlo.SelectOp(both_real, by_order, partner_real))
    neither = e(hlo.OrOp(partner_real, mine_real))
    partner_before = e(hlo.SelectOp(neither, real_pick, earlier))
    take = e(hlo.CompareOp(partner_before, first, "EQ", None))
    return [e(hlo.SelectOp(take, p, v)) for p, v in zip(partners, current, strict=True)]


def expand(module: ModuleOp, block: int = 0) -> None:
    """Every hlo.sort of static shape whose comparator has a scalar lowering -> an hlo.while of
    bitonic rounds (BITONIC_MIN_LENGTH elements and more) or of odd-even transposition rounds
    (any other is left, and the conversion names it)."""
    for op in [o for o in module.walk() if isinstance(o, hlo.SortOp)]:
        static = all(is_static(v.type) for v in op.inputs)
        if static and region_lowers_to_scalars(op.comparator.block):
            if shape_of(op.inputs[0].type)[op.sort_dimension()] >= BITONIC_MIN_LENGTH:
                expand_bitonic_sort(op, block)
            else:
                expand_sort(op)
