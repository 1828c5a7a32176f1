"""GraphDef -> `tf` dialect: one `func.func @main` over the Placeholders, one tf op per needed node.

Nodes are imported only if an output needs them, in topological order; shapes come from the tf
ops' own type inference, never from here.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    DictionaryAttr,
    ModuleOp,
    StringAttr,
    TensorType,
)
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.irdl import VariadicDef
from xdsl.utils.exceptions import VerifyException

import strata.frontends.graphdef.control_flow as control_flow
import strata.frontends.graphdef.layout as layout
from strata.abi import (
    ENTRY_FUNCTION_ATTR,
    LENGTHS_KEY,
    UNUSED_INPUTS_KEY,
    RunTimeLength,
    format_lengths,
)
from strata.diagnostics import Blame, StrataError
from strata.dialects import tf
from strata.dialects.element_kinds import is_integer
from strata.dialects.tensor_types import element_type_for, tensor_type
from strata.frontends.graphdef.builders import BUILDERS
from strata.frontends.graphdef.builders.attrs import blame_node, location, node_error, node_label
from strata.frontends.graphdef.options import UNKNOWN_INPUT_DIMS, ImportOptions
from strata.frontends.graphdef.refs import TensorRef, data_inputs
from strata.frontends.graphdef.schema import NodeDef
from strata.frontends.graphdef.tensors import DT_BFLOAT16, numpy_dtype, shape_dims
from strata.transforms.tf_fold_constants import folded, folded_parts

if TYPE_CHECKING:
    from strata.frontends.graphdef.schema import GraphDefMessage, NodeDefMessage

PLACEHOLDER = "Placeholder"
PLACEHOLDER_WITH_DEFAULT = "PlaceholderWithDefault"


def _placeholder_with_default(node: NodeDefMessage, fed: bool) -> NodeDefMessage:
    """TF1's placeholder_with_default (keep_prob, is_training): an input when it is named among
    the inputs, else its default, as TensorFlow uses it when nothing feeds it (an Identity of
    input 0). A copy: the caller's GraphDef is left as it is."""
    copy = NodeDef()
    copy.CopyFrom(node)
    dtype = node.attr["dtype"].type if "dtype" in node.attr else 1
    if fed:
        copy.op = PLACEHOLDER
        del copy.input[:]
    else:
        copy.op = "Identity"
        copy.attr["T"].type = dtype
        if "shape" in copy.attr:  # TF requires it; a graph made by hand may lack it
            del copy.attr["shape"]
    return copy


NO_OP = "NoOp"


def _build_positional(node: NodeDefMessage, operands: list[SSAValue]) -> Operation:
    op_class: type[Operation] = tf.OPS_BY_TF_NAME[node.op]
    try:
        return op_class(*operands)
    except TypeError:
        raise node_error(node, f"cannot build from {len(operands)} inputs") from None


def _check_arity(node: NodeDefMessage, operands: list[SSAValue]) -> None:
    """A node must have as many data inputs as its op has operands (unless they are variadic)."""
    op_class = tf.OPS_BY_TF_NAME[node.op]
    op_def = op_class.get_irdl_definition()  # type: ignore[attr-defined]  # tf ops are IRDL ops
    if any(isinstance(d, VariadicDef) for _, d in op_def.operands):
        return
    expected = tf.ALIAS_INPUTS.get(node.op, len(op_def.operands))
    if len(operands) != expected:
        raise node_error(node, f"expected {expected} data inputs, found {len(operands)}")


# ---------------------------------------------------------------------------------------------
# The graph walk


class GraphImporter:
    """Imports one GraphDef with the chosen inputs, input shapes and outputs."""

    def __init__(self, graph: GraphDefMessage, options: ImportOptions):
        self.nodes: dict[str, NodeDefMessage] = {}
        self.order: dict[str, int] = {}
        for index, original in enumerate(graph.node):
            if original.op == PLACEHOLDER_WITH_DEFAULT:
                fed = original.name in (options.inputs or ())
                original = _placeholder_with_default(original, fed)
            nodes = layout.as_nhwc(original) if layout.is_nchw_window(original) else [original]
            for node in nodes:
                if node.name in self.nodes:
                    raise StrataError(f"graph has two nodes named '{node.name}'")
                self.nodes[node.name] = node
                self.order[node.name] = index
        self.options = options
        self.unsupported: StrataError | None = None
        """check_supported's error, deferred while control flow may leave those nodes unbuilt."""
        # Functional While loops are kept; v1 loops, conditionals and TensorLists outside kept
        # loops are unrolled / resolved at import time.
        self.control_flow = (
            control_flow.ControlFlowImporter(
                self, graph.library, options.keep_loops, options.max_loop_trips
            )
            if control_flow.uses_control_flow(graph.node)
            else None
        )

    # -- outputs -----------------------------------------------------------------------------

    def default_outputs(self) -> list[str]:
        """The data sinks: nodes whose outputs nobody consumes, in graph order.

        NoOps, Placeholders and nodes used only through control edges are not sinks.
        """
        consumed: set[str] = set()
        for node in self.nodes.values():
            for text in node.input:
                consumed.add(TensorRef.parse(text.removeprefix("^")).node)
        return [
            name
            for name, node in self.nodes.items()
            if name not in consumed and node.op not in (NO_OP, PLACEHOLDER)
        ]

    def check_output(self, text: str) -> TensorRef:
        ref = TensorRef.parse(text)
        if ref.node not in self.nodes:
            candidates = self.default_outputs() or list(self.nodes)
            shown = ", ".join(candidates[:5]) + (", ..." if len(candidates) > 5 else "")
            raise StrataError(
                f"output '{text}' names no node in the graph (sinks: {shown or 'none'})"
            )
        if self.nodes[ref.node].op == NO_OP:
            raise StrataError(f"output '{text}' is a NoOp, which has no value")
        return ref

    # -- which nodes, in which order ------------------------------------------------------------

    def needed_nodes(self, outputs: Sequence[TensorRef]) -> list[str]:
        """Every node the outputs depend on through data edges, in topological order."""
        return self._topological(self.reachable(outputs))

    def reachable(self, outputs: Sequence[TensorRef]) -> set[str]:
        """Every node the outputs depend on through data edges (cycles allowed: v1 control flow
        has them, through NextIteration)."""
        needed: set[str] = set()
        stack = [ref.node for ref in outputs]
        while stack:
            name = stack.pop()
            if name in needed:
                continue
            needed.add(name)
            node = self.nodes[name]
            for ref in data_inputs(node):
                if ref.node not in self.nodes:
                    raise node_error(node, f"input '{ref.node}' names no node in the graph")
                stack.append(ref.node)
        return needed

    def _topological(self, needed: set[str]) -> list[str]:
        """Kahn's algorithm, ties broken by graph order so the IR reads like the GraphDef."""
        pending = {name: 0 for name in needed}
        users: dict[str, list[str]] = {name: [] for name in needed}
        for name in needed:
            for ref in data_inputs(self.nodes[name]):
                if control_flow.is_back_edge(self.nodes[ref.node], self.nodes[name]):
                    continue
                pending[name] += 1
                users[ref.node].append(name)
        ready = [(self.order[name], name) for name, count in pending.items() if count == 0]
        heapq.heapify(ready)
        result: list[str] = []
        while ready:
            _, name = heapq.heappop(ready)
            result.append(name)
            for user in users[name]:
                pending[user] -= 1
                if pending[user] == 0:
                    heapq.heappush(ready, (self.order[user], user))
        if len(result) != len(needed):
            stuck = min((n for n in needed if pending[n] > 0), key=lambda n: self.order[n])
            raise StrataError(f"graph has a cycle through {node_label(self.nodes[stuck])}")
        return result

    def check_supported(self, names: Sequence[str]) -> None:
        if self.control_flow is not None:
            self.control_flow.check_supported(names)
            return
        unsupported = [
            self.nodes[name]
            for name in names
            if self.nodes[name].op not in (PLACEHOLDER, NO_OP)
            and self.nodes[name].op not in tf.OPS_BY_TF_NAME
        ]
        if not unsupported:
            return
        noun = "op" if len(unsupported) == 1 else "ops"
        lines = [f"graph has {len(unsupported)} unsupported {noun}:"]
        lines += [f"  node '{node.name}' ({node.op})" for node in unsupported]
        raise StrataError("\n".join(lines), [Blame((node.name,), "") for node in unsupported])

    # -- inputs ---------------------------------------------------------------------------------

    def choose_inputs(self, needed: Sequence[str]) -> list[str]:
        """The Placeholders that become arguments: `options.inputs`, or every needed one."""
        placeholders = [name for name in needed if self.nodes[name].op == PLACEHOLDER]
        if not self.options.inputs:
            return placeholders
        inputs = list(self.options.inputs)
        for name in inputs:
            if name not in self.nodes:
                raise StrataError(f"input '{name}' names no node in the graph")
            if self.nodes[name].op != PLACEHOLDER:
                raise StrataError(
                    f"input '{name}' is not a Placeholder (its op is {self.nodes[name].op})"
                )
        missing = [name for name in placeholders if name not in inputs]
        if missing:
            raise StrataError(
                f"node '{missing[0]}' (Placeholder) is needed by the outputs but is not an input"
            )
        return inputs

    def input_type(self, name: str, override: Sequence[int] | None) -> TensorType:
        node = self.nodes[name]
        label = f"node '{name}' (Placeholder)"
        if "dtype" not in node.attr:
            raise StrataError(f"{label}: attribute 'dtype' is missing")
        if node.attr["dtype"].type % 100 == DT_BFLOAT16:
            raise StrataError(
                f"{label}: a bfloat16 input is not supported (a call passes numpy arrays, and "
                "numpy has no bfloat16): make the input float32 and cast it in the graph"
            )
        element = element_type_for(numpy_dtype(node.attr["dtype"].type, label))
        declared = shape_dims(node.attr["shape"].shape) if "shape" in node.attr else None
        if override is None:
            if declared is None:
                raise StrataError(f"{label}: shape has unknown rank; give it with --input-shapes")
            return tensor_type(element, declared)
        shape = [int(d) for d in override]
        if declared is not None and (
            len(declared) != len(shape)
            or any(d >= 0 and s >= 0 and d != s for d, s in zip(declared, shape, strict=True))
        ):
            raise StrataError(
                f"{label}: input shape {_format(shape)} does not match its shape "
                f"{_format(declared)}"
            )
        return tensor_type(element, shape)

    # -- building ---------------------------------------------------------------------------------

    def build_node(self, node: NodeDefMessage, values: dict[TensorRef, SSAValue]) -> Operation:
        operands: list[SSAValue] = []
        for ref in data_inputs(node):
            if ref not in values:
                raise node_error(
                    node,
                    f"input '{ref.node}:{ref.index}' does not exist "
                    f"(node '{ref.node}' has fewer outputs)",
                )
            operands.append(values[ref])
        _check_arity(node, operands)
        builder = BUILDERS.get(node.op, _build_positional)
        try:
            op = builder(node, operands)
            op.verify_()
        except StrataError as err:
            raise blame_node(err, node.name, node_label(node)) from None
        except VerifyException as err:
            message = str(err).removeprefix("Operation does not verify: ")
            raise node_error(node, f"{message}") from None
        except ValueError as err:
            raise node_error(node, f"{err}") from None
        op.location = location(node.name)
        return op

    def run(self) -> ModuleOp:
        output_names = list(self.options.outputs or self.default_outputs())
        if not output_names:
            raise StrataError(
                "graph has no outputs: no node's data output is left unconsumed "
                f"({len(self.nodes)} nodes); name them with --outputs"
            )
        outputs = [self.check_output(text) for text in output_names]
        needed = self.needed_nodes(outputs)
        try:
            self.check_supported(needed)
        except StrataError as err:
            if self.control_flow is None:
                raise
            # A branch decided at import (is_training fed by its default) is never built: the
            # list of every unsupported node is the error once one of them is built.
            self.unsupported = err

        inputs = self.choose_inputs(needed)
        shapes = list(self.options.input_shapes or [])
        if shapes and len(shapes) != len(inputs):
            raise StrataError(
                f"{len(shapes)} input shapes given for {len(inputs)} inputs ({', '.join(inputs)})"
            )
        arg_types = [
            self.input_type(name, shapes[i] if shapes else None) for i, name in enumerate(inputs)
        ]

        if self.control_flow is not None:
            # Loops are kept or unrolled here, where list lengths and trip counts need every
            # dimension: inputs of unknown shape are named now (else convert-tf-to-hlo does).
            unknown = [
                f"  node '{name}': {t}"
                for name, t in zip(inputs, arg_types, strict=True)
                if DYNAMIC_INDEX in t.get_shape()
            ]
            if unknown:
                raise StrataError("\n".join([UNKNOWN_INPUT_DIMS, *unknown]))
        block = Block(arg_types=arg_types)
        values: dict[TensorRef, SSAValue] = {}
        for name, arg in zip(inputs, block.args, strict=True):
            arg.location = location(name)
            values[TensorRef(name, 0)] = arg
        if self.control_flow is not None:
            values.update(self.control_flow.build(block, values, outputs))
        else:
            for name in needed:
                node = self.nodes[name]
                if node.op in (PLACEHOLDER, NO_OP):
                    continue
                op = self.build_node(node, values)
                parts = folded_parts(op)
                if parts is not None:  # a constant shape unpacked or split, or shapes queried
                    op.erase()  # never inserted: its operands must not keep it as a user
                    block.add_ops(parts)
                    for index, part in enumerate(parts):
                        values[TensorRef(name, index)] = part.output
                    continue
                if _shape_arithmetic(op) and (const := folded(op)) is not None:
                    op.erase()
                    op = const
                block.add_op(op)
                for index, result in enumerate(op.results):
                    values[TensorRef(name, index)] = result

        results: list[SSAValue] = []
        result_names: list[str] = []
        for text, ref in zip(output_names, outputs, strict=True):
            expand = self.options.outputs is None and TensorRef.parse(text).index == 0
            found = self._output_values(text, ref, values, expand)
            results += [value for _, value in found]
            result_names += [label for label, _ in found]
        # An output with a dim the data decide is returned padded to its bound, its length
        # after all outputs as a hidden one (abi.RunTimeLength).
        limited = self.control_flow.run_lengths if self.control_flow is not None else {}
        lengths = [
            RunTimeLength(label, limited[value].axis)
            for label, value in zip(result_names, results, strict=True)
            if value in limited
        ]
        for dim, value in zip(lengths, [v for v in results if v in limited], strict=True):
            results.append(limited[value].length)
            result_names.append(dim.length)
        block.add_op(ReturnOp(*results))

        func = FuncOp("main", (arg_types, [value.type for value in results]), Region(block))
        entry = {
            "inputs": StringAttr(",".join(inputs)),
            "outputs": StringAttr(",".join(result_names)),
        }
        if lengths:
            entry[LENGTHS_KEY] = StringAttr(format_lengths(lengths))
        unused = [n for n, node in self.nodes.items() if node.op == PLACEHOLDER and n not in inputs]
        if unused:
            entry[UNUSED_INPUTS_KEY] = StringAttr(",".join(unused))
        func.attributes[ENTRY_FUNCTION_ATTR] = DictionaryAttr(entry)
        return ModuleOp([func])

    def _output_values(
        self, text: str, ref: TensorRef, values: dict[TensorRef, SSAValue], expand: bool
    ) -> list[tuple[str, SSAValue]]:
        """The value an output names; a default sink with several results gives all of them."""
        if expand and TensorRef(ref.node, 1) in values:
            found = []
            index = 0
            while TensorRef(ref.node, index) in values:
                found.append((f"{ref.node}:{index}", values[TensorRef(ref.node, index)]))
                index += 1
            return found
        if ref not in values:
            node = self.nodes[ref.node]
            raise StrataError(f"output '{text}': {node_label(node)} has no output {ref.index}")
        return [(text, values[ref])]


def _shape_arithmetic(op: Operation) -> bool:
    """Whether `op` has one integer result, or one float result of a few elements: shape
    arithmetic, folded at import when its operands are constants, so that an op whose result
    shape depends on it can be built (tf.signal.frame's StridedSlice on a ConcatV2 of constants;
    Keras Resizing's crop sizes, computed through floats). tf-fold-constants folds the rest."""
    if len(op.results) != 1:
        return False
    t = op.results[0].type
    if not isinstance(t, TensorType):
        return False
    if is_integer(t.element_type):
        return True
    shape = t.get_shape()
    return all(d >= 0 for d in shape) and math.prod(shape) <= control_flow.SMALL_FLOATS


def _format(shape: Sequence[int]) -> str:
    return "[" + ",".join("?" if d < 0 else str(d) for d in shape) + "]"


def import_graph(graph: GraphDefMessage, options: ImportOptions) -> ModuleOp:
    """The `tf` stage module of a parsed GraphDef message."""
    return GraphImporter(graph, options).run()
