"""One builder per GraphDef op type that needs its attributes read; a tf op whose constructor
takes only operands is built positionally and needs no row. One module per op family."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.ir import Operation, SSAValue

from strata.frontends.graphdef.builders import core, gather, math, nn, reduction, shape
from strata.frontends.graphdef.schema import NodeDefMessage

Builder = Callable[[NodeDefMessage, list[SSAValue]], Operation]

BUILDERS: dict[str, Builder] = {}
for _family in (core, shape, nn, math, reduction, gather):
    BUILDERS.update(_family.BUILDERS)
