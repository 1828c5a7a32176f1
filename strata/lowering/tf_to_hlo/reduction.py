"""tf reduction ops -> hlo."""

from __future__ import annotations

from xdsl.pattern_rewriter import RewritePattern

PATTERNS: tuple[RewritePattern, ...] = ()
