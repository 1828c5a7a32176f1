"""GraphDefs for the benchmarks, built with Strata's own protobuf schema (no TensorFlow)."""

from __future__ import annotations

from typing import Any

import numpy as np

from strata.frontends.graphdef.schema import GraphDef, GraphDefMessage, NodeDefMessage

DT_FLOAT = 1
DT_INT32 = 3


class GraphBuilder:
    """Adds nodes to a GraphDef, or (`nodes`) to a library function's node list."""

    def __init__(self, nodes: Any = None) -> None:
        self.graph: GraphDefMessage = GraphDef()
        self.nodes = self.graph.node if nodes is None else nodes

    def node(self, name: str, op: str, *inputs: str, **int_attrs: int) -> str:
        node: NodeDefMessage = self.nodes.add()
        node.name, node.op = name, op
        node.input.extend(inputs)
        if op not in ("Placeholder", "Const"):
            node.attr["T"].type = DT_FLOAT
        for key, value in int_attrs.items():
            node.attr[key].i = value
        return name

    def placeholder(self, name: str, shape: tuple[int, ...]) -> str:
        self.node(name, "Placeholder")
        node = self.nodes[-1]
        node.attr["dtype"].type = DT_FLOAT
        for d in shape:
            node.attr["shape"].shape.dim.add().size = d
        return name

    def const(self, name: str, value: np.ndarray) -> str:
        self.node(name, "Const")
        node = self.nodes[-1]
        node.attr["dtype"].type = DT_INT32 if value.dtype == np.int32 else DT_FLOAT
        tensor = node.attr["value"].tensor
        tensor.dtype = node.attr["dtype"].type
        for d in value.shape:
            tensor.tensor_shape.dim.add().size = d
        tensor.tensor_content = value.tobytes()
        return name

    def conv2d(self, name: str, x: str, w: str, stride: int = 1, padding: str = "SAME") -> str:
        """Conv2D, NHWC input, HWIO filter."""
        self.node(name, "Conv2D", x, w)
        node = self.nodes[-1]
        node.attr["strides"].list.i.extend([1, stride, stride, 1])
        node.attr["padding"].s = padding.encode()
        return name

    def reduction(self, name: str, op: str, x: str, axis: int) -> str:
        axes = self.const(f"{name}/axis", np.array([axis], np.int32))
        self.node(name, op, x, axes)
        node = self.nodes[-1]
        node.attr["keep_dims"].b = True
        node.attr["Tidx"].type = DT_INT32
        return name


def lstm_while(
    steps: int, batch: int = 16, features: int = 8, units: int = 64, seed: int = 0
) -> tuple[GraphDefMessage, dict[str, np.ndarray]]:
    """A Keras-style LSTM(units) over x[batch, steps, features] as TensorFlow freezes it with
    lower_control_flow=False: one While node whose cond and body are library functions, the
    input split into a TensorList read once per step, the final h through Dense(1) ('y').
    Returns the graph and its weights (w, u, b, dense)."""
    rng = np.random.default_rng(seed)
    weights = {
        "w": rng.normal(0, 0.3, (features, 4 * units)).astype(np.float32),
        "u": rng.normal(0, 0.3, (units, 4 * units)).astype(np.float32),
        "b": rng.normal(0, 0.1, (4 * units,)).astype(np.float32),
        "dense": rng.normal(0, 0.3, (units, 1)).astype(np.float32),
    }
    g = GraphBuilder()
    x = g.placeholder("x", (batch, steps, features))
    xt = g.node("transpose", "Transpose", x, g.const("perm", np.array([1, 0, 2], np.int32)))
    elem = g.const("element_shape", np.array([batch, features], np.int32))
    inputs = g.node("inputs", "TensorListFromTensor", xt, elem)
    zero = g.const("zero", np.array(0, np.int32))
    state = g.const("zeros", np.zeros((batch, units), np.float32))
    loop_inputs = [zero, g.const("max", np.array(steps, np.int32)), zero, state, state, inputs]
    loop_inputs += [g.const(k, weights[k]) for k in ("w", "u", "b")]
    loop = g.node("while", "While", *loop_inputs)
    g.nodes[-1].attr["cond"].func.name = "cond"
    g.nodes[-1].attr["body"].func.name = "body"
    h = g.node("h", "Identity", f"{loop}:3")
    g.node("y", "MatMul", h, g.const("dense", weights["dense"]))
    args = ["counter", "limit", "time", "h_in", "c_in", "list", "w_in", "u_in", "b_in"]

    cond = _function(g.graph, "cond", args, ["keep_going"])
    c = GraphBuilder(cond.node_def)
    steps_const = c.const("steps", np.array(steps, np.int32))
    more = c.node("less", "Less", "counter", "limit")
    in_range = c.node("less_1", "Less", "time", steps_const)
    cond.ret["keep_going"] = c.node("and", "LogicalAnd", more, in_range)

    body = _function(g.graph, "body", args, [f"{a}_out" for a in args])
    f = GraphBuilder(body.node_def)
    one = f.const("one", np.array(1, np.int32))
    shape = f.const("shape", np.array([batch, features], np.int32))
    x_t = f.node("read", "TensorListGetItem", "list", "time", shape)
    body.node_def[-1].attr["element_dtype"].type = DT_FLOAT
    xw = f.node("xw", "MatMul", x_t, "w_in")
    z = f.node("z", "AddV2", xw, f.node("hu", "MatMul", "h_in", "u_in"))
    z = f.node("zb", "BiasAdd", z, "b_in")
    f.node("split", "Split", f.const("axis", np.array(1, np.int32)), z, num_split=4)
    gates = [("i", "Sigmoid"), ("f", "Sigmoid"), ("g", "Tanh"), ("o", "Sigmoid")]
    i, fo, gg, o = (f.node(n, op, f"split:{k}") for k, (n, op) in enumerate(gates))
    c_new = f.node("c_new", "AddV2", f.node("fc", "Mul", fo, "c_in"), f.node("ig", "Mul", i, gg))
    h_new = f.node("h_new", "Mul", o, f.node("tanh_c", "Tanh", c_new))
    counter = f.node("counter_next", "AddV2", "counter", one)
    time = f.node("time_next", "AddV2", "time", one)
    outs = [counter, "limit", time, h_new, c_new, "list", "w_in", "u_in", "b_in"]
    for arg, value in zip(args, outs, strict=True):
        body.ret[f"{arg}_out"] = value
    return g.graph, weights


def _function(graph: GraphDefMessage, name: str, args: list[str], rets: list[str]) -> Any:
    function = graph.library.function.add()
    function.signature.name = name
    for arg in args:
        function.signature.input_arg.add().name = arg
    for ret in rets:
        function.signature.output_arg.add().name = ret
    return function


def lstm_reference(x: np.ndarray, weights: dict[str, np.ndarray]) -> np.ndarray:
    """numpy's answer for `lstm_while` (float64)."""
    w, u, b = (weights[k].astype(np.float64) for k in ("w", "u", "b"))
    units = u.shape[0]
    h = np.zeros((x.shape[0], units))
    c = np.zeros_like(h)
    sigmoid = lambda v: 1 / (1 + np.exp(-v))  # noqa: E731
    for t in range(x.shape[1]):
        z = x[:, t].astype(np.float64) @ w + h @ u + b
        i, f, g, o = np.split(z, 4, axis=1)
        c = sigmoid(f) * c + sigmoid(i) * np.tanh(g)
        h = sigmoid(o) * np.tanh(c)
    return h @ weights["dense"].astype(np.float64)
