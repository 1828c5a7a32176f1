"""Tensor types, numpy dtypes and dense constants: the conversions every layer of Strata shares."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    BytesAttr,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerType,
    TensorType,
    f16,
    f32,
    f64,
    i1,
)
from xdsl.ir import Attribute

_NUMPY_TO_ELEMENT: dict[np.dtype, Attribute] = {
    np.dtype(np.float32): f32,
    np.dtype(np.float64): f64,
    np.dtype(np.float16): f16,
    np.dtype(np.int8): IntegerType(8),
    np.dtype(np.int16): IntegerType(16),
    np.dtype(np.int32): IntegerType(32),
    np.dtype(np.int64): IntegerType(64),
    np.dtype(np.uint8): IntegerType(8),
    np.dtype(np.bool_): i1,
}


def element_type_for(dtype: np.dtype | type) -> Attribute:
    """The MLIR element type of a numpy dtype (signless integers, as MLIR has them)."""
    key = np.dtype(dtype)
    if key not in _NUMPY_TO_ELEMENT:
        raise ValueError(f"unsupported dtype {key}")
    return _NUMPY_TO_ELEMENT[key]


def numpy_dtype_for(element: Attribute) -> np.dtype:
    """The numpy dtype that holds values of an MLIR element type (integers read as signed)."""
    if isinstance(element, Float32Type):
        return np.dtype(np.float32)
    if isinstance(element, Float64Type):
        return np.dtype(np.float64)
    if isinstance(element, Float16Type):
        return np.dtype(np.float16)
    if isinstance(element, IntegerType):
        width = element.width.data
        if width == 1:
            return np.dtype(np.bool_)
        if width in (8, 16, 32, 64):
            return np.dtype(f"int{width}")
    raise ValueError(f"no numpy dtype for element type {element}")


def is_float(element: Attribute) -> bool:
    return isinstance(element, (Float16Type, Float32Type, Float64Type))


def shape_of(t: Attribute) -> tuple[int, ...]:
    assert isinstance(t, TensorType)
    return tuple(t.get_shape())


def tensor_type(element: Attribute, shape: Sequence[int]) -> TensorType:
    return TensorType(element, [DYNAMIC_INDEX if d < 0 else d for d in shape])


def is_static(t: Attribute) -> bool:
    return isinstance(t, TensorType) and all(d != DYNAMIC_INDEX for d in t.get_shape())


def format_shape(shape: Sequence[int]) -> str:
    return "[" + ",".join("?" if d == DYNAMIC_INDEX or d < 0 else str(d) for d in shape) + "]"


def broadcast_shapes(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...] | None:
    """numpy/TensorFlow broadcasting of two shapes; None if they do not broadcast.

    Dynamic dims (DYNAMIC_INDEX) broadcast with anything and stay dynamic unless the other is > 1.
    """
    rank = max(len(a), len(b))
    pa = (1,) * (rank - len(a)) + tuple(a)
    pb = (1,) * (rank - len(b)) + tuple(b)
    out: list[int] = []
    for x, y in zip(pa, pb, strict=False):
        if x == y:
            out.append(x)
        elif x == 1:
            out.append(y)
        elif y == 1:
            out.append(x)
        elif x == DYNAMIC_INDEX:
            out.append(y)
        elif y == DYNAMIC_INDEX:
            out.append(x)
        else:
            return None
    return tuple(out)


def dense_from_numpy(
    array: np.ndarray, element: Attribute | None = None
) -> DenseIntOrFPElementsAttr:
    """A dense elements attribute holding exactly the bytes of `array` (no text round trip)."""
    if element is None:
        element = element_type_for(array.dtype)
    contiguous = np.ascontiguousarray(array, dtype=numpy_dtype_for(element))
    if isinstance(element, IntegerType) and element.width.data == 1:
        contiguous = contiguous.astype(np.int8)
    return DenseIntOrFPElementsAttr(
        tensor_type(element, array.shape), BytesAttr(contiguous.tobytes())
    )


def numpy_from_dense(attr: DenseIntOrFPElementsAttr) -> np.ndarray:
    """The value of a dense attribute as a numpy array of its shape (splats expanded)."""
    element = attr.get_element_type()
    dtype = numpy_dtype_for(element)
    storage = np.int8 if dtype == np.bool_ else dtype
    flat = np.frombuffer(attr.data.data, dtype=storage)
    shape = tuple(attr.get_shape())
    if flat.size == 1 and int(np.prod(shape)) != 1:
        flat = np.full(shape, flat[0], dtype=storage)
    return flat.reshape(shape).astype(dtype, copy=True)
