"""parallelize-kernels: kernels above a work threshold run their outer parallel loop on threads.

    func.func private @k(%a: memref<..>, %c: memref<..>) {
      scf.for %n = %c0 to %c512 step %c16 {strata.parallel} { ... }
    }
 -> func.func private @k_chunk(%a, %c, %begin: index, %end: index) {   // the loop over [begin, end)
      scf.for %n = %begin to %end step %c16 { ... }
    }
    func.func private @k(...) attributes {strata.parallel_chunk = "k_chunk", strata.parallel_trip
    = 512, strata.parallel_step = 16, strata.threads = 2} { (unchanged: the serial version) }

The LLVM export (strata.targets.llvm_ir) then gives `@k` a body that splits the trip count into
`threads` x PARTS_PER_THREAD contiguous, step-aligned ranges and runs them through the module's
thread pool (strata.targets.thread_pool: the caller runs the first range, and it and the pool's
threads claim the others in order, each calling `@k_chunk` through a small task function).
Only loops marked `strata.parallel` (disjoint writes: see linalg_to_loops.loop_nest.splits_writes)
are split, so a floating-point reduction is never divided and results are bit-identical for every
thread count.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    StringAttr,
)
from xdsl.passes import ModulePass

from strata.dialects.element_kinds import kind_of
from strata.lowering.linalg_to_loops.loop_nest import PARALLEL_ATTR
from strata.transforms.profile_kernels import kernel_flops, stores_of, work_of

CHUNK_ATTR = "strata.parallel_chunk"
TRIP_ATTR = "strata.parallel_trip"
STEP_ATTR = "strata.parallel_step"
THREADS_ATTR = "strata.threads"


def _constant(value: object) -> int | None:
    owner = getattr(value, "owner", None)
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


@dataclass(frozen=True)
class ParallelizeKernelsPass(ModulePass):
    """Gives kernels of at least `min-flops` estimated ops (profile_kernels.work_of: a math
    function counts as its expansion's ops, an integer, compare or select op as half a float
    op; a kernel that computes nothing counts the elements it writes) a chunk function for
    `threads` (at 1 the kernel calls it once: the same code runs at every count).

    Expects: the `loops` stage. Keeps it (the kernels are unchanged; chunks are added).
    """

    name = "parallelize-kernels"

    threads: int = 1
    min_flops: int = 1_000_000

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        # threads=1 still makes the chunk (called once over the whole range): the split kernels
        # then run the same code at every thread count, so their results are bit-identical.
        for kernel in [f for f in op.ops if isinstance(f, func.FuncOp)]:
            if "no_inline" not in kernel.attributes or CHUNK_ATTR in kernel.attributes:
                continue
            if kernel.is_declaration or not all(
                isinstance(t, MemRefType) or kind_of(t) is not None
                for t in kernel.function_type.inputs.data
            ):
                continue
            loops = [o for o in kernel.body.block.ops if isinstance(o, scf.ForOp)]
            if len(loops) != 1 or PARALLEL_ATTR not in loops[0].attributes:
                continue
            loop = loops[0]
            lb, ub, step = (_constant(v) for v in (loop.lb, loop.ub, loop.step))
            if lb != 0 or ub is None or step is None or step <= 0 or ub <= step:
                continue
            work = kernel_flops(kernel, work_of) or kernel_flops(kernel, stores_of)
            if work < self.min_flops:
                continue
            chunk = self.chunk(kernel, loops.index(loop))
            op.body.block.insert_op_after(chunk, kernel)
            kernel.attributes[CHUNK_ATTR] = StringAttr(chunk.sym_name.data)
            kernel.attributes[TRIP_ATTR] = IntegerAttr(ub, 64)
            kernel.attributes[STEP_ATTR] = IntegerAttr(step, 64)
            kernel.attributes[THREADS_ATTR] = IntegerAttr(self.threads, 64)

    @staticmethod
    def chunk(kernel: func.FuncOp, which: int) -> func.FuncOp:
        clone = kernel.clone()
        clone.sym_name = StringAttr(kernel.sym_name.data + "_chunk")
        block = clone.body.block
        begin = block.insert_arg(IndexType(), len(block.args))
        end = block.insert_arg(IndexType(), len(block.args))
        begin.name_hint, end.name_hint = "begin", "end"
        loop = [o for o in block.ops if isinstance(o, scf.ForOp)][which]
        loop.operands[0] = begin
        loop.operands[1] = end
        del loop.attributes[PARALLEL_ATTR]
        clone.function_type = FunctionType.from_lists(
            [a.type for a in block.args], list(kernel.function_type.outputs)
        )
        if clone.arg_attrs is not None:
            none = DictionaryAttr({})
            clone.arg_attrs = ArrayAttr([*clone.arg_attrs.data, none, none])
        for name in (CHUNK_ATTR, TRIP_ATTR, STEP_ATTR, THREADS_ATTR):
            clone.attributes.pop(name, None)
        return clone
