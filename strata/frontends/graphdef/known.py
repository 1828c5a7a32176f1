"""What the GraphDef importer holds for a node's output: an SSA value of the block being
built, or a `Known` array (constants and the small integer arithmetic on them, evaluated at
import), among the control-flow importer's other kinds (lists, dead branches)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from xdsl.dialects.builtin import BFloat16Type, TensorType
from xdsl.ir import Operation, SSAValue

from strata.dialects import tf
from strata.dialects.tensor_types import dense_from_numpy
from strata.frontends.graphdef.tensors import is_bf16

Value = Any  # SSAValue | Known | TensorList | ListTensor | _Piece | _Dead | ...


@dataclass(eq=False)
class Known:
    """A value known at import time; it becomes a tf.Const (once) when an op consumes it."""

    array: np.ndarray
    name: str
    const: Operation | None = None
    ssa: SSAValue | None = None


def static_dims(value: SSAValue) -> tuple[int, ...] | None:
    """The shape of a ranked tensor; None for an unranked one."""
    t = value.type
    return tuple(t.get_shape()) if isinstance(t, TensorType) else None


def constant_op(array: np.ndarray) -> tf.ConstOp:
    """`array` as a tf.Const, bf16 where its dtype is BF16."""
    return tf.ConstOp(dense_from_numpy(array, BFloat16Type() if is_bf16(array) else None))
