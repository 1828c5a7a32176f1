"""The Python API: `strata.compile(model, outputs=..., target="cpu")` returns a callable.

fn = strata.compile("model.pb", outputs=["Softmax"])
y = fn(x=np.ones((8, 784), np.float32))      # one output: an array; several: a tuple
d = fn.run(x=...)                            # always a dict {output name: array}

Targets: "cpu" (the JIT), "cuda" (PTX launched through the CUDA driver; needs a GPU) and
"cuda-sim" (the same GPU kernels and host plan, run on the CPU by emulating the grid).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from strata.abi import EntrySignature
from strata.diagnostics import InputError, StrataError
from strata.frontends.graphdef.options import ImportOptions
from strata.loading import load_module
from strata.pipeline import PipelineOptions, Stage, run_stages

TARGETS = ("cpu", "cuda", "cuda-sim")
GPU_TARGETS = ("cuda", "cuda-sim")


@dataclass
class CompiledModel:
    """A compiled entry function: call it with numpy arrays by input name."""

    runner: Callable[[Mapping[str, np.ndarray]], dict[str, np.ndarray]]
    signature: EntrySignature
    module: ModuleOp
    stage_seconds: dict[str, float] = field(default_factory=dict)
    target: str = "cpu"
    device: object | None = None
    """The GPU targets' Device (strata.runtime.cuda.CudaDevice or cuda_sim.SimDevice)."""

    @property
    def input_names(self) -> list[str]:
        return [s.name for s in self.signature.inputs]

    @property
    def output_names(self) -> list[str]:
        return [s.name for s in self.signature.outputs]

    def run(
        self, inputs: Mapping[str, np.ndarray] | None = None, **kwargs: np.ndarray
    ) -> dict[str, np.ndarray]:
        """All outputs as {name: array}."""
        given = {**(inputs or {}), **kwargs}
        return self.runner(given)

    def __call__(
        self, *args: np.ndarray, **kwargs: np.ndarray
    ) -> np.ndarray | tuple[np.ndarray, ...]:
        """Inputs positionally (in signature order) or by name; one output -> array, else tuple."""
        if len(args) > len(self.input_names):
            raise InputError(
                f"expected at most {len(self.input_names)} positional inputs, got {len(args)}"
            )
        given = dict(zip(self.input_names, args, strict=False))
        for name, value in kwargs.items():
            if name in given:
                raise InputError(f"input '{name}' given twice")
            given[name] = value
        results = self.runner(given)
        values = tuple(results[n] for n in self.output_names)
        return values[0] if len(values) == 1 else values


def lower(
    source: str | Path | object,
    outputs: Sequence[str] | None = None,
    inputs: Sequence[str] | None = None,
    input_shapes: Sequence[Sequence[int]] | None = None,
    stop_after: str = "llvm",
    after_stage: Callable[[Stage, ModuleOp, float], None] | None = None,
    pipeline: PipelineOptions | None = None,
) -> tuple[Context, ModuleOp]:
    """Load `source` (GraphDef path or message, .mlir path, IR text); lower it to `stop_after`."""
    options = ImportOptions(inputs=inputs, input_shapes=input_shapes, outputs=outputs)
    ctx, module = load_module(source, options=options)
    run_stages(ctx, module, stop_after=stop_after, after_stage=after_stage, options=pipeline)
    return ctx, module


def compile(  # noqa: A001 - the natural name for this entry point
    source: str | Path | object,
    outputs: Sequence[str] | None = None,
    inputs: Sequence[str] | None = None,
    input_shapes: Sequence[Sequence[int]] | None = None,
    target: str = "cpu",
    opt_level: int = 2,
    cpu: str | None = None,
    check_bounds: bool = False,
) -> CompiledModel:
    """Compile a model all the way for `target` and return a callable; `cpu` tunes the JIT of
    cpu and cuda-sim (`x86-64`, `x86-64-v2`..`v4`, `host`; default $STRATA_JIT_CPU or host).

    `check_bounds` guards every memref access in the kernels: a call whose kernel indexes out of
    a buffer raises ExecutionError naming the kernel, the buffer and the TF node."""
    if target not in TARGETS:
        raise StrataError(f"unknown target '{target}' (targets: {', '.join(TARGETS)})")
    times: dict[str, float] = {}
    pipeline = PipelineOptions(check_bounds=check_bounds)

    def record(stage: Stage, _module: ModuleOp, seconds: float) -> None:
        times[stage.name] = seconds

    if target in GPU_TARGETS:
        return _compile_gpu(
            source, outputs, inputs, input_shapes, target, opt_level, times, record, cpu, pipeline
        )

    start = time.perf_counter()
    _ctx, module = lower(
        source, outputs, inputs, input_shapes, after_stage=record, pipeline=pipeline
    )
    times["import"] = time.perf_counter() - start - sum(times.values())

    from strata.runtime.cpu import CompiledFunction

    start = time.perf_counter()
    fn = CompiledFunction.from_module(module, opt_level=opt_level, cpu=cpu)
    times["llvm-jit"] = time.perf_counter() - start
    return CompiledModel(lambda given: fn(**given), fn.signature, module, times)


def _compile_gpu(
    source: str | Path | object,
    outputs: Sequence[str] | None,
    inputs: Sequence[str] | None,
    input_shapes: Sequence[Sequence[int]] | None,
    target: str,
    opt_level: int,
    times: dict[str, float],
    record: Callable[[Stage, ModuleOp, float], None],
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
        outputs,
        inputs,
        input_shapes,
        stop_after="gpu",
        after_stage=record,
        pipeline=pipeline,
    )
    times["import"] = time.perf_counter() - start - sum(times.values())
    start = time.perf_counter()
    if device is not None:
        from strata.runtime import cuda

        fn = cuda.compile_module(ctx, module, device)
        times["ptx-load"] = time.perf_counter() - start
    else:
        from strata.runtime import cuda_sim

        fn = cuda_sim.compile_module(ctx, module, opt_level, cpu)
        times["sim-jit"] = time.perf_counter() - start
    return CompiledModel(lambda given: fn(**given), fn.signature, module, times, target, fn.device)
