"""Window copies at run-time offsets, made kernels for the GPU chain.

bufferize turns `tensor.insert_slice %src into %dst[%offsets]` (a dynamic_update_slice: a
TensorList write in a loop, a column of hlo.cholesky) into a host `scf.for` nest,
`dst[offsets + i] = src[i]`, whose offsets are scalars the host computes (a `memref.load` of a
buffer, index arithmetic). The GPU chain's host plan runs no such nest, so before the generics
are mapped, each becomes a linalg.generic over `src` that the generic lowering maps like any
other:

    linalg.generic ins(%src) outs(%src) {
    ^bb0(%v, %same):
      (the offsets' loads and arithmetic, computed in the kernel)
      memref.store %v, %dst[%offset_d + linalg.index d ...]
      linalg.yield %v                     // src written with its own values: unchanged
    }

Each element is stored by one thread, so the copy is race-free as long as src and dst do not
overlap (bufferize copies into a fresh buffer where they would).
"""

from __future__ import annotations

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import AffineMapAttr, IntegerAttr, MemRefType
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineMap

from strata.lowering.hlo_to_linalg.generic import PARALLEL
from strata.lowering.loops_to_gpu.convert_loops_to_gpu import host_blocks


def _constant_index(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _nest(loop: scf.ForOp) -> list[scf.ForOp] | None:
    """The perfect nest of counted loops from 0 by 1 that `loop` starts, outermost first."""
    loops = [loop]
    while True:
        current = loops[-1]
        if _constant_index(current.lb) != 0 or _constant_index(current.step) != 1:
            return None
        if _constant_index(current.ub) is None or current.iter_args:
            return None
        ops = [o for o in current.body.block.ops if not isinstance(o, arith.ConstantOp)]
        if len(ops) == 2 and isinstance(ops[0], scf.ForOp):
            loops.append(ops[0])
            continue
        return loops


def _copy_of(loops: list[scf.ForOp]) -> tuple[SSAValue, SSAValue, list[SSAValue]] | None:
    """(src, dst, offsets) of a nest whose body is `dst[offsets + ivs] = src[ivs]`."""
    ivs = [loop.body.block.args[0] for loop in loops]
    ops = [o for o in loops[-1].body.block.ops if not isinstance(o, arith.ConstantOp)]
    if len(ops) != len(ivs) + 3:
        return None
    load, *adds, store, end = ops
    if not isinstance(load, memref.LoadOp) or list(load.indices) != ivs:
        return None
    if not isinstance(store, memref.StoreOp) or store.value is not load.res:
        return None
    if not isinstance(end, scf.YieldOp) or len(adds) != len(ivs):
        return None
    offsets: list[SSAValue] = []
    for add, iv, index in zip(adds, ivs, store.indices, strict=True):
        if not isinstance(add, arith.AddiOp) or add.rhs is not iv or add.result is not index:
            return None
        offsets.append(add.lhs)
    src_t = load.memref.type
    if not isinstance(src_t, MemRefType):
        return None
    if list(src_t.get_shape()) != [_constant_index(loop.ub) for loop in loops]:
        return None
    return load.memref, store.memref, offsets


def _sunk(value: SSAValue, block: Block, mapping: dict[SSAValue, SSAValue]) -> SSAValue | None:
    """`value` computed in `block`: constants and buffers are used as they are (the kernel
    outliner passes buffers and copies constants), a load or arithmetic is copied in after its
    operands; None for anything else (a block argument of the host: no such scalar)."""
    if value in mapping:
        return mapping[value]
    if isinstance(value.type, MemRefType) or isinstance(value.owner, arith.ConstantOp):
        return value
    owner = value.owner
    if not isinstance(owner, Operation) or len(owner.results) != 1 or owner.regions:
        return None
    if not isinstance(owner, memref.LoadOp) and owner.dialect_name() != "arith":
        return None
    for operand in owner.operands:
        inner = _sunk(operand, block, mapping)
        if inner is None:
            return None
        mapping[operand] = inner
    copy = owner.clone(mapping)
    block.add_op(copy)
    mapping[value] = copy.results[0]
    return copy.results[0]


def _as_generic(loops: list[scf.ForOp]) -> linalg.GenericOp | None:
    found = _copy_of(loops)
    if found is None:
        return None
    src, dst, offsets = found
    src_t = src.type
    if not isinstance(src_t, MemRefType):
        return None
    element = src_t.get_element_type()
    rank = len(loops)
    block = Block(arg_types=[element, element])
    mapping: dict[SSAValue, SSAValue] = {}
    at: list[SSAValue] = []
    for d, offset in enumerate(offsets):
        base = _sunk(offset, block, mapping)
        if base is None:
            return None
        index = linalg.IndexOp(d)
        block.add_op(index)
        add = arith.AddiOp(base, index.result)
        block.add_op(add)
        at.append(add.result)
    block.add_op(memref.StoreOp.get(block.args[0], dst, at))
    block.add_op(linalg.YieldOp(block.args[0]))
    identity = AffineMapAttr(AffineMap.identity(rank))
    return linalg.GenericOp(
        [src],
        [src],
        Region(block),
        [identity, identity],
        [PARALLEL] * rank,
        [],
    )


def window_copies_to_generics(function: Operation) -> None:
    """Each host scf.for window copy of `function` (a func.func) -> a linalg.generic doing it;
    nests of another shape are left (convert-loops-to-gpu names them)."""
    body = function.regions[0].blocks[0]
    for block in list(host_blocks(body)):
        for op in list(block.ops):
            if not isinstance(op, scf.ForOp):
                continue
            loops = _nest(op)
            generic = None if loops is None else _as_generic(loops)
            if generic is None:
                continue
            generic.location = op.location
            for inner in generic.walk():
                inner.location = op.location
            block.insert_op_before(generic, op)
            op.detach()
            op.erase(safe_erase=False)
            _erase_unused_scalars(block)


def _erase_unused_scalars(block: Block) -> None:
    """The host loads and arithmetic the copies no longer read (each kernel computes its own):
    one pass from the end erases a chain's users before its definitions."""
    for op in reversed(list(block.ops)):
        scalar = isinstance(op, memref.LoadOp) or op.dialect_name() == "arith"
        if scalar and op.results and not any(r.uses for r in op.results):
            op.detach()
            op.erase()
