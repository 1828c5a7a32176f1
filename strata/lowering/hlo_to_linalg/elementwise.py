"""hlo elementwise ops and constants -> linalg.generic / arith.constant on tensors."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import hlo
from strata.dialects.tensor_types import is_splat, is_static, numpy_from_dense
from strata.internal import expect
from strata.lowering.hlo_to_linalg import scalar_ops
from strata.lowering.hlo_to_linalg.generic import PARALLEL, affine_map, empty, generic, identity_map
from strata.lowering.hlo_to_linalg.scalar_ops import Emit
from strata.lowering.locations import LocatedBuilder


class ConstantLowering(RewritePattern):
    """hlo.constant dense<...> -> arith.constant dense<...>"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.ConstantOp):
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [b(arith.ConstantOp(op.value)).result])


class ElementwiseLowering(RewritePattern):
    """hlo.add(%a, %b) -> linalg.generic {parallel...} ins(%a, %b) outs(tensor.empty) { arith.addf }
    (every elementwise hlo op; rank-0 operands of clamp/select are broadcast by their map)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not op.results or op.dialect_name() != "hlo":
            return
        if hlo.in_hlo_body(op):
            return  # a reduce / scatter body: lowered with its parent
        result_type = op.results[0].type
        if not isinstance(result_type, TensorType) or not is_static(result_type):
            return
        last_type = op.operands[-1].type
        if not isinstance(last_type, TensorType):
            return
        element = last_type.element_type
        if not scalar_ops.supports(op, element):
            return
        rank = result_type.get_num_dims()
        b = LocatedBuilder(rewriter, op)
        # Splat constants are not read from memory: their scalar is used in the body directly.
        scalars = {i: splat_scalar(b, v) for i, v in enumerate(op.operands)}
        inputs = [v for i, v in enumerate(op.operands) if scalars[i] is None]
        maps = [
            identity_map(rank)
            if expect(v.type, TensorType, "elementwise operand").get_num_dims() == rank
            else affine_map(rank, [])
            for v in inputs
        ]

        def body(emit: Emit, args: Sequence[SSAValue]) -> SSAValue:
            block_args = iter(args)
            values = [s if s is not None else next(block_args) for s in scalars.values()]
            return scalar_ops.emit_elementwise(emit, op, values)

        result = generic(
            b, inputs, maps, empty(b, result_type), identity_map(rank), [PARALLEL] * rank, body
        )
        rewriter.replace(op, [], [result])


def splat_scalar(b: LocatedBuilder, value: SSAValue) -> SSAValue | None:
    """A scalar arith.constant for a splat-constant tensor operand, else None."""
    owner = value.owner
    dense = getattr(owner, "value", None)
    if not isinstance(owner, (hlo.ConstantOp, arith.ConstantOp)):
        return None
    # An empty tensor has no value to splat (xDSL's is_splat fails on it).
    if not isinstance(dense, DenseIntOrFPElementsAttr) or not is_splat(dense):
        return None
    element = dense.get_element_type()
    return scalar_ops.emit_constant(b, numpy_from_dense(dense).flat[0].item(), element)


PATTERNS: tuple[RewritePattern, ...] = (ConstantLowering(), ElementwiseLowering())
