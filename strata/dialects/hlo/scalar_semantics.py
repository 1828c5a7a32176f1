"""What each hlo elementwise op computes on one element, per element kind: the arith/math op (or
named expansion) the scalar lowering emits, and the numpy function that evaluates it. Folding,
the import-time evaluator, the host plan and the linalg lowering all read this one table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

import numpy as np
from xdsl.dialects import arith, math
from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, Float64Type
from xdsl.ir import Attribute, Operation

from strata.dialects.element_kinds import ElementKind
from strata.dialects.hlo.bits import BitcastConvertOp, ReducePrecisionOp
from strata.dialects.hlo.core import (
    AbsOp,
    AddOp,
    AndOp,
    Atan2Op,
    CbrtOp,
    CeilOp,
    ClampOp,
    CompareOp,
    ComparisonDirection,
    ConvertOp,
    CosineOp,
    CountLeadingZerosOp,
    DivideOp,
    Expm1Op,
    ExponentialOp,
    FloorOp,
    IsFiniteOp,
    Log1pOp,
    LogisticOp,
    LogOp,
    MaximumOp,
    MinimumOp,
    MultiplyOp,
    NegateOp,
    NotOp,
    OrOp,
    PopcntOp,
    PowerOp,
    RemainderOp,
    RoundNearestAfzOp,
    RoundNearestEvenOp,
    RsqrtOp,
    SelectOp,
    ShiftLeftOp,
    ShiftRightArithmeticOp,
    ShiftRightLogicalOp,
    SignOp,
    SineOp,
    SqrtOp,
    SubtractOp,
    TanhOp,
    TanOp,
    XorOp,
)

Numpy = Callable[..., np.ndarray]

FLOAT, SIGNED, UNSIGNED, BOOL = (
    ElementKind.FLOAT,
    ElementKind.SIGNED,
    ElementKind.UNSIGNED,
    ElementKind.BOOL,
)
INTEGERS = (SIGNED, UNSIGNED)


class Expansion(Enum):
    """A scalar lowering of several arith/math ops (`scalar_ops` emits each)."""

    NEGATE_INTEGER = "0 - x"
    INTEGER_POWER = "power by squaring"
    FLOAT_REMAINDER = "fmod"
    INTEGER_DIVIDE = "sdiv / udiv; x / 0 = -1 (all ones), MIN / -1 = MIN"
    INTEGER_REMAINDER = "srem / urem; x % 0 = x, MIN % -1 = 0"
    LOGISTIC = "1 / (1 + exp(-x))"
    SIGN = "sign"
    NOT = "x xor all-ones"
    COMPARE = "cmpf / cmpi by direction and compare type"
    SELECT = "select"
    CLAMP = "min(max(x, lo), hi)"
    CONVERT = "element conversion"
    SHIFT_LEFT = "shli, 0 past the bit width"
    SHIFT_RIGHT_ARITHMETIC = "shrsi, all top bits past the bit width"
    SHIFT_RIGHT_LOGICAL = "shrui, 0 past the bit width"
    IS_FINITE = "|x| < inf (false for NaN)"
    BITCAST = "the same bits as an element of another type of one width"
    REDUCE_PRECISION = "integer ops on the float's bits (PrecisionReduction)"


@dataclass(frozen=True)
class Behaviour:
    """How an op computes one element of one kind. `numpy` is None where the value depends on
    the op's attributes (compare: `COMPARISONS`, convert: the result's dtype, bitcast_convert:
    `bitcast_bits`, reduce_precision: `reduce_precision_bits`)."""

    emits: type[Operation] | Expansion
    numpy: Numpy | None


@dataclass(frozen=True)
class OpSemantics:
    by_kind: dict[ElementKind, Behaviour] = field(default_factory=dict)

    def behaviour(self, kind: ElementKind | None) -> Behaviour | None:
        return None if kind is None else self.by_kind.get(kind)


def _safe_divisor(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(a, b, b with 1 where b is 0 or the quotient overflows (MIN / -1)), broadcast; a
    division by it is defined everywhere and right wherever b was not 0."""
    a, b = np.broadcast_arrays(np.asarray(a), np.asarray(b))
    bad = b == 0
    if np.issubdtype(a.dtype, np.signedinteger):
        bad |= (a == np.iinfo(a.dtype).min) & (b == -1)
    return a, b, np.where(bad, np.ones_like(b), b)


def _trunc_divide(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Integer division rounding toward zero (C, LLVM's sdiv), unlike numpy's floor division;
    as XLA defines what LLVM leaves undefined: x / 0 = -1 (all ones unsigned), MIN / -1 = MIN
    (`Expansion.INTEGER_DIVIDE`)."""
    a, b, safe = _safe_divisor(a, b)
    q = np.floor_divide(a, safe)
    inexact = (np.remainder(a, safe) != 0) & ((a < 0) != (safe < 0))
    q = np.where(inexact, q + 1, q)
    all_ones = np.full_like(q, np.iinfo(q.dtype).max if q.dtype.kind == "u" else -1)
    quotient: np.ndarray = np.where(b == 0, all_ones, q).astype(a.dtype)
    return quotient


def _trunc_remainder(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """C's %: the sign of the dividend; x % 0 = x, MIN % -1 = 0 (`Expansion.INTEGER_REMAINDER`)."""
    a, b, safe = _safe_divisor(a, b)
    remainder: np.ndarray = np.where(b == 0, a, np.fmod(a, safe)).astype(a.dtype)
    return remainder


def _integer_power(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Wrapping integer power; a negative exponent gives 0, or +-1 for a base of +-1."""
    a, b = np.broadcast_arrays(np.asarray(a), np.asarray(b))
    positive = np.power(a, np.maximum(b, 0))
    odd = (b % 2) != 0
    unit = np.where(odd, a, np.ones_like(a))
    inverse = np.where((a == 1) | (a == -1), unit, np.zeros_like(a))
    return np.where(b < 0, inverse, positive)


def _logistic(x: np.ndarray) -> np.ndarray:
    result: np.ndarray = 1 / (1 + np.exp(-x))
    return result


def _rsqrt(x: np.ndarray) -> np.ndarray:
    result: np.ndarray = 1 / np.sqrt(x)
    return result


def _clamp(lo: np.ndarray, x: np.ndarray, hi: np.ndarray) -> np.ndarray:
    result: np.ndarray = np.minimum(np.maximum(x, lo), hi)
    return result


def _popcount(x: np.ndarray) -> np.ndarray:
    """Set bits, in x's own integer type."""
    counts: np.ndarray = np.bitwise_count(x).astype(x.dtype)
    return counts


def _leading_zeros(x: np.ndarray) -> np.ndarray:
    """Leading zero bits of x's bit pattern (its bit width for 0), in x's own integer type."""
    bits = x.dtype.itemsize * 8
    pattern = x.view(np.dtype(f"uint{bits}")).astype(np.uint64)
    width = np.zeros(x.shape, np.int64)
    for shift in range(bits):
        width = np.where(pattern >> np.uint64(shift) != 0, shift + 1, width)
    return (bits - width).astype(x.dtype)


def _round_afz(x: np.ndarray) -> np.ndarray:
    """Round half away from zero (C round): x - trunc(x) is exact, so the tie test is too."""
    whole = np.trunc(x)
    result: np.ndarray = np.where(np.abs(x - whole) >= 0.5, whole + np.sign(x), whole)
    return result.astype(x.dtype)


def _shift(
    a: np.ndarray, b: np.ndarray, shift: Callable[[np.ndarray, np.ndarray], np.ndarray], past: str
) -> np.ndarray:
    """a shifted by b on a's bit pattern, where an amount read unsigned at or past the bit width
    gives `past`: 'zero', or 'sign' (every bit a copy of the top one)."""
    a, b = np.broadcast_arrays(np.asarray(a), np.asarray(b))
    bits = a.dtype.itemsize * 8
    unsigned = np.dtype(f"uint{bits}")
    amount = b.view(unsigned)
    inside = amount < bits
    safe = np.where(inside, amount, 0).astype(unsigned)
    shifted = shift(a.view(unsigned), safe)
    if past == "zero":
        beyond = np.zeros_like(shifted)
    else:
        beyond = np.where(a.view(unsigned) >> unsigned.type(bits - 1) != 0, ~unsigned.type(0), 0)
    return np.where(inside, shifted, beyond).astype(unsigned).view(a.dtype)


def _shift_left(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return _shift(a, b, np.left_shift, "zero")


def _shift_right_logical(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return _shift(a, b, np.right_shift, "zero")


def _shift_right_arithmetic(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    bits = np.asarray(a).dtype.itemsize * 8
    signed = np.dtype(f"int{bits}")

    def arithmetic(pattern: np.ndarray, amount: np.ndarray) -> np.ndarray:
        shifted: np.ndarray = np.right_shift(pattern.view(signed), amount.astype(signed))
        return shifted.view(pattern.dtype)

    return _shift(a, b, arithmetic, "sign")


def _same(
    kinds: tuple[ElementKind, ...], emits: type[Operation] | Expansion, numpy: Numpy | None
) -> dict[ElementKind, Behaviour]:
    return {kind: Behaviour(emits, numpy) for kind in kinds}


def _float_only(emits: type[Operation] | Expansion, numpy: Numpy) -> OpSemantics:
    return OpSemantics(_same((FLOAT,), emits, numpy))


ELEMENTWISE: dict[type[Operation], OpSemantics] = {
    AddOp: OpSemantics(
        {
            FLOAT: Behaviour(arith.AddfOp, np.add),
            **_same(INTEGERS, arith.AddiOp, np.add),
            BOOL: Behaviour(arith.OrIOp, np.logical_or),
        }
    ),
    SubtractOp: OpSemantics(
        {FLOAT: Behaviour(arith.SubfOp, np.subtract), **_same(INTEGERS, arith.SubiOp, np.subtract)}
    ),
    MultiplyOp: OpSemantics(
        {
            FLOAT: Behaviour(arith.MulfOp, np.multiply),
            **_same(INTEGERS, arith.MuliOp, np.multiply),
            BOOL: Behaviour(arith.AndIOp, np.logical_and),
        }
    ),
    DivideOp: OpSemantics(
        {
            FLOAT: Behaviour(arith.DivfOp, np.divide),
            **_same(INTEGERS, Expansion.INTEGER_DIVIDE, _trunc_divide),
        }
    ),
    MaximumOp: OpSemantics(
        {
            FLOAT: Behaviour(arith.MaximumfOp, np.maximum),
            SIGNED: Behaviour(arith.MaxSIOp, np.maximum),
            UNSIGNED: Behaviour(arith.MaxUIOp, np.maximum),
            BOOL: Behaviour(arith.OrIOp, np.logical_or),
        }
    ),
    MinimumOp: OpSemantics(
        {
            FLOAT: Behaviour(arith.MinimumfOp, np.minimum),
            SIGNED: Behaviour(arith.MinSIOp, np.minimum),
            UNSIGNED: Behaviour(arith.MinUIOp, np.minimum),
            BOOL: Behaviour(arith.AndIOp, np.logical_and),
        }
    ),
    PowerOp: OpSemantics(
        {
            FLOAT: Behaviour(math.PowFOp, np.power),
            **_same(INTEGERS, Expansion.INTEGER_POWER, _integer_power),
        }
    ),
    RemainderOp: OpSemantics(
        {
            FLOAT: Behaviour(Expansion.FLOAT_REMAINDER, np.fmod),
            **_same(INTEGERS, Expansion.INTEGER_REMAINDER, _trunc_remainder),
        }
    ),
    AndOp: OpSemantics(_same((*INTEGERS, BOOL), arith.AndIOp, np.bitwise_and)),
    OrOp: OpSemantics(_same((*INTEGERS, BOOL), arith.OrIOp, np.bitwise_or)),
    XorOp: OpSemantics(_same((*INTEGERS, BOOL), arith.XOrIOp, np.bitwise_xor)),
    ShiftLeftOp: OpSemantics(_same(INTEGERS, Expansion.SHIFT_LEFT, _shift_left)),
    ShiftRightArithmeticOp: OpSemantics(
        _same(INTEGERS, Expansion.SHIFT_RIGHT_ARITHMETIC, _shift_right_arithmetic)
    ),
    ShiftRightLogicalOp: OpSemantics(
        _same(INTEGERS, Expansion.SHIFT_RIGHT_LOGICAL, _shift_right_logical)
    ),
    Atan2Op: _float_only(math.Atan2Op, np.arctan2),
    CbrtOp: _float_only(math.CbrtOp, np.cbrt),
    PopcntOp: OpSemantics(_same(INTEGERS, math.CtPopOp, _popcount)),
    CountLeadingZerosOp: OpSemantics(_same(INTEGERS, math.CountLeadingZerosOp, _leading_zeros)),
    NegateOp: OpSemantics(
        {
            FLOAT: Behaviour(arith.NegfOp, np.negative),
            **_same(INTEGERS, Expansion.NEGATE_INTEGER, np.negative),
        }
    ),
    AbsOp: OpSemantics(
        {FLOAT: Behaviour(math.AbsFOp, np.abs), SIGNED: Behaviour(math.AbsIOp, np.abs)}
    ),
    ExponentialOp: _float_only(math.ExpOp, np.exp),
    LogOp: _float_only(math.LogOp, np.log),
    SqrtOp: _float_only(math.SqrtOp, np.sqrt),
    RsqrtOp: _float_only(math.RsqrtOp, _rsqrt),
    TanhOp: _float_only(math.TanhOp, np.tanh),
    FloorOp: _float_only(math.FloorOp, np.floor),
    CeilOp: _float_only(math.CeilOp, np.ceil),
    TanOp: _float_only(math.TanOp, np.tan),
    RoundNearestEvenOp: _float_only(math.RoundEvenOp, np.rint),
    RoundNearestAfzOp: _float_only(math.RoundOp, _round_afz),
    IsFiniteOp: _float_only(Expansion.IS_FINITE, np.isfinite),
    Log1pOp: _float_only(math.Log1pOp, np.log1p),
    Expm1Op: _float_only(math.ExpM1Op, np.expm1),
    SineOp: _float_only(math.SinOp, np.sin),
    CosineOp: _float_only(math.CosOp, np.cos),
    LogisticOp: _float_only(Expansion.LOGISTIC, _logistic),
    SignOp: OpSemantics(_same((FLOAT, SIGNED), Expansion.SIGN, np.sign)),
    NotOp: OpSemantics(_same((*INTEGERS, BOOL), Expansion.NOT, np.invert)),
    CompareOp: OpSemantics(_same((FLOAT, *INTEGERS, BOOL), Expansion.COMPARE, None)),
    SelectOp: OpSemantics(_same((FLOAT, *INTEGERS, BOOL), Expansion.SELECT, np.where)),
    ClampOp: OpSemantics(
        {
            FLOAT: Behaviour(Expansion.CLAMP, _clamp),
            SIGNED: Behaviour(Expansion.CLAMP, _clamp),
            UNSIGNED: Behaviour(Expansion.CLAMP, _clamp),
        }
    ),
    ConvertOp: OpSemantics(_same((FLOAT, *INTEGERS, BOOL), Expansion.CONVERT, None)),
    # Elements of one width only: bits.BitcastConvertLowering handles the others.
    BitcastConvertOp: OpSemantics(_same((FLOAT, *INTEGERS, BOOL), Expansion.BITCAST, None)),
    ReducePrecisionOp: OpSemantics(_same((FLOAT,), Expansion.REDUCE_PRECISION, None)),
}


@dataclass(frozen=True)
class Comparison:
    """One comparison direction: numpy's function and arith's predicate names per kind."""

    numpy: Numpy
    cmpf: str
    cmpi_signed: str
    cmpi_unsigned: str


COMPARISONS: dict[ComparisonDirection, Comparison] = {
    ComparisonDirection.EQ: Comparison(np.equal, "oeq", "eq", "eq"),
    ComparisonDirection.NE: Comparison(np.not_equal, "une", "ne", "ne"),
    ComparisonDirection.GE: Comparison(np.greater_equal, "oge", "sge", "uge"),
    ComparisonDirection.GT: Comparison(np.greater, "ogt", "sgt", "ugt"),
    ComparisonDirection.LE: Comparison(np.less_equal, "ole", "sle", "ule"),
    ComparisonDirection.LT: Comparison(np.less, "olt", "slt", "ult"),
}


def _cmpi_numpy() -> dict[str, tuple[Numpy, bool]]:
    table: dict[str, tuple[Numpy, bool]] = {}
    for comparison in COMPARISONS.values():
        for name in (comparison.cmpi_signed, comparison.cmpi_unsigned):
            table[name] = (comparison.numpy, name.startswith("u"))
    return table


CMPI_NUMPY: dict[str, tuple[Numpy, bool]] = _cmpi_numpy()
"""arith.cmpi predicate name -> (numpy comparison, whether operands are read as unsigned)."""


def _cmpf_numpy() -> dict[str, Numpy]:
    table: dict[str, Numpy] = {}
    for comparison in COMPARISONS.values():
        relation = comparison.cmpi_signed.removeprefix("s")
        # numpy's comparisons are false on NaN except `!=`: ordered for all but ne, as C's.
        table["o" + relation] = comparison.numpy
        table["u" + relation] = comparison.numpy
    return table


CMPF_NUMPY: dict[str, Numpy] = _cmpf_numpy()
"""arith.cmpf predicate name -> numpy comparison (NaN compares as numpy compares it)."""


# ---------------------------------------------------------------------------------------------
# Bit patterns: hlo.bitcast_convert and hlo.reduce_precision, on elements held as their bits
# (uint64 arrays), which covers bf16 (no numpy dtype), i1 and the narrow integers alike.


@dataclass(frozen=True)
class FloatFormat:
    """A binary float format: sign, `exponent` bits, `mantissa` bits (no implicit bit)."""

    exponent: int
    mantissa: int

    @property
    def width(self) -> int:
        return 1 + self.exponent + self.mantissa

    @property
    def sign_mask(self) -> int:
        return 1 << (self.width - 1)

    @property
    def exponent_mask(self) -> int:
        """The exponent field, all ones: also the bits of +infinity."""
        return ((1 << self.exponent) - 1) << self.mantissa

    @property
    def bias(self) -> int:
        return (1 << (self.exponent - 1)) - 1

    @property
    def largest(self) -> float:
        """The largest finite value (np.finfo's max; -largest is the lowest)."""
        return (2.0 - 2.0**-self.mantissa) * 2.0**self.bias

    @property
    def tiny(self) -> float:
        """The smallest positive normal value."""
        return 2.0 ** (1 - self.bias)

    @property
    def eps(self) -> float:
        """The gap from 1 to the next value."""
        return 2.0**-self.mantissa


FLOAT_FORMATS: dict[type[Attribute], FloatFormat] = {
    Float16Type: FloatFormat(5, 10),
    BFloat16Type: FloatFormat(8, 7),
    Float32Type: FloatFormat(8, 23),
    Float64Type: FloatFormat(11, 52),
}


def float_format(element: Attribute) -> FloatFormat:
    """The format of a supported float type (TypeError for any other type)."""
    found = FLOAT_FORMATS.get(type(element))
    if found is None:
        raise TypeError(f"no float format for {element}")
    return found


@dataclass(frozen=True)
class PrecisionReduction:
    """hlo.reduce_precision of floats of `source` format to `exponent_bits` and `mantissa_bits`,
    as integer ops on the bits (XLA's algorithm, which StableHLO's interpreter follows):

    1. Where the mantissa loses bits, add `round_bias` plus the lowest kept bit (ties to even;
       a carry moves into the exponent) and clear the dropped bits (`kept_mask`).
    2. Where the exponent loses bits, an exponent field above `highest_exponent` becomes the
       signed infinity, one below `lowest_exponent` (the reduced format's smallest normal)
       the signed zero: the reduced format's subnormals flush to zero.
    3. A NaN stays the operand (its payload unchanged), or becomes +infinity where
       `mantissa_bits` is 0, as no such format has a NaN.
    """

    source: FloatFormat
    exponent_bits: int
    mantissa_bits: int

    @property
    def dropped(self) -> int:
        """Mantissa bits rounded off (0: the mantissa is kept)."""
        return max(self.source.mantissa - self.mantissa_bits, 0)

    @property
    def narrows_exponent(self) -> bool:
        return self.exponent_bits < self.source.exponent

    @property
    def identity(self) -> bool:
        return self.dropped == 0 and not self.narrows_exponent

    @property
    def round_bias(self) -> int:
        return (1 << (self.dropped - 1)) - 1

    @property
    def kept_mask(self) -> int:
        return ((1 << self.source.width) - 1) & ~((1 << self.dropped) - 1)

    @property
    def highest_exponent(self) -> int:
        """The exponent field of the reduced format's largest finite values."""
        reduced_bias = (1 << (self.exponent_bits - 1)) - 1
        return (self.source.bias + reduced_bias) << self.source.mantissa

    @property
    def lowest_exponent(self) -> int:
        """The exponent field of the reduced format's smallest normal values."""
        reduced_bias = (1 << (self.exponent_bits - 1)) - 1
        return (self.source.bias - reduced_bias + 1) << self.source.mantissa


def reduce_precision_bits(bits: np.ndarray, reduction: PrecisionReduction) -> np.ndarray:
    """hlo.reduce_precision on float bit patterns (uint64) of `reduction.source`'s format."""
    x = np.asarray(bits, np.uint64)
    if reduction.identity:
        return x
    source = reduction.source
    width_mask = np.uint64((1 << source.width) - 1)
    result = x
    if reduction.dropped:
        lowest_kept = (result >> np.uint64(reduction.dropped)) & np.uint64(1)
        rounded = (result + lowest_kept + np.uint64(reduction.round_bias)) & width_mask
        result = rounded & np.uint64(reduction.kept_mask)
    if reduction.narrows_exponent:
        exponent = result & np.uint64(source.exponent_mask)
        signed_zero = result & np.uint64(source.sign_mask)
        signed_infinity = signed_zero | np.uint64(source.exponent_mask)
        result = np.where(exponent > np.uint64(reduction.highest_exponent), signed_infinity, result)
        result = np.where(exponent < np.uint64(reduction.lowest_exponent), signed_zero, result)
    magnitude = x & (width_mask ^ np.uint64(source.sign_mask))
    is_nan = magnitude > np.uint64(source.exponent_mask)
    nan = np.uint64(source.exponent_mask) if reduction.mantissa_bits == 0 else x
    reduced: np.ndarray = np.where(is_nan, nan, result).astype(np.uint64)
    return reduced


def bitcast_bits(bits: np.ndarray, from_width: int, to_width: int) -> np.ndarray:
    """hlo.bitcast_convert on element bit patterns (uint64): elements of one width are kept; a
    wider element joins the last axis of narrower ones, the first the lowest bits
    (little-endian); a narrower one splits each element along a new last axis the same way."""
    x = np.asarray(bits, np.uint64)
    if from_width == to_width:
        return x
    if from_width < to_width:
        shifts = np.arange(to_width // from_width, dtype=np.uint64) * np.uint64(from_width)
        joined: np.ndarray = np.bitwise_or.reduce(x << shifts, axis=-1).astype(np.uint64)
        return joined
    shifts = np.arange(from_width // to_width, dtype=np.uint64) * np.uint64(to_width)
    split: np.ndarray = (x[..., None] >> shifts) & np.uint64((1 << to_width) - 1)
    return split
