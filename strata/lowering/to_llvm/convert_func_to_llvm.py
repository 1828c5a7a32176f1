"""convert-func-to-llvm: `func.func`/`return`/`call` become `llvm.func`/`llvm.return`/`llvm.call`.

Memref arguments become `!llvm.ptr`, index becomes i64. The entry function (the one carrying
`strata.signature`) keeps that attribute, is external and marks its pointers `noalias` (the entry's
buffers never alias); other definitions are internal; declarations stay external.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import func, llvm
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, ModuleOp, UnitAttr
from xdsl.ir import Attribute, Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
)

from strata.abi import SIGNATURE_ATTR
from strata.lowering.conversion import convert_dialect
from strata.lowering.to_llvm.type_conversion import (
    convert_block_arguments,
    convert_type,
    llvm_operands,
    replace_with_llvm,
)


def llvm_function_type(
    inputs: tuple[Attribute, ...], outputs: tuple[Attribute, ...]
) -> llvm.LLVMFunctionType | None:
    """(memref, index) -> i32 as !llvm.func<i32 (ptr, i64)>; None for several results."""
    if len(outputs) > 1:
        return None
    output = convert_type(outputs[0]) if outputs else llvm.LLVMVoidType()
    return llvm.LLVMFunctionType([convert_type(t) for t in inputs], output)


@dataclass
class FuncLowering(RewritePattern):
    """func.func @f(%m: memref<4xf32>) -> i32 -> llvm.func @f(%m: !llvm.ptr {llvm.noalias}) -> i32

    (noalias and external linkage on the entry only; other definitions are internal)
    """

    module_has_entry: bool = field(default=False)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, func.FuncOp):
            return
        fn_type = llvm_function_type(op.function_type.inputs.data, op.function_type.outputs.data)
        if fn_type is None:
            return
        is_entry = SIGNATURE_ATTR in op.attributes
        is_declaration = not op.body.blocks
        is_private = op.sym_visibility is not None and op.sym_visibility.data == "private"
        external = is_entry or is_declaration or (not is_private and not self.module_has_entry)
        linkage = llvm.LinkageAttr("external" if external else "internal")
        other_props: dict[str, Attribute | None] = {}
        if is_entry:
            noalias = DictionaryAttr({"llvm.noalias": UnitAttr()})
            arg_attrs = [
                noalias if isinstance(t, llvm.LLVMPointerType) else DictionaryAttr({})
                for t in fn_type.inputs.data
            ]
            other_props["arg_attrs"] = ArrayAttr(arg_attrs)
        elif op.arg_attrs is not None:
            other_props["arg_attrs"] = op.arg_attrs  # e.g. llvm.noalias on outlined kernels
        new = llvm.FuncOp(
            op.sym_name,
            fn_type,
            linkage=linkage,
            body=rewriter.move_region_contents_to_new_regions(op.body),
            other_props=other_props,
            extra_attrs=dict(op.attributes),
        )
        entry = new.body.blocks.first
        if entry is not None:
            convert_block_arguments(rewriter, entry)
        new.location = op.location
        rewriter.replace(op, [new], [])


@dataclass
class ReturnLowering(RewritePattern):
    """func.return %r : i32 -> llvm.return %r : i32"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, func.ReturnOp) or len(op.arguments) > 1:
            return
        values = llvm_operands(rewriter, op)
        replace_with_llvm(rewriter, op, [llvm.ReturnOp(values[0] if values else None)])


@dataclass
class CallLowering(RewritePattern):
    """func.call @f(%m) : (memref<4xf32>) -> i32 -> llvm.call @f(%p) : (!llvm.ptr) -> i32"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, func.CallOp) or len(op.res) > 1:
            return
        args = llvm_operands(rewriter, op)
        result = convert_type(op.res[0].type) if op.res else None
        call = llvm.CallOp(op.callee, *args, return_type=result)
        replace_with_llvm(rewriter, op, [call], list(call.results))


@dataclass(frozen=True)
class ConvertFuncToLlvmPass(ModulePass):
    """Lowers `func` functions, calls and returns to `llvm`.

    Expects `func` ops with at most one result over LLVM-convertible types; leaves no `func` op.

    Entry-block arguments get their LLVM types (casts back serve ops not yet converted).
    """

    name = "convert-func-to-llvm"

    partial: bool = False
    """Partial conversion: leave the ops it cannot lower instead of failing (the coverage
    report finds them)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        convert_dialect(op, self.name, patterns(op), "func", LEFT, partial=self.partial)


LEFT = "left (several results or unsupported types)"
"""What the func ops left by the conversion are."""


def patterns(module: ModuleOp) -> list[RewritePattern]:
    """The conversion's patterns for `module` (whether it has an entry decides linkage)."""
    has_entry = any(
        isinstance(f, func.FuncOp) and SIGNATURE_ATTR in f.attributes for f in module.ops
    )
    return [FuncLowering(has_entry), ReturnLowering(), CallLowering()]
