"""The shape family of `tf` ops: data movement (Shape, ExpandDims, ConcatV2, StridedSlice, Pad...).

Operands that TensorFlow reads on the host (axis, perm, begin/end, paddings, multiples, dims) must
be constants for a static result shape; while they are not (yet) constant the result dims are
unknown (`?`), and tf-fold-constants / tf-shape-inference make them static once they fold. A
slice's position is the exception: Slice's begin (with constant sizes) and StridedSlice's index
on a shrunk dim may be known only at run time, the result shape does not depend on them.
Helpers here (`constant_ints`, `constant_entries`, `strided_slice_spec`, `normalize_axis`) are
shared with the tf -> hlo lowering so both read the operands the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    DenseArrayBase,
    IntegerAttr,
    IntegerType,
    StringAttr,
    TensorType,
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
    var_result_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from strata.dialects.tensor_types import (
    broadcast_shapes,
    format_shape,
    is_float,
    numpy_dtype_for,
    tensor_type,
)
from strata.dialects.tf.core import TfOp, constant_value, int_attr
from strata.dialects.verify_helpers import dims_compatible, expect_tensor

UNKNOWN = DYNAMIC_INDEX

# ---------------------------------------------------------------------------------------------
# Helpers shared with the lowering


def constant_ints(value: SSAValue) -> list[int] | None:
    """The flattened integer value of a constant operand, or None when it is not constant."""
    array = constant_value(value)
    if array is None:
        return None
    return [int(v) for v in array.reshape(-1)]


def constant_entries(value: SSAValue) -> list[int | None] | None:
    """The entries of a 1-D integer operand known at compile time, None for each one known only
    at run time: all of a constant, those of a tf.Pack of scalars that are constants, none of
    another vector. None when its length is not known."""
    known = constant_ints(value)
    if known is not None:
        return list(known)
    owner = value.owner
    if isinstance(owner, PackOp) and all(
        isinstance(v.type, TensorType) and v.type.get_num_dims() == 0 for v in owner.values
    ):
        return [_scalar_constant(v) for v in owner.values]
    t = value.type
    if not isinstance(t, TensorType) or t.get_num_dims() != 1 or t.get_shape()[0] == UNKNOWN:
        return None
    return [None] * t.get_shape()[0]


def _scalar_constant(value: SSAValue) -> int | None:
    known = constant_ints(value)
    return known[0] if known is not None and len(known) == 1 else None


def _int_operand(value: SSAValue, what: str, ranks: Sequence[int]) -> TensorType:
    t = expect_tensor(value, what)
    if not isinstance(t.element_type, IntegerType) or t.element_type.width.data == 1:
        raise VerifyException(f"{what} must be an integer tensor, found {t}")
    if t.get_num_dims() not in ranks:
        wanted = " or ".join(f"rank {r}" for r in ranks)
        raise VerifyException(f"{what} must have {wanted}, found {t}")
    return t


def normalize_axis(axis: int, rank: int, what: str = "axis") -> int:
    """`axis` in [-rank, rank) as a non-negative dim."""
    if not -rank <= axis < rank:
        raise VerifyException(
            f"{what} {axis} is out of range for rank {rank} (expected [-{rank}, {rank}))"
        )
    return axis + rank if axis < 0 else axis


def _scalar_axis(value: SSAValue, what: str = "axis") -> int | None:
    _int_operand(value, what, (0, 1))
    values = constant_ints(value)
    if values is None:
        return None
    if len(values) != 1:
        raise VerifyException(f"{what} must hold one value, found {len(values)}")
    return values[0]


def _shape(t: TensorType) -> list[int]:
    return list(t.get_shape())


def _known(shape: Sequence[int]) -> bool:
    return UNKNOWN not in shape


def _ints_prop(values: Sequence[int]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i64, [int(v) for v in values])


def _prop_ints(attr: DenseArrayBase[IntegerType]) -> list[int]:
    return [int(v) for v in attr.get_values()]


def _int_prop(attr: IntegerAttr) -> int:
    return int(attr.value.data)


def _check_same_elements(types: Sequence[TensorType], what: str) -> None:
    first = types[0].element_type
    for i, t in enumerate(types):
        if t.element_type != first:
            raise VerifyException(
                f"{what} {i} has element type {t.element_type}, but {what} 0 has {first}"
            )


# ---------------------------------------------------------------------------------------------
# Shape, Size, Rank


class _ShapeQueryOp(TfOp):
    """Shared structure of Shape/Size/Rank: one tensor in, an integer tensor about its shape out
    (the result element type is the op's `out_type`)."""

    input = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, out_type: Attribute = i32):
        t = expect_tensor(input, "input")
        super().__init__(operands=[input], result_types=[self._result(t, out_type)])

    @staticmethod
    def _result(t: TensorType, out_type: Attribute) -> TensorType:
        raise NotImplementedError

    def infer_result_types(self) -> Sequence[Attribute]:
        out = expect_tensor(self.output, "result").element_type
        if out not in (i32, i64):
            raise VerifyException(f"result element type must be i32 or i64, found {out}")
        return [self._result(expect_tensor(self.input, "input"), out)]

    def value(self) -> np.ndarray | None:
        """The result's value when the input shape is static."""
        t = expect_tensor(self.input, "input")
        if not _known(_shape(t)):
            return None
        dtype = numpy_dtype_for(expect_tensor(self.output, "result").element_type)
        return np.asarray(self._compute(_shape(t)), dtype=dtype)

    @staticmethod
    def _compute(shape: list[int]) -> object:
        raise NotImplementedError


@irdl_op_definition
class ShapeOp(_ShapeQueryOp):
    """The shape of `input` as a 1-D int32 (or int64) tensor.
    `%s = "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<2xi32>`"""

    name = "tf.Shape"

    @staticmethod
    def _result(t: TensorType, out_type: Attribute) -> TensorType:
        return TensorType(out_type, [t.get_num_dims()])

    @staticmethod
    def _compute(shape: list[int]) -> object:
        return shape


@irdl_op_definition
class ShapeNOp(TfOp):
    """The shape of each of its N inputs, as 1-D int32 (or int64) tensors.
    `%a, %b = "tf.ShapeN"(%x, %y) : (tensor<2x3xf32>, tensor<4xf32>)
    -> (tensor<2xi32>, tensor<1xi32>)`"""

    name = "tf.ShapeN"
    input = var_operand_def(TensorType)
    output = var_result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, inputs: Sequence[SSAValue], out_type: Attribute = i32):
        results = [ShapeOp._result(expect_tensor(v, "input"), out_type) for v in inputs]
        super().__init__(operands=[inputs], result_types=[results])

    def infer_result_types(self) -> Sequence[Attribute]:
        if len(self.output) != len(self.input):
            raise VerifyException(f"expected {len(self.input)} results, found {len(self.output)}")
        out = expect_tensor(self.output[0], "result").element_type if self.output else i32
        if out not in (i32, i64):
            raise VerifyException(f"result element type must be i32 or i64, found {out}")
        return [ShapeOp._result(expect_tensor(v, "input"), out) for v in self.input]

    def values(self) -> list[np.ndarray] | None:
        """Each result's value when every input shape is static."""
        shapes = [_shape(expect_tensor(v, "input")) for v in self.input]
        if not all(_known(s) for s in shapes):
            return None
        dtype = numpy_dtype_for(expect_tensor(self.output[0], "result").element_type)
        return [np.asarray(s, dtype=dtype) for s in shapes]


@irdl_op_definition
class SizeOp(_ShapeQueryOp):
    """The number of elements of `input` as a rank-0 int32 (or int64) tensor.
    `%s = "tf.Size"(%x) : (tensor<2x3xf32>) -> tensor<i32>`"""

    name = "tf.Size"

    @staticmethod
    def _result(t: TensorType, out_type: Attribute) -> TensorType:
        return TensorType(out_type, [])

    @staticmethod
    def _compute(shape: list[int]) -> object:
        return int(np.prod(shape, dtype=np.int64))


@irdl_op_definition
class RankOp(_ShapeQueryOp):
    """The rank of `input` as a rank-0 int32 tensor.
    `%r = "tf.Rank"(%x) : (tensor<2x3xf32>) -> tensor<i32>`"""

    name = "tf.Rank"

    @staticmethod
    def _result(t: TensorType, out_type: Attribute) -> TensorType:
        return TensorType(i32, [])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [TensorType(i32, [])]

    @staticmethod
    def _compute(shape: list[int]) -> object:
        return len(shape)


# ---------------------------------------------------------------------------------------------
# ExpandDims, Squeeze


@irdl_op_definition
class ExpandDimsOp(TfOp):
    """Inserts a size-1 dim at `dim` (in [-rank-1, rank]).
    `%y = "tf.ExpandDims"(%x, %d) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x1x3xf32>`"""

    name = "tf.ExpandDims"
    input = operand_def(TensorType)
    dim = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, dim: SSAValue):
        super().__init__(operands=[input, dim], result_types=[self._infer(input, dim)])

    @staticmethod
    def _infer(input: SSAValue, dim: SSAValue) -> TensorType:
        t = expect_tensor(input, "input")
        shape = _shape(t)
        axis = _scalar_axis(dim, "dim")
        if axis is None:
            return tensor_type(t.element_type, [-1] * (len(shape) + 1))
        axis = normalize_axis(axis, len(shape) + 1, "dim")
        return TensorType(t.element_type, shape[:axis] + [1] + shape[axis:])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.input, self.dim)]


@irdl_op_definition
class SqueezeOp(TfOp):
    """Removes the size-1 dims listed in `squeeze_dims` (all size-1 dims when empty).
    `%y = "tf.Squeeze"(%x) <{squeeze_dims = array<i64: 1>}> : (tensor<2x1xf32>) -> tensor<2xf32>`"""

    name = "tf.Squeeze"
    input = operand_def(TensorType)
    output = result_def(TensorType)
    squeeze_dims = prop_def(DenseArrayBase.constr(i64), default_value=_ints_prop([]))
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, squeeze_dims: Sequence[int] = ()):
        super().__init__(
            operands=[input],
            properties={"squeeze_dims": _ints_prop(squeeze_dims)},
            result_types=[self._infer(input, squeeze_dims)],
        )

    @staticmethod
    def _infer(input: SSAValue, squeeze_dims: Sequence[int]) -> TensorType:
        t = expect_tensor(input, "input")
        shape = _shape(t)
        if not squeeze_dims:
            if UNKNOWN in shape:
                raise VerifyException(
                    f"cannot squeeze all size-1 dims of {format_shape(shape)}: a dim is unknown"
                )
            return TensorType(t.element_type, [d for d in shape if d != 1])
        dims = {normalize_axis(d, len(shape), "squeeze dim") for d in squeeze_dims}
        for d in sorted(dims):
            if shape[d] not in (1, UNKNOWN):
                raise VerifyException(
                    f"cannot squeeze dim {d}: expected a dimension of 1, found {shape[d]}"
                )
        return TensorType(t.element_type, [s for i, s in enumerate(shape) if i not in dims])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.input, _prop_ints(self.squeeze_dims))]


# ---------------------------------------------------------------------------------------------
# Transpose, Reverse


@irdl_op_definition
class TransposeOp(TfOp):
    """Permutes dims by the 1-D `perm` operand: result dim i is input dim perm[i].
    `%y = "tf.Transpose"(%x, %p) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>`"""

    name = "tf.Transpose"
    x = operand_def(TensorType)
    perm = operand_def(TensorType)
    y = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, x: SSAValue, perm: SSAValue):
        super().__init__(operands=[x, perm], result_types=[self._infer(x, perm)])

    @staticmethod
    def permutation(x: SSAValue, perm: SSAValue) -> list[int] | None:
        t = expect_tensor(x, "x")
        _int_operand(perm, "perm", (1,))
        values = constant_ints(perm)
        if values is None:
            return None
        rank = t.get_num_dims()
        if sorted(values) != list(range(rank)):
            raise VerifyException(f"perm {values} is not a permutation of the {rank} dims of x")
        return values

    @classmethod
    def _infer(cls, x: SSAValue, perm: SSAValue) -> TensorType:
        t = expect_tensor(x, "x")
        p = cls.permutation(x, perm)
        if p is None:
            return tensor_type(t.element_type, [-1] * t.get_num_dims())
        shape = _shape(t)
        return TensorType(t.element_type, [shape[i] for i in p])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.x, self.perm)]


@irdl_op_definition
class ReverseV2Op(TfOp):
    """Reverses `tensor` along the dims in the 1-D `axis` operand (negative dims count from the end)
    `%y = "tf.ReverseV2"(%x, %a) : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x3xf32>`"""

    name = "tf.ReverseV2"
    tensor = operand_def(TensorType)
    axis = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, tensor: SSAValue, axis: SSAValue):
        super().__init__(operands=[tensor, axis], result_types=[tensor.type])

    def dims(self) -> list[int] | None:
        rank = expect_tensor(self.tensor, "tensor").get_num_dims()
        _int_operand(self.axis, "axis", (1,))
        values = constant_ints(self.axis)
        if values is None:
            return None
        dims = [normalize_axis(a, rank) for a in values]
        if len(set(dims)) != len(dims):
            raise VerifyException(f"axis {values} names a dim more than once")
        return sorted(dims)

    def infer_result_types(self) -> Sequence[Attribute]:
        self.dims()
        return [expect_tensor(self.tensor, "tensor")]


@irdl_op_definition
class ReverseSequenceOp(TfOp):
    """Reverses the first seq_lengths[b] elements along `seq_dim` of each slice b along
    `batch_dim`; the rest stay. A length outside [0, input.shape[seq_dim]] is an error at run
    time. `%y = "tf.ReverseSequence"(%x, %lengths) <{seq_dim = 1 : i64, batch_dim = 0 : i64}>
    : (tensor<4x5x2xf32>, tensor<4xi32>) -> tensor<4x5x2xf32>`"""

    name = "tf.ReverseSequence"
    input = operand_def(TensorType)
    seq_lengths = operand_def(TensorType)
    output = result_def(TensorType)
    seq_dim = prop_def(IntegerAttr)
    batch_dim = prop_def(IntegerAttr, default_value=int_attr(0))
    traits = traits_def(Pure())

    def __init__(self, x: SSAValue, seq_lengths: SSAValue, seq_dim: int, batch_dim: int = 0):
        super().__init__(
            operands=[x, seq_lengths],
            properties={"seq_dim": int_attr(seq_dim), "batch_dim": int_attr(batch_dim)},
            result_types=[x.type],
        )

    def dims(self) -> tuple[int, int]:
        """(seq_dim, batch_dim), non-negative, after TensorFlow's checks."""
        x = expect_tensor(self.input, "input")
        lengths = expect_tensor(self.seq_lengths, "seq_lengths")
        rank = x.get_num_dims()
        seq, batch = self.seq_dim.value.data, self.batch_dim.value.data
        if batch < 0:
            batch += rank
        if not 0 <= seq < rank or not 0 <= batch < rank:
            raise VerifyException(
                f"seq_dim ({self.seq_dim.value.data}) and batch_dim "
                f"({self.batch_dim.value.data}) must be dims of the rank-{rank} input"
            )
        if seq == batch:
            raise VerifyException(f"seq_dim and batch_dim must differ, both are {seq}")
        element = lengths.element_type
        if not isinstance(element, IntegerType) or element.width.data not in (32, 64):
            raise VerifyException(f"seq_lengths must have int32 or int64 elements, found {lengths}")
        size = x.get_shape()[batch]
        if lengths.get_num_dims() != 1 or not dims_compatible(lengths.get_shape(), [size]):
            raise VerifyException(
                f"seq_lengths must be 1-D of size {size} (input dim {batch}), found {lengths}"
            )
        return seq, batch

    def infer_result_types(self) -> Sequence[Attribute]:
        self.dims()
        return [expect_tensor(self.input, "input")]


# ---------------------------------------------------------------------------------------------
# ConcatV2, Pack, Unpack, Split, SplitV


@irdl_op_definition
class ConcatV2Op(TfOp):
    """Concatenates `values` along `axis` (the last operand, a scalar).
    `%y = "tf.ConcatV2"(%a, %b, %axis) : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<i32>)
    -> tensor<2x4xf32>`"""

    name = "tf.ConcatV2"
    values = var_operand_def(TensorType)
    axis = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, values: Sequence[SSAValue], axis: SSAValue):
        super().__init__(
            operands=[list(values), axis], result_types=[self._infer(list(values), axis)]
        )

    def dim(self) -> int | None:
        axis = _scalar_axis(self.axis)
        if axis is None:
            return None
        return normalize_axis(axis, expect_tensor(self.values[0], "value 0").get_num_dims())

    @staticmethod
    def _infer(values: Sequence[SSAValue], axis_value: SSAValue) -> TensorType:
        if len(values) < 1:
            raise VerifyException("expected at least one value to concatenate")
        types = [expect_tensor(v, f"value {i}") for i, v in enumerate(values)]
        _check_same_elements(types, "value")
        rank = types[0].get_num_dims()
        if rank == 0:
            raise VerifyException("cannot concatenate rank-0 tensors")
        for i, t in enumerate(types):
            if t.get_num_dims() != rank:
                raise VerifyException(
                    f"value {i} has rank {t.get_num_dims()}, but value 0 has {rank}"
                )
        axis = _scalar_axis(axis_value)
        element = types[0].element_type
        if axis is None:
            return tensor_type(element, [-1] * rank)
        axis = normalize_axis(axis, rank)
        out = _shape(types[0])
        for i, t in enumerate(types[1:], start=1):
            shape = _shape(t)
            for d in range(rank):
                if d == axis:
                    continue
                if UNKNOWN not in (out[d], shape[d]) and out[d] != shape[d]:
                    raise VerifyException(
                        f"value {i} has shape {format_shape(shape)}, which does not match value 0 "
                        f"{format_shape(_shape(types[0]))} outside axis {axis}"
                    )
                if out[d] == UNKNOWN:
                    out[d] = shape[d]
        sizes = [_shape(t)[axis] for t in types]
        out[axis] = UNKNOWN if UNKNOWN in sizes else sum(sizes)
        return tensor_type(element, out)

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(list(self.values), self.axis)]


@irdl_op_definition
class PackOp(TfOp):
    """Stacks N same-shaped tensors along a new dim `axis` (in [-rank-1, rank]).
    `%y = "tf.Pack"(%a, %b) <{axis = 0 : i64}>
    : (tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>`"""

    name = "tf.Pack"
    values = var_operand_def(TensorType)
    output = result_def(TensorType)
    axis = prop_def(IntegerAttr, default_value=int_attr(0))
    traits = traits_def(Pure())

    def __init__(self, values: Sequence[SSAValue], axis: int = 0):
        super().__init__(
            operands=[list(values)],
            properties={"axis": int_attr(axis)},
            result_types=[self._infer(list(values), axis)],
        )

    def dim(self) -> int:
        rank = expect_tensor(self.values[0], "value 0").get_num_dims()
        return normalize_axis(_int_prop(self.axis), rank + 1)

    @staticmethod
    def _infer(values: Sequence[SSAValue], axis: int) -> TensorType:
        if len(values) < 1:
            raise VerifyException("expected at least one value to pack")
        types = [expect_tensor(v, f"value {i}") for i, v in enumerate(values)]
        _check_same_elements(types, "value")
        shape = _shape(types[0])
        for i, t in enumerate(types):
            other = _shape(t)
            if len(other) != len(shape) or any(
                UNKNOWN not in (a, b) and a != b for a, b in zip(shape, other, strict=True)
            ):
                raise VerifyException(
                    f"value {i} has shape {format_shape(other)}, but value 0 has "
                    f"{format_shape(shape)}"
                )
            shape = [b if a == UNKNOWN else a for a, b in zip(shape, other, strict=True)]
        d = normalize_axis(axis, len(shape) + 1)
        return tensor_type(types[0].element_type, shape[:d] + [len(values)] + shape[d:])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(list(self.values), _int_prop(self.axis))]


@irdl_op_definition
class UnpackOp(TfOp):
    """Unstacks `value` along `axis` into `num` tensors (results `node:0` ... `node:num-1`).
    `%a:2 = "tf.Unpack"(%x) <{axis = 0 : i64, num = 2 : i64}> : (tensor<2x3xf32>)
    -> (tensor<3xf32>, tensor<3xf32>)`"""

    name = "tf.Unpack"
    value = operand_def(TensorType)
    output = var_result_def(TensorType)
    num = prop_def(IntegerAttr)
    axis = prop_def(IntegerAttr, default_value=int_attr(0))
    traits = traits_def(Pure())

    def __init__(self, value: SSAValue, num: int, axis: int = 0):
        super().__init__(
            operands=[value],
            properties={"num": int_attr(num), "axis": int_attr(axis)},
            result_types=[self._infer(value, num, axis)],
        )

    def dim(self) -> int:
        return normalize_axis(
            _int_prop(self.axis), expect_tensor(self.value, "value").get_num_dims()
        )

    @staticmethod
    def _infer(value: SSAValue, num: int, axis: int) -> list[Attribute]:
        t = expect_tensor(value, "value")
        shape = _shape(t)
        if not shape:
            raise VerifyException("cannot unpack a rank-0 tensor")
        d = normalize_axis(axis, len(shape))
        if shape[d] not in (num, UNKNOWN):
            raise VerifyException(f"num is {num}, but dim {d} of value has size {shape[d]}")
        return [TensorType(t.element_type, shape[:d] + shape[d + 1 :])] * num

    def infer_result_types(self) -> Sequence[Attribute]:
        return self._infer(self.value, _int_prop(self.num), _int_prop(self.axis))


def _split_result(t: TensorType, axis: int | None, sizes: Sequence[int]) -> list[Attribute]:
    shape = _shape(t)
    if axis is None:
        return [tensor_type(t.element_type, [-1] * len(shape))] * len(sizes)
    return [tensor_type(t.element_type, shape[:axis] + [s] + shape[axis + 1 :]) for s in sizes]


@irdl_op_definition
class SplitOp(TfOp):
    """Splits `value` into `num_split` equal parts along `axis` (the FIRST operand).
    `%a:2 = "tf.Split"(%axis, %x) <{num_split = 2 : i64}> : (tensor<i32>, tensor<4x3xf32>)
    -> (tensor<2x3xf32>, tensor<2x3xf32>)`"""

    name = "tf.Split"
    split_dim = operand_def(TensorType)
    value = operand_def(TensorType)
    output = var_result_def(TensorType)
    num_split = prop_def(IntegerAttr)
    traits = traits_def(Pure())

    def __init__(self, split_dim: SSAValue, value: SSAValue, num_split: int):
        super().__init__(
            operands=[split_dim, value],
            properties={"num_split": int_attr(num_split)},
            result_types=[self._infer(split_dim, value, num_split)],
        )

    def dim(self) -> int | None:
        axis = _scalar_axis(self.split_dim, "split_dim")
        if axis is None:
            return None
        return normalize_axis(axis, expect_tensor(self.value, "value").get_num_dims(), "split_dim")

    @staticmethod
    def _infer(split_dim: SSAValue, value: SSAValue, num: int) -> list[Attribute]:
        t = expect_tensor(value, "value")
        if num < 1:
            raise VerifyException(f"num_split must be positive, found {num}")
        axis = _scalar_axis(split_dim, "split_dim")
        if axis is None:
            return _split_result(t, None, [UNKNOWN] * num)
        axis = normalize_axis(axis, t.get_num_dims(), "split_dim")
        size = _shape(t)[axis]
        if size == UNKNOWN:
            return _split_result(t, axis, [UNKNOWN] * num)
        if size % num != 0:
            raise VerifyException(
                f"dim {axis} of size {size} cannot be split into {num} equal parts"
            )
        return _split_result(t, axis, [size // num] * num)

    def infer_result_types(self) -> Sequence[Attribute]:
        return self._infer(self.split_dim, self.value, _int_prop(self.num_split))


@irdl_op_definition
class SplitVOp(TfOp):
    """Splits `value` along `axis` into parts of the sizes in `size_splits` (one may be -1).
    `%a:2 = "tf.SplitV"(%x, %sizes, %axis) <{num_split = 2 : i64}>
    : (tensor<5x3xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<3x3xf32>)`"""

    name = "tf.SplitV"
    value = operand_def(TensorType)
    size_splits = operand_def(TensorType)
    split_dim = operand_def(TensorType)
    output = var_result_def(TensorType)
    num_split = prop_def(IntegerAttr)
    traits = traits_def(Pure())

    def __init__(self, value: SSAValue, size_splits: SSAValue, split_dim: SSAValue, num_split: int):
        super().__init__(
            operands=[value, size_splits, split_dim],
            properties={"num_split": int_attr(num_split)},
            result_types=[self._infer(value, size_splits, split_dim, num_split)],
        )

    def spec(self) -> tuple[int, list[int]] | None:
        """(axis, sizes) with the -1 resolved, when both operands are constant."""
        t = expect_tensor(self.value, "value")
        axis = _scalar_axis(self.split_dim, "split_dim")
        sizes = constant_ints(self.size_splits)
        if axis is None or sizes is None:
            return None
        axis = normalize_axis(axis, t.get_num_dims(), "split_dim")
        return axis, self._resolve(sizes, _shape(t)[axis], _int_prop(self.num_split))

    @staticmethod
    def _resolve(sizes: list[int], total: int, num: int) -> list[int]:
        if len(sizes) != num:
            raise VerifyException(f"size_splits has {len(sizes)} entries, but num_split is {num}")
        if sum(1 for s in sizes if s == -1) > 1:
            raise VerifyException(f"size_splits {sizes} has more than one -1")
        if any(s < -1 for s in sizes):
            raise VerifyException(f"size_splits {sizes} has a negative size")
        if total == UNKNOWN:
            return [UNKNOWN if s == -1 else s for s in sizes]
        known = sum(s for s in sizes if s != -1)
        if -1 in sizes:
            if known > total:
                raise VerifyException(
                    f"size_splits {sizes} add up to more than the {total} elements of the dim"
                )
            return [total - known if s == -1 else s for s in sizes]
        if known != total:
            raise VerifyException(
                f"size_splits {sizes} add up to {known}, but the split dim has size {total}"
            )
        return sizes

    @classmethod
    def _infer(
        cls, value: SSAValue, size_splits: SSAValue, split_dim: SSAValue, num: int
    ) -> list[Attribute]:
        t = expect_tensor(value, "value")
        _int_operand(size_splits, "size_splits", (1,))
        axis = _scalar_axis(split_dim, "split_dim")
        sizes = constant_ints(size_splits)
        if axis is None:
            return _split_result(t, None, [UNKNOWN] * num)
        axis = normalize_axis(axis, t.get_num_dims(), "split_dim")
        if sizes is None:
            return _split_result(t, axis, [UNKNOWN] * num)
        return _split_result(t, axis, cls._resolve(sizes, _shape(t)[axis], num))

    def infer_result_types(self) -> Sequence[Attribute]:
        return self._infer(self.value, self.size_splits, self.split_dim, _int_prop(self.num_split))


# ---------------------------------------------------------------------------------------------
# Slice, StridedSlice


@irdl_op_definition
class SliceOp(TfOp):
    """Extracts `size` elements from `begin` per dim (size -1 = to the end).
    With constant sizes, `begin` may be known only at run time (not where a size is -1).
    `%y = "tf.Slice"(%x, %b, %s) : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>)
    -> tensor<2x5xf32>`"""

    name = "tf.Slice"
    input = operand_def(TensorType)
    begin = operand_def(TensorType)
    size = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, begin: SSAValue, size: SSAValue):
        super().__init__(
            operands=[input, begin, size], result_types=[self._infer(input, begin, size)]
        )

    @staticmethod
    def resolve(
        input: SSAValue, begin: SSAValue, size: SSAValue, starts: Sequence[int | None] | None
    ) -> tuple[list[int | None], list[int]] | None:
        """Per dim the begin (`starts`: None where known only at run time) and the size, -1
        resolved (unknown for an unknown dim), when the sizes are constant; None when they are
        not."""
        t = expect_tensor(input, "input")
        rank = t.get_num_dims()
        for what, v in (("begin", begin), ("size", size)):
            bt = _int_operand(v, what, (1,))
            if bt.get_shape()[0] not in (rank, UNKNOWN):
                raise VerifyException(f"{what} has {bt.get_shape()[0]} entries for rank {rank}")
        s = constant_ints(size)
        if s is None:
            return None
        if starts is None or len(starts) != rank:
            starts = [None] * rank
        sizes: list[int] = []
        for d, (start, n, dim) in enumerate(zip(starts, s, _shape(t), strict=True)):
            if start is None:
                if n == -1:
                    raise VerifyException(
                        f"size -1 (to the end) of dim {d} needs a constant begin (tf.Const) to "
                        "know the result shape, found one known only at run time"
                    )
                if n < 0 or (dim != UNKNOWN and n > dim):
                    raise VerifyException(
                        f"slice of dim {d} (size {dim}) with size {n} is out of bounds"
                    )
                sizes.append(n)
                continue
            if n == -1:
                n = UNKNOWN if dim == UNKNOWN else dim - start
            if start < 0 or n < -1 or (dim != UNKNOWN and (n < 0 or start + n > dim)):
                raise VerifyException(
                    f"slice of dim {d} (size {dim}) from {start} with size {s[d]} is out of bounds"
                )
            sizes.append(n)
        return list(starts), sizes

    @classmethod
    def _infer(cls, input: SSAValue, begin: SSAValue, size: SSAValue) -> TensorType:
        t = expect_tensor(input, "input")
        # A begin known only at run time (a loop's counter, an index) leaves the sizes static.
        resolved = cls.resolve(input, begin, size, constant_entries(begin))
        if resolved is None:
            return tensor_type(t.element_type, [-1] * t.get_num_dims())
        return tensor_type(t.element_type, resolved[1])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.input, self.begin, self.size)]


NEW_AXIS = -1
SHRINK_AXIS = -2
STRIDED_SLICE_MASKS = (
    "begin_mask",
    "end_mask",
    "ellipsis_mask",
    "new_axis_mask",
    "shrink_axis_mask",
)


@dataclass(frozen=True)
class StridedSliceSpec:
    """StridedSlice resolved against the input shape (TensorFlow's ValidateStridedSliceOp):
    per input dim the first index, the element count and the stride (may be negative), then how
    the result shape gathers those dims (new axes are size 1; shrunk dims are left out).
    `run_time` pairs each shrunk dim whose index is known only at run time with the entry of
    `begin` that holds it; its own `begin` here is 0 (its size 1, its stride 1)."""

    begin: tuple[int, ...]
    sizes: tuple[int, ...]
    strides: tuple[int, ...]
    final_shape: tuple[int, ...]
    run_time: tuple[tuple[int, int], ...] = ()


def _canonical(x: int, masked: bool, is_end: bool, stride: int, n: int) -> int:
    """A begin (or end) index of a dim of size `n`, masked or clamped into its valid range."""
    lo, hi = (0, n) if stride > 0 else (-1, n - 1)
    if masked:
        if stride > 0:
            return hi if is_end else lo
        return lo if is_end else hi
    fwd = x + n if x < 0 else x
    return min(max(fwd, lo), hi)


def strided_slice_spec(
    shape: Sequence[int],
    begin: Sequence[int | None],
    end: Sequence[int | None],
    strides: Sequence[int],
    begin_mask: int,
    end_mask: int,
    ellipsis_mask: int,
    new_axis_mask: int,
    shrink_axis_mask: int,
) -> StridedSliceSpec:
    """The spec of begin, end (None: an entry known only at run time, allowed where TensorFlow
    does not read it, or as the index of a shrunk dim) and strides against `shape`."""
    if not len(begin) == len(end) == len(strides):
        raise VerifyException(
            f"begin, end and strides have different lengths: {len(begin)}, {len(end)}, "
            f"{len(strides)}"
        )
    if ellipsis_mask & (ellipsis_mask - 1):
        raise VerifyException("multiple ellipses in the slice spec are not allowed")
    sparse_dims = len(begin)
    if not ellipsis_mask:
        ellipsis_mask = 1 << sparse_dims  # an implied ellipsis after the last index
        sparse_dims += 1
    after_ellipsis = False
    new_axes_after_ellipsis = 0
    for i in range(sparse_dims):
        if after_ellipsis and new_axis_mask & (1 << i):
            new_axes_after_ellipsis += 1
        if ellipsis_mask & (1 << i):
            after_ellipsis = True

    rank = len(shape)
    # begin, end, stride, begin masked, end masked, shrink, entry of the spec (-1: none)
    dense: list[tuple[int | None, int | None, int, bool, bool, bool, int]] = []
    gather: list[int] = []
    for i in range(sparse_dims):
        bit = 1 << i
        if ellipsis_mask & bit:
            next_index = min(rank - (sparse_dims - i) + 1 + new_axes_after_ellipsis, rank)
            while len(dense) < next_index:
                gather.append(len(dense))
                dense.append((0, 0, 1, True, True, False, -1))
        elif new_axis_mask & bit:
            gather.append(NEW_AXIS)
        else:
            if len(dense) == rank:
                raise VerifyException(
                    f"index {i} of the slice spec is out of range for an input of rank {rank}"
                )
            shrink = bool(shrink_axis_mask & bit)
            gather.append(SHRINK_AXIS if shrink else len(dense))
            bm, em = bool(begin_mask & bit), bool(end_mask & bit)
            dense.append((begin[i], end[i], strides[i], bm, em, shrink, i))
    # A spec shorter than the rank leaves the trailing dims whole (the implied ellipsis).
    while len(dense) < rank:
        gather.append(len(dense))
        dense.append((0, 0, 1, True, True, False, -1))

    starts: list[int] = []
    sizes: list[int] = []
    steps: list[int] = []
    run_time: list[tuple[int, int]] = []
    for d, (b, e, s, bm, em, shrink, entry) in enumerate(dense):
        n = shape[d]
        if s == 0:
            raise VerifyException(f"stride of dim {d} is zero")
        if shrink:
            if s < 0:
                raise VerifyException(
                    f"dim {d} is indexed (shrink_axis_mask) with stride {s}; only a positive "
                    "stride is allowed on non-range indexing"
                )
            if b is None:
                if n == 0:
                    raise VerifyException(f"dim {d} of size 0 is indexed (shrink_axis_mask)")
                run_time.append((d, entry))
                starts.append(0)
                sizes.append(1)
                steps.append(1)
                continue
            if n == UNKNOWN:
                starts.append(b)
                sizes.append(1)
                steps.append(1)
                continue
            fwd = b + n if b < 0 else b
            if not 0 <= fwd < n:
                raise VerifyException(f"slice index {b} of dim {d} is out of bounds (size {n})")
            starts.append(fwd)
            sizes.append(1)
            steps.append(1)
            continue
        if (b is None and not bm) or (e is None and not em):
            which = "begin" if b is None and not bm else "end"
            raise VerifyException(
                f"entry {entry} of the slice spec is a range whose {which} is known only at run "
                "time: it must be a constant (tf.Const) to know the result shape (a run-time "
                "value may only index a dim, shrink_axis_mask)"
            )
        if n == UNKNOWN:
            starts.append(0)
            sizes.append(UNKNOWN)
            steps.append(s)
            continue

        first = _canonical(b or 0, bm, False, s, n)
        last = _canonical(e or 0, em, True, s, n)
        length = last - first
        if length == 0 or (length < 0) != (s < 0):
            size = 0
        else:
            size = -(-abs(length) // abs(s))
        starts.append(first if size else 0)
        sizes.append(size)
        steps.append(s)
    final: list[int] = []
    for g in gather:
        if g == NEW_AXIS:
            final.append(1)
        elif g >= 0:
            final.append(sizes[g])
    return StridedSliceSpec(
        tuple(starts), tuple(sizes), tuple(steps), tuple(final), tuple(run_time)
    )


@irdl_op_definition
class StridedSliceOp(TfOp):
    """Python-style slicing `input[begin:end:strides]` with TensorFlow's masks (begin, end,
    ellipsis, new_axis, shrink_axis) and negative strides. The index of a shrunk dim (`x[i]`)
    may be known only at run time; ranges need constant bounds.
    `%y = "tf.StridedSlice"(%x, %b, %e, %s) <{shrink_axis_mask = 1 : i64, ...}>
    : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<5xf32>`"""

    name = "tf.StridedSlice"
    input = operand_def(TensorType)
    begin = operand_def(TensorType)
    end = operand_def(TensorType)
    strides = operand_def(TensorType)
    output = result_def(TensorType)
    begin_mask = prop_def(IntegerAttr, default_value=int_attr(0))
    end_mask = prop_def(IntegerAttr, default_value=int_attr(0))
    ellipsis_mask = prop_def(IntegerAttr, default_value=int_attr(0))
    new_axis_mask = prop_def(IntegerAttr, default_value=int_attr(0))
    shrink_axis_mask = prop_def(IntegerAttr, default_value=int_attr(0))
    traits = traits_def(Pure())

    def __init__(
        self,
        input: SSAValue,
        begin: SSAValue,
        end: SSAValue,
        strides: SSAValue,
        begin_mask: int = 0,
        end_mask: int = 0,
        ellipsis_mask: int = 0,
        new_axis_mask: int = 0,
        shrink_axis_mask: int = 0,
    ):
        masks = (begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask)
        props: dict[str, Attribute] = {
            name: int_attr(v) for name, v in zip(STRIDED_SLICE_MASKS, masks, strict=True)
        }
        super().__init__(
            operands=[input, begin, end, strides],
            properties=props,
            result_types=[self._infer(input, begin, end, strides, masks)],
        )

    def masks(self) -> tuple[int, ...]:
        return tuple(_int_prop(getattr(self, name)) for name in STRIDED_SLICE_MASKS)

    @staticmethod
    def _spec(
        input: SSAValue,
        begin: SSAValue,
        end: SSAValue,
        strides: SSAValue,
        masks: Sequence[int],
    ) -> StridedSliceSpec | None:
        t = expect_tensor(input, "input")
        for what, v in (("begin", begin), ("end", end), ("strides", strides)):
            _int_operand(v, what, (1,))
        b, e, s = constant_entries(begin), constant_entries(end), constant_ints(strides)
        if b is None or e is None or s is None:
            return None
        return strided_slice_spec(_shape(t), b, e, s, *masks)

    def spec(self) -> StridedSliceSpec | None:
        return self._spec(self.input, self.begin, self.end, self.strides, self.masks())

    @classmethod
    def _infer(
        cls,
        input: SSAValue,
        begin: SSAValue,
        end: SSAValue,
        strides: SSAValue,
        masks: Sequence[int],
    ) -> TensorType:
        t = expect_tensor(input, "input")
        spec = cls._spec(input, begin, end, strides, masks)
        if spec is None:
            raise VerifyException(
                "strides must be a constant (tf.Const), begin and end of known length, to know "
                "the result shape"
            )
        return tensor_type(t.element_type, spec.final_shape)

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.input, self.begin, self.end, self.strides, self.masks())]


# ---------------------------------------------------------------------------------------------
# Pad, PadV2, MirrorPad


def _paddings(
    input: SSAValue, paddings: SSAValue
) -> tuple[TensorType, list[tuple[int, int]] | None]:
    t = expect_tensor(input, "input")
    pt = _int_operand(paddings, "paddings", (2,))
    rank = t.get_num_dims()
    if _shape(pt) not in ([rank, 2], [UNKNOWN, 2], [rank, UNKNOWN], [UNKNOWN, UNKNOWN]):
        raise VerifyException(f"paddings must have shape [{rank},2], found {pt}")
    values = constant_ints(paddings)
    if values is None:
        return t, None
    pairs = [(values[2 * i], values[2 * i + 1]) for i in range(rank)]
    for d, (lo, hi) in enumerate(pairs):
        if lo < 0 or hi < 0:
            raise VerifyException(f"paddings of dim {d} must be non-negative, found [{lo}, {hi}]")
    return t, pairs


def _padded(t: TensorType, pairs: list[tuple[int, int]] | None) -> TensorType:
    if pairs is None:
        return tensor_type(t.element_type, [-1] * t.get_num_dims())
    return tensor_type(
        t.element_type,
        [
            UNKNOWN if n == UNKNOWN else n + lo + hi
            for n, (lo, hi) in zip(_shape(t), pairs, strict=True)
        ],
    )


class _PadBase(TfOp):
    def pairs(self) -> list[tuple[int, int]] | None:
        return _paddings(self.operands[0], self.operands[1])[1]


@irdl_op_definition
class PadOp(_PadBase):
    """Pads with zeros: `paddings` [rank, 2] gives the count before and after each dim.
    `%y = "tf.Pad"(%x, %p) : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<4x5xf32>`"""

    name = "tf.Pad"
    input = operand_def(TensorType)
    paddings = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, paddings: SSAValue):
        super().__init__(
            operands=[input, paddings], result_types=[_padded(*_paddings(input, paddings))]
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        return [_padded(*_paddings(self.input, self.paddings))]


@irdl_op_definition
class PadV2Op(_PadBase):
    """Pads with the rank-0 `constant_values`.
    `%y = "tf.PadV2"(%x, %p, %c) : (tensor<2x3xf32>, tensor<2x2xi32>, tensor<f32>)
    -> tensor<4x5xf32>`"""

    name = "tf.PadV2"
    input = operand_def(TensorType)
    paddings = operand_def(TensorType)
    constant_values = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, paddings: SSAValue, constant_values: SSAValue):
        super().__init__(
            operands=[input, paddings, constant_values],
            result_types=[_padded(*_paddings(input, paddings))],
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.input, "input")
        c = expect_tensor(self.constant_values, "constant_values")
        if c.get_num_dims() != 0 or c.element_type != t.element_type:
            raise VerifyException(
                f"constant_values must be a rank-0 tensor of {t.element_type}, found {c}"
            )
        return [_padded(*_paddings(self.input, self.paddings))]


@irdl_op_definition
class MirrorPadOp(_PadBase):
    """Pads by mirroring the input: mode REFLECT (edge not repeated; pad < dim) or SYMMETRIC
    (edge repeated; pad <= dim).
    `%y = "tf.MirrorPad"(%x, %p) <{mode = "REFLECT"}> : (tensor<3xf32>, tensor<1x2xi32>)
    -> tensor<5xf32>`"""

    name = "tf.MirrorPad"
    input = operand_def(TensorType)
    paddings = operand_def(TensorType)
    output = result_def(TensorType)
    mode = prop_def(StringAttr)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, paddings: SSAValue, mode: str):
        super().__init__(
            operands=[input, paddings],
            properties={"mode": StringAttr(mode)},
            result_types=[_padded(*_paddings(input, paddings))],
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        mode = self.mode.data
        if mode not in ("REFLECT", "SYMMETRIC"):
            raise VerifyException(f"mode must be REFLECT or SYMMETRIC, found '{mode}'")
        t, pairs = _paddings(self.input, self.paddings)
        if pairs is not None:
            extra = 0 if mode == "SYMMETRIC" else 1
            for d, (n, (lo, hi)) in enumerate(zip(_shape(t), pairs, strict=True)):
                if n != UNKNOWN and max(lo, hi) > n - extra:
                    limit = "at most" if extra == 0 else "less than"
                    raise VerifyException(
                        f"paddings of dim {d} ([{lo}, {hi}]) must be {limit} its size {n} in "
                        f"{mode} mode"
                    )
        return [_padded(t, pairs)]


# ---------------------------------------------------------------------------------------------
# Tile, BroadcastTo, Fill, ZerosLike, OnesLike


# ---------------------------------------------------------------------------------------------
# SpaceToBatchND, BatchToSpaceND (what a dilated convolution is built of)


def _block_dims(
    input: SSAValue, block_shape: SSAValue, pairs_operand: SSAValue, what: str
) -> tuple[TensorType, list[tuple[int, int, int, int]] | None]:
    """The input type and, when `block_shape` and the [M, 2] `what` (paddings or crops) are
    constants, (size, block, before, after) for each of the M dims after the batch, checked."""
    t = expect_tensor(input, "input")
    bt = _int_operand(block_shape, "block_shape", (1,))
    pt = _int_operand(pairs_operand, what, (2,))
    m = _shape(bt)[0]
    if m != UNKNOWN and (m < 1 or m >= t.get_num_dims()):
        raise VerifyException(
            f"block_shape must have 1 to {t.get_num_dims() - 1} values (the dims after the "
            f"batch of {t}), found {m}"
        )
    rows, columns = _shape(pt)
    if columns not in (2, UNKNOWN) or (m != UNKNOWN and rows not in (m, UNKNOWN)):
        raise VerifyException(f"{what} must have shape [{m}, 2] (block_shape's M), found {pt}")
    blocks = constant_ints(block_shape)
    values = constant_ints(pairs_operand)
    if blocks is not None and any(b < 1 for b in blocks):
        raise VerifyException(f"block_shape must be positive, found {blocks}")
    if values is not None and any(v < 0 for v in values):
        raise VerifyException(f"{what} must be non-negative, found {values}")
    if blocks is None or values is None:
        return t, None
    if len(values) != 2 * len(blocks):
        raise VerifyException(f"{what} must have shape [{len(blocks)}, 2], found {pt}")
    shape = _shape(t)
    return t, [
        (shape[i + 1], block, values[2 * i], values[2 * i + 1]) for i, block in enumerate(blocks)
    ]


@irdl_op_definition
class SpaceToBatchNDOp(TfOp):
    """Zero-pads the M dims after the batch, then moves each one's block positions into the batch.
    `paddings` [M, 2] pads; `block_shape` [M] gives the blocks: batch B becomes
    B * prod(block_shape), padded dim i becomes padded_i / block_i.
    `%y = "tf.SpaceToBatchND"(%x, %b, %p) : (tensor<1x6x3xf32>, tensor<1xi32>, tensor<1x2xi32>)
    -> tensor<2x3x3xf32>`"""

    name = "tf.SpaceToBatchND"
    input = operand_def(TensorType)
    block_shape = operand_def(TensorType)
    paddings = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, block_shape: SSAValue, paddings: SSAValue):
        super().__init__(
            operands=[input, block_shape, paddings],
            result_types=[self._infer(input, block_shape, paddings)],
        )

    @staticmethod
    def _infer(input: SSAValue, block_shape: SSAValue, paddings: SSAValue) -> TensorType:
        t, dims = _block_dims(input, block_shape, paddings, "paddings")
        shape = _shape(t)
        if dims is None:
            return tensor_type(t.element_type, [UNKNOWN] * len(shape))
        total = int(np.prod([block for _, block, _, _ in dims]))
        out = [UNKNOWN if shape[0] == UNKNOWN else shape[0] * total]
        for i, (n, block, lo, hi) in enumerate(dims):
            if n != UNKNOWN and (n + lo + hi) % block:
                raise VerifyException(
                    f"dim {i + 1} padded to {n + lo + hi} is not a multiple of its block "
                    f"size {block}"
                )
            out.append(UNKNOWN if n == UNKNOWN else (n + lo + hi) // block)
        return tensor_type(t.element_type, out + shape[len(dims) + 1 :])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.input, self.block_shape, self.paddings)]


@irdl_op_definition
class BatchToSpaceNDOp(TfOp):
    """Moves block positions out of the batch into the M dims after it, then crops them.
    SpaceToBatchND's inverse: with `block_shape` [M], batch B becomes B / prod(block_shape) and
    dim i becomes dim_i * block_i, less the `crops` [M, 2].
    `%y = "tf.BatchToSpaceND"(%x, %b, %c) : (tensor<2x3x3xf32>, tensor<1xi32>, tensor<1x2xi32>)
    -> tensor<1x6x3xf32>`"""

    name = "tf.BatchToSpaceND"
    input = operand_def(TensorType)
    block_shape = operand_def(TensorType)
    crops = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, block_shape: SSAValue, crops: SSAValue):
        super().__init__(
            operands=[input, block_shape, crops],
            result_types=[self._infer(input, block_shape, crops)],
        )

    @staticmethod
    def _infer(input: SSAValue, block_shape: SSAValue, crops: SSAValue) -> TensorType:
        t, dims = _block_dims(input, block_shape, crops, "crops")
        shape = _shape(t)
        if dims is None:
            return tensor_type(t.element_type, [UNKNOWN] * len(shape))
        total = int(np.prod([block for _, block, _, _ in dims]))
        if shape[0] != UNKNOWN and shape[0] % total:
            raise VerifyException(
                f"batch {shape[0]} is not a multiple of the block sizes' product {total}"
            )
        out = [UNKNOWN if shape[0] == UNKNOWN else shape[0] // total]
        for i, (n, block, lo, hi) in enumerate(dims):
            if n != UNKNOWN and lo + hi > n * block:
                raise VerifyException(
                    f"crops [{lo}, {hi}] of dim {i + 1} exceed its size {n * block}"
                )
            out.append(UNKNOWN if n == UNKNOWN else n * block - lo - hi)
        return tensor_type(t.element_type, out + shape[len(dims) + 1 :])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.input, self.block_shape, self.crops)]


@irdl_op_definition
class RollOp(TfOp):
    """Rotates `input` by the constant `shift` along the constant `axis`.
    Element i moves to (i + shift) mod size; shift and axis are scalars or 1-D of one length,
    and shifts of the same axis add.
    `%y = "tf.Roll"(%x, %s, %a) : (tensor<2x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x5xf32>`"""

    name = "tf.Roll"
    input = operand_def(TensorType)
    shift = operand_def(TensorType)
    axis = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, shift: SSAValue, axis: SSAValue):
        super().__init__(operands=[input, shift, axis], result_types=[input.type])

    def shifts(self) -> dict[int, int] | None:
        """Total shift per dim (non-negative dims), or None while not constant."""
        t = expect_tensor(self.input, "input")
        _int_operand(self.shift, "shift", (0, 1))
        _int_operand(self.axis, "axis", (0, 1))
        shifts, axes = constant_ints(self.shift), constant_ints(self.axis)
        if shifts is None or axes is None:
            return None
        if len(shifts) != len(axes):
            raise VerifyException(
                f"shift and axis must have as many values, found {len(shifts)} and {len(axes)}"
            )
        total: dict[int, int] = {}
        for shift, axis in zip(shifts, axes, strict=True):
            dim = normalize_axis(axis, t.get_num_dims())
            total[dim] = total.get(dim, 0) + shift
        return total

    def infer_result_types(self) -> Sequence[Attribute]:
        self.shifts()
        return [expect_tensor(self.input, "input")]


class _BlockRearrangeOp(TfOp):
    """Shared structure of DepthToSpace and SpaceToDepth (NHWC, `block_size` >= 2)."""

    input = operand_def(TensorType)
    output = result_def(TensorType)
    block_size = prop_def(IntegerAttr)
    data_format = prop_def(StringAttr, default_value=StringAttr("NHWC"))
    traits = traits_def(Pure())

    TO_SPACE: ClassVar[bool] = True
    """DepthToSpace (else SpaceToDepth)."""

    def __init__(self, input: SSAValue, block_size: int, data_format: str = "NHWC"):
        props = {"block_size": int_attr(block_size), "data_format": StringAttr(data_format)}
        result = self._infer(input, block_size, data_format)
        super().__init__(operands=[input], properties=props, result_types=[result])

    def block(self) -> int:
        return _int_prop(self.block_size)

    @classmethod
    def _infer(cls, input: SSAValue, block: int, data_format: str) -> TensorType:
        t = expect_tensor(input, "input")
        if data_format != "NHWC":
            raise VerifyException(f"data_format must be NHWC, found '{data_format}'")
        if t.get_num_dims() != 4:
            raise VerifyException(f"input must be a 4-D NHWC tensor, found {t}")
        if block < 2:
            raise VerifyException(f"block_size must be at least 2, found {block}")
        return tensor_type(t.element_type, cls._rearranged(_shape(t), block))

    @classmethod
    def _rearranged(cls, shape: list[int], block: int) -> list[int]:
        n, h, w, c = shape
        if cls.TO_SPACE:
            if c != UNKNOWN and c % (block * block):
                raise VerifyException(
                    f"depth {c} is not a multiple of block_size^2 = {block * block}"
                )
            scale = [UNKNOWN if d == UNKNOWN else d * block for d in (h, w)]
            return [n, *scale, UNKNOWN if c == UNKNOWN else c // (block * block)]
        for what, d in (("height", h), ("width", w)):
            if d != UNKNOWN and d % block:
                raise VerifyException(f"{what} {d} is not a multiple of block_size {block}")
        small = [UNKNOWN if d == UNKNOWN else d // block for d in (h, w)]
        return [n, *small, UNKNOWN if c == UNKNOWN else c * block * block]

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.input, self.block(), self.data_format.data)]


@irdl_op_definition
class DepthToSpaceOp(_BlockRearrangeOp):
    """Moves depth into blocks of `block_size` x `block_size` pixels (NHWC).
    [N, H, W, C] -> [N, H b, W b, C / b^2]: out[n, h b + i, w b + j, c] =
    in[n, h, w, (i b + j) C/b^2 + c]."""

    name = "tf.DepthToSpace"
    TO_SPACE: ClassVar[bool] = True


@irdl_op_definition
class SpaceToDepthOp(_BlockRearrangeOp):
    """Moves blocks of `block_size` x `block_size` pixels into depth (NHWC).
    [N, H, W, C] -> [N, H / b, W / b, C b^2]: DepthToSpace's inverse."""

    name = "tf.SpaceToDepth"
    TO_SPACE: ClassVar[bool] = False


@irdl_op_definition
class TileOp(TfOp):
    """Repeats `input` `multiples[i]` times along dim i.
    `%y = "tf.Tile"(%x, %m) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>`"""

    name = "tf.Tile"
    input = operand_def(TensorType)
    multiples = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, multiples: SSAValue):
        super().__init__(operands=[input, multiples], result_types=[self._infer(input, multiples)])

    @staticmethod
    def repeats(input: SSAValue, multiples: SSAValue) -> list[int] | None:
        t = expect_tensor(input, "input")
        mt = _int_operand(multiples, "multiples", (1,))
        if mt.get_shape()[0] not in (t.get_num_dims(), UNKNOWN):
            raise VerifyException(
                f"multiples has {mt.get_shape()[0]} entries for an input of rank {t.get_num_dims()}"
            )
        values = constant_ints(multiples)
        if values is not None and any(m < 0 for m in values):
            raise VerifyException(f"multiples {values} has a negative entry")
        return values

    @classmethod
    def _infer(cls, input: SSAValue, multiples: SSAValue) -> TensorType:
        t = expect_tensor(input, "input")
        reps = cls.repeats(input, multiples)
        if reps is None:
            return tensor_type(t.element_type, [-1] * t.get_num_dims())
        return tensor_type(
            t.element_type,
            [UNKNOWN if n == UNKNOWN else n * m for n, m in zip(_shape(t), reps, strict=True)],
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.input, self.multiples)]


def _shape_operand(value: SSAValue, what: str) -> list[int] | None:
    _int_operand(value, what, (1,))
    values = constant_ints(value)
    if values is not None and any(d < 0 for d in values):
        raise VerifyException(f"{what} {values} has a negative dim")
    return values


def _dims_of_unknown(value: SSAValue) -> list[int]:
    n = expect_tensor(value, "shape").get_shape()[0]
    if n == UNKNOWN:
        raise VerifyException("shape operand has unknown length")
    return [-1] * n


@irdl_op_definition
class BroadcastToOp(TfOp):
    """Broadcasts `input` to the 1-D `shape` operand (numpy rules).
    `%y = "tf.BroadcastTo"(%x, %s) : (tensor<3xf32>, tensor<2xi32>) -> tensor<2x3xf32>`"""

    name = "tf.BroadcastTo"
    input = operand_def(TensorType)
    shape = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, shape: SSAValue):
        super().__init__(operands=[input, shape], result_types=[self._infer(input, shape)])

    @staticmethod
    def _infer(input: SSAValue, shape: SSAValue) -> TensorType:
        t = expect_tensor(input, "input")
        target = _shape_operand(shape, "shape")
        if target is None:
            return tensor_type(t.element_type, _dims_of_unknown(shape))
        joined = broadcast_shapes(_shape(t), target)
        if joined is None or len(target) < t.get_num_dims() or list(joined) != target:
            raise VerifyException(
                f"cannot broadcast {format_shape(_shape(t))} to {format_shape(target)}"
            )
        return TensorType(t.element_type, target)

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.input, self.shape)]


@irdl_op_definition
class BroadcastArgsOp(TfOp):
    """The shape two shapes broadcast to (numpy rules), both 1-D integer tensors of one type.
    `%s = "tf.BroadcastArgs"(%a, %b) : (tensor<2xi32>, tensor<3xi32>) -> tensor<3xi32>`"""

    name = "tf.BroadcastArgs"
    s0 = operand_def(TensorType)
    s1 = operand_def(TensorType)
    r0 = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, s0: SSAValue, s1: SSAValue):
        super().__init__(operands=[s0, s1], result_types=[self._infer(s0, s1)])

    @staticmethod
    def _infer(s0: SSAValue, s1: SSAValue) -> TensorType:
        a, b = expect_tensor(s0, "s0"), expect_tensor(s1, "s1")
        if a.element_type != b.element_type or not isinstance(a.element_type, IntegerType):
            raise VerifyException(f"s0 and s1 must be integer vectors of one type, found {a}, {b}")
        if a.get_num_dims() != 1 or b.get_num_dims() != 1:
            raise VerifyException(f"s0 and s1 must be 1-D, found {a} and {b}")
        na, nb = a.get_shape()[0], b.get_shape()[0]
        rank = DYNAMIC_INDEX if DYNAMIC_INDEX in (na, nb) else max(na, nb)
        target = (_shape_operand(s0, "s0"), _shape_operand(s1, "s1"))
        if target[0] is not None and target[1] is not None:
            if broadcast_shapes(target[0], target[1]) is None:
                raise VerifyException(
                    f"shapes {format_shape(target[0])} and {format_shape(target[1])} do not "
                    "broadcast"
                )
        return TensorType(a.element_type, [rank])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.s0, self.s1)]


@irdl_op_definition
class FillOp(TfOp):
    """A tensor of shape `dims` whose every element is the rank-0 `value`.
    `%y = "tf.Fill"(%d, %v) : (tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>`"""

    name = "tf.Fill"
    dims = operand_def(TensorType)
    value = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, dims: SSAValue, value: SSAValue):
        super().__init__(operands=[dims, value], result_types=[self._infer(dims, value)])

    @staticmethod
    def _infer(dims: SSAValue, value: SSAValue) -> TensorType:
        v = expect_tensor(value, "value")
        if v.get_num_dims() != 0:
            raise VerifyException(f"value must be a rank-0 tensor, found {v}")
        target = _shape_operand(dims, "dims")
        if target is None:
            return tensor_type(v.element_type, _dims_of_unknown(dims))
        return TensorType(v.element_type, target)

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.dims, self.value)]


class _LikeOp(TfOp):
    x = operand_def(TensorType)
    y = result_def(TensorType)
    traits = traits_def(Pure())
    FILL: ClassVar[float] = 0.0

    def __init__(self, x: SSAValue):
        super().__init__(operands=[x], result_types=[x.type])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [expect_tensor(self.x, "x")]


@irdl_op_definition
class ZerosLikeOp(_LikeOp):
    """A tensor of zeros (false for bool) with the type of `x`.
    `%y = "tf.ZerosLike"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>`"""

    name = "tf.ZerosLike"
    FILL: ClassVar[float] = 0.0


@irdl_op_definition
class OnesLikeOp(_LikeOp):
    """A tensor of ones (true for bool) with the type of `x`.
    `%y = "tf.OnesLike"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>`"""

    name = "tf.OnesLike"
    FILL: ClassVar[float] = 1.0


# ---------------------------------------------------------------------------------------------
# Range, OneHot


@irdl_op_definition
class RangeOp(TfOp):
    """The 1-D sequence start, start + delta, ... up to (not including) limit.
    `%y = "tf.Range"(%s, %l, %d) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<5xi32>`"""

    name = "tf.Range"
    start = operand_def(TensorType)
    limit = operand_def(TensorType)
    delta = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, start: SSAValue, limit: SSAValue, delta: SSAValue):
        super().__init__(
            operands=[start, limit, delta], result_types=[self._infer(start, limit, delta)]
        )

    @staticmethod
    def compute(start: SSAValue, limit: SSAValue, delta: SSAValue) -> np.ndarray | None:
        types = [
            expect_tensor(v, w) for v, w in ((start, "start"), (limit, "limit"), (delta, "delta"))
        ]
        element = types[0].element_type
        for t, what in zip(types, ("start", "limit", "delta"), strict=True):
            if t.get_num_dims() != 0:
                raise VerifyException(f"{what} must be a rank-0 tensor, found {t}")
            if t.element_type != element:
                raise VerifyException("start, limit and delta have different element types")
        values = [constant_value(v) for v in (start, limit, delta)]
        if any(v is None for v in values):
            return None
        dtype = numpy_dtype_for(element)
        s, lim, d = (np.asarray(v, dtype=dtype).reshape(()) for v in values)
        if d == 0:
            raise VerifyException("delta must not be zero")
        if d > 0 and s > lim:
            raise VerifyException(f"start ({s}) must be <= limit ({lim}) when delta > 0")
        if d < 0 and s < lim:
            raise VerifyException(f"start ({s}) must be >= limit ({lim}) when delta < 0")
        # As TensorFlow's kernel: the size in the element type, values by repeated addition.
        with np.errstate(all="ignore"):
            if is_float(element):
                n = int(np.ceil(np.abs((lim - s) / d)))
            else:
                n = int((np.abs(lim - s) + np.abs(d) - 1) // np.abs(d))
            out = np.empty(n, dtype=dtype)
            value = s
            for i in range(n):
                out[i] = value
                value = (value + d).astype(dtype)
        return out

    @classmethod
    def _infer(cls, start: SSAValue, limit: SSAValue, delta: SSAValue) -> TensorType:
        element = expect_tensor(start, "start").element_type
        value = cls.compute(start, limit, delta)
        return tensor_type(element, [-1 if value is None else value.shape[0]])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.start, self.limit, self.delta)]


@irdl_op_definition
class LinSpaceOp(TfOp):
    """`num` evenly spaced values from `start` to `stop` (both included), as TensorFlow's kernel
    computes them: start + i * ((stop - start) / (num - 1)), the last one exactly `stop`.
    `num` is the result's size: until it is a constant, the size is unknown.
    `%y = "tf.LinSpace"(%a, %b, %n) : (tensor<f32>, tensor<f32>, tensor<i32>) -> tensor<5xf32>`"""

    name = "tf.LinSpace"
    start = operand_def(TensorType)
    stop = operand_def(TensorType)
    num = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, start: SSAValue, stop: SSAValue, num: SSAValue):
        super().__init__(operands=[start, stop, num], result_types=[self._infer(start, stop, num)])

    @staticmethod
    def count(start: SSAValue, stop: SSAValue, num: SSAValue) -> int | None:
        """The number of values (None while `num` is not a constant), after TensorFlow's checks
        of the operands."""
        for what, v in (("start", start), ("stop", stop), ("num", num)):
            if expect_tensor(v, what).get_num_dims() != 0:
                raise VerifyException(f"{what} must be a rank-0 tensor, found {v.type}")
        element = expect_tensor(start, "start").element_type
        if not is_float(element) or expect_tensor(stop, "stop").element_type != element:
            raise VerifyException(
                f"start and stop must be floats of one type, found {start.type} and {stop.type}"
            )
        n = constant_value(num)
        if n is None:
            return None
        count = int(n.reshape(()))
        if count < 1:
            raise VerifyException(f"num must be positive, found {count}")
        return count

    @classmethod
    def compute(cls, start: SSAValue, stop: SSAValue, num: SSAValue) -> np.ndarray | None:
        """The values when start and stop are constants too, else None."""
        count = cls.count(start, stop, num)
        a, b = constant_value(start), constant_value(stop)
        if count is None or a is None or b is None:
            return None
        dtype = numpy_dtype_for(expect_tensor(start, "start").element_type)
        first, last = np.asarray(a, dtype).reshape(()), np.asarray(b, dtype).reshape(())
        if count == 1:
            return np.array([first], dtype)
        step = (last - first) / dtype.type(count - 1)
        out: np.ndarray = (first + step * np.arange(count, dtype=dtype)).astype(dtype)
        out[-1] = last
        return out

    @classmethod
    def _infer(cls, start: SSAValue, stop: SSAValue, num: SSAValue) -> TensorType:
        element = expect_tensor(start, "start").element_type
        count = cls.count(start, stop, num)
        return tensor_type(element, [-1 if count is None else count])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.start, self.stop, self.num)]


@irdl_op_definition
class OneHotOp(TfOp):
    """One-hot encoding: a new dim of size `depth` at `axis` (-1 = last) holds `on_value` where
    its index equals `indices`, else `off_value`.
    `%y = "tf.OneHot"(%i, %d, %on, %off) <{axis = -1 : i64}>
    : (tensor<3xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<3x4xf32>`"""

    name = "tf.OneHot"
    indices = operand_def(TensorType)
    depth = operand_def(TensorType)
    on_value = operand_def(TensorType)
    off_value = operand_def(TensorType)
    output = result_def(TensorType)
    axis = prop_def(IntegerAttr, default_value=int_attr(-1))
    traits = traits_def(Pure())

    def __init__(
        self,
        indices: SSAValue,
        depth: SSAValue,
        on_value: SSAValue,
        off_value: SSAValue,
        axis: int = -1,
    ):
        super().__init__(
            operands=[indices, depth, on_value, off_value],
            properties={"axis": int_attr(axis)},
            result_types=[self._infer(indices, depth, on_value, off_value, axis)],
        )

    def dim(self) -> int:
        rank = expect_tensor(self.indices, "indices").get_num_dims()
        axis = _int_prop(self.axis)
        return rank if axis == -1 else axis

    @staticmethod
    def _infer(
        indices: SSAValue, depth: SSAValue, on: SSAValue, off: SSAValue, axis: int
    ) -> TensorType:
        it = _int_operand(indices, "indices", range(0, 64))
        _int_operand(depth, "depth", (0,))
        on_t, off_t = expect_tensor(on, "on_value"), expect_tensor(off, "off_value")
        for t, what in ((on_t, "on_value"), (off_t, "off_value")):
            if t.get_num_dims() != 0:
                raise VerifyException(f"{what} must be a rank-0 tensor, found {t}")
        if on_t.element_type != off_t.element_type:
            raise VerifyException(
                f"on_value and off_value have different element types: {on_t.element_type} "
                f"and {off_t.element_type}"
            )
        rank = it.get_num_dims()
        if not -1 <= axis <= rank:
            raise VerifyException(f"axis {axis} is out of range (expected -1 to {rank})")
        values = constant_ints(depth)
        n = UNKNOWN if values is None else values[0]
        if n != UNKNOWN and n < 0:
            raise VerifyException(f"depth must be non-negative, found {n}")
        d = rank if axis == -1 else axis
        shape = _shape(it)
        return tensor_type(on_t.element_type, shape[:d] + [n] + shape[d:])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [
            self._infer(
                self.indices, self.depth, self.on_value, self.off_value, _int_prop(self.axis)
            )
        ]


@irdl_op_definition
class MatrixBandPartOp(TfOp):
    """Zeroes each innermost matrix outside a band: element (m, n) is kept where
    (num_lower < 0 or m - n <= num_lower) and (num_upper < 0 or n - m <= num_upper).
    `%y = "tf.MatrixBandPart"(%x, %lo, %hi) : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> ...`
    (Keras' causal attention mask is MatrixBandPart(ones, -1, 0).)"""

    name = "tf.MatrixBandPart"
    input = operand_def(TensorType)
    num_lower = operand_def(TensorType)
    num_upper = operand_def(TensorType)
    band = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, num_lower: SSAValue, num_upper: SSAValue):
        super().__init__(operands=[input, num_lower, num_upper], result_types=[input.type])

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.input, "input")
        if t.get_num_dims() < 2:
            raise VerifyException(f"input must have rank >= 2, found {t}")
        for value, what in ((self.num_lower, "num_lower"), (self.num_upper, "num_upper")):
            _int_operand(value, what, (0,))
        return [t]

    def bounds(self) -> tuple[int, int] | None:
        """(num_lower, num_upper) when both are constants."""
        lower, upper = constant_ints(self.num_lower), constant_ints(self.num_upper)
        if lower is None or upper is None:
            return None
        return lower[0], upper[0]


def diagonal_band(k: SSAValue) -> tuple[int, int] | None:
    """The diagonals (k0, k1), k0 <= k1, that `k` names (a scalar: one); None when `k` is not a
    constant."""
    _int_operand(k, "k", (0, 1))
    values = constant_ints(k)
    if values is None:
        return None
    if len(values) not in (1, 2):
        raise VerifyException(f"k must be one value or two, found {len(values)}")
    low, high = values[0], values[-1]
    if low > high:
        raise VerifyException(f"k = {values}: the first diagonal must not be above the second")
    return low, high


ALIGNMENTS = ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT")
"""MatrixDiagPartV3's `align`: how superdiagonals, then subdiagonals, sit in a band's rows."""


def left_aligned(d: int, align: str) -> bool:
    """Whether diagonal d of a band starts at the left of its padded row (the main diagonal
    goes left when either side does, as TensorFlow's kernel places it)."""
    superdiagonals, subdiagonals = align.split("_")
    return (d >= 0 and superdiagonals == "LEFT") or (d <= 0 and subdiagonals == "LEFT")


def diagonal_offset(k: SSAValue) -> int | None:
    """The one diagonal `k` names (a scalar, or [k, k]); None when `k` is not a constant. A band
    of diagonals (k = [k0, k1], k0 < k1) is refused."""
    _int_operand(k, "k", (0, 1))
    values = constant_ints(k)
    if values is None:
        return None
    if len(values) not in (1, 2):
        raise VerifyException(f"k must be one value or two, found {len(values)}")
    if len(values) == 2 and values[0] != values[1]:
        raise VerifyException(
            f"k = {values} is a band of diagonals; one diagonal (k0 == k1) is supported"
        )
    return values[0]


def _check_padding_value(pad: SSAValue, like: TensorType) -> None:
    p = expect_tensor(pad, "padding_value")
    if p.get_num_dims() != 0 or p.element_type != like.element_type:
        raise VerifyException(f"padding_value must be a scalar {like.element_type}, found {p}")


def diagonal_length(rows: int, cols: int, k: int) -> int:
    """Elements of diagonal `k` (0: main, > 0 above it) of a rows x cols matrix."""
    return min(rows + min(k, 0), cols - max(k, 0))


@irdl_op_definition
class MatrixDiagV3Op(TfOp):
    """A batch of matrices holding `diagonal` [..., N] on diagonal k (0: the main one, > 0 above
    it) and `padding_value` elsewhere: out[..., i, j] = diagonal[..., j - max(k, 0)] where
    j - i = k. num_rows / num_cols of -1 are the smallest that fit (both -1: square).
    `%m = "tf.MatrixDiagV3"(%d, %k, %rows, %cols, %pad) : (tensor<4xf32>, tensor<i32>,
    tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<4x4xf32>` (tf.eye and tf.linalg.diag make
    it)."""

    name = "tf.MatrixDiagV3"
    diagonal = operand_def(TensorType)
    k = operand_def(TensorType)
    num_rows = operand_def(TensorType)
    num_cols = operand_def(TensorType)
    padding_value = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(
        self,
        diagonal: SSAValue,
        k: SSAValue,
        num_rows: SSAValue,
        num_cols: SSAValue,
        padding_value: SSAValue,
    ):
        operands = [diagonal, k, num_rows, num_cols, padding_value]
        super().__init__(operands=operands, result_types=[self._infer(*operands)])

    @staticmethod
    def _infer(
        diagonal: SSAValue, k: SSAValue, num_rows: SSAValue, num_cols: SSAValue, pad: SSAValue
    ) -> TensorType:
        d = expect_tensor(diagonal, "diagonal")
        if d.get_num_dims() < 1:
            raise VerifyException(f"diagonal must have rank >= 1, found {d}")
        _check_padding_value(pad, d)
        offset = diagonal_offset(k)
        _int_operand(num_rows, "num_rows", (0,))
        _int_operand(num_cols, "num_cols", (0,))
        shape = _shape(d)
        n = shape[-1]
        rows, cols = constant_ints(num_rows), constant_ints(num_cols)
        if offset is None or n == UNKNOWN or rows is None or cols is None:
            return tensor_type(d.element_type, shape[:-1] + [UNKNOWN, UNKNOWN])
        m, c = rows[0], cols[0]
        fewest_rows, fewest_cols = n + max(-offset, 0), n + max(offset, 0)
        if m == -1 and c == -1:
            m = c = max(fewest_rows, fewest_cols)
        elif m == -1:
            m = fewest_rows
        elif c == -1:
            c = fewest_cols
        if m < 0 or c < 0 or diagonal_length(m, c, offset) != n:
            raise VerifyException(
                f"diagonal {offset} of a {m}x{c} matrix has "
                f"{max(diagonal_length(m, c, offset), 0)} elements, but the diagonal has {n}"
            )
        return tensor_type(d.element_type, shape[:-1] + [m, c])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [
            self._infer(self.diagonal, self.k, self.num_rows, self.num_cols, self.padding_value)
        ]


@irdl_op_definition
class MatrixDiagPartV3Op(TfOp):
    """Diagonal k of each innermost matrix of `input` [..., M, N]: out[..., t] =
    input[..., t + max(-k, 0), t + max(k, 0)] ([..., L], L its length).
    `%d = "tf.MatrixDiagPartV3"(%x, %k, %pad) : (tensor<3x4xf32>, tensor<i32>, tensor<f32>) ->
    tensor<3xf32>`. A band k = [k0, k1] gives [..., k1 - k0 + 1, the longest's length]: the
    diagonals from k1 down, each padded with padding_value on the side `align` says
    (RIGHT_LEFT: superdiagonals to the right, subdiagonals and the main one to the left)."""

    name = "tf.MatrixDiagPartV3"
    input = operand_def(TensorType)
    k = operand_def(TensorType)
    padding_value = operand_def(TensorType)
    diagonal = result_def(TensorType)
    align = prop_def(StringAttr, default_value=StringAttr("RIGHT_LEFT"))
    traits = traits_def(Pure())

    def __init__(
        self, input: SSAValue, k: SSAValue, padding_value: SSAValue, align: str = "RIGHT_LEFT"
    ):
        super().__init__(
            operands=[input, k, padding_value],
            properties={"align": StringAttr(align)},
            result_types=[self._infer(input, k, padding_value, align)],
        )

    @staticmethod
    def _infer(input: SSAValue, k: SSAValue, pad: SSAValue, align: str) -> TensorType:
        t = expect_tensor(input, "input")
        if t.get_num_dims() < 2:
            raise VerifyException(f"input must have rank >= 2, found {t}")
        _check_padding_value(pad, t)
        if align not in ALIGNMENTS:
            raise VerifyException(f"align must be one of {', '.join(ALIGNMENTS)}, found {align}")
        band = diagonal_band(k)
        shape = _shape(t)
        m, n = shape[-2:]
        if band is None or UNKNOWN in (m, n):
            return tensor_type(t.element_type, shape[:-2] + [UNKNOWN])
        for d in band:
            if diagonal_length(m, n, d) <= 0:
                raise VerifyException(f"diagonal {d} is outside a {m}x{n} matrix")
        low, high = band
        if low == high:
            return tensor_type(t.element_type, shape[:-2] + [diagonal_length(m, n, low)])
        longest = max(diagonal_length(m, n, d) for d in range(low, high + 1))
        return tensor_type(t.element_type, shape[:-2] + [high - low + 1, longest])

    def band(self) -> tuple[int, int] | None:
        return diagonal_band(self.k)

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.input, self.k, self.padding_value, self.align.data)]


@irdl_op_definition
class MatrixSetDiagV3Op(TfOp):
    """`input` [..., M, N] with diagonal k of each innermost matrix replaced by `diagonal`
    [..., L]. `%y = "tf.MatrixSetDiagV3"(%x, %d, %k) : (tensor<4x4xf32>, tensor<4xf32>,
    tensor<i32>) -> tensor<4x4xf32>`."""

    name = "tf.MatrixSetDiagV3"
    input = operand_def(TensorType)
    diagonal = operand_def(TensorType)
    k = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, diagonal: SSAValue, k: SSAValue):
        super().__init__(operands=[input, diagonal, k], result_types=[input.type])

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.input, "input")
        if t.get_num_dims() < 2:
            raise VerifyException(f"input must have rank >= 2, found {t}")
        d = expect_tensor(self.diagonal, "diagonal")
        if d.element_type != t.element_type:
            raise VerifyException(f"diagonal must hold {t.element_type}, found {d}")
        offset = diagonal_offset(self.k)
        shape = _shape(t)
        if offset is not None and UNKNOWN not in shape[-2:]:
            want = shape[:-2] + [diagonal_length(shape[-2], shape[-1], offset)]
            if not dims_compatible(_shape(d), want):
                raise VerifyException(
                    f"diagonal {offset} of input {format_shape(shape)} needs a diagonal of "
                    f"shape {format_shape(want)}, found {format_shape(_shape(d))}"
                )
        return [t]


@irdl_op_definition
class DiagOp(TfOp):
    """A tensor of rank 2k from one of rank k, `diagonal` on its diagonal and zeros elsewhere:
    out[i_1..i_k, j_1..j_k] = diagonal[i_1..i_k] where i = j (tf.linalg.tensor_diag).
    `%y = "tf.Diag"(%d) : (tensor<2x3xf32>) -> tensor<2x3x2x3xf32>`"""

    name = "tf.Diag"
    diagonal = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, diagonal: SSAValue):
        super().__init__(operands=[diagonal], result_types=[diagonal.type])
        self.results[0]._type = self.infer_result_types()[0]  # pyright: ignore

    def infer_result_types(self) -> Sequence[Attribute]:
        d = expect_tensor(self.diagonal, "diagonal")
        if d.get_num_dims() < 1:
            raise VerifyException(f"diagonal must have rank >= 1, found {d}")
        shape = _shape(d)
        return [tensor_type(d.element_type, shape + shape)]


@irdl_op_definition
class DiagPartOp(TfOp):
    """The diagonal of a tensor of rank 2k whose dims k.. repeat its first k:
    out[i_1..i_k] = input[i_1..i_k, i_1..i_k] (tf.linalg.tensor_diag_part).
    `%d = "tf.DiagPart"(%x) : (tensor<2x3x2x3xf32>) -> tensor<2x3xf32>`"""

    name = "tf.DiagPart"
    input = operand_def(TensorType)
    diagonal = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue):
        super().__init__(operands=[input], result_types=[input.type])
        self.results[0]._type = self.infer_result_types()[0]  # pyright: ignore

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.input, "input")
        rank = t.get_num_dims()
        shape = _shape(t)
        half = rank // 2
        if (
            rank == 0
            or rank % 2
            or any(
                UNKNOWN not in (a, b) and a != b
                for a, b in zip(shape[:half], shape[half:], strict=True)
            )
        ):
            raise VerifyException(
                f"input must have an even rank 2k whose last k dims repeat its first k, found {t}"
            )
        return [tensor_type(t.element_type, shape[:half])]


OPS: list[type[Operation]] = [
    DiagOp,
    DiagPartOp,
    BroadcastArgsOp,
    MatrixDiagV3Op,
    MatrixDiagPartV3Op,
    MatrixSetDiagV3Op,
    MatrixBandPartOp,
    ShapeOp,
    ShapeNOp,
    SizeOp,
    RankOp,
    ExpandDimsOp,
    SqueezeOp,
    TransposeOp,
    ReverseV2Op,
    ReverseSequenceOp,
    ConcatV2Op,
    PackOp,
    UnpackOp,
    SplitOp,
    SplitVOp,
    SliceOp,
    StridedSliceOp,
    PadOp,
    PadV2Op,
    MirrorPadOp,
    SpaceToBatchNDOp,
    BatchToSpaceNDOp,
    RollOp,
    DepthToSpaceOp,
    SpaceToDepthOp,
    TileOp,
    BroadcastToOp,
    FillOp,
    ZerosLikeOp,
    OnesLikeOp,
    RangeOp,
    LinSpaceOp,
    OneHotOp,
]
