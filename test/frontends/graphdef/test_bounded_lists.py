"""A list a loop grows to a length the data decide is held at its bound (maximum_iterations):
one whose bound would take too much memory is refused, naming the loop and the size."""

from __future__ import annotations

from pathlib import Path

import pytest

from strata.diagnostics import StrataError
from strata.frontends.graphdef import control_flow
from strata.frontends.graphdef.options import ImportOptions
from strata.loading import load_module

INPUT = Path(__file__).parent / "Inputs" / "list-grows-data-dependent.pbtxt"


def test_bounded_list_imports_at_its_bound() -> None:
    _ctx, module = load_module(str(INPUT), options=ImportOptions())
    assert "tensor<10x5xf32>" in str(module)


def test_bounded_list_too_big_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(control_flow, "MAX_BOUNDED_BYTES", 100)  # 10 rows of 5 floats: 200
    with pytest.raises(StrataError) as caught:
        load_module(str(INPUT), options=ImportOptions())
    message = str(caught.value)
    assert "at most 10 elements of [5]: held at that bound it would take 0 MiB" in message
    assert "lower maximum_iterations" in message
