"""linalg-fuse-fill: a fill of a buffer that a reduction then accumulates into becomes the
reduction's first step, so the buffer is not written twice and the fill is no kernel of its own.

    linalg.generic outs(%c) { linalg.yield %zero }                       // C = 0
    linalg.generic ins(%a, %b) outs(%c) {                                // C += A . B
    ^bb0(%x, %y, %acc): ... %acc ... }
 -> linalg.generic ins(%a, %b) outs(%c) {
    ^bb0(%x, %y, %acc):
      %k = linalg.index 1
      %first = arith.cmpi eq, %k, %c0
      %start = arith.select %first, %zero, %acc                          // C's old value unread
      ... %start ... }

This is ordinary linalg: any lowering computes the same values from it. convert-linalg-to-loops
recognises the form (`first_step_init`) and stores the fill value into the accumulator tile before
the reduction loops instead, where LLVM keeps it in registers: a contraction then starts its
accumulators at zero without reading C, and the fill's own pass over C (4 MB for a 1024 x 1024
matmul) and its kernel call are gone.

A fill is a generic without inputs, all-parallel, writing one buffer through the identity map,
whose body yields one value defined outside it (or a constant it holds). It is fused into the next
op that touches memory when that op is a generic with a reduction whose only output is the same
buffer (and which does not read it as an input), whose output map names every output dim once,
and whose reduction dims are not empty (an empty reduction would leave the fill's values).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.context import Context
from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import IndexType, IntegerAttr, MemRefType, ModuleOp, TensorType
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.linalg.attrs import IteratorType
from xdsl.ir import Block, Operation, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from strata.dialects.memref_views import VIEW_OPS, distinct_buffers

PARALLEL = IteratorType.PARALLEL
REDUCTION = IteratorType.REDUCTION


def fill_value(op: Operation) -> SSAValue | Operation | None:
    """What a fill writes: a value defined outside it, or the `arith.constant` inside it that it
    yields; None when `op` is not a fill."""
    if not isinstance(op, linalg.GenericOp) or op.inputs or len(op.outputs) != 1 or op.res:
        return None
    if any(it.data != PARALLEL for it in op.iterator_types):
        return None
    amap = op.indexing_maps.data[0].data
    if amap.results != tuple(AffineDimExpr(d) for d in range(amap.num_dims)):
        return None
    block = op.body.block
    yielded = block.last_op
    if not isinstance(yielded, linalg.YieldOp) or len(yielded.operands) != 1:
        return None
    value = yielded.operands[0]
    owner = value.owner
    if isinstance(owner, Block):
        return None  # the output's old value, or a block argument of the body
    if owner.parent_block() is not block:
        return value
    if isinstance(owner, arith.ConstantOp) and len(block.ops) == 2:
        return owner
    return None


def reduction_dims(op: linalg.GenericOp) -> list[int]:
    """The loop dims of `op` that are reductions."""
    return [d for d, it in enumerate(op.iterator_types) if it.data == REDUCTION]


def accumulates_into(op: Operation, buffer: SSAValue) -> bool:
    """Whether `op` is a reduction generic writing only `buffer`, every element of it
    (`writes_every_element`), whose inputs provably share no byte with it."""
    if not isinstance(op, linalg.GenericOp) or op.res or len(op.outputs) != 1:
        return False
    if op.outputs[0] != buffer or not reduction_dims(op):
        return False
    if not distinct_buffers([buffer, *op.inputs])[0]:
        return False  # an input may read the filled bytes
    acc = op.body.block.args[len(op.inputs)]
    return writes_every_element(op) and bool(acc.uses) and reduction_sizes(op) is not None


def writes_every_element(op: linalg.GenericOp) -> bool:
    """Whether `op`'s output map names each element of its output once per iteration of its
    parallel dims: each result a parallel loop dim of its own, or index 0 of a dim of size 1 (a
    depthwise convolution's channel multiplier of 1)."""
    buffer = op.outputs[0]
    out_map = op.indexing_maps.data[-1].data
    shape = buffer.type.get_shape() if isinstance(buffer.type, MemRefType | TensorType) else ()
    dims = [e.position for e in out_map.results if isinstance(e, AffineDimExpr)]
    units = [
        e
        for e, size in zip(out_map.results, shape, strict=False)
        if isinstance(e, AffineConstantExpr) and e.value == 0 and size == 1
    ]
    if len(dims) + len(units) != len(out_map.results) or len(set(dims)) != len(dims):
        return False
    return all(op.iterator_types.data[d].data == PARALLEL for d in dims)


def reduction_sizes(op: linalg.GenericOp) -> dict[int, int] | None:
    """The trip count of each reduction dim, from an operand (memref or tensor) that reads it as
    a bare dim; None when there is no reduction, or one has no iterations or no known size (a
    dynamic size counts as none)."""
    sizes: dict[int, int] = {}
    for operand, amap in zip(op.operands, op.indexing_maps.data, strict=True):
        if not isinstance(operand.type, MemRefType | TensorType):
            continue  # a scalar operand sizes no dim
        for size, expr in zip(operand.type.get_shape(), amap.data.results, strict=False):
            if isinstance(expr, AffineDimExpr):
                sizes.setdefault(expr.position, size)
    found = {d: sizes.get(d, -1) for d in reduction_dims(op)}
    return None if not found or any(n <= 0 for n in found.values()) else found


MEMORYLESS = (memref.ViewOp, memref.SubviewOp, memref.GetGlobalOp, *VIEW_OPS)
"""memref ops that read and write no bytes (views and globals' addresses)."""


def _touches_no_memory(op: Operation) -> bool:
    """Ops a fill may be fused past: arith ops and views, which read and write nothing."""
    return not op.regions and (op.dialect_name() == "arith" or isinstance(op, MEMORYLESS))


def _first_step(op: linalg.GenericOp, value: SSAValue) -> None:
    """Rewrite `op`'s body to start each output element from `value`: its accumulator argument
    read through `select(every reduction index is 0, value, acc)`."""
    block = op.body.block
    acc = block.args[len(op.inputs)]
    uses = list(acc.uses)
    zero = arith.ConstantOp(IntegerAttr(0, IndexType()))
    new: list[Operation] = [zero]
    tests: list[SSAValue] = []
    for d in reduction_dims(op):  # accumulates_into: at least one
        index = linalg.IndexOp(d)
        at_zero = arith.CmpiOp(index.result, zero.result, "eq")
        new += [index, at_zero]
        tests.append(at_zero.result)
    condition = tests[0]
    for test in tests[1:]:
        both = arith.AndIOp(condition, test)
        new.append(both)
        condition = both.result
    start = arith.SelectOp(condition, value, acc)
    new.append(start)
    for o in new:
        o.location = op.location
    Rewriter.insert_op(new, InsertPoint.at_start(block))
    for use in uses:
        use.operation.operands[use.index] = start.result


def first_step_init(op: linalg.GenericOp) -> tuple[SSAValue, arith.SelectOp] | None:
    """The value a reduction starts each output element from, when its body has
    `linalg-fuse-fill`'s form (its accumulator read only through `select(every reduction index
    is 0, value, acc)` with `value` defined outside the body), and that select; else None."""
    if len(op.outputs) != 1 or not reduction_dims(op):
        return None
    block = op.body.block
    acc = block.args[len(op.inputs)]
    uses = list(acc.uses)
    if len(uses) != 1:
        return None
    (use,) = uses
    select = use.operation
    if not isinstance(select, arith.SelectOp) or use.index != 2:
        return None
    value = select.lhs
    if _defined_in(value, op):
        return None
    tests = index_tests(select.cond)
    if tests is None or set(tests) != set(reduction_dims(op)) or any(tests.values()):
        return None
    return value, select


def _defined_in(value: SSAValue, op: Operation) -> bool:
    """Whether `value` is defined in `op`'s regions (a result or block argument there)."""
    block = value.owner if isinstance(value.owner, Block) else value.owner.parent_block()
    while block is not None:
        parent = block.parent_op()
        if parent is op:
            return True
        block = parent.parent_block() if parent is not None else None
    return False


def index_tests(condition: SSAValue) -> dict[int, int] | None:
    """The dims d and constants v of a condition `index(d) == v and ...` (cmpi eq of a
    linalg.index and an index constant, in either order); None for any other condition."""
    owner = condition.owner
    if isinstance(owner, arith.AndIOp):
        left, right = index_tests(owner.lhs), index_tests(owner.rhs)
        if left is None or right is None or set(left) & set(right):
            return None
        return {**left, **right}
    if not isinstance(owner, arith.CmpiOp) or owner.predicate.value.data != 0:  # eq
        return None
    sides = (owner.lhs.owner, owner.rhs.owner)
    for index, value in (sides, sides[::-1]):
        if (
            isinstance(index, linalg.IndexOp)
            and isinstance(value, arith.ConstantOp)
            and isinstance(value.value, IntegerAttr)
        ):
            return {index.dim.value.data: value.value.value.data}
    return None


def strip_first_step(
    op: linalg.GenericOp,
    select: arith.SelectOp,
    erase: Callable[[Operation], None] = Rewriter.erase_op,
) -> None:
    """Read the accumulator directly again (its start is stored before the reduction loops):
    the select and the index tests that fed only it are erased (through `erase`: a pattern
    rewriter's, inside a rewrite)."""
    acc = select.rhs
    select.result.replace_all_uses_with(acc)
    dead: Sequence[Operation] = [select]
    while dead:
        nxt: list[Operation] = []
        for o in dead:
            feeders = [v.owner for v in o.operands if isinstance(v.owner, Operation)]
            erase(o)
            nxt += [
                f
                for f in feeders
                if f.parent_block() is op.body.block
                and not any(r.uses for r in f.results)
                and isinstance(f, (arith.CmpiOp, arith.AndIOp, arith.ConstantOp, linalg.IndexOp))
            ]
        dead = list(dict.fromkeys(nxt))


def fuse_fills(block: Block) -> None:
    for op in list(block.ops):
        for region in op.regions:
            for inner in region.blocks:
                fuse_fills(inner)
        value = fill_value(op)
        if value is None:
            continue
        buffer = op.operands[0]
        after = op.next_op
        while after is not None and _touches_no_memory(after):
            after = after.next_op
        if not isinstance(after, linalg.GenericOp) or not accumulates_into(after, buffer):
            continue
        if isinstance(value, Operation):  # the fill's own constant: before the reduction
            value.detach()
            Rewriter.insert_op(value, InsertPoint.before(after))
            value = value.results[0]
        _first_step(after, value)
        Rewriter.erase_op(op)


class LinalgFuseFillPass(ModulePass):
    """Fuses each fill of a buffer into the reduction that next accumulates into it: the
    reduction's accumulator is read through `select(every reduction index is 0, fill value,
    acc)` and the fill is erased. convert-linalg-to-loops stores that value before the
    reduction loops (no separate pass over the buffer, no kernel for the fill).

    Expects: the `buffers` stage. Keeps it."""

    name = "linalg-fuse-fill"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        fuse_fills(op.body.block)
