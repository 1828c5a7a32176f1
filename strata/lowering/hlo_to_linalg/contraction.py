"""hlo.dot_general -> linalg.generic with reduction loops over the contracting dims."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    TensorType,
    f32,
)
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import hlo
from strata.dialects.tensor_types import dense_from_numpy, is_static, numpy_from_dense, shape_of
from strata.internal import expect
from strata.lowering.hlo_to_linalg.generic import (
    PARALLEL,
    REDUCTION,
    affine_map,
    dense_constant,
    empty,
    filled,
    generic,
    identity_map,
    scalar_constant,
)
from strata.lowering.hlo_to_linalg.scalar_ops import Emit, convert, multiply_add
from strata.lowering.hlo_to_linalg.shape import transposed
from strata.lowering.locations import LocatedBuilder


class DotGeneralLowering(RewritePattern):
    """hlo.dot_general %a, %b, contracting_dims = [1] x [0]
    -> linalg.generic {parallel, reduction, parallel} ins(%a : (m, k, n) -> (m, k), %b : -> (k, n))
       outs(zero-filled : -> (m, n)) { acc + a * b }
    Loop order: batch dims, lhs free dims, contracting dims, rhs free dims, so the innermost loop
    walks rows of the rhs and the result contiguously (and vectorises)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.DotGeneralOp) or not is_static(op.result.type):
            return
        dn = op.dot_dimension_numbers
        lhs_rank, rhs_rank = len(shape_of(op.lhs.type)), len(shape_of(op.rhs.type))
        lb, rb = list(dn.lhs_batching_dimensions), list(dn.rhs_batching_dimensions)
        lc, rc = list(dn.lhs_contracting_dimensions), list(dn.rhs_contracting_dimensions)
        lhs_free = [d for d in range(lhs_rank) if d not in lb and d not in lc]
        rhs_free = [d for d in range(rhs_rank) if d not in rb and d not in rc]
        n_out = len(lb) + len(lhs_free) + len(rhs_free)
        n_loops = n_out + len(lc)
        k0 = len(lb) + len(lhs_free)  # first contracting loop
        n0 = k0 + len(lc)  # first rhs free loop

        def lhs_loop(d: int) -> int:
            if d in lb:
                return lb.index(d)
            if d in lc:
                return k0 + lc.index(d)
            return len(lb) + lhs_free.index(d)

        def rhs_loop(d: int) -> int:
            if d in rb:
                return rb.index(d)
            if d in rc:
                return k0 + rc.index(d)
            return n0 + rhs_free.index(d)

        out_dims = list(range(k0)) + list(range(n0, n_loops))
        b = LocatedBuilder(rewriter, op)
        rhs, rhs_map = op.rhs, [rhs_loop(d) for d in range(rhs_rank)]
        if rhs_free and rhs_map[-1] != n_loops - 1:
            # The rhs read along a contracting dim (B^T: MatMul transpose_b, attention's
            # q @ k^T): the innermost loop would gather one element per row at each step.
            # A copy in (batch, contracting, free) order, which convert-linalg-to-loops tiles as
            # a transpose and linalg-fuse-elementwise leaves apart (`_keeps_layout`), is read
            # along its rows instead.
            order = rb + rc + rhs_free
            rhs = _transposed(b, rhs, order)
            rhs_map = [rhs_loop(d) for d in order]

        out_t = expect(op.result.type, TensorType)
        element = out_t.element_type
        # 16-bit floats accumulate in f32 and round once at the end, as XLA computes them (the
        # values StableHLO's JAX-made tests expect); rounding every step loses a bit per few.
        accumulator = f32 if isinstance(element, Float16Type | BFloat16Type) else element
        acc_t = TensorType(accumulator, out_t.get_shape())
        init = filled(b, acc_t, scalar_constant(b, 0, accumulator))

        def body(emit: Emit, args: Sequence[SSAValue]) -> SSAValue:
            # A result type wider than the operands' (f32 x f32 -> f64): products and sums in it.
            x, y = (convert(emit, a, accumulator) for a in args[:2])
            return multiply_add(emit, args[2], x, y, accumulator)

        result = generic(
            b,
            [op.lhs, rhs],
            [
                affine_map(n_loops, [lhs_loop(d) for d in range(lhs_rank)]),
                affine_map(n_loops, rhs_map),
            ],
            init,
            affine_map(n_loops, out_dims),
            [PARALLEL] * k0 + [REDUCTION] * len(lc) + [PARALLEL] * len(rhs_free),
            body,
        )
        if accumulator != element:
            rank = len(out_t.get_shape())
            result = generic(
                b,
                [result],
                [identity_map(rank)],
                empty(b, out_t),
                identity_map(rank),
                [PARALLEL] * rank,
                lambda emit, args: convert(emit, args[0], element),
            )
        rewriter.replace(op, [], [result])


def _transposed(b: LocatedBuilder, x: SSAValue, order: Sequence[int]) -> SSAValue:
    """`x` with its dims in `order`: a constant transposed now (weights: packed once by
    linalg-pack-weights then; hlo-simplify folds only small constants), else a copy."""
    value = dense_constant(x)
    if value is not None:
        data = numpy_from_dense(value).transpose(order)
        element = expect(x.type, TensorType).element_type
        return b(arith.ConstantOp(dense_from_numpy(data, element))).result
    return transposed(b, x, order)


PATTERNS: tuple[RewritePattern, ...] = (DotGeneralLowering(),)
