"""CPU code from the `llvm` stage: ELF/Mach-O object files, assembly, and an in-process JIT.

Weights travel as global constants inside the object; the entry symbol is the function named by
the module's `strata.signature` (external linkage), everything else is internal.
"""

from __future__ import annotations

from dataclasses import dataclass

import llvmlite.binding as llvm_binding
from xdsl.dialects import llvm
from xdsl.dialects.builtin import ModuleOp

from strata.diagnostics import StrataError
from strata.runtime.signature import EntrySignature
from strata.targets.llvm_ir import optimize, target_machine, to_llvm_ir

DEFAULT_TRIPLE = "x86_64-unknown-linux-gnu"


def _compile(module: ModuleOp, triple: str | None, opt_level: int, cpu: str, features: str):
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
    return tm.emit_object(optimized)


def emit_assembly(
    module: ModuleOp,
    triple: str = DEFAULT_TRIPLE,
    opt_level: int = 2,
    cpu: str = "",
    features: str = "",
) -> str:
    """Target assembly text of the optimised module."""
    tm, optimized = _compile(module, triple, opt_level, cpu, features)
    return tm.emit_assembly(optimized)


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
    """A module compiled in this process by MCJIT; keep it alive while its code may run."""

    engine: llvm_binding.ExecutionEngine
    machine: llvm_binding.TargetMachine
    module: llvm_binding.ModuleRef
    """The optimised module (owned by the engine); `str()` it to read the LLVM IR."""

    def address_of(self, name: str) -> int:
        address = self.engine.get_function_address(name)
        if not address:
            raise StrataError(f"JIT: no function named '{name}'")
        return address


def jit(module: ModuleOp, opt_level: int = 2) -> JitModule:
    """Optimise for this CPU and JIT-compile; external symbols (libm, malloc) resolve in-process."""
    tm = target_machine(None, opt_level)
    optimized = optimize(to_llvm_ir(module), opt_level, tm)
    engine = llvm_binding.create_mcjit_compiler(optimized, tm)
    engine.finalize_object()
    engine.run_static_constructors()
    return JitModule(engine, tm, optimized)
