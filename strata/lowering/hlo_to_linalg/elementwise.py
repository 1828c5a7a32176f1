"""hlo elementwise ops and constants -> linalg.generic / arith.constant on tensors."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType
from xdsl.ir import Block, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import hlo
from strata.dialects.tensor_types import is_splat, is_static, numpy_from_dense, shape_of
from strata.internal import expect
from strata.lowering.hlo_to_linalg import scalar_ops
from strata.lowering.hlo_to_linalg.generic import (
    PARALLEL,
    affine_map,
    dense_constant,
    empty,
    generic_results,
    identity_map,
)
from strata.lowering.hlo_to_linalg.scalar_ops import Emit
from strata.lowering.locations import LocatedBuilder


class ConstantLowering(RewritePattern):
    """hlo.constant dense<...> -> arith.constant dense<...>"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.ConstantOp):
            return
        b = LocatedBuilder(rewriter, op)
        rewriter.replace(op, [], [b(arith.ConstantOp(op.value)).result])


def lowers_elementwise(op: Operation) -> bool:
    """Whether ElementwiseLowering computes `op` element by element in a generic (no other
    pattern of the pass claims these ops: a bitcast_convert between widths is not one)."""
    if len(op.results) != 1 or not op.operands or op.dialect_name() != "hlo":
        return False
    if hlo.in_hlo_body(op):
        return False  # a reduce / scatter body: lowered with its parent
    result_type = op.results[0].type
    if not isinstance(result_type, TensorType) or not is_static(result_type):
        return False
    last_type = op.operands[-1].type
    if not isinstance(last_type, TensorType):
        return False
    return scalar_ops.supports(op, last_type.element_type)


def _is_splat_constant(value: SSAValue) -> bool:
    """Whether `value` is a splat constant tensor, which a generic reads as one scalar."""
    dense = dense_constant(value)
    # An empty tensor has no value to splat (xDSL's is_splat fails on it).
    return dense is not None and is_splat(dense)


@dataclass(eq=False)
class _Group:
    """Elementwise ops of one block and one shape that read each other."""

    members: list[Operation]
    first: int
    """The block position of the first member."""
    latest_input: int
    """The block position of the latest op outside the group whose result a member reads (-1:
    none)."""


def elementwise_groups(root: Operation) -> dict[Operation, list[Operation]]:
    """Each elementwise op under `root` that shares a generic with others: its group's members in
    program order. A group is connected through the values its members read from each other,
    all of one shape, in one block. Members read by ops outside the group are its generic's
    results: a value read several times is computed once, and a graph of such ops (an LSTM
    cell, Philox's rounds) is one generic, not one per value for linalg-fuse-elementwise to
    merge again (each generic built and fused costs more than the scalar ops in it).

    The generic must stand after every input and before every outside reader of its results.
    Where only the last member is read outside, its place does. Else the place before the first
    member does if no input is computed after it. Where one is (an outside op that may read the
    group: a softmax's sum of the exponentials it divides them by), the group is formed again,
    each member joining only groups whose inputs all come before their first member
    (`_connect(strict=True)`), so that each can stand there."""
    found: dict[Operation, list[Operation]] = {}
    for holder in root.walk():
        for region in holder.regions:
            for block in region.blocks:
                _group_block(block, found)
    return found


def _group_block(block: Block, found: dict[Operation, list[Operation]]) -> None:
    position = {op: at for at, op in enumerate(block.ops)}
    for group in _connect(block.ops, position, strict=False):
        members = sorted(group.members, key=position.__getitem__)
        inside = set(members)
        read_outside = any(
            u.operation not in inside for m in members[:-1] for u in m.results[0].uses
        )
        parts = [members]
        if read_outside and group.latest_input > group.first:
            regrouped = _connect(members, position, strict=True)
            parts = [sorted(g.members, key=position.__getitem__) for g in regrouped]
        for part in parts:
            for tree in _trees(part) if _feeds_reduction(part) else [part]:
                if len(tree) > 1:
                    for member in tree:
                        found[member] = tree


def _feeds_reduction(members: list[Operation]) -> bool:
    """Whether the generic of `members` would have several results, one of them read by an
    hlo.reduce: linalg-fuse-elementwise computes a producer of one result inside the reduction
    that reads it (the exponentials inside a softmax's sum), and not one of several."""
    inside = set(members)
    outputs = [m for m in members[:-1] if any(u.operation not in inside for u in m.results[0].uses)]
    if not outputs:
        return False
    return any(
        isinstance(u.operation, hlo.ReduceOp)
        for m in [*outputs, members[-1]]
        for u in m.results[0].uses
    )


def _trees(members: list[Operation]) -> list[list[Operation]]:
    """`members` (in program order) as trees: a member read only once, by another member, is
    computed in its reader's generic; the others are roots, each the last member of its tree
    and its generic's one result."""
    inside = set(members)
    root_of: dict[Operation, Operation] = {}
    for member in reversed(members):  # readers before what they read
        reader = member.results[0].get_user_of_unique_use()
        root_of[member] = root_of[reader] if reader in inside else member
    trees: dict[Operation, list[Operation]] = {}
    for member in members:
        trees.setdefault(root_of[member], []).append(member)
    return list(trees.values())


def _connect(
    ops: Iterable[Operation], position: dict[Operation, int], strict: bool
) -> list[_Group]:
    """The groups of two or more of `ops` (in program order; `position`: their block's), each
    member joined to the groups of the members it reads; `strict`: only where no input of the
    joined groups is computed after their first member (so the generic can stand there)."""
    group_of: dict[Operation, _Group] = {}
    for op in ops:
        if not lowers_elementwise(op):
            continue
        shape = shape_of(op.results[0].type)
        joined: list[_Group] = []
        latest = read = -1  # the latest input from outside the joined groups; any input
        for value in op.operands:
            owner = value.owner
            if not isinstance(owner, Operation) or owner not in position:
                continue  # a block argument or a value from outside the block
            if _is_splat_constant(value):
                continue  # read as a scalar constant, not an input
            read = max(read, position[owner])
            group = group_of.get(owner)
            if group is not None and shape_of(owner.results[0].type) == shape:
                if all(group is not g for g in joined):
                    joined.append(group)
            else:
                latest = max(latest, position[owner])
        first = min((g.first for g in joined), default=position[op])
        latest = max([latest, *(g.latest_input for g in joined)])
        if not joined or (strict and latest >= first):
            group_of[op] = _Group([op], position[op], read)
            continue
        base = max(joined, key=lambda g: len(g.members))
        base.first, base.latest_input = first, latest
        for other in joined:
            if other is not base:
                base.members.extend(other.members)
                for member in other.members:
                    group_of[member] = base
        base.members.append(op)
        group_of[op] = base
    groups = {id(g): g for g in group_of.values() if len(g.members) > 1}
    return list(groups.values())


class ElementwiseLowering(RewritePattern):
    """hlo.add(%a, %b) -> linalg.generic {parallel...} ins(%a, %b) outs(tensor.empty) { arith.addf }
    (every elementwise hlo op; rank-0 operands of clamp/select are broadcast by their map).

    A group of `elementwise_groups` is lowered at its last member, as one generic whose results
    are the members read outside the group. With only the last member read outside (a tree) it
    takes that member's place and location; else it goes before the first member, with the
    first member's location. Each scalar op keeps the location of the op it computes."""

    def __init__(self, groups: dict[Operation, list[Operation]] | None = None):
        self.groups = groups if groups is not None else {}

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not lowers_elementwise(op):
            return
        members = self.groups.get(op, [op])
        if op is not members[-1]:
            return  # lowered with the group's last member
        member_set = set(members)
        outputs = [
            m
            for m in members
            if m is op or any(u.operation not in member_set for u in m.results[0].uses)
        ]
        place = op if outputs == [op] else members[0]
        result_type = expect(op.results[0].type, TensorType, "elementwise result")
        rank = result_type.get_num_dims()
        b = LocatedBuilder(rewriter, place)
        # Inputs and scalar ops come in the order linalg-fuse-elementwise would give the generics
        # of a tree's ops fused (the same kernel): an op's operands from outside the group, then
        # those of each member it reads; the ops of its last operand's members first.
        leaves: list[SSAValue] = []  # operands from outside the group
        scalars: dict[SSAValue, SSAValue | None] = {}
        gathered: set[Operation] = set()

        def gather(o: Operation) -> None:
            gathered.add(o)
            nested: list[Operation] = []
            for v in o.operands:
                owner = v.owner
                if isinstance(owner, Operation) and owner in member_set:
                    if owner not in gathered and owner not in nested:
                        nested.append(owner)
                elif v not in scalars:
                    # Splat constants are not read from memory: their scalar is used directly.
                    scalars[v] = splat_scalar(b, v)
                    if scalars[v] is None:
                        leaves.append(v)
            for inner in nested:
                if inner not in gathered:
                    gather(inner)

        for output in outputs:
            if output not in gathered:
                gather(output)
        maps = [
            identity_map(rank)
            if expect(v.type, TensorType, "elementwise operand").get_num_dims() == rank
            else affine_map(rank, [])
            for v in leaves
        ]
        emitted: list[tuple[Operation, list[Operation]]] = []
        computed: dict[Operation, SSAValue] = {}

        def body(emit: Emit, args: Sequence[SSAValue]) -> list[SSAValue]:
            values: dict[SSAValue, SSAValue] = dict(zip(leaves, args, strict=False))

            def value_of(v: SSAValue) -> SSAValue:
                scalar = scalars.get(v)
                return values[v] if scalar is None else scalar

            def compute(o: Operation) -> SSAValue:
                done = computed.get(o)
                if done is not None:
                    return done
                inner: dict[SSAValue, SSAValue] = {
                    v: compute(v.owner)
                    for v in reversed(o.operands)
                    if isinstance(v.owner, Operation) and v.owner in member_set
                }
                args_of = [inner[v] if v in inner else value_of(v) for v in o.operands]
                ops: list[Operation] = []

                def emit_located(new: scalar_ops.OpT) -> scalar_ops.OpT:
                    ops.append(new)
                    return emit(new)

                result = scalar_ops.emit_elementwise(emit_located, o, args_of)
                emitted.append((o, ops))
                computed[o] = result
                return result

            return [compute(o) for o in outputs]

        output_types = [expect(o.results[0].type, TensorType, "result") for o in outputs]
        results = generic_results(
            b,
            leaves,
            maps,
            [empty(b, t) for t in output_types],
            [identity_map(rank)] * len(outputs),
            [PARALLEL] * rank,
            body,
        )
        for source, ops in emitted:
            if source is not place:
                for new in ops:
                    for inner in new.walk():
                        inner.location = source.location
        for output, result in zip(outputs, results, strict=True):
            if output is not op:
                rewriter.replace_all_uses_with(output.results[0], result)
        rewriter.replace(op, [], [results[outputs.index(op)]])
        for member in reversed(members[:-1]):  # each after the members reading it
            rewriter.erase(member)


def splat_scalar(b: LocatedBuilder, value: SSAValue) -> SSAValue | None:
    """A scalar arith.constant for a splat-constant tensor operand, else None."""
    owner = value.owner
    if not isinstance(owner, (hlo.ConstantOp, arith.ConstantOp)) or not _is_splat_constant(value):
        return None
    dense = expect(owner.value, DenseIntOrFPElementsAttr, "splat constant")
    element = dense.get_element_type()
    return scalar_ops.emit_constant(b, numpy_from_dense(dense).flat[0].item(), element)


def patterns(root: Operation) -> tuple[RewritePattern, ...]:
    """The patterns, with the elementwise groups of `root` as it is now."""
    return (ConstantLowering(), ElementwiseLowering(elementwise_groups(root)))
