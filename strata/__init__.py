"""Strata: a TensorFlow-to-native compiler toolkit in the style of MLIR, built on xDSL.

The package imports no dialect or pass itself: `strata.compile` and friends load their modules on
first use, so `import strata.registry` (every tool start, and xdsl-opt's plugin load) stays
cheap. It does make xDSL parse each op's assembly format on first use (`strata.lazy_formats`),
before any dialect is imported.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from strata import lazy_formats

lazy_formats.install()

if TYPE_CHECKING:
    from strata.api import CompiledModel, compile, lower
    from strata.coverage_report import CoverageReport, coverage

__all__ = ["CompiledModel", "CoverageReport", "compile", "coverage", "lower"]
__version__ = "0.1.0"

_EXPORTS = {
    "CompiledModel": "strata.api",
    "compile": "strata.api",
    "lower": "strata.api",
    "CoverageReport": "strata.coverage_report",
    "coverage": "strata.coverage_report",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'strata' has no attribute '{name}'")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
