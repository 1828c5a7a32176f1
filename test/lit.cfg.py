"""lit configuration for Strata's FileCheck suite: `lit -sv test` with the venv's tools on PATH."""

import atexit
import importlib.util
import os
import shutil
import sys
import tempfile

import lit.formats

config.name = "strata"  # noqa: F821
config.test_format = lit.formats.ShTest(execute_external=False)  # noqa: F821
config.suffixes = [".mlir", ".pbtxt", ".test"]  # noqa: F821
config.excludes = ["fixtures", "Inputs", "lit.cfg.py"]  # noqa: F821
config.test_source_root = os.path.dirname(__file__)  # noqa: F821

bin_dir = os.path.dirname(sys.executable)
config.environment["PATH"] = bin_dir + os.pathsep + os.environ.get("PATH", "")  # noqa: F821
# strata-run verifies after every stage here: a pass that breaks the IR is named there.
config.environment["STRATA_VERIFY_EACH"] = "1"  # noqa: F821
# The compile cache: the caller's if set, else a fresh directory per lit run, removed at exit.
if "STRATA_CACHE_DIR" in os.environ:
    config.environment["STRATA_CACHE_DIR"] = os.environ["STRATA_CACHE_DIR"]  # noqa: F821
else:
    _cache = tempfile.mkdtemp(prefix="strata-lit-cache-")
    atexit.register(shutil.rmtree, _cache, ignore_errors=True)
    config.environment["STRATA_CACHE_DIR"] = _cache  # noqa: F821
# numpy's OpenBLAS starts a thread per core at import, ~0.12 s of CPU a process that the tools
# (500 processes a run, two at a time) never use: one thread, unless the caller says otherwise.
config.environment["OPENBLAS_NUM_THREADS"] = os.environ.get("OPENBLAS_NUM_THREADS", "1")  # noqa: F821
# A second checkout (git worktree) can be tested with one shared venv: PYTHONPATH=<checkout>.
if "PYTHONPATH" in os.environ:
    config.environment["PYTHONPATH"] = os.environ["PYTHONPATH"]  # noqa: F821

# Named captures must not leak between CHECK-LABEL blocks.
config.substitutions.append((r"\bfilecheck\b", "filecheck --enable-var-scope"))  # noqa: F821
config.substitutions.append(("%python", sys.executable))  # noqa: F821
config.substitutions.append(("%fixtures", os.path.join(config.test_source_root, "fixtures")))  # noqa: F821


def _has_ptxas() -> bool:
    if shutil.which("ptxas"):
        return True
    try:
        from strata.targets import nvptx  # type: ignore[attr-defined]

        return nvptx.find_ptxas() is not None
    except Exception:
        return False


if _has_ptxas():
    config.available_features.add("ptxas")  # noqa: F821
if importlib.util.find_spec("tensorflow") is not None:
    config.available_features.add("tensorflow")  # noqa: F821
if os.environ.get("STRATA_HAS_CUDA") == "1":
    config.available_features.add("cuda")  # noqa: F821
