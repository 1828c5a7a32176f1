"""Writes loop-index-out-of-range.pbtxt (needs TensorFlow; the output is committed): a while loop
over t < n reading x[:, t] of x: [3, 4], frozen (TF1 loop frames). TensorFlow fails a call with
n > 4 ("slice index 4 of dimension 1 out of bounds"); test_dynamic_slices checks Strata does."""

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


graph = convert_variables_to_constants_v2(columns_summed.get_concrete_function()).graph
out = Path(__file__).with_name("loop-index-out-of-range.pbtxt")
out.write_text(text_format.MessageToString(graph.as_graph_def()))
