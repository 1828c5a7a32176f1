"""EXPANSION_DEPTH, the latency convert-linalg-to-loops charges for one op that expand-math
expands (loop_nest.chain_depth), never overstates an expansion: every row of EXPANSIONS, expanded,
is at least that many dependent ops deep."""

from __future__ import annotations

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import FunctionType, ModuleOp, f32
from xdsl.ir import Block, Region

from strata.lowering.linalg_to_loops.loop_nest import chain_depth
from strata.registry import make_context
from strata.transforms.expand_math import (
    BINARY,
    EXPANSIONS,
    FUNCTION_PREFIX,
    ExpandMathPass,
    expansion_depth,
)


@pytest.mark.parametrize("op_type", list(EXPANSIONS), ids=lambda t: EXPANSIONS[t][0])
@pytest.mark.parametrize("fma", [0, 1])
@pytest.mark.parametrize("pairwise", [0, 1])
def test_expansion_is_at_least_as_deep_as_charged(op_type: type, fma: int, pairwise: int) -> None:
    arity = 2 if EXPANSIONS[op_type][0] in BINARY else 1
    block = Block(arg_types=[f32] * arity)
    op = op_type(*block.args)
    block.add_ops([op, func.ReturnOp(op.results[0])])
    fn = func.FuncOp("f", FunctionType.from_lists([f32] * arity, [f32]), Region(block))
    module = ModuleOp([fn])
    charged = chain_depth(block)  # the op, then the return's one
    assert charged == expansion_depth(op) + 1
    ExpandMathPass(fma=fma, vector_library=0, pairwise=pairwise).apply(make_context(), module)
    assert not any(isinstance(o, op_type) for o in block.ops)
    (expansion,) = [f for f in module.ops if f is not fn]  # the function the op calls now
    assert isinstance(expansion, func.FuncOp)
    assert expansion.sym_name.data.startswith(FUNCTION_PREFIX)
    assert chain_depth(expansion.body.block) >= charged
