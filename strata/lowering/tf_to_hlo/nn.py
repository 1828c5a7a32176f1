"""tf neural-network ops -> hlo: BiasAdd, MatMul, Softmax, LogSoftmax, convolutions (Conv2D,
DepthwiseConv2dNative, Conv2DBackpropInput), pools (MaxPool, AvgPool), FusedBatchNorm (V1 to V3)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
from xdsl.dialects.builtin import TensorType, f32, i1, i32
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from strata.dialects import hlo, tf
from strata.dialects.element_kinds import host_dtype
from strata.dialects.hlo.scalar_semantics import float_format
from strata.dialects.tensor_types import dense_from_numpy, is_float, numpy_dtype_for, shape_of
from strata.internal import expect
from strata.lowering.locations import LocatedBuilder
from strata.lowering.tf_to_hlo.elementwise import Expr, all_static
from strata.lowering.tf_to_hlo.gather import check_in_range, take
from strata.lowering.tf_to_hlo.helpers import broadcast_to, scalar, splat, spread
from strata.lowering.tf_to_hlo.reduction import reduce


class BiasAddLowering(RewritePattern):
    """tf.BiasAdd(x, b) -> hlo.add(x, hlo.broadcast_in_dim(b, dims=[channel]))"""

    handles = (tf.BiasAddOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.BiasAddOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        t = expect(op.value.type, TensorType)
        bias = b(hlo.BroadcastInDimOp(op.bias, t, [op.channel_dim()])).result
        rewriter.replace(op, [], [b(hlo.AddOp(op.value, bias)).result])


class MatMulLowering(RewritePattern):
    """tf.MatMul(a, b) -> hlo.dot_general(a, b, contracting_dims = [1] x [0]) (transposes: dims)"""

    handles = (tf.MatMulOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.MatMulOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        lhs_k = 0 if op.transpose_a.value.data else 1
        rhs_k = 1 if op.transpose_b.value.data else 0
        dot = b(hlo.DotGeneralOp(op.a, op.b, [], [], [lhs_k], [rhs_k], op.product.type))
        rewriter.replace(op, [], [dot.result])


def _reduce_last(
    b: LocatedBuilder, x: SSAValue, body: type[hlo.ElementwiseBinaryOp], init: float
) -> SSAValue:
    """Reduce `x` over its last dim with `body` and broadcast the result back to x's shape."""
    t = expect(x.type, TensorType)
    shape = shape_of(t)
    last = len(shape) - 1
    reduced = b(hlo.ReduceOp.build_binary(x, scalar(b, init, t.element_type), [last], body))
    return b(hlo.BroadcastInDimOp(reduced.results[0], t, list(range(last)))).result


class SoftmaxLowering(RewritePattern):
    """tf.Softmax(x) -> e = exp(x - max(x)); e / sum(e)   (reductions over the last dim)
    tf.LogSoftmax(x) -> s = x - max(x); s - log(sum(exp(s)))"""

    handles = (tf.SoftmaxOp, tf.LogSoftmaxOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (tf.SoftmaxOp, tf.LogSoftmaxOp)) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        x = op.x
        shifted = b(hlo.SubtractOp(x, _reduce_last(b, x, hlo.MaximumOp, -np.inf))).result
        exp = b(hlo.ExponentialOp(shifted)).result
        total = _reduce_last(b, exp, hlo.AddOp, 0.0)
        if isinstance(op, tf.SoftmaxOp):
            result = b(hlo.DivideOp(exp, total)).result
        else:
            result = b(hlo.SubtractOp(shifted, b(hlo.LogOp(total)).result)).result
        rewriter.replace(op, [], [result])


class CrossEntropyLowering(RewritePattern):
    """tf.SoftmaxCrossEntropyWithLogits(f, labels) (both broadcast to [B, C]) -> s = f - max(f);
    t = sum(exp(s)); loss = sum(labels * (log(t) - s)); backprop = exp(s) / t - labels
    (reductions over the last dim, as TensorFlow's kernel orders them).
    tf.SparseSoftmaxCrossEntropyWithLogits(f, ids [B]) -> rt.check(ids in [0, C)); the same
    with labels = one_hot(ids) (a compare of ids with an iota over the classes), the loss
    term of the labelled class selected rather than multiplied."""

    handles = (tf.CrossEntropyOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.CrossEntropyOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        out = expect(op.backprop.type, TensorType)
        f = out.element_type
        shape = shape_of(out)
        features = broadcast_to(b, op.features, shape)
        labels: SSAValue
        hot: SSAValue | None = None
        if isinstance(op, tf.SparseSoftmaxCrossEntropyWithLogitsOp):
            check_in_range(b, op, op.labels, 0, shape[1], "label")
            ids_type = expect(op.labels.type, TensorType)
            ids = b(hlo.BroadcastInDimOp(op.labels, TensorType(ids_type.element_type, shape), [0]))
            classes = b(hlo.IotaOp(1, TensorType(ids_type.element_type, shape))).output
            hot = b(hlo.CompareOp(ids.result, classes, "EQ", "SIGNED")).result
            labels = b(hlo.ConvertOp(hot, f)).result
        else:
            labels = broadcast_to(b, op.labels, shape)
        shifted = b(hlo.SubtractOp(features, _reduce_last(b, features, hlo.MaximumOp, -np.inf)))
        exp = b(hlo.ExponentialOp(shifted.result)).result
        total = _reduce_last(b, exp, hlo.AddOp, 0.0)
        log_total = b(hlo.LogOp(total)).result
        surprise = b(hlo.SubtractOp(log_total, shifted.result)).result
        if hot is None:
            terms = b(hlo.MultiplyOp(labels, surprise)).result
        else:  # picked, not multiplied: a -inf logit of another class adds no NaN
            terms = b(hlo.SelectOp(hot, surprise, splat(b, 0, out))).result
        loss = b(hlo.ReduceOp.build_binary(terms, scalar(b, 0, f), [1], hlo.AddOp))
        softmax = b(hlo.DivideOp(exp, total)).result
        backprop = b(hlo.SubtractOp(softmax, labels)).result
        rewriter.replace(op, [], [loss.results[0], backprop])


class L2LossLowering(RewritePattern):
    """tf.L2Loss(t) -> hlo.reduce(t * t * 0.5) across every dim (halved before the sum, as
    TensorFlow's kernel does)"""

    handles = (tf.L2LossOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.L2LossOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        t = expect(op.t.type, TensorType)
        square = b(hlo.MultiplyOp(op.t, op.t)).result
        half = b(hlo.MultiplyOp(square, splat(b, 0.5, t))).result
        dims = list(range(len(shape_of(t))))
        total = b(hlo.ReduceOp.build_binary(half, scalar(b, 0, t.element_type), dims, hlo.AddOp))
        rewriter.replace(op, [], [total.results[0]])


def _strides(op: tf.WindowOp) -> list[int]:
    return op.spatial_strides()


class Conv2DLowering(RewritePattern):
    """tf.Conv2D(x, f) -> hlo.convolution(x, f) [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] with TF's
    SAME/VALID/EXPLICIT padding made explicit (feature_group_count = in depth / filter in depth)
    tf.Conv3D(x, f) -> the same with three spatial dims [b, 0, 1, 2, f]x[0, 1, 2, i, o]
    tf.DepthwiseConv2dNative(x, f [h, w, c, m]) -> the same with f reshaped to [h, w, 1, c * m]
    and feature_group_count = c"""

    handles = (tf.Conv2DOp, tf.Conv3DOp, tf.DepthwiseConv2dNativeOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, (tf.Conv2DOp, tf.Conv3DOp, tf.DepthwiseConv2dNativeOp)):
            return
        if not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        x_shape, f_shape = shape_of(op.input.type), shape_of(op.filter.type)
        windows, (ci, co) = list(f_shape[:-2]), f_shape[-2:]
        dilations = op.spatial_dilations()
        _, pads = op.spatial(x_shape[1:-1], windows, dilations)
        kernel = op.filter
        if isinstance(op, tf.DepthwiseConv2dNativeOp):
            t = expect(op.filter.type, TensorType)
            kernel = b(
                hlo.ReshapeOp(kernel, TensorType(t.element_type, [*windows, 1, ci * co]))
            ).result
            groups = ci
        else:
            groups = x_shape[-1] // ci
        conv = hlo.ConvolutionOp(
            op.input,
            kernel,
            hlo.ConvDimensionNumbersAttr.nhwc_hwio(op.SPATIAL),
            window_strides=_strides(op),
            padding=pads,
            rhs_dilation=dilations,
            feature_group_count=groups,
            result_type=op.output.type,
        )
        rewriter.replace(op, [], [b(conv).result])


class ConvBackpropInputLowering(RewritePattern):
    """tf.Conv2DBackpropInput / Conv3DBackpropInputV2(sizes, f, dy) -> hlo.convolution(dy, f)
    with lhs_dilation = strides, window_reversal, kernel dims [spatial..., o, i] (the filter's
    in/out depths swapped) and padding (k_eff - 1 - pad_before, ...) so the result has the
    forward input's shape"""

    handles = (tf.Conv2DBackpropInputOp, tf.Conv3DBackpropInputV2Op)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ConvBackpropInputOp) or not all_static(op):
            return
        shape = shape_of(op.output.type)  # input_sizes, checked by the verifier
        b = LocatedBuilder(rewriter, op)
        spatial = list(range(op.SPATIAL))
        windows = shape_of(op.filter.type)[: op.SPATIAL]
        out_shape = shape_of(op.out_backprop.type)
        dilations = op.spatial_dilations()
        strides = _strides(op)
        _, forward_pads = op.spatial(shape[1:-1], windows, dilations)
        pads = []
        for i, k in enumerate(windows):
            eff = (k - 1) * dilations[i] + 1
            low = eff - 1 - forward_pads[i][0]
            dilated = (out_shape[1 + i] - 1) * strides[i] + 1
            pads.append((low, shape[1 + i] + eff - 1 - dilated - low))
        data = [hlo.BATCH, *spatial, hlo.FEATURE]
        dims = hlo.ConvDimensionNumbersAttr(data, [*spatial, hlo.FEATURE, hlo.BATCH], data)
        conv = hlo.ConvolutionOp(
            op.out_backprop,
            op.filter,
            dims,
            window_strides=[1] * op.SPATIAL,
            padding=pads,
            lhs_dilation=strides,
            rhs_dilation=dilations,
            window_reversal=[True] * op.SPATIAL,
            result_type=op.output.type,
        )
        rewriter.replace(op, [], [b(conv).result])


class PoolLowering(RewritePattern):
    """tf.MaxPool / MaxPool3D(x) -> hlo.reduce_window(x init: -inf) applies hlo.maximum
    tf.AvgPool / AvgPool3D(x) -> hlo.reduce_window(x init: 0) applies hlo.add, divided by the
    number of window elements inside the input (a constant: TF's SAME average ignores the
    padding)"""

    handles = (tf.MaxPoolOp, tf.AvgPoolOp, tf.MaxPool3DOp, tf.AvgPool3DOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, self.handles) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        x = op.operand()
        t = expect(x.type, TensorType)
        shape = shape_of(t)
        windows, strides = op.window_sizes(), _strides(op)
        outs, pads = op.spatial(shape[1:-1], windows, [1] * op.SPATIAL)
        element = t.element_type
        is_max = isinstance(op, (tf.MaxPoolOp, tf.MaxPool3DOp))
        if is_max:
            lowest = -np.inf if is_float(element) else np.iinfo(numpy_dtype_for(element)).min
            init = scalar(b, lowest, element)
        else:
            init = scalar(b, 0.0, element)
        window = b(
            hlo.ReduceWindowOp(
                x,
                init,
                [1, *windows, 1],
                hlo.MaximumOp if is_max else hlo.AddOp,
                window_strides=[1, *strides, 1],
                padding=[(0, 0), *pads, (0, 0)],
            )
        ).results[0]
        if is_max:
            rewriter.replace(op, [], [window])
            return
        # Window elements inside the input: per dim a vector, their outer product per position.
        counts = np.ones((), dtype=np.int64)
        for d, out in enumerate(outs):
            inside = [
                _inside(i * strides[d] - pads[d][0], windows[d], shape[d + 1]) for i in range(out)
            ]
            counts = np.multiply.outer(counts, np.array(inside, dtype=np.int64))
        divisor_array = counts.astype(host_dtype(element))
        divisor = b(hlo.ConstantOp(dense_from_numpy(divisor_array, element))).output
        out_t = expect(op.output.type, TensorType)
        spatial_dims = list(range(1, op.SPATIAL + 1))
        divisor = b(hlo.BroadcastInDimOp(divisor, out_t, spatial_dims)).result
        rewriter.replace(op, [], [b(hlo.DivideOp(window, divisor)).result])


class ExtractImagePatchesLowering(RewritePattern):
    """tf.ExtractImagePatches(x [N, H, W, C]) -> x padded with zeros (SAME), then one strided
    hlo.slice per window tap (i, j) ([N, out_h, out_w, C]), concatenated along depth in (i, j)
    order. Windows that tile the image (strides = ksizes, rates 1, ViT's patches) -> slice,
    reshape [N, out_h, kh, out_w, kw, C], transpose to [N, out_h, out_w, kh, kw, C], reshape."""

    handles = (tf.ExtractImagePatchesOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ExtractImagePatchesOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        x = op.images
        t = expect(x.type, TensorType)
        n, h, w, c = shape_of(t)
        (kh, kw), (rh, rw), (sh, sw) = op.window_sizes(), op.window_rates(), _strides(op)
        (oh, ow), pads = op.spatial([h, w], [kh, kw], [rh, rw])
        out_t = expect(op.patches.type, TensorType)
        if any(pads[d] != (0, 0) for d in range(2)):
            zero = scalar(b, 0, t.element_type)
            low, high = [0, pads[0][0], pads[1][0], 0], [0, pads[0][1], pads[1][1], 0]
            x = b(hlo.PadOp(x, zero, low, high)).result
        if (sh, sw) == (kh, kw) and (rh, rw) == (1, 1):
            tiles = b(hlo.SliceOp(x, [0, 0, 0, 0], [n, oh * kh, ow * kw, c])).result
            split = TensorType(t.element_type, [n, oh, kh, ow, kw, c])
            split_v = b(hlo.ReshapeOp(tiles, split)).result
            moved = b(hlo.TransposeOp(split_v, [0, 1, 3, 2, 4, 5])).result
            rewriter.replace(op, [], [b(hlo.ReshapeOp(moved, out_t)).result])
            return
        taps = [
            b(
                hlo.SliceOp(
                    x,
                    [0, i * rh, j * rw, 0],
                    [n, i * rh + (oh - 1) * sh + 1, j * rw + (ow - 1) * sw + 1, c],
                    [1, sh, sw, 1],
                )
            ).result
            for i in range(kh)
            for j in range(kw)
        ]
        patches = taps[0] if len(taps) == 1 else b(hlo.ConcatenateOp(taps, 3)).result
        rewriter.replace(op, [], [patches])


def _inside(start: int, size: int, limit: int) -> int:
    """How many of start, start + 1, ..., start + size - 1 lie in [0, limit)."""
    return max(0, min(start + size, limit) - max(start, 0))


class FusedBatchNormLowering(RewritePattern):
    """tf.FusedBatchNorm / V2 / V3(x, scale, offset, mean, variance) (inference) ->
    factor = scale * rsqrt(variance + epsilon); y = x * factor + (offset - mean * factor)
    (TF's CPU kernel order), along the channel axis (NHWC or NCHW); the statistics results
    pass mean and variance through (V3's reserve_space_3: an empty tensor)"""

    handles = (tf.FusedBatchNormOp, tf.FusedBatchNormV2Op, tf.FusedBatchNormV3Op)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.FusedBatchNormBase) or not all_static(op):
            return
        if op.is_training.value.data:
            return
        b = LocatedBuilder(rewriter, op)
        stats_t = expect(op.scale.type, TensorType)
        eps = scalar(b, op.epsilon.value.data, stats_t.element_type)
        eps = b(hlo.BroadcastInDimOp(eps, stats_t, [])).result
        inv = b(hlo.RsqrtOp(b(hlo.AddOp(op.variance, eps)).result)).result
        factor = b(hlo.MultiplyOp(op.scale, inv)).result
        shift = b(hlo.SubtractOp(op.offset, b(hlo.MultiplyOp(op.mean, factor)).result)).result
        x_shape = shape_of(op.x.type)
        channel = [op.channel_axis()]  # 3 (NHWC) or 1 (NCHW)
        scaled = b(hlo.MultiplyOp(op.x, spread(b, factor, x_shape, channel))).result
        y = b(hlo.AddOp(scaled, spread(b, shift, x_shape, channel))).result
        passed = [y, op.mean, op.variance, op.mean, op.variance]
        if not isinstance(op, tf.FusedBatchNormV3Op):
            rewriter.replace(op, [], passed)
            return
        empty_t = expect(op.reserve_space_3.type, TensorType)
        reserve = b(
            hlo.ConstantOp(
                dense_from_numpy(
                    np.zeros((0,), numpy_dtype_for(empty_t.element_type)), empty_t.element_type
                )
            )
        ).output
        rewriter.replace(op, [], [*passed, reserve])


def bilinear_taps(
    out_size: int, in_size: int, align_corners: bool, half_pixel_centers: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The two source indices and the float32 weight of the upper one for each output index of
    bilinear resizing along one axis, as TensorFlow computes them: source coordinate c (see
    tf.ResizeBilinearOp), lower = max(floor(c), 0), upper = min(ceil(c), in_size - 1), weight
    c - floor(c)."""
    if align_corners and out_size > 1:
        scale = (in_size - 1) / (out_size - 1)
    else:
        scale = in_size / out_size
    out = np.arange(out_size, dtype=np.float64)
    source = (out + 0.5) * scale - 0.5 if half_pixel_centers else out * scale
    source = source.astype(np.float32).astype(np.float64)  # TF computes it in float
    floor = np.floor(source)
    lower = np.maximum(floor, 0).astype(np.int64)
    upper = np.minimum(np.ceil(source), in_size - 1).astype(np.int64)
    return lower, upper, (source - floor).astype(np.float32)


def interpolation_matrix(
    out_size: int, in_size: int, align_corners: bool, half_pixel_centers: bool
) -> np.ndarray:
    """[out_size, in_size] weights of bilinear resizing along one axis (`bilinear_taps`: the
    weight on upper, the rest on lower)."""
    lower, upper, lerp = bilinear_taps(out_size, in_size, align_corners, half_pixel_centers)
    weights = np.zeros((out_size, in_size))
    np.add.at(weights, (np.arange(out_size), lower), 1 - lerp.astype(np.float64))
    np.add.at(weights, (np.arange(out_size), upper), lerp.astype(np.float64))
    return weights.astype(np.float32)


def _bilinear(
    b: LocatedBuilder, x: SSAValue, size: Sequence[int], corners: bool, half: bool
) -> SSAValue:
    """x [N, H, W, C] resized bilinearly to `size` from its two source rows and two source
    columns per output, blended as TensorFlow's kernel blends them (in float32): top = tl +
    (tr - tl) * x_lerp, bottom the same, then top + (bottom - top) * y_lerp. Four gathers and
    a few elementwise ops: a product with dense [Ho, H] and [Wo, W] interpolation matrices
    did H + W multiply-adds an output where two taps a dim are needed (4 x 64 x 64 x 32 to 128
    x 128: 35 ms)."""
    if expect(x.type, TensorType).element_type != f32:
        x = b(hlo.ConvertOp(x, f32)).result
    n, height, width, c = shape_of(x.type)
    (ho, wo), axes = size, ((1, height), (2, width))
    rows_t = TensorType(f32, [n, ho, width, c])
    out_t = TensorType(f32, [n, ho, wo, c])
    taps = [bilinear_taps(o, i, corners, half) for o, (_, i) in zip(size, axes, strict=True)]

    def ids(values: np.ndarray) -> SSAValue:
        return b(hlo.ConstantOp(dense_from_numpy(values.astype(np.int32), i32))).output

    def lerp(values: np.ndarray, dim: int) -> SSAValue:
        weights = b(hlo.ConstantOp(dense_from_numpy(values, f32))).output
        return b(hlo.BroadcastInDimOp(weights, out_t, [dim])).result

    (y_low, y_up, y_lerp), (x_low, x_up, x_lerp) = taps
    rows = [take(b, x, ids(v), 1, 0, rows_t) for v in (y_low, y_up)]
    top_left, top_right, bottom_left, bottom_right = (
        take(b, r, ids(v), 2, 0, out_t) for r in rows for v in (x_low, x_up)
    )
    e = Expr(b, out_t)
    across = lerp(x_lerp, 2)
    top = e.add(top_left, e.mul(e.sub(top_right, top_left), across))
    bottom = e.add(bottom_left, e.mul(e.sub(bottom_right, bottom_left), across))
    return e.add(top, e.mul(e.sub(bottom, top), lerp(y_lerp, 1)))


def _resize_scale(out_size: int, in_size: int, align_corners: bool) -> np.float32:
    """TensorFlow's input/output size ratio along one axis, in float32 ((in - 1) / (out - 1)
    with `align_corners`)."""
    if align_corners and out_size > 1:
        return np.float32(in_size - 1) / np.float32(out_size - 1)
    return np.float32(in_size) / np.float32(out_size)


CUBIC_TABLE_STEPS = 1024
"""TensorFlow's bicubic kernel reads its weights from a table of this many steps per pixel."""


def _cubic_table(a: float) -> np.ndarray:
    """[steps + 1, 2] float32 cubic convolution weights at distance t (column 0) and t + 1
    (column 1) for t = i / steps, computed as TensorFlow's table is: t in float, the polynomial
    in double with `a`, stored as float."""
    t = (np.arange(CUBIC_TABLE_STEPS + 1) / CUBIC_TABLE_STEPS).astype(np.float32)
    near = t.astype(np.float64)
    far = (t + np.float32(1.0)).astype(np.float64)
    inner = ((a + 2) * near - (a + 3)) * near * near + 1
    outer = ((a * far - 5 * a) * far + 8 * a) * far - 4 * a
    return np.stack([inner, outer], axis=1).astype(np.float32)


def bicubic_matrix(
    out_size: int, in_size: int, align_corners: bool, half_pixel_centers: bool
) -> np.ndarray:
    """[out_size, in_size] weights of bicubic resizing along one axis, as TensorFlow computes
    them (see tf.ResizeBicubicOp): source coordinate c in float32, the fraction of c rounded to
    the table's step, taps floor(c) - 1 .. floor(c) + 2 clamped to the image."""
    scale = _resize_scale(out_size, in_size, align_corners)
    table = _cubic_table(-0.5 if half_pixel_centers else -0.75)
    out = np.arange(out_size, dtype=np.float32)
    source = (
        (out + np.float32(0.5)) * scale - np.float32(0.5) if half_pixel_centers else out * scale
    )
    base = np.floor(source).astype(np.int64)
    step = np.rint((source - base.astype(np.float32)) * np.float32(CUBIC_TABLE_STEPS))
    step = step.astype(np.int64)  # lrintf: to nearest, ties to even (np.rint)
    taps = base[:, None] + np.arange(-1, 3)
    weights = np.stack(
        [
            table[step, 1],
            table[step, 0],
            table[CUBIC_TABLE_STEPS - step, 0],
            table[CUBIC_TABLE_STEPS - step, 1],
        ],
        axis=1,
    )
    inside = (taps >= 0) & (taps < in_size)
    if half_pixel_centers:  # outside taps weigh 0, the others renormalised (float32)
        weights = np.where(inside, weights, np.float32(0))
        total = ((weights[:, 0] + weights[:, 1]) + weights[:, 2]) + weights[:, 3]
        usable = np.abs(total) >= np.float32(1000) * np.finfo(np.float32).tiny
        inverse = np.where(usable, np.float32(1) / np.where(usable, total, 1), np.float32(1))
        weights = weights * inverse.astype(np.float32)[:, None]
    matrix = np.zeros((out_size, in_size), np.float32)
    rows = np.repeat(np.arange(out_size), 4)
    np.add.at(matrix, (rows, np.clip(taps, 0, in_size - 1).reshape(-1)), weights.reshape(-1))
    return matrix


def area_matrix(
    out_size: int, in_size: int, align_corners: bool, half_pixel_centers: bool
) -> np.ndarray:
    """[out_size, in_size] coverage of area resizing along one axis, as TensorFlow computes it
    in float32 (see tf.ResizeAreaOp): output cell o covers [o s, (o + 1) s); each input cell
    counts by the length it has inside (cells past the edge count for the last one). The
    1 / (s_h s_w) normalisation is applied after both axes (`area_scale`)."""
    scale = _resize_scale(out_size, in_size, align_corners)
    matrix = np.zeros((out_size, in_size), np.float32)
    for o in range(out_size):
        start, end = np.float32(o) * scale, np.float32(o + 1) * scale
        for cell in range(int(np.floor(start)), int(np.ceil(end))):
            first, last = np.float32(cell), np.float32(cell + 1)
            if first < start:
                weight = scale if last > end else last - start
            else:
                weight = end - first if last > end else np.float32(1.0)
            matrix[o, min(max(cell, 0), in_size - 1)] += np.float32(weight)
    return matrix


def area_scale(size: tuple[int, int], height: int, width: int, align_corners: bool) -> float:
    """1 / (s_h s_w), the product in float32 and the quotient rounded to float32 (TF's)."""
    product = _resize_scale(size[0], height, align_corners) * _resize_scale(
        size[1], width, align_corners
    )
    return float(np.float32(1.0 / float(product)))


class CropAndResizeLowering(RewritePattern):
    """tf.CropAndResize(image [N, H, W, C], boxes [B, 4], box_ind [B], const [h, w])
    -> rt.check(box_ind in [0, N)); with hlo ops on the boxes, in TensorFlow's order: source
       rows in_y [B, h] = y1 (H - 1) + i ((y2 - y1) (H - 1) / (h - 1)) (0.5 (y1 + y2) (H - 1)
       for h = 1), columns in_x [B, w] alike; the pixels at floor/ceil of both (bilinear) or
       round half away from zero (nearest), gathered as rows of image [N H W, C] at (box_ind
       H + y) W + x; top = tl + (tr - tl) x_lerp, bottom = bl + (br - bl) x_lerp, top + (bottom
       - top) y_lerp; extrapolation_value where in_y or in_x is outside [0, H - 1] / [0, W - 1].
    """

    handles = (tf.CropAndResizeOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.CropAndResizeOp) or not all_static(op):
            return
        size = op.size()
        if size is None:
            return
        h, w = size
        n, height, width, channels = shape_of(op.image.type)
        boxes = shape_of(op.boxes.type)[0]
        b = LocatedBuilder(rewriter, op)
        check_in_range(b, op, op.box_ind, 0, n, "box index")
        image_type = expect(op.image.type, TensorType)
        flat_type = TensorType(image_type.element_type, [n * height * width, channels])
        flat: SSAValue = b(hlo.ReshapeOp(op.image, flat_type)).result
        if image_type.element_type != f32:
            flat = b(hlo.ConvertOp(flat, f32)).result
        boxes_f: SSAValue = op.boxes
        if expect(op.boxes.type, TensorType).element_type != f32:
            boxes_f = b(hlo.ConvertOp(op.boxes, f32)).result

        def column(k: int) -> SSAValue:
            piece = b(hlo.SliceOp(boxes_f, [0, k], [boxes, k + 1])).result
            return b(hlo.ReshapeOp(piece, TensorType(f32, [boxes]))).result

        def source(lo: SSAValue, hi: SSAValue, out: int, extent: int) -> SSAValue:
            """[boxes, out]: the source coordinate of each output row (or column)."""
            last = scalar(b, extent - 1, f32)
            along = TensorType(f32, [boxes])
            span = b(
                hlo.MultiplyOp(b(hlo.SubtractOp(hi, lo)).result, spread(b, last, [boxes], []))
            ).result
            if out == 1:
                half = b(hlo.MultiplyOp(splat(b, 0.5, along), b(hlo.AddOp(lo, hi)).result)).result
                centre = b(hlo.MultiplyOp(half, spread(b, last, [boxes], []))).result
                return spread(b, centre, [boxes, 1], [0])
            step = b(hlo.DivideOp(span, splat(b, out - 1, along))).result
            start = b(hlo.MultiplyOp(lo, spread(b, last, [boxes], []))).result
            index = b(
                hlo.ConvertOp(b(hlo.IotaOp(1, TensorType(i32, [boxes, out]))).output, f32)
            ).result
            moved = b(hlo.MultiplyOp(index, spread(b, step, [boxes, out], [0]))).result
            return b(hlo.AddOp(spread(b, start, [boxes, out], [0]), moved)).result

        in_y = source(column(0), column(2), h, height)
        in_x = source(column(1), column(3), w, width)

        def inside(c: SSAValue, extent: int, out: int) -> SSAValue:
            t = TensorType(f32, [boxes, out])
            low = b(hlo.CompareOp(c, splat(b, 0, t), "GE", "FLOAT")).result
            high = b(hlo.CompareOp(c, splat(b, extent - 1, t), "LE", "FLOAT")).result
            return b(hlo.AndOp(low, high)).result

        def index(c: SSAValue, rounding: type[hlo.ElementwiseUnaryOp], extent: int) -> SSAValue:
            """[boxes, out] i32: `rounding` of the coordinate, clamped into the image."""
            whole = b(hlo.ConvertOp(b(rounding(c)).results[0], i32)).result
            return b(hlo.ClampOp(scalar(b, 0, i32), whole, scalar(b, extent - 1, i32))).result

        out_shape = [boxes, h, w, channels]
        image_of = spread(b, b(hlo.ConvertOp(op.box_ind, i32)).result, [boxes, h, w], [0])

        def pixels(y: SSAValue, x: SSAValue) -> SSAValue:
            rows = b(
                hlo.AddOp(
                    b(
                        hlo.MultiplyOp(image_of, splat(b, height, TensorType(i32, [boxes, h, w])))
                    ).result,
                    spread(b, y, [boxes, h, w], [0, 1]),
                )
            ).result
            at = b(
                hlo.AddOp(
                    b(hlo.MultiplyOp(rows, splat(b, width, TensorType(i32, [boxes, h, w])))).result,
                    spread(b, x, [boxes, h, w], [0, 2]),
                )
            ).result
            return take(b, flat, at, 0, 0, TensorType(f32, out_shape))

        if op.method.data == "nearest":
            value = pixels(
                index(in_y, hlo.RoundNearestAfzOp, height),
                index(in_x, hlo.RoundNearestAfzOp, width),
            )
        else:
            top_y, bottom_y = (
                index(in_y, hlo.FloorOp, height),
                index(in_y, hlo.CeilOp, height),
            )
            left_x, right_x = index(in_x, hlo.FloorOp, width), index(in_x, hlo.CeilOp, width)
            y_part = b(hlo.SubtractOp(in_y, b(hlo.FloorOp(in_y)).result)).result
            x_part = b(hlo.SubtractOp(in_x, b(hlo.FloorOp(in_x)).result)).result
            y_lerp = spread(b, y_part, out_shape, [0, 1])
            x_lerp = spread(b, x_part, out_shape, [0, 2])

            def mix(a: SSAValue, c: SSAValue, t: SSAValue) -> SSAValue:
                return b(
                    hlo.AddOp(a, b(hlo.MultiplyOp(b(hlo.SubtractOp(c, a)).result, t)).result)
                ).result

            top = mix(pixels(top_y, left_x), pixels(top_y, right_x), x_lerp)
            bottom = mix(pixels(bottom_y, left_x), pixels(bottom_y, right_x), x_lerp)
            value = mix(top, bottom, y_lerp)
        both = b(
            hlo.AndOp(
                spread(b, inside(in_y, height, h), [boxes, h, w], [0, 1]),
                spread(b, inside(in_x, width, w), [boxes, h, w], [0, 2]),
            )
        ).result
        valid = spread(b, both, out_shape, [0, 1, 2])
        outside = splat(b, op.extrapolation_value.value.data, TensorType(f32, out_shape))
        rewriter.replace(op, [], [b(hlo.SelectOp(valid, value, outside)).result])


class ResizeBilinearLowering(RewritePattern):
    """tf.ResizeBilinear(x [N, H, W, C], const size) -> its two taps a dim gathered and blended
    (`_bilinear`). tf.ResizeBicubic / ResizeArea -> two hlo.dot_general with constant
    interpolation matrices (the resizing is separable and linear): Rh [Ho, H] against x's H,
    then Rw [Wo, W] against its W, and a transpose back to NHWC (inputs not f32 converted
    first)"""

    handles = (tf.ResizeBilinearOp, tf.ResizeBicubicOp, tf.ResizeAreaOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, self.handles) or not isinstance(op, tf.ResizeOp):
            return
        if not all_static(op):
            return
        size = op.out_size()
        if size is None:
            return
        b = LocatedBuilder(rewriter, op)
        _, height, width, _ = shape_of(op.images.type)
        corners, half = op.corners(), op.half_pixel()
        if isinstance(op, tf.ResizeBilinearOp):
            rewriter.replace(op, [], [_bilinear(b, op.images, size, corners, half)])
            return
        if isinstance(op, tf.ResizeBicubicOp):
            matrix = bicubic_matrix
        elif isinstance(op, tf.ResizeAreaOp):
            matrix = area_matrix
        else:
            matrix = interpolation_matrix
        rows = matrix(size[0], height, corners, half)
        columns = matrix(size[1], width, corners, half)
        resized = _separable(b, op.images, rows, columns)
        if isinstance(op, tf.ResizeAreaOp):
            scale = area_scale(size, height, width, corners)
            resized = b(hlo.MultiplyOp(resized, splat(b, scale, resized.type))).result
        rewriter.replace(op, [], [resized])


def _lanczos(radius: float) -> Callable[[np.ndarray], np.ndarray]:
    def kernel(x: np.ndarray) -> np.ndarray:
        safe = np.where(x == 0, 1.0, x)
        value = radius * np.sin(np.pi * safe) * np.sin(np.pi * safe / radius) / (np.pi * safe) ** 2
        return np.where(x == 0, 1.0, np.where(x > radius, 0.0, value))

    return kernel


def _cubic(b: float, c: float) -> Callable[[np.ndarray], np.ndarray]:
    """Mitchell and Netravali's cubic family (Keys' cubic: B = 0, C = 1/2)."""

    def kernel(x: np.ndarray) -> np.ndarray:
        near = ((12 - 9 * b - 6 * c) * x**3 + (-18 + 12 * b + 6 * c) * x**2 + (6 - 2 * b)) / 6
        far = (
            (-b - 6 * c) * x**3 + (6 * b + 30 * c) * x**2 + (-12 * b - 48 * c) * x + 8 * b + 24 * c
        ) / 6
        return np.where(x < 1, near, np.where(x < 2, far, 0.0))

    return kernel


GAUSSIAN_RADIUS = 1.5
"""TensorFlow's gaussian sampling kernel: support 1.5, sigma a third of it."""

SAMPLING_KERNELS: dict[str, tuple[float, Callable[[np.ndarray], np.ndarray]]] = {
    "lanczos1": (1.0, _lanczos(1.0)),
    "lanczos3": (3.0, _lanczos(3.0)),
    "lanczos5": (5.0, _lanczos(5.0)),
    "gaussian": (
        GAUSSIAN_RADIUS,
        lambda x: np.where(
            x >= GAUSSIAN_RADIUS, 0.0, np.exp(-(x**2) / (2 * (GAUSSIAN_RADIUS / 3) ** 2))
        ),
    ),
    "box": (1.0, lambda x: np.where(x < 0.5, 1.0, np.where(x == 0.5, 0.5, 0.0))),
    "triangle": (1.0, lambda x: np.maximum(1.0 - x, 0.0)),
    "keyscubic": (2.0, _cubic(0.0, 0.5)),
    "mitchellcubic": (2.0, _cubic(1 / 3, 1 / 3)),
}
"""kernel_type -> (radius, the kernel of |x|), as TensorFlow's sampling kernels define them."""


def sampling_matrix(
    out_size: int, in_size: int, scale: float, translation: float, kernel_type: str, antialias: bool
) -> np.ndarray:
    """[out_size, in_size] weights of ScaleAndTranslate along one axis, as TensorFlow computes
    them: output x samples at s = (x + 0.5 - translation) / scale (none where s is outside
    [0, in_size]); the inputs i whose centre i + 0.5 is within the kernel's radius (times
    1 / scale when antialiasing a shrink) weigh kernel(|i + 0.5 - s| / that factor), normalised
    to sum to 1 (unless the sum is about 0)."""
    radius, kernel = SAMPLING_KERNELS[kernel_type]
    # In float32 as TensorFlow computes them: at a kernel's edge (|x| = radius exactly in f64,
    # a hair inside in f32) the f64 positions dropped a weight it keeps.
    f32 = np.float32
    inv_scale = f32(1.0) / f32(scale)
    widen = max(inv_scale, f32(1.0)) if antialias else f32(1.0)
    reach = f32(radius) * widen
    weights = np.zeros((out_size, in_size))
    for x in range(out_size):
        sample = (f32(x) + f32(0.5) - f32(translation)) * inv_scale
        if sample < 0 or sample > in_size:
            continue
        start = min(max(int(np.ceil(sample - reach - f32(0.5))), 0), in_size - 1)
        end = min(max(int(np.floor(sample + reach - f32(0.5))), 0), in_size - 1) + 1
        positions = np.arange(start, end).astype(f32) + f32(0.5) - sample
        row = kernel(np.abs(positions * (f32(1.0) / widen)).astype(np.float64))
        total = row.sum()
        if abs(total) >= 1000 * np.finfo(np.float32).tiny:
            row = row / total
        weights[x, start:end] = row
    return weights


class ScaleAndTranslateLowering(RewritePattern):
    """tf.ScaleAndTranslate(x [N, H, W, C], const size, scale, translation) -> two
    hlo.dot_general with the constant sampling matrices (sampling_matrix) along H and W, as
    the resizes, in f32"""

    handles = (tf.ScaleAndTranslateOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ScaleAndTranslateOp) or not all_static(op):
            return
        size, transform = op.out_size(), op.transform()
        if size is None or transform is None:
            return
        b = LocatedBuilder(rewriter, op)
        _, height, width, _ = shape_of(op.images.type)
        (scale_h, scale_w), (shift_h, shift_w) = transform
        kind, antialias = op.kernel_type.data, bool(op.antialias.value.data)
        rows = sampling_matrix(size[0], height, scale_h, shift_h, kind, antialias)
        columns = sampling_matrix(size[1], width, scale_w, shift_w, kind, antialias)
        rewriter.replace(op, [], [_separable(b, op.images, rows, columns)])


def _separable(b: LocatedBuilder, x: SSAValue, rows: np.ndarray, columns: np.ndarray) -> SSAValue:
    """x [N, H, W, C] (in f32) with `rows` [Ho, H] applied along H and `columns` [Wo, W] along
    W: the resizes' and ScaleAndTranslate's linear maps, separable."""
    if expect(x.type, TensorType).element_type != f32:
        x = b(hlo.ConvertOp(x, f32)).result
    rh = b(hlo.ConstantOp(dense_from_numpy(rows, f32))).output
    rw = b(hlo.ConstantOp(dense_from_numpy(columns, f32))).output
    along_h = b(hlo.DotGeneralOp(rh, x, [], [], [1], [1])).result  # [Ho, N, W, C]
    along_w = b(hlo.DotGeneralOp(rw, along_h, [], [], [1], [2])).result  # [Wo, Ho, N, C]
    return b(hlo.TransposeOp(along_w, [2, 1, 0, 3])).result


class Dilation2DLowering(RewritePattern):
    """tf.Dilation2D(x, f [h, w, c]) -> x padded with the lowest finite value; for each filter
    tap (dy, dx) a strided slice of it plus f[dy, dx] broadcast along the channels, the maximum
    of all taps (starting from the lowest finite value, which a window with no tap on the image
    gives, as TensorFlow's kernel)"""

    handles = (tf.Dilation2DOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.Dilation2DOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        x_t, out_t = expect(op.input.type, TensorType), expect(op.output.type, TensorType)
        n, _, _, c = shape_of(x_t)
        fh, fw, _ = shape_of(op.filter.type)
        strides, rates, (oh, ow), pads = op.window()
        lowest = -float_format(x_t.element_type).largest
        low = scalar(b, lowest, x_t.element_type)
        padded = b(
            hlo.PadOp(op.input, low, [0, pads[0][0], pads[1][0], 0], [0, pads[0][1], pads[1][1], 0])
        ).result
        result = splat(b, lowest, out_t)
        for dy in range(fh):
            for dx in range(fw):
                y0, x0 = dy * rates[0], dx * rates[1]
                window = b(
                    hlo.SliceOp(
                        padded,
                        [0, y0, x0, 0],
                        [n, y0 + (oh - 1) * strides[0] + 1, x0 + (ow - 1) * strides[1] + 1, c],
                        [1, strides[0], strides[1], 1],
                    )
                ).result
                tap = b(hlo.SliceOp(op.filter, [dy, dx, 0], [dy + 1, dx + 1, c])).result
                tap = b(hlo.ReshapeOp(tap, TensorType(x_t.element_type, [c]))).result
                tap = b(hlo.BroadcastInDimOp(tap, out_t, [3])).result
                moved = b(hlo.AddOp(window, tap)).result
                result = b(hlo.MaximumOp(result, moved)).result
        rewriter.replace(op, [], [result])


class MaxPoolWithArgmaxLowering(RewritePattern):
    """tf.MaxPoolWithArgmax(x [N, H, W, C]) -> for each window tap (dy, dx) in row-major order a
    strided slice of x (padded), its flat index ((y * W + x) * C + c, plus b * H * W * C with
    include_batch_in_index) and whether it lies inside x (constants per output position); a
    running maximum that takes a tap inside x when it is greater, or when none was taken yet:
    TensorFlow's kernel, so the first maximum wins ties, and NaN only when first"""

    handles = (tf.MaxPoolWithArgmaxOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.MaxPoolWithArgmaxOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        x_t, out_t = expect(op.input.type, TensorType), expect(op.output.type, TensorType)
        index_t = expect(op.argmax.type, TensorType)
        n, h, w, c = shape_of(x_t)
        (kh, kw), (sh, sw) = op.window_sizes(), _strides(op)
        (oh, ow), pads = op.spatial([h, w], [kh, kw], [1, 1])
        e, idx, flags = Expr(b, out_t), Expr(b, index_t), Expr(b, out_t).bools()
        padded = b(
            hlo.PadOp(
                op.input,
                scalar(b, 0.0, x_t.element_type),
                [0, pads[0][0], pads[1][0], 0],
                [0, pads[0][1], pads[1][1], 0],
            )
        ).result
        # The index's part that does not depend on the tap: c, and the batch if asked.
        base: SSAValue = b(hlo.IotaOp(3, index_t)).output
        if op.include_batch_in_index.value.data:
            batch = b(hlo.IotaOp(0, index_t)).output
            base = idx.add(base, idx.mul(batch, float(h * w * c)))
        index_np = numpy_dtype_for(index_t.element_type)
        ys = np.arange(oh)[:, None] * sh - pads[0][0]
        xs = np.arange(ow)[None, :] * sw - pads[1][0]
        best, where = e.c(0.0), idx.c(-1.0)
        for dy in range(kh):
            for dx in range(kw):
                inside = ((ys + dy >= 0) & (ys + dy < h)) & ((xs + dx >= 0) & (xs + dx < w))
                if not inside.any():
                    continue
                flat = (((ys + dy) * w + (xs + dx)) * c).astype(index_np)
                flat_c = b(hlo.ConstantOp(dense_from_numpy(flat, index_t.element_type))).output
                spots = b(hlo.BroadcastInDimOp(flat_c, index_t, [1, 2])).result
                value = b(
                    hlo.SliceOp(
                        padded,
                        [0, dy, dx, 0],
                        [n, dy + (oh - 1) * sh + 1, dx + (ow - 1) * sw + 1, c],
                        [1, sh, sw, 1],
                    )
                ).result
                take = flags.b(
                    hlo.OrOp(e.cmp("GT", value, best), idx.cmp("EQ", where, -1.0))
                ).result
                if not inside.all():
                    mask = b(hlo.ConstantOp(dense_from_numpy(inside, i1))).output
                    mask = b(hlo.BroadcastInDimOp(mask, flags.type, [1, 2])).result
                    take = b(hlo.AndOp(take, mask)).result
                best = e.select(take, value, best)
                where = idx.select(take, idx.add(spots, base), where)
        rewriter.replace(op, [], [best, where])


class ColorLowering(RewritePattern):
    """tf.RGBToHSV / tf.HSVToRGB(x [.., 3]) -> the three channels sliced out, TensorFlow's
    per-pixel formulas in hlo, concatenated again (in the images' float type); tf.AdjustContrastv2
    -> (x - mean) * factor + mean, the mean over dims -3 and -2"""

    handles = (
        tf.RGBToHSVOp,
        tf.HSVToRGBOp,
        tf.AdjustContrastv2Op,
        tf.AdjustSaturationOp,
        tf.AdjustHueOp,
    )

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, self.handles) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        x = op.operands[0]
        shape = list(shape_of(x.type))
        if isinstance(op, tf.AdjustContrastv2Op):
            rewriter.replace(op, [], [_adjust_contrast(b, x, op.contrast_factor, shape)])
            return
        channel_t = TensorType(expect(x.type, TensorType).element_type, [*shape[:-1], 1])
        e = Expr(b, channel_t)
        rank = len(shape)
        a, c, d = (
            b(hlo.SliceOp(x, [0] * (rank - 1) + [i], [*shape[:-1], i + 1])).result for i in range(3)
        )
        if isinstance(op, tf.RGBToHSVOp):
            parts = _rgb_to_hsv(e, a, c, d)
        elif isinstance(op, tf.HSVToRGBOp):
            parts = _hsv_to_rgb(e, a, c, d)
        else:
            h, s, v = _rgb_to_hsv(e, a, c, d)
            amount = b(hlo.BroadcastInDimOp(_as_element(b, op.amount(), e), channel_t, [])).result
            if isinstance(op, tf.AdjustSaturationOp):
                s = e.clamp(0.0, e.mul(s, amount), 1.0)
            else:  # h = fmod(h + delta, 1), plus 1 where negative
                h = e.rem(e.add(h, amount), e.c(1.0))
                h = e.select(e.cmp("LT", h, 0.0), e.add(h, 1.0), h)
            parts = _hsv_to_rgb_by_sextant(e, h, s, v)
        rewriter.replace(op, [], [b(hlo.ConcatenateOp(list(parts), rank - 1)).result])


def _rgb_to_hsv(e: Expr, r: SSAValue, g: SSAValue, b: SSAValue) -> tuple[SSAValue, ...]:
    v = e.max(e.max(r, g), b)
    low = e.b(hlo.MinimumOp(e.b(hlo.MinimumOp(r, g)).result, b)).result
    spread = e.sub(v, low)
    s = e.select(e.cmp("GT", v, 0.0), e.div(spread, v), 0.0)
    norm = e.div(1.0, e.mul(6.0, spread))
    by_g = e.add(e.mul(norm, e.sub(b, r)), 2.0 / 6.0)
    by_b = e.add(e.mul(norm, e.sub(r, g)), 4.0 / 6.0)
    h = e.select(
        e.cmp("EQ", r, v), e.mul(norm, e.sub(g, b)), e.select(e.cmp("EQ", g, v), by_g, by_b)
    )
    h = e.select(e.cmp("GT", spread, 0.0), h, 0.0)
    h = e.select(e.cmp("LT", h, 0.0), e.add(h, 1.0), h)
    return h, s, v


def _hsv_to_rgb(e: Expr, h: SSAValue, s: SSAValue, v: SSAValue) -> tuple[SSAValue, ...]:
    dh = e.mul(h, 6.0)
    dr = e.clamp(0.0, e.sub(e.unary(hlo.AbsOp, e.sub(dh, 3.0)), 1.0), 1.0)
    dg = e.clamp(0.0, e.sub(2.0, e.unary(hlo.AbsOp, e.sub(dh, 2.0))), 1.0)
    db = e.clamp(0.0, e.sub(2.0, e.unary(hlo.AbsOp, e.sub(dh, 4.0))), 1.0)
    grey = e.sub(1.0, s)
    return tuple(e.mul(e.add(grey, e.mul(s, d)), v) for d in (dr, dg, db))


def _as_element(b: LocatedBuilder, scalar_value: SSAValue, e: Expr) -> SSAValue:
    """An f32 scalar in the images' element type."""
    if expect(scalar_value.type, TensorType).element_type == e.element:
        return scalar_value
    return b(hlo.ConvertOp(scalar_value, TensorType(e.element, []))).result


def _hsv_to_rgb_by_sextant(e: Expr, h: SSAValue, s: SSAValue, v: SSAValue) -> tuple[SSAValue, ...]:
    """HSV to RGB as TensorFlow's AdjustSaturation and AdjustHue kernels compute it (not as
    HSVToRGB does): chroma c = s v, m = v - c, the sextant int(6 h) picks which channel gets c,
    which x = c (1 - |(6 h mod 2) - 1|) and which 0; a sextant past 5 gives m everywhere."""
    c = e.mul(s, v)
    m = e.sub(v, c)
    dh = e.mul(h, 6.0)
    sextant = e.unary(hlo.FloorOp, dh)  # dh >= 0: int() truncates as floor
    wrapped = e.rem(dh, e.c(2.0))
    x = e.mul(c, e.sub(1.0, e.unary(hlo.AbsOp, e.sub(wrapped, 1.0))))
    zero = e.c(0.0)
    # (r, g, b) per sextant 0..5: c, x, 0 | x, c, 0 | 0, c, x | 0, x, c | x, 0, c | c, 0, x
    table = [(c, x, zero), (x, c, zero), (zero, c, x), (zero, x, c), (x, zero, c), (c, zero, x)]
    out = []
    for channel in range(3):
        value = zero
        for k, row in enumerate(table):
            value = e.select(e.cmp("EQ", sextant, float(k)), row[channel], value)
        out.append(e.add(value, m))
    return tuple(out)


def _adjust_contrast(
    b: LocatedBuilder, x: SSAValue, factor: SSAValue, shape: Sequence[int]
) -> SSAValue:
    t = expect(x.type, TensorType)
    rank = len(shape)
    zero = scalar(b, 0, t.element_type)
    summed = b(hlo.ReduceOp.build_binary(x, zero, [rank - 3, rank - 2], hlo.AddOp)).results[0]
    count = splat(b, shape[-3] * shape[-2], summed.type)
    mean = b(hlo.DivideOp(summed, count)).result
    kept = [d for d in range(rank) if d not in (rank - 3, rank - 2)]
    mean = b(hlo.BroadcastInDimOp(mean, t, kept)).result
    scale = factor
    if t.element_type != f32:
        scale = b(hlo.ConvertOp(factor, TensorType(t.element_type, []))).result
    scale = b(hlo.BroadcastInDimOp(scale, t, [])).result
    moved = b(hlo.MultiplyOp(b(hlo.SubtractOp(x, mean)).result, scale)).result
    return b(hlo.AddOp(moved, mean)).result


def nearest_indices(
    out_size: int, in_size: int, align_corners: bool, half_pixel_centers: bool
) -> np.ndarray:
    """The input index each output index reads along one axis, as TensorFlow computes it (see
    tf.ResizeNearestNeighborOp), in float32 as TensorFlow does."""
    scale = _resize_scale(out_size, in_size, align_corners)
    out = np.arange(out_size, dtype=np.float32)
    source = (out + np.float32(0.5)) * scale if half_pixel_centers else out * scale
    # roundf (halves away from zero) of a non-negative float, exactly: in float64.
    index = np.floor(source.astype(np.float64) + 0.5) if align_corners else np.floor(source)
    result: np.ndarray = np.clip(index, 0, in_size - 1).astype(np.int32)
    return result


class ResizeNearestLowering(RewritePattern):
    """tf.ResizeNearestNeighbor(x [N, H, W, C], const size) -> hlo.gather of rows at constant
    indices, then of columns (exact for every value, inf and NaN included)"""

    handles = (tf.ResizeNearestNeighborOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.ResizeNearestNeighborOp) or not all_static(op):
            return
        size = op.out_size()
        if size is None:
            return
        b = LocatedBuilder(rewriter, op)
        value = op.images
        t = expect(value.type, TensorType)
        shape = list(shape_of(t))
        for axis, out in ((1, size[0]), (2, size[1])):
            ids = nearest_indices(out, shape[axis], op.corners(), op.half_pixel())
            if shape[axis] == out and (ids == np.arange(out)).all():
                continue
            constant = b(hlo.ConstantOp(dense_from_numpy(ids, i32))).output
            shape[axis] = out
            value = take(b, value, constant, axis, 0, TensorType(t.element_type, shape))
        rewriter.replace(op, [], [value])


class LRNLowering(RewritePattern):
    """tf.LRN(x) -> x / (bias + alpha * hlo.reduce_window(x * x, add, channel window 2r + 1,
    padded by r)) ^ beta"""

    handles = (tf.LRNOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.LRNOp) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        x, t = op.input, op.output.type
        element = expect(t, TensorType).element_type
        r = op.depth_radius.value.data
        squares = b(hlo.MultiplyOp(x, x)).result
        sums = b(
            hlo.ReduceWindowOp(
                squares,
                scalar(b, 0.0, element),
                [1, 1, 1, 2 * r + 1],
                hlo.AddOp,
                window_strides=[1, 1, 1, 1],
                padding=[(0, 0), (0, 0), (0, 0), (r, r)],
            )
        ).results[0]
        scaled = b(hlo.MultiplyOp(splat(b, op.alpha.value.data, t), sums)).result
        base = b(hlo.AddOp(splat(b, op.bias.value.data, t), scaled)).result
        denominator = b(hlo.PowerOp(base, splat(b, op.beta.value.data, t))).result
        rewriter.replace(op, [], [b(hlo.DivideOp(x, denominator)).result])


def nudged_range(lo: float, hi: float, levels: tuple[int, int]) -> tuple[np.float32, ...]:
    """(nudged min, nudged max, scale, 1 / scale) of a FakeQuant range, in float32 as
    TensorFlow's kernel computes them: the zero point is the level nearest to where 0 falls
    (rounded half away from zero, kept within the levels), and the range moves to put 0 on it."""
    low, high = np.float32(levels[0]), np.float32(levels[1])
    f_lo, f_hi = np.float32(lo), np.float32(hi)
    scale = (f_hi - f_lo) / (high - low)
    inverse = (high - low) / (f_hi - f_lo)
    zero_from_min = low - f_lo / scale
    if zero_from_min < low:
        zero = low
    elif zero_from_min > high:
        zero = high
    else:
        zero = np.float32(np.floor(abs(zero_from_min) + 0.5) * np.sign(zero_from_min))
    return (low - zero) * scale, (high - zero) * scale, scale, inverse


class FakeQuantLowering(RewritePattern):
    """tf.FakeQuantWithMinMaxArgs / Vars / VarsPerChannel(x) -> floor((clamp(x, nudged min,
    nudged max) - nudged min) * (1 / scale) + 0.5) * scale + nudged min, the nudged range
    computed here (Vars: min and max must be constants, as they are in a frozen graph; per
    channel, one range per entry of the last dim, broadcast along it)."""

    handles = (
        tf.FakeQuantWithMinMaxArgsOp,
        tf.FakeQuantWithMinMaxVarsOp,
        tf.FakeQuantWithMinMaxVarsPerChannelOp,
    )

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.FakeQuantBase) or not all_static(op):
            return
        if isinstance(op, tf.FakeQuantWithMinMaxArgsOp):
            ranges = [(op.min.value.data, op.max.value.data)]
        elif isinstance(op, tf.FakeQuantVarsBase):
            lows, highs = (tf.constant_value(v) for v in (op.min, op.max))
            if lows is None or highs is None:
                return
            ranges = list(zip(lows.reshape(-1).tolist(), highs.reshape(-1).tolist(), strict=True))
        else:
            return
        # (nudged min, nudged max, scale, 1 / scale), one row per range
        nudged = np.array([nudged_range(lo, hi, op.levels()) for lo, hi in ranges], np.float32)
        b = LocatedBuilder(rewriter, op)
        t = expect(op.results[0].type, TensorType)
        per_channel = isinstance(op, tf.FakeQuantWithMinMaxVarsPerChannelOp)

        def column(k: int) -> SSAValue:
            if not per_channel:
                return splat(b, float(nudged[0, k]), t)
            vector = b(hlo.ConstantOp(dense_from_numpy(nudged[:, k].copy(), t.element_type)))
            return b(hlo.BroadcastInDimOp(vector.output, t, [t.get_num_dims() - 1])).result

        nudged_min = column(0)
        clamped = b(hlo.ClampOp(nudged_min, op.operands[0], column(1))).result
        shifted = b(hlo.SubtractOp(clamped, nudged_min)).result
        steps = b(hlo.MultiplyOp(shifted, column(3))).result
        level = b(hlo.FloorOp(b(hlo.AddOp(steps, splat(b, 0.5, t))).result)).result
        scaled = b(hlo.MultiplyOp(level, column(2))).result
        rewriter.replace(op, [], [b(hlo.AddOp(scaled, nudged_min)).result])


class QuantizeAndDequantizeLowering(RewritePattern):
    """tf.QuantizeAndDequantizeV2 / V4(x, min, max) -> the range (the operands with
    range_given, else x's min and max: hlo.reduce); the scale
    from the side whose level over its end is smaller (a side with no level of its sign gives
    none), the other end moved to its level; round(clamp(x, min, max) * scale) * (1 / scale),
    computed as TensorFlow's kernel does (half to even, or floor(v + 0.5) for HALF_UP)"""

    handles = (tf.QuantizeAndDequantizeV2Op, tf.QuantizeAndDequantizeV4Op)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tf.QuantizeAndDequantizeBase) or not all_static(op):
            return
        b = LocatedBuilder(rewriter, op)
        t = expect(op.output.type, TensorType)
        if op.range_given.value.data:
            lo, hi = op.input_min, op.input_max
        else:
            dims = list(range(t.get_num_dims()))
            lo = reduce(b, op.input, dims, hlo.MinimumOp, math.inf)
            hi = reduce(b, op.input, dims, hlo.MaximumOp, -math.inf)
        e = Expr(b, lo.type)
        low_level, high_level = (float(v) for v in op.levels())
        top = float_format(t.element_type).largest
        from_min = e.select(e.cmp("GT", e.mul(lo, low_level), 0.0), e.div(low_level, lo), top)
        from_max = e.select(e.cmp("GT", e.mul(hi, high_level), 0.0), e.div(high_level, hi), top)
        by_min = e.cmp("LT", from_min, from_max)
        scale = e.select(by_min, from_min, from_max)
        inverse = e.select(by_min, e.div(lo, low_level), e.div(hi, high_level))
        lo = e.select(by_min, lo, e.mul(inverse, low_level))
        hi = e.select(by_min, e.mul(inverse, high_level), hi)
        lo, hi, scale, inverse = (
            b(hlo.BroadcastInDimOp(v, t, [])).result for v in (lo, hi, scale, inverse)
        )
        x = Expr(b, t)
        steps = x.mul(b(hlo.ClampOp(lo, op.input, hi)).result, scale)
        if op.round_mode.data == "HALF_UP":
            rounded = b(hlo.FloorOp(x.add(steps, 0.5))).result
        else:
            rounded = b(hlo.RoundNearestEvenOp(steps)).result
        rewriter.replace(op, [], [x.mul(rounded, inverse)])


PATTERNS: tuple[RewritePattern, ...] = (
    LRNLowering(),
    FakeQuantLowering(),
    QuantizeAndDequantizeLowering(),
    BiasAddLowering(),
    MatMulLowering(),
    SoftmaxLowering(),
    Conv2DLowering(),
    ConvBackpropInputLowering(),
    PoolLowering(),
    ExtractImagePatchesLowering(),
    FusedBatchNormLowering(),
    ResizeBilinearLowering(),
    ScaleAndTranslateLowering(),
    ColorLowering(),
    Dilation2DLowering(),
    MaxPoolWithArgmaxLowering(),
    ResizeNearestLowering(),
    CropAndResizeLowering(),
    CrossEntropyLowering(),
    L2LossLowering(),
)
