"""User-facing errors: how Strata names an op or TF node, and how tools turn failures into one line.

Anything a user can cause ends as a `StrataError` (or an xDSL parse/verify/pass error); tools print
it on stderr and exit 1. `--debug` re-raises so the traceback is visible.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable

from xdsl.dialects.builtin import FileLineColLoc, FusedLoc, NameLoc
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import (
    DiagnosticException,
    ParseError,
    PassFailedException,
    VerifyException,
)


class StrataError(Exception):
    """An error caused by the user's input; its message is the whole diagnostic."""


def describe_location(loc: Attribute) -> str | None:
    """`node 'name'` for a TF node location, `file:line:col` for a file one, None if unknown."""
    if isinstance(loc, NameLoc):
        return f"node '{loc.desc.data}'"
    if isinstance(loc, FileLineColLoc):
        return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"
    if isinstance(loc, FusedLoc):
        parts = [describe_location(inner) for inner in loc.locations.data]  # type: ignore[attr-defined]
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
    return StrataError(op_message(op, message))


def verify_module(module: Operation) -> None:
    """Verify every op once; the first failure becomes a one-line diagnostic naming the op."""
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
    raise PassFailedException("\n".join(lines))


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
