"""tf stateless random ops -> hlo: TensorFlow's Philox-4x32-10 stream in 64-bit integer ops, so
the numbers are TensorFlow's own for the same seed (checked against TF-made fixtures).

Each 32-bit word is held in an i64 (a product of two words then fits: its high half is a shift,
its low half a mask). Output element i takes word i % 4 of Philox(counter + i // 4, key), the
counter a 128-bit number in four words; a normal takes two words per pair of outputs."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from xdsl.dialects.builtin import TensorType, f32, f64, i32, i64
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import hlo, tf
from strata.dialects.hlo.scalar_semantics import float_format
from strata.dialects.tensor_types import dense_from_numpy, shape_of
from strata.internal import expect
from strata.lowering.locations import LocatedBuilder
from strata.lowering.tf_to_hlo.elementwise import Expr
from strata.lowering.tf_to_hlo.helpers import scalar, splat
from strata.lowering.tf_to_hlo.reduction import reduce, scan

PHILOX_M = (0xD2511F53, 0xCD9E8D57)
PHILOX_W = (0x9E3779B9, 0xBB67AE85)
PHILOX_ROUNDS = 10
SEED_KEY = (0x3EC8F720, 0x02461E29)
"""The fixed key TensorFlow scrambles a seed with: Philox(seed as a counter, SEED_KEY) gives the
key (words 0, 1) and the high half of the counter (words 2, 3)."""
WORD = 0xFFFFFFFF


class _Words:
    """Ops on tensors of one shape whose i64 elements hold 32-bit words."""

    def __init__(self, b: LocatedBuilder, size: int):
        self.b = b
        self.type = TensorType(i64, [size])
        self.e = Expr(b, self.type)

    def c(self, value: int) -> SSAValue:
        return self.e.c(float(value))

    def low(self, x: SSAValue) -> SSAValue:
        return self.b(hlo.AndOp(x, self.c(WORD))).result

    def high(self, x: SSAValue) -> SSAValue:
        return self.b(hlo.ShiftRightLogicalOp(x, self.c(32))).result

    def xor(self, x: SSAValue, y: SSAValue) -> SSAValue:
        return self.b(hlo.XorOp(x, y)).result

    def join(self, low: SSAValue, high: SSAValue) -> SSAValue:
        """A 64-bit value from its two words."""
        return self.b(hlo.OrOp(low, self.b(hlo.ShiftLeftOp(high, self.c(32))).result)).result

    def split(self, x: SSAValue) -> tuple[SSAValue, SSAValue]:
        return self.low(x), self.high(x)

    def philox(
        self, counter: Sequence[SSAValue], key: Sequence[SSAValue]
    ) -> tuple[SSAValue, SSAValue, SSAValue, SSAValue]:
        """Philox-4x32-10 of the four counter words under the two key words."""
        c0, c1, c2, c3 = counter
        k0, k1 = key
        for round_ in range(PHILOX_ROUNDS):
            p0, p1 = self.e.mul(c0, float(PHILOX_M[0])), self.e.mul(c2, float(PHILOX_M[1]))
            hi0, lo0 = self.high(p0), self.low(p0)
            hi1, lo1 = self.high(p1), self.low(p1)
            c0, c1, c2, c3 = (
                self.xor(self.xor(hi1, c1), k0),
                lo1,
                self.xor(self.xor(hi0, c3), k1),
                lo0,
            )
            if round_ < PHILOX_ROUNDS - 1:
                k0 = self.low(self.e.add(k0, float(PHILOX_W[0])))
                k1 = self.low(self.e.add(k1, float(PHILOX_W[1])))
        return c0, c1, c2, c3


def _element(b: LocatedBuilder, value: SSAValue, index: int) -> SSAValue:
    """Element `index` of a 1-D tensor as a rank-0 one."""
    t = expect(value.type, TensorType)
    one = b(hlo.SliceOp(value, [index], [index + 1])).result
    return b(hlo.ReshapeOp(one, TensorType(t.element_type, []))).result


def _spread(b: LocatedBuilder, value: SSAValue, words: _Words) -> SSAValue:
    """A rank-0 value broadcast to the words' shape."""
    return b(hlo.BroadcastInDimOp(value, words.type, [])).result


def key_counter_of_seed(b: LocatedBuilder, seed: SSAValue) -> tuple[SSAValue, SSAValue]:
    """TensorFlow's (key tensor<1xi64>, counter tensor<2xi64>) for a seed of two integers."""
    words = _Words(b, 1)
    seed64 = seed
    if expect(seed.type, TensorType).element_type != i64:
        seed64 = b(hlo.ConvertOp(seed, i64)).result  # an int32 seed sign-extends, as in TF
    s0, s1 = (b(hlo.SliceOp(seed64, [i], [i + 1])).result for i in range(2))
    (c0, c1), (c2, c3) = words.split(s0), words.split(s1)
    m0, m1, m2, m3 = words.philox([c0, c1, c2, c3], [words.c(SEED_KEY[0]), words.c(SEED_KEY[1])])
    key = words.join(m0, m1)
    counter = b(hlo.ConcatenateOp([words.c(0), words.join(m2, m3)], 0)).result
    return key, counter


def philox_at(b: LocatedBuilder, key: SSAValue, counter: SSAValue, offsets: SSAValue) -> SSAValue:
    """The four words of Philox(counter + offset, key) for each of the 1-D i64 `offsets`, side
    by side: tensor<M*4 x i64> (the counter a 128-bit number, the offset carried through its
    four words)."""
    calls = shape_of(offsets.type)[0]
    words = _Words(b, calls)
    k0, k1 = (_spread(b, w, words) for w in words_of(b, _element(b, key, 0)))
    c = [_spread(b, w, words) for i in range(2) for w in words_of(b, _element(b, counter, i))]
    step = offsets
    moved: list[SSAValue] = []
    for word in c:
        total = words.e.add(word, step)
        moved.append(words.low(total))
        step = words.high(total)
    out = words.philox(moved, [k0, k1])
    column = TensorType(i64, [calls, 1])
    stacked = b(hlo.ConcatenateOp([b(hlo.ReshapeOp(w, column)).result for w in out], 1)).result
    return b(hlo.ReshapeOp(stacked, TensorType(i64, [4 * calls]))).result


def philox_words(b: LocatedBuilder, count: int, key: SSAValue, counter: SSAValue) -> SSAValue:
    """The stream's first `count` 32-bit words (tensor<count x i64>)."""
    groups = -(-count // 4)
    flat = philox_at(b, key, counter, b(hlo.IotaOp(0, TensorType(i64, [groups]))).output)
    return b(hlo.SliceOp(flat, [0], [count])).result if count < 4 * groups else flat


def words_of(b: LocatedBuilder, value: SSAValue) -> tuple[SSAValue, SSAValue]:
    """The (low, high) words of a rank-0 i64."""
    t = TensorType(i64, [])
    low = b(hlo.AndOp(value, splat(b, float(WORD), t))).result
    high = b(hlo.ShiftRightLogicalOp(value, splat(b, 32.0, t))).result
    return low, high


def _bits64(b: LocatedBuilder, values: Sequence[int]) -> SSAValue:
    """A 1-D i64 constant of these unsigned 64-bit numbers' bits."""
    array = np.array(values, dtype=np.uint64).view(np.int64)
    return b(hlo.ConstantOp(dense_from_numpy(array, i64))).output


def _unit_floats(b: LocatedBuilder, words: SSAValue) -> SSAValue:
    """Floats in [0, 1): a word's low 23 bits as the mantissa of [1, 2), minus 1."""
    t = expect(words.type, TensorType)
    mantissa = b(hlo.AndOp(words, splat(b, float(0x7FFFFF), t))).result
    bits = b(hlo.OrOp(mantissa, splat(b, float(0x3F800000), t))).result
    bits32 = b(hlo.ConvertOp(bits, i32)).result
    one_to_two = b(hlo.BitcastConvertOp(bits32, TensorType(f32, t.get_shape()))).result
    return Expr(b, one_to_two.type).sub(one_to_two, 1.0)


def _pairs(b: LocatedBuilder, words: SSAValue) -> tuple[SSAValue, SSAValue]:
    """Words 0, 2, 4, ... and 1, 3, 5, ... of a 1-D tensor of an even count."""
    pairs = shape_of(words.type)[0] // 2
    both = b(hlo.ReshapeOp(words, TensorType(i64, [pairs, 2]))).result
    first, second = (
        b(
            hlo.ReshapeOp(
                b(hlo.SliceOp(both, [0, j], [pairs, j + 1])).result, TensorType(i64, [pairs])
            )
        ).result
        for j in range(2)
    )
    return first, second


def _normals(b: LocatedBuilder, words: SSAValue) -> SSAValue:
    """Box-Muller on each pair of words as TensorFlow computes it: u1 (at least 1e-7) and u2 in
    [0, 1), r = sqrt(-2 log u1), then sin(2 pi u2) r and cos(2 pi u2) r side by side: one
    normal per word (tensor<count x f32>)."""
    first, second = _pairs(b, words)
    pairs = shape_of(first.type)[0]
    single, double = TensorType(f32, [pairs]), TensorType(f64, [pairs])
    e, wide = Expr(b, single), Expr(b, double)

    def widened(x: SSAValue) -> SSAValue:
        return b(hlo.ConvertOp(x, double)).result

    def rounded(fn: type[hlo.ElementwiseUnaryOp], x: SSAValue) -> SSAValue:
        """fn of an f32 x computed in f64 and rounded once: the correctly rounded value that
        glibc's logf and sincosf give (but in rare cases), where an f32 expansion is off by an
        ulp in one case of ten."""
        return b(hlo.ConvertOp(wide.unary(fn, widened(x)), single)).result

    u1 = e.max(_unit_floats(b, first), 1.0e-7)
    # 2.0f * M_PI * u in C: a double product (M_PI is a double), rounded to float once.
    angle = b(hlo.ConvertOp(wide.mul(widened(_unit_floats(b, second)), 2 * math.pi), single))
    radius = e.unary(hlo.SqrtOp, e.mul(rounded(hlo.LogOp, u1), -2.0))
    sin = e.mul(rounded(hlo.SineOp, angle.result), radius)
    cos = e.mul(rounded(hlo.CosineOp, angle.result), radius)
    column = TensorType(f32, [pairs, 1])
    stacked = b(
        hlo.ConcatenateOp([b(hlo.ReshapeOp(v, column)).result for v in (sin, cos)], 1)
    ).result
    return b(hlo.ReshapeOp(stacked, TensorType(f32, [2 * pairs]))).result


TRUNCATED_GROUP_SKIP = 256
"""Philox calls between the starts of two groups of 4 truncated normals (TensorFlow reserves
256 samples per output for a distribution that draws a variable number)."""
TRUNCATED_CALLS = 8
"""Philox calls Strata draws per group: 16 pairs, 32 candidates for 4 outputs (each kept with
probability 0.954: fewer than 4 kept has probability below 1e-35)."""


def _truncated_normals(b: LocatedBuilder, count: int, key: SSAValue, counter: SSAValue) -> SSAValue:
    """Normals within (-2, 2) as TensorFlow draws them: group g of 4 outputs starts at counter
    + 256 g; its candidates are Box-Muller normals in order, output t of the group the
    (t + 1)-th candidate with |f| < 2 (a prefix count, `scan`, picks it); NaN where the
    candidates run out."""
    groups = -(-count // 4)
    grid = TensorType(i64, [groups, TRUNCATED_CALLS])
    starts = b(hlo.IotaOp(0, grid)).output
    calls = b(hlo.IotaOp(1, grid)).output
    offsets = Expr(b, grid).add(Expr(b, grid).mul(starts, float(TRUNCATED_GROUP_SKIP)), calls)
    offsets = b(hlo.ReshapeOp(offsets, TensorType(i64, [groups * TRUNCATED_CALLS]))).result
    candidates = _normals(b, philox_at(b, key, counter, offsets))
    per_group = 4 * TRUNCATED_CALLS
    cand_t = TensorType(f32, [groups, per_group])
    candidates = b(hlo.ReshapeOp(candidates, cand_t)).result
    c = Expr(b, cand_t)
    kept = c.cmp("LT", c.unary(hlo.AbsOp, candidates), 2.0)
    rank_t = TensorType(i64, [groups, per_group])
    ranks = scan(b, b(hlo.ConvertOp(kept, i64)).result, 1, hlo.AddOp, scalar(b, 0, i64))
    r = Expr(b, rank_t)
    chosen: list[SSAValue] = []
    for t in range(4):
        pick = b(hlo.AndOp(kept, r.cmp("EQ", ranks, float(t + 1)))).result
        value = reduce(b, c.select(pick, candidates, 0.0), [1], hlo.AddOp, 0.0)
        found = reduce(b, pick, [1], hlo.OrOp, False)
        g = Expr(b, TensorType(f32, [groups]))
        chosen.append(g.select(found, value, float("nan")))
    column = TensorType(f32, [groups, 1])
    stacked = b(hlo.ConcatenateOp([b(hlo.ReshapeOp(v, column)).result for v in chosen], 1))
    flat = b(hlo.ReshapeOp(stacked.result, TensorType(f32, [4 * groups]))).result
    return b(hlo.SliceOp(flat, [0], [count])).result if count < 4 * groups else flat


class StatelessRandomLowering(RewritePattern):
    """tf.StatelessRandom{Uniform,Normal,UniformInt}[V2](shape, key, counter | seed) and the
    seeded tf.Random{Uniform,StandardNormal,UniformInt}(shape) (key `seed`, counter (0, `seed2`))
    -> the Philox words in hlo, made floats in [0, 1), normals (Box-Muller) or integers in
    [minval, maxval) as TensorFlow's CPU kernels do; tf.StatelessRandomGetKeyCounter(seed) ->
    the scrambled key and counter"""

    handles = (
        tf.StatelessRandomGetKeyCounterOp,
        tf.RandomUniformOp,
        tf.RandomStandardNormalOp,
        tf.RandomUniformIntOp,
        tf.StatelessRandomUniformV2Op,
        tf.StatelessRandomNormalV2Op,
        tf.StatelessRandomUniformIntV2Op,
        tf.StatelessRandomUniformOp,
        tf.StatelessRandomNormalOp,
        tf.StatelessRandomUniformIntOp,
        tf.StatelessTruncatedNormalV2Op,
        tf.StatelessTruncatedNormalOp,
        tf.TruncatedNormalOp,
    )

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        b = LocatedBuilder(rewriter, op)
        if isinstance(op, tf.StatelessRandomGetKeyCounterOp):
            rewriter.replace(op, [], list(key_counter_of_seed(b, op.seed)))
            return
        if not isinstance(op, tf.StatelessRandomOp):
            return
        out_t = expect(op.output.type, TensorType)
        shape = list(out_t.get_shape())
        count = 1
        for d in shape:
            count *= d
        if isinstance(op, tf.StatefulRandomOp):
            seed, seed2 = op.seeds()
            key = _bits64(b, [seed])
            counter = _bits64(b, [0, seed2])
        else:
            key_counter = op.key_counter()
            key, counter = key_counter or key_counter_of_seed(b, op.operands[1])
        values: SSAValue
        if op.KIND == "normal":
            pairs = -(-count // 2)
            flat = _normals(b, philox_words(b, 2 * pairs, key, counter))
            if 2 * pairs > count:
                flat = b(hlo.SliceOp(flat, [0], [count])).result
            values = flat
        elif op.KIND == "truncated":
            values = _truncated_normals(b, count, key, counter)
        elif op.KIND == "int":
            words = philox_words(b, count, key, counter)
            w = _Words(b, count)
            low, high = (_spread(b, b(hlo.ConvertOp(v, i64)).result, w) for v in op.bounds())
            span = w.low(w.e.sub(high, low))  # maxval - minval as uint32
            span = w.e.select(w.e.cmp("EQ", span, 0.0), 1.0, span)  # TF refuses an empty range
            value = w.low(w.e.add(low, w.e.rem(words, span)))
            value = w.e.select(
                w.e.cmp("GE", value, float(1 << 31)), w.e.sub(value, float(1 << 32)), value
            )
            values = b(hlo.ConvertOp(value, i32)).result
        else:
            values = _unit_floats(b, philox_words(b, count, key, counter))
        rewriter.replace(op, [], [b(hlo.ReshapeOp(values, out_t)).result])


class StatelessMultinomialLowering(RewritePattern):
    """tf.StatelessMultinomial(logits [B, C], S, seed) -> per sample a double in [0, 1) from two
    stream words (20 + 32 mantissa bits under 1.0's exponent, minus 1) times the row's total;
    the row's running sum (`scan`, in order) of exp(logit - max) over finite logits in f64; the
    sample is the count of running sums at or below it (the first class above it)"""

    handles = (tf.StatelessMultinomialOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.StatelessMultinomialOp):
            return
        b = LocatedBuilder(rewriter, op)
        logits_t = expect(op.logits.type, TensorType)
        rows, classes = logits_t.get_shape()
        samples = op.samples()
        out_t = expect(op.output.type, TensorType)
        key, counter = key_counter_of_seed(b, op.seed)
        words = philox_words(b, 2 * rows * samples, key, counter)
        x0, x1 = (
            b(hlo.ReshapeOp(w, TensorType(i64, [rows, samples]))).result for w in _pairs(b, words)
        )
        grid = TensorType(i64, [rows, samples])
        high = b(hlo.AndOp(x0, splat(b, float(0xFFFFF), grid))).result
        high = b(hlo.ShiftLeftOp(high, splat(b, 32.0, grid))).result
        bits = b(hlo.OrOp(b(hlo.OrOp(high, x1)).result, splat(b, float(1023 << 52), grid)))
        unit = Expr(b, TensorType(f64, [rows, samples]))
        u = unit.sub(b(hlo.BitcastConvertOp(bits.result, unit.type)).result, 1.0)
        # The row's running sum of exp(logit - max) over finite logits, in double.
        finite = b(hlo.IsFiniteOp(op.logits)).result
        lowest = -float_format(logits_t.element_type).largest
        row_t = TensorType(logits_t.element_type, [rows, classes])
        kept = b(hlo.SelectOp(finite, op.logits, splat(b, lowest, row_t))).result
        top = reduce(b, kept, [1], hlo.MaximumOp, lowest)
        wide = Expr(b, TensorType(f64, [rows, classes]))
        top_wide = b(hlo.BroadcastInDimOp(b(hlo.ConvertOp(top, f64)).result, wide.type, [0]))
        terms = wide.unary(
            hlo.ExponentialOp, wide.sub(b(hlo.ConvertOp(op.logits, f64)).result, top_wide.result)
        )
        terms = wide.select(finite, terms, 0.0)
        cdf = scan(b, terms, 1, hlo.AddOp, scalar(b, 0.0, f64))
        total = b(hlo.SliceOp(cdf, [0, classes - 1], [rows, classes])).result
        total = b(hlo.ReshapeOp(total, TensorType(f64, [rows]))).result
        to_find = unit.mul(u, b(hlo.BroadcastInDimOp(total, unit.type, [0])).result)
        cube = TensorType(f64, [rows, samples, classes])
        at_or_below = b(
            hlo.CompareOp(
                b(hlo.BroadcastInDimOp(cdf, cube, [0, 2])).result,
                b(hlo.BroadcastInDimOp(to_find, cube, [0, 1])).result,
                "LE",
                "FLOAT",
            )
        ).result
        counts = b(hlo.ConvertOp(at_or_below, out_t.element_type)).result
        rewriter.replace(op, [], [reduce(b, counts, [2], hlo.AddOp, 0.0)])


PATTERNS: tuple[RewritePattern, ...] = (StatelessRandomLowering(), StatelessMultinomialLowering())
