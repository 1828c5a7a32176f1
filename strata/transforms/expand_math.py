"""expand-math: f32 `math` ops as branch-free `arith`, so the loops around them vectorise.

    %y = math.exp %x : f32
 -> %y = func.call @__strata_math_exp_f32(%x), a private function of the module (LLVM inlines
    it) computing n = floor(x * log2(e) + 1/2); r = x - n * ln2 (two parts);
    p = 1 + r + r^2 * P(r); y = p * 2^(n/2) * 2^(n - n/2) (x clamped first: overflow and
    underflow come out of the scaling), with a select for NaN

LLVM lowers `llvm.exp.f32`, `llvm.tanh.f32`, `log1pf`, ... to scalar libm calls, which no loop
vectoriser widens: a loop over `tanh` ran one element at a time. These expansions use only
adds, multiplies, divides, compares, selects, `floor` and bit casts, all of which exist on vectors
of any width. Each is a range reduction and a polynomial (the single-precision minimax
coefficients published with Cephes), and each handles ±0, ±inf, NaN, denormal inputs and results,
and overflow with selects. Measured accuracy over all f32 inputs (test/transforms/expand_math/
test_ulp.py, against float64 numpy): see MAX_ULP.

f64 ops, and f32 ops not listed (sin, cos, pow, erf, ...), are left for convert-math-to-llvm.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, math
from xdsl.dialects.builtin import (
    Float32Type,
    FloatAttr,
    FunctionType,
    IntegerAttr,
    ModuleOp,
    UnitAttr,
    f32,
    i32,
)
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from strata.targets.description import TargetDescription

MAX_ULP: dict[str, int] = {"exp": 1, "log": 1, "log1p": 2, "expm1": 2, "tanh": 1}
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
TANH_POLY = (
    -5.70498872745e-3,
    2.06390887954e-2,
    -5.37397155531e-2,
    1.33314422036e-1,
    -3.33332819422e-1,
)
EXPM1_EXACT_N = 24
"""expm1 computes 2^n q + (2^n - 1) for n up to this (2^n - 1 is exact in f32)."""
EXP_CLAMP_HIGH = 89.0
"""exp's argument is clamped to [EXP_CLAMP_LOW, EXP_CLAMP_HIGH], just past where exp overflows
(88.7228...) and rounds to 0 (-103.972...): n stays within [-150, 128], which the two-factor
scaling reaches without overflowing an exponent field, and p * 2^n is inf above the one and
rounds to 0 below the other by itself (no compare and select)."""
EXP_CLAMP_LOW = -104.0
TANH_CLAMP = 20.0
"""tanh's 1 - 2/(e^t + 1) takes t = 2|x| up to this: the result rounds to 1 in f32 from
t = 26 ln2 = 18.02 on, and e^20 needs no second exponent-field factor."""
ONE_BITS = 0x3F800000
SQRT_HALF_BITS = 0x3F3504F3
"""The bits of 1.0f and of sqrt(1/2) rounded to f32 (0.70710677): log's mantissa range starts
there."""
FRACTION_MASK = 0x007FFFFF


class _Emit:
    """Appends f32/i32 arith ops to `block`; every value is an SSAValue of f32 or i32."""

    def __init__(self, block: Block, fma: bool):
        self.block = block
        self.fma = fma
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
        acc = self.f(coefficients[0])
        for c in coefficients[1:]:
            acc = self.madd(acc, x, self.f(c))
        return acc

    def bits(self, x: SSAValue) -> SSAValue:
        return self.op(arith.BitcastOp(x, i32))

    def float_of_bits(self, x: SSAValue) -> SSAValue:
        return self.op(arith.BitcastOp(x, f32))

    def pow2(self, n: SSAValue) -> SSAValue:
        """2^n as f32 for an i32 n in [-126, 127] (the exponent field)."""
        biased = self.op(arith.AddiOp(n, self.i(127)))
        return self.float_of_bits(self.op(arith.ShLIOp(biased, self.i(23))))

    def is_nan(self, x: SSAValue) -> SSAValue:
        return self.cmp("uno", x, x)


def _exp_reduce(e: _Emit, t: SSAValue) -> tuple[SSAValue, SSAValue]:
    """e^t as (q, n) with e^t = (1 + q) * 2^n, for a t that is neither NaN nor infinite:
    n = round(t / ln2) (an i32), r = t - n ln2 in two parts, q = e^r - 1 = r + r^2 P(r)."""
    n_float = e.op(math.FloorOp(e.madd(t, e.f(LOG2E), e.f(0.5))))
    r = e.madd(n_float, e.f(-LN2_HI), t)
    r = e.madd(n_float, e.f(-LN2_LO), r)
    q = e.madd(e.mul(e.horner(r, EXP_POLY), r), r, r)
    return q, e.op(arith.FPToSIOp(n_float, i32))


def _exp_parts(e: _Emit, x: SSAValue) -> tuple[SSAValue, SSAValue, SSAValue, SSAValue]:
    """e^x as (q, n, 2^(n/2), 2^(n - n/2)) with e^x = (1 + q) * 2^n (`_exp_reduce`), x clamped
    first (maxnum/minnum turn NaN into a bound, so fptosi never sees NaN or inf). The clamp's
    bounds lie just past where exp overflows and rounds to 0: n stays within [-150, 128], which
    the two factors reach without overflowing an exponent field, and their product gives inf and
    0 there by itself."""
    clamped = e.op(
        arith.MinnumfOp(e.op(arith.MaxnumfOp(x, e.f(EXP_CLAMP_LOW))), e.f(EXP_CLAMP_HIGH))
    )
    q, n = _exp_reduce(e, clamped)
    half = e.op(arith.ShRSIOp(n, e.i(1)))
    return q, n, e.pow2(half), e.pow2(e.op(arith.SubiOp(n, half)))


def _scaled(e: _Emit, q: SSAValue, low: SSAValue, high: SSAValue) -> SSAValue:
    """(1 + q) * 2^n from `_exp_parts`: e^x for a non-NaN x."""
    return e.mul(e.mul(e.add(q, e.f(1.0)), low), high)


def _exp(e: _Emit, x: SSAValue) -> SSAValue:
    q, _, low, high = _exp_parts(e, x)
    y = _scaled(e, q, low, high)
    return e.select(e.is_nan(x), x, y)


def _log(e: _Emit, x: SSAValue) -> SSAValue:
    # Denormals: scale into the normal range first (x * 2^23, exponent - 23).
    tiny = e.cmp("olt", x, e.f(1.1754943508222875e-38))
    scaled = e.select(tiny, e.mul(x, e.f(8388608.0)), x)
    # x = 2^k m with m in [sqrt(1/2), sqrt(2)), in integer ops alone: adding the distance from
    # sqrt(1/2)'s bits to 1's carries into the exponent field exactly when the fraction is at or
    # above sqrt(2)'s; the fraction then gets sqrt(1/2)'s bits back. f = m - 1 is exact.
    shifted = e.op(arith.AddiOp(e.bits(scaled), e.i(ONE_BITS - SQRT_HALF_BITS)))
    exponent = e.op(arith.SubiOp(e.op(arith.ShRUIOp(shifted, e.i(23))), e.i(127)))
    exponent = e.op(arith.SubiOp(exponent, e.op(arith.SelectOp(tiny, e.i(23), e.i(0)))))
    fraction = e.op(arith.AndIOp(shifted, e.i(FRACTION_MASK)))
    m = e.float_of_bits(e.op(arith.AddiOp(fraction, e.i(SQRT_HALF_BITS))))
    f = e.sub(m, e.f(1.0))
    k = e.op(arith.SIToFPOp(exponent, f32))
    z = e.mul(f, f)
    y = e.mul(e.mul(f, z), e.horner(f, LOG_POLY))
    y = e.madd(k, e.f(LN2_LO), y)
    y = e.madd(z, e.f(-0.5), y)
    y = e.madd(k, e.f(LN2_HI), e.add(f, y))
    y = e.select(e.cmp("oeq", x, e.f(float("inf"))), x, y)
    y = e.select(e.cmp("oeq", x, e.f(0.0)), e.f(float("-inf")), y)
    # Negative numbers and NaN: NaN.
    return e.select(e.cmp("ult", x, e.f(0.0)), e.f(float("nan")), y)


def _log1p(e: _Emit, x: SSAValue) -> SSAValue:
    # log1p(x) = log(u) * (x / (u - 1)) with u = 1 + x rounded: the rounding error of u cancels.
    u = e.add(x, e.f(1.0))
    small = e.cmp("oeq", u, e.f(1.0))
    y = e.mul(_log(e, u), e.div(x, e.sub(u, e.f(1.0))))  # the ratio is near 1: no overflow
    y = e.select(e.cmp("oeq", u, e.f(float("inf"))), u, y)
    return e.select(small, x, y)  # also keeps -0, and NaN (u is NaN, not 1)


def _expm1(e: _Emit, x: SSAValue) -> SSAValue:
    # e^x - 1 = 2^n q + (2^n - 1) from exp's reduction (q = e^r - 1): exact for n = 0 (|x| <
    # ln2/2, where q is the answer), one multiply-add for n <= 24 (2^n - 1 exact); beyond, the
    # 1 no longer shows and 2^n may overflow one factor: (1 + q) 2^n - 1 as exp scales it.
    q, n, low, high = _exp_parts(e, x)
    scale = e.mul(low, high)
    near = e.madd(scale, q, e.sub(scale, e.f(1.0)))
    far = e.sub(_scaled(e, q, low, high), e.f(1.0))
    y = e.select(e.op(arith.CmpiOp(n, e.i(EXPM1_EXACT_N), "sgt")), far, near)
    y = e.select(e.is_nan(x), x, y)
    return e.select(e.cmp("oeq", x, e.f(0.0)), x, y)  # -0 (q is +0 there)


def _tanh(e: _Emit, x: SSAValue) -> SSAValue:
    # |x| < 0.625: odd polynomial; above: 1 - 2 / (e^t + 1) with t = 2|x| clamped to
    # TANH_CLAMP (tanh is 1 in f32 well before), so e^t = (1 + q) 2^n with n in [0, 29]: one
    # exponent-field factor, and no overflow or NaN to guard (a NaN x takes the polynomial).
    ax = e.op(math.AbsFOp(x))
    z = e.mul(x, x)
    small = e.madd(e.mul(e.horner(z, TANH_POLY), z), x, x)
    q, n = _exp_reduce(e, e.op(arith.MinnumfOp(e.add(ax, ax), e.f(TANH_CLAMP))))
    exp = e.mul(e.add(q, e.f(1.0)), e.pow2(n))
    big = e.sub(e.f(1.0), e.div(e.f(2.0), e.add(exp, e.f(1.0))))
    # tanh is odd: the result has x's sign (-0 included).
    return e.op(math.CopySignOp(e.select(e.cmp("oge", ax, e.f(0.625)), big, small), x))


EXPANSIONS: dict[type[Operation], tuple[str, Callable[[_Emit, SSAValue], SSAValue]]] = {
    math.ExpOp: ("exp", _exp),
    math.LogOp: ("log", _log),
    math.Log1pOp: ("log1p", _log1p),
    math.ExpM1Op: ("expm1", _expm1),
    math.TanhOp: ("tanh", _tanh),
}
"""math op -> (name in MAX_ULP, its f32 expansion)."""

EXPANSION_DEPTH = 17
"""Ops on the longest dependency path of the shallowest expansion (exp: 17; log 24, tanh 21,
log1p 28, expm1 20, all with FMA), checked by test_expansion_depth.py: how much latency one such
op adds to a loop body (see `expands`)."""


def expands(op: Operation) -> bool:
    """Whether expand-math will rewrite `op` into a polynomial expansion (f32, one of
    EXPANSIONS): a long chain of dependent arith ops once lowered."""
    return type(op) in EXPANSIONS and isinstance(op.results[0].type, Float32Type)


FUNCTION_PREFIX = "__strata_math_"
"""Names of the functions expand-math adds (`__strata_math_tanh_f32`); reserved."""


def expansion_function(name: str, fma: bool) -> func.FuncOp:
    """The f32 expansion of math function `name` (a row of EXPANSIONS) as a private function of
    one f32 argument, inlined by LLVM wherever it is called (`always_inline`)."""
    expand = next(row for row in EXPANSIONS.values() if row[0] == name)[1]
    block = Block(arg_types=[f32])
    block.args[0].name_hint = "x"
    block.add_op(func.ReturnOp(expand(_Emit(block, fma), block.args[0])))
    function = func.FuncOp(
        f"{FUNCTION_PREFIX}{name}_f32",
        FunctionType.from_lists([f32], [f32]),
        Region(block),
        visibility="private",
    )
    function.attributes["always_inline"] = UnitAttr()
    return function


@dataclass(frozen=True)
class ExpandMathPass(ModulePass):
    """Expands f32 exp, log, log1p, expm1 and tanh into vectorisable arith.

    Each function used is built once per module, as a private function that LLVM inlines
    (`always_inline`) before it vectorises, and each op becomes a call of it: the expansion's
    40-odd ops then cost the later passes once, not once per use.

    `fma`: 1, the polynomials' multiply-adds are `math.fma` (the target has FMA); 0, a multiply
    and an add; -1, as this machine (the pipeline fills it from the compile's target).

    Expects: any stage with `math` ops on scalars (the `loops` stage on the cpu chain).
    Guarantees: no f32 math.exp/log/log1p/expm1/tanh is left; calls of `__strata_math_*_f32`
    functions in their place.
    """

    name = "expand-math"

    fma: int = -1

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        fma = TargetDescription.host().fma if self.fma < 0 else bool(self.fma)
        functions: dict[str, func.FuncOp] = {}
        for math_op in [o for o in op.walk() if expands(o)]:
            name = EXPANSIONS[type(math_op)][0]
            if name not in functions:
                functions[name] = expansion_function(name, fma)
                op.body.block.add_op(functions[name])
            call = func.CallOp(functions[name].sym_name.data, [math_op.operands[0]], [f32])
            call.location = math_op.location
            Rewriter.replace_op(math_op, call)
