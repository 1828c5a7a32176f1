"""The host plan of a gpu-stage module: what it reads from the host function, and how it runs
against a Device (a recording fake here; the real ones are in test_cuda_sim.py / the cuda test)."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerType, i32

from strata.diagnostics import ExecutionError, StrataError
from strata.loading import load_module
from strata.runtime.host_plan import (
    Compute,
    Copy,
    HostPlan,
    Launch,
    Load,
    PlanFunction,
    Slot,
    _scalar_fn,
)

INPUTS = Path(__file__).parent / "Inputs"


def plan_of(name: str) -> HostPlan:
    _ctx, module = load_module(INPUTS / name)
    return HostPlan.build(module)


def plan_of_text(text: str) -> HostPlan:
    _ctx, module = load_module(text)
    return HostPlan.build(module)


class RecordingDevice:
    """Buffers are numpy byte arrays; launches are recorded, the flag kernel is faked."""

    def __init__(self, flag: int = 0) -> None:
        self.calls: list[tuple[str, object]] = []
        self.flag = flag

    def enter(self) -> None:
        self.calls.append(("enter", threading.current_thread().name))

    def alloc(self, nbytes: int) -> np.ndarray:
        self.calls.append(("alloc", nbytes))
        return np.zeros(nbytes, np.uint8)

    def upload(self, buffer: np.ndarray, offset: int, data: np.ndarray) -> None:
        raw = np.ascontiguousarray(data).reshape(-1).view(np.uint8)
        buffer[offset : offset + raw.size] = raw
        self.calls.append(("upload", raw.size))

    def download(self, buffer: np.ndarray, offset: int, out: np.ndarray) -> None:
        raw = out.reshape(-1).view(np.uint8)
        raw[:] = buffer[offset : offset + raw.size]
        self.calls.append(("download", raw.size))

    def copy(self, dst, dst_offset, src, src_offset, nbytes) -> None:  # noqa: ANN001
        dst[dst_offset : dst_offset + nbytes] = src[src_offset : src_offset + nbytes]
        self.calls.append(("copy", nbytes))

    def launch(self, kernel, grid, block, args) -> None:  # noqa: ANN001
        self.calls.append(("launch", (kernel, grid, block, [offset for _, offset in args])))
        if kernel == "main_kernel_0_exp":
            flag_buffer, flag_offset = args[3]
            flag_buffer[flag_offset : flag_offset + 4] = np.array([self.flag], np.int32).view(
                np.uint8
            )

    def synchronize(self) -> None:
        self.calls.append(("synchronize", None))


def test_plan_reads_buffers_and_steps() -> None:
    plan = plan_of("gpu_elementwise.mlir")
    assert [(b.kind.value, b.name, b.nbytes) for b in plan.buffers] == [
        ("input", "x", 4000),
        ("output", "out", 4000),
        ("arena", "arena", 8192),
        ("constant", "__constant_w", 4000),
    ]
    # The splat weight is expanded to its full size, bit for bit.
    weights = plan.buffers[3].data
    assert weights is not None
    np.testing.assert_array_equal(weights.view(np.float32), np.full(1000, 0.5, np.float32))
    kinds = [type(s) for s in plan.steps]
    assert kinds == [Launch, Launch, Copy, Load, Compute, Compute]
    clear, exp = plan.steps[0], plan.steps[1]
    assert isinstance(clear, Launch) and isinstance(exp, Launch)
    assert clear.kernel == "main_kernel_1_clear"
    assert (clear.grid, clear.block) == ((1, 1, 1), (1, 1, 1))
    assert (exp.grid, exp.block) == ((8, 1, 1), (128, 1, 1))
    # x, the weight global, the arena at 0 and the flag at 4096.
    assert [(v.buffer, v.offset, v.shape) for v in exp.args] == [
        (0, 0, (1000,)),
        (3, 0, (1000,)),
        (2, 0, (1000,)),
        (2, 4096, (1,)),
    ]
    copy = plan.steps[2]
    assert isinstance(copy, Copy)
    assert (copy.src.buffer, copy.src.shape, copy.dst.buffer) == (2, (10, 100), 1)
    assert isinstance(plan.status, Slot)
    assert plan.kernels == ["main_kernel_0_exp", "main_kernel_1_clear"]


def test_constant_status_is_folded() -> None:
    plan = plan_of("gpu_matmul.mlir")
    assert plan.status == 0
    assert [type(s) for s in plan.steps] == [Launch]
    assert [b.kind.value for b in plan.buffers] == ["input", "input", "output", "arena"]


def test_plan_runs_against_a_device() -> None:
    device = RecordingDevice()
    fn = PlanFunction(plan_of("gpu_elementwise.mlir"), device)
    # Allocation and the weight upload happen once, at load.
    assert device.calls == [
        ("enter", "MainThread"),
        ("alloc", 4000),
        ("alloc", 4000),
        ("alloc", 8192),
        ("alloc", 4000),
        ("upload", 4000),
    ]
    device.calls.clear()
    x = np.arange(1000, dtype=np.float32)
    out = fn(x=x)
    assert list(out) == ["out"] and out["out"].shape == (10, 100)
    assert device.calls == [
        ("enter", "MainThread"),
        ("upload", 4000),
        ("launch", ("main_kernel_1_clear", (1, 1, 1), (1, 1, 1), [4096])),
        ("launch", ("main_kernel_0_exp", (8, 1, 1), (128, 1, 1), [0, 0, 0, 4096])),
        ("copy", 4000),
        ("download", 4),
        ("download", 4000),
        ("synchronize", None),
    ]


def test_a_call_from_another_thread_enters_the_device_there_first() -> None:
    """A CUDA context is current per thread: a call from a new Python thread must make it
    current before its first upload (on an H200 a second thread's upload failed with
    CUDA_ERROR_INVALID_CONTEXT before it did)."""
    device = RecordingDevice()
    fn = PlanFunction(plan_of("gpu_elementwise.mlir"), device)
    device.calls.clear()
    worker = threading.Thread(target=fn, kwargs={"x": np.ones(1000, np.float32)}, name="worker")
    worker.start()
    worker.join()
    assert device.calls[:2] == [("enter", "worker"), ("upload", 4000)]


def test_status_read_back_raises_with_the_signature_message() -> None:
    fn = PlanFunction(plan_of("gpu_elementwise.mlir"), RecordingDevice(flag=1))
    with pytest.raises(
        ExecutionError, match=r"main: status 3: node 'check' \(tf.CheckNumerics\): x > 1e4"
    ):
        fn(x=np.zeros(1000, np.float32))


def test_inputs_are_checked() -> None:
    fn = PlanFunction(plan_of("gpu_elementwise.mlir"), RecordingDevice())
    with pytest.raises(ValueError, match=r"input 'x': expected shape \(1000,\) float32"):
        fn(x=np.zeros(10, np.float32))
    with pytest.raises(ValueError, match="missing inputs: 'x'"):
        fn()
    with pytest.raises(ValueError, match="unknown input 'y'"):
        fn(x=np.zeros(1000, np.float32), y=1)


HOST_WITH_LOOP = """
builtin.module attributes {gpu.container_module} {
  func.func @main(%x: memref<4xf32>, %o: memref<4xf32>, %arena: memref<8xi8>) -> i32 attributes {strata.signature = "{\\22entry\\22:\\22main\\22,\\22inputs\\22:[{\\22name\\22:\\22x\\22,\\22shape\\22:[4],\\22dtype\\22:\\22float32\\22}],\\22outputs\\22:[{\\22name\\22:\\22o\\22,\\22shape\\22:[4],\\22dtype\\22:\\22float32\\22}],\\22arena_bytes\\22:8,\\22status_codes\\22:{}}"} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %v = memref.load %x[%i] : memref<4xf32>
      memref.store %v, %o[%i] : memref<4xf32>
    }
    %ok = arith.constant 0 : i32
    func.return %ok : i32
  }
}
"""


def test_unsupported_host_op_is_named() -> None:
    with pytest.raises(StrataError, match=r"'scf.for' op: host plan: op not supported"):
        plan_of_text(HOST_WITH_LOOP)


def test_no_entry_is_an_error() -> None:
    with pytest.raises(StrataError, match="no func.func with a strata.signature"):
        plan_of_text("builtin.module {}")


def _fn(op_type, *operand_types, result_type=None, **kw):  # noqa: ANN001, ANN202
    from xdsl.dialects.test import TestOp

    operands = [TestOp(result_types=[t]).results[0] for t in operand_types]
    op = op_type(*operands, **kw) if not result_type else op_type(*operands, result_type)
    fn = _scalar_fn(op)
    assert fn is not None
    return fn


def test_scalar_arith_semantics() -> None:
    i64 = IndexType()
    assert _fn(arith.DivSIOp, i64, i64)(-7, 2) == -3
    assert _fn(arith.RemSIOp, i64, i64)(-7, 2) == -1
    assert _fn(arith.AddiOp, i32, i32)(2**31 - 1, 1) == -(2**31)
    assert _fn(arith.CmpiOp, i32, i32, arg="ult")(-1, 0) is False
    assert _fn(arith.CmpiOp, i32, i32, arg="slt")(-1, 0) is True
    assert _fn(arith.SelectOp, IntegerType(1), i32, i32)(False, 3, 0) == 0
    assert _fn(arith.OrIOp, IntegerType(1), IntegerType(1))(True, False) is True


HOST_LOOP = """
func.func @main(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %0 = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%i = %0, %v = %x) : tensor<i32>, tensor<4xf32>
   cond {
    %c = hlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %i1 = hlo.add %i, %one : tensor<i32>
    %w = hlo.multiply %v, %v : tensor<4xf32>
    %w2 = hlo.add %w, %v : tensor<4xf32>
    hlo.return %i1, %w2 : tensor<i32>, tensor<4xf32>
  }
  %big = hlo.compare GT, %n, %0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %y = "hlo.if"(%big) ({
    hlo.return %r#1 : tensor<4xf32>
  }, {
    %m = hlo.negate %x : tensor<4xf32>
    hlo.return %m : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  func.return %y : tensor<4xf32>
}
"""


def test_host_loop_and_branch_run_on_the_plan() -> None:
    """A while loop whose trip count is an input, then an if on data: the plan holds a While
    (its condition loaded back from the device each trip) and a Branch, with launches in both;
    cuda-sim runs them and matches the CPU target for each trip count, none included."""
    import strata
    from strata.api import lower
    from strata.runtime.host_plan import Branch, While, launches

    _ctx, module = lower(HOST_LOOP, stop_after="gpu")
    plan = HostPlan.build(module)
    loops = [s for s in plan.steps if isinstance(s, While)]
    branches = [s for s in plan.steps if isinstance(s, Branch)]
    assert len(loops) == 1 and len(branches) == 1
    assert list(launches(loops[0].before)) and list(launches(loops[0].body))
    assert isinstance(loops[0].before[-1], Load)
    assert branches[0].cases == (True,)
    assert set(plan.kernels) == {s.kernel for s in launches(plan.steps)}
    sim = strata.compile(HOST_LOOP, target="cuda-sim", cache=False)
    cpu = strata.compile(HOST_LOOP, cache=False)
    x = np.array([0.1, 0.2, -0.5, 0.3], np.float32)
    for n in (0, 1, 3):
        count = np.array(n, np.int32)
        np.testing.assert_array_equal(sim(x, count), cpu(x, count))


def test_host_loop_carrying_values_is_refused() -> None:
    """The plan runs loops whose state lives in device buffers (as bufferize leaves them); a
    loop with loop values is one clear error."""
    text = """
func.func @main(%x: memref<4xf32>, %out: memref<4xf32>, %arena: memref<64xi8>) -> i32
    attributes {strata.signature = "{\\22entry\\22:\\22main\\22,\\22inputs\\22:[{\\22name\\22:\\22x\\22,\\22shape\\22:[4],\\22dtype\\22:\\22float32\\22}],\\22outputs\\22:[{\\22name\\22:\\22out\\22,\\22shape\\22:[4],\\22dtype\\22:\\22float32\\22}],\\22arena_bytes\\22:64,\\22status_codes\\22:{},\\22profiled_calls\\22:[],\\22poison_scratch\\22:false}"} {
  %c0 = arith.constant 0 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %c4 = arith.constant 4 : index
    %go = arith.cmpi slt, %i, %c4 : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%j: index):
    %c1 = arith.constant 1 : index
    %k = arith.addi %j, %c1 : index
    scf.yield %k : index
  }
  %ok = arith.constant 0 : i32
  func.return %ok : i32
}
"""
    with pytest.raises(StrataError, match="host plan: a loop carrying values"):
        plan_of_text(text)
