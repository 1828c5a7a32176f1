"""tf Fourier transforms and complex numbers -> hlo: RFFT, IRFFT, FFT and IFFT (1 to 3 dims) ->
hlo.fft; Complex, Conj, Angle, ComplexAbs, Real and Imag -> hlo.complex / real / imag / abs /
atan2. hlo-complex-to-real takes the complex values apart later."""

from __future__ import annotations

from xdsl.dialects.builtin import DenseArrayBase, TensorType, i64
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import hlo, tf
from strata.dialects.tensor_types import shape_of
from strata.internal import expect
from strata.lowering.locations import LocatedBuilder
from strata.lowering.tf_to_hlo.elementwise import all_static
from strata.lowering.tf_to_hlo.helpers import broadcast_to, scalar

FFT_KINDS = {
    "RFFT": hlo.FftType.RFFT,
    "IRFFT": hlo.FftType.IRFFT,
    "FFT": hlo.FftType.FFT,
    "IFFT": hlo.FftType.IFFT,
}


def fitted(b: LocatedBuilder, x: SSAValue, sizes: list[int]) -> SSAValue:
    """`x` with its innermost len(sizes) dims cropped or zero-padded to `sizes` (TensorFlow's
    fft_length rule)."""
    shape = list(shape_of(x.type))
    outer = len(shape) - len(sizes)
    want = [*shape[:outer], *sizes]
    kept = [min(a, w) for a, w in zip(shape, want, strict=True)]
    if kept != shape:
        x = b(hlo.SliceOp(x, [0] * len(shape), kept)).result
    if kept != want:
        zero = scalar(b, 0.0, expect(x.type, TensorType).element_type)
        high = [w - k for w, k in zip(want, kept, strict=True)]
        x = b(hlo.PadOp(x, zero, [0] * len(shape), high)).result
    return x


class FourierLowering(RewritePattern):
    """tf.RFFT / IRFFT / FFT / IFFT (and their 2D and 3D forms) -> hlo.fft over the innermost
    1 to 3 dims; RFFT's input is first cropped or zero-padded to fft_length, IRFFT's to
    fft_length with the innermost at length / 2 + 1 (the half spectrum it reads)."""

    handles = tf.FOURIER_OPS

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.FourierBase) or not all_static(op):
            return
        lengths = op.lengths()
        if lengths is None:
            return
        b = LocatedBuilder(rewriter, op)
        x = op.operands[0]
        if op.KIND == "RFFT":
            x = fitted(b, x, lengths)
        elif op.KIND == "IRFFT":
            x = fitted(b, x, [*lengths[:-1], lengths[-1] // 2 + 1])
        fft = hlo.FftOp(
            operands=[x],
            result_types=[op.results[0].type],
            properties={
                "fft_type": hlo.FftTypeAttr(FFT_KINDS[op.KIND]),
                "fft_length": DenseArrayBase.from_list(i64, lengths),
            },
        )
        rewriter.replace(op, [], [b(fft).result])


class ComplexLowering(RewritePattern):
    """tf.Complex(re, im) -> hlo.complex of the two broadcast to the result's shape; tf.Conj(z)
    -> hlo.complex(real(z), -imag(z)); tf.Angle(z) -> hlo.atan2(imag(z), real(z));
    tf.ComplexAbs / Real / Imag -> hlo.abs / real / imag."""

    handles = (tf.ComplexOp, tf.ConjOp, tf.AngleOp, tf.ComplexAbsOp, tf.RealOp, tf.ImagOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, self.handles) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        if isinstance(op, tf.ComplexOp):
            shape = shape_of(op.out.type)
            re, im = broadcast_to(b, op.real, shape), broadcast_to(b, op.imag, shape)
            rewriter.replace(op, [], [b(hlo.ComplexOp(re, im)).result])
        elif isinstance(op, tf.ConjOp):
            re, im = b(hlo.RealOp(op.input)).result, b(hlo.ImagOp(op.input)).result
            flipped = b(hlo.NegateOp(im)).result
            rewriter.replace(op, [], [b(hlo.ComplexOp(re, flipped)).result])
        elif isinstance(op, tf.AngleOp):
            re, im = b(hlo.RealOp(op.x)).result, b(hlo.ImagOp(op.x)).result
            rewriter.replace(op, [], [b(hlo.Atan2Op(im, re)).result])
        elif isinstance(op, tf.ComplexAbsOp):
            rewriter.replace(op, [], [b(hlo.AbsOp(op.x)).result])
        else:
            part = hlo.RealOp if isinstance(op, tf.RealOp) else hlo.ImagOp
            rewriter.replace(op, [], [b(part(op.x)).result])


PATTERNS: tuple[RewritePattern, ...] = (FourierLowering(), ComplexLowering())
