"""Every stage prints IR that parses again, and compiling on from that text gives TF's numbers."""

from pathlib import Path

import numpy as np
import pytest

from strata.api import CompiledModel
from strata.loading import load_module, print_ir
from strata.pipeline import chain, run_stages
from strata.runtime.cpu import CompiledFunction

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.mark.parametrize("stage", [s.name for s in chain("cpu")])
def test_stage_text_resumes_to_the_same_numbers(stage: str) -> None:
    ctx, module = load_module(FIXTURES / "mnist_softmax.pb")
    run_stages(ctx, module, stop_after=stage)
    text = print_ir(module)

    ctx2, resumed = load_module(text)
    run_stages(ctx2, resumed, stop_after="llvm")
    fn = CompiledFunction.from_module(resumed)
    model = CompiledModel(lambda given: fn(**given), fn.signature, resumed)

    x = np.load(FIXTURES / "mnist_softmax.inputs.npz")["x"]
    expected = np.load(FIXTURES / "mnist_softmax.outputs.npz")
    (name,) = model.output_names
    np.testing.assert_allclose(model.run(x=x)[name], expected["Identity"], rtol=1e-4, atol=1e-5)
