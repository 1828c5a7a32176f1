"""memref-check-bounds: a debug mode that guards every memref access in a kernel with a check.

    memref.load %buf[%i, %j] : memref<4x8xf32>
 -> %ok = (%i ult 4) and (%j ult 8)
    %v = scf.if %ok -> f32 { memref.load %buf[%i, %j] } else { record the code; yield 0.0 }

An access out of range is not performed (a load yields zero) and the first one is recorded in a
status cell placed after the arena's temporaries; the entry returns its code, and its message in
`strata.signature` names the TF node, the kernel, the buffer and the dim, so the runtime raises
an ExecutionError instead of touching memory it does not own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from xdsl.context import Context
from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects import gpu as xgpu
from xdsl.dialects.builtin import (
    AnyFloat,
    DictionaryAttr,
    FloatAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    LocationAttr,
    MemRefType,
    ModuleOp,
    SymbolRefAttr,
    UnitAttr,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from strata.abi import EntrySignature
from strata.diagnostics import describe_location
from strata.dialects import gpu
from strata.dialects.memref_views import buffer_root

STATUS_TYPE = MemRefType(i32, [])
STATUS_ALIGN = 8
CHECKED_ATTR = "strata.bounds_checked"
"""On an entry whose kernels are guarded already."""
KernelFunc = func.FuncOp | xgpu.FuncOp
Call = func.CallOp | xgpu.LaunchFuncOp


@dataclass
class _Codes:
    """Status codes and their messages; one code per distinct message."""

    messages: dict[int, str]
    by_message: dict[str, int] = field(default_factory=dict)

    def code(self, message: str) -> int:
        if message not in self.by_message:
            code = max(self.messages, default=0) + 1
            self.messages[code] = message
            self.by_message[message] = code
        return self.by_message[message]


class _Builder:
    """Inserts ops before `anchor` (or appends to a block), each with the anchor's location."""

    def __init__(self, location: LocationAttr, block: Block, anchor: Operation | None = None):
        self.location = location
        self.block = block
        self.anchor = anchor

    def add(self, op: Operation) -> Operation:
        op.location = self.location
        if self.anchor is None:
            self.block.add_op(op)
        else:
            self.block.insert_op_before(op, self.anchor)
        return op

    def __call__(self, op: Operation) -> SSAValue:
        """Insert `op` and return its single result."""
        return self.add(op).results[0]

    def index(self, value: int) -> SSAValue:
        return self(arith.ConstantOp(IntegerAttr(value, IndexType())))

    def i32(self, value: int) -> SSAValue:
        return self(arith.ConstantOp(IntegerAttr(value, i32)))


def _entry(module: ModuleOp) -> tuple[func.FuncOp, EntrySignature]:
    for op in module.ops:
        if isinstance(op, func.FuncOp) and (sig := EntrySignature.of(op)) is not None:
            return op, sig
    raise PassFailedException(
        "memref-check-bounds: no func.func with a strata.signature "
        "(expected a module at the loops or gpu stage)"
    )


def _kernels(module: ModuleOp, entry: func.FuncOp) -> dict[str, KernelFunc]:
    """Private func.func kernels (cpu) and gpu.func kernels (gpu), by name."""
    found: dict[str, KernelFunc] = {}
    for op in module.ops:
        if isinstance(op, func.FuncOp) and op is not entry and not op.is_declaration:
            found[op.sym_name.data] = op
        if isinstance(op, xgpu.ModuleOp):
            for inner in op.body.block.ops:
                if isinstance(inner, xgpu.FuncOp) and inner.kernel is not None:
                    found[inner.sym_name.data] = inner
    return found


def _callee(call: Call) -> str:
    if isinstance(call, func.CallOp):
        return call.callee.root_reference.data
    refs = call.kernel.nested_references.data
    return refs[-1].data if refs else call.kernel.root_reference.data


def _call_args(call: Call) -> Sequence[SSAValue]:
    return call.arguments if isinstance(call, func.CallOp) else call.kernelOperands


def describe_buffer(value: SSAValue, entry: func.FuncOp, signature: EntrySignature) -> str:
    """How a message names the buffer behind a kernel argument: an input, an output, an arena
    temporary (with the node that made it) or a constant."""
    root = buffer_root(value)
    args: list[SSAValue] = list(entry.body.block.args)
    if root in args:
        position = args.index(root)
        n_in, n_out = len(signature.inputs), len(signature.outputs)
        if position < n_in:
            return f"input '{signature.inputs[position].name}'"
        if position < n_in + n_out:
            return f"output '{signature.outputs[position - n_in].name}'"
        return "the arena"
    owner = root.owner
    if isinstance(owner, memref.ViewOp):
        shift = owner.byte_shift.owner
        at = ""
        if isinstance(shift, arith.ConstantOp) and isinstance(shift.value, IntegerAttr):
            at = f" at byte {shift.value.value.data}"
        made_by = describe_location(owner.location)
        return f"arena temporary{at}" + (f" ({made_by})" if made_by else "")
    if isinstance(owner, memref.GetGlobalOp):
        return f"constant @{owner.name_.string_value()}"
    return f"buffer {value.type}"


def _local_buffer(value: SSAValue) -> str:
    """How a message names a buffer a kernel makes itself."""
    owner = buffer_root(value).owner
    if isinstance(owner, memref.AllocaOp):
        return "private buffer"
    if isinstance(owner, memref.GetGlobalOp):
        return f"shared buffer @{owner.name_.string_value()}"
    return f"buffer {value.type}"


def _zero(t: Attribute) -> arith.ConstantOp | None:
    if isinstance(t, AnyFloat):
        return arith.ConstantOp(FloatAttr(0.0, t))
    if isinstance(t, IntegerType | IndexType):
        return arith.ConstantOp(IntegerAttr(0, t))
    return None


@dataclass
class _KernelGuard:
    """Guards the accesses of one kernel; `buffers` names each kernel argument."""

    kernel: KernelFunc
    buffers: list[str]
    status: SSAValue
    codes: _Codes

    def guard_all(self) -> None:
        accesses = [
            op for op in self.kernel.walk() if isinstance(op, memref.LoadOp | memref.StoreOp)
        ]
        for op in accesses:
            self.guard(op)

    def buffer_name(self, value: SSAValue) -> str:
        root = buffer_root(value)
        args: list[SSAValue] = list(self.kernel.body.block.args)
        if root in args:
            return self.buffers[args.index(root)]
        return _local_buffer(value)

    def message(self, op: memref.LoadOp | memref.StoreOp, dim: int, size: int) -> str:
        where = describe_location(op.location) or describe_location(self.kernel.location)
        verb = "load from" if isinstance(op, memref.LoadOp) else "store to"
        text = (
            f"kernel @{self.kernel.sym_name.data}: {verb} {self.buffer_name(op.memref)} "
            f"({op.memref.type}): index of dim {dim} out of range [0, {size})"
        )
        return f"{where}: {text}" if where else text

    def guard(self, op: memref.LoadOp | memref.StoreOp) -> None:
        t = op.memref.type
        indices = list(op.indices)
        if not isinstance(t, MemRefType) or not indices:
            return
        shape = t.get_shape()
        if any(size < 0 for size in shape):
            return  # a dynamic dim: the loops and gpu stages have none
        block = op.parent_block()
        if block is None:
            return
        b = _Builder(op.location, block, op)
        ok: SSAValue | None = None
        for index, size in zip(indices, shape, strict=True):
            inside = b(arith.CmpiOp(index, b.index(size), "ult"))
            ok = inside if ok is None else b(arith.AndIOp(ok, inside))
        assert ok is not None
        codes = [self.codes.code(self.message(op, d, size)) for d, size in enumerate(shape)]
        result_types = [op.res.type] if isinstance(op, memref.LoadOp) else []
        zero = _zero(op.res.type) if isinstance(op, memref.LoadOp) else None
        if isinstance(op, memref.LoadOp) and zero is None:
            raise PassFailedException(
                f"memref-check-bounds: kernel @{self.kernel.sym_name.data}: cannot guard a "
                f"load of element type {op.res.type}"
            )
        guarded = scf.IfOp(ok, result_types, [Block()], [Block()])
        b.add(guarded)
        then_block, else_block = guarded.true_region.block, guarded.false_region.block
        _detach(op)
        then_block.add_op(op)
        if isinstance(op, memref.LoadOp):
            old = op.res
            # Uses outside the guard now read the scf.if's result.
            old.replace_uses_with_if(guarded.results[0], lambda use: use.operation is not op)
            yield_then = scf.YieldOp(old)
        else:
            yield_then = scf.YieldOp()
        yield_then.location = op.location
        then_block.add_op(yield_then)
        e = _Builder(op.location, else_block)
        self.record(e, indices, shape, codes)
        if zero is not None:
            e.add(scf.YieldOp(e(zero)))
        else:
            e.add(scf.YieldOp())

    def record(
        self, b: _Builder, indices: list[SSAValue], shape: Sequence[int], codes: list[int]
    ) -> None:
        """status = status or (code of the first dim out of range)"""
        code = b.i32(codes[-1])
        for d in range(len(shape) - 2, -1, -1):
            bad = b(arith.CmpiOp(indices[d], b.index(shape[d]), "uge"))
            code = b(arith.SelectOp(bad, b.i32(codes[d]), code))
        status = b(memref.LoadOp.get(self.status, []))
        clean = b(arith.CmpiOp(status, b.i32(0), "eq"))
        first = b(arith.SelectOp(clean, code, status))
        b.add(memref.StoreOp.get(first, self.status, []))


@dataclass(frozen=True)
class MemrefCheckBoundsPass(ModulePass):
    """Guards every memref.load/store in the kernels with a check against the memref's dims.

    Expects: the `loops` stage (private func.func kernels called from the entry) or the `gpu`
    stage (gpu.func kernels launched from it). Guarantees: each kernel takes a status cell as its
    last argument; the entry places it after the arena's temporaries, zeroes it, and returns
    its code when it had none of its own; `strata.signature` has a message for every code.
    """

    name = "memref-check-bounds"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        entry, signature = _entry(op)
        if CHECKED_ATTR in entry.attributes:
            return
        entry.attributes[CHECKED_ATTR] = UnitAttr()
        kernels = _kernels(op, entry)
        calls = [c for c in entry.walk() if isinstance(c, Call) and _callee(c) in kernels]
        if not calls:
            return
        on_gpu = isinstance(calls[0], xgpu.LaunchFuncOp)
        status, arena_bytes = self.status_cell(entry, signature)
        codes = _Codes(dict(signature.status_codes))
        self.zero(op, entry, status, on_gpu)
        names = self.buffer_names(calls, kernels, entry, signature)
        for name, kernel in kernels.items():
            if name not in names:
                continue
            cell = self.add_status_argument(kernel)
            _KernelGuard(kernel, names[name], cell, codes).guard_all()
        for call in calls:
            self.pass_status(call, status)
        self.return_status(entry, status)
        replace(
            signature, arena_bytes=arena_bytes, status_codes=codes.messages, poison_scratch=True
        ).attach(entry)

    @staticmethod
    def status_cell(entry: func.FuncOp, signature: EntrySignature) -> tuple[SSAValue, int]:
        """Grow the arena by an i32 status cell after its temporaries; returns a view of it."""
        block = entry.body.block
        arena = block.args[-1]
        t = arena.type
        if (
            not isinstance(t, MemRefType)
            or t.element_type != IntegerType(8)
            or t.get_num_dims() != 1
        ):
            raise PassFailedException(
                f"memref-check-bounds: @{signature.entry}: expected the arena memref<Nxi8> as "
                f"last argument, found {t}"
            )
        used = max(t.get_shape()[0], signature.arena_bytes)
        offset = (used + STATUS_ALIGN - 1) // STATUS_ALIGN * STATUS_ALIGN
        grown = block.insert_arg(MemRefType(IntegerType(8), [offset + 4]), len(block.args))
        grown.name_hint = arena.name_hint
        arena.replace_all_uses_with(grown)
        block.erase_arg(arena)
        entry.function_type = FunctionType.from_lists(
            [a.type for a in block.args], list(entry.function_type.outputs)
        )
        first = block.first_op
        assert first is not None
        b = _Builder(entry.location, block, first)
        view = b(memref.ViewOp(grown, b.index(offset), [], STATUS_TYPE))
        return view, offset + 4

    @staticmethod
    def zero(module: ModuleOp, entry: func.FuncOp, status: SSAValue, on_gpu: bool) -> None:
        """status = 0 before the first kernel: a store on the cpu, a one-thread kernel on gpu."""
        block = entry.body.block
        anchor = status.owner.next_op if isinstance(status.owner, Operation) else None
        b = _Builder(entry.location, block, anchor)
        if not on_gpu:
            b.add(memref.StoreOp.get(b.i32(0), status, []))
            return
        kernels = next(o for o in module.ops if isinstance(o, xgpu.ModuleOp))
        name = f"{entry.sym_name.data}_check_bounds_init"
        body = Block(arg_types=[STATUS_TYPE])
        k = _Builder(entry.location, body)
        k.add(memref.StoreOp.get(k.i32(0), body.args[0], []))
        k.add(gpu.ReturnOp([]))
        init = gpu.FuncOp(
            name, ([STATUS_TYPE], []), Region(body), kernel=True, known_block_size=[1, 1, 1]
        )
        init.location = entry.location
        kernels.body.block.add_op(init)
        one = b.index(1)
        launch = gpu.LaunchFuncOp(
            SymbolRefAttr(kernels.sym_name.data, [name]),
            [one] * 3,
            [one] * 3,
            kernelOperands=[status],
        )
        b.add(launch)

    @staticmethod
    def buffer_names(
        calls: list[Call],
        kernels: dict[str, KernelFunc],
        entry: func.FuncOp,
        signature: EntrySignature,
    ) -> dict[str, list[str]]:
        """Per kernel, each argument's buffer as every call site passes it."""
        seen: dict[str, list[list[str]]] = {}
        for call in calls:
            args = _call_args(call)
            per_arg = seen.setdefault(_callee(call), [[] for _ in args])
            for names, value in zip(per_arg, args, strict=True):
                name = describe_buffer(value, entry, signature)
                if name not in names:
                    names.append(name)
        return {k: [" or ".join(n) for n in per_arg] for k, per_arg in seen.items()}

    @staticmethod
    def add_status_argument(kernel: KernelFunc) -> SSAValue:
        block = kernel.body.block
        cell = block.insert_arg(STATUS_TYPE, len(block.args))
        cell.name_hint = "status"
        kernel.function_type = FunctionType.from_lists(
            [a.type for a in block.args], list(kernel.function_type.outputs)
        )
        if isinstance(kernel, func.FuncOp) and kernel.arg_attrs is not None:
            # The cell is its own bytes of the arena: no other argument overlaps it.
            attrs = [*kernel.arg_attrs.data, DictionaryAttr({"llvm.noalias": UnitAttr()})]
            kernel.arg_attrs = type(kernel.arg_attrs)(attrs)
        return cell

    @staticmethod
    def pass_status(call: Call, status: SSAValue) -> None:
        block = call.parent_block()
        assert block is not None
        if isinstance(call, func.CallOp):
            new: Call = func.CallOp(call.callee, [*call.arguments, status], [])
        else:
            new = gpu.LaunchFuncOp(
                call.kernel,
                [call.gridSizeX, call.gridSizeY, call.gridSizeZ],
                [call.blockSizeX, call.blockSizeY, call.blockSizeZ],
                kernelOperands=[*call.kernelOperands, status],
            )
        new.location = call.location
        block.insert_op_before(new, call)
        _detach(call)
        call.erase()

    @staticmethod
    def return_status(entry: func.FuncOp, status: SSAValue) -> None:
        """return own ? own : bounds status (a check of the model's own reported first)"""
        for ret in [r for r in entry.body.block.ops if isinstance(r, func.ReturnOp)]:
            own = ret.arguments[0]
            b = _Builder(ret.location, entry.body.block, ret)
            found = b(memref.LoadOp.get(status, []))
            clean = b(arith.CmpiOp(own, b.i32(0), "eq"))
            ret.operands = [b(arith.SelectOp(clean, found, own))]


def _detach(op: Operation) -> None:
    block = op.parent_block()
    if block is not None:
        block.detach_op(op)
