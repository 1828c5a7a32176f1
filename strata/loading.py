"""Reading what users hand to Strata: IR text at any stage, or a GraphDef (.pb / .pbtxt).

Every tool and the Python API load input through here, so they accept the same things.
"""

from __future__ import annotations

import io
import math
import re
from pathlib import Path

from xdsl.context import Context
from xdsl.dialects.builtin import (
    AnyDenseElement,
    DenseIntOrFPElementsAttr,
    FileLineColLoc,
    IntAttr,
    ModuleOp,
    RankedStructure,
    StringAttr,
    UnknownLoc,
)
from xdsl.ir import Attribute, Operation
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError
from xdsl.utils.lexer import Span

from strata.diagnostics import PYTHON_ERRORS, StrataError, op_error, verify_module
from strata.frontends.graphdef.options import ImportOptions
from strata.registry import make_context

GRAPHDEF_SUFFIXES = (".pb", ".pbtxt")


_LOCATION_ALIAS = re.compile(r"^(#[A-Za-z_][\w$.-]*)\s*=\s*(loc\(.*\))\s*$", re.MULTILINE)


_PACKING_RANGE = re.compile(r"format requires (.+)$")
"""The range in Python's struct.error for a value it cannot pack, whose wording before that
varies between Python versions ("ushort format" in 3.11, "'H' format" in 3.12)."""


MAX_DENSE_ELEMENTS = 1 << 26
"""The most elements a dense literal may have (64M: 256 MB of f32)."""


class LocatingParser(Parser):
    """xDSL's parser, giving every op without a `loc(...)` of its own the position it was
    parsed at, `loc("file":line:col)` (the start of its result list, as MLIR does), so that
    verifier and pass errors point into the file."""

    def parse_dense_int_or_fp_elements_attr(
        self, type: RankedStructure[AnyDenseElement] | None
    ) -> DenseIntOrFPElementsAttr:
        # xDSL packs the values after parsing them and raises plain Python errors when they do
        # not fit the element type (a value out of range, an f80 it cannot pack): a parse error
        # at the literal instead.
        start = self._current_token.span
        try:
            return super().parse_dense_int_or_fp_elements_attr(type)
        except PYTHON_ERRORS as err:
            reason = str(err) or "its element type cannot hold them (xDSL cannot pack it)"
            if packing := _PACKING_RANGE.search(reason):  # a hex literal's bits too wide
                reason = f"an element's bits must be {packing.group(1)}"
            end = self._current_token.span
            raise ParseError(
                Span(start.start, max(start.end, end.start), start.input),
                f"dense literal does not fit its type: {reason}",
            ) from None

    def _parse_dense_literal_type(self) -> RankedStructure[AnyDenseElement]:
        # xDSL expands a splat to every element while parsing: a huge one would exhaust memory.
        start = self._current_token.span
        t = super()._parse_dense_literal_type()
        count = math.prod(t.get_shape())
        if count > MAX_DENSE_ELEMENTS:
            raise ParseError(
                start,
                f"dense literal of {count} elements: more than the {MAX_DENSE_ELEMENTS} a "
                "constant may have",
            )
        return t

    def _get_op_by_name(self, name: str) -> type[Operation]:
        # Called just after the name's token: an unknown op is reported there, not at the
        # token after it (often on the next line).
        start = self._current_token.span
        try:
            return super()._get_op_by_name(name)
        except ParseError as err:
            text = start.input.content
            at = text.rfind(name, 0, start.start)
            if at < 0:
                raise
            if at > 0 and text[at - 1 : at] == '"':
                at -= 1  # the generic form's quoted name
            raise ParseError(Span(at, at + len(name), start.input), err.msg) from None

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        # MLIR lets a location alias be used before its definition (exports print them after
        # the module); xDSL does not. The definitions are read first, then skipped in place.
        self._early_aliases = self._location_aliases()
        self.attribute_aliases.update(self._early_aliases)
        try:
            return super().parse_module(allow_implicit_module)
        except PYTHON_ERRORS as err:
            # xDSL's attribute code raising a plain Python error (a float attribute of a type it
            # cannot print, ...): the input is at fault, at the current token.
            reason = str(err) or type(err).__name__
            raise ParseError(self._current_token.span, f"cannot read this: {reason}") from None

    def _location_aliases(self) -> dict[str, Attribute]:
        text = self.lexer.input.content
        pending = dict(_LOCATION_ALIAS.findall(text if isinstance(text, str) else ""))
        resolved: dict[str, Attribute] = {}
        while pending:
            progress = False
            for name, body in list(pending.items()):
                inner = Parser(self.ctx, body, "<alias>")
                inner.attribute_aliases.update(resolved)
                try:
                    location = inner.parse_optional_location()
                except ParseError:
                    continue
                if location is not None:
                    resolved[name] = location
                    del pending[name]
                    progress = True
            if not progress:
                break  # the main parse reports what is wrong with the rest
        return resolved

    def _parse_alias_def(self) -> None:
        name = self._current_token.text
        if name not in getattr(self, "_early_aliases", {}):
            super()._parse_alias_def()  # type: ignore[no-untyped-call]
            return
        self._consume_token()
        self.parse_punctuation("=", "after attribute alias name")
        self.parse_attribute()  # already read by _location_aliases

    def parse_operation(self) -> Operation:
        start = self._current_token.span
        try:
            op = super().parse_operation()
        except AssertionError as err:
            # An op's custom parser in xDSL checking what it read with an assert (llvm.mlir.global
            # asserts that addr_space is an integer): the input is at fault, at this op.
            reason = str(err) or "an attribute or type it does not take"
            raise ParseError(start, f"cannot read this operation: {reason}") from None
        if isinstance(op.location, UnknownLoc):
            at = start.get_location()
            op.location = FileLineColLoc(StringAttr(at.file), IntAttr(at.line), IntAttr(at.col))
        return op


def parse_ir(ctx: Context, text: str, name: str = "<input>") -> ModuleOp:
    module = LocatingParser(ctx, text, name).parse_module()
    verify_module(module)
    return module


def is_graphdef_path(path: str | Path) -> bool:
    return str(path).endswith(GRAPHDEF_SUFFIXES)


def load_module(
    source: str | Path | object,
    ctx: Context | None = None,
    options: ImportOptions | None = None,
) -> tuple[Context, ModuleOp]:
    """A module from a GraphDef path, a GraphDef message or its binary serialisation
    (`graph_def.SerializeToString()`), an .mlir path, or IR text."""
    ctx = ctx or make_context()
    options = options or ImportOptions()
    from strata.frontends.graphdef import import_graphdef, is_graphdef_message

    if is_graphdef_message(source) or isinstance(source, (bytes, bytearray)):
        return ctx, import_graphdef(source, options)
    if isinstance(source, (str, Path)) and is_graphdef_path(source):
        return ctx, import_graphdef(Path(source), options)
    if isinstance(source, str) and "\n" not in source and Path(source).is_dir():
        raise StrataError(
            f"{source}: is a directory; Strata reads a frozen GraphDef (.pb, .pbtxt) or IR "
            "(.mlir): a SavedModel or Keras model is frozen to a GraphDef first "
            "(docs/getting-started.md, 'Your own model')"
        )
    if isinstance(source, str) and "\n" not in source and Path(source).is_file():
        if Path(source).suffix not in (".mlir", ".ir"):
            raise StrataError(
                f"{source}: unknown kind of file '{Path(source).suffix}': expected a GraphDef "
                "(.pb binary, .pbtxt text) or IR (.mlir)"
            )
    if isinstance(source, Path) or (
        isinstance(source, str) and "\n" not in source and Path(source).suffix in (".mlir", ".ir")
    ):
        path = Path(source)
        if not path.exists():
            raise StrataError(f"{path}: no such file")
        return ctx, parse_ir(ctx, path.read_text(), str(path))
    if isinstance(source, str):
        return ctx, parse_ir(ctx, source)
    raise StrataError(
        f"cannot compile a {type(source).__name__}: expected a path, IR text, or a GraphDef "
        "(a message or its serialised bytes)"
    )


def print_ir(op: Operation, debuginfo: bool = False, generic: bool = False) -> str:
    """`op` as text; an attribute xDSL parses but cannot print (a float of type f80: it has
    no format to pack the value with) is a StrataError naming the op and the attribute."""
    out = io.StringIO()
    try:
        Printer(out, print_debuginfo=debuginfo, print_generic_format=generic).print_op(op)
    except PYTHON_ERRORS as err:
        raise _unprintable(op, str(err) or type(err).__name__) from None
    out.write("\n")
    return out.getvalue()


def _unprintable(root: Operation, reason: str) -> StrataError:
    """The first attribute under `root` that xDSL cannot print, as a diagnostic at its op."""
    for op in root.walk():
        for name, attr in (*op.properties.items(), *op.attributes.items()):
            try:
                Printer(io.StringIO()).print_attribute(attr)
            except PYTHON_ERRORS:
                kind = getattr(attr, "type", None)
                held = f"{attr.name} of type {kind}" if isinstance(kind, Attribute) else attr.name
                return op_error(
                    op, f"attribute '{name}' cannot be printed: xDSL has no format for a {held}"
                )
    return StrataError(f"cannot print the IR: {reason}")
