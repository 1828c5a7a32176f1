"""Malformed IR never gets a traceback, an internal error or a hang: mutated `.mlir` of every stage
of three models (MLP, CNN, BERT layer; changed types, dims, attributes, truncation, swapped
names, dropped lines) through `strata-opt --emit=llvm`. Each case must end in a clean diagnostic
(exit 1) or a result (exit 0), within CASE_SECONDS.

The default run is a sample (`CASES` cases, fixed seeds: every stage, mutation and model);
STRATA_TEST_FUZZ_CASES=2000 runs more.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from fuzzing import assert_diagnostic_or_result

from strata.diagnostics import run_tool
from strata.tools import strata_opt

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
MODELS = ("mlp", "cnn_small", "bert_encoder_layer")
STAGES = ("tf", "tf-opt", "hlo", "hlo-opt", "linalg", "buffers", "loops", "llvm")
CASES = int(os.environ.get("STRATA_TEST_FUZZ_CASES", "144"))  # 48 per model
CASE_SECONDS = 20

TYPES = ("f32", "f16", "f64", "i1", "i8", "i32", "i64", "index", "bf16", "f80", "ui8")


def _types(text: str, rng: random.Random) -> str:
    found = list(re.finditer(r"\b(f16|f32|f64|i1|i8|i32|i64|index)\b", text))
    if not found:
        return text
    m = rng.choice(found)
    return text[: m.start()] + rng.choice(TYPES) + text[m.end() :]


def _dims(text: str, rng: random.Random) -> str:
    found = list(re.finditer(r"(?<=[<x])(\d+)(?=x)", text))
    if not found:
        return text
    m = rng.choice(found)
    new = rng.choice(["0", "1", "3", "?", "1000000", str(int(m.group(1)) + 1)])
    return text[: m.start()] + new + text[m.end() :]


def _attributes(text: str, rng: random.Random) -> str:
    found = list(re.finditer(r"(?<== )(-?\d+(\.\d+)?(e[+-]?\d+)?|true|false|\"[^\"]*\")", text))
    if not found:
        return text
    m = rng.choice(found)
    new = rng.choice(["-1", "0", "7", "1.5", "true", '"x"', "[1, 2]", "dense<1.0>"])
    return text[: m.start()] + new + text[m.end() :]


def _truncate(text: str, rng: random.Random) -> str:
    return text[: rng.randrange(1, len(text))]


def _swap_names(text: str, rng: random.Random) -> str:
    names = sorted(set(re.findall(r"%[\w.]+", text)))
    if len(names) < 2:
        return text
    a, b = rng.sample(names, 2)
    return re.sub(rf"{re.escape(a)}\b", "\0", text).replace(b, a).replace("\0", b)


def _drop_line(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


MUTATIONS: tuple[Callable[[str, random.Random], str], ...] = (
    _types,
    _dims,
    _attributes,
    _truncate,
    _swap_names,
    _drop_line,
)


@pytest.fixture(scope="module")
def stage_texts(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], str]:
    out = tmp_path_factory.mktemp("stages")
    texts = {}
    for model in MODELS:
        source = str(FIXTURES / f"{model}.pb")
        for stage in STAGES:
            path = out / f"{model}-{stage}.mlir"
            assert run_tool(strata_opt.main, [source, f"--emit={stage}", "-o", str(path)]) == 0
            texts[model, stage] = path.read_text()
    return texts


@pytest.mark.parametrize("seed", range(CASES))
def test_mutated_ir_gets_a_diagnostic(
    seed: int, stage_texts: dict[tuple[str, str], str], tmp_path: Path
) -> None:
    rng = random.Random(seed)
    stage = STAGES[seed % len(STAGES)]
    mutation = MUTATIONS[(seed // len(STAGES)) % len(MUTATIONS)]
    model = MODELS[(seed // (len(STAGES) * len(MUTATIONS))) % len(MODELS)]
    text = mutation(stage_texts[model, stage], rng)
    path = tmp_path / f"{model}-{stage}-{mutation.__name__.strip('_')}-{seed}.mlir"
    path.write_text(text)
    assert_diagnostic_or_result(strata_opt.main, [str(path), "--emit=llvm"], CASE_SECONDS)
