"""Values whose rows the data decide, read by rows: the grown_rows_read fixtures (a loop that
appends one row a trip while the last row sums to less than 7, at most 10 trips; then y[1],
y[1:4], y[2:], y[:-2], y[::-1]), on inputs that make the loop run 0 to 10 trips, against numpy;
y[1] of a one-row y fails the call as TensorFlow's does. A list's size read in a loop that grows
it is the count written so far."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import strata
from strata.diagnostics import ExecutionError

FIXTURES = Path(__file__).parent.parent / "fixtures"
INPUTS = Path(__file__).parent.parent / "frontends" / "graphdef" / "Inputs"
OUTPUTS = ["second", "some", "rest", "most", "backwards"]


def grown(x: np.ndarray) -> np.ndarray:
    rows = [x[0].astype(np.float64)]
    while rows[-1].sum() < 7.0 and len(rows) <= 10:
        rows.append(np.tanh(rows[-1]) * 1.5 + 0.3)
    return np.array(rows)


@pytest.mark.parametrize("name", ["grown_rows_read", "grown_rows_read_v1"])
def test_rows_read_from_a_grown_value(name: str) -> None:
    model = strata.compile(FIXTURES / f"{name}.pbtxt", outputs=OUTPUTS, cache=False)
    seen = set()
    for start in (-2.0, -0.5, 0.0, 0.6, 1.0):
        x = np.full((1, 5), start, np.float32)
        y = grown(x)
        seen.add(len(y))
        got = model.run(x=x)
        want = {"second": y[1], "some": y[1:4], "rest": y[2:], "most": y[:-2], "backwards": y[::-1]}
        for key, value in want.items():
            np.testing.assert_allclose(got[key], value, rtol=1e-5, atol=1e-5, err_msg=key)
    assert len(seen) > 2  # several lengths, one of them short enough to leave y[2:] empty
    with pytest.raises(ExecutionError, match="slice index 1 of dimension 0 out of bounds"):
        model.run(x=np.full((1, 5), 2.0, np.float32))  # no trip: y is x alone


def test_size_read_in_a_loop_that_grows_the_list() -> None:
    # x * ta.size() written at i over 5 trips: row i is x * i (the size before the write), not
    # x * 5 (the length the list reaches), which a kept loop holding it at 5 rows would read.
    model = strata.compile(INPUTS / "list-size-read.pbtxt", cache=False)
    x = np.array([1.0, 2.0, 0.5], np.float32)
    np.testing.assert_array_equal(model(x=x), np.arange(5, dtype=np.float32)[:, None] * x)
