"""The math family of `tf` ops: elementwise functions, activations, comparisons, logic, select,
clipping. Binary ops broadcast numpy-style; comparisons give booleans (i1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    BoolAttr,
    ComplexType,
    DenseArrayBase,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    Signedness,
    StringAttr,
    TensorType,
    f32,
    f64,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from strata.dialects.element_kinds import (
    complex_part,
    is_bool,
    is_float,
    is_integer,
    is_numeric,
)
from strata.dialects.tensor_types import broadcast_shapes, format_shape
from strata.dialects.tf.core import (
    BinaryOp,
    FloatUnaryOp,
    TfOp,
    UnaryOp,
)
from strata.dialects.tf.shape import constant_ints
from strata.dialects.verify_helpers import dims_compatible, expect_tensor


def _broadcast(*types: TensorType) -> tuple[int, ...]:
    shape: tuple[int, ...] = ()
    for t in types:
        joined = broadcast_shapes(shape, t.get_shape())
        if joined is None:
            shapes = " and ".join(format_shape(t.get_shape()) for t in types)
            raise VerifyException(f"shapes {shapes} do not broadcast")
        shape = joined
    return shape


# ---------------------------------------------------------------------------------------------
# Unary


class _NumericUnary(UnaryOp):
    """A unary op defined on float and (non-bool) integer tensors."""

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.x, "operand")
        if not is_numeric(t.element_type):
            raise VerifyException(f"operand must be an integer or float tensor, found {t}")
        return [t]


class _IntUnary(UnaryOp):
    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.x, "operand")
        if not is_integer(t.element_type):
            raise VerifyException(f"operand must be an integer tensor, found {t}")
        return [t]


class _BoolUnary(UnaryOp):
    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.x, "operand")
        if not is_bool(t.element_type):
            raise VerifyException(f"operand must be a bool (i1) tensor, found {t}")
        return [t]


class _FloatPredicate(UnaryOp):
    """A float -> bool (i1) elementwise test."""

    def __init__(self, x: SSAValue, result_type: Attribute | None = None):
        shape = expect_tensor(x, "operand").get_shape()
        super().__init__(x, result_type or TensorType(i1, shape))

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.x, "operand")
        if not is_float(t.element_type):
            raise VerifyException(f"operand must be a float tensor, found {t}")
        return [TensorType(i1, t.get_shape())]


def _unary(op_name: str, doc: str, base: type[UnaryOp]) -> type[UnaryOp]:
    cls = type(op_name.removeprefix("tf.") + "Op", (base,), {"name": op_name, "__doc__": doc})
    return irdl_op_definition(cls)


ErfOp = _unary("tf.Erf", 'Elementwise error function. `%y = "tf.Erf"(%x)`', FloatUnaryOp)
ErfcOp = _unary("tf.Erfc", "Elementwise 1 - erf(x), accurate for large x.", FloatUnaryOp)
IsFiniteOp = _unary(
    "tf.IsFinite", "Elementwise: x is neither infinite nor NaN (bool).", _FloatPredicate
)
IsNanOp = _unary("tf.IsNan", "Elementwise: x is NaN (bool).", _FloatPredicate)
IsInfOp = _unary("tf.IsInf", "Elementwise: x is +inf or -inf (bool).", _FloatPredicate)
Log1pOp = _unary("tf.Log1p", "Elementwise log(1 + x).", FloatUnaryOp)
Expm1Op = _unary("tf.Expm1", "Elementwise e^x - 1.", FloatUnaryOp)
FloorOp = _unary("tf.Floor", "Elementwise round toward -inf.", FloatUnaryOp)
CeilOp = _unary("tf.Ceil", "Elementwise round toward +inf.", FloatUnaryOp)
RoundOp = _unary("tf.Round", "Elementwise round half to even (integers unchanged).", _NumericUnary)
SignOp = _unary("tf.Sign", "Elementwise -1, 0 or 1 by sign (NaN stays NaN).", _NumericUnary)
SinOp = _unary("tf.Sin", "Elementwise sine.", FloatUnaryOp)
CosOp = _unary("tf.Cos", "Elementwise cosine.", FloatUnaryOp)
EluOp = _unary("tf.Elu", "Elementwise x > 0 ? x : e^x - 1.", FloatUnaryOp)
SeluOp = _unary("tf.Selu", "Elementwise scale * (x > 0 ? x : alpha * (e^x - 1)).", FloatUnaryOp)
SoftplusOp = _unary("tf.Softplus", "Elementwise log(1 + e^x), computed stably.", FloatUnaryOp)
SoftsignOp = _unary("tf.Softsign", "Elementwise x / (1 + |x|).", FloatUnaryOp)
LogicalNotOp = _unary("tf.LogicalNot", "Elementwise logical not of bools.", _BoolUnary)
TanOp = _unary("tf.Tan", "Elementwise tangent.", FloatUnaryOp)
AsinOp = _unary("tf.Asin", "Elementwise arc sine (NaN outside [-1, 1]).", FloatUnaryOp)
AcosOp = _unary("tf.Acos", "Elementwise arc cosine (NaN outside [-1, 1]).", FloatUnaryOp)
AtanOp = _unary("tf.Atan", "Elementwise arc tangent.", FloatUnaryOp)
SinhOp = _unary("tf.Sinh", "Elementwise hyperbolic sine.", FloatUnaryOp)
CoshOp = _unary("tf.Cosh", "Elementwise hyperbolic cosine.", FloatUnaryOp)
AsinhOp = _unary("tf.Asinh", "Elementwise inverse hyperbolic sine.", FloatUnaryOp)
AcoshOp = _unary("tf.Acosh", "Elementwise inverse hyperbolic cosine (NaN below 1).", FloatUnaryOp)
AtanhOp = _unary("tf.Atanh", "Elementwise inverse hyperbolic tangent.", FloatUnaryOp)
LgammaOp = _unary("tf.Lgamma", "Elementwise log |gamma(x)|.", FloatUnaryOp)
DigammaOp = _unary("tf.Digamma", "Elementwise digamma, the derivative of lgamma.", FloatUnaryOp)
ErfinvOp = _unary("tf.Erfinv", "Elementwise inverse of erf (±inf at ±1, NaN beyond).", FloatUnaryOp)
NdtriOp = _unary(
    "tf.Ndtri",
    "Elementwise inverse of the standard normal CDF (-inf at 0, inf at 1, NaN outside).",
    FloatUnaryOp,
)
BesselI0eOp = _unary("tf.BesselI0e", "Elementwise e^-|x| I0(x).", FloatUnaryOp)
BesselI1eOp = _unary("tf.BesselI1e", "Elementwise e^-|x| I1(x).", FloatUnaryOp)
RintOp = _unary("tf.Rint", "Elementwise round half to even of floats.", FloatUnaryOp)
InvertOp = _unary("tf.Invert", "Elementwise bitwise not of integers.", _IntUnary)


@irdl_op_definition
class PopulationCountOp(UnaryOp):
    """Elementwise count of the set bits of integers, as uint8.
    `%n = "tf.PopulationCount"(%x) : (tensor<4xi32>) -> tensor<4xui8>`"""

    name = "tf.PopulationCount"

    def __init__(self, x: SSAValue, result_type: Attribute | None = None):
        shape = expect_tensor(x, "operand").get_shape()
        super().__init__(x, result_type or TensorType(IntegerType(8, Signedness.UNSIGNED), shape))

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.x, "operand")
        if not is_integer(t.element_type):
            raise VerifyException(f"operand must be an integer tensor, found {t}")
        return [TensorType(IntegerType(8, Signedness.UNSIGNED), t.get_shape())]


ReciprocalOp = _unary(
    "tf.Reciprocal", "Elementwise 1 / x (integers: integer division).", _NumericUnary
)


@irdl_op_definition
class CheckNumericsOp(FloatUnaryOp):
    """Returns its operand; a NaN or an infinity in it is an error at run time naming `message`.
    `%y = "tf.CheckNumerics"(%x) <{message = "logits"}> : (tensor<4xf32>) -> tensor<4xf32>`"""

    name = "tf.CheckNumerics"
    message = prop_def(StringAttr, default_value=StringAttr(""))

    def __init__(self, x: SSAValue, message: str = ""):
        TfOp.__init__(
            self, operands=[x], properties={"message": StringAttr(message)}, result_types=[x.type]
        )


@irdl_op_definition
class LeakyReluOp(FloatUnaryOp):
    """Elementwise x > 0 ? x : alpha * x.
    `%y = "tf.LeakyRelu"(%x) <{alpha = 2.0e-01 : f32}> : (tensor<4xf32>) -> tensor<4xf32>`"""

    name = "tf.LeakyRelu"
    alpha = prop_def(FloatAttr, default_value=FloatAttr(0.2, f32))

    def __init__(self, x: SSAValue, alpha: float = 0.2):
        TfOp.__init__(
            self, operands=[x], properties={"alpha": FloatAttr(alpha, f32)}, result_types=[x.type]
        )


# ---------------------------------------------------------------------------------------------
# Binary


class _FloatBinary(BinaryOp):
    def infer_result_types(self) -> Sequence[Attribute]:
        t = self._infer(self.x.type, self.y.type)
        if not is_float(t.element_type):
            raise VerifyException(f"operands must be float tensors, found {t.element_type}")
        return [t]


class _NumericBinary(BinaryOp):
    def infer_result_types(self) -> Sequence[Attribute]:
        t = self._infer(self.x.type, self.y.type)
        if not is_numeric(t.element_type):
            raise VerifyException(
                f"operands must be integer or float tensors, found {t.element_type}"
            )
        return [t]


class _IntBinary(BinaryOp):
    def infer_result_types(self) -> Sequence[Attribute]:
        t = self._infer(self.x.type, self.y.type)
        if not is_integer(t.element_type):
            raise VerifyException(f"operands must be integer tensors, found {t.element_type}")
        return [t]


class _BoolBinary(BinaryOp):
    def infer_result_types(self) -> Sequence[Attribute]:
        t = self._infer(self.x.type, self.y.type)
        if not is_bool(t.element_type):
            raise VerifyException(f"operands must be bool (i1) tensors, found {t.element_type}")
        return [t]


def _binary(op_name: str, doc: str, base: type[BinaryOp]) -> type[BinaryOp]:
    cls = type(op_name.removeprefix("tf.") + "Op", (base,), {"name": op_name, "__doc__": doc})
    return irdl_op_definition(cls)


PowOp = _binary("tf.Pow", "Elementwise x ** y with broadcasting.", _NumericBinary)
SquaredDifferenceOp = _binary(
    "tf.SquaredDifference", "Elementwise (x - y)^2 with broadcasting.", _NumericBinary
)
FloorDivOp = _binary(
    "tf.FloorDiv", "Elementwise floor(x / y) (integers: floor division).", _NumericBinary
)
FloorModOp = _binary(
    "tf.FloorMod", "Elementwise x - floor(x / y) * y: the sign of the divisor.", _NumericBinary
)
DivNoNanOp = _binary("tf.DivNoNan", "Elementwise x / y, or 0 where y == 0.", _FloatBinary)
MulNoNanOp = _binary(
    "tf.MulNoNan", "Elementwise x * y, or 0 where y == 0 (even for an infinite x).", _FloatBinary
)
ZetaOp = _binary(
    "tf.Zeta", "Elementwise Hurwitz zeta: the sum over n >= 0 of (q + n)^-x.", _FloatBinary
)
IgammaOp = _binary(
    "tf.Igamma",
    "Elementwise regularized lower incomplete gamma P(a, x), for operands (a, x).",
    _FloatBinary,
)
IgammacOp = _binary(
    "tf.Igammac",
    "Elementwise regularized upper incomplete gamma Q(a, x) = 1 - P(a, x).",
    _FloatBinary,
)
PolygammaOp = _binary(
    "tf.Polygamma",
    "Elementwise n-th derivative of digamma at x, for operands (n, x).",
    _FloatBinary,
)


@irdl_op_definition
class BetaincOp(TfOp):
    """Elementwise regularized incomplete beta function I_x(a, b), the three operands
    broadcast together. `%i = "tf.Betainc"(%a, %b, %x) : (tensor<4xf32>, tensor<4xf32>,
    tensor<4xf32>) -> tensor<4xf32>`"""

    name = "tf.Betainc"
    a = operand_def(TensorType)
    b = operand_def(TensorType)
    x = operand_def(TensorType)
    z = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, a: SSAValue, b: SSAValue, x: SSAValue):
        super().__init__(operands=[a, b, x], result_types=[_betainc_type(a, b, x)])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [_betainc_type(self.a, self.b, self.x)]


def _betainc_type(*operands: SSAValue) -> TensorType:
    types = [expect_tensor(v, n) for v, n in zip(operands, ("a", "b", "x"), strict=True)]
    element = types[0].element_type
    if not is_float(element) or any(t.element_type != element for t in types):
        found = ", ".join(str(t) for t in types)
        raise VerifyException(f"a, b and x must be float tensors of one type, found {found}")
    return TensorType(element, _broadcast(*types))


XlogyOp = _binary("tf.Xlogy", "Elementwise x * log(y), or 0 where x == 0.", _FloatBinary)
Xlog1pyOp = _binary("tf.Xlog1py", "Elementwise x * log1p(y), or 0 where x == 0.", _FloatBinary)
XdivyOp = _binary("tf.Xdivy", "Elementwise x / y, or 0 where x == 0.", _FloatBinary)
Atan2Op = _binary(
    "tf.Atan2",
    "Elementwise atan(a / b) in the quadrant of the point (b, a), for operands (a, b).",
    _FloatBinary,
)
TruncateDivOp = _binary(
    "tf.TruncateDiv",
    "Elementwise x / y rounded toward zero (integers: C division).",
    _NumericBinary,
)
TruncateModOp = _binary(
    "tf.TruncateMod",
    "Elementwise remainder of TruncateDiv: the sign of the dividend.",
    _NumericBinary,
)
BitwiseAndOp = _binary("tf.BitwiseAnd", "Elementwise bitwise and of integers.", _IntBinary)
BitwiseOrOp = _binary("tf.BitwiseOr", "Elementwise bitwise or of integers.", _IntBinary)
BitwiseXorOp = _binary("tf.BitwiseXor", "Elementwise bitwise xor of integers.", _IntBinary)
LeftShiftOp = _binary("tf.LeftShift", "Elementwise x << y of integers.", _IntBinary)
RightShiftOp = _binary(
    "tf.RightShift",
    "Elementwise x >> y of integers (arithmetic for signed, logical for unsigned).",
    _IntBinary,
)
ModOp = _binary(
    "tf.Mod", "Elementwise remainder with the sign of the dividend (C fmod).", _NumericBinary
)
LogicalAndOp = _binary("tf.LogicalAnd", "Elementwise x and y of bools.", _BoolBinary)
LogicalOrOp = _binary("tf.LogicalOr", "Elementwise x or y of bools.", _BoolBinary)


@irdl_op_definition
class AddNOp(TfOp):
    """The elementwise sum of one or more tensors of one type.
    `%s = "tf.AddN"(%a, %b, %c) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>`"""

    name = "tf.AddN"
    inputs = var_operand_def(TensorType)
    sum = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, *inputs: SSAValue):
        if not inputs:
            raise VerifyException("AddN needs at least one input")
        super().__init__(operands=[list(inputs)], result_types=[inputs[0].type])

    def infer_result_types(self) -> Sequence[Attribute]:
        if not self.inputs:
            raise VerifyException("AddN needs at least one input")
        first = expect_tensor(self.inputs[0], "input 0")
        if not is_numeric(first.element_type):
            raise VerifyException(f"inputs must be integer or float tensors, found {first}")
        for i, value in enumerate(self.inputs[1:], start=1):
            t = expect_tensor(value, f"input {i}")
            if t.element_type != first.element_type or not dims_compatible(
                t.get_shape(), first.get_shape()
            ):
                raise VerifyException(f"input {i} is {t}, but input 0 is {first}")
        return [first]


class ComparisonOp(BinaryOp):
    """Shared structure of the comparisons: broadcasting operands of one type, bool result."""

    def __init__(self, x: SSAValue, y: SSAValue, result_type: Attribute | None = None):
        if result_type is None:
            result_type = TensorType(i1, self._infer(x.type, y.type).get_shape())
        TfOp.__init__(self, operands=[x, y], result_types=[result_type])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [TensorType(i1, self._infer(self.x.type, self.y.type).get_shape())]


def _compare(op_name: str, doc: str) -> type[ComparisonOp]:
    cls = type(
        op_name.removeprefix("tf.") + "Op", (ComparisonOp,), {"name": op_name, "__doc__": doc}
    )
    return irdl_op_definition(cls)


EqualOp = _compare("tf.Equal", "Elementwise x == y with broadcasting; bool result.")
NotEqualOp = _compare("tf.NotEqual", "Elementwise x != y with broadcasting; bool result.")
LessOp = _compare("tf.Less", "Elementwise x < y with broadcasting; bool result.")
LessEqualOp = _compare("tf.LessEqual", "Elementwise x <= y with broadcasting; bool result.")
GreaterOp = _compare("tf.Greater", "Elementwise x > y with broadcasting; bool result.")
GreaterEqualOp = _compare("tf.GreaterEqual", "Elementwise x >= y with broadcasting; bool result.")

COMPARE_DIRECTIONS: dict[type[Operation], str] = {
    EqualOp: "EQ",
    NotEqualOp: "NE",
    LessOp: "LT",
    LessEqualOp: "LE",
    GreaterOp: "GT",
    GreaterEqualOp: "GE",
}


# ---------------------------------------------------------------------------------------------
# Select and clip


def _check_branches(t: TensorType, e: TensorType) -> None:
    if t.element_type != e.element_type:
        raise VerifyException(f"t and e element types differ: {t} and {e}")


def _check_condition(c: TensorType) -> None:
    if not is_bool(c.element_type):
        raise VerifyException(f"condition must be a bool (i1) tensor, found {c}")


@irdl_op_definition
class SelectOp(TfOp):
    """condition ? t : e; t and e have one shape; condition has it too, or is rank-0, or is 1-D
    and picks rows (dim 0). `%r = "tf.Select"(%c, %t, %e)`"""

    name = "tf.Select"
    condition = operand_def(TensorType)
    t = operand_def(TensorType)
    e = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, condition: SSAValue, t: SSAValue, e: SSAValue):
        super().__init__(operands=[condition, t, e], result_types=[t.type])

    def infer_result_types(self) -> Sequence[Attribute]:
        c = expect_tensor(self.condition, "condition")
        t, e = expect_tensor(self.t, "t"), expect_tensor(self.e, "e")
        _check_condition(c)
        _check_branches(t, e)
        if not dims_compatible(t.get_shape(), e.get_shape()):
            raise VerifyException(f"t and e shapes differ: {t} and {e}")
        shape = t.get_shape()
        rows = (
            c.get_num_dims() == 1 and len(shape) >= 1 and dims_compatible(c.get_shape(), shape[:1])
        )
        if c.get_num_dims() != 0 and not rows and not dims_compatible(c.get_shape(), shape):
            raise VerifyException(
                f"condition must be rank-0, have t's shape {format_shape(shape)}, or be 1-D of "
                f"size {shape[0] if shape else 0}; found {c}"
            )
        return [t]


@irdl_op_definition
class SelectV2Op(TfOp):
    """condition ? t : e with numpy broadcasting of all three. `%r = "tf.SelectV2"(%c, %t, %e)`"""

    name = "tf.SelectV2"
    condition = operand_def(TensorType)
    t = operand_def(TensorType)
    e = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, condition: SSAValue, t: SSAValue, e: SSAValue):
        super().__init__(
            operands=[condition, t, e], result_types=[self._infer(condition.type, t.type, e.type)]
        )

    @staticmethod
    def _infer(ct: Attribute, tt: Attribute, et: Attribute) -> TensorType:
        c, t, e = expect_tensor(ct, "condition"), expect_tensor(tt, "t"), expect_tensor(et, "e")
        _check_condition(c)
        _check_branches(t, e)
        return TensorType(t.element_type, _broadcast(c, t, e))

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.condition.type, self.t.type, self.e.type)]


@irdl_op_definition
class ClipByValueOp(TfOp):
    """min(max(t, clip_value_min), clip_value_max); the bounds are rank-0 or t's shape.
    `%r = "tf.ClipByValue"(%t, %lo, %hi)`"""

    name = "tf.ClipByValue"
    t = operand_def(TensorType)
    clip_value_min = operand_def(TensorType)
    clip_value_max = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, t: SSAValue, clip_value_min: SSAValue, clip_value_max: SSAValue):
        super().__init__(operands=[t, clip_value_min, clip_value_max], result_types=[t.type])

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.t, "t")
        if not is_numeric(t.element_type):
            raise VerifyException(f"t must be an integer or float tensor, found {t}")
        for what, bound in (
            ("clip_value_min", self.clip_value_min),
            ("clip_value_max", self.clip_value_max),
        ):
            b = expect_tensor(bound, what)
            if b.element_type != t.element_type:
                raise VerifyException(f"{what} element type differs from t's: {b} and {t}")
            if b.get_num_dims() != 0 and not dims_compatible(b.get_shape(), t.get_shape()):
                raise VerifyException(
                    f"{what} must be rank-0 or have t's shape {format_shape(t.get_shape())}, "
                    f"found {b}"
                )
        return [t]


@irdl_op_definition
class BucketizeOp(TfOp):
    """The bucket of each element: how many of the sorted `boundaries` are <= it (a NaN is past
    them all), as an int32 of the input's shape.
    `%y = "tf.Bucketize"(%x) <{boundaries = array<f32: 0.0, 1.0>}>
    : (tensor<4xf32>) -> tensor<4xi32>`"""

    name = "tf.Bucketize"
    input = operand_def(TensorType)
    output = result_def(TensorType)
    boundaries = prop_def(DenseArrayBase.constr(f32))
    traits = traits_def(Pure())

    def __init__(self, x: SSAValue, boundaries: Sequence[float]):
        shape = expect_tensor(x, "input").get_shape()
        super().__init__(
            operands=[x],
            properties={"boundaries": DenseArrayBase.from_list(f32, list(boundaries))},
            result_types=[TensorType(i32, shape)],
        )

    def boundary_values(self) -> list[float]:
        return [float(v) for v in self.boundaries.get_values()]

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.input, "input")
        if not is_numeric(t.element_type):
            raise VerifyException(f"input must be an integer or float tensor, found {t}")
        values = self.boundary_values()
        if any(b > a for a, b in zip(values[1:], values, strict=False)):
            raise VerifyException(f"boundaries must be sorted, found {values}")
        return [TensorType(i32, t.get_shape())]


@irdl_op_definition
class HistogramFixedWidthOp(TfOp):
    """Counts of `values` in `nbins` (a constant) equal bins over [lo, hi] = `value_range`:
    bin min(floor((max(v, lo) - lo) / ((hi - lo) / nbins)), nbins - 1), in f64, as TensorFlow's
    kernel computes it (values below lo count in the first bin, above hi in the last).
    `%h = "tf.HistogramFixedWidth"(%v, %r, %n) : (tensor<9xf32>, tensor<2xf32>, tensor<i32>)
    -> tensor<5xi32>`"""

    name = "tf.HistogramFixedWidth"
    values = operand_def(TensorType)
    value_range = operand_def(TensorType)
    nbins = operand_def(TensorType)
    out = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, values: SSAValue, value_range: SSAValue, nbins: SSAValue, dtype: Attribute):
        super().__init__(
            operands=[values, value_range, nbins],
            result_types=[self._infer(values, value_range, nbins, dtype)],
        )

    def bins(self) -> int | None:
        """The number of bins, when constant."""
        found = constant_ints(self.nbins)
        return None if found is None else found[0]

    @staticmethod
    def _infer(
        values: SSAValue, value_range: SSAValue, nbins: SSAValue, dtype: Attribute
    ) -> TensorType:
        v = expect_tensor(values, "values")
        r = expect_tensor(value_range, "value_range")
        n = expect_tensor(nbins, "nbins")
        if not is_numeric(v.element_type) or is_bool(v.element_type):
            raise VerifyException(f"values must be an integer or float tensor, found {v}")
        if r.get_shape() != (2,) or r.element_type != v.element_type:
            raise VerifyException(f"value_range must be [lo, hi] of the values' type, found {r}")
        if n.get_num_dims() != 0 or not is_integer(n.element_type):
            raise VerifyException(f"nbins must be an integer scalar, found {n}")
        found = constant_ints(nbins)
        if found is not None and found[0] < 1:
            raise VerifyException(f"nbins must be positive, found {found[0]}")
        return TensorType(dtype, [DYNAMIC_INDEX if found is None else found[0]])

    def infer_result_types(self) -> Sequence[Attribute]:
        out = expect_tensor(self.out, "out")
        return [self._infer(self.values, self.value_range, self.nbins, out.element_type)]


@irdl_op_definition
class UnravelIndexOp(TfOp):
    """The coordinates of flat `indices` in an array of shape `dims` (row-major): [len(dims)]
    for a scalar index, [len(dims), N] for N of them.
    `%c = "tf.UnravelIndex"(%i, %d) : (tensor<5xi32>, tensor<2xi32>) -> tensor<2x5xi32>`"""

    name = "tf.UnravelIndex"
    indices = operand_def(TensorType)
    dims = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, indices: SSAValue, dims: SSAValue):
        super().__init__(operands=[indices, dims], result_types=[self._infer(indices, dims)])

    @staticmethod
    def _infer(indices: SSAValue, dims: SSAValue) -> TensorType:
        t = expect_tensor(indices, "indices")
        d = expect_tensor(dims, "dims")
        if not is_integer(t.element_type) or t.get_num_dims() > 1:
            raise VerifyException(f"indices must be a 0-D or 1-D integer tensor, found {t}")
        if d.get_num_dims() != 1 or d.element_type != t.element_type:
            raise VerifyException(f"dims must be a 1-D tensor of the indices' type, found {d}")
        return TensorType(t.element_type, [d.get_shape()[0], *t.get_shape()])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.indices, self.dims)]


class SearchSortedOp(TfOp):
    """Shared structure of LowerBound and UpperBound (tf.searchsorted): per row b, for each of
    `values[b]`, where it would go in the sorted row `sorted_inputs[b]`."""

    sorted_inputs = operand_def(TensorType)
    values = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, sorted_inputs: SSAValue, values: SSAValue, out_type: Attribute):
        super().__init__(
            operands=[sorted_inputs, values],
            result_types=[self._infer(sorted_inputs, values, out_type)],
        )

    @staticmethod
    def _infer(sorted_inputs: SSAValue, values: SSAValue, out_type: Attribute) -> TensorType:
        st, vt = expect_tensor(sorted_inputs, "sorted_inputs"), expect_tensor(values, "values")
        if st.get_num_dims() != 2 or vt.get_num_dims() != 2 or not is_numeric(st.element_type):
            raise VerifyException(
                f"sorted_inputs and values must be 2-D numeric tensors, found {st} and {vt}"
            )
        if vt.element_type != st.element_type:
            raise VerifyException(
                f"values must be {st.element_type} like sorted_inputs, found {vt}"
            )
        if not dims_compatible(st.get_shape()[:1], vt.get_shape()[:1]):
            raise VerifyException(f"{st} and {vt} have different numbers of rows")
        if out_type not in (i32, i64):
            raise VerifyException(f"out_type must be i32 or i64, found {out_type}")
        return TensorType(out_type, vt.get_shape())

    def infer_result_types(self) -> Sequence[Attribute]:
        out = expect_tensor(self.output, "output").element_type
        return [self._infer(self.sorted_inputs, self.values, out)]


@irdl_op_definition
class LowerBoundOp(SearchSortedOp):
    """For each value, how many elements of its sorted row are below it (the first index it
    could go at: tf.searchsorted side='left').
    `%i = "tf.LowerBound"(%s, %v) : (tensor<2x5xf32>, tensor<2x3xf32>) -> tensor<2x3xi32>`"""

    name = "tf.LowerBound"


@irdl_op_definition
class UpperBoundOp(SearchSortedOp):
    """For each value, how many elements of its sorted row it is not below (the last index it
    could go at: tf.searchsorted side='right'; a NaN value goes last).
    `%i = "tf.UpperBound"(%s, %v) : (tensor<2x5xf32>, tensor<2x3xf32>) -> tensor<2x3xi32>`"""

    name = "tf.UpperBound"


@irdl_op_definition
class CrossOp(TfOp):
    """Cross products of the 3-vectors in the last dims of `a` and `b` (same shape).
    `%c = "tf.Cross"(%a, %b) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>`"""

    name = "tf.Cross"
    a = operand_def(TensorType)
    b = operand_def(TensorType)
    product = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, a: SSAValue, b: SSAValue):
        super().__init__(operands=[a, b], result_types=[self._infer(a, b)])

    @staticmethod
    def _infer(a: SSAValue, b: SSAValue) -> TensorType:
        at, bt = expect_tensor(a, "a"), expect_tensor(b, "b")
        if at != bt or not is_numeric(at.element_type):
            raise VerifyException(f"a and b must be numeric tensors of one type, found {at}, {bt}")
        if at.get_num_dims() < 1 or at.get_shape()[-1] not in (3, DYNAMIC_INDEX):
            raise VerifyException(f"the last dim must be 3, found {at}")
        return at

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.a, self.b)]


@irdl_op_definition
class ApproximateEqualOp(TfOp):
    """Elementwise |x - y| < `tolerance` (x and y of one shape), as bools.
    `%e = "tf.ApproximateEqual"(%x, %y) <{tolerance = 1.0e-05 : f32}>
    : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>`"""

    name = "tf.ApproximateEqual"
    x = operand_def(TensorType)
    y = operand_def(TensorType)
    z = result_def(TensorType)
    tolerance = prop_def(FloatAttr, default_value=FloatAttr(1e-5, f32))
    traits = traits_def(Pure())

    def __init__(self, x: SSAValue, y: SSAValue, tolerance: float = 1e-5):
        super().__init__(
            operands=[x, y],
            properties={"tolerance": FloatAttr(tolerance, f32)},
            result_types=[self._infer(x, y)],
        )

    @staticmethod
    def _infer(x: SSAValue, y: SSAValue) -> TensorType:
        xt, yt = expect_tensor(x, "x"), expect_tensor(y, "y")
        if xt != yt or not is_numeric(xt.element_type):
            raise VerifyException(f"x and y must be numeric tensors of one type, found {xt}, {yt}")
        return TensorType(i1, xt.get_shape())

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.x, self.y)]


def _square_matrices(value: SSAValue, what: str) -> TensorType:
    t = expect_tensor(value, what)
    shape = list(t.get_shape())
    if not is_float(t.element_type):
        raise VerifyException(f"{what} must have a float element type, found {t}")
    if len(shape) < 2 or not dims_compatible([shape[-1]], [shape[-2]]):
        raise VerifyException(f"{what} must be a batch of square matrices, found {t}")
    return t


@irdl_op_definition
class CholeskyOp(TfOp):
    """The lower-triangular Cholesky factor L (a = L L^T) of each symmetric positive definite
    innermost matrix; only the lower triangle of `input` is read, L's upper triangle is zero.
    `%l = "tf.Cholesky"(%a) : (tensor<2x4x4xf32>) -> tensor<2x4x4xf32>`. A matrix that is not
    positive definite gives NaNs (TensorFlow on CPU raises)."""

    name = "tf.Cholesky"
    input = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue):
        super().__init__(operands=[input], result_types=[input.type])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [_square_matrices(self.input, "input")]


@irdl_op_definition
class MatrixTriangularSolveOp(TfOp):
    """X with matrix X = rhs for each triangular innermost matrix ([..., M, M]; `lower`: its
    lower triangle is read, else its upper; `adjoint`: its transpose is used) and rhs
    [..., M, K]. `%x = "tf.MatrixTriangularSolve"(%a, %b) <{lower = true, adjoint = false}> :
    (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>`. The batch dims broadcast."""

    name = "tf.MatrixTriangularSolve"
    matrix = operand_def(TensorType)
    rhs = operand_def(TensorType)
    output = result_def(TensorType)
    lower = prop_def(BoolAttr, default_value=BoolAttr.from_bool(True))
    adjoint = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    def __init__(self, matrix: SSAValue, rhs: SSAValue, lower: bool = True, adjoint: bool = False):
        super().__init__(
            operands=[matrix, rhs],
            result_types=[_solution_or_rhs(matrix, rhs)],
            properties={"lower": BoolAttr.from_bool(lower), "adjoint": BoolAttr.from_bool(adjoint)},
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        return [_solution(self.matrix, self.rhs)]


def _solution_or_rhs(matrix: SSAValue, rhs: SSAValue) -> Attribute:
    """`_solution`, or rhs's type where the operands do not fit (verification names them)."""
    try:
        return _solution(matrix, rhs)
    except VerifyException:
        return rhs.type


def _solution(matrix: SSAValue, rhs: SSAValue) -> TensorType:
    """The type of X in matrix X = rhs: rhs's rows and columns, the batch dims of the two
    broadcast (numpy's rule, as TensorFlow's kernel since 2.2: matrix [2, M, M] with rhs
    [1, M, K] solves 2 systems)."""
    a = _square_matrices(matrix, "matrix")
    b = expect_tensor(rhs, "rhs")
    a_shape, b_shape = list(a.get_shape()), list(b.get_shape())
    if b.element_type != a.element_type or len(b_shape) < 2:
        raise VerifyException(f"rhs must be a {a.element_type} tensor of rank 2 or more, found {b}")
    batch = broadcast_shapes(a_shape[:-2], b_shape[:-2])
    if batch is None or not dims_compatible(b_shape[-2:-1], a_shape[-1:]):
        raise VerifyException(
            f"rhs {format_shape(b_shape)} does not fit matrix {format_shape(a_shape)}: "
            "the rows must match and the batch dims broadcast"
        )
    return TensorType(b.element_type, [*batch, *b_shape[-2:]])


@irdl_op_definition
class MatrixInverseOp(TfOp):
    """The inverse of each innermost square matrix (`adjoint`: of its transpose).

    A singular matrix gives infs or NaNs (TensorFlow raises).
    `%y = "tf.MatrixInverse"(%a) <{adjoint = false}> : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>`"""

    name = "tf.MatrixInverse"
    input = operand_def(TensorType)
    output = result_def(TensorType)
    adjoint = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, adjoint: bool = False):
        super().__init__(
            operands=[input],
            result_types=[input.type],
            properties={"adjoint": BoolAttr.from_bool(adjoint)},
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        return [_square_matrices(self.input, "input")]


@irdl_op_definition
class MatrixSolveOp(TfOp):
    """X with matrix X = rhs for each innermost square matrix (`adjoint`: its transpose).

    rhs is [..., M, K]; a singular matrix gives infs or NaNs (TensorFlow raises).
    `%x = "tf.MatrixSolve"(%a, %b) <{adjoint = false}> : (tensor<3x3xf32>, tensor<3x2xf32>) ->
    tensor<3x2xf32>`"""

    name = "tf.MatrixSolve"
    matrix = operand_def(TensorType)
    rhs = operand_def(TensorType)
    output = result_def(TensorType)
    adjoint = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    def __init__(self, matrix: SSAValue, rhs: SSAValue, adjoint: bool = False):
        super().__init__(
            operands=[matrix, rhs],
            result_types=[rhs.type],
            properties={"adjoint": BoolAttr.from_bool(adjoint)},
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        return [_solution(self.matrix, self.rhs)]


@irdl_op_definition
class LogMatrixDeterminantOp(TfOp):
    """The sign and the log of the absolute value of each innermost square matrix's determinant.
    `%s, %l = "tf.LogMatrixDeterminant"(%a) : (tensor<2x3x3xf32>) -> (tensor<2xf32>,
    tensor<2xf32>)`"""

    name = "tf.LogMatrixDeterminant"
    input = operand_def(TensorType)
    sign = result_def(TensorType)
    log_abs_determinant = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue):
        batch = TensorType(_square_matrices(input, "input").element_type, _batch_of(input))
        super().__init__(operands=[input], result_types=[batch, batch])

    def infer_result_types(self) -> Sequence[Attribute]:
        batch = TensorType(
            _square_matrices(self.input, "input").element_type, _batch_of(self.input)
        )
        return [batch, batch]


def _batch_of(matrices: SSAValue) -> list[int]:
    return list(expect_tensor(matrices, "input").get_shape()[:-2])


@irdl_op_definition
class MatrixDeterminantOp(TfOp):
    """The determinant of each innermost square matrix.
    `%d = "tf.MatrixDeterminant"(%a) : (tensor<2x3x3xf32>) -> tensor<2xf32>`"""

    name = "tf.MatrixDeterminant"
    input = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue):
        t = _square_matrices(input, "input")
        super().__init__(
            operands=[input], result_types=[TensorType(t.element_type, t.get_shape()[:-2])]
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        t = _square_matrices(self.input, "input")
        return [TensorType(t.element_type, t.get_shape()[:-2])]


def _decomposed(value: SSAValue) -> tuple[TensorType, list[int], int, int]:
    """A batch of f32 or f64 matrices [..., M, N] to decompose: its type, batch dims, M and N."""
    t = expect_tensor(value, "input")
    shape = list(t.get_shape())
    if t.element_type not in (f32, f64) or len(shape) < 2:
        raise VerifyException(f"input must be a batch of f32 or f64 matrices, found {t}")
    return t, shape[:-2], shape[-2], shape[-1]


@irdl_op_definition
class QrOp(TfOp):
    """The QR decomposition of each innermost matrix a [..., M, N] by Householder reflections:
    a = q r, q with orthonormal columns, r upper triangular, r's diagonal of the opposite sign of
    the column it reflects (LAPACK's and Eigen's convention: TensorFlow's q and r). With P =
    min(M, N): q [..., M, P] and r [..., P, N], or with `full_matrices` q [..., M, M] and r
    [..., M, N]. `%q, %r = "tf.Qr"(%a) <{full_matrices = false}> : (tensor<5x3xf32>) ->
    (tensor<5x3xf32>, tensor<3x3xf32>)`"""

    name = "tf.Qr"
    input = operand_def(TensorType)
    q = result_def(TensorType)
    r = result_def(TensorType)
    full_matrices = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, full_matrices: bool = False):
        super().__init__(
            operands=[input],
            result_types=_qr_types(input, full_matrices),
            properties={"full_matrices": BoolAttr.from_bool(full_matrices)},
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        return _qr_types(self.input, bool(self.full_matrices.value.data))


def _qr_types(input: SSAValue, full: bool) -> list[Attribute]:
    t, batch, m, n = _decomposed(input)
    k = m if full else min(m, n)
    f = t.element_type
    return [TensorType(f, [*batch, m, k]), TensorType(f, [*batch, k, n])]


@irdl_op_definition
class SelfAdjointEigV2Op(TfOp):
    """The eigenvalues e [..., N] of each innermost symmetric matrix [..., N, N] (its lower
    triangle is read), ascending, and with `compute_v` the unit eigenvectors v [..., N, N]
    (column i for e[i]; each column's sign is arbitrary, as in TensorFlow), else v is an empty
    [0]. `%e, %v = "tf.SelfAdjointEigV2"(%a) <{compute_v = true}> : (tensor<4x4xf32>) ->
    (tensor<4xf32>, tensor<4x4xf32>)`"""

    name = "tf.SelfAdjointEigV2"
    input = operand_def(TensorType)
    e = result_def(TensorType)
    v = result_def(TensorType)
    compute_v = prop_def(BoolAttr, default_value=BoolAttr.from_bool(True))
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, compute_v: bool = True):
        super().__init__(
            operands=[input],
            result_types=_eig_types(input, compute_v),
            properties={"compute_v": BoolAttr.from_bool(compute_v)},
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        return _eig_types(self.input, bool(self.compute_v.value.data))


def _eig_types(input: SSAValue, compute_v: bool) -> list[Attribute]:
    t, batch, m, n = _decomposed(input)
    if not dims_compatible([m], [n]):
        raise VerifyException(f"input must be a batch of square matrices, found {t}")
    f = t.element_type
    v = TensorType(f, [*batch, n, n] if compute_v else [0])
    return [TensorType(f, [*batch, n]), v]


@irdl_op_definition
class SvdOp(TfOp):
    """The singular values s [..., P] (P = min(M, N), descending) of each innermost matrix a
    [..., M, N], and with `compute_uv` u [..., M, P] and v [..., N, P] (a = u diag(s) v^T; each
    pair of columns' sign is arbitrary, as in TensorFlow; `full_matrices`: u [..., M, M] and v
    [..., N, N]), else u and v are empty [0]. `%s, %u, %v = "tf.Svd"(%a) <{compute_uv = true,
    full_matrices = false}> : (tensor<5x3xf32>) -> (tensor<3xf32>, tensor<5x3xf32>,
    tensor<3x3xf32>)`"""

    name = "tf.Svd"
    input = operand_def(TensorType)
    s = result_def(TensorType)
    u = result_def(TensorType)
    v = result_def(TensorType)
    compute_uv = prop_def(BoolAttr, default_value=BoolAttr.from_bool(True))
    full_matrices = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, compute_uv: bool = True, full_matrices: bool = False):
        super().__init__(
            operands=[input],
            result_types=_svd_types(input, compute_uv, full_matrices),
            properties={
                "compute_uv": BoolAttr.from_bool(compute_uv),
                "full_matrices": BoolAttr.from_bool(full_matrices),
            },
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        return _svd_types(
            self.input, bool(self.compute_uv.value.data), bool(self.full_matrices.value.data)
        )

    def verify_(self) -> None:
        _, _, m, n = _decomposed(self.input)
        if self.compute_uv.value.data and self.full_matrices.value.data and m != n:
            raise VerifyException(
                f"full_matrices with compute_uv of {m}x{n} matrices is not supported (the "
                "completion of u or v to a square orthonormal basis): use full_matrices=False"
            )


def _svd_types(input: SSAValue, compute_uv: bool, full: bool) -> list[Attribute]:
    t, batch, m, n = _decomposed(input)
    f = t.element_type
    p = min(m, n)
    s = TensorType(f, [*batch, p])
    if not compute_uv:
        return [s, TensorType(f, [0]), TensorType(f, [0])]
    u = TensorType(f, [*batch, m, m if full else p])
    return [s, u, TensorType(f, [*batch, n, n if full else p])]


@irdl_op_definition
class LuOp(TfOp):
    """The LU decomposition with partial pivoting of each innermost square matrix a [..., M, M]:
    `lu` holds L below its diagonal (L's unit diagonal left out) and U on and above it, and `p`
    [..., M] (int32 or int64) the rows of a in the order in which a[p] = L U. Each column's
    pivot is the first entry of largest magnitude on or below the diagonal (Eigen's
    PartialPivLU, TensorFlow's kernel). `%lu, %p = "tf.Lu"(%a) : (tensor<4x4xf32>) ->
    (tensor<4x4xf32>, tensor<4xi32>)`. A singular matrix gives a U with a zero on its diagonal
    (TensorFlow raises)."""

    name = "tf.Lu"
    input = operand_def(TensorType)
    lu = result_def(TensorType)
    p = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, index_type: Attribute = i32):
        super().__init__(operands=[input], result_types=_lu_types(input, index_type))

    def infer_result_types(self) -> Sequence[Attribute]:
        return _lu_types(self.input, expect_tensor(self.p, "p").element_type)


def _lu_types(input: SSAValue, index_type: Attribute) -> list[Attribute]:
    t, batch, m, n = _decomposed(input)
    if not dims_compatible([m], [n]):
        raise VerifyException(f"input must be a batch of square matrices, found {t}")
    if index_type not in (i32, i64):
        raise VerifyException(f"output_idx_type must be int32 or int64, found {index_type}")
    return [t, TensorType(index_type, [*batch, m])]


class QuantizeAndDequantizeBase(TfOp):
    """float `input` quantized to the integers of `num_bits` (signed: -2^(b-1), or + 1 with
    `narrow_range`, to 2^(b-1) - 1; unsigned: 0 to 2^b - 1) by scaling only (0 stays 0), then
    scaled back: the range [min, max] (operands with `range_given`, else the input's own, per
    `axis` or over the whole tensor) fixes the scale from whichever side gives the smaller one,
    the other side is widened to the levels; out = round(clamp(x, min, max) * scale) / scale
    (`round_mode` HALF_TO_EVEN or HALF_UP). Quantization-aware models leave it in their graphs."""

    input = operand_def(TensorType)
    input_min = operand_def(TensorType)
    input_max = operand_def(TensorType)
    output = result_def(TensorType)
    signed_input = prop_def(BoolAttr, default_value=BoolAttr.from_bool(True))
    num_bits = prop_def(IntegerAttr, default_value=IntegerAttr(8, i64))
    range_given = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    round_mode = prop_def(StringAttr, default_value=StringAttr("HALF_TO_EVEN"))
    narrow_range = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    axis = prop_def(IntegerAttr, default_value=IntegerAttr(-1, i64))
    traits = traits_def(Pure())

    def __init__(
        self,
        operands: Sequence[SSAValue],
        signed_input: bool,
        num_bits: int,
        range_given: bool,
        round_mode: str,
        narrow_range: bool,
        axis: int,
    ):
        super().__init__(
            operands=list(operands),
            result_types=[operands[0].type],
            properties={
                "signed_input": BoolAttr.from_bool(signed_input),
                "num_bits": IntegerAttr(num_bits, i64),
                "range_given": BoolAttr.from_bool(range_given),
                "round_mode": StringAttr(round_mode),
                "narrow_range": BoolAttr.from_bool(narrow_range),
                "axis": IntegerAttr(axis, i64),
            },
        )

    def levels(self) -> tuple[int, int]:
        """The lowest and highest quantized integer."""
        bits = self.num_bits.value.data
        if not self.signed_input.value.data:
            return 0, (1 << bits) - 1
        low = -(1 << (bits - 1)) + (1 if self.narrow_range.value.data else 0)
        return low, (1 << (bits - 1)) - 1

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.input, "input")
        if not is_float(t.element_type):
            raise VerifyException(f"input must be a float tensor, found {t}")
        bits = self.num_bits.value.data
        if not 1 <= bits <= (63 if self.signed_input.value.data else 62):
            raise VerifyException(f"num_bits must be in [1, 63], found {bits}")
        if self.round_mode.data not in ("HALF_TO_EVEN", "HALF_UP"):
            raise VerifyException(
                f"round_mode must be HALF_TO_EVEN or HALF_UP, found '{self.round_mode.data}'"
            )
        if self.axis.value.data != -1:
            raise VerifyException(
                f"axis {self.axis.value.data}: ranges per axis are not supported (one range, "
                "axis -1; TensorFlow 2.21's kernels refuse them too)"
            )
        want: list[int] = []
        for name, v in (("input_min", self.input_min), ("input_max", self.input_max)):
            r = expect_tensor(v, name)
            if r.element_type != t.element_type or list(r.get_shape()) != want:
                raise VerifyException(
                    f"{name} must be a {format_shape(want)} tensor of {t.element_type}, found {r}"
                )
        return [t]


@irdl_op_definition
class QuantizeAndDequantizeV2Op(QuantizeAndDequantizeBase):
    """See QuantizeAndDequantizeBase (tf.quantization.quantize_and_dequantize_v2).
    `%y = "tf.QuantizeAndDequantizeV2"(%x, %lo, %hi) <{num_bits = 8 : i64, range_given =
    true}> : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>`"""

    name = "tf.QuantizeAndDequantizeV2"
    input = operand_def(TensorType)  # first: IRDL puts a class's own fields first


@irdl_op_definition
class QuantizeAndDequantizeV4Op(QuantizeAndDequantizeBase):
    """QuantizeAndDequantizeV2 (V4 differs in its gradient only)."""

    name = "tf.QuantizeAndDequantizeV4"
    input = operand_def(TensorType)


class FakeQuantBase(TfOp):
    """What the FakeQuant ops share: float32 `inputs` rounded to one of 2^num_bits levels
    (2^num_bits - 1 with `narrow_range`) between min and max, nudged so that 0 is a level, and
    clamped to them (quantization-aware training leaves these in a frozen graph)."""

    num_bits = prop_def(IntegerAttr, default_value=IntegerAttr(8, i64))
    narrow_range = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    def levels(self) -> tuple[int, int]:
        """The lowest and highest quantized level."""
        return (1 if self.narrow_range.value.data else 0), (1 << self.num_bits.value.data) - 1

    def check(self) -> TensorType:
        t = expect_tensor(self.operands[0], "inputs")
        if t.element_type != f32:
            raise VerifyException(f"inputs must be a float32 tensor, found {t}")
        bits = self.num_bits.value.data
        if not 2 <= bits <= 16:
            raise VerifyException(f"num_bits must be between 2 and 16, found {bits}")
        return t


@irdl_op_definition
class FakeQuantWithMinMaxArgsOp(FakeQuantBase):
    """FakeQuant with the range as attributes.
    `%y = "tf.FakeQuantWithMinMaxArgs"(%x) <{min = -6.0 : f32, max = 6.0 : f32, num_bits = 8 :
    i64, narrow_range = false}> : (tensor<4xf32>) -> tensor<4xf32>`"""

    name = "tf.FakeQuantWithMinMaxArgs"
    inputs = operand_def(TensorType)
    outputs = result_def(TensorType)
    min = prop_def(FloatAttr, default_value=FloatAttr(-6.0, f32))
    max = prop_def(FloatAttr, default_value=FloatAttr(6.0, f32))

    def __init__(self, inputs: SSAValue, lo: float, hi: float, num_bits: int, narrow_range: bool):
        super().__init__(
            operands=[inputs],
            result_types=[inputs.type],
            properties={
                "min": FloatAttr(lo, f32),
                "max": FloatAttr(hi, f32),
                "num_bits": IntegerAttr(num_bits, i64),
                "narrow_range": BoolAttr.from_bool(narrow_range),
            },
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        t = self.check()
        lo, hi = self.min.value.data, self.max.value.data
        if not lo < hi:
            raise VerifyException(f"min must be below max, found min {lo} and max {hi}")
        return [t]


class FakeQuantVarsBase(FakeQuantBase):
    """The FakeQuant ops whose range comes as operands (constants in a frozen graph)."""

    inputs = operand_def(TensorType)
    min = operand_def(TensorType)
    max = operand_def(TensorType)
    outputs = result_def(TensorType)

    def __init__(
        self, inputs: SSAValue, lo: SSAValue, hi: SSAValue, num_bits: int, narrow_range: bool
    ):
        super().__init__(
            operands=[inputs, lo, hi],
            result_types=[inputs.type],
            properties={
                "num_bits": IntegerAttr(num_bits, i64),
                "narrow_range": BoolAttr.from_bool(narrow_range),
            },
        )


@irdl_op_definition
class FakeQuantWithMinMaxVarsOp(FakeQuantVarsBase):
    """FakeQuant with the range as scalar operands (constants in a frozen graph).
    `%y = "tf.FakeQuantWithMinMaxVars"(%x, %min, %max) <{num_bits = 8 : i64, narrow_range =
    false}> : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>`"""

    name = "tf.FakeQuantWithMinMaxVars"

    def infer_result_types(self) -> Sequence[Attribute]:
        t = self.check()
        for value, what in ((self.min, "min"), (self.max, "max")):
            bound = expect_tensor(value, what)
            if bound.element_type != f32 or bound.get_num_dims() != 0:
                raise VerifyException(f"{what} must be a float32 scalar, found {bound}")
        return [t]


@irdl_op_definition
class FakeQuantWithMinMaxVarsPerChannelOp(FakeQuantVarsBase):
    """FakeQuant with one range per channel (the last dim): `min` and `max` are vectors of its
    size (constants in a frozen graph; quantization-aware training's convolution weights).
    `%y = "tf.FakeQuantWithMinMaxVarsPerChannel"(%x, %min, %max) <{num_bits = 8 : i64,
    narrow_range = true}> : (tensor<3x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>) -> ...`"""

    name = "tf.FakeQuantWithMinMaxVarsPerChannel"

    def infer_result_types(self) -> Sequence[Attribute]:
        t = self.check()
        if t.get_num_dims() < 1:
            raise VerifyException(f"inputs must have a channel dim, found {t}")
        depth = t.get_shape()[-1]
        for value, what in ((self.min, "min"), (self.max, "max")):
            bound = expect_tensor(value, what)
            if (
                bound.element_type != f32
                or bound.get_num_dims() != 1
                or not dims_compatible(bound.get_shape(), [depth])
            ):
                raise VerifyException(
                    f"{what} must be a float32 vector of the {depth} channels, found {bound}"
                )
        return [t]


class FourierBase(TfOp):
    """What the Fourier transforms share: the transform over the innermost RANK dims.

    RFFT (real to complex) and IRFFT (complex to real) take those dims' lengths as a constant
    `fft_length` [RANK] (the input cropped or zero-padded to them; IRFFT's innermost to
    length / 2 + 1); FFT and IFFT (complex to complex) transform the dims as they are. IFFT
    and IRFFT divide by the transform's size. `%y = "tf.RFFT"(%x, %n) : (tensor<2x8xf32>,
    tensor<1xi32>) -> tensor<2x5xcomplex<f32>>` (tf.signal.stft's transform)."""

    RANK: ClassVar[int] = 1
    KIND: ClassVar[str] = "RFFT"
    """RFFT, IRFFT, FFT or IFFT."""

    def lengths(self) -> list[int] | None:
        """The transformed dims' lengths (of the result for RFFT, of the input for IRFFT's
        real side): fft_length's values, or the input's dims for FFT and IFFT."""
        if self.KIND in ("FFT", "IFFT"):
            return list(expect_tensor(self.operands[0], "input").get_shape()[-self.RANK :])
        return constant_ints(self.operands[1])

    def __init__(self, input: SSAValue, fft_length: SSAValue | None = None):
        operands = [input] if fft_length is None else [input, fft_length]
        length = fft_length if self.KIND in ("RFFT", "IRFFT") else None
        super().__init__(operands=operands, result_types=[_fourier_type(self, input, length)])

    def infer_result_types(self) -> Sequence[Attribute]:
        length = self.operands[1] if self.KIND in ("RFFT", "IRFFT") else None
        return [_fourier_type(self, self.operands[0], length)]


def _fourier_type(op: FourierBase, input: SSAValue, fft_length: SSAValue | None) -> TensorType:
    t = expect_tensor(input, "input")
    shape = list(t.get_shape())
    if len(shape) < op.RANK:
        raise VerifyException(f"input must have rank >= {op.RANK}, found {t}")
    part = complex_part(t.element_type)
    if op.KIND == "RFFT" and t.element_type not in (f32, f64):
        raise VerifyException(f"input must be a float32 or float64 tensor, found {t}")
    if op.KIND != "RFFT" and part is None:
        raise VerifyException(f"input must be a complex tensor, found {t}")
    if fft_length is None:
        return t
    lengths_t = expect_tensor(fft_length, "fft_length")
    if lengths_t.get_shape() != (op.RANK,):
        count = "one length" if op.RANK == 1 else f"{op.RANK} lengths"
        raise VerifyException(f"fft_length must hold {count}, found {lengths_t}")
    values = constant_ints(fft_length)
    if values is not None and any(v < 1 for v in values):
        raise VerifyException(f"fft_length must be positive, found {values}")
    outer = shape[: len(shape) - op.RANK]
    if values is None:
        dims = [DYNAMIC_INDEX] * op.RANK
    else:
        dims = list(values)
        if op.KIND == "RFFT":
            dims[-1] = values[-1] // 2 + 1
    if part is None:  # RFFT
        return TensorType(ComplexType(f32 if t.element_type == f32 else f64), [*outer, *dims])
    return TensorType(part, [*outer, *dims])


def _fourier(name: str, kind: str, rank: int, doc: str) -> type[FourierBase]:
    fields: dict[str, object] = {
        "name": name,
        "__module__": __name__,
        "__annotations__": {"KIND": ClassVar[str], "RANK": ClassVar[int]},
        "KIND": kind,
        "RANK": rank,
        "__doc__": doc,
        "input": operand_def(TensorType),
        "output": result_def(TensorType),
        "traits": traits_def(Pure()),
    }
    if kind in ("RFFT", "IRFFT"):
        fields["fft_length"] = operand_def(TensorType)
    cls = type(name.removeprefix("tf.") + "Op", (FourierBase,), fields)
    return irdl_op_definition(cls)


RFFTOp = _fourier("tf.RFFT", "RFFT", 1, "The first n / 2 + 1 frequencies of real signals.")
RFFT2DOp = _fourier("tf.RFFT2D", "RFFT", 2, "RFFT over the innermost 2 dims.")
RFFT3DOp = _fourier("tf.RFFT3D", "RFFT", 3, "RFFT over the innermost 3 dims.")
IRFFTOp = _fourier("tf.IRFFT", "IRFFT", 1, "Real signals from their first n / 2 + 1 frequencies.")
IRFFT2DOp = _fourier("tf.IRFFT2D", "IRFFT", 2, "IRFFT over the innermost 2 dims.")
IRFFT3DOp = _fourier("tf.IRFFT3D", "IRFFT", 3, "IRFFT over the innermost 3 dims.")
FFTOp = _fourier("tf.FFT", "FFT", 1, "The discrete Fourier transform of complex signals.")
FFT2DOp = _fourier("tf.FFT2D", "FFT", 2, "FFT over the innermost 2 dims.")
FFT3DOp = _fourier("tf.FFT3D", "FFT", 3, "FFT over the innermost 3 dims.")
IFFTOp = _fourier("tf.IFFT", "IFFT", 1, "The inverse transform of FFT (divided by n).")
IFFT2DOp = _fourier("tf.IFFT2D", "IFFT", 2, "IFFT over the innermost 2 dims.")
IFFT3DOp = _fourier("tf.IFFT3D", "IFFT", 3, "IFFT over the innermost 3 dims.")
FOURIER_OPS: tuple[type[FourierBase], ...] = (
    *(RFFTOp, RFFT2DOp, RFFT3DOp, IRFFTOp, IRFFT2DOp, IRFFT3DOp),
    *(FFTOp, FFT2DOp, FFT3DOp, IFFTOp, IFFT2DOp, IFFT3DOp),
)


@irdl_op_definition
class ComplexOp(TfOp):
    """Complex numbers from their real and imaginary parts (broadcast together).
    `%z = "tf.Complex"(%re, %im) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xcomplex<f32>>`"""

    name = "tf.Complex"
    real = operand_def(TensorType)
    imag = operand_def(TensorType)
    out = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, real: SSAValue, imag: SSAValue):
        super().__init__(operands=[real, imag], result_types=[_complex_type(real, imag)])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [_complex_type(self.real, self.imag)]


def _complex_type(real: SSAValue, imag: SSAValue) -> TensorType:
    a, b = expect_tensor(real, "real"), expect_tensor(imag, "imag")
    if a.element_type not in (f32, f64) or b.element_type != a.element_type:
        raise VerifyException(
            f"real and imag must be float32 or float64 tensors of one type, found {a} and {b}"
        )
    return TensorType(ComplexType(f32 if a.element_type == f32 else f64), _broadcast(a, b))


@irdl_op_definition
class ConjOp(TfOp):
    """Elementwise complex conjugate. `%c = "tf.Conj"(%z) : (tensor<3xcomplex<f32>>) ->
    tensor<3xcomplex<f32>>`"""

    name = "tf.Conj"
    input = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue):
        super().__init__(operands=[input], result_types=[input.type])

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.input, "input")
        if complex_part(t.element_type) is None:
            raise VerifyException(f"input must be a complex tensor, found {t}")
        return [t]


class ComplexPartBase(TfOp):
    """What ComplexAbs, Real and Imag share: a complex operand, a real result of its part type."""

    x = operand_def(TensorType)
    y = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, x: SSAValue):
        super().__init__(operands=[x], result_types=[self._infer(x)])

    @staticmethod
    def _infer(x: SSAValue) -> TensorType:
        t = expect_tensor(x, "x")
        part = complex_part(t.element_type)
        if part is None:
            raise VerifyException(f"x must be a complex tensor, found {t}")
        return TensorType(part, t.get_shape())

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.x)]


@irdl_op_definition
class ComplexAbsOp(ComplexPartBase):
    """Elementwise modulus sqrt(re^2 + im^2) (without overflow on the way).
    `%m = "tf.ComplexAbs"(%z) : (tensor<5xcomplex<f32>>) -> tensor<5xf32>`"""

    name = "tf.ComplexAbs"


@irdl_op_definition
class AngleOp(ComplexPartBase):
    """Elementwise argument atan2(im, re), in [-pi, pi].
    `%a = "tf.Angle"(%z) : (tensor<5xcomplex<f32>>) -> tensor<5xf32>`"""

    name = "tf.Angle"


@irdl_op_definition
class RealOp(ComplexPartBase):
    """Elementwise real part. `%r = "tf.Real"(%z) : (tensor<5xcomplex<f32>>) -> tensor<5xf32>`"""

    name = "tf.Real"


@irdl_op_definition
class ImagOp(ComplexPartBase):
    """Elementwise imaginary part.
    `%i = "tf.Imag"(%z) : (tensor<5xcomplex<f32>>) -> tensor<5xf32>`"""

    name = "tf.Imag"


OPS: list[type[Operation]] = [
    LowerBoundOp,
    UpperBoundOp,
    CrossOp,
    ApproximateEqualOp,
    *FOURIER_OPS,
    ComplexOp,
    ConjOp,
    AngleOp,
    ComplexAbsOp,
    RealOp,
    ImagOp,
    FakeQuantWithMinMaxArgsOp,
    FakeQuantWithMinMaxVarsOp,
    FakeQuantWithMinMaxVarsPerChannelOp,
    CholeskyOp,
    MatrixTriangularSolveOp,
    MatrixInverseOp,
    MatrixSolveOp,
    MatrixDeterminantOp,
    LogMatrixDeterminantOp,
    QrOp,
    SelfAdjointEigV2Op,
    SvdOp,
    LuOp,
    IsFiniteOp,
    IsNanOp,
    IsInfOp,
    ErfOp,
    ErfcOp,
    Log1pOp,
    Expm1Op,
    FloorOp,
    CeilOp,
    RoundOp,
    SignOp,
    SinOp,
    CosOp,
    EluOp,
    SeluOp,
    SoftplusOp,
    SoftsignOp,
    LogicalNotOp,
    TanOp,
    AsinOp,
    AcosOp,
    AtanOp,
    SinhOp,
    CoshOp,
    AsinhOp,
    AcoshOp,
    AtanhOp,
    LgammaOp,
    DigammaOp,
    QuantizeAndDequantizeV2Op,
    QuantizeAndDequantizeV4Op,
    ErfinvOp,
    NdtriOp,
    BesselI0eOp,
    BesselI1eOp,
    ZetaOp,
    IgammaOp,
    IgammacOp,
    BetaincOp,
    PolygammaOp,
    RintOp,
    ReciprocalOp,
    InvertOp,
    PopulationCountOp,
    CheckNumericsOp,
    LeakyReluOp,
    PowOp,
    SquaredDifferenceOp,
    FloorDivOp,
    FloorModOp,
    DivNoNanOp,
    MulNoNanOp,
    XlogyOp,
    Xlog1pyOp,
    XdivyOp,
    Atan2Op,
    TruncateDivOp,
    TruncateModOp,
    ModOp,
    BitwiseAndOp,
    BitwiseOrOp,
    BitwiseXorOp,
    LeftShiftOp,
    RightShiftOp,
    AddNOp,
    LogicalAndOp,
    LogicalOrOp,
    EqualOp,
    NotEqualOp,
    LessOp,
    LessEqualOp,
    GreaterOp,
    GreaterEqualOp,
    SelectOp,
    SelectV2Op,
    ClipByValueOp,
    BucketizeOp,
    HistogramFixedWidthOp,
    UnravelIndexOp,
]
