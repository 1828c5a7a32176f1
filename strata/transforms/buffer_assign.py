"""buffer-assign: place every temporary `memref.alloc` of the entry in one arena.

Live ranges are positions in a walk of the function (a buffer used inside a loop stays live to the
loop's end; one made inside a loop body lives within it); temporaries whose ranges do
not overlap share bytes (first-fit, 64-byte aligned, like XLA's buffer assignment). The arena is a
new last argument `%arena: memref<Nxi8>`; each alloc becomes `memref.view %arena[offset][]`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from xdsl.context import Context
from xdsl.dialects import arith, func, memref
from xdsl.dialects.builtin import FunctionType, IndexType, IntegerAttr, MemRefType, ModuleOp, i8
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from strata.abi import EntrySignature
from strata.diagnostics import op_message
from strata.dialects.memref_views import memref_nbytes
from strata.internal import expect

ALIGNMENT = 64
ALIASING_OPS = (memref.CollapseShapeOp, memref.ExpandShapeOp, memref.CastOp)


def _nbytes(t: MemRefType) -> int:
    return max(memref_nbytes(t) or 0, 1)


def op_spans(f: func.FuncOp) -> tuple[dict[Operation, int], dict[Operation, int]]:
    """Each op's position in a pre-order walk of the function, and the last position inside it
    (its own for an op without regions)."""
    index: dict[Operation, int] = {}
    order = [o for o in f.walk() if o is not f]
    for i, o in enumerate(order):
        index[o] = i
    end = dict(index)
    for o in reversed(order):
        parent = o.parent_op()
        if parent is not None and parent is not f:
            end[parent] = max(end[parent], end[o])
    return index, end


def _in_block(op: Operation, block: Block) -> Operation | None:
    """The ancestor of `op` (or `op`) that sits directly in `block`."""
    current: Operation | None = op
    while current is not None and current.parent_block() is not block:
        current = current.parent_op()
    return current


def live_range(
    value: SSAValue, index: dict[Operation, int], end: dict[Operation, int]
) -> tuple[int, int]:
    """[first, last] walk positions at which `value` (or a view of it) is live: a use inside a
    loop keeps it live to the end of the loop, as every iteration may read it again."""
    owner = expect(value.owner, Operation, "a buffer's defining op")
    block = expect(owner.parent_block(), Block, "a buffer's block")
    start = last = index[owner]
    work = [value]
    while work:
        v = work.pop()
        for use in v.uses:
            user = _in_block(use.operation, block)
            if user is None:
                continue
            last = max(last, end[user])
            if isinstance(use.operation, ALIASING_OPS):
                work.extend(use.operation.results)
    return start, last


def assign_offsets(ranges: list[tuple[int, int, int]]) -> tuple[list[int], int]:
    """First-fit placement of (start, end, size) intervals; returns offsets and the arena size."""
    order = sorted(range(len(ranges)), key=lambda i: (ranges[i][0], -ranges[i][2]))
    offsets = [0] * len(ranges)
    placed: list[tuple[int, int, int]] = []  # (offset, size, end)
    total = 0
    for i in order:
        start, end, size = ranges[i]
        # Starts only grow: an interval ended before this one starts is never live again.
        placed = [p for p in placed if p[2] >= start]
        live = sorted((o, s) for o, s, _ in placed)
        offset = 0
        for o, s in live:
            if offset + size <= o:
                break
            offset = max(offset, -(-(o + s) // ALIGNMENT) * ALIGNMENT)
        offsets[i] = offset
        placed.append((offset, size, end))
        total = max(total, offset + size)
    return offsets, -(-total // ALIGNMENT) * ALIGNMENT


@dataclass(frozen=True)
class BufferAssignPass(ModulePass):
    """Places temporaries in one arena passed as the entry's last argument.

    Expects: the output of `bufferize` (temporaries as static `memref.alloc` in the function body).
    Guarantees: no `memref.alloc` is left; `strata.signature` records `arena_bytes`.
    """

    name = "buffer-assign"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for f in op.ops:
            if isinstance(f, func.FuncOp) and not f.is_declaration:
                self.assign(f)

    def assign(self, f: func.FuncOp) -> None:
        body = f.body.block
        index, end = op_spans(f)
        allocs = [o for o in f.walk() if isinstance(o, memref.AllocOp)]
        for a in allocs:
            t = a.memref.type
            if not isinstance(t, MemRefType) or a.dynamic_sizes:
                raise PassFailedException(op_message(a, "buffer-assign expects static allocations"))
        ranges = []
        for a in allocs:
            start, last = live_range(a.memref, index, end)
            ranges.append((start, last, _nbytes(a.memref.type)))
        offsets, arena_bytes = assign_offsets(ranges)

        arena_type = MemRefType(i8, [max(arena_bytes, 1)])
        arena = body.insert_arg(arena_type, len(body.args))
        arena.name_hint = "arena"
        for a, offset in zip(allocs, offsets, strict=False):
            shift = arith.ConstantOp(IntegerAttr(offset, IndexType()))
            view = memref.ViewOp(arena, shift, [], a.memref.type)
            shift.location = view.location = a.location
            expect(a.parent_block(), Block, "an alloc's block").insert_ops_before([shift, view], a)
            a.memref.replace_all_uses_with(view.result)
            a.detach()
            a.erase()

        f.function_type = FunctionType.from_lists(
            [arg.type for arg in body.args], list(f.function_type.outputs)
        )
        signature = EntrySignature.of(f)
        if signature is not None:
            replace(signature, arena_bytes=arena_bytes).attach(f)
