"""hlo.triangular_solve as an hlo.while over the rows of the solution (substitution), and
hlo.cholesky as one over the columns of the factor, expanded before control flow lowers, so the
loops and their slices lower as any other hlo.while does.

Every form is brought to op(a) x = b with op(a) lower or upper triangular: a right-side solve
x op(a) = b is op(a)^T x^T = b^T, and a transposed a swaps lower and upper. Row i of x is then
(b_i - sum_j t_ij x_j) / t_ii, where t is the triangle without its diagonal and x starts at
zero: rows not solved yet are zero, so one dot of row i of t with all of x reads only the rows
solved before it (forward for lower, backward for upper). `unit_diagonal` skips the division.
The IR is the same size for any m (the loop runs m times); the work is m^2 n per matrix.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import ModuleOp, TensorType, i32
from xdsl.ir import SSAValue
from xdsl.rewriter import Rewriter

from strata.dialects import hlo
from strata.internal import expect
from strata.lowering.hlo_to_linalg.hlo_builder import HloEmitter, counted_loop


def _swap_last(emit: HloEmitter, value: SSAValue) -> SSAValue:
    rank = expect(value.type, TensorType, "operand").get_num_dims()
    return emit(hlo.TransposeOp(value, [*range(rank - 2), rank - 1, rank - 2]))


def expand_triangular_solve(op: hlo.TriangularSolveOp) -> None:
    emit = HloEmitter(op)
    a, b = op.a, op.b
    lower = bool(op.lower.value.data)
    if op.transposed:
        a, lower = _swap_last(emit, a), not lower
    left = bool(op.left_side.value.data)
    if not left:
        a, lower, b = _swap_last(emit, a), not lower, _swap_last(emit, b)
    a_type = expect(a.type, TensorType, "a")
    b_type = expect(b.type, TensorType, "b")
    element = a_type.element_type
    shape = list(a_type.get_shape())
    batch, m = shape[:-2], shape[-1]
    n = b_type.get_shape()[-1]
    k = len(batch)

    # The triangle without its diagonal; the rest (which the op does not read) zero.
    index_type = TensorType(i32, shape)
    rows = emit(hlo.IotaOp(k, index_type))
    cols = emit(hlo.IotaOp(k + 1, index_type))
    inside = emit(hlo.CompareOp(rows, cols, "GT" if lower else "LT", "SIGNED"))
    zero = emit(hlo.BroadcastInDimOp(emit.scalar(0.0, element), a_type, []))
    strict = emit(hlo.SelectOp(inside, a, zero))
    x0 = emit(hlo.BroadcastInDimOp(emit.scalar(0.0, element), b_type, []))
    loop, e = counted_loop(emit, m, [x0])
    step, x = loop.body.block.args
    row_index = step if lower else e(hlo.SubtractOp(e.scalar(m - 1, i32), step))
    zeros = [e.scalar(0, i32)] * k

    def at(*last: SSAValue) -> Sequence[SSAValue]:
        return [*zeros, *last]

    col0 = e.scalar(0, i32)
    row = e(hlo.DynamicSliceOp(strict, at(row_index, col0), [*batch, 1, m]))
    batch_dims = list(range(k))
    solved = e(hlo.DotGeneralOp(row, x, batch_dims, batch_dims, [k + 1], [k]))
    rhs = e(hlo.DynamicSliceOp(b, at(row_index, col0), [*batch, 1, n]))
    value = e(hlo.SubtractOp(rhs, solved))
    if not op.unit_diagonal.value.data:
        diagonal = e(hlo.DynamicSliceOp(a, at(row_index, row_index), [*batch, 1, 1]))
        spread = e(
            hlo.BroadcastInDimOp(diagonal, TensorType(element, [*batch, 1, n]), range(k + 2))
        )
        value = e(hlo.DivideOp(value, spread))
    x_next = e(hlo.DynamicUpdateSliceOp(x, value, at(row_index, col0)))
    step_next = e(hlo.AddOp(step, e.scalar(1, i32)))
    e.add(hlo.ReturnOp([step_next, x_next]))

    result: SSAValue = loop.results[1]
    if not left:
        result = _swap_last(emit, result)
    op.result.replace_all_uses_with(result)
    Rewriter.erase_op(op)


def expand_cholesky(op: hlo.CholeskyOp) -> None:
    """Column j of L (lower; an upper factor is the lower one of a^T, transposed) is
    v = a[:, j] - L L[j, :]^T over the columns already computed (the others are still zero),
    then sqrt(v_j) at row j, v_i / sqrt(v_j) below it and zero above."""
    emit = HloEmitter(op)
    a = op.a if op.is_lower else _swap_last(emit, op.a)
    a_type = expect(a.type, TensorType, "a")
    element = a_type.element_type
    shape = list(a_type.get_shape())
    batch, n = shape[:-2], shape[-1]
    k = len(batch)
    factor0 = emit(hlo.BroadcastInDimOp(emit.scalar(0.0, element), a_type, []))
    loop, e = counted_loop(emit, n, [factor0])
    j, factor = loop.body.block.args
    zeros = [e.scalar(0, i32)] * k
    col0 = e.scalar(0, i32)
    batch_dims = list(range(k))
    row = e(hlo.DynamicSliceOp(factor, [*zeros, j, col0], [*batch, 1, n]))
    done = e(hlo.DotGeneralOp(factor, row, batch_dims, batch_dims, [k + 1], [k + 1]))
    column = e(hlo.DynamicSliceOp(a, [*zeros, col0, j], [*batch, n, 1]))
    v = e(hlo.SubtractOp(column, done))
    column_type = TensorType(element, [*batch, n, 1])
    pivot = e(hlo.SqrtOp(e(hlo.DynamicSliceOp(v, [*zeros, j, col0], [*batch, 1, 1]))))
    pivots = e(hlo.BroadcastInDimOp(pivot, column_type, range(k + 2)))
    rows = e(hlo.IotaOp(k, TensorType(i32, [*batch, n, 1])))
    js = e(hlo.BroadcastInDimOp(j, TensorType(i32, [*batch, n, 1]), []))
    below = e(hlo.CompareOp(rows, js, "GT", "SIGNED"))
    on = e(hlo.CompareOp(rows, js, "EQ", "SIGNED"))
    zero = e(hlo.BroadcastInDimOp(e.scalar(0.0, element), column_type, []))
    new = e(hlo.SelectOp(on, pivots, e(hlo.SelectOp(below, e(hlo.DivideOp(v, pivots)), zero))))
    factor_next = e(hlo.DynamicUpdateSliceOp(factor, new, [*zeros, col0, j]))
    e.add(hlo.ReturnOp([e(hlo.AddOp(j, e.scalar(1, i32))), factor_next]))

    result: SSAValue = loop.results[1]
    if not op.is_lower:
        result = _swap_last(emit, result)
    op.result.replace_all_uses_with(result)
    Rewriter.erase_op(op)


def expand_triangular_solves(module: ModuleOp) -> None:
    """Every hlo.triangular_solve and hlo.cholesky of `module` as an hlo.while."""
    for op in [o for o in module.walk() if isinstance(o, hlo.TriangularSolveOp | hlo.CholeskyOp)]:
        if isinstance(op, hlo.CholeskyOp):
            expand_cholesky(op)
        else:
            expand_triangular_solve(op)
