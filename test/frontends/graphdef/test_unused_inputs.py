"""A graph's Placeholders that the chosen outputs do not read may still be fed, as a TensorFlow
session's feeds may: the compiled model ignores them (the signature lists them), and a name no
Placeholder has is still an error. strata-run takes an --inputs file holding them too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import strata
from strata.abi import EntrySignature
from strata.diagnostics import InputError
from strata.frontends.graphdef.schema import GraphDef

DT_FLOAT = 1


def two_heads() -> GraphDef:
    """a -> ya = -a, b -> yb = exp(b): two Placeholders, one per output."""
    graph = GraphDef()
    for name, op, source in (("a", "Placeholder", None), ("b", "Placeholder", None)) + (
        ("ya", "Neg", "a"),
        ("yb", "Exp", "b"),
    ):
        node = graph.node.add(name=name, op=op)
        node.attr["T" if source else "dtype"].type = DT_FLOAT
        if source:
            node.input.append(source)
        else:
            node.attr["shape"].shape.dim.add().size = 2
    return graph


def test_feeding_a_placeholder_the_outputs_do_not_read() -> None:
    model = strata.compile(two_heads(), outputs=["ya"], cache=False)
    assert model.input_names == ["a"]
    x = np.array([1.0, -2.0], np.float32)
    np.testing.assert_array_equal(model(a=x, b=np.ones(2, np.float32)), -x)
    with pytest.raises(InputError, match="unknown input 'c'"):
        model(a=x, c=x)
    assert model.signature.unused_inputs == ("b",)
    assert EntrySignature.from_json(model.signature.to_json()) == model.signature


def test_strata_run_inputs_file_with_every_placeholder(tmp_path: Path) -> None:
    graph = tmp_path / "two_heads.pb"
    graph.write_bytes(two_heads().SerializeToString())
    feeds = tmp_path / "feeds.npz"
    np.savez(feeds, a=np.array([3.0, 4.0], np.float32), b=np.zeros(2, np.float32))
    run = subprocess.run(
        [sys.executable, "-m", "strata.tools.strata_run", str(graph), "--outputs", "ya"]
        + ["--inputs", str(feeds), "--no-cache"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert "-3." in run.stdout and "-4." in run.stdout
