"""TensorFlow dtypes, shapes and TensorProto values as numpy: what Consts and Placeholders hold."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np
from xdsl.dialects.builtin import BFloat16Type
from xdsl.ir import Attribute

from strata.diagnostics import StrataError
from strata.dialects.element_kinds import bf16_values
from strata.dialects.tensor_types import element_type_for

if TYPE_CHECKING:
    from strata.frontends.graphdef.schema import TensorProtoMessage, TensorShapeProtoMessage

# DataType enum value -> (name, numpy dtype) for the dtypes Strata compiles.
_DTYPES: dict[int, tuple[str, np.dtype]] = {
    1: ("DT_FLOAT", np.dtype(np.float32)),
    2: ("DT_DOUBLE", np.dtype(np.float64)),
    3: ("DT_INT32", np.dtype(np.int32)),
    4: ("DT_UINT8", np.dtype(np.uint8)),
    5: ("DT_INT16", np.dtype(np.int16)),
    6: ("DT_INT8", np.dtype(np.int8)),
    9: ("DT_INT64", np.dtype(np.int64)),
    10: ("DT_BOOL", np.dtype(np.bool_)),
    19: ("DT_HALF", np.dtype(np.float16)),
}
_REF_OFFSET = 100
DT_BFLOAT16 = 14
"""bfloat16: no numpy dtype holds it, so its values are read as float32 (which holds each
exactly; the dtype BF16 marks them) and its element type is bf16; computed by emulate-bf16. The
host side (a graph's inputs and outputs) has no bf16 arrays: a bf16 Placeholder is refused."""
BF16 = np.dtype(np.float32, metadata={"element": "bf16"})
"""The dtype of import-time bfloat16 values: float32 marked as bf16, which they become as
constants (`is_bf16`). numpy keeps the mark through reshapes and arithmetic, not np.stack."""


def is_bf16(array: np.ndarray) -> bool:
    metadata: Mapping[str, object] = array.dtype.metadata or {}
    return metadata.get("element") == "bf16"


def dtype_name(dtype: int) -> str:
    from strata.frontends.graphdef.schema import DATA_TYPES

    names = dict((number, name) for name, number in DATA_TYPES)
    if dtype in names:
        return names[dtype]
    if dtype - _REF_OFFSET in names:
        return names[dtype - _REF_OFFSET] + "_REF"
    return f"DataType({dtype})"


def element_type_of(dtype: int, what: str) -> Attribute:
    """The MLIR element type of a TensorFlow DataType inside a graph (bf16 included)."""
    if dtype % _REF_OFFSET == DT_BFLOAT16:
        return BFloat16Type()
    return element_type_for(numpy_dtype(dtype, what))


def numpy_dtype(dtype: int, what: str) -> np.dtype:
    """The numpy dtype of a TensorFlow DataType; `what` names the node for the error."""
    if dtype >= _REF_OFFSET:
        dtype -= _REF_OFFSET
    if dtype not in _DTYPES:
        supported = ", ".join(name for name, _ in _DTYPES.values())
        raise StrataError(f"{what}: dtype {dtype_name(dtype)} is not supported ({supported})")
    return _DTYPES[dtype][1]


def shape_dims(shape: TensorShapeProtoMessage) -> list[int] | None:
    """A TensorShapeProto's dims (-1 for unknown ones), or None for an unknown rank."""
    if shape.unknown_rank:
        return None
    return [int(d.size) for d in shape.dim]


def _typed_values(tensor: TensorProtoMessage, dtype: np.dtype) -> np.ndarray:
    """The `*_val` field of a TensorProto that holds values of `dtype`, as a flat array."""
    if dtype == np.float32:
        return np.asarray(tensor.float_val, dtype=np.float32)
    if dtype == np.float64:
        return np.asarray(tensor.double_val, dtype=np.float64)
    if dtype == np.float16:
        # half_val holds each value's 16 bits in an int32.
        return np.asarray(tensor.half_val, dtype=np.int32).astype(np.uint16).view(np.float16)
    if dtype == np.int64:
        return np.asarray(tensor.int64_val, dtype=np.int64)
    if dtype == np.bool_:
        return np.asarray(tensor.bool_val, dtype=np.bool_)
    # int32, int16, int8 and uint8 all live in int_val.
    return np.asarray(tensor.int_val, dtype=np.int64).astype(dtype)


def tensor_to_numpy(tensor: TensorProtoMessage, what: str) -> np.ndarray:
    """The value of a TensorProto, from `tensor_content` bytes or the typed `*_val` fields
    (bf16: float32 values).

    As in TensorFlow, fewer typed values than elements repeat the last one (one value is a
    splat), and none at all means zeros.
    """
    bf16 = tensor.dtype % _REF_OFFSET == DT_BFLOAT16
    dtype = np.dtype(np.uint16) if bf16 else numpy_dtype(tensor.dtype, what)
    shape = shape_dims(tensor.tensor_shape)
    if shape is None or any(d < 0 for d in shape):
        raise StrataError(f"{what}: constant has an unknown shape")
    count = int(np.prod(shape, dtype=np.int64))
    if tensor.tensor_content:
        content = bytes(tensor.tensor_content)
        expected = count * dtype.itemsize
        if len(content) != expected:
            raise StrataError(
                f"{what}: tensor_content has {len(content)} bytes, but shape {shape} of "
                f"{dtype_name(tensor.dtype)} needs {expected}"
            )
        # TensorFlow writes tensor_content in little-endian byte order.
        array = np.frombuffer(content, dtype=dtype.newbyteorder("<")).astype(dtype)
        return (bf16_values(array).astype(BF16) if bf16 else array).reshape(shape)
    if bf16:  # half_val holds each value's 16 bits in an int32
        values = bf16_values(np.asarray(tensor.half_val, dtype=np.int32).astype(np.uint16))
        values, dtype = values.astype(BF16), BF16
    else:
        values = _typed_values(tensor, dtype)
    if values.size > count:
        raise StrataError(f"{what}: constant has {values.size} values for shape {shape}")
    if values.size == 0:
        return np.zeros(shape, dtype=dtype)
    if values.size < count:
        values = np.concatenate([values, np.full(count - values.size, values[-1], dtype=dtype)])
    return values.reshape(shape)
