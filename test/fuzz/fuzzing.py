"""What the fuzzers share: run a tool's main on one case in this process, within a deadline, and
check that it ended as a user sees a good ending (a result, or a diagnostic with exit 1)."""

from __future__ import annotations

import contextlib
import io
import signal
from collections.abc import Callable, Iterator

import pytest

from strata.diagnostics import run_tool


class Hang(BaseException):  # not an Exception: run_tool must not take it for an internal error
    pass


@contextlib.contextmanager
def deadline(seconds: int) -> Iterator[None]:
    def expire(signum: int, frame: object) -> None:
        raise Hang

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def run_case(main: Callable[[list[str]], int], argv: list[str], seconds: int) -> tuple[int, str]:
    """`main(argv)` as the tool runs it: its exit status and what it wrote on stderr."""
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
        try:
            with deadline(seconds):
                status = run_tool(main, argv)
        except Hang:
            pytest.fail(f"{argv[0]}: no answer within {seconds} s")
    return status, stderr.getvalue()


def assert_diagnostic_or_result(
    main: Callable[[list[str]], int], argv: list[str], seconds: int
) -> None:
    """Exit 0, or exit 1 with a diagnostic; never an internal error or a traceback."""
    status, message = run_case(main, argv, seconds)
    assert status in (0, 1), f"{argv[0]}: exit {status}: {message}"
    assert "internal compiler error" not in message and "Traceback" not in message, message
    if status == 1:
        assert message.strip(), f"{argv[0]}: exit 1 without a diagnostic"
