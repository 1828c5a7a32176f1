"""hlo-reroll-loops: a run of identical layers (the same ops, wired the same way, each reading the
one before it) becomes one hlo.while that runs the layer once per copy.

A 1000-layer MLP, or an RNN unrolled over its time steps (`static_rnn`, a Keras RNN with
`unroll=True`), imports as the same few ops a thousand times. Every later stage lowers each copy
again, so the compile grows with the depth; rerolled, the layer is lowered once and the compile
time no longer depends on how many there are. It is the inverse of hlo-unroll-loops.

    %1 = hlo.dot_general %x, %w0 ...       %k = hlo.constant <w0, w1, ..., w{n-1} stacked>
    %2 = hlo.tanh %1                  ->   %r:2 = hlo.while (%i = 0, %h = %x) {
    %3 = hlo.dot_general %2, %w1 ...         %w = reshape(dynamic_slice %k[%i])
    %4 = hlo.tanh %3                         %y = tanh(dot_general %h, %w)
    ...                                       return %i + 1, %y }

What repeats is found on the function body's ops, constants left out, in the block's order and
in the order that puts each hlo op just before its first user (a Keras RNN computes every step's
input projection before the first step; this order puts each with its step); the order whose
runs cover more ops wins. A window of p ops repeats when each op of the next window has the same
name, attributes, types and regions, and reads the same way: a value of its own window (same
position), one of the window before (a value the loop carries), or a value from outside the
run: the same one in every window, or one per window, stacked with a leading dimension of the
trip count and sliced by the step (constants into one constant, unit-stride slices of one
tensor one step further each window, as TF1's static_rnn cuts its inputs before the first step,
by a dynamic_slice of that tensor at the step; other values by a concatenation). A unit-stride
slice may start further on by the same amount each window (an RNN's input at its step): it
becomes a dynamic_slice at start + step * that amount. The first
window reads, in place of the carried values, what the run starts from. The last window's
values used after the run become the loop's results. A value that every window's copy of is
used after the run (an RNN's output at each step, stacked at the end) is collected: the loop
writes each into a stack (dynamic_update_slice at the step) and the uses read their slice of
it, provided the windows form a chain (a carried value depends on one carried in). A run stops
where a value of an earlier window is used further on inside it, or after it by some windows'
copies only. A layer has a dot, convolution or reduce (see KERNEL_OPS). hlo-speculate-guards,
run before, turns an unrolled loop's per-step guards into selects so that such steps repeat.

Only the ops are put in a loop, not the arithmetic changed: each copy computes the same ops on
the same values in the same order, so results are bit-identical. What changes is what later
passes see: ops of neighbouring layers are no longer fused into one kernel, and weights of each
layer's own are sliced from a stack at run time instead of being laid out for the kernel at
compile time. Hence two thresholds: `min-trip-count` (4) for layers that share their constants
(an unrolled RNN: as fast as the copies, half the compile time at 12 steps) and
`min-stacked-trip-count` (64) with `max-stacked-bytes` (64 KiB a layer) for layers with weights
of their own (deep stacks of small layers, where the compile time is the problem).
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

import numpy as np
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType, i32
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from strata.dialects import hlo
from strata.dialects.memref_views import memref_nbytes
from strata.dialects.tensor_types import dense_from_numpy, is_static, numpy_from_dense
from strata.internal import expect
from strata.lowering.hlo_to_linalg.hlo_builder import HloEmitter, counted_loop
from strata.transforms.linalg_outline_kernels import region_key

Ref = tuple[str, int, int]
"""How an op of a window reads one value: ("local", op, result) a value of its own window,
("carried", op, result) one of the window before, ("in", n, 0) the window's n-th distinct value
from outside the run (a constant, or a value computed before the run)."""


KERNEL_OPS = (hlo.DotGeneralOp, hlo.DotOp, hlo.ConvolutionOp, hlo.ReduceOp)
"""A layer has one of these: ops that get a kernel of their own whatever surrounds them. A run
of elementwise ops only is left alone: fused, it is one pass over memory; rerolled, one per
copy."""


def _signature(op: Operation) -> Hashable:
    """Equal for hlo ops that are the same but for their operands (unique for other ops)."""
    if op.dialect_name() != "hlo":
        return ("unique", id(op))
    if _moving_slice(op):  # equal up to where they start (which may move from layer to layer)
        return (op.name, op.results[0].type, op.operands[0].type)
    try:
        key = (
            op.name,
            tuple(sorted(op.properties.items())),
            tuple(sorted(op.attributes.items())),
            tuple(v.type for v in op.results),
            tuple(v.type for v in op.operands),
            tuple(region_key(r) for r in op.regions),
        )
        hash(key)
    except TypeError:  # an attribute that does not hash: never the same as another op
        return ("unique", id(op))
    return key


@dataclass
class _Pieces:
    """Per-window inputs that are unit-stride slices of one tensor (each maybe reshaped), the
    slice of window k starting at starts + k * move: a static unstack (TF1's static_rnn takes
    its inputs as one slice per step, cut before the first step)."""

    source: SSAValue
    starts: tuple[int, ...]
    move: tuple[int, ...]
    sizes: tuple[int, ...]

    def at(self, body: HloEmitter, step: SSAValue, shape: TensorType) -> SSAValue:
        """Window `step`'s piece in the loop: a dynamic_slice, reshaped as the input."""
        starts = []
        for start, d in zip(self.starts, self.move, strict=True):
            at = body.scalar(start, i32)
            if d:
                at = body(hlo.AddOp(at, body(hlo.MultiplyOp(step, body.scalar(d, i32)))))
            starts.append(at)
        piece = body(hlo.DynamicSliceOp(self.source, starts, list(self.sizes)))
        return body.reshape(piece, list(shape.get_shape()))


def _pieces(per_window: Sequence[SSAValue]) -> _Pieces | None:
    """`per_window` as _Pieces, or None when they are not such slices."""
    slices = []
    for value in per_window:
        owner = value.owner
        if isinstance(owner, hlo.ReshapeOp):
            owner = owner.operand.owner
        if not isinstance(owner, hlo.SliceOp) or not _moving_slice(owner):
            return None
        slices.append(owner)
    source = slices[0].operand
    if any(s.operand is not source for s in slices) or len(slices) < 2:
        return None
    first = _starts(slices[0])
    move = tuple(b - a for a, b in zip(first, _starts(slices[1]), strict=True))
    for k, piece in enumerate(slices):
        if _starts(piece) != tuple(a + k * d for a, d in zip(first, move, strict=True)):
            return None
    sizes = tuple(expect(slices[0].results[0].type, TensorType).get_shape())
    return _Pieces(source, first, move, sizes)


SPLAT_BYTES = 4096
"""Constants up to this size are read to see whether they are splats."""


def _is_splat(value: SSAValue) -> bool:
    """Whether `value` is an hlo.constant of one value repeated (of at most SPLAT_BYTES)."""
    owner = value.owner
    if not isinstance(owner, hlo.ConstantOp) or (memref_nbytes(value.type) or 0) > SPLAT_BYTES:
        return False
    array = numpy_from_dense(owner.value)
    return array.size == 0 or bool(np.all(array == array.flat[0]))


def _moving_slice(op: Operation) -> bool:
    """A unit-stride hlo.slice: the slices of a run may start at start + step * delta."""
    return isinstance(op, hlo.SliceOp) and all(s == 1 for s in op.strides.get_values())


def _starts(op: Operation) -> tuple[int, ...]:
    return tuple(expect(op, hlo.SliceOp, "a moving slice").start_indices.get_values())


def _latest_first(block: Block, reads: dict[Operation, list[SSAValue]]) -> list[Operation]:
    """The block's ops with each hlo op that has a user as late as it can go: just before its
    first user. The other ops (other dialects, the terminator, ops without users) keep their
    order. Graphs often compute a thing for every layer first (a Keras RNN projects the input of
    every step before the first step runs); this order puts each layer's ops together.

    Built from the back: of the ops whose users are all placed, the one whose first user is
    latest goes next (on a tie, the later one in the block)."""
    ops = list(block.ops)
    index = {op: i for i, op in enumerate(ops)}
    fixed = [op for op in ops if op.dialect_name() != "hlo" or not any(r.uses for r in op.results)]
    before: dict[Operation, list[Operation]] = {op: [] for op in ops}
    waiting = dict.fromkeys(ops, 0)  # users (and, for a fixed op, the next one) not placed yet
    for op in ops:
        for value in reads[op]:
            owner = value.owner
            if isinstance(owner, Operation) and owner in waiting and owner not in before[op]:
                before[op].append(owner)
                waiting[owner] += 1
    for earlier, later in zip(fixed, fixed[1:], strict=False):
        before[later].append(earlier)
        waiting[earlier] += 1
    first_user = dict.fromkeys(ops, len(ops))  # the position of each op's first placed user
    ready = [(-len(ops), -index[op], index[op]) for op in ops if waiting[op] == 0]
    heapq.heapify(ready)
    order: list[Operation] = []
    while ready:
        _, _, i = heapq.heappop(ready)
        op = ops[i]
        at = len(ops) - 1 - len(order)
        order.append(op)
        for producer in before[op]:
            first_user[producer] = min(first_user[producer], at)
            waiting[producer] -= 1
            if waiting[producer] == 0:
                heapq.heappush(ready, (-first_user[producer], -index[producer], index[producer]))
    order.reverse()
    return order if len(order) == len(ops) else ops


def _reads(op: Operation) -> list[SSAValue]:
    """The values `op` reads: its operands, then those its regions use but do not define."""
    if not op.regions:
        return list(op.operands)
    inner = list(op.walk())[1:]
    defined: set[SSAValue] = set()
    for o in inner:
        defined.update(o.results)
        for region in o.regions:
            for block in region.blocks:
                defined.update(block.args)
    for region in op.regions:
        for block in region.blocks:
            defined.update(block.args)
    found = list(op.operands)
    for o in inner:
        found += [v for v in o.operands if v not in defined and v not in found]
    return found


def _runs_by_signature(signatures: np.ndarray, min_trips: int, max_period: int) -> np.ndarray:
    """For each position i, the period p (0: none) of the longest run of at least `min_trips`
    windows of p ops starting at i whose signatures repeat (the smallest p on a tie)."""
    n = len(signatures)
    best_cover = np.zeros(n, np.int64)
    best_period = np.zeros(n, np.int64)
    positions = np.arange(n)
    for p in range(1, min(max_period, n // min_trips) + 1):
        same = signatures[:-p] == signatures[p:]
        # How many positions from i on repeat p later: the distance to the next that does not.
        breaks = np.where(same, len(same), np.arange(len(same)))
        run = np.minimum.accumulate(breaks[::-1])[::-1] - positions[: len(same)]
        windows = run // p + 1
        cover = np.where(windows >= min_trips, windows * p, 0)
        better = cover > best_cover[: len(same)]
        best_cover[: len(same)][better] = cover[better]
        best_period[: len(same)][better] = p
    return best_period


@dataclass
class _Run:
    start: int
    period: int
    trips: int
    form: list[list[Ref]]
    """How each op of the second window reads each of its values (`_reads` order)."""
    inits: dict[tuple[int, int], SSAValue]
    """Carried (op, result) -> the value the first window reads in its place."""
    inputs: list[list[SSAValue]]
    """Per window, its distinct values from outside the run in first-read order."""
    slots: list[tuple[int, int]] = field(default_factory=list)
    """The values the loop carries, as (op, result) of a window: those the next window reads,
    and those of the last window used after the run."""
    outputs: set[tuple[int, int]] = field(default_factory=set)
    """The slots used after the run."""
    moves: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Slices (by position in the window) whose start moves by this much from layer to layer."""
    collected: list[tuple[int, int]] = field(default_factory=list)
    """(op, result) of a window that every window's copy of is used after the run (an RNN's
    output at every step): the loop writes each into a stack, which the uses read."""


class _Rerolling:
    """Finds and rerolls the runs of one block's ops."""

    def __init__(
        self,
        block: Block,
        min_trips: tuple[int, int],
        max_period: int,
        max_stacked_bytes: int,
        reads: dict[Operation, list[SSAValue]],
        order: list[Operation],
    ):
        self.block = block
        self.min_trips, self.min_stacked_trips = min_trips
        self.max_stacked_bytes = max_stacked_bytes
        self.max_period = max_period
        self.order = order
        self.ops = [op for op in self.order if not isinstance(op, hlo.ConstantOp)]
        self.position = {op: i for i, op in enumerate(self.ops)}
        self.defined_at: dict[SSAValue, tuple[int, int]] = {
            result: (i, result.index) for i, op in enumerate(self.ops) for result in op.results
        }
        """Each result of the block's ops: (position of its op, result index)."""
        self.reads = [reads[op] for op in self.ops]
        ids: dict[Hashable, int] = {}
        self.signatures = np.array([ids.setdefault(_signature(op), len(ids)) for op in self.ops])
        self.last_user = [self.last_user_of(op) for op in self.ops]
        """Per op, the position of the last op of the block using its results (len(ops) when
        an op outside the block's ops uses them, -1 when none does)."""

    def last_user_of(self, op: Operation) -> int:
        return max((max(self.user_positions(r), default=-1) for r in op.results), default=-1)

    def reorder(self) -> None:
        """Puts the block's ops in the order the runs were found in."""
        for op in self.order:
            self.block.detach_op(op)
            self.block.add_op(op)

    def top(self, op: Operation | None) -> Operation | None:
        """The op of this block that is or contains `op`."""
        while op is not None and op.parent_block() is not self.block:
            op = op.parent_op()
        return op

    def at(self, value: SSAValue) -> int | None:
        """The position of the op defining `value` among the block's ops (None: a constant, a
        block argument or a value from around the block)."""
        found = self.defined_at.get(value)
        return None if found is None else found[0]

    def ref(
        self,
        value: SSAValue,
        start: int,
        run_start: int,
        period: int,
        inputs: dict[SSAValue, int],
    ) -> Ref | None:
        """How the window at `start` reads `value` (None: from two or more windows back);
        `inputs` numbers the values from outside the run in first-read order."""
        found = self.defined_at.get(value)  # the hot path of the search: no method calls
        if found is None or found[0] < run_start:
            return ("in", inputs.setdefault(value, len(inputs)), 0)
        at, index = found
        if at >= start:
            return ("local", at - start, index)
        if at >= start - period:
            return ("carried", at - start + period, index)
        return None

    def form(
        self, start: int, run_start: int, period: int
    ) -> tuple[list[list[Ref]] | None, list[SSAValue]]:
        inputs: dict[SSAValue, int] = {}
        form: list[list[Ref]] = []
        for j in range(period):
            refs = []
            for value in self.reads[start + j]:
                r = self.ref(value, start, run_start, period, inputs)
                if r is None:
                    return None, list(inputs)
                refs.append(r)
            form.append(refs)
        return form, list(inputs)

    def first_window(self, run: _Run) -> bool:
        """Whether the run's first window reads as the others do, with values from before the
        run in place of carried ones; fills `run.inits` and the window's inputs."""
        inputs: dict[SSAValue, int] = {}
        for j, refs in enumerate(run.form):
            for r, value in zip(refs, self.reads[run.start + j], strict=True):
                if r[0] == "carried":
                    at = self.at(value)
                    if at is not None and at >= run.start:
                        return False
                    if run.inits.setdefault((r[1], r[2]), value) is not value:
                        return False
                elif self.ref(value, run.start, run.start, run.period, inputs) != r:
                    return False
        run.inputs.insert(0, list(inputs))
        return True

    def find(self, start: int, period: int) -> _Run | None:
        second, inputs = self.form(start + period, start, period)
        if second is None or not any(r[0] == "carried" for refs in second for r in refs):
            return None  # not a chain of layers: each window would be independent
        if not any(isinstance(op, KERNEL_OPS) for op in self.ops[start : start + period]):
            return None
        run = _Run(start, period, 2, second, {}, [inputs])
        if not self.first_window(run):
            return None
        for j, op in enumerate(self.ops[start : start + period]):
            if _moving_slice(op):
                first, then = _starts(op), _starts(self.ops[start + period + j])
                run.moves[j] = tuple(b - a for a, b in zip(first, then, strict=True))
        layer = self.signatures[start : start + period]
        while start + (run.trips + 1) * period <= len(self.ops):
            at = start + run.trips * period
            if not np.array_equal(self.signatures[at : at + period], layer):
                break
            form, inputs = self.form(at, start, period)
            if form != second or not self.moves_on(run, at):
                break
            run.inputs.append(inputs)
            run.trips += 1
        self.settle(run)
        del run.inputs[run.trips :]
        if run.trips < self.min_trips or (run.collected and not self.recurrent(run)):
            return None  # (collected: independent windows, cut so that one reads the one before)
        stacked = self.stacked_constant_bytes(run)
        if run.trips < self.min_trips or (
            stacked and (run.trips < self.min_stacked_trips or stacked > self.max_stacked_bytes)
        ):
            return None
        run.outputs = self.outputs(run)
        carried = {(r[1], r[2]) for refs in second for r in refs if r[0] == "carried"}
        run.slots = sorted(carried | run.outputs)
        if not all(is_static(self.ops[start + x].results[r].type) for x, r in run.collected):
            return None
        # Loop values and stacked inputs: tensors of static shapes (a loop value that no window
        # reads starts as zeros; each window's inputs are stacked into one).
        values = [self.ops[start + x].results[r] for x, r in run.slots] + run.inputs[1]
        return run if all(is_static(v.type) for v in values) else None

    @staticmethod
    def stacked_constant_bytes(run: _Run) -> int:
        """The bytes of the constants each layer has of its own (weights, stacked by `stack`
        and sliced at run time), 0 when the layers share theirs. Splats do not count: a
        layer's own splat is its step number (an unrolled loop's guards compare the step with
        the lengths), not a weight that would lose its packed layout."""
        return sum(
            (memref_nbytes(value.type) or 0)
            for q, value in enumerate(run.inputs[1])
            if isinstance(value.owner, hlo.ConstantOp)
            and any(w[q] is not value for w in run.inputs)
            and not all(_is_splat(w[q]) for w in run.inputs)
        )

    def moves_on(self, run: _Run, at: int) -> bool:
        """Whether the slices of the window at `at` start where their moves take them."""
        k = (at - run.start) // run.period
        for j, move in run.moves.items():
            first = _starts(self.ops[run.start + j])
            if _starts(self.ops[at + j]) != tuple(
                a + k * d for a, d in zip(first, move, strict=True)
            ):
                return False
        return True

    def user_positions(self, value: SSAValue) -> list[int]:
        """Where the users of `value` are among the block's ops (len(ops): elsewhere)."""
        found = []
        for use in value.uses:
            user = self.top(use.operation)
            at = self.position.get(user) if user is not None else None
            found.append(len(self.ops) if at is None else at)
        return found

    @staticmethod
    def recurrent(run: _Run) -> bool:
        """Whether a value the loop carries depends on one it carried in: a chain of layers.
        Independent windows (every step's input projection) can look like one when cut so that
        one window's last op reads the op before it, in the window before."""
        depends: set[int] = set()
        for j, refs in enumerate(run.form):
            if any(r[0] == "carried" or (r[0] == "local" and r[1] in depends) for r in refs):
                depends.add(j)
        return any(r[0] == "carried" and r[1] in depends for refs in run.form for r in refs)

    def settle(self, run: _Run) -> None:
        """Ends the run at the first window whose values are used further on than the window
        after it, inside the run (what comes after reads it), or after the run where not every
        window's copy of that value is; the values every window's copy of is used after the run
        are `run.collected`. A window's values in the window after it are carried, the last
        window's used after the run are its outputs."""
        p = run.period
        while True:
            end = run.start + run.trips * p
            after: dict[tuple[int, int], set[int]] = {}
            cut = run.trips
            for k in range(run.trips - 1):
                begin = run.start + k * p
                for x in range(p):
                    if self.last_user[begin + x] < begin + 2 * p:
                        continue  # read by its window and the next only
                    for r, result in enumerate(self.ops[begin + x].results):
                        for at in self.user_positions(result):
                            if at >= end:
                                after.setdefault((x, r), set()).add(k)
                            elif at >= begin + 2 * p:
                                cut = min(cut, k)
            if cut == run.trips:
                partial = [min(ks) for ks in after.values() if len(ks) < run.trips - 1]
                if not partial:
                    run.collected = sorted(after)
                    return
                cut = min(partial)
            run.trips = cut + 1

    def runs(self) -> list[_Run]:
        if len(self.ops) < 2 * self.min_trips:
            return []
        periods = _runs_by_signature(self.signatures, self.min_trips, self.max_period)
        found: list[_Run] = []
        i = 0
        while i < len(self.ops):
            run = self.find(i, int(periods[i])) if periods[i] else None
            if run is None:
                i += 1
                continue
            found.append(run)
            i = run.start + run.trips * run.period
        return found

    def reroll(self, run: _Run) -> None:
        end = run.start + run.trips * run.period
        first = self.ops[run.start]
        self.hoist_constants(run, first)
        slots = run.slots
        emit = HloEmitter(first)
        inits = [run.inits.get(s) or self.zeros(emit, s, run) for s in slots]
        stacks: list[tuple[SSAValue, SSAValue]] = []
        pieces: list[tuple[SSAValue, _Pieces]] = []
        for q, value in enumerate(run.inputs[1]):
            per_window = [w[q] for w in run.inputs]
            if all(v is value for v in per_window):
                continue
            moving = _pieces(per_window)
            if moving is not None:  # slices of one tensor, one step further each window
                pieces.append((value, moving))
            else:
                stacks.append((value, self.stack(emit, per_window)))
        collected_types = [
            expect(self.ops[run.start + x].results[r].type, TensorType) for x, r in run.collected
        ]
        stacks_out = [
            emit(
                hlo.ConstantOp(
                    dense_from_numpy(np.zeros((run.trips, *t.get_shape())), t.element_type)
                )
            )
            for t in collected_types
        ]
        loop, body = counted_loop(emit, run.trips, [*inits, *stacks_out])
        step, *state = loop.body.block.args
        state, stack_args = state[: len(slots)], state[len(slots) :]
        mapping: dict[SSAValue, SSAValue] = {
            self.ops[run.start + x].results[r]: arg
            for (x, r), arg in zip(slots, state, strict=True)
        }
        for value, stacked in stacks:
            mapping[value] = self.slice(body, step, stacked)
        for value, moving in pieces:
            mapping[value] = moving.at(body, step, expect(value.type, TensorType))
        second = run.start + run.period
        for j in range(run.period):
            model = self.ops[run.start + j]  # the first layer names the loop's ops
            if any(run.moves.get(j, ())):
                mapping[self.ops[second + j].results[0]] = self.moving_slice(
                    body, step, model, self.ops[second + j], run.moves[j], mapping
                )
                continue
            clone = self.ops[second + j].clone(mapping)
            for result, named in zip(clone.results, model.results, strict=True):
                result.name_hint = named.name_hint
            body.add(clone)
            clone.location = model.location
        written = []
        for (x, r), t, stack in zip(run.collected, collected_types, stack_args, strict=True):
            one = body.reshape(mapping[self.ops[second + x].results[r]], [1, *t.get_shape()])
            zero = body.scalar(0, i32)
            at = [step, *[zero] * len(t.get_shape())]
            written.append(body(hlo.DynamicUpdateSliceOp(stack, one, at)))
        body.add(
            hlo.ReturnOp(
                [
                    body(hlo.AddOp(step, body.scalar(1, i32))),
                    *(mapping[self.ops[second + x].results[r]] for x, r in slots),
                    *written,
                ]
            )
        )
        last = end - run.period
        results = loop.results[1 : 1 + len(slots)]
        for (x, r), result in zip(slots, results, strict=True):
            if (x, r) in run.outputs:
                self.ops[last + x].results[r].replace_all_uses_with(result)
        stacked_out = loop.results[1 + len(slots) :]
        for (x, r), t, stacked in zip(run.collected, collected_types, stacked_out, strict=True):
            shape = list(t.get_shape())
            for k in range(run.trips - 1):  # the last window's: an output, above
                value = self.ops[run.start + k * run.period + x].results[r]
                if value.uses:
                    piece = emit(
                        hlo.SliceOp(
                            stacked, [k, *[0] * len(shape)], [k + 1, *shape], [1] * (len(shape) + 1)
                        )
                    )
                    value.replace_all_uses_with(emit.reshape(piece, shape))
        for op in reversed(self.ops[run.start : end]):
            Rewriter.erase_op(op)
        for inputs in run.inputs:  # the constants stacked
            for value in inputs:
                owner = value.owner
                if isinstance(owner, hlo.ConstantOp) and not value.uses and owner.parent:
                    Rewriter.erase_op(owner)

    def hoist_constants(self, run: _Run, first: Operation) -> None:
        """Moves the constants the run reads that come after its first op before it, so that
        the loop, put there, sees every value the run reads defined."""
        order = {op: i for i, op in enumerate(self.block.ops)}
        at = order[first]
        for reads in self.reads[run.start : run.start + run.trips * run.period]:
            for value in reads:
                owner = value.owner
                if isinstance(owner, hlo.ConstantOp) and order.get(owner, -1) > at:
                    self.block.detach_op(owner)
                    self.block.insert_op_before(owner, first)
                    order[owner] = -1

    def outputs(self, run: _Run) -> set[tuple[int, int]]:
        """(op, result) of the last window used after the run."""
        begin = run.start + (run.trips - 1) * run.period
        found: set[tuple[int, int]] = set()
        for x in range(run.period):
            for r, result in enumerate(self.ops[begin + x].results):
                if any(
                    self.top(u.operation) not in self.ops[begin : begin + run.period]
                    for u in result.uses
                ):
                    found.add((x, r))
        return found

    def zeros(self, emit: HloEmitter, slot: tuple[int, int], run: _Run) -> SSAValue:
        """The start value of a value the loop only produces (no window reads it)."""
        t = expect(self.ops[run.start + slot[0]].results[slot[1]].type, TensorType)
        return emit(
            hlo.ConstantOp(dense_from_numpy(np.zeros(tuple(t.get_shape())), t.element_type))
        )

    @staticmethod
    def stack(emit: HloEmitter, per_window: Sequence[SSAValue]) -> SSAValue:
        """Every window's value along a new leading dimension: one constant when they are all
        constants, else their concatenation."""
        t = expect(per_window[0].type, TensorType)
        owners = [v.owner for v in per_window]
        constants = [o for o in owners if isinstance(o, hlo.ConstantOp)]
        if len(constants) == len(owners):
            arrays = [numpy_from_dense(o.value) for o in constants]
            return emit(hlo.ConstantOp(dense_from_numpy(np.stack(arrays), t.element_type)))
        shape = [1, *t.get_shape()]
        return emit(hlo.ConcatenateOp([emit.reshape(v, shape) for v in per_window], 0))

    @staticmethod
    def moving_slice(
        body: HloEmitter,
        step: SSAValue,
        first: Operation,
        second: Operation,
        move: tuple[int, ...],
        mapping: dict[SSAValue, SSAValue],
    ) -> SSAValue:
        """The slice `first` (the first layer's) moved `step` times by `move`: a dynamic_slice
        from start + step * move, of the same sizes, of what `second` (the second layer's
        slice, whose operand `mapping` maps into the loop) slices."""
        starts = []
        for start, d in zip(_starts(first), move, strict=True):
            at = body.scalar(start, i32)
            if d:
                at = body(hlo.AddOp(at, body(hlo.MultiplyOp(step, body.scalar(d, i32)))))
            starts.append(at)
        sizes = expect(first.results[0].type, TensorType).get_shape()
        operand = mapping.get(second.operands[0], second.operands[0])
        moved = hlo.DynamicSliceOp(operand, starts, sizes)
        body.add(moved)
        moved.location = first.location
        return moved.results[0]

    @staticmethod
    def slice(body: HloEmitter, step: SSAValue, stacked: SSAValue) -> SSAValue:
        """Window `step`'s value, from the stack."""
        shape = list(expect(stacked.type, TensorType).get_shape())[1:]
        zero = body.scalar(0, i32)
        one = body(hlo.DynamicSliceOp(stacked, [step, *[zero] * len(shape)], [1, *shape]))
        return body.reshape(one, shape)


@dataclass(frozen=True)
class HloRerollLoopsPass(ModulePass):
    """Rerolls each run of at least `min-trip-count` identical layers in a function's body into
    one hlo.while over the layers (0 rerolls nothing), or of `min-stacked-trip-count` when the
    layers have constants of their own; a layer is at most `max-period` ops.

    Expects: the `hlo` or `hlo-opt` stage. Keeps it.
    """

    name = "hlo-reroll-loops"

    min_trip_count: int = 4
    """Reroll runs of at least this many layers (values below 2 count as 2; 0: none). The
    layers of an unrolled RNN share their weights: the loop runs as fast as the copies (the
    unrolled LSTM and GRU fixtures: within 1%) and compiles in half the time."""
    min_stacked_trip_count: int = 64
    """... and at least this many when each layer has weights of its own. Those are stacked and
    each layer's sliced (copied) at run time, and the loop's control runs as kernels: on small
    layers the loop runs about a third slower than the copies (100 Dense(64) layers at batch 16:
    0.244 against 0.185 ms a call) and compiles 2.5 times faster (0.71 against 1.76 s), so only
    deep stacks, where the compile time is the problem, are rerolled."""
    max_stacked_bytes: int = 65536
    """... and at most this many bytes of them per layer: large layers spend their time
    running, not compiling, and their weights would lose `linalg-pack-weights`' layout."""
    max_period: int = 256
    """The most ops (constants left out) one copy may have."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.min_trip_count <= 0:
            return
        for f in list(op.walk()):
            if isinstance(f, func.FuncOp) and f.body.blocks:
                self.reroll_block(f.body.block)

    def reroll_block(self, block: Block) -> None:
        """Finds the runs in the block's order and with each op as late as it goes, and rerolls
        those of whichever order covers more ops."""
        reads = {op: _reads(op) for op in block.ops}
        found: list[tuple[int, int, _Rerolling, list[_Run]]] = []
        for order in (list(block.ops), _latest_first(block, reads)):
            rerolling = _Rerolling(
                block,
                (max(2, self.min_trip_count), max(2, self.min_stacked_trip_count)),
                self.max_period,
                self.max_stacked_bytes,
                reads,
                order,
            )
            runs = rerolling.runs()
            found.append((sum(r.trips * r.period for r in runs), -len(found), rerolling, runs))
        _, _, rerolling, runs = max(found, key=lambda f: f[:2])
        if runs:  # in the order they were found in
            rerolling.reorder()
        for run in reversed(runs):  # last first: what a run reads from another is still there
            rerolling.reroll(run)
