"""strata-opt: run passes or pipeline stages over IR text, print the result.

strata-opt FILE [-p pass,pass{opt=v}] [--emit=STAGE] [--split-input-file]
           [--verify-diagnostics] [--print-ir-after-all] [--timing] [-o OUT]
"""

from __future__ import annotations

import argparse
import re
import sys
import time

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from strata.diagnostics import USER_ERRORS, StrataError, run_tool, verify_module
from strata.frontends.graphdef.options import ImportOptions
from strata.loading import is_graphdef_path, load_module, parse_ir, print_ir
from strata.pipeline import STAGE_NAMES, run_stages
from strata.registry import all_passes, make_context, parse_pass_pipeline, pass_summary
from strata.tools.cli import ArgumentParser

SPLIT_MARKER = "// -----"
EXPECTED_ERROR = re.compile(r"expected-error(?:@[^\s]+)?\s*\{\{(.*?)\}\}")


def build_parser() -> argparse.ArgumentParser:
    p = ArgumentParser(
        prog="strata-opt", description="Run Strata passes or pipeline stages over IR."
    )
    p.add_argument("input", nargs="?", default="-", help="input .mlir file ('-' for stdin)")
    p.add_argument("-p", "--passes", default="", help="comma-separated pass pipeline")
    p.add_argument(
        "--pass-pipeline",
        default="",
        help="MLIR's textual pipeline, e.g. 'builtin.module(func.func(cse),convert-tf-to-hlo)' "
        "(run before -p)",
    )
    p.add_argument("--emit", choices=STAGE_NAMES, help="lower through the pipeline to this stage")
    p.add_argument("-o", "--output", help="output file (default: stdout)")
    p.add_argument(
        "--split-input-file",
        action="store_true",
        help="treat each '// -----' chunk as a separate module",
    )
    p.add_argument(
        "--verify-diagnostics",
        action="store_true",
        help="print errors on stdout, check them against expected-error comments, "
        "and exit 0 when they all match",
    )
    p.add_argument(
        "--print-ir-after-all", action="store_true", help="print the IR to stderr after every pass"
    )
    p.add_argument("--timing", action="store_true", help="print each pass's time to stderr")
    p.add_argument(
        "--print-debuginfo",
        "--mlir-print-debuginfo",
        action="store_true",
        help="print op locations",
    )
    p.add_argument(
        "--generic",
        "--mlir-print-op-generic",
        action="store_true",
        help="print ops in generic form",
    )
    p.add_argument("--list-passes", action="store_true", help="list the available passes")
    p.add_argument("--debug", action="store_true", help="show Python tracebacks")
    return p


class _Instrument:
    """Pass callbacks for --print-ir-after-all and --timing."""

    def __init__(self, print_after: bool, timing: bool, debuginfo: bool):
        self.print_after = print_after
        self.timing = timing
        self.debuginfo = debuginfo
        self.last = time.perf_counter()

    def after_pass(self, done: ModulePass, module: ModuleOp) -> None:
        now = time.perf_counter()
        if self.timing:
            print(f"// timing: {done.name}: {(now - self.last) * 1000:.1f} ms", file=sys.stderr)
        if self.print_after:
            print(f"// -----// IR Dump After {done.name} //----- //", file=sys.stderr)
            print(print_ir(module, self.debuginfo), file=sys.stderr)
        self.last = time.perf_counter()

    def callback(self, done: ModulePass | None, module: ModuleOp, _next: ModulePass | None) -> None:
        if done is None:
            self.last = time.perf_counter()
            return
        self.after_pass(done, module)


def process(ctx: Context, module: ModuleOp, args: argparse.Namespace) -> ModuleOp:
    inst = _Instrument(args.print_ir_after_all, args.timing, args.print_debuginfo)
    for spec in (args.pass_pipeline, args.passes):
        if spec:
            parse_pass_pipeline(spec, inst.callback).apply(ctx, module)
            verify_module(module)
    if args.emit:
        run_stages(ctx, module, stop_after=args.emit, after_pass=inst.after_pass)
    return module


def run_chunk(ctx: Context, text: str, name: str, args: argparse.Namespace) -> tuple[str, bool]:
    """Returns (output, ok). With --verify-diagnostics an error is output, checked against text."""
    expected = EXPECTED_ERROR.findall(text)
    try:
        module = parse_ir(ctx, text, name)
        out = print_ir(process(ctx, module, args), args.print_debuginfo, args.generic)
    except USER_ERRORS as err:
        if not args.verify_diagnostics:
            raise
        message = str(err).strip()
        missing = [e for e in expected if e not in message]
        if missing:
            return f"{message}\nerror: expected error not produced: {missing[0]}\n", False
        return message + "\n", True
    if args.verify_diagnostics and expected:
        return out + f"error: expected error not produced: {expected[0]}\n", False
    return out, True


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.list_passes:
        names = sorted(all_passes())
        width = max(len(n) for n in names)
        print("\n".join(f"{n:<{width}}  {pass_summary(n)}" for n in names))
        return 0
    ctx = make_context()
    if args.input != "-" and is_graphdef_path(args.input):
        ctx, module = load_module(args.input, ctx, ImportOptions())
        chunks_out = [print_ir(process(ctx, module, args), args.print_debuginfo, args.generic)]
        ok = True
    else:
        if args.input == "-":
            text, name = sys.stdin.read(), "<stdin>"
        else:
            try:
                with open(args.input) as f:
                    text, name = f.read(), args.input
            except OSError as err:
                raise StrataError(f"{args.input}: {err.strerror}") from None
        chunks = text.split(SPLIT_MARKER) if args.split_input_file else [text]
        chunks_out, ok = [], True
        line = 0
        for chunk in chunks:
            # Pad with newlines so parse errors report the line in the whole file.
            try:
                out, chunk_ok = run_chunk(ctx, "\n" * line + chunk, name, args)
            except USER_ERRORS as err:
                if len(chunks) == 1 or args.debug:
                    raise
                # Like mlir-opt: report the failing chunk and go on with the others.
                print(f"error: {str(err).strip()}", file=sys.stderr)
                out, chunk_ok = "", False
            line += chunk.count("\n")
            chunks_out.append(out)
            ok = ok and chunk_ok
    result = f"{SPLIT_MARKER}\n".join(chunks_out)
    if args.output:
        with open(args.output, "w") as f:
            f.write(result)
    else:
        sys.stdout.write(result)
    return 0 if ok else 1


def cli() -> None:
    sys.exit(run_tool(main))


if __name__ == "__main__":
    cli()
