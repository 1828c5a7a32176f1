"""Register tiles whose rows do not divide m (a tail nest takes the rows left) or exceed it (a
tile of m rows), and constant weights stored as their column panels (linalg-pack-weights), against
numpy in float64, on every tile shape the targets this host can run choose: SSE (x86-64: 4x12,
6x8, 6x4), AVX2 (x86-64-v3: 4x24, 6x16, 6x8) and, on an AVX-512 host, x86-64-v4 (6x64, 6x48,
6x32, 6x16, 6x8; k = 1024 packs a 256 KB panel); and constant weights with too few columns for
any tile stored transposed, each output a dot product along k; and convolutions, whose constant
filters are packed as panels over all their reduction dims, and whose output rows are one m dim
when the filter is large."""

from __future__ import annotations

import numpy as np
import pytest

import strata
from strata.targets.cpu import runnable_cpus

CPUS = [c for c in ("x86-64", "x86-64-v3", "x86-64-v4") if c in runnable_cpus()]
SHAPES = [  # m, k, n
    (1, 64, 48),
    (5, 3, 16),
    (7, 100, 24),
    (13, 64, 48),
    (16, 100, 72),
    (6, 17, 32),
    (9, 40, 100),
    (2, 8, 8),
    (12, 64, 40),
    (9, 1024, 128),
    (4, 64, 64),  # m below the 6 rows of a tile: one tile of m rows
    (5, 100, 96),
    (16, 256, 10),  # no tile has 10 columns: constant weights become dot products along k
    (3, 33, 1),
    (7, 1152, 16),
    (
        13,
        1100,
        128,
    ),  # AVX-512's 64-column panel (275 KB) is over PANEL_BYTES: packed at compile time
]


def _hex(array: np.ndarray) -> str:
    return "0x" + np.ascontiguousarray(array, np.float32).tobytes().hex().upper()


def _module(m: int, k: int, n: int, weights: np.ndarray | None) -> str:
    """`x . w` (w a constant when given, else the second argument) at the hlo stage."""
    dot = (
        "%r = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : "
        f"(tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) -> tensor<{m}x{n}xf32>"
    )
    if weights is None:
        return (
            f"func.func @main(%x: tensor<{m}x{k}xf32>, %w: tensor<{k}x{n}xf32>) -> "
            f"tensor<{m}x{n}xf32> {{\n  {dot}\n  func.return %r : tensor<{m}x{n}xf32>\n}}\n"
        )
    return (
        f"func.func @main(%x: tensor<{m}x{k}xf32>) -> tensor<{m}x{n}xf32> {{\n"
        f'  %w = hlo.constant dense<"{_hex(weights)}"> : tensor<{k}x{n}xf32>\n'
        f"  {dot}\n  func.return %r : tensor<{m}x{n}xf32>\n}}\n"
    )


@pytest.mark.parametrize("cpu", CPUS)
@pytest.mark.parametrize("constant", [True, False], ids=["packed-weights", "weights-argument"])
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)))
def test_matmul_matches_numpy(shape: tuple[int, int, int], constant: bool, cpu: str) -> None:
    m, k, n = shape
    rng = np.random.default_rng(m * 1000 + k * 10 + n)
    x = rng.standard_normal((m, k)).astype(np.float32)
    w = rng.standard_normal((k, n)).astype(np.float32)
    fn = strata.compile(_module(m, k, n, w if constant else None), cpu=cpu, threads=1, cache=False)
    got = fn(x) if constant else fn(x, w)
    result = np.asarray(next(iter(got.values())) if isinstance(got, dict) else got)
    want = x.astype(np.float64) @ w.astype(np.float64)
    np.testing.assert_allclose(result, want, rtol=1e-5, atol=1e-5 * k)


CONVS = [  # batch, size, in channels, out channels, kernel size, stride, padding
    (1, 7, 8, 48, 3, 1, 1),  # a small filter: rows outermost, panels packed inside them
    (1, 9, 64, 96, 3, 1, 0),  # a 216 KB filter: column blocks outermost
    (2, 8, 64, 80, 3, 2, 1),  # 184 KB, strided and padded: output rows merged into one m dim
    (2, 5, 24, 32, 1, 1, 0),  # 1x1: a matmul of 50 rows
    (1, 6, 16, 40, 1, 2, 0),  # 1x1 with stride 2: a convolution still
]


def _conv_module(x_shape: tuple[int, ...], w: np.ndarray, stride: int, pad: int, out: int) -> str:
    b, size, _, ci = x_shape
    kh, kw, _, co = w.shape
    xt, wt = f"tensor<{b}x{size}x{size}x{ci}xf32>", f"tensor<{kh}x{kw}x{ci}x{co}xf32>"
    yt = f"tensor<{b}x{out}x{out}x{co}xf32>"
    return (
        f"func.func @main(%x: {xt}) -> {yt} {{\n"
        f'  %w = hlo.constant dense<"{_hex(w)}"> : {wt}\n'
        '  %y = "hlo.convolution"(%x, %w) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, '
        f"o]->[b, 0, 1, f]>, window_strides = array<i64: {stride}, {stride}>, padding = "
        f"dense<{pad}> : tensor<2x2xi64>, feature_group_count = 1 : i64, batch_group_count = 1 : "
        f"i64}}> : ({xt}, {wt}) -> {yt}\n  func.return %y : {yt}\n}}\n"
    )


@pytest.mark.parametrize("cpu", CPUS)
@pytest.mark.parametrize("conv", CONVS, ids=lambda c: "x".join(map(str, c)))
def test_convolution_matches_numpy(conv: tuple[int, ...], cpu: str) -> None:
    b, size, ci, co, k, stride, pad = conv
    rng = np.random.default_rng(sum(conv))
    x = rng.standard_normal((b, size, size, ci)).astype(np.float32)
    w = rng.standard_normal((k, k, ci, co)).astype(np.float32)
    out = (size + 2 * pad - k) // stride + 1
    fn = strata.compile(_conv_module(x.shape, w, stride, pad, out), cpu=cpu, threads=1, cache=False)
    got = fn(x)
    result = np.asarray(next(iter(got.values())) if isinstance(got, dict) else got)
    padded = np.pad(x.astype(np.float64), ((0, 0), (pad, pad), (pad, pad), (0, 0)))
    want = np.zeros((b, out, out, co))
    span = (out - 1) * stride + 1
    for i in range(k):
        for j in range(k):
            window = padded[:, i : i + span : stride, j : j + span : stride, :]
            want += window @ w[i, j].astype(np.float64)
    np.testing.assert_allclose(result, want, rtol=1e-5, atol=1e-5 * k * k * ci)


@pytest.mark.parametrize("cpu", CPUS)
@pytest.mark.parametrize(
    "shape", [(1, 13, 100, 48), (2, 7, 64, 72)], ids=lambda s: "x".join(map(str, s))
)
def test_batch_matmul_with_constant_rhs_matches_numpy(shape: tuple[int, ...], cpu: str) -> None:
    """x[b, m, k] . w[b, k, n], w a constant reshaped from [b * k, n] (as Keras's projections
    reach a batch matmul), packed with its batch dim in the panels."""
    b, m, k, n = shape
    rng = np.random.default_rng(sum(shape))
    x = rng.standard_normal((b, m, k)).astype(np.float32)
    w = rng.standard_normal((b, k, n)).astype(np.float32)
    xt, wt, yt = f"tensor<{b}x{m}x{k}xf32>", f"tensor<{b}x{k}x{n}xf32>", f"tensor<{b}x{m}x{n}xf32>"
    text = (
        f"func.func @main(%x: {xt}) -> {yt} {{\n"
        f'  %flat = hlo.constant dense<"{_hex(w)}"> : tensor<{b * k}x{n}xf32>\n'
        f"  %w = hlo.reshape %flat : (tensor<{b * k}x{n}xf32>) -> {wt}\n"
        "  %y = hlo.dot_general %x, %w, batching_dims = [0] x [0], contracting_dims = [2] x [1] : "
        f"({xt}, {wt}) -> {yt}\n  func.return %y : {yt}\n}}\n"
    )
    fn = strata.compile(text, cpu=cpu, threads=1, cache=False)
    got = fn(x)
    result = np.asarray(next(iter(got.values())) if isinstance(got, dict) else got)
    want = x.astype(np.float64) @ w.astype(np.float64)
    np.testing.assert_allclose(result, want, rtol=1e-5, atol=1e-5 * k)


MERGED = {  # input, filter, rhs dilation: filters over 128 KB, so output positions are one m dim
    "3d": ((2, 5, 6, 7, 40), (3, 3, 3, 40, 48), 1),
    "2d-dilated": ((1, 9, 8, 64), (3, 3, 64, 96), 2),
}


@pytest.mark.parametrize("case", MERGED)
def test_merged_rows_convolution_matches_numpy(case: str) -> None:
    x_shape, w_shape, dilation = MERGED[case]
    rng = np.random.default_rng(len(x_shape) + dilation)
    x = rng.standard_normal(x_shape).astype(np.float32)
    w = rng.standard_normal(w_shape).astype(np.float32)
    spatial = len(x_shape) - 2
    window = w_shape[:spatial]
    out = (
        x_shape[0],
        *(s - (k - 1) * dilation for s, k in zip(x_shape[1:-1], window, strict=True)),
        w_shape[-1],
    )
    dims = ", ".join(str(i) for i in range(spatial))
    xt, wt, yt = ("tensor<" + "x".join(map(str, s)) + "xf32>" for s in (x_shape, w_shape, out))
    text = (
        f"func.func @main(%x: {xt}) -> {yt} {{\n"
        f'  %w = hlo.constant dense<"{_hex(w)}"> : {wt}\n'
        f'  %y = "hlo.convolution"(%x, %w) <{{dimension_numbers = #hlo.conv<[b, {dims}, f]x'
        f"[{dims}, i, o]->[b, {dims}, f]>, rhs_dilation = array<i64: "
        f"{', '.join([str(dilation)] * spatial)}>, feature_group_count = 1 : i64, "
        f"batch_group_count = 1 : i64}}> : ({xt}, {wt}) -> {yt}\n  func.return %y : {yt}\n}}\n"
    )
    got = strata.compile(text, threads=2, cache=False)(x)
    result = np.asarray(next(iter(got.values())) if isinstance(got, dict) else got)
    want = np.zeros(out)
    for at in np.ndindex(*window):
        window_slice = tuple(
            slice(i * dilation, i * dilation + o) for i, o in zip(at, out[1:-1], strict=True)
        )
        want += x[(slice(None), *window_slice, slice(None))].astype(np.float64) @ w[at]
    np.testing.assert_allclose(result, want, rtol=1e-5, atol=1e-5 * np.prod(w_shape[:-1]))
