"""Progress of a long compile on a terminal: once a compile has taken 2 s, one stderr line,
rewritten after each stage, names the stage just finished and the kernels so far; cleared when
the compile ends. Silent when stderr is not a terminal (logs, CI, pipes) and for quick compiles."""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

SHOW_AFTER_SECONDS = 2.0


def kernel_count(module: ModuleOp) -> int:
    """Outlined kernels so far: private no_inline functions (cpu) and gpu.func kernels."""
    count = 0
    for op in module.walk():
        # By name: the module that reports progress imports no dialect.
        if op.name == "func.func" and "no_inline" in op.attributes:
            count += 1
        elif op.name == "gpu.func" and "kernel" in op.properties:
            count += 1
    return count


class CompileProgress:
    def __init__(
        self,
        stream: TextIO | None = None,
        show_after: float = SHOW_AFTER_SECONDS,
        enabled: bool | None = None,
    ):
        self.stream = stream if stream is not None else sys.stderr
        self.show_after = show_after
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.started = time.perf_counter()
        self.shown = False

    def stage_done(self, stage: str, module: ModuleOp, next_step: str = "") -> None:
        elapsed = time.perf_counter() - self.started
        if not self.enabled or elapsed < self.show_after:
            return
        kernels = kernel_count(module)
        line = f"strata: {elapsed:5.1f} s  {stage} done"
        if kernels:
            line += f", {kernels} kernel{'s' if kernels != 1 else ''}"
        if next_step:
            line += f"; {next_step}..."
        self.stream.write("\r\033[K" + line)
        self.stream.flush()
        self.shown = True

    def finish(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.shown = False
