"""The hints a loop nest puts on its `scf.for` loops at the loops stage for LLVM: they travel to
the loop's back-edge branch (convert-scf-to-cf, convert-cf-to-llvm) and become the loop's
metadata in the export (`strata.targets.llvm_ir`). Names only, so that the passes that set or
move them import nothing of LLVM's."""

from __future__ import annotations

INTERLEAVE_ATTR = "strata.interleave"
"""On an `scf.for` (then its back-edge `cf.br`/`llvm.br`): interleave this many vector
iterations (`TargetDescription.interleave`); the export makes it the loop's
`llvm.loop.interleave.count` metadata."""
UNROLL_ATTR = "strata.unroll"
"""On an `scf.for` (then its back-edge branch): unroll the loop fully (`llvm.loop.unroll.full`).
The CPU pipeline unrolls only such loops (`optimize`): a contraction's register tile is one, and
LLVM's own unrolling of every other small loop cost a third of the optimiser's time and code
size for no measured speed."""
VECTOR_WIDTH_ATTR = "strata.vector_width"
"""On an `scf.for` (then its back-edge branch): vectorise the loop this many lanes wide
(`llvm.loop.vectorize.width`). With `strata.interleave` the loop's whole trip count, a register
tile's columns become one vector iteration, each column vector its own accumulator."""
LOOP_HINTS = (INTERLEAVE_ATTR, UNROLL_ATTR, VECTOR_WIDTH_ATTR)
"""The loop attributes that travel from an scf.for to its latch branch and become metadata."""
