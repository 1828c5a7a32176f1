"""`strata-run --run-checks`: every function of a module that takes no arguments is compiled and
run, and its `check` ops (strata.dialects.check) are evaluated on what it computed.

Each function is compiled on its own: a copy of the module in which that function returns the
values its checks read (the checks removed) and the other argument-less public functions are
dropped. The comparisons run in numpy; a failure names the check's position and the first
element that differs. A function that does not compile fails with its diagnostic, and the
others still run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    FunctionType,
    ModuleOp,
    StringAttr,
    TensorType,
    f32,
)
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from strata.diagnostics import USER_ERRORS, StrataError, diagnostics_of, op_diagnostic
from strata.dialects import check, hlo
from strata.dialects.element_kinds import complex_part, has_numpy_dtype, is_complex, numpy_dtype_for
from strata.dialects.tensor_types import numpy_from_dense


@dataclass(frozen=True)
class CheckResult:
    function: str
    failures: tuple[str, ...]
    """One line per failed check (or the compile error); empty when the function passed."""

    @property
    def passed(self) -> bool:
        return not self.failures


def runnable_functions(module: ModuleOp) -> list[func.FuncOp]:
    return [
        f
        for f in module.ops
        if isinstance(f, func.FuncOp)
        and not f.is_declaration
        and not f.function_type.inputs.data
        and (f.sym_visibility is None or f.sym_visibility.data != "private")
    ]


def _isolate(module: ModuleOp, name: str) -> tuple[ModuleOp, list[Operation]]:
    """A copy of `module` in which @name returns its checks' operands; the checks (in the copy,
    kept detached for reporting) in order."""
    copy = module.clone()
    target: func.FuncOp | None = None
    for f in runnable_functions(copy):
        if f.sym_name.data == name:
            target = f
        else:
            f.detach()
            f.erase()
    if target is None:
        raise StrataError(f"no function @{name} without arguments")
    for f in copy.ops:  # the functions it calls: private, so the entry is the only public one
        if isinstance(f, func.FuncOp) and f is not target and not f.is_declaration:
            f.sym_visibility = StringAttr("private")
    checks: list[Operation] = [op for op in target.walk() if isinstance(op, check.CHECK_OPS)]
    terminator = target.body.block.last_op
    if isinstance(terminator, func.ReturnOp):
        terminator.detach()
        terminator.erase()
    block = target.body.block
    returned: list[SSAValue] = []
    for c in checks:
        for value in c.operands:
            t = value.type
            if (
                isinstance(t, TensorType)
                and not has_numpy_dtype(t.element_type)
                and not is_complex(t.element_type)
            ):
                # bf16 has no numpy type: compared as f32, which holds every bf16 exactly.
                widened = hlo.ConvertOp(value, f32)
                widened.location = c.location
                block.add_op(widened)
                value = widened.result
            returned.append(value)
        c.detach()
    block.add_op(func.ReturnOp(*returned))
    target.function_type = FunctionType.from_lists([], [v.type for v in returned])
    target.res_attrs = None
    return copy, checks


def _ulps(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distance in units in the last place (floats of one type; -0 and +0 are 0 apart)."""
    bits = a.dtype.itemsize * 8
    signed = np.dtype(f"int{bits}")
    lowest = -(1 << (bits - 1))

    def ordered(x: np.ndarray) -> np.ndarray:
        i = x.view(signed).astype(np.int64)
        return np.where(i < 0, lowest - i, i)

    return np.asarray(np.abs(ordered(a) - ordered(b)))


def _expected(attr: DenseIntOrFPElementsAttr) -> np.ndarray:
    part = complex_part(attr.get_element_type())
    if part is not None:
        # As `hlo-complex-to-real` returns a complex value: (real, imaginary) in a trailing dim,
        # so a tolerance applies to each part, as StableHLO's interpreter compares them.
        pairs = np.frombuffer(attr.data.data, dtype=numpy_dtype_for(part)).reshape(-1, 2)
        shape = (*attr.get_shape(), 2)
        return (
            pairs.reshape(shape)
            if pairs.size == np.prod(shape)
            else np.broadcast_to(pairs[0], shape)
        )
    if has_numpy_dtype(attr.get_element_type()):
        return numpy_from_dense(attr)
    values = np.array(attr.get_values(), np.float32)  # bf16, compared as f32
    shape = tuple(attr.get_shape())
    return np.broadcast_to(values, shape) if values.size == 1 else values.reshape(shape)


def _compare(op: Operation, got: np.ndarray, want: np.ndarray) -> str | None:
    """Why `got` fails the check `op` against `want` (None: it passes)."""
    floats = np.issubdtype(got.dtype, np.floating)
    if isinstance(op, check.ExpectCloseOp) and floats:
        high = op.max_ulp_difference.value.data if op.max_ulp_difference else check.MAX_ULP
        low = op.min_ulp_difference.value.data if op.min_ulp_difference else 0
        distance = _ulps(got, want)
        compared = op.operands[0].type
        if isinstance(compared, TensorType) and isinstance(compared.element_type, BFloat16Type):
            # Compared as f32, which holds each bf16 in its top 16 bits: one bf16 ulp is 2^16.
            distance = distance >> 16
        bad = (distance > high) | (distance < low)
        # A non-finite value passes only against itself (NaN against any NaN), as StableHLO's
        # check does: inf is not 1 ulp from the largest float.
        special = ~(np.isfinite(got) & np.isfinite(want))
        exact = (got == want) | (np.isnan(got) & np.isnan(want))
        bad = np.where(special, ~exact, bad)
        rule = f"{low} to {high} ulp"
    elif isinstance(op, check.ExpectAlmostEqOp | check.ExpectAlmostEqConstOp) and floats:
        tolerance = check.tolerance_of(op)
        with np.errstate(invalid="ignore"):
            close = np.abs(got.astype(np.float64) - want.astype(np.float64)) <= tolerance
        bad = ~(close | (got == want) | (np.isnan(got) & np.isnan(want)))
        rule = f"tolerance {tolerance}"
    else:
        same = got == want
        if floats:
            same |= np.isnan(got) & np.isnan(want)
        bad = ~same
        rule = "exact"
    if not bad.any():
        return None
    index = tuple(int(i) for i in np.argwhere(bad)[0])
    where = f"element {list(index)}" if index else "the value"
    return f"{where} is {got[index].item()!r}, expected {want[index].item()!r} ({rule})"


def run_function(module: ModuleOp, name: str, **compile_options: Any) -> CheckResult:
    from strata.api import compile as compile_model
    from strata.loading import print_ir

    isolated, checks = _isolate(module, name)
    try:
        model = compile_model(print_ir(isolated, debuginfo=True), **compile_options)
        results = model.run() if checks else {}
    except USER_ERRORS as err:
        return CheckResult(name, tuple(d.format() for d in diagnostics_of(err)))
    values = list(results.values())
    failures: list[str] = []
    position = 0
    for op in checks:
        got = np.asarray(values[position])
        position += 1
        if isinstance(op, check.ExpectEqConstOp | check.ExpectAlmostEqConstOp):
            want = _expected(op.value)
        else:
            want = np.asarray(values[position])
            position += 1
        reason = _compare(op, got, want)
        if reason is not None:
            failures.append(op_diagnostic(op, f"failed: {reason}").format())
    return CheckResult(name, tuple(failures))


def checks_from_custom_calls(module: ModuleOp) -> None:
    """Replaces each `hlo.custom_call @check.expect_*(%got, %want)` (how JAX-made StableHLO
    tests spell their checks) by the check op it names (`check.from_custom_call`)."""
    for op in list(module.walk()):
        if not isinstance(op, hlo.CustomCallOp) or len(op.inputs) != 2 or op.results:
            continue
        new = check.from_custom_call(op.call_target_name.data, op.inputs[0], op.inputs[1])
        if new is not None:
            new.location = op.location
            Rewriter.insert_op(new, InsertPoint.before(op))
            Rewriter.erase_op(op)


def run_checks(module: ModuleOp, **compile_options: Any) -> list[CheckResult]:
    checks_from_custom_calls(module)
    return [
        run_function(module, f.sym_name.data, **compile_options) for f in runnable_functions(module)
    ]


def report(results: list[CheckResult]) -> tuple[str, bool]:
    lines: list[str] = []
    for r in results:
        lines.append(f"{'PASS' if r.passed else 'FAIL'} @{r.function}")
        lines += [f"  {line}" for line in r.failures]
    passed = sum(r.passed for r in results)
    lines.append(f"{passed} of {len(results)} functions passed")
    return "\n".join(lines), passed == len(results)
