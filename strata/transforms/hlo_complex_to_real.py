"""hlo-complex-to-real: every complex tensor becomes a real tensor with one more trailing dim of
size 2 (real, imaginary), and each op on complex values the hlo ops on those that compute it, so
nothing below the `hlo` stage knows complex numbers."""

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
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.passes import ModulePass

from strata.diagnostics import PassContractError, describe_op, op_diagnostic
from strata.dialects import check, hlo
from strata.dialects.element_kinds import complex_part, is_complex, numpy_dtype_for
from strata.dialects.tensor_types import dense_from_numpy, shape_of
from strata.lowering.hlo_to_linalg.hlo_builder import HloEmitter


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


def _real_dense(attr: DenseIntOrFPElementsAttr) -> DenseIntOrFPElementsAttr:
    """A complex dense constant as its real [..., 2] constant: xDSL stores complex data as
    (real, imaginary) pairs, which is that constant's row-major data (a splat, if stored as one
    pair, repeated)."""
    part = complex_part(attr.get_element_type())
    assert part is not None
    pairs = np.frombuffer(attr.data.data, dtype=numpy_dtype_for(part)).reshape(-1, 2)
    shape = (*attr.get_shape(), 2)
    values = (
        pairs.reshape(shape) if pairs.size == np.prod(shape) else np.broadcast_to(pairs[0], shape)
    )
    return dense_from_numpy(np.ascontiguousarray(values), part)


def _touches_complex(op: Operation) -> bool:
    """Whether `op` has complex operands or results (or is hlo.real / hlo.imag, which expand
    whatever their operand)."""
    if isinstance(op, hlo.RealOp | hlo.ImagOp):
        return True
    types = [v.type for v in op.operands] + [r.type for r in op.results]
    return any(_is_complex_tensor(t) for t in types)


class _Expander:
    """Emits the real hlo ops for one complex op, located at it; `values` maps each complex value
    already expanded to its real [..., 2] value."""

    def __init__(self, op: Operation, values: dict[SSAValue, SSAValue]):
        self.op = op
        self.values = values
        self.emit = HloEmitter(op)

    def pair(self, v: SSAValue) -> SSAValue:
        """The [..., 2] value of complex `v`; a real `v` as itself."""
        return self.values.get(v, v)

    def part(self, v: SSAValue, index: int) -> SSAValue:
        """The real (0) or imaginary (1) part of complex `v`, of `v`'s shape."""
        pair = self.pair(v)
        shape = shape_of(pair.type)
        sliced = self.emit.slice(pair, len(shape) - 1, index, index + 1)
        return self.emit.reshape(sliced, shape[:-1])

    def re(self, v: SSAValue) -> SSAValue:
        return self.part(v, 0)

    def im(self, v: SSAValue) -> SSAValue:
        return self.part(v, 1)

    def join(self, re: SSAValue, im: SSAValue) -> SSAValue:
        """The [..., 2] value of re + i * im (both of one real type)."""
        shape = [*shape_of(re.type), 1]
        parts = [self.emit.reshape(re, shape), self.emit.reshape(im, shape)]
        return self.emit(hlo.ConcatenateOp(parts, len(shape) - 1))

    def zeros(self, like: SSAValue) -> SSAValue:
        t = like.type
        assert isinstance(t, TensorType)
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

    def select(self, pred: SSAValue, on_true: SSAValue, on_false: SSAValue) -> SSAValue:
        """The [..., 2] value of pred ? on_true : on_false (complex), pred broadcast over parts."""
        on_true, on_false = self.pair(on_true), self.pair(on_false)
        rank = len(shape_of(pred.type))
        if rank:
            pred_type = TensorType(_element(pred), shape_of(on_true.type))
            pred = self.emit(hlo.BroadcastInDimOp(pred, pred_type, list(range(rank))))
        return self.emit(hlo.SelectOp(pred, on_true, on_false))


def _element(v: SSAValue) -> Attribute:
    t = v.type
    assert isinstance(t, TensorType)
    element: Attribute = t.element_type
    return element


Expansion = Callable[[_Expander, Operation], Sequence[SSAValue]]
"""The real values of an op's results (a complex result as its [..., 2] value)."""


def _constant(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """hlo.constant complex -> hlo.constant of its [..., 2] parts"""
    assert isinstance(op, hlo.ConstantOp)
    return [x.emit(hlo.ConstantOp(_real_dense(op.value)))]


def _componentwise(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """add / subtract / negate: the same op on the [..., 2] values (componentwise)"""
    pairs = [x.pair(v) for v in op.operands]
    if isinstance(op, hlo.NegateOp):
        return [x.emit(hlo.NegateOp(pairs[0]))]
    if isinstance(op, hlo.AddOp):
        return [x.add(pairs[0], pairs[1])]
    assert isinstance(op, hlo.SubtractOp)
    return [x.sub(pairs[0], pairs[1])]


Parts = tuple[SSAValue, SSAValue]
"""A complex value as its (real, imaginary) parts, each of the complex value's shape."""


class _Arith:
    """Complex arithmetic on parts, emitted as real hlo ops by an `_Expander`."""

    def __init__(self, x: _Expander):
        self.x = x

    def const(self, value: float, like: SSAValue) -> SSAValue:
        return self.x.emit(
            hlo.BroadcastInDimOp(self.x.emit.scalar(value, _element(like)), like.type, [])
        )

    def mul(self, p: Parts, q: Parts) -> Parts:
        """(a + ib)(c + id) = (ac - bd) + i(ad + bc)"""
        x, (a, b), (c, d) = self.x, p, q
        return x.sub(x.mul(a, c), x.mul(b, d)), x.add(x.mul(a, d), x.mul(b, c))

    def div(self, p: Parts, q: Parts) -> Parts:
        """(a + ib)/(c + id) = ((ac + bd) + i(bc - ad)) / (c^2 + d^2)"""
        x, (a, b), (c, d) = self.x, p, q
        den = x.add(x.mul(c, c), x.mul(d, d))
        return x.div(x.add(x.mul(a, c), x.mul(b, d)), den), x.div(
            x.sub(x.mul(b, c), x.mul(a, d)), den
        )

    def modulus(self, p: Parts) -> SSAValue:
        x, (a, b) = self.x, p
        return x.emit(hlo.SqrtOp(x.add(x.mul(a, a), x.mul(b, b))))

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


def _unary(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """f(a + ib) -> the real parts of f's complex formula (see UNARY), joined"""
    z = op.operands[0]
    return [x.join(*UNARY[type(op)](_Arith(x), (x.re(z), x.im(z))))]


def _binary(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """multiply / divide / power of complex values -> the real parts of their formulas, joined
    (power as e^(rhs log lhs))"""
    m, (lhs, rhs) = _Arith(x), op.operands
    p, q = (x.re(lhs), x.im(lhs)), (x.re(rhs), x.im(rhs))
    if isinstance(op, hlo.MultiplyOp):
        return [x.join(*m.mul(p, q))]
    if isinstance(op, hlo.DivideOp):
        return [x.join(*m.div(p, q))]
    return [x.join(*m.exp(m.mul(q, m.log(p))))]


def _abs(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """abs(a + ib) -> sqrt(a^2 + b^2)"""
    z = op.operands[0]
    return [_Arith(x).modulus((x.re(z), x.im(z)))]


def _extremum(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """maximum (minimum) of complex values -> the lexicographically greater (smaller) of
    (real, imaginary), as StableHLO orders them"""
    lhs, rhs = op.operands
    direction = "GT" if isinstance(op, hlo.MaximumOp) else "LT"
    a, b, c, d = x.re(lhs), x.im(lhs), x.re(rhs), x.im(rhs)
    first = x.emit(hlo.CompareOp(a, c, direction))
    tie = x.emit(hlo.CompareOp(a, c, "EQ"))
    second = x.emit(hlo.CompareOp(b, d, direction))
    pick_lhs = x.emit(hlo.OrOp(first, x.emit(hlo.AndOp(tie, second))))
    return [x.select(pick_lhs, lhs, rhs)]


def _complex(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """hlo.complex %re, %im -> concatenate of both as [..., 1]"""
    return [x.join(op.operands[0], op.operands[1])]


def _real(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """hlo.real %z -> the [..., 0] slice; hlo.real %x (real) -> %x"""
    operand = op.operands[0]
    return [x.re(operand) if operand in x.values else operand]


def _imag(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """hlo.imag %z -> the [..., 1] slice; hlo.imag %x (real) -> zeros"""
    operand = op.operands[0]
    return [x.im(operand) if operand in x.values else x.zeros(operand)]


def _compare(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """compare EQ (NE) of complex values -> and (or) of the compares of both parts"""
    assert isinstance(op, hlo.CompareOp)
    lhs, rhs = op.operands
    direction = op.direction()
    both = [x.emit(hlo.CompareOp(x.part(lhs, i), x.part(rhs, i), direction)) for i in (0, 1)]
    joined = hlo.AndOp(both[0], both[1]) if direction == "EQ" else hlo.OrOp(both[0], both[1])
    return [x.emit(joined)]


def _convert(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """convert real -> complex (imaginary zero), complex -> complex (each part), complex -> real
    (the real part)"""
    assert isinstance(op, hlo.ConvertOp)
    source, result = op.operand, op.result.type
    assert isinstance(result, TensorType)
    part = complex_part(result.element_type)
    if not _is_complex_tensor(source.type):
        assert part is not None
        re = x.emit(hlo.ConvertOp(source, part))
        return [x.join(re, x.zeros(re))]
    if part is not None:
        return [x.emit(hlo.ConvertOp(x.pair(source), part))]
    return [x.emit(hlo.ConvertOp(x.re(source), result.element_type))]


def _select(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """select %p, %a, %b -> select of the [..., 2] values, %p broadcast over the parts"""
    assert isinstance(op, hlo.SelectOp)
    return [x.select(op.pred, op.on_true, op.on_false)]


def _reshape(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """reshape to SHAPE -> reshape to [SHAPE, 2]"""
    return [x.emit(hlo.ReshapeOp(x.pair(op.operands[0]), _real_type(op.results[0].type)))]


def _transpose(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """transpose by P -> transpose by [P, rank]"""
    assert isinstance(op, hlo.TransposeOp)
    perm = [int(p) for p in op.permutation.get_values()]
    return [x.emit(hlo.TransposeOp(x.pair(op.operand), [*perm, len(perm)]))]


def _slice(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """slice -> the same slice with all of the trailing parts dim"""
    assert isinstance(op, hlo.SliceOp)
    starts = [*op.start_indices.get_values(), 0]
    limits = [*op.limit_indices.get_values(), 2]
    strides = [*op.strides.get_values(), 1]
    return [x.emit(hlo.SliceOp(x.pair(op.operand), starts, limits, strides))]


def _concatenate(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """concatenate along d -> concatenate of the [..., 2] values along d"""
    assert isinstance(op, hlo.ConcatenateOp)
    inputs = [x.pair(v) for v in op.inputs]
    return [x.emit(hlo.ConcatenateOp(inputs, op.dimension.value.data))]


def _broadcast_in_dim(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """broadcast_in_dim with dims D -> with dims [D, rank(result)]"""
    assert isinstance(op, hlo.BroadcastInDimOp)
    dims = [int(d) for d in op.broadcast_dimensions.get_values()]
    out = _real_type(op.result.type)
    rank = len(shape_of(op.result.type))
    return [x.emit(hlo.BroadcastInDimOp(x.pair(op.operand), out, [*dims, rank]))]


def _reverse(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """reverse dims D -> reverse dims D of the [..., 2] value"""
    assert isinstance(op, hlo.ReverseOp)
    dims = [int(d) for d in op.dimensions.get_values()]
    return [x.emit(hlo.ReverseOp(x.pair(op.operand), dims))]


def _iota(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """iota complex -> iota of the part type, imaginary zero"""
    assert isinstance(op, hlo.IotaOp)
    t = op.output.type
    assert isinstance(t, TensorType)
    part = complex_part(t.element_type)
    assert part is not None
    re = x.emit(hlo.IotaOp(op.dim(), TensorType(part, t.get_shape())))
    return [x.join(re, x.zeros(re))]


def _dot_general(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """dot_general of complex (a + ib)(c + id) -> four real dot_generals, (ac - bd) + i(ad + bc);
    a real operand is its own real part with no imaginary part"""
    assert isinstance(op, hlo.DotGeneralOp)
    dims = op.dot_dimension_numbers
    result = op.result.type
    assert isinstance(result, TensorType)
    part = complex_part(result.element_type)
    assert part is not None
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
        if op.precision_config is not None:
            general.precision_config = op.precision_config
        return x.emit(general)

    def parts(v: SSAValue) -> tuple[SSAValue, SSAValue | None]:
        if not _is_complex_tensor(v.type):
            return x.emit(hlo.ConvertOp(v, part)), None
        return x.re(v), x.im(v)

    (a, b), (c, d) = parts(op.lhs), parts(op.rhs)
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
    return np.stack([np.cos(angle), np.sin(angle)]) * scale


def _fft(x: _Expander, op: Operation) -> Sequence[SSAValue]:
    """hlo.fft -> one complex matrix product (real dot_generals with constant cos / sin
    matrices) per transformed dim, first to last: each contracts the first transformed dim and
    appends the new one, so the dims end in order. RFFT keeps the last dim's first n/2 + 1
    frequencies; IRFFT's last dim sums the half spectrum with its conjugate mirror (weight 2)."""
    assert isinstance(op, hlo.FftOp)
    kind, lengths = op.kind(), op.lengths()
    operand = op.operand
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
    assert im is not None
    return [x.join(re, im)]


EXPANSIONS: dict[type[Operation], Expansion] = {
    hlo.ConstantOp: _constant,
    hlo.AddOp: _componentwise,
    hlo.SubtractOp: _componentwise,
    hlo.NegateOp: _componentwise,
    hlo.MultiplyOp: _binary,
    hlo.DivideOp: _binary,
    hlo.PowerOp: _binary,
    hlo.AbsOp: _abs,
    hlo.MaximumOp: _extremum,
    hlo.MinimumOp: _extremum,
    **{op: _unary for op in UNARY},
    hlo.ComplexOp: _complex,
    hlo.RealOp: _real,
    hlo.ImagOp: _imag,
    hlo.CompareOp: _compare,
    hlo.ConvertOp: _convert,
    hlo.SelectOp: _select,
    hlo.ReshapeOp: _reshape,
    hlo.TransposeOp: _transpose,
    hlo.SliceOp: _slice,
    hlo.ConcatenateOp: _concatenate,
    hlo.BroadcastInDimOp: _broadcast_in_dim,
    hlo.ReverseOp: _reverse,
    hlo.IotaOp: _iota,
    hlo.DotGeneralOp: _dot_general,
    hlo.FftOp: _fft,
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
    if type(op) not in EXPANSIONS:
        return False
    if isinstance(op, hlo.CompareOp):
        return op.direction() in ("EQ", "NE")
    return True


def _rebuild(op: Operation, values: dict[SSAValue, SSAValue]) -> Operation:
    """`op` on the [..., 2] values, its complex results and dense constants converted."""
    properties = dict(op.properties)
    value = properties.get("value")
    if isinstance(value, DenseIntOrFPElementsAttr) and _is_complex_tensor(value.type):
        properties["value"] = _real_dense(value)
    new = op.create(
        operands=[values.get(v, v) for v in op.operands],
        result_types=[_real_type(r.type) for r in op.results],
        properties=properties,
        attributes=dict(op.attributes),
    )
    new.location = op.location
    return new


def _convert_function(f: func.FuncOp) -> None:
    """`f` on real values: its complex arguments and results as their [..., 2] types, each op on
    complex values expanded (`apply` has checked each has an expansion)."""
    inputs = [_real_type(t) for t in f.function_type.inputs.data]
    outputs = [_real_type(t) for t in f.function_type.outputs.data]
    f.function_type = FunctionType.from_lists(inputs, outputs)
    if f.is_declaration:
        return
    block = f.body.block
    values: dict[SSAValue, SSAValue] = {}
    old_args = [arg for arg in block.args if _is_complex_tensor(arg.type)]
    for arg in old_args:
        new_arg = block.insert_arg(_real_type(arg.type), arg.index)
        new_arg.name_hint = arg.name_hint
        values[arg] = new_arg
    expanded: list[Operation] = []
    for op in list(f.walk()):
        if op is f or not _touches_complex(op):
            continue
        if isinstance(op, PASSED_THROUGH):
            new = _rebuild(op, values)
            parent = op.parent_block()
            assert isinstance(parent, Block)
            parent.insert_op_before(new, op)
            replacements: Sequence[SSAValue] = new.results
        else:
            replacements = EXPANSIONS[type(op)](_Expander(op, values), op)
        for old, replacement in zip(op.results, replacements, strict=True):
            if _is_complex_tensor(old.type):
                values[old] = replacement
            else:
                old.replace_all_uses_with(replacement)
        expanded.append(op)
    for op in reversed(expanded):  # users first: each complex result is only used by later ops
        op.detach()
        op.erase()
    for arg in old_args:
        block.erase_arg(arg)


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
