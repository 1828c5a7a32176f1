"""Declarative assembly formats parsed on first use, not when each op class is defined.

xDSL 0.74 parses an op's `assembly_format` in `irdl_op_definition`, as the class is created:
the 271 formats of the dialects a compile imports cost ~90 ms of the ~650 ms of imports a fresh
process pays before its first compile, and a compile from a GraphDef prints or parses few of
them. `install()` (run by `import strata`, before any dialect) wraps xDSL's
`get_accessors_from_op_def` so that an op with a format gets a `parse` and a `print` that parse
the format the first time either is called, then keep the program. The op's definition, its
accessors and its verifier are built as before.

A format that does not parse then fails at the op's first parse or print instead of at import.
`check(dialect)` parses every format of a dialect now: the plugin loader runs it on each plugin
dialect (so a plugin's bad format is reported when the plugin loads, naming it), and a test runs
it on every dialect Strata registers.

`install()` imports no xDSL itself: when xDSL's `xdsl.irdl.operations` is not loaded yet, it
patches that module the moment it loads (an import hook), so `import strata` stays free of xDSL
and a compile served from the compile cache never imports it.

Like the fixes in `strata.xdsl_fixes`, this leans on one function of the pinned xDSL; drop it
when xDSL defers the parse itself.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from xdsl.ir import Dialect
    from xdsl.irdl.declarative_assembly_format import FormatProgram
    from xdsl.irdl.operations import IRDLOperation, OpDef
    from xdsl.parser import Parser
    from xdsl.printer import Printer

DEFERRED = "_strata_deferred_format"
"""The class attribute holding an op's `_DeferredFormat`."""


class _DeferredFormat:
    """One op's format text, parsed into a FormatProgram on the first `program()` call (two
    threads may both parse it; either result is kept, they are equal)."""

    __slots__ = ("op_def", "parsed")

    def __init__(self, op_def: OpDef):
        self.op_def = op_def
        self.parsed: FormatProgram | None = None

    def program(self) -> FormatProgram:
        if self.parsed is None:
            from xdsl.irdl.declarative_assembly_format import FormatProgram
            from xdsl.utils.exceptions import ParseError, PyRDLOpDefinitionError

            text = self.op_def.assembly_format or ""
            try:
                self.parsed = FormatProgram.from_str(text, self.op_def)
            except ParseError as err:  # xDSL raises this error type when it parses at definition
                raise PyRDLOpDefinitionError(
                    f"op {self.op_def.name}: assembly format {text!r}, at column "
                    f"{err.span.start + 1} ({err.span.text!r}): {err.msg}"
                ) from err
        return self.parsed


def _deferring(
    original: Callable[[OpDef, Any], dict[str, Any]],
) -> Callable[[OpDef, Any], dict[str, Any]]:
    def get_accessors_from_op_def(op_def: OpDef, custom_verify: Any) -> dict[str, Any]:
        text = op_def.assembly_format
        if text is None:
            return original(op_def, custom_verify)
        op_def.assembly_format = None  # xDSL builds everything but the format's parse and print
        try:
            new_attrs = original(op_def, custom_verify)
        finally:
            op_def.assembly_format = text
        deferred = _DeferredFormat(op_def)

        def parse_with_format(cls: type[IRDLOperation], parser: Parser) -> IRDLOperation:
            return deferred.program().parse(parser, cls)

        def print_with_format(self: IRDLOperation, printer: Printer) -> None:
            deferred.program().print(printer, self)

        new_attrs["parse"] = classmethod(parse_with_format)
        new_attrs["print"] = print_with_format
        new_attrs[DEFERRED] = deferred
        return new_attrs

    get_accessors_from_op_def.__wrapped__ = original  # type: ignore[attr-defined]
    return get_accessors_from_op_def


_OPERATIONS = "xdsl.irdl.operations"


def _patch(operations: ModuleType) -> None:
    current = operations.get_accessors_from_op_def
    if getattr(current, "__wrapped__", None) is None:
        operations.get_accessors_from_op_def = _deferring(current)  # type: ignore[attr-defined]


class _PatchOnLoad(importlib.abc.MetaPathFinder):
    """Finds nothing itself: it hands `xdsl.irdl.operations` to the path finder and patches the
    module as soon as it has run, before any op class can be defined."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != _OPERATIONS:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        loader = spec.loader if spec is not None else None
        exec_module = getattr(loader, "exec_module", None)
        if spec is None or exec_module is None:
            return spec

        def exec_then_patch(module: ModuleType) -> None:
            exec_module(module)
            _patch(module)
            if self in sys.meta_path:  # patched: nothing left to watch for
                sys.meta_path.remove(self)

        loader.exec_module = exec_then_patch  # type: ignore[method-assign,union-attr]  # this load only
        return spec


def install() -> None:
    """Defer the format parse of every op defined from now on (once per process), without
    importing xDSL: if it is not loaded yet, its op-definition module is patched as it loads."""
    operations = sys.modules.get(_OPERATIONS)
    if operations is not None:
        _patch(operations)
    elif not any(isinstance(f, _PatchOnLoad) for f in sys.meta_path):
        sys.meta_path.insert(0, _PatchOnLoad())


def check(dialect: Dialect) -> None:
    """Parse every deferred assembly format of `dialect`'s ops now (PyRDLOpDefinitionError on
    the first that does not parse)."""
    for op in dialect.operations:
        deferred = op.__dict__.get(DEFERRED)
        if isinstance(deferred, _DeferredFormat):
            deferred.program()
