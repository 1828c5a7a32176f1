"""GPU export (strata.targets.nvptx): PTX text and kernel names for the CUDA runtime, libdevice,
accuracy settings, ptxas and its errors. No GPU needed; cubin tests need ptxas."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp

from strata.diagnostics import StrataError
from strata.loading import parse_ir
from strata.pipeline import run_stages
from strata.registry import make_context
from strata.targets import nvptx

needs_ptxas = pytest.mark.skipif(nvptx.find_ptxas() is None, reason="ptxas not installed")

KERNELS = """
builtin.module attributes {gpu.container_module} {
  gpu.module @main_kernels {
    "memref.global"() <{sym_name = "__shared_0", type = memref<64xf32, 3>, initial_value, sym_visibility = "private"}> : () -> ()
    gpu.func @main_kernel_0_scale(%x: memref<64xf32>, %y: memref<64xf32>, %z: memref<64xf32>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %sh = memref.get_global @__shared_0 : memref<64xf32, 3>
      %a = memref.load %x[%i] : memref<64xf32>
      %b = memref.load %y[%i] : memref<64xf32>
      %q = arith.divf %a, %b : f32
      %r = math.sqrt %q : f32
      memref.store %r, %sh[%i] : memref<64xf32, 3>
      gpu.barrier
      %c0 = arith.constant 0 : index
      %s = memref.load %sh[%c0] : memref<64xf32, 3>
      memref.store %s, %z[%i] : memref<64xf32>
      gpu.return
    }
    gpu.func @main_kernel_1_exp(%x: memref<64xf32>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %a = memref.load %x[%i] : memref<64xf32>
      %e = OP %a : f32
      memref.store %e, %x[%i] : memref<64xf32>
      gpu.return
    }
  }
}
"""


def _nvvm(op: str = "math.exp") -> ModuleOp:
    ctx = make_context()
    module = parse_ir(ctx, KERNELS.replace("OP", op))
    run_stages(ctx, module, stop_after="nvvm")
    return module


def test_compile_ptx_gives_text_and_kernel_names_in_order() -> None:
    ptx, names = nvptx.compile_ptx(_nvvm(), chip="sm_80", features="+ptx80")
    assert names == ["main_kernel_0_scale", "main_kernel_1_exp"]
    assert ".target sm_80" in ptx and ".version 8.0" in ptx
    for name in names:
        assert f".visible .entry {name}(" in ptx
    assert nvptx.kernels(_nvvm()) == [("main_kernel_0_scale", 3), ("main_kernel_1_exp", 1)]


def test_defaults_are_sm_80_and_ptx_8_0() -> None:
    ptx, _ = nvptx.compile_ptx(_nvvm())
    assert ".target sm_80" in ptx and ".version 8.0" in ptx
    ptx90, _ = nvptx.compile_ptx(_nvvm(), chip="sm_90")
    assert ".target sm_90" in ptx90


def test_accurate_division_and_sqrt_without_flush_to_zero() -> None:
    ptx, _ = nvptx.compile_ptx(_nvvm("math.absf"))
    scale = ptx[ptx.index(".entry main_kernel_0_scale") : ptx.index(".entry main_kernel_1_exp")]
    assert "div.rn.f32" in scale
    assert "sqrt.rn.f32" in scale
    assert ".ftz" not in ptx
    assert ".approx" not in ptx


def test_libdevice_is_linked_only_when_called(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_libdevice() -> None:
        raise AssertionError("libdevice looked up for a module that does not call it")

    monkeypatch.setattr(nvptx, "find_libdevice", no_libdevice)
    ptx, _ = nvptx.compile_ptx(_nvvm("math.absf"))
    assert "abs.f32" in ptx


def test_libdevice_calls_are_resolved() -> None:
    mod = nvptx.nvptx_module(_nvvm("math.tanh"))
    assert not [f.name for f in mod.functions if f.is_declaration and f.name.startswith("__nv_")]
    ptx, _ = nvptx.compile_ptx(_nvvm("math.tanh"))
    assert "__nv_tanhf" not in ptx and ".extern" not in ptx


def test_missing_libdevice_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nvptx, "find_libdevice", lambda: None)
    with pytest.raises(StrataError, match=r"libdevice.10.bc was not found: install strata\[cuda\]"):
        nvptx.compile_ptx(_nvvm("math.erf"))


def test_libdevice_of_the_toolkit_holding_ptxas(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A toolkit installed system-wide, found through the ptxas on PATH, without CUDA_HOME (lit
    runs tests with none of the caller's variables)."""
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "ptxas").write_text("#!/bin/sh\n")
    (tmp_path / "bin" / "ptxas").chmod(0o755)
    libdevice = tmp_path / "nvvm" / "libdevice" / "libdevice.10.bc"
    libdevice.parent.mkdir(parents=True)
    libdevice.write_bytes(b"")
    monkeypatch.setattr(nvptx, "_nvcc_package_dir", lambda: None)
    monkeypatch.setattr(nvptx, "SYSTEM_CUDA", tmp_path / "absent")
    monkeypatch.delenv("CUDA_HOME", raising=False)
    monkeypatch.delenv("CUDA_PATH", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    assert nvptx.find_libdevice() == libdevice
    monkeypatch.setenv("PATH", str(tmp_path / "absent"))
    assert nvptx.find_libdevice() is None


def test_unknown_chip_is_an_error() -> None:
    with pytest.raises(StrataError, match="unknown chip 'sm_99'"):
        nvptx.compile_ptx(_nvvm(), chip="sm_99")
    with pytest.raises(StrataError, match="unknown chip 'sm_99'"):
        nvptx.to_cubin("", "sm_99")


def test_module_without_gpu_module_is_an_error() -> None:
    with pytest.raises(StrataError, match="expected one gpu.module at the nvvm stage, found 0"):
        nvptx.compile_ptx(ModuleOp([]))


@needs_ptxas
@pytest.mark.parametrize("chip", ["sm_80", "sm_90"])
def test_to_cubin_assembles_for_sm_80_and_sm_90(chip: str) -> None:
    ptx, _ = nvptx.compile_ptx(_nvvm(), chip=chip)
    cubin = nvptx.to_cubin(ptx, chip)
    assert cubin[:4] == b"\x7fELF"
    assert b"main_kernel_1_exp" in cubin


@needs_ptxas
def test_ptxas_failure_carries_its_message() -> None:
    bad = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k() { bogus; }\n"
    with pytest.raises(StrataError, match=r"ptxas failed for sm_80: .*(error|fatal)") as info:
        nvptx.to_cubin(bad, "sm_80")
    assert "\n" not in str(info.value)


def test_missing_ptxas_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nvptx.shutil, "which", lambda _name: None)
    monkeypatch.setattr(nvptx, "_nvcc_package_dir", lambda: None)
    assert nvptx.find_ptxas() is None
    with pytest.raises(StrataError, match=r"ptxas not found: install strata\[cuda\]"):
        nvptx.to_cubin(".version 8.0", "sm_80")
