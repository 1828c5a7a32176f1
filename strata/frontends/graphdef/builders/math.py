"""Builders for the math family of tf ops (attributes read off the NodeDef)."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.builtin import i32, i64
from xdsl.ir import Operation, SSAValue

from strata.dialects import tf
from strata.frontends.graphdef.builders.attrs import (
    attr_bool,
    attr_element_type,
    attr_float,
    attr_int,
    attr_string,
)
from strata.frontends.graphdef.schema import NodeDefMessage


def build_leaky_relu(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    return tf.LeakyReluOp(x, attr_float(node, "alpha", 0.2))


def build_check_numerics(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    return tf.CheckNumericsOp(x, attr_string(node, "message", ""))


def build_bucketize(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    boundaries = list(node.attr["boundaries"].list.f) if "boundaries" in node.attr else []
    return tf.BucketizeOp(x, boundaries)


def build_histogram(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    values, value_range, nbins = operands
    dtype = attr_element_type(node, "dtype") if "dtype" in node.attr else i32
    return tf.HistogramFixedWidthOp(values, value_range, nbins, dtype)


def build_search_sorted(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    sorted_inputs, values = operands
    out = attr_element_type(node, "out_type") if "out_type" in node.attr else i32
    op_class = tf.LowerBoundOp if node.op == "LowerBound" else tf.UpperBoundOp
    return op_class(sorted_inputs, values, out)


def build_cross(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    a, b = operands
    return tf.CrossOp(a, b)


def build_approximate_equal(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, y = operands
    return tf.ApproximateEqualOp(x, y, attr_float(node, "tolerance", 1e-5))


def build_matrix_triangular_solve(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    matrix, rhs = operands
    lower, adjoint = attr_bool(node, "lower", True), attr_bool(node, "adjoint")
    return tf.MatrixTriangularSolveOp(matrix, rhs, lower, adjoint)


def build_matrix_inverse(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (matrix,) = operands
    return tf.MatrixInverseOp(matrix, attr_bool(node, "adjoint"))


def build_matrix_solve(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    matrix, rhs = operands
    return tf.MatrixSolveOp(matrix, rhs, attr_bool(node, "adjoint"))


def build_qr(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (matrix,) = operands
    return tf.QrOp(matrix, attr_bool(node, "full_matrices"))


def build_self_adjoint_eig(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (matrix,) = operands
    return tf.SelfAdjointEigV2Op(matrix, attr_bool(node, "compute_v", True))


def build_lu(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (matrix,) = operands
    index_type = (
        attr_element_type(node, "output_idx_type") if "output_idx_type" in node.attr else i32
    )
    return tf.LuOp(matrix, index_type)


def build_svd(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (matrix,) = operands
    uv, full = attr_bool(node, "compute_uv", True), attr_bool(node, "full_matrices")
    return tf.SvdOp(matrix, uv, full)


def build_fake_quant_args(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    (x,) = operands
    lo, hi = attr_float(node, "min", -6.0), attr_float(node, "max", 6.0)
    bits, narrow = attr_int(node, "num_bits", 8), attr_bool(node, "narrow_range")
    return tf.FakeQuantWithMinMaxArgsOp(x, lo, hi, bits, narrow)


def build_fake_quant_vars(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    x, lo, hi = operands
    bits, narrow = attr_int(node, "num_bits", 8), attr_bool(node, "narrow_range")
    if node.op == "FakeQuantWithMinMaxVarsPerChannel":
        return tf.FakeQuantWithMinMaxVarsPerChannelOp(x, lo, hi, bits, narrow)
    return tf.FakeQuantWithMinMaxVarsOp(x, lo, hi, bits, narrow)


_STATELESS_RANDOM: dict[str, type[tf.StatelessRandomOp]] = {
    op.name.removeprefix("tf."): op
    for op in (
        tf.StatelessRandomUniformV2Op,
        tf.StatelessRandomNormalV2Op,
        tf.StatelessRandomUniformIntV2Op,
        tf.StatelessRandomUniformOp,
        tf.StatelessRandomNormalOp,
        tf.StatelessRandomUniformIntOp,
        tf.StatelessTruncatedNormalV2Op,
        tf.StatelessTruncatedNormalOp,
    )
}


def build_stateless_random(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    return _STATELESS_RANDOM[node.op](operands, attr_element_type(node, "dtype"))


_STATEFUL_RANDOM: dict[str, tuple[type[tf.StatefulRandomOp], str]] = {
    "RandomUniform": (tf.RandomUniformOp, "dtype"),
    "RandomStandardNormal": (tf.RandomStandardNormalOp, "dtype"),
    "RandomUniformInt": (tf.RandomUniformIntOp, "Tout"),
    "TruncatedNormal": (tf.TruncatedNormalOp, "dtype"),
}


def build_stateful_random(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    op_class, dtype = _STATEFUL_RANDOM[node.op]
    return op_class(
        operands,
        attr_element_type(node, dtype),
        attr_int(node, "seed", 0),
        attr_int(node, "seed2", 0),
    )


def build_stateless_multinomial(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    logits, count, seed = operands
    dtype = attr_element_type(node, "output_dtype") if "output_dtype" in node.attr else i64
    return tf.StatelessMultinomialOp(logits, count, seed, dtype)


def build_quantize_and_dequantize(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    op_class = (
        tf.QuantizeAndDequantizeV4Op
        if node.op == "QuantizeAndDequantizeV4"
        else tf.QuantizeAndDequantizeV2Op
    )
    return op_class(
        operands,
        attr_bool(node, "signed_input", True),
        attr_int(node, "num_bits", 8),
        attr_bool(node, "range_given", False),
        attr_string(node, "round_mode", "HALF_TO_EVEN"),
        attr_bool(node, "narrow_range", False),
        attr_int(node, "axis", -1),
    )


BUILDERS: dict[str, Callable[[NodeDefMessage, list[SSAValue]], Operation]] = {
    "QuantizeAndDequantizeV2": build_quantize_and_dequantize,
    "QuantizeAndDequantizeV4": build_quantize_and_dequantize,
    "StatelessMultinomial": build_stateless_multinomial,
    **{name: build_stateless_random for name in _STATELESS_RANDOM},
    **{name: build_stateful_random for name in _STATEFUL_RANDOM},
    "HistogramFixedWidth": build_histogram,
    "FakeQuantWithMinMaxArgs": build_fake_quant_args,
    "FakeQuantWithMinMaxVars": build_fake_quant_vars,
    "FakeQuantWithMinMaxVarsPerChannel": build_fake_quant_vars,
    "MatrixTriangularSolve": build_matrix_triangular_solve,
    "MatrixInverse": build_matrix_inverse,
    "MatrixSolve": build_matrix_solve,
    "Qr": build_qr,
    "SelfAdjointEigV2": build_self_adjoint_eig,
    "Svd": build_svd,
    "Lu": build_lu,
    "Bucketize": build_bucketize,
    "LowerBound": build_search_sorted,
    "UpperBound": build_search_sorted,
    "Cross": build_cross,
    "ApproximateEqual": build_approximate_equal,
    "LeakyRelu": build_leaky_relu,
    "CheckNumerics": build_check_numerics,
}
