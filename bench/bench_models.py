"""Benchmark: every model fixture (test/fixtures/manifest*.json, kind "model") compiled by Strata,
against TensorFlow running the same frozen graph when TensorFlow is installed. Prints a table of
median latencies, the speed ratio, compile time and the max error against TF's saved outputs.

    .venv/bin/python bench/bench_models.py [--runs 300] [--only cnn_small,bert_encoder_layer]
                                           [--target cpu|cuda|cuda-sim]

With `--target cuda` (a GPU and `strata[cuda]`), the Strata column is the whole call with its
host<->device copies, and a kernel column adds the kernels' own time (CUDA events, summed over
the launches of one call). TensorFlow runs wherever it runs by default (its GPU when it has one).
`cuda-sim` emulates the grid on the CPU: its numbers check correctness, not speed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import strata
from strata.diagnostics import StrataError

FIXTURES = Path(__file__).resolve().parent.parent / "test" / "fixtures"


def max_error(got: np.ndarray, expected: np.ndarray) -> float:
    """The largest absolute difference; equal values (NaN against NaN, inf against inf) differ
    by 0, and an empty output (a loop that ran no trip) has no error."""
    a, b = got.astype(np.float64), expected.astype(np.float64)
    same = (a == b) | (np.isnan(a) & np.isnan(b))
    with np.errstate(invalid="ignore"):  # inf - inf where both are inf: masked by `same`
        return float(np.where(same, 0.0, np.abs(a - b)).max(initial=0.0))


def median_us(fn: Callable[[], object], runs: int) -> float:
    for _ in range(min(runs, 20)):
        fn()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def kernel_us(fn: strata.CompiledModel, feed: dict[str, np.ndarray], runs: int) -> str:
    """The median of the kernels' own time per call on a real GPU ("-" on other targets)."""
    device = getattr(fn, "device", None)
    if device is None or not hasattr(device, "profile"):
        return "-"
    device.profile = True
    times = []
    try:
        for _ in range(runs):
            device.kernel_seconds = 0.0
            fn.run(feed)
            times.append(device.kernel_seconds)
    finally:
        device.profile = False
    return f"{statistics.median(times) * 1e6:.1f}"


def tensorflow_runner(
    model: Path, inputs: list[str], outputs: list[str]
) -> Callable[[dict[str, np.ndarray]], list[np.ndarray]] | None:
    """TensorFlow running the frozen graph (pruned to inputs/outputs), if TensorFlow imports."""
    try:
        import tensorflow as tf  # noqa: PLC0415 - optional, benchmark only
    except ImportError:
        return None
    graph_def = tf.compat.v1.GraphDef()
    if model.suffix == ".pbtxt":
        from google.protobuf import text_format  # noqa: PLC0415

        text_format.Parse(model.read_text(), graph_def)
    else:
        graph_def.ParseFromString(model.read_bytes())

    def imported() -> None:
        tf.compat.v1.import_graph_def(graph_def, name="")

    wrapped = tf.compat.v1.wrap_function(imported, [])
    fn = wrapped.prune([f"{n}:0" for n in inputs], [o if ":" in o else f"{o}:0" for o in outputs])
    return lambda feed: [t.numpy() for t in fn(*[tf.constant(feed[n]) for n in inputs])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--only", help="comma-separated model names")
    parser.add_argument("--target", default="cpu", choices=("cpu", "cuda", "cuda-sim"))
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None

    entries = []
    for path in sorted(FIXTURES.glob("manifest*.json")):
        entries += [e for e in json.loads(path.read_text())["models"] if e["kind"] == "model"]
    print(f"target: {args.target}\n")
    print(
        "| model | strata (us) | kernels (us) | tensorflow (us) | speed-up vs TF | compile (s) "
        "| max err |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for entry in entries:
        if only and entry["name"] not in only:
            continue
        model = FIXTURES / entry["file"]
        feed = dict(np.load(FIXTURES / entry["inputs_file"]))
        expected = np.load(FIXTURES / entry["outputs_file"])
        start = time.perf_counter()
        try:
            fn = strata.compile(model, outputs=entry["outputs"], target=args.target)
            compile_s = time.perf_counter() - start
            got = fn.run(feed)
        except StrataError as err:  # one model the target cannot run: say so, go on
            print(f"| {entry['name']} | error: {str(err).splitlines()[0]} | | | | | |")
            continue
        err = max(max_error(got[o], expected[o]) for o in entry["outputs"])
        ours = median_us(lambda fn=fn, feed=feed: fn.run(feed), args.runs)
        kernels = kernel_us(fn, feed, args.runs)
        names = [i["name"] for i in entry["inputs"]]
        run_tf = tensorflow_runner(model, names, entry["outputs"])
        if run_tf is None:
            theirs, ratio = "-", "-"
        else:
            tf_us = median_us(lambda run_tf=run_tf, feed=feed: run_tf(feed), args.runs)
            theirs, ratio = f"{tf_us:.1f}", f"{tf_us / ours:.1f}x"
        print(
            f"| {entry['name']} | {ours:.1f} | {kernels} | {theirs} | {ratio} | {compile_s:.2f} "
            f"| {err:.1e} |"
        )


if __name__ == "__main__":
    try:
        main()
    except StrataError as err:
        raise SystemExit(f"error: {err}") from None
