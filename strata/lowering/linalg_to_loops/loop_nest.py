"""Strata's own lowering of linalg.generic on memrefs to a scf.for nest, with register tiling of
contractions.

For a generic with a reduction loop followed by a parallel loop (the (m, k, n) matmul order that
convert-hlo-to-linalg emits) the last loop is split: `n` -> `n_outer` (step T) placed before the
reductions and `n_inner` (0..T) innermost. The accumulator row `C[m, n_outer : n_outer + T]` is
then invariant in the reduction loop, so LLVM keeps it in vector registers across `k`.

Indexing-map results may be any affine expression of dims and constants (`d0 * 2 + d3` for
convolution windows, `d1 + 3` for offsets, `4 - d0` for reversals; `floordiv`/`mod`/`ceildiv` by
positive constants too): each is evaluated with index arith ops. `linalg.index` in a body reads
the loop's induction variable.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from xdsl.dialects import arith, math, memref, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, MemRefType, UnitAttr
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.linalg.attrs import IteratorType
from xdsl.dialects.utils.fast_math import FastMathFlag
from xdsl.ir import Block, Operation, SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
)
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.rewriter import InsertPoint

from strata.internal import expect
from strata.lowering.locations import LocatedBuilder
from strata.lowering.loop_hints import INTERLEAVE_ATTR, UNROLL_ATTR, VECTOR_WIDTH_ATTR
from strata.targets.description import ContractionTiles, tile_rows
from strata.transforms.expand_math import EXPANSION_DEPTH, expands, expansion_depth
from strata.transforms.linalg_fuse_epilogue import (
    Epilogue,
    contracts,
    last_step_epilogue,
    strip_epilogue,
)
from strata.transforms.linalg_fuse_fill import first_step_init, strip_first_step


class LoopRole(Enum):
    """How a loop of the nest covers its dim."""

    WHOLE = "whole"  # 0..size, step 1
    OUTER = "outer"  # 0..size, stepping by the tile
    INNER = "inner"  # 0..tile, offset by the matching OUTER loop


@dataclass(frozen=True)
class Loop:
    dim: int
    size: int
    step: int = 1
    role: LoopRole = LoopRole.WHOLE


def _supported(expr: AffineExpr) -> bool:
    """Whether `emit_affine` can evaluate `expr`: dims, constants, +, * by a constant, and
    floordiv/ceildiv/mod by a positive constant."""
    if isinstance(expr, (AffineDimExpr, AffineConstantExpr)):
        return True
    if not isinstance(expr, AffineBinaryOpExpr):
        return False  # symbols
    if not (_supported(expr.lhs) and _supported(expr.rhs)):
        return False
    if expr.kind == AffineBinaryOpKind.Add:
        return True
    if expr.kind == AffineBinaryOpKind.Mul:
        return isinstance(expr.lhs, AffineConstantExpr) or isinstance(expr.rhs, AffineConstantExpr)
    return isinstance(expr.rhs, AffineConstantExpr) and expr.rhs.value > 0


def emit_affine(
    expr: AffineExpr,
    ivs: dict[int, SSAValue],
    index: Callable[[int], SSAValue],
    insert: Callable[[Operation], Operation],
    tiled: Mapping[int, tuple[SSAValue, SSAValue, int]] | None = None,
) -> SSAValue:
    """`expr` (checked by `_supported`) evaluated with index arith ops: dims read `ivs`,
    constants come from `index`, new ops go through `insert`. `tiled` maps a dim split into an
    outer loop (a multiple of `step`) and an inner one (0 .. step) to (outer iv, inner iv, step):
    `d floordiv step` is then outer / step and `d mod step` the inner iv (linalg-pack-weights'
    panels), which LLVM can hoist and vectorise."""
    if isinstance(expr, AffineDimExpr):
        return ivs[expr.position]
    if isinstance(expr, AffineConstantExpr):
        return index(expr.value)
    expr = expect(expr, AffineBinaryOpExpr)
    split = (
        tiled.get(expr.lhs.position)
        if tiled is not None
        and isinstance(expr.lhs, AffineDimExpr)
        and isinstance(expr.rhs, AffineConstantExpr)
        else None
    )
    if split is not None and split[2] == expect(expr.rhs, AffineConstantExpr).value:
        if expr.kind == AffineBinaryOpKind.Mod:
            return split[1]
        if expr.kind == AffineBinaryOpKind.FloorDiv:
            return insert(arith.DivUIOp(split[0], index(split[2]))).results[0]
    lhs = emit_affine(expr.lhs, ivs, index, insert, tiled)
    rhs = emit_affine(expr.rhs, ivs, index, insert, tiled)
    if expr.kind == AffineBinaryOpKind.Add:
        return insert(arith.AddiOp(lhs, rhs)).results[0]
    if expr.kind == AffineBinaryOpKind.Mul:
        return insert(arith.MuliOp(lhs, rhs)).results[0]
    return _floor_div_or_mod(expr.kind, lhs, rhs, index, insert)


def _floor_div_or_mod(
    kind: AffineBinaryOpKind,
    lhs: SSAValue,
    rhs: SSAValue,
    index: Callable[[int], SSAValue],
    insert: Callable[[Operation], Operation],
) -> SSAValue:
    # Truncating division, corrected toward -inf (the divisor is a positive constant).
    if kind == AffineBinaryOpKind.CeilDiv:
        one = index(1)
        biased = insert(arith.AddiOp(lhs, insert(arith.SubiOp(rhs, one)).results[0]))
        return _floor_div_or_mod(AffineBinaryOpKind.FloorDiv, biased.results[0], rhs, index, insert)
    if kind == AffineBinaryOpKind.Mod:
        remainder = insert(arith.RemSIOp(lhs, rhs)).results[0]
        negative = insert(arith.CmpiOp(remainder, index(0), "slt")).results[0]
        wrapped = insert(arith.AddiOp(remainder, rhs)).results[0]
        return insert(arith.SelectOp(negative, wrapped, remainder)).results[0]
    quotient = insert(arith.DivSIOp(lhs, rhs)).results[0]
    remainder = insert(arith.RemSIOp(lhs, rhs)).results[0]
    negative = insert(arith.CmpiOp(remainder, index(0), "slt")).results[0]
    lower = insert(arith.SubiOp(quotient, index(1))).results[0]
    return insert(arith.SelectOp(negative, lower, quotient)).results[0]


def loop_sizes(op: linalg.GenericOp) -> list[int] | None:
    """Static trip count of each loop dim, read off the first operand (inputs, then outputs) whose
    map has that dim as a bare result; None when some dim has none or a map result is an
    expression this lowering cannot evaluate."""
    maps = [m.data for m in op.indexing_maps.data]
    sizes: list[int | None] = [None] * maps[0].num_dims
    for operand, amap in zip(op.operands, maps, strict=False):
        t = operand.type
        if not isinstance(t, MemRefType):
            return None
        shape = t.get_shape()
        for pos, expr in enumerate(amap.results):
            if not _supported(expr):
                return None
            if isinstance(expr, AffineDimExpr) and sizes[expr.position] is None:
                sizes[expr.position] = shape[pos]
    known = [s for s in sizes if s is not None]
    if len(known) != len(sizes) or any(s < 0 for s in known):
        return None
    return known


def loop_order(op: linalg.GenericOp) -> list[int]:
    """The loop dims, outermost first: in order, but where the innermost dim is a reduction that
    no input reads along its own innermost (contiguous) dim while some input reads a parallel
    dim p there, p moves innermost (the reductions keep their order): a row reduction of a
    transposed operand (softmax along axis 0 as TensorFlow builds it: a transpose fused into
    the reductions) then runs along contiguous elements into a row of outputs, as a column sum
    does, instead of down a column, one cache line per element."""
    kinds = [it.data for it in op.iterator_types]
    dims = list(range(len(kinds)))
    if len(dims) < 2 or kinds[-1] != IteratorType.REDUCTION:
        return dims
    inner = [m.data.results[-1] for m in op.indexing_maps.data[: len(op.inputs)] if m.data.results]
    if AffineDimExpr(dims[-1]) in inner:
        return dims
    for expr in inner:
        if isinstance(expr, AffineDimExpr) and kinds[expr.position] == IteratorType.PARALLEL:
            return [d for d in dims if d != expr.position] + [expr.position]
    return dims


def plan_loops(op: linalg.GenericOp, sizes: Sequence[int], tiles: ContractionTiles) -> list[Loop]:
    """Loops outermost first, in `loop_order`. A contraction (parallel dims, reductions, one
    last parallel dim n) is tiled for registers and cache: [n_outer, ..., m_outer, reductions,
    m_inner, n_inner], where m is the parallel dim just before the reductions. The accumulator
    tile C[m_inner, n_inner] stays in vector registers across the reduction, and the rhs
    column block stays in cache across m. The tile is the first of `tiles.shapes` whose
    columns divide n; when its rows do not divide m, m_outer covers the whole tiles only (its
    size is a multiple of its step) and `m_tail` gives the rows left, which a second nest after
    it computes. `tile_rows` may take fewer rows than the tile's for a small m. Where the rhs is
    small (`_columns_inside`), the parallel dims around m come first, the widest outermost:
    [rows, ..., n_outer, m_outer, reductions, m_inner, n_inner]."""
    kinds = [it.data for it in op.iterator_types]
    order = loop_order(op)
    loops = [Loop(d, sizes[d]) for d in order]
    kind = [kinds[d] for d in order]  # by position
    last = len(order) - 1
    reductions = [p for p, k in enumerate(kind) if k == IteratorType.REDUCTION]
    if last >= 1 and not reductions:
        return plan_transpose(op, sizes) or _unit_loops_inside(loops)
    if last < 1 or kind[last] != IteratorType.PARALLEL or not reductions:
        return _unit_loops_inside(loops)
    first = reductions[0]
    if any(kind[p] != IteratorType.REDUCTION for p in range(first, last)):
        return _unit_loops_inside(loops)
    n, n_size = order[last], sizes[order[last]]
    shape = next(((r, c) for r, c in tiles.shapes if n_size % c == 0 and n_size > c), None)
    if shape is None:
        return _unit_loops_inside(loops)
    tile_m, tile_n = shape
    if first > 0:
        tile_m = tile_rows(sizes[order[first - 1]], tile_m)
    before = loops[:first]
    if first == 0 or sizes[order[first - 1]] < tile_m or tile_m < 2:
        return (
            [Loop(n, n_size, tile_n, LoopRole.OUTER)]
            + before
            + loops[first:last]
            + [Loop(n, tile_n, 1, LoopRole.INNER)]
        )
    m = order[first - 1]
    around, n_outer = before[:-1], [Loop(n, n_size, tile_n, LoopRole.OUTER)]
    widest = max(around, key=lambda loop: loop.size, default=None)
    if (
        widest is not None
        and widest.size >= n_size // tile_n
        and _columns_inside(op, sizes, n, around)
    ):
        around = [widest] + [loop for loop in around if loop is not widest]
        n_outer, around = around, n_outer
    return (
        n_outer
        + around
        + [Loop(m, sizes[m] - sizes[m] % tile_m, tile_m, LoopRole.OUTER)]
        + loops[first:last]
        + [Loop(m, tile_m, 1, LoopRole.INNER), Loop(n, tile_n, 1, LoopRole.INNER)]
    )


def _unit_loops_inside(loops: list[Loop]) -> list[Loop]:
    """Untiled `loops` with their leading one-trip loops (a batch of 1) moved inside the first
    loop of more trips, when that is not the innermost: the outermost loop is the one threads
    split (parallelize-kernels), and a loop of one trip gave every thread's work to one (BERT's
    GELU over 1 x 128 x 3072 ran on one core). Where only the innermost loop has more than one
    trip, the order stays: the innermost loop is the one vectorised."""
    lead = next((p for p, loop in enumerate(loops) if loop.size > 1), len(loops))
    if lead == 0 or lead >= len(loops) - 1:
        return loops
    return [loops[lead], *loops[:lead], *loops[lead + 1 :]]


COLUMNS_INSIDE_BYTES = 128 * 1024
"""The most bytes of rhs that each iteration of a contraction's outer dims (`_columns_inside`) may
read again: half the smallest L2 of current x86-64 and AArch64 cores (256 KB), so it stays there."""


def _columns_inside(op: linalg.GenericOp, sizes: Sequence[int], n: int, around: list[Loop]) -> bool:
    """Whether the column blocks of a contraction with parallel dims `around` its m dim (a
    convolution's batch and output rows, a batch matmul's batch) go inside those dims: where
    the rhs that one iteration of them reads (every input indexed by n, over its other dims)
    takes at most COLUMNS_INSIDE_BYTES, so that it stays in cache from one to the next. The
    widest of them is then outermost (`plan_loops` asks that it have at least as many
    iterations as the column blocks), and it is what threads split (`PARALLEL_ATTR`): each
    thread writes its own contiguous part of the output. Split by column blocks, two threads
    write alternate 64-byte halves of each 128-byte output row of a convolution with 32
    channels, and such a convolution (4x30x30x1 input, 3x3 filter) ran no faster at 2 threads
    than at 1 (29 us on a 2-core AVX-512 Xeon); split by rows, it takes 19-21 us."""
    outside = {loop.dim for loop in around}
    maps = [m.data for m in op.indexing_maps.data]
    for operand, amap in zip(op.inputs, maps, strict=False):
        dims = {d.position for r in amap.results for d in r.dfs() if isinstance(d, AffineDimExpr)}
        if n not in dims or not isinstance(operand.type, MemRefType):
            continue
        element = operand.type.element_type
        count = 1
        for d in dims - outside:
            count *= sizes[d]
        if count * max(getattr(element, "bitwidth", 32) // 8, 1) > COLUMNS_INSIDE_BYTES:
            return False
    return True


TRANSPOSE_TILES = (16, 8)
"""Square tiles of a transposing copy, largest first: a 16 x 16 f32 tile reads 16 cache lines
and writes 16, all within L1."""


def transposed_dim(op: linalg.GenericOp) -> int | None:
    """For an all-parallel generic writing every output along its innermost loop dim, the loop
    dim some input reads along its own innermost dim when that is another one (a transpose, an
    NHWC <-> NCHW copy): that input is read with a stride along the innermost loop."""
    maps = [m.data for m in op.indexing_maps.data]
    last = maps[0].num_dims - 1
    n_in = len(op.inputs)
    if any(not m.results or m.results[-1] != AffineDimExpr(last) for m in maps[n_in:]):
        return None
    for amap in maps[:n_in]:
        inner = amap.results[-1] if amap.results else None
        if (
            isinstance(inner, AffineDimExpr)
            and inner.position != last
            and AffineDimExpr(last) in amap.results
        ):
            return inner.position
    return None


def plan_transpose(op: linalg.GenericOp, sizes: Sequence[int]) -> list[Loop] | None:
    """Loops for a transposing copy (`transposed_dim` a): a and the innermost dim n tiled by a
    square tile (TRANSPOSE_TILES, the first that divides both sizes), [..., a_outer, n_outer,
    a_inner, n_inner], so each tile's reads and writes stay in L1, where the loops in output
    order read one element per cache line and, at a power-of-two row length, from the same few
    cache sets (a 1024 x 1024 f32 transpose: 5.4 ms on a 2-core Xeon). None when there is no
    such dim or no tile divides."""
    a = transposed_dim(op)
    if a is None:
        return None
    n = len(sizes) - 1
    tile = next((t for t in TRANSPOSE_TILES if sizes[a] % t == 0 and sizes[n] % t == 0), None)
    if tile is None or sizes[a] == tile and sizes[n] == tile:
        return None
    others = [Loop(d, size) for d, size in enumerate(sizes) if d not in (a, n)]
    return others + [
        Loop(a, sizes[a], tile, LoopRole.OUTER),
        Loop(n, sizes[n], tile, LoopRole.OUTER),
        Loop(a, tile, 1, LoopRole.INNER),
        Loop(n, tile, 1, LoopRole.INNER),
    ]


def m_tail(plan: Sequence[Loop], sizes: Sequence[int]) -> tuple[int, int] | None:
    """(position in `plan` of the m_outer loop, rows its tiles leave) when some are left."""
    for position, loop in enumerate(plan[1:], 1):
        if loop.role is LoopRole.OUTER and loop.size < sizes[loop.dim]:
            return position, sizes[loop.dim] - loop.size
    return None


def _only_feeds_fused_adds(op: Operation) -> bool:
    """A contractible mulf whose every use is a contractible addf (each becomes math.fma)."""
    return (
        isinstance(op, arith.MulfOp)
        and contracts(op)
        and all(
            isinstance(u.operation, arith.AddfOp) and contracts(u.operation) for u in op.result.uses
        )
    )


def fused_multiply_add(
    op: Operation, mapping: dict[SSAValue, SSAValue], fma: bool
) -> Operation | None:
    """`acc + x * y` whose ops allow contraction, made deterministic: `math.fma` where the target
    has FMA, else the add without `contract` (its mulf is then emitted without it too). LLVM
    would otherwise fuse or not per code path (vector body, remainder, unrolled copy), and one
    element could round differently in two builds of the same kernel (a threaded and a serial
    one). None for other ops."""
    if isinstance(op, arith.MulfOp) and contracts(op):
        return (
            None if fma else arith.MulfOp(mapping.get(op.lhs, op.lhs), mapping.get(op.rhs, op.rhs))
        )
    if not isinstance(op, arith.AddfOp) or not contracts(op):
        return None
    product = next(
        (v for v in (op.lhs, op.rhs) if isinstance(v.owner, arith.MulfOp) and contracts(v.owner)),
        None,
    )
    if product is None:
        return arith.AddfOp(mapping.get(op.lhs, op.lhs), mapping.get(op.rhs, op.rhs))
    acc = op.rhs if product is op.lhs else op.lhs
    mul = expect(product.owner, arith.MulfOp, "the product's op")
    if not fma:
        return arith.AddfOp(mapping.get(acc, acc), mapping[product])
    x, y = (mapping.get(v, v) for v in (mul.lhs, mul.rhs))
    return math.FmaOp(x, y, mapping.get(acc, acc))


def reassociate_row_sums(yielded: Sequence[SSAValue], outputs: Sequence[SSAValue | None]) -> None:
    """Marks `out + v`, the float sum a reduction loop carries in output `k`, `reassoc`, so that
    LLVM vectorises a row sum (softmax, LayerNorm, mean) into vector partial sums with one
    horizontal add at the end. The order of the additions then differs from a serial sum, the
    way it does in every vectorising compiler (TF, XLA): the same in every build for one target
    and at every thread count (threads split parallel loops only, never this one)."""
    for value, out in zip(yielded, outputs, strict=False):
        owner = value.owner
        if out is None or not isinstance(owner, arith.AddfOp) or out not in owner.operands:
            continue
        flags = set(owner.fastmath.data) if owner.fastmath is not None else set()
        flags.add(FastMathFlag.REASSOC)
        owner.fastmath = arith.FastMathFlagsAttr(sorted(flags, key=lambda f: f.value))


PARALLEL_ATTR = "strata.parallel"
"""On a kernel's outermost loop when its iterations write disjoint output elements (a parallel
dim every output is indexed by): parallelize-kernels may split it across threads."""


def splits_writes(op: linalg.GenericOp, dim: int, sizes: Sequence[int]) -> bool:
    """Whether `dim` is parallel and every output map has a result that is one-to-one in it (d,
    d * s + o, d mod c for c >= its size, plus dims of one iteration: a padding's copy), so
    iterations of `dim` write disjoint elements (and no reduction is split)."""
    if op.iterator_types.data[dim].data != IteratorType.PARALLEL:
        return False
    maps = [m.data for m in op.indexing_maps.data]
    return all(any(_one_to_one(e, dim, sizes) for e in m.results) for m in maps[len(op.inputs) :])


def _one_to_one(expr: AffineExpr, dim: int, sizes: Sequence[int]) -> bool:
    """Whether `expr` takes a different value for each value of dim `dim`, whatever the other
    dims (it reads none of more than one iteration)."""
    if expr == AffineDimExpr(dim):
        return True
    if not isinstance(expr, AffineBinaryOpExpr):
        return False
    lhs, rhs, kind = expr.lhs, expr.rhs, expr.kind
    if kind is not AffineBinaryOpKind.Mod and (
        isinstance(lhs, AffineConstantExpr) or _fixed(lhs, sizes)
    ):
        lhs, rhs = rhs, lhs  # c + e, c * e, z + e
    if kind is AffineBinaryOpKind.Add:
        return (isinstance(rhs, AffineConstantExpr) or _fixed(rhs, sizes)) and _one_to_one(
            lhs, dim, sizes
        )
    if kind is AffineBinaryOpKind.Mul:
        return (
            isinstance(rhs, AffineConstantExpr) and rhs.value != 0 and _one_to_one(lhs, dim, sizes)
        )
    if kind is AffineBinaryOpKind.Mod:
        return (
            isinstance(rhs, AffineConstantExpr)
            and rhs.value >= sizes[dim]
            and lhs == AffineDimExpr(dim)
        )
    return False


def _fixed(expr: AffineExpr, sizes: Sequence[int]) -> bool:
    """Whether `expr` is a dim of one iteration (always 0)."""
    return isinstance(expr, AffineDimExpr) and sizes[expr.position] == 1


PANEL_BYTES = 256 * 1024
"""Largest packed rhs panel (k x n tile f32), on the kernel's stack: k = 1024 at AVX-512's 64
columns. Unpacked, a row-major rhs whose row is a power of two of bytes puts every k step of a
column block in the same cache sets: a 1024^3 matmul with 4x64 tiles ran at 34 GFLOP/s on a
Xeon (Emerald Rapids) where 512^3 (its 128 KB panel packed) ran at 96. Every AVX-512 core has at
least 1 MB of L2; AVX2's 16-column panels stay within 256 KB up to k = 4096."""
PACK_MIN_ROWS = 8
"""Pack the rhs only when at least this many lhs rows (the m dim) reuse each panel."""


def _reduction_dim(op: linalg.GenericOp) -> int:
    kinds = [it.data for it in op.iterator_types]
    return kinds.index(IteratorType.REDUCTION)


def _reduction_size(op: linalg.GenericOp, sizes: Sequence[int]) -> int:
    return sizes[_reduction_dim(op)]


def column_block(plan: Sequence[Loop]) -> Loop | None:
    """The loop over a register-tiled contraction's column blocks (the OUTER loop of the dim the
    innermost loop walks), else None."""
    if not plan or plan[-1].role is not LoopRole.INNER:
        return None
    n = plan[-1].dim
    return next((p for p in plan if p.role is LoopRole.OUTER and p.dim == n), None)


def packable_operand(
    op: linalg.GenericOp,
    plan: Sequence[Loop],
    sizes: Sequence[int],
    *,
    min_rows: int = PACK_MIN_ROWS,
    max_bytes: int | None = PANEL_BYTES,
) -> int | None:
    """The input read as rhs[k, n] by a tiled contraction with one reduction dim k, when at
    least `min_rows` lhs rows reuse each column block (k x n tile), the column blocks are the
    outermost loop (where the copy is made) and a copy of one fits `max_bytes`; else None.

    `max_bytes` None asks for linalg-pack-weights' compile-time panels: any size, the column
    blocks at any depth, and the rhs may be read as rhs[d1, ..., dj, n] over several bare dims,
    n last (a convolution's filter [kh, kw, ci, co], a batch matmul's [batch, k, n]); its panels
    then span all of them."""
    column = column_block(plan)
    if column is None or max_bytes is not None and plan[0] is not column:
        return None
    kinds = [it.data for it in op.iterator_types]
    reductions = kinds.count(IteratorType.REDUCTION)
    if reductions == 0 or reductions > 1 and max_bytes is not None:
        return None
    r, n = _reduction_dim(op), column.dim
    at = next(p for p, loop in enumerate(plan) if loop.dim == r)
    rows = plan[at - 1].dim  # the lhs rows around the reduction (n_outer itself: none)
    if rows == n or sizes[rows] < min_rows:
        return None  # few lhs rows reuse the panel: copying it would cost more than it saves
    maps = [m.data for m in op.indexing_maps.data]
    for i, operand in enumerate(op.inputs):
        results = maps[i].results
        if not isinstance(operand.type, MemRefType) or len(results) < 2:
            continue
        if results[-1] != AffineDimExpr(n) or any(
            not isinstance(e, AffineDimExpr) or e.position == n for e in results[:-1]
        ):
            continue
        if max_bytes is None or (
            results == (AffineDimExpr(r), AffineDimExpr(n))
            and sizes[r] * column.step * 4 <= max_bytes
        ):
            return i
    return None


UNROLL_MAX_TRIP = 16
"""A contraction's innermost output loop of at most this many iterations is unrolled fully."""


def unrolls(op: linalg.GenericOp, plan: Sequence[Loop], position: int) -> bool:
    """Whether LLVM should unroll loop `position` of `plan` fully (`strata.unroll`): a register
    tile's rows (its columns are one vector loop for LLVM's loop vectoriser), or the innermost
    loop of a contraction's short output rows (n = 10: no whole register tile), so that the row
    stays in registers across the reduction loops around it.

    LLVM unrolls nothing else (`strata.targets.llvm_machine.optimize`): left to unroll every short
    loop, it tripled the code of a small model and took a third of the optimiser's time."""
    loop = plan[position]
    if loop.role is LoopRole.INNER:
        return position < len(plan) - 1
    if position != len(plan) - 1 or loop.role is not LoopRole.WHOLE:
        return False
    kinds = [kind.data for kind in op.iterator_types.data]
    return (
        kinds[loop.dim] == IteratorType.PARALLEL
        and IteratorType.REDUCTION in kinds
        and loop.size // loop.step <= UNROLL_MAX_TRIP
    )


LATENCY_BOUND_DEPTH = EXPANSION_DEPTH
"""A loop body whose longest dependency chain (`chain_depth`) is at least this long (one
expanded function, or as many plain ops in a row) is latency-bound: its innermost loop gets the
target's interleave count."""


def chain_depth(block: Block) -> int:
    """Ops on the longest dependency path through `block`: constants, index reads and the yield
    count 0, an op expand-math expands its `expansion_depth` (EXPANSION_DEPTH but for atan), any
    other op 1."""
    depth: dict[SSAValue, int] = {}
    longest = 0
    for op in block.ops:
        if isinstance(op, (arith.ConstantOp, linalg.IndexOp, linalg.YieldOp)):
            weight = 0
        else:
            weight = expansion_depth(op) if expands(op) else 1
        reached = max((depth.get(v, 0) for v in op.operands), default=0) + weight
        depth.update((r, reached) for r in op.results)
        longest = max(longest, reached)
    return longest


DEEP_CHAIN_DEPTH = 2 * EXPANSION_DEPTH
"""A body at least this deep (two expanded functions in a row and more) gets the target's
`deep_interleave` count instead of its `interleave`."""


def interleave_count(
    op: linalg.GenericOp, plan: Sequence[Loop], lanes: int, interleave: int, deep: int
) -> int:
    """How many vector iterations the innermost loop of `plan` should run at once (0: leave it to
    LLVM): `interleave`, or `deep` around a body of DEEP_CHAIN_DEPTH, for a parallel loop over a
    whole dim, long enough for two interleaved vector iterations (LLVM's vector epilogue takes
    the rest), around a latency-bound body. LLVM's own cost model does not interleave a loop with
    a large body, assuming it has instruction-level parallelism; a chain of expanded
    exp/tanh/log1p has none within one element."""
    if interleave <= 1 or not plan:
        return 0
    loop = plan[-1]
    kind = op.iterator_types.data[loop.dim].data
    if loop.role is not LoopRole.WHOLE or kind != IteratorType.PARALLEL:
        return 0
    depth = chain_depth(op.body.block)
    if depth < LATENCY_BOUND_DEPTH:
        return 0
    count = max(deep, interleave) if depth >= DEEP_CHAIN_DEPTH else interleave
    while count > interleave and loop.size < 2 * lanes * count:
        count //= 2
    return count if loop.size >= 2 * lanes * count else 0


Inside = tuple[Callable[[Operation], Operation], Callable[[AffineMap], list[SSAValue]]]
"""Loops just made (`GenericToLoops.emit_inside`): how to insert an op in them, and the indices
an operand's map names there."""


def reduction_span(op: linalg.GenericOp, plan: Sequence[Loop]) -> tuple[int, int] | None:
    """The position of `plan`'s first reduction loop and the position after its last, when
    the reduction loops are together; else None."""
    kinds = [it.data for it in op.iterator_types]
    reductions = [p for p, loop in enumerate(plan) if kinds[loop.dim] == IteratorType.REDUCTION]
    if not reductions or reductions != list(range(reductions[0], reductions[-1] + 1)):
        return None
    return reductions[0], reductions[-1] + 1


@dataclass
class GenericToLoops(RewritePattern):
    """linalg.generic on memrefs -> scf.for nest { memref.load ins; body; memref.store out }"""

    tiles: ContractionTiles
    fma: bool = True
    """Whether the target has fused multiply-add: see `fuse_multiply_adds`."""
    lanes: int = 8
    """f32 lanes of the target's vectors."""
    interleave: int = 1
    """The target's interleave count for latency-bound loops (see `interleave_count`)."""
    deep_interleave: int = 0
    """Its count around chains of several expanded functions (0: `interleave`)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, linalg.GenericOp) or op.res:
            return
        sizes = loop_sizes(op)
        if sizes is None:
            return
        b = LocatedBuilder(rewriter, op)
        consts: dict[int, SSAValue] = {}

        def index(value: int) -> SSAValue:
            if value not in consts:
                consts[value] = b(arith.ConstantOp(IntegerAttr(value, IndexType()))).result
            return consts[value]

        plan = plan_loops(op, sizes, self.tiles)
        for loop in plan:
            index(0), index(loop.size), index(loop.step)
        # Constants of the map expressions go before the loops too (hoisted, and dominating).
        for amap in op.indexing_maps.data:
            for expr in amap.data.results:
                for sub in expr.dfs():
                    if isinstance(sub, AffineConstantExpr):
                        index(sub.value)
                    elif isinstance(sub, AffineBinaryOpExpr) and sub.kind not in (
                        AffineBinaryOpKind.Add,
                        AffineBinaryOpKind.Mul,
                    ):
                        index(0), index(1)
        tail = m_tail(plan, sizes)
        if tail is not None:
            index(tail[1]), index(plan[tail[0]].size)
        ivs: dict[int, SSAValue] = {}
        outer_ivs: dict[int, SSAValue] = {}
        inner_ivs: dict[int, SSAValue] = {}
        insert_at = InsertPoint.before(op)  # a rank-0 op has no loops: its body goes here
        packed = packable_operand(op, plan, sizes)
        panel: SSAValue | None = None
        if packed is not None:
            alloca = memref.AllocaOp.get(
                expect(op.operands[packed].type, MemRefType).element_type,
                shape=[_reduction_size(op, sizes), plan[0].step],
            )
            alloca.location = op.location
            rewriter.insert(alloca, insert_at)
            panel = alloca.memref
        start = self.hoisted_start(op, plan, rewriter)
        first_reduction = start[1] if start is not None else -1
        finish = self.hoisted_finish(op, plan, rewriter)
        if finish is not None:
            first_reduction = finish[1]
        for_ops: list[scf.ForOp] = []
        for position, loop in enumerate(plan):
            if start is not None and position == first_reduction:
                inner = list(enumerate(plan))[start[2] :]
                inside = self.emit_inside(
                    op, rewriter, insert_at, plan, inner, ivs, outer_ivs, index
                )
                self.emit_start(op, inside, start[0])
            for_op, insert_at, iv = self.emit_loop(op, rewriter, insert_at, loop, index)
            for_ops.append(for_op)
            if finish is not None and position == first_reduction:
                inner = list(enumerate(plan))[finish[2] :]
                after = InsertPoint.after(for_op)
                inside = self.emit_inside(op, rewriter, after, plan, inner, ivs, outer_ivs, index)
                self.emit_finish(op, inside, finish[0])
            self.annotate(op, plan, position, for_op)
            if position == 0 and splits_writes(op, loop.dim, sizes):
                for_op.attributes[PARALLEL_ATTR] = UnitAttr()
            if position == len(plan) - 1:
                count = interleave_count(
                    op, plan, self.lanes, self.interleave, self.deep_interleave
                )
                if count:
                    for_op.attributes[INTERLEAVE_ATTR] = IntegerAttr(count, 64)
            if loop.role is LoopRole.OUTER:
                outer_ivs[loop.dim] = iv
                if position == 0 and packed is not None and panel is not None:
                    self.emit_pack(op, rewriter, insert_at, packed, panel, iv, index)
            elif loop.role is LoopRole.INNER:
                inner_ivs[loop.dim] = iv
                iv = self.offset(op, rewriter, insert_at, outer_ivs[loop.dim], iv)
            if loop.role is not LoopRole.OUTER:
                ivs[loop.dim] = iv
        self.emit_tiled_body(
            op, rewriter, insert_at, plan, ivs, outer_ivs, inner_ivs, packed, panel, index
        )
        if tail is not None:
            # The rows m_outer's whole tiles leave: the loops inside it again, after it, with
            # m_inner over the tail rows from the first row left.
            at, (position, rows) = InsertPoint.after(for_ops[tail[0]]), tail
            m_dim, first_left = plan[position].dim, index(plan[position].size)
            tail_loops = {
                p: Loop(m_dim, rows, 1, LoopRole.INNER)
                if loop.role is LoopRole.INNER and loop.dim == m_dim
                else loop
                for p, loop in enumerate(plan)
                if p > position
            }
            bases = {**outer_ivs, m_dim: first_left}
            for inner_position, loop in tail_loops.items():
                if start is not None and inner_position == first_reduction:
                    inner = [(p, tail_loops[p]) for p in range(start[2], len(plan))]
                    inside = self.emit_inside(op, rewriter, at, plan, inner, ivs, bases, index)
                    self.emit_start(op, inside, start[0])
                tail_loop, at, iv = self.emit_loop(op, rewriter, at, loop, index)
                self.annotate(op, plan, inner_position, tail_loop)
                if finish is not None and inner_position == first_reduction:
                    inner = [(p, tail_loops[p]) for p in range(finish[2], len(plan))]
                    after = InsertPoint.after(tail_loop)
                    inside = self.emit_inside(op, rewriter, after, plan, inner, ivs, bases, index)
                    self.emit_finish(op, inside, finish[0])
                if loop.role is LoopRole.INNER:
                    inner_ivs[loop.dim] = iv
                    base = first_left if loop.dim == m_dim else outer_ivs[loop.dim]
                    iv = self.offset(op, rewriter, at, base, iv)
                ivs[loop.dim] = iv
            outside = {d: v for d, v in outer_ivs.items() if d != m_dim}  # m_outer's iv is not
            self.emit_tiled_body(
                op, rewriter, at, plan, ivs, outside, inner_ivs, packed, panel, index
            )
        if finish is not None:
            for o in reversed(finish[0].ops):
                o.erase()
        rewriter.erase(op)

    @staticmethod
    def hoisted_start(
        op: linalg.GenericOp, plan: Sequence[Loop], rewriter: PatternRewriter
    ) -> tuple[SSAValue, int, int] | None:
        """For a reduction that starts from a value on its first step (`linalg-fuse-fill`'s
        form) and whose plan has its reduction loops together, with only parallel loops inside
        them: that value, the position of the first reduction loop and the position after the
        last. The body then reads its accumulator directly again; `emit_start` stores the value
        into the output elements the reduction loops accumulate, just before them, where LLVM
        keeps it in the accumulator registers. Else None (the select stays: the same values)."""
        found = first_step_init(op)
        span = reduction_span(op, plan)
        if found is None or span is None:
            return None
        strip_first_step(op, found[1], rewriter.erase)
        return found[0], *span

    @staticmethod
    def hoisted_finish(
        op: linalg.GenericOp, plan: Sequence[Loop], rewriter: PatternRewriter
    ) -> tuple[Epilogue, int, int] | None:
        """For a reduction with an epilogue as its last step (`linalg-fuse-epilogue`'s form)
        whose plan has its reduction loops together, with only parallel loops inside them: the
        epilogue, the position of the first reduction loop and the position after the last. The
        body then yields the accumulated value; `emit_finish` computes the epilogue of each
        output element the reduction loops accumulated, just after them. Else None (the select
        stays: the same values, the epilogue computed at every step).

        The epilogue's ops leave the body: copies of them in no block are cloned where the
        finish is emitted, then erased before the op."""
        found = last_step_epilogue(op)
        span = reduction_span(op, plan)
        if found is None or span is None:
            return None
        return strip_epilogue(op, found, rewriter.erase), *span

    def emit_inside(
        self,
        op: linalg.GenericOp,
        rewriter: PatternRewriter,
        at: InsertPoint,
        plan: Sequence[Loop],
        inner: Sequence[tuple[int, Loop]],
        ivs: Mapping[int, SSAValue],
        bases: Mapping[int, SSAValue],
        index: Callable[[int], SSAValue],
    ) -> Inside:
        """At `at`: the `inner` loops (plan positions and loops: those inside the reductions);
        an inner loop of a tile is offset from its `bases` iv. Returns how to insert an op in
        them and the indices a map names there (with the loops around's `ivs`)."""
        local = dict(ivs)
        for position, loop in inner:
            for_op, at, iv = self.emit_loop(op, rewriter, at, loop, index)
            self.annotate(op, plan, position, for_op)
            if loop.role is LoopRole.INNER:
                iv = self.offset(op, rewriter, at, bases[loop.dim], iv)
            local[loop.dim] = iv

        def insert(new: Operation) -> Operation:
            new.location = op.location
            rewriter.insert(new, at)
            return new

        def indices(amap: AffineMap) -> list[SSAValue]:
            return [emit_affine(e, local, index, insert, None) for e in amap.results]

        return insert, indices

    @staticmethod
    def emit_start(op: linalg.GenericOp, inside: Inside, value: SSAValue) -> None:
        """In the loops `inside` (`emit_inside`): `value` stored to the output element they and
        the loops around name."""
        insert, indices = inside
        out = indices(op.indexing_maps.data[-1].data)
        insert(memref.StoreOp.get(value, op.outputs[0], out))

    @staticmethod
    def emit_finish(op: linalg.GenericOp, inside: Inside, epilogue: Epilogue) -> None:
        """In the loops `inside` (`emit_inside`, after the reduction loops): each output element
        they name loaded, the `epilogue` applied (its inputs read there too) and stored back."""
        insert, indices = inside
        maps = [m.data for m in op.indexing_maps.data]
        out = indices(maps[-1])
        mapping: dict[SSAValue, SSAValue] = {
            epilogue.value: insert(memref.LoadOp.get(op.outputs[0], out)).results[0]
        }
        args = op.body.block.args
        for i in epilogue.inputs:
            read = memref.LoadOp.get(op.operands[i], indices(maps[i]))
            mapping[args[i]] = insert(read).results[0]
        for o in epilogue.ops:
            copy = o.clone(mapping)
            insert(copy).location = o.location  # the epilogue's own TF node
        result = mapping.get(epilogue.result, epilogue.result)
        insert(memref.StoreOp.get(result, op.outputs[0], out))

    def annotate(
        self, op: linalg.GenericOp, plan: Sequence[Loop], position: int, for_op: scf.ForOp
    ) -> None:
        """LLVM's hints for loop `position` of `plan`: full unrolling (`unrolls`), or for a
        register tile's columns one vector iteration (`lanes` wide, each vector interleaved)."""
        loop = plan[position]
        if unrolls(op, plan, position):
            for_op.attributes[UNROLL_ATTR] = UnitAttr()
        elif loop.role is LoopRole.INNER and loop.size % self.lanes == 0:
            for_op.attributes[VECTOR_WIDTH_ATTR] = IntegerAttr(self.lanes, 64)
            for_op.attributes[INTERLEAVE_ATTR] = IntegerAttr(loop.size // self.lanes, 64)

    @staticmethod
    def emit_loop(
        op: linalg.GenericOp,
        rewriter: PatternRewriter,
        at: InsertPoint,
        loop: Loop,
        index: Callable[[int], SSAValue],
    ) -> tuple[scf.ForOp, InsertPoint, SSAValue]:
        """`scf.for 0 .. loop.size step loop.step` at `at`: the op, the point in it, its iv."""
        body = Block(arg_types=[IndexType()])
        for_op = scf.ForOp(index(0), index(loop.size), index(loop.step), [], body)
        for_op.location = op.location
        rewriter.insert(for_op, at)
        yield_op = scf.YieldOp()
        yield_op.location = op.location
        body.add_op(yield_op)
        return for_op, InsertPoint.before(yield_op), body.args[0]

    @staticmethod
    def offset(
        op: linalg.GenericOp,
        rewriter: PatternRewriter,
        at: InsertPoint,
        base: SSAValue,
        iv: SSAValue,
    ) -> SSAValue:
        add = arith.AddiOp(base, iv)
        add.location = op.location
        rewriter.insert(add, at)
        return add.result

    def emit_tiled_body(
        self,
        op: linalg.GenericOp,
        rewriter: PatternRewriter,
        at: InsertPoint,
        plan: Sequence[Loop],
        ivs: dict[int, SSAValue],
        outer_ivs: dict[int, SSAValue],
        inner_ivs: dict[int, SSAValue],
        packed: int | None,
        panel: SSAValue | None,
        index: Callable[[int], SSAValue],
    ) -> None:
        """The body at `at`, reading the packed operand (if any) from its panel."""
        substitute = None
        if packed is not None and panel is not None:
            r = _reduction_dim(op)
            substitute = (packed, panel, [ivs[r], inner_ivs[plan[0].dim]])
        kinds = [it.data for it in op.iterator_types]
        innermost_reduction = bool(plan) and kinds[plan[-1].dim] == IteratorType.REDUCTION
        tiled = {
            loop.dim: (outer_ivs[loop.dim], inner_ivs[loop.dim], loop.step)
            for loop in plan
            if loop.role is LoopRole.OUTER and loop.dim in inner_ivs and loop.dim in outer_ivs
        }
        self.emit_body(
            op, rewriter, at, ivs, index, substitute, self.fma, innermost_reduction, tiled
        )

    @staticmethod
    def emit_pack(
        op: linalg.GenericOp,
        rewriter: PatternRewriter,
        at: InsertPoint,
        operand: int,
        panel: SSAValue,
        n0: SSAValue,
        index: Callable[[int], SSAValue],
    ) -> None:
        """panel[k, j] = rhs[k, n0 + j]: the rhs column block, contiguous, once per n block."""
        k_size, width = expect(panel.type, MemRefType).get_shape()
        outer = Block(arg_types=[IndexType()])
        inner = Block(arg_types=[IndexType()])
        loops = [
            scf.ForOp(index(0), index(k_size), index(1), [], outer),
            scf.ForOp(index(0), index(width), index(1), [], inner),
        ]
        col = arith.AddiOp(n0, inner.args[0])
        load = memref.LoadOp.get(op.operands[operand], [outer.args[0], col.result])
        store = memref.StoreOp.get(load.res, panel, [outer.args[0], inner.args[0]])
        inner.add_ops([col, load, store, scf.YieldOp()])
        outer.add_ops([loops[1], scf.YieldOp()])
        for new in (*loops, col, load, store, *[b.last_op for b in (outer, inner)]):
            if new is not None:
                new.location = op.location
        rewriter.insert(loops[0], at)

    @staticmethod
    def emit_body(
        op: linalg.GenericOp,
        rewriter: PatternRewriter,
        at: InsertPoint,
        ivs: dict[int, SSAValue],
        index: Callable[[int], SSAValue],
        substitute: tuple[int, SSAValue, list[SSAValue]] | None = None,
        fma: bool = True,
        innermost_reduction: bool = False,
        tiled: Mapping[int, tuple[SSAValue, SSAValue, int]] | None = None,
    ) -> None:
        """`innermost_reduction`: the innermost loop is a reduction; a float add into an output
        then carries `reassoc` (see `reassociate_row_sums`), and a contractible multiply-add
        stays a multiply and an add, both `contract`: a `math.fma` carried across the loop is
        no reduction LLVM's loop vectoriser knows, where a reassociable add is, and the backend
        fuses each vector (and remainder) multiply and add into one FMA where the target has
        it, every time (a dot product: `linalg-pack-weights`' transposed rows)."""
        maps = [m.data for m in op.indexing_maps.data]
        block = op.body.block

        def insert(new: Operation) -> Operation:
            new.location = op.location
            rewriter.insert(new, at)
            return new

        def indices(amap: AffineMap) -> list[SSAValue]:
            return [emit_affine(e, ivs, index, insert, tiled) for e in amap.results]

        mapping: dict[SSAValue, SSAValue] = {}
        n_in = len(op.inputs)
        for i, (operand, arg) in enumerate(zip(op.operands, block.args, strict=False)):
            if not any(use.operation.parent_block() is block for use in arg.uses):
                continue  # an output only written, an input only a hoisted epilogue reads
            if substitute is not None and substitute[0] == i:
                load = insert(memref.LoadOp.get(substitute[1], substitute[2]))
            else:
                load = insert(memref.LoadOp.get(operand, indices(maps[i])))
            mapping[arg] = load.results[0]
        yielded: Sequence[SSAValue] = ()
        for inner in block.ops:
            if isinstance(inner, linalg.IndexOp):
                mapping[inner.result] = ivs[inner.dim.value.data]
                continue
            if isinstance(inner, linalg.YieldOp):
                yielded = [mapping.get(v, v) for v in inner.operands]
                break
            if innermost_reduction:
                insert(inner.clone(mapping))
                continue
            if fma and _only_feeds_fused_adds(inner):
                continue  # its add becomes math.fma of the same operands
            fused = fused_multiply_add(inner, mapping, fma)
            if fused is not None:
                mapping[inner.results[0]] = insert(fused).results[0]
                continue
            insert(inner.clone(mapping))
        if innermost_reduction:
            outputs = [mapping.get(a) for a in block.args[n_in:]]
            reassociate_row_sums(yielded, outputs)
        for k, (value, out) in enumerate(zip(yielded, op.outputs, strict=False)):
            insert(memref.StoreOp.get(value, out, indices(maps[n_in + k])))
