"""The `rt` dialect: runtime checks that the compiled entry reports through its status.

    "rt.check"(%out_of_range) <{message = "node 'emb/GatherV2': index out of range [0, 1000)"}>
        : (tensor<i1>) -> ()

A true flag makes the entry return a non-zero status whose code `bufferize` assigns and records
in `strata.signature` with the message, so the runtime raises an error naming the node instead
of reading out of bounds. Ops that can fail compute the flag and make their own access safe.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType, StringAttr, TensorType
from xdsl.ir import Dialect, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class CheckOp(IRDLOperation):
    """Fails the call with `message` when the rank-0 i1 `flag` is true."""

    name = "rt.check"
    flag = operand_def(TensorType)
    message = prop_def(StringAttr)

    assembly_format = "$flag `,` $message attr-dict `:` type($flag)"

    def __init__(self, flag: SSAValue, message: str):
        super().__init__(operands=[flag], properties={"message": StringAttr(message)})

    def verify_(self) -> None:
        t = self.flag.type
        if (
            not isinstance(t, TensorType)
            or t.get_num_dims() != 0
            or t.element_type != IntegerType(1)
        ):
            raise VerifyException(f"flag must be tensor<i1>, found {t}")


RT = Dialect("rt", [CheckOp], [])
