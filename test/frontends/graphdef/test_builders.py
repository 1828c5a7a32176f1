"""The importer's builders: every tf op's attributes are read by one."""

from strata.dialects import tf
from strata.frontends.graphdef.builders import BUILDERS


def test_every_op_with_attributes_has_a_builder() -> None:
    """A node without a builder of its own is built from its inputs alone (the importer's
    positional builder), so its attributes would be dropped and the op's defaults used: every
    tf op with properties must have a builder that reads them (tf.Svd's compute_uv and
    full_matrices were once ignored this way)."""
    dropped = sorted(
        name
        for name, cls in tf.OPS_BY_TF_NAME.items()
        if name not in BUILDERS and cls.get_irdl_definition().properties  # type: ignore[attr-defined]
    )
    assert not dropped, f"tf ops whose attributes no builder reads: {dropped}"
