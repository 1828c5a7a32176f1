"""Which GPU strategy convert-linalg-to-parallel-loops picks for the model fixtures' ops."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from xdsl.pattern_rewriter import PatternRewriteWalker

from strata.api import lower
from strata.lowering.linalg_to_parallel_loops.convert_linalg_to_parallel_loops import (
    GenericToParallelLoops,
)
from strata.lowering.linalg_to_parallel_loops.strategies import Options
from strata.pipeline import PipelineOptions

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
ENTRIES = {
    e["name"]: e
    for p in sorted(FIXTURES.glob("manifest*.json"))
    for e in json.loads(p.read_text())["models"]
}


def strategies(name: str, options: Options | None = None) -> Counter[str]:
    """The strategies chosen for `name`'s ops at the `buffers` stage as the cuda chain makes it
    (no fused epilogues: `serial_loops` off)."""
    entry = ENTRIES[name]
    cuda = PipelineOptions(serial_loops=False)
    _, module = lower(
        FIXTURES / entry["file"], outputs=entry["outputs"], stop_after="buffers", pipeline=cuda
    )
    pattern = GenericToParallelLoops(module, options or Options())
    PatternRewriteWalker(pattern, apply_recursively=False).rewrite_module(module)
    return Counter(strategy for _, strategy in pattern.chosen)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("mlp", {"contraction": 3, "direct": 6}),
        ("cnn_small", {"contraction": 1, "row-reduction": 1, "direct": 16}),  # a pad: one generic
        ("bert_encoder_layer", {"contraction": 8, "direct": 37}),
        # ArgMax: its rank keys reduced, read back and converted (top_k with k = 1)
        ("raw_reductions", {"row-reduction": 1, "direct": 12}),
    ],
)
def test_strategy_per_op(name: str, expected: dict[str, int]) -> None:
    assert strategies(name) == Counter(expected)


def test_every_recognised_reduction_is_a_tree_when_asked() -> None:
    # bert's softmax (rows of 6) and LayerNorm (rows of 16) sums and maxima are trees once the
    # threshold allows them.
    found = strategies("bert_encoder_layer", Options(min_tree_reduction=2))
    assert found["row-reduction"] >= 6
    assert found["contraction"] == 8
