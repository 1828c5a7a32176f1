"""The `chlo` dialect: StableHLO's client ops (CHLO), which JAX-exported StableHLO holds beside
`stablehlo.` ops, with StableHLO's syntax. `chlo-legalize-to-hlo` rewrites each into hlo ops
(strata.transforms.chlo_legalize_to_hlo), so no stage below `hlo` sees them.

    %1 = chlo.lgamma %0 : tensor<20x20xf32> -> tensor<20x20xf32>
    %2 = chlo.next_after %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
    %v, %i = chlo.top_k(%0, k = 5) : tensor<10xf32> -> (tensor<5xf32>, tensor<5xi32>)
    %3 = chlo.broadcast_add %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

from xdsl.dialects.builtin import (
    BoolAttr,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    IntegerAttr,
    IntegerType,
    TensorType,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    ParamAttrConstraint,
    ParsePropInAttrDict,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import ConstantLike, Pure
from xdsl.utils.exceptions import VerifyException

from strata.dialects.element_kinds import is_bool, is_complex, is_float, is_integer
from strata.dialects.hlo.core import check_element_types
from strata.dialects.tensor_types import broadcast_shapes, format_shape
from strata.dialects.verify_helpers import dims_compatible, expect_tensor

Elements = Literal["float", "float or complex", "numeric", "integer or bool"]
"""The element types an op takes: what `_check_elements` accepts."""


def _accepts(element: Attribute, elements: Elements) -> bool:
    if elements == "float":
        return is_float(element)
    if elements == "float or complex":
        return is_float(element) or is_complex(element)
    if elements == "integer or bool":
        return is_integer(element) or is_bool(element)
    return is_float(element) or is_complex(element) or is_integer(element)


def _check_elements(t: TensorType, elements: Elements, what: str) -> None:
    if not _accepts(t.element_type, elements):
        raise VerifyException(f"{what} must have {elements} elements, found {t.element_type}")


# ---------------------------------------------------------------------------------------------
# Elementwise unary ops: `%r = chlo.op %x : tensor<T> -> tensor<R>`


class ChloUnaryOp(IRDLOperation):
    """Shared structure of the elementwise unary ops: `operand` and a `result` of its shape, of
    its element type (i1 for the predicates)."""

    operand = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    assembly_format = "$operand attr-dict `:` type($operand) `->` type($result)"
    ELEMENTS: ClassVar[Elements] = "float"
    PREDICATE: ClassVar[bool] = False

    def __init__(self, operand: SSAValue | Operation, result_type: Attribute | None = None):
        operand = SSAValue.get(operand)
        if result_type is None:
            result_type = type(self)._infer(operand.type)
        super().__init__(operands=[operand], result_types=[result_type])

    @classmethod
    def _infer(cls, operand_type: Attribute) -> TensorType:
        t = expect_tensor(operand_type, "operand")
        _check_elements(t, cls.ELEMENTS, "operand")
        return TensorType(i1, t.get_shape()) if cls.PREDICATE else t

    def verify_(self) -> None:
        check_element_types(self, complex_ok=True)
        want = self._infer(self.operand.type)
        have = expect_tensor(self.result.type, "result")
        if have.element_type != want.element_type or not dims_compatible(
            have.get_shape(), want.get_shape()
        ):
            raise VerifyException(f"result has type {have}, but the operand implies {want}")


@irdl_op_definition
class AcosOp(ChloUnaryOp):
    """Elementwise arc cosine. `%r = chlo.acos %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.acos"
    ELEMENTS: ClassVar[Elements] = "float or complex"


@irdl_op_definition
class AcoshOp(ChloUnaryOp):
    """Elementwise inverse hyperbolic cosine (NaN below 1).
    `%r = chlo.acosh %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.acosh"
    ELEMENTS: ClassVar[Elements] = "float or complex"


@irdl_op_definition
class AsinOp(ChloUnaryOp):
    """Elementwise arc sine. `%r = chlo.asin %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.asin"
    ELEMENTS: ClassVar[Elements] = "float or complex"


@irdl_op_definition
class AsinhOp(ChloUnaryOp):
    """Elementwise inverse hyperbolic sine. `%r = chlo.asinh %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.asinh"
    ELEMENTS: ClassVar[Elements] = "float or complex"


@irdl_op_definition
class AtanOp(ChloUnaryOp):
    """Elementwise arc tangent. `%r = chlo.atan %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.atan"
    ELEMENTS: ClassVar[Elements] = "float or complex"


@irdl_op_definition
class AtanhOp(ChloUnaryOp):
    """Elementwise inverse hyperbolic tangent (NaN beyond ±1).
    `%r = chlo.atanh %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.atanh"
    ELEMENTS: ClassVar[Elements] = "float or complex"


@irdl_op_definition
class BesselI1eOp(ChloUnaryOp):
    """Elementwise exponentially scaled modified Bessel function of order 1, e^-|x| I1(x).
    `%r = chlo.bessel_i1e %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.bessel_i1e"


@irdl_op_definition
class ConjOp(ChloUnaryOp):
    """Elementwise complex conjugate (a real x as itself).
    `%r = chlo.conj %x : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>`"""

    name = "chlo.conj"
    ELEMENTS: ClassVar[Elements] = "float or complex"


@irdl_op_definition
class CoshOp(ChloUnaryOp):
    """Elementwise hyperbolic cosine. `%r = chlo.cosh %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.cosh"
    ELEMENTS: ClassVar[Elements] = "float or complex"


@irdl_op_definition
class SinhOp(ChloUnaryOp):
    """Elementwise hyperbolic sine. `%r = chlo.sinh %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.sinh"
    ELEMENTS: ClassVar[Elements] = "float or complex"


@irdl_op_definition
class TanOp(ChloUnaryOp):
    """Elementwise tangent. `%r = chlo.tan %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.tan"
    ELEMENTS: ClassVar[Elements] = "float or complex"


@irdl_op_definition
class DigammaOp(ChloUnaryOp):
    """Elementwise digamma, the derivative of lgamma (NaN at 0 and the negative integers).
    `%r = chlo.digamma %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.digamma"


@irdl_op_definition
class ErfOp(ChloUnaryOp):
    """Elementwise error function. `%r = chlo.erf %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.erf"


@irdl_op_definition
class ErfcOp(ChloUnaryOp):
    """Elementwise complementary error function, 1 - erf(x).
    `%r = chlo.erfc %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.erfc"


@irdl_op_definition
class ErfInvOp(ChloUnaryOp):
    """Elementwise inverse error function (±inf at ±1, NaN beyond).
    `%r = chlo.erf_inv %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.erf_inv"


@irdl_op_definition
class LgammaOp(ChloUnaryOp):
    """Elementwise log |gamma(x)| (+inf at the poles and at ±inf).
    `%r = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.lgamma"


@irdl_op_definition
class SquareOp(ChloUnaryOp):
    """Elementwise x * x. `%r = chlo.square %x : tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.square"
    ELEMENTS: ClassVar[Elements] = "float or complex"


@irdl_op_definition
class IsInfOp(ChloUnaryOp):
    """Whether each element is ±inf. `%r = chlo.is_inf %x : tensor<4xf32> -> tensor<4xi1>`"""

    name = "chlo.is_inf"
    PREDICATE: ClassVar[bool] = True


@irdl_op_definition
class IsNegInfOp(ChloUnaryOp):
    """Whether each element is -inf. `%r = chlo.is_neg_inf %x : tensor<4xf32> -> tensor<4xi1>`"""

    name = "chlo.is_neg_inf"
    PREDICATE: ClassVar[bool] = True


@irdl_op_definition
class IsPosInfOp(ChloUnaryOp):
    """Whether each element is +inf. `%r = chlo.is_pos_inf %x : tensor<4xf32> -> tensor<4xi1>`"""

    name = "chlo.is_pos_inf"
    PREDICATE: ClassVar[bool] = True


# ---------------------------------------------------------------------------------------------
# Elementwise binary ops without broadcasting: `%r = chlo.op %x, %y : tensor<T>, tensor<T> -> ...`


class ChloBinaryOp(IRDLOperation):
    """Shared structure of the elementwise float ops of two operands of one type (`lhs` is
    CHLO's x or n, `rhs` its y, x or q) and a result of that type."""

    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        lhs, rhs = SSAValue.get(lhs), SSAValue.get(rhs)
        super().__init__(operands=[lhs, rhs], result_types=[lhs.type])

    def verify_(self) -> None:
        check_element_types(self)
        lhs, rhs = expect_tensor(self.lhs, "lhs"), expect_tensor(self.rhs, "rhs")
        result = expect_tensor(self.result, "result")
        _check_elements(lhs, "float", "lhs")
        for what, t in (("rhs", rhs), ("result", result)):
            if t.element_type != lhs.element_type or not dims_compatible(
                t.get_shape(), lhs.get_shape()
            ):
                raise VerifyException(f"{what} has type {t}, but lhs has type {lhs}")


@irdl_op_definition
class NextAfterOp(ChloBinaryOp):
    """The next representable value after x in the direction of y (C's nextafter).
    `%r = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.next_after"


@irdl_op_definition
class PolygammaOp(ChloBinaryOp):
    """The n-th derivative of digamma at x (n a non-negative integer in a float).
    `%r = chlo.polygamma %n, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.polygamma"


@irdl_op_definition
class ZetaOp(ChloBinaryOp):
    """The Hurwitz zeta function, the sum over n >= 0 of (q + n)^-x.
    `%r = chlo.zeta %x, %q : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>`"""

    name = "chlo.zeta"


# ---------------------------------------------------------------------------------------------
# Broadcasting binary ops: `%r = chlo.broadcast_op %a, %b : (tensor<A>, tensor<B>) -> tensor<R>`


class ChloBroadcastBinaryOp(IRDLOperation):
    """Shared structure of the broadcasting binary ops: operands of one element type and of
    shapes that broadcast (numpy's rule: trailing dims aligned; or `broadcast_dimensions`, the
    result dims the lower-rank operand's dims map to)."""

    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)
    broadcast_dimensions = opt_prop_def(DenseArrayBase.constr(i64))
    traits = traits_def(Pure())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->` type($result)"
    )
    ELEMENTS: ClassVar[Elements] = "numeric"

    def operand_dims(self, index: int) -> list[int]:
        """The result dims that the dims of operand `index` (0: lhs, 1: rhs) map to."""
        operand = expect_tensor(self.operands[index], "operand")
        result = expect_tensor(self.result, "result")
        rank, result_rank = operand.get_num_dims(), result.get_num_dims()
        other = expect_tensor(self.operands[1 - index], "operand").get_num_dims()
        if self.broadcast_dimensions is not None and rank < other:
            return list(self.broadcast_dimensions.get_values())
        return list(range(result_rank - rank, result_rank))

    def result_element(self) -> Attribute:
        return expect_tensor(self.lhs, "lhs").element_type

    def verify_(self) -> None:
        check_element_types(self, complex_ok=True)
        lhs, rhs = expect_tensor(self.lhs, "lhs"), expect_tensor(self.rhs, "rhs")
        result = expect_tensor(self.result, "result")
        if lhs.element_type != rhs.element_type:
            raise VerifyException(f"lhs and rhs element types differ: {lhs} and {rhs}")
        _check_elements(lhs, self.ELEMENTS, "lhs")
        if result.element_type != self.result_element():
            raise VerifyException(
                f"result element type {result.element_type} is not {self.result_element()}"
            )
        shape = result.get_shape()
        for index, t in enumerate((lhs, rhs)):
            dims = self.operand_dims(index)
            if len(dims) != t.get_num_dims() or any(not 0 <= d < len(shape) for d in dims):
                raise VerifyException(
                    f"broadcast_dimensions {dims} do not map operand {index} of rank "
                    f"{t.get_num_dims()} into the result's rank {len(shape)}"
                )
            for size, d in zip(t.get_shape(), dims, strict=True):
                if size not in (1, shape[d]):
                    raise VerifyException(
                        f"operand {index} of shape {format_shape(t.get_shape())} does not "
                        f"broadcast to the result's {format_shape(shape)}"
                    )
        if self.broadcast_dimensions is None:
            implied = broadcast_shapes(lhs.get_shape(), rhs.get_shape())
            if implied is None or not dims_compatible(implied, shape):
                raise VerifyException(
                    f"operand shapes {format_shape(lhs.get_shape())} and "
                    f"{format_shape(rhs.get_shape())} do not broadcast to "
                    f"{format_shape(shape)}"
                )


@irdl_op_definition
class BroadcastAddOp(ChloBroadcastBinaryOp):
    """Broadcasting lhs + rhs."""

    name = "chlo.broadcast_add"


@irdl_op_definition
class BroadcastSubOp(ChloBroadcastBinaryOp):
    """Broadcasting lhs - rhs."""

    name = "chlo.broadcast_subtract"


@irdl_op_definition
class BroadcastMulOp(ChloBroadcastBinaryOp):
    """Broadcasting lhs * rhs."""

    name = "chlo.broadcast_multiply"


@irdl_op_definition
class BroadcastDivOp(ChloBroadcastBinaryOp):
    """Broadcasting lhs / rhs."""

    name = "chlo.broadcast_divide"


@irdl_op_definition
class BroadcastMaxOp(ChloBroadcastBinaryOp):
    """Broadcasting max(lhs, rhs)."""

    name = "chlo.broadcast_maximum"


@irdl_op_definition
class BroadcastMinOp(ChloBroadcastBinaryOp):
    """Broadcasting min(lhs, rhs)."""

    name = "chlo.broadcast_minimum"


@irdl_op_definition
class BroadcastPowOp(ChloBroadcastBinaryOp):
    """Broadcasting lhs ^ rhs."""

    name = "chlo.broadcast_power"


@irdl_op_definition
class BroadcastRemOp(ChloBroadcastBinaryOp):
    """Broadcasting remainder of lhs / rhs (sign of lhs)."""

    name = "chlo.broadcast_remainder"


@irdl_op_definition
class BroadcastAtan2Op(ChloBroadcastBinaryOp):
    """Broadcasting atan2(lhs, rhs)."""

    name = "chlo.broadcast_atan2"


@irdl_op_definition
class BroadcastAndOp(ChloBroadcastBinaryOp):
    """Broadcasting bitwise (logical for i1) and."""

    name = "chlo.broadcast_and"
    ELEMENTS: ClassVar[Elements] = "integer or bool"


@irdl_op_definition
class BroadcastOrOp(ChloBroadcastBinaryOp):
    """Broadcasting bitwise (logical for i1) or."""

    name = "chlo.broadcast_or"
    ELEMENTS: ClassVar[Elements] = "integer or bool"


@irdl_op_definition
class BroadcastXorOp(ChloBroadcastBinaryOp):
    """Broadcasting bitwise (logical for i1) xor."""

    name = "chlo.broadcast_xor"
    ELEMENTS: ClassVar[Elements] = "integer or bool"


@irdl_op_definition
class BroadcastShiftLeftOp(ChloBroadcastBinaryOp):
    """Broadcasting lhs << rhs."""

    name = "chlo.broadcast_shift_left"
    ELEMENTS: ClassVar[Elements] = "integer or bool"


@irdl_op_definition
class BroadcastShiftRightArithmeticOp(ChloBroadcastBinaryOp):
    """Broadcasting lhs >> rhs, sign-extending."""

    name = "chlo.broadcast_shift_right_arithmetic"
    ELEMENTS: ClassVar[Elements] = "integer or bool"


@irdl_op_definition
class BroadcastShiftRightLogicalOp(ChloBroadcastBinaryOp):
    """Broadcasting lhs >> rhs, zero-filling."""

    name = "chlo.broadcast_shift_right_logical"
    ELEMENTS: ClassVar[Elements] = "integer or bool"


@irdl_op_definition
class BroadcastNextAfterOp(ChloBroadcastBinaryOp):
    """Broadcasting next_after(lhs, rhs)."""

    name = "chlo.broadcast_next_after"
    ELEMENTS: ClassVar[Elements] = "float"


@irdl_op_definition
class BroadcastPolygammaOp(ChloBroadcastBinaryOp):
    """Broadcasting polygamma(lhs, rhs)."""

    name = "chlo.broadcast_polygamma"
    ELEMENTS: ClassVar[Elements] = "float"


@irdl_op_definition
class BroadcastZetaOp(ChloBroadcastBinaryOp):
    """Broadcasting zeta(lhs, rhs)."""

    name = "chlo.broadcast_zeta"
    ELEMENTS: ClassVar[Elements] = "float"


# ---------------------------------------------------------------------------------------------
# Other ops


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """A constant tensor. `%c = chlo.constant dense<1.0> : tensor<2xf32>`"""

    name = "chlo.constant"
    T: ClassVar = VarConstraint("T", AnyAttr())
    value = prop_def(ParamAttrConstraint(DenseIntOrFPElementsAttr, (T, AnyAttr())))
    output = result_def(T)
    traits = traits_def(ConstantLike(), Pure())
    assembly_format = "attr-dict $value"

    def __init__(self, value: DenseIntOrFPElementsAttr):
        super().__init__(properties={"value": value}, result_types=[value.type])


@irdl_op_definition
class TopKOp(IRDLOperation):
    """The `k` largest elements along the last dim, in descending order, and their indices
    (ties: the lower index first). `values` and `indices` have the operand's shape with the
    last dim `k`.
        %v, %i = chlo.top_k(%x, k = 2) : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<5x2xi32>)
    """

    name = "chlo.top_k"
    operand = operand_def(TensorType)
    k = prop_def(IntegerAttr[IntegerType])
    is_stable = opt_prop_def(BoolAttr)
    values = result_def(TensorType)
    indices = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, operand: SSAValue | Operation, k: int):
        operand = SSAValue.get(operand)
        t = expect_tensor(operand.type, "operand")
        shape = [*t.get_shape()[:-1], k]
        super().__init__(
            operands=[operand],
            properties={"k": IntegerAttr(k, i64)},
            result_types=[TensorType(t.element_type, shape), TensorType(i32, shape)],
        )

    def k_value(self) -> int:
        return int(self.k.value.data)

    @classmethod
    def parse(cls, parser: Parser) -> TopKOp:
        parser.parse_punctuation("(")
        unresolved = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        parser.parse_keyword("k")
        parser.parse_punctuation("=")
        props: dict[str, Attribute] = {"k": IntegerAttr(parser.parse_integer(), i64)}
        if parser.parse_optional_punctuation(","):
            parser.parse_keyword("is_stable")
            parser.parse_punctuation("=")
            props["is_stable"] = BoolAttr.from_bool(parser.parse_boolean())
        parser.parse_punctuation(")")
        attrs = dict(parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        operand_type = parser.parse_type()
        parser.parse_punctuation("->")
        parser.parse_punctuation("(")
        value_type = parser.parse_type()
        parser.parse_punctuation(",")
        index_type = parser.parse_type()
        parser.parse_punctuation(")")
        operand = parser.resolve_operand(unresolved, operand_type)
        return cls.create(
            operands=[operand],
            result_types=[value_type, index_type],
            properties=props,
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string("(")
        printer.print_operand(self.operand)
        printer.print_string(f", k = {self.k_value()}")
        if self.is_stable is not None:
            printer.print_string(
                f", is_stable = {'true' if self.is_stable.value.data else 'false'}"
            )
        printer.print_string(")")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.operand.type)
        printer.print_string(" -> (")
        printer.print_attribute(self.values.type)
        printer.print_string(", ")
        printer.print_attribute(self.indices.type)
        printer.print_string(")")

    def verify_(self) -> None:
        check_element_types(self)
        t = expect_tensor(self.operand, "operand")
        if t.get_num_dims() == 0:
            raise VerifyException("operand must have rank 1 or more, found a rank-0 tensor")
        k, last = self.k_value(), t.get_shape()[-1]
        if k < 0 or (last >= 0 and k > last):
            raise VerifyException(f"k = {k} is out of range for a last dim of size {last}")
        shape = [*t.get_shape()[:-1], k]
        want: Sequence[TensorType] = (TensorType(t.element_type, shape), TensorType(i32, shape))
        for what, value, w in zip(("values", "indices"), self.results, want, strict=True):
            have = expect_tensor(value, what)
            if have.element_type != w.element_type or not dims_compatible(
                have.get_shape(), w.get_shape()
            ):
                raise VerifyException(f"{what} has type {have}, but operand and k imply {w}")


UNARY_OPS: tuple[type[ChloUnaryOp], ...] = (
    AcosOp, AcoshOp, AsinOp, AsinhOp, AtanOp, AtanhOp, BesselI1eOp, ConjOp, CoshOp, SinhOp, TanOp,
    DigammaOp, ErfOp, ErfcOp, ErfInvOp, LgammaOp, SquareOp, IsInfOp, IsNegInfOp, IsPosInfOp,
)  # fmt: skip

BINARY_OPS: tuple[type[ChloBinaryOp], ...] = (NextAfterOp, PolygammaOp, ZetaOp)

BROADCAST_OPS: tuple[type[ChloBroadcastBinaryOp], ...] = (
    BroadcastAddOp, BroadcastSubOp, BroadcastMulOp, BroadcastDivOp, BroadcastMaxOp,
    BroadcastMinOp, BroadcastPowOp, BroadcastRemOp, BroadcastAtan2Op, BroadcastAndOp,
    BroadcastOrOp, BroadcastXorOp, BroadcastShiftLeftOp, BroadcastShiftRightArithmeticOp,
    BroadcastShiftRightLogicalOp, BroadcastNextAfterOp, BroadcastPolygammaOp, BroadcastZetaOp,
)  # fmt: skip

CHLO = Dialect("chlo", [*UNARY_OPS, *BINARY_OPS, *BROADCAST_OPS, ConstantOp, TopKOp], [])
