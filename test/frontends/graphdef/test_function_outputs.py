"""A FunctionDef reads a node's outputs as `node:arg:index`: the argument's offset among the op's
outputs comes from the tf dialect op (its result names are TensorFlow's), so the second output
of a multi-output op is not read as its first."""

from __future__ import annotations

import pytest

from strata.diagnostics import StrataError
from strata.frontends.graphdef.control_flow import function_graph, output_args
from strata.frontends.graphdef.refs import TensorRef
from strata.frontends.graphdef.schema import FunctionDefLibrary, FunctionDefMessage


def test_output_args_follow_the_dialect() -> None:
    assert output_args("LogMatrixDeterminant") == ("sign", "log_abs_determinant")
    assert output_args("LSTMBlockCell") == ("i", "cs", "f", "o", "ci", "co", "h")
    assert output_args("SparseSoftmaxCrossEntropyWithLogits") == ("loss", "backprop")
    assert output_args("Switch") == ("output_false", "output_true")  # not a dialect op: table
    assert output_args("AddV2") == ()  # one output: offset 0, whatever its name
    assert output_args("NoSuchOp") == ()


def _function(ret: str) -> FunctionDefMessage:
    function = FunctionDefLibrary().function.add()
    function.signature.name = "f"
    function.signature.input_arg.add().name = "x"
    function.signature.output_arg.add().name = "out"
    node = function.node_def.add()
    node.name, node.op = "det", "LogMatrixDeterminant"
    node.input.append("x")
    function.ret["out"] = ret
    return function


def test_second_output_is_read_as_the_second() -> None:
    graph = function_graph(_function("det:log_abs_determinant:0"))
    assert graph.rets == [TensorRef("det", 1)]


def test_unknown_output_name_is_an_error() -> None:
    with pytest.raises(StrataError, match="LogMatrixDeterminant has no output 'logdet'"):
        function_graph(_function("det:logdet:0"))
