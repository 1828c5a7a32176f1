"""A loop that grows a list nothing bounds at import time (no trip count, no maximum_iterations)
is refused, naming the option; under a user-given bound (`max_loop_trips=`, `--max-loop-trips`)
it runs at most that many trips with its list held at that length, equals TensorFlow / numpy
where the loop ends within the bound, and fails the call, naming the loop, where it would not
(its condition still holds after the bound's trips). Functional While (v2) and a v1 frame."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import strata
from strata.diagnostics import ExecutionError, StrataError

INPUTS = Path(__file__).parent.parent / "frontends" / "graphdef" / "Inputs"
FIXTURES = Path(__file__).parent.parent / "fixtures"
V2 = INPUTS / "list-grows-unbounded.pbtxt"
"""while sum|y| < 40: y = y * 1.5 + 0.5; write y.sum(0) at i (y = x [3, 5]; no maximum_iterations)"""
V1 = INPUTS / "list-grows-unbounded-v1.pbtxt"
"""grow_until_v1 (a v1 frame) with its cond's `t < maximum_iterations` taken out."""


def v2_reference(x: np.ndarray) -> np.ndarray:
    y, rows = x.copy(), []
    while np.abs(y).sum() < 40:
        y = y * np.float32(1.5) + np.float32(0.5)
        rows.append(y.sum(0))
    return np.array(rows, np.float32).reshape(-1, 5)


def test_unbounded_growth_is_refused_naming_the_option() -> None:
    with pytest.raises(StrataError, match="--max-loop-trips N / max_loop_trips=N"):
        strata.compile(V2, cache=False)


@pytest.mark.parametrize("target", ["cpu", "cuda-sim"])
def test_runs_within_the_bound_and_fails_past_it(target: str) -> None:
    model = strata.compile(V2, cache=False, max_loop_trips=4, target=target)
    for scale in (2.0, 0.5, 0.05, 0.001):  # 0, 3, 4 and 4 trips
        x = np.full((3, 5), scale, np.float32)
        want = v2_reference(x)
        assert len(want) <= 4
        np.testing.assert_allclose(np.asarray(model(x=x)), want, rtol=1e-6)
    forever = np.full((3, 5), -1.0, np.float32)  # y = -1 is the step's fixed point: sum|y| = 15
    with pytest.raises(ExecutionError, match=r"node 'while' \(tf.StatelessWhile\): the loop ran"):
        model(x=forever)


def test_v1_frame_under_a_bound_equals_tensorflow() -> None:
    inputs = np.load(FIXTURES / "grow_until_v1.inputs.npz")
    want = np.load(FIXTURES / "grow_until_v1.outputs.npz")  # 7 trips
    feed = {k: inputs[k] for k in inputs.files}
    with pytest.raises(StrataError, match="max_loop_trips"):
        strata.compile(V1, outputs=["ys", "steps"], cache=False)
    model = strata.compile(V1, outputs=["ys", "steps"], cache=False, max_loop_trips=7)
    ys, steps = model(**feed)
    np.testing.assert_allclose(np.asarray(ys), want["ys"], rtol=1e-4, atol=1e-5)
    assert int(steps) == int(want["steps"])
    short = strata.compile(V1, outputs=["ys", "steps"], cache=False, max_loop_trips=6)
    with pytest.raises(ExecutionError, match="loop 'grow': the loop ran the 6 trips"):
        short(**feed)


def test_the_bound_is_part_of_the_cache_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STRATA_CACHE_DIR", str(tmp_path))
    x = np.full((3, 5), 0.05, np.float32)  # 4 trips
    assert len(strata.compile(V2, max_loop_trips=10)(x=x)) == 4
    with pytest.raises(ExecutionError):
        strata.compile(V2, max_loop_trips=3)(x=x)


def test_cli_exits_1_with_the_message(tmp_path: Path) -> None:
    feed = tmp_path / "x.npz"
    np.savez(feed, x=np.full((3, 5), 0.05, np.float32))
    run = [sys.executable, "-m", "strata.tools.strata_run", str(V2), "--inputs", str(feed)]
    past = subprocess.run(
        [*run, "--max-loop-trips", "3", "--no-cache"], capture_output=True, text=True
    )
    assert past.returncode == 1
    assert "the loop ran the 3 trips that --max-loop-trips" in past.stderr
    assert "Traceback" not in past.stderr
    within = subprocess.run(
        [*run, "--max-loop-trips", "8", "--no-cache"], capture_output=True, text=True
    )
    assert within.returncode == 0, within.stderr
    zero = subprocess.run([*run, "--max-loop-trips", "0"], capture_output=True, text=True)
    assert zero.returncode == 1
    assert "max_loop_trips must be at least 1, found 0" in zero.stderr
