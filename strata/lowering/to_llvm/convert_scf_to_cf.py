"""convert-scf-to-cf: structured control flow -> blocks and `cf` branches.

xDSL lowers scf.if and scf.index_switch. This pass adds scf.while, which our loops (`hlo.while`
after bufferization) need, and lowers scf.for itself (the loop nests' hints, `LOOP_HINTS`:
interleave, unroll, vector width, move to its back-edge branch; its ops are built cheaply); it
runs all four together.

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
from xdsl.transforms.convert_scf_to_cf import IfLowering, SwitchLowering

from strata.internal import expect
from strata.lowering.loop_hints import LOOP_HINTS
from strata.lowering.to_llvm import builders


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


class ForLowering(RewritePattern):
    """scf.for -> a header block testing the induction variable, the body, a latch stepping it.

        scf.for %i = %lb to %ub step %s iter_args(%v = %init) {body; scf.yield %n}
     -> cf.br ^header(%lb, %init)
        ^header(%i, %v): %c = arith.cmpi slt, %i, %ub; cf.cond_br %c, ^body, ^continue
        ^body: body; %next = arith.addi %i, %s; cf.br ^header(%next, %n)   (the latch)
        ^continue: ... (the loop's results are the header's %v)

    The loop's hints (LOOP_HINTS) go on the latch's branch, where LLVM looks for a loop's
    metadata. Its ops come from `builders` (xDSL's own scf.for lowering builds the same ones
    through slower constructors)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.ForOp, rewriter: PatternRewriter, /) -> None:
        entry = expect(op.parent_block(), Block, "scf.for's block")
        after = entry.split_before(op)
        header = expect(op.body.first_block, Block, "scf.for's body")
        body = header.split_before(expect(header.first_op, Operation, "scf.for's first op"))
        latch = expect(op.body.last_block, Block, "scf.for's body")
        end = expect(latch.last_op, scf.YieldOp, "scf.for's yield")
        rewriter.inline_region(op.body, BlockInsertPoint.before(after))
        iv = header.args[0]

        step = builders.addi(iv, op.step)
        rewriter.insert(step, InsertPoint.before(end))
        back = builders.br(header, [step.results[0], *end.operands], cf.BranchOp)
        back.attributes.update({h: op.attributes[h] for h in LOOP_HINTS if h in op.attributes})
        back.location = end.location
        rewriter.replace(end, back)

        rewriter.insert(
            builders.br(header, [op.lb, *op.iter_args], cf.BranchOp), InsertPoint.at_end(entry)
        )
        test = builders.cmpi(iv, op.ub, builders.SLT)
        rewriter.insert(test, InsertPoint.at_end(header))
        branch = builders.cond_br(test.results[0], body, [], after, [], cf.ConditionalBranchOp)
        rewriter.insert(branch, InsertPoint.at_end(header))
        rewriter.replace(op, [], header.args[1:])


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
            scf.ForOp: ForLowering(),
        }
        for found in [o for o in op.walk() if type(o) in lowering]:
            lowering[type(found)].match_and_rewrite(found, PatternRewriter(found))
