"""cuda-sim: a GPU-compiled module run on the CPU, through the same host plan as `cuda`.

The kernels come from `convert-gpu-to-cpu-sim` (each loops over the grid, threads phase by phase
between barriers), are lowered by the CPU pipeline's `llvm` stage and JIT-compiled; device
buffers are numpy byte arrays and a launch is one ctypes call with the buffers' addresses and the
grid and block sizes.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from xdsl.context import Context
from xdsl.dialects import gpu
from xdsl.dialects.builtin import ModuleOp

from strata.diagnostics import StrataError, verify_module
from strata.lowering.gpu_to_cpu_sim.convert_gpu_to_cpu_sim import ConvertGpuToCpuSimPass
from strata.pipeline import STAGES, stage_pipeline
from strata.runtime.cpu import aligned_empty
from strata.runtime.host_plan import HostPlan, PlanFunction
from strata.targets.cpu import JitModule, jit
from strata.targets.llvm_ir import to_llvm_ir_text


def _known_block_sizes(module: ModuleOp) -> dict[str, tuple[int, ...]]:
    sizes: dict[str, tuple[int, ...]] = {}
    for op in module.walk():
        if isinstance(op, gpu.FuncOp) and op.known_block_size is not None:
            sizes[op.sym_name.data] = tuple(int(v) for v in op.known_block_size.get_values())
    return sizes


def lower_kernels(ctx: Context, module: ModuleOp) -> str:
    """The LLVM IR of a clone of the `gpu`-stage module's kernels, emulated for the CPU (the same
    for every tuning and optimisation level: `jit` takes it from here)."""
    kernels = module.clone()
    ConvertGpuToCpuSimPass().apply(ctx, kernels)
    verify_module(kernels)
    llvm_stage = next(s for s in STAGES if s.name == "llvm")
    stage_pipeline(llvm_stage).apply(ctx, kernels)
    return to_llvm_ir_text(kernels)


class SimDevice:
    """The Device of a host plan on the CPU: buffers are aligned numpy byte arrays."""

    def __init__(
        self,
        jit_module: JitModule,
        kernel_args: dict[str, int],
        block_sizes: dict[str, tuple[int, ...]] | None = None,
    ):
        self.jit_module = jit_module  # owns the code
        self.block_sizes = block_sizes or {}
        self.kernels: dict[str, Callable[..., None]] = {}
        for name, count in kernel_args.items():
            prototype = ctypes.CFUNCTYPE(
                None, *([ctypes.c_void_p] * count), *([ctypes.c_int64] * 6)
            )
            self.kernels[name] = prototype(jit_module.address_of(name))

    def enter(self) -> None:
        return None  # the CPU has no per-thread context

    def alloc(self, nbytes: int) -> np.ndarray:
        return aligned_empty(nbytes)

    def upload(self, buffer: np.ndarray, offset: int, data: np.ndarray) -> None:
        raw = np.ascontiguousarray(data).reshape(-1).view(np.uint8)
        buffer[offset : offset + raw.size] = raw

    def download(self, buffer: np.ndarray, offset: int, out: np.ndarray) -> None:
        raw = out.reshape(-1).view(np.uint8)
        raw[:] = buffer[offset : offset + raw.size]

    def copy(
        self, dst: np.ndarray, dst_offset: int, src: np.ndarray, src_offset: int, nbytes: int
    ) -> None:
        dst[dst_offset : dst_offset + nbytes] = src[src_offset : src_offset + nbytes]

    def launch(
        self,
        kernel: str,
        grid: tuple[int, int, int],
        block: tuple[int, int, int],
        args: Sequence[tuple[np.ndarray, int]],
    ) -> None:
        known = self.block_sizes.get(kernel)
        if known is not None and tuple(block) != known:
            raise StrataError(
                f"launch of @{kernel}: block {tuple(block)} differs from its "
                f"gpu.known_block_size {known}"
            )
        pointers = [buffer.ctypes.data + offset for buffer, offset in args]
        self.kernels[kernel](*pointers, *grid, *block)

    def synchronize(self) -> None:
        return None


@dataclass(frozen=True)
class SimProgram:
    """A `gpu`-stage module made ready for the emulator once: its host plan and its kernels'
    LLVM IR. `bind` JIT-compiles the kernels for one tuning and level."""

    plan: HostPlan
    kernels_ir: str
    kernel_args: dict[str, int]
    """Argument count of each launched kernel."""
    block_sizes: dict[str, tuple[int, ...]]

    @staticmethod
    def prepare(ctx: Context, module: ModuleOp) -> SimProgram:
        plan = HostPlan.build(module)
        counts: dict[str, int] = {}
        for op in module.walk():
            if isinstance(op, gpu.FuncOp) and op.sym_name.data in plan.kernels:
                counts[op.sym_name.data] = len(op.function_type.inputs.data)
        missing = [k for k in plan.kernels if k not in counts]
        if missing:
            raise StrataError(
                f"cuda-sim: no gpu.func for {len(missing)} launched kernels (first: "
                f"@{missing[0]}); cuda-sim runs modules at the gpu stage or earlier, not nvvm"
            )
        return SimProgram(plan, lower_kernels(ctx, module), counts, _known_block_sizes(module))

    def bind(self, opt_level: int = 2, cpu: str | None = None) -> PlanFunction:
        """The callable: kernels optimised at `opt_level` for `cpu` (strata.targets.cpu.jit_cpu)."""
        jit_module = jit(self.kernels_ir, opt_level, cpu)
        return PlanFunction(self.plan, SimDevice(jit_module, self.kernel_args, self.block_sizes))


def compile_module(
    ctx: Context, module: ModuleOp, opt_level: int = 2, cpu: str | None = None
) -> PlanFunction:
    """A `gpu`-stage module as a callable that runs its kernels on the CPU."""
    return SimProgram.prepare(ctx, module).bind(opt_level, cpu)
