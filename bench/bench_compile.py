"""Compile time against graph size: MatMul + BiasAdd + Tanh layer chains, and a Keras-style
LSTM(64) While loop over more and more time steps, built as GraphDefs with Strata's own protobuf
schema (no TensorFlow needed).

    python bench/bench_compile.py                 # 10, 100 layers; LSTM over 50, 200 steps
    python bench/bench_compile.py --layers 10 100 1000 --lstm-steps 50 200 1000

Prints, per graph: nodes, the compile's wall time (in this process, after a first compile of a
tiny graph has paid for the imports), time per node, the compile from the compile cache (a
second compile with the cache on), the same cold compile in a fresh Python process (the imports
of Strata, xDSL and their dialects included, as `strata-run` pays them), and the per-stage
breakdown (`CompiledModel.stage_seconds`); it checks the result against numpy. The loop stays a
loop, so the LSTM's compile time does not grow with its steps; its run time per call is printed
too.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


FRESH = """
import sys, time
start = time.perf_counter()
import strata
strata.compile(sys.argv[1], outputs=[sys.argv[2]], cache=False)
print(time.perf_counter() - start)
"""
"""A fresh interpreter's import of Strata and first compile of a saved graph (cache off)."""


def fresh_process(graph: GraphDefMessage, output: str, where: Path) -> float:
    """`graph`'s compile in a fresh Python process, imports included (seconds)."""
    path = where / "graph.pb"
    path.write_bytes(graph.SerializeToString())
    done = subprocess.run(
        [sys.executable, "-c", FRESH, str(path), output],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.strip().splitlines()[-1])


def cached(graph: GraphDefMessage, output: str) -> float:
    """A compile served by the compile cache (seconds): the first call stores the entry."""
    strata.compile(graph, outputs=[output])
    start = time.perf_counter()
    strata.compile(graph, outputs=[output])
    return time.perf_counter() - start


def compile_row(
    name: str, graph: GraphDefMessage, output: str, nodes: int, where: Path
) -> tuple[strata.CompiledModel, str]:
    start = time.perf_counter()
    model = strata.compile(graph, outputs=[output], cache=False)
    seconds = time.perf_counter() - start
    stages = " ".join(f"{k}={v:.2f}" for k, v in model.stage_seconds.items())
    per_node = 1e3 * seconds / nodes
    hit = 1e3 * cached(graph, output)
    fresh = fresh_process(graph, output, where)
    line = (
        f"{name:<16} {nodes:>6} {seconds:>8.2f}s {per_node:>7.2f}ms {hit:>6.0f}ms {fresh:>7.2f}s"
        f"  {stages}"
    )
    return model, line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layers", type=int, nargs="+", default=[10, 100])
    parser.add_argument("--lstm-steps", type=int, nargs="*", default=[50, 200])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        where = Path(scratch)
        os.environ["STRATA_CACHE_DIR"] = str(where / "cache")  # the cached column's own cache
        start = time.perf_counter()
        strata.compile(layer_chain(1)[0], outputs=["layer0/Tanh"], cache=False)
        first = time.perf_counter() - start
        print(f"first compile in this process (a 1-layer chain, imports included): {first:.2f}s")
        print(
            f"{'graph':<16} {'nodes':>6} {'compile':>9} {'per node':>9} {'cached':>8} "
            f"{'fresh':>8}  stages"
        )
        x = np.random.default_rng(1).standard_normal((BATCH, WIDTH)).astype(np.float32)
        for layers in args.layers:
            graph, weights = layer_chain(layers)
            output = f"layer{layers - 1}/Tanh"
            model, line = compile_row(f"chain{layers}", graph, output, len(graph.node), where)
            out = next(iter(model.run(x=x).values()))
            np.testing.assert_allclose(out, reference(x, weights), rtol=1e-4, atol=1e-5)
            print(line)
        for steps in args.lstm_steps:
            lstm, lstm_weights = lstm_while(steps)
            x = np.random.default_rng(1).standard_normal((16, steps, 8)).astype(np.float32)
            nodes = len(lstm.node) + sum(len(f.node_def) for f in lstm.library.function)
            model, line = compile_row(f"lstm{steps}", lstm, "y", nodes, where)
            out = model.run(x=x)["y"]
            np.testing.assert_allclose(out, lstm_reference(x, lstm_weights), rtol=1e-4, atol=1e-4)
            runs = []
            for _ in range(20):
                start = time.perf_counter()
                model.run(x=x)
                runs.append(time.perf_counter() - start)
            print(f"{line}  (run {1e3 * float(np.median(runs)):.2f} ms)")


if __name__ == "__main__":
    main()
