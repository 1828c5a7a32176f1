"""linalg-fuse-epilogue: an elementwise op that reads a contraction's result becomes the
contraction's last step, so the result does not travel through memory again.

    %c = linalg.generic ins(%a, %b) outs(%init) { C += A . B }          // a convolution
    %d = linalg.generic ins(%c, %s) outs(%empty) { D = max(C + S, 0) }  // residual add, ReLU
 -> %d = linalg.generic ins(%a, %b, %s) outs(%init) {
    ^bb0(%x, %y, %z, %acc):
      %sum = arith.addf %acc, (%x * %y)
      %e = max(%sum + %z, 0)                                            // the epilogue
      %last = arith.cmpi eq, (linalg.index 2), %c15                     // every reduction index
      %out = arith.select %last, %e, %sum                               //   at its last value
      linalg.yield %out }

This is ordinary linalg on tensors, with the same order of reduction steps as
`linalg-fuse-fill`'s first step: any lowering computes the same values from it.
convert-linalg-to-loops recognises the form (`last_step_epilogue`) and computes the epilogue
once per output element, after the reduction loops, on the accumulator tile it has just finished
(in cache, often in registers), where the epilogue was a kernel of its own that read the whole
result back from memory: a ResNet's residual add and ReLU, a MobileNet's batch norm and ReLU6,
an EfficientNet's swish. On tensors, before bufferization, so the fused op's buffers are
assigned knowing it reads the epilogue's inputs while it writes (after it, a buffer the
epilogue wrote could share bytes with the contraction's inputs).

An epilogue is fused when:
- the contraction is a generic with reductions of static size, multiplies and adds that LLVM may
  contract (a matmul, a convolution, an einsum), and one result C whose every element it writes;
- C is read only by the epilogue, directly or through reshapes (each read only by the next)
  that add or drop dims of size 1 (a depthwise convolution's channel multiplier), split a dim
  (a convolution's merged output rows) or merge dims (`reshaped_positions`);
- the epilogue is an all-parallel generic over that shape that reads it once through the
  identity map, has one output of C's element type written through the identity map and not
  read, and computes with arith and math ops only (no loop index).
The fused op takes the contraction's output and map and the epilogue's other inputs, their maps
composed with the element the contraction writes; its result goes through the same reshapes.
The epilogue is computed by the target that runs the loop nest: the GPU chain (threads, not loop
nests) leaves the ops unfused (`pipeline.stage_passes`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    FusedLoc,
    IndexType,
    IntegerAttr,
    LocationAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
    TensorType,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineExpr, AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from strata.diagnostics import node_names
from strata.transforms.linalg_fuse_fill import (
    PARALLEL,
    index_tests,
    reduction_sizes,
    writes_every_element,
)

RESHAPES = (tensor.CollapseShapeOp, tensor.ExpandShapeOp)


def _shape(value: SSAValue) -> tuple[int, ...] | None:
    t = value.type
    return t.get_shape() if isinstance(t, MemRefType | TensorType) else None


def contracts(op: Operation) -> bool:
    """Whether `op` (an arith float op) carries the `contract` fast-math flag: a multiply and an
    add LLVM may fuse into an FMA."""
    flags = getattr(op, "fastmath", None)
    return isinstance(flags, arith.FastMathFlagsAttr) and "contract" in str(flags)


def _is_contraction(op: Operation) -> bool:
    """A generic with reductions writing every element of its one result, whose body multiplies
    and adds with `contract` (a matmul, convolution or einsum the loop nest tiles)."""
    if not isinstance(op, linalg.GenericOp) or len(op.res) != 1 or len(op.outputs) != 1:
        return False
    if reduction_sizes(op) is None or not writes_every_element(op):
        return False
    ops = list(op.body.block.ops)
    return any(isinstance(o, arith.MulfOp) and contracts(o) for o in ops) and any(
        isinstance(o, arith.AddfOp) and contracts(o) for o in ops
    )


def _identity(amap: AffineMapAttr, rank: int) -> bool:
    results = amap.data.results
    return len(results) == rank and all(
        isinstance(e, AffineDimExpr) and e.position == d for d, e in enumerate(results)
    )


def _only_use(value: SSAValue) -> Operation | None:
    uses = list(value.uses)
    return uses[0].operation if len(uses) == 1 else None


def reshaped_positions(
    exprs: Sequence[AffineExpr], shape: Sequence[int], to: Sequence[int]
) -> list[AffineExpr] | None:
    """The indices, into a row-major reshape to `to`, of the element at `exprs` in `shape`:
    dims of size 1 dropped or added (index 0), and each dim that the reshape splits (a merged
    output-rows convolution's m into h, w: m floordiv w, m mod w) or merges (a sum of the
    parts times their strides) rewritten. None for a reshape that regroups dims otherwise."""
    kept = [(e, n) for e, n in zip(exprs, shape, strict=True) if n != 1]
    sizes = [n for n in to if n != 1]
    found: list[AffineExpr] = []
    i = j = 0
    while i < len(kept) and j < len(sizes):
        group_in, group_out = [i], [j]
        made, wanted = kept[i][1], sizes[j]
        while made != wanted:
            if made < wanted and i + 1 < len(kept):
                i += 1
                group_in.append(i)
                made *= kept[i][1]
            elif wanted < made and j + 1 < len(sizes):
                j += 1
                group_out.append(j)
                wanted *= sizes[j]
            else:
                return None
        if len(group_in) == 1:  # one dim, split (or kept whole)
            expr, stride = kept[group_in[0]][0], made
            for k, d in enumerate(group_out):
                stride //= sizes[d]
                part = expr // stride if stride > 1 else expr
                found.append(part % sizes[d] if k > 0 else part)
        elif len(group_out) == 1:  # several dims merged into one
            total: AffineExpr | None = None
            stride = made
            for d in group_in:
                stride //= kept[d][1]
                term = kept[d][0] * stride if stride > 1 else kept[d][0]
                total = term if total is None else total + term
            if total is None:
                return None
            found.append(total)
        else:
            return None
        i, j = i + 1, j + 1
    if i != len(kept) or j != len(sizes):
        return None
    rest = iter(found)
    return [AffineConstantExpr(0) if n == 1 else next(rest) for n in to]


@dataclass
class _Candidate:
    epilogue: linalg.GenericOp
    reshapes: list[Operation]
    """From the contraction's result to what the epilogue reads, in order."""
    read: int
    """The epilogue's input that is the contraction's result (through `reshapes`)."""
    positions: list[AffineExpr]
    """The element of that input the contraction's iteration writes, over its dims."""


def _epilogue_of(contraction: linalg.GenericOp) -> _Candidate | None:
    """The epilogue that can be fused into `contraction` (see the module's conditions)."""
    c = contraction.res[0]
    reshapes: list[Operation] = []
    reader = _only_use(c)
    value: SSAValue = c
    while isinstance(reader, RESHAPES):
        reshapes.append(reader)
        value = reader.results[0]
        reader = _only_use(value)
    if not isinstance(reader, linalg.GenericOp) or len(reader.res) != 1 or len(reader.outputs) != 1:
        return None
    op = reader
    c_shape, shape = _shape(c), _shape(value)
    if c_shape is None or shape is None or _shape(op.res[0]) != shape:
        return None
    if not isinstance(c.type, TensorType) or op.res[0].type.element_type != c.type.element_type:
        return None  # a result of another type (an f16 model's truncation to f16)
    reads = [i for i, v in enumerate(op.inputs) if v == value]
    maps = op.indexing_maps.data
    if len(reads) != 1 or not _identity(maps[reads[0]], len(shape)):
        return None
    if not _identity(maps[-1], len(shape)) or any(it.data != PARALLEL for it in op.iterator_types):
        return None
    block = op.body.block
    if block.args[len(op.inputs)].uses:
        return None
    if not all(o.dialect_name() in ("arith", "math") for o in list(block.ops)[:-1]):
        return None  # element arithmetic only (no loop index)
    out_map = contraction.indexing_maps.data[-1].data
    positions = reshaped_positions(out_map.results, c_shape, shape)
    if positions is None:
        return None
    return _Candidate(op, reshapes, reads[0], positions)


def _leaves(loc: Attribute) -> list[Attribute]:
    inner = loc.locations if isinstance(loc, FusedLoc) else None
    return [x for i in inner.data for x in _leaves(i)] if isinstance(inner, ArrayAttr) else [loc]


def _joined(first: LocationAttr, second: LocationAttr) -> LocationAttr:
    """One location for an op made of two: their leaves that name TF nodes, each node once (a
    fused location), or `first` when `second` adds no node."""
    leaves: list[Attribute] = []
    names: set[str] = set()
    for leaf in [*_leaves(first), *_leaves(second)]:
        if not set(node_names(leaf)) <= names:
            leaves.append(leaf)
            names |= set(node_names(leaf))
    if names <= set(node_names(first)):
        return first
    return FusedLoc(ArrayAttr(leaves), NoneAttr())


def _defined_before(value: SSAValue, op: Operation) -> bool:
    owner = value.owner
    if isinstance(owner, Block) or owner.parent_block() is not op.parent_block():
        return True  # a block argument, or defined around the block
    return owner.is_before_in_block(op)


def fuse_epilogue(contraction: linalg.GenericOp, found: _Candidate) -> None:
    """Replace `contraction` and the epilogue `found` by the module's fused form."""
    epilogue = found.epilogue
    n_in = len(contraction.inputs)
    e_in = list(epilogue.inputs)
    extra = [i for i in range(len(e_in)) if i != found.read]
    e_block, r_block = epilogue.body.block, contraction.body.block
    block = Block(
        arg_types=[
            *(a.type for a in r_block.args[:n_in]),
            *(e_block.args[i].type for i in extra),
            r_block.args[n_in].type,
        ]
    )
    mapping: dict[SSAValue, SSAValue] = dict(zip(r_block.args[:n_in], block.args, strict=False))
    mapping[r_block.args[n_in]] = block.args[-1]
    mapping.update({e_block.args[i]: block.args[n_in + k] for k, i in enumerate(extra)})
    r_ops, e_ops = list(r_block.ops), list(e_block.ops)
    for o in r_ops[:-1]:
        block.add_op(o.clone(mapping))
    value = mapping.get(r_ops[-1].operands[0], r_ops[-1].operands[0])
    mapping[e_block.args[found.read]] = value
    for o in e_ops[:-1]:
        block.add_op(o.clone(mapping))
    result = mapping.get(e_ops[-1].operands[0], e_ops[-1].operands[0])
    tests: list[Operation] = []
    condition: SSAValue | None = None
    for dim, size in sorted((reduction_sizes(contraction) or {}).items()):
        index = linalg.IndexOp(dim)
        last = arith.ConstantOp(IntegerAttr(size - 1, IndexType()))
        test = arith.CmpiOp(index.result, last.result, "eq")
        tests += [index, last, test]
        condition = test.result
        if len(tests) > 3:
            both = arith.AndIOp(tests[-4].results[0], test.result)
            tests.append(both)
            condition = both.result
    if condition is None:  # unreachable: `_is_contraction` found reductions
        condition = arith.ConstantOp(IntegerAttr(1, 1)).result
    chosen = arith.SelectOp(condition, result, value)
    new = [*tests, chosen, linalg.YieldOp(chosen.result)]
    for o in new:
        o.location = contraction.location
    block.add_ops(new)
    loops = AffineMap(out_map_dims(contraction), 0, tuple(found.positions))
    maps = [
        *contraction.indexing_maps.data[:n_in],
        *(AffineMapAttr(epilogue.indexing_maps.data[i].data.compose(loops)) for i in extra),
        contraction.indexing_maps.data[-1],
    ]
    fused = linalg.GenericOp(
        [*contraction.inputs, *(e_in[i] for i in extra)],
        list(contraction.outputs),
        Region(block),
        maps,
        contraction.iterator_types,
        [contraction.res[0].type],
    )
    fused.location = _joined(contraction.location, epilogue.location)
    # At the contraction when the epilogue's inputs are there already (its fill stays next to
    # it, for linalg-fuse-fill), else at the epilogue.
    captured = [
        v
        for o in e_ops
        for v in o.operands
        if not (isinstance(v, BlockArgument) and v.block is e_block)
        and not (isinstance(v.owner, Operation) and v.owner.parent_block() is e_block)
    ]
    early = all(_defined_before(v, contraction) for v in [*(e_in[i] for i in extra), *captured])
    Rewriter.insert_op(fused, InsertPoint.before(contraction if early else epilogue))
    last_value: SSAValue = fused.res[0]
    at: Operation = fused
    for reshape in found.reshapes:
        copy = reshape.clone({reshape.operands[0]: last_value})
        Rewriter.insert_op(copy, InsertPoint.after(at))
        at, last_value = copy, copy.results[0]
    epilogue.res[0].replace_all_uses_with(last_value)
    init = epilogue.outputs[0].owner
    Rewriter.erase_op(epilogue)
    if isinstance(init, tensor.EmptyOp) and not init.results[0].uses:
        Rewriter.erase_op(init)  # no buffer for it
    for reshape in reversed(found.reshapes):
        Rewriter.erase_op(reshape)
    Rewriter.erase_op(contraction)


def out_map_dims(op: linalg.GenericOp) -> int:
    return op.indexing_maps.data[-1].data.num_dims


@dataclass
class Epilogue:
    """A reduction's last step in `linalg-fuse-epilogue`'s form (`last_step_epilogue`)."""

    select: arith.SelectOp
    """select(every reduction index at its last value, result, value), the body's yield."""
    value: SSAValue
    """What the reduction accumulates."""
    result: SSAValue
    """What the epilogue makes of it."""
    ops: list[Operation]
    """The body's ops that compute `result` from `value`, in order."""
    inputs: list[int]
    """The inputs (positions) those ops read."""


def last_step_epilogue(op: linalg.GenericOp) -> Epilogue | None:
    """The epilogue of a reduction whose body has `linalg-fuse-epilogue`'s form; else None."""
    block = op.body.block
    yielded = block.last_op
    if not isinstance(yielded, linalg.YieldOp) or len(yielded.operands) != 1:
        return None
    select = yielded.operands[0].owner
    if not isinstance(select, arith.SelectOp) or not select.result.has_one_use():
        return None
    sizes = reduction_sizes(op)
    tests = index_tests(select.cond)
    if sizes is None or tests is None or tests != {d: s - 1 for d, s in sizes.items()}:
        return None
    value, result = select.rhs, select.lhs
    needed: set[Operation] = set()
    inputs: set[int] = set()
    work = [result]
    while work:
        v = work.pop()
        if v == value:
            continue
        if isinstance(v, BlockArgument):
            if v.block is not block or v.index >= len(op.inputs):
                return None  # the accumulator, or a value of another block
            inputs.add(v.index)
            continue
        owner = v.owner
        if not isinstance(owner, Operation) or owner.parent_block() is not block or owner in needed:
            continue
        needed.add(owner)
        work.extend(owner.operands)
    ops = [o for o in block.ops if o in needed]
    return Epilogue(select, value, result, ops, sorted(inputs))


def strip_epilogue(
    op: linalg.GenericOp,
    epilogue: Epilogue,
    erase: Callable[[Operation], None] = Rewriter.erase_op,
) -> Epilogue:
    """`op`'s body yields the accumulated value again: the select, its tests and the epilogue's
    ops are erased (through `erase`: a pattern rewriter's, inside a rewrite). Returns the
    epilogue as copies of its ops, in no block, still reading the body's values (the loop nest
    clones them after the reduction, then erases them)."""
    block = op.body.block
    ops = list(block.ops)
    copies: dict[SSAValue, SSAValue] = {}
    template = [o.clone(copies) for o in epilogue.ops]
    ops[-1].operands[0] = epilogue.value
    erase(epilogue.select)
    for o in reversed(ops[:-1]):
        if o.parent is block and not any(r.uses for r in o.results):
            if o in epilogue.ops or isinstance(
                o, arith.CmpiOp | arith.AndIOp | arith.ConstantOp | linalg.IndexOp
            ):
                erase(o)
    result = copies.get(epilogue.result, epilogue.result)
    return Epilogue(epilogue.select, epilogue.value, result, template, epilogue.inputs)


def fuse_epilogues(block: Block) -> None:
    for op in list(block.ops):
        for region in op.regions:
            for inner in region.blocks:
                fuse_epilogues(inner)
        if op.parent is None or not isinstance(op, linalg.GenericOp) or not _is_contraction(op):
            continue
        found = _epilogue_of(op)
        if found is not None:
            fuse_epilogue(op, found)


class LinalgFuseEpiloguePass(ModulePass):
    """Fuses each elementwise op that reads all of a contraction's result, and is its only
    reader, into it as its last step: the contraction yields `select(every reduction index at
    its last value, epilogue, accumulated)`. convert-linalg-to-loops computes the epilogue once
    per output element, after the reduction loops.

    Expects: the `linalg` stage (on tensors), after linalg-fuse-elementwise. Keeps it."""

    name = "linalg-fuse-epilogue"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        fuse_epilogues(op.body.block)
