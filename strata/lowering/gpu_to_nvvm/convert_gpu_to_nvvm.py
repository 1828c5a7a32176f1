"""convert-gpu-to-nvvm: in each `gpu.module`, kernels become `llvm.func`s of `llvm` + `nvvm` ops.

    gpu.func @k(%a: memref<8xf32>) kernel        llvm.func @k(%a: !llvm.ptr) attributes
        {gpu.known_block_size = ...}          ->      {nvvm.kernel, nvvm.reqntid = array<i32: ...>}
    gpu.thread_id x                           ->  nvvm.read.ptx.sreg.tid.x : i32 + llvm.zext to i64
    gpu.barrier                               ->  nvvm.barrier0
    memref.global @s : memref<256xf32, 3>     ->  llvm.mlir.global private @s() {addr_space = 3}

The kernel bodies' scf, arith, math and memref ops go through the CPU path's `*-to-llvm` patterns
(applied to the gpu.module only), with libdevice calls for the math NVPTX cannot select. The host
function (func, memref, arith, gpu.launch_func) is left as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import gpu, llvm
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    DictionaryAttr,
    ModuleOp,
    UnitAttr,
    UnrealizedConversionCastOp,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, Region
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.transforms.convert_scf_to_cf import IfLowering, SwitchLowering
from xdsl.transforms.reconcile_unrealized_casts import ReconcileUnrealizedCastsPattern

from strata.diagnostics import fail_on_ops
from strata.dialects import nvvm
from strata.dialects.memref_views import distinct_buffers
from strata.lowering.gpu_to_nvvm.math_to_libdevice import LibdeviceLowering
from strata.lowering.to_llvm import (
    convert_arith_to_llvm,
    convert_cf_to_llvm,
    convert_math_to_llvm,
    convert_memref_to_llvm,
)
from strata.lowering.to_llvm.convert_scf_to_cf import ForLowering
from strata.lowering.to_llvm.type_conversion import (
    convert_block_arguments,
    convert_type,
    replace_with_llvm,
)

KERNEL_ATTR = "nvvm.kernel"
"""Marks an `llvm.func` as a kernel (a PTX `.entry`), as in MLIR."""
REQNTID_ATTR = "nvvm.reqntid"
"""The block size a kernel is launched with (`.reqntid` in PTX), from `gpu.known_block_size`."""

SPECIAL_REGISTERS: dict[tuple[type[Operation], str], type[nvvm.SpecialRegisterOp]] = {
    (gpu.ThreadIdOp, "x"): nvvm.ThreadIdXOp,
    (gpu.ThreadIdOp, "y"): nvvm.ThreadIdYOp,
    (gpu.ThreadIdOp, "z"): nvvm.ThreadIdZOp,
    (gpu.BlockDimOp, "x"): nvvm.BlockDimXOp,
    (gpu.BlockDimOp, "y"): nvvm.BlockDimYOp,
    (gpu.BlockDimOp, "z"): nvvm.BlockDimZOp,
    (gpu.BlockIdOp, "x"): nvvm.BlockIdXOp,
    (gpu.BlockIdOp, "y"): nvvm.BlockIdYOp,
    (gpu.BlockIdOp, "z"): nvvm.BlockIdZOp,
    (gpu.GridDimOp, "x"): nvvm.GridDimXOp,
    (gpu.GridDimOp, "y"): nvvm.GridDimYOp,
    (gpu.GridDimOp, "z"): nvvm.GridDimZOp,
}
"""(gpu id/dim op, dimension) -> the nvvm special register it reads."""


@dataclass
class GpuFuncLowering(RewritePattern):
    """gpu.func @k(%a: memref<4xf32>) kernel -> llvm.func @k(%a: !llvm.ptr) {nvvm.kernel}"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, gpu.FuncOp) or op.function_type.outputs.data:
            return
        inputs = [convert_type(t) for t in op.function_type.inputs.data]
        fn_type = llvm.LLVMFunctionType(inputs, llvm.LLVMVoidType())
        attributes: dict[str, Attribute] = {}
        if op.kernel is not None:
            attributes[KERNEL_ATTR] = UnitAttr()
            if op.known_block_size is not None:
                sizes = list(op.known_block_size.iter_values())
                attributes[REQNTID_ATTR] = DenseArrayBase.from_list(i32, sizes)
        new = llvm.FuncOp(
            op.sym_name.data,
            fn_type,
            linkage=llvm.LinkageAttr("external" if op.kernel is not None else "internal"),
            body=rewriter.move_region_contents_to_new_regions(op.body),
            extra_attrs=attributes,
        )
        if new.body.blocks:
            convert_block_arguments(rewriter, new.body.blocks.first)  # type: ignore[arg-type]  # non-empty: checked above
        new.location = op.location
        rewriter.replace(op, [new], [])


@dataclass
class GpuReturnLowering(RewritePattern):
    """gpu.return -> llvm.return"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, gpu.ReturnOp) or op.operands:
            return
        replace_with_llvm(rewriter, op, [llvm.ReturnOp()])


@dataclass
class SpecialRegisterLowering(RewritePattern):
    """gpu.thread_id x -> nvvm.read.ptx.sreg.tid.x : i32 + llvm.zext to i64 (block_id: ctaid,
    block_dim: ntid, grid_dim: nctaid; one row of `SPECIAL_REGISTERS` each)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        dimension = op.properties.get("dimension")
        if not isinstance(dimension, gpu.DimensionAttr):
            return
        axis = dimension.data.value
        make = next(
            (m for (k, d), m in SPECIAL_REGISTERS.items() if isinstance(op, k) and d == axis),
            None,
        )
        if make is None:
            return
        read = make()
        wide = llvm.ZExtOp(read.res, i64)
        replace_with_llvm(rewriter, op, [read, wide])


@dataclass
class LaneIdLowering(RewritePattern):
    """gpu.lane_id -> nvvm.read.ptx.sreg.laneid : i32 + llvm.zext to i64"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, gpu.LaneIdOp):
            return
        read = nvvm.LaneIdOp()
        replace_with_llvm(rewriter, op, [read, llvm.ZExtOp(read.res, i64)])


@dataclass
class BarrierLowering(RewritePattern):
    """gpu.barrier -> nvvm.barrier0"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, gpu.BarrierOp):
            return
        replace_with_llvm(rewriter, op, [nvvm.Barrier0Op()])


GPU_PATTERNS: tuple[type[RewritePattern], ...] = (
    GpuFuncLowering,
    GpuReturnLowering,
    SpecialRegisterLowering,
    LaneIdLowering,
    BarrierLowering,
)

MATH_PATTERNS: tuple[type[RewritePattern], ...] = (
    LibdeviceLowering,
    *convert_math_to_llvm.PATTERNS,
)
"""libdevice first: it takes the ops NVPTX cannot select before the CPU path's intrinsics do."""

HOST_GPU_OPS = frozenset({"gpu.module", "gpu.launch_func"})
"""gpu ops that stay: the container of the kernels and the host's launches."""

DEVICE_DIALECTS = frozenset({"llvm", "nvvm"})


def _rewrite(region: Region, patterns: Sequence[RewritePattern], recursively: bool = False) -> None:
    PatternRewriteWalker(
        GreedyRewritePatternApplier(list(patterns)), apply_recursively=recursively
    ).rewrite_region(region)


def convert_kernels(module: gpu.ModuleOp) -> None:
    """Lower everything inside one gpu.module, in the order of the CPU path's `llvm` stage."""
    body = module.body
    _rewrite(body, [SwitchLowering(), IfLowering(), ForLowering()], recursively=True)
    _rewrite(body, [p() for p in GPU_PATTERNS])  # the functions first: ops move to new bodies
    _rewrite(body, [p() for p in GPU_PATTERNS])
    _rewrite(body, [p() for p in MATH_PATTERNS])
    _rewrite(body, [p() for p in convert_arith_to_llvm.PATTERNS])
    _rewrite(body, [p() for p in convert_memref_to_llvm.PATTERNS])
    _rewrite(body, [convert_cf_to_llvm.BranchLowering(), convert_cf_to_llvm.CondBranchLowering()])


def _ops_left(module: ModuleOp) -> list[Operation]:
    """Ops the contract forbids: non-llvm/nvvm ops in a gpu.module, gpu ops outside but the
    container and launches. Casts bridging them and ops nested in a listed op are not repeated."""
    left: list[Operation] = []
    for op in module.walk():
        if any(o.is_ancestor(op) for o in left):
            continue
        kernels = op.parent_op()
        while kernels is not None and not isinstance(kernels, gpu.ModuleOp):
            kernels = kernels.parent_op()
        if kernels is not None:
            if op.dialect_name() not in DEVICE_DIALECTS:
                left.append(op)
        elif op.dialect_name() == "gpu" and op.name not in HOST_GPU_OPS:
            left.append(op)
    real = [op for op in left if not isinstance(op, UnrealizedConversionCastOp)]
    return real or left


@dataclass(frozen=True)
class ConvertGpuToNvvmPass(ModulePass):
    """Lowers the kernels of a `gpu.module` to `llvm` + `nvvm` ops.

    Expects the `gpu` stage (outlined kernels in a `gpu.module`, see the stage contract);
    leaves only `llvm` and `nvvm` ops inside each gpu.module and no gpu op but gpu.module and
    gpu.launch_func outside.

    Kernels get `nvvm.kernel` (and `nvvm.reqntid` from `gpu.known_block_size`); memref arguments
    become bare `!llvm.ptr` (global memory), memory space 3 (shared) `!llvm.ptr<3>`.
    """

    name = "convert-gpu-to-nvvm"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        distinct = distinct_kernel_args(op)
        for kernels in [o for o in op.walk() if isinstance(o, gpu.ModuleOp)]:
            convert_kernels(kernels)
            _rewrite(kernels.body, [ReconcileUnrealizedCastsPattern()], recursively=True)
            mark_noalias(kernels, distinct)
        fail_on_ops(self.name, "ops left (unsupported ops or types in kernels)", _ops_left(op))


def distinct_kernel_args(module: ModuleOp) -> dict[str, list[bool]]:
    """Per kernel name, which arguments are a buffer no other argument views, at every launch.

    As on the CPU path's outlined kernels (`memref_views.distinct_buffers`): a buffer passed
    twice, reshaped views of one buffer, or arena views whose bytes overlap are not distinct.
    """
    found: dict[str, list[bool]] = {}
    for launch in module.walk():
        if not isinstance(launch, gpu.LaunchFuncOp):
            continue
        refs = launch.kernel.nested_references.data
        name = (refs[-1] if refs else launch.kernel.root_reference).data
        flags = distinct_buffers(list(launch.kernelOperands))
        seen = found.get(name)
        found[name] = flags if seen is None else [a and b for a, b in zip(seen, flags, strict=True)]
    return found


def mark_noalias(kernels: gpu.ModuleOp, distinct: dict[str, list[bool]]) -> None:
    """`llvm.noalias` on the pointer arguments of kernels that every launch passes distinct
    buffers: LLVM may then keep values in registers and read inputs through the read-only
    cache (`ld.global.nc`)."""
    for fn in kernels.body.block.ops:
        if not isinstance(fn, llvm.FuncOp) or KERNEL_ATTR not in fn.attributes:
            continue
        flags = distinct.get(fn.sym_name.data)
        inputs = fn.function_type.inputs.data
        if flags is None or len(flags) != len(inputs):
            continue
        fn.properties["arg_attrs"] = ArrayAttr(
            [
                DictionaryAttr({"llvm.noalias": UnitAttr()})
                if ok and isinstance(t, llvm.LLVMPointerType)
                else DictionaryAttr({})
                for ok, t in zip(flags, inputs, strict=True)
            ]
        )
