"""The stage table: the single source of truth for Strata's pipeline.

Each stage names the dialects allowed once it is reached and the pass pipeline that enters it.
Tools and the Python API read this table; nothing else hard-codes pass order.

xDSL and the pass registry are imported where a pipeline is built, not with this module: the
compile cache's key reads `PipelineOptions`, and a compile it serves builds no IR.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING

from strata.diagnostics import StrataError, verify_module
from strata.targets.description import TargetDescription

if TYPE_CHECKING:
    from xdsl.context import Context
    from xdsl.dialects.builtin import ModuleOp
    from xdsl.ir import Operation
    from xdsl.passes import ModulePass, PassPipeline, PassPipelineCallbackType


@dataclass(frozen=True)
class Stage:
    name: str
    dialects: frozenset[str]
    """Dialects whose ops may appear in a module at this stage."""
    passes: str
    """The `-p` pipeline that enters this stage from the one before ("" for the import stage)."""
    summary: str
    target: str | None = None
    """The target chain the stage belongs to ("cpu", "cuda"), or None for the stages all share."""
    requires: frozenset[str] = frozenset()
    """Dialects a module at this stage always has (the gpu stages' `gpu.module`, the buffers
    stage's linalg), so that a module of a later stage is not taken for it."""
    checked: bool = False
    """Whether `memref-check-bounds` ends the stage when bounds checking is asked for (the
    stages whose kernels are loop nests over memrefs: `loops` and `gpu`)."""


@dataclass(frozen=True)
class PipelineOptions:
    """Choices that add passes to the stage table's pipelines."""

    check_bounds: bool = False
    """Guard every memref access in the kernels; the first out of range fails the call."""
    partial: bool = False
    """Partial conversion: conversions leave the ops they cannot lower (the coverage report's
    mode; the module is then not at the stage, and `stage_leftovers` finds them)."""
    profile: bool = False
    """Time every kernel call (`profile-kernels` ends the cpu chain's `loops` stage)."""
    threads: int = 1
    """Threads for kernels of at least `parallel_min_flops` (parallelize-kernels, cpu chain)."""
    parallel_min_flops: int = 1_000_000
    """Below this many estimated ops (profile_kernels.work_of: about 20 us of work) threads are
    not used. Measured on a 2-core VM in bench_table's alternating rounds (medians; three runs of
    each, alternating processes), 20M -> 1M: softmax 1024x1024 1.48-2.32 -> 0.91-0.98 ms,
    LayerNorm 0.50-0.53 -> 0.32-0.38 ms, cnn_small 0.26-0.30 -> 0.22-0.26 ms, the MLP
    0.13-0.17 -> 0.11-0.14 ms. It was 20M while threads were created per call (~55 us), and
    1M lost before the pool's caller spun while it waited for the threads' parts (woken from
    sleep, it came back late)."""
    target: TargetDescription | None = None
    """The CPU the code is for: its vector registers size the contraction tiles (None: this
    machine)."""
    loops: bool = True
    """Whether the code may loop: False (a chain without loops, see LOOPING_TARGETS) turns
    hlo-reroll-loops off, which would fold repeated layers into an hlo.while."""
    serial_loops: bool = True
    """Whether convert-hlo-to-linalg makes row scatters (segment sums, ScatterNd) loops over
    their update rows and long prefix scans (Cumsum) loops along their axis (its
    `scatter-loop-elements` and `scan-loop-length`) and gives a bitonic sort's rounds a branch
    on their partner's distance (its `sort-block`, the target's f32 lanes), and whether
    linalg-fuse-epilogue runs (`EPILOGUE_PASS`): `run_stages` turns it off for the cuda chain,
    whose host plan would launch kernels for every trip."""
    verify_each: bool = True
    """Verify the module after every stage, as mlir-opt does after every pass. False verifies
    the first stage's output (a GraphDef's ops, as imported and cleaned up: the input) and the
    last one's (see `verify_last`): what `strata.compile` does by default, since verification is
    a fifth of a large compile's time."""
    vector_library: bool = False
    """The code calls glibc's libmvec for f32 sin, cos, ... (the JIT where it loads, an object
    with --libmvec): expand-math leaves sin and cos to it, else expands them."""
    verify_last: bool = True
    """Without `verify_each`, verify the last stage's output too. `strata.compile` turns it off:
    it hands that output (the `llvm` dialect) straight to LLVM, whose verifier checks the module
    it parses (a malformed one is a StrataError with LLVM's message), and xDSL's verifier over
    the llvm dialect is a tenth of the compile (keras_layers_mix: 0.10 of 1.0 s, 2-core EPYC)."""


def _d(*names: str) -> frozenset[str]:
    return frozenset(("builtin", *names))


STAGES: tuple[Stage, ...] = (
    Stage(
        "tf",
        _d("func", "tf", "rt"),
        "",
        'func.func over tensors, one tf op per GraphDef node, loc("node name")',
    ),
    Stage(
        "tf-opt",
        _d("func", "tf", "rt"),
        "tf-shape-inference,tf-fold-constants,canonicalize,dce",
        "shapes inferred, constants folded, Identity/NoOp/unused nodes gone",
    ),
    Stage(
        "hlo",
        _d("func", "hlo", "chlo", "rt"),
        "convert-tf-to-hlo",
        "hlo ops only (StableHLO semantics) + func",
    ),
    Stage(
        "hlo-opt",
        _d("func", "hlo", "rt"),
        "chlo-legalize-to-hlo,inline,hlo-complex-to-real,hlo-simplify,hlo-widen-accumulators,"
        "hlo-speculate-guards,canonicalize,cse,hlo-reroll-loops,hlo-simplify,dce",
        "chlo expanded into hlo; calls inlined; complex values as real (re, im) pairs; "
        "simplified and CSE'd hlo",
    ),
    Stage(
        "linalg",
        _d("func", "linalg", "tensor", "arith", "math", "scf", "rt"),
        "convert-hlo-to-linalg,linalg-fuse-elementwise,linalg-fuse-epilogue",
        "linalg / tensor / arith / math on tensors, elementwise chains fused, a contraction's "
        "elementwise reader its last step; loops as scf.while",
    ),
    Stage(
        "buffers",
        _d("func", "linalg", "memref", "arith", "math", "scf"),
        "bufferize,buffer-assign",
        "memrefs, one arena for temporaries, destination-passing outputs; a loop's values in "
        "one buffer each",
        requires=frozenset({"linalg"}),  # scf.while here, scf.for in `loops`: linalg tells
    ),
    Stage(
        "loops",
        _d("func", "memref", "arith", "math", "scf"),
        "linalg-pack-weights,linalg-fuse-fill,linalg-outline-kernels,convert-linalg-to-loops",
        "one private kernel function per linalg op, each an scf loop nest (contractions tiled, "
        "a reduction's fill its first step)",
        "cpu",
        checked=True,
    ),
    Stage(
        "llvm",
        _d("llvm"),
        "emulate-bf16,expand-math,convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts",
        "llvm dialect only",
        "cpu",
    ),
    Stage(
        "parallel-loops",
        _d("func", "memref", "arith", "math", "scf"),
        "convert-linalg-to-parallel-loops",
        "each linalg op an scf.parallel nest mapped to blocks and threads "
        "(reductions and contractions staged through shared memory)",
        "cuda",
    ),
    Stage(
        "gpu",
        _d("func", "memref", "arith", "math", "scf", "gpu"),
        "convert-loops-to-gpu,gpu-kernel-outlining,canonicalize,cse",
        "host func of gpu.launch_func; kernels as gpu.func in one gpu.module",
        "cuda",
        frozenset({"gpu"}),
        checked=True,
    ),
    Stage(
        "nvvm",
        _d("func", "memref", "arith", "gpu", "llvm", "nvvm"),
        "emulate-bf16,convert-gpu-to-nvvm",
        "kernels in llvm + nvvm ops inside the gpu.module; the host func unchanged",
        "cuda",
        frozenset({"gpu"}),
    ),
)

STAGE_NAMES: tuple[str, ...] = tuple(s.name for s in STAGES)


def set_stages(stages: tuple[Stage, ...]) -> None:
    """Replace the stage table (strata.plugins adds stages through here)."""
    global STAGES, STAGE_NAMES
    STAGES = stages
    STAGE_NAMES = tuple(s.name for s in stages)


TARGETS: tuple[str, ...] = ("cpu", "cuda")
"""Target chains; the default is the first."""

LOOPING_TARGETS = frozenset({"cpu", "cuda"})
"""Chains that keep a GraphDef's loops (both: the cuda chain's host plan runs scf.while, scf.if
and scf.index_switch, launching the kernels in them each time). `--unroll-loops` /
`keep_loops=False` unrolls them at import instead."""


def chain(target: str = "cpu") -> tuple[Stage, ...]:
    """The stages a module passes through for `target`: the shared ones, then the target's own."""
    if target not in TARGETS:
        raise StrataError(f"unknown target '{target}' (targets: {', '.join(TARGETS)})")
    return tuple(s for s in STAGES if s.target in (None, target))


def target_of(stage_name: str) -> str:
    """The chain a stage name selects (shared stages select the default, cpu)."""
    stage = STAGES[stage_index(stage_name)]
    return stage.target or TARGETS[0]


def stage_index(name: str) -> int:
    """Position of a stage in STAGES (an error naming the stages when there is none)."""
    if name not in STAGE_NAMES:
        raise StrataError(f"unknown stage '{name}' (stages: {', '.join(STAGE_NAMES)})")
    return STAGE_NAMES.index(name)


def dialects_in(module: ModuleOp) -> set[str]:
    return {op.dialect_name() for op in module.walk() if op is not module}


def detect_stage(module: ModuleOp, target: str = "cpu") -> Stage:
    """The earliest stage of `target`'s chain whose dialect set covers every op in the module."""
    used = dialects_in(module)
    for stage in chain(target):
        if stage.requires <= used <= stage.dialects:
            return stage
    other = [t for t in TARGETS if t != target]
    for t in other:
        found = next((s for s in chain(t) if s.requires <= used <= s.dialects), None)
        if found is not None:
            raise StrataError(
                f"module is at the '{found.name}' stage of the {t} pipeline, "
                f"which cannot continue to the {target} pipeline"
            )
    raise StrataError(
        f"module mixes dialects that belong to no single stage: {', '.join(sorted(used))}"
    )


StageCallback = Callable[[Stage, "ModuleOp", float], None]


CHECK_BOUNDS_PASS = "memref-check-bounds"


PROFILE_PASS = "profile-kernels"
PARALLEL_PASS = "parallelize-kernels"
TILING_PASS = "convert-linalg-to-loops"
PACKING_PASS = "linalg-pack-weights"
MATH_PASS = "expand-math"
"""The passes whose options the target description fills."""
REROLL_PASS = "hlo-reroll-loops"
HLO_TO_LINALG_PASS = "convert-hlo-to-linalg"
EPILOGUE_PASS = "linalg-fuse-epilogue"
"""Off for cuda: only convert-linalg-to-loops computes a fused epilogue once per element (a GPU
thread would compute it at every reduction step)."""
SPECULATE_PASS = "hlo-speculate-guards"
"""Turns an unrolled loop's per-step guards into selects for hlo-reroll-loops: off with it."""


def stage_passes(stage: Stage, options: PipelineOptions | None = None) -> str:
    """The `-p` pipeline of `stage` under `options`."""
    passes = stage.passes
    if options is not None and options.target is not None:
        t = options.target
        shape = f"vector-bits={t.vector_bits} vector-registers={t.vector_registers}"
        filled = {
            TILING_PASS: f"{TILING_PASS}{{{shape} fma={int(t.fma)} interleave={t.interleave} "
            f"deep-interleave={t.deep_interleave}}}",
            MATH_PASS: (
                f"{MATH_PASS}{{fma={int(t.fma)} vector-library={int(options.vector_library)} "
                f"pairwise={int(t.latency_bound_math)}}}"
            ),
            PACKING_PASS: f"{PACKING_PASS}{{{shape}}}",
        }
        if options.serial_loops:
            filled[HLO_TO_LINALG_PASS] = f"{HLO_TO_LINALG_PASS}{{sort-block={t.f32_lanes}}}"
        passes = ",".join(filled.get(p, p) for p in passes.split(","))
    if options is not None and not options.loops:
        off = {REROLL_PASS: f"{REROLL_PASS}{{min-trip-count=0}}", SPECULATE_PASS: ""}
        passes = ",".join(off.get(p, p) for p in passes.split(",") if off.get(p, p))
    if options is not None and not options.serial_loops:
        serial = "scatter-loop-elements=0 scan-loop-length=0"
        off = {HLO_TO_LINALG_PASS: f"{HLO_TO_LINALG_PASS}{{{serial}}}", EPILOGUE_PASS: ""}
        passes = ",".join(off.get(p, p) for p in passes.split(",") if off.get(p, p))
    if options is not None and options.check_bounds and stage.checked:
        passes = f"{passes},{CHECK_BOUNDS_PASS}"
    if options is not None and options.profile and stage.name == "loops":
        passes = f"{passes},{PROFILE_PASS}"
    if options is not None and stage.name == "loops":
        passes += (
            f",{PARALLEL_PASS}{{threads={options.threads} min-flops={options.parallel_min_flops}}}"
        )
    return passes


def stage_pipeline(
    stage: Stage,
    callback: PassPipelineCallbackType | None = None,
    options: PipelineOptions | None = None,
) -> PassPipeline:
    """The passes entering `stage` under `options`. `options.partial` sets the `partial` option
    of every conversion among them (ops they cannot lower are left, not fatal)."""
    from xdsl.passes import PassPipeline

    from strata.registry import all_passes

    pipeline = PassPipeline.parse_spec(all_passes(), stage_passes(stage, options), callback)
    if options is None or not options.partial:
        return pipeline
    passes = tuple(
        replace(p, **{"partial": True}) if "partial" in {f.name for f in fields(p)} else p
        for p in pipeline.passes
    )
    return PassPipeline(passes, callback)


def stage_leftovers(stage: Stage, module: ModuleOp) -> list[Operation]:
    """Ops of dialects `stage` does not allow: what a partial run of its passes left."""
    return [op for op in module.walk() if op.dialect_name() not in stage.dialects]


def run_stages(
    ctx: Context,
    module: ModuleOp,
    stop_after: str = "llvm",
    start_after: str | None = None,
    after_stage: StageCallback | None = None,
    after_pass: Callable[[ModulePass, ModuleOp], None] | None = None,
    options: PipelineOptions | None = None,
    pass_callback: PassPipelineCallbackType | None = None,
) -> ModuleOp:
    """Lower `module` in place from the stage it is at (or `start_after`) through `stop_after`,
    along the chain of the target `stop_after` belongs to (`gpu` and `nvvm` select cuda).

    The module is verified after every stage (only after the first, and the last unless
    `options.verify_last` is off, without `options.verify_each`); `after_stage` sees it with
    the seconds the stage took.
    `options` add passes (bounds checks) to the stages they concern. `pass_callback` sees every
    pass boundary (xDSL's PassPipeline callback: the pass done, the module, the next pass).
    """
    stages = chain(target_of(stop_after))
    if target_of(stop_after) not in LOOPING_TARGETS:
        options = replace(options or PipelineOptions(), loops=False)
    if target_of(stop_after) == "cuda":
        options = replace(options or PipelineOptions(), serial_loops=False)
    names = [s.name for s in stages]
    start = start_after or detect_stage(module, target_of(stop_after)).name
    if start not in names:
        raise StrataError(f"stage '{start}' is not on the way to '{stop_after}'")
    first = names.index(start) + 1
    last = names.index(stop_after)
    if first - 1 > last:
        raise StrataError(
            f"the input is at stage '{start}', past '{stop_after}': stages only lower"
        )

    def on_pass(done: ModulePass | None, op: ModuleOp, nxt: ModulePass | None) -> None:
        if done is not None and after_pass is not None:
            after_pass(done, op)
        if pass_callback is not None:
            pass_callback(done, op, nxt)

    if options is not None and options.check_bounds and stages[first - 1].checked:
        # A module given at a checked stage gets its checks too (the pass skips checked ones).
        from xdsl.passes import PassPipeline

        from strata.registry import all_passes

        PassPipeline.parse_spec(all_passes(), CHECK_BOUNDS_PASS, on_pass).apply(ctx, module)
    verify_each = options is None or options.verify_each
    for stage in stages[first : last + 1]:
        began = time.perf_counter()
        stage_pipeline(stage, on_pass, options).apply(ctx, module)
        last_verified = stage is stages[last] and (options is None or options.verify_last)
        if verify_each or stage is stages[first] or last_verified:
            verify_module(module)
        if after_stage is not None:
            after_stage(stage, module, time.perf_counter() - began)
    return module
