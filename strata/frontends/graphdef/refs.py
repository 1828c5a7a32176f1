"""GraphDef's tensor references (`name:index`) and a node's data inputs; a leaf module that the
importer, the control-flow evaluator and the coverage report all read."""

from __future__ import annotations

from dataclasses import dataclass

from strata.frontends.graphdef.schema import NodeDefMessage


@dataclass(frozen=True)
class TensorRef:
    """One output of a node: GraphDef's `name:index` (`name` alone is index 0)."""

    node: str
    index: int

    @staticmethod
    def parse(text: str) -> TensorRef:
        name, colon, index = text.rpartition(":")
        if colon and index.isdigit():
            return TensorRef(name, int(index))
        return TensorRef(text, 0)


def data_inputs(node: NodeDefMessage) -> list[TensorRef]:
    """The node's data inputs; control inputs (`^name`) only order execution and are dropped."""
    return [TensorRef.parse(text) for text in node.input if not text.startswith("^")]
