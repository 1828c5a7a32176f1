"""Contractions whose elementwise reader is fused as their last step (linalg-fuse-epilogue, then
computed after the reduction loops by convert-linalg-to-loops) against numpy in float64, on every
x86-64 level this host runs, on 1 and 2 threads: a dense layer's bias and ReLU (tail rows: 13 is
no multiple of a tile's rows; and 10 columns, computed as dot products), a residual add and ReLU after a convolution whose output rows are
one m dim (read back through a reshape that splits it), a depthwise convolution's scale, shift and
ReLU6 (through a reshape that drops its channel multiplier's dim of 1), a tanh (expanded math in
the epilogue), and a product read twice (not fused: both results still right)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

import strata
from strata.targets.cpu import runnable_cpus

CPUS = [c for c in ("x86-64", "x86-64-v3", "x86-64-v4") if c in runnable_cpus()]
Case = tuple[str, list[np.ndarray], Callable[[list[np.ndarray]], list[np.ndarray]]]


def _t(shape: tuple[int, ...]) -> str:
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


def _hex(array: np.ndarray) -> str:
    return "0x" + np.ascontiguousarray(array, np.float32).tobytes().hex().upper()


def _dense(rng: np.random.Generator, m: int = 13, k: int = 64, n: int = 48) -> Case:
    w = rng.standard_normal((k, n)).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    text = (
        f"func.func @main(%x: {_t((m, k))}) -> {_t((m, n))} {{\n"
        f'  %w = hlo.constant dense<"{_hex(w)}"> : {_t((k, n))}\n'
        f'  %b = hlo.constant dense<"{_hex(b)}"> : {_t((n,))}\n'
        f"  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : "
        f"({_t((m, k))}, {_t((k, n))}) -> {_t((m, n))}\n"
        f"  %bb = hlo.broadcast_in_dim %b, dims = [1] : ({_t((n,))}) -> {_t((m, n))}\n"
        f"  %s = hlo.add %d, %bb : {_t((m, n))}\n"
        f"  %z = hlo.constant dense<0.0> : {_t((m, n))}\n"
        f"  %y = hlo.maximum %s, %z : {_t((m, n))}\n"
        f"  func.return %y : {_t((m, n))}\n}}\n"
    )
    x = rng.standard_normal((m, k)).astype(np.float32)
    return text, [x], lambda a: [np.maximum(a[0].astype(np.float64) @ w + b, 0)]


def _conv(x: np.ndarray, w: np.ndarray, pad: int) -> np.ndarray:
    """A stride-1 NHWC convolution in float64 (`w`: kh, kw, ci, co)."""
    kh, kw = w.shape[:2]
    padded = np.pad(x.astype(np.float64), ((0, 0), (pad, pad), (pad, pad), (0, 0)))
    out_h, out_w = padded.shape[1] - kh + 1, padded.shape[2] - kw + 1
    out = np.zeros((x.shape[0], out_h, out_w, w.shape[-1]))
    for i in range(kh):
        for j in range(kw):
            out += padded[:, i : i + out_h, j : j + out_w, :] @ w[i, j].astype(np.float64)
    return out


def _convolution(w: np.ndarray, xs: tuple[int, ...], ys: tuple[int, ...], groups: int) -> str:
    """%c: `w` (a constant) over %x, stride 1, padded by 1, in `groups` feature groups."""
    ws = w.shape
    return (
        f'  %w = hlo.constant dense<"{_hex(w)}"> : {_t(ws)}\n'
        '  %c = "hlo.convolution"(%x, %w) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, '
        "o]->[b, 0, 1, f]>, window_strides = array<i64: 1, 1>, padding = dense<1> : "
        f"tensor<2x2xi64>, feature_group_count = {groups} : i64, batch_group_count = 1 : i64}}> "
        f": ({_t(xs)}, {_t(ws)}) -> {_t(ys)}\n"
    )


def _residual(rng: np.random.Generator) -> Case:
    """A 288 KB filter: the output positions are one m dim of 49 rows (a tail row), expanded back
    to 7 x 7 for the add."""
    xs, ws, ys = (1, 7, 7, 128), (3, 3, 128, 64), (1, 7, 7, 64)
    w = rng.standard_normal(ws).astype(np.float32)
    text = (
        f"func.func @main(%x: {_t(xs)}, %r: {_t(ys)}) -> {_t(ys)} {{\n"
        + _convolution(w, xs, ys, 1)
        + f"  %s = hlo.add %c, %r : {_t(ys)}\n"
        f"  %z = hlo.constant dense<0.0> : {_t(ys)}\n"
        f"  %y = hlo.maximum %s, %z : {_t(ys)}\n"
        f"  func.return %y : {_t(ys)}\n}}\n"
    )
    x = rng.standard_normal(xs).astype(np.float32)
    r = rng.standard_normal(ys).astype(np.float32)
    return text, [x, r], lambda a: [np.maximum(_conv(a[0], w, 1) + a[1], 0)]


def _depthwise(rng: np.random.Generator) -> Case:
    xs, ws, ys = (1, 9, 9, 32), (3, 3, 1, 32), (1, 9, 9, 32)
    w = rng.standard_normal(ws).astype(np.float32)
    text = (
        f"func.func @main(%x: {_t(xs)}) -> {_t(ys)} {{\n"
        + _convolution(w, xs, ys, 32)
        + f"  %a = hlo.constant dense<2.5> : {_t(ys)}\n"
        f"  %p = hlo.multiply %c, %a : {_t(ys)}\n"
        f"  %q = hlo.add %p, %a : {_t(ys)}\n"
        f"  %z = hlo.constant dense<0.0> : {_t(ys)}\n"
        f"  %six = hlo.constant dense<6.0> : {_t(ys)}\n"
        f"  %lo = hlo.maximum %q, %z : {_t(ys)}\n"
        f"  %y = hlo.minimum %lo, %six : {_t(ys)}\n"
        f"  func.return %y : {_t(ys)}\n}}\n"
    )
    x = rng.standard_normal(xs).astype(np.float32)

    def want(a: list[np.ndarray]) -> list[np.ndarray]:
        per_channel = np.zeros(ys)
        padded = np.pad(a[0].astype(np.float64), ((0, 0), (1, 1), (1, 1), (0, 0)))
        for i in range(3):
            for j in range(3):
                per_channel += padded[:, i : i + 9, j : j + 9, :] * w[i, j, 0]
        return [np.clip(per_channel * 2.5 + 2.5, 0, 6)]

    return text, [x], want


def _tanh(rng: np.random.Generator) -> Case:
    m, k, n = 8, 32, 64
    text = (
        f"func.func @main(%x: {_t((m, k))}, %w: {_t((k, n))}) -> {_t((m, n))} {{\n"
        f"  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : "
        f"({_t((m, k))}, {_t((k, n))}) -> {_t((m, n))}\n"
        f"  %y = hlo.tanh %d : {_t((m, n))}\n"
        f"  func.return %y : {_t((m, n))}\n}}\n"
    )
    x = (rng.standard_normal((m, k)) / 4).astype(np.float32)
    w = rng.standard_normal((k, n)).astype(np.float32)
    return text, [x, w], lambda a: [np.tanh(a[0].astype(np.float64) @ a[1])]


def _read_twice(rng: np.random.Generator) -> Case:
    m, k, n = 12, 16, 32
    text = (
        f"func.func @main(%x: {_t((m, k))}, %w: {_t((k, n))}) -> ({_t((m, n))}, {_t((m, n))}) {{\n"
        f"  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : "
        f"({_t((m, k))}, {_t((k, n))}) -> {_t((m, n))}\n"
        f"  %z = hlo.constant dense<0.0> : {_t((m, n))}\n"
        f"  %y = hlo.maximum %d, %z : {_t((m, n))}\n"
        f"  func.return %d, %y : {_t((m, n))}, {_t((m, n))}\n}}\n"
    )
    x = rng.standard_normal((m, k)).astype(np.float32)
    w = rng.standard_normal((k, n)).astype(np.float32)

    def want(a: list[np.ndarray]) -> list[np.ndarray]:
        d = a[0].astype(np.float64) @ a[1]
        return [d, np.maximum(d, 0)]

    return text, [x, w], want


CASES: dict[str, Callable[[np.random.Generator], Case]] = {
    "dense-bias-relu": _dense,
    # 10 columns, too few for a tile: the weights are read transposed, k innermost (the dot
    # products of linalg-pack-weights), and the last-k test follows k to its new dim
    "dense-few-columns": lambda rng: _dense(rng, 9, 64, 10),
    "residual-relu-merged-rows": _residual,
    "depthwise-relu6": _depthwise,
    "tanh": _tanh,
    "read-twice": _read_twice,
}


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("cpu", CPUS)
@pytest.mark.parametrize("case", CASES)
def test_fused_epilogue_matches_numpy(case: str, cpu: str, threads: int) -> None:
    text, args, want = CASES[case](np.random.default_rng(len(case)))
    got = strata.compile(text, cpu=cpu, threads=threads, cache=False)(*args)
    results = list(got) if isinstance(got, tuple) else [got]
    for result, expected in zip(results, want(args), strict=True):
        np.testing.assert_allclose(np.asarray(result), expected, rtol=1e-5, atol=1e-4)
