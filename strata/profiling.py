"""Where the time goes: compile slices (stages and passes) and kernel slices (each launch of a
run), as a Chrome trace (chrome://tracing, Perfetto) or a per-kernel table.

    model = strata.compile("mlp.pb", profile=True)
    model.run(x=x)
    print(kernel_table(model.kernel_runs))
    write_chrome_trace("out.json", model.compile_slices, model.kernel_runs)

Kernel times come from a profiling build (`profile-kernels` on the cpu target; the host plan's
launch loop on cuda-sim and cuda); a normal build records nothing.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from strata.diagnostics import StrataError


@dataclass(frozen=True)
class Slice:
    """One compile step: a stage or a pass, in seconds on the perf_counter clock."""

    category: str  # "stage", "pass", or "llvm" (a part's LLVM code generation)
    name: str
    start: float
    end: float
    lane: int = 0
    """0: the compiling thread; k > 0: the thread that compiled part k - 1 of a split module."""


@dataclass(frozen=True)
class KernelEvent:
    """One kernel launch of a run; times in nanoseconds of a monotonic clock."""

    kernel: str
    nodes: str
    start_ns: int
    end_ns: int
    flops: int = 0
    bytes: int = 0

    @property
    def seconds(self) -> float:
        return (self.end_ns - self.start_ns) / 1e9


class CompileTimer:
    """Collects compile slices from the pipeline's pass and stage callbacks."""

    def __init__(self) -> None:
        self.slices: list[Slice] = []
        self.last = time.perf_counter()

    def after_pass(self, name: str) -> None:
        now = time.perf_counter()
        self.slices.append(Slice("pass", name, self.last, now))
        self.last = now

    def after_stage(self, name: str, seconds: float) -> None:
        now = time.perf_counter()
        self.slices.append(Slice("stage", name, now - seconds, now))
        self.last = now

    def step(self, name: str, seconds: float) -> None:
        """A compile step outside the pass pipeline (LLVM code generation), just finished."""
        now = time.perf_counter()
        self.slices.append(Slice("stage", name, now - seconds, now))
        self.last = now

    def part(self, index: int, start: float, end: float) -> None:
        """LLVM's optimisation and emission of part `index` of the module (`cpu.compile_parts`),
        on a thread of its own when there are several."""
        self.slices.append(Slice("llvm", f"llvm part {index}", start, end, index + 1))


@dataclass
class KernelStats:
    kernel: str
    nodes: str
    calls: int = 0
    seconds: float = 0.0
    flops: int = 0
    bytes: int = 0


def kernel_stats(runs: Sequence[Sequence[KernelEvent]]) -> list[KernelStats]:
    """Per kernel (by name), over all runs, most total time first."""
    by_kernel: dict[str, KernelStats] = {}
    for run in runs:
        for e in run:
            s = by_kernel.setdefault(e.kernel, KernelStats(e.kernel, e.nodes))
            s.calls += 1
            s.seconds += e.seconds
            s.flops += e.flops
            s.bytes += e.bytes
            known = s.nodes.split(",") if s.nodes else []
            new = [n for n in e.nodes.split(",") if n and n not in known]
            s.nodes = ",".join(known + new)  # a launch of several nodes names each once
    return sorted(by_kernel.values(), key=lambda s: -s.seconds)


def kernel_table(runs: Sequence[Sequence[KernelEvent]]) -> str:
    """A markdown table: kernel, TF nodes, calls, total and mean time, share, GFLOP/s, GB/s."""
    stats = kernel_stats(runs)
    total = sum(s.seconds for s in stats) or 1e-12
    lines = [
        "| kernel | TF nodes | calls | total (us) | mean (us) | share | GFLOP/s | GB/s |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for s in stats:
        mean = s.seconds / s.calls
        gflops = f"{s.flops / s.seconds / 1e9:.1f}" if s.flops and s.seconds > 0 else ""
        gbytes = f"{s.bytes / s.seconds / 1e9:.1f}" if s.bytes and s.seconds > 0 else ""
        nodes = s.nodes if len(s.nodes) <= 60 else s.nodes[:57] + "..."
        lines.append(
            f"| {s.kernel} | {nodes} | {s.calls} | {s.seconds * 1e6:.1f} | {mean * 1e6:.1f} "
            f"| {100 * s.seconds / total:.1f}% | {gflops} | {gbytes} |"
        )
    return "\n".join(lines)


def chrome_trace(
    compile_slices: Sequence[Slice], runs: Sequence[Sequence[KernelEvent]]
) -> dict[str, object]:
    """Trace Event Format: compile slices on thread 1 ("compile"), kernels on thread 2 ("run"),
    the LLVM parts of a split module each on a thread of their own ("llvm part k", 3 + k), times
    in microseconds; runs are laid end to end after the compile."""
    events: list[dict[str, object]] = [
        {"name": "thread_name", "ph": "M", "pid": 1, "tid": 1, "args": {"name": "compile"}},
        {"name": "thread_name", "ph": "M", "pid": 1, "tid": 2, "args": {"name": "run"}},
    ]
    for lane in sorted({s.lane for s in compile_slices} - {0}):
        name = {"name": f"llvm part {lane - 1}"}
        events.append({"name": "thread_name", "ph": "M", "pid": 1, "tid": 2 + lane, "args": name})
    origin = min((s.start for s in compile_slices), default=0.0)
    end = 0.0
    for s in compile_slices:
        ts = (s.start - origin) * 1e6
        events.append(
            {
                "name": s.name,
                "cat": s.category,
                "ph": "X",
                "pid": 1,
                "tid": 2 + s.lane if s.lane else 1,
                "ts": ts,
                "dur": (s.end - s.start) * 1e6,
            }
        )
        end = max(end, (s.end - origin) * 1e6)
    for run in runs:
        if not run:
            continue
        first = min(e.start_ns for e in run)
        for e in run:
            events.append(
                {
                    "name": e.kernel,
                    "cat": "kernel",
                    "ph": "X",
                    "pid": 1,
                    "tid": 2,
                    "ts": end + (e.start_ns - first) / 1e3,
                    "dur": (e.end_ns - e.start_ns) / 1e3,
                    "args": {"tf_nodes": e.nodes, "flops": e.flops, "bytes": e.bytes},
                }
            )
        end += (max(e.end_ns for e in run) - first) / 1e3
    return {"traceEvents": events, "displayTimeUnit": "ms"}


def write_chrome_trace(
    path: str | Path, compile_slices: Sequence[Slice], runs: Sequence[Sequence[KernelEvent]]
) -> None:
    try:
        Path(path).write_text(json.dumps(chrome_trace(compile_slices, runs)))
    except OSError as err:
        raise StrataError(f"--trace {path}: {err.strerror}") from None
