"""Building linalg.generic ops on tensors: maps, iterators, the body block, initialised outputs."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerAttr,
    TensorType,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.ir import Attribute, Block, Region, SSAValue
from xdsl.ir.affine import AffineExpr, AffineMap

from strata.dialects import hlo
from strata.internal import expect
from strata.lowering.hlo_to_linalg.scalar_ops import Emit, OpT
from strata.lowering.locations import LocatedBuilder

PARALLEL = IteratorTypeAttr.parallel()
REDUCTION = IteratorTypeAttr.reduction()

BodyFn = Callable[[Emit, Sequence[SSAValue]], SSAValue]
"""Builds the scalar body: gets an `emit(op) -> op` that appends to the block, and the block args
(one per input, then the output's current value); returns the value to yield."""
YieldFrom = SSAValue | Sequence[SSAValue]
MultiBodyFn = Callable[[Emit, Sequence[SSAValue]], YieldFrom]
"""A BodyFn that may yield several values (block args: the inputs, then each output's current
value): one per output."""


def dense_constant(value: SSAValue) -> DenseIntOrFPElementsAttr | None:
    """The elements of `value` when an hlo.constant or arith.constant with dense elements made
    it, else None."""
    owner = value.owner
    dense = getattr(owner, "value", None)
    if isinstance(owner, hlo.ConstantOp | arith.ConstantOp) and isinstance(
        dense, DenseIntOrFPElementsAttr
    ):
        return dense
    return None


def affine_map(num_dims: int, dims: Sequence[int | None]) -> AffineMapAttr:
    """A map from `num_dims` loop dims; each result is a dim index, or None for the constant 0."""
    results = tuple(AffineExpr.constant(0) if d is None else AffineExpr.dimension(d) for d in dims)
    return AffineMapAttr(AffineMap(num_dims, 0, results))


def identity_map(rank: int) -> AffineMapAttr:
    return affine_map(rank, list(range(rank)))


def element_of(value_or_type: SSAValue | Attribute) -> Attribute:
    t = expect(
        value_or_type.type if isinstance(value_or_type, SSAValue) else value_or_type, TensorType
    )
    element: Attribute = t.element_type
    return element


def build_body(arg_types: Sequence[Attribute], body: MultiBodyFn) -> Region:
    """A generic's body region: `body` appends its ops and gives the value (or values) to
    yield."""
    block = Block(arg_types=list(arg_types))

    def emit(op: OpT) -> OpT:
        block.add_op(op)
        return op

    result = body(emit, block.args)
    block.add_op(linalg.YieldOp(*([result] if isinstance(result, SSAValue) else result)))
    return Region(block)


def empty(b: LocatedBuilder, result_type: TensorType) -> SSAValue:
    return b(tensor.EmptyOp([], result_type)).tensor


def filled(b: LocatedBuilder, result_type: TensorType, scalar: SSAValue) -> SSAValue:
    """A tensor of `result_type` whose elements are all `scalar` (a generic with no inputs)."""
    rank = result_type.get_num_dims()
    region = build_body([result_type.element_type], lambda emit, args: scalar)
    op = b(
        linalg.GenericOp(
            [],
            [empty(b, result_type)],
            region,
            [identity_map(rank)],
            [PARALLEL] * rank,
            [result_type],
        )
    )
    return op.res[0]


def padded(
    b: LocatedBuilder, value: SSAValue, pads: Sequence[tuple[int, int]], fill: SSAValue
) -> SSAValue | None:
    """`value` with `pads` (low, high; none negative) `fill` elements at the ends of each dim, as
    one generic that writes each element once: element i is value[i - low] where that is
    inside `value`, else `fill` (read at the index clamped into `value`, then selected away).
    Filling the whole result and copying `value` into it wrote the result twice in two kernels
    (Keras's ZeroPadding2D, 10% of MobileNetV2). The innermost dims, mostly unpadded channels,
    stay contiguous reads under a test that does not change along them. `fill` is a scalar, or
    a rank-0 tensor read as the generic's input (a GPU kernel takes no host scalar). None for an
    empty `value` (nothing to read)."""
    t = expect(value.type, TensorType)
    shape = t.get_shape()
    if 0 in shape or any(lo < 0 or hi < 0 for lo, hi in pads):
        return None
    out_t = TensorType(
        t.element_type, [n + lo + hi for n, (lo, hi) in zip(shape, pads, strict=True)]
    )

    def body(emit: Emit, args: Sequence[SSAValue]) -> SSAValue:
        def index(v: int) -> SSAValue:
            return emit(arith.ConstantOp(IntegerAttr(v, IndexType()))).result

        indices: list[SSAValue] = []
        inside: SSAValue | None = None
        for d, (n, (lo, hi)) in enumerate(zip(shape, pads, strict=True)):
            at = emit(linalg.IndexOp(d)).result
            if lo == 0 and hi == 0:
                indices.append(at)
                continue
            source = emit(arith.SubiOp(at, index(lo))).result if lo else at
            tests: list[SSAValue] = []
            if lo:
                tests.append(emit(arith.CmpiOp(source, index(0), "sge")).result)
                source = emit(arith.MaxSIOp(source, index(0))).result
            if hi:
                tests.append(emit(arith.CmpiOp(source, index(n - 1), "sle")).result)
                source = emit(arith.MinSIOp(source, index(n - 1))).result
            indices.append(source)
            for test in tests:
                inside = test if inside is None else emit(arith.AndIOp(inside, test)).result
        read = emit(tensor.ExtractOp(value, indices, t.element_type)).result
        outside = args[0] if inputs else fill
        return read if inside is None else emit(arith.SelectOp(inside, read, outside)).result

    rank = len(shape)
    inputs = [fill] if isinstance(fill.type, TensorType) else []
    maps = [affine_map(rank, [])] * len(inputs)
    return generic(b, inputs, maps, empty(b, out_t), identity_map(rank), [PARALLEL] * rank, body)


def scalar_constant(b: LocatedBuilder, value: float, element: Attribute) -> SSAValue:
    from strata.lowering.hlo_to_linalg.scalar_ops import constant

    return b(constant(value, element)).results[0]


def generic(
    b: LocatedBuilder,
    inputs: Sequence[SSAValue],
    input_maps: Sequence[AffineMapAttr],
    init: SSAValue,
    output_map: AffineMapAttr,
    iterators: Sequence[Attribute],
    body: BodyFn,
) -> SSAValue:
    """A linalg.generic over `inputs` writing into `init` (tensor); returns its result tensor."""
    return generic_results(b, inputs, input_maps, [init], [output_map], iterators, body)[0]


def generic_results(
    b: LocatedBuilder,
    inputs: Sequence[SSAValue],
    input_maps: Sequence[AffineMapAttr],
    inits: Sequence[SSAValue],
    output_maps: Sequence[AffineMapAttr],
    iterators: Sequence[Attribute],
    body: MultiBodyFn,
) -> list[SSAValue]:
    """`generic` with several outputs, written into `inits` (tensors); returns the results."""
    arg_types = [element_of(v) for v in [*inputs, *inits]]
    op = b(
        linalg.GenericOp(
            list(inputs),
            list(inits),
            build_body(arg_types, body),
            [*input_maps, *output_maps],
            list(iterators),
            [v.type for v in inits],
        )
    )
    return list(op.res)
