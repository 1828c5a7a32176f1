"""convert-cf-to-llvm: `cf.br`/`cf.cond_br` become `llvm.br`/`llvm.cond_br`.

The successors' block arguments get their LLVM types (index -> i64) on the way, and a loop
latch keeps its `strata.interleave`.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import cf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
)

from strata.lowering.conversion import convert_dialect
from strata.lowering.loop_hints import LOOP_HINTS
from strata.lowering.to_llvm import builders
from strata.lowering.to_llvm.type_conversion import (
    convert_block_arguments,
    llvm_operands,
    replace_with_llvm,
)


@dataclass
class BranchLowering(RewritePattern):
    """cf.br ^bb1(%i : index) -> llvm.br ^bb1(%i : i64)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, cf.BranchOp):
            return
        convert_block_arguments(rewriter, op.successor)
        args = llvm_operands(rewriter, op)
        new = builders.br(op.successor, args)
        new.attributes.update({h: op.attributes[h] for h in LOOP_HINTS if h in op.attributes})
        replace_with_llvm(rewriter, op, [new])


@dataclass
class CondBranchLowering(RewritePattern):
    """cf.cond_br %c, ^bb1(%a : index), ^bb2 -> llvm.cond_br %c, ^bb1(%a : i64), ^bb2"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, cf.ConditionalBranchOp):
            return
        convert_block_arguments(rewriter, op.then_block)
        convert_block_arguments(rewriter, op.else_block)
        cond = llvm_operands(rewriter, op, [op.cond])[0]
        then_args = llvm_operands(rewriter, op, op.then_arguments)
        else_args = llvm_operands(rewriter, op, op.else_arguments)
        new = builders.cond_br(cond, op.then_block, then_args, op.else_block, else_args)
        replace_with_llvm(rewriter, op, [new])


@dataclass(frozen=True)
class ConvertCfToLlvmPass(ModulePass):
    """Lowers `cf` branches to `llvm` branches.

    Expects `cf.br`/`cf.cond_br` (as convert-scf-to-cf makes); leaves no `cf` op."""

    name = "convert-cf-to-llvm"

    partial: bool = False
    """Partial conversion: leave the ops it cannot lower instead of failing (the coverage
    report finds them)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        convert_dialect(op, self.name, list(PATTERNS), "cf", LEFT, partial=self.partial)


PATTERNS: tuple[RewritePattern, ...] = (BranchLowering(), CondBranchLowering())
LEFT = "left (unsupported ops)"
"""What the cf ops left by the conversion are."""
