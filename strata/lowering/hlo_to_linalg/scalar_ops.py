"""The scalar arith / math ops that compute one element of each hlo elementwise op."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, IntegerType
from xdsl.ir import Attribute, Operation, SSAValue

from strata.dialects import hlo
from strata.dialects.tensor_types import is_float

Emit = Callable[[Operation], Operation]


def constant(value: float, element: Attribute) -> arith.ConstantOp:
    if is_float(element):
        return arith.ConstantOp(FloatAttr(float(value), element))  # type: ignore[arg-type]
    assert isinstance(element, IntegerType)
    if element.width.data == 1:
        return arith.ConstantOp(IntegerAttr(-1 if value else 0, element))
    return arith.ConstantOp(IntegerAttr(int(value), element))


def _res(op: Operation) -> SSAValue:
    return op.results[0]


# hlo binary op -> (float op, signed-int op)
_BINARY: dict[type[Operation], tuple[type[Operation] | None, type[Operation] | None]] = {
    hlo.AddOp: (arith.AddfOp, arith.AddiOp),
    hlo.SubtractOp: (arith.SubfOp, arith.SubiOp),
    hlo.MultiplyOp: (arith.MulfOp, arith.MuliOp),
    hlo.DivideOp: (arith.DivfOp, arith.DivSIOp),
    hlo.MaximumOp: (arith.MaximumfOp, arith.MaxSIOp),
    hlo.MinimumOp: (arith.MinimumfOp, arith.MinSIOp),
    hlo.PowerOp: (math.PowFOp, None),
    hlo.RemainderOp: (None, arith.RemSIOp),
    hlo.AndOp: (None, arith.AndIOp),
    hlo.OrOp: (None, arith.OrIOp),
}

# hlo unary op -> (float op, int op)
_UNARY: dict[type[Operation], tuple[type[Operation] | None, type[Operation] | None]] = {
    hlo.AbsOp: (math.AbsFOp, math.AbsIOp),
    hlo.ExponentialOp: (math.ExpOp, None),
    hlo.LogOp: (math.LogOp, None),
    hlo.SqrtOp: (math.SqrtOp, None),
    hlo.RsqrtOp: (math.RsqrtOp, None),
    hlo.TanhOp: (math.TanhOp, None),
    hlo.FloorOp: (math.FloorOp, None),
    hlo.CeilOp: (math.CeilOp, None),
    hlo.Log1pOp: (math.Log1pOp, None),
    hlo.Expm1Op: (math.ExpM1Op, None),
    hlo.SineOp: (math.SinOp, None),
    hlo.CosineOp: (math.CosOp, None),
}

_CMPF = {"EQ": "oeq", "NE": "une", "GE": "oge", "GT": "ogt", "LE": "ole", "LT": "olt"}
_CMPI = {"EQ": "eq", "NE": "ne", "GE": "sge", "GT": "sgt", "LE": "sle", "LT": "slt"}
_CMPU = {"EQ": "eq", "NE": "ne", "GE": "uge", "GT": "ugt", "LE": "ule", "LT": "ult"}


def supports(op: Operation, element: Attribute) -> bool:
    """Whether `emit_elementwise` can compute `op` on elements of this type."""
    kind = 0 if is_float(element) else 1
    if isinstance(op, (hlo.PowerOp, hlo.RemainderOp)):
        return True
    if type(op) in _BINARY:
        return _BINARY[type(op)][kind] is not None
    if type(op) in _UNARY:
        return _UNARY[type(op)][kind] is not None
    if isinstance(op, hlo.LogisticOp):
        return is_float(element)
    return isinstance(
        op,
        (
            hlo.NegateOp,
            hlo.SignOp,
            hlo.NotOp,
            hlo.CompareOp,
            hlo.SelectOp,
            hlo.ClampOp,
            hlo.ConvertOp,
        ),
    )


def emit_elementwise(emit: Emit, op: Operation, args: Sequence[SSAValue]) -> SSAValue:
    """Append the scalar ops computing `op` on `args` (one element of each operand)."""
    element = args[-1].type if not isinstance(op, (hlo.CompareOp, hlo.ConvertOp)) else args[0].type
    kind = 0 if is_float(element) else 1
    if isinstance(op, hlo.PowerOp) and kind == 1:
        return _integer_power(emit, args[0], args[1], element)
    if isinstance(op, hlo.RemainderOp) and kind == 0:
        return _float_remainder(emit, args[0], args[1])
    if type(op) in _BINARY:
        cls = _BINARY[type(op)][kind]
        assert cls is not None
        return _res(emit(cls(args[0], args[1])))
    if type(op) in _UNARY:
        cls = _UNARY[type(op)][kind]
        assert cls is not None
        return _res(emit(cls(args[0])))
    if isinstance(op, hlo.NegateOp):
        if kind == 0:
            return _res(emit(arith.NegfOp(args[0])))
        zero = _res(emit(constant(0, element)))
        return _res(emit(arith.SubiOp(zero, args[0])))
    if isinstance(op, hlo.LogisticOp):
        one = _res(emit(constant(1.0, element)))
        neg = _res(emit(arith.NegfOp(args[0])))
        exp = _res(emit(math.ExpOp(neg)))
        return _res(emit(arith.DivfOp(one, _res(emit(arith.AddfOp(one, exp))))))
    if isinstance(op, hlo.SignOp):
        return _sign(emit, args[0], element)
    if isinstance(op, hlo.NotOp):
        ones = _res(emit(constant(-1, element)))
        return _res(emit(arith.XOrIOp(args[0], ones)))
    if isinstance(op, hlo.CompareOp):
        direction = op.direction()
        if is_float(element):
            return _res(emit(arith.CmpfOp(args[0], args[1], _CMPF[direction])))
        table = (
            _CMPU if op.compare_type is not None and "UNSIGNED" in str(op.compare_type) else _CMPI
        )
        return _res(emit(arith.CmpiOp(args[0], args[1], table[direction])))
    if isinstance(op, hlo.SelectOp):
        return _res(emit(arith.SelectOp(args[0], args[1], args[2])))
    if isinstance(op, hlo.ClampOp):
        lo, x, hi = args[0], args[1], args[2]
        mx, mn = (
            (arith.MaximumfOp, arith.MinimumfOp) if kind == 0 else (arith.MaxSIOp, arith.MinSIOp)
        )
        return _res(emit(mn(_res(emit(mx(x, lo))), hi)))
    if isinstance(op, hlo.ConvertOp):
        # `args` holds only the operand's element: the target type is the result's.
        return convert(emit, args[0], op.result.type.element_type)  # type: ignore[attr-defined]
    raise ValueError(f"no scalar lowering for {op.name}")


def _float_remainder(emit: Emit, x: SSAValue, y: SSAValue) -> SSAValue:
    """C's fmod (arith has no remf): r = fma(-trunc(x / y), y, x), the residual computed exactly;
    where the rounded quotient overshot (r's sign is not x's), r + |y| with x's sign.
    y = 0 or x = inf give NaN, y = inf gives x, as fmod does."""
    q = _res(emit(math.TruncOp(_res(emit(arith.DivfOp(x, y))))))
    r = _res(emit(math.FmaOp(_res(emit(arith.NegfOp(q))), y, x)))
    zero = _res(emit(constant(0.0, x.type)))
    r_negative = _res(emit(arith.CmpfOp(r, zero, "olt")))
    x_negative = _res(emit(arith.CmpfOp(x, zero, "olt")))
    signs_differ = _res(emit(arith.XOrIOp(r_negative, x_negative)))
    nonzero = _res(emit(arith.CmpfOp(r, zero, "one")))
    overshot = _res(emit(arith.AndIOp(signs_differ, nonzero)))
    step = _res(emit(math.CopySignOp(_res(emit(math.AbsFOp(y))), x)))
    return _res(emit(arith.SelectOp(overshot, _res(emit(arith.AddfOp(r, step))), r)))


def _integer_power(emit: Emit, base: SSAValue, exponent: SSAValue, element: Attribute) -> SSAValue:
    """base ** exponent by squaring over the exponent's bits (unrolled; wraps on overflow like
    TensorFlow's kernel). A negative exponent gives 0, or +-1 for a base of +-1."""
    assert isinstance(element, IntegerType)
    width = element.width.data
    one = _res(emit(constant(1, element)))
    zero = _res(emit(constant(0, element)))
    result, square, bits = one, base, exponent
    for step in range(width - 1):
        odd = _res(emit(arith.TruncIOp(bits, IntegerType(1))))
        result = _res(emit(arith.SelectOp(odd, _res(emit(arith.MuliOp(result, square))), result)))
        if step < width - 2:
            square = _res(emit(arith.MuliOp(square, square)))
            bits = _res(emit(arith.ShRUIOp(bits, one)))
    # Negative exponents: 1 / base ** -e truncates to 0 unless |base| is 1.
    negative = _res(emit(arith.CmpiOp(exponent, zero, "slt")))
    minus_one = _res(emit(constant(-1, element)))
    base_one = _res(emit(arith.CmpiOp(base, one, "eq")))
    base_minus_one = _res(emit(arith.CmpiOp(base, minus_one, "eq")))
    exp_odd = _res(emit(arith.TruncIOp(exponent, IntegerType(1))))
    unit = _res(emit(arith.SelectOp(exp_odd, minus_one, one)))
    inverse = _res(emit(arith.SelectOp(base_minus_one, unit, zero)))
    inverse = _res(emit(arith.SelectOp(base_one, one, inverse)))
    return _res(emit(arith.SelectOp(negative, inverse, result)))


def _sign(emit: Emit, x: SSAValue, element: Attribute) -> SSAValue:
    zero = _res(emit(constant(0, element)))
    one = _res(emit(constant(1, element)))
    minus = _res(emit(constant(-1, element)))
    if is_float(element):
        pos = _res(emit(arith.CmpfOp(x, zero, "ogt")))
        neg = _res(emit(arith.CmpfOp(x, zero, "olt")))
    else:
        pos = _res(emit(arith.CmpiOp(x, zero, "sgt")))
        neg = _res(emit(arith.CmpiOp(x, zero, "slt")))
    # sign(0) = 0 and sign(NaN) = NaN: x is returned unchanged unless strictly positive/negative.
    inner = _res(emit(arith.SelectOp(neg, minus, x if is_float(element) else zero)))
    return _res(emit(arith.SelectOp(pos, one, inner)))


def _width(t: Attribute) -> int:
    if isinstance(t, IntegerType):
        return t.width.data
    return {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}[str(t)]


def convert(emit: Emit, x: SSAValue, dst: Attribute) -> SSAValue:
    """Element conversion with hlo.convert's semantics (float->int truncates toward zero)."""
    src = x.type
    if src == dst:
        return x
    if is_float(src) and is_float(dst):
        cls = arith.ExtFOp if _width(dst) > _width(src) else arith.TruncFOp
        return _res(emit(cls(x, dst)))
    if is_float(dst):
        cls = arith.UIToFPOp if _width(src) == 1 else arith.SIToFPOp
        return _res(emit(cls(x, dst)))
    if _width(dst) == 1:
        zero = _res(emit(constant(0, src)))
        if is_float(src):
            return _res(emit(arith.CmpfOp(x, zero, "une")))
        return _res(emit(arith.CmpiOp(x, zero, "ne")))
    if is_float(src):
        return _res(emit(arith.FPToSIOp(x, dst)))
    if _width(dst) > _width(src):
        cls = arith.ExtUIOp if _width(src) == 1 else arith.ExtSIOp
        return _res(emit(cls(x, dst)))
    return _res(emit(arith.TruncIOp(x, dst)))
