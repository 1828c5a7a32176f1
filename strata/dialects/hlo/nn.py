"""The nn family of `hlo` ops: convolution and reduce_window (StableHLO semantics)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    I64,
    ArrayAttr,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    TensorType,
    i1,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, ParametrizedAttribute, Region, SSAValue
from xdsl.irdl import (
    SameVariadicOperandSize,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    param_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import Pure, RecursiveMemoryEffect
from xdsl.utils.exceptions import VerifyException

from strata.dialects.hlo.core import (
    ElementwiseBinaryOp,
    HloOp,
    ReturnOp,
    ReturnsToHlo,
    _i64_array,
    _ints,
    _shape,
)
from strata.dialects.verify_helpers import expect_tensor
from strata.internal import expect

BATCH, FEATURE = -1, -2  # layout codes of the non-spatial dims (kernel: input / output feature)
_INPUT_LETTERS = {BATCH: "b", FEATURE: "f"}
_KERNEL_LETTERS = {BATCH: "i", FEATURE: "o"}


def _layout_attr(codes: Sequence[int]) -> ArrayAttr[IntAttr]:
    return ArrayAttr([IntAttr(int(c)) for c in codes])


@irdl_attr_definition
class ConvDimensionNumbersAttr(ParametrizedAttribute):
    """Which dim of the input, kernel and output is batch / feature / each spatial dim, in
    StableHLO's compact syntax: `#hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>` (input:
    b = batch, f = feature; kernel: i = input feature, o = output feature; numbers: spatial
    dims)."""

    name = "hlo.conv"
    input_layout: ArrayAttr[IntAttr] = param_def()
    kernel_layout: ArrayAttr[IntAttr] = param_def()
    output_layout: ArrayAttr[IntAttr] = param_def()

    def __init__(self, inp: Sequence[int], kernel: Sequence[int], out: Sequence[int]):
        super().__init__(_layout_attr(inp), _layout_attr(kernel), _layout_attr(out))

    @staticmethod
    def nhwc_hwio(spatial: int = 2) -> ConvDimensionNumbersAttr:
        """TensorFlow's layout: [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]."""
        data = [BATCH, *range(spatial), FEATURE]
        return ConvDimensionNumbersAttr(data, [*range(spatial), BATCH, FEATURE], data)

    @staticmethod
    def _codes(attr: ArrayAttr[IntAttr]) -> tuple[int, ...]:
        return tuple(c.data for c in attr.data)

    def input(self) -> tuple[int, ...]:
        return self._codes(self.input_layout)

    def kernel(self) -> tuple[int, ...]:
        return self._codes(self.kernel_layout)

    def output(self) -> tuple[int, ...]:
        return self._codes(self.output_layout)

    @staticmethod
    def position(layout: Sequence[int], code: int) -> int:
        """Where `code` (BATCH, FEATURE, or spatial index) sits in a layout."""
        return list(layout).index(code)

    def num_spatial(self) -> int:
        return len(self.input_layout.data) - 2

    def verify(self) -> None:
        layouts = (("input", self.input()), ("kernel", self.kernel()), ("output", self.output()))
        rank = len(layouts[0][1])
        for what, layout in layouts:
            if len(layout) != rank:
                raise VerifyException(f"{what} layout has {len(layout)} dims, expected {rank}")
            if sorted(layout) != [FEATURE, BATCH, *range(rank - 2)]:
                raise VerifyException(
                    f"{what} layout must name each of the 2 feature/batch dims and "
                    f"{rank - 2} spatial dims once"
                )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        inp, kernel, out = cls.parse_layouts(parser)
        parser.parse_punctuation(">")
        return [_layout_attr(inp), _layout_attr(kernel), _layout_attr(out)]

    @staticmethod
    def parse_layouts(parser: AttrParser) -> tuple[list[int], list[int], list[int]]:
        """`[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`: the input, kernel and output layouts."""

        def parse_layout(letters: dict[int, str]) -> list[int]:
            by_letter = {v: k for k, v in letters.items()}

            def parse_entry() -> int:
                number = parser.parse_optional_integer()
                if number is not None:
                    return number
                pos = parser.pos
                letter = parser.parse_identifier()
                if letter not in by_letter:
                    parser.raise_error(
                        f"expected a spatial dim number or one of {sorted(by_letter)}",
                        pos,
                        parser.pos,
                    )
                return by_letter[letter]

            return parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parse_entry)

        inp = parse_layout(_INPUT_LETTERS)
        parser.parse_keyword("x")
        kernel = parse_layout(_KERNEL_LETTERS)
        parser.parse_punctuation("->")
        out = parse_layout(_INPUT_LETTERS)
        return inp, kernel, out

    def layouts_text(self) -> str:
        def text(layout: Sequence[int], letters: dict[int, str]) -> str:
            return "[" + ", ".join(letters.get(c, str(c)) for c in layout) + "]"

        return (
            text(self.input(), _INPUT_LETTERS)
            + "x"
            + text(self.kernel(), _KERNEL_LETTERS)
            + "->"
            + text(self.output(), _INPUT_LETTERS)
        )

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<" + self.layouts_text() + ">")


def padding_attr(pads: Sequence[tuple[int, int]]) -> DenseIntOrFPElementsAttr:
    """StableHLO's `padding`: a dense tensor<Nx2xi64> of (low, high) per spatial dim."""
    flat = [int(v) for pair in pads for v in pair]
    return DenseIntOrFPElementsAttr.from_list(TensorType(i64, [len(pads), 2]), flat)


def padding_pairs(attr: DenseIntOrFPElementsAttr | None, n: int) -> list[tuple[int, int]]:
    if attr is None:
        return [(0, 0)] * n
    values: list[int] = []
    for v in attr.get_values():
        if isinstance(v, tuple):
            raise VerifyException(f"padding must hold integers, found {attr.get_type()}")
        values.append(int(v))
    if len(values) != 2 * n or _shape(expect_tensor(attr.get_type(), "padding")) != (n, 2):
        raise VerifyException(f"padding must have shape {n}x2, found {attr.get_type()}")
    return [(values[2 * i], values[2 * i + 1]) for i in range(n)]


def _array_or(
    attr: DenseArrayBase[IntegerType] | None, n: int, default: int, what: str
) -> list[int]:
    if attr is None:
        return [default] * n
    values = [int(v) for v in attr.get_values()]
    if len(values) != n:
        raise VerifyException(f"{what} must have {n} entries, found {len(values)}")
    return values


def window_output_size(
    size: int, window: int, stride: int, pad: tuple[int, int], base_dil: int, win_dil: int
) -> int:
    """StableHLO's output size of one windowed dim (dynamic stays dynamic)."""
    if size == DYNAMIC_INDEX:
        return DYNAMIC_INDEX
    padded = (size - 1) * base_dil + 1 + pad[0] + pad[1] if size > 0 else pad[0] + pad[1]
    dilated_window = (window - 1) * win_dil + 1
    if padded < dilated_window:
        return 0
    return (padded - dilated_window) // stride + 1


@dataclass(frozen=True)
class ConvWindow:
    """hlo.convolution's window attributes, one entry per spatial dim, defaults filled in."""

    strides: list[int]
    padding: list[tuple[int, int]]
    lhs_dilation: list[int]
    rhs_dilation: list[int]
    reversal: list[bool]


def _parse_pair(parser: Parser) -> tuple[int, int]:
    """`[low, high]`"""
    pos = parser.pos
    values = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
    if len(values) != 2:
        parser.raise_error(f"expected [low, high], found {len(values)} values", pos, parser.pos)
    return values[0], values[1]


def _parse_flag(parser: Parser) -> int:
    """`true` / `false` (or 1 / 0), as StableHLO prints window reversal."""
    flag = parser.parse_optional_boolean()
    return int(flag) if flag is not None else parser.parse_integer()


@irdl_op_definition
class ConvolutionOp(HloOp):
    """Convolution with StableHLO's window attributes and dimension numbers, in StableHLO's
    pretty form (the window's fields optional, reverse as true/false):
    `%y = hlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
    window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1],
    reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
    : (tensor<1x5x5x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x5x5x4xf32>`
    or the generic one (`"hlo.convolution"(%x, %w) <{dimension_numbers = #hlo.conv<...>,
    window_strides = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, ...}>`)."""

    name = "hlo.convolution"
    CHECKS_RESULT_ELEMENT_TYPE: ClassVar[bool] = False  # i8 x i8 -> i32, f32 x f32 -> f64
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)
    dimension_numbers = prop_def(ConvDimensionNumbersAttr)
    window_strides = opt_prop_def(DenseArrayBase.constr(i64))
    padding = opt_prop_def(DenseIntOrFPElementsAttr)
    lhs_dilation = opt_prop_def(DenseArrayBase.constr(i64))
    rhs_dilation = opt_prop_def(DenseArrayBase.constr(i64))
    window_reversal = opt_prop_def(DenseArrayBase.constr(i1))
    feature_group_count = prop_def(IntegerAttr[I64])
    batch_group_count = prop_def(IntegerAttr[I64])
    traits = traits_def(Pure())

    def __init__(
        self,
        lhs: SSAValue | Operation,
        rhs: SSAValue | Operation,
        dimension_numbers: ConvDimensionNumbersAttr,
        window_strides: Sequence[int] | None = None,
        padding: Sequence[tuple[int, int]] | None = None,
        lhs_dilation: Sequence[int] | None = None,
        rhs_dilation: Sequence[int] | None = None,
        window_reversal: Sequence[bool] | None = None,
        feature_group_count: int = 1,
        batch_group_count: int = 1,
        result_type: Attribute | None = None,
    ):
        lhs, rhs = SSAValue.get(lhs), SSAValue.get(rhs)
        props: dict[str, Attribute] = {
            "dimension_numbers": dimension_numbers,
            "feature_group_count": IntegerAttr(feature_group_count, i64),
            "batch_group_count": IntegerAttr(batch_group_count, i64),
        }
        if window_strides is not None:
            props["window_strides"] = _i64_array(window_strides)
        if padding is not None:
            props["padding"] = padding_attr(padding)
        if lhs_dilation is not None:
            props["lhs_dilation"] = _i64_array(lhs_dilation)
        if rhs_dilation is not None:
            props["rhs_dilation"] = _i64_array(rhs_dilation)
        if window_reversal is not None:
            props["window_reversal"] = DenseArrayBase.from_list(
                i1, [int(r) for r in window_reversal]
            )
        if result_type is None:
            result_type = self._infer(lhs.type, rhs.type, props)
        super().__init__(operands=[lhs, rhs], properties=props, result_types=[result_type])

    # -- the window, read back (defaults filled in) -------------------------------------------

    @staticmethod
    def _window(props: dict[str, Attribute]) -> ConvWindow:
        dn = expect(props["dimension_numbers"], ConvDimensionNumbersAttr, "dimension_numbers")
        n = dn.num_spatial()

        def array(name: str, default: int) -> list[int]:
            attr = props.get(name)
            attr = None if attr is None else expect(attr, DenseArrayBase, name)
            return _array_or(attr, n, default, name)

        pad = props.get("padding")
        pad = None if pad is None else expect(pad, DenseIntOrFPElementsAttr, "padding")
        return ConvWindow(
            array("window_strides", 1),
            padding_pairs(pad, n),
            array("lhs_dilation", 1),
            array("rhs_dilation", 1),
            [bool(r) for r in array("window_reversal", 0)],
        )

    def window(self) -> ConvWindow:
        return self._window(dict(self.properties))

    # -- StableHLO's pretty form ------------------------------------------------------------------

    WINDOW_KEYS: ClassVar[tuple[str, ...]] = (
        "stride",
        "pad",
        "lhs_dilate",
        "rhs_dilate",
        "reverse",
    )

    def print(self, printer: Printer) -> None:
        printer.print_string("(")
        printer.print_list(self.operands, printer.print_ssa_value)
        printer.print_string(") dim_numbers = ")
        printer.print_string(self.dimension_numbers.layouts_text())
        fields: list[str] = []
        if self.window_strides is not None:
            fields.append(f"stride = [{', '.join(map(str, _ints(self.window_strides)))}]")
        if self.padding is not None:
            pairs = padding_pairs(self.padding, self.dimension_numbers.num_spatial())
            fields.append("pad = [" + ", ".join(f"[{lo}, {hi}]" for lo, hi in pairs) + "]")
        if self.lhs_dilation is not None:
            fields.append(f"lhs_dilate = [{', '.join(map(str, _ints(self.lhs_dilation)))}]")
        if self.rhs_dilation is not None:
            fields.append(f"rhs_dilate = [{', '.join(map(str, _ints(self.rhs_dilation)))}]")
        if self.window_reversal is not None:
            flags = ", ".join("true" if r else "false" for r in _ints(self.window_reversal))
            fields.append(f"reverse = [{flags}]")
        if fields:
            printer.print_string(", window = {" + ", ".join(fields) + "}")
        printer.print_string(" ")
        printer.print_attr_dict(
            {
                "batch_group_count": self.batch_group_count,
                "feature_group_count": self.feature_group_count,
                **self.attributes,
            }
        )
        printer.print_string(" : ")
        printer.print_function_type([o.type for o in self.operands], [r.type for r in self.results])

    @classmethod
    def parse(cls, parser: Parser) -> ConvolutionOp:
        pos = parser.pos
        operands = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, parser.parse_unresolved_operand
        )
        if len(operands) != 2:
            parser.raise_error(f"expected 2 operands (lhs, rhs), found {len(operands)}", pos)
        parser.parse_keyword("dim_numbers")
        parser.parse_punctuation("=")
        dn = ConvDimensionNumbersAttr(*ConvDimensionNumbersAttr.parse_layouts(parser))
        window: dict[str, list[int] | list[tuple[int, int]]] = {}
        if parser.parse_optional_punctuation(","):
            parser.parse_keyword("window")
            parser.parse_punctuation("=")
            parser.parse_punctuation("{")
            while parser.parse_optional_punctuation("}") is None:  # `window = {}`: defaults
                key_pos = parser.pos
                key = parser.parse_identifier()
                if key not in cls.WINDOW_KEYS or key in window:
                    parser.raise_error(
                        f"expected one of {', '.join(cls.WINDOW_KEYS)} once each, found '{key}'",
                        key_pos,
                        parser.pos,
                    )
                parser.parse_punctuation("=")
                if key == "pad":
                    window[key] = parser.parse_comma_separated_list(
                        parser.Delimiter.SQUARE, lambda: _parse_pair(parser)
                    )
                elif key == "reverse":
                    window[key] = parser.parse_comma_separated_list(
                        parser.Delimiter.SQUARE, lambda: _parse_flag(parser)
                    )
                else:
                    window[key] = parser.parse_comma_separated_list(
                        parser.Delimiter.SQUARE, parser.parse_integer
                    )
                if not parser.parse_optional_punctuation(","):
                    parser.parse_punctuation("}")
                    break
        attributes = dict(parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        types_pos = parser.pos
        function_type = parser.parse_function_type()
        if len(function_type.inputs) != 2 or len(function_type.outputs) != 1:
            parser.raise_error("expected (lhs type, rhs type) -> result type", types_pos)
        lhs, rhs = parser.resolve_operands(operands, list(function_type.inputs), pos)

        def count(name: str) -> int:
            attr = attributes.pop(name, None)
            if attr is None:
                return 1
            if not isinstance(attr, IntegerAttr):
                parser.raise_error(f"{name} must be an integer, found {attr}", pos)
            return attr.value.data

        groups, batch_groups = count("feature_group_count"), count("batch_group_count")
        op = cls(
            lhs,
            rhs,
            dn,
            window.get("stride"),  # type: ignore[arg-type]
            window.get("pad"),  # type: ignore[arg-type]
            window.get("lhs_dilate"),  # type: ignore[arg-type]
            window.get("rhs_dilate"),  # type: ignore[arg-type]
            [bool(r) for r in window["reverse"]] if "reverse" in window else None,
            groups,
            batch_groups,
            function_type.outputs.data[0],
        )
        op.attributes.update(attributes)
        return op

    @classmethod
    def _infer(
        cls, lhs_type: Attribute, rhs_type: Attribute, props: dict[str, Attribute]
    ) -> TensorType:
        lhs, rhs = expect_tensor(lhs_type, "lhs"), expect_tensor(rhs_type, "rhs")
        dn = expect(props["dimension_numbers"], ConvDimensionNumbersAttr, "dimension_numbers")
        n = dn.num_spatial()
        if lhs.get_num_dims() != n + 2 or rhs.get_num_dims() != n + 2:
            raise VerifyException(
                f"lhs and rhs must have rank {n + 2} (dimension numbers), found {lhs} and {rhs}"
            )
        if lhs.element_type != rhs.element_type:
            raise VerifyException(f"lhs and rhs element types differ: {lhs} and {rhs}")
        fg = expect(props["feature_group_count"], IntegerAttr, "feature_group_count")
        bg = expect(props["batch_group_count"], IntegerAttr, "batch_group_count")
        groups, batch_groups = fg.value.data, bg.value.data
        if groups < 1 or batch_groups < 1:
            raise VerifyException("feature_group_count and batch_group_count must be positive")
        ls, rs = _shape(lhs), _shape(rhs)
        pos = ConvDimensionNumbersAttr.position
        in_features = ls[pos(dn.input(), FEATURE)]
        k_in, k_out = rs[pos(dn.kernel(), BATCH)], rs[pos(dn.kernel(), FEATURE)]
        if DYNAMIC_INDEX not in (in_features, k_in) and in_features != k_in * groups:
            raise VerifyException(
                f"lhs feature dim (size {in_features}) must be rhs input feature dim (size "
                f"{k_in}) times feature_group_count ({groups})"
            )
        if k_out != DYNAMIC_INDEX and (k_out % groups or k_out % batch_groups):
            raise VerifyException(
                f"rhs output feature dim (size {k_out}) must be divisible by the group counts"
            )
        batch = ls[pos(dn.input(), BATCH)]
        if batch != DYNAMIC_INDEX:
            if batch % batch_groups:
                raise VerifyException(
                    f"lhs batch dim (size {batch}) is not divisible by batch_group_count"
                )
            batch //= batch_groups
        w = cls._window(props)
        strides, pads, lhs_dil, rhs_dil = w.strides, w.padding, w.lhs_dilation, w.rhs_dilation
        for what, values in (("window_strides", strides), ("lhs_dilation", lhs_dil),
                             ("rhs_dilation", rhs_dil)):  # fmt: skip
            if any(v < 1 for v in values):
                raise VerifyException(f"{what} must be positive, found {values}")
        out = [0] * (n + 2)
        out[pos(dn.output(), BATCH)] = batch
        out[pos(dn.output(), FEATURE)] = k_out
        for i in range(n):
            out[pos(dn.output(), i)] = window_output_size(
                ls[pos(dn.input(), i)],
                rs[pos(dn.kernel(), i)],
                strides[i],
                pads[i],
                lhs_dil[i],
                rhs_dil[i],
            )
        return TensorType(lhs.element_type, out)

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.lhs.type, self.rhs.type, dict(self.properties))]


@irdl_op_definition
class ReduceWindowOp(HloOp):
    """Reduces each window of `inputs` with `body` (as hlo.reduce), padding with the init value.
    `%y = "hlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 2, 2, 1>,
    window_strides = array<i64: 1, 2, 2, 1>}> ({ ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>  hlo.return %m : tensor<f32> })
    : (tensor<1x4x4x1xf32>, tensor<f32>) -> tensor<1x2x2x1xf32>`"""

    name = "hlo.reduce_window"
    inputs = var_operand_def(TensorType)
    init_values = var_operand_def(TensorType)
    results_ = var_result_def(TensorType)
    window_dimensions = prop_def(DenseArrayBase.constr(i64))
    window_strides = opt_prop_def(DenseArrayBase.constr(i64))
    base_dilations = opt_prop_def(DenseArrayBase.constr(i64))
    window_dilations = opt_prop_def(DenseArrayBase.constr(i64))
    padding = opt_prop_def(DenseIntOrFPElementsAttr)
    body = region_def("single_block")
    irdl_options = (SameVariadicOperandSize(),)  # as StableHLO: inputs and inits pair up
    traits = traits_def(RecursiveMemoryEffect(), ReturnsToHlo())

    def __init__(
        self,
        input: SSAValue | Operation,
        init: SSAValue | Operation,
        window_dimensions: Sequence[int],
        body_op_class: type[ElementwiseBinaryOp] | Callable[[SSAValue, SSAValue], list[Operation]],
        window_strides: Sequence[int] | None = None,
        padding: Sequence[tuple[int, int]] | None = None,
    ):
        """A one-input reduce_window whose body is `body_op_class(acc, elem)`, or the ops a
        function of (acc, elem) returns (on rank-0 tensors; the last one's result is returned)."""
        input, init = SSAValue.get(input), SSAValue.get(init)
        scalar = TensorType(expect_tensor(init, "init value").element_type, [])
        block = Block(arg_types=[scalar, scalar])
        if isinstance(body_op_class, type):
            ops: list[Operation] = [body_op_class(block.args[0], block.args[1])]
        else:
            ops = body_op_class(block.args[0], block.args[1])
        block.add_ops([*ops, ReturnOp([ops[-1].results[0]])])
        props: dict[str, Attribute] = {"window_dimensions": _i64_array(window_dimensions)}
        if window_strides is not None:
            props["window_strides"] = _i64_array(window_strides)
        if padding is not None:
            props["padding"] = padding_attr(padding)
        result = self._infer([input.type], [init.type], props)
        super().__init__(
            operands=[[input], [init]],
            properties=props,
            result_types=[result],
            regions=[Region(block)],
        )

    @staticmethod
    def _window(
        props: dict[str, Attribute],
    ) -> tuple[list[int], list[int], list[tuple[int, int]], list[int], list[int]]:
        dims_attr = expect(props["window_dimensions"], DenseArrayBase, "window_dimensions")
        dims = list(_ints(dims_attr))
        n = len(dims)

        def array(name: str) -> list[int]:
            attr = props.get(name)
            attr = None if attr is None else expect(attr, DenseArrayBase, name)
            return _array_or(attr, n, 1, name)

        pad = props.get("padding")
        pad = None if pad is None else expect(pad, DenseIntOrFPElementsAttr, "padding")
        return (
            dims,
            array("window_strides"),
            padding_pairs(pad, n),
            array("base_dilations"),
            array("window_dilations"),
        )

    def window(self) -> tuple[list[int], list[int], list[tuple[int, int]], list[int], list[int]]:
        """(dims, strides, padding, base dilations, window dilations), defaults filled in."""
        return self._window(dict(self.properties))

    @classmethod
    def _infer(
        cls,
        input_types: Sequence[Attribute],
        init_types: Sequence[Attribute],
        props: dict[str, Attribute],
    ) -> list[Attribute]:
        if len(input_types) != len(init_types) or not input_types:
            raise VerifyException("expected one init value per input, and at least one input")
        shape = _shape(expect_tensor(input_types[0], "input 0"))
        dims, strides, pads, base, win = cls._window(props)
        if len(dims) != len(shape):
            raise VerifyException(
                f"window_dimensions has {len(dims)} entries, but the input has rank {len(shape)}"
            )
        for what, values in (("window_dimensions", dims), ("window_strides", strides),
                             ("base_dilations", base), ("window_dilations", win)):  # fmt: skip
            if any(v < 1 for v in values):
                raise VerifyException(f"{what} must be positive, found {values}")
        out = [
            window_output_size(shape[d], dims[d], strides[d], pads[d], base[d], win[d])
            for d in range(len(shape))
        ]
        types: list[Attribute] = []
        for i, (x, init) in enumerate(zip(input_types, init_types, strict=True)):
            xt, it = expect_tensor(x, f"input {i}"), expect_tensor(init, f"init value {i}")
            if _shape(xt) != shape:
                raise VerifyException(f"input {i} has shape {_shape(xt)}, input 0 has {shape}")
            if it.get_num_dims() != 0 or it.element_type != xt.element_type:
                raise VerifyException(
                    f"init value {i} must be a rank-0 tensor of {xt.element_type}, found {it}"
                )
            types.append(TensorType(xt.element_type, out))
        return types

    def infer_result_types(self) -> Sequence[Attribute]:
        return self._infer(
            [v.type for v in self.inputs], [v.type for v in self.init_values], dict(self.properties)
        )

    def verify_(self) -> None:
        super().verify_()
        n = len(self.inputs)
        block = self.body.block
        if len(block.args) != 2 * n:
            raise VerifyException(f"body must take {2 * n} arguments, found {len(block.args)}")
        last = block.last_op
        if not isinstance(last, ReturnOp) or len(last.arguments) != n:
            raise VerifyException(f"body must end with hlo.return of {n} values")


OPS: list[type[Operation]] = [ConvolutionOp, ReduceWindowOp]
ATTRIBUTES: list[type[Attribute]] = [ConvDimensionNumbersAttr]
