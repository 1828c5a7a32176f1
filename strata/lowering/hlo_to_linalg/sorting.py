"""Lowering of hlo.sort and hlo.map (ops that apply a region to elements) (being written)."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.pattern_rewriter import RewritePattern

PATTERNS: tuple[RewritePattern, ...] = ()


def expand(module: ModuleOp) -> None:
    """Rewrites of this family's ops into other hlo ops, run before control flow lowers (so an
    expansion may make hlo.while loops); nothing yet."""
