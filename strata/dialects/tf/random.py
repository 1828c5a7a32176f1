"""TensorFlow's stateless random ops (tf.random.stateless_uniform, stateless_normal and their
integer form): numbers that are a function of a seed alone, so a compiled model gives the same
values as TensorFlow. The V2 ops take a Philox key and counter, which
StatelessRandomGetKeyCounter derives from the seed; the V1 ops take the seed itself. Key and
counter are TensorFlow's uint64 tensors, held here as i64 of the same bits."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import I64, IntegerAttr, IntegerType, TensorType, f32, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import irdl_op_definition, operand_def, prop_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from strata.dialects.tensor_types import is_float
from strata.dialects.tf.core import TfOp
from strata.dialects.tf.shape import constant_ints
from strata.dialects.verify_helpers import expect_tensor
from strata.internal import expect

PHILOX_ALGORITHMS = (1, 3)
"""The `alg` values that mean Philox on a CPU: 1 (RNG_ALG_PHILOX) and 3 (RNG_ALG_AUTO_SELECT)."""


def _seed(value: SSAValue) -> None:
    t = expect_tensor(value, "seed")
    if t.element_type not in (i32, i64) or t.get_shape() != (2,):
        raise VerifyException(f"seed must be a tensor<2xi32> or tensor<2xi64>, found {t}")


@irdl_op_definition
class StatelessRandomGetKeyCounterOp(TfOp):
    """The Philox key and counter that the V2 stateless random ops take, scrambled from a seed
    of two integers (uint64 bits as i64).
    `%k, %c = "tf.StatelessRandomGetKeyCounter"(%seed) : (tensor<2xi64>) -> (tensor<1xi64>,
    tensor<2xi64>)`"""

    name = "tf.StatelessRandomGetKeyCounter"
    seed = operand_def(TensorType)
    key = result_def(TensorType)
    counter = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, seed: SSAValue):
        super().__init__(operands=[seed], result_types=self._infer(seed))

    @staticmethod
    def _infer(seed: SSAValue) -> list[Attribute]:
        _seed(seed)
        return [TensorType(i64, [1]), TensorType(i64, [2])]

    def infer_result_types(self) -> Sequence[Attribute]:
        return self._infer(self.seed)


class StatelessRandomOp(TfOp):
    """A tensor of the constant `shape` operand's shape filled from a Philox stream: `KIND`
    "uniform" (floats in [0, 1)), "normal" (Box-Muller), "truncated" (normals within (-2, 2))
    or "int" (in [minval, maxval))."""

    shape = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())
    KIND: ClassVar[str] = "uniform"
    SEEDING: ClassVar[str] = "key_counter"
    """Where the stream's key and counter come from: "key_counter" (V2: operands 1 and 2),
    "seed" (V1: scrambled from the seed operand 1), "attrs" (the stateful ops' `seed` and
    `seed2`)."""

    def __init__(self, operands: Sequence[SSAValue], dtype: Attribute):
        super().__init__(operands=list(operands), result_types=[TensorType(dtype, [1])])
        self.results[0]._type = self._infer(dtype)  # pyright: ignore

    def _infer(self, dtype: Attribute) -> TensorType[Attribute]:
        dims = constant_ints(self.shape)
        t = expect_tensor(self.shape, "shape")
        if not isinstance(t.element_type, IntegerType) or t.get_num_dims() != 1 or dims is None:
            raise VerifyException(f"shape must be a constant 1-D integer tensor, found {t}")
        if any(d < 0 for d in dims):
            raise VerifyException(f"shape {dims} has a negative dim")
        want = i32 if self.KIND == "int" else f32
        if dtype != want:
            raise VerifyException(
                f"only {want} outputs are supported (TensorFlow draws other types from the "
                f"stream differently), found {dtype}"
            )
        if self.SEEDING == "key_counter":
            key = expect_tensor(self.operands[1], "key")
            counter = expect_tensor(self.operands[2], "counter")
            if key != TensorType(i64, [1]) or counter != TensorType(i64, [2]):
                raise VerifyException(
                    f"key and counter must be tensor<1xi64> and tensor<2xi64> (uint64 bits), "
                    f"found {key} and {counter}"
                )
            alg = constant_ints(self.operands[3])
            if alg is None or len(alg) != 1 or alg[0] not in PHILOX_ALGORITHMS:
                raise VerifyException(
                    f"alg must be a constant Philox (1) or auto-select (3), found "
                    f"{alg if alg is not None else 'a value known only at run time'}"
                )
        elif self.SEEDING == "seed":
            _seed(self.operands[1])
        if self.KIND == "int":
            for what, bound in zip(("minval", "maxval"), self.operands[-2:], strict=True):
                if expect_tensor(bound, what) != TensorType(i32, []):
                    raise VerifyException(f"{what} must be a tensor<i32>, found {bound.type}")
        return TensorType(dtype, dims)

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(expect_tensor(self.output, "output").element_type)]

    def key_counter(self) -> tuple[SSAValue, SSAValue] | None:
        """(key, counter) of a V2 op; None for the others."""
        return (self.operands[1], self.operands[2]) if self.SEEDING == "key_counter" else None

    def bounds(self) -> tuple[SSAValue, SSAValue]:
        """(minval, maxval) of an "int" op."""
        return self.operands[-2], self.operands[-1]


@irdl_op_definition
class StatelessRandomUniformV2Op(StatelessRandomOp):
    """Floats in [0, 1): the low 23 bits of each 32-bit Philox output as a mantissa of [1, 2),
    minus 1. `%y = "tf.StatelessRandomUniformV2"(%shape, %key, %counter, %alg) : (tensor<1xi32>,
    tensor<1xi64>, tensor<2xi64>, tensor<i32>) -> tensor<10xf32>`"""

    name = "tf.StatelessRandomUniformV2"
    shape = operand_def(TensorType)  # first: IRDL puts a class's own fields first
    key = operand_def(TensorType)
    counter = operand_def(TensorType)
    alg = operand_def(TensorType)


@irdl_op_definition
class StatelessRandomNormalV2Op(StatelessRandomOp):
    """Standard normal floats: Box-Muller on pairs of uniforms u1 (at least 1e-7), u2:
    sqrt(-2 log u1) times sin(2 pi u2), then times cos(2 pi u2).
    `%y = "tf.StatelessRandomNormalV2"(%shape, %key, %counter, %alg) : (...) -> tensor<6xf32>`"""

    name = "tf.StatelessRandomNormalV2"
    shape = operand_def(TensorType)
    key = operand_def(TensorType)
    counter = operand_def(TensorType)
    alg = operand_def(TensorType)
    KIND: ClassVar[str] = "normal"


@irdl_op_definition
class StatelessRandomUniformIntV2Op(StatelessRandomOp):
    """int32 in [minval, maxval): minval + (each 32-bit output mod (maxval - minval)).
    `%y = "tf.StatelessRandomUniformIntV2"(%shape, %key, %counter, %alg, %lo, %hi) : (...) ->
    tensor<5xi32>`"""

    name = "tf.StatelessRandomUniformIntV2"
    shape = operand_def(TensorType)
    key = operand_def(TensorType)
    counter = operand_def(TensorType)
    alg = operand_def(TensorType)
    minval = operand_def(TensorType)
    maxval = operand_def(TensorType)
    KIND: ClassVar[str] = "int"


@irdl_op_definition
class StatelessRandomUniformOp(StatelessRandomOp):
    """StatelessRandomUniformV2 with its key and counter from `seed` (tf.compat.v1's ops).
    `%y = "tf.StatelessRandomUniform"(%shape, %seed) : (tensor<1xi32>, tensor<2xi64>) ->
    tensor<10xf32>`"""

    name = "tf.StatelessRandomUniform"
    shape = operand_def(TensorType)
    seed = operand_def(TensorType)
    SEEDING: ClassVar[str] = "seed"


@irdl_op_definition
class StatelessRandomNormalOp(StatelessRandomOp):
    """StatelessRandomNormalV2 with its key and counter from `seed`."""

    name = "tf.StatelessRandomNormal"
    shape = operand_def(TensorType)
    seed = operand_def(TensorType)
    KIND: ClassVar[str] = "normal"
    SEEDING: ClassVar[str] = "seed"


@irdl_op_definition
class StatelessRandomUniformIntOp(StatelessRandomOp):
    """StatelessRandomUniformIntV2 with its key and counter from `seed`."""

    name = "tf.StatelessRandomUniformInt"
    shape = operand_def(TensorType)
    seed = operand_def(TensorType)
    minval = operand_def(TensorType)
    maxval = operand_def(TensorType)
    KIND: ClassVar[str] = "int"
    SEEDING: ClassVar[str] = "seed"


class StatefulRandomOp(StatelessRandomOp):
    """tf.random's seeded ops (RandomUniform, RandomStandardNormal, RandomUniformInt: dropout,
    noise, initialisers): TensorFlow's stream for key `seed` and counter (0, `seed2`), which is
    what TensorFlow's first run of the op gives. A compiled function has no state, so every call
    gives those numbers; TensorFlow moves its generator on each run (and with `seed` = `seed2`
    = 0 draws new seeds: here the stream of 0). A dropout whose keep_prob is 1 (TF1 models'
    default) does not depend on the numbers."""

    SEEDING: ClassVar[str] = "attrs"

    def __init__(
        self, operands: Sequence[SSAValue], dtype: Attribute, seed: int = 0, seed2: int = 0
    ):
        super().__init__(operands, dtype)
        self.properties["seed"] = IntegerAttr(_signed64(seed), i64)
        self.properties["seed2"] = IntegerAttr(_signed64(seed2), i64)

    def seeds(self) -> tuple[int, int]:
        """(seed, seed2) as the unsigned 64-bit numbers TensorFlow uses."""
        seed, seed2 = (
            expect(self.properties[name], IntegerAttr).value.data for name in ("seed", "seed2")
        )
        return seed & ((1 << 64) - 1), seed2 & ((1 << 64) - 1)


def _signed64(value: int) -> int:
    value &= (1 << 64) - 1
    return value - (1 << 64) if value >= 1 << 63 else value


@irdl_op_definition
class RandomUniformOp(StatefulRandomOp):
    """Floats in [0, 1) as StatelessRandomUniformV2 draws them, from the seeds (see
    StatefulRandomOp). `%y = "tf.RandomUniform"(%shape) <{seed = 7 : i64, seed2 = 3 : i64}> :
    (tensor<2xi32>) -> tensor<2x3xf32>`"""

    name = "tf.RandomUniform"
    shape = operand_def(TensorType)
    seed = prop_def(IntegerAttr[I64], default_value=IntegerAttr(0, i64))
    seed2 = prop_def(IntegerAttr[I64], default_value=IntegerAttr(0, i64))


@irdl_op_definition
class RandomStandardNormalOp(StatefulRandomOp):
    """Normals as StatelessRandomNormalV2 draws them, from the seeds (see StatefulRandomOp)."""

    name = "tf.RandomStandardNormal"
    shape = operand_def(TensorType)
    seed = prop_def(IntegerAttr[I64], default_value=IntegerAttr(0, i64))
    seed2 = prop_def(IntegerAttr[I64], default_value=IntegerAttr(0, i64))
    KIND: ClassVar[str] = "normal"


@irdl_op_definition
class RandomUniformIntOp(StatefulRandomOp):
    """int32 in [minval, maxval) as StatelessRandomUniformIntV2 draws them, from the seeds."""

    name = "tf.RandomUniformInt"
    shape = operand_def(TensorType)
    minval = operand_def(TensorType)
    maxval = operand_def(TensorType)
    seed = prop_def(IntegerAttr[I64], default_value=IntegerAttr(0, i64))
    seed2 = prop_def(IntegerAttr[I64], default_value=IntegerAttr(0, i64))
    KIND: ClassVar[str] = "int"


@irdl_op_definition
class StatelessTruncatedNormalV2Op(StatelessRandomOp):
    """Normals within (-2, 2), as TensorFlow draws them: each group of 4 outputs from its own
    point of the stream (the counter moved on by 256 per group), Box-Muller pairs in order, a
    normal kept where |f| < 2 until 4 are. Strata looks at a group's first 32 candidates:
    fewer than 4 of them kept (probability below 1e-35) gives NaN where TensorFlow would draw on.
    `%y = "tf.StatelessTruncatedNormalV2"(%shape, %key, %counter, %alg) : (...) ->
    tensor<6xf32>`"""

    name = "tf.StatelessTruncatedNormalV2"
    shape = operand_def(TensorType)
    key = operand_def(TensorType)
    counter = operand_def(TensorType)
    alg = operand_def(TensorType)
    KIND: ClassVar[str] = "truncated"


@irdl_op_definition
class StatelessTruncatedNormalOp(StatelessRandomOp):
    """StatelessTruncatedNormalV2 with its key and counter from `seed`."""

    name = "tf.StatelessTruncatedNormal"
    shape = operand_def(TensorType)
    seed = operand_def(TensorType)
    KIND: ClassVar[str] = "truncated"
    SEEDING: ClassVar[str] = "seed"


@irdl_op_definition
class TruncatedNormalOp(StatefulRandomOp):
    """StatelessTruncatedNormalV2's draw from the seeds (see StatefulRandomOp): initialisers."""

    name = "tf.TruncatedNormal"
    shape = operand_def(TensorType)
    seed = prop_def(IntegerAttr[I64], default_value=IntegerAttr(0, i64))
    seed2 = prop_def(IntegerAttr[I64], default_value=IntegerAttr(0, i64))
    KIND: ClassVar[str] = "truncated"


@irdl_op_definition
class StatelessMultinomialOp(TfOp):
    """`num_samples` class indices per row of `logits` [batch, classes], each drawn with
    probability softmax(row) (tf.random.stateless_categorical): per sample a double in [0, 1)
    from two words of the seed's Philox stream, times the row's unnormalised total, looked up in
    the row's running sum of exp(logit - max) (finite logits only) in double. Rows draw one after
    another from the stream, as TensorFlow's kernel does on one thread (TensorFlow splits a large
    batch across its threads, each part from its own point of the stream).
    `%y = "tf.StatelessMultinomial"(%logits, %n, %seed) : (tensor<1x5xf32>, tensor<i32>,
    tensor<2xi64>) -> tensor<1x3xi64>`"""

    name = "tf.StatelessMultinomial"
    logits = operand_def(TensorType)
    num_samples = operand_def(TensorType)
    seed = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, logits: SSAValue, num_samples: SSAValue, seed: SSAValue, dtype: Attribute):
        super().__init__(
            operands=[logits, num_samples, seed], result_types=[TensorType(dtype, [1, 1])]
        )
        self.results[0]._type = self._infer(dtype)  # pyright: ignore

    def _infer(self, dtype: Attribute) -> TensorType[Attribute]:
        logits = expect_tensor(self.logits, "logits")
        if logits.get_num_dims() != 2 or not is_float(logits.element_type):
            raise VerifyException(f"logits must be a 2-D float tensor, found {logits}")
        count = constant_ints(self.num_samples)
        if count is None or len(count) != 1 or count[0] < 0:
            raise VerifyException(
                f"num_samples must be a constant count, found "
                f"{count if count is not None else 'a value known only at run time'}"
            )
        _seed(self.seed)
        if dtype not in (i32, i64):
            raise VerifyException(f"output_dtype must be int32 or int64, found {dtype}")
        return TensorType(dtype, [logits.get_shape()[0], count[0]])

    def infer_result_types(self) -> Sequence[Attribute]:
        return [self._infer(expect_tensor(self.output, "output").element_type)]

    def samples(self) -> int:
        return expect_tensor(self.output, "output").get_shape()[1]


OPS: list[type[Operation]] = [
    StatelessRandomGetKeyCounterOp,
    StatelessRandomUniformV2Op,
    StatelessRandomNormalV2Op,
    StatelessRandomUniformIntV2Op,
    StatelessRandomUniformOp,
    StatelessRandomNormalOp,
    StatelessRandomUniformIntOp,
    RandomUniformOp,
    RandomStandardNormalOp,
    RandomUniformIntOp,
    StatelessMultinomialOp,
    StatelessTruncatedNormalV2Op,
    StatelessTruncatedNormalOp,
    TruncatedNormalOp,
]
