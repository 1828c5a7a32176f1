"""bufferize: linalg on tensors -> linalg on memrefs, with destination-passing outputs.

The entry function `@f(tensors...) -> (tensors...)` becomes `@f(inputs..., outputs...) -> i32`:
one memref per input and per result, returning status 0. Temporaries are `memref.alloc` (the
`buffer-assign` pass then places them in one arena); dense tensor constants become
`memref.global` constants. The function's `strata.signature` records the entry ABI.

Loops: an `scf.while` on tensors becomes an `scf.while` with no loop values: each loop value
lives in one buffer for the whole loop (the init's own temporary when nothing else reads it,
else a copy), both regions read it there, and the body's yield copies a new value into it only
when the value is not already there. The generic that computes a new value writes it straight
into the loop's buffer when every other reader of the old value runs before it and it reads the
old value only element by element (`written_in_place`, which also looks through an `scf.if`
whose branches make the value). An `scf.if` writes its results into buffers made before it:
a branch's generic that makes a result into a fresh tensor writes it there, other values are
copied. `tensor.insert_slice` (a
TensorList write) updates its destination in place when every other reader of the destination
runs before it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from xdsl.context import Context
from xdsl.dialects import arith, func, memref, scf, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    DenseIntOrFPElementsAttr,
    DictionaryAttr,
    IndexType,
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
from xdsl.ir import Attribute, Block, Operation, OpResult, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from strata.abi import (
    ENTRY_FUNCTION_ATTR,
    LENGTHS_KEY,
    UNUSED_INPUTS_KEY,
    EntrySignature,
    RunTimeLength,
    TensorSpec,
    parse_lengths,
)
from strata.diagnostics import fail_on_ops, op_error, op_message
from strata.dialects import rt
from strata.dialects.element_kinds import has_numpy_dtype, numpy_dtype_for
from strata.internal import InternalError, expect

OpT = TypeVar("OpT", bound=Operation)


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


def entry_unused_inputs(f: func.FuncOp) -> tuple[str, ...]:
    """The graph's Placeholders the outputs do not need, as `tf.entry_function` names them."""
    attr = f.attributes.get(ENTRY_FUNCTION_ATTR)
    given = attr.data.get(UNUSED_INPUTS_KEY) if isinstance(attr, DictionaryAttr) else None
    if not isinstance(given, StringAttr) or not given.data:
        return ()
    return tuple(given.data.split(","))


def entry_lengths(f: func.FuncOp, outputs: Sequence[TensorSpec]) -> tuple[RunTimeLength, ...]:
    """The outputs' run-time lengths `tf.entry_function` names (see abi.RunTimeLength), each
    checked: an output with that dim, and a scalar integer output holding its length."""
    attr = f.attributes.get(ENTRY_FUNCTION_ATTR)
    if not isinstance(attr, DictionaryAttr):
        return ()
    given = attr.data.get(LENGTHS_KEY)
    if not isinstance(given, StringAttr):
        return ()
    try:
        lengths = parse_lengths(given.data)
    except ValueError:
        expected = 'expected "output:axis,..."'
        raise op_error(f, f'{LENGTHS_KEY} = "{given.data}": {expected}') from None
    specs = {s.name: s for s in outputs}
    for dim in lengths:
        spec, length = specs.get(dim.output), specs.get(dim.length)
        if spec is None or not 0 <= dim.axis < len(spec.shape):
            raise op_error(f, f"{LENGTHS_KEY}: no output '{dim.output}' with a dim {dim.axis}")
        if length is None or length.shape != () or not length.dtype.startswith("int"):
            raise op_error(f, f"{LENGTHS_KEY}: no scalar integer output '{dim.length}'")
    return lengths


@dataclass
class _FunctionBufferizer:
    """Rebuilds one function on buffers, walking its ops in order (one-shot, no analysis needed:
    the linalg stage gives every linalg op a fresh `tensor.empty` or fill as its destination)."""

    module: ModuleOp
    old: func.FuncOp
    top: Block
    """The function's block."""
    block: Block
    """The block ops are added to (the function's, or a loop region's)."""
    buffers: dict[SSAValue, SSAValue]
    allocs: set[SSAValue]
    globals_made: list[memref.GlobalOp]
    status: SSAValue | None = None
    """The i32 status so far: 0, or the code of the first rt.check that failed."""
    checks: list[str] = field(default_factory=list)
    """Message of each rt.check, by code - 1."""
    trip_bounds: dict[int, int] = field(default_factory=dict)
    """The code of each rt.check of a loop's trip bound (`loop_trips`), and that bound."""
    taken_names: set[str] | None = None
    """Global symbol names in use (filled on the first constant)."""
    status_cell: SSAValue | None = None
    """A memref<i32> holding the status of checks inside loops (an SSA value cannot leave them)."""
    destinations: dict[SSAValue, SSAValue] = field(default_factory=dict)
    """Generic results to write straight into a given buffer (a loop value's: see
    `while_loop`), not into their own temporary."""

    def emit(self, op: OpT, like: Operation) -> OpT:
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
        for out, res in zip(op.outputs, op.res, strict=True):
            buf = self.buffer(out)
            if res in self.destinations:
                if isinstance(buf.owner, memref.AllocOp) and not buf.uses:
                    self.allocs.discard(buf)
                    buf.owner.detach()
                    buf.owner.erase()
                outs.append(self.destinations.pop(res))
                continue
            # Write in place only into a temporary nobody else reads; else copy it first.
            if buf not in self.allocs or not out.has_one_use():
                copy = self.fresh(out.type, op)
                self.emit(memref.CopyOp(buf, copy), op)
                buf = copy
            outs.append(buf)
        body = Region()
        # Only the tensors the body itself reads (a copy of every buffer made so far would
        # cost each op the size of the function).
        captured = {
            v: self.buffers[v]
            for inner in op.body.walk()
            for v in inner.operands
            if v in self.buffers
        }
        op.body.clone_into(body, value_mapper=captured)
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
        if op.loop_trips is not None:
            self.trip_bounds[code] = op.loop_trips.value.data
        flag = self.emit(memref.LoadOp.get(self.buffer(op.flag), []), op).results[0]
        code_value = self.emit(arith.ConstantOp(IntegerAttr(code, i32)), op).results[0]
        if self.block is not self.top:
            cell = self.cell()
            old = self.emit(memref.LoadOp.get(cell, []), op).results[0]
            zero = self.emit(arith.ConstantOp(IntegerAttr(0, i32)), op).results[0]
            clean = self.emit(arith.CmpiOp(old, zero, "eq"), op).results[0]
            first = self.emit(arith.AndIOp(clean, flag), op).results[0]
            new = self.emit(arith.SelectOp(first, code_value, old), op).results[0]
            self.emit(memref.StoreOp.get(new, cell, []), op)
            return
        if self.status is None:
            zero = self.emit(arith.ConstantOp(IntegerAttr(0, i32)), op).results[0]
            self.status = self.emit(arith.SelectOp(flag, code_value, zero), op).results[0]
            return
        zero = self.emit(arith.ConstantOp(IntegerAttr(0, i32)), op).results[0]
        clean = self.emit(arith.CmpiOp(self.status, zero, "eq"), op).results[0]
        first = self.emit(arith.AndIOp(clean, flag), op).results[0]
        self.status = self.emit(arith.SelectOp(first, code_value, self.status), op).results[0]

    def cell(self) -> SSAValue:
        """The loop status cell, made (and zeroed) at the top of the function on first use."""
        if self.status_cell is None:
            alloc = memref.AllocOp([], [], MemRefType(i32, []))
            zero = arith.ConstantOp(IntegerAttr(0, i32))
            store = memref.StoreOp.get(zero.result, alloc.memref, [])
            for made in (alloc, zero, store):
                made.location = self.old.location
            first = self.top.first_op
            if first is None:
                self.top.add_ops([alloc, zero, store])
            else:
                self.top.insert_ops_before([alloc, zero, store], first)
            self.allocs.add(alloc.memref)
            self.status_cell = alloc.memref
        return self.status_cell

    def writable(self, value: SSAValue, buf: SSAValue, op: Operation) -> bool:
        """Whether `op` may overwrite `buf`, the buffer of tensor `value`: a whole temporary
        (or a loop value's buffer) that no view aliases, whose other readers all run before
        `op` in its block."""
        if buf not in self.allocs or not isinstance(buf.owner, memref.AllocOp):
            return False
        if any(isinstance(use.operation, ALIASING) for use in buf.uses):
            return False
        block = op.parent_block()
        for use in value.uses:
            user = use.operation
            if user is op:
                continue
            while user.parent_block() is not block:
                parent = user.parent_op()
                if parent is None:
                    return False
                user = parent
            if user is op or not user.is_before_in_block(op):
                return False
            if isinstance(user, (tensor.CollapseShapeOp, tensor.ExpandShapeOp)):
                return False
        return True

    def insert_slice(self, op: tensor.InsertSliceOp) -> None:
        """tensor.insert_slice %src into %dest[offsets] -> an scf.for nest copying %src's
        elements into %dest's buffer (in place when `writable`, else into a copy)"""
        dest = self.buffer(op.dest)
        if not self.writable(op.dest, dest, op):
            copy = self.fresh(op.dest.type, op)
            self.emit(memref.CopyOp(dest, copy), op)
            dest = copy
        dynamic = iter(op.offsets)
        offsets: list[SSAValue] = []
        for static in op.static_offsets.get_values():
            if static == DYNAMIC_INDEX:
                offsets.append(self.buffer(next(dynamic)))
            else:
                index = arith.ConstantOp.from_int_and_width(static, IndexType())
                offsets.append(self.emit(index, op).result)
        if any(s != 1 for s in op.static_strides.get_values()) or op.strides or op.sizes:
            raise PassFailedException(
                op_message(op, "bufferize expects unit strides and static sizes")
            )
        copy_window(self, op, self.buffer(op.source), dest, offsets)
        self.buffers[op.result] = dest

    def while_loop(self, op: scf.WhileOp) -> None:
        """scf.while on tensors -> scf.while with no loop values, each kept in one buffer"""
        before, after = op.before_region.block, op.after_region.block
        carried: list[SSAValue] = []
        for init in op.arguments:
            buf = self.buffer(init)
            if init.has_one_use() and buf not in carried and self.writable(init, buf, op):
                carried.append(buf)
                continue
            fresh = self.fresh(init.type, op)
            self.emit(memref.CopyOp(buf, fresh), op)
            carried.append(fresh)
        self.destinations.update(self.written_in_place(after, carried))
        outer = self.block
        regions = []
        for block in (before, after):
            self.buffers.update(zip(block.args, carried, strict=True))
            self.block = Block()
            body_ops = list(block.ops)
            self.bufferize_ops(body_ops[:-1])
            end = body_ops[-1]
            if isinstance(end, scf.ConditionOp):
                if list(end.args) != list(block.args):
                    raise PassFailedException(
                        op_message(end, "bufferize expects scf.condition to forward its arguments")
                    )
                self.emit(scf.ConditionOp(self.buffer(end.condition)), end)
            else:
                self.yield_into(carried, list(end.operands), end)
                self.emit(scf.YieldOp(), end)
            regions.append(Region(self.block))
        self.block = outer
        self.emit(scf.WhileOp([], [], regions[0], regions[1]), op)
        self.buffers.update(zip(op.res, carried, strict=True))

    def written_in_place(self, body: Block, carried: list[SSAValue]) -> dict[SSAValue, SSAValue]:
        """The loop values the loop's `body` may compute straight into their loop buffer,
        saving the copy at the end of each trip: yielded once, made into a fresh tensor by a
        generic of the body (or by one generic in each branch of an scf.if of the body), and
        the loop value it replaces (`body`'s argument) read only before that op, which reads it
        at most element by element (see `_reads_only_in_step`). A bitonic sort's rounds thus
        alternate between the loop's buffer and one temporary."""
        end = body.last_op
        if not isinstance(end, scf.YieldOp):
            return {}
        yielded = list(end.operands)
        found: dict[SSAValue, SSAValue] = {}
        for value, arg, buf in zip(yielded, body.args, carried, strict=True):
            maker = value.owner
            if yielded.count(value) != 1 or not isinstance(maker, Operation):
                continue
            if maker.parent_block() is not body:
                continue
            if isinstance(maker, scf.IfOp):
                makers = _branch_makers(maker, expect(value, OpResult, "if result").index)
            else:
                made = _made_fresh(value)
                makers = [made] if made is not None else []
            if not makers or not all(_reads_only_in_step(g, arg) for g in makers):
                continue
            if self.writable(arg, buf, maker):
                found[value] = buf
        return found

    def if_op(self, op: scf.IfOp) -> None:
        """scf.if on tensors -> scf.if with no results: each result gets a buffer before the
        branch (a loop value's own, see `written_in_place`), and each branch copies the values
        it yields into them, or computes them there: a result that each branch makes with a
        generic into a fresh tensor (`_branch_makers`)."""
        results = [
            self.destinations.pop(r) if r in self.destinations else self.fresh(r.type, op)
            for r in op.output
        ]
        for index, buf in enumerate(results):
            for maker in _branch_makers(op, index):
                self.destinations[maker.res[0]] = buf
        outer = self.block
        regions = []
        for region in (op.true_region, op.false_region):
            self.block = Block()
            body_ops = list(region.block.ops) if region.blocks else []
            if body_ops:
                self.bufferize_ops(body_ops[:-1])
                end = body_ops[-1]
                for value, buf in zip(end.operands, results, strict=True):
                    if self.buffer(value) is not buf:
                        self.emit(memref.CopyOp(self.buffer(value), buf), end)
            self.block.add_op(scf.YieldOp())
            regions.append(Region(self.block))
        self.block = outer
        self.emit(scf.IfOp(self.buffer(op.cond), [], regions[0], regions[1]), op)
        self.buffers.update(zip(op.output, results, strict=True))

    def yield_into(self, carried: list[SSAValue], values: list[SSAValue], like: Operation) -> None:
        """Copies each yielded value into its loop buffer, unless it is already there; a value
        in another loop value's buffer is saved to a temporary first (a swap)."""
        sources = [self.buffer(v) for v in values]
        roots = [_root(b) for b in sources]
        for i, root in enumerate(roots):
            if root in carried and root is not carried[i]:
                saved = self.fresh(values[i].type, like)
                self.emit(memref.CopyOp(sources[i], saved), like)
                sources[i], roots[i] = saved, saved
        for source, root, buf in zip(sources, roots, carried, strict=True):
            if root is not buf:
                self.emit(memref.CopyOp(source, buf), like)

    def bufferize_ops(self, ops: list[Operation]) -> None:
        handlers = self.handlers()
        unsupported: list[Operation] = []
        for op in ops:
            handler = handlers.get(type(op))
            if handler is not None:
                handler(op)
            elif _is_tensor_op(op):
                unsupported.append(op)
            else:
                self.block.add_op(op.clone(self.buffers))
        fail_on_ops("bufferize", "ops on tensors cannot be bufferized", unsupported)

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
            tensor.InsertSliceOp: self.insert_slice,
            scf.WhileOp: self.while_loop,
            scf.IfOp: self.if_op,
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


ALIASING = (memref.CollapseShapeOp, memref.ExpandShapeOp)


def _made_fresh(value: SSAValue) -> linalg.GenericOp | None:
    """The generic that makes `value` as its only result, into a tensor.empty nothing else
    uses (so it may write its result into any buffer), if one does."""
    maker = value.owner
    if not isinstance(maker, linalg.GenericOp) or len(maker.res) != 1:
        return None
    out = maker.outputs[0]
    if not isinstance(out.owner, tensor.EmptyOp) or not out.has_one_use():
        return None
    return maker


def _branch_makers(op: scf.IfOp, index: int) -> list[linalg.GenericOp]:
    """The generic of each branch of `op` that makes result `index` (`_made_fresh`, in the
    branch's block, yielded only there); none unless every branch has one."""
    makers: list[linalg.GenericOp] = []
    for region in (op.true_region, op.false_region):
        end = region.blocks.first.last_op if region.blocks.first is not None else None
        if not isinstance(end, scf.YieldOp):
            return []
        yielded = list(end.operands)
        maker = _made_fresh(yielded[index])
        if yielded.count(yielded[index]) != 1 or maker is None:
            return []
        if maker.parent_block() is not end.parent_block():
            return []
        makers.append(maker)
    return makers


def _reads_only_in_step(op: linalg.GenericOp, value: SSAValue) -> bool:
    """Whether `op` reads `value` only as inputs whose element is the one its single output
    writes in the same iteration (the output's map, a permutation of every loop), if at all:
    then `op` may write into `value`'s buffer. A read at another position (a gather's
    tensor.extract, a window) might see an element already overwritten."""
    maps = [m.data for m in op.indexing_maps.data]
    out_map = maps[-1]
    if len(out_map.results) != out_map.num_dims or out_map.inverse_permutation() is None:
        return False
    for inner in op.body.walk():
        if value in inner.operands:
            return False
    return all(m == out_map for v, m in zip(op.inputs, maps, strict=False) if v == value)


def _root(buf: SSAValue) -> SSAValue:
    """The buffer a reshaped view `buf` shares its bytes with."""
    while isinstance(buf.owner, ALIASING):
        buf = buf.owner.operands[0]
    return buf


def copy_window(
    fb: _FunctionBufferizer, like: Operation, src: SSAValue, dst: SSAValue, offsets: list[SSAValue]
) -> None:
    """dst[offsets + i] = src[i] for every index i of `src`, as an scf.for nest."""
    shape = expect(src.type, MemRefType).get_shape()
    if any(d == 0 for d in shape):
        return
    zero = fb.emit(arith.ConstantOp.from_int_and_width(0, IndexType()), like).result
    one = fb.emit(arith.ConstantOp.from_int_and_width(1, IndexType()), like).result
    outer = fb.block
    ivs: list[SSAValue] = []
    loops: list[scf.ForOp] = []
    for size in shape:
        bound = fb.emit(arith.ConstantOp.from_int_and_width(size, IndexType()), like).result
        body = Block(arg_types=[IndexType()])
        loop = fb.emit(scf.ForOp(zero, bound, one, [], body), like)
        loops.append(loop)
        ivs.append(body.args[0])
        fb.block = body
    value = fb.emit(memref.LoadOp.get(src, ivs), like).results[0]
    at = [fb.emit(arith.AddiOp(o, i), like).result for o, i in zip(offsets, ivs, strict=True)]
    fb.emit(memref.StoreOp.get(value, dst, at), like)
    for loop in loops:
        fb.block = loop.body.block
        fb.emit(scf.YieldOp(), like)
    fb.block = outer


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
    fb = _FunctionBufferizer(module, f, block, block, buffers, set(), [])
    ops = list(old_block.ops)
    end = ops[-1] if ops else None
    fb.bufferize_ops(ops[:-1] if isinstance(end, func.ReturnOp) else ops)
    if isinstance(end, func.ReturnOp):
        _bufferize_return(fb, end, list(out_args))

    new_f = func.FuncOp(f.sym_name.data, (arg_types, [i32]), Region(block), f.sym_visibility)
    new_f.location = f.location
    for key, value in f.attributes.items():
        new_f.attributes[key] = value
    names_in, names_out = entry_names(f)
    inputs = tuple(_spec(f, n, t) for n, t in zip(names_in, in_types, strict=False))
    outputs = tuple(_spec(f, n, t) for n, t in zip(names_out, out_types, strict=False))
    EntrySignature(
        entry=f.sym_name.data,
        inputs=inputs,
        outputs=outputs,
        status_codes={i + 1: message for i, message in enumerate(fb.checks)},
        trip_bounds=fb.trip_bounds,
        lengths=entry_lengths(f, outputs),
        unused_inputs=entry_unused_inputs(f),
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
    if fb.status_cell is not None:
        in_loops = fb.emit(memref.LoadOp.get(fb.status_cell, []), op).results[0]
        if status is None:
            status = in_loops
        else:
            zero = fb.emit(arith.ConstantOp(IntegerAttr(0, i32)), op).results[0]
            clean = fb.emit(arith.CmpiOp(status, zero, "eq"), op).results[0]
            status = fb.emit(arith.SelectOp(clean, in_loops, status), op).results[0]
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
