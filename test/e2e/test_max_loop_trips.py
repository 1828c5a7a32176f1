"""A loop that grows a list nothing bounds at import time (no trip count, no maximum_iterations).
Under a user-given bound (`max_loop_trips=`, `--max-loop-trips`) it runs at most that many trips
with its list held at that length, equals TensorFlow / numpy where the loop ends within the
bound, and fails the call, naming the loop, where it would not (its condition still holds after
the bound's trips). Without one, strata.compile chooses the bound (FIRST_LOOP_TRIPS) and a call
that runs past it compiles again for a larger one; a module (strata.api.lower,
strata-translate) needs a bound and is refused, naming the option. Functional While (v2) and a
v1 frame."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

import strata
import strata.api
from strata.diagnostics import ExecutionError, LoopTripsExceeded, StrataError

INPUTS = Path(__file__).parent.parent / "frontends" / "graphdef" / "Inputs"
FIXTURES = Path(__file__).parent.parent / "fixtures"
V2 = INPUTS / "list-grows-unbounded.pbtxt"
"""while sum|y| < 40: y = y * 1.5 + 0.5; write y.sum(0) at i (y = x [3, 5]; no maximum_iterations)"""
V1 = INPUTS / "list-grows-unbounded-v1.pbtxt"
"""grow_until_v1 (a v1 frame) with its cond's `t < maximum_iterations` taken out."""
STEPS = FIXTURES / "steps_of_input.pbtxt"
"""`for i in tf.range(n)`, n an input: y = tanh(1.1 y + 0.01 i) written at i; rows, total."""


def v2_reference(x: np.ndarray) -> np.ndarray:
    y, rows = x.copy(), []
    while np.abs(y).sum() < 40:
        y = y * np.float32(1.5) + np.float32(0.5)
        rows.append(y.sum(0))
    return np.array(rows, np.float32).reshape(-1, 5)


def steps_reference(x: np.ndarray, n: int) -> np.ndarray:
    y, rows = x.astype(np.float64), []
    for i in range(n):
        y = np.tanh(y * 1.1 + 0.01 * i)
        rows.append(y)
    return np.array(rows).reshape(-1, 4)


def test_a_module_needs_a_bound_naming_the_option() -> None:
    with pytest.raises(StrataError, match="--max-loop-trips N / max_loop_trips=N"):
        strata.api.lower(V2)


@pytest.mark.parametrize("target", ["cpu", "cuda-sim"])
def test_compile_chooses_the_bound_and_grows_it(target: str) -> None:
    model = strata.compile(STEPS, outputs=["rows", "total"], cache=False, target=target)
    first = strata.api.FIRST_LOOP_TRIPS
    assert list(model.signature.trip_bounds.values()) == [first]
    x = np.linspace(-1, 1, 4, dtype=np.float32)
    # Within the bound, at it (the loop stops on its own condition), past it, far past it.
    for n, bound in ((5, first), (first, first), (first + 1, 4 * first), (1000, 16 * first)):
        rows, total = model(x=x, n=np.int32(n))
        want = steps_reference(x, n)
        np.testing.assert_allclose(rows, want, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(total, want.sum(0), rtol=1e-4, atol=1e-4)
        assert list(model.signature.trip_bounds.values()) == [bound]
    rows, _ = model(x=x, n=np.int32(0))  # the grown model also runs short loops
    assert rows.shape == (0, 4)


def test_a_grown_compile_equals_tensorflow() -> None:
    inputs = np.load(FIXTURES / "steps_of_input.inputs.npz")
    want = np.load(FIXTURES / "steps_of_input.outputs.npz")  # n = 300
    model = strata.compile(STEPS, outputs=["rows", "total"], cache=False)
    rows, total = model(**{k: inputs[k] for k in inputs.files})
    np.testing.assert_allclose(rows, want["rows"], rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(total, want["total"], rtol=1e-4, atol=1e-4)


def test_growth_stops_at_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strata.api, "MAX_GROWN_LOOP_TRIPS", 4 * strata.api.FIRST_LOOP_TRIPS)
    model = strata.compile(STEPS, outputs=["rows", "total"], cache=False)
    x = np.zeros(4, np.float32)
    assert model(x=x, n=np.int32(200))[0].shape == (200, 4)
    with pytest.raises(ExecutionError, match="grows the bound it chose up to 256 trips") as err:
        model(x=x, n=np.int32(300))
    assert "node 'while' (tf.StatelessWhile): the loop ran the 256 trips" in str(err.value)
    assert not isinstance(err.value, LoopTripsExceeded)


def test_threads_past_the_bound_grow_it_once() -> None:
    model = strata.compile(STEPS, outputs=["rows", "total"], cache=False)
    grown: list[int] = []
    grow = model.grow
    assert grow is not None
    model.grow = lambda trips: grown.append(trips) or grow(trips)
    x = np.full(4, 0.5, np.float32)
    results: dict[int, np.ndarray] = {}

    def call(n: int) -> None:
        results[n] = model(x=x, n=np.int32(n))[0]

    threads = [threading.Thread(target=call, args=(n,)) for n in (100, 120, 140, 160)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert grown == [4 * strata.api.FIRST_LOOP_TRIPS]
    for n, rows in results.items():
        np.testing.assert_allclose(rows, steps_reference(x, n), rtol=1e-5, atol=1e-6)


def test_grown_compiles_come_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STRATA_CACHE_DIR", str(tmp_path))
    x = np.zeros(4, np.float32)
    first = strata.compile(STEPS, outputs=["rows", "total"])
    assert first(x=x, n=np.int32(100))[0].shape == (100, 4)
    assert first.module is not None  # compiled
    again = strata.compile(STEPS, outputs=["rows", "total"])
    assert again.module is None  # the first bound's code, loaded
    assert again(x=x, n=np.int32(100))[0].shape == (100, 4)
    assert again.module is None  # the grown bound's code, loaded too


@pytest.mark.parametrize("target", ["cpu", "cuda-sim"])
def test_runs_within_the_bound_and_fails_past_it(target: str) -> None:
    model = strata.compile(V2, cache=False, max_loop_trips=4, target=target)
    for scale in (2.0, 0.5, 0.05, 0.001):  # 0, 3, 4 and 4 trips
        x = np.full((3, 5), scale, np.float32)
        want = v2_reference(x)
        assert len(want) <= 4
        np.testing.assert_allclose(np.asarray(model(x=x)), want, rtol=1e-6)
    forever = np.full((3, 5), -1.0, np.float32)  # y = -1 is the step's fixed point: sum|y| = 15
    with pytest.raises(
        LoopTripsExceeded, match=r"node 'while' \(tf.StatelessWhile\): the loop ran"
    ):
        model(x=forever)  # the user's bound is not grown


def test_v1_frame_under_a_bound_equals_tensorflow() -> None:
    inputs = np.load(FIXTURES / "grow_until_v1.inputs.npz")
    want = np.load(FIXTURES / "grow_until_v1.outputs.npz")  # 7 trips
    feed = {k: inputs[k] for k in inputs.files}
    chosen = strata.compile(V1, outputs=["ys", "steps"], cache=False)
    ys, steps = chosen(**feed)
    np.testing.assert_allclose(np.asarray(ys), want["ys"], rtol=1e-4, atol=1e-5)
    assert int(steps) == int(want["steps"])
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
    assert "the loop ran the 3 trips its lists are held for" in past.stderr
    assert "Traceback" not in past.stderr
    within = subprocess.run(
        [*run, "--max-loop-trips", "8", "--no-cache"], capture_output=True, text=True
    )
    assert within.returncode == 0, within.stderr
    chosen = subprocess.run([*run, "--no-cache"], capture_output=True, text=True)
    assert chosen.returncode == 0, chosen.stderr
    zero = subprocess.run([*run, "--max-loop-trips", "0"], capture_output=True, text=True)
    assert zero.returncode == 1
    assert "max_loop_trips must be at least 1, found 0" in zero.stderr
