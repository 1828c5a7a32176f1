"""Running a loop's counters at compile time, for the loop ops of every dialect that has one
(`hlo.while` in hlo-unroll-loops, `tf.WhileRegion` in the GraphDef importer).

A counter is a loop value whose initial value is an integer or bool constant the caller's
`Constant` accepts (a scalar; the GraphDef importer also takes a few elements: raw_rnn's
per-row finished flags) and whose next value the body computes from counters and constants
alone. When the condition depends on counters alone, running them (each op evaluated with
numpy, as its dialect defines it) gives the trip count, and the value in every trip of any
body value the counters decide (the index a loop writes a list at). A loop that runs until a
value converges has no trip count here; where its condition is a conjunction one of whose
parts the counters decide (`maximum_iterations`: `counter < limit and converged`), running
them gives a bound on its trip count instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from xdsl.ir import Block, Operation, SSAValue

Known = dict[SSAValue, np.ndarray]
Constant = Callable[[SSAValue], "np.ndarray | None"]
"""The value of a constant the counters may run on (an integer or bool), None otherwise."""
Evaluate = Callable[[Operation, list[np.ndarray]], "np.ndarray | None"]
"""The value of a one-result op on known operands, None where the dialect's op is not run."""
Conjuncts = Callable[[SSAValue], "Sequence[SSAValue]"]
"""The values a condition is the logical and of (itself where it is no conjunction)."""


@dataclass(frozen=True)
class LoopShape:
    """A loop as the counters see it: the regions' blocks, and the values that end them."""

    inits: Sequence[SSAValue]
    cond: Block
    condition: SSAValue
    """What the cond block returns."""
    body: Block
    next_values: Sequence[SSAValue]
    """What the body block returns, one per loop value."""


@dataclass(frozen=True)
class CounterRun:
    trips: int
    watched: dict[SSAValue, list[np.ndarray]]
    """Each watched body value, one per trip."""
    exact: bool = True
    """False: `trips` is only a bound (a part of the condition the counters do not decide was
    taken as true), the loop may stop after any smaller number of trips."""


def evaluate_block(
    block: Block,
    known: Known,
    constant: Constant,
    evaluate: Evaluate,
    ops: Sequence[Operation] | None = None,
) -> tuple[Known, list[Operation]]:
    """`known` and the values of `block`'s ops (not those nested in regions; only `ops` if
    given) computable from it and constants (in the block or around it); and the ops that
    were computed."""
    values = dict(known)
    computed: list[Operation] = []
    for op in block.ops if ops is None else ops:
        if len(op.results) != 1 or op.regions:
            continue
        result = op.results[0]
        value = constant(result)
        if value is None:
            args = [values[v] if v in values else constant(v) for v in op.operands]
            if any(a is None for a in args):
                continue
            value = evaluate(op, [a for a in args if a is not None])
        if value is not None:
            values[result] = value
            computed.append(op)
    return values, computed


def run_counters(
    loop: LoopShape,
    constant: Constant,
    evaluate: Evaluate,
    limit: int,
    watch: Sequence[SSAValue] = (),
    conjuncts: Conjuncts | None = None,
) -> CounterRun | None:
    """The trip count of `loop`, and the `watch`ed body values in each trip, if its counters
    decide it within `limit` trips and decide every watched value; else None. With
    `conjuncts`, a condition the counters decide only part of gives a bound (`exact` False):
    the trips until a part they decide is false."""
    counters = {k: c for k, init in enumerate(loop.inits) if (c := constant(init)) is not None}
    watched: dict[SSAValue, list[np.ndarray]] = {v: [] for v in watch}
    # The same ops compute from the same counters in every trip: the first trip finds them.
    cond_ops: list[Operation] | None = None
    body_ops: list[Operation] | None = None
    exact = True
    for trips in range(limit + 1):
        known: Known = {loop.cond.args[k]: v for k, v in counters.items()}
        values, cond_ops = evaluate_block(loop.cond, known, constant, evaluate, cond_ops)
        flag = _flag(loop.condition, values, conjuncts)
        if flag is None:
            return None
        if flag is _MAYBE:
            exact = False
        elif not flag:
            return CounterRun(trips, watched, exact)
        at_start: Known = {loop.body.args[k]: v for k, v in counters.items()}
        values, body_ops = evaluate_block(loop.body, at_start, constant, evaluate, body_ops)
        for value, seen in watched.items():
            if value not in values:
                return None
            seen.append(values[value])
        counters = {
            k: values[loop.next_values[k]] for k in counters if loop.next_values[k] in values
        }
    return None


_MAYBE = object()
"""A condition the counters decide only part of, none of it false."""


def _flag(condition: SSAValue, values: Known, conjuncts: Conjuncts | None) -> object:
    """True or False where the counters decide `condition`; _MAYBE where they decide only
    some of its `conjuncts`, all true; else None."""
    if condition in values:
        return bool(values[condition])
    if conjuncts is None:
        return None
    parts = conjuncts(condition)
    decided = [bool(values[p]) for p in parts if p in values]
    if not decided:
        return None
    return _MAYBE if all(decided) else False
