"""The benchmark table script runs (one small row, one round) and prints its header and table;
it times nothing that the suite checks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_bench_table_smoke() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "bench_table.py",
            "--rounds",
            "1",
            "--runs",
            "1",
            "--only",
            "mlp,matmul_512",
        ],
        cwd=BENCH,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    lines = result.stdout.splitlines()
    assert lines[0].startswith("CPU: ") and "cores available" in lines[0]
    assert "| work | strata | numpy | tf | tf+xla |" in result.stdout
    assert any(line.startswith("| matmul_512 | ") and "GFLOP/s" in line for line in lines)
    assert any(line.startswith("| mlp | ") for line in lines)
