"""Builders for the gather family of tf ops (attributes read off the NodeDef)."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.ir import Operation, SSAValue

from strata.dialects import tf
from strata.frontends.graphdef.builders.attrs import attr_bool, attr_int, node_error
from strata.frontends.graphdef.schema import NodeDefMessage


def build_gather_v2(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    params, indices, axis = operands
    return tf.GatherV2Op(params, indices, axis, attr_int(node, "batch_dims", 0))


def build_gather(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    params, indices = operands
    return tf.GatherOp(params, indices, attr_bool(node, "validate_indices", True))


def build_resource_gather(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    resource, indices = operands
    return tf.ResourceGatherOp(
        resource,
        indices,
        attr_int(node, "batch_dims", 0),
        attr_bool(node, "validate_indices", True),
    )


def build_dense_bincount(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, size, weights = operands
    return tf.DenseBincountOp(x, size, weights, attr_bool(node, "binary_output"))


def build_ragged_to_tensor(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    kinds = [k.decode() for k in node.attr["row_partition_types"].list.s]
    if kinds != ["ROW_SPLITS"]:
        raise node_error(
            node,
            f"row partitions {kinds}: only one ROW_SPLITS partition (a ragged rank of 1) is "
            "supported",
        )
    shape, values, default, *partitions = operands
    return tf.RaggedTensorToTensorOp(shape, values, default, partitions[0])


BUILDERS: dict[str, Callable[[NodeDefMessage, list[SSAValue]], Operation]] = {
    "RaggedTensorToTensor": build_ragged_to_tensor,
    "DenseBincount": build_dense_bincount,
    "GatherV2": build_gather_v2,
    "Gather": build_gather,
    "ResourceGather": build_resource_gather,
}
