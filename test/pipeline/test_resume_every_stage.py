"""Every stage prints IR that parses again, and compiling on from that text gives TF's numbers
(cpu chain: to `llvm` and the CPU JIT; cuda chain: through cuda-sim, and PTX from `nvvm`)."""

from pathlib import Path

import numpy as np
import pytest

import strata
from strata.api import CompiledModel
from strata.loading import load_module, print_ir
from strata.pipeline import chain, detect_stage, run_stages
from strata.runtime.cpu import CompiledFunction

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CUDA_STAGES = [s.name for s in chain("cuda") if s.target == "cuda"]


def _stage_text(stage: str) -> str:
    ctx, module = load_module(FIXTURES / "mnist_softmax.pb")
    run_stages(ctx, module, stop_after=stage)
    return print_ir(module)


def _check_numbers(model: CompiledModel) -> None:
    x = np.load(FIXTURES / "mnist_softmax.inputs.npz")["x"]
    expected = np.load(FIXTURES / "mnist_softmax.outputs.npz")
    (name,) = model.output_names
    np.testing.assert_allclose(model.run(x=x)[name], expected["Identity"], rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("stage", [s.name for s in chain("cpu")])
def test_stage_text_resumes_to_the_same_numbers(stage: str) -> None:
    ctx2, resumed = load_module(_stage_text(stage))
    run_stages(ctx2, resumed, stop_after="llvm")
    fn = CompiledFunction.from_module(resumed)
    _check_numbers(CompiledModel(fn, fn.signature, resumed))


def test_cuda_chain_stages() -> None:
    assert CUDA_STAGES == ["parallel-loops", "gpu", "nvvm"]


@pytest.mark.parametrize("stage", [s for s in CUDA_STAGES if s != "nvvm"])
def test_cuda_stage_text_resumes_to_the_same_numbers_under_cuda_sim(stage: str) -> None:
    text = _stage_text(stage)
    _ctx, resumed = load_module(text)
    assert detect_stage(resumed, "cuda").name == stage
    assert print_ir(resumed) == text
    _check_numbers(strata.compile(text, target="cuda-sim"))


def test_nvvm_stage_text_resumes_to_ptx() -> None:
    # cuda-sim runs from the gpu stage, so the nvvm text is checked by compiling it to PTX.
    from strata.targets.nvptx import compile_ptx

    text = _stage_text("nvvm")
    _ctx, resumed = load_module(text)
    assert detect_stage(resumed, "cuda").name == "nvvm"
    assert print_ir(resumed) == text
    ptx, kernels = compile_ptx(resumed, "sm_80")
    assert kernels
    for name in kernels:
        assert f".entry {name}(" in ptx
