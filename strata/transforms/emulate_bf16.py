"""emulate-bf16: bf16 arithmetic computed in f32, bf16 values carried as their 16 bits.

llvmlite has no bfloat type, so no bf16 value reaches LLVM as a float:

    %c = arith.addf %a, %b : bf16
 -> %x = arith.extf %a : bf16 to f32      (then: bitcast to i16, extui, shli 16, bitcast to f32)
    %y = arith.extf %b : bf16 to f32
    %s = arith.addf %x, %y : f32
    %c = arith.truncf %s : f32 to bf16    (then: round to nearest even on the bits, NaN quieted)

Every arith/math op on bf16 computes in f32 and rounds its result back, which gives bf16's own
correctly rounded result for +, -, *, / and sqrt (f32 holds more than twice bf16's precision),
as MLIR's arith-emulate-unsupported-floats does. extf and truncf become integer ops on the bits;
the bf16 values left are bitcasts, loads, stores and selects, which the LLVM lowering carries as
i16 (`type_conversion.convert_type`). A constant becomes its bits. f64 -> bf16 rounds through
f32 (twice, so a value within 2^-25 relative of a bf16 tie may round the other way).

`math.fma` on f16, and the math ops that become libm calls (log1p, expm1, erf, ...; libm has
them for f32 and f64 only), compute in f32 too (extended, computed, rounded back to f16): LLVM
legalises an f16 fma through f64 and rounds that with `__truncdfhf2`, a compiler-rt routine the
JIT cannot resolve (the process crashed on an f16 dot_general). The f16 product is exact in
f32, so only the sum rounds twice (to f32, then f16), as in XLA's f32 accumulation.

Expects: the `loops` stage (scalar arith and math ops). Keeps it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from xdsl.context import Context
from xdsl.dialects import arith, math
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    f32,
    i16,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from strata.dialects.element_kinds import bf16_bits
from strata.internal import expect
from strata.lowering.to_llvm.convert_math_to_llvm import LIBM

EXEMPT = (arith.SelectOp, arith.BitcastOp)
"""Ops that move bf16 values without computing on them: they stay bf16 (i16 in LLVM)."""


def _bf16(t: Attribute) -> bool:
    return isinstance(t, BFloat16Type)


class _Inserter:
    """Inserts ops before `at`, located at it; returns each op's first result."""

    def __init__(self, at: Operation):
        self.at = at
        self.block = expect(at.parent_block(), Block, "the op's block")

    def __call__(self, op: Operation) -> SSAValue:
        op.location = self.at.location
        self.block.insert_op_before(op, self.at)
        return op.results[0]

    def int_constant(self, value: int, t: IntegerType) -> SSAValue:
        return self(arith.ConstantOp(IntegerAttr(value, t)))


def _replace(op: Operation, value: SSAValue) -> None:
    op.results[0].replace_all_uses_with(value)
    Rewriter.erase_op(op)


def _extend(op: arith.ExtFOp | arith.TruncFOp) -> None:
    """bf16 -> f32 is exact: the bits moved up 16 (then extf for a wider result)."""
    put = _Inserter(op)
    bits = put(arith.BitcastOp(op.input, i16))
    wide = put(arith.ExtUIOp(bits, i32))
    up = put(arith.ShLIOp(wide, put.int_constant(16, i32)))
    value = put(arith.BitcastOp(up, f32))
    if isinstance(op.result.type, Float16Type):
        value = put(arith.TruncFOp(value, op.result.type))  # bf16 -> f16: one rounding
    elif op.result.type != f32:
        value = put(arith.ExtFOp(value, op.result.type))
    _replace(op, value)


def _truncate(op: arith.ExtFOp | arith.TruncFOp) -> None:
    """f32 -> bf16 rounding to nearest, ties to even: add 0x7FFF plus the lowest kept bit and
    drop 16 bits (a carry into the exponent rounds up to the next binade, or to infinity); a NaN
    keeps its sign and top payload bits, made quiet."""
    put = _Inserter(op)
    value = op.input
    if isinstance(value.type, Float16Type):
        value = put(arith.ExtFOp(value, f32))  # f16 -> bf16: exact in f32, one rounding
    elif value.type != f32:
        value = put(arith.TruncFOp(value, f32))
    bits = put(arith.BitcastOp(value, i32))
    sixteen = put.int_constant(16, i32)
    high = put(arith.ShRUIOp(bits, sixteen))
    lowest_kept = put(arith.AndIOp(high, put.int_constant(1, i32)))
    bias = put(arith.AddiOp(lowest_kept, put.int_constant(0x7FFF, i32)))
    rounded = put(arith.ShRUIOp(put(arith.AddiOp(bits, bias)), sixteen))
    quiet = put(arith.OrIOp(high, put.int_constant(0x40, i32)))
    is_nan = put(arith.CmpfOp(value, value, "uno"))
    chosen = put(arith.SelectOp(is_nan, quiet, rounded))
    narrow = put(arith.TruncIOp(chosen, i16))
    _replace(op, put(arith.BitcastOp(narrow, op.result.type)))


def _constant(op: arith.ConstantOp) -> None:
    value = op.value
    if not isinstance(value, FloatAttr):
        return  # a dense bf16 constant: left to the export, which has no bf16 either
    put = _Inserter(op)
    (pattern,) = bf16_bits(np.array([value.value.data], dtype=np.float64))
    # An i16 attribute holds a signed value.
    bits = put.int_constant(int(pattern.astype(np.int16)), i16)
    _replace(op, put(arith.BitcastOp(bits, op.result.type)))


F16_IN_F32: tuple[type[Operation], ...] = (math.FmaOp, math.RsqrtOp, *LIBM)
"""f16 ops computed in f32: fma (see the module doc), rsqrt (lowered as 1 / sqrt for f32 and f64
only; in f32 it is also rounded once, not twice) and those convert-math-to-llvm makes libm calls,
which exist for f32 and f64 only (`log1pf`, ...)."""


def _f16(t: Attribute) -> bool:
    return isinstance(t, Float16Type)


def _widen(op: Operation, narrow: Callable[[Attribute], bool] = _bf16) -> list[Operation]:
    """`op` computed on f32: `narrow` operands extended, `narrow` results rounded back; returns
    the extf and truncf ops this made."""
    put = _Inserter(op)
    made: list[Operation] = []

    def keep(new: Operation) -> SSAValue:
        made.append(new)
        return put(new)

    operands = [keep(arith.ExtFOp(v, f32)) if narrow(v.type) else v for v in op.operands]
    wide = type(op).create(
        operands=operands,
        result_types=[f32 if narrow(r.type) else r.type for r in op.results],
        properties=dict(op.properties),
        attributes=dict(op.attributes),
    )
    put(wide)
    for old, new in zip(op.results, wide.results, strict=True):
        value = keep(arith.TruncFOp(new, old.type)) if narrow(old.type) else new
        old.replace_all_uses_with(value)
    Rewriter.erase_op(op)
    return made


def _touches_bf16(op: Operation) -> bool:
    return any(_bf16(v.type) for v in (*op.operands, *op.results))


@dataclass(frozen=True)
class EmulateBf16Pass(ModulePass):
    """Computes bf16 arith/math ops in f32 and lowers bf16 extf/truncf/constants to integer ops
    on the bits."""

    name = "emulate-bf16"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        computing: list[Operation] = []
        extensions: list[arith.ExtFOp | arith.TruncFOp] = []
        truncations: list[arith.ExtFOp | arith.TruncFOp] = []
        constants: list[arith.ConstantOp] = []
        f16_fmas: list[Operation] = []  # and libm functions
        for o in op.walk():
            if isinstance(o, F16_IN_F32) and _f16(o.results[0].type):
                f16_fmas.append(o)
            if o.dialect_name() not in ("arith", "math") or not _touches_bf16(o):
                continue
            if isinstance(o, arith.ConstantOp):
                constants.append(o)
            elif isinstance(o, arith.ExtFOp | arith.TruncFOp):
                # By the bf16 side, not the op: bf16 <-> f16 (same width) may be either.
                (truncations if _bf16(o.result.type) else extensions).append(o)
            elif not isinstance(o, EXEMPT):
                computing.append(o)
        for o in f16_fmas:
            _widen(o, _f16)  # f32 extf/truncf of f16: native in LLVM
        for o in computing:
            made = _widen(o)
            extensions += [m for m in made if isinstance(m, arith.ExtFOp)]
            truncations += [m for m in made if isinstance(m, arith.TruncFOp)]
        for o in extensions:
            _extend(o)
        for o in truncations:
            _truncate(o)
        for o in constants:
            _constant(o)
