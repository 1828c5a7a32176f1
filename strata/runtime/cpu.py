"""Calling compiled CPU code with numpy arrays: the entry ABI of strata/abi.py.

    fn = CompiledFunction.from_module(llvm_stage_module)
    outputs = fn(x=np.ones((8, 784), np.float32))      # {"out": array(...)}

The ctypes function is built once; a call checks the inputs, allocates outputs and the arena, and
makes one foreign call (no LLVM work per call).
"""

from __future__ import annotations

import ctypes
import threading
import weakref
from typing import TYPE_CHECKING

import numpy as np

from strata.abi import POISON_BYTE, EntrySignature, TensorSpec
from strata.diagnostics import ExecutionError
from strata.profiling import KernelEvent
from strata.targets.cpu import JitModule, PartTimes, entry_signature, jit
from strata.targets.thread_pool import shutdown_symbol

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

ARENA_ALIGNMENT = 64


def aligned_empty(nbytes: int, alignment: int = ARENA_ALIGNMENT) -> np.ndarray:
    """An uninitialised byte buffer whose data starts on an `alignment`-byte boundary."""
    raw = np.empty(nbytes + alignment, dtype=np.uint8)
    start = (-raw.ctypes.data) % alignment
    return raw[start : start + nbytes]


def data_pointer(array: np.ndarray) -> int:
    """The address of a C-contiguous array's data: through ctypes' buffer protocol where the
    array is writable and not empty (0.25 us, where `array.ctypes.data` takes 0.8 us, three times
    or more a call of a model that runs in 10 us), else `array.ctypes.data`."""
    try:
        return ctypes.addressof(ctypes.c_char.from_buffer(array))  # type: ignore[arg-type]
    except (TypeError, ValueError):  # read-only, or no bytes
        return int(array.ctypes.data)


class CompiledFunction:
    """The JIT-compiled entry of an `llvm`-stage module, called with numpy arrays by input name."""

    def __init__(self, jit_module: JitModule, signature: EntrySignature):
        self.jit_module = jit_module  # owns the code: keep it as long as the callable
        self.signature = signature
        self.inputs: tuple[TensorSpec, ...] = signature.inputs
        self.outputs: tuple[TensorSpec, ...] = signature.outputs
        nargs = len(signature.inputs) + len(signature.outputs) + 1
        prototype = ctypes.CFUNCTYPE(ctypes.c_int32, *([ctypes.c_void_p] * nargs))
        self._cfunc = prototype(jit_module.address_of(signature.entry))
        # Kernels on threads: stop the module's thread pool before its code is freed (its
        # threads spin in it for a while after each kernel, then wait to return into it); at
        # interpreter exit too, where the engine may be freed before the process ends.
        shutdown = jit_module.engine.get_function_address(shutdown_symbol(signature.entry))
        if shutdown:
            weakref.finalize(self, ctypes.CFUNCTYPE(None)(shutdown))
        # One arena per calling thread: concurrent calls must not share temporaries.
        self._arenas = threading.local()
        self._output_dtypes = [np.dtype(spec.dtype) for spec in signature.outputs]
        self.last_events: list[KernelEvent] = []
        """Profiling builds: each kernel call of the last run, in order."""

    @staticmethod
    def from_module(
        module: ModuleOp,
        opt_level: int = 2,
        cpu: str | None = None,
        on_part: PartTimes | None = None,
    ) -> CompiledFunction:
        """JIT an `llvm`-stage module (this CPU or `cpu`, O`opt_level`) and wrap its entry;
        `on_part` hears when each part's LLVM work ran (`cpu.compile_parts`)."""
        return CompiledFunction(jit(module, opt_level, cpu, on_part), entry_signature(module))

    def __call__(self, *args: object, **kwargs: object) -> dict[str, np.ndarray]:
        """Run once; inputs by name (or position, signature order); returns {output name:
        array}, each output of a run-time length cut to it (`EntrySignature.finish`)."""
        keep = self.signature.bind_inputs(args, kwargs)
        pointers: list[int] = [data_pointer(array) for array in keep]
        results: dict[str, np.ndarray] = {}
        poison = self.signature.poison_scratch
        for spec, dtype in zip(self.outputs, self._output_dtypes, strict=False):
            try:
                out = np.empty(spec.shape, dtype)
            except MemoryError as err:
                raise ExecutionError(f"cannot allocate output '{spec.name}': {err}") from None
            if poison:
                out.reshape(-1).view(np.uint8).fill(POISON_BYTE)  # 0-d outputs too
            results[spec.name] = out
            pointers.append(data_pointer(out))
        arena, arena_pointer = self._arena()
        if poison:
            arena.fill(POISON_BYTE)
        pointers.append(arena_pointer)
        status = self._cfunc(*pointers)
        if self.signature.profiled_calls:
            self.last_events = self._read_profile()
        if status != 0:
            raise self.signature.error(status)
        return self.signature.finish(results)

    def _read_profile(self) -> list[KernelEvent]:
        """The kernel times of the last call (a profiling build: see profile-kernels)."""
        calls = self.signature.profiled_calls
        name = f"__strata_profile_{self.signature.entry}"
        address = self.jit_module.engine.get_global_value_address(name)
        raw = np.frombuffer(ctypes.string_at(address, 32 * len(calls)), dtype=np.int64)
        stamps = raw.reshape(len(calls), 2, 2)  # call, start/end, (seconds, nanoseconds)
        ns = stamps[:, :, 0] * 1_000_000_000 + stamps[:, :, 1]
        return [
            KernelEvent(c.kernel, c.nodes, int(ns[i, 0]), int(ns[i, 1]), c.flops, c.bytes)
            for i, c in enumerate(calls)
        ]

    def _arena(self) -> tuple[np.ndarray, int]:
        """This thread's arena and the address of its data."""
        arena = getattr(self._arenas, "buffer", None)
        if arena is not None:
            return arena, self._arenas.pointer
        try:
            arena = aligned_empty(max(self.signature.arena_bytes, 1))
        except MemoryError as err:
            raise ExecutionError(
                f"cannot allocate the {self.signature.arena_bytes} bytes of temporaries "
                f"the model needs: {err}"
            ) from None
        self._arenas.buffer = arena
        self._arenas.pointer = int(arena.ctypes.data)
        return arena, self._arenas.pointer
