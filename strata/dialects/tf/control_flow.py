"""Loops of the `tf` dialect, and the run-time-indexed slices their TensorLists become.

`tf.WhileRegion` is TensorFlow MLIR's region form of a functional `While`: the importer builds
it from a `While`/`StatelessWhile` node and its `cond`/`body` library functions (or from a v1
loop frame), so the loop is kept instead of unrolled. `tf.IfRegion` is the region form of an
`If`/`StatelessIf` whose predicate is only known at run time, `tf.CaseRegion` of a
`Case`/`StatelessCase` whose branch index is. Loop values that the body passes
through unchanged are not loop values here: the regions use the value from outside. A
TensorList loop value is one tensor [length, *element shape], read with `tf.XlaDynamicSlice` and
written with `tf.XlaDynamicUpdateSlice` (XLA's ops, with its clamping of start indices).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntegerType, TensorType
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    operand_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_region_def,
    var_result_def,
)
from xdsl.traits import HasParent, IsTerminator, Pure, RecursiveMemoryEffect
from xdsl.utils.exceptions import VerifyException

from strata.dialects.tf.core import TfOp, constant_value
from strata.dialects.verify_helpers import expect_tensor
from strata.internal import expect


def _types(values: Sequence[SSAValue]) -> str:
    return ", ".join(str(v.type) for v in values)


@irdl_op_definition
class WhileRegionOp(TfOp):
    """Runs `body` on the loop values while `cond` returns true (a tensor<i1>); each region
    takes the loop values as block arguments and ends in tf.Yield.
    `%r = "tf.WhileRegion"(%x) ({^bb0(%a): ... "tf.Yield"(%c)}, {^bb0(%a): ... "tf.Yield"(%n)})`"""

    name = "tf.WhileRegion"
    input = var_operand_def(TensorType)
    output = var_result_def(TensorType)
    cond = region_def("single_block")
    body = region_def("single_block")
    traits = traits_def(RecursiveMemoryEffect())

    def __init__(self, inputs: Sequence[SSAValue], cond: Region, body: Region):
        super().__init__(
            operands=[list(inputs)],
            result_types=[[v.type for v in inputs]],
            regions=[cond, body],
        )

    @classmethod
    def with_empty_regions(cls, inputs: Sequence[SSAValue]) -> tuple[WhileRegionOp, Block, Block]:
        """The op with empty cond and body blocks taking the loop values, to be filled."""
        types = [v.type for v in inputs]
        cond, body = Block(arg_types=types), Block(arg_types=types)
        return cls(inputs, Region(cond), Region(body)), cond, body

    def infer_result_types(self) -> Sequence[Attribute]:
        return [v.type for v in self.input]

    def verify_(self) -> None:
        super().verify_()
        types = [v.type for v in self.input]
        for region, what in ((self.cond, "cond"), (self.body, "body")):
            if [a.type for a in region.block.args] != types:
                raise VerifyException(
                    f"the {what} region's arguments must have the loop values' types"
                )
            if not isinstance(region.block.last_op, YieldOp):
                raise VerifyException(f"the {what} region must end in tf.Yield")
        cond_yield = expect(self.cond.block.last_op, YieldOp, "the cond region's end")
        body_yield = expect(self.body.block.last_op, YieldOp, "the body region's end")
        flag = list(cond_yield.input)
        if len(flag) != 1 or flag[0].type != TensorType(IntegerType(1), []):
            raise VerifyException(
                f"the cond region must yield one tensor<i1>, found ({_types(flag)})"
            )
        if [v.type for v in body_yield.input] != types:
            raise VerifyException(
                f"the body region must yield the loop values' types ({_types(list(self.input))}), "
                f"found ({_types(list(body_yield.input))})"
            )


@irdl_op_definition
class IfRegionOp(TfOp):
    """The values `then_branch` yields if `cond` (a tensor<i1>) holds, else `else_branch`'s.
    `%r = "tf.IfRegion"(%p) ({"tf.Yield"(%a)}, {"tf.Yield"(%b)}) : (tensor<i1>) -> tensor<2xf32>`
    """

    name = "tf.IfRegion"
    cond = operand_def(TensorType)
    output = var_result_def(TensorType)
    then_branch = region_def("single_block")
    else_branch = region_def("single_block")
    traits = traits_def(RecursiveMemoryEffect())

    def __init__(
        self, cond: SSAValue, result_types: Sequence[Attribute], then: Region, else_: Region
    ):
        super().__init__(operands=[cond], result_types=[list(result_types)], regions=[then, else_])

    def verify_(self) -> None:
        if self.cond.type != TensorType(IntegerType(1), []):
            raise VerifyException(f"cond must be a tensor<i1>, found {self.cond.type}")
        types = [r.type for r in self.output]
        for region, what in ((self.then_branch, "then"), (self.else_branch, "else")):
            end = region.block.last_op
            if not isinstance(end, YieldOp):
                raise VerifyException(f"the {what} region must end in tf.Yield")
            if [v.type for v in end.input] != types:
                raise VerifyException(
                    f"the {what} region yields ({_types(list(end.input))}), but the results are "
                    f"({', '.join(str(t) for t in types)})"
                )


@irdl_op_definition
class CaseRegionOp(TfOp):
    """The values branch `branch_index` (a tensor<i32>) yields; an index out of range runs the
    last branch, as TensorFlow's Case does.
    `%r = "tf.CaseRegion"(%i) ({"tf.Yield"(%a)}, {"tf.Yield"(%b)}) : (tensor<i32>) -> tensor<2xf32>`
    """

    name = "tf.CaseRegion"
    branch_index = operand_def(TensorType)
    output = var_result_def(TensorType)
    branches = var_region_def("single_block")
    traits = traits_def(RecursiveMemoryEffect())

    def __init__(
        self, index: SSAValue, result_types: Sequence[Attribute], branches: Sequence[Region]
    ):
        super().__init__(
            operands=[index], result_types=[list(result_types)], regions=[list(branches)]
        )

    def verify_(self) -> None:
        if self.branch_index.type != TensorType(IntegerType(32), []):
            raise VerifyException(
                f"branch_index must be a tensor<i32>, found {self.branch_index.type}"
            )
        if not self.branches:
            raise VerifyException("expected at least one branch")
        types = [r.type for r in self.output]
        for k, region in enumerate(self.branches):
            end = region.block.last_op
            if not isinstance(end, YieldOp):
                raise VerifyException(f"branch {k} must end in tf.Yield")
            if [v.type for v in end.input] != types:
                raise VerifyException(
                    f"branch {k} yields ({_types(list(end.input))}), but the results are "
                    f"({', '.join(str(t) for t in types)})"
                )


@irdl_op_definition
class YieldOp(TfOp):
    """Ends a region of tf.WhileRegion, tf.IfRegion or tf.CaseRegion with its values.
    `"tf.Yield"(%c) : (tensor<i1>) -> ()`"""

    name = "tf.Yield"
    input = var_operand_def(TensorType)
    traits = traits_def(IsTerminator(), HasParent(WhileRegionOp, IfRegionOp, CaseRegionOp), Pure())

    def __init__(self, values: Sequence[SSAValue]):
        super().__init__(operands=[list(values)])


def _start_vector(value: SSAValue, rank: int) -> None:
    t = expect_tensor(value, "start indices")
    if t.get_shape() != (rank,) or not isinstance(t.element_type, IntegerType):
        raise VerifyException(f"start indices must be a {rank}-element integer vector, found {t}")


@irdl_op_definition
class XlaDynamicSliceOp(TfOp):
    """The block of `size_indices` (a constant) at run-time `start_indices` of `input`, each
    start clamped into the input (XLA's DynamicSlice).
    `%y = "tf.XlaDynamicSlice"(%x, %starts, %sizes)
    : (tensor<8x4xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<1x4xf32>`"""

    name = "tf.XlaDynamicSlice"
    input = operand_def(TensorType)
    start_indices = operand_def(TensorType)
    size_indices = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, start_indices: SSAValue, size_indices: SSAValue):
        super().__init__(
            operands=[input, start_indices, size_indices],
            result_types=[self._infer(input, start_indices, size_indices)],
        )

    @staticmethod
    def _infer(input: SSAValue, starts: SSAValue, sizes: SSAValue) -> TensorType:
        t = expect_tensor(input, "input")
        rank = t.get_num_dims()
        _start_vector(starts, rank)
        known = constant_value(sizes)
        if known is None or known.shape != (rank,):
            raise VerifyException(f"size_indices must be a constant {rank}-element vector")
        for d, (size, dim) in enumerate(zip(known.tolist(), t.get_shape(), strict=True)):
            if not 0 <= size <= dim:
                raise VerifyException(f"size {size} of dim {d} is not in [0, {dim}]")
        return TensorType(t.element_type, [int(s) for s in known.tolist()])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.input, self.start_indices, self.size_indices)]


@irdl_op_definition
class XlaDynamicUpdateSliceOp(TfOp):
    """`input` with the block at run-time `indices` replaced by `update`, each start clamped
    so the update fits (XLA's DynamicUpdateSlice).
    `%y = "tf.XlaDynamicUpdateSlice"(%x, %u, %starts)
    : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<2xi32>) -> tensor<8x4xf32>`"""

    name = "tf.XlaDynamicUpdateSlice"
    input = operand_def(TensorType)
    update = operand_def(TensorType)
    indices = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, update: SSAValue, indices: SSAValue):
        super().__init__(operands=[input, update, indices], result_types=[input.type])

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.input, "input")
        u = expect_tensor(self.update, "update")
        _start_vector(self.indices, t.get_num_dims())
        if (
            u.element_type != t.element_type
            or u.get_num_dims() != t.get_num_dims()
            or any(not 0 <= s <= d for s, d in zip(u.get_shape(), t.get_shape(), strict=True))
        ):
            raise VerifyException(f"update {u} does not fit in the input {t}")
        return [t]


REGION_OPS: tuple[type[Operation], ...] = (WhileRegionOp, IfRegionOp, CaseRegionOp, YieldOp)
"""Ops with no GraphDef node of their name (the importer builds them from control flow)."""

OPS: list[type[Operation]] = [*REGION_OPS, XlaDynamicSliceOp, XlaDynamicUpdateSliceOp]
