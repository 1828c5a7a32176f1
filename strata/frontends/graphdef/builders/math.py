"""Builders for the math family of tf ops (attributes read off the NodeDef)."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.ir import Operation, SSAValue

from strata.dialects import tf
from strata.frontends.graphdef.builders.attrs import attr_float, attr_string
from strata.frontends.graphdef.schema import NodeDefMessage


def build_leaky_relu(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    return tf.LeakyReluOp(x, attr_float(node, "alpha", 0.2))


def build_check_numerics(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    return tf.CheckNumericsOp(x, attr_string(node, "message", ""))


def build_bucketize(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    boundaries = list(node.attr["boundaries"].list.f) if "boundaries" in node.attr else []
    return tf.BucketizeOp(x, boundaries)


BUILDERS: dict[str, Callable[[NodeDefMessage, list[SSAValue]], Operation]] = {
    "Bucketize": build_bucketize,
    "LeakyRelu": build_leaky_relu,
    "CheckNumerics": build_check_numerics,
}
