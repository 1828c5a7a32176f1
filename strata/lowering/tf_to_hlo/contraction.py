"""tf contraction ops -> hlo.dot_general: BatchMatMulV2 (and V1, V3), Einsum."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import TensorType, i32
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import hlo, tf
from strata.dialects.tensor_types import shape_of
from strata.internal import expect
from strata.lowering.locations import LocatedBuilder
from strata.lowering.tf_to_hlo.elementwise import all_static
from strata.lowering.tf_to_hlo.helpers import scalar, splat


def _broadcast(b: LocatedBuilder, x: SSAValue, shape: Sequence[int]) -> SSAValue:
    """Broadcast `x` (dims of size 1 stretch; rank kept) to `shape`."""
    if tuple(shape_of(x.type)) == tuple(shape):
        return x
    t = expect(x.type, TensorType)
    target = TensorType(t.element_type, list(shape))
    return b(hlo.BroadcastInDimOp(x, target, list(range(len(shape))))).result


class BatchMatMulV2Lowering(RewritePattern):
    """tf.BatchMatMulV2(x, y) -> hlo.dot_general(x', y', batching_dims = [0..b) x [0..b),
    contracting_dims = [k] x [k']) where x', y' are x, y broadcast to the common batch shape
    (and for tf.BatchMatMulV3 converted to the result's element type; tf.BatchMatMul alike)"""

    handles = (tf.BatchMatMulV2Op, tf.BatchMatMulOp, tf.BatchMatMulV3Op)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.BatchMatMulBase) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        out_shape = shape_of(op.output.type)
        nb = len(out_shape) - 2
        operands = []
        element = expect(op.output.type, TensorType).element_type
        for value in (op.x, op.y):
            if expect(value.type, TensorType).element_type != element:
                value = b(hlo.ConvertOp(value, element)).result
            shape = shape_of(value.type)
            if len(shape) - 2 != nb or shape[:-2] != out_shape[:-2]:
                padded = [1] * (nb + 2 - len(shape)) + list(shape)
                t = expect(value.type, TensorType)
                if len(padded) != len(shape):
                    value = b(hlo.ReshapeOp(value, TensorType(t.element_type, padded))).result
                value = _broadcast(b, value, [*out_shape[:-2], *padded[-2:]])
            operands.append(value)
        x, y = operands
        lhs_k = nb if op.adj_x.value.data else nb + 1
        rhs_k = nb + 1 if op.adj_y.value.data else nb
        batch = list(range(nb))
        dot = b(hlo.DotGeneralOp(x, y, batch, batch, [lhs_k], [rhs_k], op.output.type))
        rewriter.replace(op, [], [dot.result])


class EinsumLowering(RewritePattern):
    """tf.Einsum(a, b) {equation} -> hlo.dot_general (labels on both operands and the output:
    batching; on both operands only: contracting) then hlo.transpose to the output's order;
    labels on one operand only and not in the output are summed first (hlo.reduce).
    One operand: hlo.reduce of the dropped labels, then hlo.transpose. A label repeated in a
    term ('ii->i') takes the diagonal first: select(iota == iota, x, 0), summed over the second
    occurrence (zeros, not a multiplied mask, so an inf off the diagonal stays out)."""

    handles = (tf.EinsumOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.EinsumOp) or not all_static(op):
            return
        terms, out = op.parsed()
        b = LocatedBuilder(rewriter, op)
        values = list(op.inputs)
        sizes = tf.einsum_label_sizes(terms, [shape_of(v.type) for v in values])
        # Stretch size-1 dims that broadcast against the other operand.
        for i, (term, value) in enumerate(zip(terms, values, strict=True)):
            want = [sizes[c] for c in term]
            values[i] = _broadcast(b, value, want)
        for i in range(len(terms)):
            values[i], terms[i] = self._diagonals(b, values[i], terms[i])
        # Sum labels that no other operand and not the output mention.
        for i, term in enumerate(terms):
            others = set(out) | {c for j, t in enumerate(terms) if j != i for c in t}
            dropped = [d for d, c in enumerate(term) if c not in others]
            if dropped:
                values[i] = self._sum(b, values[i], dropped)
                terms[i] = "".join(c for d, c in enumerate(term) if d not in dropped)
        if len(terms) == 1:
            result, order = values[0], terms[0]
        else:
            (lt, rt), (lhs, rhs) = terms, values
            batch = [c for c in lt if c in rt and c in out]
            contract = [c for c in lt if c in rt and c not in out]
            lhs_free = [c for c in lt if c not in rt]
            rhs_free = [c for c in rt if c not in lt]
            dot = b(
                hlo.DotGeneralOp(
                    lhs,
                    rhs,
                    [lt.index(c) for c in batch],
                    [rt.index(c) for c in batch],
                    [lt.index(c) for c in contract],
                    [rt.index(c) for c in contract],
                )
            )
            result, order = dot.result, "".join(batch + lhs_free + rhs_free)
        if order != out:
            perm = [order.index(c) for c in out]
            result = b(hlo.TransposeOp(result, perm)).result
        rewriter.replace(op, [], [result])

    @classmethod
    def _diagonals(cls, b: LocatedBuilder, value: SSAValue, term: str) -> tuple[SSAValue, str]:
        """`value` with each label `term` repeats reduced to its diagonal, and its new term."""
        while repeated := [c for c in term if term.count(c) > 1]:
            first = term.index(repeated[0])
            second = term.index(repeated[0], first + 1)
            t = expect(value.type, TensorType)
            index_t = TensorType(i32, t.get_shape())
            rows = b(hlo.IotaOp(first, index_t)).output
            cols = b(hlo.IotaOp(second, index_t)).output
            on = b(hlo.CompareOp(rows, cols, "EQ", "SIGNED")).result
            zeros = splat(b, 0, t)
            value = cls._sum(b, b(hlo.SelectOp(on, value, zeros)).result, [second])
            term = term[:second] + term[second + 1 :]
        return value, term

    @staticmethod
    def _sum(b: LocatedBuilder, value: SSAValue, dims: list[int]) -> SSAValue:
        t = expect(value.type, TensorType)
        init = scalar(b, 0, t.element_type)
        return b(hlo.ReduceOp.build_binary(value, init, dims, hlo.AddOp)).results[0]


PATTERNS: tuple[RewritePattern, ...] = (BatchMatMulV2Lowering(), EinsumLowering())
