"""What every `convert-x-to-y` pass does around its patterns: apply them once over the module,
then check the contract (no `x` op left) and fail naming every op that is."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.transforms.dead_code_elimination import region_dce

from strata.diagnostics import fail_on_ops


@dataclass(frozen=True)
class Leftover:
    """An op a conversion could not lower, recorded instead of raising (`recording_leftovers`)."""

    pass_name: str
    op: Operation


_RECORDER: ContextVar[list[Leftover] | None] = ContextVar("strata_leftovers", default=None)


@contextmanager
def recording_leftovers() -> Iterator[list[Leftover]]:
    """Partial conversion: inside this block every `convert_dialect` appends the ops it could not
    lower to the yielded list and returns instead of raising. The module is then NOT at the next
    stage; the coverage report uses this to find every unsupported op of a stage in one run."""
    recorded: list[Leftover] = []
    token = _RECORDER.set(recorded)
    try:
        yield recorded
    finally:
        _RECORDER.reset(token)


def convert_dialect(
    module: ModuleOp,
    pass_name: str,
    patterns: Sequence[RewritePattern],
    dialect: str,
    what: str,
    *,
    dce: bool = False,
    ignore: Callable[[Operation], bool] | None = None,
) -> None:
    """Rewrite `module` with `patterns`; raise PassFailedException listing each `dialect` op left
    (inside `recording_leftovers()`: record them and return).

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
    recorder = _RECORDER.get()
    if recorder is not None:
        recorder.extend(Leftover(pass_name, o) for o in left)
        return
    fail_on_ops(pass_name, f"{dialect} ops {what}", left)
