"""strata.compile raises StrataError for every error the input causes: a pass's own error (here
convert-tf-to-hlo's, for an input of unknown shape) arrives as CompileError, with the original
as its cause and its text; tools print it as they print the original."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.utils.exceptions import PassFailedException

import strata
from strata.diagnostics import CompileError, StrataError, format_error

GRAPH = Path(__file__).resolve().parents[1] / "frontends/graphdef/Inputs/stateless-case.pbtxt"


def test_pass_error_is_a_strata_error(tmp_path: Path) -> None:
    unknown = tmp_path / "unknown.pbtxt"
    # The same graph with x of unknown length: no input_shapes, so the shape check refuses it.
    unknown.write_text(
        GRAPH.read_text().replace(
            "dim {\n          size: 3\n        }", "dim {\n          size: -1\n        }", 1
        )
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
    assert "the list length (dim 0 of tensor<?x4x3xf32>) is not static" in message, message
    assert "give the inputs' shapes with --input-shapes, input_shapes=" in message, message
