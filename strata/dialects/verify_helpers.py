"""Verifier helpers shared by the tf and hlo dialects."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import DYNAMIC_INDEX, TensorType
from xdsl.ir import Attribute, SSAValue
from xdsl.utils.exceptions import VerifyException


def expect_tensor(value: SSAValue | Attribute, what: str) -> TensorType:
    """The ranked tensor type of `value` (a value or a type); a verify error naming `what` else."""
    t = value.type if isinstance(value, SSAValue) else value
    if not isinstance(t, TensorType):
        raise VerifyException(f"{what} must be a ranked tensor, found {t}")
    return t


def dims_compatible(a: Sequence[int], b: Sequence[int]) -> bool:
    """Same rank, and every dim pair equal or one of them dynamic."""
    if len(a) != len(b):
        return False
    return all(x == y or DYNAMIC_INDEX in (x, y) for x, y in zip(a, b, strict=True))
