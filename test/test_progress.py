"""Compile progress on a terminal (strata.progress): shown after the threshold, naming the stage
and the kernel count; cleared at the end; silent off a terminal or before the threshold."""

from __future__ import annotations

import io

from strata.api import lower
from strata.progress import CompileProgress, kernel_count

MLP = "test/fixtures/mlp.pb"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_names_stage_and_kernels() -> None:
    _ctx, module = lower(MLP, stop_after="loops")
    assert kernel_count(module) >= 3
    out = Terminal()
    progress = CompileProgress(out, show_after=0.0)
    progress.stage_done("loops", module, "LLVM code generation")
    line = out.getvalue()
    assert line.startswith("\r\033[Kstrata: ")
    assert f"loops done, {kernel_count(module)} kernels; LLVM code generation..." in line
    progress.finish()
    assert out.getvalue().endswith("\r\033[K")


def test_silent_off_a_terminal_and_before_the_threshold() -> None:
    _ctx, module = lower(MLP, stop_after="loops")
    for progress in (
        CompileProgress(io.StringIO(), show_after=0.0),  # not a terminal
        CompileProgress(Terminal(), show_after=3600.0),  # quick compile
    ):
        progress.stage_done("loops", module)
        progress.finish()
        assert progress.stream.getvalue() == ""  # type: ignore[attr-defined]


def test_strata_run_timing_prints_stages_and_total() -> None:
    import re
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "strata.tools.strata_run", MLP, "--timing", "--no-cache"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert re.search(r"^compile time: \d+ ms \(tf-opt \d+, .*llvm-jit \d+\)$", result.stderr, re.M)
    assert "\033" not in result.stderr, "no progress line off a terminal"


def test_kernel_count_of_a_gpu_module() -> None:
    # gpu.func kernels count (found by name: the cpu path does not import the gpu dialect); a
    # device function that is not a kernel does not.
    from strata.loading import parse_ir
    from strata.registry import make_context

    module = parse_ir(
        make_context(),
        """
gpu.module @kernels {
  gpu.func @k(%a: memref<4xf32>) kernel {
    gpu.return
  }
  gpu.func @helper(%a: memref<4xf32>) {
    gpu.return
  }
}
""",
    )
    assert kernel_count(module) == 1
