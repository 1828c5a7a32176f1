"""The convert-tf-to-hlo pass."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from strata.diagnostics import describe_location
from strata.dialects.tensor_types import is_static
from strata.frontends.graphdef.options import UNKNOWN_INPUT_DIMS
from strata.lowering.conversion import convert_dialect
from strata.lowering.tf_to_hlo import (
    contraction,
    control_flow,
    elementwise,
    gather,
    linalg,
    nn,
    random,
    reduction,
    rnn,
    shape,
    spectral,
    suppression,
)

FAMILIES = (
    shape,
    elementwise,
    nn,
    suppression,
    linalg,
    spectral,
    contraction,
    reduction,
    gather,
    control_flow,
    rnn,
    random,
)
"""The pattern modules, in order; each exports PATTERNS (each pattern declares `handles`)."""


@dataclass(frozen=True)
class ConvertTfToHloPass(ModulePass):
    """Lowers every `tf` op to `hlo`.

    Expects: the `tf` or `tf-opt` stage with static shapes. Guarantees: no `tf` op is left;
    otherwise fails naming every op it could not lower (unsupported op or dynamic shape).
    """

    name = "convert-tf-to-hlo"

    partial: bool = False
    """Partial conversion: leave the ops it cannot lower instead of failing (the coverage
    report finds them)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        check_static_inputs(op)
        control_flow.lower_region_ops(op)
        patterns = [p for family in FAMILIES for p in family.PATTERNS]
        convert_dialect(
            op,
            self.name,
            patterns,
            "tf",
            "could not be lowered (unsupported op or dynamic shape)",
            dce=True,
            partial=self.partial,
        )


def check_static_inputs(module: ModuleOp) -> None:
    """Inputs with unknown dims are named at once, with the way to give their shapes."""
    lines = []
    for f in module.ops:
        if not isinstance(f, func.FuncOp) or f.is_declaration:
            continue
        for arg in f.args:
            if isinstance(arg.type, TensorType) and not is_static(arg.type):
                where = (
                    describe_location(arg.location) or f"argument {arg.index} of @{f.sym_name.data}"
                )
                lines.append(f"  {where}: {arg.type}")
    if lines:
        raise PassFailedException(f"convert-tf-to-hlo: {UNKNOWN_INPUT_DIMS}\n" + "\n".join(lines))
