"""convert-scf-to-cf: structured control flow -> blocks and `cf` branches.

xDSL lowers scf.for, scf.if and scf.index_switch; this pass adds scf.while, which our loops
(`hlo.while` after bufferization) need, and runs all four together. A loop's
hints (`LOOP_HINTS`: interleave, unroll, vector width) move to its back-edge branch.

    scf.while (%v = %init) {before: ...; scf.condition(%c) %v} do {after: ...; scf.yield %n}
 -> cf.br ^before(%init)
    ^before(%v): ...; cf.cond_br %c, ^after(%v), ^continue(%v)
    ^after(%v):  ...; cf.br ^before(%n)
    ^continue(%results): ...
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import cf, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, Region
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern
from xdsl.rewriter import BlockInsertPoint, InsertPoint
from xdsl.transforms.convert_scf_to_cf import ForLowering, IfLowering, SwitchLowering

from strata.internal import expect
from strata.targets.llvm_ir import LOOP_HINTS


class WhileLowering(RewritePattern):
    """scf.while -> a `before` block that branches to `after` or out, `after` branching back."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.WhileOp, rewriter: PatternRewriter, /) -> None:
        block = expect(op.parent_block(), Block, "scf.while's block")
        rest = block.split_before(op)
        region = expect(block.parent_region(), Region, "the block's region")
        continue_block = Block(arg_types=[r.type for r in op.res])
        region.insert_block_before(continue_block, rest)
        rewriter.insert(cf.BranchOp(rest), InsertPoint.at_end(continue_block))

        before = op.before_region.block
        after = op.after_region.block
        condition = expect(before.last_op, scf.ConditionOp)
        branch = cf.ConditionalBranchOp(
            condition.condition, after, list(condition.args), continue_block, list(condition.args)
        )
        branch.location = condition.location
        rewriter.replace(condition, branch)
        end = expect(after.last_op, scf.YieldOp)
        back = cf.BranchOp(before, *end.operands)
        back.location = end.location
        rewriter.replace(end, back)

        enter = cf.BranchOp(before, *op.arguments)
        enter.location = op.location
        rewriter.insert(enter, InsertPoint.at_end(block))
        rewriter.inline_region(op.after_region, BlockInsertPoint.before(continue_block))
        rewriter.inline_region(op.before_region, BlockInsertPoint.before(after))
        rewriter.replace(op, [], list(continue_block.args))


class AnnotatedForLowering(RewritePattern):
    """xDSL's scf.for lowering, keeping the loop's hints (LOOP_HINTS) on the back-edge `cf.br`
    (the latch, where LLVM looks for a loop's metadata)."""

    inner = ForLowering()

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.ForOp, rewriter: PatternRewriter, /) -> None:
        hints = {h: op.attributes[h] for h in LOOP_HINTS if h in op.attributes}
        header, entry = op.body.first_block, op.parent_block()
        self.inner.match_and_rewrite(op, rewriter)
        if not hints or header is None:
            return
        for use in header.uses:  # the entry's branch and the back edge
            if isinstance(use.operation, cf.BranchOp) and use.operation.parent_block() is not entry:
                use.operation.attributes.update(hints)


@dataclass(frozen=True)
class ConvertScfToCfPass(ModulePass):
    """Lowers scf.while, scf.for, scf.if and scf.index_switch to blocks and cf branches.

    Expects: the `loops` stage. Guarantees: no scf op is left.
    """

    name = "convert-scf-to-cf"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        # One walk: each scf op is lowered by its pattern, outermost first (an inner op moves
        # into the blocks its parent's lowering makes and is lowered there). A greedy driver
        # would visit every op of the module, scf or not, until nothing changes.
        lowering: dict[type[Operation], RewritePattern] = {
            scf.WhileOp: WhileLowering(),
            scf.IndexSwitchOp: SwitchLowering(),
            scf.IfOp: IfLowering(),
            scf.ForOp: AnnotatedForLowering(),
        }
        for found in [o for o in op.walk() if type(o) in lowering]:
            lowering[type(found)].match_and_rewrite(found, PatternRewriter(found))
