"""Which memref ops are views of another buffer, the buffer a view comes from, and which bytes of
it a view covers.

Shared by the kernel outliner (transforms) and the NVVM lowering: both mark a kernel argument
noalias only where `distinct_buffers` shows no other argument can touch its bytes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import IntegerAttr, MemRefType, TensorType
from xdsl.ir import Attribute, SSAValue

from strata.dialects.element_kinds import storage_bytes

VIEW_OPS = (memref.CollapseShapeOp, memref.ExpandShapeOp, memref.CastOp)
"""Views of the whole of their operand's bytes (reshapes and casts)."""


def buffer_root(value: SSAValue) -> SSAValue:
    """The buffer `value` is a reshape/cast of (an arena view is its own root)."""
    while isinstance(value.owner, VIEW_OPS):
        value = value.owner.operands[0]
    return value


@dataclass(frozen=True)
class ByteRange:
    """The bytes [start, end) of `base` that a memref value covers."""

    base: SSAValue
    start: int
    end: int

    def overlaps(self, other: ByteRange) -> bool:
        return self.base == other.base and self.start < other.end and other.start < self.end


def memref_nbytes(t: Attribute) -> int | None:
    """The bytes a memref (or a tensor) of static shape holds (`storage_bytes` per element); None
    for another type, a dynamic shape or an unsupported element type."""
    if not isinstance(t, MemRefType | TensorType):
        return None
    shape = t.get_shape()
    size = storage_bytes(t.element_type)
    if any(d < 0 for d in shape) or size is None:
        return None
    return math.prod(shape) * size


def byte_range(value: SSAValue) -> ByteRange | None:
    """The bytes `value` covers: all of its root buffer, or of an arena for a `memref.view` at a
    constant offset (buffer-assign's temporaries); None when that is not known statically."""
    root = buffer_root(value)
    t = root.type
    if not isinstance(t, MemRefType) or (size := memref_nbytes(t)) is None:
        return None
    view = root.owner
    if not isinstance(view, memref.ViewOp):
        return ByteRange(root, 0, size)
    shift = view.byte_shift.owner
    if not isinstance(shift, arith.ConstantOp) or not isinstance(shift.value, IntegerAttr):
        return None
    start = shift.value.value.data
    return ByteRange(buffer_root(view.source), start, start + size)


def distinct_buffers(values: Sequence[SSAValue]) -> list[bool]:
    """For each of `values`, whether it is a memref whose bytes are provably disjoint from every
    other memref's there (the condition for marking it noalias); False for other values and for
    unknown ranges. Distinct roots (function arguments, globals, allocations) never share bytes."""
    memrefs = [i for i, v in enumerate(values) if isinstance(v.type, MemRefType)]
    ranges = {i: byte_range(values[i]) for i in memrefs}
    flags = [False] * len(values)
    for i in memrefs:
        mine = ranges[i]
        flags[i] = mine is not None and all(
            (other := ranges[j]) is not None and not mine.overlaps(other) for j in memrefs if j != i
        )
    return flags
