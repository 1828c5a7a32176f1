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

The loop builder then reads each panel in order (no copy per call; it indexes `n floordiv T`
and `n mod T` by the column block's loops). T is the tile convert-linalg-to-loops will choose for
the same target: the pass takes the same `vector-bits` / `vector-registers` options, which the
pipeline fills from the compile's target.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.context import Context
from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
    StringAttr,
    UnitAttr,
    f32,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from strata.dialects.tensor_types import dense_from_numpy, numpy_from_dense
from strata.internal import expect
from strata.lowering.linalg_to_loops.loop_nest import (
    LoopRole,
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


def panels(weights: np.ndarray, tile: int) -> np.ndarray:
    """W[k, n] as its column panels P[n / tile, k, n mod tile]."""
    k, n = weights.shape
    return np.ascontiguousarray(weights.reshape(k, n // tile, tile).transpose(1, 0, 2))


@dataclass(frozen=True)
class LinalgPackWeightsPass(ModulePass):
    """Stores the constant rhs of each register-tiled contraction as its k x T panels (see the
    module doc). Expects: the `buffers` stage (linalg on memrefs, constants as memref.global).
    Guarantees: the same computation; a packed operand's indexing map reads the panels.

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
            operand = packable_operand(generic, plan, sizes, min_rows=1)
            if operand is None or plan[0].role is not LoopRole.OUTER:
                continue
            source = _constant_global(globals_, generic.operands[operand])
            if source is None:
                continue
            tile = plan[0].step
            packed = made.get((source.sym_name.data, tile))
            if packed is None:
                packed = self._packed_global(op, source, tile)
                made[(source.sym_name.data, tile)] = packed
            self._read_panels(generic, operand, packed, tile)
        if not made:
            return
        read = {o.name_.root_reference.data for o in op.walk() if isinstance(o, memref.GetGlobalOp)}
        for name in {source for source, _ in made} - read:
            Rewriter.erase_op(globals_[name])

    @staticmethod
    def _packed_global(module: ModuleOp, source: memref.GlobalOp, tile: int) -> memref.GlobalOp:
        value = expect(source.initial_value, DenseIntOrFPElementsAttr, "the weights")
        data = panels(numpy_from_dense(value), tile)
        shape = list(data.shape)
        name = f"{source.sym_name.data}_panels_{tile}"
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
    def _read_panels(
        generic: linalg.GenericOp, operand: int, packed: memref.GlobalOp, tile: int
    ) -> None:
        amap = generic.indexing_maps.data[operand].data
        k, n = amap.results
        n = expect(n, AffineDimExpr, "the column dim")  # packable_operand: bare dims
        get = memref.GetGlobalOp(packed.sym_name.data, expect(packed.type, MemRefType))
        get.location = generic.location
        Rewriter.insert_op(get, InsertPoint.before(generic))
        old = generic.operands[operand]
        generic.operands[operand] = get.memref
        if not old.uses and isinstance(old.owner, memref.GetGlobalOp):
            Rewriter.erase_op(old.owner)
        maps = list(generic.indexing_maps.data)
        maps[operand] = AffineMapAttr(
            AffineMap(amap.num_dims, amap.num_symbols, (n // tile, k, n % tile))
        )
        generic.indexing_maps = ArrayAttr(maps)
