"""hlo batch normalisation: batch_norm_inference, batch_norm_training and batch_norm_grad, each
over every dim of `operand` but `feature_index`, whose size is that of the 1-d feature vectors.

StableHLO prints them in generic form, read as is:
`%y = "hlo.batch_norm_inference"(%x, %scale, %offset, %mean, %variance) {epsilon = 1.0e-03 : f32,
feature_index = 3 : i64} : (tensor<2x4x4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>,
tensor<8xf32>) -> tensor<2x4x4x8xf32>`. `convert-hlo-to-linalg` expands them into hlo ops first
(`lowering/hlo_to_linalg/normalization.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import FloatAttr, IntegerAttr, TensorType
from xdsl.ir import Attribute, Operation
from xdsl.irdl import irdl_op_definition, operand_def, prop_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from strata.dialects.element_kinds import is_float
from strata.dialects.hlo.core import HloOp, _shape
from strata.dialects.verify_helpers import expect_tensor


class BatchNormOp(HloOp):
    """What the three share: `epsilon`, `feature_index`, and result types that follow `operand`
    (the operand's type, then feature vectors of its `feature_index` dim)."""

    epsilon = prop_def(FloatAttr)
    feature_index = prop_def(IntegerAttr)
    traits = traits_def(Pure())
    FEATURE_RESULTS: ClassVar[int] = 0
    """Results after the first that are feature vectors."""

    def attrs(self) -> tuple[float, int]:
        return self.epsilon.value.data, self.feature_index.value.data

    def infer_result_types(self) -> Sequence[Attribute]:
        operand = expect_tensor(self.operands[0].type, "operand")
        shape = _shape(operand)
        _, index = self.attrs()
        if not 0 <= index < len(shape):
            raise VerifyException(f"feature_index {index} is out of range for rank {len(shape)}")
        if not is_float(operand.element_type):
            raise VerifyException(f"operand must have a float element type, found {operand}")
        feature = TensorType(operand.element_type, [shape[index]])
        for position, value in enumerate(self.operands[1:], start=1):
            t = expect_tensor(value.type, f"operand {position}")
            if t.get_num_dims() == 1 and t != feature or t.get_num_dims() not in (1, len(shape)):
                raise VerifyException(f"operand {position} must be {feature}, found {t}")
        return [operand, *([feature] * self.FEATURE_RESULTS)]


@irdl_op_definition
class BatchNormInferenceOp(BatchNormOp):
    """(operand - mean) / sqrt(variance + epsilon) * scale + offset, per feature."""

    name = "hlo.batch_norm_inference"
    operand = operand_def(TensorType)
    scale = operand_def(TensorType)
    offset = operand_def(TensorType)
    mean = operand_def(TensorType)
    variance = operand_def(TensorType)
    result = result_def(TensorType)


@irdl_op_definition
class BatchNormTrainingOp(BatchNormOp):
    """The batch's mean and (biased) variance per feature, and the operand normalised with them
    as in batch_norm_inference: (output, batch_mean, batch_var)."""

    name = "hlo.batch_norm_training"
    operand = operand_def(TensorType)
    scale = operand_def(TensorType)
    offset = operand_def(TensorType)
    output = result_def(TensorType)
    batch_mean = result_def(TensorType)
    batch_var = result_def(TensorType)
    FEATURE_RESULTS: ClassVar[int] = 2


@irdl_op_definition
class BatchNormGradOp(BatchNormOp):
    """The gradients of batch_norm_training's output (given `grad_output`) with respect to the
    operand, scale and offset: (grad_operand, grad_scale, grad_offset)."""

    name = "hlo.batch_norm_grad"
    operand = operand_def(TensorType)
    scale = operand_def(TensorType)
    mean = operand_def(TensorType)
    variance = operand_def(TensorType)
    grad_output = operand_def(TensorType)
    grad_operand = result_def(TensorType)
    grad_scale = result_def(TensorType)
    grad_offset = result_def(TensorType)
    FEATURE_RESULTS: ClassVar[int] = 2


OPS: list[type[Operation]] = [BatchNormInferenceOp, BatchNormTrainingOp, BatchNormGradOp]
ATTRIBUTES: list[type[Attribute]] = []
