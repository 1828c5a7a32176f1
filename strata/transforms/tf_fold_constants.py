"""tf-fold-constants: evaluate tf ops whose operands are all tf.Const with numpy.

The folded value becomes a new tf.Const at the folded op's location; identity-like ops forward
their operands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Attribute, Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.utils.exceptions import VerifyException

from strata.dialects import tf
from strata.dialects.element_kinds import ElementKind, kind_of_dtype, numpy_dtype_for
from strata.dialects.hlo.core import ComparisonDirection
from strata.dialects.hlo.scalar_semantics import COMPARISONS, ELEMENTWISE, Numpy
from strata.dialects.tensor_types import dense_from_numpy
from strata.internal import expect
from strata.lowering.tf_to_hlo.elementwise import BINARY as TF_TO_HLO_BINARY
from strata.lowering.tf_to_hlo.elementwise import UNARY as TF_TO_HLO_UNARY
from strata.transforms.tf_shape_inference import (
    RefineFuncResultTypes,
    RefineTfResultTypes,
    refine,
)

TF_COMPOSITES: dict[str, Numpy] = {
    "Square": np.square,
    "Relu": lambda x: np.maximum(x, 0),
    "Relu6": lambda x: np.minimum(np.maximum(x, 0), 6),
    "FloorDiv": np.floor_divide,
    "FloorMod": np.mod,
}
"""Elementwise tf ops that are no single hlo op, by TF op name: their numpy evaluation."""

_TF_TO_HLO: dict[str, type[Operation]] = {
    tf_op.name.removeprefix("tf."): hlo_op
    for tf_op, hlo_op in (*TF_TO_HLO_UNARY.items(), *TF_TO_HLO_BINARY.items())
}
_TF_COMPARISONS: dict[str, ComparisonDirection] = {
    tf_op.name.removeprefix("tf."): ComparisonDirection(direction)
    for tf_op, direction in tf.COMPARE_DIRECTIONS.items()
}


def elementwise_numpy(tf_name: str, kind: ElementKind | None) -> Numpy | None:
    """The numpy evaluation of an elementwise tf op (TF op name, e.g. "AddV2") on elements of
    `kind`, read from the hlo op it lowers to; None where Strata does not evaluate it."""
    if tf_name in TF_COMPOSITES:
        return TF_COMPOSITES[tf_name]
    if tf_name in _TF_COMPARISONS:
        return COMPARISONS[_TF_COMPARISONS[tf_name]].numpy
    hlo_op = _TF_TO_HLO.get(tf_name)
    if hlo_op is None or hlo_op not in ELEMENTWISE:
        return None
    behaviour = ELEMENTWISE[hlo_op].behaviour(kind)
    return None if behaviour is None else behaviour.numpy


def evaluate_elementwise(tf_name: str, args: list[np.ndarray]) -> np.ndarray | None:
    """An elementwise tf op on constant operands (the first operand's dtype picks the kind)."""
    if not args:
        return None
    fn = elementwise_numpy(tf_name, kind_of_dtype(args[0].dtype))
    return None if fn is None else fn(*args)


MAX_FOLDED_ELEMENTS = 1 << 16
"""Shape ops are folded only when the value they make is small (shape arithmetic, not data)."""


def _int(value: np.ndarray) -> int:
    return int(np.asarray(value).reshape(-1)[0])


def _strided_slice(op: tf.StridedSliceOp, x: np.ndarray, args: list[np.ndarray]) -> np.ndarray:
    spec = tf.strided_slice_spec(
        x.shape,
        args[1].tolist(),
        args[2].tolist(),
        args[3].tolist(),
        op.begin_mask.value.data,
        op.end_mask.value.data,
        op.ellipsis_mask.value.data,
        op.new_axis_mask.value.data,
        op.shrink_axis_mask.value.data,
    )
    for axis, (begin, size, stride) in enumerate(
        zip(spec.begin, spec.sizes, spec.strides, strict=True)
    ):
        x = np.take(x, begin + stride * np.arange(size), axis=axis)
    return x.reshape(spec.final_shape)


def _evaluate_shape_op(op: Operation, args: list[np.ndarray]) -> np.ndarray | None:
    """Data-movement and shape-arithmetic ops of the shape family, on constant operands."""
    if isinstance(op, tf.RangeOp):
        return np.arange(args[0].item(), args[1].item(), args[2].item())
    if isinstance(op, tf.PackOp):
        return np.stack(args, axis=op.axis.value.data)
    if isinstance(op, tf.ConcatV2Op):
        return np.concatenate(args[:-1], axis=_int(args[-1]))
    if isinstance(op, tf.ExpandDimsOp):
        axis = _int(args[1])
        return np.expand_dims(args[0], axis if axis >= 0 else args[0].ndim + 1 + axis)
    if isinstance(op, tf.TransposeOp):
        return np.transpose(args[0], args[1].tolist())
    if isinstance(op, tf.SliceOp):
        begin, size = args[1].tolist(), args[2].tolist()
        index = tuple(
            slice(b, None if n == -1 else b + n) for b, n in zip(begin, size, strict=True)
        )
        return args[0][index]
    if isinstance(op, tf.StridedSliceOp):
        return _strided_slice(op, args[0], args)
    if isinstance(op, tf.FillOp):
        return np.full(args[0].tolist(), args[1].item())
    if isinstance(op, tf.GatherV2Op) and op.batch_dims.value.data == 0:
        return np.take(args[0], args[1], axis=_int(args[2]))  # out of range: IndexError
    if isinstance(op, tf.GatherOp):
        return np.take(args[0], args[1], axis=0)
    if isinstance(op, tf.SelectV2Op) or (
        isinstance(op, tf.SelectOp) and args[0].shape == args[1].shape
    ):
        return np.where(args[0], args[1], args[2])
    if isinstance(op, tf.BroadcastArgsOp):  # shapes that do not broadcast: ValueError
        return np.array(np.broadcast_shapes(tuple(args[0].tolist()), tuple(args[1].tolist())))
    if isinstance(op, tf.SqueezeOp):
        return args[0].reshape(expect(op.results[0].type, TensorType, "squeeze result").get_shape())
    if isinstance(op, (tf.SumOp, tf.ProdOp, tf.MaxOp, tf.MinOp, tf.AllOp, tf.AnyOp)):
        reduce: dict[type[Operation], Callable[..., np.ndarray]] = {
            tf.SumOp: np.sum,
            tf.ProdOp: np.prod,
            tf.MaxOp: np.max,
            tf.MinOp: np.min,
            tf.AllOp: np.all,
            tf.AnyOp: np.any,
        }
        axes = tuple(op.axes())
        return reduce[type(op)](args[0], axis=axes, keepdims=op.keep_dims.value.data != 0)
    return None


def _static_shape_query(op: Operation) -> np.ndarray | None:
    """tf.Shape / Size / Rank of a value whose type is static (the value itself may be unknown)."""
    if not isinstance(op, (tf.ShapeOp, tf.SizeOp, tf.RankOp)):
        return None
    t = op.operands[0].type
    if not isinstance(t, TensorType) or not all(d >= 0 for d in t.get_shape()):
        return None
    shape = list(t.get_shape())
    if isinstance(op, tf.ShapeOp):
        return np.array(shape)
    if isinstance(op, tf.SizeOp):
        return np.array(int(np.prod(shape, dtype=np.int64)))
    return np.array(len(shape))


def _operand_values(op: Operation) -> list[np.ndarray] | None:
    values = [tf.constant_value(operand) for operand in op.operands]
    known = [value for value in values if value is not None]
    if len(known) != len(values):
        return None
    return known


def evaluate_op(op: Operation, args: list[np.ndarray]) -> np.ndarray | None:
    """The value of `op` on constant operands; None for ops (or dtypes) not folded here."""
    value = evaluate_elementwise(op.name.removeprefix("tf."), args)
    if value is not None:
        return value
    if isinstance(op, tf.MatMulOp):
        a = args[0].T if op.transpose_a.value.data else args[0]
        b = args[1].T if op.transpose_b.value.data else args[1]
        product: np.ndarray = np.matmul(a, b)
        return product
    if isinstance(op, tf.BiasAddOp):
        value, bias = args
        shape = [1] * value.ndim
        shape[op.channel_dim()] = bias.shape[0]
        biased: np.ndarray = value + bias.reshape(shape)
        return biased
    if isinstance(op, tf.ReshapeOp):
        return args[0].reshape(tf.reshape_target(args[0].shape, args[1].tolist()))
    if isinstance(op, tf.CastOp):
        return args[0].astype(numpy_dtype_for(op.y.type.element_type))
    return _evaluate_shape_op(op, args)


def _evaluate_parts(op: Operation, args: list[np.ndarray]) -> list[np.ndarray] | None:
    """The results of a multi-result shape op (Unpack, Split, SplitV) on constant operands:
    tf.nn.gather_nd's batch dims and tf.signal.frame's sizes unpack or split a constant shape."""
    if isinstance(op, tf.UnpackOp):
        axis = op.axis.value.data
        return [np.take(args[0], i, axis=axis) for i in range(args[0].shape[axis])]
    if isinstance(op, tf.SplitOp):
        return np.split(args[1], op.num_split.value.data, axis=_int(args[0]))
    if isinstance(op, tf.SplitVOp):
        value, sizes, axis = args[0], [int(n) for n in args[1].tolist()], _int(args[2])
        if sizes.count(-1) == 1:
            sizes[sizes.index(-1)] = value.shape[axis] - (sum(sizes) + 1)
        return np.split(value, np.cumsum(sizes)[:-1], axis=axis)
    return None


def folded_parts(op: Operation) -> list[tf.ConstOp] | None:
    """The tf.Consts a multi-result shape op (`_evaluate_parts`) comes to when its operands are
    constants and its results small and static; None otherwise."""
    types = [r.type for r in op.results]
    if isinstance(op, tf.ShapeNOp):  # static input shapes, whatever the values
        shapes = op.values()
        return None if shapes is None else _consts(op, shapes, types)
    if not isinstance(op, (tf.UnpackOp, tf.SplitOp, tf.SplitVOp)) or not all(
        isinstance(t, TensorType) and all(d >= 0 for d in t.get_shape()) for t in types
    ):
        return None
    if sum(int(np.prod(expect(t, TensorType).get_shape())) for t in types) > MAX_FOLDED_ELEMENTS:
        return None
    args = _operand_values(op)
    if args is None:
        return None
    try:
        with np.errstate(all="ignore"):
            parts = _evaluate_parts(op, args)
    except (ValueError, IndexError, TypeError):
        return None  # an invalid op: the verifier names it
    if parts is None or len(parts) != len(types):
        return None
    return _consts(op, parts, types)


def _consts(
    op: Operation, parts: Sequence[object], types: Sequence[Attribute]
) -> list[tf.ConstOp] | None:
    """One tf.Const per result of `op` holding `parts`, None where one cannot refine its type."""
    consts = []
    for part, t in zip(parts, types, strict=True):
        element = expect(t, TensorType).element_type
        const = tf.ConstOp(
            dense_from_numpy(np.asarray(part).astype(numpy_dtype_for(element)), element)
        )
        if const.output.type != t and refine(t, const.output.type) is None:
            return None
        const.location = op.location
        consts.append(const)
    return consts


def folded(op: Operation) -> tf.ConstOp | None:
    """The tf.Const that `op` comes to when its operands are constants (or its result a static
    shape query), None when it does not fold here."""
    if not isinstance(op, tf.TfOp) or isinstance(op, tf.ConstOp) or len(op.results) != 1:
        return None
    result_type = op.results[0].type
    if not isinstance(result_type, TensorType):
        return None
    element = result_type.element_type
    shape = result_type.get_shape()
    if any(d < 0 for d in shape) or int(np.prod(shape)) > MAX_FOLDED_ELEMENTS:
        if not isinstance(op, (tf.ShapeOp, tf.SizeOp, tf.RankOp)):
            return None
    try:
        with np.errstate(all="ignore"):
            value = _static_shape_query(op)
            if value is None:
                args = _operand_values(op)
                if args is None:
                    return None
                value = evaluate_op(op, args)
            if value is None:
                return None
            value = np.asarray(value).astype(numpy_dtype_for(element), copy=False)
    except (VerifyException, ValueError, IndexError, TypeError):
        return None  # an invalid op: the verifier names it
    const = tf.ConstOp(dense_from_numpy(value, element))
    if const.output.type != result_type and refine(result_type, const.output.type) is None:
        return None
    const.location = op.location
    return const


class FoldConstantOperands(RewritePattern):
    """`tf.AddV2(tf.Const 1, tf.Const 2)` -> `tf.Const 3` (also MatMul, BiasAdd, Reshape, Cast,
    the shape family, and Unpack / Split / SplitV into one tf.Const per result)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        const = folded(op)
        if const is not None:
            rewriter.replace(op, const)
            return
        parts = folded_parts(op)
        if parts is not None:
            rewriter.replace(op, parts, [c.output for c in parts])


class ForwardIdentityOperands(RewritePattern):
    """`%y = tf.Identity(%x)` -> `%x` (also tf.StopGradient and tf.IdentityN)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, (*tf.FORWARDING, tf.IdentityNOp)):
            return
        for x, y in zip(op.operands, op.results, strict=True):
            # Forwarding must not lose shape information the result had.
            if x.type != y.type and refine(y.type, x.type) != x.type:
                return
        rewriter.replace(op, [], list(op.operands))


class FoldClampToOneValue(RewritePattern):
    """`tf.Minimum(hi, tf.Maximum(lo, x))` -> `hi` where the constants have hi <= lo everywhere
    (the clamp has one value, whatever x): tf.math.bincount's size with minlength == maxlength
    (Keras CategoryEncoding), which DenseBincount needs as a constant for its shape."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, tf.MinimumOp):
            return
        for hi_value, inner in (op.operands, op.operands[::-1]):
            hi = tf.constant_value(hi_value)
            clamp = inner.owner
            if hi is None or not isinstance(clamp, tf.MaximumOp):
                continue
            for lo_value in clamp.operands:
                lo = tf.constant_value(lo_value)
                if lo is None or hi_value.type != op.results[0].type:
                    continue
                with np.errstate(all="ignore"):
                    if np.all(hi <= lo):
                        rewriter.replace(op, [], [hi_value])
                        return


class TfFoldConstantsPass(ModulePass):
    """Evaluates tf ops whose operands are all constants.

    Expects the tf stage; guarantees no tf op left has only tf.Const operands among those it
    can evaluate (elementwise, MatMul, BiasAdd, Reshape, Cast) and no Identity/StopGradient/
    IdentityN remains. Result types are refined as values become known; dead tf ops are erased.
    """

    name = "tf-fold-constants"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        patterns = GreedyRewritePatternApplier(
            [
                FoldConstantOperands(),
                FoldClampToOneValue(),
                ForwardIdentityOperands(),
                RefineTfResultTypes(),
                RefineFuncResultTypes(),
            ]
        )
        PatternRewriteWalker(patterns, apply_recursively=True).rewrite_module(op)
