"""The convert-loops-to-gpu pass: each mapped scf.parallel nest in a function body becomes a
gpu.launch.

    scf.parallel (%bx) = (0) to (G) {            gpu.launch blocks(%bx, ..) in (%gx = %cG, ..)
      A                                                     threads(%tx, ..) in (%sx = %cB, ..) {
      scf.parallel (%tx) = (0) to (B) { P1 }  ->     A; P1; gpu.barrier
      scf.parallel (%tx) = (0) to (B2) { P2 }        scf.if (%tx < B2) { P2 }
    }                                                gpu.terminator }

The block-level loops give the grid, the largest thread-level bound on each axis gives the block;
each thread-level loop is one phase run by every thread (threads past its bound skip it under an
`scf.if`), with a gpu.barrier between phases, so a barrier is never under a guard.

A `memref.alloca` at the top of the block-level body with one slot per thread, indexed only by
the thread-level ivs (the same thread axis in the same position in every phase), is per-thread
state that outlives a phase (an accumulator): it becomes each thread's private alloca.

    %acc = memref.alloca() : memref<16x16xf32>     ->  %acc = memref.alloca() : memref<1xf32>
    scf.parallel (%tx, %ty) { .. %acc[%ty, %tx] }      .. %acc[%c0]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, MemRefType, ModuleOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import is_side_effect_free

from strata.diagnostics import fail_on_ops
from strata.dialects import gpu
from strata.dialects.gpu import ProcessorEnum
from strata.lowering.linalg_to_parallel_loops.emitter import BLOCKS, THREADS, processors

# Launch body arguments: block ids 0-2, thread ids 3-5, grid sizes 6-8, block sizes 9-11.
BLOCK_ID, THREAD_ID = 0, 3


class Unsupported(Exception):
    def __init__(self, op: Operation, why: str):
        super().__init__(why)
        self.op = op
        self.why = why


def _constant(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _bounds(op: scf.ParallelOp) -> list[int]:
    """Static trip counts of a loop from 0 with step 1."""
    sizes = []
    for lower, upper, step in zip(op.lowerBound, op.upperBound, op.step, strict=True):
        lo, hi, st = _constant(lower), _constant(upper), _constant(step)
        if lo != 0 or st != 1 or hi is None or hi < 1:
            raise Unsupported(op, "needs constant bounds from 0 with step 1")
        sizes.append(hi)
    return sizes


def _axes(op: scf.ParallelOp, level: tuple[ProcessorEnum, ...]) -> list[int]:
    procs = processors(op)
    if procs is None:
        raise Unsupported(op, "is not mapped to GPU blocks and threads (no `mapping`)")
    if any(p not in level for p in procs) or len(set(procs)) != len(procs):
        names = ", ".join(p.value for p in procs)
        raise Unsupported(op, f"has an unsupported mapping ({names})")
    return [level.index(p) for p in procs]


def _privatize(alloca: memref.AllocaOp, phases: list[scf.ParallelOp]) -> None:
    """`%acc = memref.alloca() : memref<AxBxT>` used only as `%acc[%ty, %tx]` in thread-level
    phases (one slot per thread, the same axis at each position everywhere) ->
    `memref.alloca() : memref<1xT>` used as `%acc[%c0]`."""
    t = alloca.memref.type
    assert isinstance(t, MemRefType)
    why = "is not per-thread state (a static buffer indexed by thread ids only, one slot each)"
    if not t.has_static_shape() or alloca.dynamic_sizes:
        raise Unsupported(alloca, why)
    shape = t.get_shape()
    axes_at: list[int] | None = None
    accesses: list[memref.LoadOp | memref.StoreOp] = []
    for use in alloca.memref.uses:
        user = use.operation
        if not isinstance(user, (memref.LoadOp, memref.StoreOp)):
            raise Unsupported(alloca, why)
        if user.memref is not alloca.memref:  # stored as a value
            raise Unsupported(alloca, why)
        phase = next((p for p in phases if p.is_ancestor(user)), None)
        if phase is None:
            raise Unsupported(alloca, why)
        ivs: list[SSAValue] = list(phase.body.block.args)
        indices = list(user.indices)
        if len(indices) != len(ivs) or set(indices) != set(ivs) or len(set(indices)) != len(ivs):
            raise Unsupported(alloca, why)
        axes = _axes(phase, THREADS)
        bounds = _bounds(phase)
        positions = [ivs.index(i) for i in indices]
        found = [axes[k] for k in positions]
        if axes_at is None:
            axes_at = found
        if found != axes_at or any(bounds[k] > shape[j] for j, k in enumerate(positions)):
            raise Unsupported(alloca, why)
        accesses.append(user)
    zero = arith.ConstantOp(IntegerAttr(0, IndexType()))
    private = memref.AllocaOp.get(t.get_element_type(), alloca.alignment, shape=[1])
    for new in (zero, private):
        new.location = alloca.location
        Rewriter.insert_op(new, InsertPoint.before(alloca))
    for access in accesses:
        if isinstance(access, memref.LoadOp):
            replacement: Operation = memref.LoadOp.get(private, [zero])
        else:
            replacement = memref.StoreOp.get(access.value, private, [zero])
        replacement.location = access.location
        Rewriter.replace_op(access, replacement)
    Rewriter.erase_op(alloca)


def _phases(body: Block) -> list[scf.ParallelOp]:
    """Thread-level loops at the top of a block-level body or of an scf.for there; anything else
    in the body must be side-effect free (every thread runs it)."""
    found: list[scf.ParallelOp] = []
    for op in body.ops:
        if isinstance(op, scf.ParallelOp):
            found.append(op)
        elif isinstance(op, scf.ForOp) and not op.results:
            found += _phases(op.body.block)
        elif isinstance(op, (scf.ReduceOp, scf.YieldOp, memref.GetGlobalOp)):
            continue
        elif isinstance(op, memref.AllocaOp) and isinstance(op.parent_op(), scf.ParallelOp):
            continue  # per-thread state, see _privatize
        elif op.regions or not (op.dialect_name() == "arith" or is_side_effect_free(op)):
            raise Unsupported(op, "outside a thread-level scf.parallel is not supported")
    return found


@dataclass(frozen=True)
class ParallelToLaunch:
    """scf.parallel (blocks) { scf.parallel (threads) {...} ... } -> gpu.launch { phases }"""

    max_threads: int

    def rewrite(self, op: scf.ParallelOp) -> None:
        grid = [1, 1, 1]
        # Launch sizes reuse the loops' bound constants where those are defined outside the nest.
        given: dict[int, SSAValue] = {}
        for axis, size, upper in zip(_axes(op, BLOCKS), _bounds(op), op.upperBound, strict=True):
            grid[axis] = size
            given.setdefault(size, upper)
        phases = _phases(op.body.block)
        if not phases:
            raise Unsupported(op, "has no thread-level scf.parallel inside")
        block = [1, 1, 1]
        for phase in phases:
            bounds = zip(_axes(phase, THREADS), _bounds(phase), phase.upperBound, strict=True)
            for axis, size, upper in bounds:
                block[axis] = max(block[axis], size)
                owner = upper.owner
                if isinstance(owner, Operation) and not op.is_ancestor(owner):
                    given.setdefault(size, upper)
        if block[0] * block[1] * block[2] > self.max_threads:
            raise Unsupported(op, f"needs {block} threads per block (at most {self.max_threads})")
        for alloca in [o for o in op.body.block.ops if isinstance(o, memref.AllocaOp)]:
            _privatize(alloca, phases)

        consts: dict[int, SSAValue] = dict(given)

        def index(value: int) -> SSAValue:
            if value not in consts:
                const = arith.ConstantOp(IntegerAttr(value, IndexType()))
                const.location = op.location
                Rewriter.insert_op(const, InsertPoint.before(op))
                consts[value] = const.result
            return consts[value]

        sizes = [index(v) for v in grid + block]
        body = Block(arg_types=[IndexType()] * 12)
        launch = gpu.LaunchOp(Region(body), sizes[:3], sizes[3:])
        launch.location = op.location
        axes = _axes(op, BLOCKS)
        for iv, axis in zip(op.body.block.args, axes, strict=True):
            iv.replace_all_uses_with(body.args[BLOCK_ID + axis])
        for inner in list(op.body.block.ops):
            if isinstance(inner, scf.ReduceOp):
                continue
            inner.detach()
            body.add_op(inner)
        terminator = gpu.TerminatorOp()
        terminator.location = op.location
        body.add_op(terminator)
        for phase in phases:
            self.inline_phase(phase, body, block)
        last = terminator.prev_op
        if isinstance(last, gpu.BarrierOp):
            body.erase_op(last)
        Rewriter.replace_op(op, launch)

    @staticmethod
    def inline_phase(phase: scf.ParallelOp, body: Block, block: list[int]) -> None:
        guards: list[SSAValue] = []
        at = InsertPoint.before(phase)

        def insert(new: Operation) -> Operation:
            new.location = phase.location
            Rewriter.insert_op(new, at)
            return new

        for iv, axis, size in zip(
            phase.body.block.args, _axes(phase, THREADS), _bounds(phase), strict=True
        ):
            tid = body.args[THREAD_ID + axis]
            iv.replace_all_uses_with(tid)
            if size < block[axis]:
                bound = insert(arith.ConstantOp(IntegerAttr(size, IndexType()))).results[0]
                guards.append(insert(arith.CmpiOp(tid, bound, "ult")).results[0])
        ops = [o for o in phase.body.block.ops if not isinstance(o, scf.ReduceOp)]
        for o in ops:
            o.detach()
        if guards:
            cond = guards[0]
            for g in guards[1:]:
                cond = insert(arith.AndIOp(cond, g)).results[0]
            then = Block(ops)
            then.add_op(scf.YieldOp())
            insert(scf.IfOp(cond, [], [then]))
        else:
            for o in ops:
                Rewriter.insert_op(o, at)
        insert(gpu.BarrierOp())
        phase.detach()
        phase.erase()


@dataclass(frozen=True)
class ConvertLoopsToGpuPass(ModulePass):
    """Turns each top-level scf.parallel nest of a function, mapped by
    convert-linalg-to-parallel-loops (`mapping = [#gpu.loop_dim_map<...>]`), into a gpu.launch
    with constant grid and block sizes, thread-level loops as phases split by gpu.barrier.

    A `memref.alloca` at the top of a block-level body indexed by thread ids only (one slot per
    thread) becomes each thread's private `memref.alloca() : memref<1xT>`.

    Expects: the `parallel-loops` stage. Guarantees: no scf.parallel is left in a function body;
    fails naming every nest it cannot launch (unmapped, non-constant bounds, side effects outside
    the thread-level loops, a block-level alloca that is not per-thread state, more than
    `max-threads` threads per block).
    """

    name = "convert-loops-to-gpu"

    max_threads: int = 1024

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        failed: list[tuple[Operation, str]] = []
        rewrite = ParallelToLaunch(self.max_threads)
        for f in op.ops:
            if not isinstance(f, func.FuncOp) or f.is_declaration:
                continue
            for block in host_blocks(f.body.block):
                for inner in list(block.ops):
                    if not isinstance(inner, scf.ParallelOp):
                        continue
                    try:
                        rewrite.rewrite(inner)
                    except Unsupported as e:
                        failed.append((e.op, e.why))
        if failed:
            why = sorted({w for _, w in failed})
            fail_on_ops(
                self.name,
                "scf.parallel nests not launched (" + "; ".join(why) + ")",
                [o for o, _ in failed],
            )
        left = [o for o in op.walk() if isinstance(o, scf.ParallelOp)]
        fail_on_ops(self.name, "scf.parallel ops not inside a mapped top-level nest", left)
        # Host code runs no counted loops and calls no kernels of its own (its scf.while and
        # scf.if run on the host plan): a module lowered for the CPU (its `loops` stage has the
        # same dialects as `parallel-loops`) cannot continue here.
        host_work = [
            o
            for f in op.ops
            if isinstance(f, func.FuncOp)
            for o in f.body.walk()
            if isinstance(o, (scf.ForOp, func.CallOp))
            and not any(isinstance(p, gpu.LaunchOp) for p in _ancestors(o))
        ]
        if any(isinstance(o, func.CallOp) for o in host_work):
            fail_on_ops(
                self.name,
                "loops or calls left in host code (is this the CPU pipeline's `loops` stage? "
                "the GPU path starts from `buffers` or `parallel-loops`)",
                host_work,
            )
        fail_on_ops(
            self.name,
            "counted host loops (scf.for) the host plan cannot run: only a window copy at "
            "run-time offsets (bufferize's nest for a dynamic_update_slice) is made a kernel, "
            "by convert-linalg-to-parallel-loops",
            host_work,
        )


HOST_CONTROL_FLOW = (scf.WhileOp, scf.IfOp, scf.IndexSwitchOp)
"""The control flow a GPU module's host function may hold: the host plan runs it, and the
kernels in its regions launch each time it runs them."""


def host_blocks(block: Block) -> Iterator[Block]:
    """`block` and the blocks of the host control flow in it, nested or not, outermost first."""
    yield block
    for op in block.ops:
        if isinstance(op, HOST_CONTROL_FLOW):
            for region in op.regions:
                for inner in region.blocks:
                    yield from host_blocks(inner)


def _ancestors(op: Operation) -> Iterator[Operation]:
    parent = op.parent_op()
    while parent is not None:
        yield parent
        parent = parent.parent_op()
