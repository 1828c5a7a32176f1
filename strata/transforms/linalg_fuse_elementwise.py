"""linalg-fuse-elementwise: fuse all-parallel linalg.generic producers into their only consumer.

Chains of elementwise ops, broadcasts and transposes become one loop nest, so intermediates never
reach memory; a producer fused into a reduction is computed inside the reduction's loops.
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
    """The generic producing `operand` if it can be inlined into `consumer`: all-parallel, one
    result with an identity map, that result used only here (or, for a few arith ops, only by
    generics that can all inline it: each gets its own copy and no buffer is written), its output
    never read, on tensors, and no work repeated per element (see below)."""
    producer = operand.owner
    if not isinstance(producer, linalg.GenericOp) or len(producer.res) != 1:
        return None
    if not _all_parallel(producer) or not is_static(operand.type):
        return None
    if not operand.has_one_use() and not (_cheap(producer) and _inlinable_everywhere(operand)):
        return None
    out_map = producer.indexing_maps.data[-1].data
    if out_map != out_map.identity(out_map.num_dims):
        return None
    out_arg = producer.body.block.args[-1]
    if out_arg.uses or not isinstance(producer.outputs[0].owner, tensor.EmptyOp):
        return None
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
    return producer


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
    consumer: linalg.GenericOp, index: int, producer: linalg.GenericOp
) -> list[AffineMap]:
    """The indexing maps of `consumer` with its input `index` computed by `producer`: the
    consumer's other inputs, the producer's inputs read through the consumer's map, the outputs."""
    c_maps = [m.data for m in consumer.indexing_maps.data]
    via = c_maps[index]
    n_in = len(consumer.inputs)
    kept = [c_maps[i] for i in range(n_in) if i != index]
    from_producer = [m.data.compose(via) for m in producer.indexing_maps.data[:-1]]
    return kept + from_producer + c_maps[n_in:]


def _loops_recoverable(maps: list[AffineMap]) -> bool:
    """Whether the loops' trip counts can be read back from the operands' shapes (the maps,
    concatenated, have an inverse), as convert-linalg-to-loops needs."""
    results = tuple(r for m in maps for r in m.results)
    return AffineMap(maps[0].num_dims, 0, results).inverse_permutation() is not None


def _take_body(
    source: Block, target: Block, mapping: dict[SSAValue, SSAValue], move: bool
) -> linalg.YieldOp:
    """Puts `source`'s ops but its yield at the end of `target`, its arguments read as `mapping`
    says (which gains the copies' results), and returns the yield. `move`: the ops themselves
    (`source`'s op is about to be erased; linear in the body, where a copy per fusion made fusing
    a chain quadratic), else copies."""
    terminator = source.last_op
    if not isinstance(terminator, linalg.YieldOp):
        raise VerifyException("linalg.generic body does not end in linalg.yield")
    if move:
        for arg in source.args:
            if arg in mapping:
                arg.replace_all_uses_with(mapping[arg])
    for op in list(source.ops)[:-1]:
        if move:
            op.detach()
            target.add_op(op)
        else:
            target.add_op(op.clone(mapping))
    return terminator


def fuse(
    consumer: linalg.GenericOp, index: int, producer: linalg.GenericOp, maps: list[AffineMap]
) -> linalg.GenericOp:
    """A generic computing `consumer` with its input `index` computed in place by `producer`
    (`maps`: `fused_maps`). Takes `consumer`'s body, and `producer`'s too when `consumer` is its
    only user (else copies it): the caller replaces `consumer`, and erases `producer` then."""
    inputs = list(consumer.inputs)
    kept = [i for i in range(len(inputs)) if i != index]
    new_inputs = [inputs[i] for i in kept] + list(producer.inputs)
    c_block, p_block = consumer.body.block, producer.body.block
    arg_types = [c_block.args[i].type for i in kept]
    arg_types += [a.type for a in p_block.args[:-1]]
    arg_types += [a.type for a in c_block.args[len(inputs) :]]
    block = Block(arg_types=arg_types)
    n_kept, n_prod = len(kept), len(producer.inputs)

    p_map: dict[SSAValue, SSAValue] = dict(
        zip(p_block.args[:-1], block.args[n_kept : n_kept + n_prod], strict=True)
    )
    p_yield = _take_body(p_block, block, p_map, move=producer.res[0].has_one_use())
    # The block holds only the producer's ops so far: its positions become the consumer's.
    _positions_in_consumer(block, list(block.ops), consumer.indexing_maps.data[index].data)
    produced = p_map.get(p_yield.operands[0], p_yield.operands[0])
    c_map: dict[SSAValue, SSAValue] = {c_block.args[index]: produced}
    for new_i, old_i in enumerate(kept):
        c_map[c_block.args[old_i]] = block.args[new_i]
    for k, arg in enumerate(c_block.args[len(inputs) :]):
        c_map[arg] = block.args[n_kept + n_prod + k]
    c_yield = _take_body(c_block, block, c_map, move=True)
    c_yield.detach()
    block.add_op(c_yield)

    fused = linalg.GenericOp(
        new_inputs,
        list(consumer.outputs),
        Region(block),
        [AffineMapAttr(m) for m in maps],
        consumer.iterator_types,
        [r.type for r in consumer.res],
    )
    fused.location = consumer.location
    return fused


def merge_duplicate_inputs(op: linalg.GenericOp) -> linalg.GenericOp | None:
    """`op` with every input that repeats an earlier one (same value, same indexing map) read
    through the earlier one's block argument, and the arithmetic this makes identical computed
    once; None when no input repeats. Fusing `x * x` into `x / (1 + |x|)` reads `x` four times:
    as one input, an expensive producer of `x` has one use and fuses too. Takes `op`'s body
    (the caller replaces `op`)."""
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
    cse(block)
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


def _fuse_into(op: linalg.GenericOp) -> tuple[linalg.GenericOp, linalg.GenericOp] | None:
    """`op` with its first fusible producer fused in, and that producer; None when none is."""
    for index, operand in enumerate(op.inputs):
        producer = fusible_producer(op, operand)
        if producer is None:
            continue
        maps = fused_maps(op, index, producer)
        if not _loops_recoverable(maps):
            # Composing maps lost the only bare use of a loop dim (e.g. a reversed copy
            # feeding a window map): the loops' trip counts could not be read back.
            continue
        return fuse(op, index, producer, maps), producer
    return None


def _rewrite(op: linalg.GenericOp) -> linalg.GenericOp | None:
    """One step on `op`: its repeated inputs merged, else one producer fused in (the producer
    erased once nothing else reads it); the op that replaced `op`, or None when nothing
    applies."""
    merged = merge_duplicate_inputs(op)
    if merged is not None:
        Rewriter.replace_op(op, merged)
        return merged
    step = _fuse_into(op)
    if step is None:
        return None
    fused, producer = step
    Rewriter.replace_op(op, fused)
    if not producer.res[0].uses:  # a cheap producer may still feed other consumers
        Rewriter.erase_op(producer)
    return fused


def fuse_elementwise(root: Operation) -> None:
    """Fuses every generic under `root` in one sweep in program order, each one until nothing
    applies to it. One sweep reaches the fixpoint: a generic's producers come before it and are
    final by then, and fusing into a generic only removes uses of earlier values (a cheap
    producer copied into it), which can only help generics after it. A pattern walk would also
    revisit every op of every fused body after each fusion: quadratic in a chain's length."""
    for op in [g for g in root.walk() if isinstance(g, linalg.GenericOp)]:
        if not op.res:  # on buffers: nothing to fuse
            continue
        while (replaced := _rewrite(op)) is not None:
            op = replaced


@dataclass(frozen=True)
class LinalgFuseElementwisePass(ModulePass):
    """Fuses elementwise producers into consumers; a generic's repeated inputs (same value, same
    map) become one. Expects and keeps the `linalg` stage."""

    name = "linalg-fuse-elementwise"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        fuse_elementwise(op)
        region_dce(op.body)
