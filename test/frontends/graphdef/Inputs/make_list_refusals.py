"""Writes list-ragged-element.pbtxt, list-written-at-size.pbtxt and list-size-read.pbtxt (needs
TensorFlow; the outputs are committed), functional control flow kept (lower_control_flow=False):
- a TensorArray(infer_shape=False) whose element 0 is a tf.cond on the data of 1 or 2 rows of x
  and element 1 x[2:], concatenated: the rows of element 0 are known only at run time;
- a loop until a value passes a limit writing a TensorArray of dynamic size at ta.size(), not
  at a counter;
- a 5-trip loop writing x * ta.size() at i to a TensorArray of dynamic size: rows x * i.
list-refusals.test checks Strata refuses the first two, naming why, and unrolls the third (a
loop that reads the size of a list it grows is not kept); test_growing_values runs it."""

from pathlib import Path

import tensorflow as tf
from google.protobuf import text_format
from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2


@tf.function(input_signature=[tf.TensorSpec([4, 5], tf.float32, name="x")])
def ragged(x: tf.Tensor) -> tf.Tensor:
    ta = tf.TensorArray(tf.float32, size=2, infer_shape=False)
    ta = ta.write(0, tf.cond(x[0, 0] > 0, lambda: x[:1], lambda: x[:2]))
    ta = ta.write(1, x[2:])
    return ta.concat()


@tf.function(input_signature=[tf.TensorSpec([3, 5], tf.float32, name="x")])
def at_size(x: tf.Tensor) -> tf.Tensor:
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True, element_shape=[5])

    def body(y: tf.Tensor, ta: tf.TensorArray) -> tuple[tf.Tensor, tf.TensorArray]:
        y = y * 1.01 + 0.01
        return y, ta.write(ta.size(), tf.reduce_max(y, 0))

    _, ta = tf.while_loop(lambda y, ta: tf.reduce_max(y) < 5.0, body, (tf.abs(x) * 0.1, ta))
    return ta.stack()


@tf.function(input_signature=[tf.TensorSpec([3], tf.float32, name="x")])
def size_read(x: tf.Tensor) -> tf.Tensor:
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True, element_shape=[3])

    def body(i: tf.Tensor, ta: tf.TensorArray) -> tuple[tf.Tensor, tf.TensorArray]:
        return i + 1, ta.write(i, x * tf.cast(ta.size(), tf.float32))

    _, ta = tf.while_loop(lambda i, ta: i < 5, body, (0, ta))
    return ta.stack()


here = Path(__file__).parent
graphs = (
    ("list-ragged-element", ragged),
    ("list-written-at-size", at_size),
    ("list-size-read", size_read),
)
for name, fn in graphs:
    frozen = convert_variables_to_constants_v2(fn.get_concrete_function(), lower_control_flow=False)
    text = text_format.MessageToString(frozen.graph.as_graph_def())
    (here / f"{name}.pbtxt").write_text(text)
