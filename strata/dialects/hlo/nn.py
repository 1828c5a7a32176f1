"""The nn family of `hlo` ops."""

from __future__ import annotations

from xdsl.ir import Attribute, Operation

OPS: list[type[Operation]] = []
ATTRIBUTES: list[type[Attribute]] = []
