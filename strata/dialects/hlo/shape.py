"""The shape family of `hlo` ops (StableHLO data movement): concatenate, slice, pad, reverse, iota.

Each op infers its result type from operands and attributes and prints in StableHLO's pretty form:
`hlo.concatenate %a, %b, dim = 0`, `hlo.slice %x [0:2, 1:4:2]`,
`hlo.pad %x, %v, low = [0, 1], high = [1, 0], interior = [0, 0]`, `hlo.reverse %x, dims = [1]`,
`hlo.iota dim = 0`.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    DenseArrayBase,
    IntegerAttr,
    IntegerType,
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
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from strata.dialects.hlo.core import (
    DimsArray,
    HloOp,
    SameOperandsAndResultType,
    _format_list,
    _i64_array,
    _ints,
    _parse_type_list,
    _shape,
    check_element_types,
)
from strata.dialects.tensor_types import format_shape
from strata.dialects.verify_helpers import expect_tensor


def _parse_int_list(parser: Parser) -> list[int]:
    return parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)


# ---------------------------------------------------------------------------------------------
# concatenate


@irdl_op_definition
class ConcatenateOp(HloOp):
    """Joins `inputs` along `dimension`; the other dims must match.
    `%0 = hlo.concatenate %a, %b, dim = 1 : (tensor<2x3xf32>, tensor<2x1xf32>)
    -> tensor<2x4xf32>`"""

    name = "hlo.concatenate"
    inputs = var_operand_def(TensorType)
    result = result_def(TensorType)
    dimension = prop_def(IntegerAttr)
    traits = traits_def(Pure())

    def __init__(
        self,
        inputs: Sequence[SSAValue | Operation],
        dimension: int,
        result_type: Attribute | None = None,
    ):
        values = [SSAValue.get(v) for v in inputs]
        if result_type is None:
            result_type = self._infer([v.type for v in values], dimension)
        super().__init__(
            operands=[values],
            properties={"dimension": IntegerAttr(dimension, i64)},
            result_types=[result_type],
        )

    def dim(self) -> int:
        return int(self.dimension.value.data)

    @staticmethod
    def _infer(types: Sequence[Attribute], dimension: int) -> TensorType:
        if not types:
            raise VerifyException("expected at least one input")
        tensors = [expect_tensor(t, f"input {i}") for i, t in enumerate(types)]
        first = tensors[0]
        rank = first.get_num_dims()
        if not 0 <= dimension < rank:
            raise VerifyException(f"dimension {dimension} is out of range for rank {rank}")
        out = list(_shape(first))
        total = 0
        for i, t in enumerate(tensors):
            shape = _shape(t)
            if t.element_type != first.element_type:
                raise VerifyException(
                    f"input {i} has element type {t.element_type}, but input 0 has "
                    f"{first.element_type}"
                )
            if len(shape) != rank:
                raise VerifyException(f"input {i} has rank {len(shape)}, but input 0 has {rank}")
            for d in range(rank):
                if d == dimension:
                    continue
                if DYNAMIC_INDEX not in (out[d], shape[d]) and out[d] != shape[d]:
                    raise VerifyException(
                        f"input {i} has shape {format_shape(shape)}, which differs from input 0 "
                        f"{format_shape(_shape(first))} outside dimension {dimension}"
                    )
                if out[d] == DYNAMIC_INDEX:
                    out[d] = shape[d]
            total = (
                DYNAMIC_INDEX
                if DYNAMIC_INDEX in (total, shape[dimension])
                else total + shape[dimension]
            )
        out[dimension] = total
        return TensorType(first.element_type, out)

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer([v.type for v in self.inputs], self.dim())]

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.inputs, printer.print_operand)
        printer.print_string(f", dim = {self.dim()}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_function_type([v.type for v in self.inputs], [self.result.type])

    @classmethod
    def parse(cls, parser: Parser) -> ConcatenateOp:
        pos = parser.pos
        operands = [parser.parse_unresolved_operand()]
        while parser.parse_optional_punctuation(","):
            if parser.parse_optional_keyword("dim"):
                break
            operands.append(parser.parse_unresolved_operand())
        else:
            parser.raise_error("expected ', dim = N'")
        parser.parse_punctuation("=")
        dimension = parser.parse_integer()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        signature = parser.parse_function_type()
        values = parser.resolve_operands(operands, signature.inputs.data, pos)
        op = cls(values, dimension, signature.outputs.data[0])
        op.attributes.update(attributes)
        return op


# ---------------------------------------------------------------------------------------------
# slice


@irdl_op_definition
class SliceOp(HloOp):
    """Elements start_indices[d] + k * strides[d] below limit_indices[d], for each dim d.
    `%0 = hlo.slice %x [1:3, 0:4:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>`"""

    name = "hlo.slice"
    operand = operand_def(TensorType)
    result = result_def(TensorType)
    start_indices = prop_def(DenseArrayBase.constr(i64))
    limit_indices = prop_def(DenseArrayBase.constr(i64))
    strides = prop_def(DenseArrayBase.constr(i64))
    traits = traits_def(Pure())

    def __init__(
        self,
        operand: SSAValue | Operation,
        start_indices: Sequence[int],
        limit_indices: Sequence[int],
        strides: Sequence[int] | None = None,
        result_type: Attribute | None = None,
    ):
        operand = SSAValue.get(operand)
        if strides is None:
            strides = [1] * len(start_indices)
        if result_type is None:
            result_type = self._infer(operand.type, start_indices, limit_indices, strides)
        super().__init__(
            operands=[operand],
            properties={
                "start_indices": _i64_array(start_indices),
                "limit_indices": _i64_array(limit_indices),
                "strides": _i64_array(strides),
            },
            result_types=[result_type],
        )

    @staticmethod
    def _infer(
        operand_type: Attribute,
        starts: Sequence[int],
        limits: Sequence[int],
        strides: Sequence[int],
    ) -> TensorType:
        t = expect_tensor(operand_type, "operand")
        shape = _shape(t)
        for what, values in (
            ("start_indices", starts),
            ("limit_indices", limits),
            ("strides", strides),
        ):
            if len(values) != len(shape):
                raise VerifyException(
                    f"{what} has {len(values)} entries, but the operand has rank {len(shape)}"
                )
        out: list[int] = []
        for d, (start, limit, stride, size) in enumerate(
            zip(starts, limits, strides, shape, strict=True)
        ):
            if stride < 1:
                raise VerifyException(f"stride of dim {d} must be positive, found {stride}")
            upper = limit if size == DYNAMIC_INDEX else size
            if not 0 <= start <= limit <= upper:
                raise VerifyException(
                    f"slice [{start}:{limit}] of dim {d} (size {size}) is out of bounds"
                )
            out.append(-(-(limit - start) // stride))
        return TensorType(t.element_type, out)

    def infer_result_types(self) -> Sequence[Attribute]:
        return [
            self._infer(
                self.operand.type,
                _ints(self.start_indices),
                _ints(self.limit_indices),
                _ints(self.strides),
            )
        ]

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.operand)
        ranges = []
        for start, limit, stride in zip(
            _ints(self.start_indices), _ints(self.limit_indices), _ints(self.strides), strict=False
        ):
            ranges.append(f"{start}:{limit}" + (f":{stride}" if stride != 1 else ""))
        printer.print_string(" [" + ", ".join(ranges) + "]")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_function_type([self.operand.type], [self.result.type])

    @classmethod
    def parse(cls, parser: Parser) -> SliceOp:
        pos = parser.pos
        operand = parser.parse_unresolved_operand()

        def parse_range() -> tuple[int, int, int]:
            start = parser.parse_integer()
            parser.parse_punctuation(":")
            limit = parser.parse_integer()
            stride = parser.parse_integer() if parser.parse_optional_punctuation(":") else 1
            return start, limit, stride

        ranges = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parse_range)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        signature = parser.parse_function_type()
        (value,) = parser.resolve_operands([operand], signature.inputs.data, pos)
        op = cls(
            value,
            [r[0] for r in ranges],
            [r[1] for r in ranges],
            [r[2] for r in ranges],
            signature.outputs.data[0],
        )
        op.attributes.update(attributes)
        return op


# ---------------------------------------------------------------------------------------------
# dynamic_slice, dynamic_update_slice


def _check_start_indices(indices: Sequence[SSAValue], rank: int) -> None:
    if len(indices) != rank:
        raise VerifyException(
            f"expected {rank} start indices (the operand's rank), found {len(indices)}"
        )
    types = [expect_tensor(v.type, f"start index {i}") for i, v in enumerate(indices)]
    for i, t in enumerate(types):
        if t.get_num_dims() != 0 or not isinstance(t.element_type, IntegerType):
            raise VerifyException(f"start index {i} must be a rank-0 integer tensor, found {t}")
    if len({t.element_type for t in types}) > 1:
        raise VerifyException("start indices must all have the same element type")


@irdl_op_definition
class DynamicSliceOp(HloOp):
    """The `slice_sizes` block of `operand` at run-time `start_indices` (one rank-0 integer
    tensor per dim), each clamped to [0, dim - size] as StableHLO specifies.
    `%0 = hlo.dynamic_slice %x, %i, %j, sizes = [1, 4]
    : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>`"""

    name = "hlo.dynamic_slice"
    operand = operand_def(TensorType)
    start_indices = var_operand_def(TensorType)
    result = result_def(TensorType)
    slice_sizes = prop_def(DenseArrayBase.constr(i64))
    traits = traits_def(Pure())

    def __init__(
        self,
        operand: SSAValue | Operation,
        start_indices: Sequence[SSAValue | Operation],
        slice_sizes: Sequence[int],
    ):
        operand = SSAValue.get(operand)
        t = expect_tensor(operand.type, "operand")
        super().__init__(
            operands=[operand, [SSAValue.get(v) for v in start_indices]],
            properties={"slice_sizes": _i64_array(slice_sizes)},
            result_types=[TensorType(t.element_type, list(slice_sizes))],
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.operand.type, "operand")
        shape, sizes = _shape(t), _ints(self.slice_sizes)
        _check_start_indices(list(self.start_indices), len(shape))
        if len(sizes) != len(shape):
            raise VerifyException(
                f"slice_sizes has {len(sizes)} entries, but the operand has rank {len(shape)}"
            )
        for d, (size, dim) in enumerate(zip(sizes, shape, strict=True)):
            if not 0 <= size <= dim:
                raise VerifyException(f"slice size {size} of dim {d} is not in [0, {dim}]")
        return [TensorType(t.element_type, list(sizes))]

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list([self.operand, *self.start_indices], printer.print_operand)
        printer.print_string(f", sizes = {_format_list(_ints(self.slice_sizes))}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_function_type([v.type for v in self.operands], [self.result.type])

    @classmethod
    def parse(cls, parser: Parser) -> DynamicSliceOp:
        pos = parser.pos
        operands = [parser.parse_unresolved_operand()]
        while parser.parse_optional_punctuation(","):
            if parser.parse_optional_keyword("sizes"):
                break
            operands.append(parser.parse_unresolved_operand())
        parser.parse_punctuation("=")
        sizes = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        signature = parser.parse_function_type()
        values = parser.resolve_operands(operands, signature.inputs.data, pos)
        op = cls(values[0], values[1:], sizes)
        op.attributes.update(attributes)
        return op


@irdl_op_definition
class DynamicUpdateSliceOp(HloOp):
    """`operand` with the block at run-time `start_indices` replaced by `update`; each start
    index is clamped to [0, dim - update dim] as StableHLO specifies.
    `%0 = hlo.dynamic_update_slice %x, %u, %i, %j
    : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>`"""

    name = "hlo.dynamic_update_slice"
    operand = operand_def(TensorType)
    update = operand_def(TensorType)
    start_indices = var_operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(
        self,
        operand: SSAValue | Operation,
        update: SSAValue | Operation,
        start_indices: Sequence[SSAValue | Operation],
    ):
        operand = SSAValue.get(operand)
        super().__init__(
            operands=[operand, SSAValue.get(update), [SSAValue.get(v) for v in start_indices]],
            result_types=[operand.type],
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.operand.type, "operand")
        u = expect_tensor(self.update.type, "update")
        _check_start_indices(list(self.start_indices), t.get_num_dims())
        if u.element_type != t.element_type:
            raise VerifyException(
                f"update has element type {u.element_type}, but the operand has {t.element_type}"
            )
        if u.get_num_dims() != t.get_num_dims() or any(
            not 0 <= s <= d for s, d in zip(_shape(u), _shape(t), strict=True)
        ):
            raise VerifyException(
                f"update of shape {format_shape(_shape(u))} does not fit in the operand's "
                f"{format_shape(_shape(t))}"
            )
        return [t]

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_function_type([v.type for v in self.operands], [self.result.type])

    @classmethod
    def parse(cls, parser: Parser) -> DynamicUpdateSliceOp:
        pos = parser.pos
        operands = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        signature = parser.parse_function_type()
        values = parser.resolve_operands(operands, signature.inputs.data, pos)
        if len(values) < 2:
            parser.raise_error("expected an operand, an update and start indices", pos)
        op = cls(values[0], values[1], values[2:])
        op.attributes.update(attributes)
        return op


# ---------------------------------------------------------------------------------------------
# pad


@irdl_op_definition
class PadOp(HloOp):
    """Pads `operand` with the rank-0 `padding_value`: edge_padding_low/high elements before/after
    each dim and interior_padding between elements (edge padding may be negative: it crops).
    `%0 = hlo.pad %x, %v, low = [0, 1], high = [1, 0], interior = [0, 0]
    : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x4xf32>`"""

    name = "hlo.pad"
    operand = operand_def(TensorType)
    padding_value = operand_def(TensorType)
    result = result_def(TensorType)
    edge_padding_low = prop_def(DenseArrayBase.constr(i64))
    edge_padding_high = prop_def(DenseArrayBase.constr(i64))
    interior_padding = prop_def(DenseArrayBase.constr(i64))
    traits = traits_def(Pure())

    def __init__(
        self,
        operand: SSAValue | Operation,
        padding_value: SSAValue | Operation,
        low: Sequence[int],
        high: Sequence[int],
        interior: Sequence[int] | None = None,
        result_type: Attribute | None = None,
    ):
        operand, padding_value = SSAValue.get(operand), SSAValue.get(padding_value)
        if interior is None:
            interior = [0] * len(low)
        if result_type is None:
            result_type = self._infer(operand.type, padding_value.type, low, high, interior)
        super().__init__(
            operands=[operand, padding_value],
            properties={
                "edge_padding_low": _i64_array(low),
                "edge_padding_high": _i64_array(high),
                "interior_padding": _i64_array(interior),
            },
            result_types=[result_type],
        )

    @staticmethod
    def _infer(
        operand_type: Attribute,
        value_type: Attribute,
        low: Sequence[int],
        high: Sequence[int],
        interior: Sequence[int],
    ) -> TensorType:
        t = expect_tensor(operand_type, "operand")
        v = expect_tensor(value_type, "padding value")
        if v.get_num_dims() != 0 or v.element_type != t.element_type:
            raise VerifyException(
                f"padding value must be a rank-0 tensor of {t.element_type}, found {v}"
            )
        shape = _shape(t)
        for what, values in (
            ("edge_padding_low", low),
            ("edge_padding_high", high),
            ("interior_padding", interior),
        ):
            if len(values) != len(shape):
                raise VerifyException(
                    f"{what} has {len(values)} entries, but the operand has rank {len(shape)}"
                )
        out: list[int] = []
        for d, (n, lo, hi, mid) in enumerate(zip(shape, low, high, interior, strict=True)):
            if mid < 0:
                raise VerifyException(f"interior padding of dim {d} is negative ({mid})")
            if n == DYNAMIC_INDEX:
                out.append(DYNAMIC_INDEX)
                continue
            size = n + lo + hi + max(n - 1, 0) * mid
            if size < 0:
                raise VerifyException(f"padding dim {d} of size {n} gives a negative size {size}")
            out.append(size)
        return TensorType(t.element_type, out)

    def pads(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        return (
            _ints(self.edge_padding_low),
            _ints(self.edge_padding_high),
            _ints(self.interior_padding),
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.operand.type, self.padding_value.type, *self.pads())]

    def print(self, printer: Printer) -> None:
        low, high, interior = self.pads()
        printer.print_string(" ")
        printer.print_operand(self.operand)
        printer.print_string(", ")
        printer.print_operand(self.padding_value)
        printer.print_string(
            f", low = {_format_list(low)}, high = {_format_list(high)}, "
            f"interior = {_format_list(interior)}"
        )
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_function_type(
            [self.operand.type, self.padding_value.type], [self.result.type]
        )

    @classmethod
    def parse(cls, parser: Parser) -> PadOp:
        pos = parser.pos
        operand = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        value = parser.parse_unresolved_operand()
        lists: dict[str, list[int]] = {}
        for key in ("low", "high", "interior"):
            parser.parse_punctuation(",")
            parser.parse_keyword(key)
            parser.parse_punctuation("=")
            lists[key] = _parse_int_list(parser)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        signature = parser.parse_function_type()
        x, v = parser.resolve_operands([operand, value], signature.inputs.data, pos)
        op = cls(x, v, lists["low"], lists["high"], lists["interior"], signature.outputs.data[0])
        op.attributes.update(attributes)
        return op


# ---------------------------------------------------------------------------------------------
# reverse, iota


@irdl_op_definition
class ReverseOp(HloOp):
    """Reverses the order of elements along each of `dimensions`.
    `%0 = hlo.reverse %x, dims = [1] : tensor<2x3xf32>`"""

    name = "hlo.reverse"
    operand = operand_def(TensorType)
    result = result_def(TensorType)
    dimensions = prop_def(DenseArrayBase.constr(i64))
    traits = traits_def(Pure())
    custom_directives = (DimsArray, SameOperandsAndResultType)
    assembly_format = (
        "$operand `,` `dims` `=` custom<DimsArray>($dimensions) attr-dict `:` "
        "custom<SameOperandsAndResultType>(type(operands), type(results))"
    )

    def __init__(self, operand: SSAValue | Operation, dimensions: Sequence[int]):
        operand = SSAValue.get(operand)
        super().__init__(
            operands=[operand],
            properties={"dimensions": _i64_array(dimensions)},
            result_types=[operand.type],
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.operand, "operand")
        dims = _ints(self.dimensions)
        for d in dims:
            if not 0 <= d < t.get_num_dims():
                raise VerifyException(f"dimension {d} is out of range for rank {t.get_num_dims()}")
        if len(set(dims)) != len(dims):
            raise VerifyException(f"dimensions {_format_list(dims)} has duplicates")
        return [t]


@irdl_op_definition
class IotaOp(HloOp):
    """Each element is its own index along `iota_dimension`.
    `%0 = hlo.iota dim = 1 : tensor<2x3xi32>`"""

    name = "hlo.iota"
    output = result_def(TensorType)
    iota_dimension = prop_def(IntegerAttr)
    traits = traits_def(Pure())

    def __init__(self, iota_dimension: int, result_type: Attribute):
        super().__init__(
            properties={"iota_dimension": IntegerAttr(iota_dimension, i64)},
            result_types=[result_type],
        )

    def dim(self) -> int:
        return int(self.iota_dimension.value.data)

    def verify_(self) -> None:
        check_element_types(self, complex_ok=True)
        t = expect_tensor(self.output, "result")
        if not 0 <= self.dim() < t.get_num_dims():
            raise VerifyException(
                f"iota dimension {self.dim()} is out of range for rank {t.get_num_dims()}"
            )
        element = t.element_type
        if isinstance(element, IntegerType) and element.width.data == 1:
            raise VerifyException(f"result must have integer or float elements, found {t}")

    def print(self, printer: Printer) -> None:
        printer.print_string(f" dim = {self.dim()}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.output.type)

    @classmethod
    def parse(cls, parser: Parser) -> IotaOp:
        parser.parse_keyword("dim")
        parser.parse_punctuation("=")
        dimension = parser.parse_integer()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        (result_type,) = _parse_type_list(parser)
        op = cls(dimension, result_type)
        op.attributes.update(attributes)
        return op


@irdl_op_definition
class GetDimensionSizeOp(HloOp):
    """The size of one dim of the operand, as a rank-0 i32 tensor (hlo-simplify folds it to a
    constant for a static dim). `%0 = hlo.get_dimension_size %x, dim = 1 : (tensor<2x3xf32>)
    -> tensor<i32>`"""

    name = "hlo.get_dimension_size"
    operand = operand_def(TensorType)
    result = result_def(TensorType)
    dimension = prop_def(IntegerAttr)
    traits = traits_def(Pure())

    def __init__(self, operand: SSAValue | Operation, dimension: int):
        super().__init__(
            operands=[SSAValue.get(operand)],
            properties={"dimension": IntegerAttr(dimension, i64)},
            result_types=[TensorType(i32, [])],
        )

    def dim(self) -> int:
        return int(self.dimension.value.data)

    def infer_result_types(self) -> Sequence[Attribute]:
        rank = expect_tensor(self.operand.type, "operand").get_num_dims()
        if not 0 <= self.dim() < rank:
            raise VerifyException(f"dimension {self.dim()} is out of range for rank {rank}")
        return [TensorType(i32, [])]

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.operand)
        printer.print_string(f", dim = {self.dim()}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : (")
        printer.print_attribute(self.operand.type)
        printer.print_string(") -> ")
        printer.print_attribute(self.result.type)

    @classmethod
    def parse(cls, parser: Parser) -> GetDimensionSizeOp:
        unresolved = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        parser.parse_keyword("dim")
        parser.parse_punctuation("=")
        dimension = parser.parse_integer()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        parser.parse_punctuation("(")
        operand_type = parser.parse_type()
        parser.parse_punctuation(")")
        parser.parse_punctuation("->")
        parser.parse_type()
        op = cls(parser.resolve_operand(unresolved, operand_type), dimension)
        op.attributes.update(attributes)
        return op


OPS: list[type[Operation]] = [
    ConcatenateOp, SliceOp, DynamicSliceOp, DynamicUpdateSliceOp, PadOp, ReverseOp, IotaOp,
    GetDimensionSizeOp,
]  # fmt: skip
ATTRIBUTES: list[type[Attribute]] = []
