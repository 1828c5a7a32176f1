"""Compile time against graph size: MatMul + BiasAdd + Tanh layer chains, and a Keras-style
LSTM(64) While loop over more and more time steps, built as GraphDefs with Strata's own protobuf
schema (no TensorFlow needed).

    python bench/bench_compile.py                 # 10, 100 layers; LSTM over 50, 200 steps
    python bench/bench_compile.py --layers 10 100 1000 --lstm-steps 50 200 1000

Prints, per graph: nodes, the compile's wall time, time per node, and the per-stage breakdown
(`CompiledModel.stage_seconds`), and checks the result against numpy. The loop stays a loop, so the
LSTM's compile time does not grow with its steps; its run time per call is printed too.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from graphs import GraphBuilder, lstm_reference, lstm_while

import strata
from strata.frontends.graphdef.schema import GraphDefMessage

BATCH, WIDTH = 8, 32


def layer_chain(layers: int, seed: int = 0) -> tuple[GraphDefMessage, list[np.ndarray]]:
    """x[8, 32] -> layers x (MatMul by a 32x32 constant, BiasAdd, Tanh); returns the weights."""
    rng = np.random.default_rng(seed)
    g = GraphBuilder()
    last = g.placeholder("x", (BATCH, WIDTH))
    weights: list[np.ndarray] = []
    for i in range(layers):
        w = rng.normal(0, 1 / np.sqrt(WIDTH), (WIDTH, WIDTH)).astype(np.float32)
        b = rng.normal(0, 0.1, (WIDTH,)).astype(np.float32)
        weights += [w, b]
        mm = g.node(f"layer{i}/MatMul", "MatMul", last, g.const(f"layer{i}/w", w))
        biased = g.node(f"layer{i}/BiasAdd", "BiasAdd", mm, g.const(f"layer{i}/b", b))
        last = g.node(f"layer{i}/Tanh", "Tanh", biased)
    return g.graph, weights


def reference(x: np.ndarray, weights: list[np.ndarray]) -> np.ndarray:
    h = x.astype(np.float64)
    for w, b in zip(weights[::2], weights[1::2], strict=True):
        h = np.tanh(h @ w + b)
    return h


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layers", type=int, nargs="+", default=[10, 100])
    parser.add_argument("--lstm-steps", type=int, nargs="*", default=[50, 200])
    args = parser.parse_args()
    x = np.random.default_rng(1).standard_normal((BATCH, WIDTH)).astype(np.float32)
    print(f"{'graph':<16} {'nodes':>6} {'compile':>9} {'per node':>9}  stages")
    for layers in args.layers:
        graph, weights = layer_chain(layers)
        start = time.perf_counter()
        model = strata.compile(graph, outputs=[f"layer{layers - 1}/Tanh"], cache=False)
        seconds = time.perf_counter() - start
        out = next(iter(model.run(x=x).values()))
        np.testing.assert_allclose(out, reference(x, weights), rtol=1e-4, atol=1e-5)
        stages = " ".join(f"{k}={v:.2f}" for k, v in model.stage_seconds.items())
        nodes = len(graph.node)
        per_node = 1e3 * seconds / nodes
        print(f"chain{layers:<11} {nodes:>6} {seconds:>8.2f}s {per_node:>7.2f}ms  {stages}")
    for steps in args.lstm_steps:
        lstm, lstm_weights = lstm_while(steps)
        x = np.random.default_rng(1).standard_normal((16, steps, 8)).astype(np.float32)
        start = time.perf_counter()
        model = strata.compile(lstm, outputs=["y"], cache=False)
        seconds = time.perf_counter() - start
        out = model.run(x=x)["y"]
        np.testing.assert_allclose(out, lstm_reference(x, lstm_weights), rtol=1e-4, atol=1e-4)
        runs = []
        for _ in range(20):
            start = time.perf_counter()
            model.run(x=x)
            runs.append(time.perf_counter() - start)
        stages = " ".join(f"{k}={v:.2f}" for k, v in model.stage_seconds.items())
        nodes = len(lstm.node) + sum(len(f.node_def) for f in lstm.library.function)
        per_node = 1e3 * seconds / nodes
        run_ms = 1e3 * float(np.median(runs))
        print(
            f"lstm{steps:<12} {nodes:>6} {seconds:>8.2f}s {per_node:>7.2f}ms  {stages}"
            f"  (run {run_ms:.2f} ms)"
        )


if __name__ == "__main__":
    main()
