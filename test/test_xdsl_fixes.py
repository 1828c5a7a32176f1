"""xDSL fixes: hex bit-pattern float literals in dense attributes parse as the float's bits (in
complex literals too, which may mix hex and decimal parts); a
file ending inside a long string literal fails at once; symbol lookups while verifying are
indexed and agree with the linear scan; splats are found by comparing bits."""

import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.traits import SymbolTable
from xdsl.utils.exceptions import ParseError

from strata.dialects.tensor_types import dense_from_numpy, is_splat, numpy_from_dense
from strata.loading import parse_ir, print_ir
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
    constants = [op.value for op in module.walk() if isinstance(op, arith.ConstantOp)]
    values = [numpy_from_dense(c) for c in constants if isinstance(c, DenseIntOrFPElementsAttr)]
    np.testing.assert_array_equal(values[0], np.array([-np.inf, np.inf, 1.5], np.float32))
    np.testing.assert_array_equal(values[1], np.array([-np.inf, -np.inf], np.float32))
    assert values[2] == -np.inf


def _constant_values(module: Operation) -> list[tuple[object, ...]]:
    constants = [op.value for op in module.walk() if isinstance(op, arith.ConstantOp)]
    return [tuple(c.get_values()) for c in constants if isinstance(c, DenseIntOrFPElementsAttr)]


def test_complex_literals_mix_hex_and_decimal_parts() -> None:
    text = """
    func.func @f() {
      %0 = arith.constant dense<(0xFF800000,0.000000e+00)> : tensor<complex<f32>>
      %1 = arith.constant dense<[(0x8000000000000000, 1.5), (2, 0x7FF0000000000000)]>
        : tensor<2xcomplex<f64>>
      %2 = arith.constant dense<(1, 0x10)> : tensor<complex<i32>>
      func.return
    }
    """
    module = parse_ir(make_context(), text)
    values = _constant_values(module)
    assert values[0] == ((-np.inf, 0.0),)
    assert values[1] == ((-0.0, 1.5), (2.0, np.inf))
    assert np.signbit(values[1][0][0])
    assert values[2] == ((1, 16),)
    assert _constant_values(parse_ir(make_context(), str(module))) == values


def test_complex_literal_errors_are_diagnostics() -> None:
    for literal, element in (("(1.5, 2)", "i32"), ("1.5", "f32"), ("(true, 1)", "f32")):
        text = f"%0 = arith.constant dense<{literal}> : tensor<complex<{element}>>"
        with pytest.raises(ParseError):
            Parser(make_context(), text).parse_op()


@pytest.mark.parametrize("digits", [4, 200, 20000])
def test_truncated_string_literal_fails_fast(tmp_path: Path, digits: int) -> None:
    path = tmp_path / "truncated.mlir"
    path.write_text(
        'func.func @f() -> tensor<64xf32> {\n  %c = arith.constant dense<"0x' + "0" * digits
    )
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "strata.tools.strata_opt", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert time.perf_counter() - start < 30
    assert result.returncode == 1
    assert "End of file reached before closing string literal" in result.stderr
    assert "Traceback" not in result.stderr


def test_indexed_symbol_lookup_agrees_with_the_scan() -> None:
    from strata.diagnostics import verify_module
    from strata.xdsl_fixes import _linear_lookup, indexed_symbol_lookups

    text = """
    func.func private @g(%x: i32) -> i32
    func.func @f(%x: i32) -> i32 {
      %0 = func.call @g(%x) : (i32) -> i32
      func.return %0 : i32
    }
    """
    module = parse_ir(make_context(), text)
    call = next(op for op in module.walk() if op.name == "func.call")
    with indexed_symbol_lookups():
        for name in ("g", "f", "missing"):
            assert SymbolTable.lookup_symbol(call, name) is _linear_lookup(call, name)
    verify_module(module)
    bad = Parser(make_context(), text.replace("@g(%x)", "@h(%x)")).parse_module()
    with pytest.raises(Exception, match="'@h' could not be found in symbol table"):
        verify_module(bad)


@pytest.mark.parametrize(
    ("value", "splat"),
    [
        (np.zeros(5, np.float32), True),
        (np.array([1.0, 2.0], np.float32), False),
        (np.full((3, 3), np.nan, np.float32), True),  # the same bits: one NaN
        (np.array([0.0, -0.0], np.float32), False),  # two values, though equal as floats
        (np.ones(4, np.bool_), True),
        (np.array([True, False]), False),
        (np.zeros(0, np.float32), False),  # no element to splat
        (np.array(3.0, np.float64), True),
        (np.arange(1 << 20, dtype=np.int32) // (1 << 20), True),
    ],
    ids=lambda v: str(getattr(v, "dtype", v)),
)
def test_is_splat_compares_bits(value: np.ndarray, splat: bool) -> None:
    # xDSL's is_splat unpacks every element into a list (and finds no NaN splat); ours compares
    # the bytes.
    assert is_splat(dense_from_numpy(value)) is splat


def test_while_with_locations_round_trips() -> None:
    """scf.while printed with its locations parses again (its location follows the op, not its
    type), as `strata-run --run-checks` prints each function it isolates."""
    text = """
    func.func @f(%a: tensor<i32>) -> tensor<i32> {
      %r = scf.while (%x = %a) : (tensor<i32>) -> tensor<i32> {
        %c = arith.constant true
        scf.condition(%c) %x : tensor<i32>
      } do {
      ^bb0(%y: tensor<i32>):
        scf.yield %y : tensor<i32>
      }
      func.return %r : tensor<i32>
    }
    """
    printed = print_ir(parse_ir(make_context(), text, "w.mlir"), debuginfo=True)
    assert "tensor<i32> {" in printed and '} loc("w.mlir":3:7)' in printed
    again = print_ir(parse_ir(make_context(), printed), debuginfo=True)
    assert again.count('loc("w.mlir":3:7)') == printed.count('loc("w.mlir":3:7)') == 1


def generic_text(results: int) -> str:
    """A linalg.generic of `results` results, each the input (the first one negated)."""
    t = "tensor<4xf32>"
    maps = ", ".join(["affine_map<(d0) -> (d0)>"] * (1 + results))
    args = ", ".join(f"%x{i}: f32" for i in range(1 + results))
    yields = ", ".join(["%n", *["%x0"] * (results - 1)])
    types = ", ".join([t] * results)
    shown = f"({types})" if results > 1 else t
    return f"""linalg.generic {{indexing_maps = [{maps}], iterator_types = ["parallel"]}}
        ins(%a : {t}) outs({", ".join(["%e"] * results)} : {types}) {{
      ^bb0({args}):
        %n = arith.negf %x0 : f32
        linalg.yield {yields} : {", ".join(["f32"] * results)}
      }} -> {shown}"""


def test_generic_with_several_results_round_trips() -> None:
    """linalg.generic's results printed as MLIR does, `-> (t, t)`, parse again (xDSL's parser
    read the list as a function type); one result (`-> t`) is parsed as before."""
    two, one = generic_text(2), generic_text(1)
    text = f"""
    func.func @f(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {{
      %e = tensor.empty() : tensor<4xf32>
      %r0, %r1 = {two}
      %s = {one}
      func.return %r0, %r1, %s : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
    }}
    """
    module = parse_ir(make_context(), text)
    generics = [op for op in module.walk() if op.name == "linalg.generic"]
    assert [len(op.results) for op in generics] == [2, 1]
    printed = print_ir(module)
    assert "} -> (tensor<4xf32>, tensor<4xf32>)" in printed
    assert print_ir(parse_ir(make_context(), printed)) == printed
