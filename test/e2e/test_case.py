"""tf.switch_case kept as a branch at run time (tf.CaseRegion -> hlo.case -> scf): every branch
index, and the ones out of range, which run the last branch as TensorFlow's Case does."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import strata

GRAPH = Path(__file__).resolve().parents[1] / "frontends/graphdef/Inputs/stateless-case.pbtxt"
"""A traced tf.function: y = switch_case(k, [tanh(x), x * 2, x - 1]) as one StatelessCase."""


@pytest.fixture(scope="module")
def case_model() -> strata.CompiledModel:
    return strata.compile(GRAPH, outputs=["y"], cache=False)


@pytest.mark.parametrize("k", [0, 1, 2, 3, 100, -1, -7])
def test_each_branch_index(case_model: strata.CompiledModel, k: int) -> None:
    x = np.array([-1.5, 0.25, 2.0], np.float32)
    branches = [np.tanh(x), x * 2, x - 1]
    want = branches[k] if 0 <= k < len(branches) else branches[-1]
    got = case_model(x=x, k=np.array(k, np.int32))
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)
