"""`--target cuda` runtime: the driver plumbing checked with fakes (no GPU here), the no-GPU
error, and, with STRATA_HAS_CUDA=1 (the lit `cuda` feature's switch), the hand-written kernels
on the real GPU against numpy."""

from __future__ import annotations

import ctypes
import os
import threading
from pathlib import Path

import numpy as np
import pytest

from strata.diagnostics import StrataError
from strata.loading import load_module
from strata.runtime import cuda

INPUTS = Path(__file__).parent / "Inputs"
HAS_CUDA = os.environ.get("STRATA_HAS_CUDA") == "1"
requires_cuda = pytest.mark.skipif(not HAS_CUDA, reason="needs a GPU (STRATA_HAS_CUDA=1)")


@pytest.mark.skipif(HAS_CUDA, reason="a GPU is present")
def test_no_gpu_is_one_clear_error() -> None:
    with pytest.raises(StrataError) as err:
        cuda.open_device()
    message = str(err.value)
    assert message.startswith("--target cuda: no CUDA driver/device found (")
    assert message.endswith("; use --target cuda-sim to emulate")
    assert "\n" not in message


def bare_device(capability: tuple[int, int]) -> cuda.CudaDevice:
    device = cuda.CudaDevice.__new__(cuda.CudaDevice)
    device.capability = capability
    return device


def test_chip_follows_compute_capability() -> None:
    assert bare_device((8, 0)).chip == "sm_80"
    assert bare_device((8, 9)).chip == "sm_89"
    assert bare_device((9, 0)).chip == "sm_90"
    assert bare_device((10, 3)).chip == "sm_100"  # newest known chip not above the GPU
    assert bare_device((12, 1)).chip == "sm_120"
    with pytest.raises(StrataError, match="compute capability 7.0 is too old"):
        _ = bare_device((7, 0)).chip


class FakeDriver:
    """Just enough of cuda.bindings.driver for CudaDevice.launch / copies."""

    class CUresult:
        CUDA_SUCCESS = 0

    def __init__(self) -> None:
        self.launches: list[tuple[object, tuple[int, ...], list[int]]] = []

    def cuLaunchKernel(self, f, gx, gy, gz, bx, by, bz, shared, stream, params, extra):  # noqa: ANN001, N802
        # params is the address of a void*[n]; each entry points at one u64 device pointer.
        n = 3
        slots = (ctypes.c_void_p * n).from_address(params)
        values = [ctypes.c_uint64.from_address(slots[i]).value for i in range(n)]
        self.launches.append((f, (gx, gy, gz, bx, by, bz, shared, stream, extra), values))
        return (0,)

    def cuMemcpyDtoD(self, dst, src, n):  # noqa: ANN001, N802
        self.launches.append(("dtod", (dst, src, n), []))
        return (0,)

    def cuGetErrorName(self, err):  # noqa: ANN001, N802
        return (0, b"CUDA_ERROR_FAKE")

    def cuGetErrorString(self, err):  # noqa: ANN001, N802
        return (0, b"a fake failure")


def test_launch_passes_one_pointer_per_argument() -> None:
    device = cuda.CudaDevice.__new__(cuda.CudaDevice)
    driver = FakeDriver()
    device.driver = driver
    device.functions = {"k": "function-handle"}
    device.profile = False
    device.launch("k", (2, 3, 1), (128, 1, 1), [(0x1000, 0), (0x2000, 64), (0x3000, 4096)])
    function, sizes, pointers = driver.launches[0]
    assert function == "function-handle"
    assert sizes == (2, 3, 1, 128, 1, 1, 0, 0, 0)
    assert pointers == [0x1000, 0x2000 + 64, 0x3000 + 4096]
    device.copy(0x5000, 8, 0x6000, 16, 32)
    assert driver.launches[1] == ("dtod", (0x5008, 0x6010, 32), [])
    with pytest.raises(StrataError, match="kernel 'nope' is not in the loaded PTX"):
        device.launch("nope", (1, 1, 1), (1, 1, 1), [])


def test_enter_makes_the_context_current_in_the_calling_thread() -> None:
    current: list[tuple[str, object]] = []

    class ContextDriver(FakeDriver):
        def cuCtxSetCurrent(self, context):  # noqa: ANN001, N802
            current.append((threading.current_thread().name, context))
            return (0,)

    device = cuda.CudaDevice.__new__(cuda.CudaDevice)
    device.driver, device.context = ContextDriver(), "ctx"
    worker = threading.Thread(target=device.enter, name="worker")
    worker.start()
    worker.join()
    assert current == [("worker", "ctx")]


def test_failed_call_names_the_call_and_the_error() -> None:
    with pytest.raises(StrataError, match=r"cuMemAlloc failed \(CUDA_ERROR_FAKE: a fake failure\)"):
        cuda._check(FakeDriver(), "cuMemAlloc", (2, None))


class PtxDevice:
    """A device that records the PTX it is given and runs nothing."""

    chip = "sm_80"

    def __init__(self) -> None:
        self.loaded: tuple[str, list[str]] | None = None

    def load_ptx(self, ptx: str, kernels: list[str]) -> None:
        self.loaded = (ptx, list(kernels))

    def enter(self) -> None:
        return None

    def alloc(self, nbytes: int) -> int:
        return 0

    def upload(self, buffer: int, offset: int, data: np.ndarray) -> None:
        return None


def test_compile_module_loads_ptx_for_the_plan_kernels() -> None:
    ctx, module = load_module(INPUTS / "gpu_matmul.mlir")
    device = PtxDevice()
    fn = cuda.compile_module(ctx, module, device)  # type: ignore[arg-type]
    assert device.loaded is not None
    ptx, kernels = device.loaded
    assert kernels == ["main_kernel_0_matmul"]
    assert ".target sm_80" in ptx and ".visible .entry main_kernel_0_matmul(" in ptx
    assert [s.name for s in fn.inputs] == ["a", "b"]


@requires_cuda
@pytest.mark.parametrize("name", ["gpu_elementwise", "gpu_reduction", "gpu_matmul"])
def test_hand_written_kernels_on_the_gpu(name: str) -> None:
    ctx, module = load_module(INPUTS / f"{name}.mlir")
    fn = cuda.compile_module(ctx, module)
    rng = np.random.default_rng(0)
    inputs = {s.name: rng.standard_normal(s.shape).astype(np.float32) for s in fn.inputs}
    out = fn(**inputs)
    if name == "gpu_elementwise":
        want = (np.exp(inputs["x"]) * 0.5 + 1).reshape(10, 100)
        got = out["out"]
    elif name == "gpu_reduction":
        want, got = inputs["x"].sum(axis=1), out["out"]
    else:
        want, got = inputs["a"] @ inputs["b"], out["c"]
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
