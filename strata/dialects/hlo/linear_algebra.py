"""hlo linear algebra beyond contractions: triangular_solve and cholesky.

StableHLO's generic form reads as is:
`"hlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false,
transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>`
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import BoolAttr, TensorType
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, Operation, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from strata.dialects.element_kinds import is_float
from strata.dialects.hlo.core import HloOp, _shape
from strata.dialects.verify_helpers import expect_tensor


class Transpose(StrEnum):
    NO_TRANSPOSE = "NO_TRANSPOSE"
    TRANSPOSE = "TRANSPOSE"
    ADJOINT = "ADJOINT"


@irdl_attr_definition
class TransposeAttr(EnumAttribute[Transpose], SpacedOpaqueSyntaxAttribute):
    """Which matrix triangular_solve uses: `#hlo<transpose NO_TRANSPOSE>` (a), `TRANSPOSE` and
    `ADJOINT` (its transpose, the same for real elements)."""

    name = "hlo.transpose"


@irdl_op_definition
class TriangularSolveOp(HloOp):
    """Solves op(a) x = b (`left_side`) or x op(a) = b for x, batched over the leading dims: `a`
    is [..., m, m], of which only the lower (`lower`) or upper triangle is read, its diagonal
    taken as ones when `unit_diagonal`; op(a) is a or its transpose (`transpose_a`). The result
    has b's type."""

    name = "hlo.triangular_solve"
    a = operand_def(TensorType)
    b = operand_def(TensorType)
    result = result_def(TensorType)
    left_side = prop_def(BoolAttr)
    lower = prop_def(BoolAttr)
    unit_diagonal = prop_def(BoolAttr)
    transpose_a = prop_def(TransposeAttr)
    traits = traits_def(Pure())

    def __init__(
        self,
        a: SSAValue | Operation,
        b: SSAValue | Operation,
        left_side: bool,
        lower: bool,
        unit_diagonal: bool,
        transpose_a: Transpose = Transpose.NO_TRANSPOSE,
    ):
        b = SSAValue.get(b)
        super().__init__(
            operands=[SSAValue.get(a), b],
            properties={
                "left_side": BoolAttr.from_bool(left_side),
                "lower": BoolAttr.from_bool(lower),
                "unit_diagonal": BoolAttr.from_bool(unit_diagonal),
                "transpose_a": TransposeAttr(transpose_a),
            },
            result_types=[b.type],
        )

    @property
    def transposed(self) -> bool:
        return self.transpose_a.data != Transpose.NO_TRANSPOSE

    def infer_result_types(self) -> Sequence[Attribute]:
        a = expect_tensor(self.a.type, "a")
        b = expect_tensor(self.b.type, "b")
        a_shape, b_shape = _shape(a), _shape(b)
        if not is_float(a.element_type) or a.element_type != b.element_type:
            raise VerifyException(
                f"a and b must have one float element type, found {a.element_type} and "
                f"{b.element_type}"
            )
        if len(a_shape) < 2 or a_shape[-1] != a_shape[-2]:
            raise VerifyException(f"a must be a batch of square matrices, found {a}")
        if len(b_shape) != len(a_shape) or b_shape[:-2] != a_shape[:-2]:
            raise VerifyException(f"b must have a's rank and batch dims, found {b} for {a}")
        shared = b_shape[-2] if self.left_side.value.data else b_shape[-1]
        if shared != a_shape[-1]:
            side = "rows" if self.left_side.value.data else "columns"
            raise VerifyException(f"b must have {a_shape[-1]} {side} (a is {a}), found {b}")
        return [b]


@irdl_op_definition
class CholeskyOp(HloOp):
    """The Cholesky factor of each symmetric positive definite matrix of `a` ([..., n, n]):
    lower-triangular L with a = L L^T (`lower`), else upper-triangular U with a = U^T U; only
    that triangle of `a` is read, and the other triangle of the result is zero. A matrix that is
    not positive definite gives NaNs. `%l = hlo.cholesky %a, lower = true : tensor<3x3xf32>`."""

    name = "hlo.cholesky"
    a = operand_def(TensorType)
    result = result_def(TensorType)
    lower = opt_prop_def(BoolAttr)
    traits = traits_def(Pure())

    @property
    def is_lower(self) -> bool:
        return self.lower is not None and bool(self.lower.value.data)

    def infer_result_types(self) -> Sequence[Attribute]:
        a = expect_tensor(self.a.type, "a")
        shape = _shape(a)
        if not is_float(a.element_type):
            raise VerifyException(f"a must have a float element type, found {a}")
        if len(shape) < 2 or shape[-1] != shape[-2]:
            raise VerifyException(f"a must be a batch of square matrices, found {a}")
        return [a]

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.a)
        if self.lower is not None:
            printer.print_string(f", lower = {'true' if self.is_lower else 'false'}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.a.type)

    @classmethod
    def parse(cls, parser: Parser) -> CholeskyOp:
        operand = parser.parse_unresolved_operand()
        properties: dict[str, Attribute] = {}
        if parser.parse_optional_punctuation(","):
            parser.parse_keyword("lower")
            parser.parse_punctuation("=")
            properties["lower"] = BoolAttr.from_bool(parser.parse_boolean())
        attributes = dict(parser.parse_optional_attr_dict())
        if "lower" in attributes:
            properties["lower"] = attributes.pop("lower")
        parser.parse_punctuation(":")
        t = parser.parse_type()
        return cls.create(
            operands=[parser.resolve_operand(operand, t)],
            result_types=[t],
            properties=properties,
            attributes=attributes,
        )


OPS: list[type[Operation]] = [TriangularSolveOp, CholeskyOp]
ATTRIBUTES: list[type[Attribute]] = [TransposeAttr]
