"""Fixtures compiled with bounds checks (`check_bounds=True`) on cpu and cuda-sim still match
TensorFlow: no in-range access is flagged. A representative subset by default;
STRATA_TEST_ALL_CHECK_BOUNDS=1 runs every fixture."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_models import (
    ENTRIES,
    FIXTURES,
    assert_matches_tensorflow,
    load_npz,
)

import strata

SUBSET = (
    "mlp",
    "cnn_small",
    "lstm_loop",
    "op_gatherv2_axis0",
    "op_sum",
    "op_sum_all",
    "op_softmax",
)
"""op_sum_all: a 0-d output."""
CHOSEN: list[dict[str, Any]] = (
    ENTRIES
    if os.environ.get("STRATA_TEST_ALL_CHECK_BOUNDS") == "1"
    else [e for e in ENTRIES if e["name"] in SUBSET]
)


@pytest.mark.parametrize("target", ["cpu", "cuda-sim"])
@pytest.mark.parametrize("entry", CHOSEN, ids=[e["name"] for e in CHOSEN])
def test_fixture_with_bounds_checks(entry: dict[str, Any], target: str) -> None:
    fn = strata.compile(
        FIXTURES / entry["file"],
        outputs=entry["outputs"],
        target=target,
        opt_level=1,
        check_bounds=True,
    )
    inputs = load_npz(FIXTURES / entry["inputs_file"])
    expected = load_npz(FIXTURES / entry["outputs_file"])
    actual = fn.run({n: inputs[n] for n in fn.input_names})
    assert_matches_tensorflow(actual, expected, list(entry["outputs"]))
