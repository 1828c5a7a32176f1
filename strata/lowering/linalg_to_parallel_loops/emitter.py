"""Building loop nests op by op at one insertion point, each op stamped with one location: the small
vocabulary the GPU mapping strategies are written in (constants, index arith, scf.parallel with a
GPU mapping, scf.for, scf.if)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, IndexType, LocationAttr
from xdsl.ir import Block, Operation, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from strata.dialects.gpu import LoopDimMapAttr, ProcessorAttr, ProcessorEnum

BLOCKS = (ProcessorEnum.Block_X, ProcessorEnum.Block_Y, ProcessorEnum.Block_Z)
THREADS = (ProcessorEnum.Thread_X, ProcessorEnum.Thread_Y, ProcessorEnum.Thread_Z)


def loop_dim_map(processor: ProcessorEnum) -> LoopDimMapAttr:
    identity = AffineMapAttr(AffineMap.identity(1))
    return LoopDimMapAttr(ProcessorAttr(processor), identity, identity)


def processors(op: scf.ParallelOp) -> list[ProcessorEnum] | None:
    """The processor each loop of `op` is mapped to (None: no `mapping` attribute)."""
    mapping = op.attributes.get("mapping")
    if not isinstance(mapping, ArrayAttr) or len(mapping.data) != len(op.lowerBound):
        return None
    found: list[ProcessorEnum] = []
    for entry in mapping.data:
        if not isinstance(entry, LoopDimMapAttr):
            return None
        found.append(entry.processor.data)
    return found


class Emitter:
    """Inserts ops at `at` with `location`; `index(n)` is an index constant hoisted to `hoist`."""

    def __init__(
        self,
        rewriter: PatternRewriter,
        at: InsertPoint,
        location: LocationAttr,
        index: Callable[[int], SSAValue],
    ):
        self.rewriter = rewriter
        self.at = at
        self.location = location
        self.index = index

    def __call__(self, op: Operation) -> Operation:
        for inner in op.walk():
            inner.location = self.location
        self.rewriter.insert(op, self.at)
        return op

    def value(self, op: Operation) -> SSAValue:
        return self(op).results[0]

    def inside(self, block: Block) -> Emitter:
        """An emitter for the end of `block` (before its terminator, if it has one yet)."""
        last = block.last_op
        at = InsertPoint.before(last) if last is not None else InsertPoint.at_end(block)
        return Emitter(self.rewriter, at, self.location, self.index)

    # Index arithmetic.
    def add(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.value(arith.AddiOp(a, b))

    def mul(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.value(arith.MuliOp(a, b))

    def less(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.value(arith.CmpiOp(a, b, "ult"))

    def all_of(self, conditions: Sequence[SSAValue]) -> SSAValue:
        result = conditions[0]
        for c in conditions[1:]:
            result = self.value(arith.AndIOp(result, c))
        return result

    def delinearize(self, linear: SSAValue, sizes: Sequence[int]) -> list[SSAValue]:
        """Row-major coordinates of `linear` in a box of `sizes` (the last one varies fastest)."""
        coords: list[SSAValue] = [linear] * len(sizes)
        rest = linear
        for k in range(len(sizes) - 1, -1, -1):
            if k == 0:
                coords[k] = rest
                break
            size = self.index(sizes[k])
            coords[k] = self.value(arith.RemUIOp(rest, size))
            rest = self.value(arith.DivUIOp(rest, size))
        return coords

    # Structured control flow.
    def parallel(
        self, sizes: Sequence[int], mapped_to: Sequence[ProcessorEnum]
    ) -> tuple[list[SSAValue], Emitter]:
        """`scf.parallel` over 0..size for each size, loop k mapped to `mapped_to[k]`; returns the
        induction variables and an emitter for its body."""
        body = Block(arg_types=[IndexType()] * len(sizes))
        body.add_op(scf.ReduceOp())
        loop = scf.ParallelOp(
            [self.index(0)] * len(sizes),
            [self.index(s) for s in sizes],
            [self.index(1)] * len(sizes),
            [body],
        )
        loop.attributes["mapping"] = ArrayAttr([loop_dim_map(p) for p in mapped_to])
        self(loop)
        return list(body.args), self.inside(body)

    def for_loop(
        self, lower: SSAValue, upper: SSAValue, step: SSAValue, carried: Sequence[SSAValue] = ()
    ) -> tuple[scf.ForOp, SSAValue, list[SSAValue], Emitter]:
        """`scf.for`; returns the op, its iv, its carried block args and an emitter for its body
        (the caller adds the `scf.yield`)."""
        body = Block(arg_types=[IndexType(), *[v.type for v in carried]])
        loop = scf.ForOp(lower, upper, step, list(carried), body)
        self(loop)
        inner = Emitter(self.rewriter, InsertPoint.at_end(body), self.location, self.index)
        return loop, body.args[0], list(body.args[1:]), inner

    def if_then(self, condition: SSAValue) -> Emitter:
        """`scf.if %condition { ... }` with no results; returns an emitter for the then block."""
        block = Block()
        block.add_op(scf.YieldOp())
        self(scf.IfOp(condition, [], [block]))
        return self.inside(block)
