"""The entry ABI: which buffers the compiled function takes, in which order, and how a call's
arguments bind to them. A leaf module: the frontends, transforms, lowerings, targets and runtimes
all read it.

The entry function takes one pointer per input, one per output, then one to a temporary arena, and
returns an i32 status (0 = ok). Buffer assignment records this as a JSON string attribute
`strata.signature` on the entry `func.func`; lowering to LLVM carries it onto the `llvm.func`, and
the runtime reads it back to call the function with numpy arrays (or from the compile cache: so
xDSL's IR is imported only by the two functions that read or write the attribute).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from strata.diagnostics import ExecutionError, InputError, LoopTripsExceeded

if TYPE_CHECKING:
    from xdsl.ir import Operation

SIGNATURE_ATTR = "strata.signature"
ENTRY_FUNCTION_ATTR = "tf.entry_function"
"""On the tf..linalg stages: `{inputs = "x,y", outputs = "out"}`, TensorFlow's MLIR convention."""


@dataclass(frozen=True)
class TensorSpec:
    name: str
    shape: tuple[int, ...]
    dtype: str  # numpy dtype name: float32, int32, bool, ...

    @property
    def nbytes(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64)) * np.dtype(self.dtype).itemsize

    @functools.cached_property
    def numpy_dtype(self) -> np.dtype:
        return np.dtype(self.dtype)

    def check(self, value: object) -> np.ndarray:
        """`value` as a C-contiguous array of this spec's shape and dtype, or an InputError."""
        array = np.asarray(value)
        dtype = self.numpy_dtype
        if array.shape != self.shape or array.dtype != dtype:
            raise InputError(
                f"input '{self.name}': expected shape {_describe(self.shape, dtype)}, "
                f"found {_describe(array.shape, array.dtype)}"
            )
        return np.ascontiguousarray(array)


def _describe(shape: Sequence[int], dtype: np.dtype) -> str:
    return f"{tuple(shape)} {dtype.name}"


@dataclass(frozen=True)
class RunTimeLength:
    """An output dim whose size the input data decide (a list grown in a loop bounded by
    `maximum_iterations`, a tf.where, a non-max suppression, ...: the GraphDef importer's
    RunLength): the output buffer holds the bound, and the hidden scalar output `length`
    (`<output>#length`) how much of it the call filled; the runtime returns that much."""

    output: str
    axis: int

    @property
    def length(self) -> str:
        return f"{self.output}{LENGTH_SUFFIX}"


LENGTH_SUFFIX = "#length"
"""Ends the name of an output holding another's run-time length ('#' is in no TF node name)."""
LENGTHS_KEY = "lengths"
"""The `tf.entry_function` entry naming the run-time lengths: `"tokens:1,scores:1"`."""
UNUSED_INPUTS_KEY = "unused_inputs"
"""The `tf.entry_function` entry naming the graph's Placeholders that the outputs do not need:
a call may feed them (as TensorFlow's feeds may), and they are ignored."""


def format_lengths(lengths: Sequence[RunTimeLength]) -> str:
    return ",".join(f"{d.output}:{d.axis}" for d in lengths)


def parse_lengths(text: str) -> tuple[RunTimeLength, ...]:
    found = []
    for item in filter(None, text.split(",")):
        output, _, axis = item.rpartition(":")
        found.append(RunTimeLength(output, int(axis)))
    return tuple(found)


@dataclass(frozen=True)
class ProfiledCall:
    """One timed kernel call of a profiling build (`profile-kernels`), in call order."""

    kernel: str
    nodes: str
    """The TF node(s) the call came from, comma-separated (empty when unknown)."""
    flops: int
    """Float operations the kernel performs (static estimate; 0 when it has none)."""
    bytes: int
    """Bytes of the buffers it is called with (what it may read and write)."""


POISON_BYTE = 0xFF
"""What a debug build's outputs and arena hold before each call (`poison_scratch`): every float
NaN, every integer -1."""


@dataclass(frozen=True)
class EntrySignature:
    entry: str
    inputs: tuple[TensorSpec, ...]
    outputs: tuple[TensorSpec, ...]
    arena_bytes: int = 0
    status_codes: dict[int, str] = field(default_factory=dict)
    """Non-zero status values the function may return, and what each means."""
    trip_bounds: dict[int, int] = field(default_factory=dict)
    """The status values that say a loop ran its trip bound (rt.check `loop_trips`), with it."""
    profiled_calls: tuple[ProfiledCall, ...] = ()
    """Profiling builds: the kernel calls whose start and end times the entry records in the
    global `__strata_profile_<entry>` (two `struct timespec` per call)."""
    poison_scratch: bool = False
    """Debug builds (`memref-check-bounds`): the runtime fills the outputs and the arena with 0xFF
    bytes (NaN, or -1) before every call, so a read of memory nothing wrote shows in the results."""
    lengths: tuple[RunTimeLength, ...] = ()
    """Outputs with a dim the data decide; their lengths are hidden outputs (`visible`)."""
    unused_inputs: tuple[str, ...] = ()
    """The graph's other Placeholders (UNUSED_INPUTS_KEY): a call may name them; they are
    ignored, where any other name is an error."""

    @functools.cached_property
    def visible(self) -> tuple[TensorSpec, ...]:
        """The outputs a caller gets: all but the run-time lengths of others."""
        hidden = {d.length for d in self.lengths}
        return tuple(s for s in self.outputs if s.name not in hidden)

    def finish(self, results: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        """A call's results as the caller gets them: each output with a run-time length cut to
        it (the buffer holds its bound), the lengths themselves left out."""
        if not self.lengths:
            return results
        for dim in self.lengths:
            full = results[dim.output]
            n = min(max(int(results[dim.length]), 0), full.shape[dim.axis])
            index = (slice(None),) * dim.axis + (slice(0, n),)
            results[dim.output] = np.ascontiguousarray(full[index])
        hidden = {d.length for d in self.lengths}
        return {name: value for name, value in results.items() if name not in hidden}

    def error(self, status: int) -> ExecutionError:
        """What a call that returned the non-zero `status` raises."""
        message = f"{self.entry}: status {status}: {self.status_codes.get(status, 'unknown error')}"
        trips = self.trip_bounds.get(status)
        return ExecutionError(message) if trips is None else LoopTripsExceeded(message, trips)

    def to_json(self) -> str:
        data = asdict(self)
        data["status_codes"] = {str(k): v for k, v in self.status_codes.items()}
        data["trip_bounds"] = {str(k): v for k, v in self.trip_bounds.items()}
        for optional in ("trip_bounds", "lengths", "unused_inputs"):
            if not data[optional]:
                del data[optional]  # the common case: the signature reads as before they were
        return json.dumps(data, separators=(",", ":"))

    @staticmethod
    def from_json(text: str) -> EntrySignature:
        data = json.loads(text)
        return EntrySignature(
            entry=data["entry"],
            inputs=tuple(
                TensorSpec(i["name"], tuple(i["shape"]), i["dtype"]) for i in data["inputs"]
            ),
            outputs=tuple(
                TensorSpec(o["name"], tuple(o["shape"]), o["dtype"]) for o in data["outputs"]
            ),
            arena_bytes=int(data.get("arena_bytes", 0)),
            status_codes={int(k): v for k, v in data.get("status_codes", {}).items()},
            trip_bounds={int(k): int(v) for k, v in data.get("trip_bounds", {}).items()},
            profiled_calls=tuple(ProfiledCall(**c) for c in data.get("profiled_calls", ())),
            poison_scratch=bool(data.get("poison_scratch", False)),
            lengths=tuple(RunTimeLength(**d) for d in data.get("lengths", ())),
            unused_inputs=tuple(data.get("unused_inputs", ())),
        )

    @functools.cached_property
    def input_names(self) -> tuple[str, ...]:
        return tuple(spec.name for spec in self.inputs)

    def bind_inputs(self, args: Sequence[object], kwargs: Mapping[str, object]) -> list[np.ndarray]:
        """The arrays of a call, in signature order: by position, then by name; each checked
        against its spec. Every runtime (cpu, cuda, cuda-sim) binds its arguments here."""
        names = self.input_names
        if not args and len(kwargs) == len(names) and all(n in kwargs for n in names):
            return [spec.check(kwargs[spec.name]) for spec in self.inputs]  # the common call
        if len(args) > len(names):
            raise InputError(f"expected at most {len(names)} inputs, got {len(args)}")
        given: dict[str, object] = dict(zip(names, args, strict=False))
        for name, value in kwargs.items():
            if name in self.unused_inputs and name not in names:
                continue  # a Placeholder of the graph that the chosen outputs do not read
            if name not in names:
                raise InputError(f"unknown input '{name}' (inputs: {', '.join(names)})")
            if name in given:
                raise InputError(f"input '{name}' given twice")
            given[name] = value
        missing = [n for n in names if n not in given]
        if missing:
            raise InputError(f"missing inputs: {', '.join(repr(m) for m in missing)}")
        return [spec.check(given[spec.name]) for spec in self.inputs]

    def attach(self, func: Operation) -> None:
        from xdsl.dialects.builtin import StringAttr

        func.attributes[SIGNATURE_ATTR] = StringAttr(self.to_json())

    @staticmethod
    def of(func: Operation) -> EntrySignature | None:
        from xdsl.dialects.builtin import StringAttr

        attr = func.attributes.get(SIGNATURE_ATTR)
        if not isinstance(attr, StringAttr):
            return None
        return EntrySignature.from_json(attr.data)
