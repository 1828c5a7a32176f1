"""Element kinds and the one table of scalar op semantics that lowering, folding and the host
plan read."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float80Type,
    IntegerType,
    Signedness,
    f16,
    f32,
    f64,
    i1,
    i8,
    i32,
    i64,
)

from strata.dialects import hlo
from strata.dialects.element_kinds import (
    ElementKind,
    bit_width,
    element_info,
    kind_of,
    kind_of_dtype,
    numpy_dtype_for,
)
from strata.dialects.hlo.scalar_semantics import (
    CMPF_NUMPY,
    CMPI_NUMPY,
    ELEMENTWISE,
)
from strata.frontends.graphdef.control_flow import FOLDERS
from strata.lowering.hlo_to_linalg import scalar_ops
from strata.transforms.tf_fold_constants import elementwise_numpy, evaluate_elementwise

ui8 = IntegerType(8, Signedness.UNSIGNED)


@pytest.mark.parametrize(
    ("element", "kind", "width"),
    [
        (f16, ElementKind.FLOAT, 16),
        (BFloat16Type(), ElementKind.FLOAT, 16),
        (f32, ElementKind.FLOAT, 32),
        (f64, ElementKind.FLOAT, 64),
        (i1, ElementKind.BOOL, 1),
        (i8, ElementKind.SIGNED, 8),
        (i64, ElementKind.SIGNED, 64),
        (ui8, ElementKind.UNSIGNED, 8),
    ],
)
def test_supported_elements(element: object, kind: ElementKind, width: int) -> None:
    assert kind_of(element) is kind  # type: ignore[arg-type]
    assert bit_width(element) == width  # type: ignore[arg-type]


def test_unsupported_elements_have_no_info() -> None:
    assert element_info(Float80Type()) is None
    assert element_info(IntegerType(3)) is None


def test_bf16_has_no_numpy_dtype_but_reaches_llvm_as_bits() -> None:
    info = element_info(BFloat16Type())
    assert info is not None and info.dtype is None and info.has_llvm_type  # i16 (emulate-bf16)
    with pytest.raises(TypeError, match="no numpy dtype for element type bf16"):
        numpy_dtype_for(BFloat16Type())


def test_numpy_dtypes_and_kinds_agree() -> None:
    assert numpy_dtype_for(ui8) == np.uint8
    assert numpy_dtype_for(i32) == np.int32
    assert numpy_dtype_for(i1) == np.bool_
    for element in (f16, f32, f64, i1, i8, i32, i64, ui8):
        assert kind_of_dtype(numpy_dtype_for(element)) is kind_of(element)


def test_supports_reads_the_table() -> None:
    negate = hlo.NegateOp.__new__(hlo.NegateOp)
    exponential = hlo.ExponentialOp.__new__(hlo.ExponentialOp)
    assert scalar_ops.supports(negate, BFloat16Type())
    assert scalar_ops.supports(negate, i32)
    assert not scalar_ops.supports(exponential, i32)
    assert not scalar_ops.supports(negate, Float80Type())


def test_integer_division_is_guarded() -> None:
    """Integer divide and remainder expand to a division by a divisor made safe (x86 traps on
    x / 0 and MIN / -1), with XLA's values there."""
    for op, expansion in ((hlo.DivideOp, "INTEGER_DIVIDE"), (hlo.RemainderOp, "INTEGER_REMAINDER")):
        for kind in (ElementKind.SIGNED, ElementKind.UNSIGNED):
            rule = ELEMENTWISE[op].behaviour(kind)
            assert rule is not None and getattr(rule.emits, "name", None) == expansion


def test_signed_division_truncates_toward_zero() -> None:
    divide = ELEMENTWISE[hlo.DivideOp].behaviour(ElementKind.SIGNED)
    remainder = ELEMENTWISE[hlo.RemainderOp].behaviour(ElementKind.SIGNED)
    assert divide is not None and divide.numpy is not None
    assert remainder is not None and remainder.numpy is not None
    x = np.array([-7, 7, 5, np.iinfo(np.int32).min, -3], np.int32)
    y = np.array([2, -2, 0, -1, 0], np.int32)
    assert divide.numpy(x, y).tolist() == [-3, -3, -1, np.iinfo(np.int32).min, -1]
    assert remainder.numpy(x, y).tolist() == [-1, 1, 5, 0, -3]
    unsigned = ELEMENTWISE[hlo.DivideOp].behaviour(ElementKind.UNSIGNED)
    assert unsigned is not None and unsigned.numpy is not None
    u = np.array([7, 200], np.uint8)
    assert unsigned.numpy(u, np.array([0, 3], np.uint8)).tolist() == [255, 66]


def test_comparisons_by_name() -> None:
    less, unsigned = CMPI_NUMPY["ult"]
    assert unsigned and less(1, 2)
    less, unsigned = CMPI_NUMPY["slt"]
    assert not unsigned
    assert not CMPF_NUMPY["olt"](float("nan"), 1.0)
    assert CMPF_NUMPY["une"](float("nan"), 1.0)


@pytest.mark.parametrize(("name", "expected"), [("FloorDiv", [-4, -3]), ("FloorMod", [1, -2])])
def test_floor_division_folds_in_both_places(name: str, expected: list[int]) -> None:
    a, b = np.array([-7, 7], np.int32), np.array([2, -3], np.int32)
    folded = evaluate_elementwise(name, [a, b])
    assert folded is not None and folded.tolist() == expected
    assert FOLDERS[name](None, [a, b]).tolist() == expected


def test_tf_ops_read_their_hlo_semantics() -> None:
    assert elementwise_numpy("RealDiv", ElementKind.FLOAT) is np.divide
    assert elementwise_numpy("Exp", ElementKind.SIGNED) is None
    assert elementwise_numpy("Less", ElementKind.SIGNED) is np.less
    assert elementwise_numpy("NoSuchOp", ElementKind.FLOAT) is None


def test_float_formats_give_finfo_and_cover_bf16() -> None:
    from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, Float64Type

    from strata.dialects.element_kinds import host_dtype
    from strata.dialects.hlo.scalar_semantics import float_format

    for element, dtype in (
        (Float16Type(), np.float16),
        (Float32Type(), np.float32),
        (Float64Type(), np.float64),
    ):
        info, fmt = np.finfo(dtype), float_format(element)
        assert (fmt.largest, fmt.tiny, fmt.eps) == (
            float(info.max),
            float(info.tiny),
            float(info.eps),
        )
        assert host_dtype(element) == dtype
    bf16 = float_format(BFloat16Type())
    assert (bf16.largest, bf16.tiny, bf16.eps) == (3.3895313892515355e38, 2.0**-126, 2.0**-7)
    assert host_dtype(BFloat16Type()) == np.float32
