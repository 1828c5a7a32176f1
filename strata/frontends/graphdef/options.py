"""What a GraphDef import needs beyond the graph; a leaf module that the importer, the loader and
the coverage report all read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass
class ImportOptions:
    """Chosen inputs, their shapes, and the outputs of a GraphDef import."""

    inputs: Sequence[str] | None = None
    input_shapes: Sequence[Sequence[int]] | None = None
    outputs: Sequence[str] | None = None
    keep_loops: bool = True
    """Import functional While loops as tf.WhileRegion (loops stay loops); False unrolls every
    loop at import time (`--unroll-loops`). Conds on data are kept either way."""
    max_loop_trips: int | None = None
    """A kept loop that grows a list whose length nothing bounds at import time (no trip
    count, no maximum_iterations) runs at most this many trips, its list held at the length
    that gives; a call whose loop would run longer fails (`--max-loop-trips`, rt.check
    `loop_trips`). None: such a loop is refused (strata.compile never passes None: it chooses
    the bound and grows it)."""
    extra: dict[str, object] = field(default_factory=dict)


UNKNOWN_INPUT_DIMS = (
    "inputs with unknown dimensions (give their shapes with --input-shapes, input_shapes=, or "
    "the arrays in --inputs):"
)
"""The head of the diagnostic for inputs whose shapes are not all known, followed by one line
per input (the importer's, where loops need them; convert-tf-to-hlo's otherwise)."""
