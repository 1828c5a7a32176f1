"""GraphDefs for the benchmarks, built with Strata's own protobuf schema (no TensorFlow)."""

from __future__ import annotations

import numpy as np

from strata.frontends.graphdef.schema import GraphDef, GraphDefMessage, NodeDefMessage

DT_FLOAT = 1
DT_INT32 = 3


class GraphBuilder:
    def __init__(self) -> None:
        self.graph: GraphDefMessage = GraphDef()

    def node(self, name: str, op: str, *inputs: str, **int_attrs: int) -> str:
        node: NodeDefMessage = self.graph.node.add()
        node.name, node.op = name, op
        node.input.extend(inputs)
        if op not in ("Placeholder", "Const"):
            node.attr["T"].type = DT_FLOAT
        for key, value in int_attrs.items():
            node.attr[key].i = value
        return name

    def placeholder(self, name: str, shape: tuple[int, ...]) -> str:
        self.node(name, "Placeholder")
        node = self.graph.node[-1]
        node.attr["dtype"].type = DT_FLOAT
        for d in shape:
            node.attr["shape"].shape.dim.add().size = d
        return name

    def const(self, name: str, value: np.ndarray) -> str:
        self.node(name, "Const")
        node = self.graph.node[-1]
        node.attr["dtype"].type = DT_INT32 if value.dtype == np.int32 else DT_FLOAT
        tensor = node.attr["value"].tensor
        tensor.dtype = node.attr["dtype"].type
        for d in value.shape:
            tensor.tensor_shape.dim.add().size = d
        tensor.tensor_content = value.tobytes()
        return name

    def reduction(self, name: str, op: str, x: str, axis: int) -> str:
        axes = self.const(f"{name}/axis", np.array([axis], np.int32))
        self.node(name, op, x, axes)
        node = self.graph.node[-1]
        node.attr["keep_dims"].b = True
        node.attr["Tidx"].type = DT_INT32
        return name
