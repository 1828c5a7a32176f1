"""LLVM dialect ops that MLIR has and xDSL 0.74 lacks, and the `llvm` dialect extended with them.

Names and syntax are MLIR's, so the text we print parses in `mlir-opt` too. `LLVM` below is xDSL's
`llvm` dialect plus these ops; the registry maps the name "llvm" to it (a second dialect named
"llvm" cannot be registered next to xDSL's). xDSL's own dialect object is left untouched.
"""

from __future__ import annotations

from xdsl.dialects import llvm
from xdsl.ir import Dialect
from xdsl.irdl import irdl_op_definition


@irdl_op_definition
class FPToSIOp(llvm.GenericCastOp):
    """Float to signed integer, rounding toward zero: `%i = llvm.fptosi %f : f32 to i32`."""

    name = "llvm.fptosi"


@irdl_op_definition
class FPToUIOp(llvm.GenericCastOp):
    """Float to unsigned integer, rounding toward zero: `%i = llvm.fptoui %f : f32 to i32`."""

    name = "llvm.fptoui"


@irdl_op_definition
class UIToFPOp(llvm.GenericCastOp):
    """Unsigned integer to float: `%f = llvm.uitofp %i : i32 to f32`."""

    name = "llvm.uitofp"


EXTRA_OPS = (FPToSIOp, FPToUIOp, UIToFPOp)
"""Ops this module adds; `strata.targets.llvm_ir` exports each of them."""

LLVM = Dialect(
    "llvm",
    [*llvm.LLVM.operations, *EXTRA_OPS],
    [*llvm.LLVM.attributes],
)
