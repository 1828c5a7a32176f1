"""The ops the lowerings to the `llvm` dialect build most (llvm constants, addresses, loads,
stores, compares, branches; the loops' arith and cf ops), made the way xDSL's own builders make
them but without rebuilding their constant properties for every op.

xDSL's `llvm.GEPOp(...)` makes a fresh `DenseArrayBase` and two `IntegerAttr`s per call,
`llvm.LoadOp(...)` a fresh `ordering`, `llvm.ICmpOp` callers a fresh predicate: about 100-150,
50 and 70-90 us an op, where the generic `Operation.create` with shared (immutable) attributes
takes 10-35. Each function here builds the op that its xDSL builder would, property for
property (`test/lowering/to_llvm/test_llvm_builders.py` compares them).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from xdsl.dialects import arith, cf, llvm
from xdsl.dialects.builtin import (
    DenseArrayBase,
    IntegerAttr,
    IntegerType,
    UnitAttr,
    UnrealizedConversionCastOp,
    VectorType,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

_ORDERING_NONE = IntegerAttr(0, i64)
"""A plain (non-atomic) load or store's `ordering`."""
_UNIT = UnitAttr()
_NO_FLAGS = IntegerAttr(0, 32)
"""An integer op's `overflowFlags` without nsw or nuw."""
_NO_FASTMATH = llvm.FastMathAttr(None)

NSW = IntegerAttr(llvm.OverflowAttr([llvm.OverflowFlag.NO_SIGNED_WRAP]).to_int(), 32)
"""`overflowFlags` of an `nsw` add or mul (`binary(llvm.AddOp, a, b, overflow=NSW)`)."""


@lru_cache(maxsize=4096)
def int_attr(value: int, width: int = 64) -> IntegerAttr[IntegerType]:
    """`IntegerAttr(value, iN)`, one instance per (value, width) (strides, offsets and loop
    bounds repeat across a module)."""
    return IntegerAttr(value, IntegerType(width))


@lru_cache(maxsize=1024)
def _indices(indices: tuple[int, ...]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i32, indices)


def unrealized_cast(value: SSAValue, result_type: Attribute) -> UnrealizedConversionCastOp:
    """`UnrealizedConversionCastOp.get([value], [result_type])`."""
    return UnrealizedConversionCastOp.create(operands=[value], result_types=[result_type])


_FLOAT_BINARY = (llvm.AbstractFloatArithOp, llvm.VectorFMaxOp, llvm.VectorFMinOp)


def binary(
    op_type: type[Operation],
    lhs: SSAValue,
    rhs: SSAValue,
    fastmath: llvm.FastMathAttr | None = None,
    overflow: IntegerAttr[IntegerType] = _NO_FLAGS,
) -> Operation:
    """`op_type(lhs, rhs)` for an integer op (with `overflow=`: its wrap flags, e.g. `NSW`),
    `op_type(lhs, rhs, fastmath)` for a float one: the result has the operands' type."""
    properties: dict[str, Attribute] = {}
    if issubclass(op_type, llvm.ArithmeticBinOpOverflow):
        properties["overflowFlags"] = overflow
    elif issubclass(op_type, _FLOAT_BINARY):
        properties["fastmathFlags"] = fastmath if fastmath is not None else _NO_FASTMATH
    return op_type.create(operands=[lhs, rhs], result_types=[lhs.type], properties=properties)


def constant(value: Attribute, result_type: Attribute) -> llvm.ConstantOp:
    """`llvm.ConstantOp(value, result_type)`."""
    return llvm.ConstantOp.create(result_types=[result_type], properties={"value": value})


def int_constant(value: int, result_type: IntegerType = i64) -> llvm.ConstantOp:
    """`llvm.ConstantOp(IntegerAttr(value, result_type), result_type)`."""
    return constant(int_attr(value, result_type.width.data), result_type)


def gep(
    base: SSAValue,
    indices: Sequence[int],
    element: Attribute,
    ssa_indices: Sequence[SSAValue] = (),
    result_type: llvm.LLVMPointerType | None = None,
) -> llvm.GEPOp:
    """`llvm.GEPOp(base, indices, element, ssa_indices, result_type, inbounds=True)`."""
    return llvm.GEPOp.create(
        operands=[base, *ssa_indices],
        result_types=[result_type if result_type is not None else llvm.LLVMPointerType()],
        properties={
            "rawConstantIndices": _indices(tuple(indices)),
            "elem_type": element,
            "noWrapFlags": _NO_FLAGS,  # inbounds is a property of its own
            "inbounds": _UNIT,
        },
    )


def load(pointer: SSAValue, result_type: Attribute) -> llvm.LoadOp:
    """`llvm.LoadOp(pointer, result_type)`."""
    return llvm.LoadOp.create(
        operands=[pointer], result_types=[result_type], properties={"ordering": _ORDERING_NONE}
    )


def store(value: SSAValue, pointer: SSAValue) -> llvm.StoreOp:
    """`llvm.StoreOp(value, pointer)`."""
    return llvm.StoreOp.create(operands=[value, pointer], properties={"ordering": _ORDERING_NONE})


def icmp(lhs: SSAValue, rhs: SSAValue, predicate: int) -> llvm.ICmpOp:
    """`llvm.ICmpOp(lhs, rhs, IntegerAttr(predicate, 64))`."""
    operand = lhs.type
    result = VectorType(i1, operand.get_shape()) if isinstance(operand, VectorType) else i1
    return llvm.ICmpOp.create(
        operands=[lhs, rhs], result_types=[result], properties={"predicate": int_attr(predicate)}
    )


def br(
    successor: Block,
    arguments: Sequence[SSAValue],
    kind: type[llvm.BrOp | cf.BranchOp] = llvm.BrOp,
) -> Operation:
    """`llvm.BrOp(successor, *arguments)` (`kind=cf.BranchOp`: `cf.br`)."""
    return kind.create(operands=arguments, successors=[successor])


@lru_cache(maxsize=256)
def _segments(then_count: int, else_count: int) -> DenseArrayBase:
    return DenseArrayBase.from_list(i32, (1, then_count, else_count))


def cond_br(
    condition: SSAValue,
    then_block: Block,
    then_arguments: Sequence[SSAValue],
    else_block: Block,
    else_arguments: Sequence[SSAValue],
    kind: type[llvm.CondBrOp | cf.ConditionalBranchOp] = llvm.CondBrOp,
) -> Operation:
    """`llvm.CondBrOp(condition, then_block, then_arguments, else_block, else_arguments)`
    (`kind=cf.ConditionalBranchOp`: `cf.cond_br`)."""
    return kind.create(
        operands=[condition, *then_arguments, *else_arguments],
        successors=[then_block, else_block],
        properties={"operandSegmentSizes": _segments(len(then_arguments), len(else_arguments))},
    )


_NO_OVERFLOW = arith.IntegerOverflowAttr(())
SLT = 2
"""`arith.cmpi`'s and `llvm.icmp`'s number for signed less-than."""


def addi(lhs: SSAValue, rhs: SSAValue) -> arith.AddiOp:
    """`arith.AddiOp(lhs, rhs)`."""
    return arith.AddiOp.create(
        operands=[lhs, rhs], result_types=[lhs.type], properties={"overflowFlags": _NO_OVERFLOW}
    )


def cmpi(lhs: SSAValue, rhs: SSAValue, predicate: int) -> arith.CmpiOp:
    """`arith.CmpiOp(lhs, rhs, predicate)` on scalars."""
    return arith.CmpiOp.create(
        operands=[lhs, rhs], result_types=[i1], properties={"predicate": int_attr(predicate)}
    )
