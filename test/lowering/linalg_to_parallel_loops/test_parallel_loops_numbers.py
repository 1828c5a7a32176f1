"""convert-linalg-to-parallel-loops keeps the numbers: every scf.parallel run sequentially (as
scf.for nests, shared memory as ordinary globals) and compiled through the CPU `llvm` stage
matches TensorFlow's saved outputs for the fixtures."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from xdsl.dialects import func, memref, scf
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, MemRefType, ModuleOp, TensorType
from xdsl.ir import Block
from xdsl.rewriter import Rewriter

from strata.lowering.linalg_to_parallel_loops.convert_linalg_to_parallel_loops import (
    ConvertLinalgToParallelLoopsPass,
)
from strata.pipeline import run_stages
from strata.runtime.cpu import CompiledFunction

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
ENTRIES = {
    e["name"]: e
    for p in sorted(FIXTURES.glob("manifest*.json"))
    for e in json.loads(p.read_text())["models"]
}
TOLERANCES = {
    dtype: tol
    for p in sorted(FIXTURES.glob("manifest*.json"))
    for dtype, tol in json.loads(p.read_text())["tolerances"].items()
}
NAMES = [
    "mlp",
    "cnn_small",
    "bert_encoder_layer",
    "mnist_softmax",
    "op_softmax",
    "op_logsoftmax",
    "op_matmul_nn",
    "op_matmul_tt",
    "layernorm",
    "keras_softmax_axis1",
]
REDUCTIONS = [n for n in ENTRIES if n.startswith(("op_sum", "op_mean", "op_max", "op_prod"))]
CONVS = [n for n in ENTRIES if "conv" in n][:4]


def sequentialize(module: ModuleOp) -> None:
    """scf.parallel -> scf.for nests; shared-memory globals -> zeroed ordinary globals; block-level
    allocas (per-thread state, written before read in every block) hoisted to the function entry,
    so the block loop does not grow the stack."""
    for op in list(module.walk()):
        if isinstance(op, memref.AllocaOp) and isinstance(op.parent_op(), scf.ParallelOp):
            function = op.parent_op()
            while not isinstance(function, func.FuncOp):
                assert function is not None
                function = function.parent_op()
            op.detach()
            function.body.block.insert_op_before(op, function.body.block.first_op)  # type: ignore[arg-type]
    for op in list(module.walk()):
        if isinstance(op, scf.ParallelOp):
            body = op.body.block
            ivs = list(body.args)
            inner_block = Block(arg_types=[iv.type for iv in ivs[-1:]])
            for old in list(body.ops):
                if isinstance(old, scf.ReduceOp):
                    continue
                old.detach()
                inner_block.add_op(old)
            inner_block.add_op(scf.YieldOp())
            ivs[-1].replace_all_uses_with(inner_block.args[0])
            loop = scf.ForOp(op.lowerBound[-1], op.upperBound[-1], op.step[-1], [], inner_block)
            for k in range(len(ivs) - 2, -1, -1):
                block = Block(arg_types=[ivs[k].type])
                block.add_op(loop)
                block.add_op(scf.YieldOp())
                ivs[k].replace_all_uses_with(block.args[0])
                loop = scf.ForOp(op.lowerBound[k], op.upperBound[k], op.step[k], [], block)
            Rewriter.replace_op(op, loop)
    for op in list(module.walk()):
        if isinstance(op, memref.GlobalOp) and op.type.memory_space != memref.NoneAttr():
            plain = MemRefType(op.type.element_type, op.type.get_shape())
            zeros = DenseIntOrFPElementsAttr.from_list(
                TensorType(plain.element_type, plain.get_shape()), [0] * plain.element_count()
            )
            op.properties["type"] = plain
            op.properties["initial_value"] = zeros
        if isinstance(op, memref.GetGlobalOp) and isinstance(op.memref.type, MemRefType):
            t = op.memref.type
            if t.memory_space != memref.NoneAttr():
                new = memref.GetGlobalOp(
                    op.name_.string_value(), MemRefType(t.element_type, t.get_shape())
                )
                Rewriter.replace_op(op, new)


def run_fixture(lower_for_gpu: Callable[..., Any], name: str, options: dict[str, int]) -> None:
    entry = ENTRIES[name]
    ctx, module = lower_for_gpu(FIXTURES / entry["file"], entry.get("outputs"))
    ConvertLinalgToParallelLoopsPass(**options).apply(ctx, module)
    module.verify()
    sequentialize(module)
    module.verify()
    run_stages(ctx, module, stop_after="llvm", start_after="loops")
    fn = CompiledFunction.from_module(module)
    with np.load(FIXTURES / entry["inputs_file"]) as data:
        inputs = {k: data[k] for k in data.files}
    with np.load(FIXTURES / entry["outputs_file"]) as data:
        expected = {k: data[k] for k in data.files}
    got = fn(**inputs)
    for key in entry["outputs"]:
        want = expected[key]
        tol = TOLERANCES.get(str(want.dtype), {"rtol": 1e-4, "atol": 1e-5})
        np.testing.assert_allclose(got[key], want, rtol=tol["rtol"], atol=tol["atol"], err_msg=key)


@pytest.mark.parametrize("name", NAMES + REDUCTIONS + CONVS)
def test_sequential_parallel_loops_match_tensorflow(
    lower_for_gpu: Callable[..., Any], name: str
) -> None:
    if name not in ENTRIES:
        pytest.fail(f"no fixture {name}: the manifest lists no entry of that name")
    run_fixture(lower_for_gpu, name, {})


# Small blocks and tiles, and every reduction as a tree: several blocks per op, threads striding
# over rows, ragged tiles, and non-power-of-two trees on the small fixtures.
@pytest.mark.parametrize("name", NAMES + REDUCTIONS + CONVS)
def test_small_blocks_and_tree_reductions_match_tensorflow(
    lower_for_gpu: Callable[..., Any], name: str
) -> None:
    if name not in ENTRIES:
        pytest.fail(f"no fixture {name}: the manifest lists no entry of that name")
    run_fixture(lower_for_gpu, name, {"block_size": 8, "tile": 4, "min_tree_reduction": 2})
