"""The C header of --to-header names each tensor's parameter with a valid, distinct C identifier
whatever TensorFlow named it (a keyword, a digit first, characters C lacks, a clash)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from strata.targets.export import RESERVED, c_identifiers

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def test_names_become_distinct_c_identifiers() -> None:
    names = ["x", "unsigned", "0", "a/b", "a_b", "arena", "int", "x", "", "class"]
    idents = c_identifiers(names)
    assert idents == [
        "x", "unsigned_", "t_0", "a_b", "a_b_2", "arena_", "int_", "x_2", "t", "class_",
    ]  # fmt: skip
    assert len(set(idents)) == len(idents)
    assert not RESERVED & set(idents)


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler")
def test_header_with_keyword_outputs_compiles(tmp_path: Path) -> None:
    """op_quantize_and_dequantize names an output `unsigned`: the header still compiles as C
    (and declares the parameter `unsigned_`)."""
    header = tmp_path / "model.h"
    subprocess.run(
        [
            sys.executable, "-m", "strata.tools.strata_translate", "--to-header",
            str(FIXTURES / "op_quantize_and_dequantize.pbtxt"),
            "--outputs", "given,own,narrow4,unsigned,v4", "-o", str(header),
        ],
        check=True,
    )  # fmt: skip
    text = header.read_text()
    assert "float *unsigned_ /* [3][4] */" in text, text
    source = tmp_path / "main.c"
    source.write_text('#include "model.h"\nint main(void) { return 0; }\n')
    built = subprocess.run(
        ["cc", "-c", "-Wall", "-Werror", str(source), "-o", str(tmp_path / "main.o")],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr


def test_header_names_run_time_lengths(tmp_path: Path) -> None:
    """An output whose rows the data decide (grow_until: a list grown in a loop bounded by
    maximum_iterations) is a buffer of the bound; the header says which output parameter holds
    how many rows the call filled."""
    header = tmp_path / "model.h"
    subprocess.run(
        [
            sys.executable, "-m", "strata.tools.strata_translate", "--to-header",
            str(FIXTURES / "grow_until.pbtxt"), "--outputs", "ys,steps", "-o", str(header),
        ],
        check=True,
    )  # fmt: skip
    text = header.read_text()
    assert "float *ys /* [10][5] */" in text, text
    assert "int32_t *ys_length /* [] */" in text, text
    assert "/* ys: its dim 0 holds 10 rows (a bound), of which the call fills the first " in text
