"""docs/extending.md cannot rot: each Python excerpt is still in the file it names, and each
`$ command` runs from the repository root and prints the lines shown under it (`$ not ...`: the
command must fail)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "extending.md"
BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.DOTALL)


def blocks(language: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(DOC.read_text()) if lang == language]


def excerpts() -> list[tuple[str, str]]:
    found = []
    for body in blocks("python"):
        first, _, code = body.partition("\n")
        assert first.startswith("# examples/"), f"a python block must name its file: {first}"
        found.append((first.removeprefix("# "), code))
    return found


def commands() -> list[tuple[str, list[str]]]:
    found: list[tuple[str, list[str]]] = []
    for body in blocks("sh"):
        for line in body.splitlines():
            if line.startswith("$ "):
                found.append((line[2:], []))
            elif line.strip():
                found[-1][1].append(line.strip())
    return found


@pytest.mark.parametrize(("path", "code"), excerpts(), ids=lambda v: str(v)[:40])
def test_excerpt_is_in_its_file(path: str, code: str) -> None:
    assert code in (ROOT / path).read_text(), f"docs/extending.md's excerpt of {path} is stale"


@pytest.mark.parametrize(("command", "expected"), commands(), ids=lambda v: str(v)[:60])
def test_command_runs(command: str, expected: list[str]) -> None:
    argv = shlex.split(command)
    should_fail = argv[0] == "not"
    argv = argv[1:] if should_fail else argv
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    output = done.stdout + done.stderr
    assert (done.returncode != 0) == should_fail, f"{command}: exit {done.returncode}\n{output}"
    assert "Traceback" not in output
    for line in expected:
        assert line in output, f"{command}: '{line}' not in its output:\n{output}"
