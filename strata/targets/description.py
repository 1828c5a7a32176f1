"""What a CPU target offers the code generator: vector width, vector registers, FMA, cores.

    TargetDescription.host()                 # this machine, from LLVM's view of it
    TargetDescription.for_cpu("x86-64-v3")   # 256-bit vectors, 16 registers, FMA
    TargetDescription.for_cpu("neoverse-n1", triple="aarch64-unknown-linux-gnu")

Tile sizes come from here, not from the machine Strata runs on: the passes take them as options
(`convert-linalg-to-loops{vector-bits=256 vector-registers=16 interleave=4}`), the pipeline fills
the options from the compile's `cpu`, and a lit test can pin them.
"""

from __future__ import annotations

import difflib
import importlib
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from strata.diagnostics import StrataError

if TYPE_CHECKING:
    from llvmlite.binding import TargetMachine


def _llvm() -> ModuleType:
    """llvmlite's bindings, imported on first use: a tool that never reaches LLVM (strata-opt
    on the tf or hlo stage) starts ~50 ms sooner."""
    return importlib.import_module("llvmlite.binding")


_V2 = ("cx16", "popcnt", "sse3", "sse4.1", "sse4.2", "ssse3")
_V3 = (*_V2, "avx", "avx2", "bmi", "bmi2", "f16c", "fma", "lzcnt", "movbe")
_V4 = (*_V3, "avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl")
X86_LEVELS: dict[str, tuple[str, ...]] = {
    "x86-64": (),
    "x86-64-v2": _V2,
    "x86-64-v3": _V3,
    "x86-64-v4": _V4,
}
"""The x86-64 micro-architecture levels the JIT can tune for, with the host features each needs."""


FILLING_REGISTERS = 32
"""Vector registers from which loops around chains of expanded math functions hold enough
interleaved chains to fill the FMA pipes (bound by them, not by latency): `deep_interleave`
doubles there, and `latency_bound_math` is false."""


def deep_interleave(interleave: int, vector_registers: int) -> int:
    """`TargetDescription.deep_interleave` for these `interleave` and register counts."""
    return 2 * interleave if vector_registers >= FILLING_REGISTERS else interleave


@dataclass(frozen=True)
class TargetDescription:
    triple: str
    cpu: str
    vector_bits: int
    """Widest vector register the code may use (128 SSE/NEON, 256 AVX2, 512 AVX-512)."""
    vector_registers: int
    """Architectural vector registers (16 on x86-64 before AVX-512, 32 with it and on AArch64)."""
    fma: bool
    cores: int
    interleave: int = 4
    """Vector iterations a latency-bound loop runs at once (LLVM's interleave count for it): a
    loop whose body is one long dependency chain per element (exp, tanh, log1p polynomials in a
    row) leaves the FP pipes idle at one vector per iteration, since the next iteration's chain
    cannot start until the reorder buffer drains. FMA latency x FMA pipes is 8 on current x86-64
    and Neoverse cores; with 16 vector registers 4 measured best on Zen 3 (20 chained unary ops over
    1M f32, one thread: 28.5 ms at 1, 20.1 at 2, 13.9 at 4, 14.4 at 8, 17.4 at 16). Targets with
    32 registers use `deep_interleave` for the longest chains."""

    @property
    def deep_interleave(self) -> int:
        """The interleave count for a loop around a chain of several expanded functions
        (loop_nest.DEEP_CHAIN_DEPTH): twice `interleave` with 32 vector registers, which hold
        the eight chains that FMA latency x pipes asks for, else `interleave`. Zen 4, AVX-512
        tuning, the bench's 20-op chain over 1M f32: one thread 6.0 -> 5.2-5.6 ms, two threads
        2.9 -> 2.55 ms; at 16, 3.6 ms. A single expanded function is not helped (exp, log: 5-10%
        slower at 8), so it keeps `interleave`."""
        return deep_interleave(self.interleave, self.vector_registers)

    @property
    def latency_bound_math(self) -> bool:
        """Whether loops around expanded math functions are bound by their latency (16 vector
        registers: the interleaved chains spill before they fill the FMA pipes), so that
        expand-math evaluates polynomials in pairs (its `pairwise`). With 32 registers they are
        bound by the FMA pipes, and Horner's rule keeps fewer values live."""
        return self.vector_registers < FILLING_REGISTERS

    @property
    def f32_lanes(self) -> int:
        return self.vector_bits // 32

    @property
    def llvm_features(self) -> str:
        """Subtarget features that make LLVM's vectorisers use `vector_bits`, which the register
        tiles are sized for. LLVM tunes Intel's AVX-512 CPUs and x86-64-v4 to prefer 256-bit
        vectors: a 4x64 f32 tile then became 32 ymm accumulators that spilled, and a 512^3
        matmul ran at half the speed of the AVX2 tiles on an Emerald Rapids Xeon."""
        if self.vector_bits == 512 and self.triple.startswith(("x86_64", "i386", "i686")):
            return "-prefer-256-bit"
        return ""

    @staticmethod
    def host() -> TargetDescription:
        llvm = _llvm()
        llvm.initialize_native_target()
        features = llvm.get_host_cpu_features()
        triple = llvm.get_process_triple()
        return _from_features(
            triple, llvm.get_host_cpu_name(), {k for k, v in features.items() if v}
        )

    @staticmethod
    def for_cpu(cpu: str | None, triple: str | None = None) -> TargetDescription:
        """`host` / None: this machine. An x86-64 level (`x86-64`, `-v2`, `-v3`, `-v4`), or on
        an AArch64 triple any CPU name (NEON is baseline there)."""
        if cpu in (None, "", "host") and triple is None:
            return TargetDescription.host()
        triple = triple or _llvm().get_process_triple()
        if triple.startswith(("aarch64", "arm64")):
            return TargetDescription(triple, cpu or "generic", 128, 32, True, _cores())
        if cpu in (None, "", "host"):
            return TargetDescription.host()
        if cpu not in X86_LEVELS:
            raise StrataError(
                f"unknown cpu '{cpu}' for {triple} (known: host, {', '.join(X86_LEVELS)})"
            )
        return _from_features(triple, cpu, set(X86_LEVELS[cpu]))


def for_export(triple: str | None, cpu: str | None, features: str | None) -> TargetDescription:
    """The description of an ahead-of-time target (`strata-translate --triple/--cpu/--features`):
    the host when none is given; AArch64 triples NEON; an x86-64 level by name; an x86 CPU by
    name (`znver3`, `skylake-avx512`), with any `features`, as LLVM defines it
    (`llvm_vector_features`); otherwise the `+feature` list (`+avx2,+fma`) over SSE2."""
    if not triple and not cpu and not features:
        return TargetDescription.host()
    triple = triple or _llvm().get_process_triple()
    if triple.startswith(("aarch64", "arm64")) or cpu in X86_LEVELS:
        return TargetDescription.for_cpu(cpu or "generic", triple)
    if cpu and cpu != "generic" and triple.startswith(("x86_64", "i386", "i686")):
        return _from_features(triple, cpu, llvm_vector_features(triple, cpu, features or ""))
    wanted = {f[1:] for f in (features or "").split(",") if f.startswith("+")}
    return _from_features(triple, cpu or "generic", wanted)


_VECTOR_PROBE = """
define <16 x float> @probe(<16 x float> %a, <16 x float> %b, <16 x float> %c) #0 {
  %r = call <16 x float> @llvm.fma.v16f32(<16 x float> %a, <16 x float> %b, <16 x float> %c)
  ret <16 x float> %r
}
declare <16 x float> @llvm.fma.v16f32(<16 x float>, <16 x float>, <16 x float>)
attributes #0 = { "min-legal-vector-width"="512" }
"""
"""A 16-lane fused multiply-add, which LLVM compiles with the widest registers and the FMA
instruction the subtarget has (min-legal-vector-width: even where it prefers 256-bit vectors)."""


def llvm_vector_features(triple: str, cpu: str, features: str) -> set[str]:
    """What an x86 `cpu` (with `features`, e.g. `-fma`) has of what a TargetDescription needs
    (`avx512f`, `avx`, `fma`), as LLVM defines the CPU: read from the code it makes of
    `_VECTOR_PROBE` (zmm, ymm or xmm registers; vfmadd or a call of fmaf). LLVM has no list of
    a CPU's features to ask; this costs a few milliseconds."""
    llvm = _llvm()
    machine = checked_machine(triple, cpu, features)
    assembly = machine.emit_assembly(llvm.parse_assembly(_VECTOR_PROBE))
    found = {"fma"} if "vfmadd" in assembly else set()
    if "zmm" in assembly:
        found |= {"avx512f", "avx"}
    elif "ymm" in assembly:
        found.add("avx")
    return found


KNOWN_TRIPLES = [
    "x86_64-unknown-linux-gnu",
    "aarch64-unknown-linux-gnu",
    "x86_64-apple-darwin",
    "arm64-apple-darwin",
    "x86_64-pc-windows-msvc",
    "riscv64-unknown-linux-gnu",
    "nvptx64-nvidia-cuda",
]
"""Triples named in "closest" hints (LLVM has no list to ask)."""


def checked_machine(triple: str, cpu: str, features: str, opt_level: int = 2) -> TargetMachine:
    """LLVM's target machine (position-independent code) for `triple`, `cpu` and `features`.
    A triple, CPU or feature LLVM does not know is a StrataError: LLVM itself only warns about
    the last two, then aborts the process in code generation."""
    llvm = _llvm()
    llvm.initialize_all_targets()
    llvm.initialize_all_asmprinters()
    try:
        target = llvm.Target.from_triple(triple)
    except RuntimeError:
        close = difflib.get_close_matches(triple, KNOWN_TRIPLES, n=2, cutoff=0.3)
        hint = f" (closest: {', '.join(close)})" if close else ""
        raise StrataError(f"--triple '{triple}': no LLVM target for it{hint}") from None
    with _captured_stderr() as warnings:
        machine = target.create_target_machine(
            cpu=cpu, features=features, opt=opt_level, reloc="pic"
        )
    for line in warnings:
        if "is not a recognized processor" in line:
            raise StrataError(f"--cpu '{cpu}': not a CPU LLVM knows for {triple}")
        if "is not a recognized feature" in line:
            bad = line.split("'")[1] if "'" in line else features
            raise StrataError(f"--features: '{bad}' is not a feature LLVM knows for {triple}")
    return machine


@contextmanager
def _captured_stderr() -> Iterator[list[str]]:
    """Collects what native code writes to fd 2 inside the block (LLVM's warnings), as lines."""
    lines: list[str] = []
    saved = os.dup(2)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield lines
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            lines.extend(sink.read().decode(errors="replace").splitlines())


def _from_features(triple: str, cpu: str, features: set[str]) -> TargetDescription:
    if triple.startswith(("aarch64", "arm64")):
        return TargetDescription(triple, cpu, 128, 32, True, _cores())
    if "avx512f" in features:
        bits, registers = 512, 32
    elif "avx" in features:
        bits, registers = 256, 16
    else:
        bits, registers = 128, 16
    return TargetDescription(triple, cpu, bits, registers, "fma" in features, _cores())


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


@dataclass(frozen=True)
class ContractionTiles:
    """The register tiles of a contraction's loop nest, best first: `rows` x `columns`
    accumulators each. The loop builder takes the first whose columns divide n; rows need not
    divide m (a tail of fewer rows follows)."""

    shapes: tuple[tuple[int, int], ...]
    """(rows, columns) candidates; columns are multiples of the f32 lanes."""


MIN_ROWS = 4
"""Rows of a register tile at least: a vector count v whose tile would have fewer is left out;
an m below a tile's rows but at least this gets a tile of m rows (convert-linalg-to-loops), not
a nest without one: AVX2's 6x16 tile for a 4x256 . 256x256 matmul, one thread on an AVX-512
Xeon, 23.1 -> 14.1 us (5x256: 26.9 -> 15.0 us)."""
TAIL_MIN_ROWS = 64
"""An m below this takes a tile of fewer rows that divides it, where one does (at least MIN_ROWS),
rather than whole tiles and a tail: each tail is a second copy of the kernel's loops for LLVM to
optimise, and over few rows the taller tile gains little. The mlp fixture (m = 16) with 6-row
tiles and 4-row tails: its JIT 69 -> 102 ms, its call no faster."""


def tile_rows(m: int, rows: int) -> int:
    """The rows of the register tile for an m of `m` under a tile of `rows`: m itself where it is
    at least MIN_ROWS and below `rows` (one tile, not none); else, for an m below TAIL_MIN_ROWS
    that `rows` does not divide, the most rows from MIN_ROWS up that do; else `rows`."""
    if MIN_ROWS <= m < rows:
        return m
    if m < TAIL_MIN_ROWS and m % rows:
        return next((r for r in range(rows - 1, MIN_ROWS - 1, -1) if m % r == 0), rows)
    return rows


MAX_ROWS = 6
"""Rows of a register tile at most: each is one broadcast load per reduction step. A tile takes
as many rows as the register file holds, up to this: every row reuses the rhs vectors loaded at
each reduction step, so more rows read less of the rhs panel (which outgrows L1) per FMA. 512 x
32 (AVX-512) went from 4x64 to 6x64 (24 accumulators, 29 registers) and 4x48 to 6x48: on a
2-core AVX-512 Xeon, bench_table's matmul_1024 ran 6.55 -> 5.83 ms on two threads (12.8 -> 12.3
ms on one), matmul_512 0.86 -> 0.80 ms, dense_bias_relu_256 0.40 -> 0.36 ms. With 16 registers
(AVX2, SSE) the tiles already filled the file and stay as they were."""


def tiles_for_options(pass_name: str, vector_bits: int, vector_registers: int) -> ContractionTiles:
    """The tiles of a pass's `vector-bits` / `vector-registers` options (0: this machine's);
    options that describe no register file are a PassFailedException naming the pass."""
    from xdsl.utils.exceptions import PassFailedException

    if vector_bits <= 0 or vector_registers <= 0:
        host = TargetDescription.host()
        vector_bits = vector_bits or host.vector_bits
        vector_registers = vector_registers or host.vector_registers
    if vector_bits % 32 or vector_registers < 2:
        raise PassFailedException(
            f"{pass_name}: vector-bits must be a multiple of 32 and vector-registers at "
            f"least 2, found vector-bits={vector_bits} vector-registers={vector_registers}"
        )
    return contraction_tiles(vector_bits, vector_registers)


def contraction_tiles(vector_bits: int, vector_registers: int) -> ContractionTiles:
    """For v = 4, 3, 2, 1 vectors of columns: as many rows as fit the register file beside the v
    rhs vectors and one broadcast, up to MAX_ROWS; a v with fewer than MIN_ROWS is left out. Then,
    for an n that no whole vector divides, MAX_ROWS rows of a half vector, down to 8 lanes (256
    bits: on an AVX2 machine 6x4 xmm tiles ran at half the speed of LLVM's own vectorised loop).
    256 bits x 16 registers (AVX2) -> 4x24, 6x16, 6x8; 512 x 32 (AVX-512) -> 6x64, 6x48, 6x32,
    6x16, 6x8; 128 x 32 (NEON) -> 6x16, 6x12, 6x8, 6x4; 128 x 16 (SSE) -> 4x12, 6x8, 6x4."""
    lanes = max(vector_bits // 32, 1)
    shapes: list[tuple[int, int]] = []
    for v in range(4, 0, -1):
        fits = (vector_registers - 1 - v) // v
        rows = min(MAX_ROWS, fits)
        if rows >= MIN_ROWS:
            shapes.append((rows, v * lanes))
    part = lanes // 2
    while shapes and part >= 8 and MAX_ROWS + 2 <= vector_registers:
        shapes.append((MAX_ROWS, part))  # e.g. n = 1000 on AVX-512 (16 lanes): 8-column tiles
        part //= 2
    return ContractionTiles(tuple(shapes) or ((min(4, max(vector_registers - 2, 1)), lanes),))
