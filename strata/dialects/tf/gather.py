"""The gather family of `tf` ops: GatherV2 (and the Gather / ResourceGather forms frozen graphs
leave), GatherNd, UnsortedSegmentSum, and the scatters ScatterNd, TensorScatterUpdate,
TensorScatterAdd, TensorScatterSub, TensorScatterMax and TensorScatterMin; Where (the
coordinates of the true elements, padded to a static bound).

Axis and `num_segments` operands are read off their tf.Const producers; when they are not
constant the result shape cannot be known and the op does not verify.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import DYNAMIC_INDEX, BoolAttr, IntegerAttr, IntegerType, TensorType
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

from strata.dialects.tensor_types import format_shape, is_float
from strata.dialects.tf.core import TfOp, constant_value, int_attr
from strata.dialects.verify_helpers import dims_compatible, expect_tensor


def _index_tensor(value: SSAValue, what: str) -> TensorType:
    t = expect_tensor(value, what)
    element = t.element_type
    if not isinstance(element, IntegerType) or element.width.data not in (32, 64):
        raise VerifyException(f"{what} must have int32 or int64 elements, found {t}")
    return t


def _constant_scalar(value: SSAValue, what: str) -> int:
    """The value of a rank-0 (or one-element) integer tf.Const operand."""
    t = expect_tensor(value, what)
    if not isinstance(t.element_type, IntegerType):
        raise VerifyException(f"{what} must be an integer scalar, found {t}")
    array = constant_value(value)
    if array is None:
        raise VerifyException(f"{what} must be a constant (a tf.Const), found a computed value")
    if array.size != 1 or array.ndim > 1:
        raise VerifyException(f"{what} must be a scalar, found shape {format_shape(array.shape)}")
    return int(array.reshape(()))


def normalized_gather_dims(
    params: Sequence[int], indices: Sequence[int], axis: int, batch_dims: int
) -> tuple[int, int]:
    """TensorFlow's checks of GatherV2's axis and batch_dims; returns them made non-negative."""
    p_rank, i_rank = len(params), len(indices)
    if p_rank < 1:
        raise VerifyException("params must be at least 1-D, found a scalar")
    if not -i_rank <= batch_dims <= i_rank:
        raise VerifyException(
            f"batch_dims must be in the range [{-i_rank}, {i_rank}], found {batch_dims}"
        )
    if batch_dims < 0:
        batch_dims += i_rank
    if not -p_rank <= axis < p_rank:
        raise VerifyException(f"axis must be in the range [{-p_rank}, {p_rank}), found {axis}")
    if axis < 0:
        axis += p_rank
    if batch_dims > 0 and batch_dims >= p_rank:
        raise VerifyException(
            f"batch_dims ({batch_dims}) must be less than the rank of params ({p_rank})"
        )
    if axis < batch_dims:
        raise VerifyException(f"batch_dims ({batch_dims}) must be at most axis ({axis})")
    for d in range(batch_dims):
        p, i = params[d], indices[d]
        if DYNAMIC_INDEX not in (p, i) and p != i:
            raise VerifyException(
                f"params dim {d} (size {p}) must equal indices dim {d} (size {i}) "
                f"below batch_dims {batch_dims}"
            )
    return axis, batch_dims


def gather_result_type(
    params_type: Attribute, indices_type: Attribute, axis: int, batch_dims: int
) -> TensorType:
    params = expect_tensor(params_type, "params")
    indices = expect_tensor(indices_type, "indices")
    p, i = list(params.get_shape()), list(indices.get_shape())
    axis, batch_dims = normalized_gather_dims(p, i, axis, batch_dims)
    return TensorType(params.element_type, p[:axis] + i[batch_dims:] + p[axis + 1 :])


class GatherBase(TfOp):
    """What GatherV2, Gather and ResourceGather share: the axis and batch_dims they gather on."""

    def gather_axis(self) -> int:
        """The axis gathered along, non-negative."""
        raise NotImplementedError

    def params_value(self) -> SSAValue:
        raise NotImplementedError

    def indices_value(self) -> SSAValue:
        raise NotImplementedError

    def batch_dims_value(self) -> int:
        return 0

    def infer_result_types(self) -> Sequence[Attribute]:
        _index_tensor(self.indices_value(), "indices")
        return [
            gather_result_type(
                self.params_value().type,
                self.indices_value().type,
                self.gather_axis(),
                self.batch_dims_value(),
            )
        ]


@irdl_op_definition
class GatherV2Op(GatherBase):
    """Gathers slices of `params` along a constant `axis` at `indices` (with `batch_dims`).

    The first `batch_dims` dims of params and indices are batch dims. Result shape:
    params.shape[:axis] + indices.shape[batch_dims:] + params.shape[axis+1:]. An index outside
    [0, params.shape[axis]) is an error at run time.
    `%y = "tf.GatherV2"(%params, %ids, %axis) <{batch_dims = 0 : i64}>
    : (tensor<1000x16xf32>, tensor<8x5xi32>, tensor<i32>) -> tensor<8x5x16xf32>`"""

    name = "tf.GatherV2"
    params = operand_def(TensorType)
    indices = operand_def(TensorType)
    axis = operand_def(TensorType)
    output = result_def(TensorType)
    batch_dims = prop_def(IntegerAttr, default_value=int_attr(0))
    traits = traits_def(Pure())

    def __init__(
        self,
        params: SSAValue,
        indices: SSAValue,
        axis: SSAValue,
        batch_dims: int = 0,
        result_type: Attribute | None = None,
    ):
        if result_type is None:
            _index_tensor(indices, "indices")
            result_type = gather_result_type(
                params.type, indices.type, _constant_scalar(axis, "axis"), batch_dims
            )
        super().__init__(
            operands=[params, indices, axis],
            properties={"batch_dims": int_attr(batch_dims)},
            result_types=[result_type],
        )

    def gather_axis(self) -> int:
        return _constant_scalar(self.axis, "axis")

    def params_value(self) -> SSAValue:
        return self.params

    def indices_value(self) -> SSAValue:
        return self.indices

    def batch_dims_value(self) -> int:
        return self.batch_dims.value.data


@irdl_op_definition
class GatherOp(GatherBase):
    """TensorFlow 1's Gather (what freeze_graph made of ResourceGather): GatherV2 on axis 0.

    `%y = "tf.Gather"(%params, %ids) : (tensor<10x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>`"""

    name = "tf.Gather"
    params = operand_def(TensorType)
    indices = operand_def(TensorType)
    output = result_def(TensorType)
    validate_indices = prop_def(BoolAttr, default_value=BoolAttr.from_bool(True))
    traits = traits_def(Pure())

    def __init__(self, params: SSAValue, indices: SSAValue, validate_indices: bool = True):
        _index_tensor(indices, "indices")
        super().__init__(
            operands=[params, indices],
            properties={"validate_indices": BoolAttr.from_bool(validate_indices)},
            result_types=[gather_result_type(params.type, indices.type, 0, 0)],
        )

    def gather_axis(self) -> int:
        return 0

    def params_value(self) -> SSAValue:
        return self.params

    def indices_value(self) -> SSAValue:
        return self.indices


@irdl_op_definition
class ResourceGatherOp(GatherBase):
    """ResourceGather on a frozen table: GatherV2 along axis `batch_dims`.

    Freezing leaves it inside functions it skips; its `resource` operand is then the table.
    `%y = "tf.ResourceGather"(%table, %ids) <{batch_dims = 0 : i64}>
    : (tensor<10x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>`"""

    name = "tf.ResourceGather"
    resource = operand_def(TensorType)
    indices = operand_def(TensorType)
    output = result_def(TensorType)
    batch_dims = prop_def(IntegerAttr, default_value=int_attr(0))
    validate_indices = prop_def(BoolAttr, default_value=BoolAttr.from_bool(True))
    traits = traits_def(Pure())

    def __init__(
        self,
        resource: SSAValue,
        indices: SSAValue,
        batch_dims: int = 0,
        validate_indices: bool = True,
    ):
        _index_tensor(indices, "indices")
        axis = (
            batch_dims
            if batch_dims >= 0
            else batch_dims + expect_tensor(indices, "indices").get_num_dims()
        )
        super().__init__(
            operands=[resource, indices],
            properties={
                "batch_dims": int_attr(batch_dims),
                "validate_indices": BoolAttr.from_bool(validate_indices),
            },
            result_types=[gather_result_type(resource.type, indices.type, axis, batch_dims)],
        )

    def gather_axis(self) -> int:
        batch_dims = self.batch_dims.value.data
        if batch_dims < 0:
            batch_dims += expect_tensor(self.indices, "indices").get_num_dims()
        return batch_dims

    def params_value(self) -> SSAValue:
        return self.resource

    def indices_value(self) -> SSAValue:
        return self.indices

    def batch_dims_value(self) -> int:
        return self.batch_dims.value.data


class UnsortedSegmentOp(TfOp):
    """What the UnsortedSegment reductions share: `data`, `segment_ids`, a constant
    `num_segments`, and the reduction (REDUCTION) of the slices that share an id."""

    REDUCTION: ClassVar[str] = "sum"
    data = operand_def(TensorType)
    segment_ids = operand_def(TensorType)
    num_segments = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, data: SSAValue, segment_ids: SSAValue, num_segments: SSAValue):
        result = self._infer(data, segment_ids, num_segments)
        super().__init__(operands=[data, segment_ids, num_segments], result_types=[result])

    @staticmethod
    def _infer(data: SSAValue, segment_ids: SSAValue, num_segments: SSAValue) -> TensorType:
        d = expect_tensor(data, "data")
        ids = _index_tensor(segment_ids, "segment_ids")
        if isinstance(d.element_type, IntegerType) and d.element_type.width.data == 1:
            raise VerifyException(f"data must have numeric elements, found {d}")
        n = _constant_scalar(num_segments, "num_segments")
        if n < 0:
            raise VerifyException(f"num_segments must not be negative, found {n}")
        d_shape, i_shape = list(d.get_shape()), list(ids.get_shape())
        prefix = d_shape[: len(i_shape)]
        if len(i_shape) > len(d_shape) or any(
            DYNAMIC_INDEX not in (a, b) and a != b for a, b in zip(prefix, i_shape, strict=True)
        ):
            raise VerifyException(
                f"data shape {format_shape(d_shape)} does not start with segment_ids shape "
                f"{format_shape(i_shape)}"
            )
        return TensorType(d.element_type, [n] + d_shape[len(i_shape) :])

    def number_of_segments(self) -> int:
        return _constant_scalar(self.num_segments, "num_segments")

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.data, self.segment_ids, self.num_segments)]


@irdl_op_definition
class UnsortedSegmentSumOp(UnsortedSegmentOp):
    """Sums the slices of `data` into a constant `num_segments` rows by `segment_ids`.

    The ids' shape is a prefix of data's: result[s, ...] = sum of data[i..., ...] over the i with
    segment_ids[i...] == s. Negative ids are dropped; an id >= num_segments is an error at run
    time.
    `%y = "tf.UnsortedSegmentSum"(%data, %ids, %n)
    : (tensor<6x4xf32>, tensor<6xi32>, tensor<i32>) -> tensor<3x4xf32>`"""

    name = "tf.UnsortedSegmentSum"


@irdl_op_definition
class UnsortedSegmentProdOp(UnsortedSegmentOp):
    """UnsortedSegmentSum with products: an empty segment is 1.
    `%y = "tf.UnsortedSegmentProd"(%data, %ids, %n)`"""

    name = "tf.UnsortedSegmentProd"
    REDUCTION: ClassVar[str] = "prod"


@irdl_op_definition
class UnsortedSegmentMaxOp(UnsortedSegmentOp):
    """UnsortedSegmentSum with maxima: an empty segment is the type's lowest value (-FLT_MAX
    for floats, not -inf). `%y = "tf.UnsortedSegmentMax"(%data, %ids, %n)`"""

    name = "tf.UnsortedSegmentMax"
    REDUCTION: ClassVar[str] = "max"


@irdl_op_definition
class UnsortedSegmentMinOp(UnsortedSegmentOp):
    """UnsortedSegmentSum with minima: an empty segment is the type's highest value.
    `%y = "tf.UnsortedSegmentMin"(%data, %ids, %n)`"""

    name = "tf.UnsortedSegmentMin"
    REDUCTION: ClassVar[str] = "min"


class SegmentOp(TfOp):
    """What the sorted Segment reductions share: `data` and 1-D non-decreasing `segment_ids`
    (one per row of data), known at compile time since they give the result's rows
    (max id + 1); the reduction (REDUCTION) of the rows that share an id. An empty segment is 0
    (1 for products)."""

    REDUCTION: ClassVar[str] = "sum"
    data = operand_def(TensorType)
    segment_ids = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, data: SSAValue, segment_ids: SSAValue):
        super().__init__(
            operands=[data, segment_ids], result_types=[self._infer(data, segment_ids)]
        )

    @staticmethod
    def _infer(data: SSAValue, segment_ids: SSAValue) -> TensorType:
        d = expect_tensor(data, "data")
        ids = _index_tensor(segment_ids, "segment_ids")
        if d.get_num_dims() < 1 or ids.get_num_dims() != 1:
            raise VerifyException(f"data must have a rank and segment_ids be 1-D, found {d}, {ids}")
        if not dims_compatible(d.get_shape()[:1], ids.get_shape()):
            raise VerifyException(f"{ids.get_shape()[0]} segment ids for {d.get_shape()[0]} rows")
        values = constant_value(segment_ids)  # a tf.Const, or an hlo.constant once lowered
        rows = DYNAMIC_INDEX
        if values is not None:
            ids_list = [int(i) for i in values.reshape(-1)]
            if any(i < 0 for i in ids_list) or ids_list != sorted(ids_list):
                raise VerifyException(
                    f"segment_ids must be non-negative and sorted, found {ids_list}"
                )
            rows = ids_list[-1] + 1 if ids_list else 0
        return TensorType(d.element_type, [rows, *d.get_shape()[1:]])

    def segment_counts(self) -> list[int] | None:
        """Rows per segment, where the ids are constants."""
        values = constant_value(self.segment_ids)
        if values is None:
            return None
        ids = [int(i) for i in values.reshape(-1)]
        rows = ids[-1] + 1 if ids else 0
        return [ids.count(k) for k in range(rows)]

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.data, self.segment_ids)]


@irdl_op_definition
class SegmentSumOp(SegmentOp):
    """Sums the rows of `data` that share a (sorted) segment id.
    `%y = "tf.SegmentSum"(%data, %ids) : (tensor<5x4xf32>, tensor<5xi32>) -> tensor<3x4xf32>`"""

    name = "tf.SegmentSum"


@irdl_op_definition
class SegmentProdOp(SegmentOp):
    """SegmentSum with products (an empty segment is 1). `%y = "tf.SegmentProd"(%data, %ids)`"""

    name = "tf.SegmentProd"
    REDUCTION: ClassVar[str] = "prod"


@irdl_op_definition
class SegmentMaxOp(SegmentOp):
    """SegmentSum with maxima (an empty segment is 0). `%y = "tf.SegmentMax"(%data, %ids)`"""

    name = "tf.SegmentMax"
    REDUCTION: ClassVar[str] = "max"


@irdl_op_definition
class SegmentMinOp(SegmentOp):
    """SegmentSum with minima (an empty segment is 0). `%y = "tf.SegmentMin"(%data, %ids)`"""

    name = "tf.SegmentMin"
    REDUCTION: ClassVar[str] = "min"


@irdl_op_definition
class SegmentMeanOp(SegmentOp):
    """SegmentSum divided by each segment's row count (an empty segment is 0).
    `%y = "tf.SegmentMean"(%data, %ids)`"""

    name = "tf.SegmentMean"
    REDUCTION: ClassVar[str] = "mean"


class SparseSegmentOp(TfOp):
    """What the SparseSegment reductions share: the rows of `data` that 1-D `indices` name,
    reduced (REDUCTION: sum, mean, or sqrtn, the sum over the square root of the count) into
    the segments 1-D `segment_ids` (one per index) name. The result has a row per segment:
    max id + 1 where the ids are constants (a tf.Const), `num_segments` in the WithNumSegments
    forms. An empty segment is 0. (tf.nn.embedding_lookup_sparse, feature columns.)"""

    REDUCTION: ClassVar[str] = "sum"
    data = operand_def(TensorType)
    indices = operand_def(TensorType)
    segment_ids = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, data: SSAValue, indices: SSAValue, segment_ids: SSAValue, *rest: SSAValue):
        operands = [data, indices, segment_ids, *rest]
        super().__init__(operands=operands, result_types=[self._infer(*operands)])

    @classmethod
    def _infer(
        cls,
        data: SSAValue,
        indices: SSAValue,
        segment_ids: SSAValue,
        num_segments: SSAValue | None = None,
    ) -> TensorType:
        d = expect_tensor(data, "data")
        idx = _index_tensor(indices, "indices")
        ids = _index_tensor(segment_ids, "segment_ids")
        if d.get_num_dims() < 1 or idx.get_num_dims() != 1 or ids.get_num_dims() != 1:
            raise VerifyException(
                f"data must have a rank, indices and segment_ids be 1-D, found {d}, {idx}, {ids}"
            )
        if not dims_compatible(idx.get_shape(), ids.get_shape()):
            raise VerifyException(
                f"{ids.get_shape()[0]} segment ids for {idx.get_shape()[0]} indices"
            )
        if cls.REDUCTION != "sum" and not is_float(d.element_type):
            raise VerifyException(f"data must have float elements, found {d}")
        rows = DYNAMIC_INDEX
        if num_segments is not None:
            rows = _constant_scalar(num_segments, "num_segments")
            if rows < 0:
                raise VerifyException(f"num_segments must not be negative, found {rows}")
        elif (values := constant_value(segment_ids)) is not None:
            ids_list = [int(i) for i in values.reshape(-1)]
            if any(i < 0 for i in ids_list) or ids_list != sorted(ids_list):
                raise VerifyException(
                    f"segment_ids must be non-negative and sorted, found {ids_list}"
                )
            rows = ids_list[-1] + 1 if ids_list else 0
        return TensorType(d.element_type, [rows, *d.get_shape()[1:]])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(*self.operands)]


class SparseSegmentWithNumSegmentsOp(SparseSegmentOp):
    """A SparseSegment reduction into a constant `num_segments` rows (ids need not be sorted;
    an id >= num_segments is an error at run time). The operands are declared again so that
    they keep TensorFlow's order, num_segments last."""

    data = operand_def(TensorType)
    indices = operand_def(TensorType)
    segment_ids = operand_def(TensorType)
    num_segments = operand_def(TensorType)


@irdl_op_definition
class SparseSegmentSumOp(SparseSegmentOp):
    """Sums the rows of `data` at `indices` into the (sorted) segments `segment_ids` names.
    `%y = "tf.SparseSegmentSum"(%data, %indices, %ids)
    : (tensor<5x4xf32>, tensor<3xi32>, tensor<3xi32>) -> tensor<2x4xf32>`"""

    name = "tf.SparseSegmentSum"


@irdl_op_definition
class SparseSegmentMeanOp(SparseSegmentOp):
    """SparseSegmentSum divided by each segment's count.
    `%y = "tf.SparseSegmentMean"(%d, %i, %s)`"""

    name = "tf.SparseSegmentMean"
    REDUCTION: ClassVar[str] = "mean"


@irdl_op_definition
class SparseSegmentSqrtNOp(SparseSegmentOp):
    """SparseSegmentSum divided by the square root of each segment's count.
    `%y = "tf.SparseSegmentSqrtN"(%d, %i, %s)`"""

    name = "tf.SparseSegmentSqrtN"
    REDUCTION: ClassVar[str] = "sqrtn"


@irdl_op_definition
class SparseSegmentSumWithNumSegmentsOp(SparseSegmentWithNumSegmentsOp):
    """SparseSegmentSum into `num_segments` rows.
    `%y = "tf.SparseSegmentSumWithNumSegments"(%d, %i, %s, %n)
    : (tensor<5x4xf32>, tensor<3xi32>, tensor<3xi32>, tensor<i32>) -> tensor<6x4xf32>`"""

    name = "tf.SparseSegmentSumWithNumSegments"


@irdl_op_definition
class SparseSegmentMeanWithNumSegmentsOp(SparseSegmentWithNumSegmentsOp):
    """SparseSegmentMean into `num_segments` rows."""

    name = "tf.SparseSegmentMeanWithNumSegments"
    REDUCTION: ClassVar[str] = "mean"


@irdl_op_definition
class SparseSegmentSqrtNWithNumSegmentsOp(SparseSegmentWithNumSegmentsOp):
    """SparseSegmentSqrtN into `num_segments` rows."""

    name = "tf.SparseSegmentSqrtNWithNumSegments"
    REDUCTION: ClassVar[str] = "sqrtn"


def _index_depth(params_shape: Sequence[int], indices: TensorType, what: str) -> int:
    """K, the length of the index vectors in the last dim of `indices` (at most the rank of
    the indexed tensor, `what`)."""
    i_shape = indices.get_shape()
    if not i_shape:
        raise VerifyException("indices must be at least 1-D (index vectors in the last dim)")
    depth = i_shape[-1]
    if depth == DYNAMIC_INDEX:
        raise VerifyException("the last dim of indices (the index depth) must be known")
    if depth > len(params_shape):
        raise VerifyException(
            f"index depth {depth} (the last dim of indices) exceeds the rank of {what} "
            f"({len(params_shape)})"
        )
    return depth


def nd_slice_shape(shape: Sequence[int], indices: TensorType, what: str) -> tuple[int, list[int]]:
    """The index depth K and the shape that gathering from (or scattering into) a `shape`
    tensor at `indices` reads (writes): indices.shape[:-1] + shape[K:]."""
    depth = _index_depth(shape, indices, what)
    return depth, list(indices.get_shape()[:-1]) + list(shape[depth:])


@irdl_op_definition
class GatherNdOp(TfOp):
    """Gathers the slices of `params` that the index vectors in the last dim of `indices` name.

    With K = indices.shape[-1]: result[i...] = params[indices[i..., 0], ..., indices[i..., K-1]],
    of shape indices.shape[:-1] + params.shape[K:]. An index outside params' shape is an error
    at run time.
    `%y = "tf.GatherNd"(%params, %ids) : (tensor<4x5x3xf32>, tensor<6x2xi32>) -> tensor<6x3xf32>`"""

    name = "tf.GatherNd"
    params = operand_def(TensorType)
    indices = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, params: SSAValue, indices: SSAValue):
        super().__init__(operands=[params, indices], result_types=[self._infer(params, indices)])

    @staticmethod
    def _infer(params: SSAValue, indices: SSAValue) -> TensorType:
        p = expect_tensor(params, "params")
        ids = _index_tensor(indices, "indices")
        return TensorType(p.element_type, nd_slice_shape(p.get_shape(), ids, "params")[1])

    def index_depth(self) -> int:
        return _index_depth(
            expect_tensor(self.params, "params").get_shape(),
            expect_tensor(self.indices, "indices"),
            "params",
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.params, self.indices)]


class ScatterNdBase(TfOp):
    """What ScatterNd and the TensorScatter ops share: `updates` (of shape indices.shape[:-1] +
    shape[K:]) written into a tensor at the index vectors in the last dim of `indices`."""

    COMBINE: ClassVar[str] = "add"
    """How an update meets the element it lands on: "add" (repeated indices sum), "sub",
    "max", "min" (each repeat applied in turn) or "replace"."""
    INDICES: ClassVar[int]
    """The operand index of `indices` (`updates` follows it)."""

    def target_type(self) -> TensorType:
        """The type of the tensor scattered into: the result's."""
        return expect_tensor(self.results[0], "output")

    def indices_value(self) -> SSAValue:
        return self.operands[self.INDICES]

    def updates_value(self) -> SSAValue:
        return self.operands[self.INDICES + 1]

    def index_depth(self) -> int:
        ids = expect_tensor(self.indices_value(), "indices")
        return _index_depth(self.target_type().get_shape(), ids, "the output")

    def check_updates(self, target: TensorType) -> None:
        ids = _index_tensor(self.indices_value(), "indices")
        updates = expect_tensor(self.updates_value(), "updates")
        if updates.element_type != target.element_type:
            raise VerifyException(
                f"updates element type {updates.element_type} does not match the output's "
                f"{target.element_type}"
            )
        _, expected = nd_slice_shape(target.get_shape(), ids, "the output")
        found = list(updates.get_shape())
        if not dims_compatible(found, expected):
            raise VerifyException(
                f"updates must have shape {format_shape(expected)} (indices.shape[:-1] + "
                f"output.shape[K:]), found {format_shape(found)}"
            )

    def infer_result_types(self) -> Sequence[Attribute]:
        target = self.target_type()
        self.check_updates(target)
        return [target]


@irdl_op_definition
class ScatterNdOp(ScatterNdBase):
    """Zeros of the constant `shape` with `updates` added at the index vectors of `indices`.

    The index vectors are in the last dim of `indices`; repeated ones sum. An index outside
    `shape` is an error at run time.
    `%y = "tf.ScatterNd"(%ids, %updates, %shape)
    : (tensor<4x1xi32>, tensor<4x3xf32>, tensor<2xi32>) -> tensor<8x3xf32>`"""

    name = "tf.ScatterNd"
    INDICES: ClassVar[int] = 0
    indices = operand_def(TensorType)
    updates = operand_def(TensorType)
    shape = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, indices: SSAValue, updates: SSAValue, shape: SSAValue):
        super().__init__(
            operands=[indices, updates, shape],
            result_types=[self._target(expect_tensor(updates, "updates"), shape)],
        )
        self.check_updates(self.target_type())

    @staticmethod
    def _target(updates: TensorType, shape: SSAValue) -> TensorType:
        array = constant_value(shape)
        if array is None:
            raise VerifyException("shape must be a constant (a tf.Const), found a computed value")
        dims = [int(d) for d in array.reshape(-1)]
        if array.ndim != 1 or any(d < 0 for d in dims):
            raise VerifyException(f"shape must be a 1-D list of sizes, found {array.tolist()}")
        return TensorType(updates.element_type, dims)

    def infer_result_types(self) -> Sequence[Attribute]:
        target = self._target(expect_tensor(self.updates, "updates"), self.shape)
        self.check_updates(target)
        return [target]


class TensorScatterBase(ScatterNdBase):
    """A copy of `tensor` with `updates` applied at the index vectors in the last dim of
    `indices`. An index outside the tensor's shape is an error at run time."""

    INDICES: ClassVar[int] = 1
    tensor = operand_def(TensorType)
    indices = operand_def(TensorType)
    updates = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, tensor: SSAValue, indices: SSAValue, updates: SSAValue):
        super().__init__(operands=[tensor, indices, updates], result_types=[tensor.type])
        self.check_updates(self.target_type())

    def target_type(self) -> TensorType:
        return expect_tensor(self.tensor, "tensor")


@irdl_op_definition
class TensorScatterUpdateOp(TensorScatterBase):
    """`tensor` with the elements (or slices) at `indices` replaced by `updates`.

    Of repeated indices, the last update stays (TensorFlow leaves which one unspecified).
    `%y = "tf.TensorScatterUpdate"(%t, %ids, %updates)
    : (tensor<8xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<8xf32>`"""

    name = "tf.TensorScatterUpdate"
    COMBINE: ClassVar[str] = "replace"


@irdl_op_definition
class TensorScatterAddOp(TensorScatterBase):
    """`tensor` with `updates` added at the elements (or slices) at `indices`.

    Repeated indices sum.
    `%y = "tf.TensorScatterAdd"(%t, %ids, %updates)
    : (tensor<8xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<8xf32>`"""

    name = "tf.TensorScatterAdd"


@irdl_op_definition
class TensorScatterSubOp(TensorScatterBase):
    """`tensor` with `updates` subtracted at the elements (or slices) at `indices`.

    Repeated indices subtract each of their updates.
    `%y = "tf.TensorScatterSub"(%t, %ids, %updates)
    : (tensor<8xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<8xf32>`"""

    name = "tf.TensorScatterSub"
    COMBINE: ClassVar[str] = "sub"


@irdl_op_definition
class TensorScatterMaxOp(TensorScatterBase):
    """`tensor` with each element (or slice) at `indices` the maximum of itself and its
    updates. `%y = "tf.TensorScatterMax"(%t, %ids, %updates)
    : (tensor<8xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<8xf32>`"""

    name = "tf.TensorScatterMax"
    COMBINE: ClassVar[str] = "max"


@irdl_op_definition
class TensorScatterMinOp(TensorScatterBase):
    """`tensor` with each element (or slice) at `indices` the minimum of itself and its
    updates. `%y = "tf.TensorScatterMin"(%t, %ids, %updates)
    : (tensor<8xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<8xf32>`"""

    name = "tf.TensorScatterMin"
    COMBINE: ClassVar[str] = "min"


@irdl_op_definition
class DenseBincountOp(TfOp):
    """For each row of `input` ([N] or [B, N] ints), how often each value in [0, size) occurs
    (values at or past size are not counted; negative ones are an error at run time), or the
    sum of the `weights` (input's shape; an empty tensor counts ones) at them; `binary_output`:
    1 where a value occurs. The result has the weights' type: [size] or [B, size].
    `%c = "tf.DenseBincount"(%x, %n, %w) <{binary_output = false}> : (tensor<2x5xi32>,
    tensor<i32>, tensor<0xf32>) -> tensor<2x6xf32>` (Keras CategoryEncoding count/multi_hot)."""

    name = "tf.DenseBincount"
    input = operand_def(TensorType)
    size = operand_def(TensorType)
    weights = operand_def(TensorType)
    output = result_def(TensorType)
    binary_output = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    def __init__(
        self, input: SSAValue, size: SSAValue, weights: SSAValue, binary_output: bool = False
    ):
        super().__init__(
            operands=[input, size, weights],
            result_types=[self._infer(input, size, weights)],
            properties={"binary_output": BoolAttr.from_bool(binary_output)},
        )

    @staticmethod
    def _infer(input: SSAValue, size: SSAValue, weights: SSAValue) -> TensorType:
        t = expect_tensor(input, "input")
        if not isinstance(t.element_type, IntegerType) or t.get_num_dims() not in (1, 2):
            raise VerifyException(f"input must be a 1-d or 2-d integer tensor, found {t}")
        st = expect_tensor(size, "size")
        if not isinstance(st.element_type, IntegerType) or st.get_num_dims() != 0:
            raise VerifyException(f"size must be an integer scalar, found {st}")
        w = expect_tensor(weights, "weights")
        shape = list(t.get_shape())
        if list(w.get_shape()) != [0] and not dims_compatible(list(w.get_shape()), shape):
            raise VerifyException(
                f"weights must have the input's shape {format_shape(shape)} or be empty, "
                f"found {format_shape(list(w.get_shape()))}"
            )
        n = constant_value(size)
        count = DYNAMIC_INDEX if n is None else int(n)
        if count < 0 and count != DYNAMIC_INDEX:
            raise VerifyException(f"size must be non-negative, found {count}")
        return TensorType(w.element_type, [*shape[:-1], count])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.input, self.size, self.weights)]


@irdl_op_definition
class RaggedTensorToTensorOp(TfOp):
    """A ragged tensor of rank-1 raggedness (its `values` [N, ...] and `row_splits` [R + 1]:
    row r holds values[splits[r] : splits[r + 1]]) as a dense [B, L, ...] tensor of the
    constant `shape` (B -1: R rows; L must be given: the longest row is known only at run
    time): row r's values from column 0, `default_value` (broadcast) after them and in rows past
    R; longer rows are cut at L (RaggedTensor.to_tensor; the ROW_SPLITS form of TensorFlow's op).
    `%y = "tf.RaggedTensorToTensor"(%shape, %values, %default, %splits) : (tensor<2xi64>,
    tensor<9xi32>, tensor<i32>, tensor<4xi64>) -> tensor<3x5xi32>`"""

    name = "tf.RaggedTensorToTensor"
    shape = operand_def(TensorType)
    values = operand_def(TensorType)
    default_value = operand_def(TensorType)
    row_partition_tensors = var_operand_def(TensorType)
    """TensorFlow's list of partitions: here one, the row splits."""
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, shape: SSAValue, values: SSAValue, default: SSAValue, splits: SSAValue):
        super().__init__(
            operands=[shape, values, default, [splits]],
            result_types=[self._infer(shape, values, default, [splits])],
        )

    @property
    def row_splits(self) -> SSAValue:
        return self.row_partition_tensors[0]

    @staticmethod
    def _infer(
        shape: SSAValue, values: SSAValue, default: SSAValue, partitions: Sequence[SSAValue]
    ) -> TensorType[Attribute]:
        if len(partitions) != 1:
            raise VerifyException(
                f"expected one row partition (the row splits), found {len(partitions)}"
            )
        splits = partitions[0]
        v, d, r = (expect_tensor(x, w) for x, w in ((values, "values"), (default, "default"),
                                                     (splits, "row_splits")))  # fmt: skip
        if (
            v.get_num_dims() < 1
            or r.get_num_dims() != 1
            or not isinstance(r.element_type, IntegerType)
        ):
            raise VerifyException(
                f"values must have a rank and row_splits be a 1-D integer tensor, found {v} and {r}"
            )
        inner = list(v.get_shape()[1:])
        if (
            d.element_type != v.element_type
            or d.get_num_dims() > len(inner)
            or not (dims_compatible(list(d.get_shape()), inner[len(inner) - d.get_num_dims() :]))
        ):
            raise VerifyException(
                f"default_value must broadcast to a row element {format_shape(inner)} of "
                f"{v.element_type}, found {d}"
            )
        wanted = constant_value(shape)
        rows = r.get_shape()[0] - 1 if r.get_shape()[0] != DYNAMIC_INDEX else DYNAMIC_INDEX
        dims = [int(x) for x in wanted.reshape(-1)] if wanted is not None else None
        if dims is None or len(dims) != 1 + len(v.get_shape()) or dims[1] < 0:
            raise VerifyException(
                "shape must be a constant of the output's rank "
                f"({1 + v.get_num_dims()}) with its column count given (the longest row is "
                f"known only at run time), found "
                f"{dims if dims is not None else 'a value known only at run time'}"
            )
        if any(want not in (-1, have) for want, have in zip(dims[2:], inner, strict=True)):
            raise VerifyException(
                f"shape {dims} changes the values' dense dims {format_shape(inner)}"
            )
        return TensorType(v.element_type, [dims[0] if dims[0] >= 0 else rows, dims[1], *inner])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [
            self._infer(self.shape, self.values, self.default_value, self.row_partition_tensors)
        ]


@irdl_op_definition
class WhereOp(TfOp):
    """The coordinates of the non-zero (true) elements of `condition`, in row-major order:
    tf.where with one operand. TensorFlow's result has one row per such element, a count the
    data decide; Strata's types are static, so `index` has one row per element of `condition`
    (the bound): the coordinates of the `count` non-zero elements first, then rows of zeros.
    The GraphDef importer carries `count` with the value to the outputs, which are cut to it.
    `%i, %n = "tf.Where"(%c) : (tensor<2x3xi1>) -> (tensor<6x2xi64>, tensor<i32>)`"""

    name = "tf.Where"
    condition = operand_def(TensorType)
    index = result_def(TensorType)
    count = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, condition: SSAValue):
        super().__init__(operands=[condition], result_types=self._infer(condition))

    @staticmethod
    def _infer(condition: SSAValue) -> list[Attribute]:
        t = expect_tensor(condition, "condition")
        shape = t.get_shape()
        if any(d < 0 for d in shape):
            raise VerifyException(f"condition must have a static shape, found {t}")
        rows = 1
        for d in shape:
            rows *= d
        return [TensorType(IntegerType(64), [rows, len(shape)]), TensorType(IntegerType(32), [])]

    def infer_result_types(self) -> Sequence[Attribute]:
        return self._infer(self.condition)


OPS: list[type[Operation]] = [
    WhereOp,
    DenseBincountOp,
    GatherV2Op,
    GatherOp,
    ResourceGatherOp,
    UnsortedSegmentSumOp,
    UnsortedSegmentProdOp,
    UnsortedSegmentMaxOp,
    UnsortedSegmentMinOp,
    SegmentSumOp,
    SegmentProdOp,
    SegmentMaxOp,
    SegmentMinOp,
    SegmentMeanOp,
    SparseSegmentSumOp,
    SparseSegmentMeanOp,
    SparseSegmentSqrtNOp,
    SparseSegmentSumWithNumSegmentsOp,
    SparseSegmentMeanWithNumSegmentsOp,
    SparseSegmentSqrtNWithNumSegmentsOp,
    GatherNdOp,
    ScatterNdOp,
    TensorScatterUpdateOp,
    TensorScatterAddOp,
    TensorScatterSubOp,
    TensorScatterMaxOp,
    TensorScatterMinOp,
    RaggedTensorToTensorOp,
]
