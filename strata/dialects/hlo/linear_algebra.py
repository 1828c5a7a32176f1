"""hlo linear algebra beyond contractions: triangular_solve.

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
    prop_def,
    result_def,
    traits_def,
)
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


OPS: list[type[Operation]] = [TriangularSolveOp]
ATTRIBUTES: list[type[Attribute]] = [TransposeAttr]
