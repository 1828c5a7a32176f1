"""LLVM IR export (weights, linkage, errors), optimisation, object files and assembly for the CPU."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from xdsl.dialects import llvm, memref
from xdsl.dialects.builtin import (
    BytesAttr,
    DenseIntOrFPElementsAttr,
    ModuleOp,
    TensorType,
    f32,
)

from strata.abi import EntrySignature, TensorSpec
from strata.diagnostics import StrataError
from strata.loading import parse_ir
from strata.pipeline import run_stages
from strata.registry import make_context
from strata.runtime.cpu import CompiledFunction
from strata.targets.cpu import emit_assembly, emit_object
from strata.targets.llvm_ir import LINKED_DATA_BYTES, LINKED_DATA_PREFIX, READABLE_BYTES, to_llvm_ir
from strata.targets.llvm_machine import optimize, parse


def _signature(n: int) -> str:
    sig = EntrySignature("main", (), (TensorSpec("out", (n,), "float32"),), 0)
    return sig.to_json().replace('"', '\\"')


COPY_WEIGHT = """
"memref.global"() <{sym_name = "w0", type = memref<16xf32>, initial_value = dense<0.0> : tensor<16xf32>, sym_visibility = "private", constant}> : () -> ()
func.func private @unused_helper(%v: f32) -> f32 {
  func.return %v : f32
}
func.func @main(%out: memref<16xf32>, %arena: memref<1xi8>) -> i32 attributes {strata.signature = "SIG"} {
  %w = memref.get_global @w0 : memref<16xf32>
  "memref.copy"(%w, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  %ok = arith.constant 0 : i32
  func.return %ok : i32
}
"""


def _llvm_module(text: str, weight: np.ndarray | None = None) -> ModuleOp:
    ctx = make_context()
    module = parse_ir(ctx, text)
    if weight is not None:
        glob = next(op for op in module.ops if isinstance(op, memref.GlobalOp))
        tensor = TensorType(f32, weight.shape)
        glob.properties["initial_value"] = DenseIntOrFPElementsAttr(
            tensor, BytesAttr(weight.tobytes())
        )
    return run_stages(ctx, module, stop_after="llvm")


def test_weights_are_exact_bit_for_bit() -> None:
    bits = np.array(
        [0x7FC00001, 0xFFC12345, 0x00000001, 0x80000000, 0x7F800000, 0x3F800001, 0x3EAAAAAB]
        + list(range(0x40000000, 0x40000009)),
        dtype=np.uint32,
    )
    weight = bits.view(np.float32)
    fn = CompiledFunction.from_module(
        _llvm_module(COPY_WEIGHT.replace("SIG", _signature(16)), weight)
    )
    out = fn()["out"]
    np.testing.assert_array_equal(out.view(np.uint32), bits)


def test_large_weight_is_exact_bit_for_bit() -> None:
    # Past READABLE_BYTES the initializer escapes every byte (binascii): every byte value.
    bits = np.arange(256 * 4, dtype=np.uint32) * np.uint32(0x01010101 // 4 + 1)
    bits[:256] = np.arange(256, dtype=np.uint32) * np.uint32(0x01010101)
    weight = bits.view(np.float32)
    n = weight.size
    text = COPY_WEIGHT.replace("SIG", _signature(n)).replace("16x", f"{n}x")
    assert 4 * n > READABLE_BYTES
    out = CompiledFunction.from_module(_llvm_module(text, weight))()["out"]
    np.testing.assert_array_equal(out.view(np.uint32), bits)


def _copy_of(weight: np.ndarray) -> ModuleOp:
    n = weight.size
    return _llvm_module(COPY_WEIGHT.replace("SIG", _signature(n)).replace("16x", f"{n}x"), weight)


def test_linked_weight_is_exact_bit_for_bit() -> None:
    # Past LINKED_DATA_BYTES the JIT links a constant's bytes in (an external symbol of the
    # object); an object file (AOT) still carries them.
    bits = (np.arange(1 << 15, dtype=np.uint32) * np.uint32(0x9E3779B9)) | np.uint32(1)
    bits[:3] = [0x7FC00001, 0x80000000, 0x7F800000]  # a NaN payload, -0, inf
    module = _copy_of(bits.view(np.float32))
    assert 4 * bits.size > LINKED_DATA_BYTES
    fn = CompiledFunction.from_module(module)
    np.testing.assert_array_equal(fn()["out"].view(np.uint32), bits)
    assert list(fn.jit_module.linked) == [LINKED_DATA_PREFIX + "w0"]
    assert fn.jit_module.linked[LINKED_DATA_PREFIX + "w0"].ctypes.data % 64 == 0
    assert "@__strata_linked.w0 = external local_unnamed_addr constant" in fn.jit_module.llvm_ir
    assert '@"w0" = private constant' in str(to_llvm_ir(module))


def test_linked_weights_of_one_name_stay_apart() -> None:
    # Two models whose weights have the same global name: each call sees its own bytes, with
    # the models built one after the other and from several threads at once.
    weights = [np.full(1 << 15, float(k), np.float32) for k in range(4)]
    first = [CompiledFunction.from_module(_copy_of(w)) for w in weights[:2]]
    for k, fn in enumerate(first):
        np.testing.assert_array_equal(fn()["out"], weights[k])
    with ThreadPoolExecutor(4) as pool:
        built = list(pool.map(lambda w: CompiledFunction.from_module(_copy_of(w)), weights))
    for k, fn in enumerate(built + first):
        np.testing.assert_array_equal(fn()["out"], weights[k % 4 if k < 4 else k - 4])


def test_splat_weight() -> None:
    module = _llvm_module(
        COPY_WEIGHT.replace("SIG", _signature(16)).replace("dense<0.0>", "dense<1.5>")
    )
    out = CompiledFunction.from_module(module)()["out"]
    np.testing.assert_array_equal(out, np.full(16, 1.5, np.float32))


def test_entry_external_helpers_internal() -> None:
    text = str(to_llvm_ir(_llvm_module(COPY_WEIGHT.replace("SIG", _signature(16)))))
    assert 'define external i32 @"main"(ptr noalias %"out", ptr noalias %"arena")' in text
    assert 'define internal float @"unused_helper"' in text
    assert '@"w0" = private constant [64 x i8]' in text
    assert "align 64" in text


def test_large_weight_exports_fast() -> None:
    weight = np.random.default_rng(0).standard_normal((784, 256), dtype=np.float32)
    value = DenseIntOrFPElementsAttr(TensorType(f32, [784, 256]), BytesAttr(weight.tobytes()))
    glob = llvm.GlobalOp(
        llvm.LLVMArrayType(784, llvm.LLVMArrayType(256, f32)),
        "w",
        "private",
        constant=True,
        value=value,
    )
    start = time.perf_counter()
    text = str(to_llvm_ir(ModuleOp([glob])))
    optimize(text, level=0)
    assert time.perf_counter() - start < 1.0


def test_non_llvm_op_is_a_clear_error() -> None:
    ctx = make_context()
    module = parse_ir(ctx, 'func.func @f() {\n  "test.op"() : () -> ()\n  func.return\n}\n')
    with pytest.raises(
        StrataError, match="cannot export to LLVM IR: 3 ops outside the llvm dialect"
    ):
        to_llvm_ir(module)


def test_invalid_llvm_ir_is_llvms_error() -> None:
    # strata.compile leaves the llvm stage's verification to LLVM: what LLVM's verifier
    # rejects (here a return of the wrong type, which xDSL's verifier lets through) is a
    # StrataError with LLVM's message, not a crash.
    ctx = make_context()
    text = "llvm.func @f(%a: i64) -> i32 {\n  llvm.return %a : i64\n}\n"
    module = parse_ir(ctx, text)
    with pytest.raises(StrataError, match=r"(?s)invalid LLVM IR: .*doesn.t match function result"):
        parse(to_llvm_ir(module))


ADD = """
func.func @main(%a: memref<256xf32>, %b: memref<256xf32>, %out: memref<256xf32>, %arena: memref<1xi8>) -> i32
    attributes {strata.signature = "SIG"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<256xf32>
    %y = memref.load %b[%i] : memref<256xf32>
    %s = arith.addf %x, %y : f32
    memref.store %s, %out[%i] : memref<256xf32>
  }
  %ok = arith.constant 0 : i32
  func.return %ok : i32
}
"""


def test_emit_object_is_x86_64_elf() -> None:
    obj = emit_object(_llvm_module(ADD.replace("SIG", _signature(256))), "x86_64-unknown-linux-gnu")
    assert obj[:4] == b"\x7fELF"
    assert obj[4] == 2  # ELFCLASS64
    assert int.from_bytes(obj[18:20], "little") == 62  # EM_X86_64
    assert b"main" in obj


def test_loops_are_vectorised() -> None:
    asm = emit_assembly(_llvm_module(ADD.replace("SIG", _signature(256))), cpu="haswell")
    assert "vaddps" in asm and "%ymm" in asm


def test_one_intrinsic_in_two_float_types() -> None:
    """llvm.intr.sqrt on f32 and on f64 in one module export as llvm.sqrt.f32 and llvm.sqrt.f64
    (xDSL's own export declares both as `llvm.sqrt` and fails on the second)."""
    ctx = make_context()
    module = parse_ir(
        ctx,
        """
        llvm.func @f(%a: f32, %b: f64) -> f64 {
          %x = llvm.intr.sqrt(%a) : (f32) -> f32
          %y = llvm.intr.sqrt(%b) : (f64) -> f64
          %z = llvm.intr.pow(%b, %y) : (f64, f64) -> f64
          llvm.return %z : f64
        }
        """,
    )
    text = str(to_llvm_ir(module))
    assert '@"llvm.sqrt.f32"(float' in text
    assert '@"llvm.sqrt.f64"(double' in text
    assert '@"llvm.pow.f64"(double' in text
    optimize(text)


# A cuda-sim kernel (grid loops around `out[i / 32][i % 32] = a[i % 32]`, broadcasting a row)
# that LLVM 22.1 miscompiled when it interleaved the vector loop under 512-bit-vector tunings
# (znver4/znver5): rows 1 and 3 of `out` came out as garbage. Cause: with the thread loop bound
# by the runtime `bx`, the vectoriser versions on the trip count and widens `a[i & 31]` as
# consecutive over the 64 lanes of one interleaved iteration (reads a[32..63]); see
# test_llvm_masked_iv.py. cuda-sim now bounds thread loops by the known block size (BOUND = 128),
# which LLVM compiles right with interleaving on; BOUND = %"bx" is the old, miscompiled form.
_TILE_ROWS_IR = """
define void @tile_rows(ptr %".1", ptr %".2", i64 %"gx", i64 %"gy", i64 %"gz", i64 %"bx", i64 %"by", i64 %"bz")
{
.10:
  br label %".11"
.11:
  %".31" = phi  i64 [0, %".10"], [%".78", %".29"]
  %".38" = icmp slt i64 %".31", %"gz"
  br i1 %".38", label %".12", label %".30"
.12:
  br label %".13"
.13:
  %".32" = phi  i64 [0, %".12"], [%".76", %".28"]
  %".41" = icmp slt i64 %".32", %"gy"
  br i1 %".41", label %".14", label %".29"
.14:
  br label %".15"
.15:
  %".33" = phi  i64 [0, %".14"], [%".74", %".27"]
  %".44" = icmp slt i64 %".33", %"gx"
  br i1 %".44", label %".16", label %".28"
.16:
  br label %".17"
.17:
  %".34" = phi  i64 [0, %".16"], [%".72", %".26"]
  %".47" = icmp slt i64 %".34", %"bz"
  br i1 %".47", label %".18", label %".27"
.18:
  br label %".19"
.19:
  %".35" = phi  i64 [0, %".18"], [%".70", %".25"]
  %".50" = icmp slt i64 %".35", %"by"
  br i1 %".50", label %".20", label %".26"
.20:
  br label %".21"
.21:
  %".36" = phi  i64 [0, %".20"], [%".68", %".24"]
  %".53" = icmp slt i64 %".36", BOUND
  br i1 %".53", label %".22", label %".25"
.22:
  %".55" = mul i64 %".33", 128
  %".56" = add i64 %".55", %".36"
  %".57" = icmp ult i64 %".56", 128
  br i1 %".57", label %".23", label %".24"
.23:
  %".59" = urem i64 %".56", 32
  %".60" = udiv i64 %".56", 32
  %".61" = getelementptr inbounds float, ptr %".1", i64 %".59"
  %".62" = load float, ptr %".61"
  %".63" = mul nsw i64 %".60", 32
  %".64" = add nsw i64 %".63", %".59"
  %".65" = getelementptr inbounds float, ptr %".2", i64 %".64"
  store float %".62", ptr %".65"
  br label %".24"
.24:
  %".68" = add i64 %".36", 1
  br label %".21"
.25:
  %".70" = add i64 %".35", 1
  br label %".19"
.26:
  %".72" = add i64 %".34", 1
  br label %".17"
.27:
  %".74" = add i64 %".33", 1
  br label %".15"
.28:
  %".76" = add i64 %".32", 1
  br label %".13"
.29:
  %".78" = add i64 %".31", 1
  br label %".11"
.30:
  ret void
}
"""


def test_optimized_div_rem_loop_is_correct() -> None:
    import ctypes

    import llvmlite.binding as llvm_binding

    from strata.targets.llvm_machine import host_target_machine

    tm = host_target_machine(2)
    text = f'target triple = "{tm.triple}"\n' + _TILE_ROWS_IR.replace("BOUND", "128")
    mod = optimize(text, 2, tm)
    engine = llvm_binding.create_mcjit_compiler(mod, tm)
    engine.finalize_object()
    fn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, *[ctypes.c_int64] * 6)(
        engine.get_function_address("tile_rows")
    )
    a = np.arange(32, dtype=np.float32)
    out = np.full((4, 32), -1, np.float32)
    fn(a.ctypes.data, out.ctypes.data, 1, 1, 1, 128, 1, 1)  # grid 1x1x1, 128 threads
    np.testing.assert_array_equal(out, np.tile(a, (4, 1)))


def _a_offsets(bound: str) -> set[int]:
    """The constant byte offsets from `a` (128 bytes) that the znver4 vector code loads at."""
    import re

    from strata.targets.llvm_machine import target_machine

    tm = target_machine("x86_64-unknown-linux-gnu", 2, cpu="znver4")
    text = 'target triple = "x86_64-unknown-linux-gnu"\n' + _TILE_ROWS_IR.replace("BOUND", bound)
    optimized = str(optimize(text, 2, tm))
    return {int(m) for m in re.findall(r'getelementptr i8, ptr %"?\.1"?, i64 (\d+)', optimized)}


def test_znver4_interleaving_with_constant_thread_bound_stays_in_bounds() -> None:
    """Compiled (not run) for an AVX-512 CPU with interleaving on: the constant-bound kernel reads
    nothing past `a`; the runtime-bound form still reads `a + 128` and `a + 192` (LLVM's bug;
    when that part fails, LLVM fixed it)."""
    assert all(offset < 128 for offset in _a_offsets("128"))
    assert {128, 192} <= _a_offsets('%"bx"')
