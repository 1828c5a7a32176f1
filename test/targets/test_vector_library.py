"""strata.targets.vector_library: which calls name a libmvec variant, only variants this
process's libmvec has (glibc before 2.35 has sinf's but not tanf's), and objects made with
`strata-translate --libmvec` linked into a C program."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from strata.api import lower
from strata.diagnostics import StrataError
from strata.targets import llvm_ir, vector_library
from strata.targets.cpu import emit_object, runnable_cpus
from strata.targets.description import TargetDescription

SIN_TAN = """
func.func @main(%x: tensor<64xf32>) -> tensor<64xf32> attributes {tf.entry_function = {inputs = "x", outputs = "y"}} {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]} ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s = math.sin %a : f32
    %t = math.tan %s : f32
    linalg.yield %t : f32
  } -> tensor<64xf32>
  func.return %r : tensor<64xf32>
}
"""


def test_a_variant_the_library_lacks_leaves_its_call_alone() -> None:
    _ctx, module = lower(SIN_TAN)
    ir_module = llvm_ir.to_llvm_ir(module)
    target = TargetDescription.for_cpu("x86-64-v3")
    assert vector_library.use_vector_library(ir_module, target, lambda s: "tanf" not in s) == 1
    text = str(ir_module)
    assert '"vector-function-abi-variant"="_ZGV_LLVM_N8v___strata_vector_library_sinf' in text
    assert "_ZGVdN8v_tanf" not in text
    assert 'call float @"llvm.tan.f32"' in text


@pytest.mark.skipif(not vector_library.available(), reason="libmvec does not load here")
def test_provides_asks_the_loaded_library() -> None:
    assert vector_library.provides("_ZGVbN4v_sinf")
    assert not vector_library.provides("_ZGVdN8v_no_such_functionf")


SIN = """
func.func @main(%x: tensor<1003xf32>) -> tensor<1003xf32> attributes {tf.entry_function = {inputs = "x", outputs = "y"}} {
  %y = "tf.Sin"(%x) : (tensor<1003xf32>) -> tensor<1003xf32>
  func.return %y : tensor<1003xf32>
}
"""

C_MAIN = r"""
#include <stdio.h>
#include <stdlib.h>
#include "model.h"
int main(void) {
  static float x[1003], y[1003];
  for (int i = 0; i < 1003; i++) x[i] = (float)i * 0.37f - 180.0f;
  void *arena = aligned_alloc(64, 64 + MODEL_ARENA_BYTES / 64 * 64);
  int status = model(x, y, arena);
  for (int i = 0; i < 1003; i++) printf("%.9g\n", y[i]);
  return status;
}
"""


@pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler")
@pytest.mark.skipif(not vector_library.available(), reason="needs libmvec to link against")
def test_object_with_libmvec_links_and_runs(tmp_path: Path) -> None:
    """--to-obj --libmvec: the object calls libmvec's variant (the header says to link it); a C
    program linked with -lmvec gets numpy's sine within libmvec's 4 ulp."""
    (tmp_path / "model.mlir").write_text(SIN)
    translate = [
        sys.executable,
        "-m",
        "strata.tools.strata_translate",
        str(tmp_path / "model.mlir"),
    ]
    flags = ["--libmvec", "--cpu", "x86-64-v3" if "x86-64-v3" in runnable_cpus() else "x86-64"]
    subprocess.run([*translate, "--to-obj", *flags, "-o", str(tmp_path / "model.o")], check=True)
    assert b"_ZGV" in (tmp_path / "model.o").read_bytes()
    header = subprocess.run(
        [*translate, "--to-header", *flags], check=True, capture_output=True, text=True
    ).stdout
    assert "link with -lmvec" in header
    (tmp_path / "model.h").write_text(header)
    (tmp_path / "main.c").write_text(C_MAIN)
    build = ["cc", "-O1", "-o", "main", "main.c", "model.o", "-lmvec", "-lm"]
    subprocess.run(build, check=True, cwd=tmp_path)
    out = subprocess.run([str(tmp_path / "main")], check=True, capture_output=True, text=True)
    got = np.array([float(v) for v in out.stdout.split()], np.float32)
    x = (np.arange(1003, dtype=np.float32) * np.float32(0.37)) - np.float32(180.0)
    np.testing.assert_allclose(got, np.sin(x.astype(np.float64)), rtol=5e-7, atol=5e-8)


def test_libmvec_objects_are_x86_64_linux_only() -> None:
    _ctx, module = lower(SIN)
    with pytest.raises(StrataError, match="libmvec: glibc's vector math library is for x86-64"):
        emit_object(module, "aarch64-unknown-linux-gnu", 2, "", "", libmvec=True)
