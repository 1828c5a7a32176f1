"""hlo.batch_norm_inference / _training / _grad as hlo ops, expanded before control flow lowers
(as triangular_solve is), so they lower as any reduce and elementwise ops do. Sums run over every
dim but `feature_index` (N elements per feature); feature vectors are broadcast back along it.
With xc = x - mean and inv = rsqrt(variance + epsilon):

    inference: y = xc * inv * scale + offset
    training:  mean = sum(x) / N, variance = sum(xc^2) / N (biased), then y as above
    grad:      grad_offset = sum(dy), grad_scale = sum(dy * xc) * inv,
               grad_operand = scale * inv * (dy - sum(dy) / N - xc * sum(dy * xc) * inv^2 / N)
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import SSAValue
from xdsl.rewriter import Rewriter

from strata.dialects import hlo
from strata.internal import expect
from strata.lowering.hlo_to_linalg.hlo_builder import HloEmitter


class _Features:
    """Feature-wise arithmetic on an operand of type `full` whose feature dim is `index`."""

    def __init__(self, op: hlo.BatchNormOp):
        self.emit = HloEmitter(op)
        self.epsilon, self.index = op.attrs()
        self.full = expect(op.operands[0].type, TensorType, "operand")
        self.element = self.full.element_type
        shape = self.full.get_shape()
        self.others = [d for d in range(len(shape)) if d != self.index]
        self.count = 1
        for d in self.others:
            self.count *= shape[d]

    def sum(self, value: SSAValue) -> SSAValue:
        """The feature vector of sums of `value` (of the operand's type)."""
        zero = self.emit.scalar(0.0, self.element)
        return self.emit(hlo.ReduceOp.build_binary(value, zero, self.others, hlo.AddOp))

    def spread(self, vector: SSAValue) -> SSAValue:
        """A feature vector broadcast to the operand's shape."""
        return self.emit(hlo.BroadcastInDimOp(vector, self.full, [self.index]))

    def constant(self, value: float, like: SSAValue) -> SSAValue:
        t = expect(like.type, TensorType, "value")
        return self.emit(hlo.BroadcastInDimOp(self.emit.scalar(value, self.element), t, []))

    def mean(self, value: SSAValue) -> SSAValue:
        total = self.sum(value)
        return self.emit(hlo.DivideOp(total, self.constant(float(self.count), total)))

    def inverse_deviation(self, variance: SSAValue) -> SSAValue:
        """rsqrt(variance + epsilon), a feature vector."""
        shifted = self.emit(hlo.AddOp(variance, self.constant(self.epsilon, variance)))
        return self.emit(hlo.RsqrtOp(shifted))

    def normalise(
        self, x: SSAValue, mean: SSAValue, inv: SSAValue, scale: SSAValue, offset: SSAValue
    ) -> SSAValue:
        e = self.emit
        centered = e(hlo.SubtractOp(x, self.spread(mean)))
        scaled = e(hlo.MultiplyOp(centered, self.spread(e(hlo.MultiplyOp(inv, scale)))))
        return e(hlo.AddOp(scaled, self.spread(offset)))


def _inference(op: hlo.BatchNormInferenceOp) -> list[SSAValue]:
    f = _Features(op)
    inv = f.inverse_deviation(op.variance)
    return [f.normalise(op.operand, op.mean, inv, op.scale, op.offset)]


def _training(op: hlo.BatchNormTrainingOp) -> list[SSAValue]:
    f = _Features(op)
    mean = f.mean(op.operand)
    centered = f.emit(hlo.SubtractOp(op.operand, f.spread(mean)))
    variance = f.mean(f.emit(hlo.MultiplyOp(centered, centered)))
    inv = f.inverse_deviation(variance)
    return [f.normalise(op.operand, mean, inv, op.scale, op.offset), mean, variance]


def _grad(op: hlo.BatchNormGradOp) -> list[SSAValue]:
    f = _Features(op)
    e = f.emit
    inv = f.inverse_deviation(op.variance)
    dy = op.grad_output
    centered = e(hlo.SubtractOp(op.operand, f.spread(op.mean)))
    grad_offset = f.sum(dy)
    dy_centered = f.sum(e(hlo.MultiplyOp(dy, centered)))
    grad_scale = e(hlo.MultiplyOp(dy_centered, inv))
    count = f.constant(float(f.count), grad_offset)
    # Per feature: sum(dy) / N and sum(dy * xc) * inv^2 / N.
    dy_mean = e(hlo.DivideOp(grad_offset, count))
    slope = e(hlo.DivideOp(e(hlo.MultiplyOp(dy_centered, e(hlo.MultiplyOp(inv, inv)))), count))
    inner = e(hlo.SubtractOp(dy, f.spread(dy_mean)))
    inner = e(hlo.SubtractOp(inner, e(hlo.MultiplyOp(centered, f.spread(slope)))))
    factor = f.spread(e(hlo.MultiplyOp(op.scale, inv)))
    return [e(hlo.MultiplyOp(factor, inner)), grad_scale, grad_offset]


def expand_batch_norms(module: ModuleOp) -> None:
    """Every hlo.batch_norm_* of `module` replaced by the hlo ops computing it."""
    for op in [o for o in module.walk() if isinstance(o, hlo.BatchNormOp)]:
        if isinstance(op, hlo.BatchNormInferenceOp):
            results = _inference(op)
        elif isinstance(op, hlo.BatchNormTrainingOp):
            results = _training(op)
        else:
            results = _grad(expect(op, hlo.BatchNormGradOp, "batch_norm_grad"))
        for old, new in zip(op.results, results, strict=True):
            old.replace_all_uses_with(new)
        Rewriter.erase_op(op)
