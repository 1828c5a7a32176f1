"""hlo ops between complex and real tensors: complex (two parts into one value), real and imag
(one part out of it), fft (discrete Fourier transforms).

Pretty forms are StableHLO's:
`hlo.complex %re, %im : tensor<2xcomplex<f32>>` and
`hlo.real %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>` and
`hlo.fft %z, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>`.
`hlo-complex-to-real` expands them before anything lowers.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    ComplexType,
    DenseArrayBase,
    Float32Type,
    Float64Type,
    FunctionType,
    TensorType,
    i64,
)
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, Operation, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.irdl.declarative_assembly_format import (
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
from xdsl.utils.str_enum import StrEnum

from strata.dialects.element_kinds import complex_part, is_float
from strata.dialects.hlo.core import DimsArray, HloOp, SameOperandsAndResultType
from strata.dialects.tensor_types import format_shape
from strata.dialects.verify_helpers import dims_compatible, expect_tensor


def _part_type(t: TensorType) -> TensorType:
    """The real tensor type of one part of the complex tensor type `t` (verified complex)."""
    part = complex_part(t.element_type)
    return TensorType(t.element_type if part is None else part, t.get_shape())


@irdl_custom_directive
class ComplexOpType(CustomDirective):
    """`: T` (T complex; both operands of T's part type), else `: (A, B) -> T`."""

    operand_types: TypeDirective
    result_types: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> None:
        parsed = parser.parse_type()
        if isinstance(parsed, FunctionType):
            inputs, outputs = list(parsed.inputs.data), list(parsed.outputs.data)
        elif isinstance(parsed, TensorType) and isinstance(parsed.element_type, ComplexType):
            part = _part_type(parsed)
            inputs, outputs = [part, part], [parsed]
        else:
            parser.raise_error(f"expected a complex tensor type or a function type, found {parsed}")
        self.operand_types.set(state, inputs)
        self.result_types.set(state, outputs)

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        inputs = list(self.operand_types.get(op))
        outputs = list(self.result_types.get(op))
        result = outputs[0] if len(outputs) == 1 else None
        if isinstance(result, TensorType) and all(t == _part_type(result) for t in inputs):
            printer.print_attribute(result)
            return
        printer.print_attribute(FunctionType.from_lists(inputs, outputs))


@irdl_op_definition
class ComplexOp(HloOp):
    """Elementwise lhs + i * rhs. `%0 = hlo.complex %re, %im : tensor<4xcomplex<f32>>`"""

    name = "hlo.complex"
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    custom_directives = (ComplexOpType,)
    assembly_format = (
        "$lhs `,` $rhs attr-dict `:` custom<ComplexOpType>(type(operands), type(results))"
    )

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        lhs, rhs = SSAValue.get(lhs), SSAValue.get(rhs)
        super().__init__(operands=[lhs, rhs], result_types=[self._infer(lhs.type, rhs.type)])

    @staticmethod
    def _infer(lhs_type: Attribute, rhs_type: Attribute) -> TensorType:
        lhs, rhs = expect_tensor(lhs_type, "lhs"), expect_tensor(rhs_type, "rhs")
        if lhs.element_type != rhs.element_type or not dims_compatible(
            tuple(lhs.get_shape()), tuple(rhs.get_shape())
        ):
            raise VerifyException(f"lhs and rhs types differ: {lhs} and {rhs}")
        if not isinstance(lhs.element_type, Float32Type | Float64Type):
            raise VerifyException(f"operands must have f32 or f64 elements, found {lhs}")
        return TensorType(ComplexType(lhs.element_type), lhs.get_shape())

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.lhs.type, self.rhs.type)]


class _PartOp(HloOp):
    """Shared structure of real and imag: a complex (or float) operand, its part type's result."""

    operand = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    custom_directives = (SameOperandsAndResultType,)
    assembly_format = (
        "$operand attr-dict `:` custom<SameOperandsAndResultType>(type(operands), type(results))"
    )

    def __init__(self, operand: SSAValue | Operation):
        operand = SSAValue.get(operand)
        super().__init__(operands=[operand], result_types=[self._infer(operand.type)])

    @classmethod
    def _infer(cls, operand_type: Attribute) -> TensorType:
        t = expect_tensor(operand_type, "operand")
        if complex_part(t.element_type) is None and not is_float(t.element_type):
            raise VerifyException(f"operand must have complex or float elements, found {t}")
        return _part_type(t)

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.operand.type)]


@irdl_op_definition
class RealOp(_PartOp):
    """Elementwise real part (a float operand is its own). `%0 = hlo.real %z :
    (tensor<4xcomplex<f32>>) -> tensor<4xf32>`"""

    name = "hlo.real"


@irdl_op_definition
class ImagOp(_PartOp):
    """Elementwise imaginary part (zero for a float operand). `%0 = hlo.imag %z :
    (tensor<4xcomplex<f32>>) -> tensor<4xf32>`"""

    name = "hlo.imag"


class FftType(StrEnum):
    FFT = "FFT"  # complex -> complex
    IFFT = "IFFT"  # its inverse
    RFFT = "RFFT"  # real -> complex, the last dim's non-negative frequencies only
    IRFFT = "IRFFT"  # its inverse


@irdl_attr_definition
class FftTypeAttr(EnumAttribute[FftType], SpacedOpaqueSyntaxAttribute):
    """Which transform hlo.fft computes: `#hlo<fft_type RFFT>`."""

    name = "hlo.fft_type"


@irdl_op_definition
class FftOp(HloOp):
    """The discrete Fourier transform (or its inverse) over the trailing len(fft_length) dims.
    `%0 = hlo.fft %z, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) ->
    tensor<4xcomplex<f32>>`"""

    name = "hlo.fft"
    operand = operand_def(TensorType)
    result = result_def(TensorType)
    fft_type = prop_def(FftTypeAttr)
    fft_length = prop_def(DenseArrayBase.constr(i64))
    traits = traits_def(Pure())
    custom_directives = (DimsArray,)
    assembly_format = (
        "$operand `,` `type` `=` $fft_type `,` `length` `=` custom<DimsArray>($fft_length) "
        "attr-dict `:` functional-type(operands, results)"
    )

    def kind(self) -> FftType:
        return self.fft_type.data

    def lengths(self) -> tuple[int, ...]:
        return tuple(int(n) for n in self.fft_length.get_values())

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.operand.type, "operand")
        kind, lengths = self.kind(), self.lengths()
        if not 1 <= len(lengths) <= 3 or any(n < 1 for n in lengths):
            raise VerifyException(
                f"fft_length must have 1 to 3 positive sizes, found {list(lengths)}"
            )
        shape = list(t.get_shape())
        if len(shape) < len(lengths):
            raise VerifyException(f"operand rank {len(shape)} is less than the fft rank")
        element, part = t.element_type, complex_part(t.element_type)
        real = isinstance(element, Float32Type | Float64Type)
        if (kind is FftType.RFFT and not real) or (kind is not FftType.RFFT and part is None):
            want = "f32 or f64" if kind is FftType.RFFT else "complex"
            raise VerifyException(f"{kind.value} operand must have {want} elements, found {t}")
        expected = list(lengths)
        if kind is FftType.IRFFT:
            expected[-1] = lengths[-1] // 2 + 1
        trailing = shape[len(shape) - len(lengths) :]
        if not dims_compatible(tuple(trailing), tuple(expected)):
            raise VerifyException(
                f"operand trailing dims {format_shape(trailing)} do not match "
                f"{format_shape(expected)} (fft_length {list(lengths)})"
            )
        out = shape[: len(shape) - len(lengths)] + list(lengths)
        if isinstance(element, Float32Type | Float64Type):  # RFFT
            out[-1] = lengths[-1] // 2 + 1
            return [TensorType(ComplexType(element), out)]
        if kind is FftType.IRFFT:
            assert part is not None
            return [TensorType(part, out)]
        return [TensorType(t.element_type, out)]


OPS: list[type[Operation]] = [ComplexOp, RealOp, ImagOp, FftOp]
ATTRIBUTES: list[type[Attribute]] = [FftTypeAttr]
