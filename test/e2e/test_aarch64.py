"""Fixtures compiled ahead of time for AArch64 (`--triple aarch64-unknown-linux-gnu --cpu
neoverse-n1`, NEON, two threads), linked into a C program and run under QEMU's user-mode
emulator: the outputs must match TensorFlow's as on the host.

By default every second model and every sixth single-op fixture (by name; the test-time budget);
STRATA_TEST_AARCH64_ALL=1 runs every fixture. Runs where `qemu-aarch64` and an AArch64 C cross
compiler (`aarch64-linux-gnu-gcc`, which links the program statically) are installed, e.g.
Debian's `qemu-user` and `gcc-aarch64-linux-gnu`; skipped elsewhere. The JIT tests cover the
host; this is the only run of the AArch64 code: its vector widths, tiles and the thread pool's
atomics (ldar/stlxr) differ.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import FIXTURE_LOOP_TRIPS
from test_models import ENTRIES, FIXTURES, assert_matches_tensorflow, by_name, load_npz

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "transforms" / "expand_math"))
from test_ulp import (  # noqa: E402
    MATH_OP,
    UNARY,
    binary_error,
    binary_inputs,
    binary_source,
    kernel_source,
    ulp_error,
)
from test_ulp import inputs as ulp_inputs  # noqa: E402

from strata.abi import TensorSpec
from strata.api import lower
from strata.pipeline import PipelineOptions
from strata.targets.cpu import emit_object, entry_signature
from strata.targets.description import for_export
from strata.targets.export import c_header, rename_entry
from strata.transforms.expand_math import BINARY, MAX_ULP

TRIPLE = "aarch64-unknown-linux-gnu"
CPU = "neoverse-n1"
CC = "aarch64-linux-gnu-gcc"
QEMU = "qemu-aarch64"
RUN_TIMEOUT_S = 300

pytestmark = pytest.mark.skipif(
    shutil.which(QEMU) is None or shutil.which(CC) is None,
    reason=f"needs {QEMU} and {CC} (Debian: qemu-user, gcc-aarch64-linux-gnu)",
)


def c_main(
    inputs: list[TensorSpec], outputs: list[TensorSpec], arena_bytes: int, threads: bool
) -> str:
    """A program that reads input i from `in<i>.bin`, calls `model`, writes output i to
    `out<i>.bin` (raw row-major bytes), stops the threads (`threads`: the model has a pool, and
    its header declares `model_stop_threads`) and returns the model's status."""
    loads = [f'  void *in{i} = load("in{i}.bin", {s.nbytes});' for i, s in enumerate(inputs)]
    buffers = [f"  void *out{i} = buffer({s.nbytes});" for i, s in enumerate(outputs)]
    saves = [f'  save("out{i}.bin", out{i}, {s.nbytes});' for i, s in enumerate(outputs)]
    arguments = [f"in{i}" for i in range(len(inputs))] + [f"out{i}" for i in range(len(outputs))]
    return "\n".join(
        [
            "#include <stdio.h>",
            "#include <stdlib.h>",
            '#include "model.h"',
            "static void *buffer(size_t n) {",
            "  void *p = aligned_alloc(64, n ? (n + 63) / 64 * 64 : 64);",
            "  if (!p) exit(3);",
            "  return p;",
            "}",
            "static void *load(const char *path, size_t n) {",
            "  void *p = buffer(n);",
            '  FILE *f = fopen(path, "rb");',
            "  if (!f || fread(p, 1, n, f) != n) exit(4);",
            "  fclose(f);",
            "  return p;",
            "}",
            "static void save(const char *path, const void *p, size_t n) {",
            '  FILE *f = fopen(path, "wb");',
            "  if (!f || fwrite(p, 1, n, f) != n) exit(5);",
            "  fclose(f);",
            "}",
            "int main(void) {",
            *loads,
            *buffers,
            f"  int status = model({', '.join([*arguments, f'buffer({arena_bytes})'])});",
            *saves,
            *(["  model_stop_threads();"] if threads else []),
            "  return status;",
            "}",
            "",
        ]
    )


def run_on_aarch64(
    source: str, outputs: list[str] | None, feed: dict[str, np.ndarray], tmp_path: Path
) -> dict[str, np.ndarray]:
    """`source` (a GraphDef path or IR text) compiled for AArch64, run under QEMU on `feed`:
    its outputs by name."""
    options = PipelineOptions(target=for_export(TRIPLE, CPU, ""), threads=2)
    _ctx, module = lower(
        source, outputs=outputs, pipeline=options, max_loop_trips=FIXTURE_LOOP_TRIPS
    )
    module = rename_entry(module, "model")
    signature = entry_signature(module)
    header = c_header(module)
    (tmp_path / "model.h").write_text(header)
    (tmp_path / "model.o").write_bytes(emit_object(module, TRIPLE, 2, CPU, ""))
    inputs, results = list(signature.inputs), list(signature.outputs)
    program = c_main(inputs, results, signature.arena_bytes, "model_stop_threads" in header)
    (tmp_path / "main.c").write_text(program)
    for i, spec in enumerate(inputs):
        np.ascontiguousarray(feed[spec.name], spec.dtype).tofile(tmp_path / f"in{i}.bin")
    build = [CC, "-O1", "-static", "-o", "main", "main.c", "model.o", "-lpthread", "-lm"]
    linked = subprocess.run(build, cwd=tmp_path, capture_output=True, text=True)
    assert linked.returncode == 0, f"{' '.join(build)}:\n{linked.stderr}"
    run = subprocess.run(
        [QEMU, "./main"], cwd=tmp_path, capture_output=True, text=True, timeout=RUN_TIMEOUT_S
    )
    assert run.returncode == 0, f"exit {run.returncode}:\n{run.stderr}"
    return signature.finish(  # outputs of a run-time length cut to it, as the C caller would
        {
            spec.name: np.fromfile(tmp_path / f"out{i}.bin", spec.dtype).reshape(spec.shape)
            for i, spec in enumerate(results)
        }
    )


def _sweep() -> list[dict[str, Any]]:
    """Every fixture with STRATA_TEST_AARCH64_ALL=1, else every second model and every sixth op."""
    if os.environ.get("STRATA_TEST_AARCH64_ALL") == "1":
        return ENTRIES
    ops = sorted((e for e in ENTRIES if e["kind"] != "model"), key=lambda e: str(e["name"]))
    models = sorted((e for e in ENTRIES if e["kind"] == "model"), key=lambda e: str(e["name"]))
    return models[::2] + ops[::6]


@by_name(_sweep())
def test_aarch64_object_matches_tensorflow(entry: dict[str, Any], tmp_path: Path) -> None:
    got = run_on_aarch64(
        str(FIXTURES / entry["file"]),
        entry["outputs"],
        load_npz(FIXTURES / entry["inputs_file"]),
        tmp_path,
    )
    assert_matches_tensorflow(got, load_npz(FIXTURES / entry["outputs_file"]), entry["outputs"])


@pytest.mark.parametrize("op", UNARY)
def test_aarch64_math_within_max_ulp(op: str, tmp_path: Path) -> None:
    """expand-math's functions on NEON with FMA, over test_ulp's sampled inputs and special
    values: within the bounds the host meets."""
    (x,) = ulp_inputs()[:1]
    got = run_on_aarch64(kernel_source(op, x.size), None, {"x": x}, tmp_path)["y"]
    worst, at = ulp_error(op, got, x)
    assert worst <= MAX_ULP[op], f"{op}: {worst} ulp at x={at!r} (bound {MAX_ULP[op]})"


@pytest.mark.parametrize("name", sorted(BINARY))
def test_aarch64_binary_within_max_ulp(name: str, tmp_path: Path) -> None:
    """expand-math's pow and atan2 on NEON with FMA (AArch64 has no libmvec), over
    test_ulp's pairs."""
    x, y = binary_inputs()
    source = binary_source(MATH_OP[name], x.size)
    got = run_on_aarch64(source, None, {"x": x, "y": y}, tmp_path)["z"]
    err, at = binary_error(MATH_OP[name], got, x, y)
    assert err <= MAX_ULP[name], f"{name}: {err} ulp at {at} (bound {MAX_ULP[name]})"
