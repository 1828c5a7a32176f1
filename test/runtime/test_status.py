"""rt.check: a failed runtime check returns a non-zero status; the runtime raises naming the node."""

from pathlib import Path

import numpy as np
import pytest

import strata

STATUS = Path(__file__).parent / "Inputs" / "status.mlir"


def test_check_passes_and_fails() -> None:
    fn = strata.compile(STATUS)
    np.testing.assert_array_equal(fn(x=np.array([1, 2, 3, 4], np.int32)), [1, 2, 3, 4])
    with pytest.raises(RuntimeError, match=r"status 1: node 'g': index out of range \[0, 10\)"):
        fn(x=np.array([1, -2, 3, 4], np.int32))
    assert fn.signature.status_codes == {1: "node 'g': index out of range [0, 10)"}
