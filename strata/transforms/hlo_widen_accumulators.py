"""hlo-widen-accumulators: f16 and bf16 contractions and convolutions accumulate in f32 and
round once, as TensorFlow's CPU kernels do (and XLA).

    %y = hlo.dot_general %a, %b, ... : (tensor<16x512xf16>, tensor<512x16xf16>) -> tensor<16x16xf16>
 -> %a32 = hlo.convert %a : (tensor<16x512xf16>) -> tensor<16x512xf32>     (and %b32)
    %y32 = hlo.dot_general %a32, %b32, ... -> tensor<16x16xf32>
    %y = hlo.convert %y32 : (tensor<16x16xf32>) -> tensor<16x16xf16>

Accumulated in f16, every partial sum rounds to 11 bits: a 3x3 convolution over 3 channels was
off by up to 0.0059 where TensorFlow's result is the exact one rounded (TF 2.21 on the CPU: every
element of a 512-long f16 matmul, batch matmul and all but 0.2% of a convolution's are the
correctly rounded exact value; bf16: every element of a convolution's, and of a matmul's with
oneDNN, whose own kernel rounds partial sums). Reductions are left as they are: TensorFlow sums
f16 and bf16 in f32 (the tf.Sum lowering widens them) but its f16 Mean adds and divides in f16,
and its scans (cumsum) accumulate in f16; an hlo.reduce does not say which it came from.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import BFloat16Type, Float16Type, ModuleOp, TensorType, f32
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)

from strata.dialects import hlo
from strata.internal import expect
from strata.lowering.locations import LocatedBuilder


def _is_half(value: SSAValue) -> bool:
    """f16 or bf16 elements."""
    t = value.type
    return isinstance(t, TensorType) and isinstance(t.element_type, Float16Type | BFloat16Type)


def _wide(b: LocatedBuilder, value: SSAValue) -> SSAValue:
    shape = expect(value.type, TensorType, "a half-precision operand").get_shape()
    return b(hlo.ConvertOp(value, TensorType(f32, shape))).result


def _narrow(b: LocatedBuilder, value: SSAValue, like: SSAValue) -> SSAValue:
    return b(hlo.ConvertOp(value, like.type)).result


class WidenContraction(RewritePattern):
    """hlo.dot_general / hlo.convolution of f16 (or bf16) operands and result -> the same op on
    their f32 conversions, its result converted back"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.DotGeneralOp | hlo.ConvolutionOp):
            return
        if not all(_is_half(v) for v in (*op.operands, *op.results)):
            return
        b = LocatedBuilder(rewriter, op)
        result = op.results[0]
        wide = type(op).create(
            operands=[_wide(b, v) for v in op.operands],
            result_types=[TensorType(f32, expect(result.type, TensorType).get_shape())],
            properties=dict(op.properties),
            attributes=dict(op.attributes),
        )
        rewriter.replace(op, [], [_narrow(b, b(wide).results[0], result)])


@dataclass(frozen=True)
class HloWidenAccumulatorsPass(ModulePass):
    """f16 and bf16 dot_general and convolution computed in f32 and rounded once.

    Expects: the `hlo` stage (hlo.dot already spelled dot_general by hlo-simplify). Keeps it.
    Guarantees: no dot_general or convolution has f16 or bf16 operands and result.
    """

    name = "hlo-widen-accumulators"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(
            GreedyRewritePatternApplier([WidenContraction()]),
            apply_recursively=False,
        ).rewrite_module(op)
