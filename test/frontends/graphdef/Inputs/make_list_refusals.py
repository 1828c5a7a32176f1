"""Writes list-ragged-element.pbtxt and list-written-at-size.pbtxt (needs TensorFlow; the outputs
are committed), functional control flow kept (lower_control_flow=False):
- a TensorArray(infer_shape=False) whose element 0 is a tf.cond on the data of 1 or 2 rows of x
  and element 1 x[2:], concatenated: the rows of element 0 are known only at run time;
- a loop until a value passes a limit writing a TensorArray of dynamic size at ta.size(), not
  at a counter. list-refusals.test checks Strata refuses both, naming why."""

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


here = Path(__file__).parent
for name, fn in (("list-ragged-element", ragged), ("list-written-at-size", at_size)):
    frozen = convert_variables_to_constants_v2(fn.get_concrete_function(), lower_control_flow=False)
    text = text_format.MessageToString(frozen.graph.as_graph_def())
    (here / f"{name}.pbtxt").write_text(text)
