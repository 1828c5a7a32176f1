"""Writes loop-index-out-of-range.pbtxt and list-read-out-of-range.pbtxt (needs TensorFlow; the
outputs are committed): while loops over t < n reading x[:, t] of x: [3, 4], and element t of a
TensorArray unstacked from x: [4, 3], frozen (TF1 loop frames). TensorFlow fails a call with
n > 4 ("slice index 4 of dimension 1 out of bounds", "Tried to read from index 4 but array size
is: 4"); test_dynamic_slices checks Strata does."""

from pathlib import Path

import tensorflow as tf
from google.protobuf import text_format
from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2


@tf.function(
    input_signature=[
        tf.TensorSpec([3, 4], tf.float32, name="x"),
        tf.TensorSpec([], tf.int32, name="n"),
    ]
)
def columns_summed(x: tf.Tensor, n: tf.Tensor) -> tf.Tensor:
    t = tf.constant(0)
    acc = tf.zeros([3])
    while t < n:
        acc += x[:, t]
        t += 1
    return acc


@tf.function(
    input_signature=[
        tf.TensorSpec([4, 3], tf.float32, name="x"),
        tf.TensorSpec([], tf.int32, name="n"),
    ]
)
def rows_summed(x: tf.Tensor, n: tf.Tensor) -> tf.Tensor:
    rows = tf.TensorArray(tf.float32, size=4).unstack(x)
    t = tf.constant(0)
    acc = tf.zeros([3])
    while t < n:
        acc += rows.read(t)
        t += 1
    return acc


for fn, name in ((columns_summed, "loop-index"), (rows_summed, "list-read")):
    graph = convert_variables_to_constants_v2(fn.get_concrete_function()).graph
    out = Path(__file__).with_name(f"{name}-out-of-range.pbtxt")
    out.write_text(text_format.MessageToString(graph.as_graph_def()))
