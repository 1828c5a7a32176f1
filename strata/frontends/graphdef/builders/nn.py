"""Builders for the nn family of tf ops (attributes read off the NodeDef)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from xdsl.dialects.builtin import i64
from xdsl.ir import Operation, SSAValue

from strata.dialects import tf
from strata.dialects.tf.shape import constant_ints
from strata.frontends.graphdef.builders.attrs import (
    attr_bool,
    attr_element_type,
    attr_float,
    attr_int,
    attr_ints,
    attr_string,
    node_error,
)
from strata.frontends.graphdef.schema import NodeDefMessage

_UNIT = [1, 1, 1, 1]


class _Window(TypedDict):
    """The window attributes the conv and pool constructors share."""

    strides: list[int]
    padding: str
    explicit_paddings: list[int]
    data_format: str


def _window(node: NodeDefMessage) -> _Window:
    return {
        "strides": attr_ints(node, "strides"),
        "padding": attr_string(node, "padding", "VALID"),
        "explicit_paddings": attr_ints(node, "explicit_paddings", []),
        "data_format": attr_string(node, "data_format", "NHWC"),
    }


def build_batch_matmul_v2(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, y = operands
    return tf.BatchMatMulV2Op(x, y, attr_bool(node, "adj_x"), attr_bool(node, "adj_y"))


def build_batch_matmul(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, y = operands
    return tf.BatchMatMulOp(x, y, attr_bool(node, "adj_x"), attr_bool(node, "adj_y"))


def build_batch_matmul_v3(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, y = operands
    adj_x, adj_y = attr_bool(node, "adj_x"), attr_bool(node, "adj_y")
    return tf.BatchMatMulV3Op(x, y, adj_x, adj_y, attr_element_type(node, "Tout"))


def build_einsum(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    return tf.EinsumOp(operands, attr_string(node, "equation", ""))


def build_conv2d(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, f = operands
    return tf.Conv2DOp(x, f, dilations=attr_ints(node, "dilations", _UNIT), **_window(node))


def build_depthwise(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, f = operands
    return tf.DepthwiseConv2dNativeOp(
        x, f, dilations=attr_ints(node, "dilations", _UNIT), **_window(node)
    )


def build_conv2d_backprop_input(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    sizes, f, dy = operands
    return tf.Conv2DBackpropInputOp(
        sizes, f, dy, dilations=attr_ints(node, "dilations", _UNIT), **_window(node)
    )


def build_conv3d_backprop_input(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    sizes, f, dy = operands
    return tf.Conv3DBackpropInputV2Op(
        sizes,
        f,
        dy,
        attr_ints(node, "strides"),
        attr_string(node, "padding", "VALID"),
        dilations=attr_ints(node, "dilations", [1] * 5),
        data_format=attr_string(node, "data_format", "NDHWC"),
    )


def build_max_pool(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    return tf.MaxPoolOp(x, attr_ints(node, "ksize"), **_window(node))


def build_max_pool_v2(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    """MaxPoolV2: MaxPool with ksize and strides as (constant) inputs."""
    x, ksize, strides = operands
    window = _window_inputs(node, ksize, strides)
    if attr_string(node, "data_format", "NHWC") != "NHWC":
        raise node_error(node, "only data_format NHWC is supported (TensorFlow's CPU kernels too)")
    return tf.MaxPoolOp(x, window[0], window[1], attr_string(node, "padding", "VALID"))


def _window_inputs(node: NodeDefMessage, *values: SSAValue) -> tuple[list[int], ...]:
    """The integers of inputs that must be constants (a window's ksize and strides)."""
    found: list[list[int]] = []
    for name, value in zip(("ksize", "strides"), values, strict=False):
        ints = constant_ints(value)
        if ints is None:
            raise node_error(
                node, f"{name} must be a constant (a tf.Const), found a computed value"
            )
        found.append(ints)
    return tuple(found)


def build_max_pool_with_argmax(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    index = attr_element_type(node, "Targmax") if "Targmax" in node.attr else i64
    return tf.MaxPoolWithArgmaxOp(
        x,
        attr_ints(node, "ksize"),
        attr_ints(node, "strides"),
        attr_string(node, "padding", "VALID"),
        index,
        attr_bool(node, "include_batch_in_index"),
    )


def build_avg_pool(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    window = _window(node)  # AvgPool has no explicit paddings
    return tf.AvgPoolOp(
        x,
        attr_ints(node, "ksize"),
        window["strides"],
        window["padding"],
        data_format=window["data_format"],
    )


def build_conv3d(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, f = operands
    return tf.Conv3DOp(
        x,
        f,
        attr_ints(node, "strides"),
        attr_string(node, "padding", "VALID"),
        attr_ints(node, "dilations", [1] * 5),
        attr_string(node, "data_format", "NDHWC"),
    )


def build_pool3d(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    pool = tf.MaxPool3DOp if node.op == "MaxPool3D" else tf.AvgPool3DOp
    return pool(
        x,
        attr_ints(node, "ksize"),
        attr_ints(node, "strides"),
        attr_string(node, "padding", "VALID"),
        data_format=attr_string(node, "data_format", "NDHWC"),
    )


def build_extract_image_patches(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    return tf.ExtractImagePatchesOp(
        x,
        attr_ints(node, "ksizes"),
        attr_ints(node, "strides"),
        attr_ints(node, "rates"),
        attr_string(node, "padding", "VALID"),
    )


def build_fused_batch_norm(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    op_class = {
        "FusedBatchNorm": tf.FusedBatchNormOp,
        "FusedBatchNormV2": tf.FusedBatchNormV2Op,
    }.get(node.op, tf.FusedBatchNormV3Op)
    return op_class(
        operands,
        epsilon=attr_float(node, "epsilon", 0.0001),
        exponential_avg_factor=attr_float(node, "exponential_avg_factor", 1.0),
        data_format=attr_string(node, "data_format", "NHWC"),
        is_training=attr_bool(node, "is_training", True),
    )


def build_lstm(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    """LSTMBlockCell, BlockLSTM (forget_bias 1, cell_clip 3 by default) and BlockLSTMV2 (no
    forget_bias, cell_clip 0)."""
    if node.op == "BlockLSTMV2":
        return tf.BlockLSTMV2Op(
            operands, attr_float(node, "cell_clip", 0.0), attr_bool(node, "use_peephole")
        )
    op_class = tf.LSTMBlockCellOp if node.op == "LSTMBlockCell" else tf.BlockLSTMOp
    return op_class(
        operands,
        attr_float(node, "cell_clip", 3.0),
        attr_bool(node, "use_peephole"),
        attr_float(node, "forget_bias", 1.0),
    )


def build_gru(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    return tf.GRUBlockCellOp(operands)


def build_resize(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    images, size = operands
    op_class = {
        "ResizeBilinear": tf.ResizeBilinearOp,
        "ResizeBicubic": tf.ResizeBicubicOp,
        "ResizeArea": tf.ResizeAreaOp,
    }.get(node.op, tf.ResizeNearestNeighborOp)
    return op_class(
        images, size, attr_bool(node, "align_corners"), attr_bool(node, "half_pixel_centers")
    )


def build_dilation2d(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, f = operands
    return tf.Dilation2DOp(
        x,
        f,
        attr_ints(node, "strides"),
        attr_ints(node, "rates"),
        attr_string(node, "padding", "VALID"),
    )


def build_scale_and_translate(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    images, size, scale, translation = operands
    return tf.ScaleAndTranslateOp(
        images,
        size,
        scale,
        translation,
        attr_string(node, "kernel_type", "lanczos3"),
        attr_bool(node, "antialias", True),
    )


def build_crop_and_resize(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    image, boxes, box_ind, crop_size = operands
    return tf.CropAndResizeOp(
        image,
        boxes,
        box_ind,
        crop_size,
        attr_string(node, "method", "bilinear"),
        attr_float(node, "extrapolation_value", 0.0),
    )


def build_non_max_suppression(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    pad = attr_bool(node, "pad_to_max_output_size", False)
    boxes, scores, limit, iou, score = operands[:5]
    if node.op == "NonMaxSuppressionV5":
        return tf.NonMaxSuppressionV5Op(boxes, scores, limit, iou, score, operands[5], pad)
    return tf.NonMaxSuppressionV4Op(boxes, scores, limit, iou, score, pad)


def build_cross_entropy(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    features, labels = operands
    if node.op == "SparseSoftmaxCrossEntropyWithLogits":
        return tf.SparseSoftmaxCrossEntropyWithLogitsOp(features, labels)
    return tf.SoftmaxCrossEntropyWithLogitsOp(features, labels)


def build_l2_loss(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (t,) = operands
    return tf.L2LossOp(t)


def build_lrn(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    return tf.LRNOp(
        x,
        attr_int(node, "depth_radius", 5),
        attr_float(node, "bias", 1.0),
        attr_float(node, "alpha", 1.0),
        attr_float(node, "beta", 0.5),
    )


BUILDERS: dict[str, Callable[[NodeDefMessage, list[SSAValue]], Operation]] = {
    "CropAndResize": build_crop_and_resize,
    "NonMaxSuppressionV4": build_non_max_suppression,
    "NonMaxSuppressionV5": build_non_max_suppression,
    "SoftmaxCrossEntropyWithLogits": build_cross_entropy,
    "SparseSoftmaxCrossEntropyWithLogits": build_cross_entropy,
    "L2Loss": build_l2_loss,
    "LRN": build_lrn,
    "BatchMatMulV2": build_batch_matmul_v2,
    "BatchMatMul": build_batch_matmul,
    "BatchMatMulV3": build_batch_matmul_v3,
    "Einsum": build_einsum,
    "Conv2D": build_conv2d,
    "DepthwiseConv2dNative": build_depthwise,
    "Conv2DBackpropInput": build_conv2d_backprop_input,
    "Conv3DBackpropInputV2": build_conv3d_backprop_input,
    "MaxPool": build_max_pool,
    "MaxPoolV2": build_max_pool_v2,
    "MaxPoolWithArgmax": build_max_pool_with_argmax,
    "AvgPool": build_avg_pool,
    "Conv3D": build_conv3d,
    "MaxPool3D": build_pool3d,
    "ExtractImagePatches": build_extract_image_patches,
    "AvgPool3D": build_pool3d,
    "FusedBatchNorm": build_fused_batch_norm,
    "FusedBatchNormV2": build_fused_batch_norm,
    "FusedBatchNormV3": build_fused_batch_norm,
    "LSTMBlockCell": build_lstm,
    "BlockLSTM": build_lstm,
    "BlockLSTMV2": build_lstm,
    "GRUBlockCell": build_gru,
    "ScaleAndTranslate": build_scale_and_translate,
    "Dilation2D": build_dilation2d,
    "ResizeBilinear": build_resize,
    "ResizeBicubic": build_resize,
    "ResizeArea": build_resize,
    "ResizeNearestNeighbor": build_resize,
}
