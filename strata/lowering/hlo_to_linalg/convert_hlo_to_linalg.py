"""The convert-hlo-to-linalg pass."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriteWalker

from strata.dialects import hlo
from strata.lowering.conversion import convert_dialect
from strata.lowering.hlo_to_linalg import (
    bits,
    contraction,
    control_flow,
    elementwise,
    gather,
    linear_algebra,
    nn,
    normalization,
    reduction,
    shape,
    sorting,
    windows,
)

SCATTER_LOOP_ELEMENTS = 16
"""convert-hlo-to-linalg's default `scatter-loop-elements` (see there)."""
SCAN_LOOP_LENGTH = 32
"""convert-hlo-to-linalg's default `scan-loop-length` (see there)."""


@dataclass(frozen=True)
class ConvertHloToLinalgPass(ModulePass):
    """Lowers every `hlo` op to linalg.generic / tensor / arith / math (and scf.while) on tensors.
    Elementwise ops of one shape in one block that read each other become one generic
    (`elementwise.elementwise_groups`) whose results are the values read elsewhere, the scalar
    ops of each keeping its location.

    Expects: the `hlo` or `hlo-opt` stage with static shapes. Guarantees: no `hlo` op is left;
    otherwise fails naming every op it could not lower.
    """

    name = "convert-hlo-to-linalg"

    partial: bool = False
    """Partial conversion: leave the ops it cannot lower instead of failing (the coverage
    report finds them)."""

    scatter_loop_elements: int = SCATTER_LOOP_ELEMENTS
    """An hlo.scatter of whole rows (gather.RowScatter: TensorFlow's segment and scatter ops)
    into an operand of at least this many elements becomes an hlo.while over its update rows
    (gather.expand_row_scatters), not a generic over every (operand element, update row) pair;
    0: never (the cuda chain, whose host would launch kernels for every row)."""

    scan_loop_length: int = SCAN_LOOP_LENGTH
    """A prefix scan (a reduce_window over a whole axis padded before it: Cumsum, Cumprod)
    along an axis of at least this many elements becomes an hlo.while along it
    (nn.expand_scans), not a generic over every (output, window element) pair; 0: never (the
    cuda chain)."""

    sort_block: int = 0
    """Elements of a block along a bitonic sort's dim (sorting.expand_bitonic_sort): rounds
    whose partner is another block read it whole, in consecutive elements (a power of 2: the
    f32 lanes of the target's vectors; 0: every round reads its partners element by element, as
    the cuda chain does, whose host would branch on each round)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if not self.partial:
            control_flow.refuse_custom_calls(op)
        # Expansions into other hlo ops (hlo.while loops among them): before control flow.
        gather.expand_row_scatters(op, self.scatter_loop_elements)
        nn.expand_scans(op, self.scan_loop_length)
        linear_algebra.expand_triangular_solves(op)
        normalization.expand_batch_norms(op)
        sorting.expand(op, self.sort_block)
        for family in (windows, bits):
            family.expand(op)
        control_flow.lower_control_flow(op)
        PatternRewriteWalker(nn.SplitBatchGroups()).rewrite_module(op)
        # Elementwise last: its generic pattern matches any elementwise hlo op.
        patterns = [
            p
            for family in (
                reduction,
                contraction,
                nn,
                gather,
                shape,
                sorting,
                windows,
                bits,
                control_flow,
            )
            for p in family.PATTERNS
        ] + list(elementwise.patterns(op))
        convert_dialect(
            op,
            self.name,
            patterns,
            "hlo",
            "could not be lowered",
            dce=True,
            ignore=lambda o: hlo.in_hlo_body(o),
            partial=self.partial,
        )
