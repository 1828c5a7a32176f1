"""cuda-sim on hand-written gpu-stage modules: kernels emulated on the CPU (grid loops, threads
phase by phase between barriers) give numpy's numbers, through the host plan."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import strata
from strata.diagnostics import ExecutionError, StrataError
from strata.loading import load_module
from strata.runtime import cuda_sim

INPUTS = Path(__file__).parent / "Inputs"


def compile_sim(name: str):  # noqa: ANN201
    ctx, module = load_module(INPUTS / name)
    return cuda_sim.compile_module(ctx, module)


def test_elementwise_with_guard_weights_and_copy() -> None:
    fn = compile_sim("gpu_elementwise.mlir")
    x = np.random.default_rng(0).standard_normal(1000).astype(np.float32)
    out = fn(x=x)["out"]
    np.testing.assert_allclose(out, (np.exp(x) * 0.5 + 1).reshape(10, 100), rtol=1e-6)


def test_status_flag_read_back() -> None:
    fn = compile_sim("gpu_elementwise.mlir")
    x = np.zeros(1000, np.float32)
    x[777] = 2e4
    with pytest.raises(ExecutionError, match=r"status 3: node 'check'"):
        fn(x=x)
    # The clear kernel resets the flag: the next good call succeeds.
    fn(x=np.zeros(1000, np.float32))


def test_block_tree_reduction_with_barriers() -> None:
    fn = compile_sim("gpu_reduction.mlir")
    x = np.random.default_rng(1).standard_normal((4, 256)).astype(np.float32)
    np.testing.assert_allclose(fn(x=x)["out"], x.sum(axis=1), rtol=1e-5, atol=1e-5)


def test_tiled_matmul_with_shared_memory_in_a_uniform_loop() -> None:
    fn = compile_sim("gpu_matmul.mlir")
    rng = np.random.default_rng(2)
    a = rng.standard_normal((40, 72)).astype(np.float32)
    b = rng.standard_normal((72, 48)).astype(np.float32)
    np.testing.assert_allclose(fn(a=a, b=b)["c"], a @ b, rtol=1e-4, atol=1e-4)


def test_compile_api_from_gpu_stage_text() -> None:
    fn = strata.compile(INPUTS / "gpu_matmul.mlir", target="cuda-sim")
    rng = np.random.default_rng(3)
    a = rng.standard_normal((40, 72)).astype(np.float32)
    b = rng.standard_normal((72, 48)).astype(np.float32)
    c = fn(a, b)
    assert isinstance(c, np.ndarray)
    np.testing.assert_allclose(c, a @ b, rtol=1e-4, atol=1e-4)
    assert list(fn.run(a=a, b=b)) == ["c"]
    assert "sim-jit" in fn.stage_seconds


def test_launch_with_another_block_size_is_refused() -> None:
    ctx, module = load_module(INPUTS / "gpu_reduction.mlir")
    fn = cuda_sim.compile_module(ctx, module)
    device = fn.device
    with pytest.raises(
        StrataError, match=r"block \(64, 1, 1\) differs from its gpu.known_block_size"
    ):
        device.launch("main_kernel_0_sum", (1, 1, 1), (64, 1, 1), [])


def test_unknown_target_is_named() -> None:
    with pytest.raises(StrataError, match="unknown target 'tpu'"):
        strata.compile(INPUTS / "gpu_matmul.mlir", target="tpu")


def test_nvvm_stage_is_refused_with_a_clear_error() -> None:
    ctx, module = strata.lower(INPUTS / "gpu_matmul.mlir", stop_after="nvvm")
    with pytest.raises(StrataError, match="cuda-sim runs modules at the gpu stage or earlier"):
        cuda_sim.compile_module(ctx, module)
