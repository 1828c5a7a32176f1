"""Builders for the shape family of tf ops (attributes read off the NodeDef)."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.builtin import i32
from xdsl.ir import Attribute, Operation, SSAValue

from strata.dialects import tf
from strata.frontends.graphdef.builders.attrs import (
    attr_element_type,
    attr_int,
    attr_ints,
    attr_string,
    node_error,
)
from strata.frontends.graphdef.schema import NodeDefMessage


def _out_type(node: NodeDefMessage) -> Attribute:
    return attr_element_type(node, "out_type") if "out_type" in node.attr else i32


def build_shape(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    return tf.ShapeOp(x, _out_type(node))


def build_shape_n(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    return tf.ShapeNOp(operands, _out_type(node))


def build_matrix_diag_part_v3(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, k, pad = operands
    return tf.MatrixDiagPartV3Op(x, k, pad, attr_string(node, "align", "RIGHT_LEFT"))


def build_size(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    return tf.SizeOp(x, _out_type(node))


def build_squeeze(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    return tf.SqueezeOp(x, attr_ints(node, "squeeze_dims", []))


def build_concat_v2(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    if len(operands) < 2:
        raise node_error(node, f"expected values and an axis, found {len(operands)} inputs")
    return tf.ConcatV2Op(operands[:-1], operands[-1])


def build_pack(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    return tf.PackOp(operands, attr_int(node, "axis", 0))


def build_unpack(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    return tf.UnpackOp(x, attr_int(node, "num"), attr_int(node, "axis", 0))


def build_split(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    axis, x = operands
    return tf.SplitOp(axis, x, attr_int(node, "num_split"))


def build_split_v(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, sizes, axis = operands
    return tf.SplitVOp(x, sizes, axis, attr_int(node, "num_split"))


def build_strided_slice(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, begin, end, strides = operands
    masks = [attr_int(node, name, 0) for name in tf.STRIDED_SLICE_MASKS]
    return tf.StridedSliceOp(x, begin, end, strides, *masks)


def build_mirror_pad(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, paddings = operands
    mode = attr_string(node, "mode", "")
    if mode not in ("REFLECT", "SYMMETRIC"):
        raise node_error(node, f"mode must be REFLECT or SYMMETRIC, found '{mode}'")
    return tf.MirrorPadOp(x, paddings, mode)


def build_one_hot(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    indices, depth, on, off = operands
    return tf.OneHotOp(indices, depth, on, off, attr_int(node, "axis", -1))


def build_block_rearrange(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    op_class = tf.DepthToSpaceOp if node.op == "DepthToSpace" else tf.SpaceToDepthOp
    data_format = attr_string(node, "data_format", "NHWC")
    if data_format != "NHWC":
        raise node_error(node, f"data_format must be NHWC, found '{data_format}'")
    return op_class(x, attr_int(node, "block_size"), data_format)


def build_reverse_sequence(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, lengths = operands
    return tf.ReverseSequenceOp(
        x, lengths, attr_int(node, "seq_dim"), attr_int(node, "batch_dim", 0)
    )


BUILDERS: dict[str, Callable[[NodeDefMessage, list[SSAValue]], Operation]] = {
    "ReverseSequence": build_reverse_sequence,
    "Shape": build_shape,
    "Size": build_size,
    "ShapeN": build_shape_n,
    "Squeeze": build_squeeze,
    "MatrixDiagPartV3": build_matrix_diag_part_v3,
    "ConcatV2": build_concat_v2,
    "Pack": build_pack,
    "Unpack": build_unpack,
    "Split": build_split,
    "SplitV": build_split_v,
    "StridedSlice": build_strided_slice,
    "MirrorPad": build_mirror_pad,
    "OneHot": build_one_hot,
    "DepthToSpace": build_block_rearrange,
    "SpaceToDepth": build_block_rearrange,
}
