"""GraphDef control flow -> `tf` ops: loops and conds kept as region ops, or decided at import
where the predicate is known there (and loops unrolled where they are not kept).

Frozen Keras RNNs (LSTM, GRU, SimpleRNN with the default `unroll=False`) hold a while loop whose
trip count is a constant. Both ways TensorFlow freezes it are imported by unrolling it:

- v1 frames (`convert_variables_to_constants_v2`'s default, `lower_control_flow=True`): `Enter`
  nodes grouped by `frame_name`, loop variables as `Merge(Enter, NextIteration)`, a `LoopCond`
  steering `Switch` nodes, `Exit` nodes giving the final values;
- functional ops (`lower_control_flow=False`): `While`/`StatelessWhile` whose `cond` and `body`
  are functions of the graph's library (also `If`/`StatelessIf` and `PartitionedCall`).

A functional While is kept as a loop when it can be (`ImportOptions.keep_loops`, the default):
it becomes a `tf.WhileRegion` whose regions hold the `cond` and `body` functions' ops, built once.
Loop variables the body passes through unchanged (weights, trip limits) are not loop values: the
regions use the outer value, so constants stay constants. A TensorList loop variable is one
tensor [length, *element] (`ListTensor`), read and written at run-time indices with
tf.XlaDynamicSlice / tf.XlaDynamicUpdateSlice. Its trip count may depend on input data. A loop
that cannot be kept (a list that grows, a list of unknown element shape, a body that changes a
loop value's shape) is unrolled as below. A v1 frame is kept the same way: its Merges are the
loop values, its LoopCond's input the condition, its NextIterations the body's results and its
Exits the loop's results. TF1's TensorArrays (`ARRAY_OPS`) are TensorLists carried in their
flow values.

A list a kept loop grows to a length the data decide (a loop bounded by `maximum_iterations`)
is held at the bound with its run-time length; graphs with other ops whose rows the data decide
(Where, NonMaxSuppression, DynamicPartition and DynamicStitch) are imported here too, for the
same reason: `run_lengths.py` carries such values to the outputs.

A tf.cond on a predicate known only at run time becomes one `tf.IfRegion`, whose regions hold
each branch's ops: an `If`/`StatelessIf` from its branch functions, a v1 cond (Switch/Merge)
from the nodes between its Switches and Merges. Which Merges end a v1 cond, and which input of
each is the true side, comes from `branch_contexts`: the (predicate, side) pairs of the Switch
outputs each node is computed from, as TensorFlow's deadness analysis tracks them.

Nodes are evaluated on demand, iteration by iteration: a value is an SSA value of the block being
built, a `Known` numpy array (constants and the small integer arithmetic on them: loop counters,
trip counts, comparisons), a `TensorList` (an import-time list of element values) or `DEAD` (the
untaken side of a `Switch`). A loop condition must come out `Known`; otherwise the loop has no
static trip count and the import fails naming the loop. The tf ops built for the loop body repeat
once per iteration; tf-fold-constants, cse and dce clean up what the unrolling leaves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
from xdsl.dialects.builtin import DYNAMIC_INDEX, BFloat16Type, IntegerType, TensorType
from xdsl.ir import Attribute, Block, BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.irdl import IRDLOperation, VarResultDef
from xdsl.utils.exceptions import VerifyException

from strata.diagnostics import Blame, StrataError
from strata.dialects import rt, tf
from strata.dialects.element_kinds import bf16_bits, bf16_values, numpy_dtype_for
from strata.dialects.tensor_types import format_shape
from strata.frontends.graphdef.builders import BUILDERS
from strata.frontends.graphdef.builders.attrs import (
    attr_bool,
    attr_int,
    attr_string,
    blame_node,
    location,
    node_error,
    node_label,
)
from strata.frontends.graphdef.known import Known, Value, constant_op, static_dims
from strata.frontends.graphdef.refs import TensorRef
from strata.frontends.graphdef.run_lengths import (
    DATA_SHAPED_OPS,
    EXPANDED_OPS,
    Iota,
    Part,
    RunLength,
    RunLengthBuilder,
    SparsePart,
    iota_of,
)
from strata.frontends.graphdef.schema import (
    FunctionDefLibraryMessage,
    FunctionDefMessage,
    NodeDef,
    NodeDefMessage,
)
from strata.frontends.graphdef.tensors import BF16, DT_BFLOAT16, is_bf16, numpy_dtype
from strata.internal import expect
from strata.transforms.loop_counters import CounterRun, LoopShape, run_counters
from strata.transforms.tf_fold_constants import evaluate_elementwise, evaluate_op

if TYPE_CHECKING:
    from strata.frontends.graphdef.importer import GraphImporter

MAX_ITERATIONS = 4096
"""A loop still running after this many unrolled iterations is refused (the IR would explode)."""

MAX_BOUNDED_BYTES = 1 << 30
"""A list a loop grows to a length the data decide is held at its bound: at most this big."""
MAX_LIST_REBUILDS = 16
"""How often a kept loop is built again because a list it grows needs to be longer
(`learn_shapes`): once a list is enough where the loop's counters give its write indices."""
MAX_COUNTED_TRIPS = 1 << 16
"""The longest kept loop whose counters are run at import, to size a list it grows."""

FRAME_OPS = frozenset(
    ["Enter", "RefEnter", "Exit", "RefExit", "Merge", "RefMerge", "Switch", "RefSwitch",
     "_SwitchN", "NextIteration", "RefNextIteration", "LoopCond"]
)  # fmt: skip
WHILE_OPS = frozenset(["While", "StatelessWhile"])
IF_OPS = frozenset(["If", "StatelessIf"])
CASE_OPS = frozenset(["Case", "StatelessCase"])
CALL_OPS = frozenset(["PartitionedCall", "StatefulPartitionedCall"])
FORWARDING_OPS = frozenset(["Identity", "IdentityN", "StopGradient", "Snapshot"])
LIST_OPS = frozenset(
    ["TensorListReserve", "EmptyTensorList", "TensorListFromTensor", "TensorListGetItem",
     "TensorListSetItem", "TensorListStack", "TensorListLength", "TensorListElementShape",
     "TensorListPushBack", "TensorListPopBack", "TensorListResize", "TensorListGather",
     "TensorListSplit", "TensorListConcatV2", "TensorListScatterIntoExistingList"]
)  # fmt: skip
ARRAY_OPS = frozenset(
    ["TensorArrayV3", "TensorArrayWriteV3", "TensorArrayReadV3", "TensorArrayScatterV3",
     "TensorArrayGatherV3", "TensorArraySizeV3", "TensorArrayCloseV3", "TensorArraySplitV3",
     "TensorArrayConcatV3"]
)  # fmt: skip
"""TF1's TensorArrays (tf.compat.v1 dynamic_rnn, control flow v1): a TensorList in the flow
value they thread through their ops, the handle only saying whether the array may grow."""
INPUT_COUNTS: dict[str, int] = {
    **dict.fromkeys(["Enter", "Exit", "NextIteration", "LoopCond"], 1),
    **dict.fromkeys(["Switch", "_SwitchN"], 2),
    **dict.fromkeys(FORWARDING_OPS - {"IdentityN"}, 1),
    **dict.fromkeys(["TensorListLength", "TensorListElementShape", "TensorArrayV3",
                     "TensorArrayCloseV3"], 1),
    **dict.fromkeys(["TensorListReserve", "EmptyTensorList", "TensorListFromTensor",
                     "TensorListStack", "TensorListPushBack", "TensorListPopBack",
                     "TensorListResize", "TensorArraySizeV3", "TensorArrayConcatV3"], 2),
    **dict.fromkeys(["TensorListGetItem", "TensorListSetItem", "TensorListGather",
                     "TensorListSplit", "TensorListConcatV2", "TensorListScatterIntoExistingList",
                     "TensorArrayReadV3", "TensorArrayGatherV3"], 3),
    **dict.fromkeys(["TensorArrayWriteV3", "TensorArrayScatterV3", "TensorArraySplitV3"], 4),
}  # fmt: skip
"""Data inputs of the nodes this module evaluates itself, as TensorFlow defines their ops (by
base name: `RefEnter` as `Enter`)."""
MIN_INPUT_COUNTS: dict[str, int] = dict.fromkeys(["Merge", *IF_OPS, *CASE_OPS], 1)
"""Data inputs of the nodes whose count varies, at least: a Merge's, an If's (its condition
first) and a Case's (its branch index first)."""
ARG = "_Arg"
"""The op of the pseudo-nodes standing for a library function's arguments."""

CONTROL_FLOW_OPS = (
    FRAME_OPS
    | WHILE_OPS
    | IF_OPS
    | CASE_OPS
    | CALL_OPS
    | LIST_OPS
    | ARRAY_OPS
    | DATA_SHAPED_OPS
    | EXPANDED_OPS
)
"""A graph holding any of these is imported through this module."""


def uses_control_flow(nodes: Iterable[NodeDefMessage]) -> bool:
    return any(node.op in CONTROL_FLOW_OPS for node in nodes)


def is_back_edge(producer: NodeDefMessage, consumer: NodeDefMessage) -> bool:
    """`NextIteration -> Merge`: the edge closing a v1 loop; topological orders ignore it."""
    return producer.op in ("NextIteration", "RefNextIteration") and consumer.op in (
        "Merge",
        "RefMerge",
    )


def _base(op: str) -> str:
    """`RefEnter` -> `Enter`: reference variants behave alike once variables are constants."""
    return op.removeprefix("Ref") if op in FRAME_OPS else op


# ---------------------------------------------------------------------------------------------
# Values


@dataclass(eq=False)
class _Unstacked:
    """The tensor a TensorListFromTensor splits; one tf.Unpack emitted on the first read."""

    tensor: SSAValue
    count: int
    name: str
    results: list[SSAValue] | None = None


@dataclass(frozen=True, eq=False)
class _Piece:
    source: _Unstacked
    index: int


@dataclass(frozen=True, eq=False)
class TensorList:
    """An import-time TensorList: one slot per element (None: never set)."""

    items: tuple[Any, ...]
    dtype: np.dtype
    element_shape: tuple[int, ...] | None
    """Known dims, -1 for unknown ones; None for an unknown rank."""

    def replace(self, items: Sequence[Any]) -> TensorList:
        return TensorList(tuple(items), self.dtype, self.element_shape)


@dataclass(frozen=True, eq=False)
class ListTensor:
    """A TensorList held in one tensor [length, *element shape]: a loop value of a kept loop."""

    tensor: SSAValue
    dtype: np.dtype
    origin: TensorList | None = None
    """The import-time list it stands for in a kept loop (its element shape may be learned)."""
    valid: SSAValue | None = None
    """A list a kept loop grew to a length the data decide (`RunLength`): how many of its
    `length` rows (the bound) the loop wrote, an int32 scalar; None where all are."""

    @property
    def length(self) -> int:
        return self._dims()[0]

    @property
    def element_shape(self) -> tuple[int, ...]:
        return self._dims()[1:]

    def _dims(self) -> tuple[int, ...]:
        # list_tensor builds the tensor ranked and static: only a bug makes it otherwise
        return tuple(expect(self.tensor.type, TensorType, "a kept list's tensor").get_shape())


@dataclass(frozen=True)
class _ArrayHandle:
    """A TensorArrayV3's handle: its contents travel in the flow value (a TensorList)."""

    dynamic_size: bool


@dataclass(frozen=True, eq=False)
class _Sized:
    """What a kept loop's first build found of a list entering it: the length it grows to,
    and its element shape (None where the list's own was known)."""

    items: TensorList
    length: int
    shape: tuple[int, ...] | None


@dataclass(frozen=True, eq=False)
class _Growth:
    """A write that may grow a list (resize_if_index_out_of_bounds: a TensorArray of
    dynamic_size), met while building a kept loop."""

    origin: TensorList
    index: Any  # Known | SSAValue
    block: Block
    shape: tuple[int, ...] | None


class GraphCycle(StrataError):
    """A value needed to compute itself (outside a loop's back edges): no way of building the
    loop, kept or unrolled, helps."""


T = TypeVar("T")


class CannotKeepLoop(Exception):
    """A While whose loop cannot be kept as tf.WhileRegion (it is unrolled instead)."""


class _Unbounded(CannotKeepLoop):
    """A kept loop grows a list to a length nothing bounds at import time (no trip count, no
    `maximum_iterations`): kept only under a trip bound (`ImportOptions.max_loop_trips`)."""


class _ShapeLearned(CannotKeepLoop):
    """A kept loop wrote an element of `shape` to `origin`, a list that entered a loop with
    an element shape not known at import time (a TensorArray without element_shape): the
    loop that list enters is built again, with the list of that shape."""

    def __init__(self, origin: TensorList, shape: tuple[int, ...]):
        super().__init__(f"the elements of a list are {format_shape(shape)}")
        self.origin = origin
        self.shape = shape


class _CarryGrows(CannotKeepLoop):
    """A kept loop's body yields loop variable `k` longer along one dim than it entered (a
    tf.concat onto it, under a shape invariant of None there): the loop is built again with
    that variable held padded to a bound (`Widening`)."""

    def __init__(self, k: int, widening: Widening):
        super().__init__(f"loop variable {k} grows by {widening.step} along dim {widening.axis}")
        self.k = k
        self.widening = widening


@dataclass(frozen=True)
class Widening:
    """A loop variable a kept loop's body makes `step` rows longer along `axis` every trip: it
    is carried padded to as many rows as the loop's trip bound allows, its length (a RunLength
    in the regions and after the loop) one more loop variable."""

    axis: int
    step: int

    @staticmethod
    def of(entered: SSAValue, yielded: SSAValue) -> Widening | None:
        """How `yielded` is longer than `entered` in exactly one dim (None: it is not)."""
        before, after = static_dims(entered), static_dims(yielded)
        if before is None or after is None or len(before) != len(after):
            return None
        grown = [d for d, (b, n) in enumerate(zip(before, after, strict=True)) if b != n]
        if len(grown) != 1 or after[grown[0]] <= before[grown[0]]:
            return None
        return Widening(grown[0], after[grown[0]] - before[grown[0]])


class GrowingCarries:
    """The loop variables a kept loop's body makes longer every trip (`Widening`: a tf.concat
    onto one, under a shape invariant of None), for the importer building that loop
    (`keep_while`, `keep_frame`): its first build finds them (`_CarryGrows`, `attempt`), and
    the next ones carry each padded to the rows its trip bound allows, with its length as one
    more loop variable after the others; in the regions and after the loop it is a value with
    a RunLength. The bound is the trips the loop's own counters allow (maximum_iterations:
    `own_trips`), else the importer's (`max_loop_trips`, `bounded_loop`)."""

    def __init__(self, importer: ControlFlowImporter, labels: Sequence[str], name: str, where: str):
        self.importer = importer
        self.labels = labels
        """How each loop variable is named in diagnostics."""
        self.name = name
        self.where = where
        self.widening: dict[int, Widening] = {}
        """The loop variables (by position) that grow."""
        self.rows: dict[int, int] = {}
        """Their padded length, in the loop being built."""
        self.own: list[int | None] = []
        """The trips the loop's own counters allow, once probed."""

    def attempt(self, build: Callable[[], T]) -> T:
        """`build()`, again for every loop variable its attempts find growing."""
        while True:
            try:
                return build()
            except _CarryGrows as found:
                self.widening[found.k] = found.widening

    def build(
        self,
        inits: list[SSAValue],
        bound: int | None,
        fill: Callable[[Block, bool], list[SSAValue]],
    ) -> tf.WhileRegionOp:
        """The kept loop over `inits` (`ControlFlowImporter.kept_loop`), its growing
        variables padded for `bound` trips, or as many as its own counters allow."""
        cf = self.importer
        if self.widening and bound is None and not self.own:
            self.own.append(cf.own_trips(lambda: self.padded(inits, 1, None, fill)))
        trips = bound if bound is not None or not self.own else self.own[0]
        if self.widening and trips is None:
            k, grows = next(iter(self.widening.items()))
            raise _Unbounded(
                f"{self.where}: {self.labels[k]} grows by {grows.step} along dim {grows.axis} "
                "every trip (a tf.concat onto it), to a size the input data decide; a compile "
                "to a module or object code needs a trip bound for it (tf.while_loop's "
                "maximum_iterations, or --max-loop-trips N / max_loop_trips=N, checked at run "
                "time; strata.compile and strata-run choose one and grow it)"
            )
        return self.padded(inits, trips or 0, bound, fill)

    def padded(
        self,
        inits: list[SSAValue],
        trips: int,
        bound: int | None,
        fill: Callable[[Block, bool], list[SSAValue]],
    ) -> tf.WhileRegionOp:
        cf = self.importer
        inits, lengths = list(inits), []
        for k, grows in self.widening.items():
            init = inits[k]
            shape = list(static_dims(init) or ())
            start = shape[grows.axis]
            shape[grows.axis] = grows.step * trips
            kind = numpy_dtype_for(expect(init.type, TensorType, "a loop variable").element_type)
            zeros = cf.known(np.zeros(shape, kind), self.name)
            axis = cf.known(np.asarray(grows.axis, np.int32), self.name)
            inits[k] = cf.emit(tf.ConcatV2Op([init, zeros], axis), self.name)
            self.rows[k] = start + grows.step * trips
            lengths.append(cf.known(np.asarray(start, np.int32), self.name))
        return cf.kept_loop([*inits, *lengths], self.name, fill, bound)

    def enter(self, block: Block) -> None:
        """A region's block arguments: each growing variable gets its RunLength."""
        count = len(self.labels)
        for j, (k, grows) in enumerate(self.widening.items()):
            length = block.args[count + j]
            held = RunLength(grows.axis, length, self.rows[k], self.name)
            self.importer.run_lengths[block.args[k]] = held

    def yielded(self, block: Block, nexts: Sequence[Value], names: Sequence[str]) -> list[SSAValue]:
        """What the body yields for the loop variables' `nexts` (built at nodes `names`):
        each as a tensor, a growing one cut back to the rows it is held at (the rows the
        concat added past them are padding), then their lengths. A variable found growing
        here raises _CarryGrows."""
        cf = self.importer
        values: list[SSAValue] = []
        lengths: list[SSAValue] = []
        for k, (value, name) in enumerate(zip(nexts, names, strict=True)):
            what = f"{self.where}: {self.labels[k]}"
            entered = block.args[k]
            limit = cf.run_lengths.get(value) if isinstance(value, SSAValue) else None
            if k not in self.widening and limit is not None:
                # rows appended in a branch (a cond choosing how many): grown by at most this
                start = (static_dims(entered) or ())[limit.axis]
                if limit.bound > start:
                    raise _CarryGrows(k, Widening(limit.axis, limit.bound - start))
            if k not in self.widening:
                tensor = cf.loop_value(value, what, name)
                grows = Widening.of(entered, tensor)
                if grows is not None:
                    raise _CarryGrows(k, grows)
                values.append(tensor)
                continue
            held = cf.run_lengths[entered]
            if limit is None or limit.axis != held.axis or limit.bound < held.bound:
                raise CannotKeepLoop(
                    f"{what} grows every trip, but its next value is not the value it entered "
                    "with and rows appended along that dim (a tf.concat onto it)"
                )
            tensor = cf.as_operand(value, what)
            if limit.bound > held.bound:
                shape = list(static_dims(entered) or ())
                begin = cf.known(np.zeros(len(shape), np.int32), name)
                size = cf.known(np.asarray(shape, np.int32), name)
                tensor = cf.emit(tf.SliceOp(tensor, begin, size), name)
            values.append(tensor)
            lengths.append(limit.length)
        return [*values, *lengths]

    def leave(self, loop: tf.WhileRegionOp) -> None:
        """The loop's results: each growing variable's gets its RunLength."""
        count = len(self.labels)
        for j, (k, grows) in enumerate(self.widening.items()):
            length = loop.results[count + j]
            held = RunLength(grows.axis, length, self.rows[k], self.name)
            self.importer.run_lengths[loop.results[k]] = held


class _Dead:
    """The output of a Switch on the side not taken, and of everything computed from it."""

    def __repr__(self) -> str:
        return "DEAD"


DEAD = _Dead()


# ---------------------------------------------------------------------------------------------
# Graphs: the main graph and library functions, with their v1 frames


@dataclass(eq=False)
class Frame:
    """One v1 while loop: the nodes TensorFlow runs in the frame `name`."""

    name: str
    parent: Frame | None
    enters: list[str] = field(default_factory=list)
    merges: list[str] = field(default_factory=list)
    loop_conds: list[str] = field(default_factory=list)
    exits: list[str] = field(default_factory=list)


@dataclass(eq=False)
class Graph:
    """Nodes by name with data inputs as TensorRefs; functions add `_Arg` nodes and `rets`."""

    label: str
    """`graph` or `function 'name'`, for diagnostics."""
    nodes: dict[str, NodeDefMessage]
    inputs: dict[str, list[TensorRef]]
    args: list[str] = field(default_factory=list)
    rets: list[TensorRef] = field(default_factory=list)
    frame_of: dict[str, Frame | None] = field(default_factory=dict)
    frames: dict[str, Frame] = field(default_factory=dict)

    def where(self, name: str) -> str:
        node = self.nodes[name]
        suffix = "" if self.label == "graph" else f" in {self.label}"
        return f"{node_label(node)}{suffix}"

    def error(self, name: str, message: str) -> StrataError:
        """`node 'name' (tf.Op)[ in function 'f']: message`, with the node named as data."""
        return StrataError(f"{self.where(name)}: {message}", [Blame((name,), message)])


def _graph_order(graph: Graph) -> list[str]:
    """Nodes with inputs (data and control) before users, back edges ignored; a remaining cycle
    is an error."""
    pending = dict.fromkeys(graph.nodes, 0)
    users: dict[str, list[str]] = {name: [] for name in graph.nodes}
    for name, refs in graph.inputs.items():
        for ref in refs:
            if ref.node not in graph.nodes:
                raise graph.error(name, f"input '{ref.node}' names no node")
        for source in _sources(graph, name):
            pending[name] += 1
            users[source].append(name)
    ready = [name for name, count in pending.items() if count == 0]
    order: list[str] = []
    while ready:
        name = ready.pop()
        order.append(name)
        for user in users[name]:
            pending[user] -= 1
            if pending[user] == 0:
                ready.append(user)
    if len(order) != len(graph.nodes):
        stuck = next(name for name, count in pending.items() if count > 0)
        raise StrataError(f"graph has a cycle through {graph.where(stuck)}")
    return order


def _depth(frame: Frame | None) -> int:
    depth = 0
    while frame is not None:
        frame, depth = frame.parent, depth + 1
    return depth


def _check_input_counts(graph: Graph) -> None:
    """Every node this module evaluates itself has its op's data inputs (INPUT_COUNTS,
    MIN_INPUT_COUNTS)."""
    for name, node in graph.nodes.items():
        op = _base(node.op)
        given, expected = len(graph.inputs[name]), INPUT_COUNTS.get(op)
        if expected is not None and given != expected:
            raise graph.error(name, f"expected {expected} data inputs, found {given}")
        least = MIN_INPUT_COUNTS.get(op, 0)
        if given < least:
            raise graph.error(name, f"expected at least {least} data inputs, found {given}")


def analyse_frames(graph: Graph) -> None:
    """Which frame each node runs in (TensorFlow's rule: Enter opens one, Exit leaves it; a
    node is in its inputs' frame, control inputs included: a constant of a nested loop's body
    hangs on the outer body's pivot)."""
    _check_input_counts(graph)
    for name in _graph_order(graph):
        node = graph.nodes[name]
        op = _base(node.op)
        refs = [ref for ref in graph.inputs[name] if not is_back_edge(graph.nodes[ref.node], node)]
        outer = [graph.frame_of[source] for source in _sources(graph, name)]
        inner = max(outer, key=_depth, default=None)
        for frame in outer:
            if not _encloses(frame, inner):
                raise graph.error(
                    name, f"mixes values of loops '{_frame_name(frame)}' and '{_frame_name(inner)}'"
                )
        if op == "Enter":
            frame_name = attr_string(node, "frame_name", "")
            if not frame_name:
                raise graph.error(name, "attribute 'frame_name' is missing")
            frame = graph.frames.get(frame_name)
            if frame is None:
                frame = graph.frames[frame_name] = Frame(frame_name, inner)
            elif frame.parent is not inner:
                raise graph.error(name, f"enters loop '{frame_name}' from another loop")
            frame.enters.append(name)
            graph.frame_of[name] = frame
            continue
        if op == "Exit":
            if inner is None:
                raise graph.error(name, "Exit outside any loop")
            inner.exits.append(name)
            graph.frame_of[name] = inner.parent
            continue
        graph.frame_of[name] = inner
        if op == "LoopCond" and inner is not None:
            inner.loop_conds.append(name)
        if op == "Merge" and inner is not None and len(refs) < len(graph.inputs[name]):
            inner.merges.append(name)


def _encloses(outer: Frame | None, inner: Frame | None) -> bool:
    while inner is not None:
        if inner is outer:
            return True
        inner = inner.parent
    return outer is None


def _frame_name(frame: Frame | None) -> str:
    return "<main>" if frame is None else frame.name


# ---------------------------------------------------------------------------------------------
# v1 conds: a Merge of two values computed from the two sides of Switches on one predicate


Branches = frozenset[tuple[TensorRef, int]]
"""The Switch outputs a node is computed from: (predicate, side taken) pairs. A Switch's side is
its output index (0 false, 1 true); a `_SwitchN`'s (a lowered Case) is the branch index."""


@dataclass(frozen=True)
class CondMerge:
    """A Merge ending a v1 tf.cond (`lower_control_flow=True`, or TF1's tf.cond) or a lowered
    Case (`_SwitchN`): the input live on each side (`sides[0]` when the predicate is false,
    `sides[1]` when true; `sides[k]` for branch k of a Case), and the Switches on the predicate
    that the branches read."""

    pred: TensorRef
    sides: tuple[TensorRef, ...]
    switches: tuple[str, ...]
    n_way: bool
    """A Case's: `pred` is an int32 branch index, an index out of range takes the last side."""

    def side(self, pred: np.ndarray) -> int:
        """The side a predicate known at import time takes."""
        if not self.n_way:
            return int(_truth(pred))
        k = int(pred.reshape(-1)[0]) if pred.size == 1 else -1
        return k if 0 <= k < len(self.sides) else len(self.sides) - 1


def _control_inputs(node: NodeDefMessage) -> list[str]:
    return [text[1:] for text in node.input if text.startswith("^")]


def _is_loop_merge(graph: Graph, name: str) -> bool:
    frame = graph.frame_of.get(name)
    return frame is not None and name in frame.merges


def _sources(graph: Graph, name: str) -> list[str]:
    """The nodes `name` waits for: data inputs (back edges aside) and control inputs."""
    node = graph.nodes[name]
    data = [r.node for r in graph.inputs[name] if not is_back_edge(graph.nodes[r.node], node)]
    return data + [c for c in _control_inputs(node) if c in graph.nodes]


def branch_contexts(graph: Graph) -> dict[str, Branches]:
    """Each node's Branches, as TensorFlow's deadness analysis tracks them: a Switch output adds
    its own pair, a Merge keeps the pairs its inputs share (the cond it ends drops out), other
    nodes take the union of their inputs' (control inputs included: a branch's constants hang
    on its pivot). A loop carries the Branches it is entered on through to its Exits (a loop
    inside a cond's branch is dead with the branch); its own Switches, on its LoopCond, add no
    pair."""
    contexts: dict[str, Branches] = {}
    empty: Branches = frozenset()

    def context(name: str) -> Branches:
        node = graph.nodes[name]
        op = _base(node.op)
        refs = [r for r in graph.inputs[name] if not is_back_edge(graph.nodes[r.node], node)]
        found = [_context_of(graph, contexts, r) for r in refs]
        found += [contexts.get(c, empty) for c in _control_inputs(node) if c in graph.nodes]
        if op == "Merge" and found:
            return frozenset.intersection(*found)
        return empty.union(*found)

    for root in graph.nodes:  # depth first, inputs before users, without recursion
        stack, active = [(root, False)], set()
        while stack:
            name, expanded = stack.pop()
            if name in contexts or (not expanded and name in active):
                continue
            if expanded:
                contexts[name] = context(name)
                continue
            active.add(name)
            stack.append((name, True))
            stack += [(s, False) for s in _sources(graph, name) if s not in contexts]
    return contexts


def _predicate(graph: Graph, ref: TensorRef) -> TensorRef:
    """The predicate a Switch reads, through Identity-like nodes: TF1's tf.cond switches its
    captured values on `pred_id`, an Identity of the predicate its pivot switches on."""
    while ref.index == 0:
        node = graph.nodes[ref.node]
        if node.op not in FORWARDING_OPS or node.op == "IdentityN" or not graph.inputs[ref.node]:
            break
        ref = graph.inputs[ref.node][0]
    return ref


def _is_switch(graph: Graph, name: str) -> bool:
    """A Switch or _SwitchN of a cond or Case: (data, predicate or branch index); not a loop's
    Switch on its LoopCond."""
    if _base(graph.nodes[name].op) not in ("Switch", "_SwitchN") or len(graph.inputs[name]) != 2:
        return False
    pred = _predicate(graph, graph.inputs[name][1])
    return _base(graph.nodes[pred.node].op) != "LoopCond"


def _context_of(graph: Graph, contexts: dict[str, Branches], ref: TensorRef) -> Branches:
    """The Branches of one output: a Switch's outputs add the side they stand for."""
    base = contexts.get(ref.node, frozenset())
    if _is_switch(graph, ref.node):
        return base | {(_predicate(graph, graph.inputs[ref.node][1]), ref.index)}
    return base


def _branch_switches(graph: Graph, merge: str, pred: TensorRef) -> tuple[str, ...]:
    """The Switches on `pred` that the inputs of `merge` are computed from (through data and
    control edges, within the Merge's loop frame and the loops nested in it: a branch may hold
    a loop, whose Enters read the branch's Switches)."""
    frame = graph.frame_of.get(merge)
    found: set[str] = set()
    seen: set[str] = set()
    todo = [r.node for r in graph.inputs[merge]]
    while todo:
        name = todo.pop()
        inner = graph.frame_of.get(name)
        if name in seen or not _encloses(frame, inner):
            continue
        seen.add(name)
        node = graph.nodes[name]
        refs = graph.inputs[name]
        if _is_switch(graph, name) and _predicate(graph, refs[1]) == pred:
            found.add(name)
            continue
        if inner is frame and (_base(node.op) == "Enter" or _is_loop_merge(graph, name)):
            continue
        todo += _sources(graph, name)
    return tuple(sorted(found))


# Output argument names of ops with more than one that the tf dialect does not define (or folds
# away at import); FunctionDef inputs read `node:arg:index`. The tf dialect's ops name theirs
# as TensorFlow does (`output_args`).
OUTPUT_ARGS: dict[str, tuple[str, ...]] = {
    "Unique": ("y", "idx"),
    "UniqueV2": ("y", "idx"),
    "TopKV2": ("values", "indices"),
    "TensorListPopBack": ("output_handle", "tensor"),
    "TensorListConcatV2": ("tensor", "lengths"),
    "Switch": ("output_false", "output_true"),
    "Merge": ("output", "value_index"),
}  # fmt: skip


def output_args(op_type: str) -> tuple[str, ...]:
    """The output argument names of GraphDef op `op_type` if it has more than one, in order: a
    tf dialect op's result names (TensorFlow's OpDef names, which the multi-result ops keep),
    else OUTPUT_ARGS's row; () for one output (any name: offset 0), an unknown op, or a
    list-valued output (the offsets would depend on the node)."""
    if op_type in OUTPUT_ARGS:
        return OUTPUT_ARGS[op_type]
    op_class = tf.OPS_BY_TF_NAME.get(op_type)
    if op_class is None or not issubclass(op_class, IRDLOperation):
        return ()
    results = op_class.get_irdl_definition().results
    if len(results) < 2 or any(isinstance(d, VarResultDef) for _, d in results):
        return ()
    return tuple(name for name, _ in results)


def _data_needed(graph: Graph) -> list[str]:
    """The nodes of a function whose values its results need, through data inputs: what only a
    control edge reaches (a tf.debugging Assert, a tf.print and its StringFormat) is never
    built, so it need not be supported either."""
    found: set[str] = set()
    todo = [ref.node for ref in graph.rets]
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found.add(name)
        todo += [ref.node for ref in graph.inputs.get(name, [])]
    return [name for name in graph.nodes if name in found]


def function_graph(function: FunctionDefMessage) -> Graph:
    """A library function as a Graph: `_Arg` nodes for its inputs, `node:arg:i` made `node:k`."""
    name = function.signature.name
    label = f"function '{name}'"
    nodes: dict[str, NodeDefMessage] = {}
    for arg in function.signature.input_arg:
        nodes[arg.name] = NodeDef(name=arg.name, op=ARG)
    for node in function.node_def:
        if node.name in nodes:
            raise StrataError(f"{label} has two nodes named '{node.name}'")
        nodes[node.name] = node

    def ref(text: str, where: str) -> TensorRef:
        parts = text.split(":")
        if parts[0] not in nodes:
            raise StrataError(f"{where}: input '{text}' names no node of {label}")
        if len(parts) == 1:
            return TensorRef(parts[0], 0)
        if len(parts) == 2 and parts[1].isdigit():
            return TensorRef(parts[0], int(parts[1]))
        if len(parts) != 3 or not parts[2].isdigit():
            raise StrataError(f"{where}: cannot read input '{text}'")
        op_type = nodes[parts[0]].op
        args = output_args(op_type)
        if args and parts[1] not in args:
            raise StrataError(
                f"{where}: input '{text}': {op_type} has no output '{parts[1]}' "
                f"(its outputs: {', '.join(args)})"
            )
        offset = args.index(parts[1]) if args else 0
        return TensorRef(parts[0], offset + int(parts[2]))

    inputs: dict[str, list[TensorRef]] = {}
    for node_name, node in nodes.items():
        where = f"{node_label(node)} in {label}"
        inputs[node_name] = [ref(t, where) for t in node.input if not t.startswith("^")]
    rets = []
    for arg in function.signature.output_arg:
        if arg.name not in function.ret:
            raise StrataError(f"{label}: output '{arg.name}' has no value")
        rets.append(ref(function.ret[arg.name], label))
    graph = Graph(label, nodes, inputs, [a.name for a in function.signature.input_arg], rets)
    analyse_frames(graph)
    return graph


# ---------------------------------------------------------------------------------------------
# Import-time evaluation of small integer subgraphs


def _attr_dtype(node: NodeDefMessage, name: str, default: np.dtype) -> np.dtype:
    if name not in node.attr:
        return default
    if node.attr[name].type % 100 == DT_BFLOAT16:
        return BF16
    return numpy_dtype(node.attr[name].type, node_label(node))


def _joined(join: Callable[..., np.ndarray], arrays: Sequence[np.ndarray], axis: int) -> np.ndarray:
    """np.stack / np.concatenate of `arrays`, bf16 (BF16) where they are: numpy drops the mark."""
    out = join(arrays, axis=axis)
    return out.astype(BF16) if arrays and all(is_bf16(a) for a in arrays) else out


def _cast(node: NodeDefMessage, x: np.ndarray) -> np.ndarray:
    """An import-time Cast; to bf16: rounded to it (and marked BF16)."""
    dtype = _attr_dtype(node, "DstT", x.dtype)
    if dtype is BF16:
        return bf16_values(bf16_bits(x)).astype(BF16)
    return x.astype(dtype)


def _reduce(
    fn: Callable[..., np.ndarray],
) -> Callable[[NodeDefMessage, list[np.ndarray]], np.ndarray]:
    def evaluate(node: NodeDefMessage, args: list[np.ndarray]) -> np.ndarray:
        x, axes = args
        keep = attr_bool(node, "keep_dims")
        axis = tuple(int(a) % max(x.ndim, 1) for a in np.ravel(axes))
        return np.asarray(fn(x, axis=axis, keepdims=keep), dtype=x.dtype)

    return evaluate


def _range(node: NodeDefMessage, args: list[np.ndarray]) -> np.ndarray:
    start, limit, delta = (a.item() for a in args)
    if delta == 0:
        raise node_error(node, "delta must not be 0")
    return np.arange(start, limit, delta).astype(args[0].dtype)


def _mask(node: NodeDefMessage, name: str) -> int:
    return int(node.attr[name].i) if name in node.attr else 0


def _strided_slice(node: NodeDefMessage, args: list[np.ndarray]) -> np.ndarray:
    """numpy indexing reads StridedSlice's masks exactly (bit i: entry i of begin/end/strides)."""
    x, begin, end, strides = args
    index: list[Any] = []
    for i in range(len(begin)):
        bit = 1 << i
        if _mask(node, "ellipsis_mask") & bit:
            index.append(Ellipsis)
        elif _mask(node, "new_axis_mask") & bit:
            index.append(np.newaxis)
        elif _mask(node, "shrink_axis_mask") & bit:
            index.append(int(begin[i]))
        else:
            start = None if _mask(node, "begin_mask") & bit else int(begin[i])
            stop = None if _mask(node, "end_mask") & bit else int(end[i])
            index.append(slice(start, stop, int(strides[i])))
    return np.asarray(x[tuple(index)])


def _squeeze(node: NodeDefMessage, args: list[np.ndarray]) -> np.ndarray:
    dims = [int(d) for d in node.attr["squeeze_dims"].list.i] if "squeeze_dims" in node.attr else []
    return np.squeeze(args[0], axis=tuple(dims) if dims else None)


def _elementwise(tf_name: str) -> Callable[[NodeDefMessage, list[np.ndarray]], np.ndarray]:
    def evaluate(node: NodeDefMessage, args: list[np.ndarray]) -> np.ndarray:
        value = evaluate_elementwise(tf_name, args)
        if value is None:
            raise TypeError(f"{tf_name} is not evaluated on {args[0].dtype}")
        return value

    return evaluate


_ELEMENTWISE_FOLDED = (
    *("Less", "LessEqual", "Greater", "GreaterEqual", "Equal", "NotEqual"),
    *("LogicalAnd", "LogicalOr", "LogicalNot"),
    *("AddV2", "Add", "Sub", "Mul", "Maximum", "Minimum", "FloorDiv", "FloorMod", "Neg", "Abs"),
    *("RealDiv", "Floor", "Ceil", "Round"),
)

FOLDERS: dict[str, Callable[[NodeDefMessage, list[np.ndarray]], np.ndarray]] = {
    **{name: _elementwise(name) for name in _ELEMENTWISE_FOLDED},
    "Cast": lambda n, a: _cast(n, a[0]),
    "Range": _range,
    "Max": _reduce(np.max),
    "Min": _reduce(np.min),
    "Sum": _reduce(np.sum),
    "Prod": _reduce(np.prod),
    "Pack": lambda n, a: _joined(np.stack, a, attr_int(n, "axis", 0)),
    "ConcatV2": lambda n, a: _joined(np.concatenate, a[:-1], int(a[-1])),
    "ExpandDims": lambda n, a: np.expand_dims(a[0], int(a[1])),
    "Squeeze": _squeeze,
    "Reshape": lambda n, a: a[0].reshape([int(d) for d in np.ravel(a[1])]),
    "Fill": lambda n, a: np.full([int(d) for d in np.ravel(a[0])], a[1]),
    "StridedSlice": _strided_slice,
    "Where": lambda n, a: np.argwhere(a[0]).astype(np.int64),
    "Cumsum": lambda n, a: _cumsum(n, a[0], int(np.asarray(a[1]).reshape(-1)[0])),
    "BroadcastTo": lambda n, a: np.broadcast_to(a[0], [int(d) for d in np.ravel(a[1])]).copy(),
    "Tile": lambda n, a: np.tile(a[0], [int(d) for d in np.ravel(a[1])]),
}
"""Ops evaluated in numpy when every input is Known and the result is an integer or bool:
the loop counters, trip counts and conditions of frozen RNNs. Float math is left to the tf ops
(and tf-fold-constants), except on a few values (`SMALL_FLOATS`): these ops round exactly as
the compiled code does, and shape arithmetic goes through floats (Keras Resizing's
crop_to_aspect_ratio / pad_to_aspect_ratio: Cast, RealDiv, Cast back, a tf.cond on the ratio)."""

MAX_FOLDED = 1 << 12
"""A BroadcastTo or Tile folded at import makes at most this many elements (more than its
inputs have)."""

SMALL_FLOATS = 16
"""Float operands and results of at most this many elements are folded at import."""

SHAPE_FOLDERS = frozenset(["Shape", "Size", "Rank"])
"""Known from a static operand type alone."""


def _cumsum(node: NodeDefMessage, x: np.ndarray, axis: int) -> np.ndarray:
    """tf.Cumsum at import (the row splits RaggedTensor.from_tensor makes of known lengths)."""
    reverse = attr_bool(node, "reverse")
    exclusive = attr_bool(node, "exclusive")
    y = np.flip(x, axis) if reverse else x
    total = np.cumsum(y, axis=axis, dtype=x.dtype)
    if exclusive:
        total = total - y
    return np.flip(total, axis) if reverse else total


def _fold_shape(node: NodeDefMessage, operand: Value) -> Known | None:
    if isinstance(operand, Known):
        shape = operand.array.shape
    elif isinstance(operand, SSAValue) and isinstance(operand.type, TensorType):
        shape = tuple(operand.type.get_shape())
        if node.op != "Rank" and DYNAMIC_INDEX in shape:
            return None
    else:
        return None
    dtype = _attr_dtype(node, "out_type", np.dtype(np.int32))
    if node.op == "Shape":
        return Known(np.asarray(shape, dtype=dtype), node.name)
    if node.op == "Size":
        return Known(np.asarray(int(np.prod(shape, dtype=np.int64)), dtype=dtype), node.name)
    return Known(np.asarray(len(shape), dtype=np.int32), node.name)


# ---------------------------------------------------------------------------------------------
# The importer of graphs with control flow


@dataclass(eq=False)
class Scope:
    """Values of one graph in one loop iteration (or outside loops, `frame` None)."""

    graph: Graph
    frame: Frame | None
    parent: Scope | None
    env: dict[TensorRef, Value] = field(default_factory=dict)
    done: set[str] = field(default_factory=set)
    dead: set[str] = field(default_factory=set)


class ControlFlowImporter(RunLengthBuilder):
    """Builds the `tf` ops of a graph with control flow into one block, loops unrolled."""

    def __init__(
        self,
        importer: GraphImporter,
        library: FunctionDefLibraryMessage,
        keep_loops: bool = True,
        max_loop_trips: int | None = None,
    ):
        self.importer = importer
        self.keep_loops = keep_loops
        self.max_loop_trips = max_loop_trips
        """The trips a kept loop whose list growth nothing else bounds may run (`bounded_loop`)."""
        self.block: Block | None = None
        self.pending: dict[Block, Block] = {}
        """A branch block being built, before its op exists: the block the op will be in."""
        self.functions = {f.signature.name: f for f in library.function}
        self.function_graphs: dict[str, Graph] = {}
        self.consts: dict[tuple[int, str], Known] = {}
        self.contexts: dict[int, dict[str, Branches]] = {}
        self.cond_merges: dict[tuple[int, str], CondMerge | None] = {}
        self.frames_built: set[int] = set()
        """The loop frames being built now (`loop_frame`): one needed again while it is built is
        a cycle, not a deeper recursion."""
        self.rewritten: dict[tuple[int, str], Any] = {}
        self.probes: dict[int, tuple[TensorList, Operation]] = {}
        """Lists entering a kept loop whose element shape is not yet known: the list and the
        zero-size stand-in the loop is first built with (see `_ShapeLearned`)."""
        self.learned: dict[int, _Sized] = {}
        """Lists whose element shape or grown length a kept loop's first build found."""
        self.growth: list[_Growth] = []
        """Writes that may grow a list, in the kept loops being built."""
        self.sizes_read: list[tuple[TensorList, Block]] = []
        """The lists whose size a kept loop being built read (TensorListLength of a list held
        as one tensor: its static length), and where (`grown` refuses a loop that grows one)."""
        self.grown_to_bound: dict[int, list[tuple[int, int]]] = {}
        """Lists a kept loop whose trip count is only bounded grows (by id): the loop values
        (counters), and a constant, whose sum after the loop is the list's length (see
        `bounded_growth`)."""
        self.run_lengths: dict[SSAValue, RunLength] = {}
        """Values with a dim of run-time size (padded to its bound)."""
        self.list_lengths: dict[SSAValue, int] = {}
        """The run-time lengths of such lists, and their bounds."""
        self.run_time_shapes: dict[SSAValue, RunLength] = {}
        self.partitioned: dict[SSAValue, Part] = {}
        """The parts of DynamicPartitions of known data (see `dynamic_stitch`)."""
        self.main = Graph(
            "graph",
            importer.nodes,
            {
                name: [_parse_ref(t) for t in node.input if not t.startswith("^")]
                for name, node in importer.nodes.items()
            },
        )
        analyse_frames(self.main)

    # -- before building ----------------------------------------------------------------------

    def check_supported(self, needed: Sequence[str]) -> None:
        """Every needed node, and every node of the functions they call, has an importer."""
        unsupported: list[str] = []
        blames: list[Blame] = []
        seen: set[str] = set()
        todo: list[tuple[Graph, list[str]]] = [(self.main, list(needed))]
        while todo:
            graph, names = todo.pop()
            for name in names:
                node = graph.nodes[name]
                if not _supported(node.op):
                    suffix = "" if graph is self.main else f" in {graph.label}"
                    unsupported.append(f"  node '{name}' ({node.op}){suffix}")
                    blames.append(Blame((name,), ""))
                for function in _called_functions(node):
                    if function in seen:
                        continue
                    seen.add(function)
                    called = self.function(function, graph, name)
                    todo.append((called, _data_needed(called)))
        if not unsupported:
            return
        noun = "op" if len(unsupported) == 1 else "ops"
        raise StrataError(
            "\n".join([f"graph has {len(unsupported)} unsupported {noun}:", *unsupported]), blames
        )

    def function(self, name: str, graph: Graph, caller: str) -> Graph:
        if name not in self.function_graphs:
            if name not in self.functions:
                raise graph.error(caller, f"function '{name}' is not in the graph's library")
            self.function_graphs[name] = function_graph(self.functions[name])
        return self.function_graphs[name]

    # -- building -----------------------------------------------------------------------------

    def build(
        self, block: Block, inputs: dict[TensorRef, SSAValue], outputs: Sequence[TensorRef]
    ) -> dict[TensorRef, SSAValue]:
        """Builds what `outputs` need into `block`; returns every result of the output nodes."""
        self.block = block
        root = Scope(self.main, None, None, dict(inputs), {ref.node for ref in inputs})
        try:
            self.demand(root, [ref.node for ref in outputs])
        except CannotKeepLoop as err:  # a kept loop's list misused after the loop
            raise StrataError(str(err)) from None
        results: dict[TensorRef, SSAValue] = {}
        for ref in outputs:
            scope = self.scope_for(root, ref.node)
            found = _lookup(scope, ref)
            if found is not None:
                results[ref] = self.as_operand(found, f"output '{_format_ref(ref)}'")
            # A default output with several results returns all of them (lists aside).
            index = 0
            while (
                other := _lookup(scope, _ref(ref.node, index))
            ) is not None and other is not DEAD:
                if isinstance(other, (SSAValue, Known, _Piece)):
                    results[_ref(ref.node, index)] = self.as_operand(other, "output")
                index += 1
        return results

    def value(self, scope: Scope, ref: TensorRef) -> Value:
        self.demand(scope, [ref.node])
        owner = self.scope_for(scope, ref.node)
        found = _lookup(owner, ref)
        if found is None:
            raise StrataError(
                f"{scope.graph.where(ref.node)} has no output {ref.index} "
                f"(input '{ref.node}:{ref.index}')"
            )
        return found

    def scope_for(self, scope: Scope, name: str) -> Scope:
        """The scope of the innermost iteration running the frame `name` belongs to."""
        frame = scope.graph.frame_of[name]
        current: Scope | None = scope
        while current is not None and current.frame is not frame:
            current = current.parent
        if current is None:
            raise scope.graph.error(
                name, f"used outside its loop '{_frame_name(frame)}' (not through an Exit)"
            )
        return current

    def demand(self, scope: Scope, names: Sequence[str]) -> None:
        """Evaluates `names` and what they need, inputs first (no recursion on long chains)."""
        stack: list[tuple[Scope, str, bool]] = [(scope, name, False) for name in names]
        active: set[tuple[int, str]] = set()
        while stack:
            origin, name, expanded = stack.pop()
            owner = self.scope_for(origin, name)
            if name in owner.done:
                continue
            if not expanded:
                key = (id(owner), name)
                if key in active:
                    raise GraphCycle(f"graph has a cycle through {owner.graph.where(name)}")
                active.add(key)
                stack.append((owner, name, True))
                for dep in self.dependencies(owner, name):
                    if dep not in self.scope_for(owner, dep).done:
                        stack.append((owner, dep, False))
                continue
            active.discard((id(owner), name))
            try:
                self.evaluate(owner, name)
            except StrataError as err:
                raise blame_node(err, name, owner.graph.where(name)) from None
            owner.done.add(name)

    def dependencies(self, scope: Scope, name: str) -> list[str]:
        node = scope.graph.nodes[name]
        op = _base(node.op)
        if op == "Exit" or op == ARG or node.op == "Placeholder":
            return []  # an Exit runs its whole loop when evaluated
        if op == "Merge" and (cond := self.cond_merge(scope.graph, name)) is not None:
            # The predicate and what the Switches switch, outside the cond; the branches are
            # built when the Merge is (`cond`).
            graph = scope.graph
            return [cond.pred.node, *(graph.inputs[switch][0].node for switch in cond.switches)]
        return [ref.node for ref in scope.graph.inputs[name]]

    def cond_merge(self, graph: Graph, name: str) -> CondMerge | None:
        """The v1 cond the Merge `name` ends, or None (a loop's Merge, or not one of a cond)."""
        key = (id(graph), name)
        if key in self.cond_merges:
            return self.cond_merges[key]
        found = None
        refs = graph.inputs[name]
        if len(refs) >= 2 and not _is_loop_merge(graph, name):
            if id(graph) not in self.contexts:
                self.contexts[id(graph)] = branch_contexts(graph)
            contexts = [_context_of(graph, self.contexts[id(graph)], ref) for ref in refs]
            # The one predicate whose side tells the inputs apart: each input lives on its own
            # side of it (both sides of a Switch, every branch of a _SwitchN), once.
            varying = frozenset.union(*contexts) - frozenset.intersection(*contexts)
            preds = {pred for pred, _ in varying}
            if len(preds) == 1:
                pred = preds.pop()
                on = [[k for p, k in context if p == pred] for context in contexts]
                taken = [k[0] for k in on if len(k) == 1]
                if sorted(taken) == list(range(len(refs))):
                    sides = tuple(refs[taken.index(side)] for side in range(len(refs)))
                    switches = _branch_switches(graph, name, pred)
                    n_way = any(_base(graph.nodes[w].op) == "_SwitchN" for w in switches)
                    found = CondMerge(pred, sides, switches, n_way)
        self.cond_merges[key] = found
        return found

    def evaluate(self, scope: Scope, name: str) -> None:
        graph = scope.graph
        node = graph.nodes[name]
        op = _base(node.op)
        if op == "Exit":
            # analyse_frames refuses an Exit outside any loop
            frame = expect(graph.frame_of[graph.inputs[name][0].node], Frame, "an Exit's frame")
            self.loop_frame(scope, frame)
            return
        if node.op in ("Placeholder", ARG):
            raise StrataError(f"{graph.where(name)} is needed but is not an input")
        if node.op == "Const":
            self.set(scope, name, [self.constant(graph, node)])
            return
        if op == "Merge" and (cond := self.cond_merge(graph, name)) is not None:
            self.cond(scope, name, cond)
            return
        inputs = [self.value(scope, ref) for ref in graph.inputs[name]]
        if op == "Merge":
            taken = [(i, v) for i, v in enumerate(inputs) if v is not DEAD]
            if not taken:
                scope.dead.add(name)
                return
            index, taken_value = taken[0]
            self.set(scope, name, [taken_value, Known(np.asarray(index, np.int32), name)])
            return
        if any(v is DEAD for v in inputs):
            scope.dead.add(name)
            return
        if op == "Switch":
            data, pred = inputs
            taken_branch = self.predicate(graph, name, pred, "predicate")
            self.set(scope, name, [DEAD, data] if taken_branch else [data, DEAD])
            return
        if op == "_SwitchN":
            data, index = inputs
            outs = attr_int(node, "num_outs", 0)
            if outs < 1:
                raise graph.error(name, f"num_outs must be at least 1, found {outs}")
            k = _known_int(index, graph.where(name), "branch index")
            self.set(scope, name, _one_side(data, k if 0 <= k < outs else outs - 1, outs))
            return
        if op in ("Enter", "LoopCond", "NextIteration") or node.op in FORWARDING_OPS:
            self.set(scope, name, inputs)
            return
        if node.op in LIST_OPS:
            self.set(scope, name, self.list_op(graph, node, inputs))
            return
        if node.op in ARRAY_OPS:
            self.set(scope, name, self.array_op(graph, node, inputs))
            return
        if node.op in WHILE_OPS:
            self.set(scope, name, self.while_loop(graph, node, inputs))
            return
        if node.op in IF_OPS:
            if not isinstance(inputs[0], Known):
                self.set(scope, name, self.if_region(graph, node, inputs))
                return
            branch = (
                "then_branch" if self.predicate(graph, name, inputs[0], "cond") else "else_branch"
            )
            called = self.function(_func_attr(graph, node, branch), graph, name)
            self.set(scope, name, self.call(called, inputs[1:], graph.where(name)))
            return
        if node.op in CASE_OPS:
            self.set(scope, name, self.case(graph, node, inputs))
            return
        if node.op in CALL_OPS:
            called = self.function(_func_attr(graph, node, "f"), graph, name)
            self.set(scope, name, self.call(called, inputs, graph.where(name)))
            return
        if node.op in EXPANDED_OPS:
            self.set(scope, name, self.expand(graph, node, inputs))
            return
        if node.op == "RaggedTensorToTensor":
            self.set(scope, name, self.ragged_to_tensor(graph, node, inputs))
            return
        if node.op == "Range" and (iota := iota_of(inputs, self.list_lengths)) is not None:
            self.set(scope, name, [iota])
            return
        if node.op != "Rank" and any(
            isinstance(v, SSAValue) and v in self.run_lengths for v in inputs
        ):
            results = self.build_op(graph, node, inputs)  # not folded: its shape is not static
            self.set(scope, name, self.carry_run_length(graph, node, results))
            return
        folded = self.fold(node, inputs)
        if folded is not None:
            self.set(scope, name, [folded])
            return
        results = self.build_op(graph, node, inputs)
        if node.op in DATA_SHAPED_OPS:
            self.data_shaped(results, node.name)
        if any(isinstance(v, SSAValue) and v in self.run_time_shapes for v in inputs):
            self.shape_taken(graph, node, results)
        self.set(scope, name, results)

    def set(self, scope: Scope, name: str, values: Sequence[Value]) -> None:
        for index, value in enumerate(values):
            scope.env[_ref(name, index)] = value

    # -- loops --------------------------------------------------------------------------------

    def loop_frame(self, parent: Scope, frame: Frame) -> None:
        """A v1 loop kept as a loop, or unrolled when it cannot be kept."""
        if id(frame) in self.frames_built:
            raise GraphCycle(
                f"graph has a cycle through loop '{frame.name}': building it needs one of its "
                "own results"
            )
        self.frames_built.add(id(frame))
        try:
            self._loop_frame(parent, frame)
        finally:
            self.frames_built.discard(id(frame))

    def _loop_frame(self, parent: Scope, frame: Frame) -> None:
        if not self.keep_loops:
            with _unrolling_explained():
                self.unroll_frame(parent, frame)
            return
        try:
            self.keep_frame(parent, frame)
            return
        except _ShapeLearned:
            raise
        except CannotKeepLoop as why:
            reason = str(why)
        try:
            self.unroll_frame(parent, frame)
        except StrataError as err:
            raise StrataError(
                f"{err}; it cannot be kept as a loop either: {reason}", err.blames
            ) from None

    def keep_frame(self, parent: Scope, frame: Frame) -> None:
        """A v1 loop as one tf.WhileRegion: its Merges are the loop values, the LoopCond's
        input the condition, the NextIterations what the body yields, each Exit a result.
        Raises CannotKeepLoop (nothing built) if the frame is not of that shape."""
        graph = parent.graph
        where = f"loop '{frame.name}'"
        if len(frame.loop_conds) != 1:
            raise CannotKeepLoop(f"{where} has {len(frame.loop_conds)} LoopCond nodes")
        loop_cond = frame.loop_conds[0]
        merges = list(frame.merges)
        carried: list[tuple[TensorRef, TensorRef]] = []
        for merge in merges:
            refs = graph.inputs[merge]
            back = [r for r in refs if is_back_edge(graph.nodes[r.node], graph.nodes[merge])]
            entry = [r for r in refs if r not in back]
            if len(back) != 1 or len(entry) != 1:
                raise CannotKeepLoop(f"Merge '{merge}' has no single entry and back edge")
            carried.append((entry[0], back[0]))
        switches: dict[str, int] = {}
        for name, refs in graph.inputs.items():
            if graph.frame_of.get(name) is not frame:
                continue
            if any(r.node in merges and r.index != 0 for r in refs):
                raise CannotKeepLoop(f"node '{name}' reads a Merge's value_index")
            if _base(graph.nodes[name].op) == "Switch" and refs[1].node == loop_cond:
                if refs[0].node not in merges or refs[0].index != 0:
                    raise CannotKeepLoop(f"Switch '{name}' does not switch a loop value")
                switches[name] = merges.index(refs[0].node)
        exits: dict[str, int] = {}
        for exit_name in frame.exits:
            ref = graph.inputs[exit_name][0]
            if ref.node not in switches or ref.index != 0:
                raise CannotKeepLoop(f"Exit '{exit_name}' does not leave through a loop Switch")
            exits[exit_name] = switches[ref.node]

        # A Merge its NextIteration feeds back unchanged (a captured value TensorFlow made a
        # loop variable: weights, limits) is no loop value: the regions use the entry value.
        kept = [
            k for k in range(len(merges)) if not self.fed_back(graph, carried[k][1], switches, k)
        ]
        first = Scope(graph, frame, parent)
        init_values = [self.value(first, entry) for entry, _ in carried]
        # The loop's invariants (Enters feeding no Merge: weights, a TensorArray to read) are
        # built before it, not in the body where their first use would put them, once per
        # iteration (dynamic_rnn's transpose of its input).
        entries = {entry.node for entry, _ in carried}
        for enter in frame.enters:
            if enter not in entries:
                self.value(first, graph.inputs[enter][0])

        labels = [f"loop value '{merges[k]}'" for k in kept]
        growing = GrowingCarries(self, labels, loop_cond, where)

        def build(bound: int | None) -> tf.WhileRegionOp:
            inits = [
                self.loop_value(init_values[k], f"{where}: loop value '{merges[k]}'", merges[k])
                for k in kept
            ]
            return growing.build(inits, bound, fill)

        def scope_at(loop_values: Sequence[SSAValue]) -> tuple[Scope, list[Value]]:
            """The frame's scope with its kept Merges at `loop_values`, and every Merge's value."""
            scope = Scope(graph, frame, parent)
            values = list(init_values)
            for value, k in zip(loop_values, kept, strict=True):
                values[k] = _like(value, init_values[k])
            for merge, value in zip(merges, values, strict=True):
                self.set(scope, merge, [value])
                scope.done.add(merge)
            return scope, values

        def fill(block: Block, is_cond: bool) -> list[SSAValue]:
            growing.enter(block)
            scope, values = scope_at(block.args[: len(kept)])
            if is_cond:
                pred = self.value(scope, _ref(loop_cond, 0))
                return [self.loop_value(pred, f"{where}: the condition", loop_cond)]
            for switch, k in switches.items():
                self.set(scope, switch, [DEAD, values[k]])
                scope.done.add(switch)
            nexts = [self.value(scope, carried[k][1]) for k in kept]
            return growing.yielded(block, nexts, [merges[k] for k in kept])

        loop, bound = growing.attempt(lambda: self.bounded_loop(build, init_values, where))
        growing.leave(loop)
        for exit_name, k in exits.items():
            value = init_values[k]
            if k in kept:
                value = self.kept_result(loop, kept.index(k), init_values[k], exit_name)
            self.set(parent, exit_name, [value])
            parent.done.add(exit_name)
        if bound is not None:
            still = self.value(scope_at(loop.results[: len(kept)])[0], _ref(loop_cond, 0))
            self.check_bound(still, bound, where, loop_cond)

    @staticmethod
    def fed_back(graph: Graph, back: TensorRef, switches: dict[str, int], k: int) -> bool:
        """Whether the NextIteration `back` feeds Merge k its own value (through Switch k's
        true output and Identity nodes)."""
        ref = graph.inputs[back.node][0]
        while True:
            node = graph.nodes[ref.node]
            if ref.node in switches:
                return switches[ref.node] == k and ref.index == 1
            if node.op not in FORWARDING_OPS or node.op == "IdentityN":
                return False
            ref = graph.inputs[ref.node][0]

    def unroll_frame(self, parent: Scope, frame: Frame) -> None:
        """Runs a v1 loop at import time; its Exits take the values of the last iteration."""
        graph = parent.graph
        if len(frame.loop_conds) != 1:
            raise StrataError(
                f"loop '{frame.name}' has {len(frame.loop_conds)} LoopCond nodes, expected 1"
            )
        loop_cond = frame.loop_conds[0]
        carried: dict[str, tuple[TensorRef, TensorRef]] = {}
        for merge in frame.merges:
            node = graph.nodes[merge]
            refs = graph.inputs[merge]
            back = [r for r in refs if is_back_edge(graph.nodes[r.node], node)]
            entry = [r for r in refs if r not in back]
            if len(back) != 1 or len(entry) != 1:
                raise graph.error(merge, "expected one Enter and one NextIteration input")
            carried[merge] = (entry[0], back[0])
        scope = Scope(graph, frame, parent)
        state = {merge: self.value(scope, entry) for merge, (entry, _) in carried.items()}
        for iteration in range(MAX_ITERATIONS + 1):
            for merge, value in state.items():
                self.set(
                    scope, merge, [value, Known(np.asarray(min(iteration, 1), np.int32), merge)]
                )
                scope.done.add(merge)
            pred = self.value(scope, _ref(loop_cond, 0))
            if not self.loop_continues(graph, loop_cond, frame.name, pred):
                break
            if iteration == MAX_ITERATIONS:
                raise StrataError(
                    f"loop '{frame.name}' ({graph.where(loop_cond)}) runs more than "
                    f"{MAX_ITERATIONS} iterations; only loops up to that many are unrolled"
                )
            state = {merge: self.value(scope, back) for merge, (_, back) in carried.items()}
            scope = Scope(graph, frame, parent)
        for exit_name in frame.exits:
            self.set(parent, exit_name, [self.value(scope, graph.inputs[exit_name][0])])
            parent.done.add(exit_name)

    def while_loop(self, graph: Graph, node: NodeDefMessage, inputs: list[Value]) -> list[Value]:
        """A functional While kept as a loop, or unrolled when it cannot be kept."""
        if not self.keep_loops:
            with _unrolling_explained():
                return self.unroll_while(graph, node, inputs)
        try:
            return self.keep_while(graph, node, inputs)
        except _ShapeLearned:
            raise
        except CannotKeepLoop as why:
            reason = str(why)
        try:
            return self.unroll_while(graph, node, inputs)
        except StrataError as err:
            raise StrataError(
                f"{str(err)}; it cannot be kept as a loop either: {reason}", err.blames
            ) from None

    def keep_while(self, graph: Graph, node: NodeDefMessage, inputs: list[Value]) -> list[Value]:
        """The While as one tf.WhileRegion; raises CannotKeepLoop (nothing built) if it cannot."""
        where = graph.where(node.name)
        cond = self.function(_func_attr(graph, node, "cond"), graph, node.name)
        body = self.function(_func_attr(graph, node, "body"), graph, node.name)
        count = len(inputs)
        if len(cond.args) != count or len(body.args) != count or len(body.rets) != count:
            raise CannotKeepLoop(f"its functions do not take and return {count} loop variables")
        if len(cond.rets) != 1:
            raise CannotKeepLoop(f"cond '{cond.label}' does not return one value")
        carried = [i for i in range(count) if not _passes_through(body, i)]
        growing = GrowingCarries(self, [f"loop variable {i}" for i in carried], node.name, where)

        def build(bound: int | None) -> tf.WhileRegionOp:
            inits = [
                self.loop_value(inputs[i], f"{where}: loop variable {i}", node.name)
                for i in carried
            ]
            return growing.build(inits, bound, fill)

        def fill(block: Block, is_cond: bool) -> list[SSAValue]:
            args = list(inputs)
            for k, i in enumerate(carried):
                args[i] = _like(block.args[k], inputs[i])
            growing.enter(block)
            results = self.call(cond if is_cond else body, args, where)
            if is_cond:
                return [self.loop_value(results[0], f"{where}: the condition", node.name)]
            return growing.yielded(block, [results[i] for i in carried], [node.name] * len(carried))

        loop, bound = growing.attempt(lambda: self.bounded_loop(build, inputs, where))
        outs = list(inputs)
        for k, i in enumerate(carried):
            outs[i] = self.kept_result(loop, k, inputs[i], node.name)
        growing.leave(loop)
        if bound is not None:
            self.check_bound(self.call(cond, outs, where)[0], bound, where, node.name)
        return outs

    def own_trips(self, build: Callable[[], tf.WhileRegionOp]) -> int | None:
        """The most trips a loop `build()` makes may run as its counters decide (what
        tf.while_loop's maximum_iterations gives: `counter < M and ...`), or None; the loop is
        built to find them and erased again."""
        block = expect(self.block, Block, "the block being built")
        before = block.last_op
        loop = build()
        cond_end = expect(loop.cond.block.last_op, tf.YieldOp, "the cond's end")
        body_end = expect(loop.body.block.last_op, tf.YieldOp, "the body's end")
        shape = LoopShape(
            loop.input, loop.cond.block, cond_end.operands[0], loop.body.block, body_end.operands
        )
        run = run_counters(shape, _counter_constant, evaluate_op, MAX_COUNTED_TRIPS, (), _conjuncts)
        self.drop(loop, block, before, ())
        return None if run is None else run.trips

    def kept_result(self, loop: tf.WhileRegionOp, k: int, model: Value, name: str) -> Value:
        """Result `k` of a kept loop, standing for `model` (`_like`); a list the loop grew to a
        length the data decide (`grown_to_bound`) gets that length, computed after the loop
        from the counters its writes are indexed by: the largest of their final values and
        the list's initial length."""
        value = _like(loop.results[k], model)
        if not isinstance(value, ListTensor) or value.origin is None:
            return value
        counters = self.grown_to_bound.get(id(value.origin))
        if counters is None:
            return value
        length = self.known(np.asarray(len(value.origin.items), np.int32), name)
        for c, plus in counters:
            final = loop.results[c]
            kind = expect(final.type, TensorType, "a loop counter").element_type
            if kind != IntegerType(32):
                cast = tf.CastOp(final, IntegerType(32))
                cast.location = location(name)
                self.add(cast)
                final = cast.results[0]
            if plus:
                offset = self.known(np.asarray(plus, np.int32), name)
                shifted = tf.AddV2Op(final, offset)
                shifted.location = location(name)
                self.add(shifted)
                final = shifted.results[0]
            longest = tf.MaximumOp(length, final)
            longest.location = location(name)
            self.add(longest)
            length = longest.results[0]
        self.list_lengths[length] = value.length
        return ListTensor(value.tensor, value.dtype, value.origin, length)

    def kept_loop(
        self,
        inits: list[SSAValue],
        name: str,
        fill: Callable[[Block, bool], list[SSAValue]],
        bound: int | None = None,
    ) -> tf.WhileRegionOp:
        """A tf.WhileRegion over `inits` (located at node `name`) whose cond and body regions
        `fill(block, is_cond)` builds, returning what each yields. Raises CannotKeepLoop, with
        nothing left built, when a region cannot be built or the loop does not verify.

        With a `bound`, the loop also carries an i32 trip counter, its last value (fill sees it
        as the blocks' last argument and leaves it alone): the condition becomes
        `counter < bound and` fill's, as tf.while_loop's maximum_iterations makes it, which
        bounds its trip count for the loop's counters (`grown`)."""
        outer = expect(self.block, Block, "the block being built")
        if bound is not None:
            inits = [*inits, self.known(np.asarray(0, np.int32), name)]
        loop, cond_block, body_block = tf.WhileRegionOp.with_empty_regions(inits)
        loop.location = location(name)
        for arg in (*cond_block.args, *body_block.args):
            arg.location = loop.location
        self.add(loop)
        try:
            for block in (cond_block, body_block):
                self.block = block
                try:
                    yielded = fill(block, block is cond_block)
                except StrataError as err:
                    if err is self.importer.unsupported or isinstance(err, GraphCycle):
                        raise  # no way of building the loop helps
                    raise CannotKeepLoop(str(err)) from None
                if bound is not None:
                    counter = block.args[-1]
                    if block is cond_block:
                        limit = self.known(np.asarray(bound, np.int32), name)
                        below = self.emit(tf.LessOp(counter, limit), name)
                        yielded = [self.emit(tf.LogicalAndOp(below, yielded[0]), name)]
                    else:
                        one = self.known(np.asarray(1, np.int32), name)
                        yielded = [*yielded, self.emit(tf.AddV2Op(counter, one), name)]
                end = tf.YieldOp(yielded)
                end.location = loop.location
                self.add(end)
            loop.verify_()
        except (CannotKeepLoop, VerifyException) as err:
            outer.detach_op(loop)
            loop.erase(safe_erase=False)
            if isinstance(err, (_ShapeLearned, _CarryGrows)):
                raise err from None
            raise CannotKeepLoop(str(err)) from None
        finally:
            self.block = outer
        return loop

    def bounded_loop(
        self,
        build: Callable[[int | None], tf.WhileRegionOp],
        lists: Sequence[Value],
        where: str,
    ) -> tuple[tf.WhileRegionOp, int | None]:
        """The kept loop `build(bound)` makes (`learn_shapes`), and its bound: None, or, where
        the loop grows a list that nothing bounds (`_Unbounded`) and the user gave
        `max_loop_trips`, the loop built again with that many trips at most (`kept_loop`), its
        lists held at the length that bound gives. The caller then checks after the loop that
        the loop's own condition no longer holds (`check_bound`)."""
        try:
            return self.learn_shapes(lambda: build(None), lists, where), None
        except _Unbounded:
            bound = self.max_loop_trips
            if bound is None:
                raise
        return self.learn_shapes(lambda: build(bound), lists, where), bound

    def check_bound(self, still: Value, bound: int, where: str, name: str) -> None:
        """An rt.check failing the call where a loop built under a trip bound (the user's, or
        the one strata.compile chose) stopped only because of it: its own condition, on its
        final values (`still`), holds. It carries the bound (`loop_trips`: LoopTripsExceeded)."""
        flag = self.as_operand(still, f"{where}: the loop's condition after it")
        message = (
            f"{where}: the loop ran the {bound} trips its lists are held for (max_loop_trips, "
            "--max-loop-trips) and its condition still held, so its results would be cut short; "
            "compile with a larger bound"
        )
        self.emit_op(rt.CheckOp(flag, message, loop_trips=bound), name)

    def list_element(self, value: Value, where: str) -> Value:
        """A value written to a list, refused where it has a dim whose size the input data
        decide (`RunLength`): a list holds its elements at static shapes, so a concat or stack
        of them would take the padding for rows."""
        limit = self.run_lengths.get(value) if isinstance(value, SSAValue) else None
        if limit is not None:
            raise StrataError(
                f"{where}: the value written has a dim whose size the input data decide (from "
                f"node '{limit.source}', at most {limit.bound}); Strata does not hold such a "
                "value in a list (a TensorArray)"
            )
        return value

    def loop_value(self, value: Value, what: str, name: str) -> SSAValue:
        """A value entering or leaving a kept loop, as a tensor (a list as one tensor)."""
        if isinstance(value, ListTensor):
            if value.valid is not None:
                raise StrataError(
                    f"{what} is a list whose length the input data decide (grown in an "
                    "earlier loop); Strata does not take such a list into another loop"
                )
            return value.tensor
        if isinstance(value, TensorList):
            return self.list_tensor(value, what, name)
        if value is DEAD:
            raise CannotKeepLoop(f"{what} is on a branch not taken")
        if isinstance(value, SSAValue) and value in self.run_lengths:
            limit = self.run_lengths[value]
            raise StrataError(
                f"{what} has a dim whose size the input data decide (from node "
                f"'{limit.source}', at most {limit.bound}); Strata does not carry such a value "
                "through a loop or out of a branch"
            )
        return self.as_operand(value, what)

    def list_tensor(self, items: TensorList, what: str, name: str) -> SSAValue:
        """An import-time list as one tensor [length, *element]: the tensor it was split from,
        else its elements stacked (unset ones as zeros), as long as a kept loop grows it to.
        A list of unset elements of unknown shape, or an empty one, enters a loop's first
        build as a stand-in (`probe`)."""
        pieces = items.items
        sized = self.learned.get(id(items))
        if (
            sized is None
            and pieces
            and all(isinstance(p, _Piece) for p in pieces)
            and len({id(p.source) for p in pieces}) == 1
            and [p.index for p in pieces] == list(range(len(pieces)))
            and pieces[0].source.count == len(pieces)
        ):
            tensor: SSAValue = pieces[0].source.tensor
            return tensor
        try:
            dims = self.shape_of(items, None if sized is None else sized.shape, what)
        except StrataError as err:
            raise CannotKeepLoop(str(err)) from None
        unknown = dims is None or any(d < 0 for d in dims)
        if sized is None and (not pieces or unknown and all(p is None for p in pieces)):
            return self.probe(items, dims, name)
        length = len(pieces) if sized is None else max(len(pieces), sized.length)
        if length == 0:
            raise CannotKeepLoop(f"{what} is a list that stays empty in the loop")
        if dims is None or any(d < 0 for d in dims):
            raise CannotKeepLoop(f"{what} is a list whose length or element shape is not known")
        slots = [*pieces, *[None] * (length - len(pieces))]
        values = [Known(np.zeros(dims, items.dtype), name) if v is None else v for v in slots]
        if all(isinstance(v, Known) for v in values):
            stacked = _joined(np.stack, [v.array for v in values], 0)
            return self.as_operand(Known(stacked, name), what)
        pack = tf.PackOp([self.as_operand(v, what) for v in values], 0)
        pack.location = location(name)
        self.add(pack)
        return pack.results[0]

    def probe(self, items: TensorList, dims: tuple[int, ...] | None, name: str) -> SSAValue:
        """A stand-in for a list entering a kept loop whose element shape or final length is
        not known yet: zeros [length, 0 for each unknown dim]. The loop's first write to it
        raises _ShapeLearned (a list of fixed length) or is noted in `growth` (a write that
        may grow the list; the stand-in is not written); the loop is then built again, with
        the shape written and the length the loop's counters grow it to (`learn_shapes`)."""
        stand_in = [0] if dims is None else [max(d, 0) for d in dims]
        const = constant_op(np.zeros([len(items.items), *stand_in], items.dtype))
        const.location = location(name)
        self.add(const)
        self.probes[id(items)] = (items, const)
        return const.results[0]

    def learn_shapes(
        self, build: Callable[[], tf.WhileRegionOp], lists: Sequence[Value], where: str
    ) -> tf.WhileRegionOp:
        """`build()` (a kept loop over `lists`), again while it finds the element shape of one
        of those lists (`_ShapeLearned`) or the length a list grows to; a shape of another
        list is the enclosing loop's. What an attempt that fails built before its loop
        (initial values, stand-ins) is erased."""
        block = expect(self.block, Block, "the block being built")
        longer = 0
        while True:
            before = block.last_op
            try:
                loop = build()
            except _ShapeLearned as found:
                self.forget(block, before, lists)
                if not any(found.origin is v for v in lists):
                    raise
                self.learned[id(found.origin)] = _Sized(
                    found.origin, len(found.origin.items), found.shape
                )
                continue
            except CannotKeepLoop as err:
                probing = self.probing(lists)
                self.forget(block, before, lists)
                if probing and not isinstance(err, (_CarryGrows, _Unbounded)):
                    # what failed may have been the stand-in's shape
                    raise CannotKeepLoop(
                        f"{where}: a list of unset elements of unknown shape, or an empty one,"
                        " enters the loop, and the loop could not be built up to a write that"
                        f" gives its shape: {err}"
                    ) from None
                raise
            try:
                grown = self.grown(loop, lists, where)
            except CannotKeepLoop:
                self.drop(loop, block, before, lists)
                raise
            if grown:
                self.drop(loop, block, before, lists)
                longer += 1
                if longer > MAX_LIST_REBUILDS:
                    raise CannotKeepLoop(
                        f"{where}: the length a list grows to in the loop did not settle in "
                        f"{MAX_LIST_REBUILDS} builds of it (each build's writes needed a longer "
                        "list than the last); Strata keeps a list that grows in a loop where the "
                        "loop's counters give its write indices"
                    )
                continue
            if self.probing(lists):  # a list of unknown element shape passed on, unwritten
                self.drop(loop, block, before, lists)
                raise CannotKeepLoop(
                    f"{where}: a list of unset elements of unknown shape, or an empty one,"
                    " enters the loop, which writes none"
                )
            return loop

    def grown(self, loop: tf.WhileRegionOp, lists: Sequence[Value], where: str) -> bool:
        """Whether `loop`'s writes that may grow one of `lists` (`growth`) make it longer, or
        give a stand-in its length and shape (then `learned` has them and the loop is built
        again). Their indices must follow from the loop's counters (`loop_counters`); a list
        that entered as a stand-in must be written in the loop body itself (not in a branch
        or an inner loop), so that every trip writes it."""
        writes = [g for g in self.growth if any(g.origin is v for v in lists)]
        self.growth = [g for g in self.growth if g not in writes]
        origins = {id(g.origin): g.origin for g in writes}
        read = {id(o) for o, block in self.sizes_read if _inside(loop, block)}
        self.sizes_read = [(o, b) for o, b in self.sizes_read if not _inside(loop, b)]
        size_read = CannotKeepLoop(
            f"{where}: the loop reads the size of a list it grows (ta.size()); Strata holds "
            "such a list at the length it reaches, so the size would be that length, not the "
            "elements written so far"
        )
        if not origins:
            return False
        stand_ins = [o for o in origins.values() if id(o) in self.probes]
        if any(id(o) in read for o in stand_ins):
            raise size_read
        body = loop.body.block
        elsewhere = [g for g in writes if g.block is not body]
        why = (
            "it is written in a branch or an inner loop, not in every trip"
            if elsewhere
            else "the loop's trip count, or the index it is written at, is not known at import"
        )
        run = None
        if not elsewhere:
            cond_end = expect(loop.cond.block.last_op, tf.YieldOp, "the cond's end")
            body_end = expect(body.last_op, tf.YieldOp, "the body's end")
            shape = LoopShape(
                loop.input, loop.cond.block, cond_end.operands[0], body, body_end.operands
            )
            watch = [g.index for g in writes if isinstance(g.index, SSAValue)]
            run = run_counters(
                shape, _counter_constant, evaluate_op, MAX_COUNTED_TRIPS, watch, _conjuncts
            )
        if run is None:
            if stand_ins and elsewhere:
                raise CannotKeepLoop(
                    f"{where}: a list grows in the loop (a TensorArray of dynamic_size), and "
                    f"its final length is not known at import time: {why}; Strata keeps such "
                    "a list in a loop only where every trip writes it"
                )
            if stand_ins:
                raise _Unbounded(
                    f"{where}: a list grows in the loop (a TensorArray of dynamic_size), and "
                    f"its final length is not known at import time: {why}; a compile to a "
                    "module or object code needs a bound for it (tf.while_loop's "
                    "maximum_iterations, or --max-loop-trips N / max_loop_trips=N: at most N "
                    "trips, checked at run time; strata.compile and strata-run choose one and "
                    "grow it)"
                )
            return False  # indices stay within the list's length, as a fixed-size list's
        grew = False
        for key, origin in origins.items():
            mine = [g for g in writes if g.origin is origin]
            need = len(origin.items)
            if run.trips:
                for g in mine:
                    index = g.index.array if isinstance(g.index, Known) else run.watched[g.index]
                    need = max(need, int(np.max(index)) + 1)
            if key in read and need > len(origin.items):
                raise size_read
            shapes = {g.shape for g in mine if g.shape is not None}
            if len(shapes) > 1:
                raise CannotKeepLoop(
                    f"{where}: elements of shapes "
                    f"{', '.join(format_shape(d) for d in sorted(shapes))} are written to one list"
                )
            sized = self.learned.get(key)
            if not run.exact and shapes:
                rows = int(np.prod(next(iter(shapes)), dtype=np.int64)) * origin.dtype.itemsize
                if need * rows > MAX_BOUNDED_BYTES:
                    raise CannotKeepLoop(
                        f"{where}: a list grows in the loop to a length the data decide, at most "
                        f"{need} elements of {format_shape(next(iter(shapes)))}: held at that "
                        f"bound it would take {need * rows / 2**20:.0f} MiB (Strata's limit: "
                        f"{MAX_BOUNDED_BYTES // 2**20} MiB); lower maximum_iterations "
                        "(or --max-loop-trips)"
                    )
            if need > (len(origin.items) if sized is None else sized.length) or key in self.probes:
                written = shapes.pop() if shapes else None
                self.learned[key] = _Sized(origin, need, written)
                grew = True
            elif not run.exact and need > len(origin.items):
                self.grown_to_bound[key] = self.bounded_growth(loop, mine, run, origin, where)
        return grew

    def bounded_growth(
        self,
        loop: tf.WhileRegionOp,
        writes: Sequence[_Growth],
        run: CounterRun,
        origin: TensorList,
        where: str,
    ) -> list[tuple[int, int]]:
        """A list grown in a loop whose counters only bound its trip count (a data-dependent
        condition and `maximum_iterations`): it is held at the length the bound gives, and its
        run-time length is the value after the loop of the counter each write is indexed by
        (plus a constant: `ta.write(t, x)` or `ta.write(t + 1, x)`), one more per trip from
        at most the list's initial length. The loop values those counters are, and the
        constants; raises CannotKeepLoop where a write's index is not such a counter."""
        body = loop.body.block
        found: list[tuple[int, int]] = []
        for g in writes:
            index = g.index
            seen = run.watched.get(index) if isinstance(index, SSAValue) else None
            steps = None if seen is None else [int(np.asarray(v).reshape(())) for v in seen]
            counter = _counter_plus(index, body) if isinstance(index, SSAValue) else None
            if (
                counter is None
                or not steps
                or steps != list(range(steps[0], steps[0] + len(steps)))
                or steps[0] > len(origin.items)
            ):
                raise CannotKeepLoop(
                    f"{where}: a list grows in the loop (a TensorArray of dynamic_size) to a "
                    "length the data decide, and it is not written at a loop counter (plus a "
                    "constant) that counts its trips from the list's length (ta.write(t, x), "
                    "t = 0, 1, ...); Strata cannot tell its length after the loop"
                )
            found.append(counter)
        return sorted(set(found))

    def drop(
        self, loop: Operation, block: Block, before: Operation | None, lists: Sequence[Value]
    ) -> None:
        """Erases a kept loop built, and what was built before it for it (`forget`)."""
        loop.detach()
        loop.erase(safe_erase=False)
        self.forget(block, before, lists)

    def probing(self, lists: Sequence[Value]) -> bool:
        """Whether one of `lists` entered a loop as a stand-in (see `probe`)."""
        return any(any(items is v for v in lists) for items, _ in self.probes.values())

    def forget(self, block: Block, before: Operation | None, lists: Sequence[Value]) -> None:
        """Undoes an attempt at a kept loop: the stand-ins of `lists` are no longer probes, their
        writes are forgotten, and the ops added to `block` after `before` are erased while
        nothing uses them."""
        for key in [k for k, (items, _) in self.probes.items() if any(items is v for v in lists)]:
            del self.probes[key]
        self.growth = [g for g in self.growth if not any(g.origin is v for v in lists)]
        while (op := block.last_op) is not None and op is not before:
            if any(r.uses for r in op.results):
                break
            block.erase_op(op)

    def if_region(self, graph: Graph, node: NodeDefMessage, inputs: list[Value]) -> list[Value]:
        """An If whose predicate is known only at run time: one tf.IfRegion, each branch
        function built into its region."""

        def branch(key: str) -> list[Value]:
            called = self.function(_func_attr(graph, node, key), graph, node.name)
            return self.call(called, inputs[1:], graph.where(node.name))

        return self.branch_region(graph, node.name, inputs[0], branch)

    def case(self, graph: Graph, node: NodeDefMessage, inputs: list[Value]) -> list[Value]:
        """A Case: the branch its index picks (the last one for an index out of range, as in
        TensorFlow) when the index is known at import time, else one tf.CaseRegion with each
        branch function built into its region."""
        functions = _branch_functions(graph, node)
        where = graph.where(node.name)

        def branch(k: int) -> list[Value]:
            called = self.function(functions[k], graph, node.name)
            return self.call(called, inputs[1:], where)

        if isinstance(inputs[0], Known):
            k = _known_int(inputs[0], where, "branch index")
            return branch(k if 0 <= k < len(functions) else len(functions) - 1)
        return self.case_region(graph, node.name, inputs[0], branch, len(functions))

    def case_region(
        self, graph: Graph, name: str, index: Value, branch: Callable[[int], list[Value]], n: int
    ) -> list[Value]:
        """One tf.CaseRegion on a branch index known only at run time, for node `name`;
        `branch(k)` builds branch k's values (k < n) into the block being built."""
        where = graph.where(name)
        operand = self.as_operand(index, f"{where}: the branch index")
        if operand.type != TensorType(IntegerType(32), []):
            raise graph.error(name, f"the branch index is a {operand.type}, not a scalar int32")
        labels = [f"branch {k}" for k in range(n)]
        blocks, types, models, sizes = self.branch_blocks(graph, name, labels, branch)
        op = tf.CaseRegionOp(operand, types, [Region(b) for b in blocks])
        op.location = location(name)
        self.add(op)
        return self.branch_results(op, models, sizes, name)

    def cond(self, scope: Scope, name: str, cond: CondMerge) -> None:
        """The Merge ending a v1 cond: the taken branch's value when the predicate is known at
        import time, else one tf.IfRegion with each branch built into its region."""
        graph = scope.graph
        pred = self.value(scope, cond.pred)
        if pred is DEAD:
            scope.dead.add(name)
            return
        if isinstance(pred, Known):
            ref = cond.sides[cond.side(pred.array)]
            value = self.value(scope, ref)
            if value is DEAD:
                scope.dead.add(name)
                return
            index = Known(np.asarray(graph.inputs[name].index(ref), np.int32), name)
            self.set(scope, name, [value, index])
            return
        group = self.cond_outputs(scope, name, cond)
        switched = {
            switch: self.value(scope, graph.inputs[switch][0])
            for _, member in group
            for switch in member.switches
        }

        def side(k: int) -> list[Value]:
            # The branch sees what the cond's Switches give on its side (and the other sides
            # dead); nodes outside the cond keep the values the enclosing scope has.
            inside = Scope(
                graph, scope.frame, scope.parent, dict(scope.env), set(scope.done), set(scope.dead)
            )
            for switch, data in switched.items():
                self.set(inside, switch, _one_side(data, k, len(cond.sides)))
                inside.done.add(switch)
            return [self.value(inside, member.sides[k]) for _, member in group]

        if cond.n_way:
            results = self.case_region(graph, name, pred, side, len(cond.sides))
        else:
            results = self.branch_region(
                graph, name, pred, lambda key: side(int(key == "then_branch"))
            )
        for (merge, _), result in zip(group, results, strict=True):
            self.set(scope, merge, [result])
            scope.done.add(merge)

    def cond_outputs(self, scope: Scope, name: str, cond: CondMerge) -> list[tuple[str, CondMerge]]:
        """The Merges of the cond that `name` ends, `name` first: Merges on the same predicate
        in the same frame whose branches read a Switch in common (one tf.cond's outputs), not
        built yet. They become the results of one tf.IfRegion."""
        graph = scope.graph
        frame = graph.frame_of.get(name)
        others = [
            (other, found)
            for other, node in graph.nodes.items()
            if other != name
            and _base(node.op) == "Merge"
            and graph.frame_of.get(other) is frame
            and other not in scope.done
            and (found := self.cond_merge(graph, other)) is not None
            and found.pred == cond.pred
        ]
        group = [(name, cond)]
        switches = set(cond.switches)
        grew = True
        while grew:
            grew = False
            for other, found in list(others):
                if switches.intersection(found.switches):
                    group.append((other, found))
                    switches.update(found.switches)
                    others.remove((other, found))
                    grew = True
        return group

    def branch_region(
        self, graph: Graph, name: str, pred: Value, branch: Callable[[str], list[Value]]
    ) -> list[Value]:
        """One tf.IfRegion on a predicate known only at run time, for node `name`;
        `branch("then_branch")` and `branch("else_branch")` build each side's values into the
        block being built (its region's)."""
        where = graph.where(name)
        pred_operand = self.as_operand(pred, f"{where}: the predicate")
        if pred_operand.type != TensorType(IntegerType(1), []):
            raise graph.error(
                name,
                f"the predicate is not known at import time, and it is a {pred_operand.type}, "
                "not a scalar bool",
            )
        keys = ("then_branch", "else_branch")
        blocks, types, models, sizes = self.branch_blocks(
            graph, name, keys, lambda k: branch(keys[k])
        )
        op = tf.IfRegionOp(pred_operand, types, Region(blocks[0]), Region(blocks[1]))
        op.location = location(name)
        self.add(op)
        return self.branch_results(op, models, sizes, name)

    def branch_results(
        self, op: Operation, models: list[Value], sizes: dict[int, tuple[int, int]], name: str
    ) -> list[Value]:
        """The values of a region op's results standing for `models`; a result whose branches
        differ in one dim's size (`branch_blocks`) gets a RunLength from the extra result
        holding the taken branch's size (the op's results past the models', in order)."""
        extra = len(models)
        for i, (axis, bound) in sorted(sizes.items()):
            self.run_lengths[op.results[i]] = RunLength(axis, op.results[extra], bound, name)
            extra += 1
        return [_like(r, m) for r, m in zip(op.results[: len(models)], models, strict=True)]

    def branch_blocks(
        self,
        graph: Graph,
        name: str,
        labels: Sequence[str],
        branch: Callable[[int], list[Value]],
    ) -> tuple[list[Block], list[Attribute], list[Value], dict[int, tuple[int, int]]]:
        """The blocks of a region op for node `name`, one per label: `branch(k)` builds the k-th
        one's values, which its tf.Yield returns. Also the result types (the same for every
        branch, or a StrataError naming two that differ), the first branch's values, and the
        results whose branches differ in one dim's size only (a tf.cond returning x or x[:2]):
        each branch pads its value with zeros to the largest size and also yields its own size
        (an int32, after the values), so the result has a RunLength: {result: (dim, bound)}."""
        outer = expect(self.block, Block, "the block being built")
        blocks: list[Block] = []
        yielded: list[list[SSAValue]] = []
        held: list[dict[int, RunLength]] = []
        models: list[Value] = []
        where = graph.where(name)
        for k, label in enumerate(labels):
            block = Block()
            self.pending[block] = outer
            self.block = block
            limits: dict[int, RunLength] = {}
            try:
                values = branch(k)
                operands: list[SSAValue] = []
                for i, v in enumerate(values):
                    limit = self.run_lengths.get(v) if isinstance(v, SSAValue) else None
                    if isinstance(v, SSAValue) and limit is not None:
                        limits[i] = limit  # padded like a size that differs (`padded_to`)
                        operands.append(v)
                        continue
                    operands.append(self.loop_value(v, f"{where}: result {i} of {label}", name))
            except _ShapeLearned:
                raise
            except CannotKeepLoop as err:
                raise graph.error(name, str(err)) from None
            finally:
                self.block = outer
            blocks.append(block)
            yielded.append(operands)
            held.append(limits)
            models = models or values
        sizes = _differing_dims(yielded)
        for i in sorted({i for limits in held for i in limits}):
            axes = {limits[i].axis for limits in held if i in limits}
            shapes = {static_dims(operands[i]) for operands in yielded}
            if len(axes) != 1 or None in shapes or len({len(d or ()) for d in shapes}) != 1:
                raise graph.error(
                    name,
                    f"result {i} of a branch has a dim whose size the input data decide, and "
                    "the branches' results differ in more than that dim",
                )
            axis = axes.pop()
            sizes[i] = (axis, max((d or ())[axis] for d in shapes))
        for block, operands, limits in zip(blocks, yielded, held, strict=True):
            self.block = block
            try:
                padded, own = self.padded_to(operands, sizes, name, limits)
            finally:
                self.block = outer
            end = tf.YieldOp([*padded, *own])
            end.location = location(name)
            block.add_op(end)
            operands[:] = padded
        types = [[v.type for v in values] for values in yielded]
        for k, other in enumerate(types[1:], 1):
            if other != types[0]:
                raise graph.error(
                    name,
                    f"the branches return different types: {labels[0]} "
                    f"({', '.join(map(str, types[0]))}) and {labels[k]} "
                    f"({', '.join(map(str, other))})",
                )
        int32 = TensorType(IntegerType(32), [])
        return blocks, [*types[0], *[int32] * len(sizes)], models, sizes

    def padded_to(
        self,
        values: list[SSAValue],
        sizes: dict[int, tuple[int, int]],
        name: str,
        limits: dict[int, RunLength],
    ) -> tuple[list[SSAValue], list[SSAValue]]:
        """`values` of one branch with each result of `sizes` padded with zeros along its dim
        to the bound, and the sizes they had (int32 constants, or the run-time length of a
        value that has one: `limits`), built into the block being built."""
        padded = list(values)
        own: list[SSAValue] = []
        for i, (axis, bound) in sorted(sizes.items()):
            dims = static_dims(values[i]) or ()
            rows = [[0, 0] for _ in dims]
            rows[axis][1] = bound - dims[axis]
            if rows[axis][1]:
                amounts = self.known(np.asarray(rows, np.int32), name)
                pad = tf.PadOp(values[i], amounts)
                pad.location = location(name)
                self.add(pad)
                padded[i] = pad.results[0]
            limit = limits.get(i)
            if limit is not None:
                own.append(limit.length)
            else:
                own.append(self.known(np.asarray(dims[axis], np.int32), name))
        return padded, own

    def visible(self, value: SSAValue) -> bool:
        """Whether `value` may be used in the block being built (defined in it or around it)."""
        owner = value.owner
        home = owner if isinstance(owner, Block) else owner.parent_block()
        block = self.block
        while block is not None:
            if block is home:
                return True
            parent = block.parent_op()
            if parent is None:
                block = self.pending.get(block)  # a branch not yet in its op
                continue
            block = parent.parent_block()
        return False

    def unroll_while(self, graph: Graph, node: NodeDefMessage, inputs: list[Value]) -> list[Value]:
        """A functional While: `body` instantiated once per iteration while `cond` holds."""
        where = graph.where(node.name)
        cond = self.function(_func_attr(graph, node, "cond"), graph, node.name)
        body = self.function(_func_attr(graph, node, "body"), graph, node.name)
        state = list(inputs)
        for iteration in range(MAX_ITERATIONS + 1):
            results = self.call(cond, state, where)
            if len(results) != 1:
                raise StrataError(f"{where}: cond '{cond.label}' must return one value")
            if not self.while_continues(graph, node, cond, state, results[0]):
                return state
            if iteration == MAX_ITERATIONS:
                raise StrataError(
                    f"loop {where} runs more than {MAX_ITERATIONS} iterations; only loops up to "
                    "that many are unrolled"
                )
            state = self.call(body, state, where)
            if len(state) != len(inputs):
                raise StrataError(
                    f"{where}: body returns {len(state)} values for {len(inputs)} loop variables"
                )
        return state

    def call(self, function: Graph, args: Sequence[Value], where: str) -> list[Value]:
        if len(args) != len(function.args):
            raise StrataError(
                f"{where}: {function.label} takes {len(function.args)} inputs, given {len(args)}"
            )
        scope = Scope(function, None, None)
        for name, value in zip(function.args, args, strict=True):
            self.set(scope, name, [value])
            scope.done.add(name)
        return [self.value(scope, ref) for ref in function.rets]

    def loop_continues(self, graph: Graph, loop_cond: str, frame: str, pred: Value) -> bool:
        if isinstance(pred, Known) and pred.array.size == 1:
            return bool(pred.array.reshape(()))
        cause = _unknown_source(graph, loop_cond)
        raise StrataError(
            f"loop '{frame}' ({graph.where(loop_cond)}) has no static trip count: its condition "
            f"depends on {cause}, which is not known at import time; only loops with a static "
            "trip count are supported"
        )

    def while_continues(
        self, graph: Graph, node: NodeDefMessage, cond: Graph, state: list[Value], pred: Value
    ) -> bool:
        if isinstance(pred, Known):
            return _truth(pred.array)
        unknown = [i for i, v in enumerate(state) if not isinstance(v, (Known, TensorList))]
        detail = f"loop variable {unknown[0]}" if unknown else "a value"
        raise StrataError(
            f"loop {graph.where(node.name)} has no static trip count: its condition "
            f"({cond.label}) depends on {detail}, which is not known at import time; only loops "
            "with a static trip count are supported"
        )

    def predicate(self, graph: Graph, name: str, pred: Value, what: str) -> bool:
        if isinstance(pred, Known):
            return _truth(pred.array)
        raise graph.error(
            name,
            f"the {what} is not known at import time, and the value it steers is used outside "
            "the Merge of a cond (only a cond, whose Merges give its results, is decided at "
            "run time)",
        )

    # -- ops --------------------------------------------------------------------------------

    def constant(self, graph: Graph, node: NodeDefMessage) -> Known:
        key = (id(graph), node.name)
        if key not in self.consts:
            const = expect(BUILDERS["Const"](node, []), tf.ConstOp, "a Const node's op")
            array = const.as_numpy()
            if isinstance(expect(const.output.type, TensorType).element_type, BFloat16Type):
                array = array.astype(BF16)  # so that a copy of it elsewhere is bf16 too
            self.consts[key] = Known(array, node.name, const)
        return self.consts[key]

    def fold(self, node: NodeDefMessage, inputs: list[Value]) -> Known | None:
        if node.op in SHAPE_FOLDERS and len(inputs) == 1:
            return _fold_shape(node, inputs[0])
        if node.op not in FOLDERS or not all(isinstance(v, Known) for v in inputs):
            return None
        arrays = [v.array for v in inputs]
        if not all(a.dtype.kind in "biu" or a.size <= SMALL_FLOATS for a in arrays):
            return None
        with np.errstate(all="ignore"):
            try:
                result = np.asarray(FOLDERS[node.op](node, arrays))
            except (ValueError, IndexError, TypeError):
                return None  # the tf op's verifier names the problem
        if result.dtype.kind not in "biu" and result.size > SMALL_FLOATS:
            return None
        grown = result.size > MAX_FOLDED and result.size > max(a.size for a in arrays)
        if grown and node.op in ("BroadcastTo", "Tile"):
            return None  # left to the tf op rather than made a big constant
        return Known(result, node.name)

    def build_op(self, graph: Graph, node: NodeDefMessage, inputs: list[Value]) -> list[Value]:
        if node.op not in tf.OPS_BY_TF_NAME:
            if self.importer.unsupported is not None:
                raise self.importer.unsupported
            raise graph.error(node.name, "unsupported op")
        refs = graph.inputs[node.name]
        operands = {
            ref: self.as_operand(value, f"{graph.where(node.name)}: input {i}")
            for i, (ref, value) in enumerate(zip(refs, inputs, strict=True))
        }
        if graph is not self.main:
            key = (id(graph), node.name)
            if key not in self.rewritten:
                self.rewritten[key] = _with_inputs(node, refs)
            node = self.rewritten[key]
        op = self.importer.build_node(node, operands)
        self.add(op)
        return list(op.results)

    def add(self, op: Operation) -> None:
        block = expect(self.block, Block, "the block being built")
        block.add_op(op)

    def as_operand(self, value: Value, what: str) -> SSAValue:
        if isinstance(value, SSAValue):
            return value
        if isinstance(value, ListTensor):
            return value.tensor
        if isinstance(value, Known):
            if value.ssa is None or not self.visible(value.ssa):
                fresh = value.const is not None and value.ssa is None
                const = value.const if fresh else constant_op(value.array)
                const = expect(const, tf.ConstOp, "a known value's constant")
                const.location = location(value.name)
                self.add(const)
                value.ssa = const.results[0]
            return value.ssa
        if isinstance(value, TensorList):
            raise StrataError(f"{what} is a TensorList, which only TensorList ops take")
        if isinstance(value, _Piece):
            return self.piece(value)
        if isinstance(value, SparsePart):
            raise StrataError(
                f"{what} is a CTCGreedyDecoder's sparse output {value.part}, which only a "
                "SparseToDense of its indices, dense shape and values takes"
            )
        if isinstance(value, Iota):
            raise StrataError(
                f"{what} is tf.range over a list's length, which the input data decide (at most "
                f"{value.bound}); only a gather of that whole list takes it"
            )
        raise StrataError(f"{what} is on a branch not taken")

    def piece(self, piece: _Piece) -> SSAValue:
        source = piece.source
        if source.results is None or not self.visible(source.results[0]):
            unpack = tf.UnpackOp(source.tensor, source.count, 0)
            unpack.location = location(source.name)
            self.add(unpack)
            source.results = list(unpack.results)
        return source.results[piece.index]

    def list_op(self, graph: Graph, node: NodeDefMessage, inputs: list[Value]) -> list[Value]:
        """TensorList ops on import-time lists; only reading and stacking emit tf ops."""
        where = graph.where(node.name)
        op = node.op
        dtype = _attr_dtype(node, "element_dtype", np.dtype(np.float32))
        if op in ("TensorListReserve", "EmptyTensorList"):
            shape = _element_shape(inputs[0], where)
            if op == "EmptyTensorList":
                return [TensorList((), dtype, shape)]
            count = _known_int(inputs[1], where, "num_elements")
            if count < 0:
                raise StrataError(f"{where}: num_elements must be known and non-negative")
            return [TensorList((None,) * count, dtype, shape)]
        if op == "TensorListFromTensor":
            tensor, shape = inputs
            self.list_element(tensor, where)
            return [self.from_tensor(node.name, tensor, dtype, _element_shape(shape, where), where)]
        if op == "TensorListScatterIntoExistingList":  # (list, tensor, indices)
            self.list_element(inputs[1], where)
            items = _as_list(inputs[0], where)
            return [self.scatter(node, items, inputs[2], inputs[1], True, where)]
        if op == "TensorListSplit":  # (tensor, element_shape, lengths)
            tensor, shape, lengths = inputs
            return [self.split(node, tensor, dtype, _element_shape(shape, where), lengths, where)]
        if isinstance(inputs[0], TensorList) and op in ("TensorListGetItem", "TensorListSetItem"):
            if not isinstance(inputs[1], Known):  # a run-time index: the list as one tensor
                inputs = [
                    ListTensor(self.list_tensor(inputs[0], where, node.name), dtype),
                    *inputs[1:],
                ]
        if isinstance(inputs[0], ListTensor):
            done = self.tensor_list_op(node, inputs, where)
            if done is not None:
                return done
            held = inputs[0]  # split into its elements: the import-time list ops take it
            if held.valid is not None:
                raise StrataError(f"{where}: unsupported on a list of run-time length")
            inputs = [
                self.from_tensor(node.name, held.tensor, dtype, held.element_shape, where),
                *inputs[1:],
            ]
        items = _as_list(inputs[0], where)
        if op == "TensorListGetItem":
            index = _known_int(inputs[1], where, "index")
            _check_index(index, items, where)
            shape = _element_shape(inputs[2], where)
            return [self.item(items, index, shape, where, node.name)]
        if op == "TensorListSetItem":
            index = _known_int(inputs[1], where, "index")
            slots = list(items.items)
            grow = attr_bool(node, "resize_if_index_out_of_bounds")
            if grow and index >= len(slots):
                slots += [None] * (index + 1 - len(slots))
            _check_index(index, items.replace(slots), where)
            slots[index] = self.list_element(inputs[2], where)
            return [items.replace(slots)]
        if op == "TensorListStack":
            return [self.stack(node, items, _element_shape(inputs[1], where), where)]
        if op == "TensorListGather":
            indices = _known_indices(inputs[1], where)
            for index in indices:
                _check_index(index, items, where)
            picked = items.replace([items.items[i] for i in indices])
            return [self.stack(node, picked, _element_shape(inputs[2], where), where)]
        if op == "TensorListConcatV2":  # (list, element_shape, leading_dims)
            return self.concat(node, items, where)
        if op == "TensorListLength":
            return [Known(np.asarray(len(items.items), np.int32), node.name)]
        if op == "TensorListElementShape":
            shape = self.shape_of(items, None, where)
            out = _attr_dtype(node, "shape_type", np.dtype(np.int32))
            return [Known(np.asarray(shape, out), node.name)]
        if op == "TensorListPushBack":
            return [items.replace([*items.items, self.list_element(inputs[1], where)])]
        if op == "TensorListPopBack":
            if not items.items:
                raise StrataError(f"{where}: cannot pop from an empty list")
            shape = _element_shape(inputs[1], where)
            last = self.item(items, len(items.items) - 1, shape, where, node.name)
            return [items.replace(items.items[:-1]), last]
        if op == "TensorListResize":
            size = _known_int(inputs[1], where, "size")
            if size < 0:
                raise StrataError(f"{where}: size must be non-negative, found {size}")
            slots = list(items.items[:size]) + [None] * max(0, size - len(items.items))
            return [items.replace(slots)]
        raise StrataError(f"{where}: unsupported op")

    def array_op(self, graph: Graph, node: NodeDefMessage, inputs: list[Value]) -> list[Value]:
        """A TensorArray op as the TensorList op on its flow value (its last input; the
        TensorArrayV3 makes it): write = SetItem, read = GetItem, scatter = FromTensor (set at
        the indices), gather = Gather, size = Length."""
        where = graph.where(node.name)
        op = node.op
        if op == "TensorArrayCloseV3":
            return []
        dtype = _attr_dtype(node, "dtype", np.dtype(np.float32))
        shape_attr = node.attr["element_shape"].shape if "element_shape" in node.attr else None
        shape = (
            Known(np.asarray([d.size for d in shape_attr.dim], np.int32), node.name)
            if shape_attr is not None and not shape_attr.unknown_rank
            else Known(np.asarray(-1, np.int32), node.name)
        )
        if op == "TensorArrayV3":
            count = _known_int(inputs[0], where, "size")
            if count < 0:
                raise StrataError(f"{where}: size must be non-negative, found {count}")
            items = TensorList((None,) * count, dtype, _element_shape(shape, where))
            dynamic = attr_bool(node, "dynamic_size")
            return [_ArrayHandle(dynamic), items]
        handle, flow = inputs[0], inputs[-1]
        if not isinstance(handle, _ArrayHandle):
            raise StrataError(f"{where}: input 0 is not the handle of a TensorArrayV3")
        if op == "TensorArrayScatterV3":  # (handle, indices, value, flow): rows at the indices
            items = _as_list(flow, where)
            return [self.scatter(node, items, inputs[1], inputs[2], handle.dynamic_size, where)]
        if op == "TensorArraySplitV3":  # (handle, value, lengths, flow): rows of those lengths
            items = _as_list(flow, where)
            value, lengths = inputs[1], inputs[2]
            return [self.split(node, value, items.dtype, items.element_shape, lengths, where)]
        if op == "TensorArrayConcatV3":  # (handle, flow) -> value, lengths
            if isinstance(flow, ListTensor) and flow.valid is not None:
                return self.run_length_concat(node, flow, flow.valid)
            return self.concat(node, _as_list(flow, where), where)
        as_list = NodeDef(name=node.name, op=_ARRAY_AS_LIST[op])
        as_list.attr["element_dtype"].type = node.attr["dtype"].type if "dtype" in node.attr else 1
        if op == "TensorArrayWriteV3":
            as_list.attr["resize_if_index_out_of_bounds"].b = handle.dynamic_size
            return self.list_op(graph, as_list, [flow, inputs[1], inputs[2]])
        if op == "TensorArrayReadV3":
            return self.list_op(graph, as_list, [flow, inputs[1], shape])
        if op == "TensorArrayGatherV3":
            return self.list_op(graph, as_list, [flow, inputs[1], shape])
        return self.list_op(graph, as_list, [flow])  # TensorArraySizeV3

    def tensor_list_op(
        self, node: NodeDefMessage, inputs: list[Value], where: str
    ) -> list[Value] | None:
        """TensorList ops on a list held in one tensor (a kept loop's list); None for the ops
        done on its elements (a gather of some, a change of length: a loop that yields the
        result fails to verify, and is not kept)."""
        items = expect(inputs[0], ListTensor, "a kept list")  # the caller checks
        op = node.op
        if op == "TensorListGetItem":
            # x[index]: a StridedSlice at a run-time begin, whose lowering checks the index
            # (out of range, the call fails naming the node, as TensorFlow's does).
            rank = len(items.element_shape)
            starts = self.start_vector(inputs[1], rank, where, node.name)
            ones = self.as_operand(Known(np.ones(rank + 1, np.int32), node.name), where)
            whole = (1 << (rank + 1)) - 2  # every dim after the first
            piece = tf.StridedSliceOp(items.tensor, starts, starts, ones, whole, whole, 0, 0, 1)
            piece.location = location(node.name)
            self.add(piece)
            return [piece.results[0]]
        if op == "TensorListElementShape":
            out = _attr_dtype(node, "shape_type", np.dtype(np.int32))
            return [Known(np.asarray(items.element_shape, out), node.name)]
        if items.valid is not None:
            return self.run_length_list_op(node, items, inputs, where)
        if op == "TensorListSetItem":
            starts = self.start_vector(inputs[1], len(items.element_shape), where, node.name)
            item = self.as_operand(self.list_element(inputs[2], where), f"{where}: input 2")
            dims = static_dims(item)
            origin = items.origin
            grow = attr_bool(node, "resize_if_index_out_of_bounds")
            if grow and origin is not None:
                block = expect(self.block, Block, "the block being built")
                self.growth.append(_Growth(origin, inputs[1], block, dims))
                if id(origin) in self.probes:
                    return [items]  # a stand-in: built again once the loop's length is known
            if dims != items.element_shape and origin is not None and id(origin) in self.probes:
                known = origin.element_shape
                if dims is not None and (
                    known is None
                    or len(known) == len(dims)
                    and all(k in (-1, d) for k, d in zip(known, dims, strict=True))
                ):
                    raise _ShapeLearned(origin, dims)
            if dims != items.element_shape:
                found = "unknown rank" if dims is None else f"shape {format_shape(dims)}"
                raise CannotKeepLoop(
                    f"{where}: an element of {found} is written to "
                    f"a list of {format_shape(items.element_shape)}"
                )
            update = self.reshaped(item, (1, *items.element_shape), node.name)
            write = tf.XlaDynamicUpdateSliceOp(items.tensor, update, starts)
            write.location = location(node.name)
            self.add(write)
            return [ListTensor(write.results[0], items.dtype, origin)]
        if op == "TensorListGather":
            indices = _known_indices(inputs[1], where)
            if indices != list(range(items.length)):
                return None
            return [items.tensor]
        if op == "TensorListStack":
            expected = attr_int(node, "num_elements", -1)
            if expected >= 0 and expected != items.length:
                raise StrataError(
                    f"{where}: num_elements is {expected}, but the list has {items.length}"
                )
            return [items.tensor]
        if op == "TensorListLength":
            if items.origin is not None and self.block is not None:
                self.sizes_read.append((items.origin, self.block))
            return [Known(np.asarray(items.length, np.int32), node.name)]
        return None

    def run_length_list_op(
        self, node: NodeDefMessage, items: ListTensor, inputs: list[Value], where: str
    ) -> list[Value]:
        """The ops on a list of run-time length (`ListTensor.valid`) after the loop that grew
        it, but reading an element and its element shape (`tensor_list_op`): its length;
        stacking it, or gathering tf.range(its length) (TF1's stack), gives its tensor, padded
        to the bound (`RunLength`); its concat."""
        op = node.op
        valid = items.valid
        if valid is None:
            raise StrataError(f"{where}: the list's length is static")  # the caller checks
        if op == "TensorListLength":
            return [valid]
        if op == "TensorListConcatV2":
            return self.run_length_concat(node, items, valid)
        stacked = op == "TensorListStack" or (
            op == "TensorListGather" and isinstance(inputs[1], Iota) and inputs[1].length is valid
        )
        if not stacked:
            raise StrataError(
                f"{where}: the list has a length the input data decide (grown in a loop with "
                f"maximum_iterations, at most {items.length}); Strata takes such a list only "
                "stacked whole, read at an index, or asked for its length"
            )
        self.run_lengths[items.tensor] = RunLength(0, valid, items.length, node.name)
        return [items.tensor]

    def run_length_concat(
        self, node: NodeDefMessage, items: ListTensor, valid: SSAValue
    ) -> list[Value]:
        """TensorListConcatV2 / TensorArrayConcatV3 of a list of run-time length whose elements
        are [k, ...]: its tensor [bound, k, ...] as [bound * k, ...], of run-time length
        valid * k; and each element's length, k, as many as the list has."""
        if not items.element_shape:
            raise StrataError(f"{node_label(node)}: concatenating a list of scalars")
        k, *inner = items.element_shape
        joined = self.reshaped(items.tensor, (items.length * k, *inner), node.name)
        rows = valid
        if k != 1:
            times = tf.MulOp(valid, self.known(np.asarray(k, np.int32), node.name))
            times.location = location(node.name)
            self.add(times)
            rows = times.results[0]
        self.run_lengths[joined] = RunLength(0, rows, items.length * k, node.name)
        each = self.known(np.full(items.length, k, np.int64), node.name)
        lengths = tf.IdentityOp(each)
        lengths.location = location(node.name)
        self.add(lengths)
        self.run_lengths[lengths.results[0]] = RunLength(0, valid, items.length, node.name)
        return [joined, lengths.results[0]]

    def start_vector(self, index: Value, rank: int, where: str, name: str) -> SSAValue:
        """[index, 0, ...]: where element `index` starts in a list tensor of element rank `rank`."""
        scalar = self.as_operand(index, f"{where}: index")
        t = scalar.type
        if not isinstance(t, TensorType) or t.get_num_dims() != 0:
            raise CannotKeepLoop(f"{where}: the index is not a scalar")
        dtype = numpy_dtype_for(t.element_type)
        zero = Known(np.asarray(0, dtype), name)
        entries = [scalar] + [self.as_operand(zero, where) for _ in range(rank)]
        pack = tf.PackOp(entries, 0)
        pack.location = location(name)
        self.add(pack)
        return pack.results[0]

    def reshaped(self, value: Operation | SSAValue, shape: Sequence[int], name: str) -> SSAValue:
        """`value` (an op added here if not yet) reshaped to `shape` (no op if it has it)."""
        if isinstance(value, Operation):
            value.location = location(name)
            self.add(value)
            value = value.results[0]
        if static_dims(value) == tuple(shape):
            return value
        target = self.as_operand(Known(np.asarray(shape, np.int32), name), name)
        reshape = tf.ReshapeOp(value, target)
        reshape.location = location(name)
        self.add(reshape)
        return reshape.results[0]

    def from_tensor(
        self, name: str, tensor: Value, dtype: np.dtype, shape: tuple[int, ...] | None, where: str
    ) -> TensorList:
        if isinstance(tensor, Known):
            if tensor.array.ndim == 0:
                raise StrataError(f"{where}: cannot split a scalar into a list")
            items = [Known(tensor.array[i], name) for i in range(tensor.array.shape[0])]
            return TensorList(tuple(items), dtype, tuple(tensor.array.shape[1:]))
        ssa = self.as_operand(tensor, f"{where}: input 0")
        t = ssa.type
        if not isinstance(t, TensorType) or t.get_num_dims() == 0:
            raise StrataError(f"{where}: cannot split {t} into a list")
        dims = tuple(t.get_shape())
        if dims[0] == DYNAMIC_INDEX:
            raise StrataError(
                f"{where}: the list length (dim 0 of {t}) is not static (an input of unknown "
                "shape: give the inputs' shapes with --input-shapes, input_shapes=, or the "
                "arrays in --inputs)"
            )
        source = _Unstacked(ssa, dims[0], name)
        pieces = [_Piece(source, i) for i in range(dims[0])]
        return TensorList(tuple(pieces), dtype, _merge_shapes(dims[1:], shape, where))

    def item(
        self,
        items: TensorList,
        index: int,
        shape: tuple[int, ...] | None,
        where: str,
        name: str,
    ) -> Value:
        """Element `index`; as in TensorFlow, one never set reads as zeros of the element shape."""
        value = items.items[index]
        if value is not None:
            return value
        dims = self.shape_of(items, shape, where)
        if dims is None or any(d < 0 for d in dims):
            raise StrataError(
                f"{where}: element {index} was never set and its shape is not fully known"
            )
        return Known(np.zeros(dims, items.dtype), name)

    def shape_of(
        self, items: TensorList, shape: tuple[int, ...] | None, where: str
    ) -> tuple[int, ...] | None:
        merged = _merge_shapes(items.element_shape, shape, where)
        for value in items.items:
            if value is None:
                continue
            merged = _merge_shapes(merged, _shape_of_value(value), where)
        return merged

    def scatter(
        self,
        node: NodeDefMessage,
        items: TensorList,
        indices: Value,
        value: Value,
        grow: bool,
        where: str,
    ) -> TensorList:
        """TensorArrayScatterV3 / TensorListScatterIntoExistingList: the rows of `value` set at
        `indices` (known at import time), the list grown to reach them where `grow`."""
        rows = self.from_tensor(node.name, value, items.dtype, items.element_shape, where)
        known = _known_indices(indices, where)
        if len(known) != len(rows.items):
            raise StrataError(
                f"{where}: {len(known)} indices for a value of {len(rows.items)} rows"
            )
        slots = list(items.items)
        for index, row in zip(known, rows.items, strict=True):
            if grow and index >= len(slots):
                slots += [None] * (index + 1 - len(slots))
            _check_index(index, items.replace(slots), where)
            slots[index] = row
        return TensorList(tuple(slots), items.dtype, rows.element_shape)

    def split(
        self,
        node: NodeDefMessage,
        tensor: Value,
        dtype: np.dtype,
        shape: tuple[int, ...] | None,
        lengths: Value,
        where: str,
    ) -> TensorList:
        """TensorListSplit / TensorArraySplitV3: a list of the consecutive row blocks of
        `tensor` of `lengths` rows each (known at import time); a tf.SplitV where the tensor is
        not."""
        sizes = _known_indices(lengths, where)
        rows = _shape_of_value(tensor)
        if rows is None or not rows or rows[0] < 0 or sum(sizes) != rows[0] or min(sizes) < 0:
            raise StrataError(
                f"{where}: lengths {sizes} must be non-negative and add up to the rows of a "
                f"tensor of known shape, found {rows}"
            )
        if isinstance(tensor, Known):
            bounds = np.cumsum([0, *sizes])
            pieces: list[Value] = [
                Known(tensor.array[start:stop], node.name)
                for start, stop in zip(bounds[:-1], bounds[1:], strict=True)
            ]
        else:
            split = tf.SplitVOp(
                self.as_operand(tensor, f"{where}: input 1"),
                self.as_operand(Known(np.asarray(sizes, np.int64), node.name), where),
                self.as_operand(Known(np.asarray(0, np.int32), node.name), where),
                len(sizes),
            )
            split.location = location(node.name)
            self.add(split)
            pieces = list(split.results)
        same = len(set(sizes)) == 1
        element = (sizes[0] if same else -1, *rows[1:])
        return TensorList(tuple(pieces), dtype, _merge_shapes(element, shape, where))

    def concat(self, node: NodeDefMessage, items: TensorList, where: str) -> list[Value]:
        """TensorListConcatV2 / TensorArrayConcatV3: the elements joined along their first dim,
        and each element's length (int64)."""
        values = [self.item(items, i, None, where, node.name) for i in range(len(items.items))]
        if not values:
            raise StrataError(f"{where}: concatenating an empty list")
        shapes = [_shape_of_value(v) for v in values]
        if any(sh is None or not sh or sh[0] < 0 for sh in shapes):
            raise StrataError(f"{where}: the elements' lengths are not known at import time")
        lengths = Known(np.asarray([sh[0] for sh in shapes if sh], np.int64), node.name)
        if all(isinstance(v, Known) for v in values):
            joined = _joined(np.concatenate, [v.array for v in values if isinstance(v, Known)], 0)
            return [Known(joined, node.name), lengths]
        operands = [self.as_operand(v, f"{where}: element {i}") for i, v in enumerate(values)]
        axis = self.as_operand(Known(np.asarray(0, np.int32), node.name), where)
        concat = tf.ConcatV2Op(operands, axis)
        concat.location = location(node.name)
        self.add(concat)
        return [concat.results[0], lengths]

    def stack(
        self, node: NodeDefMessage, items: TensorList, shape: tuple[int, ...] | None, where: str
    ) -> Value:
        expected = attr_int(node, "num_elements", -1)
        if expected >= 0 and expected != len(items.items):
            raise StrataError(
                f"{where}: num_elements is {expected}, but the list has {len(items.items)}"
            )
        dims = self.shape_of(items, shape, where)
        if not items.items:
            if dims is None or any(d < 0 for d in dims):
                raise StrataError(f"{where}: stacking an empty list of unknown element shape")
            return Known(np.zeros((0, *dims), items.dtype), node.name)
        values = [self.item(items, i, shape, where, node.name) for i in range(len(items.items))]
        if all(isinstance(v, Known) for v in values):
            return Known(_joined(np.stack, [v.array for v in values], 0), node.name)
        operands = [self.as_operand(v, f"{where}: element {i}") for i, v in enumerate(values)]
        pack = tf.PackOp(operands, 0)
        pack.location = location(node.name)
        self.add(pack)
        return pack.results[0]


# ---------------------------------------------------------------------------------------------
# Helpers


def _parse_ref(text: str) -> TensorRef:
    return TensorRef.parse(text)


def _ref(name: str, index: int) -> TensorRef:
    return TensorRef(name, index)


def _lookup(scope: Scope, ref: TensorRef) -> Value | None:
    if ref.node in scope.dead:
        return DEAD
    return scope.env.get(ref)


def _supported(op: str) -> bool:
    return (
        op in tf.OPS_BY_TF_NAME
        or op in ("Placeholder", "NoOp", ARG)
        or op in CONTROL_FLOW_OPS
        or op in FORWARDING_OPS
        or op in FOLDERS
        or op in SHAPE_FOLDERS
    )


@contextmanager
def _unrolling_explained() -> Iterator[None]:
    """A loop that cannot be unrolled, where loops are not kept, says why they are not."""
    try:
        yield
    except StrataError as err:
        raise StrataError(
            f"{err} (loops are unrolled at import here: --unroll-loops)",
            err.blames,
        ) from None


def _passes_through(body: Graph, index: int) -> bool:
    """Whether `body` returns its argument `index` unchanged (through Identity nodes)."""
    ref = body.rets[index]
    while True:
        node = body.nodes[ref.node]
        if node.op == ARG:
            return body.args.index(ref.node) == index
        if node.op not in FORWARDING_OPS:
            return False
        ref = body.inputs[ref.node][ref.index if node.op == "IdentityN" else 0]


def _inside(loop: Operation, block: Block) -> bool:
    """Whether `block` is in one of `loop`'s regions, at any depth."""
    owner = block.parent_op()
    return owner is not None and (owner is loop or loop.is_ancestor(owner))


def _like(value: SSAValue, model: Value) -> Value:
    """A kept loop's tensor standing for `model`: a ListTensor if `model` is a list."""
    if isinstance(model, TensorList):
        return ListTensor(value, model.dtype, model)
    if isinstance(model, ListTensor):
        return ListTensor(value, model.dtype, model.origin)
    return value


def _called_functions(node: NodeDefMessage) -> list[str]:
    if node.op in CASE_OPS:
        return [f.name for f in node.attr["branches"].list.func] if "branches" in node.attr else []
    keys = {
        **dict.fromkeys(WHILE_OPS, ("cond", "body")),
        **dict.fromkeys(IF_OPS, ("then_branch", "else_branch")),
        **dict.fromkeys(CALL_OPS, ("f",)),
    }.get(node.op, ())
    return [node.attr[k].func.name for k in keys if k in node.attr]


def _branch_functions(graph: Graph, node: NodeDefMessage) -> list[str]:
    """A Case's branch functions, in index order."""
    functions = _called_functions(node)
    if not functions or not all(functions):
        raise graph.error(node.name, "attribute 'branches' is missing or names no function")
    return functions


def _func_attr(graph: Graph, node: NodeDefMessage, key: str) -> str:
    if key not in node.attr or not node.attr[key].func.name:
        raise graph.error(node.name, f"attribute '{key}' is missing")
    return node.attr[key].func.name


def _with_inputs(node: NodeDefMessage, refs: Sequence[TensorRef]) -> NodeDefMessage:
    """A function's node with its data inputs written `name:index`, as build_node reads them."""
    copy = NodeDef()
    copy.CopyFrom(node)
    del copy.input[:]
    copy.input.extend(_format_ref(r) for r in refs)
    return copy


def _format_ref(ref: TensorRef) -> str:
    return ref.node if ref.index == 0 else f"{ref.node}:{ref.index}"


def _one_side(data: Value, k: int, sides: int) -> list[Value]:
    """A Switch's outputs (`sides` of them) when side `k` is taken: `data` there, DEAD elsewhere."""
    return [data if side == k else DEAD for side in range(sides)]


def _truth(array: np.ndarray) -> bool:
    """TensorFlow's truth of a predicate: a scalar's value, a tensor's non-emptiness."""
    if array.ndim == 0:
        return bool(array)
    return array.size > 0


def _unknown_source(graph: Graph, name: str) -> str:
    """The first input of the graph that `name` depends on (what makes a condition unknown)."""
    seen: set[str] = set()
    stack = [name]
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        node = graph.nodes[current]
        if node.op in ("Placeholder", ARG):
            return f"input '{current}'"
        stack.extend(ref.node for ref in reversed(graph.inputs[current]))
    return f"node '{name}'"


def _differing_dims(yielded: list[list[SSAValue]]) -> dict[int, tuple[int, int]]:
    """The results whose branches yield tensors of one element type and rank differing in one
    dim's size only: {result: (dim, largest size)}."""
    found: dict[int, tuple[int, int]] = {}
    if not yielded:
        return found
    for i in range(len(yielded[0])):
        shapes = [static_dims(values[i]) for values in yielded if i < len(values)]
        kinds = {t.element_type for v in yielded if isinstance(t := v[i].type, TensorType)}
        if len(shapes) != len(yielded) or len(kinds) != 1 or any(s is None for s in shapes):
            continue
        known = [s for s in shapes if s is not None]
        if len({len(s) for s in known}) != 1 or any(d < 0 for s in known for d in s):
            continue
        apart = [d for d in range(len(known[0])) if len({s[d] for s in known}) > 1]
        if len(apart) == 1:
            found[i] = (apart[0], max(s[apart[0]] for s in known))
    return found


def _counter_plus(index: SSAValue, body: Block) -> tuple[int, int] | None:
    """(k, c) where `index` is the body's loop value k plus the constant c (through
    forwarding ops, AddV2 and Sub); None otherwise."""
    op = index.owner
    if isinstance(index, BlockArgument):
        return (index.index, 0) if index.block is body else None
    if isinstance(op, tf.FORWARDING):
        return _counter_plus(op.operands[0], body)
    if isinstance(op, (tf.AddV2Op, tf.SubOp)):
        for here, there, sign in (
            ((0, 1, 1), (1, 0, 1)) if isinstance(op, tf.AddV2Op) else ((0, 1, -1),)
        ):
            step = tf.constant_value(op.operands[there])
            inner = _counter_plus(op.operands[here], body)
            if step is not None and step.size == 1 and inner is not None:
                return inner[0], inner[1] + sign * int(step.reshape(-1)[0])
    return None


def _conjuncts(condition: SSAValue) -> list[SSAValue]:
    """The values a kept loop's condition is the logical and of (through forwarding ops):
    a tf.LogicalAnd (`counter < maximum_iterations` and the loop's own condition, as
    TensorFlow builds it), or a tf.IfRegion whose else branch yields false (autograph's lazy
    `and`: a `for i in tf.range(n)` with a `break` runs while `i < n and not did_break`)."""
    op = condition.owner
    if isinstance(op, tf.FORWARDING):
        return _conjuncts(op.operands[0])
    if isinstance(op, tf.LogicalAndOp):
        return [*_conjuncts(op.operands[0]), *_conjuncts(op.operands[1])]
    if isinstance(op, tf.IfRegionOp) and isinstance(condition, OpResult):
        k = condition.index
        then_end = op.then_branch.block.last_op
        else_end = op.else_branch.block.last_op
        if isinstance(then_end, tf.YieldOp) and isinstance(else_end, tf.YieldOp):
            otherwise = tf.constant_value(else_end.operands[k])
            if otherwise is not None and otherwise.size == 1 and not otherwise.reshape(-1)[0]:
                return [*_conjuncts(op.cond), *_conjuncts(then_end.operands[k])]
    return [condition]


def _counter_constant(value: SSAValue) -> np.ndarray | None:
    """An integer or boolean tf.Const of a few elements: what a kept loop's counters start
    from and compare with (a step number; raw_rnn's finished flags, `time >= lengths`)."""
    array = tf.constant_value(value)
    if array is None or array.size > SMALL_COUNTERS or array.dtype.kind not in "iub":
        return None
    return array


SMALL_COUNTERS = 64
"""The most elements a constant the counters run on may have (per-row flags and lengths)."""


def _known_int(value: Value, where: str, what: str) -> int:
    if isinstance(value, Known) and value.array.size == 1 and value.array.dtype.kind in "iu":
        return int(value.array.reshape(()))
    raise StrataError(f"{where}: {what} is not known at import time")


def _as_list(value: Value, where: str) -> TensorList:
    if isinstance(value, TensorList):
        return value
    raise StrataError(f"{where}: input 0 is not a TensorList")


_ARRAY_AS_LIST = {
    "TensorArrayWriteV3": "TensorListSetItem",
    "TensorArrayReadV3": "TensorListGetItem",
    "TensorArrayGatherV3": "TensorListGather",
    "TensorArraySizeV3": "TensorListLength",
}


def _known_indices(value: Value, where: str) -> list[int]:
    """A vector of element indices known at import time."""
    if not isinstance(value, Known) or value.array.ndim != 1:
        raise StrataError(f"{where}: the indices must be a vector known at import time")
    return [int(i) for i in value.array]


def _check_index(index: int, items: TensorList, where: str) -> None:
    if not 0 <= index < len(items.items):
        raise StrataError(
            f"{where}: index {index} is out of range for a list of {len(items.items)} elements"
        )


def _element_shape(value: Value, where: str) -> tuple[int, ...] | None:
    """An `element_shape` input: -1 (or a -1 scalar) means unknown rank, -1 dims unknown dims."""
    if isinstance(value, SSAValue):
        return None
    if not isinstance(value, Known):
        raise StrataError(f"{where}: element_shape is not a tensor")
    array = value.array
    if array.ndim == 0:
        return None if int(array) == -1 else (int(array),)
    if array.ndim > 1:
        raise StrataError(
            f"{where}: element_shape must be a scalar or a vector, found a tensor of shape "
            f"{list(array.shape)}"
        )
    return tuple(int(d) for d in array)


def _shape_of_value(value: Value) -> tuple[int, ...] | None:
    if isinstance(value, Known):
        return tuple(value.array.shape)
    if isinstance(value, _Piece):
        t = expect(value.source.tensor.type, TensorType, "a kept list's tensor")
        return tuple(-1 if d == DYNAMIC_INDEX else d for d in t.get_shape()[1:])
    if isinstance(value, SSAValue) and isinstance(value.type, TensorType):
        return tuple(-1 if d == DYNAMIC_INDEX else d for d in value.type.get_shape())
    return None


def _merge_shapes(
    a: Sequence[int] | None, b: Sequence[int] | None, where: str
) -> tuple[int, ...] | None:
    if a is None:
        return None if b is None else tuple(b)
    if b is None:
        return tuple(a)
    if len(a) != len(b) or any(x >= 0 and y >= 0 and x != y for x, y in zip(a, b, strict=True)):
        raise StrataError(f"{where}: element shapes {list(a)} and {list(b)} differ")
    return tuple(x if x >= 0 else y for x, y in zip(a, b, strict=True))
