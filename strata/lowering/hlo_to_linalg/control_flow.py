"""hlo control flow and run-time-indexed slices -> scf / linalg / tensor on tensors.

    hlo.while(%v = %init) cond {..., hlo.return %c} do {..., hlo.return %next}
 -> scf.while (%v = %init) {..., scf.condition(tensor.extract %c[]) %v} do {..., scf.yield %next}

    hlo.if %p {...} {...} -> scf.if (tensor.extract %p[]) {...} else {...}
    hlo.case %i {b0} {b1} {b2} -> scf.if (%i == 0) {b0} else {scf.if (%i == 1) {b1} else {b2}}

Loops and branches are rewritten first, with the hlo ops of their regions still in place; the
usual patterns then lower those like any others (`lower_control_flow`, run before the walk).

hlo.dynamic_slice is a linalg.generic over the result reading the operand with `tensor.extract` at
the clamped start plus the loop index (as gather does). hlo.dynamic_update_slice is a
`tensor.insert_slice` at clamped run-time offsets: the bufferizer writes the update in place
into the operand's buffer when nothing else reads it (a TensorList written once per iteration
costs the element, not the list).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith, scf, tensor
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, ModuleOp, TensorType
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern
from xdsl.rewriter import InsertPoint, Rewriter

from strata.diagnostics import op_error
from strata.dialects import hlo
from strata.dialects.tensor_types import shape_of
from strata.internal import expect
from strata.lowering.hlo_to_linalg.generic import PARALLEL, affine_map, empty, generic, identity_map
from strata.lowering.hlo_to_linalg.scalar_ops import Emit
from strata.lowering.locations import LocatedBuilder


def refuse_custom_calls(module: ModuleOp) -> None:
    """hlo.custom_call calls a function outside the program, which a compiled Strata program has
    no way to reach: the first one is an error naming its target."""
    for op in module.walk():
        if isinstance(op, hlo.CustomCallOp):
            target = op.call_target_name.data
            hint = (
                " (a check: run the module with `strata-run --run-checks`)"
                if target.startswith("check.")
                else ""
            )
            raise op_error(
                op,
                f"custom_call @{target} cannot be compiled: Strata has no external "
                f"functions to call{hint}",
            )


def lower_control_flow(module: ModuleOp) -> None:
    """Every hlo.while / hlo.if / hlo.case -> scf on tensors, innermost first; the contents of
    their regions are kept (hlo.return becomes the scf terminator)."""
    found = [o for o in module.walk() if isinstance(o, (hlo.WhileOp, hlo.IfOp, hlo.CaseOp))]
    for op in reversed(found):
        if isinstance(op, hlo.WhileOp):
            _lower_while(op)
        elif isinstance(op, hlo.IfOp):
            flag = _extract_scalar(op, op.pred)
            new = scf.IfOp(
                flag,
                [r.type for r in op.results],
                _yielding(op.true_branch),
                _yielding(op.false_branch),
            )
            new.location = op.location
            Rewriter.replace_op(op, new)
        else:
            _lower_case(op)


def _extract_scalar(op: Operation, value: SSAValue) -> SSAValue:
    """`tensor.extract %value[]` inserted before `op`."""
    element = expect(value.type, TensorType).element_type
    extract = tensor.ExtractOp(value, [], element)
    extract.location = op.location
    Rewriter.insert_op(extract, InsertPoint.before(op))
    return extract.result


def _yielding(region: Region) -> Region:
    """`region`'s blocks moved into a new region, its hlo.return made an scf.yield."""
    end = expect(region.block.last_op, hlo.ReturnOp)
    yield_op = scf.YieldOp(*end.arguments)
    yield_op.location = end.location
    Rewriter.replace_op(end, yield_op)
    moved = Region()
    region.move_blocks(moved)
    return moved


def _lower_while(loop: hlo.WhileOp) -> None:
    cond_block = loop.cond.block
    cond_return = expect(cond_block.last_op, hlo.ReturnOp)
    flag = tensor.ExtractOp(cond_return.arguments[0], [], IntegerType(1))
    condition = scf.ConditionOp(flag.result, *cond_block.args)
    flag.location = condition.location = cond_return.location
    Rewriter.replace_op(cond_return, [flag, condition])
    cond = Region()
    loop.cond.move_blocks(cond)
    new = scf.WhileOp(
        list(loop.operand), [r.type for r in loop.results], cond, _yielding(loop.body)
    )
    new.location = loop.location
    Rewriter.replace_op(loop, new)


def _lower_case(op: hlo.CaseOp) -> None:
    """hlo.case -> a chain of scf.if on index == k; the last branch is the final else (it also
    runs for an index out of range, as StableHLO specifies)."""
    index = _extract_scalar(op, op.index)
    branches = list(op.branches)
    types = [r.type for r in op.results]
    tail = _yielding(branches[-1])
    for k in range(len(branches) - 2, -1, -1):
        constant = arith.ConstantOp(IntegerAttr(k, expect(index.type, IntegerType)))
        test = arith.CmpiOp(index, constant.result, "eq")
        if_op = scf.IfOp(test.result, types, _yielding(branches[k]), tail)
        for made in (constant, test, if_op):
            made.location = op.location
        if k == 0:
            Rewriter.insert_op([constant, test], InsertPoint.before(op))
            Rewriter.replace_op(op, if_op)
            return
        tail = Region(Block([constant, test, if_op, scf.YieldOp(*if_op.results)]))
    # One branch: its ops run in place of the case.
    block = tail.block
    end = expect(block.last_op, scf.YieldOp)
    values = list(end.operands)
    end.erase()
    for inner in list(block.ops):
        inner.detach()
        Rewriter.insert_op(inner, InsertPoint.before(op))
    Rewriter.replace_op(op, [], values)


def _index(emit: Emit, value: int) -> SSAValue:
    return emit(arith.ConstantOp.from_int_and_width(value, IndexType())).result


def clamped_start(emit: Emit, start: SSAValue, high: int) -> SSAValue:
    """An integer start index as `index`, clamped to [0, high] (StableHLO's rule)."""
    index = emit(arith.IndexCastOp(start, IndexType())).result
    low = emit(arith.MaxSIOp(index, _index(emit, 0))).result
    return emit(arith.MinSIOp(low, _index(emit, high))).result


class DynamicSliceLowering(RewritePattern):
    """hlo.dynamic_slice %x, %i.. -> linalg.generic ins(%i.. : () scalars) outs(tensor.empty)
    { tensor.extract %x[clamp(%i) + linalg.index] }"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.DynamicSliceOp):
            return
        out_t = expect(op.result.type, TensorType)
        shape, sizes = shape_of(op.operand.type), shape_of(out_t)
        rank = len(shape)
        starts = list(op.start_indices)
        operand = op.operand
        b = LocatedBuilder(rewriter, op)

        def body(emit: Emit, args: Sequence[SSAValue]) -> SSAValue:
            position = []
            for d in range(rank):
                start = clamped_start(emit, args[d], shape[d] - sizes[d])
                position.append(emit(arith.AddiOp(start, emit(linalg.IndexOp(d)).result)).result)
            return emit(tensor.ExtractOp(operand, position, out_t.element_type)).result

        maps = [affine_map(rank, [])] * rank
        result = generic(
            b, starts, maps, empty(b, out_t), identity_map(rank), [PARALLEL] * rank, body
        )
        rewriter.replace(op, [], [result])


class DynamicUpdateSliceLowering(RewritePattern):
    """hlo.dynamic_update_slice %x, %u, %i.. -> tensor.insert_slice %u into %x[clamp(%i)..]"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, hlo.DynamicUpdateSliceOp):
            return
        shape, sizes = shape_of(op.operand.type), shape_of(op.update.type)
        b = LocatedBuilder(rewriter, op)
        offsets = []
        for d, start in enumerate(op.start_indices):
            element = expect(start.type, TensorType).element_type
            scalar = b(tensor.ExtractOp(start, [], element)).result
            offsets.append(clamped_start(b, scalar, shape[d] - sizes[d]))
        insert = b(
            tensor.InsertSliceOp.get(
                op.update, op.operand, sizes, offsets=offsets, result_type=op.result.type
            )
        )
        rewriter.replace(op, [], [insert.result])


class OptimizationBarrierLowering(RewritePattern):
    """hlo.optimization_barrier %a, %b -> %a, %b: past the hlo stages, where it kept constants
    from folding, nothing is left to hold back."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: hlo.OptimizationBarrierOp, rewriter: PatternRewriter, /
    ) -> None:
        rewriter.replace(op, [], list(op.operand))


PATTERNS: list[RewritePattern] = [
    DynamicSliceLowering(),
    DynamicUpdateSliceLowering(),
    OptimizationBarrierLowering(),
]
