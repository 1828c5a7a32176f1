"""Lazy name -> factory tables for the dialects and passes Strata knows, and the Context they make.

Nothing is imported until a name is asked for: loading every dialect eagerly costs seconds.
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields

from xdsl.context import Context
from xdsl.ir import Attribute, Dialect, Operation
from xdsl.passes import ModulePass, PassPipeline, PassPipelineCallbackType
from xdsl.utils.arg_spec import parse_pipeline
from xdsl.utils.exceptions import ArgSpecParseError

from strata.diagnostics import StrataError


def _lazy(module: str, name: str) -> Callable[[], Dialect]:
    """The dialect `name` of `module`, imported on first use."""

    def load() -> Dialect:
        dialect = getattr(importlib.import_module(module), name)
        if not isinstance(dialect, Dialect):
            raise TypeError(f"{module}.{name} is not a Dialect")
        return dialect

    return load


# Strata's own dialects.
OWN_DIALECTS: dict[str, Callable[[], Dialect]] = {
    "tf": _lazy("strata.dialects.tf", "TF"),
    "hlo": _lazy("strata.dialects.hlo", "HLO"),
    "chlo": _lazy("strata.dialects.chlo", "CHLO"),
    "rt": _lazy("strata.dialects.rt", "RT"),
    "nvvm": _lazy("strata.dialects.nvvm", "NVVM"),
    "check": _lazy("strata.dialects.check", "Check"),
}


# xDSL dialects the pipeline uses; all of them parse in every Strata tool.
def _linalg() -> Dialect:
    """xDSL's linalg, its generic's parser reading several result types (xdsl_fixes)."""
    from xdsl.dialects.linalg import Linalg
    from xdsl.dialects.linalg.ops import GenericOp

    from strata.xdsl_fixes import patch_linalg_generic_results

    patch_linalg_generic_results(GenericOp)
    return Linalg


XDSL_DIALECTS: dict[str, Callable[[], Dialect]] = {
    "builtin": _lazy("xdsl.dialects.builtin", "Builtin"),
    "func": _lazy("xdsl.dialects.func", "Func"),
    "arith": _lazy("xdsl.dialects.arith", "Arith"),
    "math": _lazy("xdsl.dialects.math", "Math"),
    "tensor": _lazy("xdsl.dialects.tensor", "Tensor"),
    "linalg": _linalg,
    "bufferization": _lazy("xdsl.dialects.bufferization", "Bufferization"),
    "memref": _lazy("xdsl.dialects.memref", "MemRef"),
    "scf": _lazy("xdsl.dialects.scf", "Scf"),
    "cf": _lazy("xdsl.dialects.cf", "Cf"),
    "llvm": _lazy("strata.dialects.llvm_extensions", "LLVM"),
    # xDSL's gpu dialect with MLIR's custom syntax (xDSL 0.74 prints it only generically).
    "gpu": _lazy("strata.dialects.gpu", "GPU"),
    "test": _lazy("xdsl.dialects.test", "Test"),
}


def _pass(module: str, cls: str) -> Callable[[], type[ModulePass]]:
    """The pass class `cls` of `module`, imported on first use."""

    def load() -> type[ModulePass]:
        pass_class = getattr(importlib.import_module(module), cls)
        if not (isinstance(pass_class, type) and issubclass(pass_class, ModulePass)):
            raise TypeError(f"{module}.{cls} is not a ModulePass")
        return pass_class

    return load


# Strata's own passes, by CLI name. Module, class and test folder say the same thing.
OWN_PASSES: dict[str, Callable[[], type[ModulePass]]] = {
    "tf-shape-inference": _pass("strata.transforms.tf_shape_inference", "TfShapeInferencePass"),
    "tf-fold-constants": _pass("strata.transforms.tf_fold_constants", "TfFoldConstantsPass"),
    "convert-tf-to-hlo": _pass("strata.lowering.tf_to_hlo.convert_tf_to_hlo", "ConvertTfToHloPass"),
    "chlo-legalize-to-hlo": _pass(
        "strata.transforms.chlo_legalize_to_hlo", "ChloLegalizeToHloPass"
    ),
    "hlo-simplify": _pass("strata.transforms.hlo_simplify", "HloSimplifyPass"),
    "hlo-complex-to-real": _pass("strata.transforms.hlo_complex_to_real", "HloComplexToRealPass"),
    "hlo-reroll-loops": _pass("strata.transforms.hlo_reroll_loops", "HloRerollLoopsPass"),
    "hlo-widen-accumulators": _pass(
        "strata.transforms.hlo_widen_accumulators", "HloWidenAccumulatorsPass"
    ),
    "hlo-speculate-guards": _pass(
        "strata.transforms.hlo_speculate_guards", "HloSpeculateGuardsPass"
    ),
    "hlo-unroll-loops": _pass("strata.transforms.hlo_unroll_loops", "HloUnrollLoopsPass"),
    "inline": _pass("strata.transforms.inline", "InlinePass"),
    "convert-hlo-to-linalg": _pass(
        "strata.lowering.hlo_to_linalg.convert_hlo_to_linalg", "ConvertHloToLinalgPass"
    ),
    "linalg-fuse-elementwise": _pass(
        "strata.transforms.linalg_fuse_elementwise", "LinalgFuseElementwisePass"
    ),
    "linalg-pack-weights": _pass("strata.transforms.linalg_pack_weights", "LinalgPackWeightsPass"),
    "linalg-fuse-fill": _pass("strata.transforms.linalg_fuse_fill", "LinalgFuseFillPass"),
    "linalg-fuse-epilogue": _pass(
        "strata.transforms.linalg_fuse_epilogue", "LinalgFuseEpiloguePass"
    ),
    "linalg-outline-kernels": _pass(
        "strata.transforms.linalg_outline_kernels", "LinalgOutlineKernelsPass"
    ),
    "expand-math": _pass("strata.transforms.expand_math", "ExpandMathPass"),
    "emulate-bf16": _pass("strata.transforms.emulate_bf16", "EmulateBf16Pass"),
    "profile-kernels": _pass("strata.transforms.profile_kernels", "ProfileKernelsPass"),
    "parallelize-kernels": _pass("strata.transforms.parallelize_kernels", "ParallelizeKernelsPass"),
    "memref-check-bounds": _pass("strata.transforms.memref_check_bounds", "MemrefCheckBoundsPass"),
    "bufferize": _pass("strata.transforms.bufferize", "BufferizePass"),
    "buffer-assign": _pass("strata.transforms.buffer_assign", "BufferAssignPass"),
    "convert-linalg-to-loops": _pass(
        "strata.lowering.linalg_to_loops.convert_linalg_to_loops", "ConvertLinalgToLoopsPass"
    ),
    "convert-linalg-to-parallel-loops": _pass(
        "strata.lowering.linalg_to_parallel_loops.convert_linalg_to_parallel_loops",
        "ConvertLinalgToParallelLoopsPass",
    ),
    "convert-loops-to-gpu": _pass(
        "strata.lowering.loops_to_gpu.convert_loops_to_gpu", "ConvertLoopsToGpuPass"
    ),
    "gpu-kernel-outlining": _pass(
        "strata.transforms.gpu_kernel_outlining", "GpuKernelOutliningPass"
    ),
    "convert-gpu-to-nvvm": _pass(
        "strata.lowering.gpu_to_nvvm.convert_gpu_to_nvvm", "ConvertGpuToNvvmPass"
    ),
    "convert-gpu-to-cpu-sim": _pass(
        "strata.lowering.gpu_to_cpu_sim.convert_gpu_to_cpu_sim", "ConvertGpuToCpuSimPass"
    ),
    "convert-arith-to-llvm": _pass(
        "strata.lowering.to_llvm.convert_arith_to_llvm", "ConvertArithToLlvmPass"
    ),
    "convert-math-to-llvm": _pass(
        "strata.lowering.to_llvm.convert_math_to_llvm", "ConvertMathToLlvmPass"
    ),
    "convert-memref-to-llvm": _pass(
        "strata.lowering.to_llvm.convert_memref_to_llvm", "ConvertMemrefToLlvmPass"
    ),
    "convert-func-to-llvm": _pass(
        "strata.lowering.to_llvm.convert_func_to_llvm", "ConvertFuncToLlvmPass"
    ),
    "convert-scf-to-cf": _pass("strata.lowering.to_llvm.convert_scf_to_cf", "ConvertScfToCfPass"),
    "convert-cf-to-llvm": _pass(
        "strata.lowering.to_llvm.convert_cf_to_llvm", "ConvertCfToLlvmPass"
    ),
    "convert-to-llvm": _pass("strata.lowering.to_llvm.convert_to_llvm", "ConvertToLlvmPass"),
}

# xDSL passes used as they are.
XDSL_PASSES: dict[str, Callable[[], type[ModulePass]]] = {
    "canonicalize": _pass("xdsl.transforms.canonicalize", "CanonicalizePass"),
    "cse": _pass(
        "xdsl.transforms.common_subexpression_elimination", "CommonSubexpressionElimination"
    ),
    "dce": _pass("xdsl.transforms.dead_code_elimination", "DeadCodeElimination"),
    "licm": _pass("xdsl.transforms.loop_invariant_code_motion", "LoopInvariantCodeMotionPass"),
    "reconcile-unrealized-casts": _pass(
        "xdsl.transforms.reconcile_unrealized_casts", "ReconcileUnrealizedCastsPass"
    ),
}


PLUGIN_DIALECTS: dict[str, Callable[[], Dialect]] = {}
PLUGIN_PASSES: dict[str, Callable[[], type[ModulePass]]] = {}
"""What loaded plugins added (strata.plugins)."""


def all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    return {**XDSL_PASSES, **OWN_PASSES, **PLUGIN_PASSES}


DIALECT_ALIASES: dict[str, str] = {"stablehlo": "hlo"}
"""Dialect prefixes printed IR may use for a dialect Strata defines under another name:
StableHLO text (`stablehlo.add`, `#stablehlo<comparison_direction GT>`, `#stablehlo.dot<...>`),
as JAX, TensorFlow and torch-xla export it, parses straight into `hlo`, whose ops and syntax
are StableHLO's."""


def _unalias(name: str) -> str:
    dialect, dot, rest = name.partition(".")
    target = DIALECT_ALIASES.get(dialect)
    return f"{target}{dot}{rest}" if target is not None else name


@dataclass
class StrataContext(Context):
    """xDSL's Context, resolving DIALECT_ALIASES when it looks up an op or attribute by name."""

    def clone(self) -> StrataContext:
        return StrataContext(
            self.allow_unregistered,
            self._loaded_dialects.copy(),
            self._loaded_ops.copy(),
            self._loaded_attrs.copy(),
            self._loaded_types.copy(),
            self._registered_dialects.copy(),
        )

    def get_optional_op(
        self, name: str, *, dialect_stack: Sequence[str] = ()
    ) -> type[Operation] | None:
        return super().get_optional_op(
            _unalias(name), dialect_stack=[DIALECT_ALIASES.get(d, d) for d in dialect_stack]
        )

    def get_optional_attr(self, name: str) -> type[Attribute] | None:
        return super().get_optional_attr(_unalias(name))


def make_context() -> Context:
    """A Context in which every dialect Strata uses is registered (loaded on first use)."""
    from strata import xdsl_fixes

    xdsl_fixes.apply()
    ctx = StrataContext()
    for name, factory in {**XDSL_DIALECTS, **OWN_DIALECTS, **PLUGIN_DIALECTS}.items():
        ctx.register_dialect(name, factory)
    return ctx


ANCHORS = ("builtin.module", "func.func", "gpu.module", "gpu.func", "llvm.func")
"""Op names MLIR's textual pipelines nest passes under; every Strata pass runs on the module, so
`builtin.module(func.func(cse),canonicalize)` means `cse,canonicalize`."""


def _flatten(spec: str) -> str:
    """Drop MLIR anchors (`op.name(...)`) from a pipeline, keeping the passes in order; `{...}`
    option blocks are copied as they are. Unbalanced parentheses are a StrataError with the
    column."""
    out: list[str] = []
    i, depth, braces = 0, 0, 0
    while i < len(spec):
        ch = spec[i]
        if braces:
            braces += {"{": 1, "}": -1}.get(ch, 0)
            out.append(ch)
            i += 1
            continue
        anchor = next((a for a in ANCHORS if spec.startswith(a + "(", i)), None)
        if anchor is not None:
            depth += 1
            i += len(anchor) + 1
            continue
        if ch == "(":
            raise StrataError(f"pass pipeline: unexpected '(' at column {i + 1}: {spec}")
        if ch == ")":
            if depth == 0:
                raise StrataError(f"pass pipeline: unmatched ')' at column {i + 1}: {spec}")
            depth -= 1
        else:
            braces += ch == "{"
            out.append(ch)
        i += 1
    if depth:
        raise StrataError(f"pass pipeline: missing ')' at the end: {spec}")
    return "".join(out)


def parse_pass_pipeline(
    spec: str, callback: PassPipelineCallbackType | None = None
) -> PassPipeline:
    """A `-p a,b{opt=v}` or MLIR `builtin.module(func.func(a),b)` pipeline of Strata's passes.
    Every problem is one StrataError: the column of a syntax error, a "did you mean" for an
    unknown pass or option (option names with dashes)."""
    flat = _flatten(spec.strip())
    try:
        specs = list(parse_pipeline(flat))
    except ArgSpecParseError as err:  # a BaseException in xDSL: catch it before it escapes
        lines = str(err).splitlines()
        where = next((ln for ln in lines if ln.startswith("pass-pipeline:")), "")
        column = where.rsplit(":", 1)[-1] if where else "?"
        reason = lines[-1].strip() if lines else "malformed"
        raise StrataError(
            f"pass pipeline: {reason[:1].lower()}{reason[1:]} at column {column}: {flat}"
        ) from None
    available = all_passes()
    passes: list[ModulePass] = []
    for p in specs:
        if p.name not in available:
            close = difflib.get_close_matches(p.name, list(available), n=1)
            hint = f"; did you mean '{close[0]}'?" if close else " (see --list-passes)"
            raise StrataError(f"unknown pass '{p.name}'{hint}")
        cls = available[p.name]()
        options = {f.name.replace("_", "-") for f in fields(cls) if f.init}
        for given in p.parameters:
            dashed = given.replace("_", "-")
            if dashed not in options:
                close = difflib.get_close_matches(dashed, sorted(options), n=1)
                known = ", ".join(sorted(options)) or "none"
                hint = f"; did you mean '{close[0]}'?" if close else f" (options: {known})"
                raise StrataError(f"{p.name}: unknown option '{dashed}'{hint}")
        try:
            passes.append(cls.from_pass_spec(p))
        except (ValueError, TypeError) as err:
            raise StrataError(f"{p.name}: {str(err).strip()}") from None
    return PassPipeline(tuple(passes), callback)


XDSL_PASS_SUMMARIES: dict[str, str] = {
    "cse": "Merges ops that compute the same value from the same operands (no side effects).",
    "dce": "Erases ops whose results are unused and that have no side effects.",
    "reconcile-unrealized-casts": "Folds builtin.unrealized_conversion_cast chains that "
    "convert a value back to its own type, and erases unused casts.",
    "licm": "Moves ops without side effects out of loops when they do not depend on the loop.",
    "canonicalize": "Applies every op's canonicalization patterns and folds constants.",
}
"""One line for the xDSL passes Strata uses whose classes have no docstring of their own (they
would show the ModulePass base class's)."""


def pass_doc(name: str) -> str:
    """A pass's own docstring ('' when its class has none: not the base class's)."""
    cls = all_passes()[name]()
    own = next((c.__dict__.get("__doc__") for c in cls.__mro__ if c.__dict__.get("__doc__")), "")
    if own == ModulePass.__doc__:
        own = ""
    return inspect.cleandoc(own or "")


def pass_summary(name: str) -> str:
    """One line on what a pass does: its docstring's first sentence (for --list-passes)."""
    if name in XDSL_PASS_SUMMARIES:
        return XDSL_PASS_SUMMARIES[name]
    first = " ".join(pass_doc(name).split("\n\n")[0].split())
    sentence = re.match(r"(.+?\.)(\s|$)", first)
    return sentence.group(1) if sentence else first
