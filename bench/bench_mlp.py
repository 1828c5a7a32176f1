"""Benchmark: the shipped Keras MLP (16x784 -> 256 -> 256 -> 10) compiled by Strata against numpy
doing the same math with the same weights (and TensorFlow running the frozen graph, when it is
installed), plus Strata's compile time per stage. Prints tables; ratios are speed vs numpy.

    .venv/bin/python bench/bench_mlp.py [--runs 2000] [--opt 2]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import strata
from strata.dialects import tf
from strata.loading import ImportOptions, load_module

FIXTURES = Path(__file__).resolve().parent.parent / "test" / "fixtures"


def median_us(fn: Callable[[], object], runs: int) -> float:
    for _ in range(min(runs, 50)):
        fn()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


ROUNDS = 5


def alternating_us(fns: dict[str, Callable[[], object]], runs: int) -> dict[str, float]:
    """Each implementation's median latency, timed in ROUNDS alternating rounds of runs / ROUNDS
    calls (the best round's median): one implementation's idle threads (OpenBLAS spins for a
    while after a call) then cost every implementation alike, as in bench_table.py."""
    best = dict.fromkeys(fns, float("inf"))
    for _ in range(ROUNDS):
        for name, fn in fns.items():
            best[name] = min(best[name], median_us(fn, max(runs // ROUNDS, 1)))
    return best


def mlp_weights(model: Path) -> list[np.ndarray]:
    """The MLP's constants in graph order (kernel, bias) x 3, read through Strata's importer."""
    _ctx, module = load_module(model, options=ImportOptions(outputs=["Identity"]))
    return [op.as_numpy() for op in module.walk() if isinstance(op, tf.ConstOp)]


def numpy_mlp(weights: list[np.ndarray]) -> Callable[[np.ndarray], np.ndarray]:
    kernels = [w for w in weights if w.ndim == 2]
    biases = [w for w in weights if w.ndim == 1]

    def run(x: np.ndarray) -> np.ndarray:
        h = x
        for i, (k, b) in enumerate(zip(kernels, biases, strict=False)):
            h = h @ k + b
            if i < len(kernels) - 1:
                h = np.maximum(h, 0)
        return h

    return run


def tensorflow_mlp(model: Path) -> tuple[Callable[[np.ndarray], object], str] | None:
    """TensorFlow running the same frozen graph (graph mode, then XLA if it compiles), when
    TensorFlow is importable; the project never needs it."""
    try:
        import tensorflow as tf  # noqa: PLC0415 - optional, benchmark only
    except ImportError:
        return None
    graph_def = tf.compat.v1.GraphDef()
    graph_def.ParseFromString(model.read_bytes())

    def imported() -> object:
        tf.compat.v1.import_graph_def(graph_def, name="")

    wrapped = tf.compat.v1.wrap_function(imported, [])
    fn = wrapped.prune("x:0", "Identity:0")
    return (lambda x: fn(tf.constant(x)).numpy()), f"tensorflow {tf.__version__}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--opt", type=int, default=2)
    args = parser.parse_args()

    model = FIXTURES / "mlp.pb"
    x = np.load(FIXTURES / "mlp.inputs.npz")["x"]
    expected = np.load(FIXTURES / "mlp.outputs.npz")["Identity"]

    # The first compile in a process also imports xDSL's dialect modules; the second is the
    # steady-state cost of compiling a model.
    start = time.perf_counter()
    cold = strata.compile(model, outputs=["Identity"], opt_level=args.opt, cache=False)
    cold_s = time.perf_counter() - start
    start = time.perf_counter()
    fn = strata.compile(model, outputs=["Identity"], opt_level=args.opt, cache=False)
    compile_s = time.perf_counter() - start
    ref = numpy_mlp(mlp_weights(model))

    got = fn(x=x)
    err_strata = float(np.abs(got - expected).max())
    err_numpy = float(np.abs(ref(x) - expected).max())

    timed = alternating_us({"strata": lambda: fn(x=x), "numpy": lambda: ref(x)}, args.runs)
    strata_us, numpy_us = timed["strata"], timed["numpy"]

    print("## MLP 16x784 -> 256 relu -> 256 relu -> 10 (float32)\n")
    print("| implementation | median latency (us) | vs numpy | max abs err vs TF |")
    print("|---|---:|---:|---:|")
    print(f"| numpy | {numpy_us:.1f} | 1.00x | {err_numpy:.2e} |")
    print(
        f"| strata (cpu, O{args.opt}) | {strata_us:.1f} | {numpy_us / strata_us:.2f}x | "
        f"{err_strata:.2e} |"
    )
    tf_run = tensorflow_mlp(model)
    if tf_run is not None:
        run_tf, label = tf_run
        tf_us = median_us(lambda: run_tf(x), args.runs)
        err_tf = float(np.abs(run_tf(x) - expected).max())
        print(f"| {label} (graph) | {tf_us:.1f} | {numpy_us / tf_us:.2f}x | {err_tf:.2e} |")
    print("\n## Compile time per stage (ms)\n")
    print("| stage | first compile in the process | later compiles |")
    print("|---|---:|---:|")
    for stage, seconds in fn.stage_seconds.items():
        print(f"| {stage} | {cold.stage_seconds[stage] * 1000:.1f} | {seconds * 1000:.1f} |")
    print(f"| **total** | {cold_s * 1000:.1f} | {compile_s * 1000:.1f} |")


if __name__ == "__main__":
    main()
