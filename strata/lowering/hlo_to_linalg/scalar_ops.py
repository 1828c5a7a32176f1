"""The scalar arith / math ops that compute one element of each hlo elementwise op."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import (
    FloatAttr,
    IntegerAttr,
    IntegerType,
    Signedness,
    TensorType,
    UnrealizedConversionCastOp,
    f64,
    i64,
)
from xdsl.dialects.utils.fast_math import FastMathFlag
from xdsl.ir import Attribute, Operation, SSAValue

from strata.dialects import hlo
from strata.dialects.element_kinds import ElementKind, bit_width, is_bool, is_float, kind_of
from strata.dialects.hlo.scalar_semantics import (
    COMPARISONS,
    ELEMENTWISE,
    Behaviour,
    Expansion,
    PrecisionReduction,
    float_format,
)
from strata.internal import expect

OpT = TypeVar("OpT", bound=Operation)


class Emit(Protocol):
    """Appends `op` to the block being built and returns it (its results keep their type)."""

    def __call__(self, op: OpT, /) -> OpT: ...


def constant(value: float, element: Attribute) -> arith.ConstantOp:
    if is_float(element):
        return arith.ConstantOp(FloatAttr(float(value), element))
    if not isinstance(element, IntegerType):
        raise TypeError(f"no scalar constant of type {element}")
    if is_bool(element):
        return arith.ConstantOp(IntegerAttr(-1 if value else 0, element))
    return arith.ConstantOp(IntegerAttr(int(value), element))


def emit_constant(emit: Emit, value: float, element: Attribute) -> SSAValue:
    """A scalar constant of type `element`. arith.constant holds signless integers only: an
    unsigned one is made signless and cast (the cast pairs vanish at the llvm stage, where every
    integer is signless)."""
    if isinstance(element, IntegerType) and element.signedness.data != Signedness.SIGNLESS:
        raw = _res(emit(constant(value, IntegerType(element.width.data))))
        return _res(emit(UnrealizedConversionCastOp.get([raw], [element])))
    return _res(emit(constant(value, element)))


def _res(op: Operation) -> SSAValue:
    return op.results[0]


def behaviour(op: Operation, element: Attribute) -> Behaviour | None:
    """What `op` computes on elements of this type (None: nothing the scalar lowering emits)."""
    semantics = ELEMENTWISE.get(type(op))
    if semantics is None:
        return None
    return semantics.behaviour(kind_of(element))


def supports(op: Operation, element: Attribute) -> bool:
    """Whether `emit_elementwise` can compute `op` on elements of this type (a bitcast_convert
    only between elements of one width)."""
    if behaviour(op, element) is None:
        return False
    if isinstance(op, hlo.BitcastConvertOp):
        result = expect(op.result.type, TensorType, "result")
        return bit_width(result.element_type) == bit_width(element)
    return True


def emit_elementwise(emit: Emit, op: Operation, args: Sequence[SSAValue]) -> SSAValue:
    """Append the scalar ops computing `op` on `args` (one element of each operand)."""
    element = args[-1].type if not isinstance(op, (hlo.CompareOp, hlo.ConvertOp)) else args[0].type
    rule = behaviour(op, element)
    if rule is None:
        raise TypeError(f"no scalar lowering for {op.name} on {element}")
    if isinstance(rule.emits, Expansion):
        return _EXPANSIONS[rule.emits](emit, op, args, element)
    if rule.emits.name.startswith("math.") and kind_of(element) is ElementKind.UNSIGNED:
        # math's integer ops (ctpop, ctlz) take signless integers only: the same bits.
        signless = IntegerType(bit_width(element))
        cast = [_res(emit(UnrealizedConversionCastOp.get([a], [signless]))) for a in args]
        result = _res(emit(rule.emits(*cast)))
        return _res(emit(UnrealizedConversionCastOp.get([result], [element])))
    return _res(emit(rule.emits(*args)))


def _negate_integer(
    emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute
) -> SSAValue:
    zero = emit_constant(emit, 0, element)
    return _res(emit(arith.SubiOp(zero, args[0])))


def _logistic(emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute) -> SSAValue:
    one = emit_constant(emit, 1.0, element)
    neg = _res(emit(arith.NegfOp(args[0])))
    exp = _res(emit(math.ExpOp(neg)))
    return _res(emit(arith.DivfOp(one, _res(emit(arith.AddfOp(one, exp))))))


def _not(emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute) -> SSAValue:
    ones = emit_constant(emit, -1, element)
    return _res(emit(arith.XOrIOp(args[0], ones)))


def _compare(emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute) -> SSAValue:
    if not isinstance(op, hlo.CompareOp):
        raise TypeError(f"{op.name} is no comparison")
    comparison = COMPARISONS[op.comparison_direction.data]
    total = op.compare_type is not None and op.compare_type.data == hlo.ComparisonType.TOTALORDER
    if is_float(element) and total:
        keys = [_total_order_key(emit, a, element) for a in args[:2]]
        return _res(emit(arith.CmpiOp(keys[0], keys[1], comparison.cmpi_signed)))
    if is_float(element):
        return _res(emit(arith.CmpfOp(args[0], args[1], comparison.cmpf)))
    unsigned = kind_of(element) is ElementKind.UNSIGNED or (
        op.compare_type is not None and op.compare_type.data == hlo.ComparisonType.UNSIGNED
    )
    predicate = comparison.cmpi_unsigned if unsigned else comparison.cmpi_signed
    return _res(emit(arith.CmpiOp(args[0], args[1], predicate)))


def _total_order_key(emit: Emit, x: SSAValue, element: Attribute) -> SSAValue:
    """An integer that orders floats as TOTALORDER does (-NaN < -inf < ... < -0 < +0 < ... <
    +inf < +NaN): the bits read signed, with every bit but the sign flipped when it is set."""
    width = bit_width(element)
    integer = IntegerType(width)
    bits = _res(emit(arith.BitcastOp(x, integer)))
    sign = _res(emit(arith.ShRSIOp(bits, emit_constant(emit, width - 1, integer))))
    magnitude = _res(emit(arith.AndIOp(sign, emit_constant(emit, (1 << (width - 1)) - 1, integer))))
    return _res(emit(arith.XOrIOp(bits, magnitude)))


def _select(emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute) -> SSAValue:
    return _res(emit(arith.SelectOp(args[0], args[1], args[2])))


def _clamp(emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute) -> SSAValue:
    lo, x, hi = args[0], args[1], args[2]
    maximum = _single_op(hlo.MaximumOp, element)
    minimum = _single_op(hlo.MinimumOp, element)
    return _res(emit(minimum(_res(emit(maximum(x, lo))), hi)))


def _single_op(op: type[Operation], element: Attribute) -> Callable[..., Operation]:
    """The one arith/math op that computes `op` on this element type."""
    rule = ELEMENTWISE[op].behaviour(kind_of(element))
    if rule is None or not isinstance(rule.emits, type):
        raise TypeError(f"{op.name} on {element} is not a single scalar op")
    return rule.emits


def _convert(emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute) -> SSAValue:
    # `args` holds only the operand's element: the target type is the result's.
    return convert(emit, args[0], expect(op.results[0].type, TensorType, "result").element_type)


def _power(emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute) -> SSAValue:
    return _integer_power(emit, args[0], args[1], element)


def _remainder(emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute) -> SSAValue:
    return _float_remainder(emit, args[0], args[1])


def _safe_division(
    emit: Emit, x: SSAValue, y: SSAValue, element: Attribute, remainder: bool
) -> SSAValue:
    """x / y or x % y of integers with what LLVM leaves undefined (and x86 traps on: SIGFPE)
    defined as XLA defines it: x / 0 = -1 (all ones unsigned), x % 0 = x, MIN / -1 = MIN,
    MIN % -1 = 0. The division runs on a divisor of 1 there, which gives the last two."""
    unsigned = kind_of(element) is ElementKind.UNSIGNED
    zero = emit_constant(emit, 0, element)
    by_zero = _res(emit(arith.CmpiOp(y, zero, "eq")))
    bad = by_zero
    if not unsigned:
        lowest = emit_constant(emit, -(1 << (bit_width(element) - 1)), element)
        minus_one = emit_constant(emit, -1, element)
        overflow = _res(
            emit(
                arith.AndIOp(
                    _res(emit(arith.CmpiOp(x, lowest, "eq"))),
                    _res(emit(arith.CmpiOp(y, minus_one, "eq"))),
                )
            )
        )
        bad = _res(emit(arith.OrIOp(by_zero, overflow)))
    safe = _res(emit(arith.SelectOp(bad, emit_constant(emit, 1, element), y)))
    divide: type[arith.SignlessIntegerBinaryOperation]
    if remainder:
        divide = arith.RemUIOp if unsigned else arith.RemSIOp
        return _res(emit(arith.SelectOp(by_zero, x, _res(emit(divide(x, safe))))))
    divide = arith.DivUIOp if unsigned else arith.DivSIOp
    all_ones = emit_constant(emit, -1, element)
    return _res(emit(arith.SelectOp(by_zero, all_ones, _res(emit(divide(x, safe))))))


def _integer_divide(
    emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute
) -> SSAValue:
    return _safe_division(emit, args[0], args[1], element, remainder=False)


def _integer_remainder(
    emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute
) -> SSAValue:
    return _safe_division(emit, args[0], args[1], element, remainder=True)


def _sign_of(emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute) -> SSAValue:
    return _sign(emit, args[0], element)


Expand = Callable[[Emit, Operation, Sequence[SSAValue], Attribute], SSAValue]


def multiply_add(
    emit: Emit, acc: SSAValue, x: SSAValue, y: SSAValue, element: Attribute
) -> SSAValue:
    """acc + x * y. On floats both ops carry `contract`, which lets LLVM fuse them into one FMA,
    as TensorFlow's kernels do."""
    if is_float(element):
        contract = arith.FastMathFlagsAttr([FastMathFlag.ALLOW_CONTRACT])
        product = _res(emit(arith.MulfOp(x, y, flags=contract)))
        return _res(emit(arith.AddfOp(acc, product, flags=contract)))
    product = _res(emit(arith.MuliOp(x, y)))
    return _res(emit(arith.AddiOp(acc, product)))


def _float_remainder(emit: Emit, x: SSAValue, y: SSAValue) -> SSAValue:
    """C's fmod (arith has no remf), exact: f64 by one step (`_remainder_step`, exact for
    quotients below 2^53); narrower floats in f64 by `_exact_remainder`, exact for every pair."""
    if bit_width(x.type) >= 64:
        return _remainder_step(emit, x, y)
    wide = f64
    r = _exact_remainder(emit, convert(emit, x, wide), convert(emit, y, wide), x.type)
    return convert(emit, r, x.type)  # the remainder is a value of x's type: exact


def _remainder_step(emit: Emit, x: SSAValue, y: SSAValue) -> SSAValue:
    """fmod by one step: r = fma(-trunc(x / y), y, x), the residual computed exactly; where the
    rounded quotient overshot (r's sign is not x's), r + |y| with x's sign. y = 0 or x = inf
    give NaN, y = inf gives x, as fmod does: a quotient that truncates to 0 (|x| < |y|, x / y
    rounding to 1 only when |x| >= |y|) gives x itself, where the product 0 * inf would have made
    a NaN. Exact while the quotient is below 2^(mantissa bits + 1); beyond, the residual is not
    the remainder (fmod(3e9, 0.7) in f32)."""
    q = _res(emit(math.TruncOp(_res(emit(arith.DivfOp(x, y))))))
    zero = emit_constant(emit, 0.0, x.type)
    residual = _res(emit(math.FmaOp(_res(emit(arith.NegfOp(q))), y, x)))
    r = _res(emit(arith.SelectOp(_res(emit(arith.CmpfOp(q, zero, "oeq"))), x, residual)))
    r_negative = _res(emit(arith.CmpfOp(r, zero, "olt")))
    x_negative = _res(emit(arith.CmpfOp(x, zero, "olt")))
    signs_differ = _res(emit(arith.XOrIOp(r_negative, x_negative)))
    nonzero = _res(emit(arith.CmpfOp(r, zero, "one")))
    overshot = _res(emit(arith.AndIOp(signs_differ, nonzero)))
    step = _res(emit(math.CopySignOp(_res(emit(math.AbsFOp(y))), x)))
    return _res(emit(arith.SelectOp(overshot, _res(emit(arith.AddfOp(r, step))), r)))


REMAINDER_CHUNK = 40
"""Bits of exponent difference one step of `_exact_remainder` removes: its quotient is below
2^41, so the product by the divisor's reciprocal (relative error below 2^-51) truncates to it
or one off, and its product with the divisor (24 significant bits) is exact in the fma."""


def _exact_remainder(emit: Emit, ax: SSAValue, ay: SSAValue, source: Attribute) -> SSAValue:
    """fmod of two f64 holding values of the narrower float type `source`, exact for every pair
    (fmod(3e9, 0.7) in f32 is 0.48969638; one step gives -49.9). Long division by chunks: with
    d = exponent(|x|) - exponent(|y|), a step takes the remainder of |x| by |y| 2^s,
    s = max(d - REMAINDER_CHUNK, 0), a multiple of |y|, so the remainder by |y| is kept. The
    quotient comes from one reciprocal of |y| (scaled by 2^-s: no division per step), is fixed by
    one |y| 2^s either way, and each step cuts d by REMAINDER_CHUNK: enough steps for the widest
    d of `source` (f32: 2^127 over 2^-149, 7 steps), all branch-free, so the loop vectorises.
    fmod's special values after: NaN where x is infinite or NaN or y is 0 or NaN, x where y is
    infinite."""
    fmt = float_format(source)
    widest = (2**fmt.exponent - 2 - fmt.bias) - (1 - fmt.bias - fmt.mantissa)  # max over min
    steps = 1 + max(0, -(-(widest - REMAINDER_CHUNK) // REMAINDER_CHUNK))
    zero = emit_constant(emit, 0.0, f64)
    fraction_bits, bias = emit_constant(emit, 52, i64), emit_constant(emit, 1023, i64)
    chunk = emit_constant(emit, REMAINDER_CHUNK, i64)
    no_shift, widest_shift = emit_constant(emit, 0, i64), emit_constant(emit, 1000, i64)
    rest = _res(emit(math.AbsFOp(ax)))
    divisor = _res(emit(math.AbsFOp(ay)))
    reciprocal = _res(emit(arith.DivfOp(emit_constant(emit, 1.0, f64), divisor)))

    def exponent(v: SSAValue) -> SSAValue:
        return _res(emit(arith.ShRUIOp(_res(emit(arith.BitcastOp(v, i64))), fraction_bits)))

    def power_of_two(e: SSAValue) -> SSAValue:
        biased = _res(emit(arith.AddiOp(e, bias)))
        return _res(emit(arith.BitcastOp(_res(emit(arith.ShLIOp(biased, fraction_bits))), f64)))

    divisor_exponent = exponent(divisor)
    for _ in range(steps):
        gap = _res(emit(arith.SubiOp(exponent(rest), divisor_exponent)))
        shift = _res(emit(arith.MaxSIOp(_res(emit(arith.SubiOp(gap, chunk))), no_shift)))
        shift = _res(emit(arith.MinSIOp(shift, widest_shift)))  # in range where y is 0 or inf
        scaled = _res(emit(arith.MulfOp(divisor, power_of_two(shift))))
        down = power_of_two(_res(emit(arith.SubiOp(no_shift, shift))))
        q = _res(emit(arith.MulfOp(rest, _res(emit(arith.MulfOp(reciprocal, down))))))
        q = _res(emit(math.TruncOp(q)))
        r = _res(emit(math.FmaOp(_res(emit(arith.NegfOp(q))), scaled, rest)))
        overshot = _res(emit(arith.CmpfOp(r, zero, "olt")))
        r = _res(emit(arith.SelectOp(overshot, _res(emit(arith.AddfOp(r, scaled))), r)))
        short = _res(emit(arith.CmpfOp(r, scaled, "oge")))
        rest = _res(emit(arith.SelectOp(short, _res(emit(arith.SubfOp(r, scaled))), r)))
    result = _res(emit(math.CopySignOp(rest, ax)))
    inf = emit_constant(emit, float("inf"), f64)
    y_infinite = _res(emit(arith.CmpfOp(divisor, inf, "oeq")))
    result = _res(emit(arith.SelectOp(y_infinite, ax, result)))
    x_finite = _res(emit(arith.CmpfOp(_res(emit(math.AbsFOp(ax))), inf, "olt")))
    y_usable = _res(emit(arith.CmpfOp(divisor, zero, "ogt")))  # false for 0 and NaN
    defined = _res(emit(arith.AndIOp(x_finite, y_usable)))
    nan = emit_constant(emit, float("nan"), f64)
    return _res(emit(arith.SelectOp(defined, result, nan)))


def _integer_power(emit: Emit, base: SSAValue, exponent: SSAValue, element: Attribute) -> SSAValue:
    """base ** exponent by squaring over the exponent's bits (unrolled; wraps on overflow like
    TensorFlow's kernel). A negative exponent gives 0, or +-1 for a base of +-1."""
    width = bit_width(element)
    one = emit_constant(emit, 1, element)
    zero = emit_constant(emit, 0, element)
    result, square, bits = one, base, exponent
    for step in range(width - 1):
        odd = _res(emit(arith.TruncIOp(bits, IntegerType(1))))
        result = _res(emit(arith.SelectOp(odd, _res(emit(arith.MuliOp(result, square))), result)))
        if step < width - 2:
            square = _res(emit(arith.MuliOp(square, square)))
            bits = _res(emit(arith.ShRUIOp(bits, one)))
    # Negative exponents: 1 / base ** -e truncates to 0 unless |base| is 1.
    negative = _res(emit(arith.CmpiOp(exponent, zero, "slt")))
    minus_one = emit_constant(emit, -1, element)
    base_one = _res(emit(arith.CmpiOp(base, one, "eq")))
    base_minus_one = _res(emit(arith.CmpiOp(base, minus_one, "eq")))
    exp_odd = _res(emit(arith.TruncIOp(exponent, IntegerType(1))))
    unit = _res(emit(arith.SelectOp(exp_odd, minus_one, one)))
    inverse = _res(emit(arith.SelectOp(base_minus_one, unit, zero)))
    inverse = _res(emit(arith.SelectOp(base_one, one, inverse)))
    return _res(emit(arith.SelectOp(negative, inverse, result)))


def _sign(emit: Emit, x: SSAValue, element: Attribute) -> SSAValue:
    zero = emit_constant(emit, 0, element)
    one = emit_constant(emit, 1, element)
    minus = emit_constant(emit, -1, element)
    if is_float(element):
        pos = _res(emit(arith.CmpfOp(x, zero, "ogt")))
        neg = _res(emit(arith.CmpfOp(x, zero, "olt")))
    else:
        pos = _res(emit(arith.CmpiOp(x, zero, "sgt")))
        neg = _res(emit(arith.CmpiOp(x, zero, "slt")))
    # sign(0) = 0 and sign(NaN) = NaN: x is returned unchanged unless strictly positive/negative.
    inner = _res(emit(arith.SelectOp(neg, minus, x if is_float(element) else zero)))
    return _res(emit(arith.SelectOp(pos, one, inner)))


def convert(emit: Emit, x: SSAValue, dst: Attribute) -> SSAValue:
    """Element conversion with hlo.convert's semantics (float->int truncates toward zero; an
    integer is read by its own signedness, bool and unsigned types zero-extended)."""
    src = x.type
    if src == dst:
        return x
    if is_float(src) and is_float(dst):
        resize = arith.ExtFOp if bit_width(dst) > bit_width(src) else arith.TruncFOp
        return _res(emit(resize(x, dst)))
    unsigned_src = kind_of(src) in (ElementKind.BOOL, ElementKind.UNSIGNED)
    if is_float(dst):
        to_float = arith.UIToFPOp if unsigned_src else arith.SIToFPOp
        return _res(emit(to_float(x, dst)))
    if bit_width(dst) == 1:
        zero = emit_constant(emit, 0, src)
        if is_float(src):
            return _res(emit(arith.CmpfOp(x, zero, "une")))
        return _res(emit(arith.CmpiOp(x, zero, "ne")))
    integer = expect(dst, IntegerType, "integer conversion target")
    if is_float(src):
        to_integer = arith.FPToUIOp if kind_of(dst) is ElementKind.UNSIGNED else arith.FPToSIOp
        return _res(emit(to_integer(x, integer)))
    if bit_width(dst) == bit_width(src):
        # Same bits, other signedness (ui64 -> i64): cast pairs vanish at the llvm stage.
        return _res(emit(UnrealizedConversionCastOp.get([x], [dst])))
    if bit_width(dst) > bit_width(src):
        extend = arith.ExtUIOp if unsigned_src else arith.ExtSIOp
        return _res(emit(extend(x, integer)))
    return _res(emit(arith.TruncIOp(x, integer)))


def _shift(emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute) -> SSAValue:
    """LLVM's shifts are poison for an amount at or past the bit width; StableHLO's give 0 (or,
    shifting right arithmetically, every bit a copy of the top one): a select on the amount,
    unless it is a constant below the width."""
    value, amount = args
    shifted: Operation
    if isinstance(op, hlo.ShiftLeftOp):
        shifted = arith.ShLIOp(value, amount)
    elif isinstance(op, hlo.ShiftRightLogicalOp):
        shifted = arith.ShRUIOp(value, amount)
    else:
        shifted = arith.ShRSIOp(value, amount)
    owner = amount.owner
    if (
        isinstance(owner, arith.ConstantOp)
        and isinstance(owner.value, IntegerAttr)
        and 0 <= owner.value.value.data < bit_width(element)
    ):
        return _res(emit(shifted))  # a constant amount within the width: no select
    width = emit_constant(emit, bit_width(element), element)
    beyond = _res(emit(arith.CmpiOp(amount, width, "uge")))
    if isinstance(op, hlo.ShiftRightArithmeticOp):
        top = emit_constant(emit, bit_width(element) - 1, element)
        past = _res(emit(arith.ShRSIOp(value, top)))
    else:
        past = emit_constant(emit, 0, element)
    return _res(emit(arith.SelectOp(beyond, past, _res(emit(shifted)))))


def _is_finite(emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute) -> SSAValue:
    magnitude = _res(emit(math.AbsFOp(args[0])))
    infinity = emit_constant(emit, float("inf"), element)
    return _res(emit(arith.CmpfOp(magnitude, infinity, "olt")))


def to_bits(emit: Emit, x: SSAValue) -> SSAValue:
    """`x`'s bits as a signless integer of its width (i1 and signless integers are their own)."""
    element = x.type
    if is_float(element):
        return _res(emit(arith.BitcastOp(x, IntegerType(bit_width(element)))))
    integer = expect(element, IntegerType, "bitcast element")
    if integer.signedness.data == Signedness.SIGNLESS:
        return x
    return _res(emit(UnrealizedConversionCastOp.get([x], [IntegerType(integer.width.data)])))


def from_bits(emit: Emit, bits: SSAValue, element: Attribute) -> SSAValue:
    """A signless integer's bits read as an `element` of its width."""
    if bits.type == element:
        return bits
    if is_float(element):
        return _res(emit(arith.BitcastOp(bits, element)))
    return _res(emit(UnrealizedConversionCastOp.get([bits], [element])))


def _bitcast(emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute) -> SSAValue:
    target = expect(op.results[0].type, TensorType, "result").element_type
    if bit_width(target) != bit_width(element):
        raise TypeError(f"{op.name} from {element} to {target} is not one element to one")
    if target == element:
        return args[0]
    return from_bits(emit, to_bits(emit, args[0]), target)


def _reduce_precision(
    emit: Emit, op: Operation, args: Sequence[SSAValue], element: Attribute
) -> SSAValue:
    """`PrecisionReduction`'s steps as integer ops on the bits."""
    if not isinstance(op, hlo.ReducePrecisionOp):
        raise TypeError(f"{op.name} is no reduce_precision")
    reduction = PrecisionReduction(float_format(element), op.exponent, op.mantissa)
    if reduction.identity:
        return args[0]
    source = reduction.source
    integer = IntegerType(source.width)

    made: dict[int, SSAValue] = {}

    def const(value: int) -> SSAValue:
        # The masks are unsigned: a top bit set is the negative signless value.
        if value not in made:
            wrapped = value - (1 << source.width) if value >> (source.width - 1) else value
            made[value] = emit_constant(emit, wrapped, integer)
        return made[value]

    bits = to_bits(emit, args[0])
    result = bits
    if reduction.dropped:
        shifted = _res(emit(arith.ShRUIOp(result, const(reduction.dropped))))
        lowest_kept = _res(emit(arith.AndIOp(shifted, const(1))))
        bias = _res(emit(arith.AddiOp(lowest_kept, const(reduction.round_bias))))
        rounded = _res(emit(arith.AddiOp(result, bias)))
        result = _res(emit(arith.AndIOp(rounded, const(reduction.kept_mask))))
    if reduction.narrows_exponent:
        exponent = _res(emit(arith.AndIOp(result, const(source.exponent_mask))))
        signed_zero = _res(emit(arith.AndIOp(result, const(source.sign_mask))))
        signed_infinity = _res(emit(arith.OrIOp(signed_zero, const(source.exponent_mask))))
        overflows = _res(emit(arith.CmpiOp(exponent, const(reduction.highest_exponent), "ugt")))
        underflows = _res(emit(arith.CmpiOp(exponent, const(reduction.lowest_exponent), "ult")))
        result = _res(emit(arith.SelectOp(overflows, signed_infinity, result)))
        result = _res(emit(arith.SelectOp(underflows, signed_zero, result)))
    magnitude_mask = ((1 << source.width) - 1) ^ source.sign_mask
    magnitude = _res(emit(arith.AndIOp(bits, const(magnitude_mask))))
    is_nan = _res(emit(arith.CmpiOp(magnitude, const(source.exponent_mask), "ugt")))
    nan = const(source.exponent_mask) if reduction.mantissa_bits == 0 else bits
    result = _res(emit(arith.SelectOp(is_nan, nan, result)))
    return from_bits(emit, result, element)


_EXPANSIONS: dict[Expansion, Expand] = {
    Expansion.SHIFT_LEFT: _shift,
    Expansion.SHIFT_RIGHT_ARITHMETIC: _shift,
    Expansion.SHIFT_RIGHT_LOGICAL: _shift,
    Expansion.IS_FINITE: _is_finite,
    Expansion.NEGATE_INTEGER: _negate_integer,
    Expansion.INTEGER_POWER: _power,
    Expansion.FLOAT_REMAINDER: _remainder,
    Expansion.INTEGER_DIVIDE: _integer_divide,
    Expansion.INTEGER_REMAINDER: _integer_remainder,
    Expansion.LOGISTIC: _logistic,
    Expansion.SIGN: _sign_of,
    Expansion.NOT: _not,
    Expansion.COMPARE: _compare,
    Expansion.SELECT: _select,
    Expansion.CLAMP: _clamp,
    Expansion.CONVERT: _convert,
    Expansion.BITCAST: _bitcast,
    Expansion.REDUCE_PRECISION: _reduce_precision,
}
