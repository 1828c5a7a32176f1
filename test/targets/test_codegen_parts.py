"""Parallel code generation in the JIT: a module's kernels split over several LLVM modules
(`llvm_ir.split_for_codegen`), optimised and emitted side by side (`cpu.compile_parts`) and
linked into one engine."""

from __future__ import annotations

import ctypes
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import llvm
from xdsl.dialects.builtin import ModuleOp

from strata.api import lower
from strata.loading import parse_ir
from strata.pipeline import PipelineOptions
from strata.registry import make_context
from strata.runtime.cpu import CompiledFunction
from strata.targets import llvm_ir
from strata.targets.cpu import compile_parts, jit_cpu, load_object, packed, unpacked
from strata.targets.llvm_ir import CodegenPart, split_for_codegen
from strata.transforms.parallelize_kernels import CHUNK_ATTR

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ENTRIES = {
    e["name"]: e
    for manifest in sorted(FIXTURES.glob("manifest*.json"))
    for e in json.loads(manifest.read_text())["models"]
}


def fixture_at_llvm(name: str) -> tuple[ModuleOp, dict[str, np.ndarray], dict[str, np.ndarray]]:
    entry = ENTRIES[name]
    with np.load(FIXTURES / entry["inputs_file"]) as data:
        inputs = {k: data[k] for k in data.files}
    with np.load(FIXTURES / entry["outputs_file"]) as data:
        outputs = {k: data[k] for k in data.files}
    _ctx, module = lower(
        str(FIXTURES / entry["file"]),
        entry["outputs"],
        list(inputs),
        [list(v.shape) for v in inputs.values()],
        stop_after="llvm",
    )
    return module, inputs, outputs


@pytest.fixture(scope="module")
def lstm() -> tuple[ModuleOp, dict[str, np.ndarray], dict[str, np.ndarray]]:
    # An LSTM whose while loop is kept: kernels that call the exp and tanh helpers, constants
    # passed by the entry, a loop in the entry.
    return fixture_at_llvm("lstm_loop")


def test_split_puts_each_kernel_in_one_part(
    lstm: tuple[ModuleOp, dict[str, np.ndarray], dict[str, np.ndarray]],
) -> None:
    module, _, _ = lstm
    parts = split_for_codegen(module, 3)
    assert [p.index for p in parts] == [0, 1, 2]
    kernels = [k for p in parts for k in p.kernels]
    assert len(kernels) == len(set(kernels)) and set(kernels) == parts[0].split
    assert all(k.startswith("main_kernel_") for k in kernels)
    assert all(p.kernels for p in parts[1:])
    text = str(llvm_ir.to_llvm_ir(module, part=parts[1]))
    assert 'define i32 @"main"' not in text and 'declare i32 @"main"' in text
    assert 'define internal float @"__strata_math_tanh_f32"' in text  # a helper, copied
    assert split_for_codegen(module, 1) == []
    # However many cores, each part gets at least SPLIT_MIN_OPS of kernels.
    many = split_for_codegen(module, 64)
    assert 2 < len(many) < 64
    sizes = [sum(llvm_ir._symbols(f)[1] for f in kernels_of(module, p)) for p in many[1:]]
    assert all(size >= llvm_ir.SPLIT_MIN_OPS // 2 for size in sizes), sizes


def test_split_weighs_threaded_wrappers_as_the_export_makes_them() -> None:
    # With kernels on threads, part 0 keeps each threaded wrapper, whose serial body the
    # export replaces by a few calls: balanced by what is exported, part 0's kernels plus its
    # entry are as big as part 1's kernels, to within one kernel (counting the serial bodies,
    # part 0 got 255 ops of kernels and part 1 617).
    entry = ENTRIES["cnn_small"]
    _ctx, module = lower(
        str(FIXTURES / entry["file"]),
        entry["outputs"],
        stop_after="llvm",
        pipeline=PipelineOptions(threads=2),
    )
    funcs = {f.sym_name.data: f for f in module.ops if isinstance(f, llvm.FuncOp) and f.body.blocks}
    size = {name: llvm_ir._symbols(f)[1] for name, f in funcs.items()}
    wrappers = [n for n, f in funcs.items() if CHUNK_ATTR in f.attributes]
    parts = split_for_codegen(module, 2)
    assert wrappers and len(parts) == 2 and parts[0].kernels
    stays = sum(size[n] for n in funcs if n not in parts[0].split and n not in wrappers)
    loads = [sum(size[k] for k in p.kernels) for p in parts]
    assert abs(loads[0] + stays - loads[1]) <= max(size[k] for k in parts[0].split), loads


def kernels_of(module: ModuleOp, part: CodegenPart) -> list[llvm.FuncOp]:
    return [f for f in module.ops if isinstance(f, llvm.FuncOp) and f.sym_name.data in part.kernels]


def test_split_model_computes_what_one_module_does(
    lstm: tuple[ModuleOp, dict[str, np.ndarray], dict[str, np.ndarray]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module, inputs, expected = lstm
    split = CompiledFunction.from_module(module)
    assert len(split.jit_module.objects) == 2  # this machine's cores are not what decides
    monkeypatch.setattr(llvm_ir, "split_for_codegen", lambda m, n: [])
    whole = CompiledFunction.from_module(module)
    assert len(whole.jit_module.objects) == 1
    got, want = split(**inputs), whole(**inputs)
    for name, value in want.items():
        np.testing.assert_array_equal(got[name], value)
        np.testing.assert_allclose(value, expected[name], rtol=1e-5, atol=1e-6)


@pytest.fixture(autouse=True)
def two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    # Split in two whatever the machine has, so the tests run the same everywhere.
    real = llvm_ir.split_for_codegen
    monkeypatch.setattr(llvm_ir, "split_for_codegen", lambda m, n: real(m, 2))


def test_compiles_from_several_threads_at_once(
    lstm: tuple[ModuleOp, dict[str, np.ndarray], dict[str, np.ndarray]],
) -> None:
    module, inputs, expected = lstm

    def run(_: int) -> dict[str, np.ndarray]:  # contexts and machines of its own, each
        return CompiledFunction.from_module(module)(**inputs)

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(run, range(4)))
    for result in results:
        for name, value in result.items():
            np.testing.assert_array_equal(value, results[0][name])
            np.testing.assert_allclose(value, expected[name], rtol=1e-5, atol=1e-6)


SCALE = """
define void @"scale"(ptr noalias %x, ptr noalias %y) noinline {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr float, ptr %x, i64 %i
  %v = load float, ptr %p
  %a = fmul float %v, 1.375000e+00
  %b = fadd float %a, 6.500000e+00
  %c = call float @llvm.fma.f32(float %b, float %v, float -3.250000e+00)
  %q = getelementptr float, ptr %y, i64 %i
  store float %c, ptr %q
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, 64
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
declare float @llvm.fma.f32(float, float, float)
"""
CALLER = """
declare void @"scale"(ptr, ptr)
define void @"run"(ptr %x, ptr %y) {
  call void @"scale"(ptr %x, ptr %y)
  ret void
}
"""


def test_second_object_reads_its_own_constants() -> None:
    # The kernel's float constants live in its object's constant pool. Position-independent
    # code reaches them through the GOT, which RuntimeDyld resolved wrongly in the second
    # object of an engine (NaN and garbage): the JIT's objects are static (cpu.JIT_RELOC).
    machine, compiled = compile_parts([CALLER, SCALE], 2, 2, jit_cpu())
    jit_module = load_object([code for _, code in compiled], machine)
    x = np.linspace(-3, 3, 64, dtype=np.float32)
    y = np.zeros_like(x)
    run = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p)(jit_module.address_of("run"))
    run(x.ctypes.data, y.ctypes.data)
    want = (x * np.float32(1.375) + np.float32(6.5)).astype(np.float64) * x - 3.25
    np.testing.assert_allclose(y, want.astype(np.float32), rtol=1e-6, atol=1e-6)


def test_cache_payload_keeps_the_objects_apart() -> None:
    machine, compiled = compile_parts([CALLER, SCALE], 2, 2, jit_cpu())
    jit_module = load_object([code for _, code in compiled], machine, data={})
    header, payload = packed(jit_module)
    assert header["objects"] == [len(code) for _, code in compiled]
    again = unpacked(payload, header)
    assert again is not None and again[0] == [code for _, code in compiled]
    assert unpacked(payload + b"x", header) is None
    assert unpacked(payload, {**header, "objects": [len(payload) - 1]}) is None


MUTABLE = """
llvm.mlir.global internal @counter(0 : i32) : i32
llvm.mlir.global private constant @w(dense<2.0> : tensor<4xf32>) : !llvm.array<4 x f32>
llvm.func internal @bump() attributes {no_inline} {
  %p = llvm.mlir.addressof @counter : !llvm.ptr
  %v = llvm.load %p : !llvm.ptr -> i32
  %one = llvm.mlir.constant(1 : i32) : i32
  %s = llvm.add %v, %one : i32
  llvm.store %s, %p : i32, !llvm.ptr
  llvm.return
}
llvm.func internal @reads(%x: !llvm.ptr) attributes {no_inline} {
  %p = llvm.mlir.addressof @w : !llvm.ptr
  %v = llvm.load %p : !llvm.ptr -> f32
  llvm.store %v, %x : f32, !llvm.ptr
  llvm.return
}
llvm.func internal @copies(%x: !llvm.ptr) attributes {no_inline} {
  llvm.call @reads(%x) : (!llvm.ptr) -> ()
  llvm.return
}
llvm.func internal @calls_bump() attributes {no_inline} {
  llvm.call @bump() : () -> ()
  llvm.return
}
"""


def test_kernels_that_share_state_stay_with_the_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    # A kernel that writes a mutable global (or calls one that does) stays in part 0, so the
    # state is not duplicated; one that reads a constant moves with a copy of it.
    module = parse_ir(make_context(), MUTABLE)
    monkeypatch.setattr(llvm_ir, "SPLIT_MIN_OPS", 0)
    parts = split_for_codegen(module, 2)
    assert parts[0].split == {"reads", "copies"}
    moved = [p for p in parts if p.index and p.kernels]
    assert all(isinstance(p, CodegenPart) for p in moved)
    for part in moved:
        assert "counter" not in part.globals
        if "reads" in part.kernels:
            assert part.globals == {"w"}


HELPER_GLOBAL = """
llvm.mlir.global private constant @table(dense<[1.0, 2.0]> : tensor<2xf32>) : !llvm.array<2 x f32>
llvm.func internal @lookup(%i: i64) -> f32 attributes {always_inline} {
  %p = llvm.mlir.addressof @table : !llvm.ptr
  %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %q : !llvm.ptr -> f32
  llvm.return %v : f32
}
llvm.func internal @uses_table(%x: !llvm.ptr) attributes {no_inline} {
  %i = llvm.mlir.constant(1 : i64) : i64
  %v = llvm.call @lookup(%i) : (i64) -> f32
  llvm.store %v, %x : f32, !llvm.ptr
  llvm.return
}
llvm.func internal @plain(%x: !llvm.ptr) attributes {no_inline} {
  %v = llvm.mlir.constant(3.0 : f32) : f32
  %w = llvm.fadd %v, %v : f32
  %y = llvm.fmul %w, %v : f32
  %z = llvm.fsub %y, %w : f32
  llvm.store %v, %x : f32, !llvm.ptr
  llvm.store %w, %x : f32, !llvm.ptr
  llvm.store %y, %x : f32, !llvm.ptr
  llvm.store %z, %x : f32, !llvm.ptr
  llvm.return
}
"""


def test_a_part_defines_only_the_helpers_its_kernels_call(monkeypatch: pytest.MonkeyPatch) -> None:
    # A helper that reads a constant goes (with the constant) only where a kernel calls it: in a
    # part without that constant, its body could not be printed.
    module = parse_ir(make_context(), HELPER_GLOBAL)
    monkeypatch.setattr(llvm_ir, "SPLIT_MIN_OPS", 0)
    parts = split_for_codegen(module, 2)
    assert [sorted(p.kernels) for p in parts] == [["uses_table"], ["plain"]]
    for part in parts:
        text = str(llvm_ir.to_llvm_ir(module, part=part))
        calls = "uses_table" in part.kernels or part.index == 0
        assert ('define internal float @"lookup"' in text) == calls, text
        assert ('@"table" = private constant' in text) == calls, text


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    """`code` in a fresh interpreter (a crash there fails the test, not the test run)."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False
    )


def test_collecting_a_split_model_in_a_cycle_frees_it_safely() -> None:
    # Each part has an LLVM context of its own; Python's collector, finalising a cycle, may free
    # a context before its module, which then freed freed memory (a segfault). The parts keep
    # their text and free module and context, in that order, once the object is emitted.
    code = f"""
import gc, sys
sys.path.insert(0, {str(Path(__file__).parent)!r})
from test_codegen_parts import fixture_at_llvm
from strata.runtime.cpu import CompiledFunction
from strata.targets import llvm_ir
real = llvm_ir.split_for_codegen
llvm_ir.split_for_codegen = lambda m, n: real(m, 2)
module, inputs, _ = fixture_at_llvm("lstm_loop")
fn = CompiledFunction.from_module(module)
assert len(fn.jit_module.objects) == 2 and "define" in fn.jit_module.llvm_ir
fn(**inputs)
class Holder: pass
holder = Holder(); holder.me = holder; holder.fn = fn
del fn, holder
gc.collect()
print("collected")
"""
    done = run_python(code)
    assert done.returncode == 0 and "collected" in done.stdout, done.stderr[-2000:]


def test_a_part_that_fails_raises_and_frees_safely() -> None:
    # Invalid IR in one part: a StrataError naming LLVM's complaint, on the caller's thread; the
    # traceback's cycle then holds nothing LLVM would free twice.
    code = r"""
import gc
from strata.diagnostics import StrataError
from strata.targets.cpu import compile_parts, jit_cpu
good = "define i32 @g(i32 %x) {\n  ret i32 %x\n}\n"
bad = "define i32 @f(i32 %x) {\nentry:\n  br label %b\nb:\n  ret i32 %y\nc:\n  %y = add i32 %x, 1\n  br label %b\n}\n"
for _ in range(3):
    try:
        compile_parts([good, bad], 2, 2, jit_cpu())
    except StrataError as err:
        assert "does not dominate" in str(err), err
    else:
        raise SystemExit("no error")
    gc.collect()
print("collected")
"""
    done = run_python(code)
    assert done.returncode == 0 and "collected" in done.stdout, done.stderr[-2000:]
