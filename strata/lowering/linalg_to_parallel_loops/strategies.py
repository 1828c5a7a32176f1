"""How one linalg.generic on memrefs maps to GPU blocks and threads, as scf.parallel nests.

Every nest is correct when each scf.parallel runs sequentially. A block-level scf.parallel whose
body holds several thread-level scf.parallel ops runs them as phases separated by barriers
(convert-loops-to-gpu puts the gpu.barrier between them).

- direct: all parallel dims flattened onto (block x, thread x); reduction dims are a sequential
  scf.for inside, accumulating into the output as the CPU loops do (also convolution).
- row reduction: `yield combiner(x, out)`: one block per output element, each thread strides over
  the reduction range into a partial, partials meet in shared memory and a tree reduction
  combines them; thread 0 combines the result with the output.
- contraction: `out += a * b` with one reduction dim: a T x T output tile per block, A and B tiles
  staged through shared memory for each step of T along k; each thread's sum lives in a private
  accumulator (see below), so the output is read once before the k loop and written once after.

Thread-private state that must outlive a phase (survive the barriers between phases) is a
`memref.alloca` at the top level of the block-level body with one slot per thread of the block,
indexed by the thread-level ivs only (`%acc[%ty, %tx]`, the same axis in the same position in
every phase). Run sequentially, that is a per-block buffer each thread-level iteration reads and
writes its own slot of (scf.parallel is an automatic allocation scope, so it is per block);
convert-loops-to-gpu turns it into the private `memref.alloca() : memref<1xT>` of each thread
(a register after convert-gpu-to-nvvm and LLVM's SROA). An alloca inside a phase would not do:
it would be a fresh buffer in every phase.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import IntegerAttr, MemRefType, StringAttr, UnitAttr
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.linalg.attrs import IteratorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap

from strata.internal import expect
from strata.lowering.linalg_to_loops.loop_nest import GenericToLoops, emit_affine
from strata.lowering.linalg_to_parallel_loops.emitter import BLOCKS, THREADS, Emitter

SHARED_MEMORY_SPACE = 3
# A reduction shorter than this is cheaper as one thread's loop than as a block-wide tree.
MIN_TREE_REDUCTION = 32
MAX_GRID_YZ = 65535  # blocks along y and z (x allows 2**31 - 1)

COMBINERS = (
    arith.AddfOp,
    arith.MulfOp,
    arith.MaximumfOp,
    arith.MinimumfOp,
    arith.MaxnumfOp,
    arith.MinnumfOp,
    arith.AddiOp,
    arith.MuliOp,
    arith.MaxSIOp,
    arith.MinSIOp,
    arith.MaxUIOp,
    arith.MinUIOp,
    arith.AndIOp,
    arith.OrIOp,
    arith.XOrIOp,
)


@dataclass(frozen=True)
class Options:
    block_size: int = 256
    tile: int = 16
    min_tree_reduction: int = MIN_TREE_REDUCTION


SharedAlloc = Callable[[Sequence[int], Attribute], str]
"""Declares a `memref.global "private" @__shared_<N> : memref<shape x T, 3>`; returns its name."""


def _maps(op: linalg.GenericOp) -> list[AffineMap]:
    return [m.data for m in op.indexing_maps.data]


def _kinds(op: linalg.GenericOp) -> list[IteratorType]:
    return [it.data for it in op.iterator_types]


def _prod(sizes: Sequence[int]) -> int:
    return math.prod(sizes) if sizes else 1


def _element_type(value: SSAValue) -> Attribute:
    memref: MemRefType[Attribute] = expect(value.type, MemRefType, "operand type")
    return memref.element_type


def _shared(e: Emitter, name: str, shape: Sequence[int], element: Attribute) -> SSAValue:
    t = MemRefType(element, shape, memory_space=IntegerAttr(SHARED_MEMORY_SPACE, 64))
    return e.value(memref.GetGlobalOp(name, t))


def _load_operand(e: Emitter, op: linalg.GenericOp, k: int, ivs: dict[int, SSAValue]) -> SSAValue:
    amap = _maps(op)[k]
    indices = [emit_affine(x, ivs, e.index, e) for x in amap.results]
    return e.value(memref.LoadOp.get(op.operands[k], indices))


# --- direct ---------------------------------------------------------------------------------


def emit_direct(op: linalg.GenericOp, sizes: Sequence[int], e: Emitter, options: Options) -> str:
    """One thread per point of the parallel dims (flattened onto block x / thread x); reduction
    dims are sequential loops inside, accumulating into the output."""
    kinds = _kinds(op)
    parallel = [d for d, k in enumerate(kinds) if k == IteratorType.PARALLEL]
    reduction = [d for d, k in enumerate(kinds) if k != IteratorType.PARALLEL]
    total = _prod([sizes[d] for d in parallel])
    threads = max(1, min(options.block_size, total))
    blocks = max(1, -(-total // threads))
    (bx,), eb = e.parallel([blocks], BLOCKS[:1])
    (tx,), et = eb.parallel([threads], THREADS[:1])
    linear = et.add(et.mul(bx, et.index(threads)), tx)
    body = et.if_then(et.less(linear, et.index(total)))
    ivs = dict(zip(parallel, body.delinearize(linear, [sizes[d] for d in parallel]), strict=True))
    for d in reduction:
        loop, iv, _, body = body.for_loop(body.index(0), body.index(sizes[d]), body.index(1))
        body(scf.YieldOp())
        body = body.inside(loop.body.block)
        ivs[d] = iv
    GenericToLoops.emit_body(op, body.rewriter, body.at, ivs, body.index)
    return "direct"


# --- row reduction --------------------------------------------------------------------------


@dataclass(frozen=True)
class RowReduction:
    combiner: Operation
    out_arg: SSAValue
    x: SSAValue  # the combined value that does not depend on the output


def match_row_reduction(
    op: linalg.GenericOp, sizes: Sequence[int], options: Options
) -> RowReduction | None:
    kinds = _kinds(op)
    reduction = [d for d, k in enumerate(kinds) if k != IteratorType.PARALLEL]
    if len(op.outputs) != 1 or not reduction or op.res:
        return None
    if _prod([sizes[d] for d in reduction]) < max(2, options.min_tree_reduction):
        return None
    out_map = _maps(op)[len(op.inputs)]
    out_dims = [x.position for x in out_map.results if isinstance(x, AffineDimExpr)]
    parallel = [d for d, k in enumerate(kinds) if k == IteratorType.PARALLEL]
    if len(out_dims) != len(out_map.results) or sorted(out_dims) != parallel:
        return None
    block = op.body.block
    out_arg = block.args[len(op.inputs)]
    yield_op = block.last_op
    if not isinstance(yield_op, linalg.YieldOp) or len(yield_op.operands) != 1:
        return None
    combiner = yield_op.operands[0].owner
    if not isinstance(combiner, COMBINERS) or out_arg.uses.get_length() != 1:
        return None
    lhs, rhs = combiner.operands
    if lhs is out_arg and rhs is not out_arg:
        x = rhs
    elif rhs is out_arg and lhs is not out_arg:
        x = lhs
    else:
        return None
    return RowReduction(combiner, out_arg, x)


def _emit_x(
    op: linalg.GenericOp, red: RowReduction, e: Emitter, ivs: dict[int, SSAValue]
) -> SSAValue:
    """The body up to (not including) the combiner, at `ivs`: the value to combine."""
    block = op.body.block
    mapping: dict[SSAValue, SSAValue] = {}
    for k, arg in enumerate(block.args[: len(op.inputs)]):
        if arg.uses:
            mapping[arg] = _load_operand(e, op, k, ivs)
    for inner in block.ops:
        if inner is red.combiner or isinstance(inner, linalg.YieldOp):
            continue
        if isinstance(inner, linalg.IndexOp):
            mapping[inner.result] = ivs[inner.dim.value.data]
            continue
        e(inner.clone(mapping))
    return mapping.get(red.x, red.x)


def _combine(e: Emitter, red: RowReduction, acc: SSAValue, x: SSAValue) -> SSAValue:
    return e.value(red.combiner.clone({red.out_arg: acc, red.x: x}))


def emit_row_reduction(
    op: linalg.GenericOp,
    sizes: Sequence[int],
    red: RowReduction,
    e: Emitter,
    options: Options,
    shared: SharedAlloc,
) -> str:
    """One block per output element; see the phases below."""
    kinds = _kinds(op)
    parallel = [d for d, k in enumerate(kinds) if k == IteratorType.PARALLEL]
    reduction = [d for d, k in enumerate(kinds) if k != IteratorType.PARALLEL]
    rows = _prod([sizes[d] for d in parallel])
    length = _prod([sizes[d] for d in reduction])
    threads = min(options.block_size, length)  # every thread has at least one element
    element = red.combiner.results[0].type
    name = shared([threads], element)

    (bx,), eb = e.parallel([rows], BLOCKS[:1])
    partials = _shared(eb, name, [threads], element)
    row_ivs = dict(zip(parallel, eb.delinearize(bx, [sizes[d] for d in parallel]), strict=True))

    def ivs_at(em: Emitter, j: SSAValue) -> dict[int, SSAValue]:
        coords = em.delinearize(j, [sizes[d] for d in reduction])
        return {**row_ivs, **dict(zip(reduction, coords, strict=True))}

    # Phase 1: thread t combines elements t, t + threads, ... into its partial. (The guard is
    # always true; it keeps every phase's memory accesses under an scf.if, so no later rewrite
    # can merge loads across the barriers between phases.)
    (tx,), et = eb.parallel([threads], THREADS[:1])
    body = et.if_then(et.less(tx, et.index(threads)))
    first = _emit_x(op, red, body, ivs_at(body, tx))
    start = body.add(tx, body.index(threads))
    loop, j, (acc,), inner = body.for_loop(start, body.index(length), body.index(threads), [first])
    inner(scf.YieldOp(_combine(inner, red, acc, _emit_x(op, red, inner, ivs_at(inner, j)))))
    body(memref.StoreOp.get(loop.results[0], partials, [tx]))

    # Tree: at step s, threads t < s with t + s < n fold partial t + s into partial t.
    step = 1 << max(0, (threads - 1).bit_length() - 1)
    while threads > 1 and step >= 1:
        (tx,), et = eb.parallel([threads], THREADS[:1])
        other = et.add(tx, et.index(step))
        body = et.if_then(
            et.all_of([et.less(tx, et.index(step)), et.less(other, et.index(threads))])
        )
        mine = body.value(memref.LoadOp.get(partials, [tx]))
        theirs = body.value(memref.LoadOp.get(partials, [other]))
        body(memref.StoreOp.get(_combine(body, red, mine, theirs), partials, [tx]))
        step //= 2

    # Thread 0 combines the row's result into the output.
    (tx,), et = eb.parallel([threads], THREADS[:1])
    body = et.if_then(et.value(arith.CmpiOp(tx, et.index(0), "eq")))
    out_map = _maps(op)[len(op.inputs)]
    out_index = [emit_affine(x, row_ivs, body.index, body) for x in out_map.results]
    current = body.value(memref.LoadOp.get(op.outputs[0], out_index))
    total = body.value(memref.LoadOp.get(partials, [body.index(0)]))
    body(memref.StoreOp.get(_combine(body, red, current, total), op.outputs[0], out_index))
    return "row-reduction"


# --- contraction ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Contraction:
    m: int
    n: int
    k: int
    batch: list[int]
    lhs: int  # operand index of the input indexed by (m, k)
    rhs: int  # operand index of the input indexed by (k, n)


def _dims_of(amap: AffineMap) -> set[int] | None:
    dims: set[int] = set()
    for x in amap.results:
        if isinstance(x, AffineDimExpr):
            dims.add(x.position)
        elif not isinstance(x, AffineConstantExpr):
            return None
    return dims


def match_contraction(
    op: linalg.GenericOp, sizes: Sequence[int], options: Options
) -> Contraction | None:
    c = _match_contraction(op)
    if c is None:
        return None
    rows = -(-sizes[c.m] // options.tile)
    if rows > MAX_GRID_YZ or _prod([sizes[d] for d in c.batch]) > MAX_GRID_YZ:
        return None
    return c


def _match_contraction(op: linalg.GenericOp) -> Contraction | None:
    kinds = _kinds(op)
    reduction = [d for d, k in enumerate(kinds) if k != IteratorType.PARALLEL]
    if len(op.inputs) != 2 or len(op.outputs) != 1 or len(reduction) != 1 or op.res:
        return None
    block = op.body.block
    body = list(block.ops)
    if len(body) != 3 or not isinstance(body[2], linalg.YieldOp):
        return None
    mul, add = body[0], body[1]
    a, b, out = block.args
    if not (isinstance(mul, arith.MulfOp) and isinstance(add, arith.AddfOp)):
        return None
    if set(mul.operands) != {a, b} or a is b:
        return None
    if set(add.operands) != {out, mul.result} or body[2].operands[0] is not add.result:
        return None
    maps = _maps(op)
    dims = [_dims_of(m) for m in maps]
    known = [d for d in dims if d is not None]
    if len(known) != len(dims):
        return None
    da, db, dout = known
    k = reduction[0]
    parallel = [d for d, kind in enumerate(kinds) if kind == IteratorType.PARALLEL]
    if len(maps[2].results) != len(parallel) or dout != set(parallel):
        return None
    if k not in da or k not in db:
        return None
    ms = [d for d in parallel if d in da and d not in db]
    ns = [d for d in parallel if d in db and d not in da]
    if not ms or not ns:
        return None
    # The innermost dim only A has is the tile's row, the innermost only B has its column; the
    # other parallel dims (batch, or rows of A that B broadcasts over) index the grid's z.
    m, n = ms[-1], ns[-1]
    batch = [d for d in parallel if d not in (m, n)]
    return Contraction(m, n, k, batch, 0, 1)


def emit_contraction(
    op: linalg.GenericOp,
    sizes: Sequence[int],
    c: Contraction,
    e: Emitter,
    options: Options,
    shared: SharedAlloc,
) -> str:
    """A tile x tile block of the output per block, A and B tiles staged in shared memory, each
    thread's sum in a private accumulator:

        %acc = memref.alloca() : memref<T x T x f32>       (slot [ty, tx]: thread (tx, ty)'s)
        phase: acc[ty, tx] = out[m, n]
        scf.for %k0 = 0 to K step T {
          phase: A_tile[ty, tx] = A[m0 + ty, k0 + tx]; B_tile[ty, tx] = B[k0 + ty, n0 + tx]
          phase: acc[ty, tx] = acc[ty, tx] + sum_kk A_tile[ty, kk] * B_tile[kk, tx]
        }
        phase: out[m, n] = acc[ty, tx]

    The sum starts from the output and adds the products in k order, as the CPU loops do
    (`out = out + a * b` for outputs already holding values too); the output is read and written
    once per element instead of on every step along k."""
    t = options.tile
    m_size, n_size, k_size = sizes[c.m], sizes[c.n], sizes[c.k]
    batch_sizes = [sizes[d] for d in c.batch]
    grid = [-(-n_size // t), -(-m_size // t), _prod(batch_sizes)]
    a_type, b_type = _element_type(op.inputs[0]), _element_type(op.inputs[1])
    out_type = _element_type(op.outputs[0])
    a_name, b_name = shared([t, t], a_type), shared([t, t], b_type)
    n_in = len(op.inputs)
    out_map = _maps(op)[n_in]

    (bx, by, bz), eb = e.parallel(grid, BLOCKS)
    a_tile = _shared(eb, a_name, [t, t], a_type)
    b_tile = _shared(eb, b_name, [t, t], b_type)
    acc = eb.value(memref.AllocaOp.get(out_type, shape=[t, t]))
    batch_ivs = dict(zip(c.batch, eb.delinearize(bz, batch_sizes), strict=True))
    m0 = eb.mul(by, eb.index(t))
    n0 = eb.mul(bx, eb.index(t))

    def output_phase(em: Emitter) -> tuple[SSAValue, SSAValue, list[SSAValue], Emitter]:
        """A thread-level phase guarded to the tile's elements inside the output: (tx, ty,
        the output index, an emitter for the guarded body)."""
        (tx, ty), et = em.parallel([t, t], THREADS[:2])
        m, n = et.add(m0, ty), et.add(n0, tx)
        m_ok, n_ok = et.less(m, et.index(m_size)), et.less(n, et.index(n_size))
        body = et.if_then(et.all_of([m_ok, n_ok]))
        out_ivs = {**batch_ivs, c.m: m, c.n: n}
        out_index = [emit_affine(x, out_ivs, body.index, body) for x in out_map.results]
        return tx, ty, out_index, body

    # Phase: acc[ty, tx] = out[m, n].
    tx, ty, out_index, body = output_phase(eb)
    start = body.value(memref.LoadOp.get(op.outputs[0], out_index))
    body(memref.StoreOp.get(start, acc, [ty, tx]))

    tiles, k0, _, ek = eb.for_loop(eb.index(0), eb.index(k_size), eb.index(t))
    ek(scf.YieldOp())
    ek = ek.inside(tiles.body.block)
    left = ek.value(arith.SubiOp(ek.index(k_size), k0))
    k_count = ek.value(arith.MinSIOp(left, ek.index(t)))

    # Phase: stage A[m0 + ty, k0 + tx] and B[k0 + ty, n0 + tx].
    (tx, ty), et = ek.parallel([t, t], THREADS[:2])
    m, n = et.add(m0, ty), et.add(n0, tx)
    ka, kb = et.add(k0, tx), et.add(k0, ty)
    m_ok, n_ok = et.less(m, et.index(m_size)), et.less(n, et.index(n_size))
    body = et.if_then(et.all_of([m_ok, et.less(ka, et.index(k_size))]))
    value = _load_operand(body, op, c.lhs, {**batch_ivs, c.m: m, c.k: ka})
    body(memref.StoreOp.get(value, a_tile, [ty, tx]))
    body = et.if_then(et.all_of([et.less(kb, et.index(k_size)), n_ok]))
    value = _load_operand(body, op, c.rhs, {**batch_ivs, c.k: kb, c.n: n})
    body(memref.StoreOp.get(value, b_tile, [ty, tx]))

    # Phase: acc[ty, tx] += sum over the tile's k of A_tile[ty, kk] * B_tile[kk, tx].
    tx, ty, _, body = output_phase(ek)
    start = body.value(memref.LoadOp.get(acc, [ty, tx]))
    loop, kk, (partial,), inner = body.for_loop(body.index(0), k_count, body.index(1), [start])
    block = op.body.block
    mapping: dict[SSAValue, SSAValue] = {
        block.args[c.lhs]: inner.value(memref.LoadOp.get(a_tile, [ty, kk])),
        block.args[c.rhs]: inner.value(memref.LoadOp.get(b_tile, [kk, tx])),
        block.args[n_in]: partial,
    }
    yielded = partial
    for inner_op in block.ops:
        if isinstance(inner_op, linalg.YieldOp):
            yielded = mapping[inner_op.operands[0]]
            break
        inner(inner_op.clone(mapping))
    inner(scf.YieldOp(yielded))
    body(memref.StoreOp.get(loop.results[0], acc, [ty, tx]))

    # Phase: out[m, n] = acc[ty, tx].
    tx, ty, out_index, body = output_phase(eb)
    total = body.value(memref.LoadOp.get(acc, [ty, tx]))
    body(memref.StoreOp.get(total, op.outputs[0], out_index))
    return "contraction"


def shared_global(name: str, shape: Sequence[int], element: Attribute) -> memref.GlobalOp:
    """`memref.global "private" @name : memref<shape x element, 3> = uninitialized`"""
    t = MemRefType(element, shape, memory_space=IntegerAttr(SHARED_MEMORY_SPACE, 64))
    return memref.GlobalOp.get(StringAttr(name), t, UnitAttr())
