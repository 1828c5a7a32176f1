"""The `check` dialect: test assertions inside a function, as StableHLO's interpreter tests write
them, run by `strata-run --run-checks` (strata.run_checks), so an end-to-end test needs no .npz.

    check.expect_eq %a, %b : tensor<3xi64>                         // equal elements
    check.expect_eq_const %a, dense<[1, 2, 3]> : tensor<3xi64>
    check.expect_almost_eq %a, %b, tolerance = 0.1 : tensor<2xf32>  // |a - b| <= tolerance
    check.expect_almost_eq_const %a, dense<5.1> : tensor<f64> {tolerance = 0.1 : f64}
    check.expect_close %a, %b, max_ulp_difference = 3 : tensor<f16>, tensor<f16>

The ops never reach code generation: the runner takes their operands as outputs of the function
and compares them in numpy (TOLERANCE is the default of the almost_eq ops, MAX_ULP of expect_close).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    TensorType,
    f64,
    i64,
)
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

TOLERANCE = 0.0001
MAX_ULP = 4


def _float_prop(op: IRDLOperation, name: str, default: float) -> float:
    value = op.properties.get(name)
    return value.value.data if isinstance(value, FloatAttr) else default


class _PairOp(IRDLOperation):
    """`%lhs, %rhs (, key = value)* attr-dict : type` with one type for both operands."""

    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    KEYS: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def parse(cls, parser: Parser) -> _PairOp:
        lhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        rhs = parser.parse_unresolved_operand()
        props: dict[str, Attribute] = {}
        while parser.parse_optional_punctuation(",") is not None:
            key = parser.parse_identifier()
            if key not in cls.KEYS:
                parser.raise_error(f"{cls.name}: unknown key '{key}' (expected {cls.KEYS})")
            parser.parse_punctuation("=")
            props[key] = cls._parse_value(parser, key)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        lhs_type = parser.parse_type()
        rhs_type = parser.parse_type() if parser.parse_optional_punctuation(",") else lhs_type
        operands = [
            parser.resolve_operand(lhs, lhs_type),
            parser.resolve_operand(rhs, rhs_type),
        ]
        op = cls.create(operands=operands, properties=props, attributes=dict(attrs))
        return op

    @staticmethod
    def _parse_value(parser: Parser, key: str) -> Attribute:
        if key == "tolerance":
            return FloatAttr(parser.parse_float(), f64)
        return IntegerAttr(parser.parse_integer(), i64)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.lhs)
        printer.print_string(", ")
        printer.print_operand(self.rhs)
        for key in self.KEYS:
            value = self.properties.get(key)
            if isinstance(value, FloatAttr | IntegerAttr):
                printer.print_string(f", {key} = {value.value.data}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.lhs.type)
        if self.rhs.type != self.lhs.type:
            printer.print_string(", ")
            printer.print_attribute(self.rhs.type)

    def verify_(self) -> None:
        a, b = self.lhs.type, self.rhs.type
        if isinstance(a, TensorType) and isinstance(b, TensorType):
            if a.get_shape() != b.get_shape():
                raise VerifyException(f"operand shapes differ: {a} and {b}")


class _ConstOp(IRDLOperation):
    """`%lhs, dense<...> : type attr-dict` (the constant's type is the operand's)."""

    lhs = operand_def(TensorType)
    value = prop_def(DenseIntOrFPElementsAttr)

    @classmethod
    def parse(cls, parser: Parser) -> _ConstOp:
        lhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        value = parser.parse_attribute()
        if not isinstance(value, DenseIntOrFPElementsAttr):
            parser.raise_error(f"{cls.name}: expected a dense constant, found {value}")
        attrs = dict(parser.parse_optional_attr_dict())
        props: dict[str, Attribute] = {"value": value}
        if "tolerance" in attrs:
            props["tolerance"] = attrs.pop("tolerance")
        operand = parser.resolve_operand(lhs, value.type)
        return cls.create(operands=[operand], properties=props, attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.lhs)
        printer.print_string(", ")
        printer.print_attribute(self.value)
        extra = dict(self.attributes)
        tolerance = self.properties.get("tolerance")
        if tolerance is not None:
            extra["tolerance"] = tolerance
        printer.print_op_attributes(extra)

    def verify_(self) -> None:
        if self.value.type != self.lhs.type:
            raise VerifyException(
                f"constant type {self.value.type} differs from operand type {self.lhs.type}"
            )


@irdl_op_definition
class ExpectEqOp(_PairOp):
    """Every element of lhs equals rhs's (NaN equals NaN)."""

    name = "check.expect_eq"


@irdl_op_definition
class ExpectAlmostEqOp(_PairOp):
    """Every element within `tolerance` of rhs's (|lhs - rhs| <= tolerance; integers exact)."""

    name = "check.expect_almost_eq"
    tolerance = opt_prop_def(FloatAttr)
    KEYS: ClassVar[tuple[str, ...]] = ("tolerance",)


@irdl_op_definition
class ExpectCloseOp(_PairOp):
    """Every element between `min_ulp_difference` and `max_ulp_difference` ulps of rhs's."""

    name = "check.expect_close"
    max_ulp_difference = opt_prop_def(IntegerAttr)
    min_ulp_difference = opt_prop_def(IntegerAttr)
    KEYS: ClassVar[tuple[str, ...]] = ("max_ulp_difference", "min_ulp_difference")


@irdl_op_definition
class ExpectEqConstOp(_ConstOp):
    """Every element of lhs equals the constant's."""

    name = "check.expect_eq_const"


@irdl_op_definition
class ExpectAlmostEqConstOp(_ConstOp):
    """Every element within `tolerance` of the constant's."""

    name = "check.expect_almost_eq_const"
    tolerance = opt_prop_def(AnyAttr())


CHECK_OPS = (ExpectEqOp, ExpectAlmostEqOp, ExpectCloseOp, ExpectEqConstOp, ExpectAlmostEqConstOp)

CUSTOM_CALL_CLOSE_ULP = 3
CUSTOM_CALL_TOLERANCE = 0.001
"""The bounds of the custom-call spelling, as StableHLO's interpreter applies them."""


def from_custom_call(target: str, lhs: SSAValue, rhs: SSAValue) -> Operation | None:
    """The check a JAX-made StableHLO test writes as `custom_call @check.expect_close(%got,
    %want)` (likewise `expect_eq`, `expect_almost_eq`), with the bounds StableHLO's interpreter
    gives that spelling (at most 3 ulp; tolerance 0.001); None for any other target."""
    if target == "check.expect_eq":
        return ExpectEqOp.create(operands=[lhs, rhs])
    if target == "check.expect_close":
        return ExpectCloseOp.create(
            operands=[lhs, rhs],
            properties={
                "max_ulp_difference": IntegerAttr(CUSTOM_CALL_CLOSE_ULP, i64),
                "min_ulp_difference": IntegerAttr(0, i64),
            },
        )
    if target == "check.expect_almost_eq":
        return ExpectAlmostEqOp.create(
            operands=[lhs, rhs],
            properties={"tolerance": FloatAttr(CUSTOM_CALL_TOLERANCE, f64)},
        )
    return None


Check = Dialect("check", list(CHECK_OPS))


def tolerance_of(op: IRDLOperation) -> float:
    return _float_prop(op, "tolerance", TOLERANCE)
