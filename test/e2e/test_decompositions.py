"""Lu, Qr, SelfAdjointEigV2 and Svd against numpy (float64 LAPACK) in f32 and f64: batches, odd and
even orders, 1x1, tall and wide matrices, full_matrices, a zero matrix, a rank-deficient one and
repeated eigenvalues. Eigen- and singular vectors are checked by what defines them
(reconstruction and orthonormality), as their signs are arbitrary; Qr's q and r by value (the
Householder convention fixes their signs); Lu's by a[p] = L U with |L| <= 1 (partial
pivoting)."""

from __future__ import annotations

import numpy as np
import pytest

import strata
from strata.lowering.tf_to_hlo.linalg import round_robin

CASES = [
    ("qr_tall", "qr", (3, 6, 4)),
    ("qr_wide", "qr", (4, 7)),
    ("qr_full", "qr_full", (5, 3)),
    ("qr_one", "qr", (1, 1)),
    ("eig_odd", "eig", (3, 5, 5)),
    ("eig_repeated", "eig", (6, 6)),
    ("eig_one", "eig", (1, 1)),
    ("eig_large", "eig", (17, 17)),
    ("svd_tall", "svd", (3, 6, 4)),
    ("svd_wide", "svd", (3, 7)),
    ("svd_square", "svd", (5, 5)),
    ("lu", "lu", (2, 6, 6)),
]


def _type(shape: tuple[int, ...], element: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def _module(element: str) -> str:
    """One function applying each case's op to its own argument, every result returned."""
    args, body, results = [], [], []
    for i, (_, kind, shape) in enumerate(CASES):
        t = _type(shape, element)
        args.append(f"%a{i}: {t}")
        *batch, m, n = shape
        p = min(m, n)
        if kind.startswith("qr"):
            full = kind == "qr_full"
            k = m if full else p
            types = [_type((*batch, m, k), element), _type((*batch, k, n), element)]
            attrs = f"<{{full_matrices = {str(full).lower()}}}>"
            body.append(f'%r{i}:2 = "tf.Qr"(%a{i}) {attrs} : ({t}) -> ({", ".join(types)})')
        elif kind == "lu":
            types = [t, _type((*batch, n), "i32")]
            body.append(f'%r{i}:2 = "tf.Lu"(%a{i}) : ({t}) -> ({", ".join(types)})')
        elif kind == "eig":
            types = [_type((*batch, n), element), _type((*batch, n, n), element)]
            body.append(f'%r{i}:2 = "tf.SelfAdjointEigV2"(%a{i}) : ({t}) -> ({", ".join(types)})')
        else:
            types = [_type((*batch, p), element), _type((*batch, m, p), element)]
            types.append(_type((*batch, n, p), element))
            body.append(f'%r{i}:3 = "tf.Svd"(%a{i}) : ({t}) -> ({", ".join(types)})')
        results += [(f"%r{i}#{j}", ty) for j, ty in enumerate(types)]
    types = ", ".join(ty for _, ty in results)
    return (
        f"func.func @main({', '.join(args)}) -> ({types}) {{\n  "
        + "\n  ".join(body)
        + f"\n  func.return {', '.join(v for v, _ in results)} : {types}\n}}\n"
    )


def _inputs(dtype: type[np.floating]) -> list[np.ndarray]:
    rng = np.random.default_rng(7)
    made = [rng.standard_normal(shape).astype(dtype) for _, _, shape in CASES]
    made[4][1] = 0.0  # a zero matrix in the batch
    made[5] = np.diag([1.0, 1.0, 1.0, 2.0, 2.0, 3.0]).astype(dtype)
    made[8][2][:, 3] = 2 * made[8][2][:, 0]  # rank 3 of 4
    return made


@pytest.mark.parametrize(
    ("element", "dtype", "tol"), [("f32", np.float32, 2e-5), ("f64", np.float64, 1e-12)]
)
def test_decompositions_match_numpy(element: str, dtype: type[np.floating], tol: float) -> None:
    fn = strata.compile(_module(element), cache=False)
    inputs = _inputs(dtype)
    outputs = list(fn(*inputs))
    for (name, kind, shape), a in zip(CASES, inputs, strict=True):
        a64 = a.astype(np.float64)
        scale = max(1.0, float(np.abs(a64).max()))
        if kind.startswith("qr"):
            q, r = outputs[:2]
            del outputs[:2]
            want_q, want_r = np.linalg.qr(a64, mode="complete" if kind == "qr_full" else "reduced")
            np.testing.assert_allclose(q, want_q, atol=tol, err_msg=name)
            np.testing.assert_allclose(r, want_r, atol=tol * scale, err_msg=name)
        elif kind == "lu":
            lu, p = outputs[:2]
            del outputs[:2]
            lower = np.tril(lu, -1) + np.eye(shape[-1])
            assert np.all(np.abs(lower) <= 1 + tol), name
            permuted = np.take_along_axis(a64, p[..., None].astype(np.int64), axis=-2)
            np.testing.assert_allclose(
                lower @ np.triu(lu), permuted, atol=tol * scale, err_msg=name
            )
        elif kind == "eig":
            e, v = outputs[:2]
            del outputs[:2]
            symmetric = np.tril(a64) + np.swapaxes(np.tril(a64, -1), -1, -2)
            np.testing.assert_allclose(
                e, np.linalg.eigvalsh(symmetric), atol=tol * scale, err_msg=name
            )
            rebuilt = v @ (e[..., None] * np.swapaxes(v, -1, -2))
            np.testing.assert_allclose(rebuilt, symmetric, atol=tol * scale, err_msg=name)
            eye = np.broadcast_to(np.eye(shape[-1]), v.shape)
            np.testing.assert_allclose(np.swapaxes(v, -1, -2) @ v, eye, atol=tol, err_msg=name)
        else:
            s, u, v = outputs[:3]
            del outputs[:3]
            want = np.linalg.svd(a64, compute_uv=False)
            np.testing.assert_allclose(s, want, atol=tol * scale, err_msg=name)
            rebuilt = (u * s[..., None, :]) @ np.swapaxes(v, -1, -2)
            np.testing.assert_allclose(rebuilt, a64, atol=tol * scale, err_msg=name)
    assert not outputs


@pytest.mark.parametrize("size", [2, 4, 6, 8, 16])
def test_round_robin_pairs_every_two_once_per_sweep(size: int) -> None:
    """Any size - 1 rounds in a row, from any round, pair each two positions' players once."""
    source = round_robin(size)
    layout = list(range(size))
    layouts = []
    for _ in range(2 * (size - 1)):
        layouts.append(layout)
        layout = [layout[p] for p in source]
    for start in range(size - 1):
        met = {
            frozenset(rounds[i : i + 2])
            for rounds in layouts[start : start + size - 1]
            for i in range(0, size, 2)
        }
        assert len(met) == size * (size - 1) // 2


@pytest.mark.parametrize(
    ("matrix_shape", "rhs_shape"),
    [
        ((2, 3, 3), (1, 3, 2)),
        ((1, 3, 3), (4, 3, 1)),
        ((3, 3), (2, 2, 3, 1)),
        ((2, 1, 3, 3), (5, 3, 2)),
    ],
)
def test_triangular_solve_broadcasts_batch_dims(
    matrix_shape: tuple[int, ...], rhs_shape: tuple[int, ...]
) -> None:
    """MatrixTriangularSolve's batch dims broadcast, as TensorFlow's (since 2.2): matrix
    [2, 3, 3] with rhs [1, 3, 2] solves 2 systems (it was refused: "the batch dims must
    match")."""
    rng = np.random.default_rng(len(rhs_shape))
    a = np.tril(rng.standard_normal(matrix_shape)) + 4 * np.eye(3)
    rhs = rng.standard_normal(rhs_shape)
    out_shape = (*np.broadcast_shapes(matrix_shape[:-2], rhs_shape[:-2]), *rhs_shape[-2:])

    def t(shape: tuple[int, ...]) -> str:
        return f"tensor<{'x'.join(map(str, shape))}xf64>"

    source = f"""
func.func @main(%a: {t(matrix_shape)}, %b: {t(rhs_shape)}) -> {t(out_shape)} {{
  %x = "tf.MatrixTriangularSolve"(%a, %b) <{{lower = true, adjoint = false}}> : ({t(matrix_shape)}, {t(rhs_shape)}) -> {t(out_shape)}
  func.return %x : {t(out_shape)}
}}"""
    got = np.asarray(strata.compile(source, cache=False)(a, rhs))
    want = np.linalg.solve(
        np.broadcast_to(a, (*out_shape[:-2], 3, 3)), np.broadcast_to(rhs, out_shape)
    )
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)
