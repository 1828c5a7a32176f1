"""strata-run: compile a model (GraphDef or IR at any stage) the rest of the way, run it, show or
save the outputs.

    strata-run FILE [--inputs in.npz] [--outputs a,b] [--save out.npz] [--target cpu|cuda|cuda-sim]
               [--bench N]

Targets: cpu, cuda (needs a GPU and its driver), cuda-sim (the GPU kernels emulated on the CPU).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from strata.abi import EntrySignature
from strata.api import TARGETS, CompiledModel, compile
from strata.diagnostics import StrataError
from strata.profiling import kernel_table, write_chrome_trace
from strata.tools.cli import (
    ArgumentParser,
    add_plugin_flag,
    compile_tool,
    parse_args,
    parse_input_shapes,
    parse_names,
)


def compile_time_line(stage_seconds: dict[str, float]) -> str:
    """`compile time: 490 ms (tf-opt 13, ..., llvm-jit 180)`: the total, then each stage in ms."""
    total = sum(stage_seconds.values())
    parts = ", ".join(f"{k} {v * 1000:.0f}" for k, v in stage_seconds.items())
    return f"compile time: {total * 1000:.0f} ms ({parts})"


def build_parser() -> argparse.ArgumentParser:
    p = ArgumentParser(prog="strata-run", description="Compile and run a model.")
    p.add_argument("model", help=".pb, .pbtxt or .mlir (any stage)")
    p.add_argument(
        "--inputs",
        help=".npz with one array per input, keyed by placeholder name (default: random inputs)",
    )
    p.add_argument("--outputs", help="comma-separated output node names (default: graph sinks)")
    p.add_argument(
        "--input-shapes",
        help="shapes of the Placeholders in graph order, e.g. 8,784:8 (GraphDef only)",
    )
    p.add_argument(
        "--max-loop-trips",
        type=int,
        metavar="N",
        help="a loop that grows a list nothing else bounds runs at most N trips (the list held "
        "at that length; a run that needs more fails); without it the bound starts at 64 and a "
        "run that needs more compiles again for 4x as many trips (GraphDef only)",
    )
    p.add_argument("--save", help="write the outputs to this .npz, keyed by output name")
    p.add_argument(
        "--compare",
        metavar="EXPECTED.npz",
        help="check the outputs against these arrays (e.g. TensorFlow's); exit 1 if "
        "any differs beyond --rtol/--atol",
    )
    p.add_argument(
        "--run-checks",
        action="store_true",
        help="compile and run every function without arguments and evaluate its check.* ops "
        "(check.expect_eq, ..._const, expect_almost_eq, expect_close); report per function; "
        "exit 1 if any fails",
    )
    p.add_argument(
        "--split-input-file",
        action="store_true",
        help="with --run-checks: each '// -----' chunk is a separate module",
    )
    p.add_argument("--rtol", type=float, default=1e-4)
    p.add_argument("--atol", type=float, default=1e-5)
    p.add_argument(
        "--target",
        default="cpu",
        choices=TARGETS,
        help="cpu; cuda (PTX through the CUDA driver); cuda-sim (the GPU kernels on the CPU)",
    )
    p.add_argument(
        "--bench", type=int, default=0, metavar="N", help="run N times and print the median latency"
    )
    p.add_argument("-O", dest="opt_level", type=int, default=2, choices=(0, 1, 2, 3))
    p.add_argument(
        "--cpu",
        default=None,
        help="CPU the JIT tunes for (cpu, cuda-sim): x86-64, x86-64-v2, x86-64-v3, x86-64-v4 or "
        "host; one this host cannot execute is refused (default: $STRATA_JIT_CPU, else host)",
    )
    p.add_argument(
        "--check-bounds",
        action="store_true",
        help="guard every memref access in the kernels (cpu, cuda-sim); the first out of range "
        "fails the run naming the kernel, the buffer and the TF node",
    )
    p.add_argument(
        "--threads",
        type=int,
        help="threads for kernels with enough work (cpu target; default: the cores available)",
    )
    p.add_argument(
        "--profile",
        action="store_true",
        help="a build that times every kernel launch: print per kernel its calls, total and mean "
        "time, share and GFLOP/s or GB/s (over the --bench runs, else one)",
    )
    p.add_argument(
        "--trace",
        metavar="OUT.json",
        help="write a Chrome trace (chrome://tracing, Perfetto): the compile's stages and passes, "
        "and each kernel launch of the runs, named by kernel and TF node",
    )
    p.add_argument(
        "--timing",
        action="store_true",
        help="print the compile time of each stage and the total to stderr",
    )
    p.add_argument(
        "--no-cache",
        action="store_true",
        help="compile from scratch and do not store the result in the compile cache "
        "($STRATA_CACHE_DIR, else the user cache directory; cpu target)",
    )
    p.add_argument(
        "--verify-each",
        action="store_true",
        help="verify the IR after every stage, not only after the first and the last "
        "(also $STRATA_VERIFY_EACH=1)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed for random inputs")
    add_plugin_flag(p)
    p.add_argument("--debug", action="store_true", help="show Python tracebacks")
    return p


def load_inputs(path: str) -> dict[str, np.ndarray]:
    try:
        loaded = np.load(path, allow_pickle=False)
    except FileNotFoundError:
        raise StrataError(f"{path}: no such file") from None
    except (OSError, ValueError, EOFError) as err:  # EOFError: an empty file
        raise StrataError(f"{path}: not a readable .npz file ({err or 'empty'})") from None
    if not isinstance(loaded, np.lib.npyio.NpzFile):
        raise StrataError(f"{path}: a single array (.npy), expected a .npz of named inputs")
    with loaded as data:
        return {k: data[k] for k in data.files}


def random_inputs(signature: EntrySignature, seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    made: dict[str, np.ndarray] = {}
    for spec in signature.inputs:
        dtype = np.dtype(spec.dtype)
        if dtype == np.bool_:
            made[spec.name] = rng.random(spec.shape) < 0.5
        elif dtype.kind in "iu":
            made[spec.name] = rng.integers(0, 10, spec.shape).astype(dtype)
        else:
            made[spec.name] = rng.standard_normal(spec.shape).astype(dtype)
    return made


def run_checks_of(args: argparse.Namespace) -> int:
    """--run-checks: each chunk's argument-less functions, compiled and checked one by one."""
    from strata.diagnostics import USER_ERRORS, format_error
    from strata.loading import parse_ir
    from strata.registry import make_context
    from strata.run_checks import CheckResult, report, run_checks

    text = Path(args.model).read_text()
    chunks = text.split("// -----") if args.split_input_file else [text]
    results, line = [], 0
    for chunk in chunks:
        first = line + 1 + len(chunk) - len(chunk.lstrip("\n"))
        try:
            module = parse_ir(make_context(), "\n" * line + chunk, args.model)
        except USER_ERRORS as err:  # this chunk fails; the others still run
            message = format_error(err).splitlines()[0]
            results.append(CheckResult(f"<module at line {first}>", (message,)))
            continue
        finally:
            line += chunk.count("\n")
        results += run_checks(
            module,
            target=args.target,
            opt_level=args.opt_level,
            cpu=args.cpu,
            check_bounds=args.check_bounds,
            cache=not args.no_cache,
            threads=args.threads,
            verify_each=True if args.verify_each else None,
        )
    text, ok = report(results)
    print(text)
    return 0 if ok else 1


def main(argv: list[str]) -> int:
    args = parse_args(build_parser, argv)
    if not Path(args.model).exists():
        raise StrataError(f"{args.model}: no such file")
    for flag, path in (("--trace", args.trace), ("--save", args.save)):
        if path and not Path(path).resolve().parent.is_dir():
            raise StrataError(f"{flag} {path}: no such directory")
    if args.bench < 0:
        raise StrataError(f"--bench must be a number of runs (0: none), found {args.bench}")
    if args.run_checks:
        return run_checks_of(args)
    given = load_inputs(args.inputs) if args.inputs else None
    outputs = parse_names(args.outputs)
    shapes = parse_input_shapes(args.input_shapes)
    names = None
    if shapes is None and given is not None and args.model.endswith((".pb", ".pbtxt")):
        # Placeholders with unknown dims take the shapes of the arrays given for them.
        names = list(given)
        shapes = [list(v.shape) for v in given.values()]
    fn = compile(
        args.model,
        outputs=outputs,
        inputs=names,
        input_shapes=shapes,
        target=args.target,
        opt_level=args.opt_level,
        cpu=args.cpu,
        check_bounds=args.check_bounds,
        cache=not args.no_cache,
        profile=args.profile or args.trace is not None,
        threads=args.threads,
        verify_each=True if args.verify_each else None,
        max_loop_trips=args.max_loop_trips,
    )
    if args.timing:
        print(compile_time_line(fn.stage_seconds), file=sys.stderr)
    inputs = given if given is not None else random_inputs(fn.signature, args.seed)
    missing = [n for n in fn.input_names if n not in inputs]
    if missing:
        raise StrataError(
            f"no value for input{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
            f"(the model's inputs: {', '.join(fn.input_names)})"
        )
    results = fn.run({n: inputs[n] for n in fn.input_names})
    if args.bench:
        times = []
        feed = {n: inputs[n] for n in fn.input_names}
        for _ in range(args.bench):
            start = time.perf_counter()
            fn.run(feed)
            times.append(time.perf_counter() - start)
        print(
            f"median latency over {args.bench} runs: {statistics.median(times) * 1e6:.1f} us "
            f"(min {min(times) * 1e6:.1f} us)" + (", copies included" if fn.target != "cpu" else "")
        )
        if fn.target == "cuda":
            print_kernel_time(fn, feed, args.bench)
        print(compile_time_line(fn.stage_seconds))
    if args.profile:
        print(kernel_table(fn.kernel_runs))
    if args.trace:
        write_chrome_trace(args.trace, fn.compile_slices, fn.kernel_runs)
    if args.save:
        np.savez(args.save, **results)  # type: ignore[arg-type]  # numpy stub types **kwds as bool
    if args.compare:
        return compare(results, load_inputs(args.compare), args.rtol, args.atol)
    if not args.save or not args.bench:
        with np.printoptions(precision=5, threshold=20, edgeitems=3):
            for name, value in results.items():
                print(f"{name}: {value.dtype}{list(value.shape)}")
                print(value)
    return 0


def print_kernel_time(fn: CompiledModel, feed: dict[str, np.ndarray], runs: int) -> None:
    """--target cuda: the kernels' own time per call (CUDA events around each launch)."""
    from strata.runtime.cuda import CudaDevice

    device = fn.device
    if not isinstance(device, CudaDevice):
        return
    device.profile = True
    kernel_times = []
    try:
        for _ in range(runs):
            device.kernel_seconds = 0.0
            fn.run(feed)
            kernel_times.append(device.kernel_seconds)
    finally:
        device.profile = False
    print(
        f"median kernel time over {runs} runs: {statistics.median(kernel_times) * 1e6:.1f} us "
        f"(min {min(kernel_times) * 1e6:.1f} us; sum of all launches)"
    )


def compare(
    results: dict[str, np.ndarray], expected: dict[str, np.ndarray], rtol: float, atol: float
) -> int:
    """Print how far each output is from the expected one; 1 if any is out of tolerance."""
    failed = 0
    for name, value in results.items():
        if name not in expected:
            raise StrataError(f"--compare: no array named '{name}' (has: {', '.join(expected)})")
        want = expected[name]
        if want.shape != value.shape:
            print(f"{name}: MISMATCH shape {list(value.shape)}, expected {list(want.shape)}")
            failed += 1
            continue
        got, wanted = value.astype(np.float64), want.astype(np.float64)
        with np.errstate(invalid="ignore"):  # inf - inf: equal infinities are handled below
            diff = np.abs(got - wanted)
        # Equal values (infinities included) and NaN against NaN differ by 0; NaN against a
        # number, or the other infinity, by inf.
        same = (got == wanted) | (np.isnan(got) & np.isnan(wanted))
        diff = np.where(same, 0.0, np.where(np.isnan(diff), np.inf, diff))
        ok = bool(np.all(diff <= atol + rtol * np.abs(np.nan_to_num(wanted))))
        print(
            f"{name}: {'ok' if ok else 'MISMATCH'}, max abs diff {diff.max(initial=0.0):.3g} "
            f"(rtol {rtol:g}, atol {atol:g})"
        )
        failed += not ok
    return 1 if failed else 0


def cli() -> None:
    compile_tool(main)


if __name__ == "__main__":
    cli()
