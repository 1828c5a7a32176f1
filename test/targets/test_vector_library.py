"""strata.targets.vector_library: which calls name a libmvec variant, and only variants this
process's libmvec has (glibc before 2.35 has sinf's but not tanf's)."""

from __future__ import annotations

import pytest

from strata.api import lower
from strata.targets import llvm_ir, vector_library
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
