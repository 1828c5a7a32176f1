"""CPU code from the `llvm` stage: ELF/Mach-O object files, assembly, and an in-process JIT.

Weights travel as global constants inside the object; the entry symbol is the function named by
the module's `strata.signature` (external linkage), everything else is internal.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import llvmlite.binding as llvm_binding
from xdsl.dialects import llvm
from xdsl.dialects.builtin import ModuleOp

from strata.abi import EntrySignature
from strata.diagnostics import StrataError
from strata.targets.description import X86_LEVELS
from strata.targets.llvm_ir import host_target_machine, optimize, target_machine, to_llvm_ir

DEFAULT_TRIPLE = "x86_64-unknown-linux-gnu"

JIT_CPU_ENV = "STRATA_JIT_CPU"
"""Environment variable naming the CPU the JIT tunes for when the caller names none (the test
matrix sets it); unset, empty or `host`: this CPU."""


def _compile(
    module: ModuleOp, triple: str | None, opt_level: int, cpu: str, features: str
) -> tuple[llvm_binding.TargetMachine, llvm_binding.ModuleRef]:
    tm = target_machine(triple, opt_level, cpu, features)
    optimized = optimize(to_llvm_ir(module, tm.triple), opt_level, tm)
    return tm, optimized


def emit_object(
    module: ModuleOp,
    triple: str = DEFAULT_TRIPLE,
    opt_level: int = 2,
    cpu: str = "",
    features: str = "",
) -> bytes:
    """A relocatable object file (ELF for Linux triples) holding the entry function and weights.

    For the host triple with no `cpu`/`features`, code is tuned for this CPU; pass `cpu="x86-64"`
    (or a `features` string) for a portable object.
    """
    tm, optimized = _compile(module, triple, opt_level, cpu, features)
    return bytes(tm.emit_object(optimized))


def emit_assembly(
    module: ModuleOp,
    triple: str = DEFAULT_TRIPLE,
    opt_level: int = 2,
    cpu: str = "",
    features: str = "",
) -> str:
    """Target assembly text of the optimised module."""
    tm, optimized = _compile(module, triple, opt_level, cpu, features)
    return str(tm.emit_assembly(optimized))


def entry_signature(module: ModuleOp) -> EntrySignature:
    """The `strata.signature` of the module's entry `llvm.func` (exactly one must carry it)."""
    found = [
        sig
        for op in module.ops
        if isinstance(op, llvm.FuncOp) and (sig := EntrySignature.of(op)) is not None
    ]
    if len(found) != 1:
        raise StrataError(
            f"expected one llvm.func with a strata.signature attribute, found {len(found)}"
        )
    return found[0]


@dataclass
class JitModule:
    """Object code loaded in this process by MCJIT; keep it alive while its code may run."""

    engine: llvm_binding.ExecutionEngine
    machine: llvm_binding.TargetMachine
    object_code: bytes
    """The relocatable object the engine loaded (what the compile cache stores)."""
    module: llvm_binding.ModuleRef | None = None
    """The optimised module it was made from (`str()` it to read the LLVM IR); None when the
    object came from the compile cache."""

    def address_of(self, name: str) -> int:
        address = self.engine.get_function_address(name)
        if not address:
            raise StrataError(f"JIT: no function named '{name}'")
        return int(address)


def runnable_cpus() -> list[str]:
    """The x86-64 levels this host can execute, then `host` (this CPU's own tuning)."""
    features = llvm_binding.get_host_cpu_features()
    levels = [
        name for name, needed in X86_LEVELS.items() if all(features.get(f, False) for f in needed)
    ]
    return [*levels, "host"]


def jit_cpu(cpu: str | None = None) -> str:
    """The CPU a JIT tunes for: `cpu`, else $STRATA_JIT_CPU, else `host`; one this host cannot
    execute is an error."""
    name = cpu if cpu else os.environ.get(JIT_CPU_ENV, "") or "host"
    runnable = runnable_cpus()
    if name not in runnable:
        known = "known" if name in X86_LEVELS else "unknown"
        raise StrataError(
            f"JIT cpu '{name}': {known} tuning this host cannot execute "
            f"(runnable: {', '.join(runnable)})"
        )
    return name


def tuning_fingerprint(name: str) -> str:
    """What code tuned for `name` (a `jit_cpu` result) depends on: the level's name, or for
    `host` this CPU's name and features (a cache entry made on another CPU is not reused)."""
    if name != "host":
        return name
    features = llvm_binding.get_host_cpu_features().flatten()
    return f"host:{llvm_binding.get_host_cpu_name()}:{features}"


def jit(module: ModuleOp | str, opt_level: int = 2, cpu: str | None = None) -> JitModule:
    """Optimise for `cpu` (see `jit_cpu`) and JIT-compile an `llvm`-stage module or its LLVM IR
    text (lower once, JIT per tuning); external symbols (libm, malloc) resolve in-process."""
    name = jit_cpu(cpu)
    tm = host_target_machine(opt_level, name)
    llvm_ir = to_llvm_ir(module) if isinstance(module, ModuleOp) else module
    optimized = optimize(llvm_ir, opt_level, tm)
    return load_object(tm.emit_object(optimized), tm, optimized)


def load_object(
    object_code: bytes,
    machine: llvm_binding.TargetMachine,
    module: llvm_binding.ModuleRef | None = None,
) -> JitModule:
    """Link an object made for `machine` into this process (code generation happens once, in
    `machine.emit_object`, so the same bytes can be cached and loaded again in milliseconds)."""
    empty = llvm_binding.parse_assembly("")
    empty.triple = machine.triple
    engine = llvm_binding.create_mcjit_compiler(empty, machine)
    engine.add_object_file(llvm_binding.ObjectFileRef.from_data(object_code))
    engine.finalize_object()
    return JitModule(engine, machine, object_code, module)
