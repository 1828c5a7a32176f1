"""hlo.sort and hlo.map: ops that apply a region of hlo ops on rank-0 tensors to elements (a
comparator for sort, the computation for map). Both print in the generic form, as StableHLO's do.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    BoolAttr,
    DenseArrayBase,
    IntegerAttr,
    IntegerType,
    TensorType,
    i1,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.traits import RecursiveMemoryEffect
from xdsl.utils.exceptions import VerifyException

from strata.dialects.hlo.core import (
    HloOp,
    ReturnOp,
    ReturnsToHlo,
    _format_list,
    _i64_array,
    _ints,
    _shape,
)
from strata.dialects.tensor_types import format_shape
from strata.dialects.verify_helpers import dims_compatible, expect_tensor


def _inputs_shape(types: Sequence[Attribute]) -> tuple[int, ...]:
    """The shape all inputs share (a verify error naming the first that differs)."""
    if not types:
        raise VerifyException("expected at least one input")
    inputs = [expect_tensor(t, f"input {i}") for i, t in enumerate(types)]
    shape = _shape(inputs[0])
    for i, t in enumerate(inputs[1:], start=1):
        if not dims_compatible(_shape(t), shape):
            raise VerifyException(
                f"input {i} has shape {format_shape(_shape(t))}, but input 0 has "
                f"{format_shape(shape)}"
            )
    return shape


def _scalar_of(value: SSAValue) -> TensorType:
    """The rank-0 tensor type holding one element of `value`."""
    return TensorType(expect_tensor(value, "input").element_type, [])


def _check_arguments(block: Block, want: Sequence[TensorType], region: str, meaning: str) -> None:
    if len(block.args) != len(want):
        raise VerifyException(
            f"the {region} must take {len(want)} arguments ({meaning}), found {len(block.args)}"
        )
    for i, (arg, t) in enumerate(zip(block.args, want, strict=True)):
        if arg.type != t:
            raise VerifyException(f"{region} argument {i} has type {arg.type}, expected {t}")


def _returned(block: Block, region: str) -> list[Attribute]:
    last = block.last_op
    if not isinstance(last, ReturnOp):
        raise VerifyException(f"the {region} must end with hlo.return")
    return [v.type for v in last.arguments]


def _format_types(types: Sequence[Attribute]) -> str:
    return "(" + ", ".join(str(t) for t in types) + ")"


@irdl_op_definition
class SortOp(HloOp):
    """Sorts the 1-d slices of `inputs` along `dimension` (negative counts from the back)
    together, by `comparator`: it takes (lhs, rhs) rank-0 tensors of each input in turn and
    returns a tensor<i1>, true when lhs comes before rhs. `is_stable` keeps elements the
    comparator finds equal in their order.

        %r:2 = "hlo.sort"(%keys, %values) <{dimension = 0 : i64, is_stable = true}> ({
        ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
          %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
          hlo.return %lt : tensor<i1>
        }) : (tensor<8xf32>, tensor<8xi32>) -> (tensor<8xf32>, tensor<8xi32>)
    """

    name = "hlo.sort"
    inputs = var_operand_def(TensorType)
    results_ = var_result_def(TensorType)
    dimension = prop_def(IntegerAttr[IntegerType], default_value=IntegerAttr(-1, i64))
    is_stable = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    comparator = region_def("single_block")
    traits = traits_def(RecursiveMemoryEffect(), ReturnsToHlo())

    def __init__(
        self,
        inputs: Sequence[SSAValue | Operation],
        dimension: int,
        comparator: Region,
        is_stable: bool = False,
    ):
        values = [SSAValue.get(v) for v in inputs]
        super().__init__(
            operands=[values],
            result_types=[[v.type for v in values]],
            properties={
                "dimension": IntegerAttr(dimension, i64),
                "is_stable": BoolAttr.from_bool(is_stable),
            },
            regions=[comparator],
        )

    def sort_dimension(self) -> int:
        """`dimension` counted from the front (StableHLO allows a negative one)."""
        rank = expect_tensor(self.inputs[0], "input 0").get_num_dims()
        d = self.dimension.value.data
        return d + rank if d < 0 else d

    def infer_result_types(self) -> Sequence[Attribute]:
        shape = _inputs_shape([v.type for v in self.inputs])
        rank, d = len(shape), self.dimension.value.data
        if not -rank <= d < rank:
            raise VerifyException(f"dimension {d} is out of range for rank {rank}")
        return [v.type for v in self.inputs]

    def verify_(self) -> None:
        super().verify_()
        block = self.comparator.block
        pairs = [_scalar_of(v) for v in self.inputs for _ in range(2)]
        _check_arguments(block, pairs, "comparator", "lhs and rhs of each input")
        returned = _returned(block, "comparator")
        if returned != [TensorType(i1, [])]:
            raise VerifyException(
                f"the comparator must return one tensor<i1>, found {_format_types(returned)}"
            )


@irdl_op_definition
class MapOp(HloOp):
    """Applies `computation` to each element of `inputs` (of one shape): it takes one rank-0
    tensor per input and returns one, the result's element. `dimensions` lists every dim.

        %r = "hlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({
        ^bb0(%x: tensor<f32>, %y: tensor<f32>):
          %m = hlo.multiply %x, %y : tensor<f32>
          hlo.return %m : tensor<f32>
        }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    """

    name = "hlo.map"
    inputs = var_operand_def(TensorType)
    result = result_def(TensorType)
    dimensions = prop_def(DenseArrayBase.constr(i64))
    computation = region_def("single_block")
    traits = traits_def(RecursiveMemoryEffect(), ReturnsToHlo())

    def __init__(self, inputs: Sequence[SSAValue | Operation], computation: Region):
        """The map over every dim of `inputs`; the result type follows from `computation`."""
        values = [SSAValue.get(v) for v in inputs]
        shape = _inputs_shape([v.type for v in values])
        returned = _returned(computation.block, "computation")
        element = expect_tensor(returned[0], "computation result").element_type
        super().__init__(
            operands=[values],
            result_types=[TensorType(element, shape)],
            properties={"dimensions": _i64_array(range(len(shape)))},
            regions=[computation],
        )

    def _check_computation(self) -> TensorType:
        """The rank-0 type the computation returns, after checking its signature."""
        block = self.computation.block
        _check_arguments(
            block, [_scalar_of(v) for v in self.inputs], "computation", "one per input"
        )
        returned = _returned(block, "computation")
        if len(returned) != 1 or not (
            isinstance(t := returned[0], TensorType) and t.get_num_dims() == 0
        ):
            raise VerifyException(
                f"the computation must return one rank-0 tensor, found {_format_types(returned)}"
            )
        return t

    def infer_result_types(self) -> Sequence[Attribute]:
        shape = _inputs_shape([v.type for v in self.inputs])
        dims = _ints(self.dimensions)
        if list(dims) != list(range(len(shape))):
            raise VerifyException(
                f"dimensions must be {_format_list(range(len(shape)))} (every dim in order), "
                f"found {_format_list(dims)}"
            )
        return [TensorType(self._check_computation().element_type, shape)]


OPS: list[type[Operation]] = [SortOp, MapOp]
ATTRIBUTES: list[type[Attribute]] = []
