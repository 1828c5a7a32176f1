"""The `toy` dialect of docs/extending.md: two elementwise ops on f32 tensors.

%y = toy.scale %x {factor = 2.5 : f32} : tensor<4xf32>    // y = factor * x
%z = toy.clamp01 %y : tensor<4xf32>                       // z = min(max(y, 0), 1)
"""

from __future__ import annotations

import math

from xdsl.dialects.builtin import Float32Type, FloatAttr, TensorType
from xdsl.ir import Dialect, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from strata.dialects.hlo.core import SameOperandsAndResultType


class ToyElementwiseOp(IRDLOperation):
    """What both ops share: one f32 tensor in, one of the same type out."""

    input = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())
    # `: tensor<4xf32>` stands for both types, as in hlo (Strata's custom directive).
    custom_directives = (SameOperandsAndResultType,)
    assembly_format = (
        "$input attr-dict `:` custom<SameOperandsAndResultType>(type($input), type($output))"
    )

    def verify_(self) -> None:
        t = self.input.type
        if not isinstance(t, TensorType) or not isinstance(t.element_type, Float32Type):
            raise VerifyException(f"expects a tensor of f32, found {t}")
        if self.output.type != t:
            raise VerifyException(f"result type {self.output.type} differs from operand type {t}")


@irdl_op_definition
class ScaleOp(ToyElementwiseOp):
    """factor * input, elementwise."""

    name = "toy.scale"
    factor = prop_def(FloatAttr)
    irdl_options = (ParsePropInAttrDict(),)

    def __init__(self, input: SSAValue, factor: float):
        super().__init__(
            operands=[input],
            result_types=[input.type],
            properties={"factor": FloatAttr(factor, Float32Type())},
        )

    def verify_(self) -> None:
        super().verify_()
        if not math.isfinite(self.factor.value.data):
            raise VerifyException(f"factor must be finite, found {self.factor.value.data}")


@irdl_op_definition
class Clamp01Op(ToyElementwiseOp):
    """min(max(input, 0), 1), elementwise."""

    name = "toy.clamp01"


Toy = Dialect("toy", [ScaleOp, Clamp01Op])
