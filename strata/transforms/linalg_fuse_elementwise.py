"""linalg-fuse-elementwise: fuse all-parallel linalg.generic producers into their consumers.

Chains of elementwise ops, broadcasts and transposes become one loop nest, so intermediates never
reach memory; a producer fused into a reduction is computed inside the reduction's loops. A
producer whose result other ops read too fuses into an elementwise consumer over the same loops,
and the fused generic yields that result as well (computed once, written once): a graph of
elementwise ops where values have several readers (an LSTM cell, Philox rounds) becomes one
generic, not one per value with several readers.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf, tensor
from xdsl.dialects.builtin import AffineMapAttr, IndexType, IntegerAttr, ModuleOp
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.linalg.attrs import IteratorType
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter
from xdsl.transforms.common_subexpression_elimination import cse
from xdsl.transforms.dead_code_elimination import region_dce
from xdsl.utils.exceptions import VerifyException

from strata.dialects.tensor_types import is_static
from strata.internal import expect


def _all_parallel(op: linalg.GenericOp) -> bool:
    return all(it.data == IteratorType.PARALLEL for it in op.iterator_types)


def fusible_producer(consumer: linalg.GenericOp, operand: SSAValue) -> linalg.GenericOp | None:
    """The generic producing `operand` if it can be inlined into `consumer`: all-parallel, its
    results with identity maps, their outputs never read, on tensors, and no work repeated per
    element (see below); and either
    - `operand` its one result, used only here (or, for a few arith ops, only by generics that
      can all inline it: each gets its own copy and no buffer is written), or
    - its results read by `consumer` element for element and used elsewhere only after it
      (`_keeps_results`): the fused generic computes them once and yields those used elsewhere
      too."""
    producer = operand.owner
    if not isinstance(producer, linalg.GenericOp):
        return None
    if not _all_parallel(producer) or not is_static(operand.type) or not _fresh_outputs(producer):
        return None
    if not _inlined_whole(producer, operand):
        return producer if _keeps_results(consumer, producer) else None
    index = list(consumer.operands).index(operand)
    via = consumer.indexing_maps.data[index].data
    if _reads_positions(producer) and not all(
        isinstance(r, (AffineDimExpr, AffineConstantExpr)) for r in via.results
    ):
        return None
    if _repeated_between(producer, consumer) and not _from_positions_alone(producer):
        return None
    # Fusing recomputes the producer once per consumer iteration: fine when every consumer
    # iteration reads a different element, when the producer only moves data, or when it
    # computes from positions alone.
    reads_each_once = len(via.used_dims()) == via.num_dims
    if not reads_each_once and not (_only_moves_data(producer) or _from_positions_alone(producer)):
        return None
    if not reads_each_once and not _keeps_layout(producer, via):
        return None
    return producer


def _keeps_layout(producer: linalg.GenericOp, via: AffineMap) -> bool:
    """Whether the consumer, reading `producer`'s result through `via`, still reads memory
    along its innermost loop where it did once the producer is fused in. A producer that moves
    data into another order, read along the consumer's innermost loop as its own innermost dim
    from an input that is not (a transpose made for a contraction: B^T as B), would have every
    reuse of an element gather it across rows again; fused into a consumer that reads each
    element once, it is tiled as a transpose instead."""
    innermost = AffineDimExpr(via.num_dims - 1)
    if not via.results or via.results[-1] != innermost:
        return True
    n_in = len(producer.inputs)
    for amap in producer.indexing_maps.data[:n_in]:
        composed = amap.data.compose(via)
        if composed.results and composed.results[-1] != innermost:
            return False
    return True


def _inlined_whole(producer: linalg.GenericOp, operand: SSAValue) -> bool:
    """Whether `producer`'s one result `operand` is read by one op only, or is cheap and may be
    copied into every generic reading it."""
    return len(producer.res) == 1 and (
        operand.has_one_use() or (_cheap(producer) and _inlinable_everywhere(operand))
    )


def _fresh_outputs(op: linalg.GenericOp) -> bool:
    """Every output of `op` a tensor.empty written through an identity map and never read."""
    outputs = op.outputs
    n_in = len(op.operands) - len(outputs)
    maps, args = op.indexing_maps.data, op.body.block.args
    for k, out in enumerate(outputs):
        out_map = maps[n_in + k].data
        if out_map != out_map.identity(out_map.num_dims):
            return False
        if args[n_in + k].uses or not isinstance(out.owner, tensor.EmptyOp):
            return False
    return True


def _reads_of(consumer: linalg.GenericOp, producer: linalg.GenericOp) -> list[int]:
    """The inputs of `consumer` that `producer` computes."""
    return [i for i, v in enumerate(consumer.inputs) if v.owner is producer]


def _keeps_results(consumer: linalg.GenericOp, producer: linalg.GenericOp) -> bool:
    """Whether `producer` can fuse into `consumer` with its results that other ops read kept as
    results of the fused generic: both all-parallel over the same loops in one block, every
    read of the producer an identity map (element i of the result at iteration i, so the
    fused generic writes what the producer wrote), and every other use after `consumer` (the
    fused generic takes its place; an output of `consumer` read in place is such a use)."""
    block = consumer.parent_block()
    if block is None or producer.parent_block() is not block or not _all_parallel(consumer):
        return False
    maps = consumer.indexing_maps.data
    for i in _reads_of(consumer, producer):
        via = maps[i].data
        if via != via.identity(via.num_dims) or via.num_dims != len(producer.iterator_types):
            return False
    n_in = len(consumer.inputs)
    elsewhere: set[Operation] = set()
    for result in producer.res:
        for use in result.uses:
            if use.operation is consumer and use.index < n_in:
                continue
            at = block.find_ancestor_op_in_block(use.operation)
            if at is None or at is consumer:
                return False
            elsewhere.add(at)
    # Every other reader after `consumer`: none between the producer and it (a short walk).
    op = producer.next_op
    while op is not None and op is not consumer:
        if op in elsewhere:
            return False
        op = op.next_op
    return True


def _reads_positions(op: linalg.GenericOp) -> bool:
    """Whether the body reads its loop positions (linalg.index)."""
    return any(isinstance(o, linalg.IndexOp) for o in op.body.walk())


def _from_positions_alone(op: linalg.GenericOp) -> bool:
    """A cheap generic of no inputs (an iota): recomputing it inside a loop costs a few integer
    ops per element, less than the load of its materialised result that it replaces."""
    return not op.inputs and _cheap(op)


def _positions_in_consumer(block: Block, ops: list[Operation], via: AffineMap) -> None:
    """Rewrites the producer's `linalg.index i` among `ops` (now in the consumer's `block`) to
    the consumer's position that reads element i: `via`'s result i, a loop dim or a constant
    (fusible_producer admits no other)."""
    for op in ops:
        if not isinstance(op, linalg.IndexOp):
            continue
        expr = via.results[op.dim.value.data]
        if isinstance(expr, AffineDimExpr):
            new: Operation = linalg.IndexOp(expr.position)
        else:
            new = arith.ConstantOp(IntegerAttr(expect(expr, AffineConstantExpr).value, IndexType()))
        block.insert_op_before(new, op)
        op.results[0].replace_all_uses_with(new.results[0])
        op.detach()
        op.erase()


RUN_AT_MOST_ONCE = (scf.IfOp, scf.IndexSwitchOp)
"""Region ops whose regions run at most once each time the op runs: a producer above one may
fuse into a consumer inside (computed only where the branch is taken)."""


def _repeated_between(producer: Operation, consumer: Operation) -> bool:
    """Whether `consumer` sits in a region that may run several times for one run of
    `producer` (a loop body, where `producer` is above the loop): fusing would then recompute the
    producer on every trip, where computing it once before the loop is what was written."""
    home = producer.parent_block()
    op: Operation | None = consumer
    while op is not None and op.parent_block() is not home:
        op = op.parent_op()
        if op is None or not isinstance(op, RUN_AT_MOST_ONCE):
            return True
    return op is None


CHEAP_OPS = 8
"""A producer of at most this many arith ops and linalg.index (no math calls) may be copied into
each consumer."""


def _cheap(op: linalg.GenericOp) -> bool:
    body = [o for o in op.body.block.ops if not isinstance(o, linalg.YieldOp)]
    return len(body) <= CHEAP_OPS and all(
        o.dialect_name() == "arith" or isinstance(o, linalg.IndexOp) for o in body
    )


def _inlinable_everywhere(result: SSAValue) -> bool:
    """Every use of `result` is an input of a generic reading each element once per iteration."""
    for use in result.uses:
        consumer = use.operation
        if not isinstance(consumer, linalg.GenericOp) or use.index >= len(consumer.inputs):
            return False
        via = consumer.indexing_maps.data[use.index].data
        if len(via.used_dims()) != via.num_dims:
            return False
    return True


def _only_moves_data(op: linalg.GenericOp) -> bool:
    """A broadcast / transpose / copy: the body yields one of its block arguments."""
    ops = list(op.body.block.ops)
    return len(ops) == 1 and ops[0].operands[0] in op.body.block.args


def fused_maps(
    consumer: linalg.GenericOp, indices: list[int], producer: linalg.GenericOp, kept: list[int]
) -> list[AffineMap]:
    """The indexing maps of `consumer` with its inputs `indices` computed by `producer` (all read
    through one map): the consumer's other inputs, the producer's inputs read through the
    consumer's map, the consumer's outputs, then the producer's outputs `kept`."""
    c_maps = [m.data for m in consumer.indexing_maps.data]
    via = c_maps[indices[0]]
    n_in = len(consumer.inputs)
    others = [c_maps[i] for i in range(n_in) if i not in indices]
    p_maps = [m.data for m in producer.indexing_maps.data]
    from_producer = [m.compose(via) for m in p_maps[: len(producer.inputs)]]
    p_outputs = [p_maps[len(producer.inputs) + k].compose(via) for k in kept]
    return others + from_producer + c_maps[n_in:] + p_outputs


def _loops_recoverable(maps: list[AffineMap]) -> bool:
    """Whether the loops' trip counts can be read back from the operands' shapes (the maps,
    concatenated, have an inverse), as convert-linalg-to-loops needs."""
    results = tuple(r for m in maps for r in m.results)
    return AffineMap(maps[0].num_dims, 0, results).inverse_permutation() is not None


def fuse(
    consumer: linalg.GenericOp,
    indices: list[int],
    producer: linalg.GenericOp,
    maps: list[AffineMap],
    kept: list[int],
) -> linalg.GenericOp:
    """A generic computing `consumer` with its inputs `indices` computed in place by `producer`
    (`maps`: `fused_maps`), its results followed by the producer's results `kept`. The fused
    body is the producer's block, its arguments extended, with the consumer's ops moved in
    before a new yield (a chain fused step by step moves each op once: linear in its length).
    The producer's block is taken when nothing but the new generic will read the producer (the
    caller replaces `consumer` and the kept results, and erases `producer` then), else copied."""
    inputs = list(consumer.inputs)
    others = [i for i in range(len(inputs)) if i not in indices]
    c_block = consumer.body.block
    n_p_in, n_c_in = len(producer.inputs), len(inputs)
    # Read only through `indices` (a cheap producer may also be read through another map).
    alone = all(
        u.operation is consumer and u.index in indices for r in producer.res for u in r.uses
    )
    if alone or kept:
        block = producer.body.detach_block(0)
    else:
        block = producer.body.clone().detach_block(0)
    # Arguments: the consumer's other inputs, the producer's inputs, the consumer's outputs,
    # the producer's kept outputs (the others are never read: `_fresh_outputs`).
    for k, arg in reversed(list(enumerate(block.args[n_p_in:]))):
        if k not in kept:
            block.erase_arg(arg)
    for j, i in enumerate(others):
        block.insert_arg(c_block.args[i].type, j)
    n_others = len(others)
    for k, arg in enumerate(c_block.args[n_c_in:]):
        block.insert_arg(arg.type, n_others + n_p_in + k)
    via = consumer.indexing_maps.data[indices[0]].data
    if via != via.identity(via.num_dims):
        # The block holds only the producer's ops: its positions become the consumer's.
        _positions_in_consumer(block, list(block.ops), via)
    p_yield = block.last_op
    if not isinstance(p_yield, linalg.YieldOp):
        raise VerifyException("linalg.generic body does not end in linalg.yield")
    produced = list(p_yield.operands)
    c_map: dict[SSAValue, SSAValue] = {}
    for new_i, old_i in enumerate(others):
        c_map[c_block.args[old_i]] = block.args[new_i]
    for i in indices:
        c_map[c_block.args[i]] = produced[producer.res.index(inputs[i])]
    for k, arg in enumerate(c_block.args[n_c_in:]):
        c_map[arg] = block.args[n_others + n_p_in + k]
    for old, value in c_map.items():
        old.replace_all_uses_with(value)
    c_yield = c_block.last_op
    if not isinstance(c_yield, linalg.YieldOp):
        raise VerifyException("linalg.generic body does not end in linalg.yield")
    for op in list(c_block.ops)[:-1]:
        op.detach()
        block.insert_op_before(op, p_yield)
    block.insert_op_before(linalg.YieldOp(*c_yield.operands, *(produced[k] for k in kept)), p_yield)
    p_yield.detach()
    p_yield.erase()

    fused = linalg.GenericOp(
        [inputs[i] for i in others] + list(producer.inputs),
        list(consumer.outputs) + [producer.outputs[k] for k in kept],
        Region(block),
        [AffineMapAttr(m) for m in maps],
        consumer.iterator_types,
        [r.type for r in consumer.res] + [producer.res[k].type for k in kept],
    )
    fused.location = consumer.location
    return fused


def merge_duplicate_inputs(op: linalg.GenericOp) -> linalg.GenericOp | None:
    """`op` with every input that repeats an earlier one (same value, same indexing map) read
    through the earlier one's block argument; None when no input repeats. Fusing `x * x` into
    `x / (1 + |x|)` reads `x` four times: as one input, an expensive producer of `x` has one use
    and fuses too. The arithmetic this makes identical is computed once by `fuse_elementwise`
    (cse) when nothing more fuses into the generic: a cse of the growing body at every merge
    was a fifth of the pass. Takes `op`'s body (the caller replaces `op`)."""
    maps = [m.data for m in op.indexing_maps.data]
    n_in = len(op.inputs)
    first: dict[tuple[SSAValue, object], int] = {}
    same_as: dict[int, int] = {}
    for i, value in enumerate(op.inputs):
        key = (value, maps[i])
        if key in first:
            same_as[i] = first[key]
        else:
            first[key] = i
    if not same_as:
        return None
    kept = [i for i in range(n_in) if i not in same_as]
    block = op.body.block
    duplicates = [block.args[i] for i in same_as]
    for dup, orig in same_as.items():
        block.args[dup].replace_all_uses_with(block.args[orig])
    for arg in duplicates:
        block.erase_arg(arg)
    op.body.detach_block(block)
    merged = linalg.GenericOp(
        [op.inputs[i] for i in kept],
        list(op.outputs),
        Region(block),
        [AffineMapAttr(maps[i]) for i in kept] + [AffineMapAttr(m) for m in maps[n_in:]],
        op.iterator_types,
        [r.type for r in op.res],
    )
    merged.location = op.location
    return merged


def _fuse_into(op: linalg.GenericOp) -> tuple[linalg.GenericOp, linalg.GenericOp, list[int]] | None:
    """`op` with its first fusible producer fused in, that producer, and which of its results
    the fused generic yields too (after `op`'s); None when none is."""
    for operand in op.inputs:
        producer = fusible_producer(op, operand)
        if producer is None:
            continue
        if _inlined_whole(producer, operand):
            indices, kept = [list(op.operands).index(operand)], []
        else:  # every read of it at once, and what other ops read kept
            indices, n_in = _reads_of(op, producer), len(op.inputs)
            kept = [
                k
                for k, r in enumerate(producer.res)
                if any(u.operation is not op or u.index >= n_in for u in r.uses)
            ]
        maps = fused_maps(op, indices, producer, kept)
        if not _loops_recoverable(maps):
            # Composing maps lost the only bare use of a loop dim (e.g. a reversed copy
            # feeding a window map): the loops' trip counts could not be read back.
            continue
        return fuse(op, indices, producer, maps, kept), producer, kept
    return None


def _rewrite(op: linalg.GenericOp) -> tuple[linalg.GenericOp, bool] | None:
    """One step on `op`: its repeated inputs merged, else one producer fused in (the producer
    erased once nothing else reads it); the op that replaced `op` and whether it merged inputs,
    or None when nothing applies."""
    merged = merge_duplicate_inputs(op)
    if merged is not None:
        Rewriter.replace_op(op, merged)
        return merged, True
    step = _fuse_into(op)
    if step is None:
        return None
    fused, producer, kept = step
    Rewriter.replace_op(op, fused, fused.results[: len(op.results)])
    for k, result in zip(kept, fused.results[len(op.results) :], strict=True):
        producer.res[k].replace_all_uses_with(result)
    if not any(r.uses for r in producer.res):  # a cheap producer may still feed other consumers
        Rewriter.erase_op(producer)
    return fused, False


def fuse_elementwise(root: Operation) -> None:
    """Fuses every generic under `root` in one sweep in program order, each one until nothing
    applies to it. One sweep reaches the fixpoint: a generic's producers come before it and are
    final by then, and fusing into a generic only removes uses of earlier values (a cheap
    producer copied into it), which can only help generics after it. A pattern walk would also
    revisit every op of every fused body after each fusion: quadratic in a chain's length."""
    for op in [g for g in root.walk() if isinstance(g, linalg.GenericOp)]:
        if not op.res:  # on buffers: nothing to fuse
            continue
        merged = False
        while (step := _rewrite(op)) is not None:
            op, merged = step[0], merged or step[1]
        if merged:
            cse(op.body.block)


@dataclass(frozen=True)
class LinalgFuseElementwisePass(ModulePass):
    """Fuses elementwise producers into consumers; a generic's repeated inputs (same value, same
    map) become one. Expects and keeps the `linalg` stage."""

    name = "linalg-fuse-elementwise"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        fuse_elementwise(op)
        region_dce(op.body)
