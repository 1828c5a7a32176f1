"""convert-to-llvm: math, arith, memref, func and cf to the `llvm` dialect in one walk.

The same patterns as convert-math-to-llvm, convert-arith-to-llvm, convert-memref-to-llvm,
convert-func-to-llvm and convert-cf-to-llvm (each still a pass of its own, for opt users and
tests), applied in one walk of the module instead of five: every pattern converts one op and
meets its neighbours through unrealized_conversion_cast (reconcile-unrealized-casts removes the
pairs), so their order does not matter. The `llvm` stage runs this one.

Since every op that reads an `index` value is converted in this walk, the values become i64
before it (`retype_index_values`) and need no casts: only memrefs (pointers afterwards) still
meet their old users through one. The ops it builds most come from `builders`.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import RewritePattern

from strata.lowering.conversion import convert_dialects
from strata.lowering.to_llvm import (
    convert_arith_to_llvm,
    convert_cf_to_llvm,
    convert_func_to_llvm,
    convert_math_to_llvm,
    convert_memref_to_llvm,
)
from strata.lowering.to_llvm.type_conversion import (
    check_llvm_element_types,
    retype_index_values,
)


@dataclass(frozen=True)
class ConvertToLlvmPass(ModulePass):
    """Lowers math, arith, memref, func and cf ops to the `llvm` dialect in one walk.

    Expects: the `loops` stage after expand-math and convert-scf-to-cf. Leaves no op of those
    dialects (or fails naming them, by dialect, as the single conversions do). `index` values
    are i64 from the start (not under `partial`, which may leave ops that read them).
    """

    name = "convert-to-llvm"

    partial: bool = False
    """Partial conversion: leave the ops it cannot lower instead of failing (the coverage
    report finds them)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        check_llvm_element_types(op, "math", "arith")
        if not self.partial:
            retype_index_values(op)
        patterns: list[RewritePattern] = [
            *(p() for p in convert_math_to_llvm.PATTERNS),
            *(p() for p in convert_arith_to_llvm.PATTERNS),
            *(p() for p in convert_memref_to_llvm.PATTERNS),
            *convert_func_to_llvm.patterns(op),
            *convert_cf_to_llvm.PATTERNS,
        ]
        convert_dialects(
            op,
            self.name,
            patterns,
            {
                "math": convert_math_to_llvm.LEFT,
                "arith": convert_arith_to_llvm.LEFT,
                "memref": convert_memref_to_llvm.LEFT,
                "func": convert_func_to_llvm.LEFT,
                "cf": convert_cf_to_llvm.LEFT,
            },
            partial=self.partial,
        )
