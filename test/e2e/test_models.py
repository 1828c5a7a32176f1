"""End to end: each fixture in test/fixtures/manifest.json, compiled by Strata for the CPU, matches
TensorFlow's saved outputs, through `strata-run`'s code and `strata.compile`; bad input fails
cleanly (through the installed command).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import DictionaryAttr, StringAttr

import strata
from strata.abi import ENTRY_FUNCTION_ATTR, LENGTH_SUFFIX
from strata.api import FIRST_LOOP_TRIPS
from strata.diagnostics import run_tool
from strata.frontends.graphdef.options import ImportOptions
from strata.internal import expect
from strata.loading import load_module
from strata.tools.strata_run import main as strata_run_main

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
# manifest.json holds the core fixtures; manifest.<family>.json one op family each.
MANIFESTS = [json.loads(p.read_text()) for p in sorted(FIXTURES.glob("manifest*.json"))]
# Per output dtype; a family's manifest may add dtypes (int64, float64) the core one lacks.
TOLERANCES: dict[str, dict[str, float]] = {
    dtype: tolerance for m in MANIFESTS for dtype, tolerance in m["tolerances"].items()
}
ENTRIES: list[dict[str, Any]] = [e for m in MANIFESTS for e in m["models"]]
MODELS = [e for e in ENTRIES if e["kind"] == "model"]
STRATA_RUN = Path(sys.executable).parent / "strata-run"
TIMEOUT_S = 600


def by_name(entries: list[dict[str, Any]]) -> Any:
    return pytest.mark.parametrize("entry", entries, ids=[e["name"] for e in entries])


def entry_named(name: str) -> dict[str, Any]:
    return next(e for e in ENTRIES if e["name"] == name)


def load_npz(path: Path) -> dict[str, np.ndarray]:
    with np.load(path, allow_pickle=False) as data:
        return {key: data[key] for key in data.files}


def strata_run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """The installed `strata-run` command, in a process of its own."""
    return subprocess.run(
        [str(STRATA_RUN), *map(str, args)], capture_output=True, text=True, timeout=TIMEOUT_S
    )


def strata_run_here(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """`strata-run`'s code (argument parsing, errors, exit status, output files) run in this
    process: the per-fixture tests use it, as a new process per fixture (about a second of
    imports each) was a third of the suite's time. `strata_run` keeps testing the command."""
    argv = [str(a) for a in args]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run_tool(strata_run_main, argv)
    return subprocess.CompletedProcess(["strata-run", *argv], code, out.getvalue(), err.getvalue())


def assert_ok(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 0, f"strata-run exited {result.returncode}:\n{result.stderr}"


def assert_one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    """Exit 1, a single diagnostic line on stderr, no traceback; returns that line."""
    assert result.returncode == 1, (
        f"expected exit 1, got {result.returncode}\nstdout:\n{result.stdout}\n"
        f"stderr:\n{result.stderr}"
    )
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {len(lines)}:\n{result.stderr}"
    return lines[0]


def assert_matches_tensorflow(
    actual: dict[str, np.ndarray], expected: dict[str, np.ndarray], names: list[str]
) -> None:
    assert sorted(actual) == sorted(names), f"outputs {sorted(actual)}, expected {sorted(names)}"
    for name in names:
        want = expected[name]
        got = np.asarray(actual[name])
        assert got.dtype == want.dtype, f"{name}: dtype {got.dtype}, expected {want.dtype}"
        assert got.shape == want.shape, f"{name}: shape {got.shape}, expected {want.shape}"
        tolerance = TOLERANCES[str(want.dtype)]
        if tolerance["rtol"] == 0 and tolerance["atol"] == 0:
            np.testing.assert_array_equal(got, want, err_msg=name)
            continue
        np.testing.assert_allclose(got, want, err_msg=name, **tolerance)


@by_name(ENTRIES)
def test_fixture_files_match_manifest(entry: dict[str, Any]) -> None:
    """The committed files agree with the manifest (catches a partial regeneration)."""
    assert (FIXTURES / entry["file"]).is_file()
    inputs = load_npz(FIXTURES / entry["inputs_file"])
    expected = load_npz(FIXTURES / entry["outputs_file"])
    assert sorted(inputs) == sorted(i["name"] for i in entry["inputs"])
    for spec in entry["inputs"]:
        assert list(inputs[spec["name"]].shape) == spec["shape"]
        assert str(inputs[spec["name"]].dtype) == spec["dtype"]
    for spec in entry["output_specs"]:
        assert list(expected[spec["name"]].shape) == spec["shape"]
        assert str(expected[spec["name"]].dtype) in TOLERANCES
    assert set(entry["outputs"]) | set(entry["sinks"]) <= set(expected)


@by_name(ENTRIES)
def test_strata_run_matches_tensorflow(entry: dict[str, Any], tmp_path: Path) -> None:
    out = tmp_path / "out.npz"
    result = strata_run_here(
        FIXTURES / entry["file"],
        "--inputs",
        FIXTURES / entry["inputs_file"],
        "--outputs",
        ",".join(entry["outputs"]),
        "--save",
        out,
    )
    assert_ok(result)
    expected = load_npz(FIXTURES / entry["outputs_file"])
    assert_matches_tensorflow(load_npz(out), expected, entry["outputs"])


@by_name(ENTRIES)
def test_compile_matches_tensorflow(entry: dict[str, Any]) -> None:
    """strata.compile with the arguments strata-run derives from an inputs file (the arrays'
    names and shapes), so the compile of test_strata_run_matches_tensorflow is a cache hit and
    the suite compiles each fixture once here; test_threads and others call it bare."""
    inputs = load_npz(FIXTURES / entry["inputs_file"])
    fn = strata.compile(
        str(FIXTURES / entry["file"]),
        outputs=entry["outputs"],
        inputs=list(inputs),
        input_shapes=[list(v.shape) for v in inputs.values()],
        target="cpu",
    )
    result = fn.run(**inputs)
    assert isinstance(result, dict), f"expected a dict of outputs, got {type(result).__name__}"
    expected = load_npz(FIXTURES / entry["outputs_file"])
    assert_matches_tensorflow(result, expected, entry["outputs"])
    # Calling the model directly: one output gives an array, several a tuple in `outputs` order.
    direct = fn(**inputs)
    values = (direct,) if len(entry["outputs"]) == 1 else direct
    assert_matches_tensorflow(dict(zip(entry["outputs"], values)), expected, entry["outputs"])


@by_name(MODELS)
def test_import_defaults_to_sink_nodes(entry: dict[str, Any]) -> None:
    """Without outputs, the import returns the graph's sinks (tf.function's `Identity` nodes;
    a list grown to a run-time length also returns that length, `#length`), with the trip
    bound strata.compile chooses for a list no other bounds."""
    options = ImportOptions(max_loop_trips=FIRST_LOOP_TRIPS)
    _ctx, module = load_module(str(FIXTURES / entry["file"]), options=options)
    entries = [
        op.attributes[ENTRY_FUNCTION_ATTR]
        for op in module.ops
        if isinstance(op, func.FuncOp) and ENTRY_FUNCTION_ATTR in op.attributes
    ]
    assert len(entries) == 1
    outputs = expect(entries[0], DictionaryAttr).data["outputs"]
    names = expect(outputs, StringAttr).data.split(",")
    assert [n for n in names if not n.endswith(LENGTH_SUFFIX)] == entry["sinks"]


@by_name(MODELS[::6])
def test_strata_run_defaults_to_sink_nodes(entry: dict[str, Any], tmp_path: Path) -> None:
    """Without --outputs, the graph's sinks are saved (end to end for every sixth model;
    test_import_defaults_to_sink_nodes checks the names of all)."""
    out = tmp_path / "out.npz"
    result = strata_run_here(
        FIXTURES / entry["file"], "--inputs", FIXTURES / entry["inputs_file"], "--save", out
    )
    assert_ok(result)
    expected = load_npz(FIXTURES / entry["outputs_file"])
    assert_matches_tensorflow(load_npz(out), expected, entry["sinks"])


def test_wrong_input_shape_is_a_one_line_error(tmp_path: Path) -> None:
    entry = entry_named("mnist_softmax")
    bad = tmp_path / "bad.npz"
    np.savez(bad, x=np.zeros((8, 783), np.float32))
    result = strata_run(
        FIXTURES / entry["file"], "--inputs", bad, "--outputs", ",".join(entry["outputs"])
    )
    line = assert_one_line_error(result)
    assert re.search(r"\bx\b", line), f"error does not name input 'x': {line}"


def test_compile_rejects_wrong_input_shape() -> None:
    entry = entry_named("mnist_softmax")
    fn = strata.compile(str(FIXTURES / entry["file"]), outputs=entry["outputs"], target="cpu")
    with pytest.raises(Exception, match=r"\bx\b"):
        fn(x=np.zeros((8, 783), np.float32))


def test_unknown_output_is_a_one_line_error(tmp_path: Path) -> None:
    entry = entry_named("mnist_softmax")
    result = strata_run(
        FIXTURES / entry["file"],
        "--inputs",
        FIXTURES / entry["inputs_file"],
        "--outputs",
        "no_such_node",
        "--save",
        tmp_path / "out.npz",
    )
    line = assert_one_line_error(result)
    assert "no_such_node" in line, f"error does not name the unknown output: {line}"


def test_truncated_graphdef_is_a_one_line_error(tmp_path: Path) -> None:
    entry = entry_named("mlp")
    data = (FIXTURES / entry["file"]).read_bytes()
    truncated = tmp_path / "truncated.pb"
    # Halfway is inside the first weight tensor: an incomplete length-delimited field.
    truncated.write_bytes(data[: len(data) // 2])
    result = strata_run(
        truncated,
        "--inputs",
        FIXTURES / entry["inputs_file"],
        "--outputs",
        ",".join(entry["outputs"]),
    )
    line = assert_one_line_error(result)
    assert "truncated.pb" in line, f"error does not name the file: {line}"
