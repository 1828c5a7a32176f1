"""What lowerings that rewrite an hlo op into other hlo ops (expansions run before control flow
lowers) and lowerings of hlo regions to scalar code share.

`HloEmitter` appends hlo ops located at the op they expand, before it or into a block (an
hlo.while's regions); `hypot` is the sqrt(a^2 + b^2) with no overflow on the way that they
share. `region_lowers_to_scalars` / `emit_region` turn a region of hlo ops on rank-0 tensors (a
map's computation, a sort's comparator, select_and_scatter's select and scatter, a reduce's
body) into scalar arith/math code in a linalg.generic body, through `scalar_ops`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
from xdsl.dialects.builtin import TensorType, i32
from xdsl.ir import Attribute, Block, Operation, SSAValue

from strata.dialects import hlo
from strata.dialects.tensor_types import dense_from_numpy, numpy_from_dense, shape_of
from strata.internal import InternalError, expect
from strata.lowering.hlo_to_linalg import scalar_ops
from strata.lowering.hlo_to_linalg.generic import element_of
from strata.lowering.hlo_to_linalg.scalar_ops import Emit


class HloEmitter:
    """Appends hlo ops, each located at `at` (the op being expanded), before `at` or, given a
    block, at the end of that block; calling it returns the op's first result."""

    def __init__(self, at: Operation, block: Block | None = None):
        self.at = at
        self.block = block

    def __call__(self, op: Operation) -> SSAValue:
        self.add(op)
        return op.results[0]

    def add(self, op: Operation) -> None:
        op.location = self.at.location
        if self.block is not None:
            self.block.add_op(op)
        else:
            expect(self.at.parent_block(), Block, "the expanded op's block").insert_op_before(
                op, self.at
            )

    def scalar(self, value: float, element: Attribute) -> SSAValue:
        """A rank-0 hlo.constant."""
        return self(hlo.ConstantOp(dense_from_numpy(np.array(value), element)))

    def splat(self, value: float, like: SSAValue) -> SSAValue:
        """`value` in every element of a tensor of `like`'s type."""
        return self(hlo.BroadcastInDimOp(self.scalar(value, element_of(like)), like.type, []))

    def slice(self, value: SSAValue, dim: int, start: int, limit: int) -> SSAValue:
        """Elements start..limit-1 of `value` along `dim`, all of the other dims."""
        shape = shape_of(value.type)
        starts = [start if d == dim else 0 for d in range(len(shape))]
        limits = [limit if d == dim else s for d, s in enumerate(shape)]
        return self(hlo.SliceOp(value, starts, limits))

    def reshape(self, value: SSAValue, shape: Sequence[int]) -> SSAValue:
        return self(hlo.ReshapeOp(value, TensorType(element_of(value), shape)))


def hypot(emit: HloEmitter, a: SSAValue, b: SSAValue) -> SSAValue:
    """sqrt(a^2 + b^2) of real float tensors of one type, with no overflow or underflow on the
    way: big * sqrt(1 + r) for big, small = max, min of |a|, |b| and r = (small / big)^2
    (within 2 ulp); where 1 + r rounds to 1, big + big r / 2 keeps the first-order term the root
    loses, and equal parts give sqrt(2) big. As IEEE hypot: 0 where both are 0 (not 0/0), +inf
    where either is infinite even if the other is NaN, else NaN where either is NaN. Selects, no
    branches: it serves rank-0 bodies (complex abs and division, asin and acos)."""
    x, y = emit(hlo.AbsOp(a)), emit(hlo.AbsOp(b))
    big, small = emit(hlo.MaximumOp(x, y)), emit(hlo.MinimumOp(x, y))  # NaN if either is
    zero, one, two, inf = (emit.splat(value, a) for value in (0.0, 1.0, 2.0, math.inf))
    ratio = emit(hlo.DivideOp(small, big))
    r = emit(hlo.MultiplyOp(ratio, ratio))
    root = emit(hlo.SqrtOp(emit(hlo.AddOp(one, r))))
    first_order = emit(hlo.AddOp(big, emit(hlo.DivideOp(emit(hlo.MultiplyOp(big, r)), two))))
    tiny = emit(hlo.AndOp(emit(hlo.CompareOp(root, one, "EQ")), emit(hlo.CompareOp(r, zero, "GT"))))
    general = emit(hlo.SelectOp(tiny, first_order, emit(hlo.MultiplyOp(big, root))))
    equal = emit(hlo.CompareOp(big, small, "EQ"))
    sqrt2_big = emit(hlo.MultiplyOp(emit.splat(math.sqrt(2.0), a), big))
    general = emit(hlo.SelectOp(equal, sqrt2_big, general))
    both_zero = emit(hlo.CompareOp(big, zero, "EQ"))
    modulus = emit(hlo.SelectOp(both_zero, zero, general))
    x_inf, y_inf = emit(hlo.CompareOp(x, inf, "EQ")), emit(hlo.CompareOp(y, inf, "EQ"))
    return emit(hlo.SelectOp(emit(hlo.OrOp(x_inf, y_inf)), inf, modulus))


def counted_loop(
    emit: HloEmitter, trips: int, carried: Sequence[SSAValue]
) -> tuple[hlo.WhileOp, HloEmitter]:
    """An hlo.while carrying (step: i32 from 0, *`carried`) while step < `trips`, added at
    `emit`; returns it and an emitter into its empty body, which the caller fills and ends with
    an hlo.return of step + 1 and the next carried values."""
    loop, cond, body = hlo.WhileOp.with_empty_regions([emit.scalar(0, i32), *carried])
    emit.add(loop)
    in_cond = HloEmitter(emit.at, cond)
    more = in_cond(hlo.CompareOp(cond.args[0], in_cond.scalar(trips, i32), "LT", "SIGNED"))
    in_cond.add(hlo.ReturnOp([more]))
    return loop, HloEmitter(emit.at, body)


def _is_scalar(value: SSAValue) -> bool:
    return isinstance(value.type, TensorType) and value.type.get_num_dims() == 0


def captured(block: Block) -> list[SSAValue]:
    """Values the block's ops use but neither it nor its ops define, in first-use order."""
    defined: set[SSAValue] = set(block.args)
    found: list[SSAValue] = []
    for inner in block.ops:
        found += [v for v in inner.operands if v not in defined and v not in found]
        defined.update(inner.results)
    return found


def _computed_element(op: Operation) -> Attribute:
    """The element type `scalar_ops.emit_elementwise` computes `op` on."""
    value = op.operands[0] if isinstance(op, (hlo.CompareOp, hlo.ConvertOp)) else op.operands[-1]
    return element_of(value)


def _lowers_to_scalar(inner: Operation) -> bool:
    if len(inner.results) != 1 or not all(_is_scalar(v) for v in (*inner.operands, *inner.results)):
        return False
    if isinstance(inner, hlo.ConstantOp):
        return True
    return bool(inner.operands) and scalar_ops.supports(inner, _computed_element(inner))


def region_lowers_to_scalars(block: Block, results: int = 1) -> bool:
    """Whether every op of `block` (ending in hlo.return of `results` values) is a rank-0
    constant or an elementwise op on rank-0 tensors that `scalar_ops` computes, and every value
    it captures from outside is a rank-0 tensor (its caller reads that scalar with
    tensor.extract)."""
    *body, last = list(block.ops)
    if not isinstance(last, hlo.ReturnOp) or len(last.operands) != results:
        return False
    return all(_lowers_to_scalar(inner) for inner in body) and all(
        _is_scalar(v) for v in captured(block)
    )


def emit_region(emit: Emit, block: Block, values: Mapping[SSAValue, SSAValue]) -> SSAValue:
    """Appends the scalar ops computing `block`'s hlo ops (`region_lowers_to_scalars`), given the
    scalars of its arguments and of the values it captures; returns the scalar it returns."""
    return emit_region_results(emit, block, values)[0]


def emit_region_results(
    emit: Emit, block: Block, values: Mapping[SSAValue, SSAValue]
) -> list[SSAValue]:
    """`emit_region` for a region returning several values (a variadic reduce's body): the
    scalars it returns, in order."""
    scalars = dict(values)
    for inner in block.ops:
        if isinstance(inner, hlo.ReturnOp):
            return [scalars[v] for v in inner.operands]
        if isinstance(inner, hlo.ConstantOp):
            value = numpy_from_dense(inner.value).reshape(()).item()
            scalars[inner.output] = scalar_ops.emit_constant(emit, value, element_of(inner.output))
            continue
        operands = [scalars[v] for v in inner.operands]
        scalars[inner.results[0]] = scalar_ops.emit_elementwise(emit, inner, operands)
    raise InternalError("internal error: a verified region ends in hlo.return")
