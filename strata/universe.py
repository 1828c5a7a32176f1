"""Plugs Strata's dialects and passes into `xdsl-opt` through the `xdsl.universe` entry point.

Passes whose names xDSL already registers are left out here, so the two never clash; Strata's own
tools use Strata's versions.
"""

from xdsl.transforms import get_all_passes
from xdsl.universe import Universe

from strata.registry import OWN_DIALECTS, OWN_PASSES

_XDSL_PASS_NAMES = set(get_all_passes())

STRATA_UNIVERSE = Universe(
    all_dialects=dict(OWN_DIALECTS),
    all_passes={k: v for k, v in OWN_PASSES.items() if k not in _XDSL_PASS_NAMES},
)
