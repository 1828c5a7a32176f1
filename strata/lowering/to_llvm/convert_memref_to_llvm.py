"""convert-memref-to-llvm: static, row-major memrefs become bare `!llvm.ptr` (no descriptor).

A load or store is a GEP by the row-major linearised index (GEP addressing keeps LLVM's vectoriser
working) and `llvm.load`/`llvm.store`; a view is a GEP by bytes; reshapes and casts are the same
pointer; globals become `llvm.mlir.global` constants holding the dense value as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from xdsl.context import Context
from xdsl.dialects import llvm, memref
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    Signedness,
    UnrealizedConversionCastOp,
    i1,
    i8,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
)

from strata.lowering.conversion import convert_dialect
from strata.lowering.to_llvm import builders
from strata.lowering.to_llvm.type_conversion import (
    convert_type,
    declare_external_function,
    element_bytes,
    is_identity_static_memref,
    llvm_operands,
    memory_space_of,
    replace_with_llvm,
    row_major_strides,
)

PTR = llvm.LLVMPointerType()
DEFAULT_ALIGNMENT = 64
"""Alignment for globals and stack buffers: a cache line, and enough for AVX-512 loads."""
SHARED_ALIGNMENT = 16
"""Alignment for globals in another address space (GPU shared memory): a 128-bit access."""


def _constant_index(value: SSAValue) -> int | None:
    """The value of an index that is an `llvm.mlir.constant` (looking through one cast)."""
    owner = value.owner
    if isinstance(owner, UnrealizedConversionCastOp) and len(owner.inputs) == 1:
        owner = owner.inputs[0].owner
    if isinstance(owner, llvm.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


_GEP_CONSTANT_RANGE = range(llvm.GEP_USE_SSA_VAL + 1, 2**31)
"""Offsets a GEP holds as a constant index (xDSL's `rawConstantIndices` are i32, their least
value meaning "an operand"); an offset outside (past 2 GiB of bytes) is an i64 constant operand."""


def constant_gep(
    base: SSAValue,
    offset: int,
    element: Attribute,
    result_type: llvm.LLVMPointerType | None = None,
) -> list[Operation]:
    """`&base[offset]` in `element`s: a constant index where it fits, else an i64 operand."""
    pointer = result_type if result_type is not None else llvm.LLVMPointerType()
    if offset in _GEP_CONSTANT_RANGE:
        return [builders.gep(base, [offset], element, result_type=pointer)]
    const = builders.int_constant(offset)
    gep = builders.gep(base, [llvm.GEP_USE_SSA_VAL], element, [const.result], pointer)
    return [const, gep]


def element_pointer(
    base: SSAValue, indices: Sequence[SSAValue], memref_type: MemRefType
) -> tuple[list[Operation], SSAValue]:
    """Ops computing `&base[i0, i1, ...]` for a row-major `memref_type`, and the pointer they yield.

    Constant indices fold into one offset; the rest become `i * stride` terms (nsw) added up.
    """
    strides = row_major_strides(memref_type.get_shape())
    element = convert_type(memref_type.get_element_type())
    # `base` is what llvm_operands made of a static memref: a bare pointer.
    pointer_type = cast(llvm.LLVMPointerType, base.type)
    ops: list[Operation] = []
    offset = 0
    total: SSAValue | None = None
    for index, stride in zip(indices, strides, strict=True):
        known = _constant_index(index)
        if known is not None:
            offset += known * stride
            continue
        term = index
        if stride != 1:
            scale = builders.int_constant(stride)
            mul = builders.binary(llvm.MulOp, index, scale.results[0], overflow=builders.NSW)
            ops += [scale, mul]
            term = mul.results[0]
        if total is None:
            total = term
            continue
        add = builders.binary(llvm.AddOp, total, term, overflow=builders.NSW)
        ops.append(add)
        total = add.results[0]
    if total is None:
        if offset == 0:
            return ops, base
        geps = constant_gep(base, offset, element, pointer_type)
        return [*ops, *geps], geps[-1].results[0]
    if offset != 0:
        const = builders.int_constant(offset)
        add = builders.binary(llvm.AddOp, total, const.result, overflow=builders.NSW)
        ops += [const, add]
        total = add.results[0]
    gep = builders.gep(base, [llvm.GEP_USE_SSA_VAL], element, [total], pointer_type)
    return [*ops, gep], gep.result


def _all_static(*types: Attribute) -> bool:
    return all(is_identity_static_memref(t) for t in types)


def _static_memref(t: Attribute) -> MemRefType | None:
    """`t` as a memref type if it lowers to a bare pointer, else None."""
    if isinstance(t, MemRefType) and is_identity_static_memref(t):
        return t
    return None


def _num_elements(t: MemRefType) -> int:
    count = 1
    for d in t.get_shape():
        count *= d
    return count


@dataclass
class LoadLowering(RewritePattern):
    """memref.load %m[%i, %j] : memref<4x8xf32> -> llvm.getelementptr %p[%i * 8 + %j] + llvm.load"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, memref.LoadOp):
            return
        memref_type = _static_memref(op.memref.type)
        if memref_type is None:
            return
        base, *indices = llvm_operands(rewriter, op)
        ops, ptr = element_pointer(base, indices, memref_type)
        if _in_a_byte(op.res.type) is not None:
            load = builders.load(ptr, i8)
            narrow = llvm.TruncOp(load.dereferenced_value, convert_type(op.res.type))
            replace_with_llvm(rewriter, op, [*ops, load, narrow])
            return
        load = builders.load(ptr, convert_type(op.res.type))
        replace_with_llvm(rewriter, op, [*ops, load])


def _in_a_byte(element: Attribute) -> IntegerType | None:
    """An integer narrower than a byte but not i1 (i2, i4, ui2, ui4): held in memory as a byte
    extended by its signedness (numpy's int8/uint8), as LLVM's own stores of the narrow type
    leave the other bits unspecified; it is loaded as that byte, truncated."""
    if isinstance(element, IntegerType) and 1 < element.width.data < 8:
        return element
    return None


@dataclass
class StoreLowering(RewritePattern):
    """memref.store %v, %m[%i, %j] : memref<4x8xf32> -> llvm.getelementptr + llvm.store"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, memref.StoreOp):
            return
        memref_type = _static_memref(op.memref.type)
        if memref_type is None:
            return
        value, base, *indices = llvm_operands(rewriter, op)
        ops, ptr = element_pointer(base, indices, memref_type)
        if (element := _in_a_byte(op.value.type)) is not None:
            unsigned = element.signedness.data == Signedness.UNSIGNED
            wide = (llvm.ZExtOp if unsigned else llvm.SExtOp)(value, i8)
            ops += [wide]
            value = wide.res
        replace_with_llvm(rewriter, op, [*ops, builders.store(value, ptr)])


@dataclass
class GetGlobalLowering(RewritePattern):
    """memref.get_global @w : memref<4x8xf32> -> llvm.mlir.addressof @w : !llvm.ptr
    (memref<256xf32, 3> -> !llvm.ptr<3>)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, memref.GetGlobalOp) or not _all_static(op.memref.type):
            return
        # A static memref's LLVM type is a pointer (in its address space).
        ptr = cast(llvm.LLVMPointerType, convert_type(op.memref.type))
        replace_with_llvm(rewriter, op, [llvm.AddressOfOp(op.name_, ptr)])


def llvm_array_type(t: MemRefType) -> Attribute:
    """memref<4x8xf32> -> !llvm.array<4 x array<8 x f32>> (MLIR's global layout)."""
    result: Attribute = convert_type(t.get_element_type())
    for d in reversed(t.get_shape()):
        result = llvm.LLVMArrayType(IntAttr(d), result)
    return result


@dataclass
class GlobalLowering(RewritePattern):
    """memref.global "private" constant @w : memref<4x8xf32> -> llvm.mlir.global private constant
    (memref<256xf32, 3>, GPU shared memory: a global in addr_space 3, no initializer)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, memref.GlobalOp) or not _all_static(op.type):
            return
        value = op.initial_value if isinstance(op.initial_value, DenseIntOrFPElementsAttr) else None
        linkage = "private" if op.sym_visibility.data == "private" else "external"
        space = memory_space_of(op.type) or 0
        default_alignment = DEFAULT_ALIGNMENT if space == 0 else SHARED_ALIGNMENT
        alignment = op.alignment.value.data if op.alignment is not None else default_alignment
        new = llvm.GlobalOp(
            llvm_array_type(op.type),
            op.sym_name,
            linkage,
            addr_space=space,
            constant=op.constant is not None,
            value=value,
            alignment=alignment,
        )
        replace_with_llvm(rewriter, op, [new])


@dataclass
class ViewLowering(RewritePattern):
    """memref.view %arena[%off][] : memref<4096xi8> to memref<8x10xf32> -> llvm.getelementptr i8"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, memref.ViewOp) or op.sizes:
            return
        if not _all_static(op.source.type, op.result.type):
            return
        base, shift = llvm_operands(rewriter, op, [op.source, op.byte_shift])
        known = _constant_index(shift)
        if known == 0:
            replace_with_llvm(rewriter, op, [], [base])
            return
        if known is not None:
            replace_with_llvm(rewriter, op, constant_gep(base, known, i8))
            return
        gep = builders.gep(base, [llvm.GEP_USE_SSA_VAL], i8, [shift])
        replace_with_llvm(rewriter, op, [gep])


@dataclass
class SamePointerLowering(RewritePattern):
    """memref.collapse_shape / expand_shape / cast %m -> the same !llvm.ptr"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, memref.CollapseShapeOp | memref.ExpandShapeOp | memref.CastOp):
            return
        source = op.operands[0]
        if not _all_static(source.type, op.results[0].type):
            return
        (ptr,) = llvm_operands(rewriter, op, [source])
        replace_with_llvm(rewriter, op, [], [ptr])


@dataclass
class AllocaLowering(RewritePattern):
    """memref.alloca() : memref<16xf32> -> llvm.alloca %c16 x f32 {alignment = 64}"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, memref.AllocaOp) or not _all_static(op.memref.type):
            return
        t = op.memref.type
        alignment = op.alignment.value.data if op.alignment is not None else DEFAULT_ALIGNMENT
        size = llvm.ConstantOp(IntegerAttr(_num_elements(t), i64), i64)
        alloca = llvm.AllocaOp(size.result, convert_type(t.get_element_type()), alignment=alignment)
        replace_with_llvm(rewriter, op, [size, alloca])


@dataclass
class AllocLowering(RewritePattern):
    """memref.alloc() : memref<16xf32> -> llvm.call @malloc(%c64) (@aligned_alloc past 16 bytes)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, memref.AllocOp) or not _all_static(op.memref.type):
            return
        t = op.memref.type
        nbytes = max(1, _num_elements(t) * element_bytes(t.get_element_type()))
        alignment = op.alignment.value.data if op.alignment is not None else 0
        if alignment <= 16:
            declare_external_function(rewriter, op, "malloc", [i64], PTR)
            size = llvm.ConstantOp(IntegerAttr(nbytes, i64), i64)
            call = llvm.CallOp("malloc", size.result, return_type=PTR)
            replace_with_llvm(rewriter, op, [size, call])
            return
        declare_external_function(rewriter, op, "aligned_alloc", [i64, i64], PTR)
        rounded = (nbytes + alignment - 1) // alignment * alignment
        align = llvm.ConstantOp(IntegerAttr(alignment, i64), i64)
        size = llvm.ConstantOp(IntegerAttr(rounded, i64), i64)
        call = llvm.CallOp("aligned_alloc", align.result, size.result, return_type=PTR)
        replace_with_llvm(rewriter, op, [align, size, call])


@dataclass
class DeallocLowering(RewritePattern):
    """memref.dealloc %m : memref<16xf32> -> llvm.call @free(%p)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, memref.DeallocOp) or not _all_static(op.memref.type):
            return
        (ptr,) = llvm_operands(rewriter, op)
        declare_external_function(rewriter, op, "free", [PTR], llvm.LLVMVoidType())
        replace_with_llvm(rewriter, op, [llvm.CallOp("free", ptr)])


@dataclass
class CopyLowering(RewritePattern):
    """memref.copy %a, %b -> llvm.call_intrinsic "llvm.memcpy.p0.p0.i64"(%b, %a, %bytes, %false)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, memref.CopyOp):
            return
        if not _all_static(op.source.type, op.destination.type):
            return
        t = _static_memref(op.source.type)
        if t is None:
            return
        src, dst = llvm_operands(rewriter, op)
        nbytes = _num_elements(t) * element_bytes(t.get_element_type())
        size = llvm.ConstantOp(IntegerAttr(nbytes, i64), i64)
        volatile = llvm.ConstantOp(IntegerAttr(0, i1), i1)
        call = llvm.CallIntrinsicOp(
            "llvm.memcpy.p0.p0.i64", [dst, src, size.result, volatile.result], []
        )
        replace_with_llvm(rewriter, op, [size, volatile, call])


LEFT = "left (dynamic shapes, layouts or unsupported ops)"
"""What the memref ops left by the conversion are."""

PATTERNS: tuple[type[RewritePattern], ...] = (
    LoadLowering,
    StoreLowering,
    GetGlobalLowering,
    GlobalLowering,
    ViewLowering,
    SamePointerLowering,
    AllocaLowering,
    AllocLowering,
    DeallocLowering,
    CopyLowering,
)


@dataclass(frozen=True)
class ConvertMemrefToLlvmPass(ModulePass):
    """Lowers `memref` ops to pointers, address arithmetic, loads and stores.

    Expects memrefs with static shapes and identity layouts; leaves no `memref` op.

    Each memref value becomes a bare `!llvm.ptr` to its first element (unrealized casts bridge
    to the function signatures until convert-func-to-llvm).
    """

    name = "convert-memref-to-llvm"

    partial: bool = False
    """Partial conversion: leave the ops it cannot lower instead of failing (the coverage
    report finds them)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        convert_dialect(
            op,
            self.name,
            [p() for p in PATTERNS],
            "memref",
            LEFT,
            partial=self.partial,
        )
