"""inline: every func.call to a function of the module is replaced by the callee's body.

    func.func @main(%x) { %y = func.call @f(%x) ... }
    func.func private @f(%a) { %m = hlo.multiply %a, %a ... }
 -> func.func @main(%x) { %y = hlo.multiply %x, %x ... }    (@f erased: private, no longer called)

StableHLO exports (JAX, TensorFlow) split a model into a public `main` and private callees; the
stages after `hlo` work on one function body, so calls are inlined at the start of `hlo-opt`.
An `hlo.composite` is a call of its `decomposition` and is inlined the same way. Callees are
inlined bottom-up; a recursive call is an error naming the cycle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from strata.diagnostics import op_error
from strata.dialects.hlo import CompositeOp

Call: TypeAlias = func.CallOp | CompositeOp
"""What calls a function of the module: func.call, and hlo.composite (of its decomposition)."""


def _calls(f: func.FuncOp) -> list[Call]:
    return [op for op in f.walk() if isinstance(op, Call)]


def _callee(call: Call) -> str:
    symbol = call.callee if isinstance(call, func.CallOp) else call.decomposition
    return symbol.root_reference.data


@dataclass(frozen=True)
class InlinePass(ModulePass):
    """Inlines every call to a function defined in the module, then erases the private ones.

    Expects: functions with one block ending in func.return (any stage on tensors).
    Guarantees: no func.call to a function of the module is left; uncalled private functions
    are gone.
    """

    name = "inline"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        functions = {f.sym_name.data: f for f in op.ops if isinstance(f, func.FuncOp)}
        done: set[str] = set()

        def visit(f: func.FuncOp, path: tuple[str, ...]) -> None:
            name = f.sym_name.data
            if name in done:
                return
            for call in _calls(f):
                callee = functions.get(_callee(call))
                if callee is None and isinstance(call, CompositeOp):
                    raise op_error(
                        call, f"inline: decomposition @{_callee(call)} is not a function here"
                    )
                if callee is None or callee.is_declaration:
                    continue
                if callee.sym_name.data in path:
                    cycle = " -> ".join([*path, callee.sym_name.data])
                    raise op_error(call, f"inline: recursive calls cannot be inlined ({cycle})")
                visit(callee, (*path, callee.sym_name.data))
                self.inline(call, callee)
            done.add(name)

        for f in functions.values():
            visit(f, (f.sym_name.data,))
        called = {_callee(c) for f in functions.values() for c in _calls(f)}
        for name, f in functions.items():
            if f.sym_visibility is not None and f.sym_visibility.data == "private":
                if name not in called and f.parent is not None:
                    f.detach()
                    f.erase()

    @staticmethod
    def inline(call: Call, callee: func.FuncOp) -> None:
        if len(callee.body.blocks) != 1:
            raise op_error(call, "inline: the callee has more than one block")
        body = callee.body.clone().block
        returned = body.last_op
        if not isinstance(returned, func.ReturnOp):
            raise op_error(call, "inline: the callee does not end in func.return")
        for arg, value in zip(body.args, call.operands, strict=True):
            arg.replace_all_uses_with(value)
        results = list(returned.arguments)
        returned.detach()
        returned.erase()
        ops = list(body.ops)
        for inner in ops:
            inner.detach()
        Rewriter.insert_op(ops, InsertPoint.before(call))
        for old, new in zip(call.results, results, strict=True):
            old.replace_all_uses_with(new)
        Rewriter.erase_op(call)
