"""Coverage before compiling: for every op type of a GraphDef (library functions included), how many
nodes use it and whether each stage supports it, then the unsupported nodes by name.

    report = strata.coverage("model.pb")          # or a GraphDef message
    print(report.format())                        # the table `strata-translate --coverage` prints
    report.compiles                               # True iff the whole graph compiles for the CPU

Columns: `import` (a tf op exists and the node imports), `hlo` (convert-tf-to-hlo lowers it), `cpu`
(what it lowers to goes on through linalg, buffers, loops, llvm and LLVM IR). The static part comes
from the op registry and the `handles` of the tf -> hlo patterns; the exact part from running the
real pipeline on the graph in partial mode (each conversion's `partial` option): each op left
that its stage does not allow is traced back to its TF node through its location. Nodes behind
an unsupported node are cut off (the graph is re-imported with the tensors that feed them as
outputs), so every other node is still compiled; what could not be compiled at all shows `?`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from xdsl.ir import Operation
from xdsl.utils.exceptions import DiagnosticException, PassFailedException, VerifyException

from strata.diagnostics import StrataError, blames_of, node_names, verify_module
from strata.frontends.graphdef.control_flow import CONTROL_FLOW_OPS
from strata.frontends.graphdef.importer import GraphImporter, import_graph
from strata.frontends.graphdef.options import ImportOptions
from strata.frontends.graphdef.refs import TensorRef, data_inputs
from strata.pipeline import PipelineOptions, Stage, chain, stage_leftovers, stage_pipeline

COLUMNS = ("import", "hlo", "cpu")
STAGE_COLUMN = {"tf": "import", "tf-opt": "import", "hlo": "hlo", "hlo-opt": "hlo"}
"""Pipeline stage -> report column; every later stage (and the LLVM IR export) is `cpu`."""
TRIVIAL = ("Placeholder", "NoOp")
"""Imported as a function argument / dropped: nothing to lower."""
MAX_ROUNDS = 32


@dataclass
class NodeCoverage:
    """One node: per column, what compiling it showed (`passed`) or else what the registries say
    (`static`); True / False / None (not known)."""

    name: str
    op: str
    function: str | None = None
    """The library function holding the node; None for the main graph."""
    passed: dict[str, bool | None] = field(default_factory=lambda: dict.fromkeys(COLUMNS))
    static: dict[str, bool | None] = field(default_factory=lambda: dict.fromkeys(COLUMNS))
    reason: str = ""
    static_reason: str = ""

    def known(self, column: str) -> bool | None:
        dynamic = self.passed[column]
        return self.static[column] if dynamic is None else dynamic

    @property
    def failed(self) -> str | None:
        """The first column that fails, if any."""
        return next((c for c in COLUMNS if self.known(c) is False), None)

    def cell(self, column: str) -> str:
        """yes / no / - (an earlier column failed) / ? (not known: the node was never compiled)."""
        failed = self.failed
        if failed is not None and COLUMNS.index(column) > COLUMNS.index(failed):
            return "-"
        value = self.known(column)
        return "?" if value is None else ("yes" if value else "no")

    def fail(self, column: str, reason: str) -> None:
        """Compiling showed the node fails at `column` (the first failure found stays)."""
        if any(self.passed[c] is False for c in COLUMNS[: COLUMNS.index(column) + 1]):
            return
        self.passed[column] = False
        self.reason = reason

    def succeed(self, column: str) -> None:
        """Compiling showed the node passes `column` (and so every earlier one)."""
        for c in COLUMNS[: COLUMNS.index(column) + 1]:
            if self.passed[c] is False:
                return
            self.passed[c] = True

    @property
    def why(self) -> str:
        failed = self.failed
        if failed is not None and self.passed[failed] is False:
            return self.reason
        return self.static_reason

    def describe(self) -> str:
        where = f"node '{self.name}'"
        if self.function is not None:
            where += f" in function '{self.function}'"
        return f"{where} ({self.op}): {self.why} ({self.failed})"


@dataclass
class OpCoverage:
    op: str
    nodes: int
    cells: dict[str, str]


@dataclass
class CoverageReport:
    """What `strata.coverage` finds; `format()` is the table, `to_json()` the machine form."""

    nodes: list[NodeCoverage]
    errors: list[str]
    """Failures no node can be blamed for (e.g. an input with unknown dims)."""
    compiles: bool
    """True iff the graph's outputs compiled all the way (library functions aside)."""

    @property
    def ops(self) -> list[OpCoverage]:
        by_op: dict[str, list[NodeCoverage]] = {}
        for node in self.nodes:
            by_op.setdefault(node.op, []).append(node)
        return [
            OpCoverage(op, len(nodes), {c: _aggregate([n.cell(c) for n in nodes]) for c in COLUMNS})
            for op, nodes in sorted(by_op.items())
        ]

    @property
    def unsupported(self) -> list[NodeCoverage]:
        return [n for n in self.nodes if n.failed is not None]

    def format(self) -> str:
        ops = self.ops
        width = max([len("op type"), *(len(o.op) for o in ops)])
        lines = [f"{'op type':<{width}}  nodes  import  hlo  cpu"]
        for o in ops:
            c = o.cells
            lines.append(
                f"{o.op:<{width}}  {o.nodes:>5}  {c['import']:>6}  {c['hlo']:>3}  {c['cpu']:>3}"
            )
        unsupported = self.unsupported
        if unsupported:
            lines.append("unsupported nodes:")
            lines += [f"  {n.describe()}" for n in unsupported]
        if self.errors:
            lines.append("errors:")
            lines += [f"  {line}" for e in self.errors for line in e.splitlines()]
        if any(n.cell(c) == "?" for n in self.nodes for c in COLUMNS):
            lines.append("?: not compiled (behind an unsupported node, or in a library function)")
        lines.append(f"compiles: {'yes' if self.compiles else 'no'}")
        return "\n".join(lines) + "\n"

    def to_json(self) -> str:
        return json.dumps(
            {
                "compiles": self.compiles,
                "ops": [{"op": o.op, "nodes": o.nodes, **o.cells} for o in self.ops],
                "unsupported": [
                    {
                        "node": n.name,
                        "op": n.op,
                        "function": n.function,
                        "stage": n.failed,
                        "reason": n.why,
                    }
                    for n in self.unsupported
                ],
                "errors": self.errors,
            },
            indent=1,
        )


def _aggregate(cells: Sequence[str]) -> str:
    """One column of an op type: the common value of its nodes, or `k/n` nodes that pass."""
    if len(set(cells)) == 1:
        return cells[0]
    return f"{cells.count('yes')}/{len(cells)}"


# ---------------------------------------------------------------------------------------------
# Static knowledge: the op registry and what the tf -> hlo patterns declare they handle.


def tf_op_class(op_type: str) -> type | None:
    from strata.dialects import tf

    return tf.OPS_BY_TF_NAME.get(op_type)


def importer_ops() -> frozenset[str]:
    """Op types the GraphDef importer handles itself (control flow) rather than as one tf op."""
    return frozenset(CONTROL_FLOW_OPS)


def hlo_lowered_ops() -> dict[type, str]:
    """tf op class -> the tf -> hlo pattern (class name) that declares it in `handles`."""
    from strata.lowering.tf_to_hlo.convert_tf_to_hlo import FAMILIES

    handled: dict[type, str] = {}
    for pattern in (p for family in FAMILIES for p in family.PATTERNS):
        for op_class in getattr(pattern, "handles", ()):
            handled.setdefault(op_class, type(pattern).__name__)
    return handled


def static_node(name: str, op: str, function: str | None, lowered: dict[type, str]) -> NodeCoverage:
    """What the registries say: a tf op exists (import), a tf -> hlo pattern handles it (hlo).
    `cpu` stays unknown until the node is compiled; compiling overrides all three."""
    node = NodeCoverage(name, op, function)
    if op in TRIVIAL:
        node.static = dict.fromkeys(COLUMNS, True)
        return node
    if op in importer_ops():
        node.static["import"] = node.static["hlo"] = True
        return node
    op_class = tf_op_class(op)
    if op_class is None:
        node.static["import"] = False
        node.static_reason = "no tf op"
        return node
    node.static["import"] = True
    node.static["hlo"] = handled_by(op_class, lowered) is not None
    if not node.static["hlo"]:
        node.static_reason = "no lowering to hlo"
    return node


def handled_by(op_class: type, lowered: dict[type, str]) -> str | None:
    """The pattern declaring `op_class` or a base class of it (e.g. tf.ReductionOp) in `handles`."""
    for cls in op_class.__mro__:
        if cls in lowered:
            return lowered[cls]
    return None


# ---------------------------------------------------------------------------------------------
# The exact part: the real pipeline, partially, cutting off what fails.


def _blamed(err: BaseException, known: Iterable[str]) -> dict[str, str]:
    """The nodes an error names as data (see diagnostics.Blame), with their reasons."""
    known = set(known)
    blamed: dict[str, str] = {}
    for blame in blames_of(err):
        for name in blame.nodes:
            if name in known and name not in blamed:
                blamed[name] = blame.reason
    return blamed


class _Cut(Exception):
    """Nodes failed at `column`; re-import without them."""

    def __init__(self, column: str, blamed: dict[str, str]):
        super().__init__(column)
        self.column = column
        self.blamed = blamed


class _Stop(Exception):
    """A failure no node can be blamed for."""


USER_FAILURES = (StrataError, DiagnosticException, PassFailedException, VerifyException, ValueError)


class _Checker:
    """Compiles the graph round after round, cutting off the nodes each round blames."""

    def __init__(self, graph: Any, options: ImportOptions, nodes: dict[str, NodeCoverage]):
        self.graph = graph
        self.options = options
        self.nodes = nodes
        self.importer = GraphImporter(graph, options)
        self.outputs = list(options.outputs or self.importer.default_outputs())
        self.refs = [self.importer.check_output(text) for text in self.outputs]
        self.needed = self.reachable(self.refs)
        self.errors: list[str] = []

    def reachable(self, refs: Sequence[TensorRef]) -> list[str]:
        """Every node the outputs need through data edges, in graph order."""
        return sorted(self.importer.reachable(refs), key=self.importer.order.__getitem__)

    def frontier(self, cut: set[str]) -> list[str]:
        """The user's outputs not behind a cut node, plus every tensor that feeds a cut node."""
        consumers: dict[str, list[str]] = {}
        for name in self.needed:
            for ref in data_inputs(self.importer.nodes[name]):
                consumers.setdefault(ref.node, []).append(name)
        blocked: set[str] = set()
        stack = list(cut)
        while stack:
            name = stack.pop()
            if name in blocked:
                continue
            blocked.add(name)
            stack += consumers.get(name, [])
        outputs: list[str] = [
            text
            for text, ref in zip(self.outputs, self.refs, strict=True)
            if ref.node not in blocked
        ]
        seen = {TensorRef.parse(text) for text in outputs}
        for name in self.needed:
            if name not in blocked:
                continue
            for ref in data_inputs(self.importer.nodes[name]):
                if ref.node in blocked or ref in seen:
                    continue
                if self.importer.nodes[ref.node].op in TRIVIAL:
                    continue
                seen.add(ref)
                outputs.append(ref.node if ref.index == 0 else f"{ref.node}:{ref.index}")
        return outputs

    def run(self) -> bool:
        cut: set[str] = set()  # the importer itself names what it cannot import
        for _ in range(MAX_ROUNDS):
            outputs = self.frontier(cut)
            if not outputs:
                return False
            try:
                self.compile(outputs)
            except _Cut as err:
                for name, reason in err.blamed.items():
                    node = self.nodes[name]
                    node.fail(err.column, reason or node.static_reason or "unsupported")
                cut |= set(err.blamed)
                continue
            except _Stop as err:
                self.errors.append(str(err))
                return False
            return not cut
        self.errors.append(f"gave up after {MAX_ROUNDS} rounds of cutting off unsupported nodes")
        return False

    def compile(self, outputs: list[str]) -> None:
        from strata.registry import make_context

        options = ImportOptions(self.options.inputs, self.options.input_shapes, outputs)
        imported = [
            n
            for n in self.importer.needed_nodes([self.importer.check_output(o) for o in outputs])
            if self.importer.nodes[n].op not in TRIVIAL
        ]
        module = self.attempt("import", imported, lambda: import_graph(self.graph, options))
        ctx = make_context()
        for stage in chain("cpu")[1:]:
            column = STAGE_COLUMN.get(stage.name, "cpu")
            pipeline = stage_pipeline(stage, options=PipelineOptions(partial=True))
            try:
                self.attempt(column, imported, lambda p=pipeline: p.apply(ctx, module))
            except (_Cut, _Stop):
                # Ops left by a partial conversion may fail a later pass; they are the cause.
                if not stage_leftovers(stage, module):
                    raise
            left = stage_leftovers(stage, module)
            if left:
                blamed: dict[str, str] = {}
                for op in left:
                    names = node_names(op.location)
                    if not names:
                        raise _Stop(f"{stage.name}: '{op.name}' op left, with no TF node location")
                    for name in names:
                        blamed.setdefault(name, _leftover_reason(stage, op))
                if column == "hlo":
                    self.mark(imported, "hlo", exclude=blamed)
                blamed = {n: r for n, r in blamed.items() if n in self.nodes}
                if not blamed:
                    raise _Stop(f"{stage.name}: '{left[0].name}' op left")
                raise _Cut(column, blamed)
            self.attempt(column, imported, lambda: verify_module(module))
            if stage.name == "tf-opt":
                self.mark(imported, "import")
            if stage.name == "hlo-opt":
                self.mark(imported, "hlo")

        def export() -> None:
            from strata.targets.llvm_ir import to_llvm_ir
            from strata.targets.llvm_machine import parse

            parse(to_llvm_ir(module))

        self.attempt("cpu", imported, export)
        self.mark(imported, "cpu")

    def attempt(self, column: str, imported: list[str], step: Any) -> Any:
        try:
            return step()
        except Exception as err:  # noqa: BLE001 - a report: every failure is a finding
            message = str(err).removeprefix("Operation does not verify: ").strip()
            if not isinstance(err, USER_FAILURES):
                message = f"{column}: internal error: {type(err).__name__}: {message}"
            blamed = _blamed(err, [n for n in imported if n in self.nodes])
            if not blamed:
                raise _Stop(message) from None
            raise _Cut(column, blamed) from None

    def mark(self, names: Iterable[str], column: str, exclude: Iterable[str] = ()) -> None:
        skip = set(exclude)
        for name in names:
            node = self.nodes.get(name)
            if node is not None and name not in skip:
                node.succeed(column)


def _leftover_reason(stage: Stage, op: Operation) -> str:
    """Why an op was left: the stage's conversion of the op's dialect could not lower it."""
    if stage.name == "hlo":
        return "not lowered to hlo (unsupported op, attribute value or dynamic shape)"
    dialect = op.dialect_name()
    names = [p.strip().split("{")[0] for p in stage.passes.split(",")]
    converter = next((n for n in names if n.startswith(f"convert-{dialect}-to-")), stage.name)
    return f"{converter} could not lower '{op.name}'"


def _load(source: str | Path | object) -> Any:
    from strata.frontends.graphdef import (
        is_graphdef_message,
        load_graphdef,
        parse_graphdef_bytes,
    )
    from strata.frontends.graphdef.schema import GraphDef

    if isinstance(source, (str, Path)):
        return load_graphdef(source)
    if is_graphdef_message(source):
        if isinstance(source, GraphDef):
            return source
        return parse_graphdef_bytes(source.SerializeToString())
    raise StrataError(f"coverage takes a GraphDef (path or message), not a {type(source).__name__}")


def coverage(
    source: str | Path | object,
    outputs: Sequence[str] | None = None,
    inputs: Sequence[str] | None = None,
    input_shapes: Sequence[Sequence[int]] | None = None,
) -> CoverageReport:
    """The coverage report of a GraphDef (path or message) for the given (default: sink) outputs."""
    graph = _load(source)
    options = ImportOptions(inputs=inputs, input_shapes=input_shapes, outputs=outputs)
    lowered = hlo_lowered_ops()
    nodes = {n.name: static_node(n.name, n.op, None, lowered) for n in graph.node}
    checker = _Checker(graph, options, nodes)
    needed = set(checker.needed)
    if outputs is not None:
        nodes = {name: node for name, node in nodes.items() if name in needed}
        checker.nodes = nodes
    for name, node in nodes.items():
        if name not in needed:  # only control edges reach it: dropped on import, like a NoOp
            node.static = dict.fromkeys(COLUMNS, True)
    compiles = checker.run()
    listed = list(nodes.values())
    for function in graph.library.function:
        fname = function.signature.name
        listed += [static_node(n.name, n.op, fname, lowered) for n in function.node_def]
    return CoverageReport(listed, checker.errors, compiles)
