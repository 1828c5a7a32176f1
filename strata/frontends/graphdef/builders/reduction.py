"""Builders for the reduction family of tf ops (attributes read off the NodeDef)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from xdsl.ir import Operation, SSAValue

from strata.dialects import tf
from strata.dialects.tensor_types import element_type_for
from strata.frontends.graphdef.builders.attrs import attr_bool, attr_element_type
from strata.frontends.graphdef.schema import NodeDefMessage


def _reduction(
    op_class: type[tf.ReductionOp],
) -> Callable[[NodeDefMessage, list[SSAValue]], Operation]:
    def build(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
        x, axes = operands
        return op_class(x, axes, attr_bool(node, "keep_dims"))

    return build


def build_arg_reduction(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, dimension = operands
    op_class = tf.ArgMaxOp if node.op == "ArgMax" else tf.ArgMinOp
    if "output_type" in node.attr:
        output_type = attr_element_type(node, "output_type")
    else:
        output_type = element_type_for(np.dtype(np.int64))
    return op_class(x, dimension, output_type)


def build_cumulative(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, axis = operands
    op_class = {
        "Cumsum": tf.CumsumOp,
        "Cumprod": tf.CumprodOp,
        "CumulativeLogsumexp": tf.CumulativeLogsumexpOp,
    }[node.op]
    return op_class(x, axis, attr_bool(node, "exclusive"), attr_bool(node, "reverse"))


def build_top_k(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, k = operands
    if "index_type" in node.attr:
        index_type = attr_element_type(node, "index_type")
    else:
        index_type = element_type_for(np.dtype(np.int32))
    return tf.TopKV2Op(x, k, attr_bool(node, "sorted", True), index_type)


BUILDERS: dict[str, Callable[[NodeDefMessage, list[SSAValue]], Operation]] = {
    "Sum": _reduction(tf.SumOp),
    "Prod": _reduction(tf.ProdOp),
    "Mean": _reduction(tf.MeanOp),
    "Max": _reduction(tf.MaxOp),
    "Min": _reduction(tf.MinOp),
    "EuclideanNorm": _reduction(tf.EuclideanNormOp),
    "All": _reduction(tf.AllOp),
    "Any": _reduction(tf.AnyOp),
    "ArgMax": build_arg_reduction,
    "Cumsum": build_cumulative,
    "Cumprod": build_cumulative,
    "CumulativeLogsumexp": build_cumulative,
    "TopKV2": build_top_k,
    "ArgMin": build_arg_reduction,
}
