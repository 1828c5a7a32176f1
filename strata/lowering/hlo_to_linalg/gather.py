"""hlo gather ops -> linalg on tensors."""

from __future__ import annotations

from xdsl.pattern_rewriter import RewritePattern

PATTERNS: tuple[RewritePattern, ...] = ()
