"""xDSL's `gpu` dialect with MLIR's custom syntax, which xDSL 0.74 lacks (it prints every gpu op in
generic form).

Each class here subclasses xDSL's op of the same name and adds only `print`/`parse`, so
`isinstance(op, xdsl.dialects.gpu.ThreadIdOp)` holds and xDSL's verifiers and builders are used as
they are. Build ops from this module so they print as MLIR does:

    %tid = gpu.thread_id x
    gpu.barrier
    gpu.module @main_kernels { gpu.func @k(%a: memref<4xf32>) kernel { ... gpu.return } }
    gpu.launch_func @main_kernels::@k blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%buf : memref<4xf32>)

`GPU` is xDSL's dialect with these classes in place of its own; the registry maps "gpu" to it.
The generic form of every op still parses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from xdsl.dialects import gpu as xgpu
from xdsl.dialects.builtin import FunctionType, IndexType, SymbolRefAttr
from xdsl.ir import Attribute, Block, BlockArgument, Dialect, SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer

# Re-exported unchanged, so callers need only this module.
DimensionAttr = xgpu.DimensionAttr
DimensionEnum = xgpu.DimensionEnum
LoopDimMapAttr = xgpu.LoopDimMapAttr
ProcessorAttr = xgpu.ProcessorAttr
ProcessorEnum = xgpu.ProcessorEnum
AsyncTokenType = xgpu.AsyncTokenType


def _dim(name: str | DimensionAttr) -> DimensionAttr:
    if isinstance(name, DimensionAttr):
        return name
    return DimensionAttr(DimensionEnum(name))


class _HasDimension(Protocol):
    """What `_DimensionOp` needs of the xDSL op it is mixed into."""

    dimension: DimensionAttr
    attributes: dict[str, Attribute]

    def __init__(self, dim: DimensionAttr) -> None: ...


_DimensionOpT = TypeVar("_DimensionOpT", bound=_HasDimension)


class _DimensionOp:
    """`%r = gpu.<op> x|y|z`"""

    def print(self: _HasDimension, printer: Printer) -> None:
        printer.print_string(" " + self.dimension.data.value)
        printer.print_op_attributes(self.attributes)

    @classmethod
    def parse(cls: type[_DimensionOpT], parser: Parser) -> _DimensionOpT:
        dim = parser.parse_keyword_in(("x", "y", "z"), " (gpu dimension)")
        op = cls(_dim(dim))
        op.attributes |= parser.parse_optional_attr_dict()
        return op


class ThreadIdOp(_DimensionOp, xgpu.ThreadIdOp):
    """The thread's index in its block along one dimension: `%t = gpu.thread_id x`."""


class BlockIdOp(_DimensionOp, xgpu.BlockIdOp):
    """The block's index in the grid along one dimension: `%b = gpu.block_id x`."""


class BlockDimOp(_DimensionOp, xgpu.BlockDimOp):
    """Threads per block along one dimension: `%n = gpu.block_dim x`."""


class GridDimOp(_DimensionOp, xgpu.GridDimOp):
    """Blocks in the grid along one dimension: `%n = gpu.grid_dim x`."""


class _HasNoOperands(Protocol):
    """What `_NoOperandOp` needs of the xDSL op it is mixed into."""

    attributes: dict[str, Attribute]

    def __init__(self) -> None: ...


_NoOperandOpT = TypeVar("_NoOperandOpT", bound=_HasNoOperands)


class _NoOperandOp:
    """`gpu.<op>` with only an attribute dictionary."""

    def __init__(self) -> None:  # xDSL's own __init__ is unannotated
        super().__init__()

    def print(self: _HasNoOperands, printer: Printer) -> None:
        printer.print_op_attributes(self.attributes)

    @classmethod
    def parse(cls: type[_NoOperandOpT], parser: Parser) -> _NoOperandOpT:
        op = cls()
        op.attributes |= parser.parse_optional_attr_dict()
        return op


class BarrierOp(_NoOperandOp, xgpu.BarrierOp):
    """Waits until every thread of the block reaches it; shared memory writes before it are seen
    after it: `gpu.barrier`."""


class TerminatorOp(_NoOperandOp, xgpu.TerminatorOp):
    """Ends a `gpu.launch` body: `gpu.terminator`."""


class ReturnOp(xgpu.ReturnOp):
    """Returns from a `gpu.func`: `gpu.return` (kernels return nothing)."""

    def print(self, printer: Printer) -> None:
        printer.print_op_attributes(self.attributes)
        if self.args:
            printer.print_string(" ")
            printer.print_list(self.args, printer.print_ssa_value)
            printer.print_string(" : ")
            printer.print_list((a.type for a in self.args), printer.print_attribute)

    @classmethod
    def parse(cls, parser: Parser) -> ReturnOp:
        attrs = parser.parse_optional_attr_dict()
        operands = parser.parse_optional_undelimited_comma_separated_list(
            parser.parse_optional_unresolved_operand, parser.parse_unresolved_operand
        )
        values: Sequence[SSAValue] = []
        if operands:
            parser.parse_punctuation(":")
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
            values = parser.resolve_operands(operands, types, parser.pos)
        op = cls(values)
        op.attributes |= attrs
        return op


class ModuleOp(xgpu.ModuleOp):
    """Device code compiled apart from the host: `gpu.module @kernels { gpu.func ... }`."""

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_op_attributes(self.attributes, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body, False, False)

    @classmethod
    def parse(cls, parser: Parser) -> ModuleOp:
        name = parser.parse_symbol_name()
        attrs = parser.parse_optional_attr_dict_with_keyword()
        body = parser.parse_region()
        if not body.blocks:
            body.add_block(Block())
        op = cls(name, body)  # type: ignore[arg-type]  # xDSL's hint says SymbolRefAttr; the property is a StringAttr
        if attrs is not None:
            op.attributes |= attrs.data
        return op


_FUNC_RESERVED = ("sym_name", "function_type", "kernel")


class FuncOp(xgpu.FuncOp):
    """A function in a gpu.module; with `kernel`, an entry point the host launches:
    `gpu.func @k(%a: memref<4xf32>) kernel attributes {gpu.known_block_size = ...} { ... }`."""

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string("(")
        printer.print_list(self.body.blocks[0].args, printer.print_block_argument)
        printer.print_string(")")
        outputs = self.function_type.outputs.data
        if outputs:
            printer.print_string(" -> ")
            if len(outputs) == 1:
                printer.print_attribute(outputs[0])
            else:
                printer.print_string("(")
                printer.print_list(outputs, printer.print_attribute)
                printer.print_string(")")
        if self.kernel is not None:
            printer.print_string(" kernel")
        printer.print_op_attributes(
            self.attributes, reserved_attr_names=_FUNC_RESERVED, print_keyword=True
        )
        printer.print_string(" ")
        printer.print_region(self.body, False, True)

    @classmethod
    def parse(cls, parser: Parser) -> FuncOp:
        name = parser.parse_symbol_name().data
        args = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, lambda: parser.parse_argument(expect_type=True)
        )
        outputs: list[Attribute] = []
        if parser.parse_optional_punctuation("->"):
            many = parser.parse_optional_comma_separated_list(
                parser.Delimiter.PAREN, parser.parse_type
            )
            outputs = list(many) if many is not None else [parser.parse_type()]
        kernel = parser.parse_optional_keyword("kernel") is not None
        attrs = parser.parse_optional_attr_dict_with_keyword()
        body = parser.parse_region(args)
        inputs = [a.type for a in args]
        op = cls(name, FunctionType.from_lists(inputs, outputs), body, kernel=kernel)
        if attrs is not None:
            op.attributes |= attrs.data
        return op


def _print_triple(printer: Printer, values: Sequence[SSAValue]) -> None:
    printer.print_string("(")
    printer.print_list(values, printer.print_ssa_value)
    printer.print_string(")")


def _parse_index_triple(parser: Parser) -> list[SSAValue]:
    operands = parser.parse_comma_separated_list(
        parser.Delimiter.PAREN, parser.parse_unresolved_operand
    )
    if len(operands) != 3:
        parser.raise_error(f"expected 3 sizes (x, y, z), found {len(operands)}")
    return [parser.resolve_operand(o, IndexType()) for o in operands]


class LaunchFuncOp(xgpu.LaunchFuncOp):
    """Launches a kernel of a gpu.module on a grid of blocks:
    `gpu.launch_func @m::@k blocks in (%gx, %gy, %gz) threads in (%bx, %by, %bz) args(%a : T)`."""

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.kernel)
        printer.print_string(" blocks in ")
        _print_triple(printer, [self.gridSizeX, self.gridSizeY, self.gridSizeZ])
        printer.print_string(" threads in ")
        _print_triple(printer, [self.blockSizeX, self.blockSizeY, self.blockSizeZ])
        if self.dynamicSharedMemorySize is not None:
            printer.print_string(" dynamic_shared_memory_size ")
            printer.print_ssa_value(self.dynamicSharedMemorySize)
        if self.kernelOperands:

            def print_arg(value: SSAValue) -> None:
                printer.print_ssa_value(value)
                printer.print_string(" : ")
                printer.print_attribute(value.type)

            printer.print_string(" args(")
            printer.print_list(self.kernelOperands, print_arg)
            printer.print_string(")")
        printer.print_op_attributes(
            self.attributes, reserved_attr_names=("kernel", "operandSegmentSizes")
        )

    @classmethod
    def parse(cls, parser: Parser) -> LaunchFuncOp:
        kernel = parser.parse_attribute()
        if not isinstance(kernel, SymbolRefAttr):
            parser.raise_error(f"expected a kernel symbol (@module::@kernel), found {kernel}")
        parser.parse_keyword("blocks")
        parser.parse_keyword("in")
        grid = _parse_index_triple(parser)
        parser.parse_keyword("threads")
        parser.parse_keyword("in")
        block = _parse_index_triple(parser)
        shared = None
        if parser.parse_optional_keyword("dynamic_shared_memory_size"):
            from xdsl.dialects.builtin import i32

            shared = parser.resolve_operand(parser.parse_unresolved_operand(), i32)
        args: list[SSAValue] = []
        if parser.parse_optional_keyword("args"):

            def one() -> SSAValue:
                operand = parser.parse_unresolved_operand()
                parser.parse_punctuation(":")
                return parser.resolve_operand(operand, parser.parse_type())

            args = parser.parse_comma_separated_list(parser.Delimiter.PAREN, one)
        attrs = parser.parse_optional_attr_dict()
        op = cls(kernel, grid, block, kernelOperands=args, dynamicSharedMemorySize=shared)
        op.attributes |= attrs
        return op


_LAUNCH_NAMES = (("blocks", "gridSize"), ("threads", "blockSize"))


class LaunchOp(xgpu.LaunchOp):
    """A kernel body inline in host code, run on a grid of blocks:
    `gpu.launch blocks(%bx, %by, %bz) in (%gx = %a, %gy = %b, %gz = %c)
                threads(%tx, %ty, %tz) in (%sx = %d, %sy = %e, %sz = %f) { ... gpu.terminator }`.
    The body's 12 index arguments are block ids, thread ids, grid sizes and block sizes."""

    def print(self, printer: Printer) -> None:
        args = self.body.blocks[0].args
        sizes = [
            [self.gridSizeX, self.gridSizeY, self.gridSizeZ],
            [self.blockSizeX, self.blockSizeY, self.blockSizeZ],
        ]

        def print_size(pair: tuple[BlockArgument, SSAValue]) -> None:
            printer.print_block_argument(pair[0], False)
            printer.print_string(" = ")
            printer.print_ssa_value(pair[1])

        # Block arguments: block ids 0-2, thread ids 3-5, grid sizes 6-8, block sizes 9-11.
        for k, (word, _) in enumerate(_LAUNCH_NAMES):
            ids = args[3 * k : 3 * k + 3]
            dims = args[6 + 3 * k : 9 + 3 * k]
            printer.print_string(f" {word}(")
            printer.print_list(ids, lambda a: printer.print_block_argument(a, False))
            printer.print_string(") in (")
            printer.print_list(zip(dims, sizes[k], strict=True), print_size)
            printer.print_string(")")
        if self.dynamicSharedMemorySize is not None:
            printer.print_string(" dynamic_shared_memory_size ")
            printer.print_ssa_value(self.dynamicSharedMemorySize)
        printer.print_op_attributes(
            self.attributes, reserved_attr_names=("operandSegmentSizes",), print_keyword=True
        )
        printer.print_string(" ")
        printer.print_region(self.body, False, False)

    @classmethod
    def parse(cls, parser: Parser) -> LaunchOp:
        ids: list[Parser.Argument] = []
        dims: list[Parser.Argument] = []
        sizes: list[list[SSAValue]] = []
        for word, _ in _LAUNCH_NAMES:
            parser.parse_keyword(word)
            ids += [
                a.resolve(IndexType())
                for a in parser.parse_comma_separated_list(
                    parser.Delimiter.PAREN, lambda: parser.parse_argument(expect_type=False)
                )
            ]
            parser.parse_keyword("in")

            def one() -> tuple[Parser.Argument, SSAValue]:
                arg = parser.parse_argument(expect_type=False).resolve(IndexType())
                parser.parse_punctuation("=")
                value = parser.resolve_operand(parser.parse_unresolved_operand(), IndexType())
                return arg, value

            pairs = parser.parse_comma_separated_list(parser.Delimiter.PAREN, one)
            if len(pairs) != 3:
                parser.raise_error(f"expected 3 {word} sizes (x, y, z), found {len(pairs)}")
            dims += [p[0] for p in pairs]
            sizes.append([p[1] for p in pairs])
        if len(ids) != 6:
            parser.raise_error("expected 3 block ids and 3 thread ids")
        shared = None
        if parser.parse_optional_keyword("dynamic_shared_memory_size"):
            from xdsl.dialects.builtin import i32

            shared = parser.resolve_operand(parser.parse_unresolved_operand(), i32)
        attrs = parser.parse_optional_attr_dict_with_keyword()
        body = parser.parse_region([*ids, *dims])
        op = cls(body, sizes[0], sizes[1], dynamicSharedMemorySize=shared)
        if attrs is not None:
            op.attributes |= attrs.data
        return op


PRETTY_OPS = (
    ThreadIdOp,
    BlockIdOp,
    BlockDimOp,
    GridDimOp,
    BarrierOp,
    TerminatorOp,
    ReturnOp,
    ModuleOp,
    FuncOp,
    LaunchFuncOp,
    LaunchOp,
)
"""The ops this module gives MLIR's syntax; the rest of xDSL's gpu ops print generically."""

_REPLACED = {op.name for op in PRETTY_OPS}

GPU = Dialect(
    "gpu",
    [*PRETTY_OPS, *(op for op in xgpu.GPU.operations if op.name not in _REPLACED)],
    [*xgpu.GPU.attributes],
)
