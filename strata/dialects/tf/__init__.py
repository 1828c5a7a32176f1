"""The `tf` dialect: TensorFlow ops as a frozen GraphDef holds them.

One module per op family; each lists its ops in `OPS`. Names re-exported here, so code writes
`tf.MatMulOp` whatever module defines it.
"""

from xdsl.ir import Dialect, Operation

from strata.dialects.tf import (
    control_flow,
    core,
    gather,
    math,
    nn,
    random,
    reduction,
    rnn,
    shape,
)
from strata.dialects.tf.control_flow import *  # noqa: F403
from strata.dialects.tf.core import *  # noqa: F403
from strata.dialects.tf.gather import *  # noqa: F403
from strata.dialects.tf.math import *  # noqa: F403
from strata.dialects.tf.nn import *  # noqa: F403
from strata.dialects.tf.random import *  # noqa: F403
from strata.dialects.tf.reduction import *  # noqa: F403
from strata.dialects.tf.rnn import *  # noqa: F403
from strata.dialects.tf.shape import *  # noqa: F403

_FAMILIES = (core, shape, nn, math, reduction, gather, control_flow, rnn, random)

TF = Dialect("tf", [op for family in _FAMILIES for op in family.OPS], [])

# GraphDef op type -> op class, for the importer.
OPS_BY_TF_NAME: dict[str, type[Operation]] = {
    op.name.removeprefix("tf."): op for op in TF.operations if op not in control_flow.REGION_OPS
}

ALIASES: dict[str, type[Operation]] = {
    "BiasAddV1": BiasAddOp,  # noqa: F405 - BiasAdd before its data_format attribute (NHWC)
    "ConjugateTranspose": TransposeOp,  # noqa: F405 - a real tensor is its own conjugate
    "MaxPoolV2": MaxPoolOp,  # noqa: F405 - ksize and strides as constant inputs
}
"""GraphDef op types that compute what another tf op does: the importer builds that op."""
OPS_BY_TF_NAME.update(ALIASES)

ALIAS_INPUTS: dict[str, int] = {"MaxPoolV2": 3}
"""Data inputs of an alias whose builder reads more inputs than its op has operands (MaxPoolV2's
ksize and strides become MaxPool's properties)."""
