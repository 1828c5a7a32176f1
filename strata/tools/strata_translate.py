"""strata-translate: translations into and out of MLIR (imports and exports, not passes).

    strata-translate --import-graphdef model.pb [--inputs x,y] [--input-shapes 8,784:16,4]
                     [--outputs a,b] [--unroll-loops] [--max-loop-trips N] [--print-debuginfo]
                     [-o OUT] [--debug]
    strata-translate --import-stablehlo model.mlir [--print-debuginfo] [-o OUT]
    strata-translate model.pb|model.mlir --to-llvmir|--to-obj|--to-asm|--to-header
                     [-O N] [--triple T] [--cpu C] [--entry-name NAME] [-o OUT]
    strata-translate model.pb|model.mlir --to-ptx|--to-cubin [--chip sm_80|sm_90]
                     [--ptx-features +ptx80] [-O N] [-o OUT]
    strata-translate model.pb --coverage [--json] [--outputs a,b]   (a report; exit 0)

Exports take a GraphDef or IR at any stage and compile the rest of the way first.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from strata.diagnostics import StrataError
from strata.frontends.graphdef.options import ImportOptions
from strata.loading import print_ir
from strata.tools.cli import (
    ArgumentParser,
    add_plugin_flag,
    compile_tool,
    parse_args,
    parse_input_shapes,
    parse_names,
)

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

DEFAULT_TRIPLE = "x86_64-unknown-linux-gnu"


# ---------------------------------------------------------------------------------------------
# Translations: each is one flag of the mutually exclusive group and one function.


def import_graphdef(args: argparse.Namespace) -> str:
    from strata.frontends.graphdef import import_graphdef as run_import

    options = ImportOptions(
        inputs=parse_names(args.inputs),
        input_shapes=parse_input_shapes(args.input_shapes),
        outputs=parse_names(args.outputs),
        keep_loops=not args.unroll_loops,
        max_loop_trips=args.max_loop_trips,
    )
    module = run_import(args.input, options)
    return print_ir(module, debuginfo=args.print_debuginfo)


STABLEHLO_DIALECTS = ("builtin", "func", "hlo", "chlo", "check")
"""What a StableHLO module may hold once read (`stablehlo.` ops read as `hlo.`)."""


def import_stablehlo(args: argparse.Namespace) -> str:
    """StableHLO text (pretty or generic, as JAX, TensorFlow and torch-xla print it) -> the hlo
    dialect, verified; an op of another dialect is an error naming it."""
    from strata.diagnostics import op_error
    from strata.loading import load_module

    _ctx, module = load_module(Path(args.input))
    for op in module.walk():
        if op.dialect_name() not in STABLEHLO_DIALECTS:
            raise op_error(op, "is not StableHLO (expected func, stablehlo, chlo or check ops)")
    return print_ir(module, debuginfo=args.print_debuginfo)


def _compiled(args: argparse.Namespace) -> ModuleOp:
    """The input (GraphDef or IR at any stage) lowered to the `llvm` stage, entry renamed."""
    from strata.api import lower
    from strata.pipeline import PipelineOptions
    from strata.targets.description import for_export
    from strata.targets.export import rename_entry

    if args.threads is not None and args.threads < 1:
        raise StrataError(f"--threads must be at least 1, found {args.threads}")
    options = PipelineOptions(
        target=for_export(args.triple, args.cpu, args.features),
        threads=args.threads or 1,
        vector_library=bool(getattr(args, "libmvec", False)),
    )
    _ctx, module = lower(
        args.input,
        outputs=parse_names(args.outputs),
        inputs=parse_names(args.inputs),
        input_shapes=parse_input_shapes(args.input_shapes),
        pipeline=options,
        max_loop_trips=args.max_loop_trips,
    )
    return rename_entry(module, args.entry_name or default_entry_name(args.input))


def default_entry_name(path: str) -> str:
    """The model file's stem as a C identifier: `models/mlp-v2.pb` -> `mlp_v2`."""
    stem = re.sub(r"[^A-Za-z0-9_]", "_", Path(path).name.split(".")[0]) or "model"
    return stem if not stem[0].isdigit() else f"m_{stem}"


def to_llvmir(args: argparse.Namespace) -> str:
    from strata.targets.llvm_ir import to_llvm_ir
    from strata.targets.llvm_machine import optimize, target_machine

    if args.triple and args.triple.startswith("nvptx"):
        return _nvptx_llvmir(args)
    module = to_llvm_ir(_compiled(args), args.triple)
    if args.opt_level == 0:
        return str(module)
    # Optimised for the --cpu/--features asked for (their vector width), not this machine.
    machine = target_machine(args.triple, args.opt_level, args.cpu or "", args.features or "")
    return str(optimize(module, args.opt_level, machine))


def to_obj(args: argparse.Namespace) -> bytes:
    from strata.targets.cpu import emit_object

    return emit_object(
        _compiled(args),
        args.triple or DEFAULT_TRIPLE,
        max(args.opt_level, 0),
        args.cpu or "",
        args.features or "",
        args.libmvec,
    )


def to_asm(args: argparse.Namespace) -> str:
    from strata.targets.cpu import emit_assembly

    return emit_assembly(
        _compiled(args),
        args.triple or DEFAULT_TRIPLE,
        args.opt_level,
        args.cpu or "",
        args.features or "",
        args.libmvec,
    )


def _nvvm_stage(args: argparse.Namespace) -> ModuleOp:
    """The input (GraphDef or IR at any stage before nvvm) lowered to the `nvvm` stage."""
    from strata.api import lower
    from strata.targets.nvptx import check_target, default_features

    args.ptx_features = args.ptx_features or default_features(args.chip)
    check_target(args.chip, args.ptx_features)  # a bad chip fails before compiling anything
    _ctx, module = lower(
        args.input,
        outputs=parse_names(args.outputs),
        inputs=parse_names(args.inputs),
        input_shapes=parse_input_shapes(args.input_shapes),
        stop_after="nvvm",
        max_loop_trips=args.max_loop_trips,
    )
    return module


def _nvptx_llvmir(args: argparse.Namespace) -> str:
    """--to-llvmir --triple nvptx64-nvidia-cuda: the GPU kernels' LLVM IR (-O0: as translated;
    else linked with libdevice and optimised for --chip)."""
    from strata.targets.nvptx import NVPTX_TRIPLE, nvptx_module, to_nvptx_ir

    if args.triple != NVPTX_TRIPLE:
        raise StrataError(f"unsupported GPU triple '{args.triple}' (expected {NVPTX_TRIPLE})")
    module = _nvvm_stage(args)
    if args.opt_level == 0:
        return str(to_nvptx_ir(module))
    return str(nvptx_module(module, args.chip, args.ptx_features, args.opt_level))


def to_ptx(args: argparse.Namespace) -> str:
    from strata.targets.nvptx import compile_ptx

    module = _nvvm_stage(args)
    ptx, _kernels = compile_ptx(module, args.chip, args.ptx_features, max(args.opt_level, 0))
    return ptx


def to_cubin(args: argparse.Namespace) -> bytes:
    from strata.targets.nvptx import compile_ptx
    from strata.targets.nvptx import to_cubin as assemble

    module = _nvvm_stage(args)
    ptx, _kernels = compile_ptx(module, args.chip, args.ptx_features, max(args.opt_level, 0))
    return assemble(ptx, args.chip)


def to_header(args: argparse.Namespace) -> str:
    from strata.targets.export import c_header

    return c_header(_compiled(args), libmvec=args.libmvec)


def coverage(args: argparse.Namespace) -> str:
    from strata.coverage_report import coverage as run_coverage

    report = run_coverage(
        args.input,
        outputs=parse_names(args.outputs),
        inputs=parse_names(args.inputs),
        input_shapes=parse_input_shapes(args.input_shapes),
    )
    return report.to_json() + "\n" if args.json else report.format()


@dataclass(frozen=True)
class Translation:
    flag: str
    help: str
    run: Callable[[argparse.Namespace], str | bytes]
    """Returns text, or bytes for binary outputs (object files, cubins)."""


TRANSLATIONS: tuple[Translation, ...] = (
    Translation(
        "--import-graphdef", "TensorFlow GraphDef (.pb, .pbtxt) -> tf dialect", import_graphdef
    ),
    Translation(
        "--import-stablehlo",
        "StableHLO text (JAX, TensorFlow, torch-xla exports) -> hlo dialect",
        import_stablehlo,
    ),
    Translation(
        "--to-llvmir", "GraphDef or IR at any stage -> LLVM IR text (-O0: as translated)", to_llvmir
    ),
    Translation("--to-obj", "GraphDef or IR at any stage -> object file (needs -o)", to_obj),
    Translation("--to-asm", "GraphDef or IR at any stage -> target assembly", to_asm),
    Translation(
        "--to-header", "GraphDef or IR at any stage -> C header declaring the entry", to_header
    ),
    Translation(
        "--to-ptx", "GraphDef or IR at any stage before nvvm -> PTX of the GPU kernels", to_ptx
    ),
    Translation(
        "--to-cubin",
        "GraphDef or IR at any stage before nvvm -> cubin assembled by ptxas (needs -o)",
        to_cubin,
    ),
    Translation(
        "--coverage",
        "GraphDef -> per op type: nodes, supported by import / hlo / cpu; unsupported nodes",
        coverage,
    ),
)


def build_parser() -> argparse.ArgumentParser:
    p = ArgumentParser(
        prog="strata-translate", description="Translate into MLIR (imports) or out of it (exports)."
    )
    p.add_argument("input", help="input file")
    kinds = p.add_argument_group("translations (exactly one)").add_mutually_exclusive_group(
        required=True
    )
    for translation in TRANSLATIONS:
        kinds.add_argument(
            translation.flag,
            dest="translation",
            action="store_const",
            const=translation,
            help=translation.help,
        )
    graphdef = p.add_argument_group("GraphDef import")
    graphdef.add_argument(
        "--inputs",
        help="comma-separated Placeholder names, in argument order "
        "(default: every Placeholder the outputs need)",
    )
    graphdef.add_argument(
        "--input-shapes", help="shapes of --inputs, e.g. 8,784:16,4 ('?' for an unknown dim)"
    )
    graphdef.add_argument(
        "--outputs",
        help="comma-separated outputs, e.g. Softmax,split:1 (default: the graph's sink nodes)",
    )
    graphdef.add_argument(
        "--max-loop-trips",
        type=int,
        metavar="N",
        help="a loop that grows a list nothing else bounds runs at most N trips (the list held "
        "at that length; a run that needs more fails); without it such a loop is refused",
    )
    export = p.add_argument_group("exports")
    export.add_argument(
        "-O",
        dest="opt_level",
        type=int,
        default=None,
        choices=(0, 1, 2, 3),
        help="LLVM optimisation level (default: 0 for --to-llvmir, else 2)",
    )
    export.add_argument(
        "--triple",
        help=f"target triple (default: {DEFAULT_TRIPLE}; nvptx64-nvidia-cuda with --to-llvmir: "
        "the GPU kernels' IR)",
    )
    export.add_argument(
        "--cpu",
        help="target CPU as LLVM names it (znver3, skylake-avx512, neoverse-n1), or x86-64 for "
        "a portable object (default: this machine's CPU)",
    )
    export.add_argument("--features", help="target features, e.g. +avx2,+fma")
    export.add_argument(
        "--threads",
        type=int,
        help="threads for kernels with enough work (default 1; more needs -lpthread at link time)",
    )
    export.add_argument(
        "--libmvec",
        action="store_true",
        help="--to-obj/--to-asm/--to-header: loops over f32 sin, cos, tan, pow, atan, ... call "
        "glibc's vector math library (x86-64 Linux; link with -lmvec; tan, atan and the others "
        "beyond sin, cos, pow need glibc 2.35)",
    )
    export.add_argument(
        "--entry-name", help="symbol of the entry function (default: the input file's stem)"
    )
    gpu = p.add_argument_group("GPU exports (--to-ptx, --to-cubin)")
    gpu.add_argument("--chip", default="sm_80", help="NVIDIA GPU architecture (default: sm_80)")
    gpu.add_argument("--ptx-features", help="PTX ISA version as an LLVM feature (default: +ptx80)")
    p.add_argument("--json", action="store_true", help="--coverage: machine-readable output")
    p.add_argument(
        "--unroll-loops",
        action="store_true",
        help="--import-graphdef: unroll every While loop at import (default: functional While "
        "loops stay loops, tf.WhileRegion)",
    )
    p.add_argument("-o", "--output", help="output file (default: stdout)")
    p.add_argument(
        "--print-debuginfo",
        "--mlir-print-debuginfo",
        action="store_true",
        help="print op locations (the TF node names)",
    )
    add_plugin_flag(p)
    p.add_argument("--debug", action="store_true", help="show Python tracebacks")
    return p


def main(argv: list[str]) -> int:
    args = parse_args(build_parser, argv)
    translation: Translation = args.translation
    if args.opt_level is None:
        args.opt_level = {"--to-llvmir": 0, "--to-ptx": 3, "--to-cubin": 3}.get(translation.flag, 2)
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
    compile_tool(main)


if __name__ == "__main__":
    cli()
