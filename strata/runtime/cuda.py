"""`--target cuda`: the host plan run through the CUDA driver API (cuda-python), with the kernels
as PTX from strata/targets/nvptx.py, JIT-compiled by the driver for the GPU found.

Without a driver or a device every entry point raises one StrataError saying so (and naming
`--target cuda-sim`, which runs the same kernels on the CPU).
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from typing import Any

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from strata.diagnostics import StrataError
from strata.runtime.host_plan import HostPlan, PlanFunction

NO_GPU_HINT = "use --target cuda-sim to emulate"


def _driver() -> Any:
    try:
        from cuda.bindings import driver  # cuda-python >= 12.6
    except ImportError:
        try:
            from cuda import cuda as driver  # older cuda-python
        except ImportError:
            raise StrataError(
                f"--target cuda: the cuda-python package is not installed "
                f"(pip install 'strata[cuda]'); {NO_GPU_HINT}"
            ) from None
    return driver


def _error_text(driver: Any, err: Any) -> str:
    try:
        _, name = driver.cuGetErrorName(err)
        _, text = driver.cuGetErrorString(err)
        return f"{name.decode()}: {text.decode()}"
    except Exception:  # noqa: BLE001 - only to describe an error already being reported
        return str(err)


def _check(driver: Any, what: str, result: Any) -> Any:
    """Unpack a cuda-python result tuple; a CUresult other than success is a StrataError."""
    err, *values = result if isinstance(result, tuple) else (result,)
    if err != driver.CUresult.CUDA_SUCCESS:
        raise StrataError(f"--target cuda: {what} failed ({_error_text(driver, err)})")
    if not values:
        return None
    return values[0] if len(values) == 1 else tuple(values)


class CudaDevice:
    """The Device of a host plan on GPU 0 (primary context). Buffers are CUdeviceptr ints."""

    def __init__(self) -> None:
        driver = _driver()
        try:
            err, *_ = driver.cuInit(0)
        except Exception as exc:  # noqa: BLE001 - a missing libcuda raises from the binding
            raise StrataError(
                f"--target cuda: no CUDA driver/device found ({type(exc).__name__}: "
                f"{str(exc).splitlines()[0] if str(exc) else 'driver not loadable'}); {NO_GPU_HINT}"
            ) from None
        if err != driver.CUresult.CUDA_SUCCESS:
            raise StrataError(
                f"--target cuda: no CUDA driver/device found (cuInit: "
                f"{_error_text(driver, err)}); {NO_GPU_HINT}"
            )
        count = _check(driver, "cuDeviceGetCount", driver.cuDeviceGetCount())
        if not count:
            raise StrataError(
                f"--target cuda: no CUDA driver/device found (0 devices); {NO_GPU_HINT}"
            )
        self.driver = driver
        self.device = _check(driver, "cuDeviceGet", driver.cuDeviceGet(0))
        self.context = _check(
            driver, "cuDevicePrimaryCtxRetain", driver.cuDevicePrimaryCtxRetain(self.device)
        )
        _check(driver, "cuCtxSetCurrent", driver.cuCtxSetCurrent(self.context))
        attr = driver.CUdevice_attribute
        self.capability = (
            int(self._attribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)),
            int(self._attribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)),
        )
        raw_name = _check(driver, "cuDeviceGetName", driver.cuDeviceGetName(128, self.device))
        self.name = bytes(raw_name).split(b"\0", 1)[0].decode(errors="replace")
        self.functions: dict[str, Any] = {}
        self.module: Any = None
        self.profile = False
        self.kernel_seconds = 0.0
        self._allocations: list[int] = []

    def _attribute(self, attribute: Any) -> int:
        return int(
            _check(
                self.driver,
                "cuDeviceGetAttribute",
                self.driver.cuDeviceGetAttribute(attribute, self.device),
            )
        )

    @property
    def chip(self) -> str:
        """The newest chip Strata compiles for that this GPU runs (PTX JITs forward)."""
        from strata.targets.nvptx import CHIPS

        major, minor = self.capability
        exact = f"sm_{major}{minor}"
        if exact in CHIPS:
            return exact
        mine = major * 10 + minor
        known = sorted((int(c[3:]), c) for c in CHIPS if c[3:].isdigit() and int(c[3:]) <= mine)
        if not known:
            raise StrataError(f"--target cuda: compute capability {major}.{minor} is too old")
        return known[-1][1]

    def load_ptx(self, ptx: str, kernels: Sequence[str]) -> None:
        driver = self.driver
        self.enter()
        image = ptx.encode() + b"\0"
        self.module = _check(driver, "cuModuleLoadData", driver.cuModuleLoadData(image))
        for name in kernels:
            self.functions[name] = _check(
                driver,
                f"cuModuleGetFunction({name})",
                driver.cuModuleGetFunction(self.module, name.encode()),
            )

    # --- Device interface --------------------------------------------------------------------

    def enter(self) -> None:
        _check(self.driver, "cuCtxSetCurrent", self.driver.cuCtxSetCurrent(self.context))

    def alloc(self, nbytes: int) -> int:
        self.enter()
        pointer = int(_check(self.driver, "cuMemAlloc", self.driver.cuMemAlloc(nbytes)))
        self._allocations.append(pointer)
        return pointer

    def upload(self, buffer: int, offset: int, data: np.ndarray) -> None:
        array = np.ascontiguousarray(data)
        _check(
            self.driver,
            "cuMemcpyHtoD",
            self.driver.cuMemcpyHtoD(buffer + offset, array.ctypes.data, array.nbytes),
        )

    def download(self, buffer: int, offset: int, out: np.ndarray) -> None:
        _check(
            self.driver,
            "cuMemcpyDtoH",
            self.driver.cuMemcpyDtoH(out.ctypes.data, buffer + offset, out.nbytes),
        )

    def copy(self, dst: int, dst_offset: int, src: int, src_offset: int, nbytes: int) -> None:
        _check(
            self.driver,
            "cuMemcpyDtoD",
            self.driver.cuMemcpyDtoD(dst + dst_offset, src + src_offset, nbytes),
        )

    def launch(
        self,
        kernel: str,
        grid: tuple[int, int, int],
        block: tuple[int, int, int],
        args: Sequence[tuple[int, int]],
    ) -> None:
        driver = self.driver
        function = self.functions.get(kernel)
        if function is None:
            raise StrataError(f"--target cuda: kernel '{kernel}' is not in the loaded PTX")
        # kernelParams: a void** array, each entry pointing at one 64-bit device pointer.
        values = [ctypes.c_uint64(buffer + offset) for buffer, offset in args]
        params = (ctypes.c_void_p * max(len(values), 1))(*[ctypes.addressof(v) for v in values])
        events = self._events() if self.profile else None
        if events is not None:
            _check(driver, "cuEventRecord", driver.cuEventRecord(events[0], 0))
        _check(
            driver,
            f"cuLaunchKernel({kernel})",
            driver.cuLaunchKernel(function, *grid, *block, 0, 0, ctypes.addressof(params), 0),
        )
        if events is not None:
            _check(driver, "cuEventRecord", driver.cuEventRecord(events[1], 0))
            _check(driver, "cuEventSynchronize", driver.cuEventSynchronize(events[1]))
            ms = _check(driver, "cuEventElapsedTime", driver.cuEventElapsedTime(*events))
            self.kernel_seconds += float(ms) / 1000.0

    def _events(self) -> tuple[Any, Any]:
        if not hasattr(self, "_event_pair"):
            flags = self.driver.CUevent_flags.CU_EVENT_DEFAULT
            self._event_pair = (
                _check(self.driver, "cuEventCreate", self.driver.cuEventCreate(flags)),
                _check(self.driver, "cuEventCreate", self.driver.cuEventCreate(flags)),
            )
        return self._event_pair

    def synchronize(self) -> None:
        _check(self.driver, "cuCtxSynchronize", self.driver.cuCtxSynchronize())


def open_device() -> CudaDevice:
    """GPU 0 through the driver; a StrataError (one line) when there is none."""
    return CudaDevice()


def compile_module(
    ctx: Context,
    module: ModuleOp,
    device: CudaDevice | None = None,
    features: str | None = None,
) -> PlanFunction:
    """A `gpu`-stage module as a callable that runs on the GPU: plan from the host function,
    PTX (for this GPU's chip) from a copy lowered to the `nvvm` stage."""
    from strata.pipeline import run_stages
    from strata.targets import nvptx

    device = device if device is not None else open_device()
    plan = HostPlan.build(module)
    nvvm_module = module.clone()
    run_stages(ctx, nvvm_module, stop_after="nvvm")
    options: dict[str, Any] = {"chip": device.chip}
    if features is not None:
        options["features"] = features
    ptx, kernel_names = nvptx.compile_ptx(nvvm_module, **options)
    missing = [k for k in plan.kernels if k not in kernel_names]
    if missing:
        raise StrataError(f"--target cuda: PTX lacks kernels {', '.join(missing)}")
    device.load_ptx(ptx, plan.kernels)
    return PlanFunction(plan, device)
