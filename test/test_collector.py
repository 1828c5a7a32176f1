"""strata.compile pauses Python's garbage collector while it compiles and leaves it as it was,
also when compiles overlap in threads or fail."""

from __future__ import annotations

import gc
import threading
from pathlib import Path

import pytest

import strata
from strata.diagnostics import StrataError

MLP = Path(__file__).resolve().parent / "fixtures" / "mlp.pb"


@pytest.mark.parametrize("enabled", [True, False])
def test_collector_state_is_restored(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        seen: list[bool] = []
        strata.compile(str(MLP), cache=False)
        seen.append(gc.isenabled())
        with pytest.raises(StrataError):
            strata.compile(str(MLP), outputs=["no_such_node"], cache=False)
        seen.append(gc.isenabled())
        assert seen == [enabled, enabled]
    finally:
        (gc.enable if was else gc.disable)()


def test_overlapping_compiles_restore_it_once_all_are_done() -> None:
    assert gc.isenabled()
    errors: list[BaseException] = []

    def work() -> None:
        try:
            strata.compile(str(MLP), cache=False)
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert gc.isenabled()
