"""tf.PopulationCount: the set bits of each integer (two's complement), as uint8, for every
integer width and signedness, the extremes included (math.ctpop takes signless integers: an
unsigned operand goes through a cast of the same bits)."""

from __future__ import annotations

import numpy as np
import pytest

import strata

TYPES = {
    "i8": np.int8,
    "i16": np.int16,
    "i32": np.int32,
    "i64": np.int64,
    "ui8": np.uint8,
    "ui16": np.uint16,
    "ui32": np.uint32,
}


@pytest.mark.parametrize("element", sorted(TYPES))
def test_population_count(element: str) -> None:
    dtype = TYPES[element]
    info = np.iinfo(dtype)
    rng = np.random.default_rng(3)
    x = rng.integers(info.min, info.max, 200, dtype=dtype, endpoint=True)
    x[:4] = [info.min, info.max, 0, 1 if info.min == 0 else -1]
    t, u = f"tensor<200x{element}>", "tensor<200xui8>"
    model = strata.compile(
        f"""
func.func @main(%x: {t}) -> {u} {{
  %n = "tf.PopulationCount"(%x) : ({t}) -> {u}
  func.return %n : {u}
}}""",
        cache=False,
    )
    got = np.asarray(model(x))
    assert got.dtype == np.uint8
    bits = x.view(np.dtype(f"u{x.dtype.itemsize}"))  # two's complement: -1 has every bit set
    np.testing.assert_array_equal(got, np.bitwise_count(bits))
