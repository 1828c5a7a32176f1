"""A persistent pool of POSIX threads, emitted as LLVM IR into each module that splits kernels.

    void __strata_pool_run(ptr task, ptr arg, i32 parts, i32 workers)

runs `task(arg, part)` for every part in [0, parts): part 0 on the caller, the others on the
pool's `workers` threads (started on the first call, in this process), and returns when all are
done. Creating and joining a thread per part and per call, as kernels did before, cost about
150 us a call on a 2-core VM (`threading.Thread` start + join measured the same); waking a
thread that waits on a condition variable costs a fraction of that.

- One job at a time: a caller that finds the pool busy (another Python thread is in a call of
  the same model) runs its parts itself, in order; the parts are the same either way, so
  results do not depend on who runs them.
- Threads claim parts under the pool's mutex; parts no thread claimed by the time the caller is
  done with part 0 the caller runs too, so a pool with fewer threads than parts (or a thread that
  could not be created) only makes the call slower.
- A process forked after the pool started has none of its threads: the pool remembers the pid
  it started in and starts again in a child.
- `<entry>_stop_threads` (external, named after the module's entry) stops and joins the threads;
  the JIT calls it before it frees the code the threads would return into (the C header of
  `strata-translate --to-header` declares it).

Every shared field is read and written with atomic operations: LLVM could otherwise keep an
internal global in a register across the opaque pthread calls.
"""

from __future__ import annotations

import llvmlite.ir as ir

RUN = "__strata_pool_run"
SHUTDOWN_SUFFIX = "_stop_threads"
MAX_WORKERS = 256
"""Threads a pool starts at most (the `threads` option beyond it runs the rest on the caller)."""
SPIN_ITERATIONS = 4000
"""Spin-wait rounds a thread with nothing to do makes before it sleeps (about 0.1-0.5 ms: a
`pause` is 10-140 cycles, by CPU). Waking a sleeping thread took longer than a sub-millisecond
kernel on a 2-core VM (an idle virtual CPU halts), so without spinning a second thread never
helped such kernels."""
OPAQUE_BYTES = 128
"""Room for one pthread_mutex_t or pthread_cond_t (40-64 bytes on glibc and macOS)."""

_I32 = ir.IntType(32)
_I64 = ir.IntType(64)
_PTR = ir.PointerType()


def shutdown_symbol(entry: str) -> str:
    """`<entry>_stop_threads`: stops the pool of the module whose entry is `entry` (external:
    the JIT and C programs that unload the code call it; one per object, so objects link
    together)."""
    return f"{entry}{SHUTDOWN_SUFFIX}"


def declare(out: ir.Module, name: str, result: ir.Type, params: list[ir.Type]) -> ir.Function:
    """The function `name` of `out`, declared (`result (params)`) if it is not there yet."""
    existing = out.globals.get(name)
    if isinstance(existing, ir.Function):
        return existing
    return ir.Function(out, ir.FunctionType(result, params), name=name)


class _Pool:
    """The pool's globals and the libc functions it calls, in module `out`."""

    def __init__(self, out: ir.Module):
        self.out = out

        def var(name: str, t: ir.Type, align: int) -> ir.GlobalVariable:
            g = ir.GlobalVariable(out, t, name=f"__strata_pool.{name}")
            g.linkage = "internal"
            g.initializer = ir.Constant(t, None)
            g.align = align
            return g

        opaque = ir.ArrayType(ir.IntType(8), OPAQUE_BYTES)
        self.mutex = var("mutex", opaque, 16)
        self.work = var("work", opaque, 16)
        self.done = var("done", opaque, 16)
        self.threads = var("threads", ir.ArrayType(_I64, MAX_WORKERS), 8)
        self.busy = var("busy", _I32, 4)
        self.pid = var("pid", _I32, 4)
        self.workers = var("workers", _I32, 4)
        self.quit = var("quit", _I32, 4)
        self.generation = var("generation", _I64, 8)
        self.task = var("task", _PTR, 8)
        self.arg = var("arg", _PTR, 8)
        self.parts = var("parts", _I32, 4)
        self.next = var("next", _I32, 4)
        self.pending = var("pending", _I32, 4)

        def d(name: str, result: ir.Type, *params: ir.Type) -> ir.Function:
            return declare(out, name, result, list(params))

        self.lock = d("pthread_mutex_lock", _I32, _PTR)
        self.unlock = d("pthread_mutex_unlock", _I32, _PTR)
        self.mutex_init = d("pthread_mutex_init", _I32, _PTR, _PTR)
        self.cond_init = d("pthread_cond_init", _I32, _PTR, _PTR)
        self.wait = d("pthread_cond_wait", _I32, _PTR, _PTR)
        self.broadcast = d("pthread_cond_broadcast", _I32, _PTR)
        self.create = d("pthread_create", _I32, _PTR, _PTR, _PTR, _PTR)
        self.join = d("pthread_join", _I32, _I64, _PTR)
        self.getpid = d("getpid", _I32)

    def pause(self, b: ir.IRBuilder) -> None:
        """A spin-wait hint where the target has one (x86 `pause`)."""
        if self.out.triple.startswith(("x86_64", "i386", "i686")):
            pause = declare(self.out, "llvm.x86.sse2.pause", ir.VoidType(), [])
            b.call(pause, [])

    @staticmethod
    def get(b: ir.IRBuilder, g: ir.GlobalVariable) -> ir.Value:
        t = g.value_type
        return b.load_atomic(g, "seq_cst", t.width // 8 if isinstance(t, ir.IntType) else 8, typ=t)

    @staticmethod
    def put(b: ir.IRBuilder, g: ir.GlobalVariable, value: ir.Value, order: str = "seq_cst") -> None:
        # An atomic exchange: llvmlite's store_atomic cannot store through an opaque pointer.
        b.atomic_rmw("xchg", g, value, order)


TASK = ir.FunctionType(ir.VoidType(), [_PTR, _I32])
"""A job's task: `void task(ptr arg, i32 part)`."""


class _Callee:
    """A `ptr` holding a TASK, as a callee: llvmlite reads a callee's type from its
    `function_type`, which it derives from a typed pointer (an opaque one has none)."""

    function_type = TASK

    def __init__(self, pointer: ir.Value):
        self.pointer = pointer
        self.type = pointer.type

    def get_reference(self) -> str:
        return str(self.pointer.get_reference())


def _callable(pointer: ir.Value) -> ir.Value:
    return _Callee(pointer)


def _function(out: ir.Module, name: str, result: ir.Type, params: list[ir.Type]) -> ir.Function:
    fn = ir.Function(out, ir.FunctionType(result, params), name=name)
    fn.linkage = "internal"
    fn.attributes.add("noinline")
    return fn


def _claim_and_run(p: _Pool, b: ir.IRBuilder, fn: ir.Function, then: ir.Block) -> None:
    """With the mutex held: while a part is left, claim it, run it unlocked, count it done
    (signalling `done` at the last); then branch to `then`, the mutex held again."""
    claim = fn.append_basic_block("claim")
    run = fn.append_basic_block("run")
    b.branch(claim)
    b.position_at_end(claim)
    index = p.get(b, p.next)
    left = b.icmp_signed("<", index, p.get(b, p.parts))
    b.cbranch(left, run, then)
    b.position_at_end(run)
    p.put(b, p.next, b.add(index, ir.Constant(_I32, 1)))
    task, arg = _callable(p.get(b, p.task)), p.get(b, p.arg)
    b.call(p.unlock, [p.mutex])
    b.call(task, [arg, index])
    b.call(p.lock, [p.mutex])
    pending = b.sub(p.get(b, p.pending), ir.Constant(_I32, 1))
    p.put(b, p.pending, pending)
    with b.if_then(b.icmp_signed("==", pending, ir.Constant(_I32, 0))):
        b.call(p.broadcast, [p.done])
    b.branch(claim)


def _worker(p: _Pool) -> ir.Function:
    fn = _function(p.out, "__strata_pool.worker", _PTR, [_PTR])
    entry, loop, waiting, quit_, fresh = (
        fn.append_basic_block(n) for n in ("entry", "loop", "wait", "quit", "fresh")
    )
    b = ir.IRBuilder(entry)
    seen = b.alloca(_I64)
    spins = b.alloca(_I32)
    b.call(p.lock, [p.mutex])
    b.store(p.get(b, p.generation), seen)
    b.branch(loop)
    b.position_at_end(loop)  # the mutex held
    stop = b.icmp_signed("!=", p.get(b, p.quit), ir.Constant(_I32, 0))
    b.cbranch(stop, quit_, waiting)
    b.position_at_end(waiting)
    generation = p.get(b, p.generation)
    same = b.icmp_unsigned("==", generation, b.load(seen, typ=_I64))
    sleep = fn.append_basic_block("sleep")
    b.cbranch(same, sleep, fresh)
    # Spin a while first (a kernel's threads are wanted again soon), then sleep on `work`.
    b.position_at_end(sleep)
    b.call(p.unlock, [p.mutex])
    b.store(ir.Constant(_I32, 0), spins)
    spin, spin_body, relock, rest = (
        fn.append_basic_block(n) for n in ("spin", "spin_body", "relock", "rest")
    )
    b.branch(spin)
    b.position_at_end(spin)
    old = b.load(seen, typ=_I64)
    moved = b.or_(
        b.icmp_unsigned("!=", p.get(b, p.generation), old),
        b.icmp_signed("!=", p.get(b, p.quit), ir.Constant(_I32, 0)),
    )
    count = b.load(spins, typ=_I32)
    done = b.or_(moved, b.icmp_signed(">=", count, ir.Constant(_I32, SPIN_ITERATIONS)))
    b.cbranch(done, relock, spin_body)
    b.position_at_end(spin_body)
    p.pause(b)
    b.store(b.add(count, ir.Constant(_I32, 1)), spins)
    b.branch(spin)
    b.position_at_end(relock)
    b.call(p.lock, [p.mutex])
    idle = b.and_(
        b.icmp_unsigned("==", p.get(b, p.generation), old),
        b.icmp_signed("==", p.get(b, p.quit), ir.Constant(_I32, 0)),
    )
    b.cbranch(idle, rest, loop)
    b.position_at_end(rest)
    b.call(p.wait, [p.work, p.mutex])
    b.branch(loop)
    b.position_at_end(fresh)
    b.store(generation, seen)
    _claim_and_run(p, b, fn, loop)
    b.position_at_end(quit_)
    b.call(p.unlock, [p.mutex])
    b.ret(ir.Constant(_PTR, None))
    return fn


def _start(p: _Pool, worker: ir.Function) -> ir.Function:
    """(workers, pid): initialise the mutex and conditions, start up to `workers` threads."""
    fn = _function(p.out, "__strata_pool.start", ir.VoidType(), [_I32, _I32])
    wanted, pid = fn.args
    entry, loop, body, done = (fn.append_basic_block(n) for n in ("entry", "loop", "body", "done"))
    b = ir.IRBuilder(entry)
    null = ir.Constant(_PTR, None)
    b.call(p.mutex_init, [p.mutex, null])
    b.call(p.cond_init, [p.work, null])
    b.call(p.cond_init, [p.done, null])
    for g in (p.quit, p.parts, p.next, p.pending):
        p.put(b, g, ir.Constant(_I32, 0))
    p.put(b, p.generation, ir.Constant(_I64, 0))
    limit = b.select(
        b.icmp_signed("<", wanted, ir.Constant(_I32, MAX_WORKERS)),
        wanted,
        ir.Constant(_I32, MAX_WORKERS),
    )
    count = b.alloca(_I32)
    b.store(ir.Constant(_I32, 0), count)
    b.branch(loop)
    b.position_at_end(loop)
    i = b.load(count, typ=_I32)
    b.cbranch(b.icmp_signed("<", i, limit), body, done)
    b.position_at_end(body)
    slot = b.gep(p.threads, [ir.Constant(_I32, 0), i], source_etype=p.threads.value_type)
    rc = b.call(p.create, [slot, null, worker, null])
    created = fn.append_basic_block("created")
    b.cbranch(b.icmp_signed("==", rc, ir.Constant(_I32, 0)), created, done)
    b.position_at_end(created)
    b.store(b.add(i, ir.Constant(_I32, 1)), count)
    b.branch(loop)
    b.position_at_end(done)
    p.put(b, p.workers, b.load(count, typ=_I32))
    p.put(b, p.pid, pid)
    b.ret_void()
    return fn


def _run(p: _Pool, start: ir.Function) -> ir.Function:
    fn = _function(p.out, RUN, ir.VoidType(), [_PTR, _PTR, _I32, _I32])
    task, arg, parts, wanted = fn.args
    blocks = ("entry", "taken", "pooled", "serial", "serial_loop", "serial_body", "finish")
    entry, taken, pooled, serial, serial_loop, serial_body, finish = (
        fn.append_basic_block(n) for n in blocks
    )
    b = ir.IRBuilder(entry)
    zero, one = ir.Constant(_I32, 0), ir.Constant(_I32, 1)
    exchanged = b.cmpxchg(p.busy, zero, one, "acquire", "monotonic")
    b.cbranch(b.extract_value(exchanged, 1), taken, serial)
    b.position_at_end(taken)
    pid = b.call(p.getpid, [])
    with b.if_then(b.icmp_signed("!=", p.get(b, p.pid), pid)):
        b.call(start, [wanted, pid])
    no_threads = b.icmp_signed("==", p.get(b, p.workers), zero)
    release_then_serial = fn.append_basic_block("release_then_serial")
    b.cbranch(no_threads, release_then_serial, pooled)
    b.position_at_end(release_then_serial)
    p.put(b, p.busy, zero, "release")
    b.branch(serial)
    # Post the job, run part 0, claim what is left, wait for the threads' parts.
    b.position_at_end(pooled)
    b.call(p.lock, [p.mutex])
    p.put(b, p.task, task)
    p.put(b, p.arg, arg)
    p.put(b, p.parts, parts)
    p.put(b, p.next, one)
    p.put(b, p.pending, b.sub(parts, one))
    p.put(b, p.generation, b.add(p.get(b, p.generation), ir.Constant(_I64, 1)))
    b.call(p.broadcast, [p.work])
    b.call(p.unlock, [p.mutex])
    b.call(_callable(task), [arg, zero])
    b.call(p.lock, [p.mutex])
    # Wait for the threads' parts: spin first (a sleeping caller is woken late on a VM whose
    # idle virtual CPU halts), then sleep on `done`.
    spin_start, spin, spin_body, relock, waiting = (
        fn.append_basic_block(n) for n in ("spin_start", "spin", "spin_body", "relock", "waiting")
    )
    _claim_and_run(p, b, fn, spin_start)
    b.position_at_end(spin_start)
    b.call(p.unlock, [p.mutex])
    b.branch(spin)
    b.position_at_end(spin)
    count = b.phi(_I32)
    count.add_incoming(zero, spin_start)
    left = b.icmp_signed("!=", p.get(b, p.pending), zero)
    patient = b.icmp_signed("<", count, ir.Constant(_I32, SPIN_ITERATIONS))
    b.cbranch(b.and_(left, patient), spin_body, relock)
    b.position_at_end(spin_body)
    p.pause(b)
    count.add_incoming(b.add(count, one), spin_body)
    b.branch(spin)
    b.position_at_end(relock)
    b.call(p.lock, [p.mutex])
    b.branch(waiting)
    b.position_at_end(waiting)
    sleep = fn.append_basic_block("sleep")
    b.cbranch(b.icmp_signed("!=", p.get(b, p.pending), zero), sleep, finish)
    b.position_at_end(sleep)
    b.call(p.wait, [p.done, p.mutex])
    b.branch(waiting)
    b.position_at_end(finish)
    b.call(p.unlock, [p.mutex])
    p.put(b, p.busy, zero, "release")
    b.ret_void()
    # Serial: every part on the caller, in order.
    b.position_at_end(serial)
    index = b.alloca(_I32)
    b.store(zero, index)
    b.branch(serial_loop)
    b.position_at_end(serial_loop)
    i = b.load(index, typ=_I32)
    after = fn.append_basic_block("serial_done")
    b.cbranch(b.icmp_signed("<", i, parts), serial_body, after)
    b.position_at_end(serial_body)
    b.call(_callable(task), [arg, i])
    b.store(b.add(i, one), index)
    b.branch(serial_loop)
    b.position_at_end(after)
    b.ret_void()
    return fn


def _shutdown(p: _Pool, entry: str) -> ir.Function:
    fn = ir.Function(p.out, ir.FunctionType(ir.VoidType(), []), name=shutdown_symbol(entry))
    start, stop, loop, body, done = (
        fn.append_basic_block(n) for n in ("entry", "stop", "loop", "body", "done")
    )
    b = ir.IRBuilder(start)
    running = b.icmp_signed("==", p.get(b, p.pid), b.call(p.getpid, []))
    b.cbranch(running, stop, done)
    b.position_at_end(stop)
    b.call(p.lock, [p.mutex])
    p.put(b, p.quit, ir.Constant(_I32, 1))
    b.call(p.broadcast, [p.work])
    b.call(p.unlock, [p.mutex])
    index = b.alloca(_I32)
    b.store(ir.Constant(_I32, 0), index)
    b.branch(loop)
    b.position_at_end(loop)
    i = b.load(index, typ=_I32)
    b.cbranch(b.icmp_signed("<", i, p.get(b, p.workers)), body, done)
    b.position_at_end(body)
    slot = b.gep(p.threads, [ir.Constant(_I32, 0), i], source_etype=p.threads.value_type)
    b.call(p.join, [b.load(slot, typ=_I64), ir.Constant(_PTR, None)])
    b.store(b.add(i, ir.Constant(_I32, 1)), index)
    b.branch(loop)
    b.position_at_end(done)
    p.put(b, p.workers, ir.Constant(_I32, 0))
    p.put(b, p.pid, ir.Constant(_I32, 0))
    b.ret_void()
    return fn


def pool_run(out: ir.Module, entry: str) -> ir.Function:
    """`__strata_pool_run` of module `out`, emitting the pool (and its shutdown function, named
    after the module's `entry`) on first use."""
    existing = out.globals.get(RUN)
    if isinstance(existing, ir.Function):
        return existing
    p = _Pool(out)
    run = _run(p, _start(p, _worker(p)))
    _shutdown(p, entry)
    return run
