"""hlo.bitcast_convert, hlo.reduce_precision, hlo.tuple, hlo.get_tuple_element (being written)."""

from __future__ import annotations

from xdsl.ir import Attribute, Operation

OPS: list[type[Operation]] = []
ATTRIBUTES: list[type[Attribute]] = []
