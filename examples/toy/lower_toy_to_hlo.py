"""lower-toy-to-hlo: each toy op becomes hlo ops (StableHLO semantics), one pattern per op."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from toy_dialect import Clamp01Op, ScaleOp
from xdsl.context import Context
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, ModuleOp, TensorType
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from strata.dialects import hlo
from strata.lowering.locations import LocatedBuilder


def splat(value: float, like: TensorType) -> hlo.ConstantOp:
    return hlo.ConstantOp(DenseIntOrFPElementsAttr.from_list(like, [value] * _size(like)))


def _size(t: TensorType) -> int:
    n = 1
    for d in t.get_shape():
        n *= d
    return n


class LowerScale(RewritePattern):
    """toy.scale %x {factor = f} -> hlo.multiply %x, hlo.constant dense<f>"""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ScaleOp, rewriter: PatternRewriter) -> None:
        build = LocatedBuilder(rewriter, op)  # new ops keep the toy op's location
        t = cast(TensorType, op.output.type)  # the verifier made sure
        factor = build(splat(op.factor.value.data, t))
        product = build(hlo.MultiplyOp(op.input, factor))
        rewriter.replace(op, [], [product.result])


class LowerClamp01(RewritePattern):
    """toy.clamp01 %x -> hlo.minimum (hlo.maximum %x, 0), 1"""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: Clamp01Op, rewriter: PatternRewriter) -> None:
        build = LocatedBuilder(rewriter, op)
        t = cast(TensorType, op.output.type)  # the verifier made sure
        low = build(hlo.MaximumOp(op.input, build(splat(0.0, t))))
        high = build(hlo.MinimumOp(low, build(splat(1.0, t))))
        rewriter.replace(op, [], [high.result])


@dataclass(frozen=True)
class LowerToyToHloPass(ModulePass):
    """Lowers the toy dialect to hlo.

    Expects: toy ops on static f32 tensors (the `toy` stage). Guarantees: no toy op is left.
    """

    name = "lower-toy-to-hlo"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(
            GreedyRewritePatternApplier([LowerScale(), LowerClamp01()])
        ).rewrite_module(op)
