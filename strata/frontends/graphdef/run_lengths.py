"""Values whose rows the input data decide, held padded to a bound (`RunLength`).

Strata's types are static. A result TensorFlow sizes by the data (a list a loop bounded by
`maximum_iterations` grows, a tf.where, a non-max suppression, a dynamic partition) is held
with as many rows as it can have, the first `length` of them (an int32 computed at run time)
its value, the rest padding. The GraphDef importer carries that dim through the ops that keep
its rows apart (`RunLengthBuilder.carry_run_length`), reduces along it over the rows within
the length only, and returns an output that has one padded with its length as a hidden
output (abi.RunTimeLength), which the runtimes cut by. Ops that would mix the padding into
other values are refused, naming the op.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from xdsl.dialects.builtin import IntegerType, TensorType
from xdsl.ir import Block, Operation, SSAValue

from strata.dialects import rt, tf
from strata.dialects.element_kinds import numpy_dtype_for
from strata.dialects.tensor_types import format_shape
from strata.frontends.graphdef.builders.attrs import attr_bool, attr_int, location
from strata.frontends.graphdef.known import Known, Value, constant_op, static_dims
from strata.frontends.graphdef.schema import NodeDefMessage
from strata.internal import expect

if TYPE_CHECKING:
    from strata.frontends.graphdef.control_flow import Graph


@dataclass(frozen=True, eq=False)
class RunLength:
    """Where a value's dim `axis` has a size the data decide: the tensor holds `bound` rows
    there, of which the first `length` (an int32 scalar computed at run time) are the value;
    the rest is padding. It comes from a list a kept loop with `maximum_iterations` grew,
    stacked, or from a tf.Where (boolean_mask), and reaches the outputs through ops that keep
    rows apart (`carry_run_length`); an output with one returns its length as a hidden result
    (abi.RunTimeLength)."""

    axis: int
    length: SSAValue
    bound: int
    source: str
    """The node whose result it is: the list's stack, a tf.Where (for diagnostics)."""
    zeros: bool = False
    """Whether the padding is zeros (a tf.Where's, a NonMaxSuppression's, as moved by shape
    ops): indices that need no masking before a gather."""


@dataclass(frozen=True, eq=False)
class Part:
    """Part `index` of a DynamicPartition of the known `data` into `count` by `partitions`."""

    partitions: SSAValue
    count: int
    index: int
    data: np.ndarray


def dtype_of(value: SSAValue) -> np.dtype:
    return numpy_dtype_for(expect(value.type, TensorType, "a tensor").element_type)


def whole_permutation(parts: Sequence[Part | None], given: int, rows: int) -> bool:
    """Whether `parts` (of `given` stitched indices) are every part of one DynamicPartition of
    a known permutation of range(rows): their stitch fills each of the rows."""
    if len(parts) != given or any(p is None for p in parts):
        return False
    found = [p for p in parts if p is not None]
    one = found[0]
    return (
        all(p.partitions is one.partitions and p.count == one.count for p in found)
        and all(p.data is one.data or np.array_equal(p.data, one.data) for p in found)
        and sorted(p.index for p in found) == list(range(one.count))
        and np.array_equal(np.sort(one.data.ravel()), np.arange(rows))
    )


@dataclass(frozen=True, eq=False)
class Iota:
    """`Range(0, n, 1)` with n a list's run-time length (`RunLength.length`): what TF1's
    TensorArray.stack gathers; only a gather of that list takes it."""

    length: SSAValue
    bound: int


def sliced_axis(op: tf.StridedSliceOp, first: RunLength) -> int | None:
    """Where a StridedSlice (constant, no ellipsis or new axis) that takes the dim of run-time
    size whole (from 0, the bound's size, stride 1) puts it: less the dims it shrinks before."""
    masks = [op.begin_mask, op.end_mask, op.ellipsis_mask, op.new_axis_mask, op.shrink_axis_mask]
    begin_mask, end_mask, ellipsis, new_axis, shrink = [m.value.data for m in masks]
    parts = [tf.constant_value(v) for v in (op.begin, op.end, op.strides)]
    shape = static_dims(op.input)
    if ellipsis or new_axis or shape is None or any(p is None for p in parts):
        return None
    begin, end, strides = [[int(v) for v in np.ravel(p)] for p in parts if p is not None]
    spec = tf.strided_slice_spec(shape, begin, end, strides, begin_mask, end_mask, 0, 0, shrink)
    a = first.axis
    whole = spec.begin[a] == 0 and spec.sizes[a] == first.bound and spec.strides[a] == 1
    if not whole or shrink >> a & 1:
        return None
    return a - sum(shrink >> d & 1 for d in range(min(a, len(begin))))


def reduction_identity(op: Operation, dtype: np.dtype) -> object | None:
    """What padding a reduction along a dim of run-time size is given, so that it does not
    change the result: the reduction's identity (None: not a reduction Strata masks)."""
    low = -np.inf if dtype.kind == "f" else np.iinfo(dtype).min if dtype.kind in "iu" else None
    high = np.inf if dtype.kind == "f" else np.iinfo(dtype).max if dtype.kind in "iu" else None
    if isinstance(op, (tf.SumOp, tf.MeanOp)):
        return None if isinstance(op, tf.MeanOp) and dtype.kind != "f" else 0
    table: dict[type[Operation], object | None] = {
        tf.ProdOp: 1,
        tf.MaxOp: low,
        tf.ArgMaxOp: low,
        tf.MinOp: high,
        tf.ArgMinOp: high,
        tf.AllOp: True,
        tf.AnyOp: False,
    }
    return table.get(type(op))


def iota_of(inputs: list[Value], lengths: dict[SSAValue, int]) -> Iota | None:
    """A Range(0, n, 1) node's value where n is a list's run-time length (see `Iota`)."""
    if len(inputs) != 3:
        return None
    start, limit, delta = inputs
    if not (isinstance(limit, SSAValue) and limit in lengths):
        return None
    if not all(isinstance(v, Known) and v.array.size == 1 for v in (start, delta)):
        return None
    if int(start.array.reshape(())) != 0 or int(delta.array.reshape(())) != 1:
        return None
    return Iota(limit, lengths[limit])


STITCH_OPS = frozenset(["DynamicStitch", "ParallelDynamicStitch"])
EXPANDED_OPS = frozenset(["DynamicPartition", "CTCGreedyDecoder", "SparseToDense", *STITCH_OPS])
"""Nodes this module builds from other tf ops (`RunLengthBuilder.expand`)."""


@dataclass(frozen=True, eq=False)
class CtcDecode:
    """A CTCGreedyDecoder's choice, dense: per time step t and row b of its [T, B] steps, the
    best class, whether it is kept (within the row's length, not the blank, not a repeat when
    merging) and its place among the row's kept ones; and each row's kept count."""

    classes: SSAValue
    kept: SSAValue
    places: SSAValue
    counts: SSAValue


@dataclass(frozen=True, eq=False)
class SparsePart:
    """Output `part` of a CTCGreedyDecoder (0 indices, 1 values, 2 dense shape): only a
    SparseToDense of all three takes it (tf.sparse.to_dense of the decoded sequences)."""

    decode: CtcDecode
    part: int


SHAPE_READERS = frozenset(
    ["StridedSlice", "Slice", "GatherV2", "Gather", "Unpack", "Cast", "Identity", "Pack",
     "ConcatV2", "Add", "AddV2", "Sub", "Mul", "FloorDiv", "FloorMod", "RealDiv", "Maximum",
     "Minimum", "Prod", "Sum", "Max", "Min", "Equal", "NotEqual", "Less", "LessEqual",
     "Greater", "GreaterEqual"]
)  # fmt: skip
"""Ops that may take tf.shape of a value with a RunLength (`shape_taken`)."""

DATA_SHAPED_OPS = frozenset(
    ["Where", "NonMaxSuppressionV2", "NonMaxSuppressionV3", "NonMaxSuppressionV4",
     "NonMaxSuppressionV5"]
)  # fmt: skip
"""Ops whose result's rows the data decide (padded to a bound: `RunLength`)."""


class RunLengthBuilder:
    """The control-flow importer's part that builds values with a RunLength (see the module
    docstring): the ops whose rows the data decide, and what their padding may go through."""

    run_lengths: dict[SSAValue, RunLength]
    """Values with a dim of run-time size (padded to its bound)."""
    partitioned: dict[SSAValue, Part]
    """The parts of DynamicPartitions of known data (see `dynamic_stitch`)."""
    run_time_shapes: dict[SSAValue, RunLength]
    """tf.shape of values with a RunLength, and what is computed from them (`shape_taken`)."""

    if TYPE_CHECKING:  # the importer's own

        def as_operand(self, value: Value, what: str) -> SSAValue: ...

        def reshaped(
            self, value: Operation | SSAValue, shape: Sequence[int], name: str
        ) -> SSAValue: ...

        def add(self, op: Operation) -> None: ...

        def build_op(
            self, graph: Graph, node: NodeDefMessage, inputs: list[Value]
        ) -> list[Value]: ...

    def expand(self, graph: Graph, node: NodeDefMessage, inputs: list[Value]) -> list[Value]:
        """The values of a node of EXPANDED_OPS."""
        if node.op == "DynamicPartition":
            return self.dynamic_partition(graph, node, inputs)
        if node.op == "CTCGreedyDecoder":
            return self.ctc_greedy_decoder(graph, node, inputs)
        if node.op == "SparseToDense":
            return [self.sparse_to_dense(graph, node, inputs)]
        return [self.dynamic_stitch(graph, node, inputs)]

    def ctc_greedy_decoder(
        self, graph: Graph, node: NodeDefMessage, inputs: list[Value]
    ) -> list[Value]:
        """CTCGreedyDecoder(inputs [T, B, C], sequence_length [B]): per row, the best class of
        each step within its length (the first on ties), repeats merged (merge_repeated) and
        the blank (blank_index, negative: from the end) dropped; log_probability is minus
        the sum of the best logits. The sparse outputs are kept dense (`CtcDecode`) for the
        SparseToDense that takes them; the log probability is an ordinary value."""
        where = graph.where(node.name)
        x = self.as_operand(inputs[0], f"{where}: inputs")
        lengths = self.as_operand(inputs[1], f"{where}: sequence_length")
        shape = static_dims(x) or ()
        if len(shape) != 3 or any(d < 0 for d in shape):
            raise graph.error(node.name, f"inputs must be a static [T, B, C], found {x.type}")
        steps, batch, classes = shape
        blank = attr_int(node, "blank_index", -1)
        blank = blank + classes if blank < 0 else blank
        merge = attr_bool(node, "merge_repeated")

        i64 = IntegerType(64)
        two = self.known(np.asarray(2, np.int32), node.name)
        best = self.emit(tf.ArgMaxOp(x, two, i64), node.name)  # [T, B]
        top = self.emit(tf.MaxOp(x, two), node.name)
        t = self.known(np.arange(steps, dtype=np.int32).reshape(steps, 1), node.name)
        if dtype_of(lengths) != np.int32:
            lengths = self.emit(tf.CastOp(lengths, IntegerType(32)), node.name)
        inside = self.emit(tf.LessOp(t, lengths), node.name)
        kept = self.emit(
            tf.LogicalAndOp(
                inside,
                self.emit(tf.NotEqualOp(best, self.known(np.asarray(blank), node.name)), node.name),
            ),
            node.name,
        )
        if merge and steps > 1:
            start = self.known(np.full((1, batch), -1, np.int64), node.name)
            head = self.emit(
                tf.SliceOp(
                    best,
                    self.known(np.zeros(2, np.int32), node.name),
                    self.known(np.asarray([steps - 1, batch]), node.name),
                ),
                node.name,
            )
            before = self.emit(
                tf.ConcatV2Op([start, head], self.known(np.asarray(0), node.name)), node.name
            )
            fresh = self.emit(tf.NotEqualOp(best, before), node.name)
            kept = self.emit(tf.LogicalAndOp(kept, fresh), node.name)
        ones = self.emit(tf.CastOp(kept, IntegerType(32)), node.name)
        zero = self.known(np.asarray(0, np.int32), node.name)
        places = self.emit(tf.CumsumOp(ones, zero, True, False), node.name)
        counts = self.emit(tf.SumOp(ones, zero), node.name)
        nothing = self.known(
            np.asarray(0, numpy_dtype_for(expect(x.type, TensorType).element_type)), node.name
        )
        summed = self.emit(
            tf.SumOp(self.emit(tf.SelectV2Op(inside, top, nothing), node.name), zero), node.name
        )
        log_p = self.reshaped(self.emit(tf.NegOp(summed), node.name), (batch, 1), node.name)
        decode = CtcDecode(best, kept, places, counts)
        return [SparsePart(decode, 0), SparsePart(decode, 1), SparsePart(decode, 2), log_p]

    def sparse_to_dense(self, graph: Graph, node: NodeDefMessage, inputs: list[Value]) -> Value:
        """SparseToDense of a CTCGreedyDecoder's indices, dense shape and values: [B, T] filled
        with default_value, row b's kept classes first (scattered to their places; the steps
        not kept sent to an extra column that is cut off); its columns are as many as the
        longest row keeps (a RunLength, at most T). A known dense shape (Keras' ctc_decode
        pads to the steps) gives that many columns, static."""
        where = graph.where(node.name)
        indices, shape, values = inputs[:3]
        decode = indices.decode if isinstance(indices, SparsePart) else None
        given = shape.array.reshape(-1) if isinstance(shape, Known) else None
        decoded = (
            decode is not None
            and isinstance(indices, SparsePart)
            and indices.part == 0
            and isinstance(values, SparsePart)
            and values.part == 1
            and values.decode is decode
        )
        own_shape = isinstance(shape, SparsePart) and shape.part == 2 and shape.decode is decode
        if decode is None or not decoded or not (own_shape or given is not None):
            raise graph.error(
                node.name,
                "Strata takes a SparseToDense only of a CTCGreedyDecoder's indices and values, "
                "with its dense shape or a known one (tf.sparse.to_dense of the decoded "
                "sequences)",
            )
        steps, batch = static_dims(decode.classes) or (0, 0)
        if given is not None and (given.size != 2 or int(given[0]) != batch):
            raise graph.error(node.name, f"output_shape {given.tolist()} is not [{batch}, n]")
        columns = steps if given is None else int(given[1])
        default = self.as_operand(inputs[3], f"{where}: default_value")
        element = expect(default.type, TensorType, "default_value").element_type

        size = self.known(np.asarray([batch, columns + 1], np.int32), node.name)
        canvas = self.emit(tf.FillOp(size, default), node.name)
        spare = self.known(np.asarray(columns, np.int32), node.name)
        fits = self.emit(tf.LessOp(decode.places, spare), node.name)
        placed = self.emit(tf.LogicalAndOp(decode.kept, fits), node.name)
        at = self.emit(tf.SelectV2Op(placed, decode.places, spare), node.name)
        rows = self.known(
            np.broadcast_to(np.arange(batch, dtype=np.int32), (steps, batch)).copy(), node.name
        )
        ids = self.reshaped(
            self.emit(tf.PackOp([rows, at], 2), node.name), (steps * batch, 2), node.name
        )
        classes = self.emit(tf.CastOp(decode.classes, element), node.name)
        classes = self.reshaped(classes, (steps * batch,), node.name)
        dense = self.emit(tf.TensorScatterUpdateOp(canvas, ids, classes), node.name)
        begin = self.known(np.zeros(2, np.int32), node.name)
        dense = self.emit(
            tf.SliceOp(dense, begin, self.known(np.asarray([batch, columns], np.int32), node.name)),
            node.name,
        )
        if given is None:  # as many columns as the longest row keeps
            longest = self.emit(
                tf.MaxOp(decode.counts, self.known(np.asarray(0, np.int32), node.name)), node.name
            )
            self.run_lengths[dense] = RunLength(1, longest, steps, node.name)
        return dense

    def dynamic_partition(
        self, graph: Graph, node: NodeDefMessage, inputs: list[Value]
    ) -> list[Value]:
        """DynamicPartition(data, partitions) into num_partitions parts: part p is data's
        slices where partitions == p, in order, as many as the data decide: a tf.Where of the
        equality, then GatherV2 (GatherNd for partitions of rank > 1) of them; each part has
        a RunLength. Known operands are partitioned at import. A part of a known `data` (the
        tf.range that embedding_lookup and tf.dynamic_stitch pair with the data's parts) is
        remembered (`partitioned`), so that stitching every part back is of static size."""
        where = graph.where(node.name)
        count = attr_int(node, "num_partitions", 0)
        data, parts = inputs
        if count < 1:
            raise graph.error(node.name, f"num_partitions must be at least 1, found {count}")
        if isinstance(data, Known) and isinstance(parts, Known):
            return [Known(data.array[parts.array == p], node.name) for p in range(count)]
        x = self.as_operand(data, f"{where}: input 0")
        ids = self.as_operand(parts, f"{where}: input 1")
        ids_shape = static_dims(ids) or ()
        x_shape = static_dims(x) or ()
        if any(d < 0 for d in (*ids_shape, *x_shape)) or x_shape[: len(ids_shape)] != ids_shape:
            raise graph.error(
                node.name,
                f"partitions {format_shape(ids_shape)} must be a static prefix of data's shape "
                f"{format_shape(x_shape)}",
            )
        outs: list[Value] = []
        for p in range(count):
            index = self.known(np.asarray(p, dtype_of(ids)), node.name)
            same = self.emit(tf.EqualOp(ids, index), node.name)
            found, total = self.emit_op(tf.WhereOp(same), node.name).results
            if len(ids_shape) == 1:
                rows = self.emit(tf.SqueezeOp(found, [1]), node.name)
                axis = self.known(np.asarray(0, np.int32), node.name)
                part = self.emit(tf.GatherV2Op(x, rows, axis), node.name)
            else:
                part = self.emit(tf.GatherNdOp(x, found), node.name)
            bound = (static_dims(found) or (0,))[0]
            self.run_lengths[part] = RunLength(0, total, bound, node.name)
            if isinstance(data, Known):
                self.partitioned[part] = Part(ids, count, p, data.array)
            outs.append(part)
        return outs

    def dynamic_stitch(self, graph: Graph, node: NodeDefMessage, inputs: list[Value]) -> Value:
        """DynamicStitch(indices..., data...): merged[indices[m][i]] = data[m][i], later ones
        over earlier ones, as many rows as the largest index + 1. Each pair is scattered into
        the result with TensorScatterUpdate in order, the rows past a part's run-time length
        sent to one extra row that is cut off. The size is static where the indices are known
        or are every part of one DynamicPartition of a known permutation of range(n) (what
        tf.nn.embedding_lookup of sharded tables stitches: n rows); else it is the data's,
        bounded by the largest index the indices can hold (a part of a known array)."""
        where = graph.where(node.name)
        half = len(inputs) // 2
        indices, data = inputs[:half], inputs[half:]
        if half == 0 or len(inputs) != 2 * half:
            raise graph.error(node.name, f"expects pairs of indices and data, found {len(inputs)}")
        highest: list[int] = []
        for k, ids in enumerate(indices):
            if isinstance(ids, Known):
                highest.append(int(ids.array.max()) if ids.array.size else -1)
            elif isinstance(ids, SSAValue) and ids in self.partitioned:
                known = self.partitioned[ids].data
                highest.append(int(known.max()) if known.size else -1)
            else:
                raise graph.error(
                    node.name,
                    f"its output has as many rows as the largest of indices {k} + 1, which the "
                    "input data decide and nothing bounds (Strata bounds it where the indices "
                    "are known, or parts of a DynamicPartition of a known array)",
                )
        rows = max(highest) + 1
        static = all(isinstance(ids, Known) for ids in indices) or whole_permutation(
            [self.partitioned.get(ids) for ids in indices if isinstance(ids, SSAValue)],
            len(indices),
            rows,
        )
        first = self.as_operand(data[0], f"{where}: data 0")
        inner = list(
            (static_dims(first) or ())[len(static_dims(self.as_operand(indices[0], where)) or ()) :]
        )
        element = expect(first.type, TensorType, "data").element_type
        merged = self.known(np.zeros([rows + 1, *inner], numpy_dtype_for(element)), node.name)
        written: list[SSAValue] = []
        for k, (ids, values) in enumerate(zip(indices, data, strict=True)):
            flat_ids = self.as_operand(ids, f"{where}: indices {k}")
            rows_k = int(np.prod(static_dims(flat_ids) or (), dtype=np.int64))
            flat_ids = self.reshaped(flat_ids, (rows_k,), node.name)
            limit = self.run_lengths.get(flat_ids) or (
                self.run_lengths.get(ids) if isinstance(ids, SSAValue) else None
            )
            if limit is not None:  # the padding goes to the extra row
                iota = self.known(np.arange(rows_k, dtype=np.int32), node.name)
                inside = self.emit(tf.LessOp(iota, limit.length), node.name)
                spare = self.known(np.asarray(rows, dtype_of(flat_ids)), node.name)
                flat_ids = self.emit(tf.SelectV2Op(inside, flat_ids, spare), node.name)
            written.append(flat_ids)
            column = self.reshaped(flat_ids, (rows_k, 1), node.name)
            update = self.as_operand(values, f"{where}: data {k}")
            update = self.reshaped(update, (rows_k, *inner), node.name)
            merged = self.emit(tf.TensorScatterUpdateOp(merged, column, update), node.name)
        begin = self.known(np.zeros(1 + len(inner), np.int32), node.name)
        size = self.known(np.asarray([rows, *inner], np.int32), node.name)
        result = self.emit(tf.SliceOp(merged, begin, size), node.name)
        if static:
            return result
        # the data's row count: the largest index written + 1 (the extra row's index excluded)
        largest = self.known(np.asarray(-1, np.int32), node.name)
        for flat_ids in written:
            below = self.known(np.asarray(rows, dtype_of(flat_ids)), node.name)
            real = self.emit(tf.LessOp(flat_ids, below), node.name)
            none = self.known(np.asarray(-1, dtype_of(flat_ids)), node.name)
            kept = self.emit(tf.SelectV2Op(real, flat_ids, none), node.name)
            axis = self.known(np.asarray(0, np.int32), node.name)
            top = self.emit(tf.MaxOp(kept, axis), node.name)
            top = self.emit(tf.CastOp(top, IntegerType(32)), node.name)
            largest = self.emit(tf.MaximumOp(largest, top), node.name)
        one = self.known(np.asarray(1, np.int32), node.name)
        total = self.emit(tf.AddV2Op(largest, one), node.name)
        self.run_lengths[result] = RunLength(0, total, rows, node.name)
        return result

    def ragged_to_tensor(
        self, graph: Graph, node: NodeDefMessage, inputs: list[Value]
    ) -> list[Value]:
        """RaggedTensorToTensor whose shape leaves the column count open (-1, or an unknown
        rank): the longest row, from row splits known at import, else as many columns as the
        values have rows (its bound) with the longest row's length at run time (a RunLength).
        Values with a RunLength are fine: the op reads only the rows the splits cover."""
        shape, values, default, *partitions = inputs
        if not partitions:
            raise graph.error(node.name, "expects row partitions")
        splits = partitions[0]
        x = self.as_operand(values, f"{graph.where(node.name)}: values")
        dims = list(static_dims(x) or ())
        wanted = [int(d) for d in shape.array.reshape(-1)] if isinstance(shape, Known) else None
        rows = None if wanted is None or len(wanted) != 1 + len(dims) else wanted
        pending: SSAValue | None = None
        if rows is None or rows[1] < 0:
            count = (
                len(splits.array) - 1
                if isinstance(splits, Known)
                else (static_dims(self.as_operand(splits, "row splits")) or (1,))[0] - 1
            )
            first = count if rows is None or rows[0] < 0 else rows[0]
            inner = (
                dims[1:]
                if rows is None
                else [d if d >= 0 else n for d, n in zip(rows[2:], dims[1:], strict=False)]
            )
            if isinstance(splits, Known):
                edges = np.asarray(splits.array, np.int64)
                columns = int(np.max(np.diff(edges))) if edges.size > 1 else 0
            else:
                columns = dims[0]
                pending = self.longest_row(self.as_operand(splits, "row splits"), node.name)
            shape = Known(np.asarray([first, columns, *inner], np.int64), node.name)
        limits = [v for v in (x,) if v in self.run_lengths]
        saved = {v: self.run_lengths.pop(v) for v in limits}  # read only within the splits
        try:
            results = self.build_op(graph, node, [shape, x, default, *partitions])
        finally:
            self.run_lengths.update(saved)
        if pending is not None:
            result = results[0]
            if isinstance(result, SSAValue):
                self.run_lengths[result] = RunLength(1, pending, columns, node.name)
        return results

    def longest_row(self, splits: SSAValue, name: str) -> SSAValue:
        """max(splits[1:] - splits[:-1]) as an int32: the longest row of a ragged tensor."""
        n = (static_dims(splits) or (1,))[0]
        upper = self.emit(
            tf.SliceOp(
                splits,
                self.known(np.asarray([1], np.int32), name),
                self.known(np.asarray([n - 1], np.int32), name),
            ),
            name,
        )
        lower = self.emit(
            tf.SliceOp(
                splits,
                self.known(np.asarray([0], np.int32), name),
                self.known(np.asarray([n - 1], np.int32), name),
            ),
            name,
        )
        widths = self.emit(tf.SubOp(upper, lower), name)
        widest = self.emit(tf.MaxOp(widths, self.known(np.asarray(0, np.int32), name)), name)
        return self.emit(tf.CastOp(widest, IntegerType(32)), name)

    def shape_taken(self, graph: Graph, node: NodeDefMessage, results: list[Value]) -> None:
        """A node taking the tf.shape of a value with a RunLength (or what is computed from
        one): reading its entries (slices, gathers, unstacking) and arithmetic on them are
        fine, their results computed from it too; using any of them as a shape or a count
        (Fill, Reshape, Tile, Range, BroadcastTo, ...) would make a shape the data decide:
        refused, naming the op."""
        if node.op not in SHAPE_READERS:
            first = next(
                self.run_time_shapes[v]
                for v in self.operands_of(results)
                if v in self.run_time_shapes
            )
            raise graph.error(
                node.name,
                f"uses the shape of a value whose dim {first.axis} has a size the input data "
                f"decide (from node '{first.source}', at most {first.bound}) as a shape; "
                "Strata reads such a shape's entries only",
            )
        for result in results:
            if isinstance(result, SSAValue):
                self.run_time_shapes[result] = next(
                    self.run_time_shapes[v]
                    for v in self.operands_of(results)
                    if v in self.run_time_shapes
                )

    @staticmethod
    def operands_of(results: list[Value]) -> list[SSAValue]:
        owner = results[0].owner if results and isinstance(results[0], SSAValue) else None
        return list(owner.operands) if isinstance(owner, Operation) else []

    def known(self, array: np.ndarray, name: str) -> SSAValue:
        """`array` as a tf.Const located at node `name` (one per use site's block)."""
        return self.as_operand(Known(array, name), name)

    def emit_op(self, op: Operation, name: str) -> Operation:
        """`op`, located at node `name`, added to the block being built."""
        op.location = location(name)
        self.add(op)
        return op

    def emit(self, op: Operation, name: str) -> SSAValue:
        return self.emit_op(op, name).results[0]

    def data_shaped(self, results: list[Value], name: str) -> None:
        """The results of an op whose rows the data decide (a tf.Where, a NonMaxSuppression
        not padded), held padded to a bound with the count as the op's last result: each gets
        its RunLength."""
        *rows, count = [v for v in results if isinstance(v, SSAValue)]
        op = count.owner
        if isinstance(op, tf.NonMaxSuppressionBase) and op.padded():
            return
        for value in rows:
            bound = (static_dims(value) or (0,))[0]
            self.run_lengths[value] = RunLength(0, count, bound, name, zeros=True)

    def carry_run_length(
        self, graph: Graph, node: NodeDefMessage, results: list[Value]
    ) -> list[Value]:
        """The results of an op on values with a dim of run-time size (`RunLength`): given
        that dim where the op keeps its rows apart (`_moved_axis`); a reduction along it
        (Sum, Mean, Max, ..., ArgMax) reduces the rows within the length only (`masked`),
        its result static. Else the value's padding would change the result: a diagnostic
        naming the op."""
        result = results[0]
        if not isinstance(result, SSAValue) or not isinstance(op := result.owner, Operation):
            raise graph.error(node.name, "is expected to build one op")
        limits = [(v, self.run_lengths[v]) for v in op.operands if v in self.run_lengths]
        value, first = limits[0]
        if isinstance(op, tf.ConcatV2Op) and len(limits) == 1:
            appended = self.appended(op, value, first, node.name)
            if appended is not None:
                return [appended]
        if isinstance(op, tf.StridedSliceOp) and op.input is value:
            rows = self.rows_sliced(op, first, node.name)
            if rows is not None:
                return [rows]
        axis = self._moved_axis(op, value, first)
        if axis is None and op.operands[0] is value and len(limits) == 1:
            reduced = self.masked(op, first, node.name)
            if reduced is not None:
                return reduced
        if isinstance(op, (tf.ShapeOp, tf.SizeOp)):
            shape = self.run_time_shape(op, value, first, node.name)
            if isinstance(op, tf.ShapeOp):
                self.run_time_shapes[shape] = first
            return [shape]
        moved = (tf.SqueezeOp, tf.ExpandDimsOp, tf.TransposeOp, tf.StridedSliceOp, tf.CastOp)
        zeros = first.zeros and isinstance(op, moved)
        gather = isinstance(op, (tf.GatherBase, tf.GatherNdOp)) and op.operands[1] is value
        if gather and not first.zeros:
            # padding rows of the indices may be out of range: they gather row 0 instead
            safe = self.fill_padding(op, value, first, 0, node.name)
            op.operands = [op.operands[0], safe, *op.operands[2:]]
        if axis is None:
            raise graph.error(
                node.name,
                f"takes a value whose dim {first.axis} has a size the input data decide (from "
                f"node '{first.source}', at most {first.bound}); Strata computes such a value "
                "only through elementwise ops, Cast, Transpose, Squeeze, ExpandDims, slices "
                "and gathers that keep that dim whole, slices of rows counted from its end, "
                "concats that append rows to it, reductions and tf.shape, up to an output",
            )
        for result in results:
            if isinstance(result, SSAValue):
                self.run_lengths[result] = RunLength(
                    axis, first.length, first.bound, first.source, zeros
                )
        return results

    def appended(
        self, op: tf.ConcatV2Op, value: SSAValue, first: RunLength, name: str
    ) -> SSAValue | None:
        """tf.concat([x, rows...], axis) along the dim of run-time size of `value` (x, the
        first of them; the others static): the concat as built holds x's padding before the
        rows, so they are also written right after x's length (an XlaDynamicUpdateSlice); the
        result's length is x's plus theirs, its bound x's plus theirs. (What a loop variable
        that a concat grows each trip becomes: see ControlFlowImporter.keep_while.) None for
        other concats."""
        axis = tf.constant_value(op.axis)
        shape = static_dims(value) or ()
        rest = list(op.values)[1:]
        if axis is None or axis.size != 1 or op.values[0] is not value or not rest:
            return None
        if int(axis.reshape(())) % max(len(shape), 1) != first.axis:
            return None
        rows = rest[0]
        if len(rest) > 1:
            rows = self.emit(tf.ConcatV2Op(rest, op.axis), name)
        added = (static_dims(rows) or ())[first.axis]
        starts = [self.known(np.asarray(0, np.int32), name) for _ in shape]
        starts[first.axis] = first.length
        at = self.emit(tf.PackOp(starts, 0), name)
        written = self.emit(tf.XlaDynamicUpdateSliceOp(op.output, rows, at), name)
        more = self.known(np.asarray(added, np.int32), name)
        length = self.emit(tf.AddV2Op(first.length, more), name)
        self.run_lengths[written] = RunLength(first.axis, length, first.bound + added, name)
        return written

    def rows_sliced(self, op: tf.StridedSliceOp, first: RunLength, name: str) -> SSAValue | None:
        """A StridedSlice (constant, no ellipsis or new axis) of some of the rows of the dim of
        run-time size (None for others, and for one taking the dim whole: `sliced_axis`):
        - rows counted from the end (`x[-1]`, `x[-k:]`, `x[-k:-j]`, stride 1): the same slice of
          the k rows that end at the length, taken first (an XlaDynamicSlice at length - k);
          the result is static;
        - one row from the start (`x[k]`): the padded value's row k, with an rt.check that the
          value has it (TensorFlow's out-of-bounds error);
        - rows from the start (`x[a:b]`, `x[a:]`, `x[a:-j]`, stride 1): the padded value's
          rows from a, of which as many as the length leaves are the value (a RunLength);
        - the rows reversed (`x[::-1]`, the other dims whole): a gather of rows length - 1 - i
          (a RunLength, as long as the value)."""
        begin_mask, end_mask, ellipsis, new_axis, shrink = [m for m in op.masks()]
        parts = [tf.constant_value(v) for v in (op.begin, op.end, op.strides)]
        a = first.axis
        if ellipsis or new_axis or any(p is None for p in parts):
            return None
        begin, end, strides = [[int(v) for v in np.ravel(p)] for p in parts if p is not None]
        if a >= len(begin):
            return None
        begins, ends = bool(begin_mask >> a & 1), bool(end_mask >> a & 1)
        if strides[a] == -1 and begins and ends and not shrink:
            return self.reversed_rows(op, first, begin, end, strides, name)
        if strides[a] != 1:
            return None
        if not begins and begin[a] < 0:
            return self.rows_from_end(op, first, name)
        start = 0 if begins else begin[a]
        if shrink >> a & 1:
            inside = self.emit(
                tf.LessOp(self.known(np.asarray(start, np.int32), name), first.length), name
            )
            outside = self.emit(tf.LogicalNotOp(inside), name)
            message = f"node '{name}': slice index {start} of dimension {a} out of bounds"
            self.emit_op(rt.CheckOp(outside, message), name)
            return op.output
        if not ends and end[a] == 0 or (ends and start == 0):
            return None  # empty, or the dim whole (`sliced_axis`)
        stop = first.length
        if not ends:
            limit = self.known(np.asarray(end[a], np.int32), name)
            join = tf.AddV2Op if end[a] < 0 else tf.MinimumOp  # from the end, or at most `end`
            stop = self.emit(join(first.length, limit), name)
        rows = self.emit(tf.SubOp(stop, self.known(np.asarray(start, np.int32), name)), name)
        rows = self.emit(tf.MaximumOp(rows, self.known(np.asarray(0, np.int32), name)), name)
        axis = a - sum(shrink >> d & 1 for d in range(a))
        bound = (static_dims(op.output) or ())[axis]
        self.run_lengths[op.output] = RunLength(axis, rows, bound, name)
        return op.output

    def rows_from_end(self, op: tf.StridedSliceOp, first: RunLength, name: str) -> SSAValue | None:
        """`rows_sliced`'s rows counted from the end."""
        begin_mask, end_mask, ellipsis, new_axis, shrink = [m for m in op.masks()]
        parts = [tf.constant_value(v) for v in (op.begin, op.end, op.strides)]
        begin, end, strides = [[int(v) for v in np.ravel(p)] for p in parts if p is not None]
        shape = list(static_dims(op.input) or ())
        a = first.axis
        if shrink >> a & 1:
            rows = 1
        else:
            stop = 0 if end_mask >> a & 1 else end[a]
            if stop > 0 or stop <= begin[a] or (stop == 0 and not end_mask >> a & 1):
                return None
            rows = stop - begin[a]
        starts = [self.known(np.asarray(0, np.int32), name) for _ in shape]
        back = self.known(np.asarray(begin[a], np.int32), name)
        starts[a] = self.emit(tf.AddV2Op(first.length, back), name)
        sizes = list(shape)
        sizes[a] = rows
        window = self.emit(
            tf.XlaDynamicSliceOp(
                op.input,
                self.emit(tf.PackOp(starts, 0), name),
                self.known(np.asarray(sizes, np.int32), name),
            ),
            name,
        )
        begin[a], end[a] = 0, rows
        masks = (begin_mask, end_mask & ~(1 << a), ellipsis, new_axis, shrink)
        block = expect(op.parent_block(), Block, "the slice's block")
        taken = self.emit(
            tf.StridedSliceOp(
                window,
                self.known(np.asarray(begin, np.int32), name),
                self.known(np.asarray(end, np.int32), name),
                self.known(np.asarray(strides, np.int32), name),
                *masks,
            ),
            name,
        )
        block.erase_op(op)  # built a moment ago: nothing uses it yet
        return taken

    def reversed_rows(
        self,
        op: tf.StridedSliceOp,
        first: RunLength,
        begin: list[int],
        end: list[int],
        strides: list[int],
        name: str,
    ) -> SSAValue | None:
        """`rows_sliced`'s `x[::-1]` along the dim of run-time size, every other dim whole."""
        begin_mask, end_mask = op.masks()[:2]
        shape = list(static_dims(op.input) or ())
        for d in range(len(begin)):
            whole = (begin_mask >> d & 1 or begin[d] == 0) and (
                end_mask >> d & 1 or end[d] >= shape[d]
            )
            if d != first.axis and (strides[d] != 1 or not whole):
                return None
        bound = shape[first.axis]
        iota = self.known(np.arange(bound, dtype=np.int32), name)
        last = self.emit(tf.SubOp(first.length, self.known(np.asarray(1, np.int32), name)), name)
        rows = self.emit(tf.SubOp(last, iota), name)  # past the length: negative, so row 0
        rows = self.emit(tf.MaximumOp(rows, self.known(np.zeros(bound, np.int32), name)), name)
        axis = self.known(np.asarray(first.axis, np.int32), name)
        taken = self.emit(tf.GatherV2Op(op.input, rows, axis), name)
        block = expect(op.parent_block(), Block, "the slice's block")
        block.erase_op(op)  # built a moment ago: nothing uses it yet
        self.run_lengths[taken] = RunLength(first.axis, first.length, bound, name)
        return taken

    def _moved_axis(self, op: Operation, value: SSAValue, first: RunLength) -> int | None:
        """Where `op` puts the dim of run-time size of its operand `value` (None: it mixes
        that dim's rows, or the padding, into others)."""
        out = static_dims(op.results[0]) or ()
        rank = len(out)
        if isinstance(op, (tf.UnaryOp, tf.CastOp)):
            softmax = isinstance(op, (tf.SoftmaxOp, tf.LogSoftmaxOp)) and first.axis == rank - 1
            return None if softmax else first.axis
        if isinstance(op, tf.TransposeOp):
            perm = tf.constant_value(op.perm)
            return None if perm is None else [int(p) for p in perm.reshape(-1)].index(first.axis)
        if isinstance(op, tf.ReductionOp) and first.axis not in (axes := op.axes()):
            return first.axis - (0 if op.keeps_dims() else sum(a < first.axis for a in axes))
        if isinstance(op, tf.ArgReductionOp) and op.axis() != first.axis:
            return first.axis - (op.axis() < first.axis)
        if isinstance(op, tf.OneHotOp) and op.operands[0] is value:
            inserted = op.axis.value.data % rank  # the new dim of the classes
            return first.axis + (inserted <= first.axis)
        if isinstance(op, tf.SqueezeOp):
            shape = static_dims(value) or ()
            squeezed = [d % len(shape) for d in op.squeeze_dims.get_values()] or [
                d for d, n in enumerate(shape) if n == 1
            ]
            if first.axis in squeezed:
                return None
            return first.axis - sum(d < first.axis for d in squeezed)
        if isinstance(op, tf.ExpandDimsOp):
            given = tf.constant_value(op.dim)
            if given is None:
                return None
            inserted = int(given.reshape(-1)[0]) % rank
            return first.axis + (inserted <= first.axis)
        if isinstance(op, tf.StridedSliceOp) and op.input is value:
            return sliced_axis(op, first)
        if isinstance(op, tf.GatherNdOp) and op.indices is value:
            last = len(static_dims(value) or ()) - 1
            return first.axis if first.axis < last else None
        if isinstance(op, tf.GatherBase) and op.batch_dims_value() == 0:
            along, indices = op.gather_axis(), op.indices_value()
            if indices is value and op.params_value() not in self.run_lengths:
                return along + first.axis
            if op.params_value() is value and indices not in self.run_lengths:
                if first.axis < along:
                    return first.axis
                if first.axis > along:
                    return first.axis - 1 + len(static_dims(indices) or ())
            return None
        if isinstance(op, tf.BinaryOp):
            aligned = first.axis + rank - len(static_dims(value) or ())
            for v in op.operands:
                dims = static_dims(v) or ()
                at = aligned - (rank - len(dims))
                limit = self.run_lengths.get(v)
                if limit is None and at >= 0 and dims[at] != 1:
                    return None  # spanning the dim: its rows would meet the padding
                if limit is not None and (limit.length is not first.length or at != limit.axis):
                    return None  # two lengths, or one along another dim
            return aligned
        return None

    def run_time_shape(
        self, op: tf.ShapeOp | tf.SizeOp, value: SSAValue, first: RunLength, name: str
    ) -> SSAValue:
        """tf.shape (tf.size) of a value with a dim of run-time size: its static dims with the
        length in that dim's place (their product), computed where `op` was, which goes."""
        block = expect(op.parent_block(), Block, "the op's block")
        out = expect(op.results[0].type, TensorType, "a shape").element_type
        dims = list(static_dims(value) or ())
        made: list[Operation] = []

        def before(new: Operation) -> SSAValue:
            new.location = location(name)
            made.append(new)
            return new.results[0]

        length = first.length if out == IntegerType(32) else before(tf.CastOp(first.length, out))
        kind = numpy_dtype_for(out)
        if isinstance(op, tf.ShapeOp):
            entries = [
                length if d == first.axis else before(constant_op(np.asarray(n, kind)))
                for d, n in enumerate(dims)
            ]
            result = before(tf.PackOp(entries, 0))
        else:
            others = int(np.prod([n for d, n in enumerate(dims) if d != first.axis]))
            result = before(tf.MulOp(length, before(constant_op(np.asarray(others, kind)))))
        block.insert_ops_before(made, op)
        block.erase_op(op)  # built a moment ago: nothing uses it yet
        return result

    def masked(self, op: Operation, first: RunLength, name: str) -> list[Value] | None:
        """A reduction along the dim of run-time size, over the rows within the length only:
        the padding replaced by the reduction's identity (0 for Sum, -inf or the least integer
        for Max and ArgMax, ...) before it; Mean as that Sum over the rows counted. None for
        other ops."""
        if not isinstance(op, (tf.ReductionOp, tf.ArgReductionOp)):
            return None
        x = op.operands[0]
        t = expect(x.type, TensorType, "a reduced value")
        dtype = numpy_dtype_for(t.element_type)
        fill = reduction_identity(op, dtype)
        if fill is None:
            return None
        kept = self.fill_padding(op, x, first, fill, name)
        if not isinstance(op, tf.MeanOp):
            op.operands = [kept, *op.operands[1:]]
            return list(op.results)
        block = expect(op.parent_block(), Block, "the reduction's block")

        def before(new: Operation) -> SSAValue:
            new.location = location(name)
            block.insert_op_before(new, op)
            return new.results[0]

        shape = list(t.get_shape())
        total = before(tf.SumOp(kept, op.reduction_indices, op.keeps_dims()))
        others = int(np.prod([shape[a] for a in op.axes() if a != first.axis], dtype=np.int64))
        rows_counted = before(tf.CastOp(first.length, t.element_type))
        count = before(tf.MulOp(rows_counted, before(constant_op(np.asarray(others, dtype)))))
        mean = before(tf.RealDivOp(total, count))
        block.erase_op(op)  # built a moment ago: nothing uses it yet
        return [mean]

    def fill_padding(
        self, op: Operation, x: SSAValue, first: RunLength, fill: object, name: str
    ) -> SSAValue:
        """`x` with the rows past its run-time length (along its dim of run-time size) set to
        `fill`, the ops inserted before `op`: what a reduction along the dim must not see, and
        what a gather must not take as indices (they may be out of range)."""
        block = expect(op.parent_block(), Block, "the op's block")
        t = expect(x.type, TensorType, "a padded value")
        rows = [1] * len(t.get_shape())
        rows[first.axis] = first.bound
        iota = constant_op(np.arange(first.bound, dtype=np.int32).reshape(rows))
        inside = tf.LessOp(iota.results[0], first.length)
        padding = constant_op(np.asarray(fill, numpy_dtype_for(t.element_type)))
        kept = tf.SelectV2Op(inside.results[0], x, padding.results[0])
        made = [iota, inside, padding, kept]
        for new in made:
            new.location = location(name)
        block.insert_ops_before(made, op)
        return kept.results[0]
