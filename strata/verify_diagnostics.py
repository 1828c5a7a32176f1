"""`--verify-diagnostics` as mlir-opt has it: the diagnostics a run produces are checked against
`expected-*` comments in the input, and only the mismatches are reported.

    // expected-error @+1 {{lhs and rhs types differ}}
    %0 = "hlo.add"(%a, %b) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
    %1 = hlo.bogus %0  // expected-error {{is not registered}}

A comment is `expected-(error|warning|note|remark)`, `-re` for a pattern, then where the
diagnostic is: nothing (this line), `@+N` / `@-N` (N lines below / above), `@above` / `@below` (the
nearest line that is not only expected-* comments), or `@unknown` (a diagnostic with no position),
then `{{text}}`. Text matches as a substring of the message; in a `-re` expectation each `{{regex}}`
inside it is a regular expression and the rest literal. Several may share a line.

Every diagnostic must match an expectation at its line with its severity, and every expectation
must be met, or the check fails: each mismatch is an error naming its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from strata.diagnostics import Diagnostic, StrataError

_DESIGNATOR = re.compile(
    r"expected-(?P<severity>error|warning|note|remark)(?P<re>-re)?"
    r"[ \t]*(?:@(?P<where>[+-]\d+|above|below|unknown))?[ \t]*\{\{"
)


@dataclass
class Expectation:
    severity: str
    line: int | None
    """1-based line the diagnostic must be at; None for @unknown."""
    text: str
    regex: bool
    written_at: tuple[int, int]
    """Line and column of the comment's designator."""
    matched: bool = field(default=False)

    def pattern(self) -> re.Pattern[str]:
        if not self.regex:
            return re.compile(re.escape(self.text))
        parts: list[str] = []
        rest = self.text
        while "{{" in rest:
            literal, _, after = rest.partition("{{")
            regex, _, rest = after.partition("}}")
            parts += [re.escape(literal), f"(?:{regex})"]
        parts.append(re.escape(rest))
        return re.compile("".join(parts))

    def describe(self) -> str:
        return f'expected {self.severity} "{self.text}" was not produced'


class ExpectationError(StrataError):
    """An `expected-*` comment that cannot be read (no closing braces, an offset off the file)."""


def _designator_only(line: str) -> bool:
    """A line holding nothing but a comment with expected-* designators."""
    stripped = line.strip()
    return stripped.startswith("//") and _DESIGNATOR.search(stripped) is not None


def parse_expectations(text: str, first_line: int = 1) -> list[Expectation]:
    """The expected-* comments of `text`, whose first line is line `first_line` of the file."""
    lines = text.split("\n")
    found: list[Expectation] = []
    for index, line in enumerate(lines):
        number = first_line + index
        comment = line.find("//")
        if comment < 0:
            continue
        position = comment
        while (m := _DESIGNATOR.search(line, position)) is not None:
            # The text runs to the last `}}` before the next designator (or the line's end).
            nxt = _DESIGNATOR.search(line, m.end())
            limit = nxt.start() if nxt is not None else len(line)
            close = line.rfind("}}", m.end(), limit)
            if close < 0:
                raise ExpectationError(f"line {number}: expected '}}}}' to close {m.group(0)}")
            found.append(
                Expectation(
                    m.group("severity"),
                    _target_line(lines, index, m.group("where"), first_line),
                    line[m.end() : close],
                    m.group("re") is not None,
                    (number, m.start() + 1),
                )
            )
            position = close + 2
    return found


def _target_line(lines: list[str], index: int, where: str | None, first_line: int) -> int | None:
    if where is None:
        return first_line + index
    if where == "unknown":
        return None
    step = {"above": -1, "below": 1}.get(where)
    if step is None:
        target = index + int(where)
        if not 0 <= target < len(lines):
            raise ExpectationError(f"line {first_line + index}: @{where} points outside the input")
        return first_line + target
    target = index + step
    while 0 <= target < len(lines) and _designator_only(lines[target]):
        target += step
    if not 0 <= target < len(lines):
        raise ExpectationError(f"line {first_line + index}: @{where} has no line to refer to")
    return first_line + target


def check(
    expectations: list[Expectation], produced: list[Diagnostic], file: str
) -> list[Diagnostic]:
    """The mismatches between `produced` and `expectations`, as errors (empty: all matched).
    An unexpected diagnostic is reported at its own position, an unmet expectation at the
    comment that wrote it."""
    from xdsl.dialects.builtin import FileLineColLoc, IntAttr, StringAttr

    problems: list[Diagnostic] = []
    for diagnostic in produced:
        position = diagnostic.position
        line = position[1] if position is not None else None
        match = next(
            (
                e
                for e in expectations
                if not e.matched
                and e.severity == diagnostic.severity
                and e.line == line
                and e.pattern().search(diagnostic.message)
            ),
            None,
        )
        if match is not None:
            match.matched = True
            continue
        problems.append(
            Diagnostic(
                "error",
                f"unexpected {diagnostic.severity}: {diagnostic.message}",
                diagnostic.location,
            )
        )
    for e in expectations:
        if not e.matched:
            line, column = e.written_at
            at = FileLineColLoc(StringAttr(file), IntAttr(line), IntAttr(column))
            problems.append(Diagnostic("error", e.describe(), at))
    return problems
