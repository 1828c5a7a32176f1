"""NCHW convolutions and pools (Keras `channels_first`, models ported from PyTorch) imported as
NHWC ones between two transposes, as TensorFlow's own layout optimizer rewrites the other way:

    y = Conv2D(x, f) {data_format = "NCHW", strides = [1, 1, 2, 2]}
 -> y/to_nhwc = Transpose(x, [0, 2, 3, 1])
    y/nhwc    = Conv2D(y/to_nhwc, f) {data_format = "NHWC", strides = [1, 2, 2, 1]}
    y         = Transpose(y/nhwc, [0, 3, 1, 2])

The last node keeps the name, so every reader of `y` reads the NCHW result. The tf dialect and
the lowerings then know one layout. Done on the main graph's nodes (where TF1 graphs and frozen
Keras models have them), not inside library functions, whose nodes read outputs by argument
name; FusedBatchNormV3 takes NCHW as it is (its channel axis is 1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strata.frontends.graphdef.schema import AttrValue, NodeDef, TensorProto

if TYPE_CHECKING:
    from strata.frontends.graphdef.schema import NodeDefMessage

WINDOW_OPS = frozenset({"Conv2D", "DepthwiseConv2dNative", "MaxPool", "AvgPool"})
"""The ops with a data_format whose NCHW form is imported as NHWC: the window attributes
(strides, dilations, ksize, explicit_paddings) are per dim of the layout."""
TO_NHWC = (0, 2, 3, 1)
TO_NCHW = (0, 3, 1, 2)
DT_INT32 = 3


def _permuted(values: list[int], perm: tuple[int, ...]) -> list[int]:
    return [values[p] for p in perm]


def _perm_const(name: str, perm: tuple[int, ...]) -> NodeDefMessage:
    const = NodeDef(name=name, op="Const")
    const.attr["dtype"].type = DT_INT32
    value = TensorProto(dtype=DT_INT32)
    value.tensor_shape.dim.add().size = len(perm)
    value.int_val.extend(perm)
    const.attr["value"].tensor.CopyFrom(value)
    return const


def _transpose(name: str, source: str, perm: str, dtype: int) -> NodeDefMessage:
    node = NodeDef(name=name, op="Transpose", input=[source, perm])
    node.attr["T"].type = dtype
    node.attr["Tperm"].type = DT_INT32
    return node


def is_nchw_window(node: NodeDefMessage) -> bool:
    return (
        node.op in WINDOW_OPS
        and "data_format" in node.attr
        and node.attr["data_format"].s == b"NCHW"
        and bool(node.input)
    )


def as_nhwc(node: NodeDefMessage) -> list[NodeDefMessage]:
    """The nodes that compute NCHW `node` in NHWC, the last one named as `node` (see above)."""
    name = node.name
    inner = NodeDef()
    inner.CopyFrom(node)
    inner.name = f"{name}/nhwc"
    inner.attr["data_format"].s = b"NHWC"
    for key in ("strides", "dilations", "ksize"):
        if key in inner.attr and len(inner.attr[key].list.i) == 4:
            values = _permuted(list(inner.attr[key].list.i), TO_NHWC)
            inner.attr[key].CopyFrom(AttrValue())
            inner.attr[key].list.i.extend(values)
    if "explicit_paddings" in inner.attr and len(inner.attr["explicit_paddings"].list.i) == 8:
        pads = list(inner.attr["explicit_paddings"].list.i)
        inner.attr["explicit_paddings"].CopyFrom(AttrValue())
        inner.attr["explicit_paddings"].list.i.extend(
            v for d in TO_NHWC for v in pads[2 * d : 2 * d + 2]
        )
    dtype = node.attr["T"].type if "T" in node.attr else 1
    inner.input[0] = f"{name}/to_nhwc"
    return [
        _perm_const(f"{name}/to_nhwc/perm", TO_NHWC),
        _transpose(f"{name}/to_nhwc", node.input[0], f"{name}/to_nhwc/perm", dtype),
        inner,
        _perm_const(f"{name}/to_nchw/perm", TO_NCHW),
        _transpose(name, inner.name, f"{name}/to_nchw/perm", dtype),
    ]
