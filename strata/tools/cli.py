"""What the three command-line tools share: an argument parser whose usage errors are one-line
diagnostics with exit status 1, like every other user error (argparse prints the usage and exits
2, which the tools keep for internal errors), `--load-plugin`, and the parsers of the
`--outputs`/`--inputs` names and `--input-shapes` values."""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from strata.diagnostics import StrataError, run_tool


def compile_tool(main: Callable[[list[str]], int]) -> NoReturn:
    """Run a tool whose work is one compile and its run (strata-run, strata-translate) with
    Python's cyclic garbage collector off for the whole process, as `strata.compile` has it off
    for its compile: the collections around it (while the compiler's modules import, and the one
    that scans everything the compile made when it ends) are 0.04-0.05 s of a one-second cold
    compile and free little the process would not drop at exit anyway. strata-opt keeps it: its
    passes run on modules of any size outside `strata.compile`."""
    gc.disable()
    exit_tool(run_tool(main))


def exit_tool(status: int) -> NoReturn:
    """End a tool's process with `status`, skipping the interpreter's collections on the way
    out: at exit Python runs the cyclic garbage collector over every object still alive (xDSL's
    op and attribute classes, the IR, numpy), several passes that only find cycles the process
    is about to drop anyway, 0.1-0.15 s of a one-second compile. Everything is frozen first
    (`gc.freeze`), so those passes see nothing; atexit handlers, the flush of stdout and stderr
    and every finalizer outside a reference cycle still run."""
    gc.freeze()
    sys.exit(status)


class ArgumentParser(argparse.ArgumentParser):
    def __init__(self, *args: object, help_tail: Callable[[], str] | None = None, **kwargs: object):
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.help_tail = help_tail

    def error(self, message: str) -> NoReturn:
        raise StrataError(f"{message} (see {self.prog} --help)")

    def format_help(self) -> str:
        """The usual help, then `help_tail()` (computed only when help is asked for)."""
        text = super().format_help()
        return text if self.help_tail is None else f"{text}\n{self.help_tail()}"


def add_plugin_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--load-plugin",
        action="append",
        default=[],
        metavar="PLUGIN",
        help="load a plugin (a .py file or a module name defining register(plugin)) that adds "
        "dialects, passes and stages; repeatable (installed `strata.plugins` entry points "
        "load by themselves)",
    )


def parse_args(
    build_parser: Callable[[], argparse.ArgumentParser], argv: Sequence[str]
) -> argparse.Namespace:
    """Load the plugins named in `argv` (and the installed ones) first, so that the parser the
    tool then builds offers their stages and passes; then parse."""
    from strata.plugins import load_plugins, plugin_args

    load_plugins(plugin_args(argv))
    return build_parser().parse_args(argv)


def parse_names(text: str | None) -> list[str] | None:
    """`x,y` -> ["x", "y"]; None when the flag was not given."""
    if text is None:
        return None
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise StrataError(f"expected comma-separated names, found '{text}'")
    return names


def parse_input_shapes(text: str | None) -> list[list[int]] | None:
    """`8,784:16,4` -> [[8, 784], [16, 4]]; `?` or -1 is an unknown dim, an empty shape a scalar."""
    if text is None:
        return None
    shapes: list[list[int]] = []
    for part in text.split(":"):
        dims: list[int] = []
        for dim in (d.strip() for d in part.split(",") if part.strip()):
            if dim == "?":
                dims.append(-1)
                continue
            try:
                value = int(dim)
            except ValueError:
                value = -2
            if value < -1:
                raise StrataError(
                    f"--input-shapes: '{part}' is not a shape (expected sizes like 8,784; "
                    "'?' for an unknown one)"
                )
            dims.append(value)
        shapes.append(dims)
    return shapes
