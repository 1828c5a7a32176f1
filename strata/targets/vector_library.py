"""Vector variants of libm functions for the JIT: glibc's libmvec, through LLVM's loop vectoriser.

expand-math writes exp, log, log1p, expm1 and tanh as arith; the other f32 functions (sin, cos,
tan, pow, atan, atan2, asin, acos, sinh, cosh, cbrt, exp2, log2, log10) stay calls, which
LLVM's loop vectoriser can only widen into one scalar libm call per lane: a 1M-float `sin` loop
took 9.3 ms (numpy: 0.56 ms). glibc ships vector versions of these functions (libmvec,
`_ZGVdN8v_sinf`: eight floats in a ymm register, at most 4 ulp, every input handled). The loop
vectoriser calls a vector version when the scalar call names it in the attribute
`"vector-function-abi-variant"` (the vector function ABI's mangled names) and the module
declares it.

`use_vector_library` rewrites an llvmlite module so: each f32 call of such a function calls a
`noinline` wrapper of the libm function instead (LLVM would turn a call of `sinf` itself
back into `llvm.sin.f32`, dropping the attribute), with the attribute listing the variants the
target's vectors can hold (SSE 4 lanes, AVX2 8, AVX-512 16); the variants are kept alive in
`llvm.compiler.used` until the vectoriser has run. A loop the vectoriser leaves alone, and its
remainder iterations, call the wrapper: the scalar function, as before.

Only the JIT on x86-64 Linux with libmvec loadable uses this (`available`); object files keep
plain libm calls, so linking one needs no libmvec.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import platform
import threading
from dataclasses import dataclass

import llvmlite.binding as llvm_binding
import llvmlite.ir as ir

from strata.targets.description import TargetDescription

FUNCTIONS: dict[str, tuple[str, int]] = {
    "llvm.sin.f32": ("sinf", 1),
    "llvm.cos.f32": ("cosf", 1),
    "llvm.tan.f32": ("tanf", 1),
    "llvm.pow.f32": ("powf", 2),
    "llvm.exp2.f32": ("exp2f", 1),
    "llvm.log2.f32": ("log2f", 1),
    "llvm.log10.f32": ("log10f", 1),
    "atanf": ("atanf", 1),
    "atan2f": ("atan2f", 2),
    "asinf": ("asinf", 1),
    "acosf": ("acosf", 1),
    "sinhf": ("sinhf", 1),
    "coshf": ("coshf", 1),
    "cbrtf": ("cbrtf", 1),
}
"""Callee in the translated module (an f32 intrinsic or libm function) -> (the libm function
whose libmvec variants replace it, its number of arguments)."""

MAX_ULP = 4
"""glibc's bound for libmvec's functions; test_ulp.py measures them (at most 3 ulp over a 1M
sample of all f32, on this project's AMD EPYC at the SSE, AVX2 and AVX-512 variants)."""

WRAPPER_PREFIX = "__strata_vector_library_"
"""Name of the private scalar wrapper of libm function `f`: WRAPPER_PREFIX + f."""

LIBRARY = "libmvec.so.1"


@dataclass(frozen=True)
class Variant:
    isa: str
    """The vector function ABI's ISA letter: b SSE, c AVX, d AVX2, e AVX-512."""
    lanes: int


def variants(target: TargetDescription) -> list[Variant]:
    """The libmvec variants code for `target` may call: those whose vectors fit its registers
    (AVX2's need FMA-era cores: AVX without FMA gets AVX's)."""
    found = [Variant("b", 4)]
    if target.vector_bits >= 256:
        found.append(Variant("d" if target.fma else "c", 8))
    if target.vector_bits >= 512:
        found.append(Variant("e", 16))
    return found


_loaded: bool | None = None
_loading = threading.Lock()


def available() -> bool:
    """Whether the JIT can call libmvec here: x86-64 Linux with the library loadable (then it is
    loaded once, so that LLVM resolves the variants in this process)."""
    global _loaded
    with _loading:
        if _loaded is None:
            _loaded = False
            if platform.system() == "Linux" and platform.machine() in ("x86_64", "AMD64"):
                try:
                    ctypes.CDLL(LIBRARY)
                    llvm_binding.load_library_permanently(
                        ctypes.util.find_library("mvec") or LIBRARY
                    )
                    _loaded = True
                except (OSError, RuntimeError):
                    _loaded = False
        return _loaded


class _CallAttributes(set[str]):
    """Call-site attributes in LLVM's textual form, `"key"="value"` included (llvmlite's own
    attribute sets accept only keyword attributes)."""

    def _to_list(self, _type: object) -> list[str]:
        return sorted(self)


def _wrapper(module: ir.Module, libm: str, arity: int) -> ir.Function:
    """The noinline function calling libm's `libm` (defined once per module)."""
    name = WRAPPER_PREFIX + libm
    found = module.globals.get(name)
    if isinstance(found, ir.Function):
        return found
    f32 = ir.FloatType()
    fn_type = ir.FunctionType(f32, [f32] * arity)
    real = module.globals.get(libm)
    if not isinstance(real, ir.Function):
        real = ir.Function(module, fn_type, name=libm)
    wrapper = ir.Function(module, fn_type, name=name)
    # Not internal: interprocedural passes would fold a constant argument into a private
    # function (atan is atan2(x, 1)) and drop the parameter its vector variant takes.
    wrapper.linkage = "linkonce_odr"
    # readnone: the loop vectoriser takes a call that may write memory (libm's errno, which
    # nothing here reads) for a memory conflict and gives up on the loop.
    for attribute in ("noinline", "nounwind", "readnone"):
        wrapper.attributes.add(attribute)
    builder = ir.IRBuilder(wrapper.append_basic_block())
    builder.ret(builder.call(real, list(wrapper.args)))
    return wrapper


def _variant_name(v: Variant, libm: str, arity: int) -> str:
    return f"_ZGV{v.isa}N{v.lanes}{'v' * arity}_{libm}"


def use_vector_library(module: ir.Module, target: TargetDescription) -> int:
    """Point every f32 call of a FUNCTIONS callee in `module` at its wrapper, naming the libmvec
    variants `target` may use; returns how many calls now name them."""
    calls = [
        instr
        for fn in module.functions
        for block in fn.blocks
        for instr in block.instructions
        if isinstance(instr, ir.CallInstr)
        and getattr(instr.callee, "name", None) in FUNCTIONS
        and isinstance(instr.type, ir.FloatType)
    ]
    if not calls:
        return 0
    f32 = ir.FloatType()
    used: dict[str, ir.Function] = {}
    for call in calls:
        libm, arity = FUNCTIONS[call.callee.name]
        wrapper = _wrapper(module, libm, arity)
        mappings = []
        for v in variants(target):
            vector_name = _variant_name(v, libm, arity)
            if vector_name not in used:
                vector = ir.VectorType(f32, v.lanes)
                used[vector_name] = ir.Function(
                    module, ir.FunctionType(vector, [vector] * arity), name=vector_name
                )
            mappings.append(f"_ZGV_LLVM_N{v.lanes}{'v' * arity}_{wrapper.name}({vector_name})")
        call.replace_callee(wrapper)
        call.attributes = _CallAttributes({f'"vector-function-abi-variant"="{",".join(mappings)}"'})
    # The vectoriser looks the variants up by name: keep their declarations until it has run.
    ptr = ir.IntType(8).as_pointer()
    kept = ir.GlobalVariable(module, ir.ArrayType(ptr, len(used)), name="llvm.compiler.used")
    kept.linkage = "appending"
    kept.section = "llvm.metadata"
    kept.initializer = ir.Constant(
        ir.ArrayType(ptr, len(used)), [fn.bitcast(ptr) for fn in used.values()]
    )
    return len(calls)
