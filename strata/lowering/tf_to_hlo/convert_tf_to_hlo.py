"""The convert-tf-to-hlo pass."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, PatternRewriteWalker
from xdsl.transforms.dead_code_elimination import region_dce

from strata.diagnostics import fail_on_ops
from strata.lowering.tf_to_hlo import elementwise, nn, shape


@dataclass(frozen=True)
class ConvertTfToHloPass(ModulePass):
    """Lowers every `tf` op to `hlo`.

    Expects: the `tf` or `tf-opt` stage with static shapes. Guarantees: no `tf` op is left;
    otherwise fails naming every op it could not lower (unsupported op or dynamic shape).
    """

    name = "convert-tf-to-hlo"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        patterns = (*shape.PATTERNS, *elementwise.PATTERNS, *nn.PATTERNS)
        PatternRewriteWalker(
            GreedyRewritePatternApplier(list(patterns)), apply_recursively=False
        ).rewrite_module(op)
        region_dce(op.body)
        left = [o for o in op.walk() if o.dialect_name() == "tf"]
        fail_on_ops(self.name, "tf ops could not be lowered (unsupported op or dynamic shape)", left)
