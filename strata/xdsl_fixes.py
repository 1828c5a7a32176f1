"""Fixes to xDSL 0.74 bugs that Strata's round trips hit, kept in one place (each is a candidate
for an upstream patch; drop it when the pinned xDSL has the fix).

- Dense float literals written as hex bit patterns (`dense<0xFF800000> : tensor<f32>`, which is
  how xDSL itself prints -inf and NaN) were parsed as the integer 4286578688 converted to float.
  MLIR reads them as the float's bits; so does Strata now.
- Complex literals: xDSL 0.74 refuses parts of mixed kinds (`(0xFF800000, 0.000000e+00)`, how
  MLIR prints a complex -inf, is an int and a float: "Complex value must be either (float, float)
  or (int, int)"), and converts a hex part of a float complex as an integer. MLIR accepts both and
  reads a hex part as the part's float bits; so does Strata now.
- `SymbolTable.lookup_symbol` scans the symbol table's block on every call, and every `func.call`
  / `llvm.call` verifies through it: verifying a module is quadratic in its calls (7 s of a 21 s
  compile for a 300-layer chain). Inside `indexed_symbol_lookups()` (verification: no IR changes)
  lookups on this thread answer from one dict per symbol table.
- The lexer's string-literal regex nests `+` inside `*` (`"(?:[^"\\...]+|\\..)*"`): on a file that
  ends inside a long literal (a truncated `dense<"0x...`) it backtracks exponentially, and the
  parser spins for minutes. The same pattern with possessive quantifiers fails in linear time.
- `scf.while` printed with locations (`print_debuginfo`) put its location after its type, where
  its parser wants the first region (`scf.while (...) : (...) -> ... loc(..) {`: "Expected
  region!"), so `strata-run --run-checks` of any module with a loop at the linalg stage or past
  it failed to parse what it printed. `Printer.print_operation_type` printed the location for
  the generic format, and custom formats that call it got it in the middle (and again at the
  end). It now prints the type alone; the generic format prints the location after it. (A
  patch of the printer, not of scf.while: importing the scf dialect here would load xDSL's
  dialects with the registry.)
- `linalg.generic` with several results prints them as MLIR does, `-> (tensor<..>, tensor<..>)`,
  and its parser read that list as one attribute (a function type, then "Expected '->'"): the
  `linalg` stage of a model whose fused generics keep several results (Philox's rounds, an
  LSTM cell) did not parse back. The patched parser reads a parenthesised list after the body
  itself (one type without parentheses is left to xDSL's). (Applied when the context loads the
  linalg dialect: importing it here would load xDSL's dialects with the registry.)
"""

from __future__ import annotations

import re
import struct
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    ComplexType,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    StringAttr,
    SymbolRefAttr,
)
from xdsl.ir import Attribute, Block, Operation
from xdsl.parser import Parser
from xdsl.parser.attribute_parser import AttrParser
from xdsl.printer import Printer
from xdsl.traits import SymbolOpInterface, SymbolTable
from xdsl.utils.lexer import Span
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind

_BITS = {Float16Type: "<e", Float32Type: "<f", Float64Type: "<d"}
_UINTS = {Float16Type: "<H", Float32Type: "<I", Float64Type: "<Q"}


# What `_TensorLiteralElement.to_type` takes and returns (xDSL leaves its return unannotated).
_Element = AttrParser._TensorLiteralElement
_LiteralType = AnyFloat | IntegerType | IndexType | ComplexType
_LiteralValue = int | float | tuple[int, int] | tuple[float, float]


def _float_from_bits(bits: int, element: object) -> float | None:
    for cls, fmt in _BITS.items():
        if isinstance(element, cls):
            return float(struct.unpack(fmt, struct.pack(_UINTS[cls], bits))[0])
    if isinstance(element, BFloat16Type):
        return float(struct.unpack("<f", struct.pack("<I", bits << 16))[0])
    return None


def _patch_dense_hex_floats() -> None:
    original: Callable[[_Element, AttrParser, _LiteralType], _LiteralValue] = _Element.to_type
    if original.__module__ == __name__:
        return  # already patched

    def to_type(self: _Element, parser: AttrParser, type: _LiteralType) -> _LiteralValue:
        if (
            isinstance(type, AnyFloat)
            and isinstance(self.value, int)
            and not isinstance(self.value, bool)
            and not self.is_negative
            and self.span.text[:2] in ("0x", "0X")
        ):
            value = _float_from_bits(self.value, type)
            if value is not None:
                return value
        return original(self, parser, type)

    _Element.to_type = to_type  # type: ignore[method-assign]  # the patch itself


class _HexInt(int):
    """A part of a complex literal written in hex (`0xFF800000`): the bits of a float part."""


_Part = int | float | bool
_ComplexLiteral = tuple[tuple[_Part, _Part], Span]


def _parse_optional_complex(self: AttrParser) -> _ComplexLiteral | None:
    """`(re, im)` of any two numbers (xDSL's own wants both of one kind), hex parts marked."""
    if self._current_token.kind != MLIRTokenKind.L_PAREN:
        return None
    start = self._consume_token(MLIRTokenKind.L_PAREN).span
    parts: list[_Part] = []
    for index in range(2):
        if index:
            self.parse_punctuation(",")
        value, span = self._parse_bool_int_or_float()
        if isinstance(value, int) and not isinstance(value, bool) and span.text[:2] in ("0x", "0X"):
            value = _HexInt(value)
        parts.append(value)
    if isinstance(parts[0], bool) != isinstance(parts[1], bool):
        self.raise_error("complex value must be two numbers or two booleans")
    end = self._consume_token(MLIRTokenKind.R_PAREN).span
    return (parts[0], parts[1]), Span(start.start, end.end, start.input)


def _complex_part(parser: AttrParser, part: _Part, element: object, span: Span) -> _Part:
    """One part of a complex literal as a value of the complex's `element` type."""
    if isinstance(element, AnyFloat):
        if isinstance(part, _HexInt):
            bits = _float_from_bits(part, element)
            if bits is not None:
                return bits
        return float(part)
    if isinstance(part, float):
        parser.raise_error("expected integer parts for an integer complex", at_position=span)
    return int(part)


def _patch_complex_literals() -> None:
    if getattr(AttrParser._parse_optional_complex, "__module__", None) == __name__:
        return  # already patched

    def to_complex(
        self: _Element, parser: AttrParser, type: ComplexType
    ) -> tuple[float, float] | tuple[int, int]:
        if not isinstance(self.value, tuple):
            parser.raise_error("expected a complex literal (re, im)", at_position=self.span)
        element = type.element_type
        re, im = (_complex_part(parser, part, element, self.span) for part in self.value)
        return (re, im)  # both float or both int, by `element`

    AttrParser._parse_optional_complex = _parse_optional_complex  # type: ignore[method-assign]  # the patch itself
    _Element.to_complex = to_complex  # type: ignore[method-assign]  # the patch itself


_SymbolIndex = dict[Block, dict[str, Operation]]
_lookups = threading.local()
"""`index`: this thread's symbol tables by block inside indexed_symbol_lookups(), else unset."""
_linear_lookup = SymbolTable.lookup_symbol


def _indexed_lookup(op: Operation, name: str | StringAttr | SymbolRefAttr) -> Operation | None:
    index: _SymbolIndex | None = getattr(_lookups, "index", None)
    if index is None:
        return _linear_lookup(op, name)
    anchor: Operation | None = op
    while anchor is not None and not anchor.has_trait(SymbolTable):
        anchor = anchor.parent_op()
    if anchor is None:
        return _linear_lookup(op, name)  # its error
    ref = SymbolRefAttr(name) if isinstance(name, (str, StringAttr)) else name
    block = anchor.regions[0].block
    table = index.get(block)
    if table is None:
        table = {}
        for o in block.ops:
            if (symbol := o.get_trait(SymbolOpInterface)) is not None:
                table.setdefault(symbol.get_sym_attr_name(o).data, o)  # first wins, as a scan
        index[block] = table
    found = table.get(ref.root_reference.data)
    if found is None or not ref.nested_references:
        return found
    root, *rest = ref.nested_references.data
    return _indexed_lookup(found, SymbolRefAttr(root, rest))


@contextmanager
def indexed_symbol_lookups() -> Iterator[None]:
    """Symbol lookups on this thread use a per-table dict until the block exits; the IR must
    not change meanwhile (verification). Other threads keep the linear lookup."""
    _patch_symbol_lookup()
    outer = getattr(_lookups, "index", None)
    _lookups.index = {} if outer is None else outer
    try:
        yield
    finally:
        _lookups.index = outer


def _patch_symbol_lookup() -> None:
    SymbolTable.lookup_symbol = staticmethod(_indexed_lookup)  # type: ignore[method-assign]  # the patch itself


def _patch_string_literal_regex() -> None:
    MLIRLexer._unescaped_characters_regex = re.compile(
        r'"(?:[^"\\\n\v\f]++|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*+"'
    )


_default_format = Printer.print_op_with_default_format


def _print_operation_type(self: Printer, op: Operation) -> None:
    """An op's function type alone: custom formats (scf.while's) print it in the middle, and
    `print_op` prints their location after the whole op."""
    self.print_function_type(op.operand_types, op.result_types)


def _print_op_with_default_format(self: Printer, op: Operation) -> None:
    """The generic format, its location after its type (where `print_operation_type` put it)."""
    _default_format(self, op)
    if self.print_debuginfo:
        self.print_string(" ")
        self.print_attribute(op.location)


def _patch_operation_type_location() -> None:
    Printer.print_operation_type = _print_operation_type  # type: ignore[method-assign]  # the patch itself
    Printer.print_op_with_default_format = _print_op_with_default_format  # type: ignore[method-assign]


def _arrow_then_paren(parser: Parser) -> bool:
    """Whether the next tokens are `->` and `(` (the lexer reads one token ahead only)."""
    token = parser._current_token
    if token.kind != MLIRTokenKind.ARROW:
        return False
    return parser.lexer.input.content[token.span.end :].lstrip().startswith("(")


def _parse_generic_result_list(
    parse: Callable[[Parser], Operation],
) -> Callable[[Parser], Operation]:
    """linalg.generic's `parse` (`parse`, xDSL's) reading the result types after the body as
    MLIR writes them: `-> type` (xDSL's parser reads that) or `-> (type, ...)` (this one)."""

    def parse_generic(parser: Parser) -> Operation:
        class_region = type(parser).parse_region
        own = parser.__dict__.get("parse_region")  # an enclosing generic's, or none
        depth, types = 0, list[Attribute]()

        def parse_region(*args: Any, **kwargs: Any) -> Any:
            nonlocal depth
            depth += 1
            try:
                region = class_region(parser, *args, **kwargs)
            finally:
                depth -= 1
            if depth == 0 and not types and _arrow_then_paren(parser):
                parser.parse_punctuation("->")
                types.extend(
                    parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
                )
            return region

        parser.parse_region = parse_region  # type: ignore[method-assign]  # this parse only
        try:
            op = parse(parser)
        finally:
            if own is None:
                del parser.parse_region
            else:
                parser.parse_region = own  # type: ignore[method-assign]
        if not types or op.results:
            return op
        rebuilt = type(op).create(
            operands=list(op.operands),
            result_types=types,
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=[op.detach_region(r) for r in list(op.regions)],
        )
        op.erase()
        return rebuilt

    return parse_generic


def patch_linalg_generic_results(generic: type[Operation]) -> None:
    """Installs `_parse_generic_result_list` on xDSL's GenericOp (once)."""
    if getattr(generic, "_strata_result_list", False):
        return
    parse = generic.parse
    generic.parse = classmethod(  # type: ignore[method-assign, assignment]  # the patch itself
        lambda cls, parser: _parse_generic_result_list(parse)(parser)
    )
    generic._strata_result_list = True  # type: ignore[attr-defined]


def apply() -> None:
    _patch_dense_hex_floats()
    _patch_complex_literals()
    _patch_symbol_lookup()
    _patch_string_literal_regex()
    _patch_operation_type_location()
