"""User-facing errors: how Strata names an op or TF node, and how tools turn failures into one line.

Anything a user can cause ends as a `StrataError` (or an xDSL parse/verify/pass error); tools print
it on stderr and exit 1. `--debug` re-raises so the traceback is visible.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import ArrayAttr, FileLineColLoc, FusedLoc, NameLoc
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import (
    DiagnosticException,
    ParseError,
    PassFailedException,
    VerifyException,
)

from strata.internal import expect
from strata.xdsl_fixes import indexed_symbol_lookups


@dataclass(frozen=True)
class Blame:
    """What a diagnostic says of the TF nodes it is about: their names, and the reason without
    the `node '...' (tf.Op):` prefix. Tools print the message; the coverage report reads this."""

    nodes: tuple[str, ...]
    reason: str


class StrataError(Exception):
    """An error caused by the user's input; its message is the whole diagnostic, `blames` the
    TF nodes it names (empty when it is about no node)."""

    def __init__(self, message: str, blames: Sequence[Blame] = ()):
        super().__init__(message)
        self.blames = tuple(blames)


class PassContractError(PassFailedException):
    """A pass's contract failed on some ops (`fail_on_ops`); `blames` names their TF nodes."""

    def __init__(self, message: str, blames: Sequence[Blame] = ()):
        super().__init__(message)
        self.blames = tuple(blames)


def node_names(loc: Attribute) -> tuple[str, ...]:
    """The TF node names a location carries (a NameLoc, or the NameLocs inside a FusedLoc)."""
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


def describe_op(op: Operation) -> str:
    """How diagnostics name an op: `node 'dense/MatMul' (tf.MatMul)` or `'hlo.add' op`."""
    where = describe_location(op.location)
    if where is None:
        return f"'{op.name}' op"
    return f"{where} ({op.name})"


def op_message(op: Operation, message: str) -> str:
    """MLIR-style: `'tf.MatMul' op <message>`, or `node 'name' (tf.MatMul): <message>`."""
    where = describe_op(op)
    return f"{where} {message}" if where.endswith(" op") else f"{where}: {message}"


def op_error(op: Operation, message: str) -> StrataError:
    names = node_names(op.location)
    return StrataError(op_message(op, message), [Blame(names, message)] if names else [])


def graph_node_error(name: str, op_type: str, message: str) -> StrataError:
    """`node 'name' (tf.Op): message`, about a GraphDef node that has no op yet."""
    return StrataError(f"node '{name}' (tf.{op_type}): {message}", [Blame((name,), message)])


def verify_module(module: Operation) -> None:
    """Verify every op once; the first failure becomes a one-line diagnostic naming the op.
    Symbol lookups (every call's callee) use an index built once per symbol table."""
    with indexed_symbol_lookups():
        for op in module.walk():
            try:
                op.verify(verify_nested_ops=False)
            except VerifyException as err:
                text = str(err).removeprefix("Operation does not verify: ")
                raise op_error(op, text) from None


def fail_on_ops(pass_name: str, what: str, ops: Iterable[Operation]) -> None:
    """Raise one PassFailedException naming every op in `ops` (a pass contract check)."""
    offending = list(ops)
    if not offending:
        return
    lines = [f"{pass_name}: {len(offending)} {what}:"]
    lines += [f"  {describe_op(op)}" for op in offending]
    blames = [Blame(node_names(op.location), "") for op in offending]
    raise PassContractError("\n".join(lines), [b for b in blames if b.nodes])


class ExecutionError(RuntimeError):
    """A compiled function returned an error status (e.g. a gather index out of range); the
    message names the TF node, like TensorFlow's own error for the same input."""


class InputError(StrataError, ValueError):
    """Inputs given to a compiled function that do not fit its signature (also a ValueError, as
    Python's own argument errors are)."""


# ValueError is not here: one raised elsewhere is a bug in Strata, not the user's mistake.
USER_ERRORS = (
    StrataError,
    DiagnosticException,
    ParseError,
    VerifyException,
    ExecutionError,
)


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
        text = str(err).strip() or type(err).__name__
        print(f"error: {text}", file=sys.stderr)
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
