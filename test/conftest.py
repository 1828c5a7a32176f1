"""Suite-wide settings: the compile cache goes to a fresh directory per test process (xdist
worker), removed at exit, never the user's own, unless STRATA_CACHE_DIR is already set.
Subprocesses (strata-run, strata-opt) inherit it, and OPENBLAS_NUM_THREADS=1 (unless set): the
thread per core numpy's OpenBLAS starts at import costs each process ~0.12 s of CPU, and the
suite's references are far too small to use them. Fixtures shared by the GPU tests."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from strata.api import lower

# Compiles in the tests verify after every stage: a pass that breaks the IR is named there.
os.environ.setdefault("STRATA_VERIFY_EACH", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
if "STRATA_CACHE_DIR" not in os.environ:
    _cache = tempfile.mkdtemp(prefix="strata-test-cache-")
    os.environ["STRATA_CACHE_DIR"] = _cache
    atexit.register(shutil.rmtree, _cache, ignore_errors=True)


LowerForGpu = Callable[[Path, Any], tuple[Context, ModuleOp]]

FIXTURE_LOOP_TRIPS = 1024
"""The trip bound a test that lowers a fixture to a module (strata.api.lower: no caller grows
it, as strata.compile does) gives a loop that grows a list or a value nothing else bounds:
more than any such fixture runs (steps_of_input: 300 trips)."""


@pytest.fixture
def lower_for_gpu() -> LowerForGpu:
    """Lowers a fixture to the `buffers` stage as the GPU chain imports it (loops and branches
    kept, as for the CPU)."""

    def lower_(path: Path, outputs: Any) -> tuple[Context, ModuleOp]:
        return lower(path, outputs=outputs, stop_after="buffers", max_loop_trips=FIXTURE_LOOP_TRIPS)

    return lower_
