"""The convert-linalg-to-parallel-loops pass: each linalg.generic on memrefs becomes scf.parallel
nests whose `mapping` (`#gpu.loop_dim_map`) says which GPU blocks and threads run them.

    linalg.generic ins(%a) outs(%b) {...}
->  scf.parallel (%bx) = (%c0) to (%cG) step (%c1) {
      scf.parallel (%tx) = (%c0) to (%cB) step (%c1) { scf.if (in range) { load; body; store } }
        {mapping = [#gpu.loop_dim_map<processor = thread_x, ...>]}
    } {mapping = [#gpu.loop_dim_map<processor = block_x, ...>]}

See `strategies.py` for the three shapes (direct, row reduction, contraction).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, ModuleOp, StringAttr, TensorType
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern
from xdsl.rewriter import InsertPoint

from strata.diagnostics import fail_on_ops
from strata.lowering.linalg_to_loops.loop_nest import loop_sizes
from strata.lowering.linalg_to_parallel_loops.emitter import Emitter
from strata.lowering.linalg_to_parallel_loops.strategies import (
    Options,
    emit_contraction,
    emit_direct,
    emit_row_reduction,
    match_contraction,
    match_row_reduction,
    shared_global,
)
from strata.lowering.linalg_to_parallel_loops.window_copies import window_copies_to_generics


def _host_function(op: Operation, module: ModuleOp) -> func.FuncOp | None:
    """The function of `module` whose body holds `op`, directly or in the regions of host
    control flow (scf.while, scf.if, scf.index_switch: the host plan runs them)."""
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        if not isinstance(parent, scf.WhileOp | scf.IfOp | scf.IndexSwitchOp):
            return None
        parent = parent.parent_op()
    if parent is None or parent.parent_op() is not module:
        return None
    return parent


@dataclass
class GenericToParallelLoops(RewritePattern):
    """linalg.generic on memrefs -> block-level scf.parallel { thread-level scf.parallel phases }"""

    module: ModuleOp
    options: Options
    chosen: list[tuple[Operation, str]] = field(default_factory=list)
    """(op, strategy) for each op rewritten, in order (for tests and reports)."""
    shared_count: int = 0

    def shared(self, anchor: Operation, shape: Sequence[int], element: Attribute) -> str:
        """Declares a fresh `@__shared_<N>` global before `anchor` (a top-level op)."""
        taken = set()
        for o in self.module.ops:
            name = o.properties.get("sym_name") or o.attributes.get("sym_name")
            if isinstance(name, StringAttr):
                taken.add(name.data)
        while f"__shared_{self.shared_count}" in taken:
            self.shared_count += 1
        name = f"__shared_{self.shared_count}"
        self.shared_count += 1
        self.module.body.block.insert_op_before(shared_global(name, shape, element), anchor)
        return name

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, linalg.GenericOp) or op.res:
            return
        function = _host_function(op, self.module)
        if function is None:
            return
        sizes = loop_sizes(op)
        if sizes is None:
            return
        # Index constants go before the nest (after the first one), where they dominate it.
        zero = arith.ConstantOp(IntegerAttr(0, IndexType()))
        zero.location = op.location
        rewriter.insert(zero, InsertPoint.before(op))
        consts: dict[int, SSAValue] = {0: zero.result}

        def index(value: int) -> SSAValue:
            if value not in consts:
                const = arith.ConstantOp(IntegerAttr(value, IndexType()))
                const.location = op.location
                rewriter.insert(const, InsertPoint.after(zero))
                consts[value] = const.result
            return consts[value]

        e = Emitter(rewriter, InsertPoint.before(op), op.location, index)

        def shared(shape: Sequence[int], element: Attribute) -> str:
            return self.shared(function, shape, element)

        # An empty loop has no rows or tiles to give a block to; the direct kernel guards it.
        empty = 0 in sizes
        contraction = None if empty else match_contraction(op, sizes, self.options)
        reduction = None if empty else match_row_reduction(op, sizes, self.options)
        if contraction is not None:
            strategy = emit_contraction(op, sizes, contraction, e, self.options, shared)
        elif reduction is not None:
            strategy = emit_row_reduction(op, sizes, reduction, e, self.options, shared)
        else:
            strategy = emit_direct(op, sizes, e, self.options)
        self.chosen.append((op, strategy))
        rewriter.erase(op)


@dataclass(frozen=True)
class ConvertLinalgToParallelLoopsPass(ModulePass):
    """Lowers each linalg.generic on memrefs in a function body to scf.parallel nests mapped to
    GPU blocks and threads (`mapping = [#gpu.loop_dim_map<...>]`): a block-level scf.parallel
    whose body runs thread-level scf.parallel phases; shared memory as
    `memref.global "private" @__shared_<N> : memref<..., 3>`.

    Expects: the `buffers` stage. Guarantees: no `linalg` op is left; the nests are correct when
    every scf.parallel runs sequentially. Fails naming each generic it cannot map (dynamic
    shapes, symbols in maps, ops on tensors).
    """

    name = "convert-linalg-to-parallel-loops"

    block_size: int = 256
    tile: int = 16
    min_tree_reduction: int = 32

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        on_tensors = [
            o
            for o in op.walk()
            if o.dialect_name() == "linalg"
            and any(isinstance(v.type, TensorType) for v in o.operands)
        ]
        fail_on_ops(self.name, "linalg ops still on tensors (run bufferize first)", on_tensors)
        for f in op.ops:
            if isinstance(f, func.FuncOp) and not f.is_declaration:
                window_copies_to_generics(f)
        pattern = GenericToParallelLoops(
            op, Options(self.block_size, self.tile, self.min_tree_reduction)
        )
        PatternRewriteWalker(pattern, apply_recursively=False).rewrite_module(op)
        left = [
            o
            for o in op.walk()
            if o.dialect_name() == "linalg" and not isinstance(o, (linalg.YieldOp, linalg.IndexOp))
        ]
        fail_on_ops(self.name, "linalg ops could not be mapped to GPU loops", left)
