"""Lowering of the `loops` stage to the `llvm` dialect: one pass per source dialect.

Run in the order of the `llvm` stage (strata/pipeline.py); unrealized casts bridge the passes and
`reconcile-unrealized-casts` removes them at the end.
"""
