"""Element types Strata compiles: kind, bit width, numpy dtype, whether LLVM export has them.

Every layer asks this module (never `isinstance(t, Float32Type)` or `str(t) == "f16"`). Integers
are signless in MLIR and read as signed, except `ui<N>` types and i1 (bool). bf16 is a compiler
type only: numpy has no bf16, so it has no dtype and the host side reports a bf16 entry argument;
llvmlite has no bfloat, so `emulate-bf16` computes it in f32 and LLVM carries its bits as i16.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import Enum
from typing import TypeGuard

import numpy as np
from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    ComplexType,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    Signedness,
    f16,
    f32,
    f64,
    i1,
)
from xdsl.ir import Attribute


class ElementKind(Enum):
    FLOAT = "float"
    SIGNED = "signed integer"
    UNSIGNED = "unsigned integer"
    BOOL = "bool"


@dataclass(frozen=True)
class ElementInfo:
    """What one element type is: `dtype` None where numpy has no such type (bf16)."""

    kind: ElementKind
    width: int
    dtype: np.dtype | None
    has_llvm_type: bool


_FLOATS: dict[type[Attribute], ElementInfo] = {
    Float16Type: ElementInfo(ElementKind.FLOAT, 16, np.dtype(np.float16), True),
    BFloat16Type: ElementInfo(ElementKind.FLOAT, 16, None, True),  # as i16 bits (emulate-bf16)
    Float32Type: ElementInfo(ElementKind.FLOAT, 32, np.dtype(np.float32), True),
    Float64Type: ElementInfo(ElementKind.FLOAT, 64, np.dtype(np.float64), True),
}

_INTEGER_WIDTHS = (2, 4, 8, 16, 32, 64)
"""i2 and i4 (and ui2, ui4) are held in a byte each: numpy int8/uint8, sign- or zero-extended
(as xDSL stores their dense values); the code computes in the narrow type and stores the byte
extended (`convert-memref-to-llvm`), folding wraps back to the width (`wrap_to_width`)."""

_NUMPY_TO_ELEMENT: dict[np.dtype, Attribute] = {
    np.dtype(np.float32): f32,
    np.dtype(np.float64): f64,
    np.dtype(np.float16): f16,
    np.dtype(np.int8): IntegerType(8),
    np.dtype(np.int16): IntegerType(16),
    np.dtype(np.int32): IntegerType(32),
    np.dtype(np.int64): IntegerType(64),
    # TensorFlow's uint8 is an unsigned ui8: casts zero-extend it, compares and shifts are
    # unsigned (a signless i8 made pixels above 127 negative).
    np.dtype(np.uint8): IntegerType(8, Signedness.UNSIGNED),
    np.dtype(np.bool_): i1,
}


@functools.cache
def element_info(element: Attribute) -> ElementInfo | None:
    """The description of a supported element type, None for any other type (f80, i3, index).
    Cached: every lowering asks it of the same few types, thousands of times a compile."""
    for cls, info in _FLOATS.items():
        if isinstance(element, cls):
            return info
    if not isinstance(element, IntegerType):
        return None
    width = element.width.data
    if width == 1:
        return ElementInfo(ElementKind.BOOL, 1, np.dtype(np.bool_), True)
    if width not in _INTEGER_WIDTHS:
        return None
    stored = max(width, 8)
    if element.signedness.data == Signedness.UNSIGNED:
        return ElementInfo(ElementKind.UNSIGNED, width, np.dtype(f"uint{stored}"), True)
    return ElementInfo(ElementKind.SIGNED, width, np.dtype(f"int{stored}"), True)


def kind_of(element: Attribute) -> ElementKind | None:
    info = element_info(element)
    return None if info is None else info.kind


def kind_of_dtype(dtype: np.dtype) -> ElementKind | None:
    """The kind of values a numpy dtype holds (None: not a number or bool)."""
    return {"f": ElementKind.FLOAT, "i": ElementKind.SIGNED, "u": ElementKind.UNSIGNED}.get(
        dtype.kind, ElementKind.BOOL if dtype.kind == "b" else None
    )


def is_float(element: Attribute) -> TypeGuard[AnyFloat]:
    return kind_of(element) is ElementKind.FLOAT


def is_bool(element: Attribute) -> bool:
    return kind_of(element) is ElementKind.BOOL


def is_integer(element: Attribute) -> bool:
    """A supported integer type other than bool."""
    return kind_of(element) in (ElementKind.SIGNED, ElementKind.UNSIGNED)


def is_numeric(element: Attribute) -> bool:
    """A supported float or integer type (not bool)."""
    return is_float(element) or is_integer(element)


def bit_width(element: Attribute) -> int:
    """The width of a supported element type; callers check `element_info` first for user types."""
    info = element_info(element)
    if info is None:
        raise TypeError(f"no bit width for element type {element}")
    return info.width


def element_type_for(dtype: np.dtype | type) -> Attribute:
    """The MLIR element type of a numpy dtype (signless integers, as MLIR has them)."""
    key = np.dtype(dtype)
    if key not in _NUMPY_TO_ELEMENT:
        raise TypeError(f"unsupported dtype {key}")
    return _NUMPY_TO_ELEMENT[key]


def numpy_dtype_for(element: Attribute) -> np.dtype:
    """The numpy dtype that holds values of an MLIR element type (signless integers read as signed).

    bf16 and unsupported types raise TypeError: the host side cannot hold them, and callers that
    reach this with user input report the op first (`unsupported_element_message`)."""
    info = element_info(element)
    if info is None or info.dtype is None:
        raise TypeError(f"no numpy dtype for element type {element}")
    return info.dtype


def host_dtype(element: Attribute) -> np.dtype:
    """The numpy dtype that holds every value of `element` on the host: its own, float32 for
    bf16 (which numpy lacks; `dense_from_numpy` rounds float32 values into bf16)."""
    if isinstance(element, BFloat16Type):
        return np.dtype(np.float32)
    return numpy_dtype_for(element)


def wrap_to_width(array: np.ndarray, element: Attribute) -> np.ndarray:
    """`array` (of `element`'s numpy dtype) with each integer wrapped to `element`'s width, as
    the narrow type's arithmetic wraps: the identity but for i2, i4, ui2 and ui4, whose numpy
    dtype is a byte."""
    info = element_info(element)
    if (
        info is None
        or info.dtype is None
        or info.kind not in (ElementKind.SIGNED, ElementKind.UNSIGNED)
    ):
        return array
    if info.width >= 8 * info.dtype.itemsize:
        return array
    span = 1 << info.width
    low = np.asarray(array).astype(np.int64) & (span - 1)
    if info.kind is ElementKind.SIGNED:
        low = np.where(low >= span >> 1, low - span, low)
    return low.astype(info.dtype)


def bf16_bits(values: np.ndarray) -> np.ndarray:
    """The bf16 bit patterns (uint16) nearest to `values` (rounded to f32 first, then to nearest
    even; a NaN keeps its sign and top payload bits, made quiet), as `emulate-bf16` rounds."""
    word = np.asarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    high = word >> np.uint64(16)
    rounded = (word + np.uint64(0x7FFF) + (high & np.uint64(1))) >> np.uint64(16)
    nan = np.isnan(np.asarray(values, dtype=np.float32))
    return np.where(nan, high | np.uint64(0x40), rounded).astype(np.uint16)


def bf16_values(bits: np.ndarray) -> np.ndarray:
    """float32 values of bf16 bit patterns (exact: bf16 is f32's top half)."""
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << np.uint32(16)).view(np.float32)


def storage_bytes(element: Attribute) -> int | None:
    """Bytes one element takes in memory, as LLVM lays it out and the host holds it: index 8,
    i1, i2 and i4 a byte, bf16 two; None for an unsupported type."""
    if isinstance(element, IndexType):
        return 8
    info = element_info(element)
    return None if info is None else max(1, (info.width + 7) // 8)


def has_numpy_dtype(element: Attribute) -> bool:
    info = element_info(element)
    return info is not None and info.dtype is not None


def supported_element_names() -> str:
    return "f16, bf16, f32, f64, i1, i2, i4, i8, i16, i32, i64, ui2, ui4, ui8, ui16, ui32, ui64"


def complex_part(element: Attribute) -> Float32Type | Float64Type | None:
    """The part type of complex<f32> or complex<f64> (the complex types the `hlo` dialect takes);
    None for any other type. Only `hlo` holds complex values: `hlo-complex-to-real` rewrites each
    into a real tensor with a trailing (real, imaginary) dim, so `element_info` has no complex."""
    if not isinstance(element, ComplexType):
        return None
    part = element.element_type
    return part if isinstance(part, Float32Type | Float64Type) else None


def is_complex(element: Attribute) -> bool:
    return complex_part(element) is not None
