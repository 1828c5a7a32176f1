"""bufferize: linalg on tensors -> linalg on memrefs, with destination-passing outputs.

The entry function `@f(tensors...) -> (tensors...)` becomes `@f(inputs..., outputs...) -> i32`:
one memref per input and per result, returning status 0. Temporaries are `memref.alloc` (the
`buffer-assign` pass then places them in one arena); dense tensor constants become
`memref.global` constants. The function's `strata.signature` records the entry ABI.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from xdsl.context import Context
from xdsl.dialects import arith, func, memref, tensor
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    DictionaryAttr,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    NameLoc,
    StringAttr,
    TensorType,
    UnitAttr,
    i32,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from strata.abi import ENTRY_FUNCTION_ATTR, EntrySignature, TensorSpec
from strata.diagnostics import fail_on_ops, op_error, op_message
from strata.dialects import rt
from strata.dialects.element_kinds import has_numpy_dtype, numpy_dtype_for
from strata.internal import InternalError, expect


def memref_of(t: Attribute) -> MemRefType:
    t = expect(t, TensorType)
    return MemRefType(t.element_type, t.get_shape())


def _spec(f: func.FuncOp, name: str, t: Attribute) -> TensorSpec:
    if not isinstance(t, (TensorType, MemRefType)):
        raise InternalError(f"internal error: {name} must be a tensor or memref, found {t}")
    if not has_numpy_dtype(t.element_type):
        raise op_error(f, f"'{name}' has element type {t.element_type}, which the host cannot hold")
    return TensorSpec(name, tuple(t.get_shape()), numpy_dtype_for(t.element_type).name)


def entry_names(f: func.FuncOp) -> tuple[list[str], list[str]]:
    """Input and output names from `tf.entry_function`, else arg<i> / output<i>."""
    n_in, n_out = len(f.function_type.inputs), len(f.function_type.outputs)
    inputs = [f"arg{i}" for i in range(n_in)]
    outputs = [f"output{i}" for i in range(n_out)]
    attr = f.attributes.get(ENTRY_FUNCTION_ATTR)
    if isinstance(attr, DictionaryAttr):
        given_in = attr.data.get("inputs")
        given_out = attr.data.get("outputs")
        if isinstance(given_in, StringAttr) and given_in.data:
            names = given_in.data.split(",")
            inputs = names if len(names) == n_in else inputs
        if isinstance(given_out, StringAttr) and given_out.data:
            names = given_out.data.split(",")
            outputs = names if len(names) == n_out else outputs
    return inputs, outputs


@dataclass
class _FunctionBufferizer:
    """Rebuilds one function on buffers, walking its ops in order (one-shot, no analysis needed:
    the linalg stage gives every linalg op a fresh `tensor.empty` or fill as its destination)."""

    module: ModuleOp
    old: func.FuncOp
    block: Block
    buffers: dict[SSAValue, SSAValue]
    allocs: set[SSAValue]
    globals_made: list[memref.GlobalOp]
    status: SSAValue | None = None
    """The i32 status so far: 0, or the code of the first rt.check that failed."""
    checks: list[str] = field(default_factory=list)
    """Message of each rt.check, by code - 1."""
    taken_names: set[str] | None = None
    """Global symbol names in use (filled on the first constant)."""

    def emit(self, op: Operation, like: Operation) -> Operation:
        op.location = like.location
        self.block.add_op(op)
        return op

    def buffer(self, value: SSAValue) -> SSAValue:
        return self.buffers.get(value, value)

    def fresh(self, t: Attribute, like: Operation) -> SSAValue:
        alloc = self.emit(memref.AllocOp([], [], memref_of(t)), like)
        self.allocs.add(alloc.results[0])
        return alloc.results[0]

    # -- one handler per op kind --------------------------------------------------------------

    def constant(self, op: arith.ConstantOp) -> None:
        """arith.constant dense<...> : tensor<..> -> memref.global constant + memref.get_global"""
        value = op.value
        if not isinstance(value, DenseIntOrFPElementsAttr) or not isinstance(
            op.result.type, TensorType
        ):
            self.block.add_op(op.clone(self.value_mapper()))
            return
        name = self.global_name(op)
        t = memref_of(op.result.type)
        g = memref.GlobalOp.get(StringAttr(name), t, value, constant=UnitAttr(), alignment=64)
        g.location = op.location
        self.globals_made.append(g)
        get = self.emit(memref.GetGlobalOp(name, t), op)
        self.buffers[op.result] = get.results[0]

    def global_name(self, op: Operation) -> str:
        base = "cst"
        if isinstance(op.location, NameLoc):
            base = re.sub(r"[^A-Za-z0-9_]", "_", op.location.desc.data)
        if self.taken_names is None:  # the module's globals, once; then each name as it is made
            self.taken_names = {
                o.sym_name.data for o in self.module.ops if isinstance(o, memref.GlobalOp)
            }
        name, k = f"__constant_{base}", 0
        while name in self.taken_names:
            k += 1
            name = f"__constant_{base}_{k}"
        self.taken_names.add(name)
        return name

    def empty(self, op: tensor.EmptyOp) -> None:
        """tensor.empty -> memref.alloc"""
        self.buffers[op.tensor] = self.fresh(op.tensor.type, op)

    def generic(self, op: linalg.GenericOp) -> None:
        """linalg.generic ins(tensors) outs(%t) -> linalg.generic ins(memrefs) outs(buffer of %t)"""
        outs: list[SSAValue] = []
        for out in op.outputs:
            buf = self.buffer(out)
            # Write in place only into a temporary nobody else reads; else copy it first.
            if buf not in self.allocs or not out.has_one_use():
                copy = self.fresh(out.type, op)
                self.emit(memref.CopyOp(buf, copy), op)
                buf = copy
            outs.append(buf)
        body = Region()
        op.body.clone_into(body, value_mapper=dict(self.buffers))
        _loads_in_body(body)
        new = linalg.GenericOp(
            [self.buffer(v) for v in op.inputs],
            outs,
            body,
            op.indexing_maps,
            op.iterator_types,
        )
        self.emit(new, op)
        for res, buf in zip(op.res, outs, strict=False):
            self.buffers[res] = buf

    def reshape(self, op: tensor.CollapseShapeOp | tensor.ExpandShapeOp) -> None:
        """tensor.collapse_shape / expand_shape -> the memref op of the same name (no copy)"""
        src = self.buffer(op.src)
        out_t = memref_of(op.result.type)
        new: memref.CollapseShapeOp | memref.ExpandShapeOp
        if isinstance(op, tensor.CollapseShapeOp):
            new = memref.CollapseShapeOp(
                operands=[src],
                result_types=[out_t],
                properties={"reassociation": op.reassociation},
            )
        else:
            new = memref.ExpandShapeOp(
                operands=[src, []],
                result_types=[out_t],
                properties={
                    "reassociation": op.reassociation,
                    "static_output_shape": op.static_output_shape,
                },
            )
        self.emit(new, op)
        self.buffers[op.result] = new.results[0]
        if src in self.allocs:
            self.allocs.add(new.results[0])

    def extract(self, op: tensor.ExtractOp) -> None:
        """tensor.extract %t[%i] -> memref.load %buf[%i]"""
        load = self.emit(
            memref.LoadOp.get(self.buffer(op.tensor), [self.buffer(i) for i in op.indices]), op
        )
        self.buffers[op.result] = load.results[0]

    def check(self, op: rt.CheckOp) -> None:
        """rt.check %flag, "msg" -> status = (status == 0 and flag) ? code : status"""
        code = len(self.checks) + 1
        self.checks.append(op.message.data)
        flag = self.emit(memref.LoadOp.get(self.buffer(op.flag), []), op).results[0]
        code_value = self.emit(arith.ConstantOp(IntegerAttr(code, i32)), op).results[0]
        if self.status is None:
            zero = self.emit(arith.ConstantOp(IntegerAttr(0, i32)), op).results[0]
            self.status = self.emit(arith.SelectOp(flag, code_value, zero), op).results[0]
            return
        zero = self.emit(arith.ConstantOp(IntegerAttr(0, i32)), op).results[0]
        clean = self.emit(arith.CmpiOp(self.status, zero, "eq"), op).results[0]
        first = self.emit(arith.AndIOp(clean, flag), op).results[0]
        self.status = self.emit(arith.SelectOp(first, code_value, self.status), op).results[0]

    def value_mapper(self) -> dict[SSAValue, SSAValue]:
        return self.buffers

    def handlers(self) -> dict[type[Operation], Callable[[Any], None]]:
        """The handler of each op class (it takes an op of the class it is keyed by)."""
        return {
            arith.ConstantOp: self.constant,
            tensor.EmptyOp: self.empty,
            linalg.GenericOp: self.generic,
            tensor.CollapseShapeOp: self.reshape,
            tensor.ExpandShapeOp: self.reshape,
            tensor.ExtractOp: self.extract,
            rt.CheckOp: self.check,
        }


def _loads_in_body(body: Region) -> None:
    """A tensor captured by a generic body (a gather's data-dependent read) is a buffer now:
    tensor.extract %buf[...] -> memref.load %buf[...]"""
    for inner in list(body.walk()):
        if isinstance(inner, tensor.ExtractOp) and isinstance(inner.tensor.type, MemRefType):
            load = memref.LoadOp.get(inner.tensor, list(inner.indices))
            load.location = inner.location
            block = expect(inner.parent_block(), Block, "tensor.extract's block")
            block.insert_op_before(load, inner)
            inner.result.replace_all_uses_with(load.res)
            inner.detach()
            inner.erase()


def _is_tensor_op(op: Operation) -> bool:
    return any(isinstance(v.type, TensorType) for v in (*op.operands, *op.results))


def bufferize_function(module: ModuleOp, f: func.FuncOp) -> func.FuncOp:
    in_types = list(f.function_type.inputs)
    out_types = list(f.function_type.outputs)
    for t in (*in_types, *out_types):
        if not isinstance(t, TensorType):
            raise PassFailedException(
                op_message(f, f"bufferize expects tensor arguments and results, found {t}")
            )
    arg_types = [memref_of(t) for t in (*in_types, *out_types)]
    block = Block(arg_types=arg_types)
    old_block = f.body.block
    buffers: dict[SSAValue, SSAValue] = dict(zip(old_block.args, block.args, strict=False))
    for old_arg, new_arg in zip(old_block.args, block.args, strict=False):
        new_arg.name_hint = old_arg.name_hint
        new_arg.location = old_arg.location
    out_args = block.args[len(in_types) :]
    fb = _FunctionBufferizer(module, f, block, buffers, set(), [])
    handlers = fb.handlers()

    unsupported: list[Operation] = []
    for op in old_block.ops:
        if isinstance(op, func.ReturnOp):
            _bufferize_return(fb, op, list(out_args))
            continue
        handler = handlers.get(type(op))
        if handler is not None:
            handler(op)
        elif _is_tensor_op(op):
            unsupported.append(op)
        else:
            fb.block.add_op(op.clone(buffers))
    fail_on_ops("bufferize", "ops on tensors cannot be bufferized", unsupported)

    new_f = func.FuncOp(f.sym_name.data, (arg_types, [i32]), Region(block), f.sym_visibility)
    new_f.location = f.location
    for key, value in f.attributes.items():
        new_f.attributes[key] = value
    names_in, names_out = entry_names(f)
    EntrySignature(
        entry=f.sym_name.data,
        inputs=tuple(_spec(f, n, t) for n, t in zip(names_in, in_types, strict=False)),
        outputs=tuple(_spec(f, n, t) for n, t in zip(names_out, out_types, strict=False)),
        status_codes={i + 1: message for i, message in enumerate(fb.checks)},
    ).attach(new_f)
    for g in fb.globals_made:
        module.body.block.insert_op_before(g, f)
    return new_f


def _bufferize_return(fb: _FunctionBufferizer, op: func.ReturnOp, out_args: list[SSAValue]) -> None:
    """func.return %t -> the value's temporary becomes the output buffer (else memref.copy)"""
    claimed: set[SSAValue] = set()
    for value, out in zip(op.arguments, out_args, strict=False):
        buf = fb.buffer(value)
        is_whole_temp = isinstance(buf.owner, memref.AllocOp) and buf in fb.allocs
        if is_whole_temp and buf not in claimed:
            claimed.add(buf)
            buf.replace_all_uses_with(out)
            alloc = expect(buf.owner, Operation)
            alloc.detach()
            alloc.erase()
            fb.allocs.discard(buf)
            for k, v in list(fb.buffers.items()):
                if v is buf:
                    fb.buffers[k] = out
        else:
            fb.emit(memref.CopyOp(buf, out), op)
    status = fb.status
    if status is None:
        status = fb.emit(arith.ConstantOp(IntegerAttr(0, i32)), op).results[0]
    fb.emit(func.ReturnOp(status), op)


@dataclass(frozen=True)
class BufferizePass(ModulePass):
    """Turns tensors into memrefs.

    Expects: the `linalg` stage (linalg.generic / tensor / arith / math on static tensors).
    Guarantees: no tensor-typed value is left; the entry takes one memref per input and output,
    returns an i32 status, and carries `strata.signature`.
    """

    name = "bufferize"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for f in list(op.ops):
            if not isinstance(f, func.FuncOp) or f.is_declaration:
                continue
            if len(f.body.blocks) != 1:
                raise PassFailedException(op_message(f, "bufferize expects a single-block body"))
            new_f = bufferize_function(op, f)
            op.body.block.insert_op_before(new_f, f)
            f.detach()
            f.erase(safe_erase=False)
