"""hlo-unroll-loops: replace an hlo.while whose trip count is known at compile time, and at most
`max-trip-count`, by that many copies of its body.

The trip count is found by running the loop's counters: the loop values whose initial value is a
scalar integer constant and whose next value the body computes from such values and constants
(with the ops of `scalar_semantics`, as the lowering computes them). The condition must depend
on those alone. A Keras RNN's two counters (`i < max_iterations && t < steps`) qualify; a loop
that runs until a value converges does not, and stays a loop.

Loops stay loops by default: on Strata's RNN fixtures a kept loop runs within 3% of the unrolled
one and compiles faster (`bench/bench_compile.py`), so the default pipeline does not run this
pass; `strata-opt -p 'hlo-unroll-loops{max-trip-count=16}'` asks for it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from strata.dialects import hlo
from strata.dialects.element_kinds import ElementKind, kind_of
from strata.dialects.hlo.scalar_semantics import COMPARISONS, ELEMENTWISE
from strata.dialects.tensor_types import numpy_from_dense
from strata.internal import expect

Known = dict[SSAValue, np.ndarray]


def _scalar_constant(value: SSAValue) -> np.ndarray | None:
    owner = value.owner
    t = value.type
    if not isinstance(owner, hlo.ConstantOp) or not isinstance(t, TensorType):
        return None
    if t.get_num_dims() != 0 or kind_of(t.element_type) in (None, ElementKind.FLOAT):
        return None
    return numpy_from_dense(owner.value)


def _evaluate(block: Block, known: Known) -> Known:
    """Values of `block`'s ops computable from `known` and scalar constants (in the block or
    around it), added to it."""
    values = dict(known)
    for op in block.ops:
        if isinstance(op, hlo.ConstantOp):
            constant = _scalar_constant(op.output)
            if constant is not None:
                values[op.output] = constant
            continue
        args = [values[v] if v in values else _scalar_constant(v) for v in op.operands]
        if not op.results or any(a is None for a in args):
            continue
        result = _apply(op, [a for a in args if a is not None])
        if result is not None:
            values[op.results[0]] = result
    return values


def _apply(op: Operation, args: list[np.ndarray]) -> np.ndarray | None:
    element = expect(op.operands[0].type, TensorType).element_type
    with np.errstate(all="ignore"):
        if isinstance(op, hlo.CompareOp):
            return np.asarray(COMPARISONS[op.comparison_direction.data].numpy(*args))
        semantics = ELEMENTWISE.get(type(op))
        behaviour = semantics.behaviour(kind_of(element)) if semantics is not None else None
        if behaviour is None or behaviour.numpy is None:
            return None
        return np.asarray(behaviour.numpy(*args)).astype(args[0].dtype)


def trip_count(loop: hlo.WhileOp, limit: int) -> int | None:
    """How many times `loop`'s body runs, if its counters decide it within `limit` runs."""
    counters: dict[int, np.ndarray] = {}
    for k, init in enumerate(loop.operand):
        constant = _scalar_constant(init)
        if constant is not None:
            counters[k] = constant
    cond, body = loop.cond.block, loop.body.block
    cond_end = expect(cond.last_op, hlo.ReturnOp)
    body_end = expect(body.last_op, hlo.ReturnOp)
    for count in range(limit + 1):
        known: Known = {cond.args[k]: v for k, v in counters.items()}
        flag = _evaluate(cond, known).get(cond_end.arguments[0])
        if flag is None:
            return None
        if not bool(flag):
            return count
        at_start: Known = {body.args[k]: v for k, v in counters.items()}
        values = _evaluate(body, at_start)
        counters = {
            k: values[body_end.arguments[k]] for k in counters if body_end.arguments[k] in values
        }
    return None


def unroll(loop: hlo.WhileOp, count: int) -> None:
    """`loop` replaced by `count` copies of its body, each fed the previous one's values."""
    current = list(loop.operand)
    body = loop.body.block
    end = expect(body.last_op, hlo.ReturnOp)
    for _ in range(count):
        mapping: dict[SSAValue, SSAValue] = dict(zip(body.args, current, strict=True))
        for op in body.ops:
            if op is end:
                break
            Rewriter.insert_op(op.clone(mapping), InsertPoint.before(loop))
        current = [mapping.get(v, v) for v in end.arguments]
    Rewriter.replace_op(loop, [], current)


@dataclass(frozen=True)
class HloUnrollLoopsPass(ModulePass):
    """Unrolls each hlo.while whose trip count its counters fix at compile time, when it is at
    most `max-trip-count` (0, the default, unrolls nothing).

    Expects: the `hlo` or `hlo-opt` stage. Keeps it.
    """

    name = "hlo-unroll-loops"

    max_trip_count: int = 0
    """Unroll loops that run at most this many times."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.max_trip_count <= 0:
            return
        loops = [o for o in op.walk() if isinstance(o, hlo.WhileOp)]
        for loop in reversed(loops):  # innermost first
            count = trip_count(loop, self.max_trip_count)
            if count is not None:
                unroll(loop, count)
