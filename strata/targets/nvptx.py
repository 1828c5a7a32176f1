"""Export of the `nvvm` stage's kernels: NVPTX LLVM IR, PTX (llvmlite), cubins (ptxas).

The `gpu.module` of an nvvm-stage module becomes an LLVM module for `nvptx64-nvidia-cuda`: kernels
(`nvvm.kernel`) take the `ptx_kernel` calling convention and become `.visible .entry`s; nvvm ops
are calls to their `llvm.nvvm.*` intrinsics. When a kernel calls libdevice (`__nv_expf`, ...) the
bitcode from the `nvidia-cuda-nvcc-cu12` package is linked in; then everything but the kernels is
internalised and the module optimised (O3; no flush-to-zero, no approximate division or sqrt).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import llvmlite.binding as llvm_binding
import llvmlite.ir as ir
from xdsl.dialects import gpu, llvm
from xdsl.dialects.builtin import DenseArrayBase, ModuleOp
from xdsl.ir import Operation
from xdsl.rewriter import Rewriter

from strata.diagnostics import StrataError
from strata.dialects import nvvm
from strata.lowering.gpu_to_nvvm.convert_gpu_to_nvvm import KERNEL_ATTR, REQNTID_ATTR
from strata.targets import llvm_ir, llvm_machine

NVPTX_TRIPLE = "nvptx64-nvidia-cuda"
DEFAULT_CHIP = "sm_80"
DEFAULT_FEATURES = "+ptx80"
"""PTX ISA 8.0 (CUDA 12.0): accepted for sm_80 and sm_90 by every CUDA 12 and 13 ptxas."""

CHIPS: dict[str, int] = {
    "sm_75": 63,
    "sm_80": 70,
    "sm_86": 71,
    "sm_87": 74,
    "sm_89": 78,
    "sm_90": 78,
    "sm_90a": 80,
    "sm_100": 86,
    "sm_120": 87,
}
"""Chips Strata compiles for -> the oldest PTX ISA (x10) that knows them."""

PTX_VERSIONS = frozenset((*range(60, 66), *range(70, 79), *range(80, 89), 90))
"""PTX ISA versions (x10) the NVPTX backend of llvmlite's LLVM 22 knows as `+ptxNN` features."""

INSTALL_HINT = "install strata[cuda] (the nvidia-cuda-nvcc-cu12 package)"


# --- Finding CUDA's tools ----------------------------------------------------------------------


def _nvcc_package_dir() -> Path | None:
    """site-packages/nvidia/cuda_nvcc of the `nvidia-cuda-nvcc-cu12` wheel, if installed."""
    try:
        spec = importlib.util.find_spec("nvidia.cuda_nvcc")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def find_ptxas() -> str | None:
    """ptxas on PATH, else the one in the `nvidia-cuda-nvcc-cu12` package; None if neither."""
    on_path = shutil.which("ptxas")
    if on_path:
        return on_path
    package = _nvcc_package_dir()
    if package is None:
        return None
    candidate = package / "bin" / "ptxas"
    return str(candidate) if candidate.is_file() and os.access(candidate, os.X_OK) else None


SYSTEM_CUDA = Path("/usr/local/cuda")
"""Where NVIDIA's installers put the toolkit on Linux."""


def find_libdevice() -> Path | None:
    """libdevice.10.bc from the `nvidia-cuda-nvcc-cu12` package, else from a CUDA toolkit: under
    $CUDA_HOME or $CUDA_PATH, beside the `ptxas` on PATH (`<toolkit>/bin/ptxas`), or in
    /usr/local/cuda. A toolkit installed system-wide sets no variable, and lit runs its tests
    with none of the caller's."""
    roots: list[Path] = []
    package = _nvcc_package_dir()
    if package is not None:
        roots.append(package)
    for var in ("CUDA_HOME", "CUDA_PATH"):
        if os.environ.get(var):
            roots.append(Path(os.environ[var]))
    ptxas = shutil.which("ptxas")
    if ptxas:
        roots.append(Path(ptxas).resolve().parent.parent)
    roots.append(SYSTEM_CUDA)
    for root in roots:
        candidate = root / "nvvm" / "libdevice" / "libdevice.10.bc"
        if candidate.is_file():
            return candidate
    return None


# --- Options -----------------------------------------------------------------------------------


def check_target(chip: str, features: str) -> None:
    """One-line StrataError for a chip Strata does not know or a PTX ISA too old for it."""
    if chip not in CHIPS:
        raise StrataError(f"unknown chip '{chip}' (chips: {', '.join(CHIPS)})")
    versions = [int(v) for v in re.findall(r"\+ptx(\d+)", features)]
    for feature in filter(None, features.split(",")):
        if not re.fullmatch(r"\+ptx\d+", feature):
            raise StrataError(f"unsupported PTX feature '{feature}' (expected +ptxNN, e.g. +ptx80)")
        if int(feature[4:]) not in PTX_VERSIONS:
            raise StrataError(
                f"unknown PTX ISA version '{feature}' (known: +ptx{min(PTX_VERSIONS)} to "
                f"+ptx{max(PTX_VERSIONS)})"
            )
    if versions and max(versions) < CHIPS[chip]:
        needed = CHIPS[chip]
        raise StrataError(
            f"{chip} needs PTX ISA {needed // 10}.{needed % 10} or newer (--ptx-features "
            f"+ptx{needed}), found +ptx{max(versions)}"
        )


def default_features(chip: str) -> str:
    """+ptx80, or the oldest PTX ISA that knows `chip` when that is newer."""
    default = int(DEFAULT_FEATURES.removeprefix("+ptx"))
    return f"+ptx{max(default, CHIPS.get(chip, default))}"


# --- nvvm stage -> NVPTX LLVM IR ---------------------------------------------------------------


def kernel_module(module: ModuleOp) -> gpu.ModuleOp:
    """The one gpu.module of an nvvm-stage module."""
    found = [op for op in module.walk() if isinstance(op, gpu.ModuleOp)]
    if len(found) != 1:
        raise StrataError(
            f"expected one gpu.module at the nvvm stage, found {len(found)} "
            "(lower with strata-opt --emit=nvvm first)"
        )
    return found[0]


def _kernel_functions(kernels: gpu.ModuleOp) -> Iterator[llvm.FuncOp]:
    for op in kernels.body.ops:
        if isinstance(op, llvm.FuncOp) and KERNEL_ATTR in op.attributes:
            yield op


def kernels(module: ModuleOp) -> list[tuple[str, int]]:
    """(name, number of parameters) of each kernel, in the gpu.module's order; each parameter is
    one 64-bit pointer."""
    return [
        (fn.sym_name.data, len(fn.function_type.inputs.data))
        for fn in _kernel_functions(kernel_module(module))
    ]


def _nvvm_to_intrinsic_calls(device: ModuleOp) -> None:
    """Each nvvm op becomes `llvm.call_intrinsic` of the intrinsic it names."""
    for op in list(device.walk()):
        if not isinstance(op, nvvm.IntrinsicOp):
            continue
        call = llvm.CallIntrinsicOp(op.intrinsic, list(op.operands), [r.type for r in op.results])
        call.location = op.location
        Rewriter.replace_op(op, [call])


def to_nvptx_ir(module: ModuleOp) -> ir.Module:
    """The nvvm-stage module's kernels as llvmlite IR for nvptx64 (not yet linked or optimised)."""
    source = kernel_module(module)
    device = ModuleOp(source.body.clone())
    _nvvm_to_intrinsic_calls(device)
    unsupported = [op for op in device.walk() if _is_foreign(op, device)]
    if unsupported:
        raise StrataError(
            f"cannot export kernels to PTX: '{unsupported[0].name}' op inside the gpu.module "
            "(expected llvm and nvvm ops only: run convert-gpu-to-nvvm)"
        )
    out = llvm_ir.to_llvm_ir(device, NVPTX_TRIPLE)
    for fn in _kernel_functions(source):
        ir_fn = out.get_global(fn.sym_name.data)
        ir_fn.calling_convention = "ptx_kernel"
        sizes = fn.attributes.get(REQNTID_ATTR)
        if isinstance(sizes, DenseArrayBase):
            _annotate(out, ir_fn, "reqntid", list(sizes.iter_values()))
    return out


def _is_foreign(op: Operation, device: ModuleOp) -> bool:
    return op is not device and op.dialect_name() != "llvm"


def _annotate(out: ir.Module, fn: ir.Function, what: str, sizes: list[int]) -> None:
    """`!nvvm.annotations` for `fn`: reqntidx/y/z (LLVM turns them into `.reqntid`)."""
    annotations = out.add_named_metadata("nvvm.annotations")
    i32 = ir.IntType(32)
    for axis, size in zip("xyz", sizes, strict=False):
        annotations.add(out.add_metadata([fn, ir.MetaDataString(out, what + axis), i32(size)]))


# --- Linking, optimisation, PTX ----------------------------------------------------------------


def _nvptx_machine(chip: str, features: str, opt_level: int) -> llvm_binding.TargetMachine:
    llvm_binding.initialize_all_targets()
    llvm_binding.initialize_all_asmprinters()
    target = llvm_binding.Target.from_triple(NVPTX_TRIPLE)
    return target.create_target_machine(cpu=chip, features=features, opt=opt_level)


def _link_libdevice(mod: llvm_binding.ModuleRef, machine: llvm_binding.TargetMachine) -> None:
    if not any(f.is_declaration and f.name.startswith("__nv_") for f in mod.functions):
        return
    path = find_libdevice()
    if path is None:
        raise StrataError(
            f"kernels call libdevice but libdevice.10.bc was not found: {INSTALL_HINT}, "
            "or set CUDA_HOME to a CUDA toolkit"
        )
    library = llvm_binding.parse_bitcode(path.read_bytes())
    library.triple = machine.triple
    library.data_layout = str(machine.target_data)
    mod.link_in(library)


def _internalize(mod: llvm_binding.ModuleRef, entry_names: set[str]) -> None:
    """Everything defined here but the kernels becomes internal, so O3 drops what is unused."""
    for fn in mod.functions:
        if not fn.is_declaration and fn.name not in entry_names:
            fn.linkage = llvm_binding.Linkage.internal
    for gv in mod.global_variables:
        if not gv.is_declaration:
            gv.linkage = llvm_binding.Linkage.internal


def nvptx_module(
    module: ModuleOp,
    chip: str = DEFAULT_CHIP,
    features: str | None = None,
    opt_level: int = 3,
) -> llvm_binding.ModuleRef:
    """The kernels as a verified, libdevice-linked, optimised LLVM module for `chip`."""
    features = features or default_features(chip)
    check_target(chip, features)
    machine = _nvptx_machine(chip, features, opt_level)
    text = str(to_nvptx_ir(module))
    mod = llvm_machine.parse(text)
    mod.triple = machine.triple
    mod.data_layout = str(machine.target_data)
    _link_libdevice(mod, machine)
    _internalize(mod, {name for name, _ in kernels(module)})
    if opt_level > 0:
        pto = llvm_binding.create_pipeline_tuning_options(speed_level=min(opt_level, 3))
        builder = llvm_binding.create_pass_builder(machine, pto)
        builder.getModulePassManager().run(mod, builder)
    mod.verify()
    leftover = [
        f.name for f in mod.functions if f.is_declaration and not f.name.startswith("llvm.")
    ]
    if leftover:
        raise StrataError(f"kernels call functions PTX cannot provide: {', '.join(leftover)}")
    return mod


def compile_ptx(
    module: ModuleOp,
    chip: str = DEFAULT_CHIP,
    features: str | None = None,
    opt_level: int = 3,
) -> tuple[str, list[str]]:
    """PTX text for the nvvm-stage `module`'s kernels and the kernel (`.entry`) names, in order."""
    mod = nvptx_module(module, chip, features, opt_level)
    machine = _nvptx_machine(chip, features or default_features(chip), opt_level)
    ptx = machine.emit_assembly(mod)
    return ptx, [name for name, _ in kernels(module)]


def to_cubin(ptx: str, chip: str = DEFAULT_CHIP) -> bytes:
    """Assemble PTX for `chip` with ptxas; a failure is a StrataError carrying ptxas's message."""
    if chip not in CHIPS:
        raise StrataError(f"unknown chip '{chip}' (chips: {', '.join(CHIPS)})")
    ptxas = find_ptxas()
    if ptxas is None:
        raise StrataError(f"ptxas not found: {INSTALL_HINT}, or put CUDA's bin folder on PATH")
    with tempfile.TemporaryDirectory(prefix="strata-ptxas-") as tmp:
        source = Path(tmp) / "kernels.ptx"
        target = Path(tmp) / "kernels.cubin"
        source.write_text(ptx)
        done = subprocess.run(
            [ptxas, f"-arch={chip}", "-O3", "-o", str(target), str(source)],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            message = " ".join((done.stderr or done.stdout).split())
            raise StrataError(f"ptxas failed for {chip}: {message}")
        return target.read_bytes()
