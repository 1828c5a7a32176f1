"""Malformed GraphDefs never get a traceback, an internal error or a hang: fixture graphs (loops
of both control-flow versions, TensorLists and TensorArrays, conds, a CNN, a BERT layer) with one
node, attribute, tensor or input changed (or three such changes) are compiled and run by
strata-run. Each case must end in a clean diagnostic (exit 1) or a result (exit 0), within
CASE_SECONDS.

The default run is a sample (`CASES` cases, fixed seeds: every mutation at least twice);
STRATA_TEST_FUZZ_GRAPHDEF_CASES=2000 runs more. Cases a longer run found are kept in `FOUND`,
each with the diagnostic it now gets.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from fuzzing import assert_diagnostic_or_result, run_case

from strata.frontends.graphdef import load_graphdef
from strata.frontends.graphdef.schema import DATA_TYPES, AttrValueMessage, GraphDefMessage
from strata.tools import strata_run

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GRAPHS = (
    ("tf1_dynamic_rnn_lstm.pb", "y,h"),
    ("array_scatter_loop_v1.pbtxt", "acc,picked"),
    ("while_arrays.pbtxt", "sums,rows,steps"),
    ("for_range_array.pbtxt", "y"),
    ("tf1_grow_until.pb", "ys,size"),
    ("cond_data_false.pbtxt", "y"),
    ("switch_case_loop.pbtxt", "y"),
    ("cnn_small.pb", "Identity"),
    ("bert_encoder_layer.pb", "Identity"),
    ("op_conv2d_nchw.pbtxt", "Conv2D"),
)
CASE_SECONDS = 30

_TYPES = {name: value for name, value in DATA_TYPES}
TYPES = [
    _TYPES[n]
    for n in ("DT_FLOAT", "DT_DOUBLE", "DT_INT32", "DT_INT64", "DT_BOOL", "DT_HALF", "DT_UINT8",
              "DT_INT8", "DT_STRING", "DT_COMPLEX64", "DT_BFLOAT16", "DT_UINT32", "DT_INVALID")
]  # fmt: skip


def _attr(
    graph: GraphDefMessage, rng: random.Random, kind: str | None = None
) -> AttrValueMessage | None:
    """A random attribute of some node (one whose value is of `kind`, if given)."""
    found = [
        a
        for node in graph.node
        for a in node.attr.values()
        if kind is None or a.WhichOneof("value") == kind
    ]
    return rng.choice(found) if found else None


def _int(graph: GraphDefMessage, rng: random.Random) -> None:
    if (a := _attr(graph, rng, "i")) is not None:
        a.i = rng.choice([-1, 0, 1, 3, 1_000_000, -(2**31), 2**40])


def _type(graph: GraphDefMessage, rng: random.Random) -> None:
    if (a := _attr(graph, rng, "type")) is not None:
        a.type = rng.choice(TYPES)


def _shape(graph: GraphDefMessage, rng: random.Random) -> None:
    a = _attr(graph, rng, "shape")
    if a is not None and len(a.shape.dim):
        rng.choice(list(a.shape.dim)).size = rng.choice([-1, 0, 1, 7, 100_000])


def _ints(graph: GraphDefMessage, rng: random.Random) -> None:
    a = _attr(graph, rng, "list")
    if a is None or not len(a.list.i):
        return
    values = a.list.i
    r = rng.random()
    if r < 0.3:
        del values[rng.randrange(len(values))]
    elif r < 0.6:
        values.append(rng.choice([0, 1, -1, 5]))
    else:
        values[rng.randrange(len(values))] = rng.choice([0, -1, 2, 1000])


def _string(graph: GraphDefMessage, rng: random.Random) -> None:
    if (a := _attr(graph, rng, "s")) is not None:
        a.s = rng.choice([b"SAME", b"VALID", b"NCHW", b"NHWC", b"FOO", b"", b"ab,bc->ac"])


def _flag_or_float(graph: GraphDefMessage, rng: random.Random) -> None:
    if (a := _attr(graph, rng, "b")) is not None and rng.random() < 0.5:
        a.b = not a.b
    elif (a := _attr(graph, rng, "f")) is not None:
        a.f = rng.choice([0.0, -1.0, float("nan"), float("inf"), 1e30])


def _tensor(graph: GraphDefMessage, rng: random.Random) -> None:
    a = _attr(graph, rng, "tensor")
    if a is None:
        return
    t = a.tensor
    r = rng.random()
    if r < 0.3 and len(t.tensor_shape.dim):
        rng.choice(list(t.tensor_shape.dim)).size = rng.choice([0, 1, 3, -1, 1_000_000])
    elif r < 0.5:
        t.dtype = rng.choice(TYPES)
    elif r < 0.7 and t.tensor_content:
        t.tensor_content = t.tensor_content[: rng.randrange(len(t.tensor_content))]
    elif r < 0.85:
        t.tensor_shape.dim.add().size = rng.choice([1, 2])
    else:
        t.ClearField("tensor_shape")


def _kind(graph: GraphDefMessage, rng: random.Random) -> None:
    """An attribute of another kind than its op wants, or none at all."""
    found = [(node, key) for node in graph.node for key in node.attr]
    if not found:
        return
    node, key = rng.choice(found)
    a, r = node.attr[key], rng.random()
    if r < 0.2:
        del node.attr[key]
    elif r < 0.4:
        a.i = 3
    elif r < 0.6:
        a.s = b"x"
    elif r < 0.8:
        a.list.i.extend([1, 2])
    else:
        a.type = _TYPES["DT_FLOAT"]


def _input(graph: GraphDefMessage, rng: random.Random) -> None:
    nodes = [n for n in graph.node if len(n.input)]
    if not nodes:
        return
    node, r = rng.choice(nodes), rng.random()
    other = rng.choice(list(graph.node)).name
    if r < 0.3:
        del node.input[rng.randrange(len(node.input))]
    elif r < 0.5:
        node.input.append(rng.choice(["nonexistent", "nonexistent:3", "^" + other, other]))
    elif r < 0.8:
        node.input[rng.randrange(len(node.input))] = other + rng.choice(["", ":1", ":0"])
    else:
        node.input[rng.randrange(len(node.input))] = node.name  # its own input


def _node(graph: GraphDefMessage, rng: random.Random) -> None:
    """A node dropped, two nodes' ops swapped, or a name given twice."""
    if len(graph.node) < 2:
        return
    a, b = rng.sample(list(graph.node), 2)
    r = rng.random()
    if r < 0.4:
        graph.node.remove(a)
    elif r < 0.8:
        a.op, b.op = b.op, a.op
    else:
        a.name = b.name


def _several(graph: GraphDefMessage, rng: random.Random) -> None:
    for _ in range(3):
        rng.choice(MUTATIONS[:-1])(graph, rng)


MUTATIONS: tuple[Callable[[GraphDefMessage, random.Random], None], ...] = (
    _int,
    _type,
    _shape,
    _ints,
    _string,
    _flag_or_float,
    _tensor,
    _kind,
    _input,
    _node,
    _several,
)
CASES = int(os.environ.get("STRATA_TEST_FUZZ_GRAPHDEF_CASES", str(2 * len(MUTATIONS))))


@pytest.mark.parametrize("seed", range(CASES))
def test_mutated_graph_gets_a_diagnostic(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    mutation = MUTATIONS[seed % len(MUTATIONS)]
    file, outputs = GRAPHS[(seed // len(MUTATIONS) + seed) % len(GRAPHS)]
    graph = load_graphdef(FIXTURES / file)
    mutation(graph, rng)
    path = tmp_path / f"{Path(file).stem}-{mutation.__name__.strip('_')}-{seed}.pb"
    path.write_bytes(graph.SerializeToString())
    argv = [str(path), "--outputs", outputs, "--no-cache"]
    assert_diagnostic_or_result(strata_run.main, argv, CASE_SECONDS)


FOUND = (
    # (graph, outputs, node, its new inputs, what the diagnostic says): cases the fuzzer found.
    (
        "switch_case_loop.pbtxt",
        "y",
        "Func/loop/body/_1/output/_38",
        ["Identity"],  # a loop body reading the graph's output, which the loop computes
        "graph has a cycle through loop 'loop': building it needs one of its own results",
    ),
    (
        "tf1_dynamic_rnn_lstm.pb",
        "y,h",
        "rnn/while/NextIteration_2",
        [],
        "node 'rnn/while/NextIteration_2' (tf.NextIteration): expected 1 data inputs, found 0",
    ),
)
FOUND_OPS = (
    # (graph, outputs, node, its new op): cases the fuzzer found, that now compile or get a
    # diagnostic.
    (
        "tf1_placeholder_defaults.pb",
        "y",
        "cond/dropout/random_uniform/RandomUniform",
        "PlaceholderWithDefault",  # without the shape attribute TF's op requires (was KeyError)
    ),
    ("cond_data_false.pbtxt", "y", "Const", "StatelessIf"),  # no condition (was IndexError)
)


@pytest.mark.parametrize("case", FOUND, ids=[f"{c[0]}:{c[2]}" for c in FOUND])
def test_found_cases_get_their_diagnostic(
    case: tuple[str, str, str, list[str], str], tmp_path: Path
) -> None:
    file, outputs, name, inputs, expected = case
    graph = load_graphdef(FIXTURES / file)
    (node,) = [n for n in graph.node if n.name == name]
    del node.input[:]
    node.input.extend(inputs)
    path = tmp_path / "graph.pb"
    path.write_bytes(graph.SerializeToString())
    status, message = run_case(
        strata_run.main, [str(path), "--outputs", outputs, "--no-cache"], CASE_SECONDS
    )
    assert status == 1 and message == f"error: {expected}\n"


@pytest.mark.parametrize("case", FOUND_OPS, ids=[f"{c[0]}:{c[2]}" for c in FOUND_OPS])
def test_found_ops_compile_or_get_a_diagnostic(
    case: tuple[str, str, str, str], tmp_path: Path
) -> None:
    file, outputs, name, op = case
    graph = load_graphdef(FIXTURES / file)
    (node,) = [n for n in graph.node if n.name == name]
    node.op = op
    path = tmp_path / "graph.pb"
    path.write_bytes(graph.SerializeToString())
    argv = [str(path), "--outputs", outputs, "--no-cache"]
    assert_diagnostic_or_result(strata_run.main, argv, CASE_SECONDS)
