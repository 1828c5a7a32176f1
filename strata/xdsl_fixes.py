"""Fixes to xDSL 0.74 bugs that Strata's round trips hit, kept in one place (each is a candidate
for an upstream patch; drop it when the pinned xDSL has the fix).

- Dense float literals written as hex bit patterns (`dense<0xFF800000> : tensor<f32>`, which is
  how xDSL itself prints -inf and NaN) were parsed as the integer 4286578688 converted to float.
  MLIR reads them as the float's bits; so does Strata now.
"""

from __future__ import annotations

import struct
from collections.abc import Callable

from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    ComplexType,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
)
from xdsl.parser.attribute_parser import AttrParser

_BITS = {Float16Type: "<e", Float32Type: "<f", Float64Type: "<d"}
_UINTS = {Float16Type: "<H", Float32Type: "<I", Float64Type: "<Q"}


# What `_TensorLiteralElement.to_type` takes and returns (xDSL leaves its return unannotated).
_Element = AttrParser._TensorLiteralElement
_LiteralType = AnyFloat | IntegerType | IndexType | ComplexType
_LiteralValue = int | float | tuple[int, int] | tuple[float, float]


def _float_from_bits(bits: int, element: object) -> float | None:
    for cls, fmt in _BITS.items():
        if isinstance(element, cls):
            return float(struct.unpack(fmt, struct.pack(_UINTS[cls], bits))[0])
    if isinstance(element, BFloat16Type):
        return float(struct.unpack("<f", struct.pack("<I", bits << 16))[0])
    return None


def _patch_dense_hex_floats() -> None:
    original: Callable[[_Element, AttrParser, _LiteralType], _LiteralValue] = _Element.to_type
    if original.__module__ == __name__:
        return  # already patched

    def to_type(self: _Element, parser: AttrParser, type: _LiteralType) -> _LiteralValue:
        if (
            isinstance(type, AnyFloat)
            and isinstance(self.value, int)
            and not isinstance(self.value, bool)
            and not self.is_negative
            and self.span.text[:2] in ("0x", "0X")
        ):
            value = _float_from_bits(self.value, type)
            if value is not None:
                return value
        return original(self, parser, type)

    _Element.to_type = to_type  # type: ignore[method-assign]  # the patch itself


def apply() -> None:
    _patch_dense_hex_floats()
