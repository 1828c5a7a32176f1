"""tf-shape-inference: refine tf result types from their operands to a fixpoint (`?` -> static).

Each tf op's `infer_result_types()` is the only source of shapes; the entry function's result
types follow what it returns.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import DYNAMIC_INDEX, FunctionType, ModuleOp, TensorType
from xdsl.ir import Attribute, Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.utils.exceptions import VerifyException

from strata.dialects.tf import TfOp


def refine(have: Attribute, want: Attribute) -> Attribute | None:
    """`have` with each `?` dim that `want` knows filled in; None if nothing is gained.

    Incompatible types are left alone: the verifier reports them.
    """
    if not isinstance(have, TensorType) or not isinstance(want, TensorType):
        return None
    if have.element_type != want.element_type or have.get_num_dims() != want.get_num_dims():
        return None
    dims: list[int] = []
    for a, b in zip(have.get_shape(), want.get_shape(), strict=True):
        if a != DYNAMIC_INDEX and b != DYNAMIC_INDEX and a != b:
            return None
        dims.append(b if a == DYNAMIC_INDEX else a)
    if tuple(dims) == tuple(have.get_shape()):
        return None
    return TensorType(have.element_type, dims)


class RefineTfResultTypes(RewritePattern):
    """`tf.Relu(%x : tensor<8x4xf32>) -> tensor<?x4xf32>` -> `... -> tensor<8x4xf32>`"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, TfOp):
            return
        try:
            inferred = op.infer_result_types()
        except VerifyException:
            return  # an invalid op: the verifier names it
        if inferred is None:
            return
        for result, want in zip(op.results, inferred, strict=True):
            refined = refine(result.type, want)
            if refined is not None:
                rewriter.replace_value_with_new_type(result, refined)


class RefineFuncResultTypes(RewritePattern):
    """`func.func @f() -> tensor<?xf32> { return %v : tensor<4xf32> }` -> `@f() -> tensor<4xf32>`"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, func.FuncOp) or len(op.body.blocks) != 1:
            return
        ret = op.body.block.last_op
        if not isinstance(ret, func.ReturnOp):
            return
        declared: Sequence[Attribute] = op.function_type.outputs.data
        returned = ret.arguments.types
        if len(declared) != len(returned):
            return
        outputs = [refine(d, r) or d for d, r in zip(declared, returned, strict=True)]
        if list(outputs) == list(declared):
            return
        op.function_type = FunctionType.from_lists(op.function_type.inputs.data, outputs)
        rewriter.notify_op_modified(op)


class TfShapeInferencePass(ModulePass):
    """Refines tf result types from their operands' types.

    Expects the tf stage; guarantees every tf result type is as static as its operands allow.

    Function arguments are never changed; function results follow the values returned.
    """

    name = "tf-shape-inference"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        patterns = GreedyRewritePatternApplier(
            [RefineTfResultTypes(), RefineFuncResultTypes()], dce_enabled=False
        )
        PatternRewriteWalker(patterns, apply_recursively=True).rewrite_module(op)
