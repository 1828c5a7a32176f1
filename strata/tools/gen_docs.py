"""Regenerate the generated parts of docs/ from the code: the stage table, the pass list, the
pass reference (docs/passes.md) and the supported TensorFlow ops. `python -m
strata.tools.gen_docs` rewrites them; `--check` exits 1 when docs/ is stale (the test suite
runs it), so the docs cannot drift from the pipeline.
"""

from __future__ import annotations

import argparse
import inspect
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import MISSING
from dataclasses import fields as dataclass_fields
from pathlib import Path

from strata.pipeline import STAGES
from strata.registry import OWN_PASSES, XDSL_PASSES, pass_summary

DOCS = Path(__file__).resolve().parents[2] / "docs"
BEGIN, END = "<!-- BEGIN GENERATED: {} -->", "<!-- END GENERATED: {} -->"


def first_line(obj: object) -> str:
    doc = (inspect.getdoc(obj) or "").strip()
    return doc.splitlines()[0].replace("|", "\\|") if doc else ""


def stage_table() -> str:
    rows = [
        "| stage | target | what the IR holds | dialects | entered by |",
        "|---|---|---|---|---|",
    ]
    for s in STAGES:
        dialects = ", ".join(sorted(s.dialects - {"builtin"}))
        passes = ", ".join(f"`{p}`" for p in s.passes.split(",")) if s.passes else "import"
        target = s.target or "all"
        rows.append(f"| `{s.name}` | {target} | {s.summary} | {dialects} | {passes} |")
    return "\n".join(rows)


def pass_list() -> str:
    rows = ["| pass | from | what it does |", "|---|---|---|"]
    for name in sorted(OWN_PASSES):
        rows.append(f"| [`{name}`](passes.md#{name}) | Strata | {_cell(pass_summary(name))} |")
    for name in sorted(XDSL_PASSES):
        rows.append(f"| `{name}` | xDSL | {_cell(pass_summary(name))} |")
    return "\n".join(rows)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


TESTS = DOCS.parent / "test"
EXAMPLE_LINES = 40


def _example(name: str) -> tuple[str, str, str, str] | None:
    """(test file, pipeline, input, output): the smallest first case among the lit tests that
    run `-p <name>` alone, with the pass's output made now (so it cannot go stale)."""
    from strata.loading import LocatingParser, print_ir
    from strata.registry import make_context, parse_pass_pipeline

    option = r"(\{[^}]*\})?"
    run = re.compile(
        rf"RUN: strata-opt %s (?:--split-input-file )?-p '?({re.escape(name)}{option})'?( |$)"
    )
    found: list[tuple[int, str, str, str]] = []
    for path in sorted(TESTS.rglob("*.mlir")):
        text = path.read_text()
        first_run = next((line for line in text.splitlines() if "RUN:" in line), "")
        m = run.search(first_run)
        if m is None or "verify-diagnostics" in first_run or "--allow-unregistered" in first_run:
            continue
        case = text.split("// -----")[0]
        body = "\n".join(line for line in case.splitlines() if not line.lstrip().startswith("//"))
        body = body.strip()
        if body and body.count("\n") < EXAMPLE_LINES:
            found.append((body.count("\n"), str(path.relative_to(DOCS.parent)), m.group(1), body))
    for _, test, spec, body in sorted(found):
        ctx = make_context()
        try:
            module = LocatingParser(ctx, body, test).parse_module()
            parse_pass_pipeline(spec).apply(ctx, module)
        except Exception:  # a case that needs more than the first chunk: try the next file
            continue
        return test, spec, body, print_ir(module).strip()
    return None


def _options(name: str) -> list[str]:
    from strata.registry import all_passes

    cls = all_passes()[name]()
    rows = []
    for f in dataclass_fields(cls):
        default = f.default if f.default is not MISSING else "(required)"
        kind = getattr(f.type, "__name__", str(f.type))
        rows.append(f"| `{f.name.replace('_', '-')}` | {kind} | `{default}` |")
    return rows


def passes_reference() -> str:
    """Per Strata pass: what it does, what it expects and guarantees (its docstring), its
    options with their defaults, and a before/after made from its lit test."""
    from strata.registry import pass_doc

    parts: list[str] = []
    for name in sorted(OWN_PASSES):
        parts += [f"### {name}", "", pass_doc(name), ""]
        options = _options(name)
        if options:
            parts += ["| option | type | default |", "|---|---|---|", *options, ""]
        example = _example(name)
        if example is not None:
            path, spec, before, after = example
            parts += [
                f"From `{path}`, `strata-opt -p '{spec}'`:",
                "",
                "```mlir",
                before,
                "```",
                "",
                "becomes",
                "",
                "```mlir",
                after,
                "```",
                "",
            ]
    return "\n".join(parts).rstrip()


def supported_ops() -> str:
    from strata.dialects import tf

    rows = ["| TensorFlow op | `tf` op | what it computes |", "|---|---|---|"]
    for name, cls in sorted(tf.OPS_BY_TF_NAME.items()):
        rows.append(f"| `{name}` | `{cls.name}` | {first_line(cls)} |")
    rows.append("| `Placeholder` | function argument | an input of the compiled function |")
    return "\n".join(rows)


def op_stages() -> str:
    """Per TF op, what each stage has for it (the static part of `strata-translate --coverage`)."""
    from strata.coverage_report import handled_by, hlo_lowered_ops
    from strata.dialects import tf

    lowered = hlo_lowered_ops()
    rows = ["| TensorFlow op | import | hlo (tf -> hlo pattern) |", "|---|---|---|"]
    for name, cls in sorted(tf.OPS_BY_TF_NAME.items()):
        pattern = handled_by(cls, lowered)
        rows.append(f"| `{name}` | yes | {f'`{pattern}`' if pattern else 'no'} |")
    rows.append("| `Placeholder` | yes (function argument) | - |")
    return "\n".join(rows)


Section = Callable[[], str]
"""Makes the text between one pair of markers."""

SECTIONS: dict[str, dict[str, Section]] = {
    "pipeline.md": {"stages": stage_table, "passes": pass_list},
    "passes.md": {"passes": passes_reference},
    "supported-ops.md": {"tf-ops": supported_ops, "op-stages": op_stages},
}


def render(text: str, sections: Mapping[str, Section]) -> str:
    for key, make in sections.items():
        begin, end = BEGIN.format(key), END.format(key)
        if begin not in text or end not in text:
            raise SystemExit(f"docs: missing markers for '{key}'")
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        text = f"{head}{begin}\n{make()}\n{end}{tail}"
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/ is out of date")
    args = parser.parse_args(argv)
    stale = []
    for file, sections in SECTIONS.items():
        path = DOCS / file
        old = path.read_text()
        new = render(old, sections)
        if new != old:
            stale.append(file)
            if not args.check:
                path.write_text(new)
    if args.check and stale:
        print(
            f"docs out of date: {', '.join(stale)} (run python -m strata.tools.gen_docs)",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
