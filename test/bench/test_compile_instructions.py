"""bench/compile_instructions.py: it reads cachegrind's count, refuses unknown fixtures, and
(with valgrind, opt-in: STRATA_TEST_VALGRIND=1, a minute) measures one."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import compile_instructions  # noqa: E402


def test_reads_the_instruction_count() -> None:
    report = "==123== \n==123== I   refs:      8,033,144,639\n"
    assert compile_instructions.instructions(report) == 8_033_144_639
    with pytest.raises(RuntimeError, match="no instruction count"):
        compile_instructions.instructions("valgrind: command failed")


def test_unknown_fixture_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert compile_instructions.main(["no_such_fixture"]) == 1
    assert "no fixture named no_such_fixture" in capsys.readouterr().err


@pytest.mark.skipif(
    os.environ.get("STRATA_TEST_VALGRIND") != "1" or shutil.which("valgrind") is None,
    reason="opt-in (STRATA_TEST_VALGRIND=1) and needs valgrind",
)
def test_counts_a_lowering(capsys: pytest.CaptureFixture[str]) -> None:
    assert compile_instructions.main(["--stop-after", "tf", "mlp"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("instructions of lower to 'tf', less ")
    assert lines[0].endswith(" G of imports and a first compile")
    name, count, unit = lines[1].split()
    assert name == "mlp" and unit == "G" and float(count) > 0
