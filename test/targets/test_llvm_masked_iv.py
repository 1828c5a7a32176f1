"""LLVM 22.1's loop vectoriser and an index masked with the IV (the cuda-sim LSTM miscompile).

The loop below is what InstCombine makes of a cuda-sim BiasAdd kernel `out[i / 4][i % 4] =
a[i / 4][i % 4] + b[i % 4]` over a thread loop whose bound `%n` is a runtime argument: inside the
guard `16 * x + i < 16`, `(i / 4) * 4 + i % 4` becomes `i & 15` and `i % 4` becomes `i & 3`. It is
well defined (no nsw/nuw/inbounds, no noalias, no metadata; every access in bounds for n <= 16).
At -O2 with AVX2, LLVM versions the loop on `8 <= n <= 16` (so that `i & 15 == i`) and then loads
`b[i & 3]` as 8 consecutive floats `b[0..7]`: lanes 4..7 read past `b`. With 512-bit vectors and
interleaving the same happens to `a[i & 31]` (the case test_llvm_ir.py keeps). convert-gpu-to-
cpu-sim therefore bounds thread loops by the kernel's known block size: with a constant trip count
LLVM folds the masks itself and the loop is right.
"""

from __future__ import annotations

import ctypes

import llvmlite.binding as llvm_binding
import numpy as np
import pytest

from strata.targets.cpu import runnable_cpus
from strata.targets.llvm_machine import host_target_machine, optimize

MASKED_IV_IR = """
define void @bias_add(ptr %a, ptr %b, ptr %o, i64 %gx, i64 %n) {
entry:
  %cx0 = icmp sgt i64 %gx, 0
  br i1 %cx0, label %block, label %exit
block:
  %x = phi i64 [ %x.next, %block.latch ], [ 0, %entry ]
  %base = shl i64 %x, 4
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %thread, label %block.latch
thread:
  %i = phi i64 [ %i.next, %latch ], [ 0, %block ]
  %g = add i64 %base, %i
  %in = icmp ult i64 %g, 16
  br i1 %in, label %body, label %latch
body:
  %col = and i64 %i, 3
  %flat = and i64 %i, 15
  %pa = getelementptr float, ptr %a, i64 %flat
  %va = load float, ptr %pa, align 4
  %pb = getelementptr float, ptr %b, i64 %col
  %vb = load float, ptr %pb, align 4
  %s = fadd float %va, %vb
  %po = getelementptr float, ptr %o, i64 %flat
  store float %s, ptr %po, align 4
  br label %latch
latch:
  %i.next = add i64 %i, 1
  %c = icmp slt i64 %i.next, N
  br i1 %c, label %thread, label %block.latch
block.latch:
  %x.next = add i64 %x, 1
  %cx = icmp slt i64 %x.next, %gx
  br i1 %cx, label %block, label %exit
exit:
  ret void
}
"""


def _run(bound: str, cpu: str, level: int) -> np.ndarray:
    tm = host_target_machine(level, cpu)
    text = f'target triple = "{tm.triple}"\n' + MASKED_IV_IR.replace("N\n", f"{bound}\n")
    engine = llvm_binding.create_mcjit_compiler(optimize(text, level, tm), tm)
    engine.finalize_object()
    prototype = ctypes.CFUNCTYPE(None, *[ctypes.c_void_p] * 3, ctypes.c_int64, ctypes.c_int64)
    fn = prototype(engine.get_function_address("bias_add"))
    a = np.arange(16, dtype=np.float32)
    b = np.zeros(8, np.float32)
    b[:4] = 100  # b[4:] lies past the 4 floats the kernel may read
    out = np.full(16, -1, np.float32)
    fn(a.ctypes.data, b.ctypes.data, out.ctypes.data, 1, 16)
    del engine
    return out


EXPECTED = np.arange(16, dtype=np.float32) + 100


@pytest.mark.parametrize("cpu", runnable_cpus())
@pytest.mark.parametrize("level", [1, 2, 3])
def test_constant_thread_bound_is_right(cpu: str, level: int) -> None:
    """What convert-gpu-to-cpu-sim emits now: the thread loop bounded by the block size (16)."""
    np.testing.assert_array_equal(_run("16", cpu, level), EXPECTED)


@pytest.mark.skipif("x86-64-v3" not in runnable_cpus(), reason="needs an AVX2 host")
def test_llvm_still_miscompiles_runtime_bound() -> None:
    """The LLVM bug itself, with the runtime bound cuda-sim used to emit: rows 1 and 3 read
    `b[4..7]`. When this fails, LLVM has fixed the bug (re-check the workaround's note in
    convert_gpu_to_cpu_sim._block_dims)."""
    assert np.array_equal(_run("%n", "x86-64", 2), EXPECTED)  # SSE2 only: right
    out = _run("%n", "x86-64-v3", 2)
    wrong = [
        row
        for row in range(4)
        if not np.array_equal(out[4 * row : 4 * row + 4], EXPECTED[4 * row : 4 * row + 4])
    ]
    assert wrong == [1, 3], out
