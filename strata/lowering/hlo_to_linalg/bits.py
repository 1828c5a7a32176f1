"""hlo.bitcast_convert, reduce_precision, tuple and get_tuple_element -> linalg on tensors.

Elementwise forms are rows of `scalar_semantics.ELEMENTWISE` (reduce_precision, and
bitcast_convert between elements of one width: `arith.bitcast`), lowered by the elementwise
pattern. A bitcast_convert between widths is a linalg.generic over the narrower side's dims
(`BitcastConvertLowering`). `expand` removes tuples (each get_tuple_element of an hlo.tuple
becomes the element, a tuple left unused is erased, a tuple that would reach linalg fails the
pass) and folds both ops where they change nothing and on constants (numpy on the bits, by
`scalar_semantics`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    BFloat16Type,
    BytesAttr,
    DenseIntOrFPElementsAttr,
    IntegerType,
    ModuleOp,
    TensorType,
    TupleType,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.rewriter import Rewriter

from strata.diagnostics import fail_on_ops
from strata.dialects import hlo
from strata.dialects.element_kinds import bit_width, is_bool, is_float, numpy_dtype_for
from strata.dialects.hlo.scalar_semantics import (
    PrecisionReduction,
    bitcast_bits,
    float_format,
    reduce_precision_bits,
)
from strata.dialects.tensor_types import dense_from_numpy, is_static, numpy_from_dense, shape_of
from strata.internal import expect
from strata.lowering.hlo_to_linalg.generic import (
    PARALLEL,
    REDUCTION,
    affine_map,
    element_of,
    empty,
    filled,
    generic,
    identity_map,
)
from strata.lowering.hlo_to_linalg.scalar_ops import Emit, emit_constant, from_bits, to_bits
from strata.lowering.locations import LocatedBuilder

PASS_NAME = "convert-hlo-to-linalg"
"""The pass `expand` runs in (named in its diagnostics)."""

MAX_FOLDED_ELEMENTS = 1 << 16
"""Larger constants are left to the compiled code rather than evaluated at compile time."""


# ---------------------------------------------------------------------------------------------
# bitcast_convert between element widths


def _shift_amount(emit: Emit, dim: int, width: int, integer: IntegerType) -> SSAValue:
    """`width * linalg.index(dim)` as an `integer`: where the element at that position of the
    narrow side sits in the wide one."""
    position = emit(linalg.IndexOp(dim)).result
    step = emit(arith.IndexCastOp(position, integer)).result
    return emit(arith.MuliOp(step, emit_constant(emit, width, integer))).result


def _split(b: LocatedBuilder, operand: SSAValue, result_type: TensorType) -> SSAValue:
    """Each wide element -> the narrow elements along the result's last dim, lowest first."""
    rank = result_type.get_num_dims()
    wide_element = element_of(operand)
    narrow_element = result_type.element_type
    wide = IntegerType(bit_width(wide_element))
    narrow = IntegerType(bit_width(narrow_element))

    def body(emit: Emit, args: Sequence[SSAValue]) -> SSAValue:
        shift = _shift_amount(emit, rank - 1, narrow.width.data, wide)
        shifted = emit(arith.ShRUIOp(to_bits(emit, args[0]), shift)).result
        return from_bits(emit, emit(arith.TruncIOp(shifted, narrow)).result, narrow_element)

    return generic(
        b,
        [operand],
        [affine_map(rank, list(range(rank - 1)))],
        empty(b, result_type),
        identity_map(rank),
        [PARALLEL] * rank,
        body,
    )


def _join(b: LocatedBuilder, operand: SSAValue, result_type: TensorType) -> SSAValue:
    """The narrow elements along the operand's last dim -> one wide element, each or-ed into
    place in a signless integer (a reduction over that dim), then read as the result's type
    (elementwise, which fuses with what reads it)."""
    operand_type = expect(operand.type, TensorType, "operand")
    rank = operand_type.get_num_dims()
    narrow_width = bit_width(operand_type.element_type)
    wide_element = result_type.element_type
    wide = IntegerType(bit_width(wide_element))
    bits_type = TensorType(wide, result_type.get_shape())

    def body(emit: Emit, args: Sequence[SSAValue]) -> SSAValue:
        part = emit(arith.ExtUIOp(to_bits(emit, args[0]), wide)).result
        placed = emit(arith.ShLIOp(part, _shift_amount(emit, rank - 1, narrow_width, wide)))
        return emit(arith.OrIOp(args[1], placed.result)).result

    joined = generic(
        b,
        [operand],
        [identity_map(rank)],
        filled(b, bits_type, emit_constant(b, 0, wide)),
        affine_map(rank, list(range(rank - 1))),
        [PARALLEL] * (rank - 1) + [REDUCTION],
        body,
    )
    if wide_element == wide:
        return joined
    return generic(
        b,
        [joined],
        [identity_map(rank - 1)],
        empty(b, result_type),
        identity_map(rank - 1),
        [PARALLEL] * (rank - 1),
        lambda emit, args: from_bits(emit, args[0], wide_element),
    )


class BitcastConvertLowering(RewritePattern):
    """hlo.bitcast_convert between element widths -> linalg.generic
    narrower result: {parallel} (d.., k) reads (d..) { shrui by width * k, trunci }
    wider result: {parallel.., reduction k} into integer zeros { extui, shli by width * k, ori },
    then { arith.bitcast } where the result is no signless integer
    (elements of one width are the elementwise pattern's: arith.bitcast)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.BitcastConvertOp):
            return
        result_type = op.result.type
        if not isinstance(result_type, TensorType) or not is_static(result_type):
            return
        if not is_static(op.operand.type):
            return
        operand_width = bit_width(element_of(op.operand))
        result_width = bit_width(result_type.element_type)
        if operand_width == result_width:
            return
        b = LocatedBuilder(rewriter, op)
        if operand_width > result_width:
            result = _split(b, op.operand, result_type)
        else:
            result = _join(b, op.operand, result_type)
        rewriter.replace(op, [], [result])


PATTERNS: tuple[RewritePattern, ...] = (BitcastConvertLowering(),)


# ---------------------------------------------------------------------------------------------
# Folding on constants


def _bits_of(dense: DenseIntOrFPElementsAttr) -> np.ndarray:
    """Each element's bit pattern, as uint64 of the attribute's shape."""
    element = dense.get_element_type()
    shape = tuple(dense.get_shape())
    if isinstance(element, BFloat16Type):  # no numpy dtype: the stored bytes are its bits
        flat = np.frombuffer(dense.data.data, "<u2").astype(np.uint64)
        return np.broadcast_to(flat, shape) if flat.size == 1 else flat.reshape(shape)
    values = numpy_from_dense(dense)
    width = bit_width(element)
    if is_float(element):
        return values.view(f"uint{width}").astype(np.uint64)
    # Integers wrap to their width (two's complement); a bool is its 0 or 1.
    return values.astype(np.uint64) & np.uint64((1 << width) - 1)


def _dense_of_bits(bits: np.ndarray, element: Attribute) -> DenseIntOrFPElementsAttr:
    """The dense attribute whose elements of type `element` have these bit patterns."""
    if isinstance(element, BFloat16Type):
        data = BytesAttr(np.ascontiguousarray(bits, "<u2").tobytes())
        return DenseIntOrFPElementsAttr(TensorType(element, bits.shape), data)
    if is_bool(element):
        return dense_from_numpy(bits != 0, element)
    dtype = numpy_dtype_for(element)
    # Narrow integers are held sign- or zero-extended in their byte: dense_from_numpy wraps.
    values = bits.astype(f"uint{dtype.itemsize * 8}").view(dtype)
    return dense_from_numpy(values, element)


def _folded(op: hlo.BitcastConvertOp | hlo.ReducePrecisionOp) -> DenseIntOrFPElementsAttr | None:
    """The op's value when its operand is a small hlo.constant, else None."""
    constant = op.operand.owner
    result_type = op.results[0].type
    if not isinstance(constant, hlo.ConstantOp) or not isinstance(result_type, TensorType):
        return None
    if not is_static(result_type) or result_type.element_count() > MAX_FOLDED_ELEMENTS:
        return None
    bits = _bits_of(constant.value)
    element = constant.value.get_element_type()
    if isinstance(op, hlo.ReducePrecisionOp):
        reduction = PrecisionReduction(float_format(element), op.exponent, op.mantissa)
        folded = reduce_precision_bits(bits, reduction)
    else:
        folded = bitcast_bits(bits, bit_width(element), bit_width(result_type.element_type))
    return _dense_of_bits(folded.reshape(shape_of(result_type)), result_type.element_type)


def _unchanged(op: hlo.BitcastConvertOp | hlo.ReducePrecisionOp) -> bool:
    """A bitcast_convert to its operand's type, a reduce_precision to a format at least as
    wide as its operand's."""
    if isinstance(op, hlo.BitcastConvertOp):
        return op.operand.type == op.result.type
    element = expect(op.operand.type, TensorType, "operand").element_type
    return PrecisionReduction(float_format(element), op.exponent, op.mantissa).identity


def fold(module: ModuleOp) -> None:
    """Every bitcast_convert and reduce_precision that changes nothing -> its operand; of a
    small hlo.constant -> hlo.constant."""
    for op in list(module.walk()):
        if not isinstance(op, (hlo.BitcastConvertOp, hlo.ReducePrecisionOp)):
            continue
        if _unchanged(op):
            Rewriter.replace_op(op, [], [op.operand])
            continue
        value = _folded(op)
        if value is None:
            continue
        constant = hlo.ConstantOp(value)
        constant.location = op.location
        Rewriter.replace_op(op, constant)


# ---------------------------------------------------------------------------------------------
# Tuples


def _has_tuple(types: Sequence[Attribute]) -> bool:
    return any(isinstance(t, TupleType) for t in types)


def _holds_tuples(op: Operation) -> bool:
    """Whether `op` makes a tuple value: a tuple result, a tuple block argument or function
    type, or a get_tuple_element the rewrite could not resolve."""
    if isinstance(op, (hlo.TupleOp, hlo.GetTupleElementOp)):
        return True
    types = [r.type for r in op.results]
    types += [a.type for region in op.regions for block in region.blocks for a in block.args]
    if isinstance(op, func.FuncOp):
        types += [*op.function_type.inputs.data, *op.function_type.outputs.data]
    return _has_tuple(types)


def forward_tuples(module: ModuleOp) -> None:
    """get_tuple_element(tuple(a, b, ...), i) -> the i-th operand; tuples left unused are
    erased. A tuple value that remains (a function's argument or result, a call's) fails the
    pass, naming each op that holds one."""
    for op in list(module.walk()):
        if isinstance(op, hlo.GetTupleElementOp) and isinstance(op.operand.owner, hlo.TupleOp):
            Rewriter.replace_op(op, [], [op.operand.owner.val[op.position]])
    # Uses come after definitions: backwards, a tuple's users are gone before it is reached.
    for op in reversed(list(module.walk())):
        if isinstance(op, hlo.TupleOp) and not op.result.uses:
            Rewriter.erase_op(op)
    fail_on_ops(
        PASS_NAME,
        "ops hold tuples (tuples are only supported when every get_tuple_element reads a "
        "tuple op directly)",
        [op for op in module.walk() if op is not module and _holds_tuples(op)],
    )


def expand(module: ModuleOp) -> None:
    """Resolves tuples and folds bitcast_convert and reduce_precision (before control flow
    lowers, with every op still in hlo)."""
    forward_tuples(module)
    fold(module)
