"""Builders for the math family of tf ops (attributes read off the NodeDef)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xdsl.ir import Operation, SSAValue

BUILDERS: dict[str, Callable[[Any, list[SSAValue]], Operation]] = {}
