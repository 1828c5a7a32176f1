"""tf.NonMaxSuppressionV2..V5 -> hlo: a sort by score and one hlo.while step per candidate.

TensorFlow's kernel pops the candidates (score above the threshold) from a priority queue in
decreasing score, the lower box index first on ties, and keeps one unless its IoU with a box
kept before it is above the IoU threshold, until max_output_size are kept. Here chlo.top_k
orders the boxes the same way (TensorFlow's TopK breaks ties by index too), and the loop visits
them in that order while fewer than the limit are kept: each step computes the candidate's
IoU with every slot of the kept boxes at once (the slots not filled yet masked off), as the
kernel computes it (corners ordered by min/max, a box of no area overlapping nothing), and
writes the candidate's index, score and corners to the next slot when it is kept. The kept
count is the op's last result; the slots past it stay 0.
"""

from __future__ import annotations

from xdsl.dialects.builtin import TensorType, i32
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import chlo, hlo, tf
from strata.dialects.tensor_types import shape_of
from strata.internal import expect
from strata.lowering.locations import LocatedBuilder
from strata.lowering.tf_to_hlo.elementwise import Expr, all_static
from strata.lowering.tf_to_hlo.gather import take
from strata.lowering.tf_to_hlo.helpers import any_true, scalar, splat


def _corners(e: Expr, boxes: SSAValue, n: int) -> list[SSAValue]:
    """ymin, xmin, ymax, xmax and the area of each of `boxes` [n, 4], as [n] vectors."""
    b = e.b
    f = e.element
    columns = [
        b(
            hlo.ReshapeOp(b(hlo.SliceOp(boxes, [0, c], [n, c + 1])).result, TensorType(f, [n]))
        ).result
        for c in range(4)
    ]
    y1, x1, y2, x2 = columns
    ymin = b(hlo.MinimumOp(y1, y2)).result
    xmin = b(hlo.MinimumOp(x1, x2)).result
    ymax = e.max(y1, y2)
    xmax = e.max(x1, x2)
    area = e.mul(e.sub(ymax, ymin), e.sub(xmax, xmin))
    return [ymin, xmin, ymax, xmax, area]


def _entry(b: LocatedBuilder, vector: SSAValue, k: SSAValue) -> SSAValue:
    """vector[k] as a rank-0 tensor."""
    element = expect(vector.type, TensorType).element_type
    one = b(hlo.DynamicSliceOp(vector, [k], [1])).result
    return b(hlo.ReshapeOp(one, TensorType(element, []))).result


class NonMaxSuppressionLowering(RewritePattern):
    """tf.NonMaxSuppressionV2..V5 (hard suppression) -> chlo.top_k + hlo.while (module
    docstring)."""

    handles = tf.NON_MAX_SUPPRESSIONS

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.NonMaxSuppressionBase) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        boxes, scores, iou_limit = op.operands[0], op.operands[1], op.operands[3]
        scores_t = expect(scores.type, TensorType)
        f = scores_t.element_type
        n = shape_of(scores_t)[0]
        rows = op.rows()
        wants_scores = len(op.results) == 3
        slots = max(rows, 1)  # a loop state of no rows cannot be sliced at a run-time index
        picked_t, kept_t = TensorType(i32, [slots]), TensorType(f, [slots])
        score_limit = op.score_threshold_value()
        e = Expr(b, TensorType(f, [n]))
        if score_limit is None:
            score_limit = scalar(b, float("-inf"), f)
        top = b(chlo.TopKOp(scores, n))
        order, ranked = top.indices, top.values
        corners = _corners(e, take(b, boxes, order, 0, 0, TensorType(f, [n, 4])), n)
        cap = min(rows, n)  # each box is kept once at most
        inits = [
            scalar(b, 0, i32),  # the candidate's rank k
            scalar(b, 0, i32),  # how many are kept
            splat(b, 0, picked_t),  # their box indices
            splat(b, 0, kept_t),  # their scores
            *[splat(b, 0, kept_t) for _ in corners],  # their corners and areas
        ]
        loop, cond, body = hlo.WhileOp.with_empty_regions(inits)
        at = b.into(cond)
        more = at(hlo.CompareOp(cond.args[0], scalar(at, n, i32), "LT", "SIGNED")).result
        room = at(hlo.CompareOp(cond.args[1], scalar(at, cap, i32), "LT", "SIGNED")).result
        at(hlo.ReturnOp([at(hlo.AndOp(more, room)).result]))

        at = b.into(body)
        k, count, picked, kept, *held = body.args
        s = Expr(at, TensorType(f, []))
        v = Expr(at, kept_t)
        mine = [_entry(at, c, k) for c in corners]
        ymin, xmin, ymax, xmax, area = [
            at(hlo.BroadcastInDimOp(c, kept_t, [])).result for c in mine
        ]
        h_ymin, h_xmin, h_ymax, h_xmax, h_area = held
        tall = v.max(v.sub(at(hlo.MinimumOp(ymax, h_ymax)).result, v.max(ymin, h_ymin)), 0.0)
        wide = v.max(v.sub(at(hlo.MinimumOp(xmax, h_xmax)).result, v.max(xmin, h_xmin)), 0.0)
        inter = v.mul(tall, wide)
        iou = v.div(inter, v.sub(v.add(area, h_area), inter))
        empty = at(hlo.OrOp(v.cmp("LE", area, 0.0), v.cmp("LE", h_area, 0.0))).result
        iou = v.select(empty, 0.0, iou)
        over = v.cmp("GT", iou, at(hlo.BroadcastInDimOp(iou_limit, kept_t, [])).result)
        slot = at(hlo.IotaOp(0, picked_t)).results[0]
        filled = at(
            hlo.CompareOp(slot, at(hlo.BroadcastInDimOp(count, picked_t, [])).result, "LT")
        ).result
        suppressed = any_true(at, at(hlo.AndOp(over, filled)).result)
        score = _entry(at, ranked, k)
        above = s.cmp("GT", score, score_limit)
        keep = at(hlo.AndOp(above, at(hlo.NotOp(suppressed)).result)).result
        index = _entry(at, order, k)

        def put(into: SSAValue, value: SSAValue) -> SSAValue:
            element = expect(into.type, TensorType).element_type
            one = at(hlo.ReshapeOp(value, TensorType(element, [1]))).result
            written = at(hlo.DynamicUpdateSliceOp(into, one, [count])).result
            return at(hlo.SelectOp(keep, written, into)).result

        step = at(hlo.ConvertOp(keep, i32)).result
        at(
            hlo.ReturnOp(
                [
                    at(hlo.AddOp(k, scalar(at, 1, i32))).result,
                    at(hlo.AddOp(count, step)).result,
                    put(picked, index),
                    put(kept, score),
                    *[put(h, c) for h, c in zip(held, mine, strict=True)],
                ]
            )
        )
        b(loop)
        total: SSAValue = loop.results[1]
        chosen: SSAValue = loop.results[2]
        their_scores: SSAValue = loop.results[3]
        if rows == 0:  # the slot of an empty result
            chosen = b(hlo.SliceOp(chosen, [0], [0])).result
            their_scores = b(hlo.SliceOp(their_scores, [0], [0])).result
        results = [chosen, their_scores, total] if wants_scores else [chosen, total]
        rewriter.replace(op, [], results)


PATTERNS: tuple[RewritePattern, ...] = (NonMaxSuppressionLowering(),)
