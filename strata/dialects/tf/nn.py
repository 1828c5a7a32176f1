"""The nn family of `tf` ops: batch matmul, einsum, convolutions, pools, fused batch norm.

Window attributes keep TensorFlow's names and layouts (`strides`, `ksize`, `dilations` with one
entry per NHWC dim; `explicit_paddings` as (before, after) pairs per dim). The windowed ops take
NHWC only: the GraphDef importer turns NCHW ones into NHWC between transposes
(`frontends/graphdef/layout.py`). FusedBatchNormV3 takes both (its channel axis is 3 or 1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    BoolAttr,
    DenseArrayBase,
    Float32Type,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    TensorType,
    f32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from strata.dialects.element_kinds import is_numeric
from strata.dialects.tensor_types import broadcast_shapes, format_shape, is_float
from strata.dialects.tf.core import TfOp, constant_value
from strata.dialects.tf.shape import constant_ints
from strata.dialects.verify_helpers import expect_tensor
from strata.internal import expect


def _i64s(values: Sequence[int]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i64, [int(v) for v in values])


def _ints(attr: DenseArrayBase[IntegerType]) -> list[int]:
    return [int(v) for v in attr.get_values()]


def _same_elements(a: TensorType, b: TensorType, what: str) -> None:
    if a.element_type != b.element_type:
        raise VerifyException(f"{what} element types differ: {a} and {b}")


# ---------------------------------------------------------------------------------------------
# Contractions


class BatchMatMulBase(TfOp):
    """What the BatchMatMul ops share: operands, adj_x/adj_y, BatchMatMulV2's shapes."""

    x = operand_def(TensorType)
    y = operand_def(TensorType)
    output = result_def(TensorType)
    adj_x = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    adj_y = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    def __init__(self, x: SSAValue, y: SSAValue, adj_x: bool = False, adj_y: bool = False):
        result = self._infer(x.type, y.type, adj_x, adj_y)
        props = {"adj_x": BoolAttr.from_bool(adj_x), "adj_y": BoolAttr.from_bool(adj_y)}
        super().__init__(operands=[x, y], properties=props, result_types=[result])

    @staticmethod
    def _infer(xt: Attribute, yt: Attribute, adj_x: bool, adj_y: bool) -> TensorType:
        x, y = expect_tensor(xt, "x"), expect_tensor(yt, "y")
        if x.get_num_dims() < 2 or y.get_num_dims() < 2:
            raise VerifyException(f"operands must have rank >= 2, found {x} and {y}")
        _same_elements(x, y, "operand")
        xs, ys = list(x.get_shape()), list(y.get_shape())
        m, k = (xs[-1], xs[-2]) if adj_x else (xs[-2], xs[-1])
        k2, n = (ys[-1], ys[-2]) if adj_y else (ys[-2], ys[-1])
        if DYNAMIC_INDEX not in (k, k2) and k != k2:
            raise VerifyException(f"contracting dims differ: x has {k}, y has {k2}")
        batch = broadcast_shapes(xs[:-2], ys[:-2])
        if batch is None:
            raise VerifyException(
                f"batch dims {format_shape(xs[:-2])} and {format_shape(ys[:-2])} do not broadcast"
            )
        return TensorType(x.element_type, [*batch, m, n])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [
            self._infer(
                self.x.type, self.y.type, bool(self.adj_x.value.data), bool(self.adj_y.value.data)
            )
        ]


@irdl_op_definition
class BatchMatMulV2Op(BatchMatMulBase):
    """Matrix products over the last two dims; leading (batch) dims broadcast numpy-style;
    `adj_x`/`adj_y` transpose the last two dims of x/y first (real types: no conjugation).
    `%z = "tf.BatchMatMulV2"(%x, %y) <{adj_x = false, adj_y = false}>`"""

    name = "tf.BatchMatMulV2"


@irdl_op_definition
class BatchMatMulOp(BatchMatMulBase):
    """TensorFlow 1's BatchMatMul: BatchMatMulV2 (whose broadcasting of the batch dims includes
    V1's equal batch dims).
    `%z = "tf.BatchMatMul"(%x, %y) <{adj_x = false, adj_y = false}>`"""

    name = "tf.BatchMatMul"


@irdl_op_definition
class BatchMatMulV3Op(BatchMatMulBase):
    """BatchMatMulV2 whose operands may have other element types than the result's (Ta, Tb,
    Tout: int8 x int8 -> int32): each operand is converted to the result's type first.
    `%z = "tf.BatchMatMulV3"(%x, %y) <{adj_x = false, adj_y = false}>
    : (tensor<2x3x4xi8>, tensor<4x5xi8>) -> tensor<2x3x5xi32>`"""

    name = "tf.BatchMatMulV3"

    def __init__(
        self,
        x: SSAValue,
        y: SSAValue,
        adj_x: bool = False,
        adj_y: bool = False,
        tout: Attribute | None = None,
    ):
        element = tout if tout is not None else expect_tensor(x, "x").element_type
        result = self._infer_v3(x.type, y.type, adj_x, adj_y, element)
        props = {"adj_x": BoolAttr.from_bool(adj_x), "adj_y": BoolAttr.from_bool(adj_y)}
        TfOp.__init__(self, operands=[x, y], properties=props, result_types=[result])

    @staticmethod
    def _infer_v3(
        xt: Attribute, yt: Attribute, adj_x: bool, adj_y: bool, tout: Attribute
    ) -> TensorType:
        x, y = expect_tensor(xt, "x"), expect_tensor(yt, "y")
        for what, t in (("x", x), ("y", y), ("Tout", TensorType(tout, []))):
            if not is_numeric(t.element_type):
                raise VerifyException(f"{what} must have integer or float elements, found {t}")
        x_out, y_out = (TensorType(tout, t.get_shape()) for t in (x, y))
        return BatchMatMulBase._infer(x_out, y_out, adj_x, adj_y)

    def infer_result_types(self) -> Sequence[Attribute]:
        tout = expect_tensor(self.output, "output").element_type
        adj_x, adj_y = bool(self.adj_x.value.data), bool(self.adj_y.value.data)
        return [self._infer_v3(self.x.type, self.y.type, adj_x, adj_y, tout)]


ELLIPSIS = "."
"""How a parsed einsum term marks where the ellipsis dims go."""


def parse_einsum(equation: str, ranks: Sequence[int]) -> tuple[list[str], str]:
    """Splits `equation` into one label string per operand and the output labels, with each
    ellipsis expanded into fresh upper-case labels (right-aligned, numpy broadcasting) and an
    implicit output (no `->`) made explicit as numpy does: ellipsis, then the labels used once,
    sorted. Raises VerifyException on a malformed equation."""
    eq = equation.replace(" ", "")
    if "->" in eq:
        lhs, out = eq.split("->", 1)
        explicit = True
    else:
        lhs, out, explicit = eq, "", False
    terms = lhs.split(",")
    if len(terms) != len(ranks):
        raise VerifyException(
            f"equation '{equation}' has {len(terms)} operand terms, but the op has "
            f"{len(ranks)} operands"
        )
    for term in [*terms, out]:
        body = term.replace("...", "")
        if not all(c.isascii() and c.isalpha() for c in body):
            raise VerifyException(f"equation '{equation}' has an invalid term '{term}'")
    ellipsis_rank = 0
    for term, rank in zip(terms, ranks, strict=True):
        named = len(term.replace("...", ""))
        if "..." in term:
            ellipsis_rank = max(ellipsis_rank, rank - named)
        elif named != rank:
            raise VerifyException(
                f"term '{term}' of equation '{equation}' names {named} dims, but its operand "
                f"has rank {rank}"
            )
    # Fresh labels for the ellipsis dims, outside [a-zA-Z] so they never clash with the user's.
    fresh = [chr(0x100 + i) for i in range(ellipsis_rank)]

    def expand(term: str, rank: int | None) -> str:
        if "..." not in term:
            return term
        named = len(term.replace("...", ""))
        count = ellipsis_rank if rank is None else rank - named
        if count < 0:
            raise VerifyException(f"term '{term}' names more dims than its operand has")
        return term.replace("...", "".join(fresh[ellipsis_rank - count :]))

    expanded = [expand(t, r) for t, r in zip(terms, ranks, strict=True)]
    if explicit:
        output = expand(out, None)
    else:
        counts: dict[str, int] = {}
        for t in expanded:
            for c in t:
                counts[c] = counts.get(c, 0) + 1
        output = "".join(fresh) + "".join(
            sorted(c for c, n in counts.items() if n == 1 and c not in fresh)
        )
    every = set("".join(expanded))
    for c in output:
        if c not in every:
            raise VerifyException(f"output label '{c}' of equation '{equation}' is on no input")
        if output.count(c) > 1:
            raise VerifyException(f"output label '{c}' of equation '{equation}' is repeated")
    # A label repeated in an input term takes that operand's diagonal ('ii->i', 'bii->b').
    return expanded, output


def einsum_label_sizes(terms: Sequence[str], shapes: Sequence[Sequence[int]]) -> dict[str, int]:
    """Each label's size; a size-1 dim broadcasts against a larger one (ellipsis dims only in
    TensorFlow, but harmless elsewhere)."""
    sizes: dict[str, int] = {}
    for term, shape in zip(terms, shapes, strict=True):
        for c, s in zip(term, shape, strict=True):
            have = sizes.get(c)
            if have is None or have == 1 or have == DYNAMIC_INDEX:
                sizes[c] = s
            elif s not in (have, 1, DYNAMIC_INDEX):
                raise VerifyException(f"label '{c}' has sizes {have} and {s}")
    return sizes


@irdl_op_definition
class EinsumOp(TfOp):
    """Tensor contraction written as an einsum equation (one or two operands).
    `%c = "tf.Einsum"(%a, %b) <{equation = "abc,cde->abde"}>`"""

    name = "tf.Einsum"
    inputs = var_operand_def(TensorType)
    output = result_def(TensorType)
    equation = prop_def(StringAttr)
    traits = traits_def(Pure())

    def __init__(self, inputs: Sequence[SSAValue], equation: str):
        result = self._infer([v.type for v in inputs], equation)
        super().__init__(
            operands=[list(inputs)],
            properties={"equation": StringAttr(equation)},
            result_types=[result],
        )

    def parsed(self) -> tuple[list[str], str]:
        ranks = [expect_tensor(v, "operand").get_num_dims() for v in self.inputs]
        return parse_einsum(self.equation.data, ranks)

    @staticmethod
    def _infer(types: Sequence[Attribute], equation: str) -> TensorType:
        if len(types) not in (1, 2):
            raise VerifyException(f"expected 1 or 2 operands, found {len(types)}")
        tensors = [expect_tensor(t, f"operand {i}") for i, t in enumerate(types)]
        for t in tensors[1:]:
            _same_elements(tensors[0], t, "operand")
        terms, out = parse_einsum(equation, [t.get_num_dims() for t in tensors])
        sizes = einsum_label_sizes(terms, [t.get_shape() for t in tensors])
        return TensorType(tensors[0].element_type, [sizes[c] for c in out])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer([v.type for v in self.inputs], self.equation.data)]


# ---------------------------------------------------------------------------------------------
# Windows (convolutions and pools)


def spatial_padding(
    padding: str,
    sizes: Sequence[int],
    windows: Sequence[int],
    strides: Sequence[int],
    dilations: Sequence[int],
    explicit: Sequence[tuple[int, int]],
) -> tuple[list[int], list[tuple[int, int]]]:
    """TensorFlow's output sizes and (before, after) padding of each spatial dim
    (SAME: out = ceil(in / stride), the extra padding element goes after)."""
    outs: list[int] = []
    pads: list[tuple[int, int]] = []
    for i, size in enumerate(sizes):
        eff = (windows[i] - 1) * dilations[i] + 1
        s = strides[i]
        if size == DYNAMIC_INDEX:
            outs.append(DYNAMIC_INDEX)
            pads.append((0, 0))
            continue
        if padding == "VALID":
            out = (size - eff + s) // s if size >= eff else 0
            pad = (0, 0)
        elif padding == "SAME":
            out = (size + s - 1) // s
            total = max((out - 1) * s + eff - size, 0)
            pad = (total // 2, total - total // 2)
        else:
            pad = explicit[i]
            padded = size + pad[0] + pad[1]
            out = (padded - eff) // s + 1 if padded >= eff else 0
        outs.append(out)
        pads.append(pad)
    return outs, pads


class WindowOp(TfOp):
    """Shared attributes of the channels-last windowed ops (NHWC, NDHWC for the 3-D ones):
    strides, padding, explicit_paddings, data_format (dilations on the convolutions)."""

    strides = prop_def(DenseArrayBase.constr(i64))
    padding = prop_def(StringAttr)
    explicit_paddings = prop_def(DenseArrayBase.constr(i64), default_value=_i64s([]))
    data_format = prop_def(StringAttr, default_value=StringAttr("NHWC"))

    PADDINGS: ClassVar[tuple[str, ...]] = ("SAME", "VALID", "EXPLICIT")
    SPATIAL: ClassVar[int] = 2
    """How many spatial dims the window slides over (between the batch and depth dims)."""
    LAYOUT: ClassVar[str] = "NHWC"

    def check_window(self) -> None:
        rank = self.SPATIAL + 2
        fmt = self.data_format.data
        if fmt != self.LAYOUT:
            converted = (
                "; the GraphDef importer turns NCHW Conv2D, DepthwiseConv2dNative, MaxPool and "
                "AvgPool of the main graph into NHWC ones between transposes, not those in "
                "functions"
                if self.SPATIAL == 2
                else ""
            )
            raise VerifyException(
                f"data_format '{fmt}' is not supported (only {self.LAYOUT}{converted})"
            )
        if self.padding.data not in self.PADDINGS:
            raise VerifyException(
                f"padding must be one of {', '.join(self.PADDINGS)}, found '{self.padding.data}'"
            )
        strides = _ints(self.strides)
        if len(strides) != rank:
            raise VerifyException(f"strides must have {rank} entries, found {strides}")
        if strides[0] != 1 or strides[-1] != 1:
            raise VerifyException(f"strides in the batch and depth dims must be 1, found {strides}")
        if any(s < 1 for s in strides):
            raise VerifyException(f"strides must be positive, found {strides}")
        explicit = _ints(self.explicit_paddings)
        if self.padding.data == "EXPLICIT":
            if len(explicit) != 2 * rank or any(p < 0 for p in explicit):
                raise VerifyException(
                    f"explicit_paddings must have {2 * rank} non-negative entries, found {explicit}"
                )
            if explicit[:2] != [0, 0] or explicit[-2:] != [0, 0]:
                raise VerifyException("explicit_paddings in the batch and depth dims must be 0")
        elif explicit:
            raise VerifyException("explicit_paddings is only allowed with padding EXPLICIT")

    def explicit_pairs(self) -> list[tuple[int, int]]:
        """(before, after) padding of the spatial dims when padding is EXPLICIT."""
        values = _ints(self.explicit_paddings)
        if not values:
            return [(0, 0)] * self.SPATIAL
        return [(values[2 * d], values[2 * d + 1]) for d in range(1, self.SPATIAL + 1)]

    def spatial(
        self, sizes: Sequence[int], windows: Sequence[int], dilations: Sequence[int]
    ) -> tuple[list[int], list[tuple[int, int]]]:
        strides = self.spatial_strides()
        return spatial_padding(
            self.padding.data, sizes, windows, strides, dilations, self.explicit_pairs()
        )

    def spatial_strides(self) -> list[int]:
        return _ints(self.strides)[1 : self.SPATIAL + 1]


def _window_props(
    strides: Sequence[int], padding: str, explicit_paddings: Sequence[int], data_format: str
) -> dict[str, Attribute]:
    return {
        "strides": _i64s(strides),
        "padding": StringAttr(padding),
        "explicit_paddings": _i64s(explicit_paddings),
        "data_format": StringAttr(data_format),
    }


class ConvOp(WindowOp):
    """Shared structure of Conv2D, Conv3D and DepthwiseConv2dNative."""

    input = operand_def(TensorType)
    filter = operand_def(TensorType)
    output = result_def(TensorType)
    dilations = prop_def(DenseArrayBase.constr(i64), default_value=_i64s([1, 1, 1, 1]))
    traits = traits_def(Pure())

    def __init__(
        self,
        input: SSAValue,
        filter: SSAValue,
        strides: Sequence[int],
        padding: str,
        explicit_paddings: Sequence[int] = (),
        dilations: Sequence[int] = (1, 1, 1, 1),
        data_format: str = "NHWC",
    ):
        props = _window_props(strides, padding, explicit_paddings, data_format)
        props["dilations"] = _i64s(dilations)
        super().__init__(operands=[input, filter], properties=props, result_types=[input.type])
        inferred = expect(self.infer_result_types(), list, "inferred result types")
        self.results[0]._type = inferred[0]  # pyright: ignore

    def spatial_dilations(self) -> list[int]:
        return _ints(self.dilations)[1 : self.SPATIAL + 1]

    def check_conv(self) -> tuple[TensorType, TensorType]:
        rank = self.SPATIAL + 2
        x, f = expect_tensor(self.input, "input"), expect_tensor(self.filter, "filter")
        if x.get_num_dims() != rank or f.get_num_dims() != rank:
            raise VerifyException(f"input and filter must be {rank}-D, found {x} and {f}")
        _same_elements(x, f, "input and filter")
        self.check_window()
        dil = _ints(self.dilations)
        if len(dil) != rank or dil[0] != 1 or dil[-1] != 1 or any(d < 1 for d in dil):
            raise VerifyException(
                f"dilations must have {rank} positive entries with 1 in the batch and depth "
                f"dims, found {dil}"
            )
        return x, f


@irdl_op_definition
class Conv2DOp(ConvOp):
    """2-D convolution, NHWC input and HWIO filter (input depth = filter in-depth x groups;
    NCHW nodes are imported as NHWC between transposes).
    `%y = "tf.Conv2D"(%x, %f) <{strides = array<i64: 1, 1, 1, 1>, padding = "SAME"}>`"""

    name = "tf.Conv2D"

    def infer_result_types(self) -> Sequence[Attribute]:
        x, f = self.check_conv()
        n, h, w, c = x.get_shape()
        kh, kw, ci, co = f.get_shape()
        if DYNAMIC_INDEX not in (c, ci) and (ci < 1 or c % ci):
            raise VerifyException(
                f"input depth {c} must be a multiple of the filter's input depth {ci}"
            )
        if DYNAMIC_INDEX not in (c, ci, co) and co % (c // ci):
            raise VerifyException(
                f"filter output depth {co} must be a multiple of the group count {c // ci}"
            )
        (oh, ow), _ = self.spatial([h, w], [kh, kw], self.spatial_dilations())
        return [TensorType(x.element_type, [n, oh, ow, co])]


@irdl_op_definition
class DepthwiseConv2dNativeOp(ConvOp):
    """Depthwise 2-D convolution: filter [h, w, in_depth, multiplier]; output depth
    in_depth x multiplier (channel c, multiplier m at c * multiplier + m).
    `%y = "tf.DepthwiseConv2dNative"(%x, %f) <{strides = array<i64: 1, 1, 1, 1>, padding = "SAME"}>`
    """

    name = "tf.DepthwiseConv2dNative"

    def infer_result_types(self) -> Sequence[Attribute]:
        x, f = self.check_conv()
        n, h, w, c = x.get_shape()
        kh, kw, ci, m = f.get_shape()
        if DYNAMIC_INDEX not in (c, ci) and c != ci:
            raise VerifyException(f"input depth {c} does not match the filter's in_depth {ci}")
        (oh, ow), _ = self.spatial([h, w], [kh, kw], self.spatial_dilations())
        depth = DYNAMIC_INDEX if DYNAMIC_INDEX in (c, m) else c * m
        return [TensorType(x.element_type, [n, oh, ow, depth])]


@irdl_op_definition
class Conv3DOp(ConvOp):
    """3-D convolution, NDHWC input and DHWIO filter (input depth = filter in-depth x groups).
    `%y = "tf.Conv3D"(%x, %f) <{strides = array<i64: 1, 1, 1, 1, 1>, padding = "SAME",
    data_format = "NDHWC"}>`"""

    name = "tf.Conv3D"
    dilations = prop_def(DenseArrayBase.constr(i64), default_value=_i64s([1, 1, 1, 1, 1]))
    PADDINGS: ClassVar[tuple[str, ...]] = ("SAME", "VALID")
    SPATIAL: ClassVar[int] = 3
    LAYOUT: ClassVar[str] = "NDHWC"

    def __init__(
        self,
        input: SSAValue,
        filter: SSAValue,
        strides: Sequence[int],
        padding: str,
        dilations: Sequence[int] = (1, 1, 1, 1, 1),
        data_format: str = "NDHWC",
    ):
        super().__init__(
            input, filter, strides, padding, dilations=dilations, data_format=data_format
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        x, f = self.check_conv()
        shape, f_shape = list(x.get_shape()), list(f.get_shape())
        c, (ci, co) = shape[-1], f_shape[-2:]
        if DYNAMIC_INDEX not in (c, ci) and (ci < 1 or c % ci):
            raise VerifyException(
                f"input depth {c} must be a multiple of the filter's input depth {ci}"
            )
        outs, _ = self.spatial(shape[1:4], f_shape[:3], self.spatial_dilations())
        return [TensorType(x.element_type, [shape[0], *outs, co])]


class ConvBackpropInputOp(WindowOp):
    """Shared structure of Conv2DBackpropInput and Conv3DBackpropInputV2: the gradient of a
    convolution with respect to its input (a transposed convolution). The `input_sizes` operand
    (a constant: every dim, or the spatial ones) is the result's shape."""

    input_sizes = operand_def(TensorType)
    filter = operand_def(TensorType)
    out_backprop = operand_def(TensorType)
    output = result_def(TensorType)
    dilations = prop_def(DenseArrayBase.constr(i64), default_value=_i64s([1, 1, 1, 1]))
    traits = traits_def(Pure())

    def __init__(
        self,
        input_sizes: SSAValue,
        filter: SSAValue,
        out_backprop: SSAValue,
        strides: Sequence[int],
        padding: str,
        explicit_paddings: Sequence[int] = (),
        dilations: Sequence[int] | None = None,
        data_format: str | None = None,
    ):
        rank = self.SPATIAL + 2
        props = _window_props(strides, padding, explicit_paddings, data_format or self.LAYOUT)
        props["dilations"] = _i64s(dilations or [1] * rank)
        # Until input_sizes is a constant (tf.nn.conv1d_transpose concatenates it) the result's
        # shape is unknown: not out_backprop's, whose spatial dims and depth differ.
        dy = expect_tensor(out_backprop, "out_backprop")
        unknown = TensorType(dy.element_type, [DYNAMIC_INDEX] * rank)
        super().__init__(
            operands=[input_sizes, filter, out_backprop],
            properties=props,
            result_types=[unknown],
        )
        self.results[0]._type = self.infer_result_types()[0]  # pyright: ignore

    def spatial_dilations(self) -> list[int]:
        return _ints(self.dilations)[1 : self.SPATIAL + 1]

    def input_shape(self) -> list[int] | None:
        """The forward input's shape, from the constant `input_sizes`; None if not constant."""
        sizes = constant_value(self.input_sizes)
        if sizes is None:
            return None
        values = [int(v) for v in sizes.reshape(-1)]
        dy, f = (
            expect_tensor(self.out_backprop, "out_backprop"),
            expect_tensor(self.filter, "filter"),
        )
        rank = self.SPATIAL + 2
        if len(values) == self.SPATIAL:
            return [dy.get_shape()[0], *values, f.get_shape()[self.SPATIAL]]
        if len(values) != rank:
            raise VerifyException(
                f"input_sizes must have {rank} (or {self.SPATIAL}) entries, found {values}"
            )
        return values

    def infer_result_types(self) -> Sequence[Attribute]:
        rank = self.SPATIAL + 2
        dy, f = (
            expect_tensor(self.out_backprop, "out_backprop"),
            expect_tensor(self.filter, "filter"),
        )
        if dy.get_num_dims() != rank or f.get_num_dims() != rank:
            raise VerifyException(f"filter and out_backprop must be {rank}-D, found {f} and {dy}")
        _same_elements(f, dy, "filter and out_backprop")
        self.check_window()
        shape = self.input_shape()
        if shape is None:
            # Not a constant (yet): the declared result type is all we know.
            return [expect_tensor(self.output, "result")]
        *windows, ci, co = f.get_shape()
        if shape[-1] != ci:
            raise VerifyException(f"input_sizes depth {shape[-1]} does not match the filter's {ci}")
        outs, _ = self.spatial(shape[1:-1], windows, self.spatial_dilations())
        want = [shape[0], *outs, co]
        have = list(dy.get_shape())
        if any(DYNAMIC_INDEX not in (a, b) and a != b for a, b in zip(have, want, strict=True)):
            raise VerifyException(
                f"out_backprop has shape {format_shape(have)}, but input_sizes {shape} and the "
                f"window imply {format_shape(want)}"
            )
        return [TensorType(dy.element_type, shape)]


@irdl_op_definition
class Conv2DBackpropInputOp(ConvBackpropInputOp):
    """The gradient of Conv2D with respect to its input (a transposed convolution, NHWC, HWIO
    filter): the `input_sizes` operand (a constant, 4 or 2 spatial entries) is the result's
    shape. `%dx = "tf.Conv2DBackpropInput"(%sizes, %f, %dy) <{strides = array<i64: 1, 2, 2, 1>,
    padding = "SAME"}>`"""

    name = "tf.Conv2DBackpropInput"


@irdl_op_definition
class Conv3DBackpropInputV2Op(ConvBackpropInputOp):
    """Conv2DBackpropInput over NDHWC's three spatial dims (DHWIO filter; Keras Conv3DTranspose):
    `input_sizes` has 5 (or 3 spatial) entries.
    `%dx = "tf.Conv3DBackpropInputV2"(%sizes, %f, %dy) <{strides = array<i64: 1, 2, 2, 2, 1>,
    padding = "SAME", data_format = "NDHWC"}>`"""

    name = "tf.Conv3DBackpropInputV2"
    dilations = prop_def(DenseArrayBase.constr(i64), default_value=_i64s([1, 1, 1, 1, 1]))
    PADDINGS: ClassVar[tuple[str, ...]] = ("SAME", "VALID")
    SPATIAL: ClassVar[int] = 3
    LAYOUT: ClassVar[str] = "NDHWC"


class PoolOp(WindowOp):
    """Shared structure of MaxPool and AvgPool (and their 3-D forms): `ksize` and `strides` per
    dim of the channels-last layout."""

    output = result_def(TensorType)
    ksize = prop_def(DenseArrayBase.constr(i64))
    traits = traits_def(Pure())
    FLOAT_ONLY: ClassVar[bool] = False

    def operand(self) -> SSAValue:
        return self.operands[0]

    def __init__(
        self,
        value: SSAValue,
        ksize: Sequence[int],
        strides: Sequence[int],
        padding: str,
        explicit_paddings: Sequence[int] = (),
        data_format: str = "NHWC",
    ):
        props = _window_props(strides, padding, explicit_paddings, data_format)
        props["ksize"] = _i64s(ksize)
        super().__init__(operands=[value], properties=props, result_types=[value.type])
        self.results[0]._type = self.infer_result_types()[0]  # pyright: ignore

    def window_sizes(self) -> list[int]:
        return _ints(self.ksize)[1 : self.SPATIAL + 1]

    def infer_result_types(self) -> Sequence[Attribute]:
        rank = self.SPATIAL + 2
        x = expect_tensor(self.operand(), "input")
        if x.get_num_dims() != rank:
            raise VerifyException(f"input must be {rank}-D, found {x}")
        if self.FLOAT_ONLY and not is_float(x.element_type):
            raise VerifyException(f"input must have float elements, found {x}")
        self.check_window()
        ksize = _ints(self.ksize)
        if len(ksize) != rank or ksize[0] != 1 or ksize[-1] != 1 or any(k < 1 for k in ksize):
            raise VerifyException(
                f"ksize must have {rank} positive entries with 1 in the batch and depth dims, "
                f"found {ksize}"
            )
        shape = list(x.get_shape())
        outs, _ = self.spatial(shape[1:-1], ksize[1:-1], [1] * self.SPATIAL)
        return [TensorType(x.element_type, [shape[0], *outs, shape[-1]])]


@irdl_op_definition
class MaxPoolOp(PoolOp):
    """Max over each window (padding never wins).
    `%y = "tf.MaxPool"(%x) <{ksize = array<i64: 1, 2, 2, 1>, strides = array<i64: 1, 2, 2, 1>,
    padding = "VALID"}>`"""

    name = "tf.MaxPool"
    input = operand_def(TensorType)
    PADDINGS: ClassVar[tuple[str, ...]] = ("SAME", "VALID", "EXPLICIT")


@irdl_op_definition
class MaxPoolWithArgmaxOp(PoolOp):
    """MaxPool's maxima and where each came from: the flattened NHWC index
    (y * width + x) * channels + c, plus b * height * width * channels with
    `include_batch_in_index` (tf.nn.max_pool_with_argmax); the first maximum in window order on
    ties. `%y, %i = "tf.MaxPoolWithArgmax"(%x) <{ksize = ..., strides = ..., padding = "SAME"}>
    : (tensor<1x4x4x2xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>)`"""

    name = "tf.MaxPoolWithArgmax"
    input = operand_def(TensorType)
    output = result_def(TensorType)  # again, so that it comes first (own fields lead in IRDL)
    argmax = result_def(TensorType)
    include_batch_in_index = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    PADDINGS: ClassVar[tuple[str, ...]] = ("SAME", "VALID")
    FLOAT_ONLY: ClassVar[bool] = True

    def __init__(
        self,
        value: SSAValue,
        ksize: Sequence[int],
        strides: Sequence[int],
        padding: str,
        index_type: Attribute,
        include_batch_in_index: bool = False,
    ):
        props = _window_props(strides, padding, [], "NHWC")
        props["ksize"] = _i64s(ksize)
        props["include_batch_in_index"] = BoolAttr.from_bool(include_batch_in_index)
        TfOp.__init__(
            self,
            operands=[value],
            properties=props,
            result_types=[value.type, TensorType(index_type, [1])],
        )
        pooled = super().infer_result_types()[0]
        self.results[0]._type = pooled  # pyright: ignore
        self.results[1]._type = TensorType(index_type, expect_tensor(pooled, "pooled").get_shape())  # pyright: ignore

    def infer_result_types(self) -> Sequence[Attribute]:
        pooled = expect_tensor(super().infer_result_types()[0], "pooled")
        index = expect_tensor(self.argmax, "argmax").element_type
        if not isinstance(index, IntegerType) or index.width.data not in (32, 64):
            raise VerifyException(f"argmax must be int32 or int64, found {index}")
        return [pooled, TensorType(index, pooled.get_shape())]


@irdl_op_definition
class AvgPoolOp(PoolOp):
    """Mean over each window; with SAME padding, over the window's elements inside the input.
    `%y = "tf.AvgPool"(%x) <{ksize = array<i64: 1, 2, 2, 1>, strides = array<i64: 1, 2, 2, 1>,
    padding = "VALID"}>`"""

    name = "tf.AvgPool"
    value = operand_def(TensorType)
    PADDINGS: ClassVar[tuple[str, ...]] = ("SAME", "VALID")
    FLOAT_ONLY: ClassVar[bool] = True


@irdl_op_definition
class ExtractImagePatchesOp(WindowOp):
    """Every `ksizes` window of an NHWC image, flattened into the depth dim.

    Taps are `rates` apart, windows `strides` apart, SAME or VALID as a pool's; the depth order
    is (row, column, channel): [N, H, W, C] -> [N, out_h, out_w, kh kw C]; SAME's padding reads
    as zeros.
    `%y = "tf.ExtractImagePatches"(%x) <{ksizes = array<i64: 1, 2, 2, 1>, strides = array<i64: 1,
    2, 2, 1>, rates = array<i64: 1, 1, 1, 1>, padding = "VALID"}>`"""

    name = "tf.ExtractImagePatches"
    images = operand_def(TensorType)
    patches = result_def(TensorType)
    ksizes = prop_def(DenseArrayBase.constr(i64))
    rates = prop_def(DenseArrayBase.constr(i64))
    traits = traits_def(Pure())
    PADDINGS: ClassVar[tuple[str, ...]] = ("SAME", "VALID")

    def __init__(
        self,
        images: SSAValue,
        ksizes: Sequence[int],
        strides: Sequence[int],
        rates: Sequence[int],
        padding: str,
    ):
        props = _window_props(strides, padding, (), "NHWC")
        props["ksizes"] = _i64s(ksizes)
        props["rates"] = _i64s(rates)
        super().__init__(operands=[images], properties=props, result_types=[images.type])
        self.results[0]._type = self.infer_result_types()[0]  # pyright: ignore

    def window_sizes(self) -> list[int]:
        return _ints(self.ksizes)[1:3]

    def window_rates(self) -> list[int]:
        return _ints(self.rates)[1:3]

    def infer_result_types(self) -> Sequence[Attribute]:
        x = expect_tensor(self.images, "images")
        if x.get_num_dims() != 4:
            raise VerifyException(f"images must be 4-D NHWC, found {x}")
        self.check_window()
        for what, values in (("ksizes", _ints(self.ksizes)), ("rates", _ints(self.rates))):
            if len(values) != 4 or values[0] != 1 or values[-1] != 1 or min(values) < 1:
                raise VerifyException(
                    f"{what} must have 4 positive entries with 1 in the batch and depth dims, "
                    f"found {values}"
                )
        n, h, w, c = x.get_shape()
        outs, _ = self.spatial([h, w], self.window_sizes(), self.window_rates())
        kh, kw = self.window_sizes()
        depth = DYNAMIC_INDEX if c == DYNAMIC_INDEX else kh * kw * c
        return [TensorType(x.element_type, [n, *outs, depth])]


@irdl_op_definition
class MaxPool3DOp(PoolOp):
    """MaxPool over NDHWC's three spatial dims.
    `%y = "tf.MaxPool3D"(%x) <{ksize = array<i64: 1, 2, 2, 2, 1>, strides = array<i64: 1, 2, 2,
    2, 1>, padding = "VALID", data_format = "NDHWC"}>`"""

    name = "tf.MaxPool3D"
    input = operand_def(TensorType)
    PADDINGS: ClassVar[tuple[str, ...]] = ("SAME", "VALID")
    SPATIAL: ClassVar[int] = 3
    LAYOUT: ClassVar[str] = "NDHWC"


@irdl_op_definition
class AvgPool3DOp(PoolOp):
    """AvgPool over NDHWC's three spatial dims (SAME: the mean of the window's elements inside
    the input). `%y = "tf.AvgPool3D"(%x) <{ksize = ..., strides = ..., padding = "SAME",
    data_format = "NDHWC"}>`"""

    name = "tf.AvgPool3D"
    input = operand_def(TensorType)
    PADDINGS: ClassVar[tuple[str, ...]] = ("SAME", "VALID")
    FLOAT_ONLY: ClassVar[bool] = True
    SPATIAL: ClassVar[int] = 3
    LAYOUT: ClassVar[str] = "NDHWC"


class FusedBatchNormBase(TfOp):
    """Batch normalization with given statistics (inference: is_training = false only):
    y = (x - mean) * rsqrt(variance + epsilon) * scale + offset over the channel dim; the
    statistics results pass mean and variance through. The three versions differ in their
    results (V3 adds reserve_space_3) and V1 in taking statistics of x's type."""

    x = operand_def(TensorType)
    scale = operand_def(TensorType)
    offset = operand_def(TensorType)
    mean = operand_def(TensorType)
    variance = operand_def(TensorType)
    epsilon = prop_def(FloatAttr, default_value=FloatAttr(0.0001, f32))
    exponential_avg_factor = prop_def(FloatAttr, default_value=FloatAttr(1.0, f32))
    data_format = prop_def(StringAttr, default_value=StringAttr("NHWC"))
    is_training = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    def __init__(
        self,
        operands: Sequence[SSAValue],
        epsilon: float = 0.0001,
        exponential_avg_factor: float = 1.0,
        data_format: str = "NHWC",
        is_training: bool = False,
    ):
        props = {
            "epsilon": FloatAttr(epsilon, f32),
            "exponential_avg_factor": FloatAttr(exponential_avg_factor, f32),
            "data_format": StringAttr(data_format),
            "is_training": BoolAttr.from_bool(is_training),
        }
        types = self._infer([v.type for v in operands], data_format, is_training)
        count = len(type(self).get_irdl_definition().results)
        super().__init__(operands=list(operands), properties=props, result_types=types[:count])

    @staticmethod
    def _infer(types: Sequence[Attribute], data_format: str, is_training: bool) -> list[Attribute]:
        if is_training:
            raise VerifyException(
                "is_training = true is not supported (inference only: batch statistics are "
                "not computed)"
            )
        if data_format not in ("NHWC", "NCHW"):
            raise VerifyException(
                f"data_format '{data_format}' is not supported (only NHWC and NCHW)"
            )
        x = expect_tensor(types[0], "x")
        if x.get_num_dims() != 4 or not is_float(x.element_type):
            raise VerifyException(f"x must be a 4-D float tensor, found {x}")
        channels = x.get_shape()[FusedBatchNormBase.CHANNEL_AXIS[data_format]]
        stats: list[TensorType] = []
        for name, t in zip(("scale", "offset", "mean", "variance"), types[1:], strict=True):
            v = expect_tensor(t, name)
            if v.get_num_dims() != 1:
                raise VerifyException(f"{name} must be 1-D, found {v}")
            if DYNAMIC_INDEX not in (channels, v.get_shape()[0]) and v.get_shape()[0] != channels:
                raise VerifyException(
                    f"{name} has {v.get_shape()[0]} elements, but x has {channels} channels"
                )
            stats.append(v)
        mean, variance = stats[2], stats[3]
        return [x, mean, variance, mean, variance, TensorType(stats[0].element_type, [0])]

    CHANNEL_AXIS: ClassVar[dict[str, int]] = {"NHWC": 3, "NCHW": 1}

    def channel_axis(self) -> int:
        return self.CHANNEL_AXIS[self.data_format.data]

    def infer_result_types(self) -> Sequence[Attribute]:
        return self._infer(
            [v.type for v in self.operands],
            self.data_format.data,
            bool(self.is_training.value.data),
        )[: len(self.results)]


@irdl_op_definition
class FusedBatchNormV3Op(FusedBatchNormBase):
    """Batch normalization with given statistics (inference): results y, batch_mean,
    batch_variance, reserve_space_1/2/3 (see FusedBatchNormBase).
    `%y, ... = "tf.FusedBatchNormV3"(%x, %s, %o, %m, %v) <{epsilon = ...}>`"""

    name = "tf.FusedBatchNormV3"
    y = result_def(TensorType)
    batch_mean = result_def(TensorType)
    batch_variance = result_def(TensorType)
    reserve_space_1 = result_def(TensorType)
    reserve_space_2 = result_def(TensorType)
    reserve_space_3 = result_def(TensorType)


@irdl_op_definition
class FusedBatchNormV2Op(FusedBatchNormBase):
    """FusedBatchNormV3 without reserve_space_3 (TF 1.x Keras and tf.layers models)."""

    name = "tf.FusedBatchNormV2"
    y = result_def(TensorType)
    batch_mean = result_def(TensorType)
    batch_variance = result_def(TensorType)
    reserve_space_1 = result_def(TensorType)
    reserve_space_2 = result_def(TensorType)


@irdl_op_definition
class FusedBatchNormOp(FusedBatchNormBase):
    """FusedBatchNormV2 whose statistics have x's type (the first version: TF 1.x slim models)."""

    name = "tf.FusedBatchNorm"
    y = result_def(TensorType)
    batch_mean = result_def(TensorType)
    batch_variance = result_def(TensorType)
    reserve_space_1 = result_def(TensorType)
    reserve_space_2 = result_def(TensorType)


class ResizeOp(TfOp):
    """Shared structure of ResizeBilinear, ResizeBicubic and ResizeNearestNeighbor: NHWC
    `images` resized to the constant [height, width] `size`, with TensorFlow's
    source-coordinate options."""

    images = operand_def(TensorType)
    size = operand_def(TensorType)
    resized_images = result_def(TensorType)
    align_corners = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    half_pixel_centers = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    FLOAT_RESULT: ClassVar[bool] = True
    """Bilinear: float32 whatever the input; nearest: the input's type."""

    def __init__(
        self, images: SSAValue, size: SSAValue, align_corners: bool, half_pixel_centers: bool
    ):
        super().__init__(
            operands=[images, size],
            properties={
                "align_corners": BoolAttr.from_bool(align_corners),
                "half_pixel_centers": BoolAttr.from_bool(half_pixel_centers),
            },
            result_types=[self._infer(images, size, align_corners, half_pixel_centers)],
        )

    def out_size(self) -> tuple[int, int] | None:
        """The constant [height, width], or None while it is not constant."""
        values = constant_ints(self.size)
        return None if values is None else (values[0], values[1])

    def corners(self) -> bool:
        return self.align_corners.value.data != 0

    def half_pixel(self) -> bool:
        return self.half_pixel_centers.value.data != 0

    @classmethod
    def _infer(
        cls, images: SSAValue, size: SSAValue, align_corners: bool, half_pixel_centers: bool
    ) -> TensorType:
        t = expect_tensor(images, "images")
        if t.get_num_dims() != 4:
            raise VerifyException(f"images must be a 4-D NHWC tensor, found {t}")
        st = expect_tensor(size, "size")
        if st.get_shape() != (2,) or not isinstance(st.element_type, IntegerType):
            raise VerifyException(f"size must be a 2-element integer tensor, found {st}")
        if align_corners and half_pixel_centers:
            raise VerifyException("align_corners and half_pixel_centers cannot both be true")
        element = f32 if cls.FLOAT_RESULT else t.element_type
        batch, _, _, channels = t.get_shape()
        values = constant_ints(size)
        if values is None:
            return TensorType(element, [batch, DYNAMIC_INDEX, DYNAMIC_INDEX, channels])
        height, width = values
        if height <= 0 or width <= 0:
            raise VerifyException(f"size must be positive, found [{height}, {width}]")
        return TensorType(element, [batch, height, width, channels])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.images, self.size, self.corners(), self.half_pixel())]


@irdl_op_definition
class ResizeBilinearOp(ResizeOp):
    """Resizes NHWC `images` to the constant [height, width] `size` by bilinear interpolation.
    The result is float32. Source coordinates: (out + 0.5) * in/out - 0.5 with
    `half_pixel_centers` (TF2's tf.image.resize), out * (in - 1)/(out - 1) with
    `align_corners`, else out * in/out.
    `%y = "tf.ResizeBilinear"(%x, %s) <{align_corners = false, half_pixel_centers = true}> :
    (tensor<1x4x4x3xf32>, tensor<2xi32>) -> tensor<1x8x6x3xf32>`"""

    name = "tf.ResizeBilinear"


@irdl_op_definition
class ResizeBicubicOp(ResizeOp):
    """Resizes NHWC `images` to the constant [height, width] `size` by bicubic interpolation
    (float32 result): 4 x 4 source pixels around each source coordinate (as for
    tf.ResizeBilinearOp), cubic convolution weights read from TensorFlow's 1024-step table
    (Keys' a = -0.5 with `half_pixel_centers`, which also drops the pixels outside the image
    and renormalises; a = -0.75 and the edge pixels repeated otherwise).
    `%y = "tf.ResizeBicubic"(%x, %s) <{align_corners = false, half_pixel_centers = true}> :
    (tensor<1x4x4x3xf32>, tensor<2xi32>) -> tensor<1x8x6x3xf32>`"""

    name = "tf.ResizeBicubic"


@irdl_op_definition
class ResizeAreaOp(ResizeOp):
    """Resizes NHWC `images` to the constant [height, width] `size` by area averaging (float32
    result): each output pixel is the mean of the input area it covers, partly covered pixels
    weighted by the part (source cells [out * s, (out + 1) * s) with s = in/out, or (in - 1) /
    (out - 1) with `align_corners`; half_pixel_centers is always false).
    `%y = "tf.ResizeArea"(%x, %s) <{align_corners = false, half_pixel_centers = false}> :
    (tensor<1x8x8x3xf32>, tensor<2xi32>) -> tensor<1x3x3x3xf32>`"""

    name = "tf.ResizeArea"


@irdl_op_definition
class ResizeNearestNeighborOp(ResizeOp):
    """Resizes NHWC `images` to the constant [height, width] `size`, each pixel the nearest.
    Source index: floor((out + 0.5) * in/out) with `half_pixel_centers`, round(out * (in - 1) /
    (out - 1)) with `align_corners`, else floor(out * in/out); at most in - 1."""

    name = "tf.ResizeNearestNeighbor"
    FLOAT_RESULT: ClassVar[bool] = False


@irdl_op_definition
class CropAndResizeOp(TfOp):
    """Crops boxes out of NHWC `image` and resizes each to the constant `crop_size`.
    Box b ([y1, x1, y2, x2], normalised: 0 and 1 are the first and last pixel) is taken from
    image `box_ind[b]`; output row i samples source row y1 (H - 1) + i (y2 - y1) (H - 1) /
    (h - 1) (the box's centre for h = 1), columns alike, bilinearly or at the nearest pixel
    (`method`); a sample outside the image is `extrapolation_value`. The result is float32
    [boxes, h, w, channels].
    `%y = "tf.CropAndResize"(%image, %boxes, %box_ind, %size) <{method = "bilinear",
    extrapolation_value = 0.0 : f32}> : (tensor<1x8x8x3xf32>, tensor<2x4xf32>, tensor<2xi32>,
    tensor<2xi32>) -> tensor<2x5x5x3xf32>`"""

    name = "tf.CropAndResize"
    image = operand_def(TensorType)
    boxes = operand_def(TensorType)
    box_ind = operand_def(TensorType)
    crop_size = operand_def(TensorType)
    crops = result_def(TensorType)
    method = prop_def(StringAttr, default_value=StringAttr("bilinear"))
    extrapolation_value = prop_def(FloatAttr, default_value=FloatAttr(0.0, f32))
    traits = traits_def(Pure())

    METHODS: ClassVar[tuple[str, ...]] = ("bilinear", "nearest")

    def __init__(
        self,
        image: SSAValue,
        boxes: SSAValue,
        box_ind: SSAValue,
        crop_size: SSAValue,
        method: str = "bilinear",
        extrapolation_value: float = 0.0,
    ):
        super().__init__(
            operands=[image, boxes, box_ind, crop_size],
            properties={
                "method": StringAttr(method),
                "extrapolation_value": FloatAttr(extrapolation_value, f32),
            },
            result_types=[self._infer(image, boxes, box_ind, crop_size, method)],
        )

    def size(self) -> tuple[int, int] | None:
        """The constant [height, width] of a crop, or None while it is not constant."""
        values = constant_ints(self.crop_size)
        return None if values is None else (values[0], values[1])

    @classmethod
    def _infer(
        cls, image: SSAValue, boxes: SSAValue, box_ind: SSAValue, size: SSAValue, method: str
    ) -> TensorType:
        t = expect_tensor(image, "image")
        if t.get_num_dims() != 4 or not is_numeric(t.element_type):
            raise VerifyException(f"image must be a 4-D numeric NHWC tensor, found {t}")
        bt = expect_tensor(boxes, "boxes")
        if bt.get_num_dims() != 2 or bt.get_shape()[1] not in (4, DYNAMIC_INDEX):
            raise VerifyException(f"boxes must be [num_boxes, 4], found {bt}")
        if not is_float(bt.element_type):
            raise VerifyException(f"boxes must be float, found {bt}")
        it = expect_tensor(box_ind, "box_ind")
        if it.get_num_dims() != 1 or not isinstance(it.element_type, IntegerType):
            raise VerifyException(f"box_ind must be a 1-D integer tensor, found {it}")
        boxes_n, index_n = bt.get_shape()[0], it.get_shape()[0]
        if DYNAMIC_INDEX not in (boxes_n, index_n) and boxes_n != index_n:
            raise VerifyException(f"{boxes_n} boxes but {index_n} box indices")
        st = expect_tensor(size, "crop_size")
        if st.get_shape() != (2,) or not isinstance(st.element_type, IntegerType):
            raise VerifyException(f"crop_size must be a 2-element integer tensor, found {st}")
        if method not in cls.METHODS:
            raise VerifyException(f"method must be bilinear or nearest, found '{method}'")
        values = constant_ints(size)
        if values is None:
            return TensorType(f32, [boxes_n, DYNAMIC_INDEX, DYNAMIC_INDEX, t.get_shape()[3]])
        height, width = values
        if height <= 0 or width <= 0:
            raise VerifyException(f"crop_size must be positive, found [{height}, {width}]")
        return TensorType(f32, [boxes_n, height, width, t.get_shape()[3]])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.image, self.boxes, self.box_ind, self.crop_size, self.method.data)]


class CrossEntropyOp(TfOp):
    """Shared structure of SoftmaxCrossEntropyWithLogits and its Sparse form: per row of
    `features` ([batch, classes] logits), the cross entropy of softmax(features) against
    `labels`, and its gradient softmax(features) - labels."""

    features = operand_def(TensorType)
    labels = operand_def(TensorType)
    loss = result_def(TensorType)
    backprop = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, features: SSAValue, labels: SSAValue):
        super().__init__(operands=[features, labels], result_types=self._infer(features, labels))

    @classmethod
    def _check_labels(cls, features: TensorType, labels: TensorType) -> list[int]:
        """The [batch, classes] shape of the results: probabilities `labels` broadcast with
        `features` (the Sparse form overrides it)."""
        if labels.get_num_dims() != 2 or labels.element_type != features.element_type:
            raise VerifyException(
                f"labels must be a 2-D tensor of {features.element_type}, found {labels}"
            )
        shape = broadcast_shapes(features.get_shape(), labels.get_shape())
        if shape is None:
            raise VerifyException(f"labels {labels} do not broadcast with features {features}")
        return list(shape)

    @classmethod
    def _infer(cls, features: SSAValue, labels: SSAValue) -> list[Attribute]:
        ft = expect_tensor(features, "features")
        if ft.get_num_dims() != 2 or not is_float(ft.element_type):
            raise VerifyException(f"features must be a 2-D float tensor, found {ft}")
        shape = cls._check_labels(ft, expect_tensor(labels, "labels"))
        return [TensorType(ft.element_type, shape[:1]), TensorType(ft.element_type, shape)]

    def infer_result_types(self) -> Sequence[Attribute]:
        return self._infer(self.features, self.labels)


@irdl_op_definition
class SoftmaxCrossEntropyWithLogitsOp(CrossEntropyOp):
    """Cross entropy of softmax(features) against the probabilities `labels` per row (both
    [batch, classes], broadcast like numpy): loss = sum(labels * (log(sum(exp(s))) - s)) with
    s = features - max(features), and backprop = softmax(features) - labels.
    `%loss, %backprop = "tf.SoftmaxCrossEntropyWithLogits"(%f, %l) : (tensor<4x5xf32>,
    tensor<4x5xf32>) -> (tensor<4xf32>, tensor<4x5xf32>)`"""

    name = "tf.SoftmaxCrossEntropyWithLogits"


@irdl_op_definition
class SparseSoftmaxCrossEntropyWithLogitsOp(CrossEntropyOp):
    """SoftmaxCrossEntropyWithLogits against one class per row: `labels` [batch] are class
    indices in [0, classes) (one outside is a run-time error, as on TensorFlow's CPU): loss =
    log(sum(exp(s))) - s[label], backprop = softmax(features) - one_hot(label).
    `%loss, %backprop = "tf.SparseSoftmaxCrossEntropyWithLogits"(%f, %l) : (tensor<4x5xf32>,
    tensor<4xi32>) -> (tensor<4xf32>, tensor<4x5xf32>)`"""

    name = "tf.SparseSoftmaxCrossEntropyWithLogits"

    @classmethod
    def _check_labels(cls, features: TensorType, labels: TensorType) -> list[int]:
        batch = features.get_shape()[0]
        if labels.get_num_dims() != 1 or not isinstance(labels.element_type, IntegerType):
            raise VerifyException(f"labels must be a 1-D integer tensor, found {labels}")
        if DYNAMIC_INDEX not in (batch, labels.get_shape()[0]) and labels.get_shape()[0] != batch:
            raise VerifyException(f"{labels.get_shape()[0]} labels for {batch} rows of features")
        return list(features.get_shape())


@irdl_op_definition
class L2LossOp(TfOp):
    """sum(t * t / 2) over every element of `t` (a float scalar): tf.nn.l2_loss.
    `%y = "tf.L2Loss"(%t) : (tensor<4x5xf32>) -> tensor<f32>`"""

    name = "tf.L2Loss"
    t = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, t: SSAValue):
        super().__init__(operands=[t], result_types=[self._infer(t)])

    @staticmethod
    def _infer(t: SSAValue) -> TensorType:
        tt = expect_tensor(t, "t")
        if not is_float(tt.element_type):
            raise VerifyException(f"t must be a float tensor, found {tt}")
        return TensorType(tt.element_type, [])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(self.t)]


@irdl_op_definition
class LRNOp(TfOp):
    """Local response normalization over the channels of an NHWC tensor:
    y = x / (bias + alpha * sum(x[..., c - r : c + r + 1]^2)) ^ beta (r = depth_radius; the
    window stops at the channel range's ends).
    `%y = "tf.LRN"(%x) <{depth_radius = 2 : i64, bias = 1.0 : f32, alpha = 1.0e-04 : f32,
    beta = 7.5e-01 : f32}> : (tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>`"""

    name = "tf.LRN"
    input = operand_def(TensorType)
    output = result_def(TensorType)
    depth_radius = prop_def(IntegerAttr, default_value=IntegerAttr(5, i64))
    bias = prop_def(FloatAttr, default_value=FloatAttr(1.0, f32))
    alpha = prop_def(FloatAttr, default_value=FloatAttr(1.0, f32))
    beta = prop_def(FloatAttr, default_value=FloatAttr(0.5, f32))
    traits = traits_def(Pure())

    def __init__(
        self,
        input: SSAValue,
        depth_radius: int = 5,
        bias: float = 1.0,
        alpha: float = 1.0,
        beta: float = 0.5,
    ):
        super().__init__(
            operands=[input],
            result_types=[input.type],
            properties={
                "depth_radius": IntegerAttr(depth_radius, i64),
                "bias": FloatAttr(bias, f32),
                "alpha": FloatAttr(alpha, f32),
                "beta": FloatAttr(beta, f32),
            },
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.input, "input")
        if t.get_num_dims() != 4 or not is_float(t.element_type):
            raise VerifyException(f"input must be a 4-d float tensor (NHWC), found {t}")
        if self.depth_radius.value.data < 0:
            raise VerifyException(
                f"depth_radius must be non-negative, found {self.depth_radius.value.data}"
            )
        return [t]


SAMPLING_KERNELS = (
    "lanczos1", "lanczos3", "lanczos5", "gaussian", "box", "triangle", "keyscubic",
    "mitchellcubic",
)  # fmt: skip
"""ScaleAndTranslate's kernel_type values (TensorFlow's sampling kernels)."""


@irdl_op_definition
class ScaleAndTranslateOp(TfOp):
    """NHWC `images` resampled to the constant [height, width] `size`: output pixel x samples
    the input at (x + 0.5 - translation) / scale with a `kernel_type` filter (widened by
    1 / scale when `antialias` and shrinking), its weights normalised to sum to 1; a sample
    outside the input gives 0. tf.image.resize's op for antialias = true and its lanczos3,
    lanczos5, gaussian and mitchellcubic methods. Result float32.
    `%y = "tf.ScaleAndTranslate"(%x, %size, %scale, %translation) <{kernel_type = "lanczos3"}>`"""

    name = "tf.ScaleAndTranslate"
    images = operand_def(TensorType)
    size = operand_def(TensorType)
    scale = operand_def(TensorType)
    translation = operand_def(TensorType)
    resized_images = result_def(TensorType)
    kernel_type = prop_def(StringAttr, default_value=StringAttr("lanczos3"))
    antialias = prop_def(BoolAttr, default_value=BoolAttr.from_bool(True))
    traits = traits_def(Pure())

    def __init__(
        self,
        images: SSAValue,
        size: SSAValue,
        scale: SSAValue,
        translation: SSAValue,
        kernel_type: str = "lanczos3",
        antialias: bool = True,
    ):
        super().__init__(
            operands=[images, size, scale, translation],
            properties={
                "kernel_type": StringAttr(kernel_type),
                "antialias": BoolAttr.from_bool(antialias),
            },
            result_types=[images.type],
        )
        self.results[0]._type = self.infer_result_types()[0]  # pyright: ignore

    def out_size(self) -> tuple[int, int] | None:
        values = constant_ints(self.size)
        return None if values is None else (values[0], values[1])

    def transform(self) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The constant (scale, translation), each [along H, along W], or None."""
        scale, translation = constant_value(self.scale), constant_value(self.translation)
        if scale is None or translation is None:
            return None
        return (
            (float(scale[0]), float(scale[1])),
            (float(translation[0]), float(translation[1])),
        )

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.images, "images")
        if t.get_num_dims() != 4:
            raise VerifyException(f"images must be a 4-D NHWC tensor, found {t}")
        if self.kernel_type.data not in SAMPLING_KERNELS:
            raise VerifyException(
                f"kernel_type must be one of {', '.join(SAMPLING_KERNELS)}, found "
                f"'{self.kernel_type.data}'"
            )
        for name, value, element in (
            ("size", self.size, IntegerType),
            ("scale", self.scale, Float32Type),
            ("translation", self.translation, Float32Type),
        ):
            vt = expect_tensor(value, name)
            if vt.get_shape() != (2,) or not isinstance(vt.element_type, element):
                raise VerifyException(f"{name} must be a 2-element tensor, found {vt}")
        transform = self.transform()
        if transform is not None and 0 in transform[0]:
            raise VerifyException(f"scale must be nonzero, found {list(transform[0])}")
        batch, _, _, channels = t.get_shape()
        size = self.out_size()
        if size is None:
            return [TensorType(f32, [batch, DYNAMIC_INDEX, DYNAMIC_INDEX, channels])]
        if size[0] <= 0 or size[1] <= 0:
            raise VerifyException(f"size must be positive, found {list(size)}")
        return [TensorType(f32, [batch, size[0], size[1], channels])]


@irdl_op_definition
class Dilation2DOp(TfOp):
    """Greyscale morphological dilation of NHWC `input` by a [h, w, depth] `filter`:
    out[b, y, x, c] = max over the window of input[b, y s_y + dy r_y - pad, x s_x + dx r_x - pad,
    c] + filter[dy, dx, c], positions off the image left out (tf.nn.dilation2d; erosion2d is its
    negation). `%y = "tf.Dilation2D"(%x, %f) <{strides = array<i64: 1, 1, 1, 1>, rates =
    array<i64: 1, 1, 1, 1>, padding = "SAME"}>`"""

    name = "tf.Dilation2D"
    input = operand_def(TensorType)
    filter = operand_def(TensorType)
    output = result_def(TensorType)
    strides = prop_def(DenseArrayBase.constr(i64))
    rates = prop_def(DenseArrayBase.constr(i64))
    padding = prop_def(StringAttr)
    traits = traits_def(Pure())

    def __init__(
        self,
        input: SSAValue,
        filter: SSAValue,
        strides: Sequence[int],
        rates: Sequence[int],
        padding: str,
    ):
        props = {"strides": _i64s(strides), "rates": _i64s(rates), "padding": StringAttr(padding)}
        super().__init__(operands=[input, filter], properties=props, result_types=[input.type])
        self.results[0]._type = self.infer_result_types()[0]  # pyright: ignore

    def window(self) -> tuple[list[int], list[int], list[int], list[tuple[int, int]]]:
        """(strides, rates, output sizes, (before, after) paddings) of the two spatial dims."""
        x, f = expect_tensor(self.input, "input"), expect_tensor(self.filter, "filter")
        strides, rates = _ints(self.strides)[1:3], _ints(self.rates)[1:3]
        outs, pads = spatial_padding(
            self.padding.data, x.get_shape()[1:3], f.get_shape()[:2], strides, rates, []
        )
        return strides, rates, outs, pads

    def infer_result_types(self) -> Sequence[Attribute]:
        x, f = expect_tensor(self.input, "input"), expect_tensor(self.filter, "filter")
        if x.get_num_dims() != 4 or f.get_num_dims() != 3 or not is_float(x.element_type):
            raise VerifyException(
                f"input must be a 4-D float NHWC tensor and filter 3-D, found {x} and {f}"
            )
        _same_elements(x, f, "input and filter")
        if DYNAMIC_INDEX not in (x.get_shape()[3], f.get_shape()[2]) and (
            x.get_shape()[3] != f.get_shape()[2]
        ):
            raise VerifyException(f"filter depth {f.get_shape()[2]} must be the input's {x}")
        for name, values in (("strides", _ints(self.strides)), ("rates", _ints(self.rates))):
            if len(values) != 4 or values[0] != 1 or values[3] != 1 or min(values) < 1:
                raise VerifyException(
                    f"{name} must have 4 positive entries with 1 in the batch and depth dims, "
                    f"found {values}"
                )
        if self.padding.data not in ("SAME", "VALID"):
            raise VerifyException(f"padding must be SAME or VALID, found '{self.padding.data}'")
        _, _, outs, _ = self.window()
        n, _, _, c = x.get_shape()
        return [TensorType(x.element_type, [n, *outs, c])]


class ColorOp(TfOp):
    """Shared structure of RGBToHSV and HSVToRGB: float `images` whose last dim holds 3
    channels, converted pixel by pixel."""

    images = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, images: SSAValue):
        super().__init__(operands=[images], result_types=[images.type])

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.images, "images")
        if not is_float(t.element_type) or not t.get_num_dims() or t.get_shape()[-1] != 3:
            raise VerifyException(f"images must be float with a last dim of 3, found {t}")
        return [t]


@irdl_op_definition
class RGBToHSVOp(ColorOp):
    """RGB to HSV, each in [0, 1] (tf.image.rgb_to_hsv): v = max, s = (max - min) / max (0
    for black), h the sextant by the largest channel, 0 for greys.
    `%y = "tf.RGBToHSV"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>`"""

    name = "tf.RGBToHSV"


@irdl_op_definition
class HSVToRGBOp(ColorOp):
    """HSV to RGB (tf.image.hsv_to_rgb): channel c = ((1 - s) + s * clamp(d_c(6 h), 0, 1)) * v
    with TensorFlow's piecewise-linear d_c. `%y = "tf.HSVToRGB"(%x)`"""

    name = "tf.HSVToRGB"


class AdjustColorOp(TfOp):
    """Shared structure of AdjustSaturation and AdjustHue: RGB `images` ([..., 3], float) through
    HSV with one channel moved by the f32 scalar, back to RGB (TensorFlow's fused kernels)."""

    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, images: SSAValue, amount: SSAValue):
        super().__init__(operands=[images, amount], result_types=[images.type])

    def amount(self) -> SSAValue:
        return self.operands[1]

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.operands[0], "images")
        a = expect_tensor(self.amount(), "scale")
        if not is_float(t.element_type) or not t.get_num_dims() or t.get_shape()[-1] != 3:
            raise VerifyException(f"images must be float with a last dim of 3, found {t}")
        if a.get_num_dims() != 0 or a.element_type != f32:
            raise VerifyException(f"the adjustment must be an f32 scalar, found {a}")
        return [t]


@irdl_op_definition
class AdjustSaturationOp(AdjustColorOp):
    """Saturation multiplied by `scale`, clamped to [0, 1] (tf.image.adjust_saturation).
    `%y = "tf.AdjustSaturation"(%x, %scale) : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>`"""

    name = "tf.AdjustSaturation"
    images = operand_def(TensorType)
    scale = operand_def(TensorType)


@irdl_op_definition
class AdjustHueOp(AdjustColorOp):
    """Hue moved by `delta` (a fraction of the circle), wrapped to [0, 1)
    (tf.image.adjust_hue). `%y = "tf.AdjustHue"(%x, %delta)`"""

    name = "tf.AdjustHue"
    images = operand_def(TensorType)
    delta = operand_def(TensorType)


@irdl_op_definition
class AdjustContrastv2Op(TfOp):
    """Each channel of each image moved from its mean by `contrast_factor`: (x - mean) * factor
    + mean, the mean over the image's height and width (tf.image.adjust_contrast).
    `%y = "tf.AdjustContrastv2"(%x, %f) : (tensor<2x4x4x3xf32>, tensor<f32>) -> ...`"""

    name = "tf.AdjustContrastv2"
    images = operand_def(TensorType)
    contrast_factor = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, images: SSAValue, contrast_factor: SSAValue):
        super().__init__(operands=[images, contrast_factor], result_types=[images.type])

    def infer_result_types(self) -> Sequence[Attribute]:
        t = expect_tensor(self.images, "images")
        f = expect_tensor(self.contrast_factor, "contrast_factor")
        if not is_float(t.element_type) or t.get_num_dims() < 3:
            raise VerifyException(f"images must be a float tensor of rank >= 3, found {t}")
        if f.get_num_dims() != 0 or f.element_type != f32:
            raise VerifyException(f"contrast_factor must be an f32 scalar, found {f}")
        return [t]


class NonMaxSuppressionBase(TfOp):
    """What the NonMaxSuppression versions share. Boxes [N, 4] ([y1, x1, y2, x2], any two
    opposite corners), scores [N]; `max_output_size` a constant. The boxes whose score is above
    `score_threshold`, in decreasing score (ties: the lower index first), are selected greedily:
    one is dropped when its IoU with a box selected before it is above `iou_threshold` (a box of
    no area overlaps nothing), until `max_output_size` are selected. TensorFlow's result has one
    row per selected box, a count the data decide; Strata's `selected_indices` has
    min(max_output_size, N) rows (max_output_size with pad_to_max_output_size), the selected
    ones first, then zeros, and the count is the last result (V2 and V3 gain it; V4 and V5 have
    it as `valid_outputs`). Hard suppression only: V5's soft_nms_sigma must be a constant 0."""

    def padded(self) -> bool:
        attr = self.properties.get("pad_to_max_output_size")
        return isinstance(attr, IntegerAttr) and attr.value.data != 0

    def rows(self) -> int:
        """Rows of `selected_indices`: min(max_output_size, N), or max_output_size padded."""
        return expect_tensor(self.results[0], "selected_indices").get_shape()[0]

    def score_threshold_value(self) -> SSAValue | None:
        return self.operands[4] if len(self.operands) > 4 else None

    def infer_result_types(self) -> Sequence[Attribute]:
        boxes = expect_tensor(self.operands[0], "boxes")
        scores = expect_tensor(self.operands[1], "scores")
        shape = boxes.get_shape()
        if len(shape) != 2 or shape[1] != 4 or shape[0] < 0:
            raise VerifyException(f"boxes must be a static [N, 4] tensor, found {boxes}")
        if not is_float(boxes.element_type) or scores.element_type != boxes.element_type:
            raise VerifyException(f"boxes and scores must be floats of one type: {boxes}, {scores}")
        if scores.get_shape() != (shape[0],):
            raise VerifyException(f"scores must be [{shape[0]}], found {scores}")
        for index, what in ((3, "iou_threshold"), (4, "score_threshold"), (5, "soft_nms_sigma")):
            if index < len(self.operands):
                t = expect_tensor(self.operands[index], what)
                if t.get_num_dims() != 0:
                    raise VerifyException(f"{what} must be a scalar, found {t}")
        if len(self.operands) > 5:
            sigma = constant_value(self.operands[5])
            if sigma is None or float(sigma.reshape(-1)[0]) > 0:
                raise VerifyException(
                    "soft_nms_sigma must be a constant 0 (soft non-max suppression is not "
                    "supported)"
                )
        return _nms_types(
            self.operands[0],
            self.operands[1],
            self.operands[2],
            self.padded(),
            len(self.results) == 3,
        )


def _nms_types(
    boxes: SSAValue, scores: SSAValue, limit: SSAValue, pad: bool, with_scores: bool
) -> list[Attribute]:
    """The result types of a NonMaxSuppression (rows as NonMaxSuppressionBase.rows says)."""
    n = expect_tensor(boxes, "boxes").get_shape()[0]
    found = constant_ints(limit)
    if found is None or len(found) != 1:
        raise VerifyException("max_output_size must be a constant scalar")
    rows = max(found[0], 0) if pad else min(max(found[0], 0), n)
    kinds: list[Attribute] = [TensorType(IntegerType(32), [rows])]
    if with_scores:
        kinds.append(TensorType(expect_tensor(scores, "scores").element_type, [rows]))
    return [*kinds, TensorType(IntegerType(32), [])]


@irdl_op_definition
class NonMaxSuppressionV2Op(NonMaxSuppressionBase):
    """Non-max suppression without a score threshold (see NonMaxSuppressionBase).
    `%i, %n = "tf.NonMaxSuppressionV2"(%boxes, %scores, %max, %iou) : (tensor<6x4xf32>,
    tensor<6xf32>, tensor<i32>, tensor<f32>) -> (tensor<3xi32>, tensor<i32>)`"""

    name = "tf.NonMaxSuppressionV2"
    boxes = operand_def(TensorType)
    scores = operand_def(TensorType)
    max_output_size = operand_def(TensorType)
    iou_threshold = operand_def(TensorType)
    selected_indices = result_def(TensorType)
    count = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, boxes: SSAValue, scores: SSAValue, limit: SSAValue, iou: SSAValue):
        super().__init__(
            operands=[boxes, scores, limit, iou],
            result_types=_nms_types(boxes, scores, limit, False, False),
        )


@irdl_op_definition
class NonMaxSuppressionV3Op(NonMaxSuppressionBase):
    """Non-max suppression with a score threshold (see NonMaxSuppressionBase).
    `%i, %n = "tf.NonMaxSuppressionV3"(%boxes, %scores, %max, %iou, %score) : (tensor<6x4xf32>,
    tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<3xi32>, tensor<i32>)`"""

    name = "tf.NonMaxSuppressionV3"
    boxes = operand_def(TensorType)
    scores = operand_def(TensorType)
    max_output_size = operand_def(TensorType)
    iou_threshold = operand_def(TensorType)
    score_threshold = operand_def(TensorType)
    selected_indices = result_def(TensorType)
    count = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(
        self, boxes: SSAValue, scores: SSAValue, limit: SSAValue, iou: SSAValue, score: SSAValue
    ):
        super().__init__(
            operands=[boxes, scores, limit, iou, score],
            result_types=_nms_types(boxes, scores, limit, False, False),
        )


@irdl_op_definition
class NonMaxSuppressionV4Op(NonMaxSuppressionBase):
    """Non-max suppression giving its count, `valid_outputs`, and padding to max_output_size
    on request (see NonMaxSuppressionBase).
    `%i, %n = "tf.NonMaxSuppressionV4"(%boxes, %scores, %max, %iou, %score)
    <{pad_to_max_output_size = true}> : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>,
    tensor<f32>, tensor<f32>) -> (tensor<3xi32>, tensor<i32>)`"""

    name = "tf.NonMaxSuppressionV4"
    boxes = operand_def(TensorType)
    scores = operand_def(TensorType)
    max_output_size = operand_def(TensorType)
    iou_threshold = operand_def(TensorType)
    score_threshold = operand_def(TensorType)
    selected_indices = result_def(TensorType)
    valid_outputs = result_def(TensorType)
    pad_to_max_output_size = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    def __init__(
        self,
        boxes: SSAValue,
        scores: SSAValue,
        limit: SSAValue,
        iou: SSAValue,
        score: SSAValue,
        pad: bool = False,
    ):
        super().__init__(
            operands=[boxes, scores, limit, iou, score],
            properties={"pad_to_max_output_size": BoolAttr.from_bool(pad)},
            result_types=_nms_types(boxes, scores, limit, pad, False),
        )


@irdl_op_definition
class NonMaxSuppressionV5Op(NonMaxSuppressionBase):
    """Non-max suppression also giving the selected boxes' scores (see NonMaxSuppressionBase;
    soft_nms_sigma must be a constant 0).
    `%i, %s, %n = "tf.NonMaxSuppressionV5"(%boxes, %scores, %max, %iou, %score, %sigma)
    : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>)
    -> (tensor<3xi32>, tensor<3xf32>, tensor<i32>)`"""

    name = "tf.NonMaxSuppressionV5"
    boxes = operand_def(TensorType)
    scores = operand_def(TensorType)
    max_output_size = operand_def(TensorType)
    iou_threshold = operand_def(TensorType)
    score_threshold = operand_def(TensorType)
    soft_nms_sigma = operand_def(TensorType)
    selected_indices = result_def(TensorType)
    selected_scores = result_def(TensorType)
    valid_outputs = result_def(TensorType)
    pad_to_max_output_size = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())

    def __init__(
        self,
        boxes: SSAValue,
        scores: SSAValue,
        limit: SSAValue,
        iou: SSAValue,
        score: SSAValue,
        sigma: SSAValue,
        pad: bool = False,
    ):
        super().__init__(
            operands=[boxes, scores, limit, iou, score, sigma],
            properties={"pad_to_max_output_size": BoolAttr.from_bool(pad)},
            result_types=_nms_types(boxes, scores, limit, pad, True),
        )


NON_MAX_SUPPRESSIONS: tuple[type[NonMaxSuppressionBase], ...] = (
    NonMaxSuppressionV2Op,
    NonMaxSuppressionV3Op,
    NonMaxSuppressionV4Op,
    NonMaxSuppressionV5Op,
)


OPS: list[type[Operation]] = [
    *NON_MAX_SUPPRESSIONS,
    MaxPoolWithArgmaxOp,
    Dilation2DOp,
    RGBToHSVOp,
    HSVToRGBOp,
    AdjustContrastv2Op,
    AdjustSaturationOp,
    AdjustHueOp,
    ScaleAndTranslateOp,
    SoftmaxCrossEntropyWithLogitsOp,
    SparseSoftmaxCrossEntropyWithLogitsOp,
    L2LossOp,
    CropAndResizeOp,
    LRNOp,
    ResizeBicubicOp,
    ResizeAreaOp,
    BatchMatMulV2Op,
    BatchMatMulOp,
    BatchMatMulV3Op,
    EinsumOp,
    Conv2DOp,
    DepthwiseConv2dNativeOp,
    Conv2DBackpropInputOp,
    Conv3DBackpropInputV2Op,
    MaxPoolOp,
    AvgPoolOp,
    Conv3DOp,
    MaxPool3DOp,
    ExtractImagePatchesOp,
    AvgPool3DOp,
    FusedBatchNormV3Op,
    FusedBatchNormV2Op,
    FusedBatchNormOp,
    ResizeBilinearOp,
    ResizeNearestNeighborOp,
]
