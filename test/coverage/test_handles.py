"""Every tf -> hlo pattern says which tf ops it lowers (`handles`), and every tf op with a
lowering is declared by one, so the coverage report's static column is exact."""

from strata.coverage_report import handled_by, hlo_lowered_ops
from strata.dialects import tf
from strata.lowering.tf_to_hlo.convert_tf_to_hlo import FAMILIES

# tf ops the importer or canonicalisation removes before convert-tf-to-hlo ever sees them.
NOT_LOWERED = {"NoOp"}


def test_every_pattern_declares_handles() -> None:
    missing = [type(p).__name__ for f in FAMILIES for p in f.PATTERNS if not hasattr(p, "handles")]
    assert not missing, f"patterns without `handles`: {missing}"


def test_every_tf_op_is_handled() -> None:
    lowered = hlo_lowered_ops()
    unhandled = sorted(
        name
        for name, cls in tf.OPS_BY_TF_NAME.items()
        if name not in NOT_LOWERED and handled_by(cls, lowered) is None
    )
    assert not unhandled, f"tf ops no pattern declares in `handles`: {unhandled}"
