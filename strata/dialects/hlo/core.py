"""Core ops of the `hlo` dialect (StableHLO's op set and semantics, spelled `hlo.`): elementwise,
constant, compare/select/clamp/convert, reshape/transpose/broadcast_in_dim, dot_general, reduce.

Every op infers its result types from operands and attributes (`infer_result_types`, also used by
the Python constructors), and its verifier checks the declared types against that inference.
Ops print in StableHLO's pretty syntax; the generic form always parses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, cast

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    IntAttr,
    IntegerType,
    TensorType,
    i1,
    i64,
)
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import (
    Attribute,
    Block,
    Operation,
    ParametrizedAttribute,
    Region,
    SpacedOpaqueSyntaxAttribute,
    SSAValue,
)
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    ParamAttrConstraint,
    SameVariadicOperandSize,
    VarConstraint,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    param_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    TypeDirective,
    irdl_custom_directive,
)
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import ConstantLike, IsTerminator, OpTrait, Pure, RecursiveMemoryEffect
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from strata.dialects.element_kinds import (
    complex_part,
    element_info,
    is_bool,
    is_complex,
    is_float,
    is_integer,
    is_numeric,
    supported_element_names,
)
from strata.dialects.tensor_types import format_shape
from strata.dialects.verify_helpers import dims_compatible, expect_tensor

# ---------------------------------------------------------------------------------------------
# Type helpers


def _shape(t: TensorType) -> tuple[int, ...]:
    return tuple(t.get_shape())


def _join_shapes(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    """The most static shape compatible with both (callers check compatibility first)."""
    return tuple(y if x == DYNAMIC_INDEX else x for x, y in zip(a, b, strict=True))


def _is_supported(element: Attribute) -> bool:
    return element_info(element) is not None


def _is_int(element: Attribute) -> bool:
    return is_integer(element) or is_bool(element)


# Which element types an elementwise op accepts: kind -> (predicate, how messages name it).
def _or_complex(accepts: Callable[[Attribute], bool]) -> Callable[[Attribute], bool]:
    """`accepts`, widened to complex elements (which `hlo-complex-to-real` expands, or rejects
    op by op)."""
    return lambda element: accepts(element) or is_complex(element)


ELEMENT_KINDS: dict[str, tuple[Callable[[Attribute], bool], str]] = {
    "any": (_or_complex(_is_supported), "supported"),
    "numeric": (_or_complex(is_numeric), "integer or float"),
    "float": (_or_complex(is_float), "float"),
    "integer": (_is_int, "integer or boolean"),
}


def _check_elements(t: TensorType, kind: str, what: str) -> None:
    accepts, described = ELEMENT_KINDS[kind]
    if not accepts(t.element_type):
        raise VerifyException(f"{what} must have {described} elements, found {t}")


def _i64_array(values: Sequence[int]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i64, [int(v) for v in values])


def _ints(attr: DenseArrayBase[IntegerType]) -> tuple[int, ...]:
    return tuple(int(v) for v in attr.get_values())


def _format_list(values: Sequence[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


# ---------------------------------------------------------------------------------------------
# Attributes


class ComparisonDirection(StrEnum):
    EQ = "EQ"
    NE = "NE"
    GE = "GE"
    GT = "GT"
    LE = "LE"
    LT = "LT"


class ComparisonType(StrEnum):
    FLOAT = "FLOAT"
    TOTALORDER = "TOTALORDER"
    SIGNED = "SIGNED"
    UNSIGNED = "UNSIGNED"


@irdl_attr_definition
class ComparisonDirectionAttr(EnumAttribute[ComparisonDirection], SpacedOpaqueSyntaxAttribute):
    """How hlo.compare compares: `#hlo<comparison_direction GT>`."""

    name = "hlo.comparison_direction"


@irdl_attr_definition
class ComparisonTypeAttr(EnumAttribute[ComparisonType], SpacedOpaqueSyntaxAttribute):
    """Which ordering hlo.compare uses: `#hlo<comparison_type FLOAT>`."""

    name = "hlo.comparison_type"


class Precision(StrEnum):
    DEFAULT = "DEFAULT"
    HIGH = "HIGH"
    HIGHEST = "HIGHEST"


@irdl_attr_definition
class PrecisionAttr(EnumAttribute[Precision], SpacedOpaqueSyntaxAttribute):
    """The least precision a contraction operand may be computed at: `#hlo<precision HIGH>`.
    Strata computes every contraction at its operands' own precision, which meets all three."""

    name = "hlo.precision"


_DOT_KEYS = (
    "lhs_batching_dimensions",
    "rhs_batching_dimensions",
    "lhs_contracting_dimensions",
    "rhs_contracting_dimensions",
)


@irdl_attr_definition
class DotDimensionNumbersAttr(ParametrizedAttribute):
    """Batching and contracting dims of hlo.dot_general.

    `#hlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0],
    lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>` (empty lists omitted).
    """

    name = "hlo.dot"
    lhs_batching: ArrayAttr[IntAttr] = param_def()
    rhs_batching: ArrayAttr[IntAttr] = param_def()
    lhs_contracting: ArrayAttr[IntAttr] = param_def()
    rhs_contracting: ArrayAttr[IntAttr] = param_def()

    def __init__(
        self,
        lhs_batching_dimensions: Sequence[int] = (),
        rhs_batching_dimensions: Sequence[int] = (),
        lhs_contracting_dimensions: Sequence[int] = (),
        rhs_contracting_dimensions: Sequence[int] = (),
    ):
        super().__init__(
            *(
                ArrayAttr([IntAttr(int(d)) for d in dims])
                for dims in (
                    lhs_batching_dimensions,
                    rhs_batching_dimensions,
                    lhs_contracting_dimensions,
                    rhs_contracting_dimensions,
                )
            )
        )

    @property
    def lhs_batching_dimensions(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.lhs_batching.data)

    @property
    def rhs_batching_dimensions(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.rhs_batching.data)

    @property
    def lhs_contracting_dimensions(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.lhs_contracting.data)

    @property
    def rhs_contracting_dimensions(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.rhs_contracting.data)

    def _lists(self) -> tuple[tuple[int, ...], ...]:
        return (
            self.lhs_batching_dimensions,
            self.rhs_batching_dimensions,
            self.lhs_contracting_dimensions,
            self.rhs_contracting_dimensions,
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        found: dict[str, list[int]] = {}

        def parse_entry() -> None:
            key = parser.parse_identifier()
            if key not in _DOT_KEYS:
                parser.raise_error(f"unknown dot dimension numbers key '{key}'")
            if key in found:
                parser.raise_error(f"'{key}' given twice")
            parser.parse_punctuation("=")
            found[key] = parser.parse_comma_separated_list(
                parser.Delimiter.SQUARE, parser.parse_integer
            )

        parser.parse_comma_separated_list(parser.Delimiter.ANGLE, parse_entry)
        return [ArrayAttr([IntAttr(d) for d in found.get(key, [])]) for key in _DOT_KEYS]

    def print_parameters(self, printer: Printer) -> None:
        named = zip(_DOT_KEYS, self._lists(), strict=True)
        entries = [f"{key} = {_format_list(dims)}" for key, dims in named if dims]
        printer.print_string("<" + ", ".join(entries) + ">")


_ALGORITHM_TYPES = ("lhs_precision_type", "rhs_precision_type", "accumulation_type")
_ALGORITHM_INTS = ("lhs_component_count", "rhs_component_count", "num_primitive_operations")
_ALGORITHM_FLAG = "allow_imprecise_accumulation"


@irdl_attr_definition
class DotAlgorithmAttr(ParametrizedAttribute):
    """The algorithm a dot_general asks for: `#hlo.dot_algorithm<lhs_precision_type = tf32,
    rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1,
    rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>`
    (`algorithm = <...>` in dot_general's pretty form). Kept for round trips; Strata computes
    every contraction at its operands' own precision, accumulating 16-bit floats in f32, which is
    at least as precise as any algorithm StableHLO defines."""

    name = "hlo.dot_algorithm"
    lhs_precision_type: Attribute = param_def()
    rhs_precision_type: Attribute = param_def()
    accumulation_type: Attribute = param_def()
    lhs_component_count: IntAttr = param_def()
    rhs_component_count: IntAttr = param_def()
    num_primitive_operations: IntAttr = param_def()
    allow_imprecise_accumulation: IntAttr = param_def()

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        found: dict[str, Attribute] = {}
        keys = (*_ALGORITHM_TYPES, *_ALGORITHM_INTS, _ALGORITHM_FLAG)

        def parse_entry() -> None:
            key = parser.parse_identifier()
            if key not in keys:
                parser.raise_error(
                    f"unknown dot algorithm key '{key}' (expected {', '.join(keys)})"
                )
            parser.parse_punctuation("=")
            if key in _ALGORITHM_TYPES:
                found[key] = parser.parse_type()
            elif key in _ALGORITHM_INTS:
                found[key] = IntAttr(parser.parse_integer())
            else:
                flag = parser.parse_boolean()
                found[key] = IntAttr(int(flag))

        parser.parse_comma_separated_list(parser.Delimiter.ANGLE, parse_entry)
        missing = [k for k in keys if k not in found]
        if missing:
            parser.raise_error(f"dot algorithm lacks {', '.join(missing)}")
        return [found[k] for k in keys]

    def print_parameters(self, printer: Printer) -> None:
        entries = [f"{k} = " for k in (*_ALGORITHM_TYPES, *_ALGORITHM_INTS, _ALGORITHM_FLAG)]
        printer.print_string("<")
        for i, (entry, value) in enumerate(zip(entries, self.parameters, strict=True)):
            printer.print_string((", " if i else "") + entry)
            if i < len(_ALGORITHM_TYPES):
                printer.print_attribute(value)
            elif i < len(_ALGORITHM_TYPES) + len(_ALGORITHM_INTS):
                printer.print_string(str(cast(IntAttr, value).data))
            else:
                printer.print_string("true" if cast(IntAttr, value).data else "false")
        printer.print_string(">")


# ---------------------------------------------------------------------------------------------
# Custom assembly directives (StableHLO's pretty syntax)


def _parse_type_list(parser: Parser) -> list[Attribute]:
    """`T` or `(T, ...)`."""
    if parser.parse_optional_punctuation("("):
        if parser.parse_optional_punctuation(")"):
            return []
        types: list[Attribute] = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_type
        )
        parser.parse_punctuation(")")
        return types
    return [parser.parse_type()]


def _parse_functional_tail(parser: Parser) -> tuple[list[Attribute], list[Attribute]]:
    """After the opening `(` of `(T, ...) -> T` has been consumed."""
    if parser.parse_optional_punctuation(")"):
        inputs: list[Attribute] = []
    else:
        inputs = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        parser.parse_punctuation(")")
    parser.parse_punctuation("->")
    return inputs, _parse_type_list(parser)


def _print_functional(
    printer: Printer, inputs: Sequence[Attribute], outputs: Sequence[Attribute]
) -> None:
    printer.print_function_type(inputs, outputs)


def _operand_count(state: ParsingState) -> int:
    return sum(len(group) for group in state.operands if group is not None)


@irdl_custom_directive
class SameOperandsAndResultType(CustomDirective):
    """`: T` when every operand and the result have type T, else `: (T, ...) -> T`."""

    operand_types: TypeDirective
    result_types: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> None:
        if parser.parse_optional_punctuation("("):
            inputs, outputs = _parse_functional_tail(parser)
        else:
            single = parser.parse_type()
            inputs, outputs = [single] * _operand_count(state), [single]
        self.operand_types.set(state, inputs)
        self.result_types.set(state, outputs)

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        inputs = self.operand_types.get(op)
        outputs = self.result_types.get(op)
        if len(outputs) == 1 and all(t == outputs[0] for t in inputs):
            printer.print_attribute(outputs[0])
            return
        _print_functional(printer, inputs, outputs)


@irdl_custom_directive
class SelectOpType(CustomDirective):
    """`: P, T` when on_true, on_false and the result have type T, else a functional type."""

    operand_types: TypeDirective
    result_types: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> None:
        if parser.parse_optional_punctuation("("):
            inputs, outputs = _parse_functional_tail(parser)
        else:
            pred = parser.parse_type()
            parser.parse_punctuation(",")
            value = parser.parse_type()
            inputs, outputs = [pred, value, value], [value]
        self.operand_types.set(state, inputs)
        self.result_types.set(state, outputs)

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        inputs = self.operand_types.get(op)
        outputs = self.result_types.get(op)
        if len(inputs) == 3 and len(outputs) == 1 and inputs[1] == inputs[2] == outputs[0]:
            printer.print_attribute(inputs[0])
            printer.print_string(", ")
            printer.print_attribute(outputs[0])
            return
        _print_functional(printer, inputs, outputs)


@irdl_custom_directive
class DimsArray(CustomDirective):
    """An i64 dense array written as a plain list: `[1, 0]`."""

    dims: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        values = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
        self.dims.set(state, _i64_array(values))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        attr = self.dims.get(op)
        assert isinstance(attr, DenseArrayBase)
        printer.print_string(_format_list(_ints(attr)))


@irdl_custom_directive
class DotDimensionNumbers(CustomDirective):
    """`batching_dims = [0] x [0], contracting_dims = [2] x [1]` (batching omitted if empty),
    then `, precision = [DEFAULT, HIGHEST]` when the op has a precision config and
    `, algorithm = <...>` when it has an algorithm (DotAlgorithmAttr's parameters)."""

    dims: AttributeVariable
    precision: AttributeVariable
    algorithm: AttributeVariable

    @staticmethod
    def _parse_pair(parser: Parser) -> tuple[list[int], list[int]]:
        parser.parse_punctuation("=")
        lhs = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
        parser.parse_keyword("x")
        rhs = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
        return lhs, rhs

    def parse(self, parser: Parser, state: ParsingState) -> None:
        lhs_batch: list[int] = []
        rhs_batch: list[int] = []
        if parser.parse_optional_keyword("batching_dims"):
            lhs_batch, rhs_batch = self._parse_pair(parser)
            parser.parse_punctuation(",")
        parser.parse_keyword("contracting_dims")
        lhs_contract, rhs_contract = self._parse_pair(parser)
        self.dims.set(
            state, DotDimensionNumbersAttr(lhs_batch, rhs_batch, lhs_contract, rhs_contract)
        )
        while parser.parse_optional_punctuation(",") is not None:
            if parser.parse_optional_keyword("algorithm"):
                parser.parse_punctuation("=")
                parameters = DotAlgorithmAttr.parse_parameters(parser)
                self.algorithm.set(state, DotAlgorithmAttr.new(parameters))
            else:
                _parse_precision_value(parser, state, self.precision)

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        attr = self.dims.get(op)
        assert isinstance(attr, DotDimensionNumbersAttr)
        lb, rb, lc, rc = attr._lists()  # pyright: ignore[reportPrivateUsage]
        if lb or rb:
            printer.print_string(f"batching_dims = {_format_list(lb)} x {_format_list(rb)}, ")
        printer.print_string(f"contracting_dims = {_format_list(lc)} x {_format_list(rc)}")
        _print_precision(printer, self.precision.get(op))
        algorithm = self.algorithm.get(op)
        if isinstance(algorithm, DotAlgorithmAttr):
            printer.print_string(", algorithm = ")
            algorithm.print_parameters(printer)


def _parse_precision(parser: Parser, state: ParsingState, into: AttributeVariable) -> None:
    """An optional `, precision = [DEFAULT, HIGHEST]` (StableHLO's pretty precision config)."""
    if parser.parse_optional_punctuation(",") is None:
        return
    _parse_precision_value(parser, state, into)


def _parse_precision_value(parser: Parser, state: ParsingState, into: AttributeVariable) -> None:
    """`precision = [DEFAULT, HIGHEST]`, its comma already read."""
    parser.parse_keyword("precision")
    parser.parse_punctuation("=")
    names = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_identifier)
    known = [p.value for p in Precision]
    for name in names:
        if name not in known:
            parser.raise_error(f"expected a precision ({', '.join(known)}), found '{name}'")
    into.set(state, ArrayAttr([PrecisionAttr(Precision(n)) for n in names]))


def _print_precision(printer: Printer, precision: Attribute | None) -> None:
    if isinstance(precision, ArrayAttr):
        names = ", ".join(p.data.value for p in precision.data if isinstance(p, PrecisionAttr))
        printer.print_string(f", precision = [{names}]")


@irdl_custom_directive
class PrecisionConfig(CustomDirective):
    """`, precision = [DEFAULT, DEFAULT]` when the op has a precision config, else nothing."""

    precision: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        _parse_precision(parser, state, self.precision)

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        _print_precision(printer, self.precision.get(op))


# ---------------------------------------------------------------------------------------------
# Base


def check_element_types(op: IRDLOperation, *, complex_ok: bool = False) -> None:
    """Every tensor operand and result has an element type Strata compiles (see element_info);
    with `complex_ok`, complex<f32> and complex<f64> too (see `hlo-complex-to-real`)."""
    named = [("operand", v.type) for v in op.operands] + [("result", v.type) for v in op.results]
    for what, t in named:
        if not isinstance(t, TensorType) or (complex_ok and is_complex(t.element_type)):
            continue
        if element_info(t.element_type) is None:
            also = ", complex<f32>, complex<f64>" if complex_ok else ""
            raise VerifyException(
                f"{what} element type {t.element_type} is not supported "
                f"(expected one of {supported_element_names()}{also})"
            )


class HloOp(IRDLOperation):
    """Base of every hlo op: the verifier checks element types, and result types against
    `infer_result_types`."""

    # Whether the result element type must equal the inferred one (dot_general may widen).
    CHECKS_RESULT_ELEMENT_TYPE: ClassVar[bool] = True

    def infer_result_types(self) -> Sequence[Attribute] | None:
        """Result types implied by operands and attributes; None when they cannot be known."""
        return None

    def verify_(self) -> None:
        check_element_types(self, complex_ok=True)
        inferred = self.infer_result_types()
        if inferred is None:
            return
        if len(self.results) != len(inferred):
            raise VerifyException(
                f"expected {len(inferred)} results from operands and attributes, "
                f"found {len(self.results)}"
            )
        for index, (res, want) in enumerate(zip(self.results, inferred, strict=True)):
            have = expect_tensor(res.type, f"result {index}")
            if not isinstance(want, TensorType):
                continue
            same_elements = have.element_type == want.element_type
            if (self.CHECKS_RESULT_ELEMENT_TYPE and not same_elements) or not dims_compatible(
                _shape(have), _shape(want)
            ):
                raise VerifyException(
                    f"result {index} has type {have}, but operands and attributes imply {want}"
                )


# ---------------------------------------------------------------------------------------------
# Constants


@irdl_op_definition
class ConstantOp(HloOp):
    """A constant tensor. `%c = hlo.constant dense<1.0> : tensor<2xf32>`"""

    name = "hlo.constant"
    T: ClassVar = VarConstraint("T", AnyAttr())
    value = prop_def(ParamAttrConstraint(DenseIntOrFPElementsAttr, (T, AnyAttr())))
    output = result_def(T)
    traits = traits_def(ConstantLike(), Pure())
    assembly_format = "attr-dict $value"

    def __init__(self, value: DenseIntOrFPElementsAttr):
        super().__init__(properties={"value": value}, result_types=[value.type])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [expect_tensor(self.value.get_type(), "value")]


# ---------------------------------------------------------------------------------------------
# Elementwise


class ElementwiseBinaryOp(HloOp):
    """Shared structure of the elementwise binary ops: `lhs`, `rhs` and `result` of one type."""

    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    custom_directives = (SameOperandsAndResultType,)
    assembly_format = (
        "$lhs `,` $rhs attr-dict `:` "
        "custom<SameOperandsAndResultType>(type(operands), type(results))"
    )
    ELEMENT_KIND: ClassVar[str] = "numeric"

    def __init__(
        self,
        lhs: SSAValue | Operation,
        rhs: SSAValue | Operation,
        result_type: Attribute | None = None,
    ):
        lhs, rhs = SSAValue.get(lhs), SSAValue.get(rhs)
        if result_type is None:
            result_type = type(self)._infer(lhs.type, rhs.type)
        super().__init__(operands=[lhs, rhs], result_types=[result_type])

    @classmethod
    def _infer(cls, lhs_type: Attribute, rhs_type: Attribute) -> TensorType:
        lhs, rhs = expect_tensor(lhs_type, "lhs"), expect_tensor(rhs_type, "rhs")
        if lhs.element_type != rhs.element_type or not dims_compatible(_shape(lhs), _shape(rhs)):
            raise VerifyException(f"lhs and rhs types differ: {lhs} and {rhs}")
        _check_elements(lhs, cls.ELEMENT_KIND, "operands")
        return TensorType(lhs.element_type, _join_shapes(_shape(lhs), _shape(rhs)))

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.lhs.type, self.rhs.type)]


@irdl_op_definition
class AddOp(ElementwiseBinaryOp):
    """Elementwise lhs + rhs (logical or on i1). `%0 = hlo.add %a, %b : tensor<4xf32>`"""

    name = "hlo.add"
    ELEMENT_KIND: ClassVar[str] = "any"


@irdl_op_definition
class SubtractOp(ElementwiseBinaryOp):
    """Elementwise lhs - rhs. `%0 = hlo.subtract %a, %b : tensor<4xf32>`"""

    name = "hlo.subtract"


@irdl_op_definition
class MultiplyOp(ElementwiseBinaryOp):
    """Elementwise lhs * rhs (logical and on i1). `%0 = hlo.multiply %a, %b : tensor<4xf32>`"""

    name = "hlo.multiply"
    ELEMENT_KIND: ClassVar[str] = "any"


@irdl_op_definition
class DivideOp(ElementwiseBinaryOp):
    """Elementwise lhs / rhs (integers truncate toward zero).
    `%0 = hlo.divide %a, %b : tensor<4xf32>`"""

    name = "hlo.divide"


@irdl_op_definition
class MaximumOp(ElementwiseBinaryOp):
    """Elementwise max(lhs, rhs). `%0 = hlo.maximum %a, %b : tensor<4xf32>`"""

    name = "hlo.maximum"
    ELEMENT_KIND: ClassVar[str] = "any"


@irdl_op_definition
class MinimumOp(ElementwiseBinaryOp):
    """Elementwise min(lhs, rhs). `%0 = hlo.minimum %a, %b : tensor<4xf32>`"""

    name = "hlo.minimum"
    ELEMENT_KIND: ClassVar[str] = "any"


@irdl_op_definition
class PowerOp(ElementwiseBinaryOp):
    """Elementwise lhs ** rhs. `%0 = hlo.power %a, %b : tensor<4xf32>`"""

    name = "hlo.power"


@irdl_op_definition
class RemainderOp(ElementwiseBinaryOp):
    """Elementwise remainder with the sign of the dividend (C fmod).
    `%0 = hlo.remainder %a, %b : tensor<4xf32>`"""

    name = "hlo.remainder"


@irdl_op_definition
class AndOp(ElementwiseBinaryOp):
    """Elementwise bitwise/logical and. `%0 = hlo.and %a, %b : tensor<4xi1>`"""

    name = "hlo.and"
    ELEMENT_KIND: ClassVar[str] = "integer"


@irdl_op_definition
class OrOp(ElementwiseBinaryOp):
    """Elementwise bitwise/logical or. `%0 = hlo.or %a, %b : tensor<4xi1>`"""

    name = "hlo.or"
    ELEMENT_KIND: ClassVar[str] = "integer"


@irdl_op_definition
class XorOp(ElementwiseBinaryOp):
    """Elementwise bitwise/logical exclusive or. `%0 = hlo.xor %a, %b : tensor<4xi32>`"""

    name = "hlo.xor"
    ELEMENT_KIND: ClassVar[str] = "integer"


@irdl_op_definition
class Atan2Op(ElementwiseBinaryOp):
    """Elementwise atan(lhs / rhs) in the quadrant of (rhs, lhs). `%0 = hlo.atan2 %y, %x :
    tensor<4xf32>`"""

    name = "hlo.atan2"
    ELEMENT_KIND: ClassVar[str] = "float"


@irdl_op_definition
class ShiftLeftOp(ElementwiseBinaryOp):
    """Elementwise lhs << rhs; 0 where rhs, read unsigned, is at least the bit width.
    `%0 = hlo.shift_left %a, %b : tensor<4xi32>`"""

    name = "hlo.shift_left"
    ELEMENT_KIND: ClassVar[str] = "integer"


@irdl_op_definition
class ShiftRightArithmeticOp(ElementwiseBinaryOp):
    """Elementwise lhs >> rhs filling with the top bit; all top bits where rhs, read unsigned, is
    at least the bit width. `%0 = hlo.shift_right_arithmetic %a, %b : tensor<4xi32>`"""

    name = "hlo.shift_right_arithmetic"
    ELEMENT_KIND: ClassVar[str] = "integer"


@irdl_op_definition
class ShiftRightLogicalOp(ElementwiseBinaryOp):
    """Elementwise lhs >> rhs filling with zeros; 0 where rhs, read unsigned, is at least the bit
    width. `%0 = hlo.shift_right_logical %a, %b : tensor<4xi32>`"""

    name = "hlo.shift_right_logical"
    ELEMENT_KIND: ClassVar[str] = "integer"


ELEMENTWISE_BINARY_OPS: tuple[type[ElementwiseBinaryOp], ...] = (
    AddOp, SubtractOp, MultiplyOp, DivideOp, MaximumOp, MinimumOp, PowerOp, RemainderOp, AndOp,
    OrOp, XorOp, Atan2Op, ShiftLeftOp, ShiftRightArithmeticOp, ShiftRightLogicalOp,
)  # fmt: skip


class ElementwiseUnaryOp(HloOp):
    """Shared structure of the elementwise unary ops: `operand` and `result` of one type."""

    operand = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    custom_directives = (SameOperandsAndResultType,)
    assembly_format = (
        "$operand attr-dict `:` custom<SameOperandsAndResultType>(type(operands), type(results))"
    )
    ELEMENT_KIND: ClassVar[str] = "float"

    def __init__(self, operand: SSAValue | Operation, result_type: Attribute | None = None):
        operand = SSAValue.get(operand)
        if result_type is None:
            result_type = type(self)._infer(operand.type)
        super().__init__(operands=[operand], result_types=[result_type])

    @classmethod
    def _infer(cls, operand_type: Attribute) -> TensorType:
        t = expect_tensor(operand_type, "operand")
        _check_elements(t, cls.ELEMENT_KIND, "operand")
        return t

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.operand.type)]


@irdl_op_definition
class NegateOp(ElementwiseUnaryOp):
    """Elementwise -x. `%0 = hlo.negate %a : tensor<4xf32>`"""

    name = "hlo.negate"
    ELEMENT_KIND: ClassVar[str] = "numeric"


@irdl_op_definition
class AbsOp(ElementwiseUnaryOp):
    """Elementwise |x| (the real modulus of a complex x). `%0 = hlo.abs %a : tensor<4xf32>`"""

    name = "hlo.abs"
    ELEMENT_KIND: ClassVar[str] = "numeric"

    @classmethod
    def _infer(cls, operand_type: Attribute) -> TensorType:
        t = super()._infer(operand_type)
        part = complex_part(t.element_type)
        return t if part is None else TensorType(part, t.get_shape())


@irdl_op_definition
class ExponentialOp(ElementwiseUnaryOp):
    """Elementwise e^x. `%0 = hlo.exponential %a : tensor<4xf32>`"""

    name = "hlo.exponential"


@irdl_op_definition
class LogOp(ElementwiseUnaryOp):
    """Elementwise natural logarithm. `%0 = hlo.log %a : tensor<4xf32>`"""

    name = "hlo.log"


@irdl_op_definition
class SqrtOp(ElementwiseUnaryOp):
    """Elementwise square root. `%0 = hlo.sqrt %a : tensor<4xf32>`"""

    name = "hlo.sqrt"


@irdl_op_definition
class RsqrtOp(ElementwiseUnaryOp):
    """Elementwise 1 / sqrt(x). `%0 = hlo.rsqrt %a : tensor<4xf32>`"""

    name = "hlo.rsqrt"


@irdl_op_definition
class TanhOp(ElementwiseUnaryOp):
    """Elementwise hyperbolic tangent. `%0 = hlo.tanh %a : tensor<4xf32>`"""

    name = "hlo.tanh"


@irdl_op_definition
class LogisticOp(ElementwiseUnaryOp):
    """Elementwise 1 / (1 + e^-x). `%0 = hlo.logistic %a : tensor<4xf32>`"""

    name = "hlo.logistic"


@irdl_op_definition
class FloorOp(ElementwiseUnaryOp):
    """Elementwise round toward -inf. `%0 = hlo.floor %a : tensor<4xf32>`"""

    name = "hlo.floor"


@irdl_op_definition
class CeilOp(ElementwiseUnaryOp):
    """Elementwise round toward +inf. `%0 = hlo.ceil %a : tensor<4xf32>`"""

    name = "hlo.ceil"


@irdl_op_definition
class SignOp(ElementwiseUnaryOp):
    """Elementwise -1, 0 or 1 by sign (NaN stays NaN). `%0 = hlo.sign %a : tensor<4xf32>`"""

    name = "hlo.sign"
    ELEMENT_KIND: ClassVar[str] = "numeric"


@irdl_op_definition
class NotOp(ElementwiseUnaryOp):
    """Elementwise bitwise/logical not. `%0 = hlo.not %a : tensor<4xi1>`"""

    name = "hlo.not"
    ELEMENT_KIND: ClassVar[str] = "integer"


@irdl_op_definition
class Log1pOp(ElementwiseUnaryOp):
    """Elementwise log(1 + x). `%0 = hlo.log_plus_one %a : tensor<4xf32>`"""

    name = "hlo.log_plus_one"


@irdl_op_definition
class Expm1Op(ElementwiseUnaryOp):
    """Elementwise e^x - 1. `%0 = hlo.exponential_minus_one %a : tensor<4xf32>`"""

    name = "hlo.exponential_minus_one"


@irdl_op_definition
class SineOp(ElementwiseUnaryOp):
    """Elementwise sin(x). `%0 = hlo.sine %a : tensor<4xf32>`"""

    name = "hlo.sine"


@irdl_op_definition
class CosineOp(ElementwiseUnaryOp):
    """Elementwise cos(x). `%0 = hlo.cosine %a : tensor<4xf32>`"""

    name = "hlo.cosine"


@irdl_op_definition
class CbrtOp(ElementwiseUnaryOp):
    """Elementwise cube root. `%0 = hlo.cbrt %a : tensor<4xf32>`"""

    name = "hlo.cbrt"


@irdl_op_definition
class PopcntOp(ElementwiseUnaryOp):
    """Elementwise count of set bits. `%0 = hlo.popcnt %a : tensor<4xi32>`"""

    name = "hlo.popcnt"
    ELEMENT_KIND: ClassVar[str] = "integer"


@irdl_op_definition
class CountLeadingZerosOp(ElementwiseUnaryOp):
    """Elementwise count of leading zero bits (the bit width for 0).
    `%0 = hlo.count_leading_zeros %a : tensor<4xi32>`"""

    name = "hlo.count_leading_zeros"
    ELEMENT_KIND: ClassVar[str] = "integer"


@irdl_op_definition
class TanOp(ElementwiseUnaryOp):
    """Elementwise tan(x). `%0 = hlo.tan %a : tensor<4xf32>`"""

    name = "hlo.tan"


@irdl_op_definition
class RoundNearestEvenOp(ElementwiseUnaryOp):
    """Elementwise round to the nearest integer, ties to even.
    `%0 = hlo.round_nearest_even %a : tensor<4xf32>`"""

    name = "hlo.round_nearest_even"


@irdl_op_definition
class RoundNearestAfzOp(ElementwiseUnaryOp):
    """Elementwise round to the nearest integer, ties away from zero.
    `%0 = hlo.round_nearest_afz %a : tensor<4xf32>`"""

    name = "hlo.round_nearest_afz"


@irdl_op_definition
class IsFiniteOp(ElementwiseUnaryOp):
    """Elementwise: whether x is neither infinite nor NaN, as i1.
    `%0 = hlo.is_finite %a : (tensor<4xf32>) -> tensor<4xi1>`"""

    name = "hlo.is_finite"

    @classmethod
    def _infer(cls, operand_type: Attribute) -> TensorType:
        t = super()._infer(operand_type)
        return TensorType(IntegerType(1), t.get_shape())


ELEMENTWISE_UNARY_OPS: tuple[type[ElementwiseUnaryOp], ...] = (
    NegateOp, AbsOp, ExponentialOp, LogOp, SqrtOp, RsqrtOp, TanhOp, LogisticOp, FloorOp, CeilOp,
    SignOp, NotOp, Log1pOp, Expm1Op, SineOp, CosineOp, CbrtOp, PopcntOp, CountLeadingZerosOp,
    TanOp, RoundNearestEvenOp, RoundNearestAfzOp, IsFiniteOp,
)  # fmt: skip


@irdl_op_definition
class ClampOp(HloOp):
    """Elementwise min(max(operand, min), max); min/max rank-0 or operand-shaped.
    `%0 = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>`"""

    name = "hlo.clamp"
    min = operand_def(TensorType)
    operand = operand_def(TensorType)
    max = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    custom_directives = (SameOperandsAndResultType,)
    assembly_format = (
        "$min `,` $operand `,` $max attr-dict `:` "
        "custom<SameOperandsAndResultType>(type(operands), type(results))"
    )

    def __init__(
        self,
        min: SSAValue | Operation,
        operand: SSAValue | Operation,
        max: SSAValue | Operation,
        result_type: Attribute | None = None,
    ):
        min, operand, max = SSAValue.get(min), SSAValue.get(operand), SSAValue.get(max)
        if result_type is None:
            result_type = self._infer(min.type, operand.type, max.type)
        super().__init__(operands=[min, operand, max], result_types=[result_type])

    @staticmethod
    def _infer(min_type: Attribute, operand_type: Attribute, max_type: Attribute) -> TensorType:
        operand = expect_tensor(operand_type, "operand")
        _check_elements(operand, "numeric", "operand")
        for what, bound_type in (("min", min_type), ("max", max_type)):
            bound = expect_tensor(bound_type, what)
            if bound.element_type != operand.element_type:
                raise VerifyException(
                    f"{what} element type {bound.element_type} does not match operand "
                    f"element type {operand.element_type}"
                )
            if bound.get_num_dims() != 0 and not dims_compatible(_shape(bound), _shape(operand)):
                raise VerifyException(
                    f"{what} must be rank-0 or have the operand's shape "
                    f"{format_shape(_shape(operand))}, found {bound}"
                )
        return operand

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.min.type, self.operand.type, self.max.type)]


@irdl_op_definition
class ConvertOp(HloOp):
    """Elementwise conversion to another element type (float -> int rounds toward zero).
    `%0 = hlo.convert %x : (tensor<4xi32>) -> tensor<4xf32>`"""

    name = "hlo.convert"
    operand = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    custom_directives = (SameOperandsAndResultType,)
    assembly_format = (
        "$operand attr-dict `:` custom<SameOperandsAndResultType>(type(operands), type(results))"
    )

    def __init__(self, operand: SSAValue | Operation, element_type: Attribute):
        """`element_type` is the new element type, or (also accepted) the whole result type."""
        operand = SSAValue.get(operand)
        if isinstance(element_type, TensorType):
            result_type = element_type
        else:
            result_type = TensorType(element_type, _shape(expect_tensor(operand.type, "operand")))
        super().__init__(operands=[operand], result_types=[result_type])

    def verify_(self) -> None:
        operand = expect_tensor(self.operand.type, "operand")
        result = expect_tensor(self.result.type, "result")
        check_element_types(self, complex_ok=True)
        if not dims_compatible(_shape(operand), _shape(result)):
            raise VerifyException(
                f"result shape {format_shape(_shape(result))} does not match operand shape "
                f"{format_shape(_shape(operand))}"
            )


@irdl_op_definition
class CompareOp(HloOp):
    """Elementwise comparison giving i1s.
    `%0 = hlo.compare GT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>`"""

    name = "hlo.compare"
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)
    comparison_direction = prop_def(ComparisonDirectionAttr)
    compare_type = opt_prop_def(ComparisonTypeAttr)
    traits = traits_def(Pure())
    assembly_format = (
        "$comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)? attr-dict `:` "
        "functional-type(operands, results)"
    )

    def __init__(
        self,
        lhs: SSAValue | Operation,
        rhs: SSAValue | Operation,
        comparison_direction: str,
        compare_type: str | None = None,
    ):
        lhs, rhs = SSAValue.get(lhs), SSAValue.get(rhs)
        props: dict[str, Attribute] = {
            "comparison_direction": ComparisonDirectionAttr(
                ComparisonDirection(comparison_direction)
            )
        }
        if compare_type is not None:
            props["compare_type"] = ComparisonTypeAttr(ComparisonType(compare_type))
        super().__init__(
            operands=[lhs, rhs], properties=props, result_types=[self._infer(lhs.type, rhs.type)]
        )

    def direction(self) -> str:
        """EQ, NE, GE, GT, LE or LT."""
        return self.comparison_direction.data.value

    @staticmethod
    def _infer(lhs_type: Attribute, rhs_type: Attribute) -> TensorType:
        lhs, rhs = expect_tensor(lhs_type, "lhs"), expect_tensor(rhs_type, "rhs")
        if lhs.element_type != rhs.element_type or not dims_compatible(_shape(lhs), _shape(rhs)):
            raise VerifyException(f"lhs and rhs types differ: {lhs} and {rhs}")
        return TensorType(i1, _join_shapes(_shape(lhs), _shape(rhs)))

    def infer_result_types(self) -> Sequence[Attribute]:
        if self.compare_type is not None:
            kind = self.compare_type.data
            element = expect_tensor(self.lhs, "lhs").element_type
            wants_float = kind in (ComparisonType.FLOAT, ComparisonType.TOTALORDER)
            if wants_float != (is_float(element) or is_complex(element)):
                raise VerifyException(
                    f"compare type {kind.value} does not apply to {element} elements"
                )
        return [self._infer(self.lhs.type, self.rhs.type)]


@irdl_op_definition
class SelectOp(HloOp):
    """Elementwise pred ? on_true : on_false; pred is i1, rank-0 or of the operands' shape.
    `%0 = hlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>`"""

    name = "hlo.select"
    pred = operand_def(TensorType)
    on_true = operand_def(TensorType)
    on_false = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    custom_directives = (SelectOpType,)
    assembly_format = (
        "$pred `,` $on_true `,` $on_false attr-dict `:` "
        "custom<SelectOpType>(type(operands), type(results))"
    )

    def __init__(
        self,
        pred: SSAValue | Operation,
        on_true: SSAValue | Operation,
        on_false: SSAValue | Operation,
        result_type: Attribute | None = None,
    ):
        pred, on_true, on_false = SSAValue.get(pred), SSAValue.get(on_true), SSAValue.get(on_false)
        if result_type is None:
            result_type = self._infer(pred.type, on_true.type, on_false.type)
        super().__init__(operands=[pred, on_true, on_false], result_types=[result_type])

    @staticmethod
    def _infer(pred_type: Attribute, true_type: Attribute, false_type: Attribute) -> TensorType:
        pred = expect_tensor(pred_type, "pred")
        on_true, on_false = (
            expect_tensor(true_type, "on_true"),
            expect_tensor(false_type, "on_false"),
        )
        if not is_bool(pred.element_type):
            raise VerifyException(f"pred must have i1 elements, found {pred}")
        if on_true.element_type != on_false.element_type or not dims_compatible(
            _shape(on_true), _shape(on_false)
        ):
            raise VerifyException(f"on_true and on_false types differ: {on_true} and {on_false}")
        if pred.get_num_dims() != 0 and not dims_compatible(_shape(pred), _shape(on_true)):
            raise VerifyException(
                f"pred must be rank-0 or have the operands' shape "
                f"{format_shape(_shape(on_true))}, found {pred}"
            )
        return TensorType(on_true.element_type, _join_shapes(_shape(on_true), _shape(on_false)))

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.pred.type, self.on_true.type, self.on_false.type)]


# ---------------------------------------------------------------------------------------------
# Shapes


@irdl_op_definition
class ReshapeOp(HloOp):
    """The same elements in row-major order under a new shape.
    `%0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>`"""

    name = "hlo.reshape"
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
        if operand.element_type != result.element_type:
            raise VerifyException(
                f"result element type {result.element_type} does not match operand element "
                f"type {operand.element_type}"
            )
        if DYNAMIC_INDEX in _shape(operand) or DYNAMIC_INDEX in _shape(result):
            return
        have, want = operand.element_count(), result.element_count()
        if have != want:
            raise VerifyException(
                f"cannot reshape {format_shape(_shape(operand))} ({have} elements) into "
                f"{format_shape(_shape(result))} ({want} elements)"
            )


@irdl_op_definition
class TransposeOp(HloOp):
    """Permutes dims: result dim i is operand dim permutation[i].
    `%0 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>`"""

    name = "hlo.transpose"
    operand = operand_def(TensorType)
    result = result_def(TensorType)
    permutation = prop_def(DenseArrayBase.constr(i64))
    traits = traits_def(Pure())
    custom_directives = (DimsArray,)
    assembly_format = (
        "$operand `,` `dims` `=` custom<DimsArray>($permutation) attr-dict `:` "
        "functional-type(operands, results)"
    )

    def __init__(
        self,
        operand: SSAValue | Operation,
        permutation: Sequence[int],
        result_type: Attribute | None = None,
    ):
        operand = SSAValue.get(operand)
        if result_type is None:
            result_type = self._infer(operand.type, permutation)
        super().__init__(
            operands=[operand],
            properties={"permutation": _i64_array(permutation)},
            result_types=[result_type],
        )

    @staticmethod
    def _infer(operand_type: Attribute, permutation: Sequence[int]) -> TensorType:
        operand = expect_tensor(operand_type, "operand")
        rank = operand.get_num_dims()
        if sorted(permutation) != list(range(rank)):
            raise VerifyException(
                f"permutation {_format_list(permutation)} is not a permutation of the "
                f"operand's {rank} dims"
            )
        shape = _shape(operand)
        return TensorType(operand.element_type, [shape[p] for p in permutation])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.operand.type, _ints(self.permutation))]


@irdl_op_definition
class BroadcastInDimOp(HloOp):
    """Broadcasts to `result_type`: operand dim i becomes result dim broadcast_dimensions[i].
    `%0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>`"""

    name = "hlo.broadcast_in_dim"
    operand = operand_def(TensorType)
    result = result_def(TensorType)
    broadcast_dimensions = prop_def(DenseArrayBase.constr(i64))
    traits = traits_def(Pure())
    custom_directives = (DimsArray,)
    assembly_format = (
        "$operand `,` `dims` `=` custom<DimsArray>($broadcast_dimensions) attr-dict `:` "
        "functional-type(operands, results)"
    )

    def __init__(
        self,
        operand: SSAValue | Operation,
        result_type: Attribute,
        broadcast_dimensions: Sequence[int],
    ):
        super().__init__(
            operands=[SSAValue.get(operand)],
            properties={"broadcast_dimensions": _i64_array(broadcast_dimensions)},
            result_types=[result_type],
        )

    def verify_(self) -> None:
        check_element_types(self, complex_ok=True)
        operand = expect_tensor(self.operand.type, "operand")
        result = expect_tensor(self.result.type, "result")
        dims = _ints(self.broadcast_dimensions)
        if operand.element_type != result.element_type:
            raise VerifyException(
                f"result element type {result.element_type} does not match operand element "
                f"type {operand.element_type}"
            )
        if len(dims) != operand.get_num_dims():
            raise VerifyException(
                f"broadcast_dimensions has {len(dims)} entries but the operand has rank "
                f"{operand.get_num_dims()}"
            )
        if len(set(dims)) != len(dims):
            raise VerifyException(f"broadcast_dimensions {_format_list(dims)} has duplicates")
        in_shape, out_shape = _shape(operand), _shape(result)
        for i, d in enumerate(dims):
            if not 0 <= d < len(out_shape):
                raise VerifyException(
                    f"broadcast dimension {d} is out of range for result rank {len(out_shape)}"
                )
            size, target = in_shape[i], out_shape[d]
            if size in (1, DYNAMIC_INDEX) or target == DYNAMIC_INDEX or size == target:
                continue
            raise VerifyException(
                f"operand dim {i} (size {size}) cannot broadcast to result dim {d} (size {target})"
            )


@irdl_op_definition
class BroadcastOp(HloOp):
    """StableHLO's older broadcast: new leading dims of `broadcast_sizes`, then the operand's.
    hlo-simplify turns it into broadcast_in_dim.
    `%0 = hlo.broadcast %x, sizes = [2] : (tensor<3xf32>) -> tensor<2x3xf32>`"""

    name = "hlo.broadcast"
    operand = operand_def(TensorType)
    result = result_def(TensorType)
    broadcast_sizes = prop_def(DenseArrayBase.constr(i64))
    traits = traits_def(Pure())
    custom_directives = (DimsArray,)
    assembly_format = (
        "$operand `,` `sizes` `=` custom<DimsArray>($broadcast_sizes) attr-dict `:` "
        "functional-type(operands, results)"
    )

    def infer_result_types(self) -> Sequence[Attribute]:
        operand = expect_tensor(self.operand.type, "operand")
        sizes = _ints(self.broadcast_sizes)
        if any(size < 0 for size in sizes):
            raise VerifyException(f"broadcast_sizes {_format_list(sizes)} has a negative size")
        return [TensorType(operand.element_type, [*sizes, *_shape(operand)])]


# ---------------------------------------------------------------------------------------------
# Contractions


@irdl_op_definition
class DotOp(HloOp):
    """StableHLO's older contraction of lhs's last dim with rhs's first: vector-vector,
    matrix-vector or matrix-matrix. hlo-simplify turns it into dot_general.
    `%0 = hlo.dot %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>`"""

    name = "hlo.dot"
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)
    precision_config = opt_prop_def(ArrayAttr[PrecisionAttr])
    traits = traits_def(Pure())
    custom_directives = (PrecisionConfig,)
    assembly_format = (
        "$lhs `,` $rhs custom<PrecisionConfig>($precision_config) attr-dict `:` "
        "functional-type(operands, results)"
    )
    CHECKS_RESULT_ELEMENT_TYPE: ClassVar[bool] = False

    def infer_result_types(self) -> Sequence[Attribute]:
        lhs, rhs = expect_tensor(self.lhs.type, "lhs"), expect_tensor(self.rhs.type, "rhs")
        a, b = _shape(lhs), _shape(rhs)
        if len(a) not in (1, 2) or len(b) not in (1, 2):
            raise VerifyException(f"operands must have rank 1 or 2, found {lhs} and {rhs}")
        if a[-1] != b[0] and DYNAMIC_INDEX not in (a[-1], b[0]):
            raise VerifyException(f"contracting dims differ: {a[-1]} and {b[0]}")
        return [TensorType(lhs.element_type, [*a[:-1], *b[1:]])]


@irdl_op_definition
class DotGeneralOp(HloOp):
    """Batched contraction; result dims are batch dims, then lhs free dims, then rhs free dims.
    `%0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>)
    -> tensor<2x4xf32>`"""

    name = "hlo.dot_general"
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)
    dot_dimension_numbers = prop_def(DotDimensionNumbersAttr)
    precision_config = opt_prop_def(ArrayAttr[PrecisionAttr])
    algorithm = opt_prop_def(DotAlgorithmAttr)
    traits = traits_def(Pure())
    custom_directives = (DotDimensionNumbers,)
    assembly_format = (
        "$lhs `,` $rhs `,` custom<DotDimensionNumbers>($dot_dimension_numbers, $precision_config,"
        " $algorithm) attr-dict `:` functional-type(operands, results)"
    )
    CHECKS_RESULT_ELEMENT_TYPE: ClassVar[bool] = False

    def __init__(
        self,
        lhs: SSAValue | Operation,
        rhs: SSAValue | Operation,
        lhs_batching_dimensions: Sequence[int],
        rhs_batching_dimensions: Sequence[int],
        lhs_contracting_dimensions: Sequence[int],
        rhs_contracting_dimensions: Sequence[int],
        result_type: Attribute | None = None,
    ):
        lhs, rhs = SSAValue.get(lhs), SSAValue.get(rhs)
        numbers = DotDimensionNumbersAttr(
            lhs_batching_dimensions,
            rhs_batching_dimensions,
            lhs_contracting_dimensions,
            rhs_contracting_dimensions,
        )
        if result_type is None:
            result_type = self._infer(lhs.type, rhs.type, numbers)
        super().__init__(
            operands=[lhs, rhs],
            properties={"dot_dimension_numbers": numbers},
            result_types=[result_type],
        )

    @staticmethod
    def _infer(
        lhs_type: Attribute, rhs_type: Attribute, numbers: DotDimensionNumbersAttr
    ) -> TensorType:
        lhs, rhs = expect_tensor(lhs_type, "lhs"), expect_tensor(rhs_type, "rhs")
        lhs_shape, rhs_shape = _shape(lhs), _shape(rhs)
        lb, rb = numbers.lhs_batching_dimensions, numbers.rhs_batching_dimensions
        lc, rc = numbers.lhs_contracting_dimensions, numbers.rhs_contracting_dimensions
        if len(lb) != len(rb):
            raise VerifyException(f"lhs has {len(lb)} batching dims but rhs has {len(rb)}")
        if len(lc) != len(rc):
            raise VerifyException(f"lhs has {len(lc)} contracting dims but rhs has {len(rc)}")
        sides = (("lhs", lhs_shape, lb, lc), ("rhs", rhs_shape, rb, rc))
        for side, shape, batch, contract in sides:
            for kind, dims in (("batching", batch), ("contracting", contract)):
                for d in dims:
                    if not 0 <= d < len(shape):
                        raise VerifyException(
                            f"{side} {kind} dim {d} is out of range for rank {len(shape)}"
                        )
            used = list(batch) + list(contract)
            for d in used:
                if used.count(d) > 1:
                    raise VerifyException(
                        f"{side} dim {d} is used more than once in batching and contracting dims"
                    )
        for kind, lhs_dims, rhs_dims in (("batching", lb, rb), ("contracting", lc, rc)):
            for ld, rd in zip(lhs_dims, rhs_dims, strict=True):
                ls, rs = lhs_shape[ld], rhs_shape[rd]
                if DYNAMIC_INDEX not in (ls, rs) and ls != rs:
                    raise VerifyException(
                        f"lhs {kind} dim {ld} (size {ls}) does not match rhs dim {rd} (size {rs})"
                    )
        batch_sizes = [
            lhs_shape[d] if lhs_shape[d] != DYNAMIC_INDEX else rhs_shape[e]
            for d, e in zip(lb, rb, strict=True)
        ]
        lhs_free = [s for d, s in enumerate(lhs_shape) if d not in lb and d not in lc]
        rhs_free = [s for d, s in enumerate(rhs_shape) if d not in rb and d not in rc]
        return TensorType(lhs.element_type, batch_sizes + lhs_free + rhs_free)

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.lhs.type, self.rhs.type, self.dot_dimension_numbers)]


# ---------------------------------------------------------------------------------------------
# Reductions


@dataclass(frozen=True)
class ReturnsToHlo(OpTrait):
    """Marks an op whose regions end in `hlo.return` (reduce, reduce_window, scatter, ...).

    Its bodies are computations on rank-0 tensors, lowered together with the op itself.
    """


@dataclass(frozen=True)
class ControlFlowRegions(OpTrait):
    """Marks an op whose regions end in `hlo.return` but hold ordinary hlo ops on whole tensors
    (hlo.while): each op in them is lowered by its own pattern, not with the parent op."""


@dataclass(frozen=True)
class ParentReturnsToHlo(OpTrait):
    """The op may only sit directly in a region of an op with the `ReturnsToHlo` or
    `ControlFlowRegions` trait."""

    def verify(self, op: Operation) -> None:
        parent = op.parent_op()
        if parent is None or parent.has_trait(ReturnsToHlo) or parent.has_trait(ControlFlowRegions):
            return
        raise VerifyException(
            f"'{op.name}' expects a parent op whose regions end in hlo.return "
            f"(hlo.reduce, hlo.reduce_window, hlo.scatter, hlo.while), found '{parent.name}'"
        )


def in_hlo_body(op: Operation) -> bool:
    """Whether `op` sits in the body of an op whose regions end in `hlo.return`."""
    parent = op.parent_op()
    return parent is not None and parent.has_trait(ReturnsToHlo)


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """Ends a region of an hlo op with its values. `hlo.return %0 : tensor<f32>`"""

    name = "hlo.return"
    arguments = var_operand_def(TensorType)
    traits = traits_def(IsTerminator(), ParentReturnsToHlo(), Pure())
    assembly_format = "($arguments^ `:` type($arguments))? attr-dict"

    def __init__(self, operands: Sequence[SSAValue | Operation]):
        super().__init__(operands=[[SSAValue.get(v) for v in operands]])


@irdl_op_definition
class ReduceOp(HloOp):
    """Reduces `inputs` along `dimensions` with `body`, starting from `init_values`.

    The body takes (acc..., elem...) rank-0 tensors and returns the new accumulators.
    `%0 = hlo.reduce(%x init: %c) applies hlo.add across dimensions = [1]
    : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>`
    (the compact form; other bodies print as `... reducer(%acc: T, %elem: T) { ... }`)
    """

    name = "hlo.reduce"
    inputs = var_operand_def(TensorType)
    init_values = var_operand_def(TensorType)
    outputs = var_result_def(TensorType)
    dimensions = prop_def(DenseArrayBase.constr(i64))
    body = region_def("single_block")
    irdl_options = (SameVariadicOperandSize(),)  # as StableHLO: inputs and inits pair up
    traits = traits_def(RecursiveMemoryEffect(), ReturnsToHlo())

    def __init__(
        self,
        inputs: Sequence[SSAValue | Operation],
        init_values: Sequence[SSAValue | Operation],
        dimensions: Sequence[int],
        body: Region,
        result_types: Sequence[Attribute] | None = None,
    ):
        input_values = [SSAValue.get(v) for v in inputs]
        init_vals = [SSAValue.get(v) for v in init_values]
        if result_types is None:
            result_types = self._infer(
                [v.type for v in input_values], [v.type for v in init_vals], dimensions
            )
        super().__init__(
            operands=[input_values, init_vals],
            properties={"dimensions": _i64_array(dimensions)},
            result_types=[list(result_types)],
            regions=[body],
        )

    @classmethod
    def build_binary(
        cls,
        input: SSAValue | Operation,
        init: SSAValue | Operation,
        dimensions: Sequence[int],
        body_op_class: type[ElementwiseBinaryOp],
    ) -> ReduceOp:
        """A one-input reduce whose body is `body_op_class(acc, elem)` (e.g. AddOp, MaximumOp)."""
        init = SSAValue.get(init)
        scalar = TensorType(expect_tensor(init.type, "init value").element_type, [])
        block = Block(arg_types=[scalar, scalar])
        combined = body_op_class(block.args[0], block.args[1])
        block.add_ops([combined, ReturnOp([combined.result])])
        return cls([input], [init], dimensions, Region(block))

    @staticmethod
    def _infer(
        input_types: Sequence[Attribute], init_types: Sequence[Attribute], dimensions: Sequence[int]
    ) -> list[Attribute]:
        if not input_types:
            raise VerifyException("expected at least one input")
        if len(input_types) != len(init_types):
            raise VerifyException(
                f"expected as many init values as inputs, found {len(input_types)} inputs and "
                f"{len(init_types)} init values"
            )
        inputs = [expect_tensor(t, f"input {i}") for i, t in enumerate(input_types)]
        shape = _shape(inputs[0])
        for i, t in enumerate(inputs[1:], start=1):
            if not dims_compatible(_shape(t), shape):
                raise VerifyException(
                    f"input {i} has shape {format_shape(_shape(t))}, but input 0 has "
                    f"{format_shape(shape)}"
                )
        for d in dimensions:
            if not 0 <= d < len(shape):
                raise VerifyException(f"dimension {d} is out of range for rank {len(shape)}")
            if list(dimensions).count(d) > 1:
                raise VerifyException(f"dimension {d} appears more than once")
        kept = [s for d, s in enumerate(shape) if d not in dimensions]
        results: list[Attribute] = []
        for i, (t, init_type) in enumerate(zip(inputs, init_types, strict=True)):
            init = expect_tensor(init_type, f"init value {i}")
            if init.get_num_dims() != 0:
                raise VerifyException(f"init value {i} must be a rank-0 tensor, found {init}")
            if init.element_type != t.element_type:
                raise VerifyException(
                    f"init value {i} has element type {init.element_type}, but input {i} has "
                    f"{t.element_type}"
                )
            results.append(TensorType(init.element_type, kept))
        return results

    def infer_result_types(self) -> Sequence[Attribute]:
        return self._infer(
            [v.type for v in self.inputs],
            [v.type for v in self.init_values],
            _ints(self.dimensions),
        )

    def verify_(self) -> None:
        super().verify_()
        n = len(self.inputs)
        block = self.body.block
        if len(block.args) != 2 * n:
            raise VerifyException(
                f"body must take {2 * n} arguments (accumulators then elements), found "
                f"{len(block.args)}"
            )
        for i, arg in enumerate(block.args):
            want = TensorType(expect_tensor(self.init_values[i % n], "init value").element_type, [])
            if arg.type != want:
                raise VerifyException(f"body argument {i} has type {arg.type}, expected {want}")
        last = block.last_op
        if not isinstance(last, ReturnOp) or len(last.arguments) != n:
            raise VerifyException(f"body must end with hlo.return of {n} values")
        for i, value in enumerate(last.arguments):
            arg_type = block.args[i].type
            if value.type != arg_type:
                raise VerifyException(f"body returns {value.type} at {i}, expected {arg_type}")

    # -- StableHLO's pretty syntax ------------------------------------------------------------

    def _compact_body_op(self) -> ElementwiseBinaryOp | None:
        """The body's single binary op when it prints as `applies <op>`, else None."""
        if len(self.inputs) != 1:
            return None
        ops = list(self.body.block.ops)
        if len(ops) != 2:
            return None
        inner, ret = ops
        if not isinstance(inner, ElementwiseBinaryOp) or not isinstance(ret, ReturnOp):
            return None
        args = self.body.block.args
        if inner.attributes or inner.lhs != args[0] or inner.rhs != args[1]:
            return None
        if tuple(ret.arguments) != (inner.result,) or inner.result.type != args[0].type:
            return None
        return inner

    def print(self, printer: Printer) -> None:
        pairs = list(zip(self.inputs, self.init_values, strict=False))
        for index, (value, init) in enumerate(pairs):
            printer.print_string(", (" if index else "(")
            printer.print_operand(value)
            printer.print_string(" init: ")
            printer.print_operand(init)
            printer.print_string(")")
        inner = self._compact_body_op()
        if inner is not None:
            printer.print_string(f" applies {inner.name}")
        printer.print_string(" across dimensions = ")
        printer.print_string(_format_list(_ints(self.dimensions)))
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_function_type(
            [v.type for v in self.inputs] + [v.type for v in self.init_values],
            [r.type for r in self.results],
        )
        if inner is not None:
            return
        n = len(self.inputs)
        args = self.body.block.args
        # StableHLO puts the reducer on its own line, one level in; xDSL has no public newline.
        with printer.indented():
            printer._print_new_line()  # pyright: ignore[reportPrivateUsage]
        printer.print_string("reducer")
        for i in range(n):
            printer.print_string("(")
            printer.print_block_argument(args[i])
            printer.print_string(", ")
            printer.print_block_argument(args[i + n])
            printer.print_string(") ")
        printer.print_region(self.body, print_entry_block_args=False)

    @classmethod
    def parse(cls, parser: Parser) -> ReduceOp:
        def parse_pair() -> tuple[UnresolvedOperand, UnresolvedOperand]:
            parser.parse_punctuation("(")
            value = parser.parse_unresolved_operand()
            parser.parse_keyword("init")
            parser.parse_punctuation(":")
            init = parser.parse_unresolved_operand()
            parser.parse_punctuation(")")
            return value, init

        pos = parser.pos
        pairs = parser.parse_comma_separated_list(parser.Delimiter.NONE, parse_pair)
        n = len(pairs)
        body_op_class: type[ElementwiseBinaryOp] | None = None
        if parser.parse_optional_keyword("applies"):
            op_name_pos = parser.pos
            op_name = parser.parse_identifier()
            found = parser.ctx.get_optional_op(op_name)
            if found is None or not issubclass(found, ElementwiseBinaryOp):
                parser.raise_error(
                    f"'{op_name}' is not an hlo elementwise binary op", op_name_pos, parser.pos
                )
            body_op_class = found
        parser.parse_keyword("across")
        parser.parse_keyword("dimensions")
        parser.parse_punctuation("=")
        dims = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types_pos = parser.pos
        signature = parser.parse_function_type()
        inputs_types = list(signature.inputs.data)
        if len(inputs_types) != 2 * n:
            parser.raise_error(
                f"expected {2 * n} operand types, found {len(inputs_types)}", types_pos, parser.pos
            )
        operands = parser.resolve_operands(
            [p[0] for p in pairs] + [p[1] for p in pairs], inputs_types, pos
        )
        if body_op_class is not None:
            init_type = expect_tensor(inputs_types[n], "init value")
            scalar = TensorType(init_type.element_type, [])
            block = Block(arg_types=[scalar, scalar])
            combined = body_op_class(block.args[0], block.args[1], scalar)
            block.add_ops([combined, ReturnOp([combined.result])])
            region = Region(block)
        else:
            parser.parse_keyword("reducer")
            accs: list[Parser.Argument] = []
            elems: list[Parser.Argument] = []
            for _ in range(n):
                parser.parse_punctuation("(")
                accs.append(parser.parse_argument())
                parser.parse_optional_location()  # printed with --print-debuginfo
                parser.parse_punctuation(",")
                elems.append(parser.parse_argument())
                parser.parse_optional_location()
                parser.parse_punctuation(")")
            region = parser.parse_region(accs + elems)
        return cls.build(
            operands=[operands[:n], operands[n:]],
            result_types=[list(signature.outputs.data)],
            properties={"dimensions": _i64_array(dims)},
            attributes=attributes,
            regions=[region],
        )


OPS: list[type[Operation]] = [
    ConstantOp,
    *ELEMENTWISE_BINARY_OPS,
    *ELEMENTWISE_UNARY_OPS,
    ClampOp,
    ConvertOp,
    CompareOp,
    SelectOp,
    ReshapeOp,
    TransposeOp,
    BroadcastInDimOp,
    BroadcastOp,
    DotOp,
    DotGeneralOp,
    ReduceOp,
    ReturnOp,
]
ATTRIBUTES: list[type[Attribute]] = [
    ComparisonDirectionAttr,
    ComparisonTypeAttr,
    DotAlgorithmAttr,
    DotDimensionNumbersAttr,
    PrecisionAttr,
]
