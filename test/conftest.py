"""Suite-wide settings: the compile cache goes to a fresh directory per test process (xdist
worker), removed at exit, never the user's own, unless STRATA_CACHE_DIR is already set.
Subprocesses (strata-run, strata-opt) inherit it."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

if "STRATA_CACHE_DIR" not in os.environ:
    _cache = tempfile.mkdtemp(prefix="strata-test-cache-")
    os.environ["STRATA_CACHE_DIR"] = _cache
    atexit.register(shutil.rmtree, _cache, ignore_errors=True)
