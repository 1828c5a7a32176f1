"""LLVM's side of code generation, where no xDSL IR is involved: target machines (the host's,
a named CPU's, a cross target's), parsing and verifying LLVM IR, the optimisation pipeline, and
object emission outside llvmlite's lock. `strata.targets.llvm_ir` makes the LLVM IR; loading a
cached object needs only this module."""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import Any

import llvmlite.binding as llvm_binding
import llvmlite.binding.ffi as llvm_ffi
import llvmlite.ir as ir

from strata.diagnostics import StrataError
from strata.targets.description import TargetDescription, checked_machine, for_export


def host_triple() -> str:
    return str(llvm_binding.get_default_triple())


def host_target_machine(
    opt_level: int = 2, cpu: str = "host", reloc: str = "pic"
) -> llvm_binding.TargetMachine:
    """A target machine for this CPU (its name and features: AVX2/AVX-512 where present), or,
    for a named `cpu` such as `x86-64-v2`, for the host triple tuned for that CPU (in-process
    code, as the JIT needs). The JIT's objects are `static` (`cpu.JIT_RELOC`); objects for a
    linker position-independent."""
    llvm_binding.initialize_native_target()
    llvm_binding.initialize_native_asmprinter()
    target = llvm_binding.Target.from_default_triple()
    host = cpu == "host"
    description = TargetDescription.for_cpu(cpu)
    features = llvm_binding.get_host_cpu_features().flatten() if host else ""
    return target.create_target_machine(
        cpu=llvm_binding.get_host_cpu_name() if host else cpu,
        features=_join_features(features, description.llvm_features),
        opt=opt_level,
        reloc=reloc,
        codemodel="jitdefault",
    )


def _join_features(*parts: str) -> str:
    return ",".join(p for p in parts if p)


def target_machine(
    triple: str | None = None, opt_level: int = 2, cpu: str = "", features: str = ""
) -> llvm_binding.TargetMachine:
    """The host machine for the host triple (or None), else one for `triple`, `cpu` and
    `features` (`description.checked_machine`: an unknown one is a StrataError)."""
    if triple is None or triple == host_triple():
        if not cpu and not features:
            return host_target_machine(opt_level)
    triple = triple or host_triple()
    tuning = for_export(triple, cpu, features).llvm_features
    return checked_machine(triple, cpu, _join_features(features, tuning), opt_level)


def parse(
    llvm_ir: str | ir.Module, context: llvm_binding.ContextRef | None = None
) -> llvm_binding.ModuleRef:
    """Parse and verify LLVM IR (into `context`, else LLVM's global one); a malformed module is
    a StrataError with LLVM's message."""
    try:
        mod = llvm_binding.parse_assembly(str(llvm_ir), context)
    except RuntimeError as err:
        raise StrataError(f"invalid LLVM IR: {str(err).strip()}") from None
    try:
        mod.verify()
    except RuntimeError as err:
        mod.close()  # now, before its context (see cpu.Optimized)
        raise StrataError(f"invalid LLVM IR: {str(err).strip()}") from None
    return mod


def optimize(
    llvm_ir: str | ir.Module,
    level: int = 2,
    machine: llvm_binding.TargetMachine | None = None,
    context: llvm_binding.ContextRef | None = None,
) -> llvm_binding.ModuleRef:
    """Parse, verify and optimise (new pass manager, O`level`, loop vectoriser with
    interleaving, SLP and unrolling on).

    LLVM 22.1's loop vectoriser widens an index masked with the IV (`i & 31`) as consecutive
    across a whole vector iteration when it has versioned the loop on a runtime trip count; the
    cuda-sim thread loops were such loops (interleaved under AVX-512, or VF 8 > 4 under AVX2, they
    read past the array). convert-gpu-to-cpu-sim now gives them constant bounds, so interleaving
    is no longer off (test_llvm_ir.py and test_llvm_masked_iv.py keep the cases).

    In a `context` of its own (and with a `machine` no other thread uses), the passes run
    outside llvmlite's lock (`unlocked`), so several modules optimise side by side.
    """
    mod = parse(llvm_ir, context)
    tm = machine if machine is not None else target_machine(mod.triple or None, level)
    mod.triple = tm.triple
    mod.data_layout = str(tm.target_data)
    if level <= 0:
        return mod
    pto = llvm_binding.create_pipeline_tuning_options(speed_level=min(level, 3))
    pto.loop_vectorization = True
    pto.slp_vectorization = True
    # On CPUs only loops marked `strata.unroll` are unrolled (LLVM honours the metadata with
    # its own unrolling off); NVPTX keeps LLVM's unrolling (its kernels were never measured).
    pto.loop_unrolling = tm.triple.startswith("nvptx")
    pto.loop_interleaving = True
    builder = llvm_binding.create_pass_builder(tm, pto)
    manager = builder.getModulePassManager()
    if context is None:
        manager.run(mod, builder)
    else:
        unlocked("LLVMPY_RunNewModulePassManager")(manager, mod, builder)
    return mod


def unlocked(name: str) -> Callable[..., Any]:
    """llvmlite's C function `name` without the process-wide lock llvmlite wraps every call in
    (its wrapper's ctypes function; the wrapper itself where a version has none). Only for calls
    whose arguments no other thread uses: a module in a context of its own, its own machine and
    pass builder. ctypes releases the GIL for the call."""
    wrapper = getattr(llvm_ffi.lib, name)
    function: Callable[..., Any] = getattr(wrapper, "_cfn", wrapper)
    return function


def emit_unlocked(machine: llvm_binding.TargetMachine, mod: llvm_binding.ModuleRef) -> bytes:
    """`machine.emit_object(mod)` outside llvmlite's lock (see `unlocked`): `mod` in a context,
    and `machine`, of this thread's own."""
    with llvm_ffi.OutputString() as error:
        buffer = unlocked("LLVMPY_TargetMachineEmitToMemory")(machine, mod, 1, error)
        if not buffer:
            raise StrataError(f"LLVM code generation failed: {error}")
    try:
        start = llvm_ffi.lib.LLVMPY_GetBufferStart(buffer)
        return ctypes.string_at(start, llvm_ffi.lib.LLVMPY_GetBufferSize(buffer))
    finally:
        llvm_ffi.lib.LLVMPY_DisposeMemoryBuffer(buffer)
