"""xDSL fixes: hex bit-pattern float literals in dense attributes parse as the float's bits."""

import numpy as np

from strata.dialects.tensor_types import numpy_from_dense
from strata.loading import parse_ir
from strata.registry import make_context


def test_hex_dense_floats_are_bit_patterns() -> None:
    text = """
    func.func @f() -> tensor<3xf32> {
      %0 = arith.constant dense<[0xFF800000, 0x7F800000, 1.5]> : tensor<3xf32>
      %1 = arith.constant dense<0xFF800000> : tensor<2xf32>
      %2 = arith.constant dense<0xFFF0000000000000> : tensor<f64>
      func.return %0 : tensor<3xf32>
    }
    """
    module = parse_ir(make_context(), text)
    values = [numpy_from_dense(op.value) for op in module.walk() if op.name == "arith.constant"]
    np.testing.assert_array_equal(values[0], np.array([-np.inf, np.inf, 1.5], np.float32))
    np.testing.assert_array_equal(values[1], np.array([-np.inf, -np.inf], np.float32))
    assert values[2] == -np.inf
