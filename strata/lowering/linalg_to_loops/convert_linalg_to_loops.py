"""The convert-linalg-to-loops pass: xDSL's structured-op lowering, with Strata's contract check."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType, UnknownLoc
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.transforms.convert_linalg_to_loops import LowerLinalgStructuredOpPattern
from xdsl.utils.exceptions import PassFailedException

from strata.diagnostics import fail_on_ops
from strata.lowering.linalg_to_loops.loop_nest import GenericToLoops
from strata.targets.description import TargetDescription, deep_interleave, tiles_for_options


class LinalgStructuredLowering(RewritePattern):
    """linalg.generic ins(%a) outs(%b) -> scf.for nests of memref.load / body / memref.store
    (xDSL's lowering; new ops are stamped with the linalg op's location, which xDSL drops)"""

    inner = LowerLinalgStructuredOpPattern()

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        block = op.parent_block()
        if not isinstance(op, LinalgStructuredOperation) or block is None:
            return
        before = set(block.ops)
        self.inner.match_and_rewrite(op, rewriter)
        for new in block.ops:
            if new in before:
                continue
            for inner in new.walk():
                if isinstance(inner.location, UnknownLoc):
                    inner.location = op.location


@dataclass(frozen=True)
class ConvertLinalgToLoopsPass(ModulePass):
    """Lowers linalg structured ops on memrefs to `scf.for` loop nests (contractions register-tiled;
    ops Strata's loop builder does not cover go through xDSL's perfectly nested lowering).

    Expects: the `buffers` stage (linalg on memrefs). Guarantees: no `linalg` op is left;
    otherwise fails naming every op left (e.g. one still on tensors).

    `vector-bits` / `vector-registers` describe the target's vector register file (0: this
    machine's, see strata.targets.description); contraction tiles are derived from them. `fma`:
    whether multiply-adds that allow contraction become `math.fma` (else plain mul and add).
    `interleave`: the count of vector iterations an innermost loop around a long dependency chain
    (expanded exp, tanh, ...) runs at once, marked `strata.interleave` on its scf.for;
    `deep-interleave` the count around a chain of several such functions (two and more).
    """

    name = "convert-linalg-to-loops"

    vector_bits: int = 0
    vector_registers: int = 0
    fma: int = -1
    """1: the target has fused multiply-add (contractions use math.fma), 0: it has not, -1: as
    this machine."""
    interleave: int = 0
    """Vector iterations a latency-bound innermost loop interleaves (`strata.interleave` on its
    scf.for, see loop_nest.interleave_count); 1: none; 0: this machine's."""
    deep_interleave: int = 0
    """The count for a loop around several chained expanded functions (loop_nest.DEEP_CHAIN_DEPTH);
    0: derived from `interleave` and `vector-registers` (TargetDescription.deep_interleave)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        on_tensors = [
            o
            for o in op.walk()
            if o.dialect_name() == "linalg"
            and any(isinstance(v.type, TensorType) for v in o.operands)
        ]
        fail_on_ops(self.name, "linalg ops still on tensors (run bufferize first)", on_tensors)
        tiles = tiles_for_options(self.name, self.vector_bits, self.vector_registers)
        fma = TargetDescription.host().fma if self.fma < 0 else bool(self.fma)
        for option, value in (
            ("interleave", self.interleave),
            ("deep-interleave", self.deep_interleave),
        ):
            if value < 0:
                raise PassFailedException(
                    f"{self.name}: {option} must be 0 (this machine's) or a count, found "
                    f"{option}={value}"
                )
        interleave = self.interleave or TargetDescription.host().interleave
        registers = self.vector_registers or TargetDescription.host().vector_registers
        deep = self.deep_interleave or deep_interleave(interleave, registers)
        bits = self.vector_bits if self.vector_bits > 0 else TargetDescription.host().vector_bits
        to_loops = GenericToLoops(tiles, fma, bits // 32, interleave, deep)
        patterns = GreedyRewritePatternApplier([to_loops, LinalgStructuredLowering()])
        PatternRewriteWalker(patterns, apply_recursively=False).rewrite_module(op)
        left = [o for o in op.walk() if o.dialect_name() == "linalg"]
        fail_on_ops(self.name, "linalg ops could not be lowered", left)
