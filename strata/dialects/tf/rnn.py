"""Fused recurrent cells: TensorFlow's LSTMBlockCell, BlockLSTM(V2) and GRUBlockCell, the ops of
TF1's `contrib.rnn` LSTMBlockCell, LSTMBlockFusedCell and GRUBlockCellV2 (and `tf.raw_ops`).

Gate layout (checked against TensorFlow 2.21's kernels): the 4 * cell columns of an LSTM's `w` and
`b` hold the gates i, ci, f, o (LSTMBlockCell, BlockLSTM) or i, f, ci, o (BlockLSTMV2, which also
has no forget_bias); a GRU's `w_ru` and `b_ru` hold r, then u.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import DYNAMIC_INDEX, BoolAttr, FloatAttr, IntegerType, TensorType, f32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import irdl_op_definition, operand_def, prop_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from strata.dialects.tensor_types import is_float
from strata.dialects.tf.core import TfOp
from strata.dialects.verify_helpers import expect_tensor


def _known(*sizes: int) -> int:
    """The first known size among `sizes` (DYNAMIC_INDEX if none is); the checks then name any
    other that differs."""
    return next((s for s in sizes if s != DYNAMIC_INDEX), DYNAMIC_INDEX)


def _shapes(
    operands: Sequence[SSAValue], names: Sequence[str], ranks: Sequence[int]
) -> tuple[Attribute, list[list[int]]]:
    """The shared float element type and the shapes of `operands` (named `names`, of `ranks`)."""
    types = [expect_tensor(v, n) for v, n in zip(operands, names, strict=True)]
    element = types[0].element_type
    if not is_float(element):
        raise VerifyException(f"{names[0]} must be a float tensor, found {types[0]}")
    shapes: list[list[int]] = []
    for t, name, rank in zip(types, names, ranks, strict=True):
        if t.element_type != element:
            raise VerifyException(f"{name} must have {names[0]}'s element type, found {t}")
        if t.get_num_dims() != rank:
            raise VerifyException(f"{name} must be {rank}-D, found {t}")
        shapes.append(list(t.get_shape()))
    return element, shapes


def _expect(what: str, have: int, want: int) -> None:
    if DYNAMIC_INDEX not in (have, want) and have != want:
        raise VerifyException(f"{what} is {have}, expected {want}")


def _lstm_result(operands: Sequence[SSAValue], time: bool) -> list[Attribute]:
    """[batch, cell] (with `time`: [time, batch, cell]) for each of the 7 results, after checking
    (seq_len_max,) x, cs_prev, h_prev, w [input + cell, 4 cell], wci, wcf, wco [cell] and b
    [4 cell]."""
    names = ["x", "cs_prev", "h_prev", "w", "wci", "wcf", "wco", "b"]
    ranks = [3 if time else 2, 2, 2, 2, 1, 1, 1, 1]
    element, (x, cs, h, w, *peeps, b) = _shapes(operands[1:] if time else operands, names, ranks)
    batch = _known(x[-2], cs[0], h[0])
    cell = _known(cs[1], h[1], *(p[0] for p in peeps), w[1] // 4 if w[1] >= 0 else w[1])
    for what, have, want in [
        ("x's batch", x[-2], batch),
        ("cs_prev's batch", cs[0], batch),
        ("h_prev's batch", h[0], batch),
        ("cs_prev's cell size", cs[1], cell),
        ("h_prev's cell size", h[1], cell),
        ("w's rows (input + cell size)", w[0], _sum(x[-1], cell)),
        ("w's columns (4 x cell size)", w[1], _times(4, cell)),
        ("b's size (4 x cell size)", b[0], _times(4, cell)),
        *((f"{n}'s size (cell size)", p[0], cell) for n, p in zip(names[4:7], peeps, strict=True)),
    ]:
        _expect(what, have, want)
    shape = [x[0], batch, cell] if time else [batch, cell]
    if time:
        seq = expect_tensor(operands[0], "seq_len_max")
        if seq.get_num_dims() != 0 or not isinstance(seq.element_type, IntegerType):
            raise VerifyException(f"seq_len_max must be an integer scalar, found {seq}")
    return [TensorType(element, shape)] * 7


def _sum(a: int, b: int) -> int:
    return DYNAMIC_INDEX if DYNAMIC_INDEX in (a, b) else a + b


def _times(k: int, a: int) -> int:
    return DYNAMIC_INDEX if a == DYNAMIC_INDEX else k * a


class _LstmOp(TfOp):
    """What the LSTM cells share: the 7 results (gates i, f, o, the cell input ci, the cell state
    cs, tanh(cs) co and the output h = co * o), forget_bias (added to f before the sigmoid),
    cell_clip (cs clipped to [-cell_clip, cell_clip] when positive) and peepholes (wci, wcf and
    wco times the cell state, added to i, f and o, when use_peephole)."""

    i = result_def(TensorType)
    cs = result_def(TensorType)
    f = result_def(TensorType)
    o = result_def(TensorType)
    ci = result_def(TensorType)
    co = result_def(TensorType)
    h = result_def(TensorType)
    cell_clip = prop_def(FloatAttr)
    use_peephole = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    TIME: ClassVar[bool] = False
    """Whether the op runs the cell over a leading time dim (BlockLSTM) or once."""
    GATES: ClassVar[str] = "icfo"
    """The order of the gates in w's and b's columns."""

    def __init__(
        self,
        operands: Sequence[SSAValue],
        cell_clip: float,
        use_peephole: bool,
        forget_bias: float | None = None,
    ):
        props: dict[str, Attribute] = {
            "cell_clip": FloatAttr(cell_clip, f32),
            "use_peephole": BoolAttr.from_bool(use_peephole),
        }
        if forget_bias is not None:
            props["forget_bias"] = FloatAttr(forget_bias, f32)
        super().__init__(
            operands=list(operands),
            properties=props,
            result_types=_lstm_result(operands, self.TIME),
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        return _lstm_result(self.operands, self.TIME)

    def forget(self) -> float:
        """The forget bias (BlockLSTMV2 has none: 0)."""
        bias = self.properties.get("forget_bias")
        return bias.value.data if isinstance(bias, FloatAttr) else 0.0


@irdl_op_definition
class LSTMBlockCellOp(_LstmOp):
    """One LSTM step over [batch, input] x with state (cs_prev, h_prev): [x, h_prev] @ w + b
    gives the gates i, ci, f, o; cs = sigmoid(i) * tanh(ci) + sigmoid(f + forget_bias) * cs_prev,
    h = tanh(cs) * sigmoid(o) (peepholes and cell_clip as set)."""

    name = "tf.LSTMBlockCell"
    x = operand_def(TensorType)
    cs_prev = operand_def(TensorType)
    h_prev = operand_def(TensorType)
    w = operand_def(TensorType)
    wci = operand_def(TensorType)
    wcf = operand_def(TensorType)
    wco = operand_def(TensorType)
    b = operand_def(TensorType)
    forget_bias = prop_def(FloatAttr, default_value=FloatAttr(1.0, f32))


class _SequenceLstmOp(_LstmOp):
    """What BlockLSTM and BlockLSTMV2 share: LSTMBlockCell over each step of [time, batch,
    input] x, from (cs_prev, h_prev); results [time, batch, cell], zero from step seq_len_max
    on."""

    seq_len_max = operand_def(TensorType)
    x = operand_def(TensorType)
    cs_prev = operand_def(TensorType)
    h_prev = operand_def(TensorType)
    w = operand_def(TensorType)
    wci = operand_def(TensorType)
    wcf = operand_def(TensorType)
    wco = operand_def(TensorType)
    b = operand_def(TensorType)

    TIME: ClassVar[bool] = True


@irdl_op_definition
class BlockLSTMOp(_SequenceLstmOp):
    """LSTMBlockCell over each step of [time, batch, input] x, from (cs_prev, h_prev); results
    [time, batch, cell], zero from step seq_len_max on."""

    name = "tf.BlockLSTM"
    forget_bias = prop_def(FloatAttr, default_value=FloatAttr(1.0, f32))


@irdl_op_definition
class BlockLSTMV2Op(_SequenceLstmOp):
    """BlockLSTM with the gates in w's and b's columns as i, f, ci, o and no forget_bias."""

    name = "tf.BlockLSTMV2"
    GATES: ClassVar[str] = "ifco"


def _gru_result(operands: Sequence[SSAValue]) -> list[Attribute]:
    """[batch, cell] for each of the 4 results, after checking x, h_prev, w_ru [input + cell,
    2 cell], w_c [input + cell, cell], b_ru [2 cell] and b_c [cell]."""
    names = ["x", "h_prev", "w_ru", "w_c", "b_ru", "b_c"]
    element, (x, h, w_ru, w_c, b_ru, b_c) = _shapes(operands, names, [2, 2, 2, 2, 1, 1])
    batch = _known(x[0], h[0])
    cell = _known(h[1], w_c[1], b_c[0])
    for what, have, want in [
        ("x's batch", x[0], batch),
        ("h_prev's batch", h[0], batch),
        ("w_ru's rows (input + cell size)", w_ru[0], _sum(x[1], cell)),
        ("w_ru's columns (2 x cell size)", w_ru[1], _times(2, cell)),
        ("w_c's rows (input + cell size)", w_c[0], _sum(x[1], cell)),
        ("w_c's columns (cell size)", w_c[1], cell),
        ("b_ru's size (2 x cell size)", b_ru[0], _times(2, cell)),
        ("b_c's size (cell size)", b_c[0], cell),
    ]:
        _expect(what, have, want)
    return [TensorType(element, [batch, cell])] * 4


@irdl_op_definition
class GRUBlockCellOp(TfOp):
    """One GRU step over [batch, input] x from h_prev: r, u = sigmoid([x, h_prev] @ w_ru + b_ru),
    c = tanh([x, r * h_prev] @ w_c + b_c), h = u * h_prev + (1 - u) * c; results r, u, c, h."""

    name = "tf.GRUBlockCell"
    x = operand_def(TensorType)
    h_prev = operand_def(TensorType)
    w_ru = operand_def(TensorType)
    w_c = operand_def(TensorType)
    b_ru = operand_def(TensorType)
    b_c = operand_def(TensorType)
    r = result_def(TensorType)
    u = result_def(TensorType)
    c = result_def(TensorType)
    h = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, operands: Sequence[SSAValue]):
        super().__init__(operands=list(operands), result_types=_gru_result(operands))

    def infer_result_types(self) -> Sequence[Attribute]:
        return _gru_result(self.operands)


OPS: list[type[Operation]] = [LSTMBlockCellOp, BlockLSTMOp, BlockLSTMV2Op, GRUBlockCellOp]
