"""hlo ops on representations: bitcast_convert and reduce_precision (an element's bits), tuple and
get_tuple_element (values grouped as one).

Pretty forms are StableHLO's:
`hlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4x4xi8>`,
`hlo.reduce_precision %x, format = e5m10 : tensor<4xf32>`,
`hlo.tuple %a, %b : tuple<tensor<2xf32>, tensor<i32>>` and
`hlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32>`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from xdsl.dialects.builtin import (
    I32,
    ArrayAttr,
    IntegerAttr,
    TensorType,
    TupleType,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    TypeDirective,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from strata.dialects.element_kinds import bit_width, complex_part, is_float
from strata.dialects.hlo.core import HloOp, SameOperandsAndResultType, check_element_types
from strata.dialects.tensor_types import format_shape
from strata.dialects.verify_helpers import dims_compatible, expect_tensor
from strata.internal import expect

# ---------------------------------------------------------------------------------------------
# Custom assembly directives


@irdl_custom_directive
class ExponentMantissa(CustomDirective):
    """`e5m10`: exponent_bits = 5, mantissa_bits = 10 (as i32 attributes)."""

    exponent_bits: AttributeVariable
    mantissa_bits: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        pos = parser.pos
        word = parser.parse_identifier()
        found = re.fullmatch(r"e([0-9]+)m([0-9]+)", word)
        if found is None:
            parser.raise_error(f"expected exponent mantissa in format e#m#, found '{word}'", pos)
        self.exponent_bits.set(state, IntegerAttr(int(found.group(1)), i32))
        self.mantissa_bits.set(state, IntegerAttr(int(found.group(2)), i32))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        exponent = expect(self.exponent_bits.get(op), IntegerAttr, "exponent_bits")
        mantissa = expect(self.mantissa_bits.get(op), IntegerAttr, "mantissa_bits")
        printer.print_string(f"e{exponent.value.data}m{mantissa.value.data}")


@irdl_custom_directive
class TupleIndex(CustomDirective):
    """A tuple position written as a bare integer (an i32 attribute): the `0` of `%t[0]`."""

    index: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        self.index.set(state, IntegerAttr(parser.parse_integer(), i32))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        index = expect(self.index.get(op), IntegerAttr, "tuple index")
        printer.print_string(str(index.value.data))


@irdl_custom_directive
class TupleOpType(CustomDirective):
    """`: tuple<T, ...>`, the result type; the operands have its element types."""

    operand_types: TypeDirective
    result_types: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> None:
        pos = parser.pos
        result = parser.parse_type()
        if not isinstance(result, TupleType):
            parser.raise_error(f"expected a tuple type, found {result}", pos)
        self.operand_types.set(state, list(result.types.data))
        self.result_types.set(state, [result])

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        printer.print_attribute(self.result_types.get(op)[0])


# ---------------------------------------------------------------------------------------------
# Bits of elements


def _shape(t: TensorType) -> tuple[int, ...]:
    return tuple(t.get_shape())


def _bits(element: Attribute) -> int:
    """An element's width; a complex one's is its two parts' (`hlo-complex-to-real` expands)."""
    part = complex_part(element)
    return bit_width(element) if part is None else 2 * bit_width(part)


@irdl_op_definition
class BitcastConvertOp(HloOp):
    """The operand's bits read as elements of the result's type. Elements of one width map one to
    one; a narrower result splits each element along a new last dim of size wide / narrow, lowest
    bits first (little-endian), and a wider result joins the operand's last dim the same way.
    `%0 = hlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4x4xi8>`"""

    name = "hlo.bitcast_convert"
    operand = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    assembly_format = "$operand attr-dict `:` functional-type(operands, results)"

    def __init__(self, operand: SSAValue | Operation, result_type: Attribute):
        super().__init__(operands=[SSAValue.get(operand)], result_types=[result_type])

    def verify_(self) -> None:
        check_element_types(self, complex_ok=True)
        operand = expect_tensor(self.operand.type, "operand")
        result = expect_tensor(self.result.type, "result")
        operand_bits, result_bits = _bits(operand.element_type), _bits(result.element_type)
        if operand_bits == result_bits:
            if not dims_compatible(_shape(operand), _shape(result)):
                raise VerifyException(
                    f"result shape {format_shape(_shape(result))} must be the operand's "
                    f"{format_shape(_shape(operand))} (elements of one width, {operand_bits} bits)"
                )
            return
        if operand_bits < result_bits:
            narrow, wide, narrow_what, wide_what = operand, result, "operand", "result"
        else:
            narrow, wide, narrow_what, wide_what = result, operand, "result", "operand"
        narrow_bits, wide_bits = min(operand_bits, result_bits), max(operand_bits, result_bits)
        narrow_shape, wide_shape = _shape(narrow), _shape(wide)
        if len(narrow_shape) != len(wide_shape) + 1:
            raise VerifyException(
                f"{narrow_what} ({narrow_bits}-bit elements) must have one dim more than the "
                f"{wide_what} ({wide_bits}-bit elements), found {operand} and {result}"
            )
        if wide_bits % narrow_bits != 0 or not dims_compatible(
            narrow_shape[-1:], (wide_bits // narrow_bits,)
        ):
            raise VerifyException(
                f"last dim of the {narrow_what} must hold one {wide_bits}-bit element in "
                f"{narrow_bits}-bit ones, found {operand} and {result}"
            )
        if not dims_compatible(narrow_shape[:-1], wide_shape):
            raise VerifyException(
                f"operand and result shapes must match but for the last dim of the {narrow_what}, "
                f"found {operand} and {result}"
            )


@irdl_op_definition
class ReducePrecisionOp(HloOp):
    """Each element rounded to a float format of `exponent_bits` and `mantissa_bits` and back:
    the mantissa to nearest, ties to even; then, where the format has fewer exponent bits, a
    value past its largest finite one becomes infinity and one below its smallest normal one
    zero, of the value's sign. NaN stays NaN (infinity where mantissa_bits is 0).
    `%0 = hlo.reduce_precision %x, format = e5m10 : tensor<4xf32>`"""

    name = "hlo.reduce_precision"
    operand = operand_def(TensorType)
    output = result_def(TensorType)
    exponent_bits = prop_def(IntegerAttr[I32])
    mantissa_bits = prop_def(IntegerAttr[I32])
    traits = traits_def(Pure())
    custom_directives = (ExponentMantissa, SameOperandsAndResultType)
    assembly_format = (
        "$operand `,` `format` `=` custom<ExponentMantissa>($exponent_bits, $mantissa_bits) "
        "attr-dict `:` custom<SameOperandsAndResultType>(type(operands), type(results))"
    )

    def __init__(self, operand: SSAValue | Operation, exponent_bits: int, mantissa_bits: int):
        operand = SSAValue.get(operand)
        super().__init__(
            operands=[operand],
            properties={
                "exponent_bits": IntegerAttr(exponent_bits, i32),
                "mantissa_bits": IntegerAttr(mantissa_bits, i32),
            },
            result_types=[operand.type],
        )

    @property
    def exponent(self) -> int:
        return self.exponent_bits.value.data

    @property
    def mantissa(self) -> int:
        return self.mantissa_bits.value.data

    def infer_result_types(self) -> Sequence[Attribute]:
        operand = expect_tensor(self.operand.type, "operand")
        if not is_float(operand.element_type):
            raise VerifyException(f"operand must have float elements, found {operand}")
        if self.exponent < 1:
            raise VerifyException(f"exponent_bits must be at least 1, found {self.exponent}")
        if self.mantissa < 0:
            raise VerifyException(f"mantissa_bits must be at least 0, found {self.mantissa}")
        return [operand]


# ---------------------------------------------------------------------------------------------
# Tuples


def _tuple_element_kind(t: Attribute) -> bool:
    return isinstance(t, (TensorType, TupleType))


def _tuple_of(types: Sequence[Attribute]) -> TupleType:
    return TupleType(ArrayAttr(tuple(expect(t, TypeAttribute, "tuple element") for t in types)))


@irdl_op_definition
class TupleOp(IRDLOperation):
    """Its operands grouped as one tuple value.
    `%t = hlo.tuple %a, %b : tuple<tensor<2xf32>, tensor<i32>>`"""

    name = "hlo.tuple"
    val = var_operand_def()
    result = result_def(TupleType)
    traits = traits_def(Pure())
    custom_directives = (TupleOpType,)
    assembly_format = "$val attr-dict `:` custom<TupleOpType>(type($val), type($result))"

    def __init__(self, values: Sequence[SSAValue | Operation]):
        vals = [SSAValue.get(v) for v in values]
        super().__init__(operands=[vals], result_types=[_tuple_of([v.type for v in vals])])

    def verify_(self) -> None:
        check_element_types(self)
        types = [v.type for v in self.val]
        for index, t in enumerate(types):
            if not _tuple_element_kind(t):
                raise VerifyException(f"operand {index} must be a tensor or a tuple, found {t}")
        want = _tuple_of(types)
        if self.result.type != want:
            raise VerifyException(
                f"result type {self.result.type} must be the tuple of the operands' types, {want}"
            )


@irdl_op_definition
class GetTupleElementOp(IRDLOperation):
    """Element `index` of a tuple.
    `%a = hlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32>`"""

    name = "hlo.get_tuple_element"
    operand = operand_def(TupleType)
    index = prop_def(IntegerAttr[I32])
    result = result_def()
    traits = traits_def(Pure())
    custom_directives = (TupleIndex,)
    assembly_format = (
        "$operand `[` custom<TupleIndex>($index) `]` attr-dict `:` "
        "functional-type(operands, results)"
    )

    def __init__(self, operand: SSAValue | Operation, index: int):
        operand = SSAValue.get(operand)
        t = operand.type
        if not isinstance(t, TupleType) or not 0 <= index < len(t.types.data):
            raise VerifyException(f"index {index} is out of range for {t}")
        super().__init__(
            operands=[operand],
            properties={"index": IntegerAttr(index, i32)},
            result_types=[t.types.data[index]],
        )

    @property
    def position(self) -> int:
        return self.index.value.data

    def verify_(self) -> None:
        t = expect(self.operand.type, TupleType, "get_tuple_element operand")
        elements = t.types.data
        if not 0 <= self.position < len(elements):
            raise VerifyException(
                f"index {self.position} is out of range for {t} ({len(elements)} elements)"
            )
        want = elements[self.position]
        if self.result.type != want:
            raise VerifyException(
                f"result type {self.result.type} must be element {self.position} of the tuple, "
                f"{want}"
            )


OPS: list[type[Operation]] = [BitcastConvertOp, ReducePrecisionOp, TupleOp, GetTupleElementOp]
ATTRIBUTES: list[type[Attribute]] = []
