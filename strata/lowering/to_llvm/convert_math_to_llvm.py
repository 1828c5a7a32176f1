"""convert-math-to-llvm: `math` ops become LLVM intrinsics, or libm calls where LLVM has none.

Intrinsics with an xDSL op (`llvm.intr.exp`, ...) use it; the others go through
`llvm.call_intrinsic "llvm.tanh.f32"`; log1p, expm1 and erf call libm (`log1pf`, `expm1f`, `erff`
for f32), which the JIT resolves in the process and a linked object takes from `-lm`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import llvm, math
from xdsl.dialects.builtin import (
    Float32Type,
    Float64Type,
    FloatAttr,
    IntegerAttr,
    ModuleOp,
    i1,
)
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
)

from strata.lowering.conversion import convert_dialect
from strata.lowering.to_llvm.convert_arith_to_llvm import fastmath_of, intrinsic_suffix
from strata.lowering.to_llvm.type_conversion import (
    check_llvm_element_types,
    convert_type,
    declare_external_function,
    llvm_operands,
    replace_with_llvm,
)

UNARY: dict[type[Operation], Callable[[SSAValue, llvm.FastMathAttr], Operation]] = {
    math.ExpOp: llvm.FExpOp,
    math.Exp2Op: llvm.FExp2Op,
    math.LogOp: llvm.FLogOp,
    math.Log2Op: llvm.FLog2Op,
    math.SqrtOp: llvm.FSqrtOp,
    math.AbsFOp: lambda arg, flags: llvm.FAbsOp(arg, arg.type, flags),
    math.FloorOp: llvm.FFloorOp,
    math.CeilOp: llvm.FCeilOp,
    math.SinOp: llvm.FSinOp,
    math.CosOp: llvm.FCosOp,
}
"""math unary op -> xDSL `llvm.intr.*` op."""

BINARY: dict[type[Operation], Callable[[SSAValue, SSAValue, llvm.FastMathAttr], Operation]] = {
    math.PowFOp: llvm.FPowOp,
    math.CopySignOp: llvm.FCopySignOp,
}

INTRINSICS: dict[type[Operation], str] = {
    math.TanhOp: "llvm.tanh",
    math.TanOp: "llvm.tan",
    math.RoundOp: "llvm.round",
    math.RoundEvenOp: "llvm.roundeven",
    math.TruncOp: "llvm.trunc",
    math.Log10Op: "llvm.log10",
    math.CountLeadingZerosOp: "llvm.ctlz",
    math.CountTrailingZerosOp: "llvm.cttz",
    math.CtPopOp: "llvm.ctpop",
}
"""math op -> overloaded LLVM intrinsic without an xDSL op (ctlz/cttz also take `i1 false`)."""

LIBM: dict[type[Operation], str] = {
    math.Log1pOp: "log1p",
    math.ExpM1Op: "expm1",
    math.ErfOp: "erf",
    math.AtanOp: "atan",
    math.Atan2Op: "atan2",
    math.SinhOp: "sinh",
    math.CoshOp: "cosh",
    math.AsinOp: "asin",
    math.AcosOp: "acos",
    math.CbrtOp: "cbrt",
}
"""math op -> libm function (the f64 name; f32 adds `f`)."""


@dataclass
class UnaryIntrinsicLowering(RewritePattern):
    """math.exp %a : f32 -> llvm.intr.exp(%a) : (f32) -> f32 (one row of `UNARY` per op)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        make = UNARY.get(type(op))
        if make is None:
            return
        (value,) = llvm_operands(rewriter, op)
        replace_with_llvm(rewriter, op, [make(value, fastmath_of(op))])


@dataclass
class BinaryIntrinsicLowering(RewritePattern):
    """math.powf %a, %b : f32 -> llvm.intr.pow(%a, %b) : (f32, f32) -> f32"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        make = BINARY.get(type(op))
        if make is None:
            return
        lhs, rhs = llvm_operands(rewriter, op)
        replace_with_llvm(rewriter, op, [make(lhs, rhs, fastmath_of(op))])


@dataclass
class CallIntrinsicLowering(RewritePattern):
    """math.tanh %a : f32 -> llvm.call_intrinsic "llvm.tanh.f32"(%a) : (f32) -> f32"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        name = INTRINSICS.get(type(op))
        if name is None:
            return
        operands = llvm_operands(rewriter, op)
        result_type = convert_type(op.results[0].type)
        new_ops: list[Operation] = []
        if isinstance(op, math.CountLeadingZerosOp | math.CountTrailingZerosOp):
            poison_on_zero = llvm.ConstantOp(IntegerAttr(0, i1), i1)
            new_ops.append(poison_on_zero)
            operands.append(poison_on_zero.result)
        name = f"{name}.{intrinsic_suffix(result_type)}"
        new_ops.append(llvm.CallIntrinsicOp(name, operands, [result_type]))
        replace_with_llvm(rewriter, op, new_ops)


@dataclass
class AbsILowering(RewritePattern):
    """math.absi %a : i32 -> llvm.call_intrinsic "llvm.abs.i32"(%a, %false) : (i32, i1) -> i32"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, math.AbsIOp):
            return
        (value,) = llvm_operands(rewriter, op)
        poison_on_min = llvm.ConstantOp(IntegerAttr(0, i1), i1)
        name = f"llvm.abs.{intrinsic_suffix(value.type)}"
        call = llvm.CallIntrinsicOp(name, [value, poison_on_min.result], [value.type])
        replace_with_llvm(rewriter, op, [poison_on_min, call])


@dataclass
class RsqrtLowering(RewritePattern):
    """math.rsqrt %a : f32 -> llvm.fdiv %one, llvm.intr.sqrt(%a)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, math.RsqrtOp):
            return
        if not isinstance(op.result.type, Float32Type | Float64Type):
            return
        (value,) = llvm_operands(rewriter, op)
        flags = fastmath_of(op)
        one = llvm.ConstantOp(FloatAttr(1.0, op.result.type), op.result.type)
        root = llvm.FSqrtOp(value, flags)
        div = llvm.FDivOp(one.result, root.res, flags)
        replace_with_llvm(rewriter, op, [one, root, div])


@dataclass
class FmaLowering(RewritePattern):
    """math.fma %a, %b, %c : f32 -> llvm.intr.fma(%a, %b, %c) : (f32, f32, f32) -> f32"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, math.FmaOp):
            return
        a, b, c = llvm_operands(rewriter, op)
        # xDSL's exporter rejects fast-math flags on llvm.intr.fma: leave them off.
        replace_with_llvm(rewriter, op, [llvm.FMAOp(a, b, c)])


@dataclass
class LibmLowering(RewritePattern):
    """math.erf %a : f32 -> llvm.call @erff(%a) : (f32) -> f32 (+ `llvm.func @erff` declaration)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        base = LIBM.get(type(op))
        if base is None:
            return
        result_type = op.results[0].type
        if isinstance(result_type, Float32Type):
            name = base + "f"
        elif isinstance(result_type, Float64Type):
            name = base
        else:
            return
        operands = llvm_operands(rewriter, op)
        declare_external_function(rewriter, op, name, [v.type for v in operands], result_type)
        replace_with_llvm(rewriter, op, [llvm.CallOp(name, *operands, return_type=result_type)])


LEFT = "left (unsupported types or ops)"
"""What the math ops left by the conversion are."""

PATTERNS: tuple[type[RewritePattern], ...] = (
    UnaryIntrinsicLowering,
    BinaryIntrinsicLowering,
    CallIntrinsicLowering,
    AbsILowering,
    RsqrtLowering,
    FmaLowering,
    LibmLowering,
)


@dataclass(frozen=True)
class ConvertMathToLlvmPass(ModulePass):
    """Lowers `math` ops to LLVM intrinsics and libm calls.

    Expects scalar (or vector) `math` ops on f32/f64 (absi: integers); leaves no `math` op.

    libm calls are emitted for f32/f64 scalars only; other types are reported as left.
    """

    name = "convert-math-to-llvm"

    partial: bool = False
    """Partial conversion: leave the ops it cannot lower instead of failing (the coverage
    report finds them)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        check_llvm_element_types(op, "math")
        convert_dialect(
            op,
            self.name,
            [p() for p in PATTERNS],
            "math",
            LEFT,
            partial=self.partial,
        )
