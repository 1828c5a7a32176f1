"""expand-math: f32 `math` ops as branch-free `arith`, so the loops around them vectorise.

    %y = math.exp %x : f32
 -> %y = func.call @__strata_math_exp_f32(%x), a private function of the module (LLVM inlines
    it) computing n = x * log2(e) rounded to nearest; r = x - n * ln2 (two parts);
    p = 1 + r + r^2 * P(r); y = p * 2^(n/2) * 2^(n - n/2) (x clamped first: overflow and
    underflow come out of the scaling; a NaN x flows through to y)

LLVM lowers `llvm.exp.f32`, `llvm.tanh.f32`, `log1pf`, ... to scalar libm calls, which no loop
vectoriser widens: a loop over `tanh` ran one element at a time. These expansions use only
adds, multiplies, divides, compares, selects, integer adds and shifts and bit casts, all of
which exist on vectors of any width. Each is a range reduction and a polynomial (the
single-precision minimax coefficients published with Cephes), and each handles ±0, ±inf, NaN,
denormal inputs and results, and overflow, with clamps and selects or by letting NaN and inf
flow through the arithmetic. Measured accuracy over all f32 inputs (test/transforms/expand_math/
test_ulp.py, against float64 numpy): see MAX_ULP.

sin, cos and tan (where no vector library serves them, as sinh, cosh and pow) reduce
|x| = (4m + n) pi/2 + r in f64, below 2^25 by three parts of pi/2 and from there by Payne and
Hanek's method in 64-bit integers (2/pi's bits shifted into a 96-bit window; no table in memory),
then evaluate Cephes' f32 polynomials for sin r and cos r and pick by quadrant (tan: their ratio):
every input handled, huge ones included.

pow computes |x|^y = 2^(y log2|x|) in f64 (log2 from atanh's series on the reduced mantissa, 2^r
from its Taylor series, no table), rounds once to f32, and then sets C's special cases by selects.

atan and atan2 (faster than libmvec's, so on every target) reduce to |t| <= tan(pi/8) and use
Cephes' polynomial; atan2 from min(|x|, |y|) / max(|x|, |y|), then pi/2 - and pi - the angle in
two-part constants.

f64 ops, and f32 ops not listed (erf, asin, ...), are left for convert-math-to-llvm.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import factorial

from xdsl.context import Context
from xdsl.dialects import arith, func, math
from xdsl.dialects.builtin import (
    Float32Type,
    Float64Type,
    FloatAttr,
    FunctionType,
    IntegerAttr,
    ModuleOp,
    UnitAttr,
    f32,
    f64,
    i32,
    i64,
)
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from strata.targets.description import TargetDescription

MAX_ULP: dict[str, int] = {
    "exp": 1, "log": 1, "log1p": 2, "expm1": 2, "tanh": 2, "sin": 2, "cos": 2, "tan": 4,
    "sinh": 2, "cosh": 1, "atan": 3, "pow": 1, "atan2": 4,
}  # fmt: skip
"""Largest error, in units in the last place of the float32 result, measured over every finite
f32 input range and the special values by test_ulp.py (which asserts these bounds)."""

LOG2E = 1.44269504088896341
LN2_HI = 0.693359375  # 355/512: n * LN2_HI is exact for |n| < 2^15
LN2_LO = -2.12194440e-4
EXP_POLY = (
    1.9875691500e-4,
    1.3981999507e-3,
    8.3334519073e-3,
    4.1665795894e-2,
    1.6666665459e-1,
    5.0000001201e-1,
)
LOG_POLY = (
    7.0376836292e-2,
    -1.1514610310e-1,
    1.1676998740e-1,
    -1.2420140846e-1,
    1.4249322787e-1,
    -1.6668057665e-1,
    2.0000714765e-1,
    -2.4999993993e-1,
    3.3333331174e-1,
)
EXPM1_CLAMP_LOW = -30.0
"""expm1's argument is clamped from below to this: e^x - 1 rounds to -1 in f32 from x = -17.33
down."""
EXP_CLAMP_HIGH = 89.0
"""exp's argument is clamped to [EXP_CLAMP_LOW, EXP_CLAMP_HIGH]; the upper bound lies just past
where exp overflows (88.7228...), so p * 2^n is inf above it by itself."""
EXP_CLAMP_LOW = -176.0
"""e^x rounds to 0 below -103.972 (150 ln2); from -176 down, n = -254 and both exponent-field
factors of 2^n are exactly 0 (`_Emit.pow2(-127)`), so the 0 comes without a multiply that
underflows: an x86 core takes a microcode assist (~150 cycles) for each of those, and a masked
softmax feeds exp a huge negative number (-1e9, -inf) at every masked position (the bench's
masked_softmax_1024x1024 row, AVX2 code, 2 threads: 2.4 -> 0.79 ms). Between -176 and -104 the
result still comes from an underflow, as do the denormal results above."""
TANH_CLAMP = 10.0
"""tanh takes |x| up to this: the result rounds to 1 in f32 from |x| = 13 ln2 = 9.01 on."""
ROUND_SHIFT = 12582912.0
"""1.5 * 2^23: adding it to a float of magnitude below 2^22 rounds that float to an integer n
(the sum's last exponent step is 1) and leaves n in the sum's low bits."""
ROUND_SHIFT_BITS = 0x4B400000
"""The bits of ROUND_SHIFT."""
ONE_BITS = 0x3F800000
SQRT_HALF_BITS = 0x3F3504F3
"""The bits of 1.0f and of sqrt(1/2) rounded to f32 (0.70710677): log's mantissa range starts
there."""
FRACTION_MASK = 0x007FFFFF
ROUND_SHIFT64 = 6755399441055744.0
"""1.5 2^52, the f64 counterpart of ROUND_SHIFT: t + it holds t rounded to an integer in its low
bits (sin and cos's quadrant, pow's 2^n); its bits are ROUND_SHIFT64_BITS."""
ROUND_SHIFT64_BITS = 0x4338000000000000


def _two_over_pi_bits(count: int) -> tuple[int, ...]:
    """The binary fraction of 2/pi in `count` 64-bit words (bits 1-64 first), as signed i64
    values: pi from Machin's formula in integer arithmetic (400 bits), exact far past them."""

    def arctan_of_inverse(x: int, one: int) -> int:
        total = term = one // x
        n, sign = 1, -1
        while term:
            term //= x * x
            n += 2
            total += sign * (term // n)
            sign = -sign
        return total

    one = 1 << 400
    pi = 16 * arctan_of_inverse(5, one) - 4 * arctan_of_inverse(239, one)
    fraction = (2 << 800) // pi  # 2/pi * 2^400
    words = [(fraction >> (400 - 64 * (k + 1))) & ((1 << 64) - 1) for k in range(count)]
    return tuple(w - (1 << 64) if w >> 63 else w for w in words)


TWO_OVER_PI_BITS = _two_over_pi_bits(4)
"""2/pi's first 256 bits (0xA2F9836E4E441529, ...): the large-argument reduction of sin and cos
(see `_quadrant_large`) reads 96 of them from bit 8t + 1, t <= 12."""
HALF_PI_PARTS = (1.570796325802803, 9.920935739593517e-10, 5.721188726109832e-18)
"""pi/2 = P1 + P2 + P3 (to 2^-110), P1 and P2 rounded to 27 significant bits (0x1.921fb54p+0,
0x1.10b461p-30): k P1 and k P2 are exact in f64 for k < 2^26, arguments below 2^25."""
SMALL_TRIG = 33554432.0
"""2^25: below, sin and cos reduce with HALF_PI_PARTS in f64; from there (x = M 2^E with E >= 2,
M the 24-bit significand) with TWO_OVER_PI_WORDS."""
SIN_POLY = (-1.9515295891e-4, 8.3321608736e-3, -1.6666654611e-1)
"""sin r = r + r^3 P(r^2) on [-pi/4, pi/4] (Cephes' sinf coefficients), in f32."""
COS_POLY = (2.443315711809948e-5, -1.388731625493765e-3, 4.166664568298827e-2)
"""cos r = 1 - r^2 / 2 + r^4 Q(r^2) on [-pi/4, pi/4] (Cephes' cosf coefficients), in f32."""


class _Emit:
    """Appends arith ops to `block`; every value is an SSAValue of f32 or i32 (f64 and i64 where
    sin and cos work wider)."""

    def __init__(self, block: Block, fma: bool, latency_bound: bool = True):
        self.block = block
        self.fma = fma
        self.latency_bound = latency_bound
        """Shorter dependency paths for the same work (polynomials in pairs, sums reordered):
        for loops bound by latency (16 vector registers); else the forms that keep fewer values
        live (32 registers, loops bound by the FMA pipes)."""
        self.consts: dict[tuple[str, float], SSAValue] = {}

    def op(self, new: Operation) -> SSAValue:
        self.block.add_op(new)
        return new.results[0]

    def f(self, value: float) -> SSAValue:
        key = ("f", value)
        if key not in self.consts:
            self.consts[key] = self.op(arith.ConstantOp(FloatAttr(value, f32)))
        return self.consts[key]

    def i(self, value: int) -> SSAValue:
        key = ("i", float(value))
        if key not in self.consts:
            self.consts[key] = self.op(arith.ConstantOp(IntegerAttr(value, i32)))
        return self.consts[key]

    def d(self, value: float) -> SSAValue:
        key = ("d", value)
        if key not in self.consts:
            self.consts[key] = self.op(arith.ConstantOp(FloatAttr(value, f64)))
        return self.consts[key]

    def long(self, value: int) -> SSAValue:
        """An i64 constant."""
        key = ("l", float(value))
        if key not in self.consts:
            self.consts[key] = self.op(arith.ConstantOp(IntegerAttr(value, i64)))
        return self.consts[key]

    def add(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.op(arith.AddfOp(a, b))

    def sub(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.op(arith.SubfOp(a, b))

    def mul(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.op(arith.MulfOp(a, b))

    def div(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.op(arith.DivfOp(a, b))

    def cmp(self, predicate: str, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.op(arith.CmpfOp(a, b, predicate))

    def select(self, cond: SSAValue, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.op(arith.SelectOp(cond, a, b))

    def madd(self, a: SSAValue, b: SSAValue, c: SSAValue) -> SSAValue:
        """a * b + c: one `math.fma` on a target with FMA (one rounding, half the instructions
        and latency), else a multiply and an add; either way the same in every build for that
        target."""
        if self.fma:
            return self.op(math.FmaOp(a, b, c))
        return self.add(self.mul(a, b), c)

    def horner(self, x: SSAValue, coefficients: tuple[float, ...]) -> SSAValue:
        """The polynomial (highest degree first) at x, in x's type (f32, or f64 for pow)."""
        const = self.d if isinstance(x.type, Float64Type) else self.f
        acc = const(coefficients[0])
        for c in coefficients[1:]:
            acc = self.madd(acc, x, const(c))
        return acc

    def pairwise(self, x: SSAValue, x2: SSAValue, coefficients: tuple[float, ...]) -> SSAValue:
        """The polynomial (highest degree first) at x, given x2 = x * x: the pairs
        (c_odd x + c_even), independent of each other, then Horner's rule in x2 over them. Half
        the dependent multiply-adds of `horner` for the same count: an expanded function is
        one long dependency chain, and on 16 vector registers the loops around chains of them
        are bound by its latency (the bench's 20-op chain, AVX2 code on a Zen 4, one thread:
        8.8 -> 7.7 ms). Going on to pairs of pairs in x2^2 (Estrin's scheme) measured no
        faster there and slower with AVX-512, where such loops are bound by the FMA pipes. Used
        where `latency_bound` (expand-math's `pairwise`: 16 vector registers); with 32, Horner's
        rule keeps fewer values live (the AVX-512 tuning's chain ran 1-2% slower in pairs)."""
        const = self.d if isinstance(x.type, Float64Type) else self.f
        cs = list(coefficients)
        pairs = [const(cs.pop(0))] if len(cs) % 2 else []
        odd, even = cs[::2], cs[1::2]
        pairs += [self.madd(const(h), x, const(lo)) for h, lo in zip(odd, even, strict=True)]
        acc = pairs[0]
        for pair in pairs[1:]:
            acc = self.madd(acc, x2, pair)
        return acc

    def bits(self, x: SSAValue) -> SSAValue:
        return self.op(arith.BitcastOp(x, i32))

    def float_of_bits(self, x: SSAValue) -> SSAValue:
        return self.op(arith.BitcastOp(x, f32))

    def pow2(self, n: SSAValue) -> SSAValue:
        """2^n as f32 for an i32 n in [-126, 127] (the exponent field); +0 for n = -127."""
        biased = self.op(arith.AddiOp(n, self.i(127)))
        return self.float_of_bits(self.op(arith.ShLIOp(biased, self.i(23))))


def _exp_reduce(e: _Emit, a: SSAValue, factor: float = 1.0) -> tuple[SSAValue, SSAValue]:
    """e^t for t = a * factor (factor a power of 2, so t is exact) as (q, n) with
    e^t = (1 + q) * 2^n, for |t| < 2^21: n = t / ln2 rounded to nearest (an i32), r = t - n ln2
    in two parts, q = e^r - 1 = r + r^2 P(r). n is rounded by adding ROUND_SHIFT and read back
    from the sum's bits: no float-to-int conversion, which LLVM makes poison for a NaN t. n comes
    from a * (factor log2(e)), so the product t is off its dependency path. A NaN t gives a NaN
    q (and some n)."""
    if e.latency_bound:
        shifted = e.madd(a, e.f(LOG2E * factor), e.f(ROUND_SHIFT))
        t = a if factor == 1.0 else e.mul(a, e.f(factor))
    else:  # the product first: one value fewer live
        t = a if factor == 1.0 else e.mul(a, e.f(factor))
        shifted = e.madd(t, e.f(LOG2E), e.f(ROUND_SHIFT))
    n_float = e.sub(shifted, e.f(ROUND_SHIFT))
    r = e.madd(n_float, e.f(-LN2_HI), t)
    r = e.madd(n_float, e.f(-LN2_LO), r)
    if e.latency_bound:
        r2 = e.mul(r, r)
        q = e.madd(e.pairwise(r, r2, EXP_POLY), r2, r)
    else:
        q = e.madd(e.mul(e.horner(r, EXP_POLY), r), r, r)
    return q, e.op(arith.SubiOp(e.bits(shifted), e.i(ROUND_SHIFT_BITS)))


def _at_most(e: _Emit, x: SSAValue, high: float) -> SSAValue:
    """min(x, high) by a compare and select that keep a NaN x (one min instruction on x86, whose
    NaN rule returns the operand the select names); maxnum/minnum would turn NaN into the bound."""
    return e.select(e.cmp("ogt", x, e.f(high)), e.f(high), x)


def _clamp(e: _Emit, x: SSAValue, low: float, high: float) -> SSAValue:
    """x limited to [low, high], a NaN x kept (`_at_most`)."""
    return _at_most(e, e.select(e.cmp("olt", x, e.f(low)), e.f(low), x), high)


def _minus(e: _Emit, q: SSAValue, scale: SSAValue, c: float) -> SSAValue:
    """(1 + q) * scale - c as scale * q + (scale - c): where scale - c is exact (scale = 2^n, c
    a power of 2 no more than 2^24 times smaller), one rounding, so the result keeps the relative
    accuracy of q = e^r - 1 (expm1, tanh)."""
    return e.madd(scale, q, e.sub(scale, e.f(c)))


def _exp(e: _Emit, x: SSAValue) -> SSAValue:
    # e^x = (1 + q) 2^n, scaled by 2^(n/2) and 2^(n - n/2): x is clamped just past where exp
    # overflows and where both factors become 0 (`EXP_CLAMP_LOW`), so n stays within
    # [-254, 128], which the two factors reach without overflowing an exponent field, and
    # their product gives inf, denormals and 0 by itself. A NaN x stays NaN in q.
    q, n = _exp_reduce(e, _clamp(e, x, EXP_CLAMP_LOW, EXP_CLAMP_HIGH))
    half = e.op(arith.ShRSIOp(n, e.i(1)))
    low, high = e.pow2(half), e.pow2(e.op(arith.SubiOp(n, half)))
    return e.mul(e.mul(e.add(q, e.f(1.0)), low), high)


def _log_normal(e: _Emit, x: SSAValue, k_offset: SSAValue | None = None) -> SSAValue:
    """log(x) + k_offset ln2 for a positive normal finite x (other x give some finite value)."""
    # x = 2^k m with m in [sqrt(1/2), sqrt(2)), in integer ops alone: adding the distance from
    # sqrt(1/2)'s bits to 1's carries into the exponent field exactly when the fraction is at or
    # above sqrt(2)'s; the fraction then gets sqrt(1/2)'s bits back. f = m - 1 is exact.
    shifted = e.op(arith.AddiOp(e.bits(x), e.i(ONE_BITS - SQRT_HALF_BITS)))
    exponent = e.op(arith.SubiOp(e.op(arith.ShRUIOp(shifted, e.i(23))), e.i(127)))
    fraction = e.op(arith.AndIOp(shifted, e.i(FRACTION_MASK)))
    m = e.float_of_bits(e.op(arith.AddiOp(fraction, e.i(SQRT_HALF_BITS))))
    f = e.sub(m, e.f(1.0))
    k = e.op(arith.SIToFPOp(exponent, f32))
    if k_offset is not None:
        k = e.add(k, k_offset)
    z = e.mul(f, f)
    if e.latency_bound:
        # f^3 P(f) + (k LN2_LO - z / 2): the small terms' sum is ready before the product.
        small = e.madd(z, e.f(-0.5), e.mul(k, e.f(LN2_LO)))
        y = e.madd(e.mul(f, z), e.pairwise(f, z, LOG_POLY), small)
    else:
        y = e.mul(e.mul(f, z), e.horner(f, LOG_POLY))
        y = e.madd(k, e.f(LN2_LO), y)
        y = e.madd(z, e.f(-0.5), y)
    return e.madd(k, e.f(LN2_HI), e.add(f, y))


def _log_specials(e: _Emit, x: SSAValue, y: SSAValue) -> SSAValue:
    """y where x is positive and finite; log's value elsewhere: inf, -inf at ±0, NaN below 0
    and for NaN."""
    y = e.select(e.cmp("oeq", x, e.f(float("inf"))), x, y)
    y = e.select(e.cmp("oeq", x, e.f(0.0)), e.f(float("-inf")), y)
    return e.select(e.cmp("ult", x, e.f(0.0)), e.f(float("nan")), y)


def _log(e: _Emit, x: SSAValue) -> SSAValue:
    # Denormals: scale into the normal range first (x * 2^23, exponent - 23).
    tiny = e.cmp("olt", x, e.f(1.1754943508222875e-38))
    scaled = e.select(tiny, e.mul(x, e.f(8388608.0)), x)
    y = _log_normal(e, scaled, e.select(tiny, e.f(-23.0), e.f(0.0)))
    return _log_specials(e, x, y)


def _log1p(e: _Emit, x: SSAValue) -> SSAValue:
    # log1p(x) = log(u) * (x / (u - 1)) with u = 1 + x rounded: the rounding error of u cancels.
    # u is never a denormal (1 + x is a multiple of 2^-24); log's special values come after
    # the product, where u = inf would have made a NaN.
    u = e.add(x, e.f(1.0))
    y = e.mul(_log_normal(e, u), e.div(x, e.sub(u, e.f(1.0))))  # the ratio is near 1
    y = _log_specials(e, u, y)
    return e.select(e.cmp("oeq", u, e.f(1.0)), x, y)  # also keeps -0, and NaN (u is NaN, not 1)


def _expm1(e: _Emit, x: SSAValue) -> SSAValue:
    # e^x - 1 = 2 (2^(n-1) q + (2^(n-1) - 1/2)) from exp's reduction (q = e^r - 1): one rounding
    # (`_minus`) while 2^(n-1) - 1/2 is exact (n <= 24); beyond, the 1 no longer shows. With x in
    # [EXPM1_CLAMP_LOW, EXP_CLAMP_HIGH], n - 1 is in [-45, 127]: one exponent-field factor, and
    # the doubling overflows to inf where e^x - 1 does.
    q, n = _exp_reduce(e, _clamp(e, x, EXPM1_CLAMP_LOW, EXP_CLAMP_HIGH))
    y = _minus(e, q, e.pow2(e.op(arith.SubiOp(n, e.i(1)))), 0.5)
    y = e.add(y, y)
    return e.select(e.cmp("oeq", x, e.f(0.0)), x, y)  # -0 (q is +0 there); NaN flows through q


def _quadrant_small(e: _Emit, ax: SSAValue) -> tuple[SSAValue, SSAValue]:
    """For 0 <= ax < SMALL_TRIG: (n, r) with ax = (4m + n) pi/2 + r, n an i32 in [0, 3] and r an
    f64 in [-pi/4, pi/4]: k = ax 2/pi rounded (by adding 1.5 2^52, k read back from the sum's
    low bits), r = ax - k P1 - k P2 - k P3, each product exact and the first difference exact
    (Sterbenz)."""
    xd = e.op(arith.ExtFOp(ax, f64))
    shifted = e.add(e.mul(xd, e.d(0.6366197723675814)), e.d(ROUND_SHIFT64))
    k = e.sub(shifted, e.d(ROUND_SHIFT64))
    r = xd
    for part in HALF_PI_PARTS:
        r = e.sub(r, e.mul(k, e.d(part)))
    low = e.op(arith.TruncIOp(e.op(arith.BitcastOp(shifted, i64)), i32))
    return e.op(arith.AndIOp(low, e.i(3))), r


def _quadrant_large(e: _Emit, ax: SSAValue) -> tuple[SSAValue, SSAValue]:
    """For finite ax >= SMALL_TRIG, as `_quadrant_small`, by Payne and Hanek's reduction in
    integers: ax = M 2^E (M the 24-bit significand, E >= 2); the bits of 2/pi down to position
    E - 2 only add multiples of 4 to ax 2/pi, so with s = E - 2 rounded down to a multiple of 8
    and d = E - 2 - s, ax 2/pi = (M 2^d) W 2^-94 (mod 4), W the 96 bits of 2/pi after bit s
    (shifted out of TWO_OVER_PI_BITS: no table in memory). Q, the top 64 bits of (M 2^d) W mod
    2^96, is ax 2/pi mod 4 in units of 2^-62: n is Q's top two bits rounded, r the rest times
    pi/2 2^-62. Other inputs give some (n, r), which the caller does not use."""
    bits = e.bits(ax)
    exponent = e.op(arith.SubiOp(e.op(arith.ShRUIOp(bits, e.i(23))), e.i(152)))  # E - 2
    significand = e.op(
        arith.OrIOp(e.op(arith.AndIOp(bits, e.i(FRACTION_MASK))), e.i(FRACTION_MASK + 1))
    )
    # s in [0, 96] for the E of finite inputs from 2^25 on; clamped so that others stay defined.
    s = e.op(arith.AndIOp(e.op(arith.MaxSIOp(exponent, e.i(0))), e.i(0x78)))
    m = e.op(
        arith.ExtUIOp(e.op(arith.ShLIOp(significand, e.op(arith.AndIOp(exponent, e.i(7))))), i64)
    )
    s64 = e.op(arith.ExtUIOp(s, i64))
    second = e.op(arith.CmpiOp(s, e.i(64), "uge"))
    shift = e.op(arith.AndIOp(s64, e.long(63)))
    back = e.op(arith.SubiOp(e.long(63), shift))
    words = [e.long(w) for w in TWO_OVER_PI_BITS]
    picked = [e.select(second, words[k + 1], words[k]) for k in range(3)]

    def window(k: int) -> SSAValue:
        """64 bits of 2/pi from bit s + 64 k + 1: picked[k] << shift | picked[k + 1] >> (64 -
        shift), the second shift split in two so that it is never 64."""
        high = e.op(arith.ShLIOp(picked[k], shift))
        low = e.op(arith.ShRUIOp(e.op(arith.ShRUIOp(picked[k + 1], e.long(1))), back))
        return e.op(arith.OrIOp(high, low))

    upper, lower = window(0), window(1)
    # (M' W mod 2^96) >> 32 with W = upper 2^32 + (lower >> 32): M' upper mod 2^64, plus the
    # top of M' (lower >> 32) (M' < 2^31: no overflow there).
    q = e.op(
        arith.AddiOp(
            e.op(arith.MuliOp(m, upper)),
            e.op(
                arith.ShRUIOp(
                    e.op(arith.MuliOp(m, e.op(arith.ShRUIOp(lower, e.long(32))))), e.long(32)
                )
            ),
        )
    )
    n = e.op(arith.ShRUIOp(e.op(arith.AddiOp(q, e.long(1 << 61))), e.long(62)))
    rest = e.op(arith.SubiOp(q, e.op(arith.ShLIOp(n, e.long(62)))))  # in [-2^61, 2^61)
    r = e.mul(e.op(arith.SIToFPOp(rest, f64)), e.d(1.5707963267948966 / 2.0**62))
    return e.op(arith.TruncIOp(n, i32)), r


def _sin_cos_reduced(e: _Emit, x: SSAValue) -> tuple[SSAValue, SSAValue, SSAValue]:
    """(n, sin r, cos r) for |x| = (4m + n) pi/2 + r: r found in f64, rounded to f32 for the
    polynomials."""
    ax = e.op(math.AbsFOp(x))
    n_small, r_small = _quadrant_small(e, ax)
    n_large, r_large = _quadrant_large(e, ax)
    small = e.cmp("olt", ax, e.f(SMALL_TRIG))
    n = e.select(small, n_small, n_large)
    r = e.op(arith.TruncFOp(e.select(small, r_small, r_large), f32))
    z = e.mul(r, r)
    sin_r = e.madd(e.mul(e.horner(z, SIN_POLY), z), r, r)
    cos_r = e.madd(e.mul(e.horner(z, COS_POLY), z), z, e.madd(z, e.f(-0.5), e.f(1.0)))
    return n, sin_r, cos_r


def _by_quadrant(
    e: _Emit, x: SSAValue, n: SSAValue, values: tuple[SSAValue, SSAValue, SSAValue, SSAValue]
) -> SSAValue:
    """values[n]; NaN for an infinite or NaN x."""
    odd = e.op(arith.CmpiOp(e.op(arith.AndIOp(n, e.i(1))), e.i(0), "ne"))
    high = e.op(arith.CmpiOp(e.op(arith.AndIOp(n, e.i(2))), e.i(0), "ne"))
    low_pair = e.select(odd, values[1], values[0])
    high_pair = e.select(odd, values[3], values[2])
    y = e.select(high, high_pair, low_pair)
    finite = e.cmp("ole", e.op(math.AbsFOp(x)), e.f(3.4028234663852886e38))
    return e.select(finite, y, e.f(float("nan")))


def _sin(e: _Emit, x: SSAValue) -> SSAValue:
    # sin|x| by quadrant: sin r, cos r, -sin r, -cos r; sin is odd: x's sign bit flips the
    # result's (sin(-0) is -0).
    n, s, c = _sin_cos_reduced(e, x)
    minus_s, minus_c = e.sub(e.f(0.0), s), e.sub(e.f(0.0), c)
    y = _by_quadrant(e, x, n, (s, c, minus_s, minus_c))
    sign = e.op(arith.AndIOp(e.bits(x), e.i(-(1 << 31))))
    return e.float_of_bits(e.op(arith.XOrIOp(e.bits(y), sign)))


def _cos(e: _Emit, x: SSAValue) -> SSAValue:
    # cos|x| by quadrant: cos r, -sin r, -cos r, sin r.
    n, s, c = _sin_cos_reduced(e, x)
    minus_s, minus_c = e.sub(e.f(0.0), s), e.sub(e.f(0.0), c)
    return _by_quadrant(e, x, n, (c, minus_s, minus_c, s))


def _tan(e: _Emit, x: SSAValue) -> SSAValue:
    # tan|x| = sin r / cos r in even quadrants, -cos r / sin r in odd ones; tan is odd: x's
    # sign bit flips the result's (tan(-0) is -0).
    n, s, c = _sin_cos_reduced(e, x)
    odd = e.op(arith.CmpiOp(e.op(arith.AndIOp(n, e.i(1))), e.i(0), "ne"))
    numerator = e.select(odd, e.sub(e.f(0.0), c), s)
    y = e.div(numerator, e.select(odd, s, c))
    finite = e.cmp("ole", e.op(math.AbsFOp(x)), e.f(3.4028234663852886e38))
    y = e.select(finite, y, e.f(float("nan")))
    sign = e.op(arith.AndIOp(e.bits(x), e.i(-(1 << 31))))
    return e.float_of_bits(e.op(arith.XOrIOp(e.bits(y), sign)))


HYPERBOLIC_SPLIT = 10.0
"""From here on sinh|x| and cosh|x| are e^|x| / 2: e^-2|x| is below 2^-28 of it."""
HYPERBOLIC_CLAMP = 89.5
"""|x| is clamped to this, just past where sinh and cosh overflow (89.4159...)."""


def _half_exp(e: _Emit, t: SSAValue) -> SSAValue:
    """e^t / 2 for t in [0, HYPERBOLIC_CLAMP] (or NaN): (1 + q) 2^(n - 1) from exp's reduction,
    scaled by two exponent-field factors (n - 1 <= 128), overflowing to inf past 89.4159."""
    q, n = _exp_reduce(e, _at_most(e, t, HYPERBOLIC_CLAMP))
    m = e.op(arith.SubiOp(n, e.i(1)))
    half = e.op(arith.ShRSIOp(m, e.i(1)))
    low, high = e.pow2(half), e.pow2(e.op(arith.SubiOp(m, half)))
    return e.mul(e.mul(e.add(q, e.f(1.0)), low), high)


def _sinh(e: _Emit, x: SSAValue) -> SSAValue:
    # sinh t = (m + m / (m + 1)) / 2 with m = e^t - 1 (expm1: no cancellation near 0) below
    # HYPERBOLIC_SPLIT, e^t / 2 from there; sinh is odd: x's sign (the magnitude is >= 0).
    t = e.op(math.AbsFOp(x))
    m = _expm1(e, _at_most(e, t, HYPERBOLIC_SPLIT))
    small = e.mul(e.add(m, e.div(m, e.add(m, e.f(1.0)))), e.f(0.5))
    y = e.select(e.cmp("olt", t, e.f(HYPERBOLIC_SPLIT)), small, _half_exp(e, t))
    return e.op(math.CopySignOp(y, x))


def _cosh(e: _Emit, x: SSAValue) -> SSAValue:
    # cosh t = (p + 1 / p) / 2 with p = e^t below HYPERBOLIC_SPLIT, e^t / 2 from there.
    t = e.op(math.AbsFOp(x))
    p = _exp(e, _at_most(e, t, HYPERBOLIC_SPLIT))
    small = e.mul(e.add(p, e.div(e.f(1.0), p)), e.f(0.5))
    return e.select(e.cmp("olt", t, e.f(HYPERBOLIC_SPLIT)), small, _half_exp(e, t))


ATAN_POLY = (8.05374449538e-2, -1.38776856032e-1, 1.99777106478e-1, -3.33329491539e-1)
"""atan t = t + t^3 P(t^2) for |t| <= tan(pi/8) (Cephes' atanf coefficients)."""
TAN_3PI_8 = 2.414213562373095
TAN_PI_8 = 0.4142135623730950


def _atan(e: _Emit, x: SSAValue) -> SSAValue:
    # atan|x| = y0 + atan t: above tan(3pi/8) y0 = pi/2 and t = -1/|x|; above tan(pi/8)
    # y0 = pi/4 and t = (|x| - 1)/(|x| + 1); else y0 = 0 and t = |x|. A NaN flows through t;
    # atan(inf) is pi/2 (t = -0). atan is odd: x's sign (-0 included).
    a = e.op(math.AbsFOp(x))
    far = e.cmp("ogt", a, e.f(TAN_3PI_8))
    mid = e.cmp("ogt", a, e.f(TAN_PI_8))
    t = e.select(
        far,
        e.div(e.f(-1.0), a),
        e.select(mid, e.div(e.sub(a, e.f(1.0)), e.add(a, e.f(1.0))), a),
    )
    y0 = e.select(far, e.f(1.5707963267948966), e.select(mid, e.f(0.7853981633974483), e.f(0.0)))
    return e.op(math.CopySignOp(e.add(y0, _atan_small(e, t)), x))


def _atan_small(e: _Emit, t: SSAValue) -> SSAValue:
    """atan t = t + t^3 P(t^2) for |t| <= tan(pi/8)."""
    z = e.mul(t, t)
    return e.madd(e.mul(e.horner(z, ATAN_POLY), z), t, t)


PI_PARTS = (3.1415927410125732, -8.742278e-08)
"""pi as an f32 and the f32 nearest its remainder: pi - r as (PI_PARTS[0] - r) + PI_PARTS[1]."""
HALF_PI_PARTS_F32 = (1.5707963705062866, -4.371139e-08)
"""pi/2 the same way."""


def _atan2(e: _Emit, y: SSAValue, x: SSAValue) -> SSAValue:
    # The angle of (x, y): with a = min(|x|, |y|) / max(|x|, |y|) in [0, 1], atan a (reduced by
    # (a - 1)/(a + 1) and pi/4 above tan(pi/8)), then pi/2 - it where |y| > |x| and pi - that
    # where x's sign bit is set (-0 included), both with pi in two parts; y's sign last (-0 too).
    # Both zero: a = 0 (0, or pi for x = -0); both infinite: a = 1 (pi/4, 3pi/4); NaN if either
    # is (set last: the selects for zeros and infinities would hide it).
    ay, ax = e.op(math.AbsFOp(y)), e.op(math.AbsFOp(x))
    swap = e.cmp("ogt", ay, ax)
    low, high = e.select(swap, ax, ay), e.select(swap, ay, ax)
    a = e.div(low, high)
    a = e.select(e.cmp("oeq", high, e.f(0.0)), e.f(0.0), a)
    a = e.select(e.cmp("oeq", low, e.f(float("inf"))), e.f(1.0), a)
    mid = e.cmp("ogt", a, e.f(TAN_PI_8))
    t = e.select(mid, e.div(e.sub(a, e.f(1.0)), e.add(a, e.f(1.0))), a)
    r = e.add(e.select(mid, e.f(0.7853981633974483), e.f(0.0)), _atan_small(e, t))
    r = e.select(swap, e.add(e.sub(e.f(HALF_PI_PARTS_F32[0]), r), e.f(HALF_PI_PARTS_F32[1])), r)
    behind = e.op(arith.CmpiOp(e.bits(x), e.i(0), "slt"))
    r = e.select(behind, e.add(e.sub(e.f(PI_PARTS[0]), r), e.f(PI_PARTS[1])), r)
    r = e.select(e.cmp("uno", y, x), e.f(float("nan")), r)
    return e.op(math.CopySignOp(r, y))


def _tanh(e: _Emit, x: SSAValue) -> SSAValue:
    # tanh|x| = -m / (2 + m) with m = e^(-2|x|) - 1 in (-1, 0]: no cancellation for small |x|
    # (m is about -2|x|, its error relative), and 1 - 2/(e^2|x| + 1)'s overflow never arises.
    # |x| is clamped to TANH_CLAMP (tanh rounds to 1 from 9.01 on) by a select that keeps NaN,
    # which then flows through to the result. 0 - m, not -m: tanh(+0) is +0.
    ax = e.op(math.AbsFOp(x))
    q, n = _exp_reduce(e, _at_most(e, ax, TANH_CLAMP), -2.0)
    m = _minus(e, q, e.pow2(n), 1.0)  # n is in [-29, 0]: one exponent-field factor
    y = e.div(e.sub(e.f(0.0), m), e.add(m, e.f(2.0)))
    # tanh is odd: the result has x's sign (-0 included).
    return e.op(math.CopySignOp(y, x))


POW_LOG_POLY = (1 / 13, 1 / 11, 1 / 9, 1 / 7, 1 / 5, 1 / 3, 1.0)
"""ln m = 2 s P(s^2), s = (m - 1) / (m + 1), for m in [sqrt(1/2), sqrt(2)) (|s| <= 0.1716): the
series of atanh, truncated past s^13 (relative error below 2^-39)."""
POW_EXP2_POLY = tuple(0.6931471805599453**k / factorial(k) for k in range(10, -1, -1))
"""2^r = sum (r ln2)^k / k! for |r| <= 1/2, up to k = 10 (relative error below 2^-41)."""
POW_T_CLAMP = 200.0
"""y log2|x| is clamped to [-200, 200]: 2^200 is inf in f32, 2^-200 is 0, both normal f64."""
SQRT_HALF_BITS64 = 0x3FE6A09E667F3BCD
ONE_BITS64 = 0x3FF0000000000000
FRACTION_MASK64 = (1 << 52) - 1


def _pow(e: _Emit, x: SSAValue, y: SSAValue) -> SSAValue:
    # |x|^y = 2^t, t = y log2|x|, in f64 (every f32 |x| is a normal f64): |x| = 2^k m, m in
    # [sqrt(1/2), sqrt(2)) from the bits, log2 m from atanh's series; t = n + r, n rounded to
    # nearest, 2^r from its Taylor series, 2^n from the exponent field. t's error (2^-39 of it)
    # is far below an f32 ulp of the result, which the final rounding to f32 sets; it also
    # gives overflow to inf and underflow to denormals and 0 by itself. Then C's special cases.
    ax = e.op(math.AbsFOp(x))
    bits = e.op(arith.BitcastOp(e.op(arith.ExtFOp(ax, f64)), i64))
    shifted = e.op(arith.AddiOp(bits, e.long(ONE_BITS64 - SQRT_HALF_BITS64)))
    k = e.op(arith.SubiOp(e.op(arith.ShRUIOp(shifted, e.long(52))), e.long(1023)))
    fraction = e.op(arith.AndIOp(shifted, e.long(FRACTION_MASK64)))
    m = e.op(arith.BitcastOp(e.op(arith.AddiOp(fraction, e.long(SQRT_HALF_BITS64))), f64))
    s = e.div(e.sub(m, e.d(1.0)), e.add(m, e.d(1.0)))
    ln_m = e.mul(e.mul(s, e.d(2.0)), e.horner(e.mul(s, s), POW_LOG_POLY))
    log2x = e.madd(ln_m, e.d(LOG2E), e.op(arith.SIToFPOp(k, f64)))
    log2x = e.select(e.cmp("oeq", ax, e.f(0.0)), e.d(float("-inf")), log2x)
    log2x = e.select(e.cmp("oeq", ax, e.f(float("inf"))), e.d(float("inf")), log2x)
    t = e.mul(e.op(arith.ExtFOp(y, f64)), log2x)
    t = e.select(e.cmp("ogt", t, e.d(POW_T_CLAMP)), e.d(POW_T_CLAMP), t)
    t = e.select(e.cmp("olt", t, e.d(-POW_T_CLAMP)), e.d(-POW_T_CLAMP), t)
    rounded = e.add(t, e.d(ROUND_SHIFT64))
    r = e.sub(t, e.sub(rounded, e.d(ROUND_SHIFT64)))
    n = e.op(arith.SubiOp(e.op(arith.BitcastOp(rounded, i64)), e.long(ROUND_SHIFT64_BITS)))
    scale = e.op(
        arith.BitcastOp(e.op(arith.ShLIOp(e.op(arith.AddiOp(n, e.long(1023))), e.long(52))), f64)
    )
    magnitude = e.op(arith.TruncFOp(e.mul(e.horner(r, POW_EXP2_POLY), scale), f32))
    # A negative x (-0 and -inf included) to an odd integer power: the result is negative.
    # y is odd when y and y/2 rounded down differ by 1/2 (no integer above 2^24 is odd).
    integer = e.cmp("oeq", e.op(math.FloorOp(y)), y)
    half = e.mul(y, e.f(0.5))
    odd = e.op(arith.AndIOp(integer, e.cmp("one", e.op(math.FloorOp(half)), half)))
    negative = e.op(arith.CmpiOp(e.bits(x), e.i(0), "slt"))
    sign = e.select(e.op(arith.AndIOp(odd, negative)), e.i(-(1 << 31)), e.i(0))
    result = e.float_of_bits(e.op(arith.XOrIOp(e.bits(magnitude), sign)))
    # A finite negative x to a finite non-integer power: NaN; so with a NaN x or y; but
    # x^0 = 1 and 1^y = 1 for any x and y (NaN included), and (-1)^±inf = 1.
    finite_negative = e.op(
        arith.AndIOp(e.cmp("olt", x, e.f(0.0)), e.cmp("ogt", x, e.f(float("-inf"))))
    )
    fractional = e.op(arith.XOrIOp(integer, e.op(arith.ConstantOp(IntegerAttr(1, 1)))))
    nan = e.op(arith.OrIOp(e.op(arith.AndIOp(finite_negative, fractional)), e.cmp("uno", x, y)))
    result = e.select(nan, e.f(float("nan")), result)
    unit_magnitude = e.op(
        arith.AndIOp(
            e.cmp("oeq", ax, e.f(1.0)), e.cmp("oeq", e.op(math.AbsFOp(y)), e.f(float("inf")))
        )
    )
    one = e.op(
        arith.OrIOp(
            e.op(arith.OrIOp(e.cmp("oeq", x, e.f(1.0)), e.cmp("oeq", y, e.f(0.0)))), unit_magnitude
        )
    )
    return e.select(one, e.f(1.0), result)


EXPANSIONS: dict[type[Operation], tuple[str, Callable[..., SSAValue]]] = {
    math.ExpOp: ("exp", _exp),
    math.LogOp: ("log", _log),
    math.Log1pOp: ("log1p", _log1p),
    math.ExpM1Op: ("expm1", _expm1),
    math.TanhOp: ("tanh", _tanh),
    math.SinOp: ("sin", _sin),
    math.CosOp: ("cos", _cos),
    math.TanOp: ("tan", _tan),
    math.SinhOp: ("sinh", _sinh),
    math.CoshOp: ("cosh", _cosh),
    math.AtanOp: ("atan", _atan),
    math.PowFOp: ("pow", _pow),
    math.Atan2Op: ("atan2", _atan2),
}
"""math op -> (name in MAX_ULP, its f32 expansion: a function of the op's operands)."""

EXPANSION_DEPTH = 15
"""Ops on the longest dependency path of the shallowest expansion but atan's (exp, expm1 and
tanh: 15; log 19, log1p 20, all with FMA), checked by test_expansion_depth.py: how much latency
one such op adds to a loop body (see `expands`, `expansion_depth`)."""
SHALLOW_EXPANSIONS: dict[str, int] = {"atan": 13}
"""The expansions less deep than EXPANSION_DEPTH (atan with FMA: 13), charged their own depth."""


def expansion_depth(op: Operation) -> int:
    """The dependency-path length charged for `op` if expand-math expands it (see `expands`)."""
    return SHALLOW_EXPANSIONS.get(EXPANSIONS[type(op)][0], EXPANSION_DEPTH)


LIBRARY_SERVED = frozenset(
    {math.SinOp, math.CosOp, math.TanOp, math.SinhOp, math.CoshOp, math.PowFOp}
)
"""The expansions left out where the code calls a vector library's, which is faster
(`ExpandMathPass.vector_library`)."""


def expands(op: Operation, vector_library: bool = False) -> bool:
    """Whether expand-math will rewrite `op` into a polynomial expansion (f32, one of
    EXPANSIONS; those of LIBRARY_SERVED only without a `vector_library`): a long chain of
    dependent arith ops once lowered."""
    if type(op) in LIBRARY_SERVED and vector_library:
        return False
    return type(op) in EXPANSIONS and isinstance(op.results[0].type, Float32Type)


BINARY = frozenset({"pow", "atan2"})
"""The functions of two arguments (x^y, atan2(y, x)); the others take one."""

FUNCTION_PREFIX = "__strata_math_"
"""Names of the functions expand-math adds (`__strata_math_tanh_f32`); reserved."""


def expansion_function(name: str, fma: bool, pairwise: bool = True) -> func.FuncOp:
    """The f32 expansion of math function `name` (a row of EXPANSIONS) as a private function of
    f32 arguments (one, two for pow), inlined by LLVM wherever it is called (`always_inline`);
    `pairwise`: polynomials in pairs (`_Emit.pairwise`), else by Horner's rule."""
    expand = next(row for row in EXPANSIONS.values() if row[0] == name)[1]
    arity = 2 if name in BINARY else 1
    block = Block(arg_types=[f32] * arity)
    for arg, hint in zip(block.args, "yx" if name == "atan2" else "xy", strict=False):
        arg.name_hint = hint
    block.add_op(func.ReturnOp(expand(_Emit(block, fma, pairwise), *block.args)))
    function = func.FuncOp(
        f"{FUNCTION_PREFIX}{name}_f32",
        FunctionType.from_lists([f32] * arity, [f32]),
        Region(block),
        visibility="private",
    )
    function.attributes["always_inline"] = UnitAttr()
    return function


@dataclass(frozen=True)
class ExpandMathPass(ModulePass):
    """Expands f32 exp, log, log1p, expm1, tanh, atan, atan2, sin, cos, tan, sinh, cosh and pow
    into vectorisable arith.

    Each function used is built once per module, as a private function that LLVM inlines
    (`always_inline`) before it vectorises, and each op becomes a call of it: the expansion's
    40-odd ops then cost the later passes once, not once per use.

    `fma`: 1, the polynomials' multiply-adds are `math.fma` (the target has FMA); 0, a multiply
    and an add; -1, as this machine (the pipeline fills it from the compile's target).

    `pairwise`: 1, exp's and log's polynomials in pairs (`_Emit.pairwise`: half the dependent
    multiply-adds, for loops bound by latency: 16 vector registers); 0, Horner's rule (fewer
    values live, for loops bound by the FMA pipes: 32 registers); -1, as this machine (the
    pipeline fills it from the compile's target).

    `vector-library`: 1, the code calls a vector library's sin, cos, tan, sinh, cosh and pow
    (glibc's libmvec, faster: 0.4 ms for 1M sinf on one AVX2 core, where this expansion takes
    2.9 ms, and a scalar libm call per element 9 ms), so they stay math ops; 0, they are
    expanded too; -1, as the JIT on this machine (a library where libmvec is loadable; the
    pipeline fills it from the compile).

    Expects: any stage with `math` ops on scalars (the `loops` stage on the cpu chain).
    Guarantees: no f32 math.exp/log/log1p/expm1/tanh/atan/atan2 is left (nor sin, cos, tan, sinh,
    cosh and powf without a vector library); calls of `__strata_math_*_f32` functions in their
    place.
    """

    name = "expand-math"

    fma: int = -1
    vector_library: int = -1
    pairwise: int = -1

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        fma = TargetDescription.host().fma if self.fma < 0 else bool(self.fma)
        pairwise = (
            TargetDescription.host().latency_bound_math
            if self.pairwise < 0
            else bool(self.pairwise)
        )
        if self.vector_library < 0:
            from strata.targets import vector_library  # llvmlite, only to ask the host

            library = vector_library.available()
        else:
            library = bool(self.vector_library)
        functions: dict[str, func.FuncOp] = {}
        for math_op in [o for o in op.walk() if expands(o, library)]:
            name = EXPANSIONS[type(math_op)][0]
            if name not in functions:
                functions[name] = expansion_function(name, fma, pairwise)
                op.body.block.add_op(functions[name])
            call = func.CallOp(functions[name].sym_name.data, list(math_op.operands), [f32])
            call.location = math_op.location
            Rewriter.replace_op(math_op, call)
