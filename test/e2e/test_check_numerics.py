"""tf.CheckNumerics: a NaN or an infinity in its operand is a runtime error naming the node and
its message, as TensorFlow raises InvalidArgumentError; finite inputs pass through."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import strata

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "op_checknumerics.pbtxt"


@pytest.fixture(scope="module")
def check_fn():  # type: ignore[no-untyped-def]
    return strata.compile(str(FIXTURE), outputs=["mul"])


@pytest.mark.parametrize(("bad", "what"), [(np.nan, "NaN"), (np.inf, "Inf"), (-np.inf, "Inf")])
def test_nan_or_inf_raises(check_fn, bad: float, what: str) -> None:  # type: ignore[no-untyped-def]
    x = np.ones((2, 3), np.float32)
    x[1, 2] = bad
    with pytest.raises(
        RuntimeError,
        match=rf"node 'CheckNumerics' \(tf.CheckNumerics\): logits : Tensor had {what} values",
    ):
        check_fn.run(x=x)
    # Finite values pass through (the graph doubles them after the check).
    x[1, 2] = 3.0
    np.testing.assert_array_equal(check_fn.run(x=x)["mul"], 2 * x)
