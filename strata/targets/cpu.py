"""CPU code from the `llvm` stage: ELF/Mach-O object files, assembly, and an in-process JIT.

Weights travel as global constants inside the object; the entry symbol is the function named by
the module's `strata.signature` (external linkage), everything else is internal. The JIT keeps
large weights out of LLVM: they are external symbols of the object (`llvm_ir.LINKED_DATA_BYTES`)
that `load_object` binds to aligned copies of their bytes when it links the object in.

Loading an object (`load_object`, `unpacked`: a compile served from the compile cache) imports no
xDSL; making one from a module imports the translation to LLVM IR where it starts.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

import llvmlite.binding as llvm_binding
import llvmlite.ir as ir
import numpy as np

from strata.abi import EntrySignature
from strata.diagnostics import StrataError
from strata.targets import vector_library
from strata.targets.description import X86_LEVELS, TargetDescription, for_export
from strata.targets.llvm_machine import emit_unlocked, host_target_machine, optimize, target_machine

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

    from strata.targets.llvm_ir import CodegenPart

DEFAULT_TRIPLE = "x86_64-unknown-linux-gnu"

JIT_RELOC = "static"
"""The JIT's relocation model (with LLVM's large code model, absolute 64-bit addresses).
Position-independent code reaches its constants through `_GLOBAL_OFFSET_TABLE_`, which
RuntimeDyld resolves wrongly in the second of two objects loaded into one engine: a split
module's kernels read garbage constants (NaN) there."""

JIT_CPU_ENV = "STRATA_JIT_CPU"
"""Environment variable naming the CPU the JIT tunes for when the caller names none (the test
matrix sets it); unset, empty or `host`: this CPU."""


def _compile(
    module: ModuleOp,
    triple: str | None,
    opt_level: int,
    cpu: str,
    features: str,
    libmvec: bool = False,
) -> tuple[llvm_binding.TargetMachine, llvm_binding.ModuleRef]:
    from strata.targets.llvm_ir import to_llvm_ir

    tm = target_machine(triple, opt_level, cpu, features)
    llvm_ir = to_llvm_ir(module, tm.triple)
    if libmvec:
        if not vector_library.serves(tm.triple):
            raise StrataError(
                f"libmvec: glibc's vector math library is for x86-64 Linux, not {tm.triple}"
            )
        vector_library.use_vector_library(
            llvm_ir, for_export(tm.triple, cpu or None, features or None)
        )
    optimized = optimize(llvm_ir, opt_level, tm)
    return tm, optimized


def emit_object(
    module: ModuleOp,
    triple: str = DEFAULT_TRIPLE,
    opt_level: int = 2,
    cpu: str = "",
    features: str = "",
    libmvec: bool = False,
) -> bytes:
    """A relocatable object file (ELF for Linux triples) holding the entry function and weights.

    For the host triple with no `cpu`/`features`, code is tuned for this CPU; pass `cpu="x86-64"`
    (or a `features` string) for a portable object. `libmvec`: loops over f32 sin, cos, pow, ...
    call glibc's vector versions (`vector_library`; the program links with -lmvec).
    """
    tm, optimized = _compile(module, triple, opt_level, cpu, features, libmvec)
    return bytes(tm.emit_object(optimized))


def emit_assembly(
    module: ModuleOp,
    triple: str = DEFAULT_TRIPLE,
    opt_level: int = 2,
    cpu: str = "",
    features: str = "",
    libmvec: bool = False,
) -> str:
    """Target assembly text of the optimised module (`libmvec`: as `emit_object`)."""
    tm, optimized = _compile(module, triple, opt_level, cpu, features, libmvec)
    return str(tm.emit_assembly(optimized))


def entry_signature(module: ModuleOp) -> EntrySignature:
    """The `strata.signature` of the module's entry `llvm.func` (exactly one must carry it)."""
    from xdsl.dialects import llvm

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


Optimized: TypeAlias = "llvm_binding.ModuleRef | str"
"""An optimised part: the module (in LLVM's global context), or the text of one compiled in a
context of its own, which is freed as soon as the object is emitted: a context freed before its
modules frees them too, and Python's collector, finalising a cycle, may free them in that order."""


@dataclass
class JitModule:
    """Object code loaded in this process by MCJIT; keep it alive while its code may run."""

    engine: llvm_binding.ExecutionEngine
    machine: llvm_binding.TargetMachine
    objects: tuple[bytes, ...]
    """The relocatable objects the engine loaded (what the compile cache stores)."""
    modules: tuple[Optimized, ...] = ()
    """The optimised modules they were made from (or their text: `Optimized`); none when the
    objects came from the compile cache."""
    linked: dict[str, np.ndarray] = field(default_factory=dict)
    """The data linked to the object's external data symbols (kept alive with the code)."""

    @property
    def llvm_ir(self) -> str:
        """The optimised LLVM IR, module after module ("" from the compile cache)."""
        return "\n".join(str(m) for m in self.modules)

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
    `host` this CPU's name and features (a cache entry made on another CPU is not reused), and
    whether it calls libmvec (`vector_library`)."""
    library = "+libmvec" if vector_library.available() else ""
    if name != "host":
        return name + library
    features = llvm_binding.get_host_cpu_features().flatten()
    return f"host:{llvm_binding.get_host_cpu_name()}:{features}{library}"


PartTimes = Callable[[int, float, float], None]
"""Told, on the calling thread, when each part's LLVM work began and ended (perf_counter)."""


def jit(
    module: ModuleOp | str,
    opt_level: int = 2,
    cpu: str | None = None,
    on_part: PartTimes | None = None,
) -> JitModule:
    """Optimise for `cpu` (see `jit_cpu`) and JIT-compile an `llvm`-stage module or its LLVM IR
    text (lower once, JIT per tuning); external symbols (libm, malloc) resolve in-process. Loops
    over f32 sin, cos, pow, ... call libmvec's vector versions where it is available
    (`vector_library`). A large module is split (`llvm_ir.split_for_codegen`) and its parts
    optimised and emitted on as many threads as there are cores (`compile_parts`)."""
    name = jit_cpu(cpu)
    target = TargetDescription.for_cpu(name)
    data: dict[str, bytes] = {}
    parts: list[CodegenPart | None] = [None]
    if not isinstance(module, str):
        from strata.targets.llvm_ir import split_for_codegen, to_llvm_ir

        if opt_level > 0:
            parts = [*split_for_codegen(module, target.cores)] or parts

    def sources() -> Iterator[ir.Module | str]:
        for part in parts:
            if isinstance(module, str):
                yield module
                continue
            source = to_llvm_ir(module, linked_data=data, part=part)
            if vector_library.available():
                vector_library.use_vector_library(source, target, vector_library.provides)
            yield source

    machine, compiled = compile_parts(sources(), len(parts), opt_level, name, on_part)
    return load_object([code for _, code in compiled], machine, [mod for mod, _ in compiled], data)


def compile_parts(
    sources: Iterable[ir.Module | str],
    count: int,
    opt_level: int,
    cpu: str,
    on_part: PartTimes | None = None,
) -> tuple[llvm_binding.TargetMachine, list[tuple[Optimized, bytes]]]:
    """Optimise and emit the `count` modules `sources` yields, for `cpu` (a `jit_cpu` name):
    one on this thread; several side by side, each on a thread of its own, started as soon as
    the module is printed (the next is printed meanwhile), with its own LLVM context and target
    machine. llvmlite runs every LLVM call under one process-wide lock; the optimiser and the
    object emission of a module in a context of its own touch nothing another thread uses, so
    they run without it (`llvm_machine.unlocked`), as LLVM's own parallel code generation does."""
    if count == 1:
        tm = host_target_machine(opt_level, cpu, JIT_RELOC)
        source = next(iter(sources))
        start = time.perf_counter()
        optimized = optimize(source, opt_level, tm)
        try:
            code = bytes(tm.emit_object(optimized))
        except RuntimeError as err:
            raise StrataError(f"LLVM code generation failed: {err}") from None
        if on_part is not None:
            on_part(0, start, time.perf_counter())
        return tm, [(optimized, code)]
    results: list[tuple[Optimized, bytes] | BaseException | None] = [None] * count
    times: list[tuple[float, float]] = [(0.0, 0.0)] * count

    def work(index: int, text: str, tm: llvm_binding.TargetMachine) -> None:
        start = time.perf_counter()
        context = llvm_binding.create_context()
        optimized: llvm_binding.ModuleRef | None = None
        try:
            optimized = optimize(text, opt_level, tm, context)
            code = emit_unlocked(tm, optimized)
            results[index] = (str(optimized), code)
        except BaseException as err:  # re-raised on the caller's thread
            results[index] = err
        finally:  # the module before its context (`Optimized`)
            if optimized is not None:
                optimized.close()
            context.close()
            times[index] = (start, time.perf_counter())

    machines = [host_target_machine(opt_level, cpu, JIT_RELOC) for _ in range(count)]
    threads: list[threading.Thread] = []
    try:
        for index, source in enumerate(sources):
            thread = threading.Thread(target=work, args=(index, str(source), machines[index]))
            thread.start()
            threads.append(thread)
    finally:  # a part that fails to print still waits for the threads already started
        for thread in threads:
            thread.join()
    done: list[tuple[Optimized, bytes]] = []
    for result in results:
        if isinstance(result, BaseException):
            raise result
        if result is None:
            raise StrataError(f"JIT: {len(threads)} parts compiled, {count} expected")
        done.append(result)
    if on_part is not None:
        for index, (start, end) in enumerate(times):
            on_part(index, start, end)
    return machines[0], done


LINKED_ALIGNMENT = 64
"""Alignment of linked data: at least any global's (`DEFAULT_ALIGNMENT`, a cache line)."""

_linking = threading.Lock()
"""LLVM resolves an object's external symbols from one process-wide table when the object is
finalised: binding the data symbols and finalising happen under this lock, so two models whose
globals share a name each get their own bytes."""


def load_object(
    objects: Sequence[bytes],
    machine: llvm_binding.TargetMachine,
    modules: Sequence[Optimized] = (),
    data: Mapping[str, bytes | memoryview] | None = None,
) -> JitModule:
    """Link objects made for `machine` into this process, into one engine, so their calls
    between them resolve to each other (code generation happens once, in
    `machine.emit_object`, so the same bytes can be cached and loaded again in milliseconds).
    `data` gives the bytes of the objects' linked data symbols (`jit`), copied to aligned memory
    that lives as long as the code."""
    linked = {symbol: _aligned_copy(raw) for symbol, raw in (data or {}).items()}
    empty = llvm_binding.parse_assembly("")
    empty.triple = machine.triple
    engine = llvm_binding.create_mcjit_compiler(empty, machine)
    for object_code in objects:
        engine.add_object_file(llvm_binding.ObjectFileRef.from_data(object_code))
    with _linking:
        for symbol, array in linked.items():
            llvm_binding.add_symbol(symbol, array.ctypes.data)
        engine.finalize_object()
    return JitModule(engine, machine, tuple(objects), tuple(modules), linked)


def packed(jit_module: JitModule) -> tuple[dict[str, object], bytes]:
    """The object code followed by its linked data (what the compile cache stores), and the
    header fields that tell them apart again (`unpacked`): `objects`, each object's size, and
    `linked`, a `[symbol, nbytes]` list."""
    layout: list[list[str | int]] = [
        [symbol, int(array.nbytes)] for symbol, array in jit_module.linked.items()
    ]
    sizes = [len(code) for code in jit_module.objects]
    parts = [*jit_module.objects, *(array.tobytes() for array in jit_module.linked.values())]
    return {"objects": sizes, "linked": layout}, b"".join(parts)


def unpacked(
    payload: bytes, header: Mapping[str, object]
) -> tuple[list[bytes], dict[str, memoryview]] | None:
    """The objects and linked data of a `packed` payload (None: a header that does not
    describe it)."""
    layout, objects = header.get("linked"), header.get("objects")
    if not isinstance(layout, list) or not isinstance(objects, list):
        return None
    if not objects or not all(type(n) is int and n > 0 for n in objects):
        return None
    sizes: list[tuple[str, int]] = []
    for item in layout:
        if not (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], str)
            and isinstance(item[1], int)
            and item[1] >= 0
        ):
            return None
        sizes.append((item[0], item[1]))
    if sum(objects) + sum(size for _, size in sizes) != len(payload):
        return None
    view = memoryview(payload)
    codes: list[bytes] = []
    at = 0
    for size in objects:
        codes.append(bytes(view[at : at + size]))
        at += size
    data: dict[str, memoryview] = {}
    for symbol, size in sizes:
        data[symbol] = view[at : at + size]
        at += size
    return codes, data


def _aligned_copy(raw: bytes | memoryview) -> np.ndarray:
    size = len(raw)
    buffer = np.empty(size + LINKED_ALIGNMENT, np.uint8)
    skip = -buffer.ctypes.data % LINKED_ALIGNMENT
    array = buffer[skip : skip + size]
    array[:] = np.frombuffer(raw, np.uint8)
    return array
