"""What every `convert-x-to-y` pass does around its patterns: apply them once over the module,
then check the contract (no `x` op left) and fail naming every op that is."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.transforms.dead_code_elimination import region_dce

from strata.diagnostics import PassContractError, fail_on_ops


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
    convert_dialects(
        module, pass_name, patterns, {dialect: what}, dce=dce, ignore=ignore, partial=partial
    )


def convert_dialects(
    module: ModuleOp,
    pass_name: str,
    patterns: Sequence[RewritePattern],
    dialects: Mapping[str, str],
    *,
    dce: bool = False,
    ignore: Callable[[Operation], bool] | None = None,
    partial: bool = False,
) -> None:
    """`convert_dialect` for several dialects in one walk: `dialects` maps each to what its
    leftover ops are; one error names the ops left of every dialect."""
    PatternRewriteWalker(
        GreedyRewritePatternApplier(list(patterns)), apply_recursively=False
    ).rewrite_module(module)
    if dce:
        region_dce(module.body)
    if partial:
        return
    left: dict[str, list[Operation]] = {d: [] for d in dialects}
    for o in module.walk():
        found = left.get(o.dialect_name())
        if found is not None and not (ignore is not None and ignore(o)):
            found.append(o)
    failures: list[PassContractError] = []
    for dialect, what in dialects.items():
        try:
            fail_on_ops(pass_name, f"{dialect} ops {what}", left[dialect])
        except PassContractError as failure:
            failures.append(failure)
    if len(failures) == 1:
        raise failures[0]
    if failures:  # every dialect's leftovers, in one error
        raise PassContractError(
            "\n".join(str(f) for f in failures),
            [b for f in failures for b in f.blames],
            [d for f in failures for d in f.diagnostics],
        )
