"""The generated tables in docs/ match the code (stage table, pass list, supported ops)."""

from strata.tools import gen_docs


def test_generated_docs_are_current() -> None:
    assert gen_docs.main(["--check"]) == 0, "run: python -m strata.tools.gen_docs"
