"""convert-arith-to-llvm: `arith` ops become `llvm` ops; `index` values become i64.

One-to-one mappings are rows in tables (`BINARY`, `CASTS`) served by one generic pattern each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, llvm
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    VectorType,
    i1,
)
from xdsl.dialects.utils.fast_math import FastMathAttrBase
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
)

from strata.dialects import llvm_extensions as llvm_ext
from strata.dialects.element_kinds import ElementKind, element_info
from strata.internal import expect
from strata.lowering.conversion import convert_dialect
from strata.lowering.to_llvm import builders
from strata.lowering.to_llvm.type_conversion import (
    check_llvm_element_types,
    convert_type,
    llvm_operands,
    replace_with_llvm,
)

LlvmBinaryOp = (
    llvm.ArithmeticBinOperation
    | llvm.ArithmeticBinOpOverflow
    | llvm.ArithmeticBinOpExact
    | llvm.ArithmeticBinOpDisjoint
    | llvm.AbstractFloatArithOp
    | llvm.VectorFMaxOp
    | llvm.VectorFMinOp
)
"""The llvm ops built from two operands (the float ones also take fastmath flags)."""

BINARY: dict[type[Operation], type[LlvmBinaryOp]] = {
    arith.AddiOp: llvm.AddOp,
    arith.SubiOp: llvm.SubOp,
    arith.MuliOp: llvm.MulOp,
    arith.DivSIOp: llvm.SDivOp,
    arith.DivUIOp: llvm.UDivOp,
    arith.RemSIOp: llvm.SRemOp,
    arith.RemUIOp: llvm.URemOp,
    arith.AndIOp: llvm.AndOp,
    arith.OrIOp: llvm.OrOp,
    arith.XOrIOp: llvm.XOrOp,
    arith.ShLIOp: llvm.ShlOp,
    arith.ShRSIOp: llvm.AShrOp,
    arith.ShRUIOp: llvm.LShrOp,
    arith.AddfOp: llvm.FAddOp,
    arith.SubfOp: llvm.FSubOp,
    arith.MulfOp: llvm.FMulOp,
    arith.DivfOp: llvm.FDivOp,
    arith.MaxnumfOp: llvm.VectorFMaxOp,
    arith.MinnumfOp: llvm.VectorFMinOp,
}
"""arith binary op -> llvm op with the same operands (types converted) and semantics."""

BINARY_INTRINSICS: dict[type[Operation], str] = {
    arith.MaximumfOp: "llvm.maximum",
    arith.MinimumfOp: "llvm.minimum",
    arith.MaxSIOp: "llvm.smax",
    arith.MinSIOp: "llvm.smin",
    arith.MaxUIOp: "llvm.umax",
    arith.MinUIOp: "llvm.umin",
}
"""arith binary op -> overloaded LLVM intrinsic (no xDSL op), via `llvm.call_intrinsic`."""

CASTS: dict[type[Operation], Callable[[SSAValue, Attribute], Operation]] = {
    arith.ExtFOp: llvm.FPExtOp,
    arith.TruncFOp: llvm.FPTruncOp,
    arith.ExtSIOp: llvm.SExtOp,
    arith.ExtUIOp: llvm.ZExtOp,
    arith.TruncIOp: llvm.TruncOp,
    arith.SIToFPOp: llvm.SIToFPOp,
    arith.UIToFPOp: llvm_ext.UIToFPOp,
    arith.FPToSIOp: llvm_ext.FPToSIOp,
    arith.FPToUIOp: llvm_ext.FPToUIOp,
    arith.BitcastOp: llvm.BitcastOp,
}
"""arith cast -> llvm cast to the converted result type."""


def intrinsic_suffix(t: Attribute) -> str:
    """LLVM's overload suffix for a type: f32, i64, v8f32."""
    if isinstance(t, VectorType):
        shape = t.get_shape()
        count = 1
        for d in shape:
            count *= d
        return f"v{count}{intrinsic_suffix(t.get_element_type())}"
    info = element_info(t)
    if info is None or not info.has_llvm_type or isinstance(t, BFloat16Type):
        raise TypeError(f"no intrinsic suffix for {t}")
    if info.kind is ElementKind.FLOAT:
        return f"f{info.width}"
    return f"i{info.width}"


def fastmath_of(op: Operation) -> llvm.FastMathAttr:
    """The op's `fastmath` flags (arith or math) as LLVM's."""
    flags = op.properties.get("fastmath")
    if isinstance(flags, FastMathAttrBase):
        return llvm.FastMathAttr(flags.data)
    return llvm.FastMathAttr(None)


@dataclass
class BinaryOpLowering(RewritePattern):
    """arith.addf %a, %b : f32 -> llvm.fadd %a, %b : f32 (one row of `BINARY` per op)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        target = BINARY.get(type(op))
        if target is None:
            return
        lhs, rhs = llvm_operands(rewriter, op)
        new = builders.binary(target, lhs, rhs, fastmath_of(op))
        replace_with_llvm(rewriter, op, [new])


@dataclass
class BinaryIntrinsicLowering(RewritePattern):
    """arith.maximumf %a, %b : f32 -> llvm.call_intrinsic "llvm.maximum.f32"(%a, %b)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        name = BINARY_INTRINSICS.get(type(op))
        if name is None:
            return
        operands = llvm_operands(rewriter, op)
        result_type = convert_type(op.results[0].type)
        name = f"{name}.{intrinsic_suffix(result_type)}"
        call = llvm.CallIntrinsicOp(name, operands, [result_type])
        replace_with_llvm(rewriter, op, [call])


@dataclass
class CastOpLowering(RewritePattern):
    """arith.extf %a : f16 to f32 -> llvm.fpext %a : f16 to f32 (one row of `CASTS` per op)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        make = CASTS.get(type(op))
        if make is None:
            return
        (value,) = llvm_operands(rewriter, op)
        target = convert_type(op.results[0].type)
        if isinstance(op, arith.BitcastOp) and value.type == target:
            # bf16 <-> i16 (emulate-bf16): one LLVM type, nothing to do.
            replace_with_llvm(rewriter, op, [], [value])
            return
        replace_with_llvm(rewriter, op, [make(value, target)])


@dataclass
class IndexCastLowering(RewritePattern):
    """arith.index_cast %i : index to i32 -> llvm.trunc %i : i64 to i32 (sext/zext when widening)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, arith.IndexCastOp):
            return
        (value,) = llvm_operands(rewriter, op)
        target = convert_type(op.results[0].type)
        if not isinstance(value.type, IntegerType) or not isinstance(target, IntegerType):
            return
        src_width, dst_width = value.type.width.data, target.width.data
        if src_width == dst_width:
            replace_with_llvm(rewriter, op, [], [value])
            return
        if src_width > dst_width:
            replace_with_llvm(rewriter, op, [llvm.TruncOp(value, target)])
            return
        replace_with_llvm(rewriter, op, [llvm.SExtOp(value, target)])


@dataclass
class ConstantLowering(RewritePattern):
    """arith.constant 4 : index -> llvm.mlir.constant(4 : i64) : i64"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, arith.ConstantOp):
            return
        result_type = convert_type(op.result.type)
        value: Attribute = op.value
        if isinstance(value, IntegerAttr) and isinstance(value.type, IndexType):
            width = expect(result_type, IntegerType, "index type").width.data
            value = builders.int_attr(value.value.data, width)
        elif not isinstance(value, IntegerAttr | FloatAttr | DenseIntOrFPElementsAttr):
            return
        replace_with_llvm(rewriter, op, [builders.constant(value, result_type)])


@dataclass
class NegfLowering(RewritePattern):
    """arith.negf %a : f32 -> llvm.fneg %a : f32"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, arith.NegfOp):
            return
        (value,) = llvm_operands(rewriter, op)
        replace_with_llvm(rewriter, op, [llvm.FNegOp(value, fastmath_of(op))])


@dataclass
class CmpiLowering(RewritePattern):
    """arith.cmpi slt, %a, %b : index -> llvm.icmp "slt" %a, %b : i64"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, arith.CmpiOp):
            return
        lhs, rhs = llvm_operands(rewriter, op)
        # arith and llvm number the integer predicates alike (eq, ne, slt, sle, sgt, sge, ult, ...).
        predicate = op.predicate.value.data
        replace_with_llvm(rewriter, op, [builders.icmp(lhs, rhs, predicate)])


@dataclass
class CmpfLowering(RewritePattern):
    """arith.cmpf ogt, %a, %b : f32 -> llvm.fcmp "ogt" %a, %b : f32 (false/true -> i1 constants)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, arith.CmpfOp):
            return
        # arith and llvm number the float predicates alike (false, oeq, ogt, ..., uno, true).
        predicate = op.predicate.value.data
        flag = llvm.FCmpPredicateFlag.from_int(predicate)
        if flag in (llvm.FCmpPredicateFlag.FALSE, llvm.FCmpPredicateFlag.TRUE):
            value = IntegerAttr(1 if flag == llvm.FCmpPredicateFlag.TRUE else 0, i1)
            replace_with_llvm(rewriter, op, [llvm.ConstantOp(value, i1)])
            return
        lhs, rhs = llvm_operands(rewriter, op)
        cmp = llvm.FCmpOp(lhs, rhs, IntegerAttr(predicate, 64))
        cmp.properties["fastmathFlags"] = fastmath_of(op)
        replace_with_llvm(rewriter, op, [cmp])


@dataclass
class SelectLowering(RewritePattern):
    """arith.select %c, %a, %b : f32 -> llvm.select %c, %a, %b : i1, f32"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, arith.SelectOp):
            return
        cond, lhs, rhs = llvm_operands(rewriter, op)
        replace_with_llvm(rewriter, op, [llvm.SelectOp(cond, lhs, rhs)])


LEFT = "left (unsupported types or ops)"
"""What the arith ops left by the conversion are."""

PATTERNS: tuple[type[RewritePattern], ...] = (
    ConstantLowering,
    BinaryOpLowering,
    BinaryIntrinsicLowering,
    CastOpLowering,
    IndexCastLowering,
    NegfLowering,
    CmpiLowering,
    CmpfLowering,
    SelectLowering,
)


@dataclass(frozen=True)
class ConvertArithToLlvmPass(ModulePass):
    """Lowers `arith` ops to `llvm` ops.

    Expects scalar (or vector) `arith` ops on integers, floats and index; leaves no `arith` op.

    `index` operands and results meet the rest of the module through unrealized casts.
    """

    name = "convert-arith-to-llvm"

    partial: bool = False
    """Partial conversion: leave the ops it cannot lower instead of failing (the coverage
    report finds them)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        check_llvm_element_types(op, "arith")
        convert_dialect(
            op,
            self.name,
            [p() for p in PATTERNS],
            "arith",
            LEFT,
            partial=self.partial,
        )
