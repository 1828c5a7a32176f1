"""Reading NodeDef attributes for the op builders: typed, with a diagnostic naming the node."""

from __future__ import annotations

from xdsl.dialects.builtin import NameLoc, NoneAttr, StringAttr
from xdsl.ir import Attribute

from strata.diagnostics import Blame, StrataError, graph_node_error
from strata.frontends.graphdef.schema import AttrValueMessage, NodeDefMessage
from strata.frontends.graphdef.tensors import element_type_of


def location(name: str) -> NameLoc:
    return NameLoc(StringAttr(name), NoneAttr())


def node_label(node: NodeDefMessage) -> str:
    return f"node '{node.name}' (tf.{node.op})"


def node_error(node: NodeDefMessage, message: str) -> StrataError:
    """`node 'name' (tf.Op): message`, with the node named as data (see diagnostics.Blame)."""
    return graph_node_error(node.name, node.op, message)


def blame_node(err: StrataError, name: str, prefix: str) -> StrataError:
    """`err` (raised while importing node `name`) naming that node as data, unless it already
    names nodes; `prefix` is how the message names it (`node 'x' (tf.Op)`), left out of the
    reason."""
    if not err.blames:
        err.blames = (Blame((name,), str(err).removeprefix(prefix).removeprefix(": ")),)
    return err


KINDS = {
    "b": "a bool", "i": "an int", "f": "a float", "s": "a string", "list": "a list",
    "type": "a type", "shape": "a shape", "tensor": "a tensor", "func": "a function",
    "placeholder": "a placeholder",
}  # fmt: skip
"""AttrValue's `value` fields, as a diagnostic names what it found."""


def _value(node: NodeDefMessage, name: str, kind: str) -> AttrValueMessage:
    """Attribute `name` (present) of `node`, which must hold a value of `kind` (an AttrValue
    field): one of another kind (an int where TF's op takes a bool) is a diagnostic, not read
    as that field's default."""
    value = node.attr[name]
    found = value.WhichOneof("value")
    if found is not None and found != kind:
        raise node_error(
            node, f"attribute '{name}' must be {KINDS[kind]}, found {KINDS.get(found, found)}"
        )
    return value


def attr_bool(node: NodeDefMessage, name: str, default: bool = False) -> bool:
    if name not in node.attr:
        return default
    return bool(_value(node, name, "b").b)


def attr_string(node: NodeDefMessage, name: str, default: str) -> str:
    if name not in node.attr:
        return default
    return _value(node, name, "s").s.decode("utf-8", errors="replace")


def attr_int(node: NodeDefMessage, name: str, default: int | None = None) -> int:
    if name not in node.attr:
        if default is None:
            raise node_error(node, f"attribute '{name}' is missing")
        return default
    return int(_value(node, name, "i").i)


def attr_float(node: NodeDefMessage, name: str, default: float | None = None) -> float:
    if name not in node.attr:
        if default is None:
            raise node_error(node, f"attribute '{name}' is missing")
        return default
    return float(_value(node, name, "f").f)


def attr_ints(node: NodeDefMessage, name: str, default: list[int] | None = None) -> list[int]:
    if name not in node.attr:
        if default is None:
            raise node_error(node, f"attribute '{name}' is missing")
        return list(default)
    return [int(v) for v in _value(node, name, "list").list.i]


def attr_element_type(node: NodeDefMessage, name: str) -> Attribute:
    if name not in node.attr:
        raise node_error(node, f"attribute '{name}' is missing")
    return element_type_of(_value(node, name, "type").type, node_label(node))
