"""hlo.reduce with a one-op body -> linalg.generic with reduction loops."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import hlo
from strata.dialects.tensor_types import is_static, numpy_from_dense, shape_of
from strata.internal import expect
from strata.lowering.hlo_to_linalg import scalar_ops
from strata.lowering.hlo_to_linalg.generic import (
    PARALLEL,
    REDUCTION,
    affine_map,
    filled,
    generic,
    scalar_constant,
)
from strata.lowering.hlo_to_linalg.scalar_ops import Emit
from strata.lowering.locations import LocatedBuilder


def body_combiner(op: hlo.ReduceOp | hlo.ReduceWindowOp) -> Operation | None:
    """The single binary op of a reduce body that combines its two block arguments, if any."""
    ops = list(op.body.block.ops)
    if len(ops) != 2 or not isinstance(ops[1], hlo.ReturnOp):
        return None
    combiner = ops[0]
    if (
        set(combiner.operands) != set(op.body.block.args)
        or ops[1].operands[0] != combiner.results[0]
    ):
        return None
    return combiner


def init_scalar(b: LocatedBuilder, init: SSAValue) -> SSAValue:
    """The scalar value of a rank-0 init tensor: a constant when it is one, else tensor.extract."""
    owner = init.owner
    value = getattr(owner, "value", None)
    if isinstance(owner, (hlo.ConstantOp, arith.ConstantOp)) and isinstance(
        value, DenseIntOrFPElementsAttr
    ):
        element = expect(init.type, TensorType, "init value").element_type
        return scalar_constant(b, numpy_from_dense(value).reshape(()).item(), element)
    element = expect(init.type, TensorType, "init value").element_type
    return b(tensor.ExtractOp(init, [], element)).result


class ReduceLowering(RewritePattern):
    """hlo.reduce(%x init: %c) applies hlo.add across dimensions = [1]
    -> linalg.generic {parallel, reduction} ins(%x) outs(filled with %c : (d0, d1) -> (d0))
       { addf }"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.ReduceOp) or len(op.inputs) != 1:
            return
        combiner = body_combiner(op)
        x = op.inputs[0]
        if combiner is None or not is_static(x.type):
            return
        element = expect(x.type, TensorType, "reduce input").element_type
        if not scalar_ops.supports(combiner, element):
            return
        rank = len(shape_of(x.type))
        dims = set(op.dimensions.get_values())
        kept = [d for d in range(rank) if d not in dims]
        out_t = expect(op.results[0].type, TensorType)
        b = LocatedBuilder(rewriter, op)
        init = filled(b, out_t, init_scalar(b, op.init_values[0]))
        # The combiner may take (acc, elem) in either order; the generic's block has (elem, acc).
        acc_arg, elem_arg = op.body.block.args

        def body(emit: Emit, args: Sequence[SSAValue]) -> SSAValue:
            by_arg: dict[SSAValue, SSAValue] = {acc_arg: args[1], elem_arg: args[0]}
            operands = [by_arg[v] for v in combiner.operands]
            return scalar_ops.emit_elementwise(emit, combiner, operands)

        # Loops: kept dims first (parallel), then the reduced dims.
        order = kept + sorted(dims)
        in_map = affine_map(rank, [order.index(d) for d in range(rank)])
        result = generic(
            b,
            [x],
            [in_map],
            init,
            affine_map(rank, list(range(len(kept)))),
            [PARALLEL] * len(kept) + [REDUCTION] * len(dims),
            body,
        )
        rewriter.replace(op, [], [result])


PATTERNS: tuple[RewritePattern, ...] = (ReduceLowering(),)
