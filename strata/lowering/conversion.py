"""What every `convert-x-to-y` pass does around its patterns: apply them once over the module,
then check the contract (no `x` op left) and fail naming every op that is."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.transforms.dead_code_elimination import region_dce

from strata.diagnostics import fail_on_ops


def convert_dialect(
    module: ModuleOp,
    pass_name: str,
    patterns: Sequence[RewritePattern],
    dialect: str,
    what: str,
    *,
    dce: bool = False,
    ignore: Callable[[Operation], bool] | None = None,
    partial: bool = False,
) -> None:
    """Rewrite `module` with `patterns`; raise PassFailedException listing each `dialect` op left
    (`partial`: leave them, as MLIR's partial conversion does; the module is then NOT at the
    next stage, and the caller finds them).

    `dce` removes ops the rewrite left unused (e.g. shape operands); `ignore` exempts ops that
    go away with their parent (e.g. the body of a reduce that could not be lowered)."""
    PatternRewriteWalker(
        GreedyRewritePatternApplier(list(patterns)), apply_recursively=False
    ).rewrite_module(module)
    if dce:
        region_dce(module.body)
    left = [
        o
        for o in module.walk()
        if o.dialect_name() == dialect and not (ignore is not None and ignore(o))
    ]
    if partial:
        return
    fail_on_ops(pass_name, f"{dialect} ops {what}", left)
