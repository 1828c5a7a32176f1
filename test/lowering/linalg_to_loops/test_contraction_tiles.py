"""Register tiles whose rows do not divide m (a tail nest takes the rows left) or exceed it (a
tile of m rows), and constant weights stored as their column panels (linalg-pack-weights), against
numpy in float64, on every tile shape the targets this host can run choose: SSE (x86-64: 4x12,
6x8, 6x4), AVX2 (x86-64-v3: 4x24, 6x16, 6x8) and, on an AVX-512 host, x86-64-v4 (6x64, 6x48,
6x32, 6x16, 6x8; k = 1024 packs a 256 KB panel); and constant weights with too few columns for
any tile stored transposed, each output a dot product along k."""

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
