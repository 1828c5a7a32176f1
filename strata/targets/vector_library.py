"""Vector variants of libm functions for the JIT: glibc's libmvec, through LLVM's loop vectoriser.

expand-math writes exp, log, log1p, expm1, tanh and atan as arith (sin, cos, tan, sinh and cosh
too where this library is not used); the other f32 functions (sin, cos, tan, pow, atan2, asin,
acos, sinh, cosh, cbrt, exp2, log2, log10) stay calls, which
LLVM's loop vectoriser can only widen into one scalar libm call per lane: a 1M-float `sin` loop
took 9.3 ms on an AMD EPYC, one thread. glibc ships vector versions of these functions (libmvec,
`_ZGVdN8v_sinf`: eight floats in a ymm register, at most 4 ulp, every input handled). The loop
vectoriser calls a vector version when the scalar call names it in the attribute
`"vector-function-abi-variant"` (the vector function ABI's mangled names) and the module
declares it.

`use_vector_library` rewrites an llvmlite module so: each f32 call of such a function calls a
`noinline` wrapper instead (LLVM would turn a call of `sinf` itself back into `llvm.sin.f32`,
dropping the attribute), naming the one variant whose vectors the target's registers hold (SSE
4 lanes, AVX2 8, AVX-512 16); the variant is kept declared in `llvm.compiler.used` until the
vectoriser has run. The wrapper runs that same vector function on a splat of its arguments, for
the iterations a vector loop leaves over and for loops it does not vectorise: libm's scalar
function rounds differently, and which elements fall outside the vector loop depends on how
parallelize-kernels splits it, so results would change with the thread count.

Only the JIT on x86-64 Linux with libmvec loadable uses this (`available`); object files keep
plain libm calls, so linking one needs no libmvec.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import threading
from collections.abc import Callable
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
sample of all f32 at the SSE, AVX2 and AVX-512 variants, on an AMD EPYC; over all 2^32 inputs at
AVX2: sin 2, cos 2, tan 4)."""

WRAPPER_PREFIX = "__strata_vector_library_"
"""Name of the scalar function standing for libm's `f` (it runs f's vector variant on a splat):
WRAPPER_PREFIX + f."""

LIBRARY = "libmvec.so.1"


@dataclass(frozen=True)
class Variant:
    isa: str
    """The vector function ABI's ISA letter: b SSE, c AVX, d AVX2, e AVX-512."""
    lanes: int


def variant(target: TargetDescription) -> Variant:
    """The one libmvec variant code for `target` calls: as many lanes as its vectors hold (AVX2's
    `d` needs the FMA-era cores; AVX without FMA gets AVX's `c`)."""
    lanes = max(4, target.vector_bits // 32)
    if lanes >= 16:
        return Variant("e", 16)
    if lanes == 8:
        return Variant("d" if target.fma else "c", 8)
    return Variant("b", 4)


def serves(triple: str) -> bool:
    """Whether libmvec exists for code of `triple`: x86-64 Linux (glibc)."""
    return triple.startswith("x86_64") and "linux" in triple


_library: ctypes.CDLL | None = None
_looked = False
_loading = threading.Lock()


def _load() -> ctypes.CDLL | None:
    """libmvec, loaded once into this process so that LLVM resolves its variants (None: not on
    x86-64 Linux, or not loadable)."""
    global _library, _looked
    with _loading:
        if not _looked:
            _looked = True
            if serves(llvm_binding.get_process_triple()):
                try:
                    library = ctypes.CDLL(LIBRARY)
                    llvm_binding.load_library_permanently(
                        ctypes.util.find_library("mvec") or LIBRARY
                    )
                    _library = library
                except (OSError, RuntimeError):
                    _library = None
        return _library


def available() -> bool:
    """Whether the JIT can call libmvec here: x86-64 Linux with the library loadable."""
    return _load() is not None


def provides(symbol: str) -> bool:
    """Whether this process's libmvec has `symbol` (glibc 2.22 brought sin, cos, exp, log and
    pow; tan, atan, asin, ... came with 2.35)."""
    library = _load()
    return library is not None and hasattr(library, symbol)


class _CallAttributes(set[str]):
    """Call-site attributes in LLVM's textual form, `"key"="value"` included (llvmlite's own
    attribute sets accept only keyword attributes)."""

    def _to_list(self, _type: object) -> list[str]:
        return sorted(self)


def _variant_name(v: Variant, libm: str, arity: int) -> str:
    return f"_ZGV{v.isa}N{v.lanes}{'v' * arity}_{libm}"


def _wrapper(module: ir.Module, vector: ir.Function, name: str, arity: int) -> ir.Function:
    """The scalar function `name`: `vector` on a splat of its arguments, lane 0 (defined once
    per module)."""
    found = module.globals.get(name)
    if isinstance(found, ir.Function):
        return found
    f32 = ir.FloatType()
    wrapper = ir.Function(module, ir.FunctionType(f32, [f32] * arity), name=name)
    # Not internal: interprocedural passes would fold a constant argument into a private
    # function (atan is atan2(x, 1)) and drop the parameter its vector variant takes.
    wrapper.linkage = "linkonce_odr"
    # readnone: the loop vectoriser takes a call that may write memory for a memory conflict
    # and gives up on the loop.
    for attribute in ("noinline", "nounwind", "readnone"):
        wrapper.attributes.add(attribute)
    builder = ir.IRBuilder(wrapper.append_basic_block())
    lanes = vector.function_type.return_type
    zero = ir.Constant(ir.IntType(32), 0)
    splats = []
    for arg in wrapper.args:
        one = builder.insert_element(ir.Constant(lanes, ir.Undefined), arg, zero)
        splats.append(
            builder.shuffle_vector(
                one, one, ir.Constant(ir.VectorType(ir.IntType(32), lanes.count), [0] * lanes.count)
            )
        )
    builder.ret(builder.extract_element(builder.call(vector, splats), zero))
    return wrapper


def use_vector_library(
    module: ir.Module,
    target: TargetDescription,
    has: Callable[[str], bool] = lambda _symbol: True,
) -> int:
    """Point every f32 call of a FUNCTIONS callee in `module` at its wrapper, naming the libmvec
    variant for `target`, where `has` says the variant exists (the JIT: `provides`); returns how
    many calls now name one."""
    v = variant(target)
    calls = [
        instr
        for fn in module.functions
        for block in fn.blocks
        for instr in block.instructions
        if isinstance(instr, ir.CallInstr)
        and getattr(instr.callee, "name", None) in FUNCTIONS
        and isinstance(instr.type, ir.FloatType)
        and has(_variant_name(v, *FUNCTIONS[instr.callee.name]))
    ]
    if not calls:
        return 0
    f32 = ir.FloatType()
    vectors: dict[str, ir.Function] = {}
    for call in calls:
        libm, arity = FUNCTIONS[call.callee.name]
        vector_name = _variant_name(v, libm, arity)
        if vector_name not in vectors:
            lanes = ir.VectorType(f32, v.lanes)
            vectors[vector_name] = ir.Function(
                module, ir.FunctionType(lanes, [lanes] * arity), name=vector_name
            )
        wrapper = _wrapper(module, vectors[vector_name], WRAPPER_PREFIX + libm, arity)
        mapping = f"_ZGV_LLVM_N{v.lanes}{'v' * arity}_{wrapper.name}({vector_name})"
        call.replace_callee(wrapper)
        call.attributes = _CallAttributes({f'"vector-function-abi-variant"="{mapping}"'})
    # The vectoriser looks the variants up by name: keep their declarations until it has run.
    ptr = ir.IntType(8).as_pointer()
    kept = ir.GlobalVariable(module, ir.ArrayType(ptr, len(vectors)), name="llvm.compiler.used")
    kept.linkage = "appending"
    kept.section = "llvm.metadata"
    kept.initializer = ir.Constant(
        ir.ArrayType(ptr, len(vectors)), [fn.bitcast(ptr) for fn in vectors.values()]
    )
    return len(calls)
