"""strata-opt: run passes or pipeline stages over IR text, print the result.

strata-opt FILE [-p pass,pass{opt=v}] [--emit=STAGE] [--split-input-file]
           [--verify-diagnostics] [--print-ir-after-all] [--timing] [-o OUT]
"""

from __future__ import annotations

import argparse
import sys
import time

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from strata import pipeline
from strata.diagnostics import (
    USER_ERRORS,
    StrataError,
    diagnostics_of,
    format_error,
    run_tool,
    verify_module,
)
from strata.frontends.graphdef.options import ImportOptions
from strata.loading import is_graphdef_path, load_module, parse_ir, print_ir
from strata.pipeline import run_stages
from strata.registry import all_passes, make_context, parse_pass_pipeline, pass_summary
from strata.tools.cli import ArgumentParser, add_plugin_flag, exit_tool, parse_args
from strata.verify_diagnostics import check, parse_expectations

SPLIT_MARKER = "// -----"


def build_parser() -> argparse.ArgumentParser:
    p = ArgumentParser(
        prog="strata-opt",
        description="Run Strata passes or pipeline stages over IR.",
        help_tail=lambda: "passes (-p NAME{option=value}):\n" + pass_list(indent="  "),
    )
    p.add_argument("input", nargs="?", default="-", help="input .mlir file ('-' for stdin)")
    p.add_argument("-p", "--passes", default="", help="comma-separated pass pipeline")
    p.add_argument(
        "--pass-pipeline",
        default="",
        help="MLIR's textual pipeline, e.g. 'builtin.module(func.func(cse),convert-tf-to-hlo)' "
        "(run before -p)",
    )
    p.add_argument(
        "--emit", choices=pipeline.STAGE_NAMES, help="lower through the pipeline to this stage"
    )
    p.add_argument("-o", "--output", help="output file (default: stdout)")
    p.add_argument(
        "--split-input-file",
        action="store_true",
        help="treat each '// -----' chunk as a separate module",
    )
    p.add_argument(
        "--verify-diagnostics",
        action="store_true",
        help="check the diagnostics against the input's expected-error/-warning/-note/-remark "
        "comments (@+N, @-N, @above, @below, @unknown; -re for patterns); print the "
        "mismatches and exit 1 if there are any",
    )
    p.add_argument(
        "--print-ir-after-all",
        "--mlir-print-ir-after-all",
        action="store_true",
        help="print the IR to stderr after every pass",
    )
    p.add_argument(
        "--mlir-print-ir-before-all",
        action="store_true",
        help="print the IR to stderr before every pass",
    )
    p.add_argument(
        "--mlir-print-ir-after-change",
        action="store_true",
        help="print the IR to stderr after every pass that changed it",
    )
    p.add_argument(
        "--mlir-print-ir-after-failure",
        action="store_true",
        help="print the IR to stderr when a pass fails",
    )
    p.add_argument(
        "--timing",
        "--mlir-timing",
        action="store_true",
        help="print each pass's wall time and the total to stderr",
    )
    p.add_argument(
        "--dump-pass-pipeline",
        action="store_true",
        help="print the passes that ran, as a pipeline, to stderr",
    )
    p.add_argument(
        "--allow-unregistered-dialect",
        action="store_true",
        help="parse ops of dialects Strata does not know (kept as unregistered ops)",
    )
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
    add_plugin_flag(p)
    p.add_argument("--debug", action="store_true", help="show Python tracebacks")
    return p


class _Instrument:
    """The pass pipeline's callback behind the mlir-opt flags: IR dumps before/after each pass
    (all, on change, on failure), pass timing (a report with a total), the pipeline's spec."""

    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.last = time.perf_counter()
        self.before_text: str | None = None
        self.current: ModulePass | None = None
        self.timings: list[tuple[str, float]] = []
        self.ran: list[str] = []

    def dump(self, title: str, module: ModuleOp) -> None:
        print(f"// -----// IR Dump {title} //----- //", file=sys.stderr)
        print(print_ir(module, self.args.print_debuginfo), file=sys.stderr)

    def callback(self, done: ModulePass | None, module: ModuleOp, nxt: ModulePass | None) -> None:
        now = time.perf_counter()
        args = self.args
        if done is not None:
            self.timings.append((done.name, now - self.last))
            self.ran.append(str(done.pipeline_pass_spec()))
            if args.print_ir_after_all:
                self.dump(f"After {done.name}", module)
            elif args.mlir_print_ir_after_change:
                text = print_ir(module)
                if text != self.before_text:
                    self.dump(f"After {done.name}", module)
        self.current = nxt
        if nxt is not None:
            if args.mlir_print_ir_before_all:
                self.dump(f"Before {nxt.name}", module)
            if args.mlir_print_ir_after_change:
                self.before_text = print_ir(module)
        self.last = time.perf_counter()

    def failed(self, module: ModuleOp) -> None:
        if self.args.mlir_print_ir_after_failure and self.current is not None:
            self.dump(f"After {self.current.name} Failed", module)

    def report(self) -> None:
        if self.args.dump_pass_pipeline and self.ran:
            print(f"Pass Manager with {len(self.ran)} passes:", file=sys.stderr)
            print(f"builtin.module({','.join(self.ran)})", file=sys.stderr)
        if not self.args.timing or not self.timings:
            return
        total = sum(t for _, t in self.timings)
        print(
            "===-------------------------------------------------------------------------===",
            file=sys.stderr,
        )
        print("                      ... Execution time report ...", file=sys.stderr)
        print(
            "===-------------------------------------------------------------------------===",
            file=sys.stderr,
        )
        print(f"  Total Execution Time: {total:.4f} seconds", file=sys.stderr)
        print("", file=sys.stderr)
        print("  ----Wall Time----  ----Name----", file=sys.stderr)
        for name, seconds in self.timings:
            print(
                f"  {seconds:8.4f} ({100 * seconds / (total or 1):5.1f}%)  {name}", file=sys.stderr
            )
        print(f"  {total:8.4f} (100.0%)  Total", file=sys.stderr)


def process(ctx: Context, module: ModuleOp, args: argparse.Namespace) -> ModuleOp:
    inst = _Instrument(args)
    try:
        for spec in (args.pass_pipeline, args.passes):
            if spec:
                parse_pass_pipeline(spec, inst.callback).apply(ctx, module)
                verify_module(module)
        if args.emit:
            run_stages(ctx, module, stop_after=args.emit, pass_callback=inst.callback)
    except Exception:
        inst.failed(module)
        raise
    finally:
        inst.report()
    return module


def run_chunk(ctx: Context, text: str, name: str, args: argparse.Namespace) -> tuple[str, bool]:
    """Returns (output, ok). With --verify-diagnostics the diagnostics are checked against the
    text's expected-* comments (strata.verify_diagnostics); only mismatches are printed."""
    if not args.verify_diagnostics:
        module = parse_ir(ctx, text, name)
        return print_ir(process(ctx, module, args), args.print_debuginfo, args.generic), True
    expectations = parse_expectations(text)
    out, produced = "", []
    try:
        module = parse_ir(ctx, text, name)
        out = print_ir(process(ctx, module, args), args.print_debuginfo, args.generic)
    except USER_ERRORS as err:
        produced = diagnostics_of(err)
    problems = check(expectations, produced, name)
    for problem in problems:
        print(problem.format(), file=sys.stderr)
    return out, not problems


def pass_list(indent: str = "") -> str:
    """Every pass (plugins' included) with the first line of its description."""
    names = sorted(all_passes())
    width = max(len(n) for n in names)
    return "\n".join(f"{indent}{n:<{width}}  {pass_summary(n)}" for n in names)


def main(argv: list[str]) -> int:
    args = parse_args(build_parser, argv)
    if args.list_passes:
        print(pass_list())
        return 0
    ctx = make_context()
    ctx.allow_unregistered = args.allow_unregistered_dialect
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
                print(format_error(err), file=sys.stderr)
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
    exit_tool(run_tool(main))


if __name__ == "__main__":
    cli()
