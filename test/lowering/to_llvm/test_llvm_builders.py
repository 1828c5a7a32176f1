"""strata.lowering.to_llvm.builders makes each op as xDSL's own builder does: the same name,
operands, result types, successors and properties (structural equivalence), printing alike
and verifying."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest
from xdsl.dialects import arith, cf, llvm
from xdsl.dialects.builtin import (
    FloatAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    UnrealizedConversionCastOp,
    VectorType,
    f32,
    i8,
    i64,
)
from xdsl.ir import Block, Operation

from strata.lowering.to_llvm import builders
from strata.lowering.to_llvm.convert_arith_to_llvm import BINARY, LlvmBinaryOp

PTR = llvm.LLVMPointerType()
SHARED = llvm.LLVMPointerType(IntAttr(3))
VEC = VectorType(i64, [4])
ARGS = Block(arg_types=[i64, i64, PTR, f32, SHARED, VEC, VEC, IndexType(), IndexType()])
X, Y, P, F, S, VX, VY, IX, JX = ARGS.args
DEST = Block(arg_types=[i64, i64])
OTHER = Block(arg_types=[i64])
COND = llvm.ICmpOp(X, Y, IntegerAttr(2, 64)).res
FAST = llvm.FastMathAttr("fast")
FLOATS = (llvm.AbstractFloatArithOp, llvm.VectorFMaxOp, llvm.VectorFMinOp)


def xdsl_binary(op_type: type[LlvmBinaryOp]) -> Operation:
    """What arith-to-llvm built before `builders.binary`: `op_type(x, y)`, or with no fastmath
    flags for a float op."""
    if issubclass(op_type, FLOATS):
        return op_type(F, F, llvm.FastMathAttr(None))
    return op_type(X, Y)


def ours_binary(op_type: type[Operation]) -> Operation:
    return builders.binary(op_type, *((F, F) if issubclass(op_type, FLOATS) else (X, Y)))


CASES: list[tuple[str, Callable[[], Operation], Callable[[], Operation]]] = [
    ("int constant", lambda: builders.int_constant(-7), lambda: llvm.ConstantOp(IntegerAttr(-7, i64), i64)),
    ("i8 constant", lambda: builders.int_constant(3, i8), lambda: llvm.ConstantOp(IntegerAttr(3, i8), i8)),
    ("float constant", lambda: builders.constant(FloatAttr(2.5, f32), f32), lambda: llvm.ConstantOp(FloatAttr(2.5, f32), f32)),
    ("gep constant", lambda: builders.gep(P, [12], f32), lambda: llvm.GEPOp(P, [12], f32, inbounds=True)),
    ("gep operand", lambda: builders.gep(S, [llvm.GEP_USE_SSA_VAL], i8, [X], SHARED), lambda: llvm.GEPOp(S, [llvm.GEP_USE_SSA_VAL], i8, ssa_indices=[X], result_type=SHARED, inbounds=True)),
    ("load", lambda: builders.load(P, f32), lambda: llvm.LoadOp(P, f32)),
    ("store", lambda: builders.store(F, P), lambda: llvm.StoreOp(F, P)),
    ("icmp", lambda: builders.icmp(X, Y, 4), lambda: llvm.ICmpOp(X, Y, IntegerAttr(4, 64))),
    ("icmp vector", lambda: builders.icmp(VX, VY, 0), lambda: llvm.ICmpOp(VX, VY, IntegerAttr(0, 64))),
    ("br", lambda: builders.br(DEST, [X, Y]), lambda: llvm.BrOp(DEST, X, Y)),
    ("cond_br", lambda: builders.cond_br(COND, DEST, [X, Y], OTHER, [Y]), lambda: llvm.CondBrOp(COND, DEST, [X, Y], OTHER, [Y])),
    ("cond_br bare", lambda: builders.cond_br(COND, OTHER, [X], OTHER, [X]), lambda: llvm.CondBrOp(COND, OTHER, [X], OTHER, [X])),
    ("add nsw", lambda: builders.binary(llvm.AddOp, X, Y, overflow=builders.NSW), lambda: llvm.AddOp(X, Y, overflow=llvm.OverflowAttr([llvm.OverflowFlag.NO_SIGNED_WRAP]))),
    ("mul nsw", lambda: builders.binary(llvm.MulOp, VX, VY, overflow=builders.NSW), lambda: llvm.MulOp(VX, VY, overflow=llvm.OverflowAttr([llvm.OverflowFlag.NO_SIGNED_WRAP]))),
    ("fadd fast", lambda: builders.binary(llvm.FAddOp, F, F, FAST), lambda: llvm.FAddOp(F, F, FAST)),
    ("addi", lambda: builders.addi(IX, JX), lambda: arith.AddiOp(IX, JX)),
    ("cmpi", lambda: builders.cmpi(IX, JX, builders.SLT), lambda: arith.CmpiOp(IX, JX, "slt")),
    ("cf.br", lambda: builders.br(DEST, [X, Y], cf.BranchOp), lambda: cf.BranchOp(DEST, X, Y)),
    ("cf.cond_br", lambda: builders.cond_br(COND, DEST, [X, Y], OTHER, [], cf.ConditionalBranchOp), lambda: cf.ConditionalBranchOp(COND, DEST, [X, Y], OTHER, [])),
    ("cast", lambda: builders.unrealized_cast(P, MemRefType(f32, [4])), lambda: UnrealizedConversionCastOp.get([P], [MemRefType(f32, [4])])),
]  # fmt: skip
CASES += [  # every row of arith-to-llvm's table
    (arith_type.name, partial(ours_binary, llvm_type), partial(xdsl_binary, llvm_type))
    for arith_type, llvm_type in BINARY.items()
]


@pytest.mark.parametrize("ours, xdsls", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_builder_matches_xdsl(
    ours: Callable[[], Operation], xdsls: Callable[[], Operation]
) -> None:
    made, expected = ours(), xdsls()
    assert made.is_structurally_equivalent(expected)
    assert dict(made.properties) == dict(expected.properties)
    assert [r.type for r in made.results] == [r.type for r in expected.results]
    assert list(made.successors) == list(expected.successors)
    if not made.successors:  # a branch verifies only inside a region
        made.verify()
    assert str(made) == str(expected)


def test_attributes_are_shared_per_value() -> None:
    """A stride repeated across a module is one attribute object (what makes them cheap)."""
    assert builders.int_attr(64) is builders.int_attr(64)
    assert builders.int_attr(64) == IntegerAttr(64, IntegerType(64))
    assert builders.int_attr(64, 32) != builders.int_attr(64)
