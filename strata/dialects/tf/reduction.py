"""The reduction family of `tf` ops: Sum, Prod, Mean, Max, Min, All, Any over constant axes
(`reduction_indices`, negative axes allowed, `keep_dims`), and ArgMax/ArgMin."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    BoolAttr,
    IntegerType,
    TensorType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import irdl_op_definition, operand_def, prop_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from strata.dialects.element_kinds import is_bool, is_float
from strata.dialects.tf.core import TfOp, constant_value
from strata.dialects.verify_helpers import expect_tensor


def _check_axes_type(t: TensorType, what: str) -> None:
    if (
        t.get_num_dims() > 1
        or not isinstance(t.element_type, IntegerType)
        or is_bool(t.element_type)
    ):
        raise VerifyException(f"{what} must be a rank-0 or 1-D integer tensor, found {t}")


def _check_numeric(t: TensorType, what: str) -> None:
    if not is_float(t.element_type) and not (
        isinstance(t.element_type, IntegerType) and not is_bool(t.element_type)
    ):
        raise VerifyException(f"{what} must be an integer or float tensor, found {t}")


def normalize_axes(axes: Sequence[int], rank: int, what: str) -> list[int]:
    """Axes in [-rank, rank) made non-negative, sorted, each once."""
    out: set[int] = set()
    for a in axes:
        if not -rank <= a < rank:
            raise VerifyException(f"{what} {a} is out of range for rank {rank}")
        out.add(a + rank if a < 0 else a)
    return sorted(out)


class ReductionOp(TfOp):
    """Shared structure of Sum, Prod, Mean, Max, Min, EuclideanNorm, All, Any."""

    input = operand_def(TensorType)
    reduction_indices = operand_def(TensorType)
    output = result_def(TensorType)
    keep_dims = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    BOOL_ONLY: ClassVar[bool] = False

    def __init__(self, input: SSAValue, reduction_indices: SSAValue, keep_dims: bool = False):
        props = {"keep_dims": BoolAttr.from_bool(keep_dims)}
        result = self._infer(input, reduction_indices, keep_dims)
        super().__init__(
            operands=[input, reduction_indices], properties=props, result_types=[result]
        )

    def keeps_dims(self) -> bool:
        return self.keep_dims.value.data != 0

    def axes(self) -> list[int]:
        """The reduced dims, non-negative and sorted (the verifier checks they are constant)."""
        t = expect_tensor(self.input, "input")
        values = constant_value(self.reduction_indices)
        if values is None:
            raise VerifyException("reduction_indices must be a constant (tf.Const)")
        return normalize_axes(values.reshape(-1).tolist(), t.get_num_dims(), "reduction index")

    @classmethod
    def _infer(cls, input: SSAValue, indices: SSAValue, keep_dims: bool) -> TensorType:
        t = expect_tensor(input, "input")
        _check_axes_type(expect_tensor(indices, "reduction_indices"), "reduction_indices")
        if cls.BOOL_ONLY and not is_bool(t.element_type):
            raise VerifyException(f"input must be a bool (i1) tensor, found {t}")
        if not cls.BOOL_ONLY and not (
            is_float(t.element_type)
            or (isinstance(t.element_type, IntegerType) and not is_bool(t.element_type))
        ):
            raise VerifyException(f"input must be an integer or float tensor, found {t}")
        values = constant_value(indices)
        if values is None:
            raise VerifyException("reduction_indices must be a constant (tf.Const)")
        axes = normalize_axes(values.reshape(-1).tolist(), t.get_num_dims(), "reduction index")
        shape = t.get_shape()
        if keep_dims:
            return TensorType(t.element_type, [1 if d in axes else s for d, s in enumerate(shape)])
        return TensorType(t.element_type, [s for d, s in enumerate(shape) if d not in axes])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.input, self.reduction_indices, self.keeps_dims())]


def _reduction(op_name: str, doc: str, bool_only: bool = False) -> type[ReductionOp]:
    body: dict[str, object] = {"name": op_name, "__doc__": doc, "BOOL_ONLY": bool_only}
    body["__annotations__"] = {"BOOL_ONLY": ClassVar[bool]}
    cls = type(op_name.removeprefix("tf.") + "Op", (ReductionOp,), body)
    return irdl_op_definition(cls)


SumOp = _reduction(
    "tf.Sum",
    'Sum over the constant axes. `%s = "tf.Sum"(%x, %axes) <{keep_dims = false}>`',
)
ProdOp = _reduction("tf.Prod", "Product over the constant axes.")
MeanOp = _reduction("tf.Mean", "Mean over the constant axes (integers: truncating division).")
MaxOp = _reduction("tf.Max", "Maximum over the constant axes.")
MinOp = _reduction("tf.Min", "Minimum over the constant axes.")
EuclideanNormOp = _reduction(
    "tf.EuclideanNorm",
    "Square root of the sum of squares over the constant axes (integers: the root truncated).",
)
AllOp = _reduction("tf.All", "Logical and of bools over the constant axes.", bool_only=True)
AnyOp = _reduction("tf.Any", "Logical or of bools over the constant axes.", bool_only=True)


class ArgReductionOp(TfOp):
    """Shared structure of ArgMax and ArgMin: the index (first on ties) along `dimension`;
    the result's element type is `output_type` (i32 or i64)."""

    input = operand_def(TensorType)
    dimension = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, dimension: SSAValue, output_type: Attribute):
        t = expect_tensor(input, "input")
        axis = self._axis(t, dimension)
        shape = [s for d, s in enumerate(t.get_shape()) if d != axis]
        super().__init__(operands=[input, dimension], result_types=[TensorType(output_type, shape)])

    @staticmethod
    def _axis(t: TensorType, dimension: SSAValue) -> int:
        d = expect_tensor(dimension, "dimension")
        if d.get_num_dims() != 0 or not isinstance(d.element_type, IntegerType):
            if not (d.get_num_dims() == 1 and d.get_shape()[0] == 1):
                raise VerifyException(f"dimension must be a rank-0 integer tensor, found {d}")
        value = constant_value(dimension)
        if value is None:
            raise VerifyException("dimension must be a constant (tf.Const)")
        if t.get_num_dims() == 0:
            raise VerifyException("input must have rank >= 1")
        (axis,) = normalize_axes(value.reshape(-1).tolist(), t.get_num_dims(), "dimension")
        return axis

    def axis(self) -> int:
        return self._axis(expect_tensor(self.input, "input"), self.dimension)

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.input, "input")
        _check_numeric(t, "input")
        out = expect_tensor(self.output, "result").element_type
        if not isinstance(out, IntegerType) or out.width.data not in (32, 64):
            raise VerifyException(f"output_type must be int32 or int64, found {out}")
        axis = self.axis()
        return [TensorType(out, [s for d, s in enumerate(t.get_shape()) if d != axis])]


@irdl_op_definition
class ArgMaxOp(ArgReductionOp):
    """Index of the largest value along `dimension`: the first on ties, never a NaN (all-NaN: 0).
    `%i = "tf.ArgMax"(%x, %dim) : (tensor<4x5xf32>, tensor<i32>) -> tensor<4xi64>`"""

    name = "tf.ArgMax"


@irdl_op_definition
class ArgMinOp(ArgReductionOp):
    """Index of the smallest value along `dimension`: the first on ties, never a NaN (all-NaN: 0).
    `%i = "tf.ArgMin"(%x, %dim) : (tensor<4x5xf32>, tensor<i32>) -> tensor<4xi64>`"""

    name = "tf.ArgMin"


class CumulativeOp(TfOp):
    """Shared structure of Cumsum and Cumprod: a running sum (product) along the constant `axis`
    (`exclusive`: each element left out of its own; `reverse`: from the end)."""

    x = operand_def(TensorType)
    axis = operand_def(TensorType)
    out = result_def(TensorType)
    exclusive = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    reverse = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    def __init__(self, x: SSAValue, axis: SSAValue, exclusive: bool, reverse: bool):
        super().__init__(
            operands=[x, axis],
            properties={
                "exclusive": BoolAttr.from_bool(exclusive),
                "reverse": BoolAttr.from_bool(reverse),
            },
            result_types=[expect_tensor(x, "x")],
        )

    def dim(self) -> int:
        """The summed dim, non-negative."""
        t = expect_tensor(self.x, "x")
        a = expect_tensor(self.axis, "axis")
        if a.get_num_dims() != 0 or not isinstance(a.element_type, IntegerType):
            raise VerifyException(f"axis must be a rank-0 integer tensor, found {a}")
        value = constant_value(self.axis)
        if value is None:
            raise VerifyException("axis must be a constant (tf.Const)")
        if t.get_num_dims() == 0:
            raise VerifyException("x must have rank >= 1")
        (dim,) = normalize_axes([int(value)], t.get_num_dims(), "axis")
        return dim

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.x, "x")
        _check_numeric(t, "x")
        self.dim()
        return [t]


@irdl_op_definition
class CumsumOp(CumulativeOp):
    """Running sum along the constant `axis` (options `exclusive` and `reverse`).
    `%y = "tf.Cumsum"(%x, %axis) <{exclusive = false, reverse = false}> : (tensor<2x4xf32>,
    tensor<i32>) -> tensor<2x4xf32>`"""

    name = "tf.Cumsum"


@irdl_op_definition
class CumprodOp(CumulativeOp):
    """Running product along the constant `axis` (options `exclusive` and `reverse`)."""

    name = "tf.Cumprod"


@irdl_op_definition
class CumulativeLogsumexpOp(CumulativeOp):
    """Running log(sum(exp)) along the constant `axis` (options `exclusive`, whose first element
    is -inf, and `reverse`); float tensors only."""

    name = "tf.CumulativeLogsumexp"

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.x, "x")
        if not is_float(t.element_type):
            raise VerifyException(f"x must be a float tensor, found {t}")
        self.dim()
        return [t]


@irdl_op_definition
class TopKV2Op(TfOp):
    """The `k` largest values along the last dim, in descending order, and their indices (the
    lower index first on ties). `k` is a constant.
    `%v, %i = "tf.TopKV2"(%x, %k) <{sorted = true}> : (tensor<4x7xf32>, tensor<i32>)
    -> (tensor<4x3xf32>, tensor<4x3xi32>)`"""

    name = "tf.TopKV2"
    input = operand_def(TensorType)
    k = operand_def(TensorType)
    values = result_def(TensorType)
    indices = result_def(TensorType)
    sorted = prop_def(BoolAttr, default_value=BoolAttr.from_bool(True))
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, k: SSAValue, sorted: bool, index_type: Attribute):
        super().__init__(
            operands=[input, k],
            properties={"sorted": BoolAttr.from_bool(sorted)},
            result_types=self._infer(input, k, index_type),
        )

    def count(self) -> int:
        """k's value."""
        return self.k_value_of(self.k)

    @classmethod
    def _infer(cls, input: SSAValue, k: SSAValue, index_type: Attribute) -> list[Attribute]:
        t = expect_tensor(input, "input")
        _check_numeric(t, "input")
        if not isinstance(index_type, IntegerType) or index_type.width.data not in (32, 64):
            raise VerifyException(f"index_type must be int32 or int64, found {index_type}")
        shape = list(t.get_shape())
        if not shape:
            raise VerifyException("input must have rank >= 1")
        kt = expect_tensor(k, "k")
        if kt.get_num_dims() != 0 or not isinstance(kt.element_type, IntegerType):
            raise VerifyException(f"k must be a rank-0 integer tensor, found {kt}")
        if constant_value(k) is None:  # not folded yet (tf.sort's k is the dim's size)
            shape[-1] = DYNAMIC_INDEX
            return [TensorType(t.element_type, shape), TensorType(index_type, shape)]
        count = cls.k_value_of(k)
        if count < 0 or (shape[-1] >= 0 and count > shape[-1]):
            raise VerifyException(
                f"k must be in [0, {shape[-1]}] (the last dim of {t}), found {count}"
            )
        shape[-1] = count
        return [TensorType(t.element_type, shape), TensorType(index_type, shape)]

    @staticmethod
    def k_value_of(k: SSAValue) -> int:
        value = constant_value(k)
        kt = expect_tensor(k, "k")
        if kt.get_num_dims() != 0 or not isinstance(kt.element_type, IntegerType):
            raise VerifyException(f"k must be a rank-0 integer tensor, found {kt}")
        if value is None:
            raise VerifyException("k must be a constant (tf.Const)")
        return int(value)

    def infer_result_types(self) -> Sequence[Attribute]:
        index_type = expect_tensor(self.indices, "indices").element_type
        return self._infer(self.input, self.k, index_type)


@irdl_op_definition
class InTopKV2Op(TfOp):
    """Whether each row's target class is among its `k` largest predictions: true where
    predictions[b, targets[b]] is finite and fewer than k predictions of the row are greater
    (ties count in; a target outside [0, classes) or a non-finite prediction: false).
    `%y = "tf.InTopKV2"(%p, %t, %k) : (tensor<4x10xf32>, tensor<4xi32>, tensor<i32>) ->
    tensor<4xi1>` (tf.math.in_top_k)."""

    name = "tf.InTopKV2"
    predictions = operand_def(TensorType)
    targets = operand_def(TensorType)
    k = operand_def(TensorType)
    precision = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, predictions: SSAValue, targets: SSAValue, k: SSAValue):
        super().__init__(operands=[predictions, targets, k], result_types=[targets.type])
        self.results[0]._type = self.infer_result_types()[0]  # pyright: ignore

    def infer_result_types(self) -> Sequence[Attribute]:
        p = expect_tensor(self.predictions, "predictions")
        t = expect_tensor(self.targets, "targets")
        k = expect_tensor(self.k, "k")
        if p.get_num_dims() != 2 or not is_float(p.element_type):
            raise VerifyException(f"predictions must be a 2-D float tensor, found {p}")
        if t.get_num_dims() != 1 or not isinstance(t.element_type, IntegerType):
            raise VerifyException(f"targets must be a 1-D integer tensor, found {t}")
        if k.get_num_dims() != 0 or not isinstance(k.element_type, IntegerType):
            raise VerifyException(f"k must be an integer scalar, found {k}")
        rows, targets = p.get_shape()[0], t.get_shape()[0]
        if DYNAMIC_INDEX not in (rows, targets) and rows != targets:
            raise VerifyException(f"predictions have {rows} rows, but targets {targets}")
        return [TensorType(IntegerType(1), [targets])]


OPS: list[type[Operation]] = [
    InTopKV2Op,
    SumOp,
    ProdOp,
    MeanOp,
    MaxOp,
    MinOp,
    EuclideanNormOp,
    AllOp,
    AnyOp,
    ArgMaxOp,
    ArgMinOp,
    CumsumOp,
    CumprodOp,
    CumulativeLogsumexpOp,
    TopKV2Op,
]
