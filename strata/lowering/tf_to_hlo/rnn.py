"""tf -> hlo for the fused recurrent cells (LSTMBlockCell, BlockLSTM, BlockLSTMV2, GRUBlockCell):
each step is a dot of [x, h] with the weights, bias adds, slices per gate and the gates'
elementwise arithmetic; BlockLSTM's steps are unrolled over its static time dim."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import TensorType, i1, i32
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import hlo, tf
from strata.dialects.tensor_types import shape_of
from strata.dialects.tf.core import constant_value
from strata.internal import expect
from strata.lowering.locations import LocatedBuilder
from strata.lowering.tf_to_hlo.elementwise import Expr, all_static
from strata.lowering.tf_to_hlo.helpers import broadcast_to, scalar


def _affine(b: LocatedBuilder, parts: Sequence[SSAValue], w: SSAValue, bias: SSAValue) -> SSAValue:
    """concat(parts, dim 1) @ w + bias: [batch, rows] x [rows, n] + [n]."""
    joined = b(hlo.ConcatenateOp(list(parts), 1)).result
    batch = shape_of(joined.type)[0]
    w_t = expect(w.type, TensorType)
    n = shape_of(w_t)[1]
    product = b(
        hlo.DotGeneralOp(joined, w, [], [], [1], [0], TensorType(w_t.element_type, [batch, n]))
    ).result
    return b(hlo.AddOp(product, broadcast_to(b, bias, [batch, n]))).result


def _columns(b: LocatedBuilder, z: SSAValue, k: int, width: int) -> SSAValue:
    """Columns [k * width, (k + 1) * width) of the [batch, n] z."""
    batch = shape_of(z.type)[0]
    return b(hlo.SliceOp(z, [0, k * width], [batch, (k + 1) * width])).result


def _lstm_step(
    b: LocatedBuilder, op: tf.LSTMBlockCellOp | tf.BlockLSTMOp | tf.BlockLSTMV2Op,
    x: SSAValue, cs_prev: SSAValue, h_prev: SSAValue,
) -> list[SSAValue]:  # fmt: skip
    """One LSTM step: the 7 results [i, cs, f, o, ci, co, h], each [batch, cell]."""
    t = expect(cs_prev.type, TensorType)
    batch, cell = shape_of(t)
    e = Expr(b, t)
    z = _affine(b, [x, h_prev], op.w, op.b)
    gates = {g: _columns(b, z, k, cell) for k, g in enumerate(op.GATES)}
    i_in, f_in, o_in = gates["i"], gates["f"], gates["o"]
    peephole = bool(op.use_peephole.value.data)

    def peep(weights: SSAValue, state: SSAValue) -> SSAValue:
        return e.mul(state, broadcast_to(b, weights, [batch, cell]))

    if peephole:
        i_in = e.add(i_in, peep(op.wci, cs_prev))
        f_in = e.add(f_in, peep(op.wcf, cs_prev))
    forget = op.forget()
    if forget != 0.0:
        f_in = e.add(f_in, forget)
    i = e.unary(hlo.LogisticOp, i_in)
    f = e.unary(hlo.LogisticOp, f_in)
    ci = e.unary(hlo.TanhOp, gates["c"])
    cs = e.add(e.mul(ci, i), e.mul(cs_prev, f))
    clip = op.cell_clip.value.data
    if clip > 0:
        cs = e.clamp(-clip, cs, clip)
    if peephole:
        o_in = e.add(o_in, peep(op.wco, cs))
    o = e.unary(hlo.LogisticOp, o_in)
    co = e.unary(hlo.TanhOp, cs)
    return [i, cs, f, o, ci, co, e.mul(co, o)]


class LSTMBlockCellLowering(RewritePattern):
    """tf.LSTMBlockCell(x, cs_prev, h_prev, w, wci, wcf, wco, b) -> z = concat(x, h_prev) @ w + b;
    gates i, ci, f, o = z's column blocks; i = logistic(i (+ cs_prev * wci)), f = logistic(f
    (+ cs_prev * wcf) + forget_bias), ci = tanh(ci), cs = ci * i + cs_prev * f (clamped to
    +-cell_clip when positive), o = logistic(o (+ cs * wco)), co = tanh(cs), h = co * o"""

    handles = (tf.LSTMBlockCellOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.LSTMBlockCellOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], _lstm_step(b, op, op.x, op.cs_prev, op.h_prev))


class BlockLSTMLowering(RewritePattern):
    """tf.BlockLSTM / BlockLSTMV2(seq_len_max, x [T, B, In], cs_prev, h_prev, ...) -> an
    hlo.while over t < T carrying (t, cs, h, the 7 results [T, B, cell], zeros at first): the
    body takes x[t] (dynamic_slice), runs the LSTMBlockCell step (V2: gates i, f, ci, o and no
    forget_bias) and writes its results at [t] (dynamic_update_slice), zeros from step
    seq_len_max on (a compare and select, left out where seq_len_max is a constant of at least
    T). hlo-unroll-loops unrolls it where that pays."""

    handles = (tf.BlockLSTMOp, tf.BlockLSTMV2Op)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (tf.BlockLSTMOp, tf.BlockLSTMV2Op)) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        x_t = expect(op.x.type, TensorType)
        steps, batch, width = shape_of(x_t)
        state_t = expect(op.cs_prev.type, TensorType)
        cell = shape_of(state_t)[1]
        out_t = TensorType(x_t.element_type, [steps, batch, cell])
        limit = constant_value(op.seq_len_max)
        masked = limit is None or int(limit) < steps
        outputs = [Expr(b, out_t).c(0.0)] * 7
        carried = [scalar(b, 0, i32), op.cs_prev, op.h_prev, *outputs]
        loop, cond, body = hlo.WhileOp.with_empty_regions(carried)
        at = b.into(cond)
        more = at(hlo.CompareOp(cond.args[0], scalar(at, steps, i32), "LT", "SIGNED")).result
        at(hlo.ReturnOp([more]))
        at = b.into(body)
        t, cs, h, *written = body.args
        zero = scalar(at, 0, i32)
        piece = at(hlo.DynamicSliceOp(op.x, [t, zero, zero], [1, batch, width])).result
        x = at(hlo.ReshapeOp(piece, TensorType(x_t.element_type, [batch, width]))).result
        results = _lstm_step(at, op, x, cs, h)
        state = [results[1], results[6]]
        if masked:
            seq_t = expect(op.seq_len_max.type, TensorType)
            index = at(hlo.ConvertOp(t, seq_t.element_type)).result
            live = at(hlo.CompareOp(index, op.seq_len_max, "LT", "SIGNED")).result
            live = at(hlo.BroadcastInDimOp(live, TensorType(i1, [batch, cell]), [])).result
            zeros = Expr(at, state_t).c(0.0)
            results = [at(hlo.SelectOp(live, r, zeros)).result for r in results]
        step_t = TensorType(x_t.element_type, [1, batch, cell])
        updated = [
            at(
                hlo.DynamicUpdateSliceOp(out, at(hlo.ReshapeOp(r, step_t)).result, [t, zero, zero])
            ).result
            for out, r in zip(written, results, strict=True)
        ]
        following = at(hlo.AddOp(t, scalar(at, 1, i32))).result
        at(hlo.ReturnOp([following, *state, *updated]))
        b(loop)
        rewriter.replace(op, [], list(loop.results[3:]))


class GRUBlockCellLowering(RewritePattern):
    """tf.GRUBlockCell(x, h_prev, w_ru, w_c, b_ru, b_c) -> r, u = logistic(concat(x, h_prev) @
    w_ru + b_ru)'s two column blocks; c = tanh(concat(x, r * h_prev) @ w_c + b_c);
    h = u * h_prev + (1 - u) * c"""

    handles = (tf.GRUBlockCellOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.GRUBlockCellOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        t = expect(op.h_prev.type, TensorType)
        cell = shape_of(t)[1]
        e = Expr(b, t)
        ru = e.unary(hlo.LogisticOp, _affine(b, [op.x, op.h_prev], op.w_ru, op.b_ru))
        r, u = _columns(b, ru, 0, cell), _columns(b, ru, 1, cell)
        c = e.unary(hlo.TanhOp, _affine(b, [op.x, e.mul(r, op.h_prev)], op.w_c, op.b_c))
        h = e.add(e.mul(u, op.h_prev), e.mul(e.sub(1.0, u), c))
        rewriter.replace(op, [], [r, u, c, h])


PATTERNS: tuple[RewritePattern, ...] = (
    LSTMBlockCellLowering(),
    BlockLSTMLowering(),
    GRUBlockCellLowering(),
)
