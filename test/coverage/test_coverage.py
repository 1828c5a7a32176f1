"""strata.coverage: per op type and stage, exact for what the pipeline really does (the leftovers
of a partial conversion are traced back to their TF nodes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import strata
from strata.coverage_report import CoverageReport, coverage
from strata.frontends.graphdef import parse_graphdef_text
from strata.lowering.hlo_to_linalg import contraction as hlo_contraction
from strata.lowering.tf_to_hlo import convert_tf_to_hlo
from strata.lowering.tf_to_hlo import nn as tf_nn

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "fixtures"
MLP = """
node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } }
       attr { key: "shape" value { shape { dim { size: 2 } dim { size: 3 } } } } }
node { name: "w" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } }
       attr { key: "value" value { tensor { dtype: DT_FLOAT
              tensor_shape { dim { size: 3 } dim { size: 2 } } float_val: 0.5 } } } }
node { name: "dense/MatMul" op: "MatMul" input: "x" input: "w" }
node { name: "dense/Relu" op: "Relu" input: "dense/MatMul" }
node { name: "act" op: "Tanh" input: "x" }
"""


def table(report: CoverageReport) -> dict[str, tuple[int, str, str, str]]:
    return {o.op: (o.nodes, o.cells["import"], o.cells["hlo"], o.cells["cpu"]) for o in report.ops}


def test_supported_graph_compiles() -> None:
    report = coverage(parse_graphdef_text(MLP))
    assert report.compiles
    assert report.unsupported == [] and report.errors == []
    assert table(report)["MatMul"] == (1, "yes", "yes", "yes")
    assert "compiles: yes" in report.format()


def test_is_exported_from_strata() -> None:
    assert strata.coverage is coverage


def test_no_hlo_lowering_is_found_by_running_the_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the nn patterns MatMul is left by convert-tf-to-hlo; Relu (behind it) is never
    compiled; Tanh (beside it) still is, all the way."""
    families = tuple(f for f in convert_tf_to_hlo.FAMILIES if f is not tf_nn)
    monkeypatch.setattr(convert_tf_to_hlo, "FAMILIES", families)
    report = coverage(parse_graphdef_text(MLP))
    assert not report.compiles
    rows = table(report)
    assert rows["MatMul"] == (1, "yes", "no", "-")
    assert rows["Relu"] == (1, "yes", "yes", "?")
    assert rows["Tanh"] == (1, "yes", "yes", "yes")
    [node] = report.unsupported
    assert (node.name, node.op, node.failed) == ("dense/MatMul", "MatMul", "hlo")


def test_cpu_failure_is_traced_to_its_node(monkeypatch: pytest.MonkeyPatch) -> None:
    """hlo.dot_general left by convert-hlo-to-linalg is blamed on the MatMul node it came from."""
    monkeypatch.setattr(hlo_contraction, "PATTERNS", ())
    report = coverage(parse_graphdef_text(MLP))
    assert not report.compiles
    rows = table(report)
    assert rows["MatMul"] == (1, "yes", "yes", "no")
    assert rows["Tanh"] == (1, "yes", "yes", "yes")
    [node] = report.unsupported
    assert node.name == "dense/MatMul" and node.failed == "cpu"
    assert "hlo.dot_general" in node.why


def test_unsupported_op_and_library_function() -> None:
    report = coverage(HERE / "library.pbtxt")
    assert report.compiles  # the function is never called
    [node] = report.unsupported
    assert (node.name, node.function, node.op, node.failed) == (
        "uniq",
        "body_fn",
        "Unique",
        "import",
    )
    data = json.loads(report.to_json())
    assert data["unsupported"][0]["function"] == "body_fn"


def test_outputs_restrict_the_report() -> None:
    report = coverage(HERE / "unsupported.pbtxt", outputs=["head"])
    assert report.compiles
    assert "While" not in table(report)


@pytest.mark.parametrize("name", ["mlp.pb", "mnist_softmax.pb"])
def test_report_agrees_with_compiling(name: str) -> None:
    """'compiles: yes' means strata.compile succeeds (and so the fixture models say yes)."""
    report = coverage(FIXTURES / name)
    strata.compile(FIXTURES / name)
    assert report.compiles, report.format()
