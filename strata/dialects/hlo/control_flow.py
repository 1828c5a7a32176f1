"""Control flow of the `hlo` dialect: `hlo.while` (with StableHLO's pretty form), `hlo.if` and
`hlo.case`, with StableHLO's semantics, `hlo.optimization_barrier`, and `hlo.custom_call` (a call
out of the program, which Strata reads but runs only for the test targets `check.expect_*`).

The regions hold ordinary hlo ops on whole tensors and end in `hlo.return`; they are lowered op by
op like the function body around them (the `ControlFlowRegions` trait), unlike the scalar bodies
of reduce or scatter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    DictionaryAttr,
    FlatSymbolRefAttrConstr,
    FunctionType,
    IntegerAttr,
    IntegerType,
    StringAttr,
    SymbolRefAttr,
    TensorType,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_region_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import RecursiveMemoryEffect
from xdsl.utils.exceptions import VerifyException

from strata.dialects.hlo.core import ControlFlowRegions, ReturnOp, check_element_types


def _returned(region: Region, what: str) -> list[Attribute]:
    block = region.block
    last = block.last_op
    if not isinstance(last, ReturnOp):
        raise VerifyException(f"the {what} region must end in hlo.return")
    return [v.type for v in last.arguments]


@irdl_op_definition
class WhileOp(IRDLOperation):
    """Runs `body` on the loop values while `cond` of them returns true; the results are the
    values when it returns false. Each region takes the loop values as block arguments.

        %r:2 = hlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<4xf32>
         cond {
          %c = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
          hlo.return %c : tensor<i1>
        } do {
          ...
          hlo.return %i1, %acc1 : tensor<i32>, tensor<4xf32>
        }
    """

    name = "hlo.while"
    operand = var_operand_def(TensorType)
    results_ = var_result_def(TensorType)
    cond = region_def("single_block")
    body = region_def("single_block")
    traits = traits_def(RecursiveMemoryEffect(), ControlFlowRegions())

    def __init__(self, operands: Sequence[SSAValue | Operation], cond: Region, body: Region):
        values = [SSAValue.get(v) for v in operands]
        super().__init__(
            operands=[values], result_types=[[v.type for v in values]], regions=[cond, body]
        )

    @classmethod
    def with_empty_regions(
        cls, operands: Sequence[SSAValue | Operation]
    ) -> tuple[WhileOp, Block, Block]:
        """The op with empty cond and body blocks taking the loop values, to be filled."""
        types = [SSAValue.get(v).type for v in operands]
        cond, body = Block(arg_types=types), Block(arg_types=types)
        return cls(operands, Region(cond), Region(body)), cond, body

    def verify_(self) -> None:
        check_element_types(self, complex_ok=True)
        types = [v.type for v in self.operand]
        if [r.type for r in self.results] != types:
            raise VerifyException("results must have the types of the operands")
        for region, what in ((self.cond, "cond"), (self.body, "body")):
            if [a.type for a in region.block.args] != types:
                raise VerifyException(
                    f"the {what} region's arguments must have the types of the operands"
                )
        returned = _returned(self.cond, "cond")
        if len(returned) != 1 or not (
            isinstance(t := returned[0], TensorType)
            and t.get_num_dims() == 0
            and t.element_type == IntegerType(1)
        ):
            raise VerifyException(
                "the cond region must return one tensor<i1>, found "
                f"({', '.join(str(t) for t in returned)})"
            )
        if _returned(self.body, "body") != types:
            raise VerifyException(
                "the body region must return the loop values' types "
                f"({', '.join(str(t) for t in types)}), found "
                f"({', '.join(str(t) for t in _returned(self.body, 'body'))})"
            )

    def print(self, printer: Printer) -> None:
        printer.print_string("(")
        pairs = list(zip(self.cond.block.args, self.operand, strict=True))
        for k, (arg, value) in enumerate(pairs):
            if k:
                printer.print_string(", ")
            printer.print_ssa_value(arg)
            printer.print_string(" = ")
            printer.print_ssa_value(value)
        printer.print_string(")")
        printer.print_op_attributes(self.attributes)
        if self.operand:
            printer.print_string(" : ")
            printer.print_list([v.type for v in self.operand], printer.print_attribute)
        # Both regions' arguments print under the one set of names (StableHLO's form); the
        # printer keeps no public way to alias a value's name, so its table is set directly.
        for cond_arg, body_arg in zip(self.cond.block.args, self.body.block.args, strict=True):
            printer._ssa_values[body_arg] = printer._ssa_values[cond_arg]  # pyright: ignore[reportPrivateUsage]
        printer.print_string("\n cond ")
        printer.print_region(self.cond, print_entry_block_args=False)
        printer.print_string(" do ")
        printer.print_region(self.body, print_entry_block_args=False)

    @classmethod
    def parse(cls, parser: Parser) -> WhileOp:
        pos = parser.pos

        def assignment() -> tuple[Parser.UnresolvedArgument, object]:
            arg = parser.parse_argument(expect_type=False)
            parser.parse_punctuation("=")
            return arg, parser.parse_unresolved_operand()

        pairs = parser.parse_comma_separated_list(parser.Delimiter.PAREN, assignment)
        attributes = parser.parse_optional_attr_dict()
        types: list[Attribute] = []
        if parser.parse_optional_punctuation(":"):
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) != len(pairs):
            parser.raise_error(f"expected {len(pairs)} types, found {len(types)}", pos)
        values = parser.resolve_operands([p[1] for p in pairs], types, pos)  # type: ignore[misc]
        args = [p[0].resolve(t) for p, t in zip(pairs, types, strict=True)]
        parser.parse_keyword("cond")
        cond = parser.parse_region(args)
        parser.parse_keyword("do")
        body = parser.parse_region(args)
        op = cls(values, cond, body)
        op.attributes.update(attributes)
        return op


def _check_branches(op: IRDLOperation, regions: Sequence[Region]) -> None:
    types = [r.type for r in op.results]
    for k, region in enumerate(regions):
        if region.block.args:
            raise VerifyException(f"branch {k} must take no arguments")
        returned = _returned(region, f"branch {k}")
        if returned != types:
            raise VerifyException(
                f"branch {k} returns ({', '.join(str(t) for t in returned)}), but the op's "
                f"results are ({', '.join(str(t) for t in types)})"
            )


def _is_scalar(t: Attribute, element: Attribute | None = None) -> bool:
    return (
        isinstance(t, TensorType)
        and t.get_num_dims() == 0
        and (
            isinstance(t.element_type, IntegerType)
            if element is None
            else t.element_type == element
        )
    )


@irdl_op_definition
class IfOp(IRDLOperation):
    """The values `true_branch` returns if `pred` (a tensor<i1>) holds, else `false_branch`'s.
    `%r = "hlo.if"(%p) ({ hlo.return %a : tensor<2xf32> }, { hlo.return %b : tensor<2xf32> })
    : (tensor<i1>) -> tensor<2xf32>`"""

    name = "hlo.if"
    pred = operand_def(TensorType)
    results_ = var_result_def(TensorType)
    true_branch = region_def("single_block")
    false_branch = region_def("single_block")
    traits = traits_def(RecursiveMemoryEffect(), ControlFlowRegions())

    def __init__(
        self, pred: SSAValue, result_types: Sequence[Attribute], true: Region, false: Region
    ):
        super().__init__(operands=[pred], result_types=[list(result_types)], regions=[true, false])

    def verify_(self) -> None:
        check_element_types(self, complex_ok=True)
        if not _is_scalar(self.pred.type, IntegerType(1)):
            raise VerifyException(f"pred must be a tensor<i1>, found {self.pred.type}")
        _check_branches(self, [self.true_branch, self.false_branch])


@irdl_op_definition
class CaseOp(IRDLOperation):
    """The values branch `index` (a rank-0 i32 tensor) returns; an index out of range runs the
    last branch. `%r = "hlo.case"(%i) ({...}, {...}) : (tensor<i32>) -> tensor<2xf32>`"""

    name = "hlo.case"
    index = operand_def(TensorType)
    results_ = var_result_def(TensorType)
    branches = var_region_def("single_block")
    traits = traits_def(RecursiveMemoryEffect(), ControlFlowRegions())

    def __init__(
        self, index: SSAValue, result_types: Sequence[Attribute], branches: Sequence[Region]
    ):
        super().__init__(
            operands=[index], result_types=[list(result_types)], regions=[list(branches)]
        )

    def verify_(self) -> None:
        check_element_types(self, complex_ok=True)
        if not _is_scalar(self.index.type):
            raise VerifyException(f"index must be a rank-0 integer tensor, found {self.index.type}")
        if not self.branches:
            raise VerifyException("expected at least one branch")
        _check_branches(self, list(self.branches))


@irdl_op_definition
class OptimizationBarrierOp(IRDLOperation):
    """Its operands, unchanged, as results: no rewrite folds or moves computation across it (a
    test keeps constants from being folded before the lowering it means to check).
    `%r:2 = hlo.optimization_barrier %a, %b : tensor<f32>, tensor<4xi32>`"""

    name = "hlo.optimization_barrier"
    operand = var_operand_def()
    result = var_result_def()

    def __init__(self, values: Sequence[SSAValue]):
        super().__init__(operands=[values], result_types=[[v.type for v in values]])

    def verify_(self) -> None:
        check_element_types(self, complex_ok=True)
        have = [r.type for r in self.result]
        want = [v.type for v in self.operand]
        if have != want:
            raise VerifyException(
                f"results must have the operands' types ({', '.join(map(str, want))}), found "
                f"({', '.join(map(str, have))})"
            )

    def print(self, printer: Printer) -> None:
        if not self.operand:
            printer.print_string("()")
        else:
            printer.print_string(" ")
            printer.print_list(self.operand, printer.print_ssa_value)
        printer.print_op_attributes(self.attributes)
        if self.operand:
            printer.print_string(" : ")
            printer.print_list([v.type for v in self.operand], printer.print_attribute)

    @classmethod
    def parse(cls, parser: Parser) -> OptimizationBarrierOp:
        pos = parser.pos
        operands = []
        if parser.parse_optional_punctuation("("):
            parser.parse_punctuation(")")
        else:
            operands = parser.parse_comma_separated_list(
                parser.Delimiter.NONE, parser.parse_unresolved_operand
            )
        attributes = parser.parse_optional_attr_dict()
        types: list[Attribute] = []
        if operands:
            parser.parse_punctuation(":")
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) != len(operands):
            parser.raise_error(f"expected {len(operands)} types, found {len(types)}", pos)
        op = cls(parser.resolve_operands(operands, types, pos))
        op.attributes.update(attributes)
        return op


def _print_call_tail(printer: Printer, op: Operation, attributes: dict[str, Attribute]) -> None:
    """`{attributes} : (operand types) -> (result types)`: the tail of a call-like op."""
    printer.print_op_attributes(attributes)
    printer.print_string(" : ")
    printer.print_attribute(
        FunctionType.from_lists([v.type for v in op.operands], [r.type for r in op.results])
    )


def _parse_call_tail(
    parser: Parser, operands: Sequence[UnresolvedOperand], pos: int
) -> tuple[dict[str, Attribute], Sequence[SSAValue], list[Attribute]]:
    """What `_print_call_tail` prints: the attributes, the operands resolved against the
    signature's input types, and its result types."""
    attributes = dict(parser.parse_optional_attr_dict())
    parser.parse_punctuation(":")
    signature = parser.parse_function_type()
    inputs = list(signature.inputs.data)
    if len(inputs) != len(operands):
        parser.raise_error(f"expected {len(operands)} operand types, found {len(inputs)}", pos)
    return attributes, parser.resolve_operands(operands, inputs, pos), list(signature.outputs.data)


@irdl_op_definition
class CustomCallOp(IRDLOperation):
    """A call of `call_target_name`, a function outside the program (a library kernel, a host
    callback). `hlo.custom_call @check.expect_close(%a, %b) {has_side_effect = true} :
    (tensor<4xf32>, tensor<4xf32>) -> ()`; other attributes (`backend_config`, `api_version`,
    layouts) are kept in the attribute dictionary. Strata has no such functions: `--run-checks`
    reads the `check.expect_*` targets (JAX-made StableHLO tests) as check ops, and any other
    custom call is a diagnostic naming its target when it is lowered."""

    name = "hlo.custom_call"
    inputs = var_operand_def()
    results_ = var_result_def()
    call_target_name = prop_def(StringAttr)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(SymbolRefAttr(self.call_target_name))
        printer.print_string("(")
        printer.print_list(self.inputs, printer.print_ssa_value)
        printer.print_string(")")
        _print_call_tail(printer, self, self.attributes)

    @classmethod
    def parse(cls, parser: Parser) -> CustomCallOp:
        pos = parser.pos
        target = parser.parse_symbol_name()
        operands = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, parser.parse_unresolved_operand
        )
        attributes, resolved, result_types = _parse_call_tail(parser, operands, pos)
        attributes.pop("call_target_name", None)
        return cls.create(
            operands=resolved,
            result_types=result_types,
            properties={"call_target_name": target},
            attributes=attributes,
        )


@irdl_op_definition
class CompositeOp(IRDLOperation):
    """A named group of ops whose meaning is the call of its `decomposition`:
    `hlo.composite "my.softplus" %x {composite_attributes = {beta = 1.0 : f32}, decomposition =
    @softplus_impl, version = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>`. The name and
    attributes let a backend that knows the operation match it; Strata knows none, and `inline`
    (first passes of `hlo-opt`) puts the decomposition's body in its place."""

    name = "hlo.composite"
    inputs = var_operand_def()
    results_ = var_result_def()
    composite_name = prop_def(StringAttr, prop_name="name")
    decomposition = prop_def(FlatSymbolRefAttrConstr)
    composite_attributes = opt_prop_def(DictionaryAttr)
    version = opt_prop_def(IntegerAttr)

    PRINTED: ClassVar[tuple[str, ...]] = ("composite_attributes", "decomposition", "version")

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.composite_name)
        if self.inputs:
            printer.print_string(" ")
            printer.print_list(self.inputs, printer.print_ssa_value)
        shown = {k: v for k in self.PRINTED if (v := self.properties.get(k)) is not None}
        _print_call_tail(printer, self, {**shown, **self.attributes})

    @classmethod
    def parse(cls, parser: Parser) -> CompositeOp:
        pos = parser.pos
        name = parser.parse_str_literal()
        operands = (
            parser.parse_optional_undelimited_comma_separated_list(
                parser.parse_optional_unresolved_operand, parser.parse_unresolved_operand
            )
            or []
        )
        attributes, resolved, result_types = _parse_call_tail(parser, operands, pos)
        properties: dict[str, Attribute] = {"name": StringAttr(name)}
        for key in cls.PRINTED:
            if key in attributes:
                properties[key] = attributes.pop(key)
        if "decomposition" not in properties:
            parser.raise_error("hlo.composite needs a `decomposition = @function` attribute", pos)
        return cls.create(
            operands=resolved,
            result_types=result_types,
            properties=properties,
            attributes=attributes,
        )


OPS: list[type[Operation]] = [
    WhileOp,
    IfOp,
    CaseOp,
    OptimizationBarrierOp,
    CustomCallOp,
    CompositeOp,
]
ATTRIBUTES: list[type[Attribute]] = []
