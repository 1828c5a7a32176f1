"""Core ops of the `tf` dialect: constants, plumbing, elementwise math, MatMul, Reshape, Cast.

Op names are GraphDef op types with a `tf.` prefix; attributes keep TensorFlow's names. Dtype
attributes such as `T` are not stored: they are the operand types. Every op infers its result
types from its operands and attributes (`infer_result_types`), and its verifier checks the
declared types against that inference, so the importer never computes a shape by hand.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    BoolAttr,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    TensorType,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.traits import ConstantLike, HasCanonicalizationPatternsTrait, Pure
from xdsl.utils.exceptions import VerifyException

from strata.dialects.element_kinds import bit_width, element_info
from strata.dialects.tensor_types import (
    broadcast_shapes,
    format_shape,
    is_float,
    numpy_from_dense,
    tensor_type,
)
from strata.dialects.verify_helpers import dims_compatible, expect_tensor


class TfOp(IRDLOperation):
    """Base of every tf op: the verifier checks result types against `infer_result_types`."""

    def infer_result_types(self) -> Sequence[Attribute] | None:
        """Result types implied by operands and attributes; None when they cannot be known."""
        return None

    def verify_(self) -> None:
        inferred = self.infer_result_types()
        if inferred is None:
            return
        for index, (res, want) in enumerate(zip(self.results, inferred, strict=True)):
            have = res.type
            if not isinstance(have, TensorType) or not isinstance(want, TensorType):
                continue
            if have.element_type != want.element_type or not dims_compatible(
                have.get_shape(), want.get_shape()
            ):
                raise VerifyException(
                    f"result {index} has type {have}, but operands and attributes imply {want}"
                )


class ForwardsOperandsCanonicalization(HasCanonicalizationPatternsTrait):
    """Identity-like ops fold away: their results are their operands."""

    @classmethod
    def get_canonicalization_patterns(cls) -> tuple[RewritePattern, ...]:
        return (ForwardOperands(),)


class EraseNoOpCanonicalization(HasCanonicalizationPatternsTrait):
    """tf.NoOp only carried control edges, which the tf dialect does not keep."""

    @classmethod
    def get_canonicalization_patterns(cls) -> tuple[RewritePattern, ...]:
        return (EraseNoOp(),)


# ---------------------------------------------------------------------------------------------
# Constants and plumbing


@irdl_op_definition
class ConstOp(TfOp):
    """A constant tensor.
    `%w = "tf.Const"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<2xf32>`"""

    name = "tf.Const"
    value = prop_def(DenseIntOrFPElementsAttr)
    output = result_def(TensorType)
    traits = traits_def(ConstantLike(), Pure())

    def __init__(self, value: DenseIntOrFPElementsAttr):
        super().__init__(properties={"value": value}, result_types=[value.type])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self.value.type]

    def as_numpy(self) -> np.ndarray:
        return numpy_from_dense(self.value)


@irdl_op_definition
class NoOpOp(TfOp):
    """Does nothing; only control edges point at it. `"tf.NoOp"() : () -> ()`"""

    name = "tf.NoOp"
    traits = traits_def(EraseNoOpCanonicalization())

    def __init__(self) -> None:
        super().__init__()


@irdl_op_definition
class IdentityNOp(TfOp):
    """Forwards each operand to the result of the same index. `%a, %b = "tf.IdentityN"(%x, %y)`"""

    name = "tf.IdentityN"
    input = var_operand_def(TensorType)
    output = var_result_def(TensorType)
    traits = traits_def(Pure(), ForwardsOperandsCanonicalization())

    def __init__(self, inputs: Sequence[SSAValue]):
        super().__init__(operands=[inputs], result_types=[[v.type for v in inputs]])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [v.type for v in self.input]


# ---------------------------------------------------------------------------------------------
# Elementwise


class UnaryOp(TfOp):
    """Shared structure of the unary ops: one tensor in, one of the same type out."""

    x = operand_def(TensorType)
    y = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, x: SSAValue, result_type: Attribute | None = None):
        super().__init__(operands=[x], result_types=[result_type or x.type])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [expect_tensor(self.x, "operand")]


class FloatUnaryOp(UnaryOp):
    """A unary op defined on floats only (exp, log, tanh, ...)."""

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.x, "operand")
        if not is_float(t.element_type):
            raise VerifyException(f"operand must be a float tensor, found {t}")
        return [t]


def _unary(
    op_name: str, doc: str, float_only: bool = False, forwards: bool = False
) -> type[UnaryOp]:
    base = FloatUnaryOp if float_only else UnaryOp
    body: dict[str, object] = {"name": op_name, "__doc__": doc}
    if forwards:
        body["traits"] = traits_def(Pure(), ForwardsOperandsCanonicalization())
    cls = type(op_name.removeprefix("tf.") + "Op", (base,), body)
    return irdl_op_definition(cls)


IdentityOp = _unary("tf.Identity", 'Returns its operand. `%y = "tf.Identity"(%x)`', forwards=True)
StopGradientOp = _unary(
    "tf.StopGradient", "Returns its operand (gradients stop here).", forwards=True
)
PreventGradientOp = _unary(
    "tf.PreventGradient", "Returns its operand (taking its gradient is an error).", forwards=True
)


@irdl_op_definition
class EnsureShapeOp(UnaryOp):
    """Returns its operand, whose shape must agree with `shape` (-1: any size; no `shape`: any
    rank). A known shape that disagrees is a diagnostic here, where TensorFlow raises when run.
    `%y = "tf.EnsureShape"(%x) <{shape = array<i64: -1, 3>}>
    : (tensor<2x3xf32>) -> tensor<2x3xf32>`"""

    name = "tf.EnsureShape"
    shape = opt_prop_def(DenseArrayBase.constr(i64))
    traits = traits_def(Pure(), ForwardsOperandsCanonicalization())

    def __init__(self, x: SSAValue, shape: Sequence[int] | None = None):
        props = {} if shape is None else {"shape": DenseArrayBase.from_list(i64, list(shape))}
        super().__init__(x)
        self.properties.update(props)
        self.results[0]._type = self.infer_result_types()[0]  # pyright: ignore

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.x, "operand")
        if self.shape is None:
            return [t]
        want = [int(v) if v >= 0 else DYNAMIC_INDEX for v in self.shape.get_values()]
        have = list(t.get_shape())
        if not dims_compatible(have, want):
            raise VerifyException(
                f"input shape {format_shape(have)} does not match the expected shape "
                f"{format_shape(want)}"
            )
        merged = [b if a == DYNAMIC_INDEX else a for a, b in zip(have, want, strict=True)]
        return [TensorType(t.element_type, merged)]


FORWARDING: tuple[type[Operation], ...] = (
    IdentityOp,
    StopGradientOp,
    PreventGradientOp,
    EnsureShapeOp,
)
"""The unary ops that return their operand (with tf.IdentityN, their many-operand form)."""

NegOp = _unary("tf.Neg", "Elementwise -x.")
AbsOp = _unary("tf.Abs", "Elementwise |x|.")
SquareOp = _unary("tf.Square", "Elementwise x*x.")
ExpOp = _unary("tf.Exp", "Elementwise e^x.", float_only=True)
LogOp = _unary("tf.Log", "Elementwise natural logarithm.", float_only=True)
SqrtOp = _unary("tf.Sqrt", "Elementwise square root.", float_only=True)
RsqrtOp = _unary("tf.Rsqrt", "Elementwise 1/sqrt(x).", float_only=True)
TanhOp = _unary("tf.Tanh", "Elementwise hyperbolic tangent.", float_only=True)
SigmoidOp = _unary("tf.Sigmoid", "Elementwise 1/(1+e^-x).", float_only=True)
ReluOp = _unary("tf.Relu", "Elementwise max(x, 0).")
Relu6Op = _unary("tf.Relu6", "Elementwise min(max(x, 0), 6).")
SoftmaxOp = _unary("tf.Softmax", "softmax over the last axis.", float_only=True)
LogSoftmaxOp = _unary("tf.LogSoftmax", "log(softmax(x)) over the last axis.", float_only=True)


class BinaryOp(TfOp):
    """Shared structure of the broadcasting binary ops (numpy broadcasting, equal dtypes)."""

    x = operand_def(TensorType)
    y = operand_def(TensorType)
    z = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, x: SSAValue, y: SSAValue, result_type: Attribute | None = None):
        super().__init__(operands=[x, y], result_types=[result_type or self._infer(x.type, y.type)])

    @staticmethod
    def _infer(xt: Attribute, yt: Attribute) -> TensorType:
        a, b = expect_tensor(xt, "lhs"), expect_tensor(yt, "rhs")
        if a.element_type != b.element_type:
            raise VerifyException(
                f"operands have different element types: {a.element_type} and {b.element_type}"
            )
        shape = broadcast_shapes(a.get_shape(), b.get_shape())
        if shape is None:
            raise VerifyException(
                f"shapes {format_shape(a.get_shape())} and {format_shape(b.get_shape())} "
                "do not broadcast"
            )
        return TensorType(a.element_type, shape)

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.x.type, self.y.type)]


def _binary(op_name: str, doc: str) -> type[BinaryOp]:
    cls = type(op_name.removeprefix("tf.") + "Op", (BinaryOp,), {"name": op_name, "__doc__": doc})
    return irdl_op_definition(cls)


AddV2Op = _binary("tf.AddV2", "Elementwise x + y with broadcasting.")
AddOp = _binary("tf.Add", "Elementwise x + y with broadcasting.")
SubOp = _binary("tf.Sub", "Elementwise x - y with broadcasting.")
MulOp = _binary("tf.Mul", "Elementwise x * y with broadcasting.")
RealDivOp = _binary("tf.RealDiv", "Elementwise x / y with broadcasting.")
MaximumOp = _binary("tf.Maximum", "Elementwise max(x, y) with broadcasting.")
MinimumOp = _binary("tf.Minimum", "Elementwise min(x, y) with broadcasting.")


@irdl_op_definition
class BiasAddOp(TfOp):
    """Adds a 1-D bias along the channel dim.
    `%y = "tf.BiasAdd"(%x, %b) <{data_format = "NHWC"}>`"""

    name = "tf.BiasAdd"
    value = operand_def(TensorType)
    bias = operand_def(TensorType)
    output = result_def(TensorType)
    data_format = prop_def(StringAttr, default_value=StringAttr("NHWC"))
    traits = traits_def(Pure())

    def __init__(self, value: SSAValue, bias: SSAValue, data_format: str = "NHWC"):
        super().__init__(
            operands=[value, bias],
            properties={"data_format": StringAttr(data_format)},
            result_types=[value.type],
        )

    def channel_dim(self) -> int:
        rank = expect_tensor(self.value, "value").get_num_dims()
        return 1 if self.data_format.data == "NCHW" and rank >= 3 else rank - 1

    def infer_result_types(self) -> Sequence[Attribute]:
        v, b = expect_tensor(self.value, "value"), expect_tensor(self.bias, "bias")
        if self.data_format.data not in ("NHWC", "NCHW"):
            raise VerifyException(
                f"data_format must be NHWC or NCHW, found '{self.data_format.data}'"
            )
        if v.get_num_dims() < 2 or b.get_num_dims() != 1:
            raise VerifyException(f"expected value of rank >= 2 and a 1-D bias, found {v} and {b}")
        if v.element_type != b.element_type:
            raise VerifyException(f"value and bias element types differ: {v} and {b}")
        channels = v.get_shape()[self.channel_dim()]
        if DYNAMIC_INDEX not in (channels, b.get_shape()[0]) and channels != b.get_shape()[0]:
            raise VerifyException(
                f"bias has {b.get_shape()[0]} elements but the channel dim has {channels}"
            )
        return [v]


# ---------------------------------------------------------------------------------------------
# Contractions and shapes


@irdl_op_definition
class MatMulOp(TfOp):
    """2-D matrix product, optionally transposing either side.
    `%c = "tf.MatMul"(%a, %b) <{transpose_a = false, transpose_b = false}>`"""

    name = "tf.MatMul"
    a = operand_def(TensorType)
    b = operand_def(TensorType)
    product = result_def(TensorType)
    transpose_a = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    transpose_b = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    def __init__(
        self, a: SSAValue, b: SSAValue, transpose_a: bool = False, transpose_b: bool = False
    ):
        props = {
            "transpose_a": BoolAttr.from_bool(transpose_a),
            "transpose_b": BoolAttr.from_bool(transpose_b),
        }
        result = self._infer(a.type, b.type, transpose_a, transpose_b)
        super().__init__(operands=[a, b], properties=props, result_types=[result])

    @staticmethod
    def _infer(at: Attribute, bt: Attribute, ta: bool, tb: bool) -> TensorType:
        a, b = expect_tensor(at, "a"), expect_tensor(bt, "b")
        if a.get_num_dims() != 2 or b.get_num_dims() != 2:
            raise VerifyException(f"operands must be 2-D, found {a} and {b}")
        if a.element_type != b.element_type:
            raise VerifyException(f"operand element types differ: {a} and {b}")
        m, k = reversed(a.get_shape()) if ta else a.get_shape()
        k2, n = reversed(b.get_shape()) if tb else b.get_shape()
        if DYNAMIC_INDEX not in (k, k2) and k != k2:
            raise VerifyException(f"contracting dims differ: a has {k}, b has {k2}")
        return TensorType(a.element_type, [m, n])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [
            self._infer(
                self.a.type,
                self.b.type,
                self.transpose_a.value.data != 0,
                self.transpose_b.value.data != 0,
            )
        ]


def reshape_target(input_shape: Sequence[int], requested: Sequence[int]) -> tuple[int, ...]:
    """Resolve a Reshape `shape` operand (at most one -1) against the input's element count."""
    requested = [int(d) for d in requested]
    if sum(1 for d in requested if d == -1) > 1:
        raise VerifyException(f"shape {list(requested)} has more than one -1")
    if any(d < -1 for d in requested):
        raise VerifyException(f"shape {list(requested)} has a negative size")
    if DYNAMIC_INDEX in input_shape:
        return tuple(DYNAMIC_INDEX if d == -1 else d for d in requested)
    total = int(np.prod(input_shape, dtype=np.int64))
    known = int(np.prod([d for d in requested if d != -1], dtype=np.int64))
    if -1 in requested:
        if known == 0 or total % known != 0:
            raise VerifyException(f"cannot reshape {total} elements into {list(requested)}")
        return tuple(total // known if d == -1 else d for d in requested)
    if known != total:
        raise VerifyException(
            f"cannot reshape {format_shape(input_shape)} ({total} elements) into "
            f"{list(requested)} ({known} elements)"
        )
    return tuple(requested)


def constant_value(value: SSAValue) -> np.ndarray | None:
    """The value of a constant operand: a tf.Const, or (mid-lowering) the hlo.constant or other
    ConstantLike op with a dense `value` that replaced it."""
    owner = value.owner
    if isinstance(owner, ConstOp):
        return owner.as_numpy()
    if not isinstance(owner, Operation) or not owner.has_trait(ConstantLike):
        return None
    dense = owner.properties.get("value")
    if not isinstance(dense, DenseIntOrFPElementsAttr):
        return None
    return numpy_from_dense(dense)


@irdl_op_definition
class ReshapeOp(TfOp):
    """Reshapes to the 1-D int `shape` operand (one -1 allowed). `%y = "tf.Reshape"(%x, %s)`"""

    name = "tf.Reshape"
    tensor = operand_def(TensorType)
    shape = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, tensor: SSAValue, shape: SSAValue, result_type: Attribute | None = None):
        if result_type is None:
            result_type = self._infer(tensor, shape)
        super().__init__(operands=[tensor, shape], result_types=[result_type])

    @staticmethod
    def _infer(tensor: SSAValue, shape: SSAValue) -> TensorType:
        t, s = expect_tensor(tensor, "tensor"), expect_tensor(shape, "shape")
        if s.get_num_dims() != 1 or not isinstance(s.element_type, IntegerType):
            raise VerifyException(f"shape must be a 1-D integer tensor, found {s}")
        requested = constant_value(shape)
        if requested is None:
            rank = s.get_shape()[0]
            if rank == DYNAMIC_INDEX:
                raise VerifyException("shape operand has unknown length")
            return tensor_type(t.element_type, [-1] * rank)
        return TensorType(t.element_type, reshape_target(t.get_shape(), requested.tolist()))

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.tensor, self.shape)]


@irdl_op_definition
class CastOp(TfOp):
    """Converts element type (float<->int truncates toward zero).
    `%y = "tf.Cast"(%x) : (tensor<2xi32>) -> tensor<2xf32>`"""

    name = "tf.Cast"
    x = operand_def(TensorType)
    y = result_def(TensorType)
    Truncate = opt_prop_def(BoolAttr)
    traits = traits_def(Pure())

    def __init__(self, x: SSAValue, element_type: Attribute, truncate: bool = False):
        t = expect_tensor(x, "operand")
        props: dict[str, Attribute] = {}
        if truncate:
            props["Truncate"] = BoolAttr.from_bool(True)
        super().__init__(
            operands=[x],
            properties=props,
            result_types=[TensorType(element_type, t.get_shape())],
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        # The destination element type is the result's own: Cast stores no DstT.
        y = expect_tensor(self.y, "result")
        return [TensorType(y.element_type, expect_tensor(self.x, "operand").get_shape())]

    def verify_(self) -> None:
        x, y = expect_tensor(self.x, "operand"), expect_tensor(self.y, "result")
        if not dims_compatible(x.get_shape(), y.get_shape()):
            raise VerifyException(f"operand {x} and result {y} have different shapes")


def int_attr(value: int) -> IntegerAttr:
    return IntegerAttr(value, 64)


# ---------------------------------------------------------------------------------------------
# Canonicalization patterns


class ForwardOperands(RewritePattern):
    """`%y = tf.Identity(%x)` -> `%x` (also the rest of FORWARDING, tf.IdentityN); types must
    match."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, (*FORWARDING, IdentityNOp)):
            return
        if any(x.type != y.type for x, y in zip(op.operands, op.results, strict=True)):
            return
        rewriter.replace(op, [], list(op.operands))


class EraseNoOp(RewritePattern):
    """`tf.NoOp()` -> (nothing)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if isinstance(op, NoOpOp):
            rewriter.erase(op)


@irdl_op_definition
class BitcastOp(TfOp):
    """The operand's bits read as another element type (tf.bitcast): one to one at the same
    width; to a narrower type each element becomes a new last dim of wide / narrow elements,
    lowest bits first (little-endian, as TensorFlow on x86 and AArch64); to a wider type the
    last dim, which must be wide / narrow, is joined. The destination type is the result's.
    `%y = "tf.Bitcast"(%x) : (tensor<3xf32>) -> tensor<3x4xui8>`"""

    name = "tf.Bitcast"
    input = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, element_type: Attribute):
        t = expect_tensor(input, "input")
        super().__init__(
            operands=[input],
            result_types=[self._infer(t, element_type)],
        )

    @staticmethod
    def _infer(t: TensorType, element: Attribute) -> TensorType:
        for what, e in (("input", t.element_type), ("type", element)):
            if element_info(e) is None or e == IntegerType(1):
                raise VerifyException(f"{what} must be a numeric element type, found {e}")
        have, want = bit_width(t.element_type), bit_width(element)
        shape = list(t.get_shape())
        if have == want:
            return TensorType(element, shape)
        if have > want:
            return TensorType(element, [*shape, have // want])
        if not shape or shape[-1] not in (want // have, DYNAMIC_INDEX):
            raise VerifyException(
                f"a bitcast from {have}-bit to {want}-bit elements needs a last dim of "
                f"{want // have}, found {t}"
            )
        return TensorType(element, shape[:-1])

    def infer_result_types(self) -> Sequence[Attribute]:
        out = expect_tensor(self.output, "result")
        return [self._infer(expect_tensor(self.input, "input"), out.element_type)]


OPS: list[type[Operation]] = [
    BitcastOp,
    ConstOp,
    NoOpOp,
    IdentityNOp,
    IdentityOp,
    StopGradientOp,
    PreventGradientOp,
    EnsureShapeOp,
    NegOp,
    AbsOp,
    SquareOp,
    ExpOp,
    LogOp,
    SqrtOp,
    RsqrtOp,
    TanhOp,
    SigmoidOp,
    ReluOp,
    Relu6Op,
    SoftmaxOp,
    LogSoftmaxOp,
    AddV2Op,
    AddOp,
    SubOp,
    MulOp,
    RealDivOp,
    MaximumOp,
    MinimumOp,
    BiasAddOp,
    MatMulOp,
    ReshapeOp,
    CastOp,
]
