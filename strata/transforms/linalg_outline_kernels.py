"""linalg-outline-kernels: move each linalg op on buffers into a private kernel function.

    linalg.generic ins(%a) outs(%b)   ->   func.call @main_kernel_0_dense_MatMul(%a, %b)

Each kernel is its own LLVM function (the optimiser scales better on many small functions than
one huge one), shows by name in a profiler, and marks its buffer arguments `llvm.noalias` where
their bytes provably overlap no other argument's (`memref_views.distinct_buffers`: distinct
buffers, or arena views at disjoint constant offsets): that lets LLVM keep accumulators in
registers across a reduction, which it cannot prove for two views of the same arena.

Kernels that are the same code are emitted once (`outline_key`), and so are kernels that differ
only in the values of scalar constants: those become arguments (`varying_constants`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, memref
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    ModuleOp,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass

from strata.diagnostics import node_names
from strata.dialects.element_kinds import kind_of
from strata.dialects.memref_views import distinct_buffers
from strata.internal import expect


def captured_values(op: Operation) -> list[SSAValue]:
    """Values used inside `op`'s regions but defined outside it, in first-use order."""
    inside: set[SSAValue] = set()
    for inner in op.walk():
        inside.update(inner.results)
        for region in inner.regions:
            for block in region.blocks:
                inside.update(block.args)
    seen: list[SSAValue] = []
    for inner in op.walk():
        if inner is op:
            continue
        for v in inner.operands:
            if v not in inside and v not in seen:
                seen.append(v)
    return seen


def _outermost_linalg_ops(f: func.FuncOp) -> list[Operation]:
    """The linalg ops of `f` not inside another linalg op: in its body, or in a loop's regions."""
    found: list[Operation] = []
    for inner in f.walk():
        parent = inner.parent_op()
        outermost = parent is None or parent.dialect_name() != "linalg"
        if inner.dialect_name() == "linalg" and outermost:
            found.append(inner)
    return found


def _kernel_name(base: str, index: int, op: Operation, taken: set[str]) -> str:
    name = f"{base}_kernel_{index}"
    nodes = node_names(op.location)  # a fused location (a fused epilogue's): its first node
    if nodes:
        name += "_" + re.sub(r"[^A-Za-z0-9_]", "_", nodes[0])[:48]
    while name in taken:
        name += "_"
    taken.add(name)
    return name


@dataclass(frozen=True)
class LinalgOutlineKernelsPass(ModulePass):
    """Outlines linalg ops (in the body, or in a loop's regions) into private kernel functions
    called from their function. Sites that are the same code up to their buffers call one
    kernel; so do sites that differ only in the values of scalar constants, which that kernel
    then takes as arguments (not a divisor, shift or exponent, nor an `index`: those shape the
    code).

    Expects: the `buffers` stage. Keeps it: the kernels hold the same linalg ops.
    """

    name = "linalg-outline-kernels"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        taken = {f.sym_name.data for f in op.ops if isinstance(f, func.FuncOp)}
        for f in list(op.ops):
            if not isinstance(f, func.FuncOp) or f.is_declaration:
                continue
            sites = [_Site.of(inner) for inner in _outermost_linalg_ops(f)]
            anchor: Operation = f
            first_of: dict[tuple[object, ...], str] = {}
            for count, (site, passed) in enumerate(
                zip(sites, varying_constants(sites), strict=True)
            ):
                inner = site.op
                name = _kernel_name(f.sym_name.data, count, inner, taken)
                args = [*site.args, *passed]
                constants = [c for c in site.constants if c not in passed]
                noalias = [*site.noalias, *(False for _ in passed)]
                key = outline_key(inner, args, constants, noalias)
                same = first_of.setdefault(key, name)
                if same != name:
                    # Identical up to its buffers and passed constants: call the first copy
                    # (compiled once), and build no kernel for this one.
                    taken.discard(name)
                    _replace_by_call(inner, same, args)
                    continue
                kernel = self.outline(inner, name, args, constants, noalias)
                op.body.block.insert_op_after(kernel, anchor)
                anchor = kernel

    @staticmethod
    def outline(
        op: Operation,
        name: str,
        args: Sequence[SSAValue],
        constants: Sequence[SSAValue],
        noalias: Sequence[bool],
    ) -> func.FuncOp:
        """`op` moved into a new kernel function `name` taking `args` (`kernel_operands`),
        replaced by a call to it; returns the kernel."""
        block = Block(arg_types=[a.type for a in args])
        mapping: dict[SSAValue, SSAValue] = dict(zip(args, block.args, strict=False))
        for v in constants:
            const = expect(v.owner, arith.ConstantOp, "a kernel constant").clone()
            block.add_op(const)
            mapping[v] = const.result
        block.add_op(op.clone(mapping))
        block.add_op(func.ReturnOp())
        for new in block.ops:
            new.location = op.location

        attrs = [
            DictionaryAttr({"llvm.noalias": UnitAttr()} if distinct else {}) for distinct in noalias
        ]
        kernel = func.FuncOp(
            name,
            ([a.type for a in args], []),
            Region(block),
            "private",
            arg_attrs=ArrayAttr(attrs),
        )
        kernel.location = op.location
        # Kept out of line: inlining every kernel into the entry makes one huge function, on
        # which LLVM's optimiser is superlinear (seconds for an unrolled LSTM).
        kernel.attributes["no_inline"] = UnitAttr()
        _replace_by_call(op, name, args)
        return kernel


def kernel_operands(op: Operation) -> tuple[list[SSAValue], list[SSAValue]]:
    """What a kernel made of `op` takes: its arguments (`op`'s operands, then the other values
    its regions use, in first-use order) and the scalar constants it copies in instead."""
    args: list[SSAValue] = []
    constants: list[SSAValue] = []
    for v in [*op.operands, *captured_values(op)]:
        if isinstance(v.owner, arith.ConstantOp):
            if v not in constants:
                constants.append(v)
        elif v not in args:
            args.append(v)
    return args, constants


@dataclass(frozen=True)
class _Site:
    """A linalg op to outline, with its `kernel_operands` and their noalias flags."""

    op: Operation
    args: list[SSAValue]
    constants: list[SSAValue]
    noalias: list[bool]

    @staticmethod
    def of(op: Operation) -> _Site:
        args, constants = kernel_operands(op)
        return _Site(op, args, constants, distinct_buffers(args))


SHAPES_CODE = frozenset(
    {
        *(f"arith.{n}" for n in ("divsi", "divui", "ceildivsi", "ceildivui", "floordivsi")),
        *(f"arith.{n}" for n in ("remsi", "remui", "divf", "remf", "shli", "shrsi", "shrui")),
        "math.powf",
        "math.fpowi",
        "math.ipowi",
    }
)
"""Ops whose code depends on a constant operand's value (a division by a constant becomes a
multiplication, a power of 2 a square, a shift by a constant an immediate): a kernel constant
they read stays in the code."""


def _may_pass(value: SSAValue, op: Operation) -> bool:
    """Whether the kernel made of `op` may take constant `value` as an argument: a number or
    bool (an index shapes loops and addresses), which no op of `op` reads as in SHAPES_CODE."""
    return kind_of(value.type) is not None and not any(
        use.operation.name in SHAPES_CODE and op.is_ancestor(use.operation) for use in value.uses
    )


def varying_constants(sites: Sequence[_Site]) -> list[list[SSAValue]]:
    """For each site, the constants its kernel takes as arguments instead of copying them in:
    where sites of one function are the same code but for the values of some scalar constants
    (an RNN step's comparison with its step number, a fill value), those constants, so that one
    kernel serves them all (`outline_key` then matches). Others take none."""
    families: dict[tuple[object, ...], list[int]] = {}
    for i, site in enumerate(sites):
        family = outline_key(site.op, site.args, site.constants, site.noalias, False)
        families.setdefault(family, []).append(i)
    passed: list[list[SSAValue]] = [[] for _ in sites]
    for members in families.values():
        first = sites[members[0]]
        positions = [
            j
            for j in range(len(first.constants))
            if len({_constant_attr(sites[m].constants[j]) for m in members}) > 1
        ]
        if not positions or not all(_may_pass(first.constants[j], first.op) for j in positions):
            continue
        for m in members:
            passed[m] = [sites[m].constants[j] for j in positions]
    return passed


def _constant_attr(value: SSAValue) -> Attribute:
    return expect(value.owner, arith.ConstantOp, "a kernel constant").value


def _replace_by_call(op: Operation, callee: str, args: Sequence[SSAValue]) -> None:
    call = func.CallOp(callee, args, [])
    call.location = op.location
    expect(op.parent_block(), Block, "the kernel op's block").insert_op_before(call, op)
    op.detach()
    op.erase()


def outline_key(
    op: Operation,
    args: Sequence[SSAValue],
    constants: Sequence[SSAValue],
    noalias: Sequence[bool],
    constant_values: bool = True,
) -> tuple[object, ...]:
    """Equal for two ops exactly when the kernels `outline` makes of them (with these
    `kernel_operands` and noalias flags) are the same code, computed without building them.
    Without `constant_values`: the same code but for the values of the constants."""
    parts: list[object] = [tuple(a.type for a in args), tuple(noalias)]
    numbers: dict[SSAValue, int] = {a: i for i, a in enumerate(args)}
    for v in constants:
        const = expect(v.owner, arith.ConstantOp, "a kernel constant")
        parts.append((const.name, (v.type,), _fields(const) if constant_values else ()))
        numbers[v] = len(numbers)
    parts += _ops_key(op.walk(), numbers, _fields)
    return tuple(parts)


def region_key(
    region: Region,
    fields: Callable[[Operation], tuple[tuple[str, object], ...]] | None = None,
) -> tuple[object, ...]:
    """Equal (and hashable) for two regions exactly when they are the same code reading the same
    values from outside: their blocks' arguments, then `_ops_key` of their ops (`fields`: each
    op's attributes and properties by default). hlo-reroll-loops compares layers' regions by it:
    cheaper than printed text, and defined for every attribute (xDSL cannot print some it
    parses). A region whose blocks branch to each other is unique (successors are not in the
    key)."""
    if any(inner.successors for inner in region.walk()):
        return ("unique", id(region))
    numbers: dict[SSAValue, int] = {}
    parts: list[object] = []
    for block in region.blocks:
        for v in block.args:
            numbers.setdefault(v, len(numbers))
        parts.append(
            ("block", tuple(numbers[v] for v in block.args), tuple(a.type for a in block.args))
        )
    parts += _ops_key(region.walk(), numbers, fields or _fields)
    return tuple(parts)


def _fields(op: Operation) -> tuple[tuple[str, object], ...]:
    return tuple(sorted(op.properties.items())) + tuple(sorted(op.attributes.items()))


def _ops_key(
    ops: Iterable[Operation],
    numbers: dict[SSAValue, int],
    fields: Callable[[Operation], tuple[tuple[str, object], ...]],
) -> list[object]:
    """Each op of `ops` (a walk) as its name, operands by value number (`numbers`, extended with
    the values the ops define; a value from outside the walk as itself), result types, `fields`
    and region/block structure."""

    def number(values: Sequence[SSAValue]) -> tuple[int, ...]:
        for v in values:
            numbers.setdefault(v, len(numbers))
        return tuple(numbers[v] for v in values)

    parts: list[object] = []
    for inner in ops:
        parts.append(
            (
                inner.name,
                tuple(numbers.get(v, v) for v in inner.operands),
                tuple(r.type for r in inner.results),
                fields(inner),
                tuple(("region", tuple(number(b.args) for b in r.blocks)) for r in inner.regions),
            )
        )
        number(inner.results)
    return parts


def structural_key(
    kernel: Operation, symbols: Mapping[str, object] | None = None
) -> tuple[object, ...]:
    """Equal (and hashable: xDSL attributes are) for two kernels exactly when they are the same
    code: the function's own attributes and properties but its name (signature, argument
    attributes, a GPU kernel's block size), then every op in order with its name, attributes and
    properties, operands as value numbers, result types, and region/block structure. Names,
    locations and SSA name hints are left out, so the kernels of a repeated layer compare equal.
    Tensor constants are not in it: they reach kernels as buffer arguments
    (`memref.get_global`), not as code. `symbols` stands in for the globals a kernel reads that
    are interchangeable (a GPU kernel's shared-memory scratch: its type, not its name)."""
    renamed: dict[str, int] = {}

    def fields(op: Operation) -> tuple[tuple[str, object], ...]:
        if symbols and isinstance(op, memref.GetGlobalOp):
            name = op.name_.string_value()
            if name in symbols:
                # Its stand-in, numbered by first use: two globals stay two, one stays one.
                props: dict[str, object] = dict(op.properties)
                props["name"] = (symbols[name], renamed.setdefault(name, len(renamed)))
                return tuple(sorted(props.items())) + tuple(sorted(op.attributes.items()))
        return _fields(op)

    header = {**kernel.properties, **kernel.attributes}
    header.pop("sym_name", None)
    body = region_key(kernel.regions[0], fields)
    if body[:1] == ("unique",):
        return ("unique", id(kernel))  # branches between blocks: not compared
    return (kernel.name, tuple(sorted(header.items())), *body)
