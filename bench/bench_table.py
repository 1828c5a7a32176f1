"""One table, one run: Strata against numpy and, when TensorFlow is importable, TF graph mode and
TF with XLA auto-clustering, on the same frozen graphs, in alternating rounds (median of each).

    python bench/bench_table.py [--rounds 5] [--only matmul_512,mlp] [--json] [--target cuda]

Rows: 512^3 and 1024^3 f32 matmul; dense + bias + relu at batch 256 (256x1024 . 1024x256); a
20-op elementwise chain over 1M floats; row softmax and LayerNorm over 1024x1024 (built with
Strata's own GraphDef schema, bench/graphs.py); a segment sum of 100,000 rows, a cumsum along
8 x 32,000, the top 50 of 4 x 32,000 and a sort of 8 x 4,096 (TopKV2, k = n, as tf.sort builds
it); an argmax over 64 x 32,000, a column sum and a transpose of 1024 x 1024, attention
scores (q @ k^T, 16 x 256 x 64) and a ResNet-50 bottleneck block at 14 x 14; the BERT encoder
layer, unrolled LSTM, CNN and MLP fixtures, and a Keras LSTM(64) over 200 steps at batch 16
whose While loop stays a loop. Every Strata result is checked against numpy (or TF's saved
outputs) before it is timed. The machine's CPU, its features and the thread counts head the
table. `--target cuda` compiles Strata's column for the GPU (each call with its host<->device
copies) and names the GPU too.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import llvmlite.binding as llvm_binding
import numpy as np
from graphs import DT_INT32, GraphBuilder

import strata
from strata.frontends.graphdef.schema import GraphDefMessage

FIXTURES = Path(__file__).resolve().parent.parent / "test" / "fixtures"
Feed = dict[str, np.ndarray]


@dataclass
class Row:
    name: str
    graph: GraphDefMessage | Path
    feed: Feed
    outputs: list[str]
    reference: Callable[[Feed], np.ndarray] | None
    """numpy's version (timed, and the check), or None: then TF's saved outputs are the check."""
    flops: int = 0
    bytes: int = 0
    expected: np.ndarray | None = None
    results: dict[str, float] = field(default_factory=dict)


def _rng() -> np.random.Generator:
    return np.random.default_rng(0)


def matmul_row(n: int) -> Row:
    g = GraphBuilder()
    g.node("c", "MatMul", g.placeholder("a", (n, n)), g.placeholder("b", (n, n)))
    feed = {
        "a": _rng().standard_normal((n, n), np.float32),
        "b": _rng().standard_normal((n, n), np.float32),
    }
    return Row(f"matmul_{n}", g.graph, feed, ["c"], lambda f: f["a"] @ f["b"], flops=2 * n**3)


def dense_row() -> Row:
    rng = _rng()
    w = rng.normal(0, 0.03, (1024, 256)).astype(np.float32)
    b = rng.normal(0, 0.1, (256,)).astype(np.float32)
    g = GraphBuilder()
    mm = g.node("mm", "MatMul", g.placeholder("x", (256, 1024)), g.const("w", w))
    g.node("y", "Relu", g.node("bias", "BiasAdd", mm, g.const("b", b)))
    feed = {"x": rng.standard_normal((256, 1024), np.float32)}
    return Row(
        "dense_bias_relu_256", g.graph, feed, ["y"],
        lambda f: np.maximum(f["x"] @ w + b, 0), flops=2 * 256 * 1024 * 256,
    )  # fmt: skip


CHAIN = [
    "Log1p", "Tanh", "Sigmoid", "Exp", "Sqrt", "Rsqrt", "Square", "Softsign", "Log", "Expm1",
    "Neg", "Elu", "Abs", "Softplus", "Tanh", "Exp", "Log1p", "Sigmoid", "Sqrt", "Relu",
]  # fmt: skip
"""20 unary ops, each defined on what the previous one gives for x in (0.1, 2)."""

NUMPY_UNARY: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "Log1p": np.log1p, "Tanh": np.tanh, "Sigmoid": lambda x: 1 / (1 + np.exp(-x)), "Exp": np.exp,
    "Sqrt": np.sqrt, "Rsqrt": lambda x: 1 / np.sqrt(x), "Square": np.square,
    "Softsign": lambda x: x / (1 + np.abs(x)), "Log": np.log, "Expm1": np.expm1, "Neg": np.negative,
    "Elu": lambda x: np.where(x > 0, x, np.expm1(x)), "Abs": np.abs,
    "Softplus": lambda x: np.log1p(np.exp(x)), "Relu": lambda x: np.maximum(x, 0),
}  # fmt: skip


def elementwise_row() -> Row:
    g = GraphBuilder()
    last = g.placeholder("x", (1 << 20,))
    for i, op in enumerate(CHAIN):
        last = g.node(f"op{i}_{op}", op, last)

    def reference(f: Feed) -> np.ndarray:
        x = f["x"]
        for op in CHAIN:
            x = NUMPY_UNARY[op](x)
        return x

    feed = {"x": _rng().uniform(0.1, 2.0, 1 << 20).astype(np.float32)}
    return Row("elementwise_20_ops_1M", g.graph, feed, [last], reference, bytes=8 << 20)


def softmax_row() -> Row:
    g = GraphBuilder()
    g.node("y", "Softmax", g.placeholder("x", (1024, 1024)))

    def reference(f: Feed) -> np.ndarray:
        e = np.exp(f["x"] - f["x"].max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    feed = {"x": _rng().standard_normal((1024, 1024), np.float32)}
    return Row("softmax_1024x1024", g.graph, feed, ["y"], reference, bytes=8 << 20)


def masked_softmax_row() -> Row:
    """A causal attention's softmax: scores + a mask bias of -1e9 above the diagonal (the way
    Keras and Hugging Face models mask), as inputs; half the exponentials are of huge negative
    numbers and round to 0."""
    n = 1024
    g = GraphBuilder()
    scores = g.node("masked", "AddV2", g.placeholder("x", (n, n)), g.placeholder("bias", (n, n)))
    g.node("y", "Softmax", scores)

    def reference(f: Feed) -> np.ndarray:
        z = f["x"] + f["bias"]
        e = np.exp(z - z.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    bias = np.triu(np.full((n, n), -1e9, np.float32), 1)
    feed = {"x": _rng().standard_normal((n, n), np.float32), "bias": bias}
    return Row("masked_softmax_1024x1024", g.graph, feed, ["y"], reference, bytes=12 << 20)


def layernorm_row() -> Row:
    g = GraphBuilder()
    x = g.placeholder("x", (1024, 1024))
    mean = g.reduction("mean", "Mean", x, 1)
    centered = g.node("centered", "Sub", x, mean)
    var = g.reduction("var", "Mean", g.node("sq", "Square", centered), 1)
    eps = g.const("eps", np.array(1e-5, np.float32))
    inv = g.node("inv", "Rsqrt", g.node("var_eps", "AddV2", var, eps))
    g.node("y", "Mul", centered, inv)

    def reference(f: Feed) -> np.ndarray:
        c = f["x"] - f["x"].mean(axis=1, keepdims=True)
        return c / np.sqrt((c * c).mean(axis=1, keepdims=True) + 1e-5)

    feed = {"x": _rng().standard_normal((1024, 1024), np.float32)}
    return Row("layernorm_1024x1024", g.graph, feed, ["y"], reference, bytes=8 << 20)


def segment_sum_row() -> Row:
    """tf.math.unsorted_segment_sum of 100,000 rows of 16 into 1,000 segments (an embedding
    table's gradient, a graph network's message sum): a scatter-add by data-dependent ids."""
    rows, width, segments = 100_000, 16, 1000
    ids = _rng().integers(0, segments, rows).astype(np.int32)
    g = GraphBuilder()
    data = g.placeholder("data", (rows, width))
    count = g.const("num_segments", np.array(segments, np.int32))
    g.node("sums", "UnsortedSegmentSum", data, g.const("ids", ids), count)
    g.nodes[-1].attr["Tindices"].type = DT_INT32
    g.nodes[-1].attr["Tnumsegments"].type = DT_INT32

    def reference(f: Feed) -> np.ndarray:
        out = np.zeros((segments, width), np.float32)
        np.add.at(out, ids, f["data"])  # in index order, as TensorFlow and Strata add them
        return out

    feed = {"data": _rng().standard_normal((rows, width), np.float32)}
    return Row(
        "segment_sum_100k", g.graph, feed, ["sums"], reference, bytes=(rows + segments) * width * 4
    )


def cumsum_row() -> Row:
    """tf.cumsum along the vocabulary of 8 rows of 32,000 logits (nucleus sampling's CDF)."""
    rows, vocab = 8, 32_000
    g = GraphBuilder()
    g.node(
        "cdf", "Cumsum", g.placeholder("p", (rows, vocab)), g.const("axis", np.array(1, np.int32))
    )
    g.nodes[-1].attr["Tidx"].type = DT_INT32

    def reference(f: Feed) -> np.ndarray:
        return np.cumsum(f["p"], axis=1, dtype=np.float32)

    feed = {"p": _rng().uniform(0, 1e-4, (rows, vocab)).astype(np.float32)}
    return Row("cumsum_8x32000", g.graph, feed, ["cdf"], reference, bytes=rows * vocab * 8)


def top_k_row() -> Row:
    """tf.math.top_k of k = 50 over 4 rows of 32,000 logits (top-k sampling's candidates)."""
    rows, vocab, k = 4, 32_000, 50
    g = GraphBuilder()
    g.node(
        "top", "TopKV2", g.placeholder("logits", (rows, vocab)), g.const("k", np.array(k, np.int32))
    )
    g.nodes[-1].attr["sorted"].b = True

    def reference(f: Feed) -> np.ndarray:
        order = np.argsort(-f["logits"], axis=1, kind="stable")[:, :k]
        return np.take_along_axis(f["logits"], order, axis=1)

    feed = {"logits": _rng().standard_normal((rows, vocab)).astype(np.float32)}
    return Row("top_k_50_of_4x32000", g.graph, feed, ["top"], reference, bytes=rows * vocab * 4)


def sort_row() -> Row:
    """tf.sort of 8 rows of 4,096 floats, descending: TopKV2 with k = n, as tf.sort builds it."""
    rows, n = 8, 4096
    g = GraphBuilder()
    g.node("top", "TopKV2", g.placeholder("x", (rows, n)), g.const("k", np.array(n, np.int32)))
    g.nodes[-1].attr["sorted"].b = True

    def reference(f: Feed) -> np.ndarray:
        return -np.sort(-f["x"], axis=1)

    feed = {"x": _rng().standard_normal((rows, n)).astype(np.float32)}
    return Row("sort_8x4096", g.graph, feed, ["top"], reference, bytes=rows * n * 4)


def argmax_row() -> Row:
    """Greedy decoding's step: tf.argmax over 64 rows of 32,000 logits (int64 indices)."""
    rows, vocab = 64, 32000
    g = GraphBuilder()
    g.node(
        "am",
        "ArgMax",
        g.placeholder("logits", (rows, vocab)),
        g.const("axis", np.array(1, np.int32)),
    )
    g.nodes[-1].attr["output_type"].type = 9  # DT_INT64

    def reference(f: Feed) -> np.ndarray:
        return np.argmax(f["logits"], axis=1)

    feed = {"logits": _rng().standard_normal((rows, vocab)).astype(np.float32)}
    return Row("argmax_64x32000", g.graph, feed, ["am"], reference, bytes=rows * vocab * 4)


def column_sum_row() -> Row:
    """tf.reduce_sum over axis 0 of 1024 x 1024 (a batch statistic; NHWC pooling reduces the
    same way): the kept dim is the contiguous one."""
    g = GraphBuilder()
    g.node("s", "Sum", g.placeholder("x", (1024, 1024)), g.const("axis", np.array(0, np.int32)))
    feed = {"x": _rng().standard_normal((1024, 1024), np.float32)}
    return Row("column_sum_1024x1024", g.graph, feed, ["s"], lambda f: f["x"].sum(axis=0),
               bytes=4 << 20)  # fmt: skip


def transpose_row() -> Row:
    """tf.transpose of 1024 x 1024 into a new buffer (numpy: a contiguous copy of x.T)."""
    g = GraphBuilder()
    perm = g.const("perm", np.array([1, 0], np.int32))
    g.node("t", "Transpose", g.placeholder("x", (1024, 1024)), perm)
    feed = {"x": _rng().standard_normal((1024, 1024), np.float32)}
    return Row("transpose_1024x1024", g.graph, feed, ["t"],
               lambda f: np.ascontiguousarray(f["x"].T), bytes=8 << 20)  # fmt: skip


def attention_scores_row() -> Row:
    """An attention layer's scores, q @ k^T over 16 heads of 256 tokens x 64 (BatchMatMulV2
    with adj_y)."""
    g = GraphBuilder()
    shape = (16, 256, 64)
    g.node("s", "BatchMatMulV2", g.placeholder("q", shape), g.placeholder("k", shape))
    g.nodes[-1].attr["adj_y"].b = True
    rng = _rng()
    feed = {name: rng.standard_normal(shape, np.float32) for name in ("q", "k")}
    return Row(
        "attention_scores_16x256x64", g.graph, feed, ["s"],
        lambda f: f["q"] @ f["k"].transpose(0, 2, 1), flops=2 * 16 * 256 * 256 * 64,
    )  # fmt: skip


def fixture_row(name: str, outputs: list[str]) -> Row:
    data = np.load(FIXTURES / f"{name}.inputs.npz")
    expected = np.load(FIXTURES / f"{name}.outputs.npz")[outputs[0]]
    path = FIXTURES / f"{name}.pb"
    return Row(name, path, {k: data[k] for k in data.files}, outputs, None, expected=expected)


def _conv_same(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """numpy's stride-1 SAME convolution, NHWC x HWIO (odd filter sizes)."""
    kh, kw = w.shape[:2]
    padded = np.pad(x, ((0, 0), (kh // 2, kh // 2), (kw // 2, kw // 2), (0, 0)))
    h, wd = x.shape[1:3]
    out = np.zeros((*x.shape[:3], w.shape[3]), np.float32)
    for i in range(kh):
        for j in range(kw):
            out += padded[:, i : i + h, j : j + wd, :] @ w[i, j]
    return out


def resnet_block_row() -> Row:
    """ResNet-50's conv4 identity block at batch 1: 1x1 1024->256, 3x3 256->256, 1x1 256->1024
    (each with its bias), the residual add and ReLUs, over 14x14 (a 2.4 MB 3x3 filter, as deep
    CNNs have)."""
    rng = _rng()
    shapes = {"a": (1, 1, 1024, 256), "b": (3, 3, 256, 256), "c": (1, 1, 256, 1024)}
    ws = {
        k: rng.normal(0, 1 / np.sqrt(np.prod(s[:3])), s).astype(np.float32)
        for k, s in shapes.items()
    }
    bs = {k: rng.normal(0, 0.1, s[3]).astype(np.float32) for k, s in shapes.items()}
    g = GraphBuilder()
    x = g.placeholder("x", (1, 14, 14, 1024))
    h = x
    for k in "abc":
        h = g.node(f"{k}_bias", "BiasAdd", g.conv2d(f"{k}_conv", h, g.const(f"w{k}", ws[k])),
                   g.const(f"b{k}", bs[k]))  # fmt: skip
        if k != "c":
            h = g.node(f"{k}_relu", "Relu", h)
    g.node("y", "Relu", g.node("residual", "AddV2", h, x))

    def reference(f: Feed) -> np.ndarray:
        h = f["x"]
        for k in "abc":
            h = _conv_same(h, ws[k]) + bs[k]
            if k != "c":
                h = np.maximum(h, 0)
        return np.maximum(h + f["x"], 0)

    feed = {"x": rng.standard_normal((1, 14, 14, 1024)).astype(np.float32)}
    macs = 14 * 14 * sum(int(np.prod(s)) for s in shapes.values())
    return Row("resnet_block_14x14x1024", g.graph, feed, ["y"], reference, flops=2 * macs)


def all_rows() -> list[Row]:
    return [
        matmul_row(512),
        matmul_row(1024),
        dense_row(),
        elementwise_row(),
        softmax_row(),
        masked_softmax_row(),
        layernorm_row(),
        segment_sum_row(),
        cumsum_row(),
        top_k_row(),
        sort_row(),
        argmax_row(),
        column_sum_row(),
        transpose_row(),
        attention_scores_row(),
        resnet_block_row(),
        fixture_row("bert_encoder_layer", ["Identity"]),
        fixture_row("lstm_unrolled", ["Identity"]),
        fixture_row("lstm64_long_while_v2", ["Identity"]),
        fixture_row("cnn_small", ["Identity"]),
        fixture_row("mlp", ["Identity"]),
    ]


def tensorflow_runners(row: Row) -> dict[str, Callable[[], object]]:
    """TF graph mode and TF+XLA (auto-clustering) sessions on the row's graph, when TF imports."""
    try:
        import tensorflow as tf
    except ImportError:
        return {}
    graph_def = tf.compat.v1.GraphDef()
    data = row.graph.read_bytes() if isinstance(row.graph, Path) else row.graph.SerializeToString()
    graph_def.ParseFromString(data)
    runners: dict[str, Callable[[], object]] = {}
    for label, jit in (("tf", False), ("tf+xla", True)):
        graph = tf.Graph()
        with graph.as_default():
            tf.graph_util.import_graph_def(graph_def, name="")
        config = tf.compat.v1.ConfigProto()
        if jit:
            level = tf.compat.v1.OptimizerOptions.ON_1
            config.graph_options.optimizer_options.global_jit_level = level
        session = tf.compat.v1.Session(graph=graph, config=config)
        fetches = [f"{o}:0" for o in row.outputs]
        feed = {f"{k}:0": v for k, v in row.feed.items()}
        runners[label] = lambda s=session, fe=fetches, fd=feed: s.run(fe, fd)
    return runners


SETTLE_SECONDS = 0.3
"""Pause before each contender's round. With one untimed call only, OpenBLAS's spinning threads
(numpy's round before) halved Strata's matmul on 2 cores: 45 against 86 GFLOP/s with
OPENBLAS_NUM_THREADS=1 (2026-11-26)."""


WARM_SECONDS = 0.15
"""Untimed calls of a contender after the pause, before its timed ones. After 0.3 s idle, on a
2-core VM, Strata's softmax_1024x1024 at 2 threads ran its next ~50 ms of calls at 1.1 ms, then
at 0.5 ms, its steady state (1 thread: 0.95 ms throughout): the idle virtual CPU of the second
thread comes back slowly. One untimed call left the row at 1.13 ms; this warm-up, at 0.53 ms."""


def measure(row: Row, rounds: int, runs: int, target: str) -> None:
    """Times the row's contenders, `runs` calls per sample (0: as many as take ~50 ms)."""
    model = strata.compile(row.graph, outputs=row.outputs, cache=False, target=target)
    got = model.run(row.feed)[row.outputs[0]]  # the first call also starts threads
    if not runs:
        start = time.perf_counter()
        model.run(row.feed)
        runs = max(1, min(200, int(0.05 / max(time.perf_counter() - start, 1e-6))))
    want = row.expected if row.reference is None else row.reference(row.feed)
    np.testing.assert_allclose(got, want, rtol=2e-3, atol=2e-4, err_msg=f"{row.name}: strata")
    runners: dict[str, Callable[[], object]] = {"strata": lambda: model.run(row.feed)}
    if row.reference is not None:
        reference = row.reference
        runners["numpy"] = lambda: reference(row.feed)
    runners.update(tensorflow_runners(row))
    samples: dict[str, list[float]] = {k: [] for k in runners}
    for fn in runners.values():
        fn()  # warm up (TF: graph optimisation and XLA compilation happen here)
    for _ in range(rounds):
        for label, fn in runners.items():  # alternating: A B C A B C ...
            # The previous contender's worker threads spin a while after each call (OpenBLAS
            # about 0.1 s, TensorFlow's pool, Strata's ~0.1 ms) and would take this one's cores:
            # let them go to sleep, then warm this one up (WARM_SECONDS).
            time.sleep(SETTLE_SECONDS)
            warm_until = time.perf_counter() + WARM_SECONDS
            fn()
            while time.perf_counter() < warm_until:
                fn()
            start = time.perf_counter()
            for _ in range(runs):
                fn()
            samples[label].append((time.perf_counter() - start) / runs)
    row.results = {k: statistics.median(v) for k, v in samples.items()}


def rate(row: Row, seconds: float) -> str:
    if row.flops:
        return f"{row.flops / seconds / 1e9:.1f} GFLOP/s"
    if row.bytes:
        return f"{row.bytes / seconds / 1e9:.1f} GB/s"
    return ""


def header(target: str) -> list[str]:
    llvm_binding.initialize_native_target()
    features = llvm_binding.get_host_cpu_features()
    wanted = ("sse4.2", "avx", "avx2", "fma", "avx512f", "avx512bw", "neon", "sve")
    name = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                name = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    if target != "cpu":
        from strata.runtime.cuda import open_device

        device = open_device() if target == "cuda" else None
        gpu = f"{device.name} ({device.chip})" if device else "the GPU kernels emulated on the CPU"
        return [
            f"CPU: {name}, {cores} cores available; Strata's column: --target {target}, {gpu}",
            "'vs best other' = best other time / Strata's (> 1: faster)",
        ]
    return [
        f"CPU: {name} (LLVM: {llvm_binding.get_host_cpu_name()}; "
        f"{', '.join(f for f in wanted if features.get(f))}), {cores} cores available",
        f"Strata: {cores} threads for kernels with enough work (the default); numpy/OpenBLAS and "
        "TensorFlow: their defaults; 'vs best other' = best other time / Strata's (> 1: faster)",
    ]


COLUMNS = ["strata", "numpy", "tf", "tf+xla"]
TABLE_HEAD = [
    "| work | " + " | ".join(COLUMNS) + " | strata rate | strata vs best other |",
    "|---|" + "---:|" * (len(COLUMNS) + 2),
]


def table_line(row: Row) -> str:
    cells = [f"{row.results[c] * 1e3:.3f} ms" if c in row.results else "" for c in COLUMNS]
    others = [v for k, v in row.results.items() if k != "strata"]
    ratio = f"{min(others) / row.results['strata']:.2f}x" if others else ""
    return (
        f"| {row.name} | "
        + " | ".join(cells)
        + f" | {rate(row, row.results['strata'])} | {ratio} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=0, help="calls per timing (default: ~50 ms)")
    parser.add_argument("--only", help="comma-separated row names")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--target", default="cpu", choices=("cpu", "cuda", "cuda-sim"))
    args = parser.parse_args()
    rows = all_rows()
    if args.only:
        wanted = set(args.only.split(","))
        rows = [r for r in rows if r.name in wanted]
    if not args.json:  # each row printed as it is measured: a slow or failing row shows where
        print("\n".join([*header(args.target), "", *TABLE_HEAD]), flush=True)
    for row in rows:
        measure(row, args.rounds, args.runs, args.target)
        if not args.json:
            print(table_line(row), flush=True)
    if args.json:
        print(
            json.dumps({"header": header(args.target), "rows": {r.name: r.results for r in rows}})
        )


if __name__ == "__main__":
    main()
