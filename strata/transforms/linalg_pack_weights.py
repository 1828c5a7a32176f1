"""linalg-pack-weights: constant rhs operands of contractions laid out for the register tile, once,
at compile time.

convert-linalg-to-loops tiles a contraction C[m, n] += A[m, k] * B[k, n] in column blocks of T
and copies B's block B[:, n0 : n0 + T] into a contiguous k x T panel on each call. When B is a
constant (a `memref.global` with a value: the weights of a dense layer), this pass stores it as
its panels instead, P[n / T, k, n mod T], and the contraction reads that:

    %w = memref.get_global @w : memref<784x256xf32>
    linalg.generic {indexing_maps = [(m, k, n) -> (m, k), (m, k, n) -> (k, n), ...]} ...
 -> %w = memref.get_global @w_panels_16 : memref<16x784x16xf32>
    linalg.generic {indexing_maps = [(m, k, n) -> (m, k),
                                     (m, k, n) -> (n floordiv 16, k, n mod 16), ...]} ...

A convolution's constant filter W[kh, kw, ci, co] is packed the same way, its panels spanning
all its reduction dims: P[co floordiv T, kh, kw, ci, co mod T]. Panels have no size limit here
(the loop builder's per-call copy has one, PANEL_BYTES): unpacked, each k step of a column block
reads a row of W n floats further on, at a power-of-two n the same few cache sets (ResNet-50's
2304- and 4608-deep contractions ran at 50-90 GFLOP/s, 200-300 packed).

The loop builder then reads each panel in order (no copy per call; it indexes `n floordiv T`
and `n mod T` by the column block's loops). T is the tile convert-linalg-to-loops will choose for
the same target: the pass takes the same `vector-bits` / `vector-registers` options, which the
pipeline fills from the compile's target.

A contraction with too few columns for any register tile (a classifier's 10 logits) is instead
computed as dot products: its constant B is stored transposed, Bt[n, k], and the contraction's
k and n dims trade places, so that k is innermost and both operands are read along it:

    linalg.generic {indexing_maps = [(m, k, n) -> (m, k), (m, k, n) -> (k, n), (m, k, n) -> (m, n)],
                    iterator_types = ["parallel", "reduction", "parallel"]}
 -> linalg.generic {indexing_maps = [(m, n, k) -> (m, k), (m, n, k) -> (n, k), (m, n, k) -> (m, n)],
                    iterator_types = ["parallel", "parallel", "reduction"]}

convert-linalg-to-loops then vectorises each dot product along k, as it does a row sum.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from xdsl.context import Context
from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
    StringAttr,
    UnitAttr,
    f32,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.linalg.attrs import IteratorType
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from strata.dialects.tensor_types import dense_from_numpy, numpy_from_dense
from strata.internal import expect
from strata.lowering.linalg_to_loops.loop_nest import (
    UNROLL_MAX_TRIP,
    Loop,
    LoopRole,
    column_block,
    loop_sizes,
    packable_operand,
    plan_loops,
)
from strata.targets.description import tiles_for_options


def _constant_global(globals_: dict[str, memref.GlobalOp], value: object) -> memref.GlobalOp | None:
    """The constant f32 global `value` reads, when it is `memref.get_global` of one."""
    owner = getattr(value, "owner", None)
    if not isinstance(owner, memref.GetGlobalOp):
        return None
    op = globals_.get(owner.name_.root_reference.data)
    if (
        op is not None
        and op.constant is not None
        and isinstance(op.initial_value, DenseIntOrFPElementsAttr)
        and isinstance(op.type, MemRefType)
        and op.type.element_type == f32
        and isinstance(op.type.layout, NoneAttr)
    ):
        return op
    return None


DOT_MAX_COLUMNS = UNROLL_MAX_TRIP
"""Columns (n) a contraction without a register tile may have for `dot_operand`: beyond, a row of
the output is more than the unrolled row of accumulators convert-linalg-to-loops keeps it in."""
DOT_MIN_DEPTH = 32
"""Reduction length (k) from which a dot product pays: two AVX-512 vectors, eight NEON ones."""


def dot_operand(
    generic: linalg.GenericOp, sizes: Sequence[int], plan: Sequence[Loop]
) -> int | None:
    """The input B read as B[k, n] by a contraction C[..., m, n] += A[..., m, k] * B[k, n] that has
    no register tile (no loop of `plan` steps by a tile), at most DOT_MAX_COLUMNS columns and a
    reduction of at least DOT_MIN_DEPTH, with k its only reduction just before n, the last dim;
    else None (the swap renumbers the body's `linalg.index` too)."""
    if any(loop.role is not LoopRole.WHOLE for loop in plan):
        return None
    kinds = [it.data for it in generic.iterator_types]
    last = len(kinds) - 1
    if (
        last < 1
        or kinds[last] != IteratorType.PARALLEL
        or kinds.count(IteratorType.REDUCTION) != 1
        or kinds[last - 1] != IteratorType.REDUCTION
        or sizes[last] > DOT_MAX_COLUMNS
        or sizes[last - 1] < DOT_MIN_DEPTH
        or any(m.data.num_symbols for m in generic.indexing_maps.data)
    ):
        return None
    bare = (AffineDimExpr(last - 1), AffineDimExpr(last))
    for i, amap in enumerate(generic.indexing_maps.data[: len(generic.inputs)]):
        if tuple(amap.data.results) == bare:
            return i
    return None


def panels(weights: np.ndarray, tile: int) -> np.ndarray:
    """W[k..., n] as its column panels P[n / tile, k..., n mod tile] (a filter [kh, kw, ci, co]
    as P[co / tile, kh, kw, ci, co mod tile])."""
    *ks, n = weights.shape
    flat = weights.reshape(-1, n // tile, tile).transpose(1, 0, 2)
    return np.ascontiguousarray(flat.reshape(n // tile, *ks, tile))


@dataclass(frozen=True)
class LinalgPackWeightsPass(ModulePass):
    """Stores the constant rhs of each register-tiled contraction as its k x T panels (a
    convolution filter: kh x kw x ci x T), and that of a contraction with too few columns for a
    tile transposed, its k dim then innermost (dot products; see the module doc). Expects: the
    `buffers` stage (linalg on memrefs, constants as memref.global). Guarantees: the same
    computation; a packed operand's indexing map reads the panels (or the transposed rows).

    `vector-bits` / `vector-registers`: the target's vector register file, as for
    convert-linalg-to-loops (0: this machine's)."""

    name = "linalg-pack-weights"

    vector_bits: int = 0
    vector_registers: int = 0

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        tiles = tiles_for_options(self.name, self.vector_bits, self.vector_registers)
        made: dict[tuple[str, int], memref.GlobalOp] = {}
        # One symbol table and one walk for uses: a module of N layers has N globals (a lookup
        # or a walk per global made this pass quadratic: 16 s of a 300-layer chain's compile).
        globals_ = {o.sym_name.data: o for o in op.ops if isinstance(o, memref.GlobalOp)}
        for generic in [o for o in op.walk() if isinstance(o, linalg.GenericOp)]:
            sizes = loop_sizes(generic)
            if sizes is None or generic.res:
                continue
            plan = plan_loops(generic, sizes, tiles)
            dot = dot_operand(generic, sizes, plan)
            operand = (
                packable_operand(generic, plan, sizes, min_rows=1, max_bytes=None)
                if dot is None
                else dot
            )
            column = column_block(plan)
            if operand is None or dot is None and column is None:
                continue
            source = _constant_global(globals_, generic.operands[operand])
            if source is None:
                continue
            tile = 0 if column is None else column.step  # 0: the transpose
            packed = made.get((source.sym_name.data, tile))
            if packed is None:
                packed = self._packed_global(op, source, tile)
                made[(source.sym_name.data, tile)] = packed
            if dot is not None:
                self._read_rows(generic, operand, packed)
            else:
                self._read_panels(generic, operand, packed, tile)
        if not made:
            return
        read = {o.name_.root_reference.data for o in op.walk() if isinstance(o, memref.GetGlobalOp)}
        for name in {source for source, _ in made} - read:
            Rewriter.erase_op(globals_[name])

    @staticmethod
    def _packed_global(module: ModuleOp, source: memref.GlobalOp, tile: int) -> memref.GlobalOp:
        """`source` as its panels of `tile` columns, or transposed for a `tile` of 0."""
        value = expect(source.initial_value, DenseIntOrFPElementsAttr, "the weights")
        weights = numpy_from_dense(value)
        data = panels(weights, tile) if tile else np.ascontiguousarray(weights.T)
        shape = list(data.shape)
        suffix = f"panels_{tile}" if tile else "transposed"
        name = f"{source.sym_name.data}_{suffix}"
        attr = dense_from_numpy(data, f32)
        packed = memref.GlobalOp.get(
            StringAttr(name),
            MemRefType(f32, shape),
            attr,
            sym_visibility=StringAttr("private"),
            constant=UnitAttr(),
            alignment=64,
        )
        Rewriter.insert_op(packed, InsertPoint.after(source))
        return packed

    @staticmethod
    def _read_rows(generic: linalg.GenericOp, operand: int, packed: memref.GlobalOp) -> None:
        """The contraction reads B transposed (`dot_operand`), with its k and n dims swapped in
        every map, in its iterator types and in its body's `linalg.index` (a fused epilogue's
        test for the last k): k is then its innermost loop."""
        _read_global(generic, operand, packed)
        num_dims = generic.indexing_maps.data[0].data.num_dims
        k, n = num_dims - 2, num_dims - 1
        order = [AffineDimExpr(d) for d in range(num_dims)]
        order[k], order[n] = order[n], order[k]
        maps = [
            AffineMapAttr(m.data.replace_dims_and_symbols(order, [], num_dims, 0))
            for m in generic.indexing_maps.data
        ]
        maps[operand] = AffineMapAttr(AffineMap(num_dims, 0, (AffineDimExpr(k), AffineDimExpr(n))))
        generic.indexing_maps = ArrayAttr(maps)
        kinds = list(generic.iterator_types.data)
        kinds[k], kinds[n] = kinds[n], kinds[k]
        generic.iterator_types = ArrayAttr(kinds)
        for o in generic.body.block.ops:
            if isinstance(o, linalg.IndexOp) and o.dim.value.data in (k, n):
                swapped = n if o.dim.value.data == k else k
                o.properties["dim"] = IntegerAttr(swapped, o.dim.type)

    @staticmethod
    def _read_panels(
        generic: linalg.GenericOp, operand: int, packed: memref.GlobalOp, tile: int
    ) -> None:
        amap = generic.indexing_maps.data[operand].data
        *leading, n = amap.results  # the dims before n: k, a filter's window, a batch
        n = expect(n, AffineDimExpr, "the column dim")  # packable_operand: bare dims
        _read_global(generic, operand, packed)
        maps = list(generic.indexing_maps.data)
        maps[operand] = AffineMapAttr(
            AffineMap(amap.num_dims, amap.num_symbols, (n // tile, *leading, n % tile))
        )
        generic.indexing_maps = ArrayAttr(maps)


def _read_global(generic: linalg.GenericOp, operand: int, packed: memref.GlobalOp) -> None:
    """Operand `operand` of `generic` becomes a read of `packed` (the old read erased if unused)."""
    get = memref.GetGlobalOp(packed.sym_name.data, expect(packed.type, MemRefType))
    get.location = generic.location
    Rewriter.insert_op(get, InsertPoint.before(generic))
    old = generic.operands[operand]
    generic.operands[operand] = get.memref
    if not old.uses and isinstance(old.owner, memref.GetGlobalOp):
        Rewriter.erase_op(old.owner)
