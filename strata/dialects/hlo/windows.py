"""hlo.select_and_scatter (being written)."""

from __future__ import annotations

from xdsl.ir import Attribute, Operation

OPS: list[type[Operation]] = []
ATTRIBUTES: list[type[Attribute]] = []
