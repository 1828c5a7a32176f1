"""Reductions, scans, transposes and contractions whose loops or operands are reordered for
contiguous access (a column sum, NHWC pooling, a row reduction of a transposed operand, a scan
along the innermost axis, a tiled transpose, a transposed rhs copied or, if constant,
transposed at compile time) give numpy's values; a column sum adds each column's rows in
order, so it is bit-identical to numpy's (which adds rows in order for a reduction over the
outer axis)."""

from __future__ import annotations

import numpy as np
import pytest

import strata


def graph(body: str, x: str, out: str) -> str:
    return f"""
func.func @main(%x: {x}) -> {out} attributes {{tf.entry_function = {{inputs = "x", outputs = "r"}}}} {{
{body}
  func.return %r : {out}
}}"""


def axes(values: list[int]) -> str:
    n = len(values)
    dense = values[0] if n == 1 else values
    kind = "tensor<i32>" if n == 1 else f"tensor<{n}xi32>"
    return f'  %a = "tf.Const"() <{{value = dense<{dense}> : {kind}}}> : () -> {kind}\n'


RNG = np.random.default_rng(5)
X2 = RNG.standard_normal((300, 520)).astype(np.float32)
X4 = RNG.standard_normal((3, 9, 10, 48)).astype(np.float32)


def test_a_column_sum_adds_rows_in_order() -> None:
    t = "tensor<300x520xf32>"
    src = graph(axes([0]) + f'  %r = "tf.Sum"(%x, %a) : ({t}, tensor<i32>) -> tensor<520xf32>', t,
                "tensor<520xf32>")  # fmt: skip
    np.testing.assert_array_equal(strata.compile(src, cache=False)(x=X2), X2.sum(axis=0))


@pytest.mark.parametrize("op", ["Max", "Min", "Mean", "Prod"])
def test_column_reductions(op: str) -> None:
    t = "tensor<300x520xf32>"
    src = graph(axes([0]) + f'  %r = "tf.{op}"(%x, %a) : ({t}, tensor<i32>) -> tensor<520xf32>',
                t, "tensor<520xf32>")  # fmt: skip
    x = X2 if op != "Prod" else (1 + X2 / 300).astype(np.float32)
    want = {"Max": np.max, "Min": np.min, "Mean": np.mean, "Prod": np.prod}[op](x, axis=0)
    np.testing.assert_allclose(strata.compile(src, cache=False)(x=x), want, rtol=2e-5, atol=1e-6)


def test_nhwc_pooling_over_h_and_w() -> None:
    t = "tensor<3x9x10x48xf32>"
    src = graph(axes([1, 2]) + f'  %r = "tf.Mean"(%x, %a) : ({t}, tensor<2xi32>) -> tensor<3x48xf32>',
                t, "tensor<3x48xf32>")  # fmt: skip
    got = strata.compile(src, cache=False)(x=X4)
    np.testing.assert_allclose(got, X4.mean(axis=(1, 2)), rtol=1e-5, atol=1e-6)


def test_softmax_along_axis_0_through_transposes() -> None:
    """tf.nn.softmax(x, axis=0) as TensorFlow builds it: transpose, Softmax, transpose."""
    t, tt = "tensor<300x520xf32>", "tensor<520x300xf32>"
    perm = '  %p = "tf.Const"() <{value = dense<[1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>\n'
    body = (
        perm
        + f'  %t = "tf.Transpose"(%x, %p) : ({t}, tensor<2xi32>) -> {tt}\n'
        + f'  %s = "tf.Softmax"(%t) : ({tt}) -> {tt}\n'
        + f'  %r = "tf.Transpose"(%s, %p) : ({tt}, tensor<2xi32>) -> {t}'
    )
    e = np.exp(X2.astype(np.float64) - X2.max(axis=0))
    want = e / e.sum(axis=0)
    got = strata.compile(graph(body, t, t), cache=False)(x=X2)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("reverse", [False, True])
def test_cumsum_along_the_innermost_axis_of_many_rows(reverse: bool) -> None:
    t = "tensor<300x520xf32>"
    flag = "true" if reverse else "false"
    src = graph(axes([1]) + f'  %r = "tf.Cumsum"(%x, %a) {{exclusive = false, reverse = {flag}}} '
                f": ({t}, tensor<i32>) -> {t}", t, t)  # fmt: skip
    x = X2[:, ::-1] if reverse else X2
    want = np.cumsum(x, axis=1, dtype=np.float32)  # sequential, as TensorFlow's kernel adds
    want = want[:, ::-1] if reverse else want
    np.testing.assert_array_equal(strata.compile(src, cache=False)(x=X2), want)


@pytest.mark.parametrize(
    ("shape", "perm"),
    [((64, 48), (1, 0)), ((3, 9, 10, 48), (0, 3, 1, 2)), ((3, 48, 9, 16), (0, 2, 3, 1)),
     ((30, 12), (1, 0)), ((4, 32, 40), (0, 2, 1))],
)  # fmt: skip
def test_transposes(shape: tuple[int, ...], perm: tuple[int, ...]) -> None:
    x = RNG.standard_normal(shape).astype(np.float32)
    t = f"tensor<{'x'.join(map(str, shape))}xf32>"
    out = f"tensor<{'x'.join(str(shape[p]) for p in perm)}xf32>"
    n = len(perm)
    body = (
        f'  %p = "tf.Const"() <{{value = dense<{list(perm)}> : tensor<{n}xi32>}}> : () -> tensor<{n}xi32>\n'
        + f'  %r = "tf.Transpose"(%x, %p) : ({t}, tensor<{n}xi32>) -> {out}'
    )
    np.testing.assert_array_equal(
        strata.compile(graph(body, t, out), cache=False)(x=x), x.transpose(perm)
    )


@pytest.mark.parametrize("constant", [False, True])
def test_matmul_transpose_b(constant: bool) -> None:
    a = RNG.standard_normal((70, 96)).astype(np.float32)
    w = RNG.standard_normal((48, 96)).astype(np.float32)
    ta, tw, out = "tensor<70x96xf32>", "tensor<48x96xf32>", "tensor<70x48xf32>"
    if constant:
        weights = f'  %w = "tf.Const"() <{{value = dense<{w.tolist()}> : {tw}}}> : () -> {tw}\n'
        head, feed = f"%x: {ta}", {"x": a}
    else:
        weights, head, feed = "", f"%x: {ta}, %w: {tw}", {"x": a, "w": w}
    inputs = "x" if constant else "x,w"
    src = f"""
func.func @main({head}) -> {out} attributes {{tf.entry_function = {{inputs = "{inputs}", outputs = "r"}}}} {{
{weights}  %r = "tf.MatMul"(%x, %w) {{transpose_a = false, transpose_b = true}} : ({ta}, {tw}) -> {out}
  func.return %r : {out}
}}"""
    got = strata.compile(src, cache=False)(**feed)
    np.testing.assert_allclose(got, a @ w.T, rtol=1e-4, atol=1e-4)


def test_attention_scores_batch_matmul_adj_y() -> None:
    """q @ k^T over [batch, heads, tokens, depth], as an attention layer computes its scores."""
    q = RNG.standard_normal((2, 4, 40, 16)).astype(np.float32)
    k = RNG.standard_normal((2, 4, 40, 16)).astype(np.float32)
    t, out = "tensor<2x4x40x16xf32>", "tensor<2x4x40x40xf32>"
    src = f"""
func.func @main(%q: {t}, %k: {t}) -> {out} attributes {{tf.entry_function = {{inputs = "q,k", outputs = "r"}}}} {{
  %r = "tf.BatchMatMulV2"(%q, %k) {{adj_x = false, adj_y = true}} : ({t}, {t}) -> {out}
  func.return %r : {out}
}}"""
    got = strata.compile(src, cache=False)(q=q, k=k)
    np.testing.assert_allclose(got, q @ k.transpose(0, 1, 3, 2), rtol=1e-4, atol=1e-4)
