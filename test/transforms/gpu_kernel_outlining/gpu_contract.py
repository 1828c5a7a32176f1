"""A checker for the `gpu` stage contract (host ops, kernel ops, launch operands, the barrier rule),
shared by the GPU-path pytest files."""

from __future__ import annotations

from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects import gpu as xgpu
from xdsl.dialects.builtin import (
    IntegerType,
    MemRefType,
    ModuleOp,
    NoneAttr,
    UnrealizedConversionCastOp,
)
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from strata.lowering.loops_to_gpu.convert_loops_to_gpu import HOST_CONTROL_FLOW, host_blocks

HOST_OPS = (
    "arith.constant",
    "memref.get_global",
    "memref.view",
    "memref.expand_shape",
    "memref.collapse_shape",
    "memref.copy",
    "memref.load",
    "memref.store",
    "gpu.launch_func",
    "func.return",
    "scf.while",
    "scf.condition",
    "scf.if",
    "scf.index_switch",
    "scf.yield",
)
KERNEL_OPS = (
    "gpu.block_id",
    "gpu.thread_id",
    "gpu.block_dim",
    "gpu.grid_dim",
    "gpu.barrier",
    "gpu.return",
    "scf.for",
    "scf.if",
    "scf.yield",
    "memref.load",
    "memref.store",
    "memref.get_global",
    "memref.alloca",
)
REMAT = (
    arith.ConstantOp,
    xgpu.BlockIdOp,
    xgpu.BlockDimOp,
    xgpu.GridDimOp,
    xgpu.ThreadIdOp,
    memref.GetGlobalOp,
    memref.AllocaOp,
)


def _rematerializable(value: SSAValue, kernel_block: Block) -> bool:
    if isinstance(value, BlockArgument):
        if value.block is kernel_block:
            return True
        owner = value.block.parent_op()
        return isinstance(owner, scf.ForOp) and owner.parent_block() is kernel_block
    op = value.owner
    if isinstance(op, REMAT):
        return True
    if op.dialect_name() == "arith":
        return all(_rematerializable(v, kernel_block) for v in op.operands)
    return False


def _depends_on_thread(value: SSAValue) -> bool:
    if isinstance(value, BlockArgument):
        return False
    op = value.owner
    if isinstance(op, xgpu.ThreadIdOp):
        return True
    return any(_depends_on_thread(v) for v in op.operands)


def check_barrier_rule(kernel: xgpu.FuncOp) -> list[str]:
    problems: list[str] = []
    top = kernel.body.block
    for op in kernel.walk():
        if not isinstance(op, xgpu.BarrierOp):
            continue
        parent = op.parent_block()
        if parent is top:
            continue
        loop = parent.parent_op() if parent else None
        if not (isinstance(loop, scf.ForOp) and loop.parent_block() is top):
            problems.append(
                f"{kernel.sym_name.data}: barrier not at top level or in a top-level for"
            )
            continue
        if any(_depends_on_thread(v) for v in (loop.lb, loop.ub, loop.step)):
            problems.append(
                f"{kernel.sym_name.data}: barrier in a for with thread-dependent bounds"
            )

    # Values defined between two barriers and used after the later one must be rematerializable.
    def barrier_positions(block: Block) -> dict[Operation, int]:
        count, pos = 0, {}
        for o in block.ops:
            if isinstance(o, xgpu.BarrierOp):
                count += 1
            pos[o] = count
        return pos

    top_pos = barrier_positions(top)

    def top_ancestor(op: Operation) -> Operation:
        while op.parent_block() is not top:
            op = op.parent_op()  # type: ignore[assignment]
        return op

    for op in kernel.walk():
        if op is kernel or isinstance(op, REMAT):
            continue
        for result in op.results:
            for use in result.uses:
                user = use.operation
                a, b = top_ancestor(op), top_ancestor(user)
                crosses = top_pos[a] != top_pos[b]
                if not crosses and a is b and isinstance(a, scf.ForOp) and a is not op:
                    inner = barrier_positions(a.body.block)
                    x, y = op, user
                    while x.parent_block() is not a.body.block:
                        x = x.parent_op()  # type: ignore[assignment]
                    while y.parent_block() is not a.body.block:
                        y = y.parent_op()  # type: ignore[assignment]
                    crosses = inner[x] != inner[y]
                if crosses and not _rematerializable(result, top):
                    problems.append(
                        f"{kernel.sym_name.data}: {op.name} result used across a barrier"
                    )
    return problems


def _signedness_cast(op: Operation) -> bool:
    """An unrealized cast between integers of one width (i8 <-> ui8): how an unsigned constant
    is made (arith.constant is signless); the conversion to LLVM, where both are i8, drops it."""
    if not isinstance(op, UnrealizedConversionCastOp) or len(op.operands) != 1:
        return False
    source, target = op.operands[0].type, op.results[0].type
    return (
        isinstance(source, IntegerType)
        and isinstance(target, IntegerType)
        and source.width == target.width
    )


def check_gpu_contract(module: ModuleOp) -> list[str]:
    problems: list[str] = []
    if "gpu.container_module" not in module.attributes:
        problems.append("no gpu.container_module")
    kernels: dict[str, xgpu.FuncOp] = {}
    for op in module.ops:
        if isinstance(op, xgpu.ModuleOp):
            for k in op.body.block.ops:
                if isinstance(k, xgpu.FuncOp):
                    kernels[k.sym_name.data] = k
                elif isinstance(k, memref.GlobalOp):
                    if not isinstance(k.type, MemRefType) or k.type.memory_space == NoneAttr():
                        problems.append("a gpu.module global not in shared memory")
        elif isinstance(op, memref.GlobalOp) and op.type.memory_space != NoneAttr():
            problems.append("shared global left at top level")
    for f in module.ops:
        if not isinstance(f, func.FuncOp):
            continue
        for op in (o for block in host_blocks(f.body.block) for o in block.ops):
            if op.name not in HOST_OPS and op.dialect_name() != "arith":
                problems.append(f"host op {op.name}")
            if op.regions and not isinstance(op, HOST_CONTROL_FLOW):
                problems.append(f"host op with regions {op.name}")
            if isinstance(op, HOST_CONTROL_FLOW) and op.results:
                problems.append(f"host control flow with results {op.name}")
            if isinstance(op, xgpu.LaunchFuncOp):
                kernel = kernels.get(op.kernel.nested_references.data[0].data)
                if kernel is None:
                    problems.append("launch of a missing kernel")
                    continue
                for v in op.operands[:6]:
                    if not isinstance(v.owner, arith.ConstantOp):
                        problems.append("launch size not a constant")
                types = [v.type for v in op.kernelOperands]
                if types != list(kernel.function_type.inputs.data):
                    problems.append(f"{kernel.sym_name.data}: argument types differ")
                for t in types:
                    if not isinstance(t, MemRefType) or t.memory_space != NoneAttr():
                        problems.append(f"bad kernel argument {t}")
    for kernel in kernels.values():
        if kernel.kernel is None or "gpu.known_block_size" not in kernel.attributes:
            problems.append(f"{kernel.sym_name.data}: not a kernel with a known block size")
        for op in kernel.walk():
            if op is kernel:
                continue
            if op.name not in KERNEL_OPS and op.dialect_name() not in ("arith", "math"):
                if not _signedness_cast(op):
                    problems.append(f"{kernel.sym_name.data}: kernel op {op.name}")
            if isinstance(op, memref.AllocaOp) and op.parent_block() is not kernel.body.block:
                problems.append(f"{kernel.sym_name.data}: nested alloca")
        problems += check_barrier_rule(kernel)
    return problems
