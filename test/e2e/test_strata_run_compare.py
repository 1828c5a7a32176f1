"""strata-run --compare: matches TensorFlow's saved outputs, and fails loudly when they differ."""

import subprocess
import sys
from pathlib import Path

import numpy as np

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
STRATA_RUN = str(Path(sys.executable).with_name("strata-run"))


def run(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([STRATA_RUN, *map(str, args)], capture_output=True, text=True)


def test_compare_ok() -> None:
    result = run(
        FIXTURES / "mnist_softmax.pb",
        "--inputs",
        FIXTURES / "mnist_softmax.inputs.npz",
        "--outputs",
        "probs",
        "--compare",
        FIXTURES / "mnist_softmax.outputs.npz",
    )
    assert result.returncode == 0, result.stderr
    assert "probs: ok" in result.stdout


def test_compare_mismatch_exits_1(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.npz"
    expected = np.load(FIXTURES / "mnist_softmax.outputs.npz")["probs"]
    np.savez(wrong, probs=expected + 0.01)
    result = run(
        FIXTURES / "mnist_softmax.pb",
        "--inputs",
        FIXTURES / "mnist_softmax.inputs.npz",
        "--outputs",
        "probs",
        "--compare",
        wrong,
    )
    assert result.returncode == 1
    assert "probs: MISMATCH" in result.stdout


def test_compare_equal_infinities_and_nans() -> None:
    from strata.tools.strata_run import compare

    inf, nan = np.inf, np.nan
    want = np.array([-inf, 1.0, inf, nan], np.float32)
    assert compare({"y": want.copy()}, {"y": want}, 1e-4, 1e-5) == 0  # -inf - -inf is no NaN diff
    for wrong in ([-inf, 1.0, inf, 0.0], [-inf, 1.0, -inf, nan], [1.0, 1.0, inf, nan]):
        got = np.array(wrong, np.float32)
        assert compare({"y": got}, {"y": want}, 1e-4, 1e-5) == 1, wrong
