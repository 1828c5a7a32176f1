"""The `hlo` dialect: StableHLO's op set and semantics, spelled `hlo.` instead of `stablehlo.`.

One module per op family; each lists its ops in `OPS` and attributes in `ATTRIBUTES`. Names are
re-exported here, so code writes `hlo.AddOp` whatever module defines it.
"""

from xdsl.ir import Dialect

from strata.dialects.hlo import (
    bits,
    complex_ops,
    control_flow,
    core,
    gather,
    linear_algebra,
    nn,
    normalization,
    shape,
    sorting,
    windows,
)
from strata.dialects.hlo.bits import *  # noqa: F403
from strata.dialects.hlo.complex_ops import *  # noqa: F403
from strata.dialects.hlo.control_flow import *  # noqa: F403
from strata.dialects.hlo.core import *  # noqa: F403
from strata.dialects.hlo.gather import *  # noqa: F403
from strata.dialects.hlo.linear_algebra import *  # noqa: F403
from strata.dialects.hlo.nn import *  # noqa: F403
from strata.dialects.hlo.normalization import *  # noqa: F403
from strata.dialects.hlo.shape import *  # noqa: F403
from strata.dialects.hlo.sorting import *  # noqa: F403
from strata.dialects.hlo.windows import *  # noqa: F403

_FAMILIES = (
    core,
    shape,
    nn,
    gather,
    linear_algebra,
    normalization,
    sorting,
    windows,
    bits,
    complex_ops,
    control_flow,
)

HLO = Dialect(
    "hlo",
    [op for family in _FAMILIES for op in family.OPS],
    [attr for family in _FAMILIES for attr in family.ATTRIBUTES],
)
