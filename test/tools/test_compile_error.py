"""strata.compile raises StrataError for every error the input causes: a pass's own error (here
convert-tf-to-hlo's, for an input of unknown shape) arrives as CompileError, with the original
as its cause and its text; tools print it as they print the original."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from xdsl.utils.exceptions import PassFailedException

import strata
from strata.diagnostics import CompileError, StrataError, format_error


def test_pass_error_is_a_strata_error(tmp_path: Path) -> None:
    unknown = tmp_path / "unknown.pbtxt"
    # x of unknown length, no loop (the importer would name it), no input_shapes: the shape check
    # of convert-tf-to-hlo refuses it.
    unknown.write_text(
        'node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } }\n'
        '  attr { key: "shape" value { shape { dim { size: -1 } } } } }\n'
        'node { name: "y" op: "Neg" input: "x" attr { key: "T" value { type: DT_FLOAT } } }\n'
    )
    with pytest.raises(StrataError) as info:
        strata.compile(unknown, outputs=["y"], cache=False)
    err = info.value
    assert isinstance(err, CompileError)
    assert isinstance(err.__cause__, PassFailedException)
    assert "inputs with unknown dimensions" in str(err)
    assert "node 'x': tensor<?xf32>" in str(err)
    assert format_error(err) == format_error(err.__cause__)


def test_unknown_time_steps_say_how_to_give_shapes() -> None:
    """A loop over an input's unknown dim (an RNN frozen with a None time axis) fails at import,
    before the shape check: the error says how to give the shapes too."""
    fixture = Path(__file__).resolve().parents[1] / "fixtures/tf1_dynamic_rnn_lstm.pb"
    with pytest.raises(StrataError) as info:
        strata.compile(fixture, outputs=["y"], input_shapes=[[4, -1, 3]], cache=False)
    message = str(info.value)
    assert "inputs with unknown dimensions (give their shapes with --input-shapes" in message
    assert "node 'x': tensor<4x?x3xf32>" in message, message


def test_unknown_batch_of_a_kept_loop_says_how_to_give_shapes() -> None:
    """A Keras LSTM frozen with a None batch (the usual export), compiled without shapes: the
    inputs are named at import (it was an internal error: the loop's list of unknown size)."""
    from strata.frontends.graphdef.schema import GraphDef

    fixture = Path(__file__).resolve().parents[1] / "fixtures/lstm_while_v2.pb"
    graph = GraphDef()
    graph.ParseFromString(fixture.read_bytes())
    placeholder = next(node for node in graph.node if node.op == "Placeholder")
    placeholder.attr["shape"].shape.dim[0].size = -1
    with pytest.raises(StrataError) as info:
        strata.compile(graph, cache=False)
    message = str(info.value)
    assert message.startswith("inputs with unknown dimensions (give their shapes"), message
    assert f"node '{placeholder.name}': tensor<?x" in message, message


def test_a_directory_or_an_unknown_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(StrataError, match="is a directory; Strata reads a frozen GraphDef"):
        strata.compile(str(tmp_path), cache=False)
    other = tmp_path / "model.onnx"
    other.write_bytes(b"\x08\x07")
    with pytest.raises(StrataError, match=r"unknown kind of file '\.onnx': expected a GraphDef"):
        strata.compile(str(other), cache=False)


def test_graphdef_bytes_compile_and_other_bytes_are_named() -> None:
    """`graph_def.SerializeToString()` compiles like the message; bytes that are no GraphDef
    fail naming what was expected."""
    data = (FIXTURES / "mlp.pb").read_bytes()
    x = np.ones((16, 784), np.float32)
    got = np.asarray(strata.compile(data, cache=False)(x))
    want = np.asarray(strata.compile(str(FIXTURES / "mlp.pb"), cache=False)(x))
    np.testing.assert_array_equal(got, want)
    with pytest.raises(StrataError, match=r"<bytes>: not a valid GraphDef \(binary protobuf\)"):
        strata.compile(b"\xff\xff\xff", cache=False)
    with pytest.raises(StrataError, match=r"cannot compile a int: expected a path, IR text"):
        strata.compile(7, cache=False)


FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def test_placeholder_with_default_is_its_default_unless_named_an_input() -> None:
    """TF1's placeholder_with_default: unfed, its default (is_training False decides a cond at
    import, so the dropout branch is never built); named among the inputs, an argument of the
    compiled function (fed True, the dropout at rate 0.5 runs: each element 0 or x / 0.5)."""
    import numpy as np

    graph = FIXTURES / "tf1_placeholder_defaults.pb"
    x = np.load(FIXTURES / "tf1_placeholder_defaults.inputs.npz")["x"]
    plain = strata.compile(graph, outputs=["y"], cache=False)
    assert [s.name for s in plain.signature.inputs] == ["x"]
    np.testing.assert_allclose(plain(x=x), np.tanh(x) * 2.0, rtol=1e-6)
    fed = strata.compile(graph, inputs=["x", "scale"], outputs=["y"], cache=False)
    assert [s.name for s in fed.signature.inputs] == ["x", "scale"]
    np.testing.assert_allclose(fed(x=x, scale=np.float32(3.0)), np.tanh(x) * 3.0, rtol=1e-6)
    training = strata.compile(graph, inputs=["x", "is_training"], outputs=["y"], cache=False)
    np.testing.assert_allclose(training(x=x, is_training=False), np.tanh(x) * 2.0, rtol=1e-6)
    dropped = training(x=x, is_training=True)
    kept = np.isclose(dropped, np.tanh(x / 0.5) * 2.0, rtol=1e-6)
    assert np.all(kept | (dropped == 0.0)), dropped
    assert 0 < kept.sum() < kept.size, dropped  # 12 elements, each kept with probability 1/2


def test_memory_the_machine_lacks_is_a_diagnostic(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A model whose temporaries (or a constant its compile makes) do not fit in memory: an
    ExecutionError naming how much it needed, and a tool's one-line `out of memory` (exit 1), not
    an internal error."""
    from strata.diagnostics import ExecutionError, run_tool
    from strata.runtime import cpu

    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    inputs = dict(np.load(fixtures / "mlp.inputs.npz"))
    fn = strata.compile(fixtures / "mlp.pb", outputs=["Identity"], threads=1)

    def no_memory(nbytes: int, alignment: int = 64) -> np.ndarray:
        raise MemoryError(f"Unable to allocate {nbytes} bytes")

    monkeypatch.setattr(cpu, "aligned_empty", no_memory)
    with pytest.raises(ExecutionError, match=r"cannot allocate the \d+ bytes of temporaries"):
        fn(**inputs)

    def compile_too_large(argv: list[str]) -> int:
        raise MemoryError("Unable to allocate 149. GiB for an array with shape (200000, 200000)")

    assert run_tool(compile_too_large, []) == 1
    assert capsys.readouterr().err == (
        "error: out of memory: Unable to allocate 149. GiB for an array with shape (200000, 200000)\n"
    )
