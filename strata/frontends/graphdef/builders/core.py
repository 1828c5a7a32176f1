"""Builders for the core ops (constants, MatMul, BiasAdd, Cast, IdentityN)."""

from __future__ import annotations

from xdsl.ir import Operation, SSAValue

from strata.dialects import tf
from strata.dialects.tensor_types import dense_from_numpy
from strata.frontends.graphdef.builders.attrs import (
    attr_bool,
    attr_element_type,
    attr_string,
    node_error,
    node_label,
)
from strata.frontends.graphdef.schema import NodeDefMessage
from strata.frontends.graphdef.tensors import element_type_of, shape_dims, tensor_to_numpy


def build_const(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    if "value" not in node.attr or not node.attr["value"].HasField("tensor"):
        raise node_error(node, "attribute 'value' is missing")
    tensor = node.attr["value"].tensor
    array = tensor_to_numpy(tensor, node_label(node))
    return tf.ConstOp(dense_from_numpy(array, element_type_of(tensor.dtype, node_label(node))))


def build_matmul(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    a, b = operands
    return tf.MatMulOp(a, b, attr_bool(node, "transpose_a"), attr_bool(node, "transpose_b"))


def build_bias_add(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    value, bias = operands
    return tf.BiasAddOp(value, bias, attr_string(node, "data_format", "NHWC"))


def build_cast(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    return tf.CastOp(x, attr_element_type(node, "DstT"), attr_bool(node, "Truncate"))


def build_bitcast(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    return tf.BitcastOp(x, attr_element_type(node, "type"))


def build_identity_n(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    return tf.IdentityNOp(operands)


def build_ensure_shape(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    shape = shape_dims(node.attr["shape"].shape) if "shape" in node.attr else None
    return tf.EnsureShapeOp(x, shape)


BUILDERS = {
    "Const": build_const,
    "EnsureShape": build_ensure_shape,
    "MatMul": build_matmul,
    "BiasAdd": build_bias_add,
    "BiasAddV1": build_bias_add,
    "Cast": build_cast,
    "Bitcast": build_bitcast,
    "IdentityN": build_identity_n,
}
