"""Strata: a TensorFlow-to-native compiler toolkit in the style of MLIR, built on xDSL."""

from strata.api import CompiledModel, compile, lower

__all__ = ["CompiledModel", "compile", "lower"]
__version__ = "0.1.0"
