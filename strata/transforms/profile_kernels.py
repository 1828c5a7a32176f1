"""profile-kernels: time every kernel call of the entry (a profiling build of the cpu chain).

    func.call @main_kernel_0_dense_MatMul(%x, %w, %h) loc("dense/MatMul")
 -> func.call @clock_gettime(%monotonic, %slot0)    // memref<2xi64>: struct timespec
    func.call @main_kernel_0_dense_MatMul(%x, %w, %h)
    func.call @clock_gettime(%monotonic, %slot1)

The timestamps go to a zero-initialised global `__strata_profile_<entry>` (two timespecs per call,
in call order). A loop (or branch) of the entry is timed as a whole, one slice named `loop`
(`branch`): the kernels inside it run a data-dependent number of times, and a call site has
one slot; `strata.signature` lists the calls (`profiled_calls`: kernel, TF nodes, an
estimate of its flops and of the bytes its buffers hold) so the runtime can name each slice. A
normal build has none of this: profiling costs nothing unless asked for (`strata.compile(...,
profile=True)`, `strata-run --profile` / `--trace`).

The estimate: each float add/sub/mul/div/max/min counts once, an fma twice, times the trip
counts of the loops around it (static bounds; a loop with dynamic bounds counts once).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from xdsl.context import Context
from xdsl.dialects import arith, func, math, memref, scf
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    StringAttr,
    TensorType,
    i8,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.passes import ModulePass

from strata.abi import EntrySignature, ProfiledCall
from strata.diagnostics import node_names
from strata.dialects.memref_views import memref_nbytes
from strata.internal import expect

CLOCK_MONOTONIC = 1
TIMESPEC = MemRefType(i64, [2])
CLOCK = "clock_gettime"

_FLOPS: dict[type[Operation], int] = {
    arith.AddfOp: 1,
    arith.SubfOp: 1,
    arith.MulfOp: 1,
    arith.DivfOp: 1,
    arith.MaximumfOp: 1,
    arith.MinimumfOp: 1,
    arith.MaxnumfOp: 1,
    arith.MinnumfOp: 1,
    math.FmaOp: 2,
}
"""Float ops per op, as GFLOP/s counts them (a math function counts none)."""

WORK: dict[type[Operation], int] = {
    **_FLOPS,
    arith.DivfOp: 4,
    math.SqrtOp: 4,
    math.RsqrtOp: 4,
    math.ExpOp: 20,
    math.LogOp: 25,
    math.TanhOp: 25,
    math.Log1pOp: 30,
    math.ExpM1Op: 50,
    math.ErfOp: 30,
    math.PowFOp: 50,
    math.SinOp: 30,
    math.CosOp: 30,
}
"""Cost per op in float-op equivalents (about the instructions of its expansion), for deciding
whether a kernel has enough work to be worth threads: a loop of tanh is more work per element
than its GFLOP/s count says."""


INTEGER_WORK = 0.5
"""`work_of`'s cost of an integer, logic, compare, select or cast op: half a float op's. Vector
integer and logic ops issue on more ports than float math (three of the four on current x86-64
cores) and finish in a cycle (a float add or multiply takes four)."""


def work_of(op: Operation) -> float | None:
    """The cost of one execution of `op` for deciding whether a kernel is worth threads: WORK's
    for float and math ops; INTEGER_WORK for any other arith op computing a value that is not
    an index (integer arithmetic, compares, selects, casts), so that an argmax, a top-k or a
    random-number kernel counts its work; None for constants, index arithmetic (addresses,
    which LLVM folds into the loads) and anything else. The rank keys of a top-k over 4 x
    32,000 (11 such ops an element, ~30 us on one core of a 2-core Xeon VM) stay on one
    thread, where two took 48 us and slowed the next kernel, which read half its input from
    the other core's cache; an argmax over 64 x 32,000 (14 an element) takes 0.6 -> 0.3 ms
    on two."""
    weight = WORK.get(type(op))
    if weight is not None or op.dialect_name() != "arith" or isinstance(op, arith.ConstantOp):
        return weight
    if any(isinstance(r.type, IndexType) for r in op.results):
        return None
    return INTEGER_WORK


def profile_global(entry: str) -> str:
    return f"__strata_profile_{entry}"


def _trip_count(loop: scf.ForOp) -> int:
    bounds = []
    for v in (loop.lb, loop.ub, loop.step):
        owner = v.owner
        if not isinstance(owner, arith.ConstantOp) or not isinstance(owner.value, IntegerAttr):
            return 1
        bounds.append(owner.value.value.data)
    lb, ub, step = bounds
    return max(0, -(-(ub - lb) // step)) if step > 0 else 1


def stores_of(op: Operation) -> int | None:
    """1 for a memref.store: the work of a kernel that computes nothing (a transpose, a copy, a
    gather), which `work_of` counts as none, is the elements it writes."""
    return 1 if isinstance(op, memref.StoreOp) else None


def kernel_flops(
    kernel: func.FuncOp,
    weigh: Callable[[Operation], float | None] = lambda op: _FLOPS.get(type(op)),
) -> int:
    """Float ops one call of `kernel` executes (loops with constant bounds multiplied out),
    each op counted by `weigh` (`work_of`: its cost)."""
    total = 0.0
    for op in kernel.walk():
        weight = weigh(op)
        if weight is None:
            continue
        count = weight
        parent = op.parent_op()
        while parent is not None and parent is not kernel:
            if isinstance(parent, scf.ForOp):
                count *= _trip_count(parent)
            parent = parent.parent_op()
        total += count
    return round(total)


def _nbytes(t: Attribute) -> int:
    return memref_nbytes(t) or 0


@dataclass(frozen=True)
class _Stamper:
    """Makes `clock_gettime(CLOCK_MONOTONIC, <timespec slot i of the profile global>)`."""

    base: SSAValue
    clock: SSAValue

    def __call__(self, slot: int) -> list[Operation]:
        offset = arith.ConstantOp(IntegerAttr(16 * slot, IndexType()))
        view = memref.ViewOp(self.base, offset, [], TIMESPEC)
        return [offset, view, func.CallOp(CLOCK, [self.clock, view.result], [i32])]


def _in_loop(op: Operation, entry: func.FuncOp) -> bool:
    """Whether `op` sits inside an scf.while or scf.if of `entry` (runs a data-dependent number
    of times per call)."""
    parent = op.parent_op()
    while parent is not None and parent is not entry:
        if isinstance(parent, (scf.WhileOp, scf.IfOp)):
            return True
        parent = parent.parent_op()
    return False


@dataclass(frozen=True)
class ProfileKernelsPass(ModulePass):
    """Brackets each kernel call of the entry with clock_gettime(CLOCK_MONOTONIC) into a global.

    Expects: the `loops` stage (kernels called with func.call from the entry). Keeps it.
    """

    name = "profile-kernels"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for entry in [f for f in op.ops if isinstance(f, func.FuncOp)]:
            signature = EntrySignature.of(entry)
            if signature is None or signature.profiled_calls:
                continue
            kernels = {
                f.sym_name.data: f
                for f in op.ops
                if isinstance(f, func.FuncOp) and "no_inline" in f.attributes
            }
            # A kernel called inside a loop runs once per iteration, and a call site has one
            # slot: the loop is timed as one slice instead (`loop`, named by its TF nodes).
            calls: list[Operation] = [
                c
                for c in entry.walk()
                if (isinstance(c, func.CallOp) and c.callee.root_reference.data in kernels)
                and not _in_loop(c, entry)
                or (isinstance(c, (scf.WhileOp, scf.IfOp)) and not _in_loop(c, entry))
            ]
            if not calls:
                continue
            name = profile_global(signature.entry)
            slots = 2 * len(calls)
            data = MemRefType(i8, [16 * slots])
            zeros = DenseIntOrFPElementsAttr.from_list(
                TensorType(i8, [16 * slots]), [0] * (16 * slots)
            )
            op.body.block.insert_op_before(
                memref.GlobalOp.get(
                    StringAttr(name), data, zeros, sym_visibility=StringAttr("public")
                ),
                entry,
            )
            if not any(isinstance(f, func.FuncOp) and f.sym_name.data == CLOCK for f in op.ops):
                op.body.block.insert_op_before(
                    func.FuncOp.external(CLOCK, [i32, TIMESPEC], [i32]), entry
                )
            block = entry.body.block
            base = memref.GetGlobalOp(name, data)
            clock = arith.ConstantOp(IntegerAttr(CLOCK_MONOTONIC, i32))
            block.insert_ops_before([base, clock], expect(block.first_op, Operation))
            stamp = _Stamper(base.memref, clock.result)
            records: list[ProfiledCall] = []
            for i, call in enumerate(calls):
                nodes = ",".join(node_names(call.location))
                if isinstance(call, func.CallOp):
                    kernel = kernels[call.callee.root_reference.data]
                    data_bytes = sum(_nbytes(v.type) for v in call.arguments)
                    records.append(
                        ProfiledCall(kernel.sym_name.data, nodes, kernel_flops(kernel), data_bytes)
                    )
                else:
                    what = "loop" if isinstance(call, scf.WhileOp) else "branch"
                    records.append(ProfiledCall(what, nodes, 0, 0))
                parent = expect(call.parent_block(), Block, "a kernel call's block")
                parent.insert_ops_before(stamp(2 * i), call)
                parent.insert_ops_after(stamp(2 * i + 1), call)
            replace(signature, profiled_calls=tuple(records)).attach(entry)
