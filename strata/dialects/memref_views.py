"""Which memref ops are views of another buffer, and the buffer a view comes from.

Shared by the kernel outliner (transforms) and the NVVM lowering: both mark kernel arguments noalias
only where no two of them view the same buffer.
"""

from __future__ import annotations

from xdsl.dialects import memref
from xdsl.ir import SSAValue

VIEW_OPS = (memref.CollapseShapeOp, memref.ExpandShapeOp, memref.CastOp)


def buffer_root(value: SSAValue) -> SSAValue:
    """The buffer `value` is a reshape/cast of (arena views are roots: live ones never overlap)."""
    while isinstance(value.owner, VIEW_OPS):
        value = value.owner.operands[0]
    return value
