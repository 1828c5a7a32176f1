"""hlo-complex-to-real: every complex tensor becomes a real tensor with one more trailing dim of
size 2 (real, imaginary), and each op on complex values the hlo ops on those that compute it, so
nothing below the `hlo` stage knows complex numbers.

Inside the pass a complex value is held as its [..., 2] pair, its (real, imaginary) parts or both
(`_Complex`), and each expansion works on the form its operands already have: elementwise
arithmetic stays on parts until a pair is needed. The scalar bodies of reduce, reduce_window and
sort take each complex element as two rank-0 parts (their ops become two operands each), so the
bodies stay rank-0 code; while, if and case carry pairs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FunctionType,
    ModuleOp,
    TensorType,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue
from xdsl.passes import ModulePass

from strata.diagnostics import PassContractError, describe_op, op_diagnostic
from strata.dialects import check, hlo
from strata.dialects.element_kinds import bit_width, complex_part, is_complex, numpy_dtype_for
from strata.dialects.tensor_types import dense_from_numpy, shape_of
from strata.internal import InternalError, expect
from strata.lowering.hlo_to_linalg.hlo_builder import HloEmitter, hypot


def _is_complex_tensor(t: Attribute) -> bool:
    return isinstance(t, TensorType) and is_complex(t.element_type)


def _real_type(t: Attribute) -> Attribute:
    """tensor<SHAPExcomplex<F>> -> tensor<SHAPEx2xF>; any other type is itself."""
    if not isinstance(t, TensorType):
        return t
    part = complex_part(t.element_type)
    if part is None:
        return t
    return TensorType(part, [*t.get_shape(), 2])


def _part_type(t: Attribute) -> Attribute:
    """tensor<SHAPExcomplex<F>> -> tensor<SHAPExF> (the type of one part); any other type is
    itself."""
    if not isinstance(t, TensorType):
        return t
    part = complex_part(t.element_type)
    return t if part is None else TensorType(part, t.get_shape())


def _pair_array(attr: DenseIntOrFPElementsAttr) -> np.ndarray:
    """A complex dense constant's values as a real [..., 2] array: xDSL stores complex data as
    (real, imaginary) pairs, which is that array's row-major data (a splat, if stored as one
    pair, repeated)."""
    part = expect(complex_part(attr.get_element_type()), Attribute, "complex constant part")
    pairs = np.frombuffer(attr.data.data, dtype=numpy_dtype_for(part)).reshape(-1, 2)
    shape = (*attr.get_shape(), 2)
    values = (
        pairs.reshape(shape) if pairs.size == np.prod(shape) else np.broadcast_to(pairs[0], shape)
    )
    return np.ascontiguousarray(values)


def _real_dense(attr: DenseIntOrFPElementsAttr) -> DenseIntOrFPElementsAttr:
    """A complex dense constant as its real [..., 2] constant."""
    part = expect(complex_part(attr.get_element_type()), Attribute, "complex constant part")
    return dense_from_numpy(_pair_array(attr), part)


def _touches_complex(op: Operation) -> bool:
    """Whether `op` has complex operands or results (or is hlo.real / hlo.imag, which expand
    whatever their operand)."""
    if isinstance(op, hlo.RealOp | hlo.ImagOp):
        return True
    types = [v.type for v in op.operands] + [r.type for r in op.results]
    return any(_is_complex_tensor(t) for t in types)


Parts = tuple[SSAValue, SSAValue]
"""A complex value as its (real, imaginary) parts, each of the complex value's shape."""


class _Before(HloEmitter):
    """Emits hlo ops located at `at`, before `anchor` (where a value's other form must go so
    that it serves every use of the value)."""

    def __init__(self, at: Operation, anchor: Operation):
        super().__init__(at)
        self.anchor = anchor

    def add(self, op: Operation) -> None:
        op.location = self.at.location
        block = expect(self.anchor.parent_block(), Block, "the anchor's block")
        block.insert_op_before(op, self.anchor)


@dataclass
class _Complex:
    """A complex value in real form: its [..., 2] pair, its parts, or both. The form asked for
    and missing is emitted by `emit`, just after the value is defined, and kept."""

    emit: HloEmitter
    pair: SSAValue | None = None
    parts: Parts | None = None

    def as_pair(self) -> SSAValue:
        if self.pair is None:
            re, im = expect(self.parts, tuple, "a complex value's parts")
            shape = [*shape_of(re.type), 1]
            halves = [self.emit.reshape(re, shape), self.emit.reshape(im, shape)]
            self.pair = self.emit(hlo.ConcatenateOp(halves, len(shape) - 1))
        return self.pair

    def as_parts(self) -> Parts:
        if self.parts is None:
            pair = self.pair
            if pair is None:
                raise InternalError("internal error: a complex value with neither pair nor parts")
            shape = shape_of(pair.type)
            last = len(shape) - 1
            re, im = (
                self.emit.reshape(self.emit.slice(pair, last, i, i + 1), shape[:-1]) for i in (0, 1)
            )
            self.parts = (re, im)
        return self.parts


Result = SSAValue | Parts
"""What an expansion gives for one result: a real value, or a complex one as its [..., 2] pair
or its parts."""


class _Expander:
    """Emits the real hlo ops for one complex op, located at it (before it); `values` holds the
    real form of each complex value already expanded."""

    def __init__(
        self, op: Operation, values: dict[SSAValue, _Complex], stale_args: list[BlockArgument]
    ):
        self.op = op
        self.values = values
        self.stale_args = stale_args  # complex block arguments, erased once nothing uses them
        self.emit = HloEmitter(op)

    def pair(self, v: SSAValue) -> SSAValue:
        """The [..., 2] value of complex `v`; a real `v` as itself."""
        found = self.values.get(v)
        return v if found is None else found.as_pair()

    def parts(self, v: SSAValue) -> Parts:
        return self.values[v].as_parts()

    def part(self, v: SSAValue, index: int) -> SSAValue:
        """The real (0) or imaginary (1) part of complex `v`, of `v`'s shape."""
        return self.parts(v)[index]

    def re(self, v: SSAValue) -> SSAValue:
        return self.part(v, 0)

    def im(self, v: SSAValue) -> SSAValue:
        return self.part(v, 1)

    def join(self, re: SSAValue, im: SSAValue) -> Parts:
        """The complex value re + i * im (both of one real type)."""
        return re, im

    def on_pairs(self, operands: Sequence[SSAValue]) -> bool:
        """Whether to compute on the pairs of these operands: each complex one has a pair at
        hand (else on parts, which is also what keeps a rank-0 body rank-0)."""
        held = [self.values[v] for v in operands if v in self.values]
        return all(c.pair is not None for c in held)

    def zeros(self, like: SSAValue) -> SSAValue:
        t = expect(like.type, TensorType, "a real part's type")
        zero = self.emit.scalar(0.0, t.element_type)
        return self.emit(hlo.BroadcastInDimOp(zero, t, []))

    def add(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.emit(hlo.AddOp(a, b))

    def sub(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.emit(hlo.SubtractOp(a, b))

    def mul(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.emit(hlo.MultiplyOp(a, b))

    def div(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.emit(hlo.DivideOp(a, b))

    def per_part(self, op: Operation) -> list[Result]:
        """`op` twice, once on the real and once on the imaginary parts of its complex operands
        (its other operands as they are): for ops that move or pick elements without combining
        the parts."""
        clones = [
            op.create(
                operands=[self.part(v, i) if v in self.values else v for v in op.operands],
                result_types=[_part_type(r.type) for r in op.results],
                properties=dict(op.properties),
                attributes=dict(op.attributes),
            )
            for i in (0, 1)
        ]
        for clone in clones:
            self.emit.add(clone)
        re, im = clones
        return [
            (a, b) if _is_complex_tensor(old.type) else a
            for old, a, b in zip(op.results, re.results, im.results, strict=True)
        ]

    def select(self, pred: SSAValue, on_true: SSAValue, on_false: SSAValue) -> Result:
        """pred ? on_true : on_false (complex), on pairs (pred broadcast over the parts dim) or
        on parts."""
        if not self.on_pairs([on_true, on_false]):
            re = self.emit(hlo.SelectOp(pred, self.re(on_true), self.re(on_false)))
            im = self.emit(hlo.SelectOp(pred, self.im(on_true), self.im(on_false)))
            return re, im
        on_true, on_false = self.pair(on_true), self.pair(on_false)
        rank = len(shape_of(pred.type))
        if rank:
            pred_type = TensorType(_element(pred), shape_of(on_true.type))
            pred = self.emit(hlo.BroadcastInDimOp(pred, pred_type, list(range(rank))))
        return self.emit(hlo.SelectOp(pred, on_true, on_false))


def _element(v: SSAValue) -> Attribute:
    element: Attribute = expect(v.type, TensorType, "a tensor value's type").element_type
    return element


Expansion = Callable[[_Expander, Operation], Sequence[Result]]
"""The real values of an op's results (a complex result as its pair or its parts)."""


def _constant(x: _Expander, op: Operation) -> Sequence[Result]:
    """hlo.constant complex -> hlo.constant of its [..., 2] pairs (of a rank-0 one: one constant
    per part)"""
    c = expect(op, hlo.ConstantOp, "hlo.constant")
    if shape_of(c.output.type):
        return [x.emit(hlo.ConstantOp(_real_dense(c.value)))]
    part = expect(complex_part(c.value.get_element_type()), Attribute, "complex constant part")
    pair = _pair_array(c.value)
    re, im = (x.emit(hlo.ConstantOp(dense_from_numpy(pair[..., i].copy(), part))) for i in (0, 1))
    return [(re, im)]


def _componentwise(x: _Expander, op: Operation) -> Sequence[Result]:
    """add / subtract / negate: the same op on the pairs, or on each part"""
    if not x.on_pairs(op.operands):
        return x.per_part(op)
    pairs = [x.pair(v) for v in op.operands]
    if isinstance(op, hlo.NegateOp):
        return [x.emit(hlo.NegateOp(pairs[0]))]
    if isinstance(op, hlo.AddOp):
        return [x.add(pairs[0], pairs[1])]
    expect(op, hlo.SubtractOp, "hlo.subtract")
    return [x.sub(pairs[0], pairs[1])]


class _Arith:
    """Complex arithmetic on parts, emitted as real hlo ops by an `_Expander`."""

    def __init__(self, x: _Expander):
        self.x = x

    def const(self, value: float, like: SSAValue) -> SSAValue:
        return self.x.emit.splat(value, like)

    def mul(self, p: Parts, q: Parts) -> Parts:
        """(a + ib)(c + id) = (ac - bd) + i(ad + bc)"""
        x, (a, b), (c, d) = self.x, p, q
        return x.sub(x.mul(a, c), x.mul(b, d)), x.add(x.mul(a, d), x.mul(b, c))

    def div(self, p: Parts, q: Parts) -> Parts:
        """(a + ib)/(c + id) by Smith's algorithm, so nothing on the way overflows or underflows
        where the quotient does not (c^2 + d^2 would): with |c| >= |d| (see `larger_first`),
        r = d/c, s = 1 + r^2 (in [1, 2]) and the quotient ((a + br)/s)/c + i((b - ar)/s)/c.
        Where |c| = |d|, r = +-1 exactly, so a finite z over a w with both parts infinite is 0
        (C99 Annex G's answer; numpy's, inf/inf, is NaN). z/0 is a/+0 + i b/+0, inf or NaN in
        each part, as numpy gives."""
        x, (c, d) = self.x, q
        c_abs, d_abs = x.emit(hlo.AbsOp(c)), x.emit(hlo.AbsOp(d))
        (a, b), (c, d) = self.larger_first(p, q, x.emit(hlo.CompareOp(d_abs, c_abs, "GT")))
        unit = x.mul(x.emit(hlo.SignOp(c)), x.emit(hlo.SignOp(d)))
        same = x.emit(hlo.CompareOp(c_abs, d_abs, "EQ"))
        r = x.emit(hlo.SelectOp(same, unit, x.div(d, c)))
        s = x.add(self.const(1.0, r), x.mul(r, r))
        re = x.div(x.div(x.add(a, x.mul(b, r)), s), c)
        im = x.div(x.div(x.sub(b, x.mul(a, r)), s), c)
        big = x.emit(hlo.MaximumOp(c_abs, d_abs))  # NaN if either is: not a zero divisor
        by_zero = x.emit(hlo.CompareOp(big, self.const(0.0, big), "EQ"))
        return (
            x.emit(hlo.SelectOp(by_zero, x.div(p[0], big), re)),
            x.emit(hlo.SelectOp(by_zero, x.div(p[1], big), im)),
        )

    def larger_first(self, p: Parts, q: Parts, swap: SSAValue) -> tuple[Parts, Parts]:
        """p/q as a quotient of the same value whose divisor's real part is the larger in
        magnitude where `swap` (|d| > |c|): (a + ib)/(c + id) = (b - ia)/(d - ic)"""
        x, (a, b), (c, d) = self.x, p, q

        def pick(swapped: SSAValue, kept: SSAValue) -> SSAValue:
            return x.emit(hlo.SelectOp(swap, swapped, kept))

        minus_a, minus_c = x.emit(hlo.NegateOp(a)), x.emit(hlo.NegateOp(c))
        return (pick(b, a), pick(minus_a, b)), (pick(d, c), pick(minus_c, d))

    def modulus(self, p: Parts) -> SSAValue:
        """|a + ib| = hypot(a, b), with no overflow or underflow on the way"""
        return hypot(self.x.emit, *p)

    def exp(self, p: Parts) -> Parts:
        """e^(a + ib) = e^a cos b + i e^a sin b"""
        x, (a, b) = self.x, p
        scale = x.emit(hlo.ExponentialOp(a))
        return x.mul(scale, x.emit(hlo.CosineOp(b))), x.mul(scale, x.emit(hlo.SineOp(b)))

    def log(self, p: Parts) -> Parts:
        """log(a + ib) = log |a + ib| + i atan2(b, a)"""
        x, (a, b) = self.x, p
        return x.emit(hlo.LogOp(self.modulus(p))), x.emit(hlo.Atan2Op(b, a))

    def sqrt(self, p: Parts) -> Parts:
        """principal sqrt(a + ib) = sqrt((|z| + a) / 2) + i sign(b) sqrt((|z| - a) / 2)"""
        x, (a, b) = self.x, p
        r, half = self.modulus(p), self.const(0.5, a)
        re = x.emit(hlo.SqrtOp(x.mul(x.add(r, a), half)))
        im = x.emit(hlo.SqrtOp(x.mul(x.sub(r, a), half)))
        negative = x.emit(hlo.CompareOp(b, self.const(0.0, b), "LT"))
        return re, x.emit(hlo.SelectOp(negative, x.emit(hlo.NegateOp(im)), im))

    def cosh_sinh(self, v: SSAValue) -> Parts:
        """(cosh v, sinh v) of a real v, from e^v and e^-v"""
        x = self.x
        up = x.emit(hlo.ExponentialOp(v))
        down = x.emit(hlo.ExponentialOp(x.emit(hlo.NegateOp(v))))
        half = self.const(0.5, v)
        return x.mul(x.add(up, down), half), x.mul(x.sub(up, down), half)

    def plus(self, value: float, p: Parts) -> Parts:
        return self.x.add(p[0], self.const(value, p[0])), p[1]


Unary = Callable[[_Arith, Parts], Parts]


def _sine(m: _Arith, p: Parts) -> Parts:
    """sin(a + ib) = sin a cosh b + i cos a sinh b"""
    x, (a, b) = m.x, p
    cosh, sinh = m.cosh_sinh(b)
    return x.mul(x.emit(hlo.SineOp(a)), cosh), x.mul(x.emit(hlo.CosineOp(a)), sinh)


def _cosine(m: _Arith, p: Parts) -> Parts:
    """cos(a + ib) = cos a cosh b - i sin a sinh b"""
    x, (a, b) = m.x, p
    cosh, sinh = m.cosh_sinh(b)
    return x.mul(x.emit(hlo.CosineOp(a)), cosh), x.emit(
        hlo.NegateOp(x.mul(x.emit(hlo.SineOp(a)), sinh))
    )


def _tanh(m: _Arith, p: Parts) -> Parts:
    """tanh(a + ib) = (sinh 2a + i sin 2b) / (cosh 2a + cos 2b)"""
    x, (a, b) = m.x, p
    a2, b2 = x.add(a, a), x.add(b, b)
    cosh, sinh = m.cosh_sinh(a2)
    den = x.add(cosh, x.emit(hlo.CosineOp(b2)))
    return x.div(sinh, den), x.div(x.emit(hlo.SineOp(b2)), den)


def _rsqrt(m: _Arith, p: Parts) -> Parts:
    """1 / sqrt(z)"""
    one = m.const(1.0, p[0])
    return m.div((one, m.const(0.0, p[0])), m.sqrt(p))


def _logistic(m: _Arith, p: Parts) -> Parts:
    """1 / (1 + e^-z)"""
    neg = (m.x.emit(hlo.NegateOp(p[0])), m.x.emit(hlo.NegateOp(p[1])))
    return m.div((m.const(1.0, p[0]), m.const(0.0, p[0])), m.plus(1.0, m.exp(neg)))


UNARY: dict[type[Operation], Unary] = {
    hlo.ExponentialOp: _Arith.exp,
    hlo.LogOp: _Arith.log,
    hlo.SqrtOp: _Arith.sqrt,
    hlo.SineOp: _sine,
    hlo.CosineOp: _cosine,
    hlo.TanhOp: _tanh,
    hlo.RsqrtOp: _rsqrt,
    hlo.LogisticOp: _logistic,
    hlo.Log1pOp: lambda m, p: m.log(m.plus(1.0, p)),
    hlo.Expm1Op: lambda m, p: m.plus(-1.0, m.exp(p)),
}
"""Complex functions of one complex operand, by op."""


def _unary(x: _Expander, op: Operation) -> Sequence[Result]:
    """f(a + ib) -> the real parts of f's complex formula (see UNARY)"""
    z = op.operands[0]
    return [x.join(*UNARY[type(op)](_Arith(x), x.parts(z)))]


def _binary(x: _Expander, op: Operation) -> Sequence[Result]:
    """multiply / divide / power of complex values -> the real parts of their formulas (power
    as e^(rhs log lhs))"""
    m, (lhs, rhs) = _Arith(x), op.operands
    p, q = x.parts(lhs), x.parts(rhs)
    if isinstance(op, hlo.MultiplyOp):
        return [x.join(*m.mul(p, q))]
    if isinstance(op, hlo.DivideOp):
        return [x.join(*m.div(p, q))]
    return [x.join(*m.exp(m.mul(q, m.log(p))))]


def _abs(x: _Expander, op: Operation) -> Sequence[Result]:
    """abs(a + ib) -> hypot(a, b) (max(|a|, |b|) sqrt(1 + (min / max)^2), IEEE's specials)"""
    return [_Arith(x).modulus(x.parts(op.operands[0]))]


def _sign(x: _Expander, op: Operation) -> Sequence[Result]:
    """sign(z) -> z / |z|, 0 where z is 0, NaN where a part is NaN (through the division):
    both parts scaled by max(|a|, |b|) first, so |z| neither overflows nor underflows"""
    m, (a, b) = _Arith(x), x.parts(op.operands[0])
    zero = m.const(0.0, a)
    a_zero, b_zero = (x.emit(hlo.CompareOp(p, zero, "EQ")) for p in (a, b))
    is_zero = x.emit(hlo.AndOp(a_zero, b_zero))
    scale = x.emit(hlo.MaximumOp(x.emit(hlo.AbsOp(a)), x.emit(hlo.AbsOp(b))))
    a, b = x.div(a, scale), x.div(b, scale)
    modulus = m.modulus((a, b))
    re, im = (x.emit(hlo.SelectOp(is_zero, zero, x.div(p, modulus))) for p in (a, b))
    return [(re, im)]


def _lexicographic(
    x: _Expander, lhs: SSAValue, rhs: SSAValue, direction: str, compare_type: str | None
) -> SSAValue:
    """lhs DIRECTION rhs (GT, GE, LT or LE) on (real, imaginary) pairs, as StableHLO orders
    complex values: the real parts decide unless equal, then the imaginary parts"""
    (a, b), (c, d) = x.parts(lhs), x.parts(rhs)
    strict = direction[0] + "T"  # GE -> GT, LE -> LT
    first = x.emit(hlo.CompareOp(a, c, strict, compare_type))
    tie = x.emit(hlo.CompareOp(a, c, "EQ", compare_type))
    second = x.emit(hlo.CompareOp(b, d, direction, compare_type))
    return x.emit(hlo.OrOp(first, x.emit(hlo.AndOp(tie, second))))


def _extremum(x: _Expander, op: Operation) -> Sequence[Result]:
    """maximum (minimum) of complex values -> the lexicographically greater (smaller) of
    (real, imaginary), as StableHLO orders them"""
    lhs, rhs = op.operands
    direction = "GT" if isinstance(op, hlo.MaximumOp) else "LT"
    return [x.select(_lexicographic(x, lhs, rhs, direction, None), lhs, rhs)]


def _complex(x: _Expander, op: Operation) -> Sequence[Result]:
    """hlo.complex %re, %im -> the parts %re, %im"""
    return [x.join(op.operands[0], op.operands[1])]


def _real(x: _Expander, op: Operation) -> Sequence[Result]:
    """hlo.real %z -> its real part; hlo.real %x (real) -> %x"""
    operand = op.operands[0]
    return [x.re(operand) if operand in x.values else operand]


def _imag(x: _Expander, op: Operation) -> Sequence[Result]:
    """hlo.imag %z -> its imaginary part; hlo.imag %x (real) -> zeros"""
    operand = op.operands[0]
    return [x.im(operand) if operand in x.values else x.zeros(operand)]


def _compare(x: _Expander, op: Operation) -> Sequence[Result]:
    """compare EQ (NE) of complex values -> and (or) of the compares of both parts; GT, GE, LT,
    LE -> lexicographic on (real, imaginary), as StableHLO specifies"""
    compare = expect(op, hlo.CompareOp, "hlo.compare")
    lhs, rhs = op.operands
    direction = compare.direction()
    kind = None if compare.compare_type is None else compare.compare_type.data.value
    if direction not in ("EQ", "NE"):
        return [_lexicographic(x, lhs, rhs, direction, kind)]
    both = [x.emit(hlo.CompareOp(x.part(lhs, i), x.part(rhs, i), direction, kind)) for i in (0, 1)]
    joined = hlo.AndOp(both[0], both[1]) if direction == "EQ" else hlo.OrOp(both[0], both[1])
    return [x.emit(joined)]


def _convert(x: _Expander, op: Operation) -> Sequence[Result]:
    """convert real -> complex (imaginary zero), complex -> complex (each part), complex -> real
    (the real part)"""
    convert = expect(op, hlo.ConvertOp, "hlo.convert")
    source = convert.operand
    result = expect(convert.result.type, TensorType, "hlo.convert result type")
    part = complex_part(result.element_type)
    if not _is_complex_tensor(source.type):
        re = x.emit(hlo.ConvertOp(source, expect(part, Attribute, "complex result part")))
        return [x.join(re, x.zeros(re))]
    if part is None:
        return [x.emit(hlo.ConvertOp(x.re(source), result.element_type))]
    if x.on_pairs([source]):
        return [x.emit(hlo.ConvertOp(x.pair(source), part))]
    re, im = x.parts(source)
    return [(x.emit(hlo.ConvertOp(re, part)), x.emit(hlo.ConvertOp(im, part)))]


def _select(x: _Expander, op: Operation) -> Sequence[Result]:
    """select %p, %a, %b -> select of the pairs (%p broadcast over the parts) or of each part"""
    select = expect(op, hlo.SelectOp, "hlo.select")
    return [x.select(select.pred, select.on_true, select.on_false)]


def _per_part(x: _Expander, op: Operation) -> Sequence[Result]:
    """dynamic_slice / dynamic_update_slice / pad / gather -> the same op on each part"""
    return x.per_part(op)


def _reshape(x: _Expander, op: Operation) -> Sequence[Result]:
    """reshape to SHAPE -> reshape to [SHAPE, 2]"""
    return [x.emit(hlo.ReshapeOp(x.pair(op.operands[0]), _real_type(op.results[0].type)))]


def _transpose(x: _Expander, op: Operation) -> Sequence[Result]:
    """transpose by P -> transpose by [P, rank]"""
    transpose = expect(op, hlo.TransposeOp, "hlo.transpose")
    perm = [int(p) for p in transpose.permutation.get_values()]
    return [x.emit(hlo.TransposeOp(x.pair(transpose.operand), [*perm, len(perm)]))]


def _slice(x: _Expander, op: Operation) -> Sequence[Result]:
    """slice -> the same slice with all of the trailing parts dim"""
    sliced = expect(op, hlo.SliceOp, "hlo.slice")
    starts = [*sliced.start_indices.get_values(), 0]
    limits = [*sliced.limit_indices.get_values(), 2]
    strides = [*sliced.strides.get_values(), 1]
    return [x.emit(hlo.SliceOp(x.pair(sliced.operand), starts, limits, strides))]


def _concatenate(x: _Expander, op: Operation) -> Sequence[Result]:
    """concatenate along d -> concatenate of the [..., 2] values along d"""
    concatenate = expect(op, hlo.ConcatenateOp, "hlo.concatenate")
    inputs = [x.pair(v) for v in concatenate.inputs]
    return [x.emit(hlo.ConcatenateOp(inputs, concatenate.dimension.value.data))]


def _broadcast_in_dim(x: _Expander, op: Operation) -> Sequence[Result]:
    """broadcast_in_dim with dims D -> with dims [D, rank(result)]"""
    broadcast = expect(op, hlo.BroadcastInDimOp, "hlo.broadcast_in_dim")
    dims = [int(d) for d in broadcast.broadcast_dimensions.get_values()]
    out = _real_type(broadcast.result.type)
    rank = len(shape_of(broadcast.result.type))
    return [x.emit(hlo.BroadcastInDimOp(x.pair(broadcast.operand), out, [*dims, rank]))]


def _reverse(x: _Expander, op: Operation) -> Sequence[Result]:
    """reverse dims D -> reverse dims D of the [..., 2] value"""
    reverse = expect(op, hlo.ReverseOp, "hlo.reverse")
    dims = [int(d) for d in reverse.dimensions.get_values()]
    return [x.emit(hlo.ReverseOp(x.pair(reverse.operand), dims))]


def _iota(x: _Expander, op: Operation) -> Sequence[Result]:
    """iota complex -> iota of the part type, imaginary zero"""
    iota = expect(op, hlo.IotaOp, "hlo.iota")
    t = expect(iota.output.type, TensorType, "hlo.iota result type")
    part = expect(complex_part(t.element_type), Attribute, "complex result part")
    re = x.emit(hlo.IotaOp(iota.dim(), TensorType(part, t.get_shape())))
    return [x.join(re, x.zeros(re))]


def _reshaped(x: _Expander, value: SSAValue, shape: Sequence[int]) -> SSAValue:
    """`value` reshaped to `shape` (itself if it has that shape)."""
    return value if list(shape_of(value.type)) == list(shape) else x.emit.reshape(value, shape)


def _bitcast_convert(x: _Expander, op: Operation) -> Sequence[Result]:
    """bitcast_convert from or to complex<F> -> a bitcast_convert from or to the [..., 2] pair
    of F (the same bits: real part first), reshaped where one element spans several"""
    bitcast = expect(op, hlo.BitcastConvertOp, "hlo.bitcast_convert")
    source = x.pair(bitcast.operand)
    target = expect(_real_type(bitcast.result.type), TensorType, "bitcast_convert result type")
    src_element, dst_element = _element(source), target.element_type
    src_bits, dst_bits = bit_width(src_element), bit_width(dst_element)
    src_shape, dst_shape = list(shape_of(source.type)), list(target.get_shape())
    if src_bits > dst_bits:  # each source element splits: bitcast, then merge the new dim
        split = TensorType(dst_element, [*src_shape, src_bits // dst_bits])
        result = x.emit(hlo.BitcastConvertOp(source, split))
        result = _reshaped(x, result, dst_shape)
    elif src_bits < dst_bits:  # several source elements join: split the last dim, then bitcast
        grouped = _reshaped(x, source, [*dst_shape, dst_bits // src_bits])
        result = x.emit(hlo.BitcastConvertOp(grouped, target))
    elif src_element != dst_element:
        result = x.emit(hlo.BitcastConvertOp(source, target))
    else:
        result = source
    return [result]


def _dot_general(x: _Expander, op: Operation) -> Sequence[Result]:
    """dot_general of complex (a + ib)(c + id) -> four real dot_generals, (ac - bd) + i(ad + bc);
    a real operand is its own real part with no imaginary part"""
    dot_general = expect(op, hlo.DotGeneralOp, "hlo.dot_general")
    dims = dot_general.dot_dimension_numbers
    result = expect(dot_general.result.type, TensorType, "hlo.dot_general result type")
    part = expect(complex_part(result.element_type), Attribute, "complex result part")
    part_type = TensorType(part, result.get_shape())

    def dot(lhs: SSAValue, rhs: SSAValue) -> SSAValue:
        general = hlo.DotGeneralOp(
            lhs,
            rhs,
            dims.lhs_batching_dimensions,
            dims.rhs_batching_dimensions,
            dims.lhs_contracting_dimensions,
            dims.rhs_contracting_dimensions,
            part_type,
        )
        if dot_general.precision_config is not None:
            general.precision_config = dot_general.precision_config
        return x.emit(general)

    def parts(v: SSAValue) -> tuple[SSAValue, SSAValue | None]:
        if not _is_complex_tensor(v.type):
            return x.emit(hlo.ConvertOp(v, part)), None
        return x.parts(v)

    (a, b), (c, d) = parts(dot_general.lhs), parts(dot_general.rhs)
    re, im = dot(a, c), None
    if b is not None and d is not None:
        re = x.sub(re, dot(b, d))
    for term in ([dot(a, d)] if d is not None else []) + ([dot(b, c)] if b is not None else []):
        im = term if im is None else x.add(im, term)
    return [x.join(re, x.zeros(re) if im is None else im)]


def _dft_matrices(rows: int, cols: int, n: int, sign: float, scale: float) -> np.ndarray:
    """The (real, imaginary) parts of W[j, k] = scale * e^(sign 2 pi i jk / n), j < rows, k < cols
    (jk taken mod n first, so each angle is exact), stacked: shape (2, rows, cols)."""
    jk = np.outer(np.arange(rows), np.arange(cols)) % n
    angle = sign * 2.0 * np.pi * jk / n
    cos, sin = np.cos(angle), np.sin(angle)
    # quarter turns exactly (np.sin(pi) is 1.2e-16): the DC and Nyquist terms of a real
    # signal's transform then have a zero imaginary part, as TensorFlow's (its angle is 0 or pi)
    half = (2 * jk) % n == 0
    quarter = ((4 * jk) % n == 0) & ~half
    cos = np.where(half, np.where(jk == 0, 1.0, -1.0), np.where(quarter, 0.0, cos))
    sin = np.where(half, 0.0, np.where(quarter, sign * np.where(4 * jk == n, 1.0, -1.0), sin))
    return np.stack([cos, sin]) * scale


def _fft(x: _Expander, op: Operation) -> Sequence[Result]:
    """hlo.fft -> one complex matrix product (real dot_generals with constant cos / sin
    matrices) per transformed dim, first to last: each contracts the first transformed dim and
    appends the new one, so the dims end in order. RFFT keeps the last dim's first n/2 + 1
    frequencies; IRFFT's last dim sums the half spectrum with its conjugate mirror (weight 2)."""
    fft = expect(op, hlo.FftOp, "hlo.fft")
    kind, lengths = fft.kind(), fft.lengths()
    operand = fft.operand
    re = x.re(operand) if operand in x.values else operand
    im: SSAValue | None = x.im(operand) if operand in x.values else None
    element = _element(re)
    axis = len(shape_of(re.type)) - len(lengths)
    inverse = kind in (hlo.FftType.IFFT, hlo.FftType.IRFFT)

    def product(v: SSAValue, matrix: np.ndarray) -> SSAValue:
        shape = list(shape_of(v.type))
        out = TensorType(element, [*shape[:axis], *shape[axis + 1 :], matrix.shape[1]])
        w = x.emit(hlo.ConstantOp(dense_from_numpy(np.ascontiguousarray(matrix), element)))
        return x.emit(hlo.DotGeneralOp(v, w, [], [], [axis], [0], out))

    for index, n in enumerate(lengths):
        last = index == len(lengths) - 1
        if last and kind is hlo.FftType.IRFFT:
            half = n // 2 + 1
            weight = np.where((np.arange(half) == 0) | (2 * np.arange(half) == n), 1.0, 2.0)
            w = _dft_matrices(half, n, n, 1.0, 1.0 / n) * weight[:, None]
            real = product(re, w[0])
            if im is not None:
                real = x.sub(real, product(im, w[1]))
            return [real]
        cols = n // 2 + 1 if last and kind is hlo.FftType.RFFT else n
        w = _dft_matrices(n, cols, n, 1.0 if inverse else -1.0, 1.0 / n if inverse else 1.0)
        new_re, new_im = product(re, w[0]), product(re, w[1])
        if im is not None:
            new_re = x.sub(new_re, product(im, w[1]))
            new_im = x.add(new_im, product(im, w[0]))
        re, im = new_re, new_im
    if im is None:
        raise InternalError("internal error: an fft with no transformed dim")
    return [x.join(re, im)]


def _split(x: _Expander, operands: Sequence[SSAValue]) -> list[SSAValue]:
    """`operands` with each complex one as its two parts."""
    out: list[SSAValue] = []
    for v in operands:
        out += list(x.parts(v)) if v in x.values else [v]
    return out


def _gather_results(old: Operation, new: Operation) -> list[Result]:
    """The results of `old` from those of `new`, which has each complex one as two parts."""
    results: list[SSAValue] = list(new.results)
    found: list[Result] = []
    for r in old.results:
        if _is_complex_tensor(r.type):
            found.append((results.pop(0), results.pop(0)))
        else:
            found.append(results.pop(0))
    return found


def _split_args(x: _Expander, block: Block, groups: Sequence[Sequence[BlockArgument]]) -> None:
    """Retypes `block`'s arguments for an op whose complex operands became two parts each: each
    group (the arguments of one operand) stays itself if real, else becomes the real parts of
    its arguments then their imaginary parts."""
    at = x.op
    anchor = expect(block.first_op, Operation, "a body's first op")
    for group in groups:
        if not _is_complex_tensor(group[0].type):
            for old in group:
                new = block.insert_arg(old.type, len(block.args))
                new.name_hint = old.name_hint
                old.replace_all_uses_with(new)
                block.erase_arg(old)
            continue
        part = _part_type(group[0].type)
        res = [block.insert_arg(part, len(block.args)) for _ in group]
        ims = [block.insert_arg(part, len(block.args)) for _ in group]
        for old, re, im in zip(group, res, ims, strict=True):
            x.values[old] = _Complex(_Before(at, anchor), parts=(re, im))
            x.stale_args.append(old)


def _with_split_operands(
    x: _Expander, op: Operation, groups: Callable[[Block], list[list[BlockArgument]]]
) -> Sequence[Result]:
    """`op` (whose body computes on rank-0 elements) with each complex operand as its two parts,
    its body taking them so (`groups` says which body arguments belong to one operand)."""
    body = op.detach_region(op.regions[0])
    new = op.create(
        operands=_split(x, op.operands),
        result_types=[
            t
            for r in op.results
            for t in ([_part_type(r.type)] * 2 if _is_complex_tensor(r.type) else [r.type])
        ],
        properties=dict(op.properties),
        attributes=dict(op.attributes),
        regions=[body],
    )
    x.emit.add(new)
    _split_args(x, body.block, groups(body.block))
    return _gather_results(op, new)


def _reduce(x: _Expander, op: Operation) -> Sequence[Result]:
    """reduce / reduce_window of complex values -> the same op on their parts (two inputs and
    two init values each), its body taking each complex element as two rank-0 parts"""
    return _with_split_operands(x, op, lambda block: [[arg] for arg in block.args])


def _sort(x: _Expander, op: Operation) -> Sequence[Result]:
    """sort of complex inputs -> sort of their parts (two inputs each), the comparator taking
    (lhs, rhs) of each complex input as (lhs re, rhs re, lhs im, rhs im)"""
    return _with_split_operands(
        x, op, lambda block: [list(block.args[i : i + 2]) for i in range(0, len(block.args), 2)]
    )


def _control_flow(x: _Expander, op: Operation) -> Sequence[Result]:
    """while / if / case carrying complex values -> the same op carrying their pairs, its
    regions moved over (a while's block arguments as pairs)"""
    regions = [op.detach_region(r) for r in list(op.regions)]
    new = op.create(
        operands=[x.pair(v) for v in op.operands],
        result_types=[_real_type(r.type) for r in op.results],
        properties=dict(op.properties),
        attributes=dict(op.attributes),
        regions=regions,
    )
    x.emit.add(new)
    for region in regions:
        for block in region.blocks:
            anchor = expect(block.first_op, Operation, "a region's first op")
            for old in [a for a in block.args if _is_complex_tensor(a.type)]:
                arg = block.insert_arg(_real_type(old.type), old.index)
                arg.name_hint = old.name_hint
                x.values[old] = _Complex(_Before(new, anchor), pair=arg)
                x.stale_args.append(old)
    return list(new.results)


SCALAR_BODIES: tuple[type[Operation], ...] = (hlo.ReduceOp, hlo.ReduceWindowOp, hlo.SortOp)
"""Ops whose body computes on rank-0 elements: complex ones in it are held as parts."""


def _return(x: _Expander, op: Operation) -> Sequence[Result]:
    """hlo.return in a scalar body -> each complex value as its two parts; in while / if /
    case -> as its pair"""
    if isinstance(op.parent_op(), SCALAR_BODIES):
        operands = _split(x, op.operands)
    else:
        operands = [x.pair(v) for v in op.operands]
    x.emit.add(hlo.ReturnOp(operands))
    return []


EXPANSIONS: dict[type[Operation], Expansion] = {
    hlo.ConstantOp: _constant,
    hlo.AddOp: _componentwise,
    hlo.SubtractOp: _componentwise,
    hlo.NegateOp: _componentwise,
    hlo.MultiplyOp: _binary,
    hlo.DivideOp: _binary,
    hlo.PowerOp: _binary,
    hlo.AbsOp: _abs,
    hlo.SignOp: _sign,
    hlo.MaximumOp: _extremum,
    hlo.MinimumOp: _extremum,
    **{op: _unary for op in UNARY},
    hlo.ComplexOp: _complex,
    hlo.RealOp: _real,
    hlo.ImagOp: _imag,
    hlo.CompareOp: _compare,
    hlo.ConvertOp: _convert,
    hlo.BitcastConvertOp: _bitcast_convert,
    hlo.SelectOp: _select,
    hlo.ReshapeOp: _reshape,
    hlo.TransposeOp: _transpose,
    hlo.SliceOp: _slice,
    hlo.DynamicSliceOp: _per_part,
    hlo.DynamicUpdateSliceOp: _per_part,
    hlo.PadOp: _per_part,
    hlo.GatherOp: _per_part,
    hlo.ConcatenateOp: _concatenate,
    hlo.BroadcastInDimOp: _broadcast_in_dim,
    hlo.ReverseOp: _reverse,
    hlo.IotaOp: _iota,
    hlo.DotGeneralOp: _dot_general,
    hlo.FftOp: _fft,
    hlo.ReduceOp: _reduce,
    hlo.ReduceWindowOp: _reduce,
    hlo.SortOp: _sort,
    hlo.WhileOp: _control_flow,
    hlo.IfOp: _control_flow,
    hlo.CaseOp: _control_flow,
    hlo.ReturnOp: _return,
}
"""The expansion of each op with complex operands or results."""

PASSED_THROUGH: tuple[type[Operation], ...] = (
    func.ReturnOp,
    func.CallOp,
    hlo.OptimizationBarrierOp,
    *check.CHECK_OPS,
)
"""Ops that take complex values as they are: rebuilt on the [..., 2] values (a check's constant
split the same way, so tolerances apply to each part)."""


def _supported(op: Operation) -> bool:
    if isinstance(op, PASSED_THROUGH):
        return True
    if isinstance(op, hlo.ReturnOp):
        return True  # its parent returns complex values too: expanded with it, or named alone
    return type(op) in EXPANSIONS


def _rebuild(x: _Expander, op: Operation) -> Sequence[Result]:
    """`op` on the [..., 2] values, its complex results and dense constants converted."""
    properties = dict(op.properties)
    value = properties.get("value")
    if isinstance(value, DenseIntOrFPElementsAttr) and _is_complex_tensor(value.type):
        properties["value"] = _real_dense(value)
    new = op.create(
        operands=[x.pair(v) for v in op.operands],
        result_types=[_real_type(r.type) for r in op.results],
        properties=properties,
        attributes=dict(op.attributes),
    )
    x.emit.add(new)
    return list(new.results)


def _convert_function(f: func.FuncOp) -> None:
    """`f` on real values: its complex arguments and results as their [..., 2] types, each op on
    complex values expanded (`apply` has checked each has an expansion)."""
    inputs = [_real_type(t) for t in f.function_type.inputs.data]
    outputs = [_real_type(t) for t in f.function_type.outputs.data]
    f.function_type = FunctionType.from_lists(inputs, outputs)
    if f.is_declaration:
        return
    block = f.body.block
    values: dict[SSAValue, _Complex] = {}
    stale_args: list[BlockArgument] = [a for a in block.args if _is_complex_tensor(a.type)]
    anchor = expect(block.first_op, Operation, "a function's first op")
    for arg in list(stale_args):
        new_arg = block.insert_arg(_real_type(arg.type), arg.index)
        new_arg.name_hint = arg.name_hint
        values[arg] = _Complex(_Before(f, anchor), pair=new_arg)
    expanded: list[Operation] = []
    for op in list(f.walk()):
        if op is f or not _touches_complex(op):
            continue
        x = _Expander(op, values, stale_args)
        expand = _rebuild if isinstance(op, PASSED_THROUGH) else EXPANSIONS[type(op)]
        replacements = expand(x, op)
        for old, replacement in zip(op.results, replacements, strict=True):
            if isinstance(replacement, tuple):
                values[old] = _Complex(HloEmitter(op), parts=replacement)
            elif _is_complex_tensor(old.type):
                values[old] = _Complex(HloEmitter(op), pair=replacement)
            else:
                old.replace_all_uses_with(replacement)
        expanded.append(op)
    for op in reversed(expanded):  # users first: each complex result is only used by later ops
        op.detach()
        op.erase()
    for arg in stale_args:
        arg.block.erase_arg(arg)


@dataclass(frozen=True)
class HloComplexToRealPass(ModulePass):
    """Expands complex values into real ones. Expects the `hlo` stage; guarantees it with no
    complex element type: each complex tensor<SHAPExcomplex<F>> is a tensor<SHAPEx2xF> of (real,
    imaginary) parts, function signatures included. Fails naming every op on complex values it
    has no expansion for (see EXPANSIONS)."""

    name = "hlo-complex-to-real"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        unsupported = [
            o
            for o in op.walk()
            if not isinstance(o, func.FuncOp) and _touches_complex(o) and not _supported(o)
        ]
        if unsupported:
            diagnostics = [
                op_diagnostic(o, f"complex element type not supported for {o.name}")
                for o in unsupported
            ]
            lines = [f"{self.name}: complex element type not supported for:"]
            lines += [f"  {describe_op(o)}" for o in unsupported]
            raise PassContractError("\n".join(lines), diagnostics=diagnostics)
        for f in op.walk():
            if isinstance(f, func.FuncOp):
                _convert_function(f)
