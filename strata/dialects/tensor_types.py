"""Tensor shapes and dense constants: the conversions every layer of Strata shares (element types
are `element_kinds`)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    BFloat16Type,
    BytesAttr,
    DenseIntOrFPElementsAttr,
    TensorType,
)
from xdsl.ir import Attribute

from strata.dialects.element_kinds import bf16_bits, bf16_values, host_dtype, is_bool, wrap_to_width

# Element kinds live in element_kinds; these names stay importable from here for older callers.
from strata.dialects.element_kinds import element_type_for as element_type_for
from strata.dialects.element_kinds import is_float as is_float
from strata.dialects.element_kinds import numpy_dtype_for as numpy_dtype_for


def shape_of(t: Attribute) -> tuple[int, ...]:
    if not isinstance(t, TensorType):
        raise TypeError(f"expected a tensor type, found {t}")
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
    """A dense elements attribute holding exactly the bytes of `array` (no text round trip); for
    bf16, `array`'s values rounded to bf16 (`bf16_bits`)."""
    if element is None:
        element = element_type_for(array.dtype)
    if isinstance(element, BFloat16Type):
        contiguous = np.ascontiguousarray(bf16_bits(np.asarray(array)))
    else:
        contiguous = np.ascontiguousarray(
            wrap_to_width(np.asarray(array, dtype=numpy_dtype_for(element)), element)
        )
    if is_bool(element):
        contiguous = contiguous.astype(np.int8)
    return DenseIntOrFPElementsAttr(
        tensor_type(element, array.shape),  # type: ignore[arg-type]  # numpy_dtype_for vetted element
        BytesAttr(contiguous.tobytes()),
    )


def is_splat(attr: DenseIntOrFPElementsAttr) -> bool:
    """Whether every element of a dense attribute has the same bits (False for no elements).
    xDSL's `is_splat` unpacks every element into a Python list: seconds for a layer's weights,
    asked of every constant operand."""
    raw = attr.data.data
    count = len(attr)
    if count == 0 or len(raw) % count:
        return False
    width = len(raw) // count
    return bytes(raw) == bytes(raw[:width]) * count


def numpy_from_dense(attr: DenseIntOrFPElementsAttr) -> np.ndarray:
    """The value of a dense attribute as a numpy array of its shape (splats expanded); bf16
    values as float32 (which holds each exactly)."""
    element = attr.get_element_type()
    bf16 = isinstance(element, BFloat16Type)
    dtype = host_dtype(element)
    storage = np.uint16 if bf16 else (np.int8 if dtype == np.bool_ else dtype)
    flat = np.frombuffer(attr.data.data, dtype=storage)
    if bf16:
        flat = bf16_values(flat)
    shape = tuple(attr.get_shape())
    if flat.size == 1 and int(np.prod(shape)) != 1:
        flat = np.full(shape, flat[0], dtype=flat.dtype)
    return flat.reshape(shape).astype(dtype, copy=True)
