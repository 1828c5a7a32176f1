"""convert-gpu-to-cpu-sim: each `gpu.func` kernel becomes a CPU `func.func` that emulates its grid.

    gpu.func @k(%a: memref<..>) kernel        func.func @k(%a: memref<..>, %gx, %gy, %gz,
      <phase 0>                        ->                  %bx, %by, %bz: index) {
      gpu.barrier                                 scf.for %bk_z, %bk_y, %bk_x (blocks) {
      <phase 1>                                     scf.for %t_z, %t_y, %t_x { <phase 0> }
                                                    scf.for %t_z, %t_y, %t_x { <phase 1> } } }

Blocks run one after another, and inside a block the threads run phase by phase: the body is cut
at its top-level `gpu.barrier`s (a top-level uniform `scf.for` holding barriers stays a loop whose
body is cut the same way). Thread/block ids and dims become loop ivs and arguments. A value used
in a later phase is recomputed there (constants, ids, pure arith/math of those); any other value
crossing a barrier fails the pass. Shared `memref.global`s (memory space 3) become allocas of the
kernel; a top-level private `memref.alloca` of shape S becomes one of shape [threads]+S indexed by
the flat thread id. The host function and host globals are dropped (the host plan runs them).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from xdsl.context import Context
from xdsl.dialects import arith, func, gpu, memref, scf
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
)
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from strata.diagnostics import op_message
from strata.internal import expect

PASS_NAME = "convert-gpu-to-cpu-sim"
SHARED_MEMORY_SPACE = 3
SIZE_ARGS = ("gx", "gy", "gz", "bx", "by", "bz")

_ID_OPS = (gpu.ThreadIdOp, gpu.BlockIdOp, gpu.BlockDimOp, gpu.GridDimOp)
_DIMS = {"x": 0, "y": 1, "z": 2}


class _Failure(Exception):
    """One contract violation, turned into the pass failure by the pass."""

    def __init__(self, op: Operation, message: str):
        super().__init__(message)
        self.op = op


def _is_shared(t: object) -> bool:
    if not isinstance(t, MemRefType) or isinstance(t.memory_space, NoneAttr):
        return False
    space = t.memory_space
    return isinstance(space, IntegerAttr) and space.value.data == SHARED_MEMORY_SPACE


def _contains_barrier(op: Operation) -> bool:
    return any(isinstance(inner, gpu.BarrierOp) for inner in op.walk())


def _is_pure(op: Operation) -> bool:
    """Ops a later phase may recompute instead of reading a value across a barrier."""
    if op.regions:
        return False
    return isinstance(op, (*_ID_OPS, memref.GetGlobalOp)) or op.dialect_name() in ("arith", "math")


class _Cursor:
    """Appends ops to a block, before its terminator."""

    def __init__(self, block: Block):
        self.block = block

    def add(self, op: Operation) -> Operation:
        last = self.block.last_op
        if last is not None and isinstance(last, (scf.YieldOp, func.ReturnOp)):
            self.block.insert_op_before(op, last)
        else:
            self.block.add_op(op)
        return op

    def constant(self, value: int) -> SSAValue:
        return self.add(arith.ConstantOp(IntegerAttr(value, IndexType()))).results[0]

    def loop(self, bounds: tuple[SSAValue, SSAValue], upper: SSAValue) -> tuple[_Cursor, SSAValue]:
        """scf.for %iv = bounds[0] to upper step bounds[1]; a cursor into its body, and the iv."""
        body = Block([scf.YieldOp()], arg_types=[IndexType()])
        self.add(scf.ForOp(bounds[0], upper, bounds[1], [], body))
        return _Cursor(body), body.args[0]


@dataclass
class _Env:
    """What the ids, dims and values from outside the current phase map to."""

    mapping: dict[SSAValue, SSAValue]
    grid_dims: tuple[SSAValue, ...]
    block_dims: tuple[SSAValue, ...]
    block_ids: tuple[SSAValue, ...]
    thread_ids: tuple[SSAValue, ...] | None = None
    flat_thread_id: SSAValue | None = None

    def id_value(self, op: Operation) -> SSAValue:
        dim = _DIMS[op.dimension.data.value]  # type: ignore[attr-defined]  # every gpu id op has one
        if isinstance(op, gpu.GridDimOp):
            return self.grid_dims[dim]
        if isinstance(op, gpu.BlockDimOp):
            return self.block_dims[dim]
        if isinstance(op, gpu.BlockIdOp):
            return self.block_ids[dim]
        if self.thread_ids is None:
            raise _Failure(op, "thread id used in the bounds of a loop holding barriers")
        return self.thread_ids[dim]


@dataclass
class _KernelConverter:
    kernel: gpu.FuncOp
    shared: dict[str, memref.GlobalOp]
    shared_allocas: dict[str, SSAValue] = field(default_factory=dict)
    private_allocas: set[SSAValue] = field(default_factory=set)
    entry: _Cursor | None = None
    bounds: tuple[SSAValue, SSAValue] | None = None
    """0 and 1 (index), made once at the function's entry for every emulation loop."""

    def convert(self) -> func.FuncOp:
        kernel = self.kernel
        if len(kernel.body.blocks) != 1:
            raise _Failure(kernel, "expected a kernel body of one block")
        old_block = kernel.body.blocks.first
        assert old_block is not None
        arg_types = [*kernel.function_type.inputs.data, *([IndexType()] * 6)]
        block = Block([func.ReturnOp()], arg_types=arg_types)
        for arg, name in zip(block.args[-6:], SIZE_ARGS, strict=True):
            arg.name_hint = name
        self.entry = _Cursor(block)
        self.bounds = (self.entry.constant(0), self.entry.constant(1))
        mapping: dict[SSAValue, SSAValue] = dict(zip(old_block.args, block.args, strict=False))
        for op in old_block.ops:
            if isinstance(op, memref.AllocaOp):
                mapping[op.memref] = self._expand_private(op)
        grid_dims = tuple(block.args[-6:-3])
        block_dims = self._block_dims(tuple(block.args[-3:]))
        cursor = self.entry
        ids: list[SSAValue] = []
        for upper in reversed(grid_dims):
            cursor, iv = cursor.loop(self.bounds, upper)
            ids.append(iv)
        block_ids = (ids[2], ids[1], ids[0])
        env = _Env(mapping, grid_dims, block_dims, block_ids)
        self._emit_sequence(list(old_block.ops), cursor, env)
        name = kernel.sym_name.data
        new = func.FuncOp(name, (arg_types, []), Region(block))
        new.location = kernel.location
        return new

    def _block_dims(self, args: tuple[SSAValue, ...]) -> tuple[SSAValue, ...]:
        """The block size: constants from `gpu.known_block_size` (the runtime rejects a launch
        with another block), else the size arguments.

        Constant thread-loop bounds are also what keeps LLVM 22.1's loop vectoriser correct here:
        with a runtime bound it versions the thread loop on its trip count and then widens an
        index masked with the IV (`tid & 3`, which InstCombine makes of `(bid * B + tid) % 4`)
        as if it were consecutive across the vector (test/targets/test_llvm_masked_iv.py)."""
        sizes = self.kernel.known_block_size
        if sizes is None:
            return args
        assert self.entry is not None
        return tuple(self.entry.constant(int(size)) for size in sizes.get_values())

    # --- hoisted memory -------------------------------------------------------------------

    def _threads(self) -> int:
        sizes = self.kernel.known_block_size
        if sizes is None:
            raise _Failure(self.kernel, "a private alloca needs the gpu.known_block_size attribute")
        count = 1
        for size in sizes.get_values():
            count *= int(size)
        return count

    def _expand_private(self, op: memref.AllocaOp) -> SSAValue:
        t = expect(op.memref.type, MemRefType, "alloca type")
        if not t.has_static_shape() or op.dynamic_sizes:
            raise _Failure(op, "private alloca must have a static shape")
        expanded = MemRefType(t.get_element_type(), [self._threads(), *t.get_shape()])
        assert self.entry is not None
        new = self.entry.add(memref.AllocaOp.get(expanded.element_type, shape=expanded.shape))
        value = new.results[0]
        self.private_allocas.add(value)
        return value

    def _shared_alloca(self, op: memref.GetGlobalOp) -> SSAValue:
        name = op.name_.root_reference.data
        if name in self.shared_allocas:
            return self.shared_allocas[name]
        glob = self.shared.get(name)
        if glob is None:
            raise _Failure(op, f"no shared memref.global named @{name} in the gpu.module")
        t = expect(glob.type, MemRefType, "memref.global type")
        assert self.entry is not None
        alloca = memref.AllocaOp.get(t.get_element_type(), shape=t.get_shape())
        first = self.entry.block.first_op
        # Before the block loops, so every phase sees it.
        if first is not None:
            self.entry.block.insert_op_before(alloca, first)
        else:
            self.entry.add(alloca)
        self.shared_allocas[name] = alloca.results[0]
        return alloca.results[0]

    # --- phases ------------------------------------------------------------------------------

    def _emit_sequence(self, ops: list[Operation], cursor: _Cursor, env: _Env) -> None:
        """Cut `ops` at barriers; emit each phase in thread loops, uniform loops as loops."""
        phase: list[Operation] = []
        for op in ops:
            if isinstance(op, gpu.BarrierOp):
                self._emit_phase(phase, cursor, env)
                phase = []
            elif isinstance(op, scf.ForOp) and _contains_barrier(op):
                self._emit_phase(phase, cursor, env)
                phase = []
                self._emit_uniform_loop(op, cursor, env)
            elif isinstance(op, (gpu.ReturnOp, gpu.TerminatorOp, scf.YieldOp)):
                continue
            else:
                phase.append(op)
        self._emit_phase(phase, cursor, env)

    def _emit_uniform_loop(self, op: scf.ForOp, cursor: _Cursor, env: _Env) -> None:
        if op.iter_args or op.results:
            raise _Failure(op, "a loop holding barriers may not carry values (iter_args)")
        local: dict[SSAValue, SSAValue] = {}
        bounds = [self._resolve(v, cursor, env, local) for v in (op.lb, op.ub, op.step)]
        body = Block([scf.YieldOp()], arg_types=[IndexType()])
        cursor.add(scf.ForOp(bounds[0], bounds[1], bounds[2], [], body))
        inner_env = replace(env, mapping={**env.mapping, op.body.block.args[0]: body.args[0]})
        self._emit_sequence(list(op.body.block.ops), _Cursor(body), inner_env)

    def _emit_phase(self, ops: list[Operation], cursor: _Cursor, env: _Env) -> None:
        # A phase of pure ops only computes values a later phase recomputes where needed.
        if all(_is_pure(op) or self._is_hoisted(op) for op in ops):
            return
        assert self.bounds is not None
        tz_cursor, tz = cursor.loop(self.bounds, env.block_dims[2])
        ty_cursor, ty = tz_cursor.loop(self.bounds, env.block_dims[1])
        inner, tx = ty_cursor.loop(self.bounds, env.block_dims[0])
        flat = None
        if self.private_allocas:
            bx, by, _ = env.block_dims
            zy = inner.add(arith.MuliOp(tz, by)).results[0]
            zy = inner.add(arith.AddiOp(zy, ty)).results[0]
            zyx = inner.add(arith.MuliOp(zy, bx)).results[0]
            flat = inner.add(arith.AddiOp(zyx, tx)).results[0]
        phase_env = replace(env, thread_ids=(tx, ty, tz), flat_thread_id=flat)
        local: dict[SSAValue, SSAValue] = {}
        for op in ops:
            self._emit_op(op, inner, phase_env, local)

    def _is_hoisted(self, op: Operation) -> bool:
        return isinstance(op, memref.AllocaOp) and op.parent_op() is self.kernel

    def _emit_op(
        self, op: Operation, cursor: _Cursor, env: _Env, local: dict[SSAValue, SSAValue]
    ) -> None:
        if self._is_hoisted(op):
            return
        if isinstance(op, _ID_OPS):
            local[op.results[0]] = env.id_value(op)
            return
        if isinstance(op, memref.GetGlobalOp) and _is_shared(op.memref.type):
            local[op.memref] = self._shared_alloca(op)
            return
        inside: set[SSAValue] = set()
        for inner in op.walk():
            inside.update(inner.results)
            for region in inner.regions:
                for block in region.blocks:
                    inside.update(block.args)
        for inner in op.walk():
            if inner is not op and isinstance(inner, gpu.BarrierOp):
                raise _Failure(inner, "gpu.barrier below the top level of the kernel")
            if inner is not op and isinstance(inner, memref.AllocaOp):
                raise _Failure(inner, "private alloca below the top level of the kernel")
            for operand in inner.operands:
                if operand not in inside and operand not in local:
                    local[operand] = self._resolve(operand, cursor, env, local)
        clone = op.clone(value_mapper=local)
        cursor.add(clone)
        self._fix_up(clone, env)
        for old, new in zip(op.results, clone.results, strict=True):
            local[old] = new

    def _resolve(
        self, value: SSAValue, cursor: _Cursor, env: _Env, local: dict[SSAValue, SSAValue]
    ) -> SSAValue:
        """The value `value` has at `cursor`: mapped, or recomputed there."""
        if value in local:
            return local[value]
        if value in env.mapping:
            local[value] = env.mapping[value]
            return local[value]
        if isinstance(value, BlockArgument):
            owner = value.block.parent_op()
            raise _Failure(
                owner if owner is not None else self.kernel,
                "uses the iv of a loop holding barriers outside that loop",
            )
        op = value.owner
        assert isinstance(op, Operation)
        if isinstance(op, _ID_OPS):
            result = env.id_value(op)
        elif isinstance(op, memref.GetGlobalOp) and _is_shared(op.memref.type):
            result = self._shared_alloca(op)
        elif _is_pure(op):
            for operand in op.operands:
                self._resolve(operand, cursor, env, local)
            clone = cursor.add(op.clone(value_mapper=local))
            for old, new in zip(op.results, clone.results, strict=True):
                local[old] = new
            return local[value]
        else:
            raise _Failure(
                op,
                "value used across a gpu.barrier is not rematerializable "
                "(pass it through shared memory or a private alloca)",
            )
        local[value] = result
        return result

    def _fix_up(self, clone: Operation, env: _Env) -> None:
        """Nested ids, shared globals and private allocas inside a cloned op."""
        for inner in list(clone.walk()):
            if isinstance(inner, _ID_OPS):
                inner.results[0].replace_all_uses_with(env.id_value(inner))
                _erase(inner)
            elif isinstance(inner, memref.GetGlobalOp) and _is_shared(inner.memref.type):
                inner.results[0].replace_all_uses_with(self._shared_alloca(inner))
                _erase(inner)
            elif isinstance(inner, (memref.LoadOp, memref.StoreOp)):
                self._index_private(inner, env)

    def _index_private(self, op: memref.LoadOp | memref.StoreOp, env: _Env) -> None:
        if op.memref not in self.private_allocas:
            return
        assert env.flat_thread_id is not None
        operands = list(op.operands)
        at = 2 if isinstance(op, memref.StoreOp) else 1
        op.operands = [*operands[:at], env.flat_thread_id, *operands[at:]]


def _kernels_and_globals(
    module: ModuleOp,
) -> tuple[list[gpu.FuncOp], dict[str, memref.GlobalOp], list[memref.GlobalOp]]:
    kernels: list[gpu.FuncOp] = []
    shared: dict[str, memref.GlobalOp] = {}
    device_globals: list[memref.GlobalOp] = []
    for op in module.ops:
        if not isinstance(op, gpu.ModuleOp):
            continue
        for inner in op.body.block.ops:
            if isinstance(inner, gpu.FuncOp) and inner.kernel is not None:
                kernels.append(inner)
            elif isinstance(inner, memref.GlobalOp):
                if _is_shared(inner.type):
                    shared[inner.sym_name.data] = inner
                else:
                    device_globals.append(inner)
    return kernels, shared, device_globals


@dataclass(frozen=True)
class ConvertGpuToCpuSimPass(ModulePass):
    """Runs GPU kernels on the CPU: each kernel becomes loops over its blocks and threads.

    Expects a `gpu`-stage module (outlined kernels in a `gpu.module`, barriers only at the top
    level of a kernel or of a top-level uniform `scf.for`). Leaves a module of `func.func` kernels
    `@k(memref args..., gx, gy, gz, bx, by, bz: index)` over func/scf/memref/arith/math only,
    with no host function and no `gpu` op."""

    name = PASS_NAME

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        kernels, shared, device_globals = _kernels_and_globals(op)
        failures: list[tuple[Operation, str]] = []
        converted: list[func.FuncOp] = []
        for kernel in kernels:
            try:
                converted.append(_KernelConverter(kernel, shared).convert())
            except _Failure as failure:
                failures.append((failure.op, str(failure)))
        if failures:
            lines = [f"{PASS_NAME}: {len(failures)} kernels cannot be emulated:"]
            lines += [f"  {op_message(o, message)}" for o, message in failures]
            raise PassFailedException("\n".join(lines))
        for glob in device_globals:
            glob.detach()
        for old in list(op.ops):
            old.detach()
            old.erase(safe_erase=False)
        op.body.block.add_ops([*device_globals, *converted])
        op.attributes.pop("gpu.container_module", None)


def _erase(op: Operation) -> None:
    """Remove `op` (its results already replaced) from its block and erase it."""
    block = op.parent_block()
    if block is not None:
        block.detach_op(op)
    op.erase()
