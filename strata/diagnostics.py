"""User-facing errors: how Strata names an op or TF node, and how tools turn failures into one line.

Anything a user can cause ends as a `StrataError` (or an xDSL parse/verify/pass error); tools print
it on stderr and exit 1. `--debug` re-raises so the traceback is visible.

Only xDSL's exception types are imported here: the IR classes a message reads (locations, ops)
are imported where they are read, so a tool that never builds IR (a compile served from the
compile cache) never imports xDSL's IR.
"""

from __future__ import annotations

import re
import struct
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.utils.exceptions import (
    DiagnosticException,
    ParseError,
    PassFailedException,
    VerifyException,
)

from strata.internal import expect

if TYPE_CHECKING:
    from xdsl.ir import Attribute, Operation


@dataclass(frozen=True)
class Blame:
    """What a diagnostic says of the TF nodes it is about: their names, and the reason without
    the `node '...' (tf.Op):` prefix. Tools print the message; the coverage report reads this."""

    nodes: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class Diagnostic:
    """One message about one place, as MLIR reports it: `file:line:col: error: message`.
    `location` is the op's (a `loc("file":line:col)` gives the position, a TF node name gives
    none: the message then names the node)."""

    severity: str
    message: str
    location: Attribute | None = None

    @property
    def position(self) -> tuple[str, int, int] | None:
        """(file, line, column) where the location has one."""
        loc = self.location
        if loc is None:
            return None
        from xdsl.dialects.builtin import ArrayAttr, FileLineColLoc, FusedLoc, NameLoc

        while isinstance(loc, NameLoc):
            loc = loc.location
        if isinstance(loc, FusedLoc):
            loc = next(
                (x for x in expect(loc.locations, ArrayAttr, "locations").data
                 if isinstance(x, FileLineColLoc)),
                None,
            )  # fmt: skip
        if isinstance(loc, FileLineColLoc):
            return loc.filename.data, loc.line.data, loc.column.data
        return None

    def format(self) -> str:
        where = self.position
        if where is None:
            return f"{self.severity}: {self.message}"
        return f"{where[0]}:{where[1]}:{where[2]}: {self.severity}: {self.message}"


class StrataError(Exception):
    """An error caused by the user's input; its message is the whole diagnostic, `blames` the
    TF nodes it names (empty when it is about no node), `diagnostics` the located messages it
    is made of (empty: the message is one unlocated error)."""

    def __init__(
        self,
        message: str,
        blames: Sequence[Blame] = (),
        diagnostics: Sequence[Diagnostic] = (),
    ):
        super().__init__(message)
        self.blames = tuple(blames)
        self.diagnostics = tuple(diagnostics)


class CompileError(StrataError):
    """What `strata.compile` raises for an error xDSL reports (a parse, verify or pass error,
    e.g. a pass contract naming TF nodes), so that one `except StrataError` catches every error
    the input can cause. The original is `__cause__`; its blames and diagnostics carry over, and
    tools print it as they print the original."""

    @staticmethod
    def of(err: BaseException) -> CompileError:
        wrapped = CompileError(
            str(err).strip() or type(err).__name__, blames_of(err), diagnostics_of(err)
        )
        wrapped.__cause__ = err
        return wrapped


class PassContractError(PassFailedException):
    """A pass's contract failed on some ops (`fail_on_ops`); `blames` names their TF nodes,
    `diagnostics` has one entry per op."""

    def __init__(
        self,
        message: str,
        blames: Sequence[Blame] = (),
        diagnostics: Sequence[Diagnostic] = (),
    ):
        super().__init__(message)
        self.blames = tuple(blames)
        self.diagnostics = tuple(diagnostics)


def node_names(loc: Attribute) -> tuple[str, ...]:
    """The TF node names a location carries (a NameLoc, or the NameLocs inside a FusedLoc)."""
    from xdsl.dialects.builtin import ArrayAttr, FusedLoc, NameLoc

    if isinstance(loc, NameLoc):
        return (loc.desc.data,)
    if isinstance(loc, FusedLoc):
        locations = expect(loc.locations, ArrayAttr, "fused_loc locations")
        return tuple(n for inner in locations.data for n in node_names(inner))
    return ()


def blames_of(err: BaseException) -> tuple[Blame, ...]:
    """The nodes an error is about, as data (empty for errors that carry none)."""
    blames = getattr(err, "blames", ())
    return tuple(b for b in blames if isinstance(b, Blame))


def describe_location(loc: Attribute) -> str | None:
    """`node 'name'` for a TF node location, `file:line:col` for a file one, None if unknown."""
    from xdsl.dialects.builtin import ArrayAttr, FileLineColLoc, FusedLoc, NameLoc

    if isinstance(loc, NameLoc):
        return f"node '{loc.desc.data}'"
    if isinstance(loc, FileLineColLoc):
        return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"
    if isinstance(loc, FusedLoc):
        locations = expect(loc.locations, ArrayAttr, "fused_loc locations")
        parts = [describe_location(inner) for inner in locations.data]
        named = [p for p in parts if p is not None]
        return " + ".join(named) if named else None
    return None


def _mlir_style(op: Operation) -> bool:
    """Whether diagnostics about `op` read as MLIR's (`'hlo.add' op ...`, after the position
    when it has one) rather than by TF node."""
    return not node_names(op.location)


def describe_op(op: Operation) -> str:
    """How diagnostics name an op: `node 'dense/MatMul' (tf.MatMul)`, `'hlo.add' op`, or with a
    file location `x.mlir:3:8: 'hlo.add' op`."""
    if _mlir_style(op):
        where = Diagnostic("error", "", op.location).position
        prefix = f"{where[0]}:{where[1]}:{where[2]}: " if where is not None else ""
        return f"{prefix}'{op.name}' op"
    return f"{describe_location(op.location)} ({op.name})"


def op_message(op: Operation, message: str) -> str:
    """MLIR-style: `'tf.MatMul' op <message>` (after `file:line:col: ` when the op has a file
    location), or `node 'name' (tf.MatMul): <message>`."""
    where = describe_op(op)
    return f"{where} {message}" if where.endswith(" op") else f"{where}: {message}"


def op_diagnostic(op: Operation, message: str, severity: str = "error") -> Diagnostic:
    """`message` about `op`, located at it (the position goes in front when printed)."""
    text = f"'{op.name}' op {message}" if _mlir_style(op) else op_message(op, message)
    return Diagnostic(severity, text, op.location)


def op_error(op: Operation, message: str) -> StrataError:
    names = node_names(op.location)
    return StrataError(
        op_message(op, message),
        [Blame(names, message)] if names else [],
        [op_diagnostic(op, message)],
    )


def graph_node_error(name: str, op_type: str, message: str) -> StrataError:
    """`node 'name' (tf.Op): message`, about a GraphDef node that has no op yet."""
    return StrataError(f"node '{name}' (tf.{op_type}): {message}", [Blame((name,), message)])


PYTHON_ERRORS = (ValueError, OverflowError, NotImplementedError, struct.error)
"""What xDSL's attribute code raises, instead of its own exceptions, on values it cannot hold
or print (a float attribute of type f80, a literal out of range): the input's fault."""


def _first_failure(root: Operation) -> StrataError | None:
    for op in root.walk():
        try:
            op.verify(verify_nested_ops=False)
        except VerifyException as err:
            return op_error(op, str(err).removeprefix("Operation does not verify: "))
        except PYTHON_ERRORS as err:
            reason = str(err) or type(err).__name__
            return op_error(op, f"does not verify: an attribute xDSL cannot handle ({reason})")
    return None


def verify_module(module: Operation) -> None:
    """Verify every op once. As in MLIR, each top-level op (each function) is verified on its
    own and reports its first failure; all of them are raised together, one line each.
    Symbol lookups (every call's callee) use an index built once per symbol table."""
    from strata.xdsl_fixes import indexed_symbol_lookups

    failures: list[StrataError] = []
    with indexed_symbol_lookups():
        try:
            module.verify(verify_nested_ops=False)
        except VerifyException as err:
            failures.append(op_error(module, str(err).removeprefix("Operation does not verify: ")))
        for region in module.regions:
            for block in region.blocks:
                for top in block.ops:
                    failure = _first_failure(top)
                    if failure is not None:
                        failures.append(failure)
    if len(failures) == 1:
        raise failures[0]
    if failures:
        raise StrataError(
            "\n".join(str(f) for f in failures),
            [b for f in failures for b in f.blames],
            [d for f in failures for d in f.diagnostics],
        )


def fail_on_ops(pass_name: str, what: str, ops: Iterable[Operation]) -> None:
    """Raise one PassFailedException naming every op in `ops` (a pass contract check)."""
    offending = list(ops)
    if not offending:
        return
    lines = [f"{pass_name}: {len(offending)} {what}:"]
    lines += [f"  {describe_op(op)}" for op in offending]
    blames = [Blame(node_names(op.location), "") for op in offending]
    raise PassContractError(
        "\n".join(lines),
        [b for b in blames if b.nodes],
        [op_diagnostic(op, f"{pass_name}: {what}") for op in offending],
    )


class ExecutionError(RuntimeError):
    """A compiled function returned an error status (e.g. a gather index out of range); the
    message names the TF node, like TensorFlow's own error for the same input."""


class LoopTripsExceeded(ExecutionError):
    """A loop ran the `trips` its lists were held for and would have run more (an rt.check
    with `loop_trips`): its results would be cut short. strata.compile, where it chose that
    bound, compiles the model again with a larger one and calls again."""

    def __init__(self, message: str, trips: int):
        super().__init__(message)
        self.trips = trips


class InputError(StrataError, ValueError):
    """Inputs given to a compiled function that do not fit its signature (also a ValueError, as
    Python's own argument errors are)."""


XDSL_ERRORS = (DiagnosticException, ParseError)
"""What xDSL raises for bad IR (parse, verify and pass errors: VerifyException and
PassFailedException are DiagnosticExceptions); `strata.compile` turns them into CompileError."""

# ValueError is not here: one raised elsewhere is a bug in Strata, not the user's mistake.
USER_ERRORS = (
    StrataError,
    DiagnosticException,
    ParseError,
    VerifyException,
    ExecutionError,
)


_LEADING_POSITION = re.compile(r"^(\S+?:\d+:\d+): (?!error: )(.*)", re.DOTALL)


def diagnostics_of(err: BaseException) -> list[Diagnostic]:
    """What `err` reports, as diagnostics: its own located ones where it carries them; a parse
    error at its position; otherwise one error with its text (a `file:line:col: ` at the start
    of the text is read as its position)."""
    own = getattr(err, "diagnostics", ())
    if own:
        return [d for d in own if isinstance(d, Diagnostic)]
    from xdsl.dialects.builtin import FileLineColLoc, IntAttr, StringAttr

    if isinstance(err, ParseError):
        at = err.span.get_location()
        position = FileLineColLoc(StringAttr(at.file), IntAttr(at.line), IntAttr(at.col))
        return [Diagnostic("error", err.msg, position)]
    text = str(err).strip() or type(err).__name__
    match = _LEADING_POSITION.match(text)
    if match:
        file, line, column = match.group(1).rsplit(":", 2)
        position = FileLineColLoc(StringAttr(file), IntAttr(int(line)), IntAttr(int(column)))
        return [Diagnostic("error", match.group(2), position)]
    return [Diagnostic("error", text)]


def format_error(err: BaseException) -> str:
    """How tools print a user error: MLIR's `file:line:col: error: message`, one per
    diagnostic (`error: message` where there is no position); a parse error also shows its
    source line."""
    if isinstance(err, CompileError) and err.__cause__ is not None:
        return format_error(err.__cause__)
    if isinstance(err, ParseError):
        (diagnostic,) = diagnostics_of(err)
        context = str(err).splitlines()
        return "\n".join([diagnostic.format(), *context[1:-1]])
    diagnostics = diagnostics_of(err)
    if all(d.position is not None for d in diagnostics):
        return "\n".join(d.format() for d in diagnostics)
    # Ops named by TF node: the message as written (a contract failure lists them all).
    return f"error: {str(err).strip() or type(err).__name__}"


def run_tool(main: Callable[[list[str]], int], argv: list[str] | None = None) -> int:
    """Run a tool's main; user errors become `error: ...` on stderr, exit 1 (`--debug`: raise)."""
    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args
    try:
        return main(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except (*USER_ERRORS, OSError) as err:
        if debug:
            raise
        print(format_error(err), file=sys.stderr)
        return 1
    except MemoryError as err:  # e.g. a constant of a 40-billion-element tensor, made to fold
        if debug:
            raise
        print(f"error: out of memory: {str(err) or 'MemoryError'}", file=sys.stderr)
        return 1
    except Exception as err:  # a bug in Strata, not in the input: say so, in one line
        if debug:
            raise
        first = (str(err).strip().splitlines() or [""])[0]
        print(
            f"error: internal compiler error: {type(err).__name__}: {first} "
            "(rerun with --debug for the traceback, and please report it)",
            file=sys.stderr,
        )
        return 2
