"""The gather family of `hlo` ops: gather and scatter, with StableHLO's dimension numbers.

Both print in the generic form (as StableHLO prints them); their dimension numbers print as
`#hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0],
index_vector_dim = 1>` and `#hlo.scatter<...>`, empty lists omitted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    BoolAttr,
    DenseArrayBase,
    IntAttr,
    IntegerType,
    TensorType,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, ParametrizedAttribute, Region, SSAValue
from xdsl.irdl import (
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    param_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.traits import Pure, RecursiveMemoryEffect
from xdsl.utils.exceptions import VerifyException

from strata.dialects.hlo.core import (
    ElementwiseBinaryOp,
    HloOp,
    ReturnOp,
    ReturnsToHlo,
    _format_list,
    _i64_array,
    _ints,
    _shape,
)
from strata.dialects.tensor_types import format_shape
from strata.dialects.verify_helpers import expect_tensor
from strata.internal import expect

# ---------------------------------------------------------------------------------------------
# Dimension numbers


class _DimensionNumbers(ParametrizedAttribute):
    """Shared structure: named lists of dims plus one `index_vector_dim`, in a fixed key order."""

    LIST_KEYS: ClassVar[tuple[str, ...]] = ()

    def lists(self) -> dict[str, tuple[int, ...]]:
        params = self.parameters[: len(self.LIST_KEYS)]
        return {
            key: tuple(expect(d, IntAttr).data for d in expect(p, ArrayAttr).data)
            for key, p in zip(self.LIST_KEYS, params, strict=True)
        }

    @property
    def index_vector_dim(self) -> int:
        return int(expect(self.parameters[-1], IntAttr).data)

    @classmethod
    def _make(cls, lists: Mapping[str, Sequence[int]], index_vector_dim: int) -> list[Attribute]:
        params: list[Attribute] = [
            ArrayAttr([IntAttr(int(d)) for d in lists.get(key, ())]) for key in cls.LIST_KEYS
        ]
        return [*params, IntAttr(int(index_vector_dim))]

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        found: dict[str, list[int]] = {}
        index_vector_dim: list[int] = []

        def parse_entry() -> None:
            key = parser.parse_identifier()
            if key not in (*cls.LIST_KEYS, "index_vector_dim"):
                parser.raise_error(f"unknown {cls.name} dimension numbers key '{key}'")
            if key in found or (key == "index_vector_dim" and index_vector_dim):
                parser.raise_error(f"'{key}' given twice")
            parser.parse_punctuation("=")
            if key == "index_vector_dim":
                index_vector_dim.append(parser.parse_integer())
                return
            found[key] = parser.parse_comma_separated_list(
                parser.Delimiter.SQUARE, parser.parse_integer
            )

        parser.parse_comma_separated_list(parser.Delimiter.ANGLE, parse_entry)
        # StableHLO omits index_vector_dim when it is 0, its default.
        return cls._make(found, index_vector_dim[0] if index_vector_dim else 0)

    def print_parameters(self, printer: Printer) -> None:
        entries = [f"{key} = {_format_list(dims)}" for key, dims in self.lists().items() if dims]
        if self.index_vector_dim:
            entries.append(f"index_vector_dim = {self.index_vector_dim}")
        printer.print_string("<" + ", ".join(entries) + ">")


@irdl_attr_definition
class GatherDimensionNumbersAttr(_DimensionNumbers):
    """How hlo.gather reads its slices (StableHLO's GatherDimensionNumbers)."""

    name = "hlo.gather"
    LIST_KEYS: ClassVar[tuple[str, ...]] = (
        "offset_dims",
        "collapsed_slice_dims",
        "operand_batching_dims",
        "start_indices_batching_dims",
        "start_index_map",
    )
    offset_dims_: ArrayAttr[IntAttr] = param_def()
    collapsed_slice_dims_: ArrayAttr[IntAttr] = param_def()
    operand_batching_dims_: ArrayAttr[IntAttr] = param_def()
    start_indices_batching_dims_: ArrayAttr[IntAttr] = param_def()
    start_index_map_: ArrayAttr[IntAttr] = param_def()
    index_vector_dim_: IntAttr = param_def()

    def __init__(
        self,
        offset_dims: Sequence[int],
        collapsed_slice_dims: Sequence[int],
        start_index_map: Sequence[int],
        index_vector_dim: int,
        operand_batching_dims: Sequence[int] = (),
        start_indices_batching_dims: Sequence[int] = (),
    ):
        lists = {
            "offset_dims": offset_dims,
            "collapsed_slice_dims": collapsed_slice_dims,
            "operand_batching_dims": operand_batching_dims,
            "start_indices_batching_dims": start_indices_batching_dims,
            "start_index_map": start_index_map,
        }
        super().__init__(*self._make(lists, index_vector_dim))


@irdl_attr_definition
class ScatterDimensionNumbersAttr(_DimensionNumbers):
    """Where hlo.scatter writes its updates (StableHLO's ScatterDimensionNumbers)."""

    name = "hlo.scatter"
    LIST_KEYS: ClassVar[tuple[str, ...]] = (
        "update_window_dims",
        "inserted_window_dims",
        "input_batching_dims",
        "scatter_indices_batching_dims",
        "scatter_dims_to_operand_dims",
    )
    update_window_dims_: ArrayAttr[IntAttr] = param_def()
    inserted_window_dims_: ArrayAttr[IntAttr] = param_def()
    input_batching_dims_: ArrayAttr[IntAttr] = param_def()
    scatter_indices_batching_dims_: ArrayAttr[IntAttr] = param_def()
    scatter_dims_to_operand_dims_: ArrayAttr[IntAttr] = param_def()
    index_vector_dim_: IntAttr = param_def()

    def __init__(
        self,
        update_window_dims: Sequence[int],
        inserted_window_dims: Sequence[int],
        scatter_dims_to_operand_dims: Sequence[int],
        index_vector_dim: int,
        input_batching_dims: Sequence[int] = (),
        scatter_indices_batching_dims: Sequence[int] = (),
    ):
        lists = {
            "update_window_dims": update_window_dims,
            "inserted_window_dims": inserted_window_dims,
            "input_batching_dims": input_batching_dims,
            "scatter_indices_batching_dims": scatter_indices_batching_dims,
            "scatter_dims_to_operand_dims": scatter_dims_to_operand_dims,
        }
        super().__init__(*self._make(lists, index_vector_dim))


# ---------------------------------------------------------------------------------------------
# Checks shared by gather and scatter


def _check_dims(dims: Sequence[int], rank: int, what: str, sorted_: bool = False) -> None:
    for d in dims:
        if not 0 <= d < rank:
            raise VerifyException(
                f"{what} {_format_list(dims)} has dim {d} out of range [0, {rank})"
            )
    if len(set(dims)) != len(dims):
        raise VerifyException(f"{what} {_format_list(dims)} has duplicates")
    if sorted_ and list(dims) != sorted(dims):
        raise VerifyException(f"{what} {_format_list(dims)} must be sorted")


def _index_vector_size(indices: TensorType, index_vector_dim: int) -> int:
    rank = indices.get_num_dims()
    if not 0 <= index_vector_dim <= rank:
        raise VerifyException(
            f"index_vector_dim {index_vector_dim} is out of range [0, {rank}] for indices "
            f"of rank {rank}"
        )
    if not isinstance(indices.element_type, IntegerType):
        raise VerifyException(f"indices must have integer elements, found {indices}")
    return 1 if index_vector_dim == rank else _shape(indices)[index_vector_dim]


def _check_batching(
    operand_dims: Sequence[int],
    index_dims: Sequence[int],
    operand: TensorType,
    indices: TensorType,
    index_vector_dim: int,
    names: tuple[str, str],
) -> None:
    _check_dims(operand_dims, operand.get_num_dims(), names[0], sorted_=True)
    _check_dims(index_dims, indices.get_num_dims(), names[1])
    if index_vector_dim in index_dims:
        raise VerifyException(f"{names[1]} must not contain index_vector_dim {index_vector_dim}")
    if len(operand_dims) != len(index_dims):
        raise VerifyException(f"{names[0]} and {names[1]} must have the same length")
    for od, idim in zip(operand_dims, index_dims, strict=True):
        a, b = _shape(operand)[od], _shape(indices)[idim]
        if DYNAMIC_INDEX not in (a, b) and a != b:
            raise VerifyException(
                f"operand batching dim {od} (size {a}) does not match indices dim {idim} (size {b})"
            )


# ---------------------------------------------------------------------------------------------
# Gather


@irdl_op_definition
class GatherOp(HloOp):
    """Slices of `operand` of size `slice_sizes`, each starting at an index vector read from
    `start_indices` (clamped so the slice fits in the operand: a gather never reads out of
    bounds). StableHLO's gather.
    `%0 = "hlo.gather"(%table, %ids) <{dimension_numbers = #hlo.gather<offset_dims = [1],
    collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 16>}> : (tensor<1000x16xf32>, tensor<8xi32>) -> tensor<8x16xf32>`
    """

    name = "hlo.gather"
    operand = operand_def(TensorType)
    start_indices = operand_def(TensorType)
    result = result_def(TensorType)
    dimension_numbers = prop_def(GatherDimensionNumbersAttr)
    slice_sizes = prop_def(DenseArrayBase.constr(i64))
    indices_are_sorted = opt_prop_def(BoolAttr)
    traits = traits_def(Pure())

    def __init__(
        self,
        operand: SSAValue | Operation,
        start_indices: SSAValue | Operation,
        dimension_numbers: GatherDimensionNumbersAttr,
        slice_sizes: Sequence[int],
        result_type: Attribute | None = None,
    ):
        operand, start_indices = SSAValue.get(operand), SSAValue.get(start_indices)
        if result_type is None:
            result_type = self._infer(
                operand.type, start_indices.type, dimension_numbers, slice_sizes
            )
        super().__init__(
            operands=[operand, start_indices],
            properties={
                "dimension_numbers": dimension_numbers,
                "slice_sizes": _i64_array(slice_sizes),
            },
            result_types=[result_type],
        )

    @staticmethod
    def _infer(
        operand_type: Attribute,
        indices_type: Attribute,
        numbers: GatherDimensionNumbersAttr,
        slice_sizes: Sequence[int],
    ) -> TensorType:
        operand = expect_tensor(operand_type, "operand")
        indices = expect_tensor(indices_type, "start_indices")
        lists = numbers.lists()
        ivd = numbers.index_vector_dim
        vector_size = _index_vector_size(indices, ivd)
        rank = operand.get_num_dims()
        shape = _shape(operand)
        if len(slice_sizes) != rank:
            raise VerifyException(
                f"slice_sizes has {len(slice_sizes)} entries but the operand has rank {rank}"
            )
        for d, size in enumerate(slice_sizes):
            if size < 0 or (shape[d] != DYNAMIC_INDEX and size > shape[d]):
                raise VerifyException(
                    f"slice size {size} of dim {d} is out of range [0, {shape[d]}]"
                )
        collapsed = lists["collapsed_slice_dims"]
        batching = lists["operand_batching_dims"]
        _check_dims(collapsed, rank, "collapsed_slice_dims", sorted_=True)
        _check_batching(
            batching,
            lists["start_indices_batching_dims"],
            operand,
            indices,
            ivd,
            ("operand_batching_dims", "start_indices_batching_dims"),
        )
        for d in (*collapsed, *batching):
            if slice_sizes[d] > 1:
                raise VerifyException(
                    f"slice size of collapsed or batching dim {d} must be at most 1, "
                    f"found {slice_sizes[d]}"
                )
        if set(collapsed) & set(batching):
            raise VerifyException("collapsed_slice_dims and operand_batching_dims overlap")
        index_map = lists["start_index_map"]
        _check_dims(index_map, rank, "start_index_map")
        if set(index_map) & set(batching):
            raise VerifyException("start_index_map and operand_batching_dims overlap")
        if vector_size != DYNAMIC_INDEX and len(index_map) != vector_size:
            raise VerifyException(
                f"start_index_map has {len(index_map)} entries but the index vectors have "
                f"{vector_size}"
            )
        offset_sizes = [
            s for d, s in enumerate(slice_sizes) if d not in collapsed and d not in batching
        ]
        batch_sizes = [s for d, s in enumerate(_shape(indices)) if d != ivd]
        offset_dims = lists["offset_dims"]
        result_rank = len(offset_sizes) + len(batch_sizes)
        _check_dims(offset_dims, result_rank, "offset_dims", sorted_=True)
        if len(offset_dims) != len(offset_sizes):
            raise VerifyException(
                f"offset_dims has {len(offset_dims)} entries but {len(offset_sizes)} operand "
                "dims are neither collapsed nor batching"
            )
        offsets, batches = iter(offset_sizes), iter(batch_sizes)
        result = [next(offsets) if d in offset_dims else next(batches) for d in range(result_rank)]
        return TensorType(operand.element_type, result)

    def infer_result_types(self) -> Sequence[Attribute]:
        return [
            self._infer(
                self.operand.type,
                self.start_indices.type,
                self.dimension_numbers,
                _ints(self.slice_sizes),
            )
        ]


# ---------------------------------------------------------------------------------------------
# Scatter


@irdl_op_definition
class ScatterOp(HloOp):
    """`operand` with each window of `updates` combined into the place its index vector in
    `scatter_indices` names, by `update_computation` (old, update) -> new. Windows that do not
    fit in the operand are skipped. StableHLO's scatter (one operand).
    `%0 = "hlo.scatter"(%zeros, %ids, %rows) <{scatter_dimension_numbers = #hlo.scatter<
    update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
    index_vector_dim = 1>}> ({ ^bb0(%a: tensor<f32>, %b: tensor<f32>): %s = hlo.add %a, %b
    : tensor<f32>  hlo.return %s : tensor<f32> }) : (tensor<3x4xf32>, tensor<6xi32>,
    tensor<6x4xf32>) -> tensor<3x4xf32>`"""

    name = "hlo.scatter"
    operand = operand_def(TensorType)
    scatter_indices = operand_def(TensorType)
    updates = operand_def(TensorType)
    result = result_def(TensorType)
    scatter_dimension_numbers = prop_def(ScatterDimensionNumbersAttr)
    indices_are_sorted = opt_prop_def(BoolAttr)
    unique_indices = opt_prop_def(BoolAttr)
    update_computation = region_def("single_block")
    traits = traits_def(RecursiveMemoryEffect(), ReturnsToHlo())

    def __init__(
        self,
        operand: SSAValue | Operation,
        scatter_indices: SSAValue | Operation,
        updates: SSAValue | Operation,
        scatter_dimension_numbers: ScatterDimensionNumbersAttr,
        update_computation: Region,
    ):
        operand = SSAValue.get(operand)
        super().__init__(
            operands=[operand, SSAValue.get(scatter_indices), SSAValue.get(updates)],
            properties={"scatter_dimension_numbers": scatter_dimension_numbers},
            result_types=[operand.type],
            regions=[update_computation],
        )

    @classmethod
    def build_binary(
        cls,
        operand: SSAValue | Operation,
        scatter_indices: SSAValue | Operation,
        updates: SSAValue | Operation,
        scatter_dimension_numbers: ScatterDimensionNumbersAttr,
        body_op_class: type[ElementwiseBinaryOp],
    ) -> ScatterOp:
        """A scatter whose update computation is `body_op_class(old, update)` (e.g. AddOp)."""
        element = expect_tensor(SSAValue.get(operand), "operand").element_type
        scalar = TensorType(element, [])
        block = Block(arg_types=[scalar, scalar])
        combined = body_op_class(block.args[0], block.args[1])
        block.add_ops([combined, ReturnOp([combined.result])])
        return cls(operand, scatter_indices, updates, scatter_dimension_numbers, Region(block))

    def infer_result_types(self) -> Sequence[Attribute]:
        operand = expect_tensor(self.operand, "operand")
        indices = expect_tensor(self.scatter_indices, "scatter_indices")
        updates = expect_tensor(self.updates, "updates")
        numbers = self.scatter_dimension_numbers
        lists = numbers.lists()
        ivd = numbers.index_vector_dim
        vector_size = _index_vector_size(indices, ivd)
        if updates.element_type != operand.element_type:
            raise VerifyException(
                f"updates element type {updates.element_type} does not match operand element "
                f"type {operand.element_type}"
            )
        rank = operand.get_num_dims()
        window = lists["update_window_dims"]
        inserted = lists["inserted_window_dims"]
        batching = lists["input_batching_dims"]
        _check_dims(window, updates.get_num_dims(), "update_window_dims", sorted_=True)
        _check_dims(inserted, rank, "inserted_window_dims", sorted_=True)
        _check_batching(
            batching,
            lists["scatter_indices_batching_dims"],
            operand,
            indices,
            ivd,
            ("input_batching_dims", "scatter_indices_batching_dims"),
        )
        if set(inserted) & set(batching):
            raise VerifyException("inserted_window_dims and input_batching_dims overlap")
        if len(window) + len(inserted) + len(batching) != rank:
            raise VerifyException(
                f"operand rank {rank} must equal the number of update_window_dims "
                f"({len(window)}) plus inserted_window_dims ({len(inserted)}) plus "
                f"input_batching_dims ({len(batching)})"
            )
        to_operand = lists["scatter_dims_to_operand_dims"]
        _check_dims(to_operand, rank, "scatter_dims_to_operand_dims")
        if set(to_operand) & set(batching):
            raise VerifyException("scatter_dims_to_operand_dims and input_batching_dims overlap")
        if vector_size != DYNAMIC_INDEX and len(to_operand) != vector_size:
            raise VerifyException(
                f"scatter_dims_to_operand_dims has {len(to_operand)} entries but the index "
                f"vectors have {vector_size}"
            )
        u_shape = _shape(updates)
        scatter_sizes = [s for d, s in enumerate(_shape(indices)) if d != ivd]
        update_scatter = [s for d, s in enumerate(u_shape) if d not in window]
        if len(update_scatter) != len(scatter_sizes) or any(
            DYNAMIC_INDEX not in (a, b) and a != b
            for a, b in zip(update_scatter, scatter_sizes, strict=True)
        ):
            raise VerifyException(
                f"updates shape {format_shape(u_shape)} does not match the scatter indices' "
                f"batch shape {format_shape(scatter_sizes)} outside update_window_dims"
            )
        window_operand_dims = [d for d in range(rank) if d not in inserted and d not in batching]
        for w, od in zip(window, window_operand_dims, strict=True):
            size, bound = u_shape[w], _shape(operand)[od]
            if DYNAMIC_INDEX not in (size, bound) and size > bound:
                raise VerifyException(
                    f"updates window dim {w} (size {size}) is larger than operand dim {od} "
                    f"(size {bound})"
                )
        return [operand]

    def verify_(self) -> None:
        super().verify_()
        block = self.update_computation.block
        element = expect_tensor(self.operand, "operand").element_type
        scalar = TensorType(element, [])
        if len(block.args) != 2 or any(a.type != scalar for a in block.args):
            raise VerifyException(
                f"update_computation must take two {scalar} arguments (old value, update)"
            )
        last = block.last_op
        if (
            not isinstance(last, ReturnOp)
            or len(last.arguments) != 1
            or last.arguments[0].type != scalar
        ):
            raise VerifyException(f"update_computation must end with hlo.return of one {scalar}")


OPS: list[type[Operation]] = [GatherOp, ScatterOp]
ATTRIBUTES: list[type[Attribute]] = [GatherDimensionNumbersAttr, ScatterDimensionNumbersAttr]
