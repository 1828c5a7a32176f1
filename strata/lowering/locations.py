"""Keeping source locations through rewrites: every op a pattern creates carries the location of
the op it replaces (xDSL does not do this), so a TF node name survives to the last stage."""

from __future__ import annotations

from typing import TypeVar

from xdsl.ir import Block, Operation
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

OpT = TypeVar("OpT", bound=Operation)


class LocatedBuilder:
    """Inserts ops before `anchor` (or, `into` a block, at that block's end), stamping each with
    `anchor`'s location."""

    def __init__(self, rewriter: PatternRewriter, anchor: Operation, block: Block | None = None):
        self.rewriter = rewriter
        self.anchor = anchor
        self.block = block

    def __call__(self, op: OpT) -> OpT:
        op.location = self.anchor.location
        for inner in op.walk():
            inner.location = self.anchor.location
        if self.block is not None:
            self.block.add_op(op)
        else:
            self.rewriter.insert(op, InsertPoint.before(self.anchor))
        return op

    def into(self, block: Block) -> LocatedBuilder:
        """A builder that appends to `block` (a region being built, not yet inserted), its ops
        located as this builder's."""
        return LocatedBuilder(self.rewriter, self.anchor, block)
