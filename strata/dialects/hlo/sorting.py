"""hlo.sort and hlo.map (ops that apply a region to elements) (being written)."""

from __future__ import annotations

from xdsl.ir import Attribute, Operation

OPS: list[type[Operation]] = []
ATTRIBUTES: list[type[Attribute]] = []
