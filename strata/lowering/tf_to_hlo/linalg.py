"""tf linear algebra -> hlo: Cholesky and MatrixTriangularSolve (hlo's own ops), MatrixInverse,
MatrixSolve and the determinants (Gauss-Jordan elimination), and the decompositions: Lu (partial
pivoting), Qr (Householder reflections), SelfAdjointEigV2 and Svd (Jacobi rotations), each
decomposition one hlo.while over the batch of matrices at once."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from xdsl.dialects.builtin import BoolAttr, TensorType, i32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import chlo, hlo, tf
from strata.dialects.hlo.scalar_semantics import float_format
from strata.dialects.tensor_types import dense_from_numpy, numpy_dtype_for, shape_of
from strata.internal import InternalError, expect
from strata.lowering.locations import LocatedBuilder
from strata.lowering.tf_to_hlo.elementwise import Expr, all_static
from strata.lowering.tf_to_hlo.gather import take
from strata.lowering.tf_to_hlo.helpers import any_true, broadcast_to, scalar, splat, spread
from strata.lowering.tf_to_hlo.reduction import reduce


class LinearAlgebraLowering(RewritePattern):
    """tf.Cholesky(a) -> hlo.cholesky(a, lower = true); tf.MatrixTriangularSolve(a, b, lower,
    adjoint) -> hlo.triangular_solve(a, b, left_side, lower, unit_diagonal = false,
    transpose_a = adjoint ? TRANSPOSE : NO_TRANSPOSE) (real matrices: adjoint is transpose), a and
    b broadcast to the result's batch dims first."""

    handles = (tf.CholeskyOp, tf.MatrixTriangularSolveOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (tf.CholeskyOp, tf.MatrixTriangularSolveOp)) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        if isinstance(op, tf.CholeskyOp):
            factor = hlo.CholeskyOp(
                operands=[op.input],
                result_types=[op.output.type],
                properties={"lower": BoolAttr.from_bool(True)},
            )
            rewriter.replace(op, [], [b(factor).result])
            return
        transpose = hlo.Transpose.TRANSPOSE if op.adjoint.value.data else hlo.Transpose.NO_TRANSPOSE
        # Batch dims that broadcast (matrix [2, M, M], rhs [1, M, K]): both spread to the
        # result's, which hlo.triangular_solve needs equal.
        batch = shape_of(op.output.type)[:-2]
        matrix_shape, rhs_shape = shape_of(op.matrix.type), shape_of(op.rhs.type)
        matrix = broadcast_to(b, op.matrix, [*batch, *matrix_shape[-2:]])
        rhs = broadcast_to(b, op.rhs, [*batch, *rhs_shape[-2:]])
        solve = hlo.TriangularSolveOp(
            matrix, rhs, True, bool(op.lower.value.data), False, transpose
        )
        rewriter.replace(op, [], [b(solve).results[0]])


class GaussJordanLowering(RewritePattern):
    """tf.MatrixInverse(a) / MatrixSolve(a, b) / MatrixDeterminant(a) -> Gauss-Jordan elimination
    with partial pivoting, unrolled over the n columns of [a | rhs] (rhs: the identity for an
    inverse): per column the row of largest |value| at or below the diagonal (the first of
    equals) is swapped up by a one-hot permutation matrix (hlo.dot_general: exact), divided by
    its pivot, and subtracted from the other rows. The determinant is the product of the pivots,
    negated per swap (LogMatrixDeterminant: the sign of that product and the sum of the log
    |pivot|s). adjoint: of a's transpose."""

    handles = (
        tf.MatrixInverseOp,
        tf.MatrixSolveOp,
        tf.MatrixDeterminantOp,
        tf.LogMatrixDeterminantOp,
    )

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, self.handles) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        a = op.operands[0]
        t = expect(a.type, TensorType)
        shape = shape_of(t)
        nb, n = len(shape) - 2, shape[-1]
        if isinstance(op, (tf.MatrixInverseOp, tf.MatrixSolveOp)) and op.adjoint.value.data:
            perm = [*range(nb), nb + 1, nb]
            a = b(hlo.TransposeOp(a, perm)).result
        if isinstance(op, tf.MatrixSolveOp):
            rhs: SSAValue | None = op.rhs
        elif isinstance(op, tf.MatrixInverseOp):
            rhs = _eye(b, t.element_type, shape[:-2], n)
        else:
            rhs = None
        m = a if rhs is None else b(hlo.ConcatenateOp([a, rhs], nb + 1)).result
        log = isinstance(op, tf.LogMatrixDeterminantOp)
        m, determinant = gauss_jordan(b, m, nb, n, want_determinant=rhs is None, log=log)
        if rhs is None:
            rewriter.replace(op, [], determinant)
            return
        width = shape_of(m.type)[-1]
        result = b(hlo.SliceOp(m, [0] * (nb + 2), [*shape[:-1], width])).result
        tail = b(hlo.SliceOp(result, [0] * (nb + 1) + [n], [*shape[:-1], width])).result
        rewriter.replace(op, [], [tail])


def gauss_jordan(
    b: LocatedBuilder, m: SSAValue, nb: int, n: int, want_determinant: bool, log: bool = False
) -> tuple[SSAValue, list[SSAValue]]:
    """[a | r] ([*batch, n, w], `nb` batch dims) reduced to [I | a^-1 r] by `GaussJordanLowering`'s
    elimination; with `want_determinant`, also [det(a)] ([*batch]), or with `log` [sign, log |det|]
    (LogMatrixDeterminant's pair: the product of the signs, the sum of the log |pivot|s)."""
    t = expect(m.type, TensorType)
    f = t.element_type
    shape = shape_of(t)
    batch, w = shape[:nb], shape[-1]
    batch_dims = list(range(nb))
    column_t, index_t = TensorType(f, [*batch, n]), TensorType(i32, [*batch, n])
    rows = b(hlo.IotaOp(nb, index_t)).output
    rows_m = b(hlo.IotaOp(nb, TensorType(i32, shape))).output
    cols_p = b(hlo.IotaOp(nb + 1, TensorType(i32, [*batch, n, n]))).output
    det = splat(b, 1, TensorType(f, batch)) if want_determinant else None
    log_abs = splat(b, 0, TensorType(f, batch)) if want_determinant and log else None

    def piece(x: SSAValue, start: Sequence[int], limit: Sequence[int]) -> SSAValue:
        return b(hlo.SliceOp(x, list(start), list(limit))).result

    for k in range(n):
        col = piece(m, [0] * (nb + 1) + [k], [*batch, n, k + 1])
        col = b(hlo.ReshapeOp(col, column_t)).result
        below = b(hlo.CompareOp(rows, splat(b, k, index_t), "GE", "SIGNED")).result
        size = b(hlo.SelectOp(below, b(hlo.AbsOp(col)).result, splat(b, -1, column_t))).result
        largest = b(hlo.ReduceOp.build_binary(size, scalar(b, -1, f), [nb], hlo.MaximumOp))
        at_largest = b(
            hlo.CompareOp(
                size, spread(b, largest.results[0], [*batch, n], batch_dims), "EQ", "FLOAT"
            )
        ).result
        candidates = b(hlo.SelectOp(at_largest, rows, splat(b, n, index_t))).result
        pivot_row = b(hlo.ReduceOp.build_binary(candidates, scalar(b, n, i32), [nb], hlo.MinimumOp))
        p = spread(b, pivot_row.results[0], [*batch, n], batch_dims)
        k_here = b(hlo.CompareOp(rows, splat(b, k, index_t), "EQ", "SIGNED")).result
        p_here = b(hlo.CompareOp(rows, p, "EQ", "SIGNED")).result
        source = b(
            hlo.SelectOp(k_here, p, b(hlo.SelectOp(p_here, splat(b, k, index_t), rows)).result)
        ).result
        source_p = spread(b, source, [*batch, n, n], [*batch_dims, nb])
        one_hot = b(hlo.CompareOp(source_p, cols_p, "EQ", "SIGNED")).result
        permutation = b(hlo.ConvertOp(one_hot, f)).result
        m = b(hlo.DotGeneralOp(permutation, m, batch_dims, batch_dims, [nb + 1], [nb])).result
        pivot = b(
            hlo.ReshapeOp(piece(m, [0] * nb + [k, k], [*batch, k + 1, k + 1]), TensorType(f, batch))
        ).result
        if det is not None:
            kept = b(
                hlo.CompareOp(
                    pivot_row.results[0], splat(b, k, TensorType(i32, batch)), "EQ", "SIGNED"
                )
            ).result
            sign = b(
                hlo.SelectOp(
                    kept, splat(b, 1, TensorType(f, batch)), splat(b, -1, TensorType(f, batch))
                )
            ).result
            if log_abs is None:
                det = b(hlo.MultiplyOp(det, b(hlo.MultiplyOp(sign, pivot)).result)).result
            else:
                pivot_sign = b(hlo.SignOp(pivot)).result
                det = b(hlo.MultiplyOp(det, b(hlo.MultiplyOp(sign, pivot_sign)).result)).result
                size = b(hlo.LogOp(b(hlo.AbsOp(pivot)).result)).result
                log_abs = b(hlo.AddOp(log_abs, size)).result
        row = piece(m, [0] * nb + [k, 0], [*batch, k + 1, w])
        row = b(hlo.DivideOp(row, spread(b, pivot, [*batch, 1, w], batch_dims))).result
        factor = piece(m, [0] * (nb + 1) + [k], [*batch, n, k + 1])
        factor = b(
            hlo.SelectOp(
                b(
                    hlo.CompareOp(
                        piece(rows_m, [0] * (nb + 2), [*batch, n, 1]),
                        splat(b, k, TensorType(i32, [*batch, n, 1])),
                        "EQ",
                        "SIGNED",
                    )
                ).result,
                splat(b, 0, TensorType(f, [*batch, n, 1])),
                factor,
            )
        ).result
        full_row = spread(
            b,
            b(hlo.ReshapeOp(row, TensorType(f, [*batch, w]))).result,
            shape,
            [*batch_dims, nb + 1],
        )
        update = b(
            hlo.MultiplyOp(
                spread(b, b(hlo.ReshapeOp(factor, column_t)).result, shape, [*batch_dims, nb]),
                full_row,
            )
        ).result
        m = b(hlo.SubtractOp(m, update)).result
        is_k = b(hlo.CompareOp(rows_m, splat(b, k, TensorType(i32, shape)), "EQ", "SIGNED")).result
        m = b(hlo.SelectOp(is_k, full_row, m)).result
    if det is None:
        return m, []
    return m, [det] if log_abs is None else [det, log_abs]


def _sum(b: LocatedBuilder, x: SSAValue, dims: list[int]) -> SSAValue:
    return reduce(b, x, dims, hlo.AddOp, 0)


def _iota(b: LocatedBuilder, shape: Sequence[int], dim: int) -> SSAValue:
    return b(hlo.IotaOp(dim, TensorType(i32, list(shape)))).output


def _eye(b: LocatedBuilder, f: Attribute, batch: Sequence[int], n: int) -> SSAValue:
    eye = np.broadcast_to(np.eye(n, dtype=numpy_dtype_for(f)), [*batch, n, n]).copy()
    return b(hlo.ConstantOp(dense_from_numpy(eye, f))).output


def _pad_last(b: LocatedBuilder, x: SSAValue, dims: Sequence[int]) -> SSAValue:
    """`x` with one zero row or column more along each of `dims` (an odd order made even)."""
    t = expect(x.type, TensorType)
    rank = len(t.get_shape())
    high = [1 if d in dims else 0 for d in range(rank)]
    return b(hlo.PadOp(x, scalar(b, 0, t.element_type), [0] * rank, high)).result


def _column_loop(
    b: LocatedBuilder, trips: int, carried: list[SSAValue]
) -> tuple[hlo.WhileOp, LocatedBuilder, SSAValue, list[SSAValue]]:
    """An hlo.while over (k from 0, *carried) while k < `trips`: the loop, a builder into its
    body, k and the carried values there. The caller ends the body with hlo.return of k + 1 and
    the next values, then adds the loop."""
    loop, cond, body = hlo.WhileOp.with_empty_regions([scalar(b, 0, i32), *carried])
    at = b.into(cond)
    more = at(hlo.CompareOp(cond.args[0], scalar(at, trips, i32), "LT", "SIGNED")).result
    at(hlo.ReturnOp([more]))
    return loop, b.into(body), body.args[0], list(body.args[1:])


def _entry(at: LocatedBuilder, x: SSAValue, row: SSAValue, col: SSAValue) -> SSAValue:
    """x[..., row, col] ([*B]) at run-time indices."""
    *batch, _, _ = shape_of(x.type)
    zero = scalar(at, 0, i32)
    f = expect(x.type, TensorType).element_type
    corner = at(hlo.DynamicSliceOp(x, [zero] * len(batch) + [row, col], [*batch, 1, 1])).result
    return at(hlo.ReshapeOp(corner, TensorType(f, batch))).result


def _column(at: LocatedBuilder, x: SSAValue, k: SSAValue, row: bool = False) -> SSAValue:
    """x[..., :, k] ([*B, M]) at a run-time column k; with `row`, x[..., k, :] ([*B, N])."""
    *batch, m, n = shape_of(x.type)
    zero = scalar(at, 0, i32)
    f = expect(x.type, TensorType).element_type
    start, sizes = ([k, zero], [1, n]) if row else ([zero, k], [m, 1])
    piece = at(hlo.DynamicSliceOp(x, [zero] * len(batch) + start, [*batch, *sizes])).result
    return at(hlo.ReshapeOp(piece, TensorType(f, [*batch, sizes[0] * sizes[1]]))).result


# -- QR ---------------------------------------------------------------------------------------


class QrLowering(RewritePattern):
    """tf.Qr(a [*B, M, N]) -> Householder reflections, one hlo.while step per column k <
    min(M, N), as LAPACK's geqrf and Eigen's HouseholderQR (TensorFlow's kernel) make them: with
    c0 = r[k, k] and the tail r[k+1:, k] (squared norm t), beta = -sign(c0) sqrt(c0^2 + t) (c0 = 0
    counts as positive), tau = (beta - c0) / beta and v = [1, tail / (c0 - beta)]; r -= tau v
    (v^T r), q -= (q v) tau v^T, and column k becomes [beta, 0...]. A tail of squared norm at or
    below the smallest normal number reflects nothing (tau = 0, beta = c0): Eigen's rule, so that
    r's diagonal has TensorFlow's signs and q its columns."""

    handles = (tf.QrOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.QrOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        t = expect(op.input.type, TensorType)
        f = t.element_type
        *batch, m, n = shape_of(t)
        nb = len(batch)
        bd = list(range(nb))
        mat_t, col_t, one_t = (
            TensorType(f, [*batch, m, n]),
            TensorType(f, [*batch, m]),
            TensorType(f, batch),
        )
        loop, at, k, (q, r) = _column_loop(b, min(m, n), [_eye(b, f, batch, m), op.input])
        e = Expr(at, col_t)
        rows = _iota(at, [*batch, m], nb)
        k_col = at(hlo.BroadcastInDimOp(k, TensorType(i32, [*batch, m]), [])).result
        column = _column(at, r, k)
        c0 = _entry(at, r, k, k)
        below = at(hlo.CompareOp(rows, k_col, "GT", "SIGNED")).result
        tail = e.select(below, column, 0.0)
        s = Expr(at, one_t)
        tail_sq = _sum(at, e.mul(tail, tail), [nb])
        tiny = float_format(f).tiny
        none = s.cmp("LE", tail_sq, tiny)
        norm = s.unary(hlo.SqrtOp, s.add(s.mul(c0, c0), tail_sq))
        beta = s.select(s.cmp("GE", c0, 0.0), s.sub(0.0, norm), norm)
        beta = s.select(none, c0, beta)
        tau = s.select(none, 0.0, s.div(s.sub(beta, c0), beta))
        scale = s.select(none, 1.0, s.sub(c0, beta))
        v = e.div(tail, spread(at, scale, [*batch, m], bd))
        v = e.select(at(hlo.CompareOp(rows, k_col, "EQ", "SIGNED")).result, 1.0, v)
        tau_v = e.mul(v, spread(at, tau, [*batch, m], bd))
        m_e = Expr(at, mat_t)
        w = at(hlo.DotGeneralOp(v, r, bd, bd, [nb], [nb])).result  # v^T r: [*B, N]
        r = m_e.sub(
            r,
            m_e.mul(
                spread(at, tau_v, [*batch, m, n], [*bd, nb]),
                spread(at, w, [*batch, m, n], [*bd, nb + 1]),
            ),
        )
        rows_m = _iota(at, [*batch, m, n], nb)
        cols_m = _iota(at, [*batch, m, n], nb + 1)
        k_m = at(hlo.BroadcastInDimOp(k, TensorType(i32, [*batch, m, n]), [])).result
        in_k = at(hlo.CompareOp(cols_m, k_m, "EQ", "SIGNED")).result
        under = at(hlo.CompareOp(rows_m, k_m, "GT", "SIGNED")).result
        on = at(hlo.CompareOp(rows_m, k_m, "EQ", "SIGNED")).result
        r = m_e.select(at(hlo.AndOp(in_k, under)).result, 0.0, r)
        r = m_e.select(at(hlo.AndOp(in_k, on)).result, spread(at, beta, [*batch, m, n], bd), r)
        q_t = TensorType(f, [*batch, m, m])
        q_e = Expr(at, q_t)
        qv = at(hlo.DotGeneralOp(q, v, bd, bd, [nb + 1], [nb])).result  # [*B, M]
        q = q_e.sub(
            q,
            q_e.mul(
                spread(at, qv, [*batch, m, m], [*bd, nb]),
                spread(at, tau_v, [*batch, m, m], [*bd, nb + 1]),
            ),
        )
        at(hlo.ReturnOp([at(hlo.AddOp(k, scalar(at, 1, i32))).result, q, r]))
        b(loop)
        q, r = loop.results[1], loop.results[2]
        kept = m if op.full_matrices.value.data else min(m, n)
        q = b(hlo.SliceOp(q, [0] * (nb + 2), [*batch, m, kept])).result
        r = b(hlo.SliceOp(r, [0] * (nb + 2), [*batch, kept, n])).result
        rewriter.replace(op, [], [q, r])


class LuLowering(RewritePattern):
    """tf.Lu(a [*B, M, M]) -> one hlo.while step per column k, as Eigen's PartialPivLU
    (TensorFlow's kernel) takes them: the pivot is the first row at or below k of largest |a[r,
    k]|; rows k and pivot swap (a gather of the rows, and of the permutation p, from iota); below
    the diagonal column k is divided by the pivot (not where the pivot is zero: a singular
    matrix), and the trailing rows and columns lose l_r u_c."""

    handles = (tf.LuOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.LuOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        t = expect(op.input.type, TensorType)
        f = t.element_type
        *batch, m, _ = shape_of(t)
        nb = len(batch)
        bd = list(range(nb))
        order_t = TensorType(i32, [*batch, m])
        loop, at, k, (a, order) = _column_loop(b, m, [op.input, _iota(b, [*batch, m], nb)])
        col_t, one_t = TensorType(f, [*batch, m]), TensorType(f, batch)
        e, i = Expr(at, col_t), Expr(at, order_t)
        rows = _iota(at, [*batch, m], nb)
        k_col = at(hlo.BroadcastInDimOp(k, order_t, [])).result
        column = _column(at, a, k)
        size = e.select(i.cmp("GE", rows, k_col), e.unary(hlo.AbsOp, column), -1.0)
        largest = reduce(at, size, [nb], hlo.MaximumOp, -1.0)
        at_largest = e.cmp("EQ", size, spread(at, largest, [*batch, m], bd))
        pivot_row = reduce(at, i.select(at_largest, rows, m), [nb], hlo.MinimumOp, m)
        p = spread(at, pivot_row, [*batch, m], bd)
        source = i.select(i.cmp("EQ", rows, k_col), p, i.select(i.cmp("EQ", rows, p), k_col, rows))
        a = take(at, a, source, nb, nb, a.type)
        order = take(at, order, source, nb, nb, order.type)
        mat = [*batch, m, m]
        column, row, pivot = _column(at, a, k), _column(at, a, k, row=True), _entry(at, a, k, k)
        s = Expr(at, one_t)
        pivot = s.select(s.cmp("EQ", pivot, 0.0), 1.0, pivot)
        below = i.cmp("GT", rows, k_col)
        lower = e.select(below, e.div(column, spread(at, pivot, [*batch, m], bd)), 0.0)
        upper = e.select(below, row, 0.0)  # the columns after k (row and column index alike)
        m_e = Expr(at, TensorType(f, mat))
        update = m_e.mul(spread(at, lower, mat, [*bd, nb]), spread(at, upper, mat, [*bd, nb + 1]))
        a = m_e.sub(a, update)
        rows_m, cols_m = _iota(at, mat, nb), _iota(at, mat, nb + 1)
        k_m = at(hlo.BroadcastInDimOp(k, TensorType(i32, mat), [])).result
        in_k = Expr(at, TensorType(i32, mat))
        under = at(hlo.AndOp(in_k.cmp("EQ", cols_m, k_m), in_k.cmp("GT", rows_m, k_m))).result
        a = m_e.select(under, spread(at, lower, mat, [*bd, nb]), a)
        at(hlo.ReturnOp([at(hlo.AddOp(k, scalar(at, 1, i32))).result, a, order]))
        b(loop)
        p_out: SSAValue = loop.results[2]
        index_t = expect(op.p.type, TensorType)
        if index_t.element_type != i32:
            p_out = b(hlo.ConvertOp(p_out, index_t.element_type)).result
        rewriter.replace(op, [], [loop.results[1], p_out])


# -- Jacobi rotations -------------------------------------------------------------------------


def round_robin(size: int) -> list[int]:
    """The positions of a round-robin tournament of `size` (even) players in pairs (0, 1), (2, 3),
    ...: the next round's position p holds the player at position round_robin(size)[p] of this
    one, the same for every round (the circle method: player 0 stays, the others turn), so that
    any size - 1 rounds in a row pair every two players once."""
    if size <= 2:
        return list(range(size))
    h = size // 2
    source = [0, 2]
    for i in range(1, h):
        source += [2 * (i + 1) if i < h - 1 else size - 1, 1 if i == 1 else 2 * i - 1]
    return source


class Jacobi:
    """Cyclic Jacobi rotations on the pairs of positions (0, 1), (2, 3), ... of N (even), the
    positions permuted by `round_robin` after each round, in one hlo.while until N - 1 rounds in
    a row rotate nothing (a whole sweep) or 64 sweeps have run. A pair rotates where |g| > N eps
    sqrt(|a| |b|) (a, b its diagonal entries, g its off-diagonal one: de Rijk's test, which
    keeps small eigen- and singular values accurate), by t = sign(z) / (|z| + sqrt(1 + z^2)), z =
    (b - a) / (2 g) (Golub and Van Loan's symmetric Schur rotation), c = 1 / sqrt(1 + t^2), s = t
    c: column p becomes c x_p - s x_q and column q s x_p + c x_q. Two-sided (`symmetric`: the
    rows rotate too, a symmetric matrix's eigenvalues) or one-sided (Hestenes': the columns'
    squared norms and dot products are a, b and g; a matrix's singular values). `vectors`
    accumulates the rotations of the columns of an identity."""

    def __init__(self, b: LocatedBuilder, x: SSAValue, symmetric: bool, vectors: bool):
        self.b = b
        t = expect(x.type, TensorType)
        self.f = t.element_type
        *self.batch, self.rows, self.n = shape_of(t)
        self.nb = len(self.batch)
        self.symmetric = symmetric
        carried = [
            scalar(b, 0, i32),
            scalar(b, 0, i32),
            x,
            b(hlo.IotaOp(0, TensorType(i32, [self.n]))).output,
        ]
        if vectors:
            carried.append(_eye(b, self.f, self.batch, self.n))
        loop, cond, body = hlo.WhileOp.with_empty_regions(carried)
        at = b.into(cond)
        rounds = max(self.n - 1, 1)
        more = at(hlo.CompareOp(cond.args[1], scalar(at, rounds, i32), "LT", "SIGNED")).result
        limit = at(hlo.CompareOp(cond.args[0], scalar(at, 64 * rounds, i32), "LT", "SIGNED")).result
        at(hlo.ReturnOp([at(hlo.AndOp(more, limit)).result]))
        at = b.into(body)
        step, quiet = body.args[0], body.args[1]
        x, v, ids, rotated = self.round(at, body.args[2], list(body.args[4:]), body.args[3])
        one = scalar(at, 1, i32)
        calm = at(
            hlo.SelectOp(rotated, scalar(at, 0, i32), at(hlo.AddOp(quiet, one)).result)
        ).result
        at(hlo.ReturnOp([at(hlo.AddOp(step, one)).result, calm, x, ids, *v]))
        b(loop)
        self.x = loop.results[2]
        self.ids = loop.results[3]
        self.v = loop.results[4] if vectors else None

    def vectors(self) -> SSAValue:
        """The accumulated rotations (built with `vectors`)."""
        if self.v is None:
            raise InternalError("Jacobi rotations built without their vectors")
        return self.v

    def pairs(self, at: LocatedBuilder, x: SSAValue, axis: int) -> tuple[SSAValue, SSAValue]:
        """The even and the odd positions of `x` along `axis`."""
        shape = shape_of(x.type)
        rank = len(shape)
        lo = [0] * rank
        evens = at(hlo.SliceOp(x, lo, shape, [2 if d == axis else 1 for d in range(rank)])).result
        odd_lo = [1 if d == axis else 0 for d in range(rank)]
        odds = at(
            hlo.SliceOp(x, odd_lo, shape, [2 if d == axis else 1 for d in range(rank)])
        ).result
        return evens, odds

    def rotate(
        self, at: LocatedBuilder, x: SSAValue, axis: int, c: SSAValue, s: SSAValue
    ) -> SSAValue:
        """`x` with its pairs of positions along `axis` rotated by c and s ([*B, N/2])."""
        shape = shape_of(x.type)
        evens, odds = self.pairs(at, x, axis)
        half = shape_of(evens.type)
        e = Expr(at, evens.type)
        dims = [*range(self.nb), axis]
        c, s = spread(at, c, half, dims), spread(at, s, half, dims)
        first = e.sub(e.mul(c, evens), e.mul(s, odds))
        second = e.add(e.mul(s, evens), e.mul(c, odds))
        split = [*half[: axis + 1], 1, *half[axis + 1 :]]
        split_t = TensorType(self.f, split)
        joined = at(
            hlo.ConcatenateOp(
                [
                    at(hlo.ReshapeOp(first, split_t)).result,
                    at(hlo.ReshapeOp(second, split_t)).result,
                ],
                axis + 1,
            )
        ).result
        return at(hlo.ReshapeOp(joined, TensorType(self.f, shape))).result

    def round(
        self, at: LocatedBuilder, x: SSAValue, v: list[SSAValue], ids: SSAValue
    ) -> tuple[SSAValue, list[SSAValue], SSAValue, SSAValue]:
        nb, col = self.nb, self.nb + 1
        h = self.n // 2
        pair_t = TensorType(self.f, [*self.batch, h])
        if self.symmetric:
            eye = _eye(at, self.f, self.batch, self.n)
            m = Expr(at, x.type)
            diagonal = _sum(at, m.mul(x, eye), [col])
            a, bb = self.pairs(at, diagonal, nb)
            rows_even, rows_odd = self.pairs(at, x, nb)  # [*B, N/2, N]
            _, upper = self.pairs(at, rows_even, col)  # x[2i, 2j + 1]
            g = _sum(at, Expr(at, upper.type).mul(upper, self.pair_mask(at)), [col])
        else:
            evens, odds = self.pairs(at, x, col)
            c_e = Expr(at, evens.type)
            a = _sum(at, c_e.mul(evens, evens), [nb])
            bb = _sum(at, c_e.mul(odds, odds), [nb])
            g = _sum(at, c_e.mul(evens, odds), [nb])
        p = Expr(at, pair_t)
        eps = float_format(self.f).eps * self.n
        size = p.mul(
            p.unary(hlo.SqrtOp, p.unary(hlo.AbsOp, a)), p.unary(hlo.SqrtOp, p.unary(hlo.AbsOp, bb))
        )
        turn = p.cmp("GT", p.unary(hlo.AbsOp, g), p.mul(size, eps))
        z = p.div(p.sub(bb, a), p.mul(2.0, p.select(turn, g, 1.0)))
        abs_z = p.unary(hlo.AbsOp, z)
        sign = p.select(p.cmp("GE", z, 0.0), 1.0, -1.0)
        t = p.div(sign, p.add(abs_z, p.unary(hlo.SqrtOp, p.add(1.0, p.mul(z, z)))))
        huge = 1.0 / math.sqrt(float_format(self.f).eps)
        t = p.select(p.cmp("GT", abs_z, huge), p.div(0.5, z), t)
        c = p.unary(hlo.RsqrtOp, p.add(1.0, p.mul(t, t)))
        s = p.mul(t, c)
        c, s = p.select(turn, c, 1.0), p.select(turn, s, 0.0)
        x = self.rotate(at, x, col, c, s)
        if self.symmetric:
            x = self.rotate(at, x, nb, c, s)
        v = [self.rotate(at, w, col, c, s) for w in v]
        order = at(
            hlo.ConstantOp(dense_from_numpy(np.array(round_robin(self.n), np.int32), i32))
        ).output
        x = take(at, x, order, col, 0, x.type)
        if self.symmetric:
            x = take(at, x, order, nb, 0, x.type)
        v = [take(at, w, order, col, 0, w.type) for w in v]
        ids = take(at, ids, order, 0, 0, ids.type)
        return x, v, ids, any_true(at, turn)

    def pair_mask(self, at: LocatedBuilder) -> SSAValue:
        """[*B, N/2, N/2] ones where row i meets column i (the pair's own off-diagonal entry)."""
        return _eye(at, self.f, self.batch, self.n // 2)

    def ordered(self, key: SSAValue, count: int) -> SSAValue:
        """The positions ([*B, count] i32) of the `count` largest of `key` ([*B, N]), largest
        first (the first position of equals first)."""
        top = self.b(chlo.TopKOp(key, self.n))
        return self.b(hlo.SliceOp(top.results[1], [0] * (self.nb + 1), [*self.batch, count])).result

    def spare(self, key: SSAValue, real: int, value: float) -> SSAValue:
        """`key` ([*B, N]) with `value` at the position of the padding (original index `real`)."""
        b = self.b
        ids = b(
            hlo.BroadcastInDimOp(self.ids, TensorType(i32, [*self.batch, self.n]), [self.nb])
        ).result
        pad = b(hlo.CompareOp(ids, splat(b, real, ids.type), "EQ", "SIGNED")).result
        return Expr(b, key.type).select(pad, value, key)


class SelfAdjointEigLowering(RewritePattern):
    """tf.SelfAdjointEigV2(a [*B, N, N]) -> two-sided `Jacobi` on the symmetric matrix of a's
    lower triangle (an odd N gets a zero row and column more, which never rotates); the diagonal
    is the eigenvalues, put in ascending order (chlo.top_k of their negatives) with the
    accumulated rotations' columns as the eigenvectors. Jacobi's eigenvalues are accurate to
    their own size (TensorFlow's tridiagonal QR to the largest's)."""

    handles = (tf.SelfAdjointEigV2Op,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.SelfAdjointEigV2Op) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        t = expect(op.input.type, TensorType)
        *batch, n, _ = shape_of(t)
        nb = len(batch)
        rows = _iota(b, [*batch, n, n], nb)
        cols = _iota(b, [*batch, n, n], nb + 1)
        lower = b(hlo.CompareOp(rows, cols, "GE", "SIGNED")).result
        mirrored = b(hlo.TransposeOp(op.input, [*range(nb), nb + 1, nb])).result
        x: SSAValue = b(hlo.SelectOp(lower, op.input, mirrored)).result
        if n % 2:
            x = _pad_last(b, x, [nb, nb + 1])
        compute_v = bool(op.compute_v.value.data)
        jacobi = Jacobi(b, x, symmetric=True, vectors=compute_v)
        size = n + n % 2
        eye = _eye(b, t.element_type, batch, size)
        m = Expr(b, jacobi.x.type)
        diagonal = _sum(b, m.mul(jacobi.x, eye), [nb + 1])
        key = jacobi.spare(Expr(b, diagonal.type).sub(0.0, diagonal), n, -np.inf)
        order = jacobi.ordered(key, n)
        values = take(b, diagonal, order, nb, nb, TensorType(t.element_type, [*batch, n]))
        if not compute_v:
            rewriter.replace(op, [], [values, splat(b, 0, op.v.type)])
            return
        w = jacobi.vectors()
        w = take(b, w, order, nb + 1, nb, TensorType(t.element_type, [*batch, size, n]))
        w = b(hlo.SliceOp(w, [0] * (nb + 2), [*batch, n, n])).result
        rewriter.replace(op, [], [values, w])


class SvdLowering(RewritePattern):
    """tf.Svd(a [*B, M, N]) -> one-sided `Jacobi` on the columns of a (of a^T where M < N; an odd
    count gets a zero column more, which never rotates): the singular values are the columns'
    norms, in descending order (chlo.top_k), u the columns over their norms (a zero column
    stays zero: TensorFlow completes u to an orthonormal basis there) and v the accumulated
    rotations; a^T's u and v are a's v and u. (full_matrices with u or v not square is refused
    by the op's verifier.)"""

    handles = (tf.SvdOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.SvdOp) or not all_static(op):
            return
        t = expect(op.input.type, TensorType)
        f = t.element_type
        *batch, m, n = shape_of(t)
        nb = len(batch)
        compute_uv = bool(op.compute_uv.value.data)
        b = LocatedBuilder(rewriter, op)
        x = op.input
        wide = m < n
        if wide:
            x = b(hlo.TransposeOp(x, [*range(nb), nb + 1, nb])).result
            m, n = n, m
        if n % 2:
            x = _pad_last(b, x, [nb + 1])
        jacobi = Jacobi(b, x, symmetric=False, vectors=compute_uv)
        size = n + n % 2
        e = Expr(b, jacobi.x.type)
        norms = b(hlo.SqrtOp(_sum(b, e.mul(jacobi.x, jacobi.x), [nb]))).result
        order = jacobi.ordered(jacobi.spare(norms, n, -1.0), n)
        values = take(b, norms, order, nb, nb, TensorType(f, [*batch, n]))
        if not compute_uv:
            empty = splat(b, 0, op.u.type)
            rewriter.replace(op, [], [values, empty, empty])
            return
        columns = take(b, jacobi.x, order, nb + 1, nb, TensorType(f, [*batch, m, n]))
        u_e = Expr(b, columns.type)
        scale = spread(b, values, [*batch, m, n], [*range(nb), nb + 1])
        positive = u_e.cmp("GT", scale, 0.0)
        u = u_e.select(positive, u_e.div(columns, u_e.select(positive, scale, 1.0)), 0.0)
        v = take(b, jacobi.vectors(), order, nb + 1, nb, TensorType(f, [*batch, size, n]))
        v = b(hlo.SliceOp(v, [0] * (nb + 2), [*batch, n, n])).result
        if wide:
            u, v = v, u
        rewriter.replace(op, [], [values, u, v])


PATTERNS: tuple[RewritePattern, ...] = (
    LinearAlgebraLowering(),
    GaussJordanLowering(),
    QrLowering(),
    SelfAdjointEigLowering(),
    SvdLowering(),
    LuLowering(),
)
