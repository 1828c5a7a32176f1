"""What the tf -> hlo patterns share: broadcasting operands to a result shape, splat constants,
any-of-a-mask for runtime checks."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from xdsl.dialects.builtin import TensorType, i1
from xdsl.ir import Attribute, SSAValue

from strata.dialects import hlo
from strata.dialects.element_kinds import complex_part, host_dtype
from strata.dialects.tensor_types import dense_from_numpy
from strata.internal import expect
from strata.lowering.locations import LocatedBuilder


def broadcast_to(b: LocatedBuilder, value: SSAValue, shape: Sequence[int]) -> SSAValue:
    """numpy-style broadcast of `value` to `shape` (trailing dims aligned): hlo.broadcast_in_dim"""
    t = expect(value.type, TensorType)
    src = tuple(t.get_shape())
    if src == tuple(shape):
        return value
    offset = len(shape) - len(src)
    dims = [offset + i for i in range(len(src))]
    return b(hlo.BroadcastInDimOp(value, TensorType(t.element_type, shape), dims)).result


def spread(
    b: LocatedBuilder, value: SSAValue, shape: Sequence[int], dims: Sequence[int]
) -> SSAValue:
    """`value` broadcast to `shape`, its dim i becoming dim dims[i] (hlo.broadcast_in_dim)."""
    t = expect(value.type, TensorType)
    return b(
        hlo.BroadcastInDimOp(value, TensorType(t.element_type, list(shape)), list(dims))
    ).result


def splat(b: LocatedBuilder, value: float, like: Attribute) -> SSAValue:
    """A constant of `like`'s type whose every element is `value`."""
    like = expect(like, TensorType)
    part = complex_part(like.element_type)
    if part is not None:  # no numpy constant of a complex type: value + 0i from its parts
        real = splat(b, value, TensorType(part, like.get_shape()))
        imag = splat(b, 0, TensorType(part, like.get_shape()))
        return b(hlo.ComplexOp(real, imag)).result
    # bf16 has no numpy dtype: its values go in as float32 (dense_from_numpy rounds them)
    dtype = host_dtype(like.element_type)
    array = np.full(tuple(like.get_shape()), value, dtype=dtype)
    return b(hlo.ConstantOp(dense_from_numpy(array, like.element_type))).output


def scalar(b: LocatedBuilder, value: float, element: Attribute) -> SSAValue:
    """A rank-0 constant."""
    return splat(b, value, TensorType(element, []))


def any_true(b: LocatedBuilder, flags: SSAValue) -> SSAValue:
    """tensor<...xi1> -> tensor<i1>: hlo.reduce with hlo.or across every dim."""
    rank = len(expect(flags.type, TensorType).get_shape())
    if rank == 0:
        return flags
    false = scalar(b, 0, i1)
    return b(hlo.ReduceOp.build_binary(flags, false, list(range(rank)), hlo.OrOp)).results[0]
