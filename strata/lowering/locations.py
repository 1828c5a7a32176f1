"""Keeping source locations through rewrites: every op a pattern creates carries the location of
the op it replaces (xDSL does not do this), so a TF node name survives to the last stage."""

from __future__ import annotations

from typing import TypeVar

from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

OpT = TypeVar("OpT", bound=Operation)


class LocatedBuilder:
    """Inserts ops before `anchor`, stamping each with `anchor`'s location."""

    def __init__(self, rewriter: PatternRewriter, anchor: Operation):
        self.rewriter = rewriter
        self.anchor = anchor

    def __call__(self, op: OpT) -> OpT:
        op.location = self.anchor.location
        for inner in op.walk():
            inner.location = self.anchor.location
        self.rewriter.insert(op, InsertPoint.before(self.anchor))
        return op
