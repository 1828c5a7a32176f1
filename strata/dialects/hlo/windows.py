"""hlo.select_and_scatter (StableHLO semantics): the gradient of max pooling, which selects one
element in each window of the operand and scatters the source into the selected positions."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    TensorType,
    i1,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    region_def,
    result_def,
    traits_def,
)
from xdsl.traits import RecursiveMemoryEffect
from xdsl.utils.exceptions import VerifyException

from strata.dialects.hlo.core import HloOp, ReturnOp, ReturnsToHlo, _i64_array, _ints, _shape
from strata.dialects.hlo.nn import _array_or, padding_attr, padding_pairs, window_output_size
from strata.dialects.tensor_types import format_shape
from strata.dialects.verify_helpers import expect_tensor
from strata.internal import expect


@irdl_op_definition
class SelectAndScatterOp(HloOp):
    """In each window of `operand`, `select` (`(tensor<E>, tensor<E>) -> tensor<i1>`) picks one
    element: going through the window in order (padding skipped), a candidate replaces the
    selected element unless `select(selected, candidate)` holds. Each result element is then
    `init_value` combined by `scatter` with the `source` value of every window that selected it.
    `%r = "hlo.select_and_scatter"(%x, %dy, %zero) ({ ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1> }, { ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>  hlo.return %s : tensor<f32> })
    {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}
    : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>`

    As in StableHLO, absent `window_dimensions` means none (only a rank-0 operand has them),
    absent `window_strides` ones and absent `padding` zeros."""

    name = "hlo.select_and_scatter"
    operand = operand_def(TensorType)
    source = operand_def(TensorType)
    init_value = operand_def(TensorType)
    result = result_def(TensorType)
    window_dimensions = opt_prop_def(DenseArrayBase.constr(i64))
    window_strides = opt_prop_def(DenseArrayBase.constr(i64))
    padding = opt_prop_def(DenseIntOrFPElementsAttr)
    select = region_def("single_block")
    scatter = region_def("single_block")
    traits = traits_def(RecursiveMemoryEffect(), ReturnsToHlo())

    def __init__(
        self,
        operand: SSAValue | Operation,
        source: SSAValue | Operation,
        init_value: SSAValue | Operation,
        select: Region,
        scatter: Region,
        window_dimensions: Sequence[int],
        window_strides: Sequence[int] | None = None,
        padding: Sequence[tuple[int, int]] | None = None,
    ):
        operand, source, init_value = (SSAValue.get(v) for v in (operand, source, init_value))
        props: dict[str, Attribute] = {"window_dimensions": _i64_array(window_dimensions)}
        if window_strides is not None:
            props["window_strides"] = _i64_array(window_strides)
        if padding is not None:
            props["padding"] = padding_attr(padding)
        result = self._infer(operand.type, source.type, init_value.type, props)
        super().__init__(
            operands=[operand, source, init_value],
            properties=props,
            result_types=[result],
            regions=[select, scatter],
        )

    @staticmethod
    def _window(
        props: dict[str, Attribute], rank: int
    ) -> tuple[list[int], list[int], list[tuple[int, int]]]:
        dims_attr = props.get("window_dimensions")
        dims = [] if dims_attr is None else list(_ints(expect(dims_attr, DenseArrayBase)))
        if len(dims) != rank:
            raise VerifyException(
                f"window_dimensions has {len(dims)} entries, but the operand has rank {rank}"
            )
        strides_attr = props.get("window_strides")
        strides_attr = None if strides_attr is None else expect(strides_attr, DenseArrayBase)
        strides = _array_or(strides_attr, rank, 1, "window_strides")
        pad = props.get("padding")
        pad = None if pad is None else expect(pad, DenseIntOrFPElementsAttr, "padding")
        return dims, strides, padding_pairs(pad, rank)

    def window(self) -> tuple[list[int], list[int], list[tuple[int, int]]]:
        """(window dims, strides, padding), defaults filled in."""
        rank = expect_tensor(self.operand.type, "operand").get_num_dims()
        return self._window(dict(self.properties), rank)

    @classmethod
    def _infer(
        cls,
        operand_type: Attribute,
        source_type: Attribute,
        init_type: Attribute,
        props: dict[str, Attribute],
    ) -> TensorType:
        operand = expect_tensor(operand_type, "operand")
        source = expect_tensor(source_type, "source")
        init = expect_tensor(init_type, "init value")
        element = operand.element_type
        if source.element_type != element:
            raise VerifyException(
                f"source element type {source.element_type} differs from the operand's {element}"
            )
        if init.get_num_dims() != 0 or init.element_type != element:
            raise VerifyException(f"init value must be a rank-0 tensor of {element}, found {init}")
        shape = _shape(operand)
        dims, strides, pads = cls._window(props, len(shape))
        for what, values in (("window_dimensions", dims), ("window_strides", strides)):
            if any(v < 1 for v in values):
                raise VerifyException(f"{what} must be positive, found {values}")
        windows = [
            window_output_size(shape[d], dims[d], strides[d], pads[d], 1, 1)
            for d in range(len(shape))
        ]
        have = _shape(source)
        matches = len(have) == len(windows) and all(
            DYNAMIC_INDEX in (h, w) or h == w for h, w in zip(have, windows, strict=False)
        )
        if not matches:
            raise VerifyException(
                f"source has shape {format_shape(have)}, but the operand has "
                f"{format_shape(windows)} windows"
            )
        return TensorType(element, shape)

    def infer_result_types(self) -> Sequence[Attribute]:
        return [
            self._infer(
                self.operand.type, self.source.type, self.init_value.type, dict(self.properties)
            )
        ]

    def verify_(self) -> None:
        super().verify_()
        scalar = TensorType(expect_tensor(self.operand.type, "operand").element_type, [])
        _check_region("select", self.select.block, scalar, TensorType(i1, []))
        _check_region("scatter", self.scatter.block, scalar, scalar)


def _check_region(what: str, block: Block, arg: TensorType, returned: TensorType) -> None:
    """`block` takes two `arg` and ends with hlo.return of one `returned`."""
    arg_types = [a.type for a in block.args]
    if arg_types != [arg, arg]:
        found = ", ".join(str(t) for t in arg_types)
        raise VerifyException(f"{what} must take two {arg} arguments, found ({found})")
    last = block.last_op
    values = list(last.operands) if isinstance(last, ReturnOp) else None
    if values is None or len(values) != 1 or values[0].type != returned:
        found = "no hlo.return" if values is None else ", ".join(str(v.type) for v in values)
        raise VerifyException(f"{what} must return one {returned}, found ({found})")


OPS: list[type[Operation]] = [SelectAndScatterOp]
ATTRIBUTES: list[type[Attribute]] = []
