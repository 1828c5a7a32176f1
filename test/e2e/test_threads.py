"""Threads (parallelize-kernels and the thread pool of strata.targets.thread_pool): every model
fixture gives bit-identical outputs at 1 and 2 threads (with the work threshold at 0, so every
splittable kernel is split) and matches TensorFlow; concurrent callers of a threaded model; the
pool stops when its model is freed and starts again in a forked child; the AOT object linked into
a C program."""

from __future__ import annotations

import gc
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import FIXTURE_LOOP_TRIPS
from test_models import FIXTURES, MODELS, assert_matches_tensorflow, load_npz

import strata
from strata.api import lower
from strata.diagnostics import StrataError
from strata.pipeline import PipelineOptions, run_stages
from strata.runtime.cpu import CompiledFunction


def matmul(m: int, k: int, n: int) -> str:
    return f"""
func.func @main(%a: tensor<{m}x{k}xf32>, %b: tensor<{k}x{n}xf32>) -> tensor<{m}x{n}xf32>
    attributes {{tf.entry_function = {{inputs = "a,b", outputs = "c"}}}} {{
  %c = "tf.MatMul"(%a, %b) : (tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %r = "tf.Relu"(%c) : (tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  func.return %r : tensor<{m}x{n}xf32>
}}
"""


MATMUL = matmul(64, 96, 48)


def compiled(source: object, threads: int, outputs: list[str] | None = None) -> CompiledFunction:
    options = PipelineOptions(threads=threads, parallel_min_flops=0)
    _ctx, module = lower(
        source, outputs=outputs, pipeline=options, max_loop_trips=FIXTURE_LOOP_TRIPS
    )
    return CompiledFunction.from_module(module)


def threaded_kernels(fn: CompiledFunction) -> int:
    assert fn.jit_module.modules
    calls = re.findall(r"call .*@__strata_pool_run\(", fn.jit_module.llvm_ir)
    return len(calls)


@pytest.mark.parametrize("entry", MODELS, ids=[e["name"] for e in MODELS])
def test_bit_identical_at_one_and_two_threads(entry: dict[str, Any]) -> None:
    inputs = load_npz(FIXTURES / entry["inputs_file"])
    # The stages before `loops` do not depend on the thread count: lowered once, then twice on.
    options = PipelineOptions(parallel_min_flops=0)
    ctx, front = lower(
        str(FIXTURES / entry["file"]),
        entry["outputs"],
        stop_after="buffers",
        max_loop_trips=FIXTURE_LOOP_TRIPS,
    )
    one, two = (
        CompiledFunction.from_module(
            run_stages(
                ctx, front.clone(), start_after="buffers", options=replace(options, threads=threads)
            )
        )(**inputs)
        for threads in (1, 2)
    )
    for name in one:
        np.testing.assert_array_equal(one[name], two[name], err_msg=name)
    assert_matches_tensorflow(two, load_npz(FIXTURES / entry["outputs_file"]), entry["outputs"])


SIN_POW = """
func.func @main(%x: tensor<4099xf32>, %y: tensor<4099xf32>) -> tensor<4099xf32>
    attributes {tf.entry_function = {inputs = "x,y", outputs = "z"}} {
  %s = "tf.Sin"(%x) : (tensor<4099xf32>) -> tensor<4099xf32>
  %z = "tf.Pow"(%s, %y) : (tensor<4099xf32>, tensor<4099xf32>) -> tensor<4099xf32>
  func.return %z : tensor<4099xf32>
}
"""


def test_vector_library_calls_are_bit_identical_at_any_thread_count() -> None:
    """sin and pow call libmvec where it loads (strata.targets.vector_library), in the vector
    loop and, through the same vector function, in the iterations each part leaves over: a
    split at 2 or 3 threads (4099 = 8 * 512 + 3) changes which elements those are, not their
    bits."""
    rng = np.random.default_rng(2)
    x = rng.uniform(-40, 40, 4099).astype(np.float32)
    y = rng.uniform(0.5, 3, 4099).astype(np.float32)
    one = compiled(SIN_POW, 1)(x=x, y=y)["z"]
    for threads in (2, 3):
        fn = compiled(SIN_POW, threads)
        assert threaded_kernels(fn) >= 1
        np.testing.assert_array_equal(fn(x=x, y=y)["z"], one)
    with np.errstate(invalid="ignore"):  # a negative sine to a fractional power: NaN
        want = np.power(np.sin(x.astype(np.float64)), y.astype(np.float64))
    np.testing.assert_allclose(one, want, rtol=2e-6, atol=1e-30)


def test_matmul_is_split_and_right() -> None:
    fn = compiled(MATMUL, 2)
    assert threaded_kernels(fn) >= 1
    rng = np.random.default_rng(0)
    a = rng.standard_normal((64, 96), np.float32)
    b = rng.standard_normal((96, 48), np.float32)
    np.testing.assert_allclose(fn(a=a, b=b)["c"], np.maximum(a @ b, 0), rtol=1e-4, atol=1e-4)


CONV = """
func.func @main(%x: tensor<2x30x30x3xf32>, %f: tensor<3x3x3x64xf32>) -> tensor<2x28x28x64xf32>
    attributes {tf.entry_function = {inputs = "x,f", outputs = "y"}} {
  %y = "tf.Conv2D"(%x, %f) <{strides = array<i64: 1, 1, 1, 1>, padding = "VALID"}>
      : (tensor<2x30x30x3xf32>, tensor<3x3x3x64xf32>) -> tensor<2x28x28x64xf32>
  func.return %y : tensor<2x28x28x64xf32>
}
"""


def test_a_convolution_with_a_small_filter_is_split_along_its_rows() -> None:
    # Its column blocks go inside the output rows (loop_nest._columns_inside), which threads
    # split: the same values at 1 and 2 threads, and numpy's.
    fn = compiled(CONV, 2)
    assert threaded_kernels(fn) >= 1
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 30, 30, 3), np.float32)
    f = rng.standard_normal((3, 3, 3, 64), np.float32)
    y = fn(x=x, f=f)["y"]
    np.testing.assert_array_equal(y, compiled(CONV, 1)(x=x, f=f)["y"])
    windows = np.lib.stride_tricks.sliding_window_view(x, (3, 3), axis=(1, 2))
    want = np.einsum("bhwcij,ijco->bhwo", windows.astype(np.float64), f.astype(np.float64))
    np.testing.assert_allclose(y, want, rtol=1e-4, atol=1e-4)


ARGMAX = """
func.func @main(%x: tensor<16x16000xf32>) -> tensor<16xi64>
    attributes {tf.entry_function = {inputs = "x", outputs = "i"}} {
  %axis = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %i = "tf.ArgMax"(%x, %axis) : (tensor<16x16000xf32>, tensor<i32>) -> tensor<16xi64>
  func.return %i : tensor<16xi64>
}
"""


def test_an_integer_kernel_with_enough_work_is_split_at_the_default_threshold() -> None:
    """ArgMax's one pass of integer rank keys (16 x 16,000 elements, 14 integer ops each:
    1.8M of profile_kernels.work_of's units) has the work for threads though it has no float
    op; ties give the first index, NaN never wins."""
    _ctx, module = lower(ARGMAX, pipeline=PipelineOptions(threads=2))
    fn = CompiledFunction.from_module(module)
    assert threaded_kernels(fn) == 1
    x = np.random.default_rng(3).standard_normal((16, 16000)).astype(np.float32)
    x[1, [7, 900]] = 9.0  # a tie: the first
    x[2, 5] = np.nan
    x[3, :] = np.nan  # all NaN: 0, as TensorFlow's CPU kernel gives
    want = np.argmax(np.where(np.isnan(x), -np.inf, x), axis=1)
    want[3] = 0
    np.testing.assert_array_equal(fn(x=x)["i"], want)
    np.testing.assert_array_equal(compiled(ARGMAX, 1)(x=x)["i"], want)


TRANSPOSES = """
func.func @main(%x: tensor<1024x1040xf32>, %y: tensor<4x40x48x24xf32>)
    -> (tensor<1040x1024xf32>, tensor<4x24x40x48xf32>)
    attributes {tf.entry_function = {inputs = "x,y", outputs = "t,nchw"}} {
  %p = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %t = "tf.Transpose"(%x, %p) : (tensor<1024x1040xf32>, tensor<2xi32>) -> tensor<1040x1024xf32>
  %q = "tf.Const"() {value = dense<[0, 3, 1, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  %n = "tf.Transpose"(%y, %q) : (tensor<4x40x48x24xf32>, tensor<4xi32>) -> tensor<4x24x40x48xf32>
  func.return %t, %n : tensor<1040x1024xf32>, tensor<4x24x40x48xf32>
}
"""


def test_a_large_transpose_is_tiled_and_split() -> None:
    """A transpose computes nothing; its work for threads is the elements it writes (1M here,
    the default threshold). Tiled 16 x 16 (1024 and 1040) and 8 x 8 (NHWC -> NCHW: 24 and
    48), at 1 and 2 threads it is numpy's."""
    _ctx, module = lower(TRANSPOSES, pipeline=PipelineOptions(threads=2))
    fn = CompiledFunction.from_module(module)
    assert threaded_kernels(fn) == 1  # the 184,320-element NHWC one stays serial
    rng = np.random.default_rng(4)
    x = rng.standard_normal((1024, 1040)).astype(np.float32)
    y = rng.standard_normal((4, 40, 48, 24)).astype(np.float32)
    for f in (fn, compiled(TRANSPOSES, 1)):
        got = f(x=x, y=y)
        np.testing.assert_array_equal(got["t"], x.T)
        np.testing.assert_array_equal(got["nchw"], y.transpose(0, 3, 1, 2))


def test_concurrent_callers_of_a_threaded_model() -> None:
    fn = compiled(MATMUL, 2)
    rng = np.random.default_rng(1)
    cases = [
        (rng.standard_normal((64, 96), np.float32), rng.standard_normal((96, 48), np.float32))
        for _ in range(4)
    ]
    errors: list[str] = []

    def worker(a: np.ndarray, b: np.ndarray) -> None:
        for _ in range(25):
            try:  # an exception in a thread would only be a warning: count it
                got = fn(a=a, b=b)["c"]
            except Exception as exc:  # noqa: BLE001
                errors.append(f"{type(exc).__name__}: {exc}")
                return
            if not np.allclose(got, np.maximum(a @ b, 0), rtol=1e-4, atol=1e-4):
                errors.append("wrong result")

    threads = [threading.Thread(target=worker, args=case) for case in cases]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]


def _threads_of_this_process() -> int:
    return len(os.listdir("/proc/self/task"))


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc")
def test_a_freed_model_stops_its_pool() -> None:
    """The pool's threads start at the first threaded call and stop when the model is freed
    (they would otherwise wait in code that is unmapped): compiling, calling and dropping
    models leaves no thread behind."""
    a = np.ones((64, 96), np.float32)
    b = np.ones((96, 48), np.float32)
    gc.collect()
    before = _threads_of_this_process()
    for _ in range(3):
        fn = compiled(MATMUL, 3)
        fn(a=a, b=b)
        assert _threads_of_this_process() == before + 2  # threads - 1 of them
        del fn
        gc.collect()
        assert _threads_of_this_process() == before


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_starts_its_own_pool() -> None:
    """A child forked after the pool started has none of its threads: its first threaded call
    starts a pool of its own (and does not wait for the parent's threads)."""
    fn = compiled(MATMUL, 2)
    rng = np.random.default_rng(2)
    a = rng.standard_normal((64, 96), np.float32)
    b = rng.standard_normal((96, 48), np.float32)
    want = fn(a=a, b=b)["c"]
    pid = os.fork()
    if pid == 0:  # the child: exit 0 when right, 1 when wrong; never return into pytest
        code = 1
        try:
            code = 0 if np.array_equal(fn(a=a, b=b)["c"], want) else 1
        finally:
            os._exit(code)
    deadline = time.monotonic() + 60
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail("the forked child hung in its threaded call")
        time.sleep(0.05)
    assert os.waitstatus_to_exitcode(status) == 0
    np.testing.assert_array_equal(fn(a=a, b=b)["c"], want)  # the parent's pool still works


def test_bad_thread_counts() -> None:
    with pytest.raises(StrataError, match="threads must be at least 1, found 0"):
        strata.compile(FIXTURES / "mlp.pb", threads=0)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "strata.tools.strata_run",
            str(FIXTURES / "mlp.pb"),
            "--threads",
            "0",
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert result.stderr.strip() == "error: threads must be at least 1, found 0"


N = 256
"""The AOT matmul: 2 * 256^3 float ops, above the default threading threshold."""
C_MAIN = r"""
#include <stdio.h>
#include <stdlib.h>
#include "model.h"
#define N 256
int main(void) {
  static float a[N * N], b[N * N], c[N * N];
  for (int i = 0; i < N * N; i++) a[i] = (float)((i * 7) % 13) - 6.0f;
  for (int i = 0; i < N * N; i++) b[i] = (float)((i * 5) % 11) - 5.0f;
  void *arena = aligned_alloc(64, MODEL_ARENA_BYTES ? (MODEL_ARENA_BYTES + 63) / 64 * 64 : 64);
  int status = model(a, b, c, arena);
  model_stop_threads(); /* what a program that unloads the code does */
  status |= model(a, b, c, arena); /* and a call after it starts the threads again */
  for (int i = 0; i < N * N; i++) printf("%.1f\n", c[i]);
  return status;
}
"""


@pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler")
def test_aot_object_with_threads_links_and_runs(tmp_path: Path) -> None:
    source = tmp_path / "model.mlir"
    source.write_text(matmul(N, N, N))
    translate = [sys.executable, "-m", "strata.tools.strata_translate", str(source)]
    subprocess.run(
        [*translate, "--to-obj", "--threads", "2", "-o", str(tmp_path / "model.o")], check=True
    )
    header = subprocess.run(
        [*translate, "--to-header", "--threads", "2"], check=True, capture_output=True, text=True
    ).stdout
    assert "link with -lpthread" in header
    assert "void model_stop_threads(void);" in header
    (tmp_path / "model.h").write_text(header)
    (tmp_path / "main.c").write_text(C_MAIN)
    exe = tmp_path / "main"
    subprocess.run(
        [
            "cc",
            "-O1",
            "-o",
            str(exe),
            str(tmp_path / "main.c"),
            str(tmp_path / "model.o"),
            "-lpthread",
            "-lm",
        ],
        check=True,
        cwd=tmp_path,
    )
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout
    got = np.array([float(v) for v in out.split()], np.float32).reshape(N, N)
    a = ((np.arange(N * N) * 7) % 13 - 6).astype(np.float32).reshape(N, N)
    b = ((np.arange(N * N) * 5) % 11 - 5).astype(np.float32).reshape(N, N)
    np.testing.assert_array_equal(got, np.maximum(a @ b, 0))
