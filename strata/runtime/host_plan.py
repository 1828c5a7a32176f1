"""The host side of a GPU-compiled module as a plan: buffers, copies and launches run per call.

`HostPlan.build(module)` reads the host `func.func` of a `gpu`- (or `nvvm`-) stage module once;
`PlanFunction(plan, device)` runs it against a `Device` (the CUDA driver, or the CPU emulator of
cuda-sim). Every buffer is a view (base buffer, byte offset, shape, dtype) of an input, an output,
the arena or a constant global (uploaded once). Scalar arithmetic on constants is folded when the
plan is built; only values read back from the device (a status flag) are computed per call.
"""

from __future__ import annotations

import operator
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol, TypeVar

import numpy as np
from xdsl.dialects import arith, func, gpu, memref, scf
from xdsl.dialects.arith import CMPF_COMPARISON_OPERATIONS, CMPI_COMPARISON_OPERATIONS
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
)
from xdsl.ir import Attribute, Operation, Region, SSAValue

from strata.abi import POISON_BYTE, EntrySignature, TensorSpec
from strata.diagnostics import StrataError, describe_op, node_names
from strata.dialects.element_kinds import numpy_dtype_for
from strata.dialects.hlo.scalar_semantics import CMPF_NUMPY, CMPI_NUMPY
from strata.profiling import KernelEvent

# --- The device a plan runs against ------------------------------------------------------------


BufferT = TypeVar("BufferT")
"""A device's buffer handle (a CUdeviceptr int, an emulator's numpy array)."""


class Device(Protocol[BufferT]):
    """What a plan needs from a GPU (or its emulator). Buffers are opaque handles."""

    def enter(self) -> None:
        """Make the device current for the calling thread, before its first transfer: a CUDA
        context is current per thread, and a call may come from any Python thread."""
        ...

    def alloc(self, nbytes: int) -> BufferT: ...

    def upload(self, buffer: BufferT, offset: int, data: np.ndarray) -> None: ...

    def download(self, buffer: BufferT, offset: int, out: np.ndarray) -> None:
        """Fill `out` (contiguous) with the bytes at `buffer + offset`."""
        ...

    def copy(
        self, dst: BufferT, dst_offset: int, src: BufferT, src_offset: int, nbytes: int
    ) -> None: ...

    def launch(
        self,
        kernel: str,
        grid: tuple[int, int, int],
        block: tuple[int, int, int],
        args: Sequence[tuple[BufferT, int]],
    ) -> None:
        """Run `kernel` with one pointer per (buffer, byte offset) argument."""
        ...

    def synchronize(self) -> None: ...


# --- The plan --------------------------------------------------------------------------------


@dataclass(frozen=True)
class View:
    """A memref on the device: `buffer` indexes HostPlan.buffers."""

    buffer: int
    offset: int
    shape: tuple[int, ...]
    dtype: np.dtype

    @property
    def nbytes(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64)) * self.dtype.itemsize


class BufferKind(Enum):
    """What a device buffer of the plan holds."""

    INPUT = "input"
    OUTPUT = "output"
    ARENA = "arena"
    CONSTANT = "constant"


@dataclass(frozen=True)
class BufferSpec:
    kind: BufferKind
    name: str
    nbytes: int
    data: np.ndarray | None = None
    """Initial bytes of a constant global (uploaded once)."""


@dataclass(frozen=True)
class Slot:
    """A scalar known only when the plan runs (read back from the device)."""

    index: int


Scalar = int | float | bool
Operand = Scalar | Slot


@dataclass(frozen=True)
class Launch:
    kernel: str
    grid: tuple[int, int, int]
    block: tuple[int, int, int]
    args: tuple[View, ...]
    nodes: str = ""
    """The TF node(s) the launch came from, comma-separated (for profiles)."""


@dataclass(frozen=True)
class Copy:
    src: View
    dst: View


@dataclass(frozen=True)
class Load:
    view: View
    indices: tuple[Operand, ...]
    result: Slot


@dataclass(frozen=True)
class Store:
    """A scalar the host computed, written to device memory (a check's status cell)."""

    view: View
    indices: tuple[Operand, ...]
    value: Operand


@dataclass(frozen=True)
class Compute:
    fn: Callable[..., Scalar]
    operands: tuple[Operand, ...]
    result: Slot


@dataclass(frozen=True)
class While:
    """An scf.while of the host function (state in device buffers, no loop values): run
    `before`, stop when `condition` is false, else run `body` and start again."""

    before: tuple[Step, ...]
    condition: Operand
    body: tuple[Step, ...]


@dataclass(frozen=True)
class Branch:
    """An scf.if (`selector` a bool, case True) or scf.index_switch of the host function: the
    steps of the first case equal to `selector`, else `default`."""

    selector: Operand
    cases: tuple[Scalar, ...]
    blocks: tuple[tuple[Step, ...], ...]
    default: tuple[Step, ...]


Step = Launch | Copy | Load | Store | Compute | While | Branch


def launches(steps: Sequence[Step]) -> Iterator[Launch]:
    """The launches among `steps`, those in loops and branches included, in program order."""
    for step in steps:
        if isinstance(step, Launch):
            yield step
        elif isinstance(step, While):
            yield from launches(step.before)
            yield from launches(step.body)
        elif isinstance(step, Branch):
            for block in (*step.blocks, step.default):
                yield from launches(block)


@dataclass
class HostPlan:
    signature: EntrySignature
    buffers: list[BufferSpec]
    steps: list[Step]
    status: Operand
    slots: int = 0
    kernels: list[str] = field(default_factory=list)

    @staticmethod
    def build(module: ModuleOp) -> HostPlan:
        return _Builder(module).build()


def _element_dtype(t: Attribute) -> np.dtype:
    if isinstance(t, IndexType):
        return np.dtype(np.int64)
    if isinstance(t, BFloat16Type):  # the host only moves its bits (a bf16 weight's, say)
        return np.dtype(np.uint16)
    return numpy_dtype_for(t)


def _memref_view(t: Attribute, op: Operation) -> tuple[tuple[int, ...], np.dtype]:
    if not isinstance(t, MemRefType) or not t.has_static_shape():
        raise StrataError(f"{describe_op(op)}: host plan: expected a static memref, found {t}")
    return tuple(t.get_shape()), _element_dtype(t.get_element_type())


def global_bytes(op: memref.GlobalOp) -> np.ndarray:
    """A constant global's initial value as raw bytes, exactly as the CPU target writes weights
    (`strata.targets.llvm_ir.dense_bytes`)."""
    shape, dtype = _memref_view(op.type, op)
    nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
    value = op.initial_value
    if not isinstance(value, DenseIntOrFPElementsAttr):
        return np.zeros(nbytes, np.uint8)
    from strata.targets.llvm_ir import dense_bytes

    return np.frombuffer(dense_bytes(value, nbytes, op.sym_name.data), np.uint8).copy()


def _wrap(value: int, t: Attribute | None) -> Scalar:
    """An integer result as the type holds it (i1 as bool, iN wrapped, index as i64)."""
    width = 64 if isinstance(t, IndexType) else t.width.data if isinstance(t, IntegerType) else 0
    if width == 0:
        return value
    if width == 1:
        return bool(value & 1)
    value &= (1 << width) - 1
    return value - (1 << width) if value >= 1 << (width - 1) else value


def _unsigned(value: Scalar, t: Attribute) -> int:
    width = 64 if isinstance(t, IndexType) else t.width.data if isinstance(t, IntegerType) else 64
    return int(value) & ((1 << width) - 1)


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _scalar_fn(op: Operation) -> Callable[..., Scalar] | None:
    """The Python function of a scalar arith op (None: not one the host plan evaluates)."""
    t = op.results[0].type if op.results else None
    binary_int: dict[type[Operation], Callable[[int, int], int]] = {
        arith.AddiOp: operator.add,
        arith.SubiOp: operator.sub,
        arith.MuliOp: operator.mul,
        arith.AndIOp: operator.and_,
        arith.OrIOp: operator.or_,
        arith.XOrIOp: operator.xor,
        arith.DivSIOp: _trunc_div,
        arith.RemSIOp: lambda a, b: a - b * _trunc_div(a, b),
        arith.MaxSIOp: max,
        arith.MinSIOp: min,
        arith.ShLIOp: operator.lshift,
        arith.ShRSIOp: operator.rshift,
    }
    kind = type(op)
    if kind in binary_int:
        fn = binary_int[kind]
        return lambda a, b: _wrap(fn(int(a), int(b)), t)
    if isinstance(op, (arith.DivUIOp, arith.RemUIOp)):
        is_div = isinstance(op, arith.DivUIOp)
        lhs_t = op.operands[0].type

        def unsigned_div(a: Scalar, b: Scalar) -> Scalar:
            ua, ub = _unsigned(a, lhs_t), _unsigned(b, lhs_t)
            return _wrap(ua // ub if is_div else ua % ub, t)

        return unsigned_div
    if isinstance(op, arith.CmpiOp):
        compare, unsigned = CMPI_NUMPY[CMPI_COMPARISON_OPERATIONS[op.predicate.value.data]]
        lhs_t = op.operands[0].type
        if unsigned:
            return lambda a, b: bool(compare(_unsigned(a, lhs_t), _unsigned(b, lhs_t)))
        return lambda a, b: bool(compare(int(a), int(b)))
    if isinstance(op, arith.CmpfOp):
        name = CMPF_COMPARISON_OPERATIONS[op.predicate.value.data]
        if name not in CMPF_NUMPY:
            return None
        return lambda a, b, c=CMPF_NUMPY[name]: bool(c(float(a), float(b)))
    if isinstance(op, arith.SelectOp):
        return lambda c, a, b: a if c else b
    if isinstance(op, (arith.IndexCastOp, arith.ExtSIOp, arith.TruncIOp)):
        return lambda a: _wrap(int(a), t)
    if isinstance(op, arith.ExtUIOp):
        src_t = op.operands[0].type
        return lambda a: _wrap(_unsigned(a, src_t), t)
    float_binary: dict[type[Operation], Callable[[float, float], float]] = {
        arith.AddfOp: operator.add,
        arith.SubfOp: operator.sub,
        arith.MulfOp: operator.mul,
        arith.DivfOp: operator.truediv,
    }
    if kind in float_binary:
        ffn = float_binary[kind]
        return lambda a, b: ffn(float(a), float(b))
    return None


class _Builder:
    def __init__(self, module: ModuleOp):
        self.module = module
        self.buffers: list[BufferSpec] = []
        self.steps: list[Step] = []
        self.values: dict[SSAValue, Operand | View] = {}
        self.slots = 0
        self.globals: dict[str, int] = {}

    def build(self) -> HostPlan:
        main, signature = self._entry()
        args = list(main.body.block.args)
        specs: list[tuple[BufferKind, TensorSpec | None]] = [
            *((BufferKind.INPUT, s) for s in signature.inputs),
            *((BufferKind.OUTPUT, s) for s in signature.outputs),
            (BufferKind.ARENA, None),
        ]
        if len(args) != len(specs):
            raise StrataError(
                f"host plan: @{signature.entry} takes {len(args)} arguments, its signature "
                f"describes {len(specs)} (inputs, outputs, arena)"
            )
        for arg, (kind, spec) in zip(args, specs, strict=True):
            shape, dtype = _memref_view(arg.type, main)
            name = spec.name if spec is not None else "arena"
            nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
            self.values[arg] = View(self._buffer(BufferSpec(kind, name, nbytes)), 0, shape, dtype)
        status: Operand | None = None
        for op in main.body.block.ops:
            if isinstance(op, func.ReturnOp):
                status = self._return(op)
                break
            self._op(op)
        if status is None:
            raise StrataError(f"host plan: @{signature.entry} has no func.return")
        kernels = sorted({s.kernel for s in launches(self.steps)})
        return HostPlan(signature, self.buffers, self.steps, status, self.slots, kernels)

    def _entry(self) -> tuple[func.FuncOp, EntrySignature]:
        for op in self.module.ops:
            if isinstance(op, func.FuncOp) and (sig := EntrySignature.of(op)) is not None:
                return op, sig
        raise StrataError("host plan: no func.func with a strata.signature attribute")

    def _buffer(self, spec: BufferSpec) -> int:
        self.buffers.append(spec)
        return len(self.buffers) - 1

    def _slot(self) -> Slot:
        self.slots += 1
        return Slot(self.slots - 1)

    def _view(self, value: SSAValue, op: Operation) -> View:
        found = self.values.get(value)
        if not isinstance(found, View):
            raise StrataError(f"{describe_op(op)}: host plan: operand is not a device buffer")
        return found

    def _scalar(self, value: SSAValue, op: Operation) -> Operand:
        found = self.values.get(value)
        if found is None or isinstance(found, View):
            raise StrataError(f"{describe_op(op)}: host plan: operand is not a scalar")
        return found

    def _static(self, value: SSAValue, op: Operation) -> int:
        found = self._scalar(value, op)
        if isinstance(found, Slot):
            raise StrataError(f"{describe_op(op)}: host plan: size or offset is not a constant")
        return int(found)

    def _return(self, op: func.ReturnOp) -> Operand:
        if len(op.arguments) != 1:
            raise StrataError(f"{describe_op(op)}: host plan: expected one i32 status")
        return self._scalar(op.arguments[0], op)

    def _op(self, op: Operation) -> None:
        if isinstance(op, arith.ConstantOp):
            self.values[op.result] = self._constant(op)
        elif isinstance(op, memref.GetGlobalOp):
            self.values[op.memref] = self._get_global(op)
        elif isinstance(op, memref.ViewOp):
            source = self._view(op.source, op)
            offset = self._static(op.byte_shift, op)
            shape, dtype = _memref_view(op.results[0].type, op)
            self.values[op.results[0]] = View(source.buffer, source.offset + offset, shape, dtype)
        elif isinstance(op, (memref.ExpandShapeOp, memref.CollapseShapeOp)):
            source = self._view(op.operands[0], op)
            shape, dtype = _memref_view(op.results[0].type, op)
            self.values[op.results[0]] = View(source.buffer, source.offset, shape, dtype)
        elif isinstance(op, memref.CopyOp):
            src, dst = self._view(op.source, op), self._view(op.destination, op)
            if src.nbytes != dst.nbytes:
                raise StrataError(f"{describe_op(op)}: host plan: copy between different sizes")
            self.steps.append(Copy(src, dst))
        elif isinstance(op, memref.LoadOp):
            view = self._view(op.memref, op)
            indices = tuple(self._scalar(i, op) for i in op.indices)
            slot = self._slot()
            self.steps.append(Load(view, indices, slot))
            self.values[op.res] = slot
        elif isinstance(op, memref.StoreOp):
            view = self._view(op.memref, op)
            indices = tuple(self._scalar(i, op) for i in op.indices)
            self.steps.append(Store(view, indices, self._scalar(op.value, op)))
        elif isinstance(op, gpu.LaunchFuncOp):
            self.steps.append(self._launch(op))
        elif isinstance(op, scf.WhileOp):
            self.steps.append(self._while(op))
        elif isinstance(op, scf.IfOp | scf.IndexSwitchOp):
            self.steps.append(self._branch(op))
        else:
            self._arith(op)

    def _block(self, ops: Sequence[Operation]) -> tuple[Step, ...]:
        """The steps of `ops` (a region's block but its terminator)."""
        outer, self.steps = self.steps, []
        try:
            for inner in ops:
                self._op(inner)
            return tuple(self.steps)
        finally:
            self.steps = outer

    def _while(self, op: scf.WhileOp) -> While:
        if op.arguments or op.results:
            raise StrataError(
                f"{describe_op(op)}: host plan: a loop carrying values (state lives in device "
                "buffers here)"
            )
        before, body = op.before_region.block, op.after_region.block
        condition = before.last_op
        if not isinstance(condition, scf.ConditionOp) or condition.args:
            raise StrataError(f"{describe_op(op)}: host plan: expected scf.condition of no values")
        steps = self._block(list(before.ops)[:-1])
        flag = self._scalar(condition.condition, condition)
        return While(steps, flag, self._block(list(body.ops)[:-1]))

    def _branch(self, op: scf.IfOp | scf.IndexSwitchOp) -> Branch:
        if op.results:
            raise StrataError(f"{describe_op(op)}: host plan: a branch with results")

        def steps(region: Region) -> tuple[Step, ...]:
            return self._block(list(region.block.ops)[:-1]) if region.blocks else ()

        if isinstance(op, scf.IfOp):
            cond = self._scalar(op.cond, op)
            return Branch(cond, (True,), (steps(op.true_region),), steps(op.false_region))
        selector = self._scalar(op.arg, op)
        cases = tuple(int(c) for c in op.cases.get_values())
        blocks = tuple(steps(r) for r in op.case_regions)
        return Branch(selector, cases, blocks, steps(op.default_region))

    def _constant(self, op: arith.ConstantOp) -> Scalar:
        value = op.value
        if isinstance(value, IntegerAttr):
            return _wrap(value.value.data, op.result.type)
        if isinstance(value, FloatAttr):
            return float(value.value.data)
        raise StrataError(f"{describe_op(op)}: host plan: unsupported constant {value}")

    def _get_global(self, op: memref.GetGlobalOp) -> View:
        name = op.name_.root_reference.data
        if name not in self.globals:
            glob = next(
                (
                    g
                    for g in self.module.ops
                    if isinstance(g, memref.GlobalOp) and g.sym_name.data == name
                ),
                None,
            )
            if glob is None:
                raise StrataError(f"{describe_op(op)}: host plan: no memref.global @{name}")
            data = global_bytes(glob)
            spec = BufferSpec(BufferKind.CONSTANT, name, data.size, data)
            self.globals[name] = self._buffer(spec)
        shape, dtype = _memref_view(op.memref.type, op)
        return View(self.globals[name], 0, shape, dtype)

    def _launch(self, op: gpu.LaunchFuncOp) -> Launch:
        kernel = (
            op.kernel.nested_references.data[-1].data
            if op.kernel.nested_references.data
            else op.kernel.root_reference.data
        )
        if op.asyncDependencies or op.asyncToken is not None or op.dynamicSharedMemorySize:
            raise StrataError(f"{describe_op(op)}: host plan: async launches are not supported")
        grid = (
            self._static(op.gridSizeX, op),
            self._static(op.gridSizeY, op),
            self._static(op.gridSizeZ, op),
        )
        block = (
            self._static(op.blockSizeX, op),
            self._static(op.blockSizeY, op),
            self._static(op.blockSizeZ, op),
        )
        args = tuple(self._view(a, op) for a in op.kernelOperands)
        return Launch(kernel, grid, block, args, ",".join(node_names(op.location)))

    def _arith(self, op: Operation) -> None:
        fn = _scalar_fn(op) if op.dialect_name() == "arith" and len(op.results) == 1 else None
        if fn is None:
            raise StrataError(
                f"{describe_op(op)}: host plan: op not supported in the host function "
                "(expected arith on scalars, memref views/copies/loads/stores, gpu.launch_func)"
            )
        operands = tuple(self._scalar(o, op) for o in op.operands)
        if any(isinstance(o, Slot) for o in operands):
            slot = self._slot()
            self.steps.append(Compute(fn, operands, slot))
            self.values[op.results[0]] = slot
            return
        self.values[op.results[0]] = fn(*operands)


# --- Running a plan ----------------------------------------------------------------------------


class PlanFunction:
    """A host plan bound to a device: call it with numpy arrays by input name, like the CPU
    target's CompiledFunction (returns {output name: array})."""

    def __init__(self, plan: HostPlan, device: Device[Any]):
        self.plan = plan
        self.device = device
        self.signature = plan.signature
        self.inputs: tuple[TensorSpec, ...] = plan.signature.inputs
        self.outputs: tuple[TensorSpec, ...] = plan.signature.outputs
        # Calls share the device buffers: one at a time.
        self._lock = threading.Lock()
        self.profile = False
        """Time each launch (synchronising after it) into `last_events`."""
        self.last_events: list[KernelEvent] = []
        device.enter()
        self.handles = [device.alloc(max(spec.nbytes, 1)) for spec in plan.buffers]
        for handle, spec in zip(self.handles, plan.buffers, strict=True):
            if spec.data is not None:
                device.upload(handle, 0, spec.data)
        self._inputs = [i for i, b in enumerate(plan.buffers) if b.kind is BufferKind.INPUT]
        self._outputs = [i for i, b in enumerate(plan.buffers) if b.kind is BufferKind.OUTPUT]
        self._scratch: list[int] = []
        self._poison: dict[int, np.ndarray] = {}
        if self.signature.poison_scratch:
            scratch = (BufferKind.OUTPUT, BufferKind.ARENA)
            self._scratch = [i for i, b in enumerate(plan.buffers) if b.kind in scratch]
            self._poison = {
                i: np.full(max(plan.buffers[i].nbytes, 1), POISON_BYTE, np.uint8)
                for i in self._scratch
            }

    def __call__(self, *args: object, **kwargs: object) -> dict[str, np.ndarray]:
        arrays = self.signature.bind_inputs(args, kwargs)
        with self._lock:
            return self._run(arrays)

    def _run(self, arrays: list[np.ndarray]) -> dict[str, np.ndarray]:
        device, handles = self.device, self.handles
        device.enter()
        for index, array in zip(self._inputs, arrays, strict=True):
            device.upload(handles[index], 0, array)
        for index in self._scratch:
            device.upload(handles[index], 0, self._poison[index])
        slots: list[Scalar] = [0] * self.plan.slots

        def value(operand: Operand) -> Scalar:
            return slots[operand.index] if isinstance(operand, Slot) else operand

        events: list[KernelEvent] = []

        def run(steps: Sequence[Step]) -> None:
            for step in steps:
                if isinstance(step, Launch):
                    args = [(handles[v.buffer], v.offset) for v in step.args]
                    if self.profile:
                        start = time.monotonic_ns()
                        device.launch(step.kernel, step.grid, step.block, args)
                        device.synchronize()
                        nbytes = sum(v.nbytes for v in step.args)
                        end = time.monotonic_ns()
                        events.append(KernelEvent(step.kernel, step.nodes, start, end, 0, nbytes))
                        continue
                    device.launch(step.kernel, step.grid, step.block, args)
                elif isinstance(step, Copy):
                    device.copy(
                        handles[step.dst.buffer],
                        step.dst.offset,
                        handles[step.src.buffer],
                        step.src.offset,
                        step.src.nbytes,
                    )
                elif isinstance(step, Load):
                    slots[step.result.index] = self._load(step, value)
                elif isinstance(step, Store):
                    view = step.view
                    flat = _flat(step.indices, view.shape, value)
                    offset = view.offset + flat * view.dtype.itemsize
                    item = np.asarray([value(step.value)], view.dtype)
                    device.upload(handles[view.buffer], offset, item)
                elif isinstance(step, While):
                    while True:
                        run(step.before)
                        if not value(step.condition):
                            break
                        run(step.body)
                elif isinstance(step, Branch):
                    chosen = value(step.selector)
                    taken = next(
                        (b for c, b in zip(step.cases, step.blocks, strict=True) if c == chosen),
                        step.default,
                    )
                    run(taken)
                else:
                    slots[step.result.index] = step.fn(*(value(o) for o in step.operands))

        run(self.plan.steps)
        results: dict[str, np.ndarray] = {}
        for index, spec in zip(self._outputs, self.outputs, strict=True):
            out = np.empty(spec.shape, np.dtype(spec.dtype))
            device.download(handles[index], 0, out)
            results[spec.name] = out
        device.synchronize()
        if self.profile:
            self.last_events = events
        status = int(value(self.plan.status))
        if status != 0:
            raise self.signature.error(status)
        return self.signature.finish(results)

    def _load(self, step: Load, value: Callable[[Operand], Scalar]) -> Scalar:
        view = step.view
        flat = _flat(step.indices, view.shape, value)
        out = np.empty(1, view.dtype)
        self.device.download(
            self.handles[view.buffer], view.offset + flat * view.dtype.itemsize, out
        )
        loaded: Scalar = out[0].item()
        return loaded


def _flat(
    indices: Sequence[Operand], shape: Sequence[int], value: Callable[[Operand], Scalar]
) -> int:
    """The row-major element number of `indices` in a view of `shape`."""
    flat = 0
    for index, size in zip(indices, shape, strict=True):
        flat = flat * size + int(value(index))
    return flat
