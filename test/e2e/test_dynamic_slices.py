"""Slices at a position known only at run time: `x[i]`, `x[i, 2:5]`, `x[:, i]` (StridedSlice
indexing a dim at a run-time index, a negative one counting from the end) and tf.slice with a
run-time begin and constant sizes equal numpy's; an index or begin out of range fails the call
with an ExecutionError naming the node, as TensorFlow raises, and the same function keeps
answering in-range calls; inside a loop's body too."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

import strata
from strata.diagnostics import ExecutionError

Entry = int | str
"""An entry of a begin/end vector: a constant, or the name of a run-time scalar (`%i`)."""


def tensor(shape: Sequence[int], element: str) -> str:
    return f"tensor<{''.join(f'{n}x' for n in shape)}{element}>"


def vector(name: str, entries: Sequence[Entry], index: str) -> list[str]:
    """%name as a tf.Const, or as the tf.Pack of scalars TensorFlow builds for `x[i]`."""
    t = tensor([len(entries)], index)
    if all(isinstance(e, int) for e in entries):
        return [f'%{name} = "tf.Const"() <{{value = dense<{list(entries)}> : {t}}}> : () -> {t}']
    lines, parts = [], []
    scalar = tensor([], index)
    for k, e in enumerate(entries):
        if isinstance(e, str):
            parts.append(e)
            continue
        lines.append(
            f'%{name}{k} = "tf.Const"() <{{value = dense<{e}> : {scalar}}}> : () -> {scalar}'
        )
        parts.append(f"%{name}{k}")
    operands = ", ".join([scalar] * len(parts))
    lines.append(
        f'%{name} = "tf.Pack"({", ".join(parts)}) <{{axis = 0 : i64}}> : ({operands}) -> {t}'
    )
    return lines


def function(
    shape: Sequence[int], indices: Sequence[str], body: list[str], out: Sequence[int], index: str
) -> str:
    """`main(x, *indices)` returning %y; %i1 = %i + 1 (what TensorFlow puts in end for x[i])."""
    args = ", ".join(
        [f"%x: {tensor(shape, 'f32')}"] + [f"%{n}: {tensor([], index)}" for n in indices]
    )
    scalar = tensor([], index)
    prelude = [
        f'%one = "tf.Const"() <{{value = dense<1> : {scalar}}}> : () -> {scalar}',
        f'%i1 = "tf.AddV2"(%i, %one) : ({scalar}, {scalar}) -> {scalar}',
    ]
    lines = "\n  ".join(prelude + body)
    y = tensor(out, "f32")
    return f"""
func.func @main({args}) -> {y}
    attributes {{tf.entry_function = {{inputs = "{",".join(["x", *indices])}", outputs = "y"}}}} {{
  {lines}
  func.return %y : {y}
}}"""


MASKS = ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask")


def strided_slice(
    shape: Sequence[int],
    begin: Sequence[Entry],
    end: Sequence[Entry],
    strides: Sequence[int],
    out: Sequence[int],
    index: str = "i32",
    indices: Sequence[str] = ("i",),
    **masks: int,
) -> str:
    props = ", ".join(f"{name} = {masks.get(name, 0)} : i64" for name in MASKS)
    t = tensor([len(begin)], index)
    body = [
        *vector("b", begin, index),
        *vector("e", end, index),
        *vector("s", strides, index),
        f'%y = "tf.StridedSlice"(%x, %b, %e, %s) <{{{props}}}> : ({tensor(shape, "f32")}, {t}, '
        f'{t}, {t}) -> {tensor(out, "f32")} loc("strided_slice")',
    ]
    return function(shape, indices, body, out, index)


def tf_slice(
    shape: Sequence[int], begin: Sequence[Entry], size: Sequence[int], out: Sequence[int]
) -> str:
    t = tensor([len(begin)], "i32")
    body = [
        *vector("b", begin, "i32"),
        *vector("n", size, "i32"),
        f'%y = "tf.Slice"(%x, %b, %n) : ({tensor(shape, "f32")}, {t}, {t}) -> '
        f'{tensor(out, "f32")} loc("Slice")',
    ]
    return function(shape, ["i", "j"], body, out, "i32")


@dataclass(frozen=True)
class Case:
    source: str
    shape: Sequence[int]
    expected: Callable[..., np.ndarray]
    """numpy's value at the run-time scalars given by name"""
    positions: Sequence[dict[str, int]]
    index: type[np.integer] = np.int32

    def compile(self) -> tuple[strata.CompiledModel, np.ndarray]:
        x = np.arange(np.prod(self.shape), dtype=np.float32).reshape(self.shape)
        return strata.compile(self.source, cache=False), x

    def call(self, fn: strata.CompiledModel, x: np.ndarray, at: dict[str, int]) -> np.ndarray:
        scalars = {name: np.asarray(v, self.index) for name, v in at.items()}
        return np.asarray(fn(x=x, **scalars))


def every(name: str, n: int) -> list[dict[str, int]]:
    return [{name: i} for i in range(-n, n)]


CASES: dict[str, Case] = {
    # x[i] of rank 1 and 2, at every index from -n (x[-n]) to n - 1
    "index_rank1": Case(
        strided_slice([7], ["%i"], ["%i1"], [1], [], shrink_axis_mask=1),
        [7],
        lambda x, i: x[i],
        every("i", 7),
    ),
    "index_rank2": Case(
        strided_slice([5, 4], ["%i"], ["%i1"], [1], [4], shrink_axis_mask=1),
        [5, 4],
        lambda x, i: x[i],
        every("i", 5),
    ),
    "index_and_range": Case(
        strided_slice([7, 6], ["%i", 2], ["%i1", 5], [1, 1], [3], shrink_axis_mask=1),
        [7, 6],
        lambda x, i: x[i, 2:5],
        every("i", 7),
    ),
    "column": Case(
        strided_slice(
            [4, 6], [0, "%i"], [0, "%i1"], [1, 1], [4], begin_mask=1, end_mask=1, shrink_axis_mask=2
        ),
        [4, 6],
        lambda x, i: x[:, i],
        every("i", 6),
    ),
    "ellipsis_reversed_i64": Case(
        strided_slice(
            [2, 5, 3],
            [0, "%i", 0],
            [0, "%i1", 0],
            [1, 1, -1],
            [2, 3],
            index="i64",
            ellipsis_mask=1,
            begin_mask=4,
            end_mask=4,
            shrink_axis_mask=2,
        ),
        [2, 5, 3],
        lambda x, i: x[..., i, ::-1],
        every("i", 5),
        np.int64,
    ),
    "two_indices_new_axis": Case(
        strided_slice(
            [4, 3, 2],
            ["%i", 0, "%j"],
            ["%i1", 0, 0],
            [1, 1, 1],
            [1, 2],
            indices=("i", "j"),
            new_axis_mask=2,
            shrink_axis_mask=5,
        ),
        [4, 3, 2],
        lambda x, i, j: x[i, None, j],
        [{"i": 3, "j": 0}, {"i": -4, "j": 2}, {"i": 0, "j": -3}],
    ),
    "slice_two_axes": Case(  # tf.slice(x, [i, j], [3, 2])
        tf_slice([6, 5], ["%i", "%j"], [3, 2], [3, 2]),
        [6, 5],
        lambda x, i, j: x[i : i + 3, j : j + 2],
        [{"i": i, "j": j} for i in range(4) for j in range(4)],
    ),
    "slice_to_the_end": Case(  # tf.slice(x, [i, 1], [2, -1]): -1 where the begin is constant
        tf_slice([6, 5], ["%i", 1], [2, -1], [2, 4]),
        [6, 5],
        lambda x, i, j: x[i : i + 2, 1:],
        [{"i": i, "j": 0} for i in range(5)],
    ),
}
"""x[i], x[i, 2:5], x[:, i], x[..., i, ::-1], x[i, None, j] and tf.slice at run-time positions."""


@pytest.mark.parametrize("name", sorted(CASES))
def test_run_time_position_equals_numpy(name: str) -> None:
    case = CASES[name]
    fn, x = case.compile()
    for at in case.positions:
        np.testing.assert_array_equal(case.call(fn, x, at), case.expected(x, **at), str(at))


OUT_OF_RANGE = [
    ("index_rank2", {"i": 5}, r"node 'strided_slice' \(tf.StridedSlice\): index of dim 0 out of"),
    ("index_rank2", {"i": -6}, r"index of dim 0 out of range \[-5, 5\)"),
    ("column", {"i": 6}, r"node 'strided_slice' \(tf.StridedSlice\): index of dim 1 out of"),
    ("slice_two_axes", {"i": 4, "j": 0}, r"node 'Slice' \(tf.Slice\): begin\[0\] out of"),
    ("slice_two_axes", {"i": 0, "j": -1}, r"begin\[1\] out of range \[0, 4\)"),
]


@pytest.mark.parametrize(("name", "bad", "message"), OUT_OF_RANGE)
def test_out_of_range_fails_naming_the_node(name: str, bad: dict[str, int], message: str) -> None:
    case = CASES[name]
    fn, x = case.compile()
    with pytest.raises(ExecutionError, match=message):
        case.call(fn, x, bad)
    good = {key: 0 for key in bad}
    np.testing.assert_array_equal(case.call(fn, x, good), case.expected(x, **good))


LOOP_GRAPH = Path(__file__).parents[1] / "frontends/graphdef/Inputs/loop-index-out-of-range.pbtxt"
"""A TensorFlow-made loop over t < n summing x[:, t] of x: [3, 4] (TF1 loop frames)."""


def test_index_in_a_loop_out_of_range_fails_as_in_tensorflow() -> None:
    """The loop's x[:, t] once wrapped t modulo 4 (n = 5 summed column 0 twice); TensorFlow fails
    the call, and so does Strata now, naming the node in the loop's body."""
    fn = strata.compile(str(LOOP_GRAPH), outputs=["Identity"])
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    np.testing.assert_array_equal(fn(x=x, n=np.array(4, np.int32)), x.sum(axis=1))
    np.testing.assert_array_equal(fn(x=x, n=np.array(2, np.int32)), x[:, :2].sum(axis=1))
    message = r"node 'while/body/_1/while/strided_slice' \(tf.StridedSlice\): index of dim 1 out"
    with pytest.raises(ExecutionError, match=message):
        fn(x=x, n=np.array(5, np.int32))


def test_list_read_in_a_loop_out_of_range_fails_as_in_tensorflow() -> None:
    """A TensorArray read at the loop's counter once clamped the index (XLA's dynamic_slice);
    TensorFlow fails the call ("Tried to read from index 4 but array size is: 4"), and so does
    Strata now, naming the read."""
    graph = LOOP_GRAPH.with_name("list-read-out-of-range.pbtxt")
    fn = strata.compile(str(graph), outputs=["Identity"])
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    np.testing.assert_array_equal(fn(x=x, n=np.array(4, np.int32)), x.sum(axis=0))
    np.testing.assert_array_equal(fn(x=x, n=np.array(3, np.int32)), x[:3].sum(axis=0))
    with pytest.raises(
        ExecutionError, match=r"TensorListGetItem. \(tf.StridedSlice\): index of dim 0 out of range"
    ):
        fn(x=x, n=np.array(5, np.int32))
