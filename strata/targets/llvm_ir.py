"""Export of the `llvm` stage to LLVM IR (llvmlite), and LLVM's optimiser for the host or a target.

Per-op translation is xDSL's (`xdsl.backend.llvm.convert_op.convert_op`, `convert_type`); the
module-level driver is ours because xDSL's `convert_module` (a) drops the linkage and calling
convention of definitions, (b) writes dense globals by formatting every float through Python text
and (c) knows no op beyond xDSL's llvm dialect. Weights here go from the attribute's raw bytes into
an `[N x i8]` initializer: exact bit for bit, and fast.
"""

from __future__ import annotations

import binascii
from collections.abc import Callable
from dataclasses import dataclass

import llvmlite.binding as llvm_binding
import llvmlite.ir as ir
from xdsl.backend.llvm.convert_op import (  # xDSL entry point: one op -> llvmlite
    _BINARY_INTRINSIC_MAP,  # pyright: ignore[reportPrivateUsage]
    _UNARY_INTRINSIC_MAP,  # pyright: ignore[reportPrivateUsage]
    convert_op,
)
from xdsl.backend.llvm.convert_type import convert_type  # xDSL entry point: one type -> llvmlite
from xdsl.dialects import llvm
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
)
from xdsl.ir import Block, Operation, SSAValue

from strata.abi import SIGNATURE_ATTR
from strata.diagnostics import StrataError, describe_op
from strata.dialects import llvm_extensions as llvm_ext
from strata.lowering.loop_hints import INTERLEAVE_ATTR, LOOP_HINTS, UNROLL_ATTR, VECTOR_WIDTH_ATTR
from strata.targets import thread_pool
from strata.targets.llvm_machine import host_target_machine, host_triple
from strata.transforms.parallelize_kernels import CHUNK_ATTR

_ARG_FLAGS = {
    "llvm.noalias": "noalias",
    "llvm.nocapture": "nocapture",
    "llvm.nonnull": "nonnull",
    "llvm.noundef": "noundef",
    "llvm.readonly": "readonly",
    "llvm.writeonly": "writeonly",
    "llvm.signext": "signext",
    "llvm.zeroext": "zeroext",
}
_ARG_INTS = {"llvm.align": "align", "llvm.dereferenceable": "dereferenceable"}

SHARED_ADDRSPACE = 3
"""NVPTX's address space of `.shared` memory."""

_EXTRA_CASTS: dict[type[Operation], str] = {
    llvm_ext.FPToSIOp: "fptosi",
    llvm_ext.FPToUIOp: "fptoui",
    llvm_ext.UIToFPOp: "uitofp",
}


def _check_only_llvm(module: ModuleOp) -> None:
    left = [op for op in module.walk() if op is not module and op.dialect_name() != "llvm"]
    if not left:
        return
    lines = [f"cannot export to LLVM IR: {len(left)} ops outside the llvm dialect:"]
    lines += [f"  {describe_op(op)}" for op in left[:20]]
    if len(left) > 20:
        lines.append(f"  ... and {len(left) - 20} more")
    raise StrataError("\n".join(lines))


def global_initializer(op: llvm.GlobalOp) -> ir.Constant | None:
    """A global's initializer as an `[N x i8]` constant of its raw bytes (None: no dense value)."""
    value = op.value
    if isinstance(value, StringAttr):
        return byte_array_constant(value.data.encode("utf-8"))
    if not isinstance(value, DenseIntOrFPElementsAttr):
        return None
    nbytes = convert_type(op.global_type).get_abi_size(_target_data())
    if not any(value.data.data):
        return ir.Constant(ir.ArrayType(ir.IntType(8), nbytes), None)
    raw = dense_bytes(value, nbytes, op.sym_name.data)
    return byte_array_constant(raw)


READABLE_BYTES = 256
"""Initializers up to this size print with their printable bytes as characters (strings,
small constants); longer ones escape every byte."""


def byte_array_constant(raw: bytes) -> ir.Constant:
    """`[N x i8] c"..."` of `raw`. Past `READABLE_BYTES` every byte is escaped as `\\XX`, made in
    C (binascii): llvmlite's own escaping loops in Python per byte, 0.2 ms per 4 KB."""
    array = ir.ArrayType(ir.IntType(8), len(raw))
    if len(raw) <= READABLE_BYTES:
        return ir.Constant(array, bytearray(raw))
    text = "\\" + binascii.hexlify(raw, "\\").decode("ascii")
    return ir.FormattedConstant(array, f'c"{text}"')


_BOOL_BYTES = bytes([0] + [1] * 255)
"""A byte translation table: 0 stays 0, any other byte becomes 1."""


def dense_bytes(value: DenseIntOrFPElementsAttr, nbytes: int, name: str) -> bytes:
    """The `nbytes` raw bytes of a dense value, bit-exact (a splat stores one element: it is
    repeated over the whole array); `name` names the global in the error.

    An i1 element is one byte, 0 or 1 as LLVM loads it (`load i1` then `zext` is one byte
    move): xDSL holds true as -1, a byte of 0xff, which counted 255 per true element once LLVM
    no longer folded the loads of a constant global."""
    raw = bytes(value.data.data)
    element = value.get_element_type()
    if isinstance(element, IntegerType) and element.width.data == 1:
        raw = raw.translate(_BOOL_BYTES)
    if len(raw) != nbytes:
        if len(raw) == 0 or nbytes % len(raw) != 0:
            raise StrataError(
                f"global @{name}: initializer has {len(raw)} bytes for a {nbytes}-byte type"
            )
        raw = raw * (nbytes // len(raw))
    return raw


_TARGET_DATA: llvm_binding.TargetData | None = None


def _target_data() -> llvm_binding.TargetData:
    global _TARGET_DATA
    if _TARGET_DATA is None:
        _TARGET_DATA = host_target_machine().target_data
    return _TARGET_DATA


def _linked_bytes(op: llvm.GlobalOp) -> bytes | None:
    """The bytes of a global the JIT may link in itself: a constant in the default address
    space with a dense value of more than LINKED_DATA_BYTES, not all zeros (None otherwise)."""
    value = op.value
    if (
        op.constant is None
        or op.addr_space.value.data != 0
        or not isinstance(value, DenseIntOrFPElementsAttr)
    ):
        return None
    nbytes = convert_type(op.global_type).get_abi_size(_target_data())
    if nbytes <= LINKED_DATA_BYTES or not any(value.data.data):
        return None
    return dense_bytes(value, nbytes, op.sym_name.data)


def _convert_global(op: llvm.GlobalOp, out: ir.Module) -> None:
    init = global_initializer(op)
    addrspace = op.addr_space.value.data
    if init is not None:
        gvar = ir.GlobalVariable(out, init.type, name=op.sym_name.data, addrspace=addrspace)
        gvar.initializer = init
    else:
        gvar = ir.GlobalVariable(
            out, convert_type(op.global_type), name=op.sym_name.data, addrspace=addrspace
        )
        if op.value is not None:
            raise StrataError(f"global @{op.sym_name.data}: unsupported initializer {op.value}")
        # GPU shared memory (addrspace 3) cannot be initialised: its contents start undefined.
        fill = ir.Undefined if addrspace == SHARED_ADDRSPACE else None
        gvar.initializer = ir.Constant(convert_type(op.global_type), fill)
    # A defined global of external linkage prints with no keyword (`external` declares one).
    linkage = op.linkage.linkage.data
    gvar.linkage = "" if linkage == "external" else linkage
    gvar.global_constant = op.constant is not None
    if op.alignment is not None:
        gvar.align = op.alignment.value.data
    if op.section is not None:
        gvar.section = op.section.data


def _linkage(op: llvm.FuncOp) -> str:
    if SIGNATURE_ATTR in op.attributes:
        return "external"  # the entry: what the runtime, objects and headers look up
    if not op.body.blocks:
        return ""  # a declaration
    linkage = op.linkage.linkage.data
    return "" if linkage == "external" else linkage


def _declare_func(op: llvm.FuncOp, out: ir.Module, part: CodegenPart | None = None) -> None:
    fn_type = op.function_type
    ir_type = ir.FunctionType(
        convert_type(fn_type.output),
        [convert_type(t) for t in fn_type.inputs.data],
        var_arg=fn_type.is_variadic,
    )
    name = op.sym_name.data
    fn = ir.Function(out, ir_type, name=name)
    # In a part, a kernel that may move is external (the parts' objects link together) and a
    # function defined in another part only declared.
    split = part is not None and (name in part.split or not part.defines(op))
    fn.linkage = "" if split else _linkage(op)
    cconv = op.CConv.cconv_name
    if cconv != "ccc":
        fn.calling_convention = cconv
    if "no_inline" in op.attributes:  # MLIR's llvm.func `no_inline`
        fn.attributes.add("noinline")
    if "always_inline" in op.attributes:  # and `always_inline` (expand-math's functions)
        fn.attributes.add("alwaysinline")
    if op.arg_attrs is None:
        return
    for arg, attrs in zip(fn.args, op.arg_attrs.data, strict=True):
        for name, value in attrs.data.items():
            if name in _ARG_FLAGS:
                arg.add_attribute(_ARG_FLAGS[name])
            elif name in _ARG_INTS and isinstance(value, IntegerAttr):
                setattr(arg.attributes, _ARG_INTS[name], value.value.data)


def _convert_extra(op: Operation, builder: ir.IRBuilder, values: dict[SSAValue, ir.Value]) -> bool:
    """Ops of `strata.dialects.llvm_extensions`, and ops whose xDSL export is wrong; False when
    `op` is not one of them."""
    if isinstance(op, llvm.CallIntrinsicOp) and not op.op_bundle_operands:
        _call_intrinsic(op, builder, values)
        return True
    name = _OVERLOADED_INTRINSICS.get(type(op))
    if name is not None:
        _overloaded_intrinsic(op, name, builder, values)
        return True
    if isinstance(op, llvm.GEPOp) and _address_space(op.ptr.type) != 0:
        _gep_in_address_space(op, builder, values)
        return True
    kind = _EXTRA_CASTS.get(type(op))
    if kind is None:
        return False
    make: Callable[[ir.Value, ir.Type], ir.Value] = getattr(builder, kind)
    values[op.results[0]] = make(values[op.operands[0]], convert_type(op.results[0].type))
    return True


_OVERLOADED_INTRINSICS: dict[type[Operation], str] = {
    **_UNARY_INTRINSIC_MAP,
    **_BINARY_INTRINSIC_MAP,
}
"""xDSL's `llvm.intr.*` ops whose export declares the intrinsic without its type suffix
(`llvm.sqrt`), so f32 and f64 uses in one module clash; exported here as `llvm.sqrt.f64`."""


def _overloaded_intrinsic(
    op: Operation, name: str, builder: ir.IRBuilder, values: dict[SSAValue, ir.Value]
) -> None:
    args = [values[a] for a in op.operands]
    fn_type = ir.FunctionType(args[0].type, [a.type for a in args])
    full_name = f"{name}.{_intrinsic_suffix(args[0].type)}"
    intrinsic = builder.module.declare_intrinsic(full_name, fnty=fn_type)
    values[op.results[0]] = builder.call(intrinsic, args)


def _intrinsic_suffix(t: ir.Type) -> str:
    """LLVM's overload suffix: f32, f64, v8f32."""
    if isinstance(t, ir.VectorType):
        return f"v{t.count}{_intrinsic_suffix(t.element)}"
    return str(t.intrinsic_name)


def _address_space(t: object) -> int:
    if isinstance(t, llvm.LLVMPointerType) and isinstance(t.addr_space, IntAttr):
        return t.addr_space.data
    return 0


def _gep_in_address_space(
    op: llvm.GEPOp, builder: ir.IRBuilder, values: dict[SSAValue, ir.Value]
) -> None:
    """A GEP on `!llvm.ptr<N>` (GPU shared memory): xDSL's export bitcasts the pointer to
    address space 0 first, which LLVM rejects; the cast here stays in address space N."""
    element = convert_type(op.elem_type)
    base = builder.bitcast(values[op.ptr], element.as_pointer(_address_space(op.ptr.type)))
    ssa_indices = iter(op.ssa_indices)
    indices = [
        values[next(ssa_indices)]
        if idx == llvm.GEP_USE_SSA_VAL
        else ir.Constant(ir.IntType(32), idx)
        for idx in op.rawConstantIndices.iter_values()
    ]
    values[op.results[0]] = builder.gep(
        base, indices, inbounds=op.inbounds is not None, source_etype=element
    )


def _call_intrinsic(
    op: llvm.CallIntrinsicOp, builder: ir.IRBuilder, values: dict[SSAValue, ir.Value]
) -> None:
    """Like xDSL's, but a second call whose pointer arguments have other llvmlite types (two
    globals `[49 x i8]*` and `[4 x i8]*` passed to one memcpy declaration) casts them instead of
    failing to build; fast-math flags are dropped (an intrinsic call carries none here)."""
    args = [values[a] for a in op.args]
    ret_type = convert_type(op.ress.type) if op.ress is not None else ir.VoidType()
    name = op.intrin.data
    try:
        callee = builder.module.get_global(name)
    except KeyError:
        callee = ir.Function(
            builder.module, ir.FunctionType(ret_type, [a.type for a in args]), name
        )
    params = callee.function_type.args
    args = [a if a.type == p else builder.bitcast(a, p) for a, p in zip(args, params, strict=True)]
    result = builder.call(callee, args)
    if op.ress is not None:
        values[op.ress] = result


def _convert_body(op: llvm.FuncOp, out: ir.Module) -> None:
    fn = out.get_global(op.sym_name.data)
    blocks: dict[Block, ir.Block] = {}
    values: dict[SSAValue, ir.Value] = {}
    for i, block in enumerate(op.body.blocks):
        blocks[block] = fn.append_basic_block(name=block.name_hint or "")
        if i == 0:
            values.update(zip(block.args, fn.args, strict=False))
            for arg, ir_arg in zip(block.args, fn.args, strict=False):
                if arg.name_hint:
                    ir_arg.name = arg.name_hint
    # Phis first, so branches anywhere can add their incoming values.
    for block in list(op.body.blocks)[1:]:
        builder = ir.IRBuilder(blocks[block])
        for arg in block.args:
            values[arg] = builder.phi(convert_type(arg.type))
    for block in op.body.blocks:
        builder = ir.IRBuilder(blocks[block])
        if blocks[block].instructions:
            builder.position_after(blocks[block].instructions[-1])
        for inner in block.ops:
            if _convert_extra(inner, builder, values):
                continue
            try:
                convert_op(inner, builder, values, blocks)
            except NotImplementedError as err:
                message = f"{describe_op(inner)}: cannot export to LLVM IR: {err}"
                raise StrataError(message) from None
            if isinstance(inner, llvm.BrOp) and any(h in inner.attributes for h in LOOP_HINTS):
                blocks[block].terminator.set_metadata("llvm.loop", _loop_id(out, inner))


def _loop_id(out: ir.Module, latch: Operation) -> ir.MDValue:
    """A loop's own metadata node from its latch's hints, e.g. `!N = !{!N,
    !{!"llvm.loop.interleave.count", i32 C}}` (LLVM finds a loop's hints in a node whose first
    operand is itself)."""
    options: list[ir.NamedValue | ir.MDValue] = []
    if INTERLEAVE_ATTR in latch.attributes:
        count = ir.Constant(ir.IntType(32), _int_attr(latch, INTERLEAVE_ATTR))
        options.append(
            out.add_metadata([ir.MetaDataString(out, "llvm.loop.interleave.count"), count])
        )
    if VECTOR_WIDTH_ATTR in latch.attributes:
        width = ir.Constant(ir.IntType(32), _int_attr(latch, VECTOR_WIDTH_ATTR))
        options.append(
            out.add_metadata([ir.MetaDataString(out, "llvm.loop.vectorize.width"), width])
        )
        count = _int_attr(latch, INTERLEAVE_ATTR) if INTERLEAVE_ATTR in latch.attributes else 1
        if count & (count - 1):
            # LLVM's vectoriser takes only a power of 2 as interleave count: a tile of 3 column
            # vectors stayed a loop of 3 vector iterations, its accumulators in memory (a 1x1
            # convolution to 96 channels, AVX-512's 6x48 tile: 46 GFLOP/s). The vectorised
            # loop is unrolled fully instead.
            full = out.add_metadata([ir.MetaDataString(out, "llvm.loop.unroll.full")])
            options.append(
                out.add_metadata(
                    [ir.MetaDataString(out, "llvm.loop.vectorize.followup_vectorized"), full]
                )
            )
    if UNROLL_ATTR in latch.attributes:
        options.append(out.add_metadata([ir.MetaDataString(out, "llvm.loop.unroll.full")]))
    loop_id = ir.MDValue(out, [], name=str(len(out.metadata)))
    loop_id.operands = (loop_id, *options)
    return loop_id


LINKED_DATA_BYTES = 1 << 16
"""Constant globals above this size leave the IR when the caller links them itself (the JIT):
a 28M-parameter model's weights were 333 MB of IR text, 2.6 s of LLVM parsing and 1.5 s of
object emission for bytes no pass looks into."""

LINKED_DATA_PREFIX = "__strata_linked."
"""The symbol of a global whose bytes the JIT links in: `__strata_linked.<global's name>`
(a reserved prefix, so no library symbol is ever taken for one)."""


class _LinkingModule(ir.Module):  # type: ignore[misc]  # llvmlite is untyped
    """An llvmlite module in which the ops' references to a linked global (by its name in the
    `llvm` stage) find its `LINKED_DATA_PREFIX` declaration."""

    def get_global(self, name: str) -> ir.GlobalValue:
        found = self.globals.get(LINKED_DATA_PREFIX + name)
        return found if found is not None else super().get_global(name)


def to_llvm_ir(
    module: ModuleOp,
    triple: str | None = None,
    linked_data: dict[str, bytes] | None = None,
    part: CodegenPart | None = None,
) -> ir.Module:
    """The `llvm`-stage module as llvmlite IR (triple: the module's, `triple`, or the host's).

    With `linked_data` (a dict to fill), constant globals of more than LINKED_DATA_BYTES are
    declared `external` under LINKED_DATA_PREFIX + their name instead of carrying their bytes,
    which go into the dict under that symbol: the caller links them in (`cpu.load_object`).
    With `part` (one of `split_for_codegen`'s), only what that part defines."""
    if part is None or not part.index:  # the other parts are of the same module
        _check_only_llvm(module)
    out = ir.Module(name="strata") if linked_data is None else _LinkingModule(name="strata")
    module_triple = module.attributes.get("llvm.target_triple")
    if isinstance(module_triple, StringAttr):
        out.triple = module_triple.data
    else:
        out.triple = triple or host_triple()
    if out.triple == host_triple():
        out.data_layout = str(_target_data())
    globals_ = [op for op in module.ops if isinstance(op, llvm.GlobalOp)]
    funcs = [op for op in module.ops if isinstance(op, llvm.FuncOp)]
    entries = [f.sym_name.data for f in funcs if SIGNATURE_ATTR in f.attributes]
    entry = entries[0] if entries else "module"
    if part is not None and part.index:
        globals_ = [g for g in globals_ if g.sym_name.data in part.globals]
    for global_op in globals_:
        data = _linked_bytes(global_op) if linked_data is not None else None
        if linked_data is not None and data is not None:
            symbol = LINKED_DATA_PREFIX + global_op.sym_name.data
            gvar = ir.GlobalVariable(out, convert_type(global_op.global_type), name=symbol)
            gvar.linkage = "external"
            gvar.global_constant = True
            if global_op.alignment is not None:
                gvar.align = global_op.alignment.value.data
            linked_data[symbol] = data
            continue
        _convert_global(global_op, out)
    for func_op in funcs:
        _declare_func(func_op, out, part)
    for func_op in funcs:
        if not func_op.body.blocks or (part is not None and not part.defines(func_op)):
            continue
        if CHUNK_ATTR in func_op.attributes:
            _threaded_body(func_op, out, entry)
        else:
            _convert_body(func_op, out)
    return out


SPLIT_MIN_OPS = 100
"""Kernel ops (in the `llvm` stage) per part of `split_for_codegen`, at least (a module whose
kernels have fewer than twice as many stays whole, and a machine with many cores does not get a
thread per kernel): a part costs LLVM about 10 ms whatever its size (AMD EPYC: pass pipeline
and code generator set-up), and a thread and a context."""


@dataclass(frozen=True)
class CodegenPart:
    """One module of a split `llvm`-stage module: LLVM optimises and emits each on a thread of
    its own, and the JIT links their objects together (`cpu.jit`). Part 0 defines everything but
    the kernels other parts took; part k > 0 defines its `kernels`, with the `always_inline`
    helpers and the constant globals they use (copies: each object keeps its own)."""

    index: int
    kernels: frozenset[str]
    split: frozenset[str]
    """Every kernel that may move: external in every part, so calls between the parts' objects
    link."""
    globals: frozenset[str]
    """The globals part `index` > 0 defines (part 0: all of them)."""
    helpers: frozenset[str] = frozenset()
    """The helpers part `index` > 0 defines: those its kernels call (part 0: all of them)."""

    def defines(self, op: llvm.FuncOp) -> bool:
        name = op.sym_name.data
        if name in self.kernels:
            return True
        if self.index == 0:
            return name not in self.split
        return name in self.helpers


def _is_local(linkage: str) -> bool:
    return linkage in ("internal", "private")


def _is_helper(op: llvm.FuncOp) -> bool:
    """A function every part may carry its own copy of: local, inlined wherever it is called."""
    return "always_inline" in op.attributes and _is_local(op.linkage.linkage.data)


def _symbols(op: llvm.FuncOp) -> tuple[set[str], int]:
    """The symbols `op`'s body refers to (calls, addresses taken), and its number of ops."""
    found: set[str] = set()
    count = 0
    for inner in op.body.walk():
        count += 1
        if isinstance(inner, llvm.CallOp) and inner.callee is not None:
            found.add(inner.callee.string_value())
        elif isinstance(inner, llvm.AddressOfOp):
            found.add(inner.global_name.string_value())
    return found, count


def split_for_codegen(module: ModuleOp, parts: int) -> list[CodegenPart]:
    """Spread the kernels of an `llvm`-stage module over up to `parts` modules of about equal
    size (ops, at least SPLIT_MIN_OPS of kernels each), for LLVM to compile side by side; []
    where one module is as fast (fewer than two such parts, or nothing that can move).

    A kernel (local, `no_inline`, not the entry nor a threaded wrapper) may move to another
    part when all it refers to can be there too: declarations, helpers, other kernels and local
    constant globals. Everything else, the entry, the thread pool and mutable globals among
    them, stays in part 0, so no state is duplicated."""
    if parts < 2:
        return []
    funcs = {f.sym_name.data: f for f in module.ops if isinstance(f, llvm.FuncOp)}
    globals_ = {g.sym_name.data: g for g in module.ops if isinstance(g, llvm.GlobalOp)}
    refs: dict[str, set[str]] = {}
    size: dict[str, int] = {}
    for name, f in funcs.items():
        if f.body.blocks:
            refs[name], size[name] = _symbols(f)
    helpers = {n for n, f in funcs.items() if n in refs and _is_helper(f)}
    # What a helper refers to, through the helpers it calls.
    reach = {h: set(refs[h]) for h in helpers}
    changed = True
    while changed:
        changed = False
        for h in helpers:
            more = set().union(*(reach[c] for c in reach[h] & helpers)) - reach[h]
            if more:
                reach[h] |= more
                changed = True
    movable = {
        n
        for n, f in funcs.items()
        if n in refs
        and "no_inline" in f.attributes
        and _is_local(f.linkage.linkage.data)
        and SIGNATURE_ATTR not in f.attributes
        and CHUNK_ATTR not in f.attributes
    }
    uses = {n: refs[n].union(*(reach[h] for h in refs[n] & helpers)) for n in movable}

    def stays(symbol: str, kernels: set[str]) -> bool:
        g = globals_.get(symbol)
        if g is not None:
            return not (g.constant is not None and _is_local(g.linkage.linkage.data))
        f = funcs.get(symbol)
        return f is None or (symbol in refs and symbol not in helpers | kernels)

    changed = True
    while changed:  # a kernel that uses one that cannot move cannot move either
        keep = {n for n in movable if any(stays(s, movable) for s in uses[n])}
        changed = bool(keep)
        movable -= keep
    moved_ops = sum(size[n] for n in movable)
    if SPLIT_MIN_OPS:
        parts = min(parts, moved_ops // SPLIT_MIN_OPS)
    if len(movable) < 2 or parts < 2:
        return []
    # Part 0's own load: what stays, less the serial bodies of threaded wrappers, which the
    # export replaces by a few calls (`_threaded_body`). Counted, they made part 0 look as big
    # as the kernels, so with one part a core, all kernels went to the other part and the
    # first core sat idle: ResNet-50's JIT on 2 cores took 1.7 s where 1.0 s now.
    loads = [
        sum(size[n] for n in size if n not in movable and CHUNK_ATTR not in funcs[n].attributes)
    ] + [0] * (parts - 1)
    kernels: list[set[str]] = [set() for _ in range(parts)]
    order = {name: i for i, name in enumerate(funcs)}
    for name in sorted(movable, key=lambda n: (-size[n], order[n])):
        k = loads.index(min(loads))
        kernels[k].add(name)
        loads[k] += size[name]
    split = frozenset(movable)
    out = [CodegenPart(0, frozenset(kernels[0]), split, frozenset(globals_))]
    for k in range(1, parts):
        if kernels[k]:
            used = set().union(*(uses[n] for n in kernels[k]))
            out.append(
                CodegenPart(
                    len(out),
                    frozenset(kernels[k]),
                    split,
                    frozenset(used & set(globals_)),
                    frozenset(used & helpers),
                )
            )
    return out


def _int_attr(op: Operation, name: str) -> int:
    attr = op.attributes[name]
    if not isinstance(attr, IntegerAttr):
        raise StrataError(
            f"@{getattr(op, 'sym_name', StringAttr('?')).data}: {name} must be an integer"
        )
    return attr.value.data


PARTS_PER_THREAD = 4
"""A split kernel's loop is cut into this many step-aligned parts per thread (at most one per
iteration), which the caller and the pool's threads claim as they come free: a thread that
starts late or runs slow (its core busy with another process, or a virtual CPU coming back from
idle) then takes fewer parts, where with one part each the caller waited for it. On a 2-core VM,
softmax_1024x1024 at 2 threads ran its first ~50 ms of calls after 0.3 s idle at 1.1 ms (1
thread: 0.95 ms; steady: 0.5 ms); with 4 parts a thread, at 0.5 ms from the fourth call on.
Steady state: cnn_small's median 115-122 -> 92-99 us, matmul_512's best 635 -> 660 us."""


def _threaded_body(op: llvm.FuncOp, out: ir.Module, entry: str) -> None:
    """The body parallelize-kernels asks for: run `@<k>_chunk` over `threads` x PARTS_PER_THREAD
    step-aligned parts of [0, trip), claimed in order by the caller and the module's thread pool
    (strata.targets.thread_pool), through a task that computes its part's range."""
    chunk_attr = op.attributes[CHUNK_ATTR]
    if not isinstance(chunk_attr, StringAttr):
        raise StrataError(f"@{op.sym_name.data}: strata.parallel_chunk must name a function")
    trip = _int_attr(op, "strata.parallel_trip")
    step = _int_attr(op, "strata.parallel_step")
    threads = _int_attr(op, "strata.threads")
    fn = out.get_global(op.sym_name.data)
    chunk = out.get_global(chunk_attr.data)
    i64 = ir.IntType(64)
    args = list(fn.args)
    iterations = -(-trip // step)
    parts = max(1, min(threads * PARTS_PER_THREAD, iterations))
    if threads == 1:
        parts = 1  # one call of the chunk over the whole range
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    if parts == 1:
        b.call(chunk, [*args, ir.Constant(i64, 0), ir.Constant(i64, trip)])
        b.ret_void()
        return
    # The task: (the kernel's arguments, part) -> the chunk over the part's range.
    block_type = ir.LiteralStructType([a.type for a in args])
    task = ir.Function(out, thread_pool.TASK, name=f"{op.sym_name.data}_task")
    task.linkage = "internal"
    tb = ir.IRBuilder(task.append_basic_block("entry"))

    def field(base: ir.Value, builder: ir.IRBuilder, i: int) -> ir.Value:
        zero, index = ir.Constant(ir.IntType(32), 0), ir.Constant(ir.IntType(32), i)
        if base.type.is_opaque:
            return builder.gep(base, [zero, index], source_etype=block_type)
        return builder.gep(base, [zero, index])  # an alloca: llvmlite types its pointer

    fields_ = [tb.load(field(task.args[0], tb, i), typ=t) for i, t in enumerate(block_type)]
    part = tb.zext(task.args[1], i64)

    def bound(k: ir.Value) -> ir.Value:  # k * iterations // parts * step, at most trip
        whole = tb.udiv(tb.mul(k, ir.Constant(i64, iterations)), ir.Constant(i64, parts))
        first = tb.mul(whole, ir.Constant(i64, step))
        return tb.select(
            tb.icmp_unsigned("<", first, ir.Constant(i64, trip)), first, ir.Constant(i64, trip)
        )

    tb.call(chunk, [*fields_, bound(part), bound(tb.add(part, ir.Constant(i64, 1)))])
    tb.ret_void()
    block = b.alloca(block_type)
    for i, value in enumerate(args):
        b.store(value, field(block, b, i))
    i32 = ir.IntType(32)
    run = thread_pool.pool_run(out, entry)
    b.call(run, [task, block, ir.Constant(i32, parts), ir.Constant(i32, threads - 1)])
    b.ret_void()


def to_llvm_ir_text(module: ModuleOp, triple: str | None = None) -> str:
    return str(to_llvm_ir(module, triple))
