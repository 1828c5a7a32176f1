"""tf.ShapeN at import: folded to one constant per input's static shape."""

from __future__ import annotations

import numpy as np

import strata
from strata.frontends.graphdef.schema import GraphDef

DT_FLOAT = 1


def test_shape_n_of_an_identity_n_folds_at_import() -> None:
    """tf.image.ssim's form: ShapeN of IdentityN's outputs, the shapes read by a Reshape. The
    importer folds ShapeN to constants and drops the op it built; before, that op stayed a user
    of IdentityN's results and tf-fold-constants met it outside any block (a ValueError)."""
    graph = GraphDef()
    x = graph.node.add(name="x", op="Placeholder")
    x.attr["dtype"].type = DT_FLOAT
    for d in (2, 3):
        x.attr["shape"].shape.dim.add().size = d
    ident = graph.node.add(name="id", op="IdentityN", input=["x", "x"])
    ident.attr["T"].list.type.extend([DT_FLOAT, DT_FLOAT])
    shapes = graph.node.add(name="shapes", op="ShapeN", input=["id", "id:1"])
    shapes.attr["N"].i = 2
    shapes.attr["T"].type = DT_FLOAT
    flat = graph.node.add(name="flat", op="Reshape", input=["id:1", "shapes:1"])
    flat.attr["T"].type = DT_FLOAT
    flat.attr["Tshape"].type = 3  # DT_INT32
    model = strata.compile(graph, outputs=["flat"], cache=False)
    x_value = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(model(x=x_value), x_value)
