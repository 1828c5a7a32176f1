"""The convert-hlo-to-linalg pass."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, PatternRewriteWalker
from xdsl.transforms.dead_code_elimination import region_dce

from strata.diagnostics import fail_on_ops
from strata.dialects import hlo
from strata.lowering.hlo_to_linalg import contraction, elementwise, reduction, shape


@dataclass(frozen=True)
class ConvertHloToLinalgPass(ModulePass):
    """Lowers every `hlo` op to linalg.generic / tensor / arith / math on tensors.

    Expects: the `hlo` or `hlo-opt` stage with static shapes. Guarantees: no `hlo` op is left;
    otherwise fails naming every op it could not lower.
    """

    name = "convert-hlo-to-linalg"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        patterns = (
            *reduction.PATTERNS,
            *contraction.PATTERNS,
            *shape.PATTERNS,
            *elementwise.PATTERNS,
        )
        PatternRewriteWalker(
            GreedyRewritePatternApplier(list(patterns)), apply_recursively=False
        ).rewrite_module(op)
        region_dce(op.body)
        left = [
            o
            for o in op.walk()
            if o.dialect_name() == "hlo" and not isinstance(o.parent_op(), hlo.ReduceOp)
        ]
        fail_on_ops(self.name, "hlo ops could not be lowered", left)
