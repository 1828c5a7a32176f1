"""`math` ops in kernels that NVPTX cannot select become calls to libdevice (`__nv_expf`, ...).

libdevice (`libdevice.10.bc`, CUDA's accurate math library) is linked by `strata.targets.nvptx`
when a kernel calls one of its functions. Ops NVPTX selects natively (sqrt, fabs, fma, floor, ceil,
trunc, round, copysign) are left to `convert-math-to-llvm`'s patterns.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import llvm, math
from xdsl.dialects.builtin import Float32Type, Float64Type
from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.lowering.to_llvm.type_conversion import (
    declare_external_function,
    llvm_operands,
    replace_with_llvm,
)

LIBDEVICE: dict[type[Operation], str] = {
    math.ExpOp: "exp",
    math.Exp2Op: "exp2",
    math.ExpM1Op: "expm1",
    math.LogOp: "log",
    math.Log2Op: "log2",
    math.Log10Op: "log10",
    math.Log1pOp: "log1p",
    math.PowFOp: "pow",
    math.TanhOp: "tanh",
    math.ErfOp: "erf",
    math.SinOp: "sin",
    math.CosOp: "cos",
    math.TanOp: "tan",
    math.AsinOp: "asin",
    math.AcosOp: "acos",
    math.AtanOp: "atan",
    math.Atan2Op: "atan2",
    math.SinhOp: "sinh",
    math.CoshOp: "cosh",
    math.CbrtOp: "cbrt",
}
"""math op -> libdevice function (the f64 name after `__nv_`; f32 adds `f`)."""


def libdevice_name(op: Operation) -> str | None:
    """`__nv_expf` for `math.exp : f32`, `__nv_exp` for f64; None for other ops or types."""
    base = LIBDEVICE.get(type(op))
    if base is None or len(op.results) != 1:
        return None
    result_type = op.results[0].type
    if isinstance(result_type, Float32Type):
        return f"__nv_{base}f"
    if isinstance(result_type, Float64Type):
        return f"__nv_{base}"
    return None


@dataclass
class LibdeviceLowering(RewritePattern):
    """math.exp %a : f32 -> llvm.call @__nv_expf(%a) : (f32) -> f32 (+ declaration in the
    gpu.module)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        name = libdevice_name(op)
        if name is None:
            return
        result_type = op.results[0].type
        operands = llvm_operands(rewriter, op)
        declare_external_function(rewriter, op, name, [v.type for v in operands], result_type)
        replace_with_llvm(rewriter, op, [llvm.CallOp(name, *operands, return_type=result_type)])
