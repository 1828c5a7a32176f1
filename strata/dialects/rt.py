"""The `rt` dialect: runtime checks that the compiled entry reports through its status.

    "rt.check"(%out_of_range) <{message = "node 'emb/GatherV2': index out of range [0, 1000)"}>
        : (tensor<i1>) -> ()

A true flag makes the entry return a non-zero status whose code `bufferize` assigns and records
in `strata.signature` with the message, so the runtime raises an error naming the node instead
of reading out of bounds. Ops that can fail compute the flag and make their own access safe.

A check with `loop_trips` says that a loop ran the trips its lists are held for (the importer's
bound for a list that grows to a length the data decide) and would have run more; its code is
recorded in the signature's `trip_bounds`, and the runtime raises LoopTripsExceeded for it, so
that a caller that chose the bound (strata.compile) compiles again with a larger one.

    rt.check %still, "..." loop_trips 64 : tensor<i1>
"""

from __future__ import annotations

from xdsl.dialects.builtin import I64, IntegerAttr, IntegerType, StringAttr, TensorType
from xdsl.ir import Attribute, Dialect, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, opt_prop_def, prop_def
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class CheckOp(IRDLOperation):
    """Fails the call with `message` when the rank-0 i1 `flag` is true."""

    name = "rt.check"
    flag = operand_def(TensorType)
    message = prop_def(StringAttr)
    loop_trips = opt_prop_def(IntegerAttr[I64])
    """Set on the check after a loop run under a trip bound: that bound (see the module doc)."""

    assembly_format = "$flag `,` $message (`loop_trips` $loop_trips^)? attr-dict `:` type($flag)"

    def __init__(self, flag: SSAValue, message: str, loop_trips: int | None = None):
        properties: dict[str, Attribute] = {"message": StringAttr(message)}
        if loop_trips is not None:
            properties["loop_trips"] = IntegerAttr(loop_trips, 64)
        super().__init__(operands=[flag], properties=properties)

    def verify_(self) -> None:
        t = self.flag.type
        if (
            not isinstance(t, TensorType)
            or t.get_num_dims() != 0
            or t.element_type != IntegerType(1)
        ):
            raise VerifyException(f"flag must be tensor<i1>, found {t}")


RT = Dialect("rt", [CheckOp], [])
