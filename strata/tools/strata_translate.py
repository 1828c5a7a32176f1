"""strata-translate: translations into and out of MLIR (imports and exports, not passes).

    strata-translate --import-graphdef model.pb [--inputs x,y] [--input-shapes 8,784:16,4]
                     [--outputs a,b] [--print-debuginfo] [-o OUT] [--debug]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import NoReturn

from strata.diagnostics import StrataError, run_tool
from strata.loading import ImportOptions, print_ir


class _ArgumentParser(argparse.ArgumentParser):
    """Usage errors are one-line diagnostics (exit 1) like every other error."""

    def error(self, message: str) -> NoReturn:
        raise StrataError(f"{message} (see {self.prog} --help)")


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


# ---------------------------------------------------------------------------------------------
# Translations: each is one flag of the mutually exclusive group and one function.


def import_graphdef(args: argparse.Namespace) -> str:
    from strata.frontends.graphdef import import_graphdef as run_import

    options = ImportOptions(
        inputs=parse_names(args.inputs),
        input_shapes=parse_input_shapes(args.input_shapes),
        outputs=parse_names(args.outputs),
    )
    module = run_import(args.input, options)
    return print_ir(module, debuginfo=args.print_debuginfo)


@dataclass(frozen=True)
class Translation:
    flag: str
    help: str
    run: Callable[[argparse.Namespace], str | bytes]
    """Returns text, or bytes for binary outputs (object files, cubins)."""


TRANSLATIONS: tuple[Translation, ...] = (
    Translation("--import-graphdef", "TensorFlow GraphDef (.pb, .pbtxt) -> tf dialect",
                import_graphdef),
)


def build_parser() -> argparse.ArgumentParser:
    p = _ArgumentParser(prog="strata-translate",
                        description="Translate into MLIR (imports) or out of it (exports).")
    p.add_argument("input", help="input file")
    kinds = p.add_argument_group("translations (exactly one)").add_mutually_exclusive_group(
        required=True
    )
    for translation in TRANSLATIONS:
        kinds.add_argument(translation.flag, dest="translation", action="store_const",
                           const=translation, help=translation.help)
    graphdef = p.add_argument_group("GraphDef import")
    graphdef.add_argument("--inputs", help="comma-separated Placeholder names, in argument order "
                                           "(default: every Placeholder the outputs need)")
    graphdef.add_argument("--input-shapes", help="shapes of --inputs, e.g. 8,784:16,4 "
                                                 "('?' for an unknown dim)")
    graphdef.add_argument("--outputs", help="comma-separated outputs, e.g. Softmax,split:1 "
                                            "(default: the graph's sink nodes)")
    p.add_argument("-o", "--output", help="output file (default: stdout)")
    p.add_argument("--print-debuginfo", "--mlir-print-debuginfo", action="store_true",
                   help="print op locations (the TF node names)")
    p.add_argument("--debug", action="store_true", help="show Python tracebacks")
    return p


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    translation: Translation = args.translation
    result = translation.run(args)
    if isinstance(result, bytes):
        if not args.output:
            raise StrataError(f"{translation.flag} writes binary output: give -o FILE")
        with open(args.output, "wb") as f:
            f.write(result)
        return 0
    if args.output:
        with open(args.output, "w") as f:
            f.write(result)
    else:
        sys.stdout.write(result)
    return 0


def cli() -> None:
    sys.exit(run_tool(main))


if __name__ == "__main__":
    cli()
