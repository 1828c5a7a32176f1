"""hlo elementwise ops and constants -> linalg.generic / arith.constant on tensors."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import hlo
from strata.dialects.tensor_types import is_splat, is_static, numpy_from_dense, shape_of
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


def lowers_elementwise(op: Operation) -> bool:
    """Whether ElementwiseLowering computes `op` element by element in a generic (no other
    pattern of the pass claims these ops: a bitcast_convert between widths is not one)."""
    if len(op.results) != 1 or not op.operands or op.dialect_name() != "hlo":
        return False
    if hlo.in_hlo_body(op):
        return False  # a reduce / scatter body: lowered with its parent
    result_type = op.results[0].type
    if not isinstance(result_type, TensorType) or not is_static(result_type):
        return False
    last_type = op.operands[-1].type
    if not isinstance(last_type, TensorType):
        return False
    return scalar_ops.supports(op, last_type.element_type)


def inlined_in_user(op: Operation) -> bool:
    """Whether `op` is computed inside the generic of its one user: an elementwise op whose
    result only another elementwise op of the same shape reads, in the same block. Such trees
    become one generic at their root, not one generic per op for linalg-fuse-elementwise to
    merge again (each generic built costs more than the scalar ops in it)."""
    if not lowers_elementwise(op):
        return False
    result = op.results[0]
    if not result.has_one_use():
        return False
    user = next(iter(result.uses)).operation
    return (
        user.parent is op.parent
        and lowers_elementwise(user)
        and shape_of(user.results[0].type) == shape_of(result.type)
    )


class ElementwiseLowering(RewritePattern):
    """hlo.add(%a, %b) -> linalg.generic {parallel...} ins(%a, %b) outs(tensor.empty) { arith.addf }
    (every elementwise hlo op; rank-0 operands of clamp/select are broadcast by their map).
    An op `inlined_in_user` is left for its user: the root of such a tree computes the whole
    tree in its generic, each op's scalar ops keeping that op's location."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not lowers_elementwise(op) or inlined_in_user(op):
            return
        result_type = expect(op.results[0].type, TensorType, "elementwise result")
        rank = result_type.get_num_dims()
        b = LocatedBuilder(rewriter, op)
        # Inputs and scalar ops come in the order linalg-fuse-elementwise would give the generics
        # of these ops fused (the same kernel): an op's operands from outside the tree, then
        # those of each op inlined into it; the ops of its last operand's tree first.
        tree: list[Operation] = []  # the inlined ops, users before their operands
        leaves: list[SSAValue] = []  # operands from outside the tree
        scalars: dict[SSAValue, SSAValue | None] = {}

        def gather(o: Operation) -> None:
            nested: list[Operation] = []
            for v in o.operands:
                owner = v.owner
                if isinstance(owner, Operation) and inlined_in_user(owner):
                    nested.append(owner)
                elif v not in scalars:
                    # Splat constants are not read from memory: their scalar is used directly.
                    scalars[v] = splat_scalar(b, v)
                    if scalars[v] is None:
                        leaves.append(v)
            tree.extend(nested)
            for inner in nested:
                gather(inner)

        gather(op)
        maps = [
            identity_map(rank)
            if expect(v.type, TensorType, "elementwise operand").get_num_dims() == rank
            else affine_map(rank, [])
            for v in leaves
        ]
        emitted: list[tuple[Operation, list[Operation]]] = []

        def body(emit: Emit, args: Sequence[SSAValue]) -> SSAValue:
            values: dict[SSAValue, SSAValue] = dict(zip(leaves, args, strict=False))

            def value_of(v: SSAValue) -> SSAValue:
                scalar = scalars.get(v)
                return values[v] if scalar is None else scalar

            def compute(o: Operation) -> SSAValue:
                computed: dict[SSAValue, SSAValue] = {
                    v: compute(v.owner)
                    for v in reversed(o.operands)
                    if isinstance(v.owner, Operation) and v.owner in inlined
                }
                args_of = [computed[v] if v in computed else value_of(v) for v in o.operands]
                ops: list[Operation] = []

                def emit_located(new: scalar_ops.OpT) -> scalar_ops.OpT:
                    ops.append(new)
                    return emit(new)

                result = scalar_ops.emit_elementwise(emit_located, o, args_of)
                emitted.append((o, ops))
                return result

            return compute(op)

        inlined = set(tree)
        result = generic(
            b, leaves, maps, empty(b, result_type), identity_map(rank), [PARALLEL] * rank, body
        )
        for source, ops in emitted:
            if source is not op:
                for new in ops:
                    for inner in new.walk():
                        inner.location = source.location
        rewriter.replace(op, [], [result])
        for inner in tree:  # each after its one user
            rewriter.erase(inner)


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
