"""Regenerate the generated parts of docs/ from the code: the stage table, the pass list and the
supported TensorFlow ops. `python -m strata.tools.gen_docs` rewrites them; `--check` exits 1 when
docs/ is stale (the test suite runs it), so the docs cannot drift from the pipeline.
"""

from __future__ import annotations

import argparse
import inspect
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from strata.pipeline import STAGES
from strata.registry import OWN_PASSES, XDSL_PASSES

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
    for name, factory in sorted(OWN_PASSES.items()):
        rows.append(f"| `{name}` | Strata | {first_line(factory())} |")
    for name, factory in sorted(XDSL_PASSES.items()):
        cls = factory()
        rows.append(f"| `{name}` | xDSL | {first_line(cls) or cls.__name__} |")
    return "\n".join(rows)


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
