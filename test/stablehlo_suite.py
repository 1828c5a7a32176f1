"""Runs StableHLO's interpreter tests (stablehlo/tests/interpret/*.mlir of openxla/stablehlo, not
in this repo), or its JAX-made tests (stablehlo/testdata/*.mlir: a public @main whose checks are
`custom_call @check.expect_*`), through `strata-run --run-checks --split-input-file` and tallies
them: functions passed per file, and the reasons of the failures grouped by their first words.

    python test/stablehlo_suite.py PATH/TO/stablehlo/tests/interpret [--jobs 2] [--only add,sort]
    python test/stablehlo_suite.py PATH/TO/stablehlo/testdata

Not a pytest module (the suite is not shipped); issue 13 measures coverage with it.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

SUMMARY = re.compile(r"(\d+) of (\d+) functions passed")
TOOL = str(Path(sys.executable).with_name("strata-run"))


def run_file(path: Path, timeout: int) -> tuple[Path, int, int, list[str]]:
    argv = [TOOL, "--run-checks", "--split-input-file", "--no-cache", str(path)]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return path, 0, 1, [f"timeout after {timeout} s"]
    out = done.stdout + done.stderr
    found = SUMMARY.search(out)
    failures = [line.strip() for line in out.splitlines() if line.startswith("  ")]
    if found is None:
        return path, 0, 1, [out.strip().splitlines()[-1] if out.strip() else "no output"]
    return path, int(found.group(1)), int(found.group(2)), failures


def reason(line: str) -> str:
    """A failure line without its location and values: what kind of failure it is."""
    line = re.sub(r"^\S+:\d+:\d+: ", "", line)
    line = re.sub(r"dense<.*", "dense<...>", line)
    line = re.sub(r"\[[^\]]*\]", "[...]", line)
    line = re.sub(r"tensor<[^>]*>", "tensor<...>", line)
    return line[:110]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=int, default=600)
    parser.add_argument("--only", help="comma-separated file stems")
    args = parser.parse_args()
    files = sorted(args.directory.glob("*.mlir"))
    if args.only:
        wanted = set(args.only.split(","))
        files = [f for f in files if f.stem in wanted]
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda f: run_file(f, args.timeout), files))
    reasons: Counter[str] = Counter()
    passed = total = 0
    for path, ok, count, failures in results:
        passed, total = passed + ok, total + count
        print(f"{path.stem:<32} {ok:>4} / {count:<4}")
        reasons.update(reason(line) for line in failures)
    print(f"\n{passed} of {total} functions passed ({100 * passed / max(total, 1):.1f}%)\n")
    for text, n in reasons.most_common(40):
        print(f"{n:>5}  {text}")


if __name__ == "__main__":
    main()
