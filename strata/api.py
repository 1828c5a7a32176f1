"""The Python API: `strata.compile(model, outputs=..., target="cpu")` returns a callable.

fn = strata.compile("model.pb", outputs=["Softmax"])
y = fn(x=np.ones((8, 784), np.float32))      # one output: an array; several: a tuple
d = fn.run(x=...)                            # always a dict {output name: array}

Targets: "cpu" (the JIT), "cuda" (PTX launched through the CUDA driver; needs a GPU) and
"cuda-sim" (the same GPU kernels and host plan, run on the CPU by emulating the grid).
"""

from __future__ import annotations

import contextlib
import gc
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from strata.abi import EntrySignature
from strata.diagnostics import (
    XDSL_ERRORS,
    CompileError,
    ExecutionError,
    LoopTripsExceeded,
    StrataError,
)
from strata.frontends.graphdef.options import ImportOptions
from strata.pipeline import LOOPING_TARGETS, PipelineOptions, Stage, run_stages, target_of
from strata.profiling import CompileTimer, KernelEvent, Slice
from strata.progress import CompileProgress

if TYPE_CHECKING:
    from xdsl.context import Context
    from xdsl.dialects.builtin import ModuleOp
    from xdsl.passes import ModulePass

    from strata.compile_cache import CacheKey
    from strata.runtime.cpu import CompiledFunction

TARGETS = ("cpu", "cuda", "cuda-sim")
GPU_TARGETS = ("cuda", "cuda-sim")
VERIFY_EACH_ENV = "STRATA_VERIFY_EACH"
"""Set to 1, `strata.compile` verifies after every stage by default (the test suites set it)."""
FIRST_LOOP_TRIPS = 64
"""The trips `strata.compile` first holds a loop's growing list for, where the caller gave no
`max_loop_trips` (see there); a call whose loop runs longer compiles again for LOOP_TRIPS_GROWTH
times as many, up to MAX_GROWN_LOOP_TRIPS."""
LOOP_TRIPS_GROWTH = 4
MAX_GROWN_LOOP_TRIPS = 1 << 20


@dataclass
class CompiledModel:
    """A compiled entry function: call it with numpy arrays by input name."""

    runner: Callable[..., dict[str, np.ndarray]]
    """The runtime's compiled function: arrays by position (signature order) or name -> every
    output by name (`EntrySignature.bind_inputs` checks them)."""
    signature: EntrySignature
    module: ModuleOp | None
    """The compiled module at its last stage; None when the code came from the compile cache."""
    stage_seconds: dict[str, float] = field(default_factory=dict)
    target: str = "cpu"
    device: object | None = None
    """The GPU targets' Device (strata.runtime.cuda.CudaDevice or cuda_sim.SimDevice)."""
    compile_slices: list[Slice] = field(default_factory=list)
    """Each stage and pass of the compile, timed (strata.profiling)."""
    events_of: Callable[[], list[KernelEvent]] | None = None
    """Profiling builds: the kernel launches of the last run."""
    kernel_runs: list[list[KernelEvent]] = field(default_factory=list)
    """Profiling builds: the kernel launches of every run so far."""
    grow: Callable[[int], CompiledModel] | None = None
    """Where strata.compile chose the trip bound of a loop's growing list: the same compile for
    a given bound, which a call whose loop runs longer uses (`_grown`)."""
    _growing: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def _run(self, *args: np.ndarray, **kwargs: np.ndarray) -> dict[str, np.ndarray]:
        while True:
            runner = self.runner
            try:
                results = runner(*args, **kwargs)
                break
            except LoopTripsExceeded as err:
                if self.grow is None:
                    raise
                self._grown(self.grow, runner, err)
        if self.events_of is not None:
            self.kernel_runs.append(self.events_of())
        return results

    def _grown(
        self,
        grow: Callable[[int], CompiledModel],
        runner: Callable[..., dict[str, np.ndarray]],
        err: LoopTripsExceeded,
    ) -> None:
        """This model compiled again (`grow`) for LOOP_TRIPS_GROWTH times the trips `runner`'s
        loop ran out of, unless another thread's call already did; its code, signature and
        module become this model's."""
        with self._growing:
            if self.runner is not runner:
                return
            trips = err.trips * LOOP_TRIPS_GROWTH
            if trips > MAX_GROWN_LOOP_TRIPS:
                raise ExecutionError(
                    f"{err}; strata.compile grows the bound it chose up to "
                    f"{MAX_GROWN_LOOP_TRIPS} trips: give max_loop_trips (--max-loop-trips) to "
                    "allow more"
                ) from None
            try:
                bigger = grow(trips)
            except StrataError as again:
                raise ExecutionError(f"{err}; compiled again for {trips} trips: {again}") from None
            for name in ("signature", "module", "stage_seconds", "device", "compile_slices"):
                setattr(self, name, getattr(bigger, name))
            self.events_of = bigger.events_of
            self.runner = bigger.runner

    @property
    def input_names(self) -> list[str]:
        return list(self.signature.input_names)

    @property
    def output_names(self) -> list[str]:
        return [s.name for s in self.signature.visible]

    def run(
        self, inputs: Mapping[str, np.ndarray] | None = None, **kwargs: np.ndarray
    ) -> dict[str, np.ndarray]:
        """All outputs as {name: array}."""
        given = {**(inputs or {}), **kwargs}
        return self._run(**given)

    def __call__(
        self, *args: np.ndarray, **kwargs: np.ndarray
    ) -> np.ndarray | tuple[np.ndarray, ...]:
        """Inputs positionally (in signature order) or by name; one output -> array, else tuple."""
        results = self._run(*args, **kwargs)
        values = tuple(results[spec.name] for spec in self.signature.visible)
        return values[0] if len(values) == 1 else values


def lower(
    source: str | Path | object,
    outputs: Sequence[str] | None = None,
    inputs: Sequence[str] | None = None,
    input_shapes: Sequence[Sequence[int]] | None = None,
    stop_after: str = "llvm",
    after_stage: Callable[[Stage, ModuleOp, float], None] | None = None,
    pipeline: PipelineOptions | None = None,
    after_pass: Callable[[ModulePass, ModuleOp], None] | None = None,
    keep_loops: bool | None = None,
    max_loop_trips: int | None = None,
) -> tuple[Context, ModuleOp]:
    """Load `source` (GraphDef path or message, .mlir path, IR text); lower it to `stop_after`.
    `keep_loops=False` unrolls a GraphDef's loops at import, and hlo-reroll-loops does not make
    loops again; the default keeps them on every chain (LOOPING_TARGETS). `max_loop_trips`:
    ImportOptions.max_loop_trips."""
    if keep_loops is None:
        keep_loops = target_of(stop_after) in LOOPING_TARGETS
    if not keep_loops:  # loops unrolled at import (a chain without loops): none made again
        pipeline = replace(pipeline or PipelineOptions(), loops=False)
    if max_loop_trips is not None and max_loop_trips < 1:
        raise StrataError(f"max_loop_trips must be at least 1, found {max_loop_trips}")
    options = ImportOptions(
        inputs=inputs,
        input_shapes=input_shapes,
        outputs=outputs,
        keep_loops=keep_loops,
        max_loop_trips=max_loop_trips,
    )
    from strata.loading import load_module  # xDSL's IR: not imported for a cached compile

    ctx, module = load_module(source, options=options)
    run_stages(
        ctx,
        module,
        stop_after=stop_after,
        after_stage=after_stage,
        after_pass=after_pass,
        options=pipeline,
    )
    return ctx, module


class _Recorder:
    """A compile's stage times, its progress line and its trace slices, fed by the pipeline."""

    def __init__(self) -> None:
        self.times: dict[str, float] = {}
        self.progress = CompileProgress()
        self.timer = CompileTimer()

    def stage(self, stage: Stage, module: ModuleOp, seconds: float) -> None:
        self.times[stage.name] = seconds
        self.timer.after_stage(stage.name, seconds)
        last = stage.name in ("llvm", "gpu")
        self.progress.stage_done(stage.name, module, "LLVM code generation" if last else "")

    def pass_(self, done: ModulePass, _module: ModuleOp) -> None:
        self.timer.after_pass(done.name)

    def step(self, name: str, seconds: float) -> None:
        self.times[name] = seconds
        self.timer.step(name, seconds)


def compile(  # noqa: A001 - the natural name for this entry point
    source: str | Path | object,
    outputs: Sequence[str] | None = None,
    inputs: Sequence[str] | None = None,
    input_shapes: Sequence[Sequence[int]] | None = None,
    target: str = "cpu",
    opt_level: int = 2,
    cpu: str | None = None,
    check_bounds: bool = False,
    cache: bool = True,
    profile: bool = False,
    threads: int | None = None,
    plugins: Sequence[str] = (),
    verify_each: bool | None = None,
    max_loop_trips: int | None = None,
) -> CompiledModel:
    """Compile a model all the way for `target` and return a callable; `cpu` tunes the JIT of
    cpu and cuda-sim (`x86-64`, `x86-64-v2`..`v4`, `host`; default $STRATA_JIT_CPU or host).

    `check_bounds` guards every memref access in the kernels: a call whose kernel indexes out of
    a buffer raises ExecutionError naming the kernel, the buffer and the TF node.

    `cache`: the cpu target's object code is kept in the compile cache (strata.compile_cache;
    `$STRATA_CACHE_DIR`) and a compile of the same input with the same options loads it instead.

    `profile`: a build that times every kernel launch; each run appends its launches to
    `kernel_runs` (strata.profiling makes a table or a Chrome trace of them).

    `threads` (cpu target): kernels with enough work split their outer parallel loop across this
    many threads (default: the cores this process may use; 1: serial). Results are identical for
    every count. A build with bounds checks runs serially.

    `plugins`: plugins to load first (strata.plugins: .py files or module names adding dialects,
    passes and stages); installed `strata.plugins` entry points load by themselves. A compile
    with plugins loaded is not cached (their code is not part of the key).

    `verify_each`: verify the IR after every stage, not only after the first (the imported
    graph; the last, the llvm dialect, is verified by LLVM as it parses it) (default:
    $STRATA_VERIFY_EACH=1, which the test suites set, else off; a pass that breaks the IR is
    then named at the stage it broke it, at a fifth more compile time).

    `max_loop_trips`: a GraphDef's kept loop that grows a list nothing else bounds (no trip
    count known at import, no maximum_iterations) runs at most this many trips, the list held at
    that length; a call whose loop would run longer raises ExecutionError naming the loop.
    Without it the compile chooses the bound: FIRST_LOOP_TRIPS, and a call whose loop would
    run longer compiles the model again for LOOP_TRIPS_GROWTH times as many trips (from the
    cache where it holds them) and runs again, up to MAX_GROWN_LOOP_TRIPS.

    Raises StrataError for anything the input causes: an xDSL parse, verify or pass error
    arrives as its subclass CompileError (the original is `__cause__`)."""
    from strata.plugins import load_plugins

    load_plugins(plugins)
    if target not in TARGETS:
        raise StrataError(f"unknown target '{target}' (targets: {', '.join(TARGETS)})")
    from strata.targets import vector_library
    from strata.targets.cpu import jit_cpu
    from strata.targets.description import TargetDescription

    target_description = TargetDescription.for_cpu(jit_cpu(cpu))
    if threads is not None and threads < 1:
        raise StrataError(f"threads must be at least 1, found {threads}")
    each = os.environ.get(VERIFY_EACH_ENV) == "1" if verify_each is None else verify_each
    pipeline = PipelineOptions(
        check_bounds=check_bounds,
        profile=profile,
        threads=1 if check_bounds else (threads or target_description.cores),
        target=target_description,
        vector_library=vector_library.available(),
        verify_each=each,
        verify_last=each,  # the llvm stage goes straight to LLVM, which verifies what it parses
    )
    rec = _Recorder()
    try:
        with _collector_paused():
            imports = ImportOptions(
                inputs=inputs,
                input_shapes=input_shapes,
                outputs=outputs,
                max_loop_trips=FIRST_LOOP_TRIPS if max_loop_trips is None else max_loop_trips,
            )
            model = _compile(source, imports, target, opt_level, cpu, cache, pipeline, rec)
    except XDSL_ERRORS as err:
        raise CompileError.of(err) from err
    finally:
        rec.progress.finish()
    model.compile_slices = rec.timer.slices
    if max_loop_trips is None and model.signature.trip_bounds:

        def grow(trips: int) -> CompiledModel:
            return compile(
                source,
                outputs,
                inputs,
                input_shapes,
                target,
                opt_level,
                cpu,
                check_bounds,
                cache,
                profile,
                threads,
                plugins,
                verify_each,
                max_loop_trips=trips,
            )

        model.grow = grow
    return model


_gc_lock = threading.Lock()
_gc_pausers = 0
_gc_was_enabled = False


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off while compiling, and back as it was after (nested
    and concurrent compiles count: the last one out restores it). IR is a graph of many small
    objects with parent links: the collector's passes over it cost 10-20% of a large compile
    (the 1000-layer chain of bench_compile, 2-core AVX2 EPYC: 24-29 s with it, 20-23 s without)
    and find little a compile is done with; what it would have freed is freed once it runs
    again. Peak memory rises by about a quarter (252 to 318 MB there)."""
    global _gc_pausers, _gc_was_enabled
    with _gc_lock:
        if _gc_pausers == 0:
            _gc_was_enabled = gc.isenabled()
        _gc_pausers += 1
        gc.disable()
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pausers -= 1
            if _gc_pausers == 0 and _gc_was_enabled:
                gc.enable()


def _compile(
    source: str | Path | object,
    imports: ImportOptions,
    target: str,
    opt_level: int,
    cpu: str | None,
    cache: bool,
    pipeline: PipelineOptions,
    rec: _Recorder,
) -> CompiledModel:
    times = rec.times
    if target in GPU_TARGETS:
        return _compile_gpu(source, imports, target, opt_level, rec, cpu, pipeline)

    from strata.runtime.cpu import CompiledFunction

    start = time.perf_counter()
    key = None
    if cache:
        key = _cache_key(source, imports, target, opt_level, cpu, pipeline)
        cached = _from_cache(key, opt_level, cpu)
        if cached is not None:
            rec.step("cache-load", time.perf_counter() - start)
            return CompiledModel(
                cached,
                cached.signature,
                None,
                times,
                events_of=(lambda: cached.last_events) if pipeline.profile else None,
            )
    start = time.perf_counter()
    _ctx, module = lower(
        source,
        imports.outputs,
        imports.inputs,
        imports.input_shapes,
        after_stage=rec.stage,
        pipeline=pipeline,
        after_pass=rec.pass_,
        max_loop_trips=imports.max_loop_trips,
    )
    times["import"] = time.perf_counter() - start - sum(times.values())

    start = time.perf_counter()
    fn = CompiledFunction.from_module(module, opt_level=opt_level, cpu=cpu, on_part=rec.timer.part)
    rec.step("llvm-jit", time.perf_counter() - start)
    if key is not None:
        from strata.compile_cache import CompileCache
        from strata.targets.cpu import packed

        layout, payload = packed(fn.jit_module)
        header: dict[str, object] = {"signature": fn.signature.to_json(), **layout}
        CompileCache.default().put(key, header, payload)
    return CompiledModel(
        fn,
        fn.signature,
        module,
        times,
        events_of=(lambda: fn.last_events) if pipeline.profile else None,
    )


def _cache_key(
    source: object,
    imports: ImportOptions,
    target: str,
    opt_level: int,
    cpu: str | None,
    pipeline: PipelineOptions,
) -> CacheKey | None:
    """Everything that decides a cpu compile's object code; None when the source is not
    hashable (then the compile is not cached)."""
    from strata.compile_cache import CacheKey, source_digest
    from strata.plugins import any_loaded
    from strata.targets.cpu import jit_cpu, tuning_fingerprint

    digest = source_digest(source)
    if digest is None or any_loaded():
        return None
    return CacheKey.of(
        source=digest,
        outputs=list(imports.outputs) if imports.outputs is not None else None,
        inputs=list(imports.inputs) if imports.inputs is not None else None,
        input_shapes=(
            [list(s) for s in imports.input_shapes] if imports.input_shapes is not None else None
        ),
        max_loop_trips=imports.max_loop_trips,
        target=target,
        opt_level=opt_level,
        cpu=tuning_fingerprint(jit_cpu(cpu)),
        pipeline={
            k: v for k, v in asdict(pipeline).items() if k not in ("verify_each", "verify_last")
        },
    )


def _from_cache(key: CacheKey | None, opt_level: int, cpu: str | None) -> CompiledFunction | None:
    from strata.compile_cache import CompileCache
    from strata.runtime.cpu import CompiledFunction
    from strata.targets.cpu import JIT_RELOC, jit_cpu, load_object, unpacked
    from strata.targets.llvm_machine import host_target_machine

    if key is None:
        return None
    entry = CompileCache.default().get(key)
    signature_json = entry.header.get("signature") if entry is not None else None
    if entry is None or not isinstance(signature_json, str):
        return None
    parts = unpacked(entry.payload, entry.header)
    if parts is None:  # an entry of an older layout: compiled again
        return None
    objects, data = parts
    machine = host_target_machine(opt_level, jit_cpu(cpu), JIT_RELOC)
    return CompiledFunction(
        load_object(objects, machine, data=data), EntrySignature.from_json(signature_json)
    )


def _compile_gpu(
    source: str | Path | object,
    imports: ImportOptions,
    target: str,
    opt_level: int,
    rec: _Recorder,
    cpu: str | None = None,
    pipeline: PipelineOptions | None = None,
) -> CompiledModel:
    """cuda / cuda-sim: lower to the `gpu` stage; the host plan and the kernels run from there."""
    device = None
    if target == "cuda":
        from strata.runtime import cuda

        device = cuda.open_device()  # no GPU: fail before compiling anything
    start = time.perf_counter()
    ctx, module = lower(
        source,
        imports.outputs,
        imports.inputs,
        imports.input_shapes,
        stop_after="gpu",
        after_stage=rec.stage,
        pipeline=pipeline,
        after_pass=rec.pass_,
        keep_loops=None,
        max_loop_trips=imports.max_loop_trips,
    )
    times = rec.times
    times["import"] = time.perf_counter() - start - sum(times.values())
    start = time.perf_counter()
    if device is not None:
        from strata.runtime import cuda

        fn = cuda.compile_module(ctx, module, device)
        rec.step("ptx-load", time.perf_counter() - start)
    else:
        from strata.runtime import cuda_sim

        fn = cuda_sim.compile_module(ctx, module, opt_level, cpu)
        rec.step("sim-jit", time.perf_counter() - start)
    profiling = pipeline is not None and pipeline.profile
    fn.profile = profiling
    return CompiledModel(
        fn,
        fn.signature,
        module,
        times,
        target,
        fn.device,
        events_of=(lambda: fn.last_events) if profiling else None,
    )
