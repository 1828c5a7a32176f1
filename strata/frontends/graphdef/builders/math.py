"""Builders for the math family of tf ops (attributes read off the NodeDef)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xdsl.ir import Operation, SSAValue

from strata.dialects import tf
from strata.frontends.graphdef.builders.attrs import attr_float


def build_leaky_relu(node: Any, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    return tf.LeakyReluOp(x, attr_float(node, "alpha", 0.2))


BUILDERS: dict[str, Callable[[Any, list[SSAValue]], Operation]] = {
    "LeakyRelu": build_leaky_relu,
}
