"""The `nvvm` dialect: the NVIDIA GPU intrinsics the kernels need, with MLIR's names and syntax.

    %tid = nvvm.read.ptx.sreg.tid.x : i32
    nvvm.barrier0
    %r = nvvm.shfl.sync bfly %mask, %v, %offset, %clamp : f32 -> f32

`convert-gpu-to-nvvm` produces these ops inside a `gpu.module`; `strata.targets.nvptx` exports each
as the LLVM intrinsic its `intrinsic` names (`llvm.nvvm.read.ptx.sreg.tid.x`, ...).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import Float32Type, IntegerType, StringAttr, i32
from xdsl.ir import Attribute, Dialect, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import NoMemoryEffect
from xdsl.utils.exceptions import VerifyException


def _require_i32(op: IRDLOperation, what: str, t: Attribute) -> None:
    if t != i32:
        raise VerifyException(f"{what} must be i32, found {t}")


class SpecialRegisterOp(IRDLOperation):
    """Reads one PTX special register as an i32 (abstract; one subclass per register)."""

    res = result_def(IntegerType)
    assembly_format = "attr-dict `:` type($res)"
    traits = traits_def(NoMemoryEffect())

    REGISTER: ClassVar[str]
    """The register's PTX name after `%`, e.g. `tid.x`."""

    def __init__(self) -> None:
        super().__init__(result_types=[i32])

    @property
    def intrinsic(self) -> str:
        return f"llvm.nvvm.read.ptx.sreg.{self.REGISTER}"

    def verify_(self) -> None:
        _require_i32(self, "result", self.res.type)


@irdl_op_definition
class ThreadIdXOp(SpecialRegisterOp):
    """Thread index in the block along x (`%tid.x`): `%t = nvvm.read.ptx.sreg.tid.x : i32`."""

    name = "nvvm.read.ptx.sreg.tid.x"
    REGISTER: ClassVar[str] = "tid.x"


@irdl_op_definition
class ThreadIdYOp(SpecialRegisterOp):
    """Thread index in the block along y (`%tid.y`): `%t = nvvm.read.ptx.sreg.tid.y : i32`."""

    name = "nvvm.read.ptx.sreg.tid.y"
    REGISTER: ClassVar[str] = "tid.y"


@irdl_op_definition
class ThreadIdZOp(SpecialRegisterOp):
    """Thread index in the block along z (`%tid.z`): `%t = nvvm.read.ptx.sreg.tid.z : i32`."""

    name = "nvvm.read.ptx.sreg.tid.z"
    REGISTER: ClassVar[str] = "tid.z"


@irdl_op_definition
class BlockDimXOp(SpecialRegisterOp):
    """Threads per block along x (`%ntid.x`): `%n = nvvm.read.ptx.sreg.ntid.x : i32`."""

    name = "nvvm.read.ptx.sreg.ntid.x"
    REGISTER: ClassVar[str] = "ntid.x"


@irdl_op_definition
class BlockDimYOp(SpecialRegisterOp):
    """Threads per block along y (`%ntid.y`): `%n = nvvm.read.ptx.sreg.ntid.y : i32`."""

    name = "nvvm.read.ptx.sreg.ntid.y"
    REGISTER: ClassVar[str] = "ntid.y"


@irdl_op_definition
class BlockDimZOp(SpecialRegisterOp):
    """Threads per block along z (`%ntid.z`): `%n = nvvm.read.ptx.sreg.ntid.z : i32`."""

    name = "nvvm.read.ptx.sreg.ntid.z"
    REGISTER: ClassVar[str] = "ntid.z"


@irdl_op_definition
class BlockIdXOp(SpecialRegisterOp):
    """Block index in the grid along x (`%ctaid.x`): `%b = nvvm.read.ptx.sreg.ctaid.x : i32`."""

    name = "nvvm.read.ptx.sreg.ctaid.x"
    REGISTER: ClassVar[str] = "ctaid.x"


@irdl_op_definition
class BlockIdYOp(SpecialRegisterOp):
    """Block index in the grid along y (`%ctaid.y`): `%b = nvvm.read.ptx.sreg.ctaid.y : i32`."""

    name = "nvvm.read.ptx.sreg.ctaid.y"
    REGISTER: ClassVar[str] = "ctaid.y"


@irdl_op_definition
class BlockIdZOp(SpecialRegisterOp):
    """Block index in the grid along z (`%ctaid.z`): `%b = nvvm.read.ptx.sreg.ctaid.z : i32`."""

    name = "nvvm.read.ptx.sreg.ctaid.z"
    REGISTER: ClassVar[str] = "ctaid.z"


@irdl_op_definition
class GridDimXOp(SpecialRegisterOp):
    """Blocks in the grid along x (`%nctaid.x`): `%g = nvvm.read.ptx.sreg.nctaid.x : i32`."""

    name = "nvvm.read.ptx.sreg.nctaid.x"
    REGISTER: ClassVar[str] = "nctaid.x"


@irdl_op_definition
class GridDimYOp(SpecialRegisterOp):
    """Blocks in the grid along y (`%nctaid.y`): `%g = nvvm.read.ptx.sreg.nctaid.y : i32`."""

    name = "nvvm.read.ptx.sreg.nctaid.y"
    REGISTER: ClassVar[str] = "nctaid.y"


@irdl_op_definition
class GridDimZOp(SpecialRegisterOp):
    """Blocks in the grid along z (`%nctaid.z`): `%g = nvvm.read.ptx.sreg.nctaid.z : i32`."""

    name = "nvvm.read.ptx.sreg.nctaid.z"
    REGISTER: ClassVar[str] = "nctaid.z"


@irdl_op_definition
class LaneIdOp(SpecialRegisterOp):
    """Lane of the thread in its warp, 0..31 (`%laneid`): `%l = nvvm.read.ptx.sreg.laneid : i32`."""

    name = "nvvm.read.ptx.sreg.laneid"
    REGISTER: ClassVar[str] = "laneid"


@irdl_op_definition
class WarpSizeOp(SpecialRegisterOp):
    """Threads per warp (`WARP_SZ`, 32): `%w = nvvm.read.ptx.sreg.warpsize : i32`."""

    name = "nvvm.read.ptx.sreg.warpsize"
    REGISTER: ClassVar[str] = "warpsize"


@irdl_op_definition
class Barrier0Op(IRDLOperation):
    """Waits until every thread of the block arrives (`bar.sync 0`): `nvvm.barrier0`."""

    name = "nvvm.barrier0"
    assembly_format = "attr-dict"
    INTRINSIC: ClassVar[str] = "llvm.nvvm.barrier0"

    def __init__(self) -> None:
        super().__init__()

    @property
    def intrinsic(self) -> str:
        return self.INTRINSIC


SHFL_KINDS = ("bfly", "up", "down", "idx")
"""PTX `shfl.sync` modes: butterfly (xor), from a lower lane, from a higher lane, from a lane."""


@irdl_op_definition
class ShflSyncOp(IRDLOperation):
    """Reads `val` from another lane of the warp (`shfl.sync.<kind>.b32`).

        %r = nvvm.shfl.sync bfly %mask, %v, %offset, %clamp : f32 -> f32

    `thread_mask` names the participating lanes; for `bfly` the source lane is `laneid ^ offset`,
    for `down` `laneid + offset`, for `idx` `offset`; `mask_and_clamp` is PTX's `c` operand
    (31 for a whole warp with `bfly`/`down`/`idx`, 0 for `up`).
    """

    name = "nvvm.shfl.sync"
    thread_mask = operand_def(IntegerType)
    val = operand_def()
    offset = operand_def(IntegerType)
    mask_and_clamp = operand_def(IntegerType)
    kind = prop_def(StringAttr)
    res = result_def()

    traits = traits_def(NoMemoryEffect())

    def __init__(
        self,
        kind: str,
        thread_mask: SSAValue,
        val: SSAValue,
        offset: SSAValue,
        mask_and_clamp: SSAValue,
        result_type: Attribute | None = None,
    ) -> None:
        super().__init__(
            operands=[thread_mask, val, offset, mask_and_clamp],
            result_types=[result_type or val.type],
            properties={"kind": StringAttr(kind)},
        )

    @property
    def intrinsic(self) -> str:
        suffix = "f32" if isinstance(self.val.type, Float32Type) else "i32"
        return f"llvm.nvvm.shfl.sync.{self.kind.data}.{suffix}"

    def verify_(self) -> None:
        if self.kind.data not in SHFL_KINDS:
            raise VerifyException(
                f"kind must be one of {', '.join(SHFL_KINDS)}, found '{self.kind.data}'"
            )
        _require_i32(self, "thread_mask", self.thread_mask.type)
        _require_i32(self, "offset", self.offset.type)
        _require_i32(self, "mask_and_clamp", self.mask_and_clamp.type)
        if self.val.type not in (i32, Float32Type()):
            raise VerifyException(f"value must be f32 or i32, found {self.val.type}")
        if self.res.type != self.val.type:
            raise VerifyException(
                f"result type {self.res.type} must match the value type {self.val.type}"
            )

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.kind.data} ")
        printer.print_list(self.operands, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.val.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.res.type)

    @classmethod
    def parse(cls, parser: Parser) -> ShflSyncOp:
        position = parser.pos
        kind = parser.parse_identifier(" (shfl.sync kind)")
        if kind not in SHFL_KINDS:
            parser.raise_error(
                f"expected one of {', '.join(SHFL_KINDS)}, found '{kind}'", position, parser.pos
            )
        operands = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
        if len(operands) != 4:
            parser.raise_error(f"expected 4 operands, found {len(operands)}")
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        val_type = parser.parse_type()
        parser.parse_punctuation("->")
        res_type = parser.parse_type()
        mask, val, offset, clamp = parser.resolve_operands(
            operands,
            [i32, val_type, i32, i32],
            parser.pos,
        )
        op = cls(kind, mask, val, offset, clamp, res_type)
        op.attributes.update(attributes)
        return op


SPECIAL_REGISTERS: tuple[type[SpecialRegisterOp], ...] = (
    ThreadIdXOp,
    ThreadIdYOp,
    ThreadIdZOp,
    BlockDimXOp,
    BlockDimYOp,
    BlockDimZOp,
    BlockIdXOp,
    BlockIdYOp,
    BlockIdZOp,
    GridDimXOp,
    GridDimYOp,
    GridDimZOp,
    LaneIdOp,
    WarpSizeOp,
)

IntrinsicOp = SpecialRegisterOp | Barrier0Op | ShflSyncOp
"""Every nvvm op: one call of the LLVM intrinsic its `intrinsic` names."""

NVVM = Dialect("nvvm", [*SPECIAL_REGISTERS, Barrier0Op, ShflSyncOp], [])
