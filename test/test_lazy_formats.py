"""Assembly formats parsed on first use (strata.lazy_formats): every format of every dialect Strata
registers parses; a bad one fails at the op's first print, or when a plugin registers it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from xdsl.dialects.builtin import IntegerAttr, i32
from xdsl.ir import Dialect
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def
from xdsl.utils.exceptions import PyRDLOpDefinitionError

from strata import lazy_formats, registry
from strata.loading import parse_ir


def test_every_registered_format_parses() -> None:
    checked = 0
    for load in {**registry.XDSL_DIALECTS, **registry.OWN_DIALECTS}.values():
        dialect = load()
        lazy_formats.check(dialect)
        checked += sum(lazy_formats.DEFERRED in op.__dict__ for op in dialect.operations)
    assert checked > 200, checked  # the formats were deferred, and all of them parsed


@irdl_op_definition
class _GoodOp(IRDLOperation):
    name = "lazyfmt.good"
    value = operand_def(i32)
    out = result_def(i32)
    assembly_format = "$value attr-dict `:` type($out)"


@irdl_op_definition
class _BadOp(IRDLOperation):
    name = "lazyfmt.bad"
    value = operand_def(i32)
    assembly_format = "$value $nothing_of_that_name attr-dict"  # no such operand: defined anyway


def test_format_parses_on_first_print_and_round_trips() -> None:
    assert _GoodOp.__dict__[lazy_formats.DEFERRED].parsed is None
    ctx = registry.make_context()
    ctx.load_dialect(Dialect("lazyfmt", [_GoodOp], []))
    text = """
    func.func @f(%a: i32) -> i32 {
      %b = lazyfmt.good %a : i32
      func.return %b : i32
    }
    """
    module = parse_ir(ctx, text)
    assert "lazyfmt.good %a : i32" in str(module)
    assert _GoodOp.__dict__[lazy_formats.DEFERRED].parsed is not None


def test_bad_format_fails_at_first_print_naming_the_op() -> None:
    from xdsl.dialects import arith

    constant = arith.ConstantOp(IntegerAttr(1, i32))
    op = _BadOp(operands=[constant.result])
    with pytest.raises(PyRDLOpDefinitionError, match="lazyfmt.bad"):
        str(op)
    with pytest.raises(PyRDLOpDefinitionError, match="lazyfmt.bad"):
        lazy_formats.check(Dialect("lazyfmt", [_GoodOp, _BadOp], []))


def test_install_twice_wraps_once() -> None:
    from xdsl.irdl import operations

    before = operations.get_accessors_from_op_def
    lazy_formats.install()
    assert operations.get_accessors_from_op_def is before


def test_plugin_with_a_bad_format_fails_when_it_loads(tmp_path: Path) -> None:
    path = tmp_path / "badfmt_plugin.py"
    path.write_text(
        "from xdsl.dialects.builtin import i32\n"
        "from xdsl.ir import Dialect\n"
        "from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def\n"
        "@irdl_op_definition\n"
        "class Op(IRDLOperation):\n"
        "    name = 'badfmt.op'\n"
        "    x = operand_def(i32)\n"
        "    assembly_format = '$x $y attr-dict'\n"
        "def register(plugin):\n"
        "    plugin.add_dialect(Dialect('badfmt', [Op], []))\n"
    )
    code = "import sys; from strata.tools.strata_opt import cli; sys.argv[0] = 'strata-opt'; cli()"
    done = subprocess.run(
        [sys.executable, "-c", code, "--load-plugin", str(path), "--list-passes"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stdout
    assert f"plugin {path}: dialect badfmt:" in done.stderr
    assert "badfmt.op" in done.stderr
    assert "Traceback" not in done.stderr


def test_import_strata_defers_formats_without_importing_xdsl() -> None:
    # `import strata` loads no xDSL; the op-definition module is patched when it loads, so the
    # dialects imported after (here xDSL's arith) still defer their formats.
    code = (
        "import sys, strata\n"
        "assert not [m for m in sys.modules if m.startswith('xdsl.ir')], 'xDSL imported'\n"
        "from xdsl.dialects import arith\n"
        "from strata import lazy_formats\n"
        "assert lazy_formats.DEFERRED in arith.AddiOp.__dict__\n"
        "assert not [f for f in sys.meta_path if type(f).__name__ == '_PatchOnLoad']\n"
        "print(arith.AddiOp.__dict__[lazy_formats.DEFERRED].parsed)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "None"
