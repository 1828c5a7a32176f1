"""The reduction family of `tf` ops."""

from __future__ import annotations

from xdsl.ir import Operation

OPS: list[type[Operation]] = []
