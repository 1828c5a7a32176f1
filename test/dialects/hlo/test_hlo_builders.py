"""The hlo Python constructors infer result types from operands and attributes."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects import test as test_dialect
from xdsl.dialects.builtin import DYNAMIC_INDEX, TensorType, f32, i1, i32
from xdsl.ir import SSAValue
from xdsl.utils.exceptions import VerifyException

from strata.dialects import hlo
from strata.dialects.tensor_types import dense_from_numpy


def value(*shape: int, element=f32) -> SSAValue:
    return test_dialect.TestOp(result_types=[TensorType(element, shape)]).results[0]


def test_dot_general_batch_then_free_dims() -> None:
    op = hlo.DotGeneralOp(value(2, 3, 4), value(2, 4, 5), [0], [0], [2], [1])
    assert op.result.type == TensorType(f32, [2, 3, 5])
    numbers = op.dot_dimension_numbers
    assert numbers.lhs_batching_dimensions == (0,)
    assert numbers.rhs_batching_dimensions == (0,)
    assert numbers.lhs_contracting_dimensions == (2,)
    assert numbers.rhs_contracting_dimensions == (1,)
    op.verify()


def test_dot_general_matmul_and_dynamic() -> None:
    op = hlo.DotGeneralOp(value(DYNAMIC_INDEX, 4), value(4, 5), [], [], [1], [0])
    assert op.result.type == TensorType(f32, [DYNAMIC_INDEX, 5])
    assert op.dot_dimension_numbers.lhs_batching_dimensions == ()


def test_dot_general_mismatch_raises() -> None:
    with pytest.raises(VerifyException, match=r"lhs contracting dim 1 \(size 3\) does not match"):
        hlo.DotGeneralOp(value(2, 3), value(4, 5), [], [], [1], [0])


def test_reduce_build_binary() -> None:
    init = hlo.ConstantOp(dense_from_numpy(np.array(0.0, np.float32)))
    op = hlo.ReduceOp.build_binary(value(8, 10), init.output, [1], hlo.AddOp)
    assert [r.type for r in op.results] == [TensorType(f32, [8])]
    assert op.dimensions.get_values() == (1,)
    body = list(op.body.block.ops)
    assert isinstance(body[0], hlo.AddOp) and isinstance(body[1], hlo.ReturnOp)
    assert op.body.block.args[0].type == TensorType(f32, [])
    op.verify()


def test_reduce_build_binary_max_over_all_dims() -> None:
    init = value(element=i32)
    op = hlo.ReduceOp.build_binary(value(2, 3, element=i32), init, [0, 1], hlo.MaximumOp)
    assert [r.type for r in op.results] == [TensorType(i32, [])]
    op.verify()


def test_broadcast_in_dim() -> None:
    op = hlo.BroadcastInDimOp(value(3), TensorType(f32, [2, 3]), [1])
    assert op.result.type == TensorType(f32, [2, 3])
    assert op.broadcast_dimensions.get_values() == (1,)
    op.verify()
    bad = hlo.BroadcastInDimOp(value(4), TensorType(f32, [2, 3]), [1])
    with pytest.raises(VerifyException, match="cannot broadcast"):
        bad.verify()


def test_transpose() -> None:
    op = hlo.TransposeOp(value(2, 3, 4), [2, 0, 1])
    assert op.result.type == TensorType(f32, [4, 2, 3])
    assert op.permutation.get_values() == (2, 0, 1)
    op.verify()


def test_compare() -> None:
    op = hlo.CompareOp(value(4), value(4), "GT", "FLOAT")
    assert op.result.type == TensorType(i1, [4])
    assert op.direction() == "GT"
    op.verify()
    no_type = hlo.CompareOp(value(2, element=i32), value(2, element=i32), "EQ")
    assert no_type.compare_type is None
    no_type.verify()


def test_elementwise_and_convert() -> None:
    a, b = value(4), value(4)
    assert hlo.AddOp(a, b).result.type == TensorType(f32, [4])
    assert hlo.ExponentialOp(a).result.type == TensorType(f32, [4])
    assert hlo.ConvertOp(a, i32).result.type == TensorType(i32, [4])
    assert hlo.SelectOp(value(element=i1), a, b).result.type == TensorType(f32, [4])
    assert hlo.ClampOp(value(), a, value()).result.type == TensorType(f32, [4])
