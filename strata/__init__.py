"""Strata: a TensorFlow-to-native compiler toolkit in the style of MLIR, built on xDSL."""

from strata.api import CompiledModel, compile, lower
from strata.coverage import CoverageReport, coverage

__all__ = ["CompiledModel", "CoverageReport", "compile", "coverage", "lower"]
__version__ = "0.1.0"
