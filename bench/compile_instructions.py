"""Compile cost as instruction counts: before/after comparisons that a noisy machine cannot blur.

    python bench/compile_instructions.py keras_layers_mix crnn_ctc_decode
    python bench/compile_instructions.py --stop-after loops keras_layers_mix
    PYTHONPATH=/path/to/other/checkout python bench/compile_instructions.py keras_layers_mix

Each named fixture (test/fixtures/manifest*.json) is compiled in a fresh Python process under
valgrind's cachegrind (`--cache-sim=no`, PYTHONHASHSEED=0): `strata.compile(..., cache=False)`,
or with `--stop-after STAGE` `strata.api.lower` to that stage, so that two runs differing only in
`--stop-after` give one stage's count. Each process first compiles the `mlp` fixture, which
imports every module a compile needs; the count printed is what the process ran (LLVM's threads
included) less what a process that does only that ran. Counts repeat to within 0.1% where a
shared VM moved one compile's wall and CPU time by 30%. An instruction count is a
proxy: it does not weigh cache misses or threads that run side by side. Confirm a change with
bench_compile.py and bench_table.py too.

Needs `valgrind` on PATH (a system package, not a Python one); under it a one-second compile
takes about a minute.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "test" / "fixtures"

CHILD = """
import json, sys
import strata, strata.api
name, stop_after = sys.argv[1], sys.argv[2]
entry, warm = json.loads(sys.argv[3]), json.loads(sys.argv[4])
strata.compile(warm["file"], outputs=warm["outputs"], cache=False)
if name and stop_after:
    strata.api.lower(entry["file"], entry["outputs"], stop_after=stop_after)
elif name:
    strata.compile(entry["file"], outputs=entry["outputs"], cache=False)
"""
"""What each measured process runs: a compile of `WARM_UP` (which imports every module a compile
needs), then the fixture's compile or lowering; without a fixture, only the first."""

WARM_UP = "mlp"

_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def instructions(report: str) -> int:
    """The `I refs` count of a cachegrind report (its stderr)."""
    found = _REFS.search(report)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{report[-2000:]}")
    return int(found.group(1).replace(",", ""))


def fixtures() -> dict[str, dict[str, object]]:
    return {
        m["name"]: m
        for f in sorted(FIXTURES.glob("manifest*.json"))
        for m in json.loads(f.read_text())["models"]
    }


def measure(
    name: str, stop_after: str, entry: dict[str, object] | None, warm: dict[str, object]
) -> int:
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        "-c",
        CHILD,
        name,
        stop_after,
        json.dumps(entry or {}),
        json.dumps(warm),
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, cwd=FIXTURES, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(
            f"{name or 'imports'}: the measured process failed:\n{done.stderr[-3000:]}"
        )
    return instructions(done.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("fixtures", nargs="+", help="fixture names (test/fixtures/manifest*.json)")
    parser.add_argument("--stop-after", default="", help="lower to this stage instead of compiling")
    args = parser.parse_args(argv)
    known = fixtures()
    unknown = [n for n in args.fixtures if n not in known]
    if unknown:
        print(f"compile_instructions: no fixture named {', '.join(unknown)}", file=sys.stderr)
        return 1
    if shutil.which("valgrind") is None:
        print("compile_instructions: needs valgrind on PATH", file=sys.stderr)
        return 1
    warm = known[WARM_UP]
    base = measure("", "", None, warm)
    what = f"lower to '{args.stop_after}'" if args.stop_after else "strata.compile, cache off"
    print(f"instructions of {what}, less {base / 1e9:.3f} G of imports and a first compile")
    for name in args.fixtures:
        count = measure(name, args.stop_after, known[name], warm) - base
        print(f"{name:40s} {count / 1e9:8.3f} G")
    return 0


if __name__ == "__main__":
    sys.exit(main())
