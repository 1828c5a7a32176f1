"""The stage table: the single source of truth for Strata's pipeline.

Each stage names the dialects allowed once it is reached and the pass pipeline that enters it.
Tools and the Python API read this table; nothing else hard-codes pass order.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline

from strata.diagnostics import StrataError, verify_module
from strata.registry import all_passes


@dataclass(frozen=True)
class Stage:
    name: str
    dialects: frozenset[str]
    """Dialects whose ops may appear in a module at this stage."""
    passes: str
    """The `-p` pipeline that enters this stage from the one before ("" for the import stage)."""
    summary: str


def _d(*names: str) -> frozenset[str]:
    return frozenset(("builtin", *names))


STAGES: tuple[Stage, ...] = (
    Stage(
        "tf",
        _d("func", "tf"),
        "",
        'func.func over tensors, one tf op per GraphDef node, loc("node name")',
    ),
    Stage(
        "tf-opt",
        _d("func", "tf"),
        "tf-shape-inference,tf-fold-constants,canonicalize,dce",
        "shapes inferred, constants folded, Identity/NoOp/unused nodes gone",
    ),
    Stage(
        "hlo",
        _d("func", "hlo", "rt"),
        "convert-tf-to-hlo",
        "hlo ops only (StableHLO semantics) + func",
    ),
    Stage(
        "hlo-opt",
        _d("func", "hlo", "rt"),
        "hlo-simplify,canonicalize,cse,dce",
        "simplified and CSE'd hlo",
    ),
    Stage(
        "linalg",
        _d("func", "linalg", "tensor", "arith", "math", "rt"),
        "convert-hlo-to-linalg,linalg-fuse-elementwise",
        "linalg / tensor / arith / math on tensors, elementwise chains fused",
    ),
    Stage(
        "buffers",
        _d("func", "linalg", "memref", "arith", "math"),
        "bufferize,buffer-assign",
        "memrefs, one arena for temporaries, destination-passing outputs",
    ),
    Stage(
        "loops",
        _d("func", "memref", "arith", "math", "scf"),
        "linalg-outline-kernels,convert-linalg-to-loops",
        "one private kernel function per linalg op, each an scf loop nest (contractions tiled)",
    ),
    Stage(
        "llvm",
        _d("llvm"),
        "convert-scf-to-cf,convert-math-to-llvm,convert-arith-to-llvm,convert-memref-to-llvm,"
        "convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts",
        "llvm dialect only",
    ),
)

STAGE_NAMES: tuple[str, ...] = tuple(s.name for s in STAGES)


def stage_index(name: str) -> int:
    if name not in STAGE_NAMES:
        raise StrataError(f"unknown stage '{name}' (stages: {', '.join(STAGE_NAMES)})")
    return STAGE_NAMES.index(name)


def dialects_in(module: ModuleOp) -> set[str]:
    return {op.dialect_name() for op in module.walk() if op is not module}


def detect_stage(module: ModuleOp) -> Stage:
    """The earliest stage whose dialect set covers every op in the module."""
    used = dialects_in(module)
    for stage in STAGES:
        if used <= stage.dialects:
            return stage
    raise StrataError(
        f"module mixes dialects that belong to no single stage: {', '.join(sorted(used))}"
    )


StageCallback = Callable[[Stage, ModuleOp, float], None]


def stage_pipeline(stage: Stage, callback=None) -> PassPipeline:
    return PassPipeline.parse_spec(all_passes(), stage.passes, callback)


def run_stages(
    ctx: Context,
    module: ModuleOp,
    stop_after: str = "llvm",
    start_after: str | None = None,
    after_stage: StageCallback | None = None,
    after_pass: Callable[[ModulePass, ModuleOp], None] | None = None,
) -> ModuleOp:
    """Lower `module` in place from the stage it is at (or `start_after`) through `stop_after`.

    The module is verified after every stage; `after_stage` sees it with the seconds the stage took.
    """
    first = (
        stage_index(start_after) + 1 if start_after else stage_index(detect_stage(module).name) + 1
    )
    last = stage_index(stop_after)

    def on_pass(done: ModulePass | None, op: ModuleOp, _next: ModulePass | None) -> None:
        if done is not None and after_pass is not None:
            after_pass(done, op)

    for stage in STAGES[first : last + 1]:
        start = time.perf_counter()
        stage_pipeline(stage, on_pass).apply(ctx, module)
        verify_module(module)
        if after_stage is not None:
            after_stage(stage, module, time.perf_counter() - start)
    return module
