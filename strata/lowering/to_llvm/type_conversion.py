"""Types and values across the `*-to-llvm` passes: index -> i64, static memref -> bare `!llvm.ptr`.

Each pass converts only its own ops. Where a converted op meets a value of a not-yet-converted type
(or the reverse) a `builtin.unrealized_conversion_cast` bridges the two, as in MLIR;
`reconcile-unrealized-casts` removes the pairs at the end. The conversions here are targeted and
non-recursive (xDSL's recursive `TypeConversionPattern` is slow and loops on some attributes).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from xdsl.dialects import llvm
from xdsl.dialects.builtin import (
    BFloat16Type,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneAttr,
    Signedness,
    UnrealizedConversionCastOp,
    VectorType,
    i16,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue, Use
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import SymbolTable

from strata.diagnostics import op_error
from strata.dialects.element_kinds import element_info, storage_bytes
from strata.lowering.to_llvm import builders

INDEX_TYPE = i64
"""What `index` becomes (x86-64 and aarch64 targets)."""


def memory_space_of(t: MemRefType) -> int | None:
    """The LLVM address space of a memref: 0 without a memory space, N for an integer N
    (3: GPU shared memory), None for any other memory space attribute."""
    space = t.memory_space
    if isinstance(space, NoneAttr):
        return 0
    if isinstance(space, IntegerAttr):
        return space.value.data
    return None


def convert_type(t: Attribute) -> Attribute:
    """index -> i64, memref -> !llvm.ptr (memory space N: !llvm.ptr<N>), uiN/siN -> iN (LLVM
    integers have no signedness: the ops chosen earlier, udiv or sdiv, carry it), bf16 -> i16
    (its bits: emulate-bf16 leaves no arithmetic on it); other types are already LLVM types (or
    unsupported)."""
    if isinstance(t, IndexType):
        return INDEX_TYPE
    if isinstance(t, BFloat16Type):
        return i16
    if isinstance(t, IntegerType) and t.signedness.data != Signedness.SIGNLESS:
        return IntegerType(t.width.data)
    if isinstance(t, MemRefType):
        space = memory_space_of(t)
        if space:
            return llvm.LLVMPointerType(IntAttr(space))
        return llvm.LLVMPointerType()
    return t


def is_identity_static_memref(t: Attribute) -> bool:
    """A memref that lowers to a bare pointer: static shape, row-major, no memory space or an
    integer one (an address space)."""
    if not isinstance(t, MemRefType):
        return False
    if not t.has_static_shape():
        return False
    if not isinstance(t.layout, NoneAttr):
        return False
    return memory_space_of(t) is not None


def row_major_strides(shape: Sequence[int]) -> list[int]:
    strides = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    return strides


def element_bytes(t: Attribute) -> int:
    """Size in bytes of a memref element type as LLVM lays it out (`storage_bytes`)."""
    size = storage_bytes(t)
    if size is None:
        raise TypeError(f"no byte size for element type {t}")
    return size


def _lacks_llvm_type(t: Attribute) -> bool:
    element = t.get_element_type() if isinstance(t, VectorType) else t
    if isinstance(element, IndexType):
        return False
    info = element_info(element)
    return info is not None and not info.has_llvm_type


def check_llvm_element_types(root: Operation, *dialects: str) -> None:
    """The first op of `dialects` on an element type that LLVM export has no type for (bf16)
    becomes a diagnostic naming it: the stage where such a value can go no further."""
    for op in root.walk():
        if op.dialect_name() not in dialects:
            continue
        for value in (*op.operands, *op.results):
            if _lacks_llvm_type(value.type):
                raise op_error(
                    op, f"element type {value.type} has no LLVM type (the LLVM export lacks it)"
                )


def retype_index_values(root: Operation) -> None:
    """Give every `index` value under `root` (op results, block arguments) its LLVM type in
    place, before a conversion that lowers every op reading one (convert-to-llvm): the patterns
    then meet i64 values and need no cast to and from `index` (a fifth of the ops the
    conversion built, and most of reconcile-unrealized-casts' work). Until each op is converted its
    operands are i64 where its definition says index, so a partial conversion must not."""
    for op in root.walk():
        for result in op.results:
            if isinstance(result.type, IndexType):
                Rewriter.replace_value_with_new_type(result, INDEX_TYPE)
        for region in op.regions:
            for block in region.blocks:
                for arg in block.args:
                    if isinstance(arg.type, IndexType):
                        Rewriter.replace_value_with_new_type(arg, INDEX_TYPE)


def cast_to(
    rewriter: PatternRewriter, value: SSAValue, target: Attribute, before: Operation
) -> SSAValue:
    """`value` as type `target`: itself, the input of the cast that produced it, or a cast.

    New casts go right after the definition (or at the start of the argument's block) so that one
    cast dominates, and serves, every later use.
    """
    if value.type == target:
        return value
    owner = value.owner
    if isinstance(owner, UnrealizedConversionCastOp) and len(owner.inputs) == 1:
        source = owner.inputs[0]
        if source.type == target:
            return source
    if isinstance(owner, Operation):
        where, home = InsertPoint.after(owner), owner.parent_block()
    else:
        where, home = InsertPoint.at_start(owner), owner
    for use in value.uses:
        user = use.operation
        if (
            isinstance(user, UnrealizedConversionCastOp)
            and len(user.inputs) == 1
            and user.results[0].type == target
            and user.parent_block() is home
        ):
            return user.results[0]
    cast = builders.unrealized_cast(value, target)
    cast.location = before.location
    rewriter.insert(cast, where)
    result: SSAValue = cast.results[0]
    return result


def llvm_operands(
    rewriter: PatternRewriter, op: Operation, values: Iterable[SSAValue] | None = None
) -> list[SSAValue]:
    """The operands of `op` (or `values`), each as its LLVM type, cast where needed before `op`."""
    chosen = op.operands if values is None else values
    return [cast_to(rewriter, v, convert_type(v.type), op) for v in chosen]


def replace_with_llvm(
    rewriter: PatternRewriter,
    op: Operation,
    new_ops: Sequence[Operation],
    new_values: Sequence[SSAValue] | None = None,
) -> None:
    """Replace `op` by `new_ops`, whose results (or `new_values`) carry LLVM types.

    Every new op takes `op`'s location. Where an old result's type differs from its LLVM value's
    (index vs i64, memref vs ptr), a cast back to the old type keeps the old users valid.
    """
    if new_values is not None:
        values = list(new_values)
    else:
        values = list(new_ops[-1].results) if new_ops else []
    ops = list(new_ops)
    results: list[SSAValue] = []
    for old, new in zip(op.results, values, strict=True):
        if old.type == new.type:
            results.append(new)
            continue
        back = builders.unrealized_cast(new, old.type)
        ops.append(back)
        results.append(back.results[0])
    for new_op in ops:
        new_op.location = op.location
    rewriter.replace(op, ops, results)


def convert_block_arguments(rewriter: PatternRewriter, block: Block) -> None:
    """Give each block argument its LLVM type; a cast at the block start serves the old users."""
    previous: Operation | None = None
    for arg in list(block.args):
        target = convert_type(arg.type)
        if target == arg.type:
            continue
        old_type = arg.type
        new_arg = rewriter.replace_value_with_new_type(arg, target)
        if not new_arg.uses:
            continue
        cast = builders.unrealized_cast(new_arg, old_type)
        parent = block.parent_op()
        if parent is not None:
            cast.location = parent.location
        where = InsertPoint.at_start(block) if previous is None else InsertPoint.after(previous)
        rewriter.insert(cast, where)
        previous = cast

        def not_the_cast(use: Use, cast: Operation = cast) -> bool:
            return use.operation is not cast

        rewriter.replace_uses_with_if(new_arg, cast.results[0], not_the_cast)


def declare_external_function(
    rewriter: PatternRewriter,
    near: Operation,
    name: str,
    inputs: Sequence[Attribute],
    output: Attribute,
) -> None:
    """Make sure the symbol table holding `near` (the module, or a `gpu.module` around a kernel)
    declares `llvm.func @name` (libm, libdevice, malloc, free). A function of the module that
    has the name and is not that declaration is an error naming both."""
    module = near
    while (parent := module.parent_op()) is not None and not module.has_trait(SymbolTable):
        module = parent
    body = module.regions[0].blocks.first
    if body is None:
        return
    for top in body.ops:
        sym = top.properties.get("sym_name")
        if sym is not None and getattr(sym, "data", None) == name:
            declared = isinstance(top, llvm.FuncOp) and not top.body.blocks
            if not declared:
                raise op_error(
                    near,
                    f"needs the external function '{name}' (C library or runtime), but the "
                    f"module defines its own @{name}: rename it",
                )
            return
    decl = llvm.FuncOp(
        name, llvm.LLVMFunctionType(list(inputs), output), linkage=llvm.LinkageAttr("external")
    )
    decl.location = near.location
    rewriter.insert(decl, InsertPoint.at_start(body))
