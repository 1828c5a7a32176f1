"""`loops`-stage modules written by hand, lowered through the `llvm` stage, JIT-run, compared with numpy."""

from __future__ import annotations

import math

import numpy as np
import pytest
from xdsl.dialects import memref
from xdsl.dialects.builtin import BytesAttr, DenseIntOrFPElementsAttr, ModuleOp, TensorType, f32

from strata.abi import EntrySignature, RunTimeLength, TensorSpec
from strata.loading import parse_ir
from strata.pipeline import run_stages
from strata.registry import make_context
from strata.runtime.cpu import CompiledFunction, data_pointer


def signature(inputs, outputs, arena_bytes=0, status_codes=None) -> str:
    sig = EntrySignature(
        "main",
        tuple(TensorSpec(n, tuple(s), d) for n, s, d in inputs),
        tuple(TensorSpec(n, tuple(s), d) for n, s, d in outputs),
        arena_bytes,
        status_codes or {},
    )
    return sig.to_json().replace('"', '\\"')


def lower(text: str, weights: dict[str, np.ndarray] | None = None) -> ModuleOp:
    ctx = make_context()
    module = parse_ir(ctx, text)
    for op in module.ops:
        if isinstance(op, memref.GlobalOp) and weights and op.sym_name.data in weights:
            array = np.ascontiguousarray(weights[op.sym_name.data], dtype=np.float32)
            tensor = TensorType(f32, array.shape)
            op.properties["initial_value"] = DenseIntOrFPElementsAttr(
                tensor, BytesAttr(array.tobytes())
            )
    return run_stages(ctx, module, stop_after="llvm")


def compile_loops(text: str, weights: dict[str, np.ndarray] | None = None) -> CompiledFunction:
    return CompiledFunction.from_module(lower(text, weights))


ADD_EXP = """
func.func @main(%a: memref<4x16xf32>, %b: memref<4x16xf32>, %out: memref<4x16xf32>, %arena: memref<1xi8>) -> i32
    attributes {strata.signature = "SIG"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %x = memref.load %a[%i, %j] : memref<4x16xf32>
      %y = memref.load %b[%i, %j] : memref<4x16xf32>
      %s = arith.addf %x, %y : f32
      %e = math.exp %s : f32
      memref.store %e, %out[%i, %j] : memref<4x16xf32>
    }
  }
  %ok = arith.constant 0 : i32
  func.return %ok : i32
}
"""


def test_elementwise_add_exp() -> None:
    sig = signature(
        [("a", (4, 16), "float32"), ("b", (4, 16), "float32")], [("out", (4, 16), "float32")], 1
    )
    fn = compile_loops(ADD_EXP.replace("SIG", sig))
    rng = np.random.default_rng(0)
    a = rng.standard_normal((4, 16), dtype=np.float32)
    b = rng.standard_normal((4, 16), dtype=np.float32)
    out = fn(a=a, b=b)["out"]
    np.testing.assert_allclose(out, np.exp(a + b), rtol=1e-6)


MATMUL = """
"memref.global"() <{sym_name = "w0", type = memref<64x10xf32>, initial_value = dense<0.0> : tensor<64x10xf32>, sym_visibility = "private", constant}> : () -> ()
func.func @main(%x: memref<8x64xf32>, %out: memref<8x10xf32>, %arena: memref<512xi8>) -> i32
    attributes {strata.signature = "SIG"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %w = memref.get_global @w0 : memref<64x10xf32>
  %t = memref.view %arena[%c128][] : memref<512xi8> to memref<8x10xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c10 step %c1 {
      %acc = scf.for %k = %c0 to %c64 step %c1 iter_args(%a = %zero) -> (f32) {
        %xv = memref.load %x[%i, %k] : memref<8x64xf32>
        %wv = memref.load %w[%k, %j] : memref<64x10xf32>
        %p = arith.mulf %xv, %wv : f32
        %s = arith.addf %a, %p : f32
        scf.yield %s : f32
      }
      %pos = arith.cmpf ogt, %acc, %zero : f32
      %r = scf.if %pos -> (f32) {
        scf.yield %acc : f32
      } else {
        %n = arith.negf %acc : f32
        %m = arith.mulf %n, %zero : f32
        scf.yield %m : f32
      }
      memref.store %r, %t[%i, %j] : memref<8x10xf32>
    }
  }
  %flat = memref.collapse_shape %t [[0, 1]] : memref<8x10xf32> into memref<80xf32>
  %flat_out = memref.collapse_shape %out [[0, 1]] : memref<8x10xf32> into memref<80xf32>
  "memref.copy"(%flat, %flat_out) : (memref<80xf32>, memref<80xf32>) -> ()
  %ok = arith.constant 0 : i32
  func.return %ok : i32
}
"""


def test_matmul_relu_with_weights_arena_and_copy() -> None:
    sig = signature([("x", (8, 64), "float32")], [("out", (8, 10), "float32")], 512)
    rng = np.random.default_rng(1)
    w = rng.standard_normal((64, 10), dtype=np.float32)
    fn = compile_loops(MATMUL.replace("SIG", sig), {"w0": w})
    x = rng.standard_normal((8, 64), dtype=np.float32)
    out = fn(x=x)["out"]
    np.testing.assert_allclose(out, np.maximum(x @ w, 0), rtol=1e-5, atol=1e-5)
    # A second call reuses the compiled code and arena.
    np.testing.assert_allclose(fn(x)["out"], out)


def test_read_only_strided_and_empty_arrays_pass_their_data() -> None:
    # data_pointer: ctypes' buffer protocol for writable arrays, numpy's address otherwise.
    for array in (np.arange(6.0), np.zeros(0), np.broadcast_to(np.ones(3), (2, 3))):
        assert data_pointer(array) == array.ctypes.data
    sig = signature([("x", (8, 64), "float32")], [("out", (8, 10), "float32")], 512)
    rng = np.random.default_rng(2)
    w = rng.standard_normal((64, 10), dtype=np.float32)
    fn = compile_loops(MATMUL.replace("SIG", sig), {"w0": w})
    x = rng.standard_normal((8, 64), dtype=np.float32)
    want = np.maximum(x @ w, 0)
    frozen = x.copy()
    frozen.flags.writeable = False
    np.testing.assert_allclose(fn(x=frozen)["out"], want, rtol=1e-5, atol=1e-5)
    wide = np.zeros((8, 128), np.float32)
    wide[:, ::2] = x  # a strided view: copied into a contiguous array first
    np.testing.assert_allclose(fn(x=wide[:, ::2])["out"], want, rtol=1e-5, atol=1e-5)


def test_inputs_are_checked() -> None:
    sig = signature([("x", (8, 64), "float32")], [("out", (8, 10), "float32")], 512)
    fn = compile_loops(MATMUL.replace("SIG", sig))
    with pytest.raises(ValueError) as err:
        fn(x=np.zeros((8, 63), np.float32))
    assert str(err.value) == "input 'x': expected shape (8, 64) float32, found (8, 63) float32"
    with pytest.raises(
        ValueError, match="input 'x': expected shape \\(8, 64\\) float32, found \\(8, 64\\) float64"
    ):
        fn(x=np.zeros((8, 64)))
    with pytest.raises(ValueError, match="missing inputs: 'x'"):
        fn()
    with pytest.raises(ValueError, match="unknown input 'y'"):
        fn(x=np.zeros((8, 64), np.float32), y=1)


UNARY = """
func.func @main(%a: memref<64xDT>, %out: memref<64xDT>, %arena: memref<1xi8>) -> i32
    attributes {strata.signature = "SIG"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %iv = %c0 to %c64 step %c1 {
    %x = memref.load %a[%iv] : memref<64xDT>
    BODY
    memref.store %y, %out[%iv] : memref<64xDT>
  }
  %ok = arith.constant 0 : i32
  func.return %ok : i32
}
"""

_erf = np.vectorize(math.erf)
_POSITIVE = np.linspace(0.05, 4.0, 64)
_ANY = np.linspace(-3.0, 3.0, 64)

MATH_CASES = {
    # name: (body, numpy reference, inputs)
    "exp": ("%y = math.exp %x : f32", np.exp, _ANY),
    "log": ("%y = math.log %x : f32", np.log, _POSITIVE),
    "log1p": ("%y = math.log1p %x : f32", np.log1p, _POSITIVE * 1e-3),
    "expm1": ("%y = math.expm1 %x : f32", np.expm1, _ANY * 1e-3),
    "sqrt": ("%y = math.sqrt %x : f32", np.sqrt, _POSITIVE),
    "rsqrt": ("%y = math.rsqrt %x : f32", lambda v: 1 / np.sqrt(v), _POSITIVE),
    "tanh": ("%y = math.tanh %x : f32", np.tanh, _ANY),
    "absf": ("%y = math.absf %x : f32", np.abs, _ANY),
    "floor": ("%y = math.floor %x : f32", np.floor, _ANY * 1.3),
    "ceil": ("%y = math.ceil %x : f32", np.ceil, _ANY * 1.3),
    "round": (
        "%y = math.round %x : f32",
        lambda v: np.sign(v) * np.floor(np.abs(v) + 0.5),
        _ANY * 1.5,
    ),
    "sin": ("%y = math.sin %x : f32", np.sin, _ANY),
    "cos": ("%y = math.cos %x : f32", np.cos, _ANY),
    "erf": ("%y = math.erf %x : f32", _erf, _ANY),
    "powf": ("%y = math.powf %x, %x : f32", lambda v: v**v, _POSITIVE),
    "fma": ("%y = math.fma %x, %x, %x : f32", lambda v: v * v + v, _ANY),
    "negf": ("%y = arith.negf %x : f32", np.negative, _ANY),
    "maximumf": (
        "%z = arith.constant 0.5 : f32\n %y = arith.maximumf %x, %z : f32",
        lambda v: np.maximum(v, 0.5),
        _ANY,
    ),
    "minimumf": (
        "%z = arith.constant 0.5 : f32\n %y = arith.minimumf %x, %z : f32",
        lambda v: np.minimum(v, 0.5),
        _ANY,
    ),
    "maxnumf": (
        "%z = arith.constant 0.5 : f32\n %y = arith.maxnumf %x, %z : f32",
        lambda v: np.fmax(v, 0.5),
        _ANY,
    ),
    "minnumf": (
        "%z = arith.constant 0.5 : f32\n %y = arith.minnumf %x, %z : f32",
        lambda v: np.fmin(v, 0.5),
        _ANY,
    ),
    "divf-subf": (
        "%z = arith.constant 2.0 : f32\n %d = arith.divf %x, %z : f32\n %y = arith.subf %d, %x : f32",
        lambda v: v / 2 - v,
        _ANY,
    ),
    "cmpf-select": (
        "%z = arith.constant 0.0 : f32\n %c = arith.cmpf olt, %x, %z : f32\n %y = arith.select %c, %z, %x : f32",
        lambda v: np.where(v < 0, 0, v),
        _ANY,
    ),
    "f64-roundtrip": (
        "%d = arith.extf %x : f32 to f64\n %e = math.exp %d : f64\n %y = arith.truncf %e : f64 to f32",
        np.exp,
        _ANY,
    ),
    "fptosi-sitofp": (
        "%i = arith.fptosi %x : f32 to i32\n %y = arith.sitofp %i : i32 to f32",
        np.trunc,
        _ANY * 2.5,
    ),
    "fptoui-uitofp": (
        "%i = arith.fptoui %x : f32 to i32\n %y = arith.uitofp %i : i32 to f32",
        np.trunc,
        _POSITIVE * 3,
    ),
    "bitcast": (
        "%i = arith.bitcast %x : f32 to i32\n %m = arith.constant 2147483647 : i32\n %n = arith.andi %i, %m : i32\n %y = arith.bitcast %n : i32 to f32",
        np.abs,
        _ANY,
    ),
}


@pytest.mark.parametrize("name", sorted(MATH_CASES))
def test_float_ops(name: str) -> None:
    body, reference, values = MATH_CASES[name]
    sig = signature([("a", (64,), "float32")], [("out", (64,), "float32")], 1)
    fn = compile_loops(UNARY.replace("SIG", sig).replace("BODY", body).replace("DT", "f32"))
    x = values.astype(np.float32)
    expected = reference(x.astype(np.float64)).astype(np.float32)
    np.testing.assert_allclose(fn(a=x)["out"], expected, rtol=2e-6, atol=1e-7)


INT_CASES = {
    "addi-muli": (
        "%c = arith.constant 3 : i32\n %m = arith.muli %x, %c : i32\n %y = arith.addi %m, %x : i32",
        lambda v: v * 3 + v,
    ),
    "subi": ("%c = arith.constant 7 : i32\n %y = arith.subi %x, %c : i32", lambda v: v - 7),
    "divsi-remsi": (
        "%c = arith.constant 7 : i32\n %d = arith.divsi %x, %c : i32\n %r = arith.remsi %x, %c : i32\n %y = arith.addi %d, %r : i32",
        lambda v: np.trunc(v / 7).astype(np.int32) + np.fmod(v, 7),
    ),
    "maxsi-minsi": (
        "%c = arith.constant -5 : i32\n %d = arith.constant 9 : i32\n %m = arith.maxsi %x, %c : i32\n %y = arith.minsi %m, %d : i32",
        lambda v: np.clip(v, -5, 9),
    ),
    "bits": (
        "%c = arith.constant 12 : i32\n %o = arith.ori %x, %c : i32\n %y = arith.xori %o, %c : i32",
        lambda v: (v | 12) ^ 12,
    ),
    "shifts": (
        "%c = arith.constant 2 : i32\n %l = arith.shli %x, %c : i32\n %r = arith.shrsi %l, %c : i32\n %u = arith.shrui %x, %c : i32\n %y = arith.addi %r, %u : i32",
        lambda v: ((v << 2) >> 2) + (v.view(np.uint32) >> 2).view(np.int32),
    ),
    "absi": ("%y = math.absi %x : i32", np.abs),
    "ext-trunc": (
        "%e = arith.extsi %x : i32 to i64\n %u = arith.extui %x : i32 to i64\n %s = arith.addi %e, %u : i64\n %y = arith.trunci %s : i64 to i32",
        lambda v: (v.astype(np.int64) + v.view(np.uint32).astype(np.int64)).astype(np.int32),
    ),
    "index-cast": (
        "%i = arith.index_cast %x : i32 to index\n %c = arith.constant 1 : index\n %j = arith.addi %i, %c : index\n %y = arith.index_cast %j : index to i32",
        lambda v: v + 1,
    ),
    "cmpi-select": (
        "%c = arith.constant 0 : i32\n %p = arith.cmpi sge, %x, %c : i32\n %y = arith.select %p, %x, %c : i32",
        lambda v: np.maximum(v, 0),
    ),
}


@pytest.mark.parametrize("name", sorted(INT_CASES))
def test_int_ops(name: str) -> None:
    body, reference = INT_CASES[name]
    sig = signature([("a", (64,), "int32")], [("out", (64,), "int32")], 1)
    fn = compile_loops(UNARY.replace("SIG", sig).replace("BODY", body).replace("DT", "i32"))
    x = np.arange(-32, 32, dtype=np.int32) * 3
    np.testing.assert_array_equal(fn(a=x)["out"], reference(x))


STATUS = """
func.func private @helper(%v: f32) -> i32 {
  %z = arith.constant 0.0 : f32
  %bad = arith.cmpf olt, %v, %z : f32
  %r = scf.if %bad -> (i32) {
    %e = arith.constant 3 : i32
    scf.yield %e : i32
  } else {
    %ok = arith.constant 0 : i32
    scf.yield %ok : i32
  }
  func.return %r : i32
}
func.func @main(%a: memref<1xf32>, %out: memref<1xf32>, %arena: memref<16xi8>) -> i32
    attributes {strata.signature = "SIG"} {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<1xf32>
  %tmp = memref.alloca() : memref<4xf32>
  memref.store %x, %tmp[%c0] : memref<4xf32>
  %heap = memref.alloc() : memref<4xf32>
  %y = memref.load %tmp[%c0] : memref<4xf32>
  memref.store %y, %heap[%c0] : memref<4xf32>
  %z = memref.load %heap[%c0] : memref<4xf32>
  memref.dealloc %heap : memref<4xf32>
  memref.store %z, %out[%c0] : memref<1xf32>
  %status = func.call @helper(%x) : (f32) -> i32
  func.return %status : i32
}
"""


def test_status_code_raises_with_message_and_helpers_alloc() -> None:
    sig = signature([("a", (1,), "float32")], [("out", (1,), "float32")], 16, {3: "negative input"})
    fn = compile_loops(STATUS.replace("SIG", sig))
    assert fn(a=np.array([2.5], np.float32))["out"][0] == 2.5
    with pytest.raises(RuntimeError, match="status 3: negative input"):
        fn(a=np.array([-1.0], np.float32))


def test_concurrent_calls_use_separate_arenas() -> None:
    """Calls from several threads at once give each the right answer (no shared temporaries)."""
    from concurrent.futures import ThreadPoolExecutor
    from pathlib import Path

    import strata

    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    fn = strata.compile(fixtures / "mlp.pb", outputs=["Identity"])
    rng = np.random.default_rng(0)
    xs = [rng.standard_normal((16, 784)).astype(np.float32) for _ in range(8)]
    expected = [fn(x=x) for x in xs]
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda x: fn(x=x), xs * 4))
    for got, want in zip(results, expected * 4, strict=True):
        np.testing.assert_array_equal(got, want)


def test_run_time_lengths_cut_outputs_and_survive_json() -> None:
    """An output with a dim the data decide is returned cut to its hidden length (clamped to
    the buffer), the lengths left out; the signature keeps them through its JSON (the cache
    and the llvm.func carry it so)."""
    sig = EntrySignature(
        "main",
        (TensorSpec("x", (2,), "float32"),),
        (
            TensorSpec("ys", (3, 4), "float32"),
            TensorSpec("steps", (), "int32"),
            TensorSpec("ys#length", (), "int32"),
        ),
        lengths=(RunTimeLength("ys", 1),),
    )
    assert EntrySignature.from_json(sig.to_json()) == sig
    assert [s.name for s in sig.visible] == ["ys", "steps"]
    full = np.arange(12, dtype=np.float32).reshape(3, 4)
    for length, kept in ((2, 2), (0, 0), (9, 4), (-1, 0)):
        got = sig.finish({"ys": full, "steps": np.int32(5), "ys#length": np.int32(length)})
        assert list(got) == ["ys", "steps"]
        np.testing.assert_array_equal(got["ys"], full[:, :kept])
        assert got["ys"].flags.c_contiguous
