"""Internal invariants: checks that only a bug in Strata itself can fail.

User input (IR text, a GraphDef) never reaches `expect` failing: verifiers and pass diagnostics
reject it first. `expect` narrows a type where a verifier has already guaranteed it.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


class InternalError(Exception):
    """A broken invariant of Strata itself (a bug), never a mistake in the user's input."""


def expect(value: object, kind: type[T], what: str = "value") -> T:
    """`value` as a `kind`; an InternalError naming `what` when it is not one."""
    if not isinstance(value, kind):
        raise InternalError(f"internal error: {what} must be {kind.__name__}, found {value!r}")
    return value
