"""`verify_each`: the module is verified after every stage, or only after the first and the last
one; `strata.compile` leaves the last one (the llvm dialect) to LLVM's verifier."""

from __future__ import annotations

from pathlib import Path

import pytest

import strata
from strata import pipeline
from strata.api import lower
from strata.pipeline import PipelineOptions

MLP = Path(__file__).parent.parent / "fixtures" / "mlp.pb"
EVERY = len(pipeline.chain("cpu")) - 1
"""Verifications of a GraphDef lowered to `llvm`: one per stage after `tf` (tf-opt ... llvm)."""


def _count_verifications(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = pipeline.verify_module

    def counting(module: object) -> None:
        calls.append(1)
        real(module)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline, "verify_module", counting)
    return calls


@pytest.mark.parametrize(("verify_each", "expected"), [(True, EVERY), (False, 2)])
def test_stages_verified(monkeypatch: pytest.MonkeyPatch, verify_each: bool, expected: int) -> None:
    calls = _count_verifications(monkeypatch)
    lower(MLP, pipeline=PipelineOptions(verify_each=verify_each))
    assert len(calls) == expected


@pytest.mark.parametrize(("env", "expected"), [("1", EVERY), ("0", 1)])
def test_compile_default_from_environment(
    monkeypatch: pytest.MonkeyPatch, env: str, expected: int
) -> None:
    monkeypatch.setenv("STRATA_VERIFY_EACH", env)
    calls = _count_verifications(monkeypatch)
    strata.compile(MLP, cache=False)
    assert len(calls) == expected


def test_compile_argument_wins_over_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STRATA_VERIFY_EACH", "1")
    calls = _count_verifications(monkeypatch)
    strata.compile(MLP, cache=False, verify_each=False)
    assert len(calls) == 1  # the first stage (the imported graph); LLVM verifies the last
