"""gpu-kernel-outlining: each gpu.launch in a host function becomes a `gpu.func ... kernel` in one
`gpu.module @main_kernels`, called by a gpu.launch_func left in its place.

    gpu.launch blocks(..) in (..) threads(..) in (..) { body }
->  gpu.launch_func @main_kernels::@main_kernel_0_dense_MatMul blocks in (..) threads in (..)
        args(%a : memref<..>, ..)

The kernel's arguments are the memrefs the body uses from above, in first-use order; constants
it uses are cloned inside; block and thread ids and dims become gpu.block_id/... ops; the
`@__shared_<N>` globals it reads move into the gpu.module. Kernel names follow
linalg-outline-kernels (`<func>_kernel_<N>_<TF node name>`). As there, a launch whose kernel is
identical to an earlier one up to its buffers (`structural_key`) launches the earlier kernel, so
an unrolled loop's time steps compile one set of kernels.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import arith, func, memref
from xdsl.dialects.builtin import (
    IntegerAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
    StringAttr,
    SymbolRefAttr,
    UnitAttr,
    UnrealizedConversionCastOp,
)
from xdsl.dialects.gpu import LaunchOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from strata.diagnostics import fail_on_ops
from strata.dialects import gpu
from strata.transforms.linalg_outline_kernels import _kernel_name, captured_values, structural_key

KERNEL_MODULE = "main_kernels"
# Launch body arguments, in order: block ids, thread ids, grid sizes, block sizes.
ID_OPS = (gpu.BlockIdOp, gpu.ThreadIdOp, gpu.GridDimOp, gpu.BlockDimOp)


def _constant(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _constant_chain(value: SSAValue) -> list[Operation] | None:
    """The ops that make `value` from nothing, to clone into a kernel: an arith.constant, or an
    unrealized_conversion_cast of one (an unsigned constant: arith's are signless); None for
    any other value."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp):
        return [owner]
    if isinstance(owner, UnrealizedConversionCastOp) and len(owner.inputs) == 1:
        inner = _constant_chain(owner.inputs[0])
        return None if inner is None else [*inner, owner]
    return None


def _global_name(op: Operation) -> str | None:
    name = op.properties.get("sym_name") or op.attributes.get("sym_name")
    return name.data if isinstance(name, StringAttr) else None


@dataclass
class Outliner:
    module: ModuleOp
    kernels: gpu.ModuleOp
    bad: list[tuple[Operation, str]]
    first_of: dict[tuple[object, ...], gpu.FuncOp] = field(default_factory=dict)
    """The first kernel of each structural key: a launch of an identical body calls it."""
    shared: dict[str, object] = field(default_factory=dict)
    """Shared-memory globals by name, each standing for its type in structural keys (one
    kernel's scratch is as good as another's of the same type)."""

    def __post_init__(self) -> None:
        for o in self.module.ops:
            if isinstance(o, memref.GlobalOp) and not isinstance(o.type.memory_space, NoneAttr):
                self.shared[_global_name(o) or ""] = ("shared", o.type)

    def outline(self, launch: LaunchOp, name: str) -> None:
        captured = captured_values(launch)
        args: list[SSAValue] = []
        for v in captured:
            if _constant_chain(v) is not None:
                continue
            t = v.type
            if not isinstance(t, MemRefType):
                self.bad.append((launch, f"uses a host value of type {t} (only memrefs)"))
                return
            if (
                not all(d >= 0 for d in t.get_shape())
                or not isinstance(t.layout, NoneAttr)
                or not isinstance(t.memory_space, NoneAttr)
            ):
                self.bad.append(
                    (
                        launch,
                        f"uses {t} (kernel arguments need a static identity "
                        "layout in global memory)",
                    )
                )
                return
            args.append(v)
        constants = [_constant(v) for v in launch.operands[3:6]]
        block_size = [c for c in constants if c is not None]
        sizes = [*launch.operands[0:6]]
        if len(block_size) != len(constants):
            self.bad.append((launch, "has a block size that is not a constant"))
            return

        body = Block(arg_types=[a.type for a in args])
        mapping: dict[SSAValue, SSAValue] = dict(zip(args, body.args, strict=True))
        launch_args = launch.body.block.args
        for k, arg in enumerate(launch_args):
            if not arg.uses:
                continue
            id_op = ID_OPS[k // 3](gpu.DimensionAttr(gpu.DimensionEnum("xyz"[k % 3])))
            id_op.location = launch.location
            body.add_op(id_op)
            mapping[arg] = id_op.result
        for v in captured:
            for made in _constant_chain(v) or []:
                if made.results[0] not in mapping:
                    const = made.clone(mapping)
                    body.add_op(const)
                    mapping[made.results[0]] = const.results[0]
        for op in launch.body.block.ops:
            if isinstance(op, gpu.TerminatorOp):
                ret = gpu.ReturnOp([])
                ret.location = op.location
                body.add_op(ret)
                continue
            body.add_op(op.clone(mapping))
        kernel = gpu.FuncOp(
            name,
            ([a.type for a in args], []),
            Region(body),
            kernel=True,
            known_block_size=block_size,
        )
        kernel.location = launch.location
        same = self.first_of.setdefault(structural_key(kernel, self.shared), kernel)
        if same is kernel:
            self.kernels.body.block.add_op(kernel)
            self.move_shared_globals(kernel)
        else:
            # Identical up to its buffers: launch the first copy (compiled once).
            kernel.erase()
            name = same.sym_name.data

        call = gpu.LaunchFuncOp(
            SymbolRefAttr(KERNEL_MODULE, [name]), sizes[:3], sizes[3:], kernelOperands=args
        )
        call.location = launch.location
        Rewriter.replace_op(launch, call)

    def move_shared_globals(self, kernel: gpu.FuncOp) -> None:
        host = {_global_name(o): o for o in self.module.ops if isinstance(o, memref.GlobalOp)}
        device = {_global_name(o) for o in self.kernels.body.block.ops}
        for op in kernel.walk():
            if not isinstance(op, memref.GetGlobalOp):
                continue
            name = op.name_.string_value()
            glob = host.get(name)
            if glob is None or name in device:
                continue
            if isinstance(glob.type.memory_space, NoneAttr):
                continue
            globals_ = [o for o in self.kernels.body.block.ops if isinstance(o, memref.GlobalOp)]
            at = (
                InsertPoint.after(globals_[-1])
                if globals_
                else InsertPoint.at_start(self.kernels.body.block)
            )
            Rewriter.insert_op(glob.clone(), at)
            device.add(name)


@dataclass(frozen=True)
class GpuKernelOutliningPass(ModulePass):
    """Outlines every gpu.launch of the module's functions into a kernel of
    `gpu.module @main_kernels`, leaving gpu.launch_func; sets `gpu.container_module`. A launch
    whose kernel is the same code as an earlier one, up to its buffers and shared scratch,
    launches the earlier kernel (one kernel per distinct body, as linalg-outline-kernels).

    Expects: the output of convert-loops-to-gpu. Guarantees: the `gpu` stage contract (kernels
    take only static identity-layout memrefs; shared globals live in the gpu.module); fails
    naming each launch that captures anything else.
    """

    name = "gpu-kernel-outlining"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        launches = [
            (f, launch)
            for f in op.ops
            if isinstance(f, func.FuncOp)
            for launch in f.walk()
            if isinstance(launch, LaunchOp)
        ]
        op.attributes["gpu.container_module"] = UnitAttr()
        kernels = gpu.ModuleOp(
            StringAttr(KERNEL_MODULE),  # type: ignore[arg-type]  # xDSL hint says SymbolRefAttr, op wants StringAttr
            Region(Block()),
        )
        op.body.block.add_op(kernels)
        outliner = Outliner(op, kernels, [])
        taken = {name for o in op.ops if (name := _global_name(o)) is not None}
        counts: dict[str, int] = {}
        for f, launch in launches:
            base = f.sym_name.data
            index = counts.get(base, 0)
            counts[base] = index + 1
            outliner.outline(launch, _kernel_name(base, index, launch, taken))
        if outliner.bad:
            why = sorted({w for _, w in outliner.bad})
            fail_on_ops(
                self.name,
                "gpu.launch ops not outlined (" + "; ".join(why) + ")",
                [o for o, _ in outliner.bad],
            )
        used = {
            o.name_.string_value()
            for o in op.walk()
            if isinstance(o, memref.GetGlobalOp)
            and o.parent_op() is not None
            and not isinstance(o.parent_op(), gpu.FuncOp)
            and _in_host(o)
        }
        for g in list(op.ops):
            if (
                isinstance(g, memref.GlobalOp)
                and not isinstance(g.type.memory_space, NoneAttr)
                and _global_name(g) not in used
            ):
                g.detach()
                g.erase()


def _in_host(op: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, gpu.ModuleOp):
            return False
        parent = parent.parent_op()
    return True
